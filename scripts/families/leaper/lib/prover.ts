/**
 * The leaper prover on the shared mechanism of long runs (scripts/lib/sharded-run.ts): one cell's run, its shards,
 * their merge into certificate.json, the record marked proven, and whole cells run shard by shard.
 */
import { relative, sep } from "node:path";
import { RecordFile } from "../../../../solvers/leaper/schema.ts";
import { type ProofSpace } from "../../../../solvers/leaper/proof/space.ts";
import { shardRange } from "../../../../solvers/proof/sharded.ts";
import { ProofRun, type RunState } from "../../../../solvers/leaper/proof/run.ts";
import { PrefixRun } from "../../../../solvers/leaper/proof/prefix-run.ts";
import { KernelRun, kernelUnsupported } from "../../../../solvers/leaper/proof/kernel-run.ts";
import {
  combineShards,
  inheritedProofErrors,
  makeShardCertificate,
  MergedCertificate,
  readShardOf,
  ShardCertificate,
} from "../../../../solvers/leaper/proof/certificate.ts";
import type { ShardedProver, ShardRef } from "../../../../solvers/proof/sharded.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../../lib/cli.ts";
import { ROOT } from "../../../lib/paths.ts";
import {
  mergeShardFiles,
  type ProverRef,
  type RunPlace,
  runShard as runOneShard,
  runShards,
  type ShardOptions as SharedShardOptions,
} from "../../../lib/sharded-run.ts";
import { cellDir, loadCell, type ProveEnv, readRecordFile } from "./cells.ts";
import { type Checkpoint, CHECKPOINT_FORMAT, CheckpointFile, countsError, describeCheckpoint, sameCheckpoint } from "./proof-checkpoint.ts";

// ---------------------------------------------------------------------------
// The leaper prover on the shared mechanism (scripts/lib/sharded-run.ts)

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
export function onKernel(space: ProofSpace): boolean {
  const [a, b] = space.leap;
  const square8 = space.board.dims.length === 2 && space.board.dims[0] === 8 && space.board.dims[1] === 8;
  return space.kind === "dual-free" && a === 1 && b === 2 && square8 && kernelUnsupported(space) === null;
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
export function proverRef(env: ProveEnv, id: string): ProverRef {
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
export function recordPath(path: string): string {
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
