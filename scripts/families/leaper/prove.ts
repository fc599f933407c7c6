/**
 * deno task prove: prove a leaper table cell's claim maximal by exhaustive
 * free-squares enumeration (solvers/proof), sharded, resumable, with
 * certificates that can be checked without rerunning the search.
 *
 *   prove <cell>                     whole space (shard 0/1), then merge
 *   prove <cell> --shard i/N         one shard: data/leaper/proofs/<cell>/shard-<i>-of-<N>.json
 *   prove <cell> --shard-from-env VAR/N   the shard index from environment variable VAR (job arrays)
 *   prove <cell> --merge [--shards N]     merge the shard certificates into certificate.json
 *   prove <cell> --workers W [--shards M] M shards (default 4W), W at a time in workers, then merge
 *   prove <cell> --budget 9m         stop cleanly (checkpoints, exit 130) when the time is up; rerun to continue
 *   prove --estimate <cell> [--strata 200] [--window 200000] [--windows 3] [--seed 1]   T and a stratified projection (CPU time)
 *                                    with its 95% interval and the heaviest strata (--no-prefix: the old sample, --samples 3000)
 *   prove --all-cheap --budget 5m [--max-total 1e7] [--only TEXT] [--workers W]
 *
 * Other options: --checkpoint-seconds S (default 30), --quiet, --force (rerun
 * shards that already have a certificate), --no-symmetry, --no-prefix (decide
 * every position one by one instead of rejecting whole subtrees), --stop-after N
 * (stop after N positions as if interrupted: for tests), --records FILE,
 * --proofs-dir DIR, --no-record-update.
 *
 * Exit codes: 0 proven (or shard done), 1 merge refused (missing shard, hit…),
 * 2 bad request, 130 interrupted (checkpoint written; rerun the same command to
 * continue). A shard file or checkpoint already on disk that this run cannot
 * use (another cell, another prover version, corrupt) stops it with exit 2 and
 * is left in place: nothing written is overwritten unless --force asks to rerun
 * a shard over its certificate.
 */
import { durationOption, intOption, numberOption } from "../../lib/options.ts";
import { existsSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import process from "node:process";
import { z } from "zod";
import { type AtlasRecord, RecordFile } from "../../../solvers/leaper/schema.ts";
import { buildSpace, describeSpace, type ProofSpace, statement } from "../../../solvers/leaper/proof/space.ts";
import { shardRange } from "../../../solvers/proof/sharded.ts";
import { ProofRun, type RunState } from "../../../solvers/leaper/proof/run.ts";
import { PrefixRun } from "../../../solvers/leaper/proof/prefix-run.ts";
import { KernelRun, kernelUnsupported } from "../../../solvers/leaper/proof/kernel-run.ts";
import { seededRandom, type StratifiedEstimate, stratifiedEstimate } from "../../../solvers/leaper/proof/estimate.ts";
import {
  type CellParams,
  cellParams,
  checkCertificate,
  checkShard,
  combineShards,
  HitExampleSchema,
  inheritedProofErrors,
  makeShardCertificate,
  MergedCertificate,
  readShardOf,
  RejectedSchema,
  ShardCertificate,
} from "../../../solvers/leaper/proof/certificate.ts";
import type { ShardedProver, ShardRef } from "../../../solvers/proof/sharded.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../lib/cli.ts";
import { familyPaths, ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import {
  EXIT_INTERRUPTED,
  EXIT_REFUSED,
  formatSeconds,
  IN_PROCESS_TOTAL,
  mergeShardFiles,
  parseProverArgs,
  type ProverRef,
  readListedShards,
  type RunPlace,
  runShard as runOneShard,
  runShardCommand,
  runShards,
  type ShardOptions as SharedShardOptions,
} from "../../lib/sharded-run.ts";

/** Largest space we agree to run (positions). */
export const MAX_TOTAL = 1e15;
export { EXIT_INTERRUPTED, EXIT_REFUSED, IN_PROCESS_TOTAL };

export interface ProveEnv {
  proofsDir: string;
  recordsPath: string;
  /** Write progress lines on stderr. */
  quiet: boolean;
  /** Skip images under the start's stabilizer. */
  symmetry: boolean;
  /** Update the record's established.maximality after a successful merge. */
  updateRecords: boolean;
  codeVersion: string;
  /** Reject whole subtrees of the enumeration (prefix-run.ts; default true); false: position by position (run.ts). */
  prefix?: boolean;
}

export function defaultEnv(over: Partial<ProveEnv> = {}): ProveEnv {
  return {
    proofsDir: familyPaths("leaper").proofs,
    recordsPath: familyPaths("leaper").records,
    quiet: false,
    symmetry: true,
    updateRecords: true,
    codeVersion: over.codeVersion ?? codeVersion(),
    ...over,
  };
}

// ---------------------------------------------------------------------------
// Cells

export interface Cell {
  record: AtlasRecord;
  params: CellParams;
  space: ProofSpace;
}

function readRecordFile(path: string): RecordFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new CliError(`cannot read records file ${path}: ${errorMessage(e)}`);
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`${path} does not match the record schema: ${errorMessage(parsed.error)}`);
  return parsed.data;
}

/** Table cells whose claims have maximality proofs. */
export function provableCells(recordsPath: string): AtlasRecord[] {
  return readRecordFile(recordsPath).records.filter((r) => r.tableCell && typeof cellParams(r) !== "string");
}

export function loadCell(env: ProveEnv, id: string, limit = MAX_TOTAL): Cell {
  const record = readRecordFile(env.recordsPath).records.find((r) => r.id === id);
  if (!record) {
    throw new CliError(`unknown cell ${id}: no record with that id in ${env.recordsPath} (ids look like leaper-1-2-dual-free-6x6)`);
  }
  if (!record.tableCell) throw new CliError(`${id} is not a table cell (it belongs to ${record.cell})`);
  const params = cellParams(record);
  if (typeof params === "string") throw new CliError(params);
  const space = buildSpace(params.kind, params.leap, params.board, params.claimed);
  if (space.totalBig > BigInt(limit)) {
    throw new CliError(
      `${id}: the space has ${space.totalBig} positions, above the limit of ${limit.toExponential()}: not run (use --estimate to see how long it would take)`,
    );
  }
  return { record, params, space };
}

export function cellDir(env: ProveEnv, cell: string): string {
  return join(env.proofsDir, cell);
}

// ---------------------------------------------------------------------------
// The leaper prover on the shared mechanism (scripts/lib/sharded-run.ts)

export { formatSeconds, parseShard, shardFromEnv } from "../../lib/sharded-run.ts";

/**
 * The run over [lo, hi): whole subtrees at once (prefix) or position by position; both count every index once.
 * The knight 8x8 dual-free cell's prefix run goes on the WebAssembly core (kernel-run.ts: the same counts,
 * tests/leaper/freesquares_kernel_test.ts).
 */
export function newRun(
  space: ProofSpace,
  lo: number,
  hi: number,
  resume: RunState | undefined,
  symmetry: boolean,
  prefix: boolean,
): ProofRun {
  if (prefix && onKernel(space)) return new KernelRun(space, lo, hi, resume, { symmetry });
  return prefix ? new PrefixRun(space, lo, hi, resume, { symmetry }) : new ProofRun(space, lo, hi, resume, { symmetry });
}

/** The cells whose proof runs on the WebAssembly core: knight [1,2] 8x8 dual-free. */
function onKernel(space: ProofSpace): boolean {
  const [a, b] = space.leap;
  const square8 = space.board.dims.length === 2 && space.board.dims[0] === 8 && space.board.dims[1] === 8;
  return space.kind === "dual-free" && a === 1 && b === 2 && square8 && kernelUnsupported(space) === null;
}

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  cell: string;
  kind: string;
  leap: [number, number];
  board: number[];
  claimed: number;
  symmetry: boolean;
  codeVersion: string;
  shard: { index: number; count: number };
  range: [number, number];
  total: number;
  state: RunState;
  cpuSeconds: number;
  startedAt: string;
  savedAt: string;
}

const CHECKPOINT_FORMAT = "chessboard-atlas-proof-checkpoint/1";
const Int = z.number().int().nonnegative();
/** What a checkpoint file must hold before a run resumes from it. */
const CheckpointFile = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  cell: z.string(),
  kind: z.string(),
  leap: z.tuple([Int, Int]),
  board: z.array(Int),
  claimed: Int,
  symmetry: z.boolean(),
  codeVersion: z.string(),
  shard: z.object({ index: Int, count: Int }),
  range: z.tuple([Int, Int]),
  total: Int,
  state: z.object({
    next: Int,
    counts: z.object({
      positions: Int,
      skippedBySymmetry: Int,
      rejected: RejectedSchema,
      searched: Int,
      nodes: Int,
      hits: Int,
      hitExamples: z.array(HitExampleSchema),
    }),
  }),
  cpuSeconds: z.number().nonnegative(),
  startedAt: z.string(),
  savedAt: z.string(),
});

/** The counts of a checkpoint must account for exactly the positions before its next index. */
function countsError(cp: Checkpoint): string | null {
  const c = cp.state.counts;
  if (c.positions + c.skippedBySymmetry !== cp.state.next - cp.range[0]) {
    return `positions ${c.positions} + skipped ${c.skippedBySymmetry} != ${cp.state.next - cp.range[0]} positions done`;
  }
  const rejected = Object.values(c.rejected).reduce((a, b) => a + b, 0);
  if (rejected + c.searched !== c.positions) return "rejected + searched != positions";
  return null;
}

function describeCheckpoint(json: unknown): string {
  const c = json as Partial<Checkpoint> | null;
  if (c?.format !== CHECKPOINT_FORMAT) return `format ${JSON.stringify(c?.format ?? null)}`;
  return `it is for ${c.cell}, claim ${c.claimed}, shard ${c.shard?.index} of ${c.shard?.count}, range [${c.range}), ` +
    `symmetry ${c.symmetry ? "on" : "off"}, at position ${c.state?.next}`;
}

function sameCheckpoint(
  c: Checkpoint,
  p: CellParams,
  shard: { index: number; count: number },
  range: [number, number],
  total: number,
  symmetry: boolean,
): boolean {
  return c.format === CHECKPOINT_FORMAT && c.cell === p.cell && c.kind === p.kind && c.claimed === p.claimed &&
    c.leap.join() === p.leap.join() && c.board.join() === p.board.join() && c.shard.index === shard.index &&
    c.shard.count === shard.count &&
    c.range[0] === range[0] && c.range[1] === range[1] && c.total === total && c.symmetry === symmetry &&
    c.state.next >= range[0] && c.state.next <= range[1];
}

/**
 * The leaper cell as a ShardedProver: positions of the free-squares space in
 * colex order, split into consecutive ranges; a slice is a ProofRun; shards,
 * merged certificates and checkpoints keep the formats they had before the
 * mechanism was shared, so existing certificates stay valid as they are.
 */
export function leaperProver(
  env: ProveEnv,
  id: string,
): { prover: ShardedProver<RunState, ShardCertificate, MergedCertificate>; place: RunPlace } {
  const { params, space } = loadCell(env, id);
  const prover: ShardedProver<RunState, ShardCertificate, MergedCertificate> = {
    label: id,
    total: space.total,
    contiguous: true,
    rangeOf: (index, count) => shardRange(space.total, index, count),
    open: (range, resume) => newRun(space, range[0], range[1], resume, env.symmetry, env.prefix ?? true),
    finish: (shard, range, state, meta) =>
      makeShardCertificate(params, space, shard, range, state.counts, { ...meta, symmetry: env.symmetry }),
    readShard: (file, json) => {
      const c = readShardOf(params, space, file, json);
      return typeof c === "string" ? c : { shard: c.shard, range: c.range, certificate: c };
    },
    combine: (shards, mergedAt) => combineShards(params, space, shards, mergedAt),
    saveCheckpoint: (c): Checkpoint => ({
      format: CHECKPOINT_FORMAT,
      ...params,
      symmetry: env.symmetry,
      codeVersion: c.codeVersion,
      shard: c.shard,
      range: c.range,
      total: c.total,
      state: c.state,
      cpuSeconds: c.cpuSeconds,
      startedAt: c.startedAt,
      savedAt: new Date().toISOString(),
    }),
    loadCheckpoint: (json, shard, range) => {
      const parsed = CheckpointFile.safeParse(json);
      if (!parsed.success) {
        if ((json as { format?: unknown })?.format === CHECKPOINT_FORMAT) return `is corrupt (${errorMessage(parsed.error)})`;
        return `is not one of this prover's checkpoints (${describeCheckpoint(json)})`;
      }
      const cp = parsed.data as Checkpoint;
      const bad = countsError(cp);
      if (bad) return `is corrupt (${bad})`;
      if (!sameCheckpoint(cp, params, shard, range, space.total, env.symmetry)) {
        return `is not one of shard ${shard.index} of ${shard.count} of ${id} (${describeCheckpoint(cp)})`;
      }
      return { state: cp.state, cpuSeconds: cp.cpuSeconds, startedAt: cp.startedAt, codeVersion: cp.codeVersion };
    },
    failure: (c) => (c.hits > 0 ? `${c.hits} position(s) disprove the claim of ${c.claimed}` : null),
    describe: (c) => `${c.positions + c.skippedBySymmetry} positions, ${c.searched} searched, ${c.hits} hit(s)`,
  };
  return { prover, place: { dir: cellDir(env, id), codeVersion: env.codeVersion, quiet: env.quiet } };
}

/** How a worker rebuilds this cell's prover. */
function proverRef(env: ProveEnv, id: string): ProverRef {
  return { module: import.meta.url, name: "leaperProver", args: [env, id] };
}

export type ShardOptions = SharedShardOptions;

export interface ShardResult {
  status: "done" | "stopped" | "existing";
  certificatePath: string;
  certificate: ShardCertificate | null;
}

/** Run (or continue) one shard of a cell in this thread. */
export async function runShard(env: ProveEnv, id: string, shard: ShardRef, o: ShardOptions = {}): Promise<ShardResult> {
  const { prover, place } = leaperProver(env, id);
  return await runOneShard(prover, place, shard, o);
}

export interface MergeResult {
  ok: boolean;
  errors: string[];
  certificatePath: string;
  certificate: MergedCertificate | null;
}

/** Path stored in the record: relative to the project root, with forward slashes. */
function recordPath(path: string): string {
  return relative(ROOT, path).split(sep).join("/");
}

/** Merge a cell's shard certificates (one split) into certificate.json and mark the record proven. */
export async function mergeCell(env: ProveEnv, id: string, o: { shards?: number } = {}): Promise<MergeResult> {
  const { prover, place } = leaperProver(env, id);
  const r = await mergeShardFiles(prover, place, o);
  if (r.ok && env.updateRecords) markProven(env.recordsPath, id, recordPath(r.certificatePath));
  return r;
}

/**
 * Set the record's established.maximality to proven-here, and that of every
 * further record of the cell whose value is the proven maximum (same kind,
 * piece and board: inheritedProofErrors), validated by the schema, written
 * atomically.
 */
export function markProven(recordsPath: string, id: string, certificate: string): void {
  const file = readRecordFile(recordsPath);
  const r = file.records.find((x) => x.id === id);
  if (!r) throw new CliError(`record ${id} disappeared from ${recordsPath}`);
  r.established = { ...r.established, maximality: { status: "proven-here", certificate } };
  for (const x of file.records) {
    if (x.cell === id && !x.tableCell && inheritedProofErrors(x, r).length === 0) {
      x.established = { ...x.established, maximality: { status: "proven-here", certificate } };
    }
  }
  const text = JSON.stringify(RecordFile.parse(file), null, 1) + "\n";
  writeFileAtomic(recordsPath, text);
}

/**
 * Full check of a merged certificate on disk against its record: the pure
 * checks of checkCertificate, then every shard file listed must exist beside
 * it with the listed SHA-256, be a consistent shard certificate of the same
 * claim, and agree with its entry. Returns the errors (empty = proven).
 */
export function checkCertificateFiles(record: AtlasRecord, certPath: string): Promise<string[]> {
  return Promise.resolve(certificateFileErrors(record, certPath));
}

function certificateFileErrors(record: AtlasRecord, certPath: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(certPath, "utf8"));
  } catch (e) {
    return [`cannot read certificate ${certPath}: ${errorMessage(e)}`];
  }
  const errs = checkCertificate(record, json);
  if (errs.length) return errs;
  const c = MergedCertificate.parse(json);
  const files = readListedShards(join(certPath, ".."), c.shards, (file, json) => {
    const parsed = ShardCertificate.safeParse(json);
    return parsed.success ? parsed.data : `${file} is not a shard certificate`;
  });
  errs.push(...files.errors);
  for (const { value: sc, ...s } of files.shards) {
    errs.push(...checkShard(sc).map((e) => `${s.file}: ${e}`));
    if (
      sc.cell !== c.cell || sc.claimed !== c.claimed || sc.total !== c.total || sc.shard.index !== s.index ||
      sc.shard.count !== c.shardCount
    ) {
      errs.push(`${s.file} is not shard ${s.index} of ${c.shardCount} of this claim`);
    }
    if (
      sc.range[0] !== s.range[0] || sc.range[1] !== s.range[1] || sc.positions !== s.positions ||
      sc.skippedBySymmetry !== s.skippedBySymmetry
    ) {
      errs.push(`${s.file} disagrees with its entry in the certificate`);
    }
    if (sc.hits !== 0) errs.push(`${s.file} has ${sc.hits} hit(s)`);
  }
  return errs;
}

// ---------------------------------------------------------------------------
// Whole cells: one process or workers

export interface ProveCellOptions {
  /** Shards run at the same time, each in its own worker (default 1). */
  workers?: number;
  /** Shards to split the space into (default 1, or 4 per worker when workers > 1). */
  shards?: number;
  /** Run in this thread instead of a worker (small spaces, tests): Ctrl-C then waits for the current chunk. */
  inProcess?: boolean;
  checkpointSeconds?: number;
  stopAfter?: number;
  force?: boolean;
  deadline?: number;
  stop?: { requested: boolean };
}

export interface ProveCellResult {
  status: "proven" | "refused" | "stopped";
  merge: MergeResult | null;
  seconds: number;
}

/** Run every shard of a split (those without a certificate), then merge. */
export async function proveCell(env: ProveEnv, id: string, o: ProveCellOptions = {}): Promise<ProveCellResult> {
  const t0 = performance.now();
  const { prover, place } = leaperProver(env, id);
  const workers = Math.max(1, o.workers ?? 1);
  const count = o.shards ?? (workers > 1 ? workers * 4 : 1);
  const stop = o.stop ?? { requested: false };
  const indices = Array.from({ length: count }, (_, i) => i);
  const label = `prove ${id}` + (count > 1 ? ` (${count} shards${workers > 1 ? `, ${workers} workers` : ""})` : "");
  const r = await runShards(prover, place, proverRef(env, id), indices, count, { ...o, workers, stop }, label);
  if (r === "stopped") return { status: "stopped", merge: null, seconds: (performance.now() - t0) / 1000 };
  const merge = await mergeCell(env, id, { shards: count });
  return { status: merge.ok ? "proven" : "refused", merge, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------------------
// Estimate

export interface Estimate {
  total: number;
  sampled: number;
  passed: number;
  microsPerPosition: number;
  /** 95% interval of the mean time per position (µs), from the spread between batches. */
  interval: [number, number];
  projectedSeconds: number;
  projectedInterval: [number, number];
}

/**
 * Time a random sample: `batches` batches, each of a few runs of consecutive
 * positions starting at uniformly random indices (consecutive, so the
 * incremental stepping of a real run is what gets timed). The mean over
 * batches estimates the time per position; the spread between batch means
 * gives a rough 95% interval (t ≈ 2; heavy-tailed search times make it rough).
 */
export function estimate(space: ProofSpace, samples = 3000, symmetry = true, seed = 1): Estimate {
  const T = space.total;
  if (T === 0) {
    return { total: 0, sampled: 0, passed: 0, microsPerPosition: 0, interval: [0, 0], projectedSeconds: 0, projectedInterval: [0, 0] };
  }
  const run = new ProofRun(space, 0, T, undefined, { symmetry });
  // Small spaces: time the whole run instead of sampling it (with repeats).
  if (T <= Math.max(samples, 20_000)) {
    const t0 = performance.now();
    run.step(T);
    const secs = (performance.now() - t0) / 1000;
    const st = run.state().counts;
    const us = (secs * 1e6) / T;
    return {
      total: T,
      sampled: T,
      passed: st.searched + st.skippedBySymmetry,
      microsPerPosition: us,
      interval: [us, us],
      projectedSeconds: secs,
      projectedInterval: [secs, secs],
    };
  }
  const rand = seededRandom(seed);
  // Warm up the compiler first (untimed): the first thousands of positions run slower.
  const warm0 = performance.now();
  for (let i = 0; i < 100 && performance.now() - warm0 < 300; i++) {
    run.jump(Math.floor(rand() * (T - 50)));
    run.step(50);
  }
  const batches = 30;
  const runsPerBatch = 4;
  const perRun = Math.max(1, Math.floor(samples / (batches * runsPerBatch)));
  const means: number[] = [];
  let sampled = 0;
  for (let b = 0; b < batches; b++) {
    let did = 0;
    let ms = 0;
    for (let r = 0; r < runsPerBatch; r++) {
      const at = Math.min(T - perRun, Math.floor(rand() * T));
      run.jump(Math.max(0, at));
      // The seek (unranking, rebuilding the degrees) is not timed: a real run does it once.
      run.prepare();
      const t0 = performance.now();
      did += run.step(perRun);
      ms += performance.now() - t0;
    }
    const us = (ms * 1000) / Math.max(1, did);
    means.push(us);
    sampled += did;
  }
  const mean = means.reduce((a, b) => a + b, 0) / means.length;
  const sd = Math.sqrt(means.reduce((a, b) => a + (b - mean) ** 2, 0) / (means.length - 1));
  const half = (2 * sd) / Math.sqrt(means.length);
  const st = run.state().counts;
  const interval: [number, number] = [Math.max(0, mean - half), mean + half];
  // Passed = reached the engine or the symmetry skip, over everything stepped (warm-up included).
  sampled = st.positions + st.skippedBySymmetry;
  return {
    total: T,
    sampled,
    passed: st.searched + st.skippedBySymmetry,
    microsPerPosition: mean,
    interval,
    projectedSeconds: (mean * T) / 1e6,
    projectedInterval: [(interval[0] * T) / 1e6, (interval[1] * T) / 1e6],
  };
}

// ---------------------------------------------------------------------------
// CLI

function provenLine(c: MergedCertificate, seconds: number): string {
  return `proven: ${c.cell} ${c.statement} (${c.total} positions, ${c.searched} searched, ${c.nodes} nodes, ${seconds.toFixed(2)} s)`;
}

/** CPU milliseconds of this process (user + system). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function printStratified(e: StratifiedEstimate, workers: number): void {
  console.log(
    `sampled ${e.sampled} positions in ${e.strata} strata (windows of ${e.window}, ${e.windowsPerStratum} per stratum, seed ${e.seed}; ` +
      `${e.cpuSeconds.toFixed(1)} s CPU): ${(100 * e.prunedShare).toFixed(2)}% rejected in whole subtrees, ${e.searched} searched; ` +
      `${(e.microsPerPosition * 1000).toFixed(3)} ns per position`,
  );
  console.log(
    `projected: ${formatSeconds(e.projectedSeconds)} CPU on one core (95% interval ${formatSeconds(e.interval[0])} – ${
      formatSeconds(e.interval[1])
    })` +
      (workers > 1 ? `; ${formatSeconds(e.projectedSeconds / workers)} with ${workers} workers` : ""),
  );
  for (const c of e.heaviest) {
    console.log(`  heaviest: ${c.label} [${c.lo}, ${c.hi}): ${formatSeconds(c.projectedSeconds)} (± ${formatSeconds(1.96 * c.stdError)})`);
  }
}

function printRefused(id: string, errors: string[]): void {
  process.stderr.write(`error: ${id} not proven: ${errors.join("; ")}\n`);
}

async function main(args: string[]): Promise<number> {
  const parsed = parseProverArgs(args, {
    estimate: { type: "boolean" },
    samples: { type: "string" },
    "all-cheap": { type: "boolean" },
    "max-total": { type: "string" },
    only: { type: "string" },
    "no-symmetry": { type: "boolean" },
    "no-record-update": { type: "boolean" },
    records: { type: "string" },
    "proofs-dir": { type: "string" },
    "no-prefix": { type: "boolean" },
    strata: { type: "string" },
    window: { type: "string" },
    windows: { type: "string" },
    seed: { type: "string" },
  });
  const v = parsed.values;
  const positionals = parsed.positionals;
  const workers = intOption("workers", v.workers, { min: 1 });
  const checkpointSeconds = numberOption("checkpoint-seconds", v["checkpoint-seconds"], { min: 0 });
  const env = defaultEnv({
    quiet: v.quiet ?? false,
    symmetry: !v["no-symmetry"],
    prefix: !v["no-prefix"],
    updateRecords: !v["no-record-update"],
    ...(v.records ? { recordsPath: v.records } : {}),
    ...(v["proofs-dir"] ? { proofsDir: v["proofs-dir"] } : {}),
  });

  const stop = { requested: false };
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    stop.requested = true;
  };
  Deno.addSignalListener("SIGINT", onSigint);
  try {
    if (v["all-cheap"]) {
      if (positionals.length) throw new CliError("--all-cheap takes no cell");
      const budgetMs = durationOption("budget", v.budget) ?? 5 * 60e3;
      const maxTotal = numberOption("max-total", v["max-total"], { min: 0 }) ?? 1e7;
      return await allCheap(env, { budgetMs, maxTotal, only: v.only, workers, checkpointSeconds, force: v.force, stop });
    }
    if (positionals.length !== 1) throw new CliError("give exactly one cell id, e.g. prove leaper-1-2-dual-free-6x6 (or --all-cheap)");
    const id = positionals[0];
    if (v.estimate) {
      const record = readRecordFile(env.recordsPath).records.find((r) => r.id === id);
      if (!record) throw new CliError(`unknown cell ${id}: no record with that id in ${env.recordsPath}`);
      const params = cellParams(record);
      if (typeof params === "string") throw new CliError(params);
      const space = buildSpace(params.kind, params.leap, params.board, params.claimed);
      const desc = describeSpace(space).filter((d) => d.men);
      console.log(
        `${id}: ${statement(params.kind, params.claimed)}; T = ${space.totalBig} positions from ${desc.length} start(s)` +
          (desc.length ? `, men ${Math.min(...desc.map((d) => d.men![0]))}..${Math.max(...desc.map((d) => d.men![1]))}` : ""),
      );
      if (!space.indexable) throw new CliError(`T = ${space.totalBig} is too large to index (above 2^53)`);
      const w = workers ?? 1;
      if (env.prefix) {
        const e = stratifiedEstimate(space, {
          strata: intOption("strata", v.strata, { min: 1 }),
          window: intOption("window", v.window, { min: 1 }),
          windows: intOption("windows", v.windows, { min: 2 }),
          seed: intOption("seed", v.seed, { min: 0 }),
          symmetry: env.symmetry,
          // The run's own core: the cells that run on the WebAssembly kernel are projected on it.
          kernel: onKernel(space),
          clock: cpuMs,
        });
        printStratified(e, w);
        return 0;
      }
      const samples = intOption("samples", v.samples, { min: 10 }) ?? 3000;
      const e = estimate(space, samples, env.symmetry);
      console.log(
        `sampled ${e.sampled} positions: ${((100 * e.passed) / Math.max(1, e.sampled)).toFixed(1)}% passed the one-level tests; ` +
          `${e.microsPerPosition.toFixed(2)} µs per position (95% interval ${e.interval[0].toFixed(2)}–${e.interval[1].toFixed(2)})`,
      );
      console.log(
        `projected: ${formatSeconds(e.projectedSeconds)} on one core (${formatSeconds(e.projectedInterval[0])} – ${
          formatSeconds(e.projectedInterval[1])
        })` +
          (w > 1 ? `; ${formatSeconds(e.projectedSeconds / w)} with ${w} workers` : "") +
          (space.total > MAX_TOTAL ? `; above the run limit of ${MAX_TOTAL.toExponential()} positions` : ""),
      );
      return 0;
    }
    // --shard, --shard-from-env, --merge and --workers: the mechanism every prover shares.
    const { prover, place } = leaperProver(env, id);
    return await runShardCommand(prover, place, proverRef(env, id), v, {
      afterMerge: (path) => {
        if (env.updateRecords) markProven(env.recordsPath, id, recordPath(path));
      },
      proven: (c, seconds) => provenLine(c, seconds),
    }, stop);
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
    if (interrupted) process.stderr.write("interrupted\n");
  }
}

async function allCheap(
  env: ProveEnv,
  o: {
    budgetMs: number;
    maxTotal: number;
    only?: string;
    workers?: number;
    checkpointSeconds?: number;
    force?: boolean;
    stop: { requested: boolean };
  },
): Promise<number> {
  const deadline = Date.now() + o.budgetMs;
  const cells: { id: string; total: number; record: AtlasRecord }[] = [];
  for (const r of provableCells(env.recordsPath)) {
    if (o.only && !r.id.includes(o.only)) continue;
    const p = cellParams(r) as CellParams;
    const space = buildSpace(p.kind, p.leap, p.board, p.claimed);
    if (space.totalBig > BigInt(Math.floor(o.maxTotal))) continue;
    cells.push({ id: r.id, total: space.total, record: r });
  }
  cells.sort((a, b) => a.total - b.total || (a.id < b.id ? -1 : 1));
  let proven = 0, already = 0, refused = 0;
  const refusedIds: string[] = [];
  for (const c of cells) {
    if (o.stop.requested) return EXIT_INTERRUPTED;
    if (Date.now() > deadline) {
      console.log(`budget used up: ${cells.length - proven - already - refused} cell(s) left`);
      break;
    }
    const certPath = join(cellDir(env, c.id), "certificate.json");
    if (!o.force && existsSync(certPath) && (await checkCertificateFiles(c.record, certPath)).length === 0) {
      if (env.updateRecords && c.record.established.maximality.status !== "proven-here") {
        markProven(env.recordsPath, c.id, recordPath(certPath));
      }
      already++;
      continue;
    }
    const workers = o.workers && c.total > 1_000_000 ? o.workers : 1;
    const r = await proveCell(env, c.id, {
      workers,
      inProcess: c.total <= IN_PROCESS_TOTAL,
      checkpointSeconds: o.checkpointSeconds,
      force: o.force,
      deadline,
      stop: o.stop,
    });
    if (r.status === "stopped") {
      console.log(`stopped in ${c.id} (budget or interrupt): checkpoint written`);
      return o.stop.requested ? EXIT_INTERRUPTED : 0;
    }
    if (r.status === "refused") {
      refused++;
      refusedIds.push(c.id);
      printRefused(c.id, r.merge!.errors);
    } else {
      proven++;
      console.log(provenLine(r.merge!.certificate!, r.seconds));
    }
  }
  console.log(
    `${cells.length} cheap cell(s) (T <= ${o.maxTotal}): ${proven} proven now, ${already} already proven, ${refused} refused${
      refusedIds.length ? ` (${refusedIds.join(", ")})` : ""
    }`,
  );
  return refused > 0 ? EXIT_REFUSED : 0;
}

export async function run(args: string[]): Promise<void> {
  try {
    const code = await main(args);
    Deno.exit(code);
  } catch (e) {
    const code = e instanceof CliError ? e.exitCode : 2;
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    Deno.exit(code);
  }
}
