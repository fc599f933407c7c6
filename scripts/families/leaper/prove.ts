/**
 * deno task prove: prove a leaper table cell's claim maximal by exhaustive
 * free-squares enumeration (solvers/proof), sharded, resumable, with
 * certificates that can be checked without rerunning the search.
 *
 *   prove <cell>                     whole space (shard 0/1), then merge
 *   prove <cell> --shard i/N         one shard: data/proofs/<cell>/shard-<i>-of-<N>.json
 *   prove <cell> --shard-from-env VAR/N   the shard index from environment variable VAR (job arrays)
 *   prove <cell> --merge [--shards N]     merge the shard certificates into certificate.json
 *   prove <cell> --workers W [--shards M] M shards (default 4W), W at a time in workers, then merge
 *   prove <cell> --budget 9m         stop cleanly (checkpoints, exit 130) when the time is up; rerun to continue
 *   prove --estimate <cell> [--samples 3000]   T and a projected time from a random sample
 *   prove --all-cheap --budget 5m [--max-total 1e7] [--only TEXT] [--workers W]
 *
 * Other options: --checkpoint-seconds S (default 30), --quiet, --force (rerun
 * shards that already have a certificate), --no-symmetry, --stop-after N
 * (stop after N positions as if interrupted: for tests), --records FILE,
 * --proofs-dir DIR, --no-record-update.
 *
 * Exit codes: 0 proven (or shard done), 1 merge refused (missing shard, hit…),
 * 2 bad request, 130 interrupted (checkpoint written; rerun the same command to
 * continue).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parseArgs } from "../../lib/options.ts";
import process from "node:process";
import { type AtlasRecord, RecordFile } from "../../../solvers/records/schema.ts";
import { buildSpace, describeSpace, type ProofSpace, shardRange, statement } from "../../../solvers/proof/space.ts";
import { ProofRun, type RunState } from "../../../solvers/proof/run.ts";
import {
  type CellParams,
  cellParams,
  checkCertificate,
  checkShard,
  makeShardCertificate,
  MergedCertificate,
  mergeShards,
  ShardCertificate,
  type ShardFile,
  shardFileName,
} from "../../../solvers/proof/certificate.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../lib/cli.ts";
import { LEAPER_RECORDS, ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";

/** Largest space we agree to run (positions). */
export const MAX_TOTAL = 1e15;
export const EXIT_REFUSED = 1;
export const EXIT_INTERRUPTED = 130;
/** Spaces up to this size run in the main thread (a worker's start-up would cost more than the run). */
export const IN_PROCESS_TOTAL = 100_000;

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
}

export function defaultEnv(over: Partial<ProveEnv> = {}): ProveEnv {
  return {
    proofsDir: join(ROOT, "data", "proofs"),
    recordsPath: LEAPER_RECORDS,
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

export function checkpointPath(env: ProveEnv, cell: string, index: number, count: number): string {
  return join(cellDir(env, cell), "checkpoints", shardFileName(index, count));
}

/** "i/N" → shard; CliError on bad syntax or values. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CliError(`bad shard "${text}": expected i/N, e.g. 3/16`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) throw new CliError(`bad shard "${text}": N must be at least 1`);
  if (index >= count) throw new CliError(`bad shard "${text}": i must be below N (shards are numbered 0..N-1)`);
  return { index, count };
}

/** "--shard-from-env VAR/N": the index is read from the environment variable VAR. */
export function shardFromEnv(
  text: string,
  getEnv: (k: string) => string | undefined = (k) => Deno.env.get(k),
): { index: number; count: number } {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CliError(`bad --shard-from-env "${text}": expected VAR/N, e.g. SLURM_ARRAY_TASK_ID/64`);
  const value = getEnv(m[1]);
  if (value === undefined || value.trim() === "") throw new CliError(`environment variable ${m[1]} is not set`);
  return parseShard(`${value.trim()}/${m[2]}`);
}

/** "5m", "90s", "2h", "1h30m", "300" (seconds) → milliseconds. */
export function parseDuration(text: string): number {
  const t = text.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  const re = /(\d+(?:\.\d+)?)(h|m|s)/g;
  let ms = 0;
  let used = 0;
  for (const m of t.matchAll(re)) {
    ms += Number(m[1]) * (m[2] === "h" ? 3600e3 : m[2] === "m" ? 60e3 : 1e3);
    used += m[0].length;
  }
  if (used !== t.length || used === 0) throw new CliError(`bad duration "${text}": expected e.g. 5m, 90s, 1h30m`);
  return ms;
}

// ---------------------------------------------------------------------------
// Running a shard

export interface Checkpoint {
  format: "chessboard-atlas-proof-checkpoint/1";
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

export interface ShardOptions {
  checkpointSeconds?: number;
  /** Stop (checkpoint, status "stopped") after this many positions in this session. */
  stopAfter?: number;
  /** Set requested = true to stop at the next chunk boundary. */
  stop?: { requested: boolean };
  /** Rerun even if the shard certificate exists. */
  force?: boolean;
  /**
   * Called about every 250 ms with positions done in the shard (of range size)
   * and a checkpoint of the state at that moment (what a driver writes if it has
   * to end the run without waiting for the current chunk).
   */
  onProgress?: (done: number, size: number, checkpoint: Checkpoint) => void;
  /** Stop when this wall-clock time (Date.now()) has passed. */
  deadline?: number;
}

export interface ShardResult {
  status: "done" | "stopped" | "existing";
  certificatePath: string;
  certificate: ShardCertificate | null;
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

function readJsonFile(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

function sameCheckpoint(
  c: Checkpoint,
  p: CellParams,
  shard: { index: number; count: number },
  range: [number, number],
  total: number,
  symmetry: boolean,
): boolean {
  return c.format === "chessboard-atlas-proof-checkpoint/1" && c.cell === p.cell && c.kind === p.kind && c.claimed === p.claimed &&
    c.leap.join() === p.leap.join() && c.board.join() === p.board.join() && c.shard.index === shard.index &&
    c.shard.count === shard.count &&
    c.range[0] === range[0] && c.range[1] === range[1] && c.total === total && c.symmetry === symmetry &&
    c.state.next >= range[0] && c.state.next <= range[1];
}

/**
 * Write a checkpoint atomically, unless the file already holds a later state
 * of the same run (a driver may write a snapshot after the worker wrote its own).
 */
export function writeCheckpoint(path: string, cp: Checkpoint): void {
  if (existsSync(path)) {
    try {
      const old = readJsonFile(path) as Checkpoint;
      if (
        old.cell === cp.cell && old.claimed === cp.claimed && old.shard?.index === cp.shard.index && old.shard?.count === cp.shard.count &&
        old.range?.[0] === cp.range[0] && old.range?.[1] === cp.range[1] && old.state?.next > cp.state.next
      ) return;
    } catch {
      // unreadable: overwrite
    }
  }
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileAtomic(path, JSON.stringify(cp) + "\n");
}

export async function runShard(
  env: ProveEnv,
  id: string,
  shard: { index: number; count: number },
  o: ShardOptions = {},
): Promise<ShardResult> {
  const cell = loadCell(env, id);
  const { params, space } = cell;
  const range = shardRange(space.total, shard.index, shard.count);
  const dir = cellDir(env, id);
  const certPath = join(dir, shardFileName(shard.index, shard.count));
  const cpPath = checkpointPath(env, id, shard.index, shard.count);
  if (!o.force && existsSync(certPath)) {
    const parsed = ShardCertificate.safeParse(readJsonFile(certPath));
    if (
      parsed.success && parsed.data.claimed === params.claimed && parsed.data.total === space.total && checkShard(parsed.data).length === 0
    ) {
      return { status: "existing", certificatePath: certPath, certificate: parsed.data };
    }
  }
  mkdirSync(join(dir, "checkpoints"), { recursive: true });

  let resume: RunState | undefined;
  let cpuBefore = 0;
  let startedAt = new Date().toISOString();
  if (existsSync(cpPath)) {
    let cp: Checkpoint | null = null;
    try {
      cp = readJsonFile(cpPath) as Checkpoint;
    } catch {
      cp = null;
    }
    if (cp && sameCheckpoint(cp, params, shard, range, space.total, env.symmetry)) {
      resume = cp.state;
      cpuBefore = cp.cpuSeconds;
      startedAt = cp.startedAt;
      if (cp.codeVersion !== env.codeVersion && !env.quiet) {
        process.stderr.write(`warning: resuming a checkpoint written by code ${cp.codeVersion} with code ${env.codeVersion}\n`);
      }
    } else if (!env.quiet) process.stderr.write(`warning: ignoring checkpoint ${cpPath}: it is for other parameters\n`);
  }
  const run = new ProofRun(space, range[0], range[1], resume, { symmetry: env.symmetry });
  const size = range[1] - range[0];
  const checkpointMs = (o.checkpointSeconds ?? 30) * 1000;
  let cpu = 0;
  const snapshot = (): Checkpoint => ({
    format: "chessboard-atlas-proof-checkpoint/1",
    ...params,
    symmetry: env.symmetry,
    codeVersion: env.codeVersion,
    shard,
    range,
    total: space.total,
    state: run.state(),
    cpuSeconds: cpuBefore + cpu / 1000,
    startedAt,
    savedAt: new Date().toISOString(),
  });
  const saveCheckpoint = () => writeCheckpoint(cpPath, snapshot());

  let lastCheckpoint = performance.now();
  let lastProgress = 0;
  let chunk = 256;
  let session = 0;
  while (!run.done) {
    if (o.stop?.requested || (o.deadline !== undefined && Date.now() > o.deadline)) {
      saveCheckpoint();
      return { status: "stopped", certificatePath: certPath, certificate: null };
    }
    let want = chunk;
    if (o.stopAfter !== undefined) want = Math.min(want, o.stopAfter - session);
    if (want <= 0) {
      saveCheckpoint();
      return { status: "stopped", certificatePath: certPath, certificate: null };
    }
    const t0 = performance.now();
    const did = run.step(want);
    const dt = performance.now() - t0;
    cpu += dt;
    session += did;
    // Chunks of about 50 ms: signals and worker messages get through between them.
    if (dt < 25) chunk = Math.min(chunk * 2, 1 << 22);
    else if (dt > 100) chunk = Math.max(16, chunk >> 1);
    const now = performance.now();
    if (o.onProgress && now - lastProgress >= 250) {
      lastProgress = now;
      o.onProgress(run.next - range[0], size, snapshot());
    }
    if (now - lastCheckpoint >= checkpointMs && !run.done) {
      saveCheckpoint();
      lastCheckpoint = now;
    }
    await tick();
  }
  o.onProgress?.(size, size, snapshot());
  const st = run.state();
  const certificate = makeShardCertificate(params, space, shard, range, st.counts, {
    codeVersion: env.codeVersion,
    symmetry: env.symmetry,
    cpuSeconds: Math.round((cpuBefore + cpu / 1000) * 1000) / 1000,
    startedAt,
    finishedAt: new Date().toISOString(),
  });
  writeFileAtomic(certPath, JSON.stringify(certificate, null, 1) + "\n");
  rmSync(cpPath, { force: true });
  try {
    if (readdirSync(join(dir, "checkpoints")).length === 0) rmSync(join(dir, "checkpoints"), { recursive: true });
  } catch {
    // another shard's run may be using the folder
  }
  return { status: "done", certificatePath: certPath, certificate };
}

// ---------------------------------------------------------------------------
// Merging

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
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

export async function mergeCell(env: ProveEnv, id: string, o: { shards?: number } = {}): Promise<MergeResult> {
  const { params, space } = loadCell(env, id);
  const dir = cellDir(env, id);
  const certificatePath = join(dir, "certificate.json");
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => /^shard-.*\.json$/.test(f)).sort() : [];
  const files: ShardFile[] = [];
  for (const file of names) {
    const bytes = readFileSync(join(dir, file));
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch (e) {
      return { ok: false, errors: [`${file} is not valid JSON: ${errorMessage(e)}`], certificatePath, certificate: null };
    }
    if (o.shards !== undefined) {
      const count = (json as { shard?: { count?: unknown } })?.shard?.count;
      if (count !== o.shards && !file.endsWith(`-of-${o.shards}.json`)) continue;
    }
    files.push({ file, sha256: await sha256Hex(bytes), json });
  }
  if (files.length === 0) {
    return {
      ok: false,
      errors: [`no shard certificates${o.shards ? ` of a split into ${o.shards}` : ""} in ${dir}: run the shards first`],
      certificatePath,
      certificate: null,
    };
  }
  const { certificate, errors } = mergeShards(params, space, files, new Date().toISOString());
  if (!certificate) return { ok: false, errors, certificatePath, certificate: null };
  writeFileAtomic(certificatePath, JSON.stringify(certificate, null, 1) + "\n");
  if (env.updateRecords) markProven(env.recordsPath, id, recordPath(certificatePath));
  return { ok: true, errors: [], certificatePath, certificate };
}

/** Set the record's established.maximality to proven-here, validated by the schema, written atomically. */
export function markProven(recordsPath: string, id: string, certificate: string): void {
  const file = readRecordFile(recordsPath);
  const r = file.records.find((x) => x.id === id);
  if (!r) throw new CliError(`record ${id} disappeared from ${recordsPath}`);
  r.established = { ...r.established, maximality: { status: "proven-here", certificate } };
  const text = JSON.stringify(RecordFile.parse(file), null, 1) + "\n";
  writeFileAtomic(recordsPath, text);
}

/**
 * Full check of a merged certificate on disk against its record: the pure
 * checks of checkCertificate, then every shard file listed must exist beside
 * it with the listed SHA-256, be a consistent shard certificate of the same
 * claim, and agree with its entry. Returns the errors (empty = proven).
 */
export async function checkCertificateFiles(record: AtlasRecord, certPath: string): Promise<string[]> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(certPath, "utf8"));
  } catch (e) {
    return [`cannot read certificate ${certPath}: ${errorMessage(e)}`];
  }
  const errs = checkCertificate(record, json);
  if (errs.length) return errs;
  const c = MergedCertificate.parse(json);
  const dir = join(certPath, "..");
  for (const s of c.shards) {
    const path = join(dir, s.file);
    if (!existsSync(path)) {
      errs.push(`shard file ${s.file} is missing`);
      continue;
    }
    const bytes = readFileSync(path);
    if (await sha256Hex(bytes) !== s.sha256) {
      errs.push(`shard file ${s.file} does not have the listed SHA-256`);
      continue;
    }
    const parsed = ShardCertificate.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    if (!parsed.success) {
      errs.push(`${s.file} is not a shard certificate`);
      continue;
    }
    const sc = parsed.data;
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
// Progress

class Progress {
  private last = 0;
  private readonly t0 = performance.now();
  private readonly tty: boolean;
  private wrote = false;
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly quiet: boolean,
    private readonly startDone = 0,
  ) {
    this.tty = !quiet && Deno.stderr.isTerminal();
  }
  update(done: number, force = false): void {
    if (this.quiet) return;
    const now = performance.now();
    // At most once a second on a terminal, every 10 s into a log.
    if (!force && now - this.last < (this.tty ? 1000 : 10000)) return;
    this.last = now;
    const secs = (now - this.t0) / 1000;
    const rate = secs > 0 ? (done - this.startDone) / secs : 0;
    const eta = rate > 0 ? (this.total - done) / rate : Infinity;
    const pct = this.total > 0 ? ((100 * done) / this.total).toFixed(1) : "100.0";
    const line = `${this.label}: ${done}/${this.total} positions (${pct}%), ${formatRate(rate)}/s, ETA ${formatSeconds(eta)}`;
    process.stderr.write(this.tty ? `\r\x1b[K${line}` : `${line}\n`);
    this.wrote = true;
  }
  end(): void {
    if (this.tty && this.wrote) process.stderr.write("\n");
  }
}

function formatRate(r: number): string {
  if (r >= 1e6) return `${(r / 1e6).toFixed(2)}M`;
  if (r >= 1e3) return `${(r / 1e3).toFixed(1)}k`;
  return r.toFixed(0);
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return "?";
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  if (s < 3600) return `${(s / 60).toFixed(1)} min`;
  if (s < 86400 * 2) return `${(s / 3600).toFixed(1)} h`;
  if (s < 86400 * 365 * 2) return `${(s / 86400).toFixed(1)} days`;
  return `${(s / (86400 * 365)).toFixed(1)} years`;
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
  const { space } = loadCell(env, id);
  const workers = Math.max(1, o.workers ?? 1);
  const count = o.shards ?? (workers > 1 ? workers * 4 : 1);
  const stop = o.stop ?? { requested: false };
  const indices = Array.from({ length: count }, (_, i) => i);
  const label = `prove ${id}` + (count > 1 ? ` (${count} shards${workers > 1 ? `, ${workers} workers` : ""})` : "");
  const r = await runShards(env, id, space.total, indices, count, { ...o, workers, stop }, label);
  if (r === "stopped") return { status: "stopped", merge: null, seconds: (performance.now() - t0) / 1000 };
  const merge = await mergeCell(env, id, { shards: count });
  return { status: merge.ok ? "proven" : "refused", merge, seconds: (performance.now() - t0) / 1000 };
}

interface WorkerMessage {
  type: "progress" | "done" | "error";
  index: number;
  done?: number;
  checkpoint?: Checkpoint;
  status?: ShardResult["status"];
  message?: string;
}

/** How long a stopped worker may take to finish its chunk before we end it and write its last snapshot. */
const STOP_GRACE_MS = 1500;

/**
 * Run the given shards of a split of `count`, `workers` at a time. Each shard
 * runs in a Deno worker (or in this thread with inProcess), so this thread
 * stays free to answer Ctrl-C at once: on stop, each worker is asked to write
 * its checkpoint at its next chunk boundary; one that does not answer within
 * STOP_GRACE_MS (a long single search) is ended and the last snapshot it
 * posted (at most ~250 ms older than its current chunk) is written instead.
 */
export async function runShards(
  env: ProveEnv,
  id: string,
  total: number,
  indices: number[],
  count: number,
  o: ProveCellOptions & { workers: number; stop: { requested: boolean } },
  label: string,
): Promise<"done" | "stopped"> {
  const size = (i: number) => {
    const [lo, hi] = shardRange(total, i, count);
    return hi - lo;
  };
  const all = indices.reduce((a, i) => a + size(i), 0);
  const progress = new Progress(label, all, env.quiet);
  const doneIn = new Map<number, number>();
  const report = () => progress.update([...doneIn.values()].reduce((a, b) => a + b, 0));
  const shardOptions = { checkpointSeconds: o.checkpointSeconds, stopAfter: o.stopAfter, force: o.force, deadline: o.deadline };
  let pending = [...indices];
  let stopped = false;

  if (o.inProcess) {
    for (const index of pending) {
      const r = await runShard(env, id, { index, count }, {
        ...shardOptions,
        stop: o.stop,
        onProgress: (d) => {
          doneIn.set(index, d);
          report();
        },
      });
      if (r.status === "stopped") {
        stopped = true;
        break;
      }
      doneIn.set(index, size(index));
    }
    progress.end();
    return stopped ? "stopped" : "done";
  }

  let failure: string | null = null;
  const active = new Map<Worker, { index: number; last: Checkpoint | null; finish: (m: WorkerMessage) => void }>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const stopAll = () => {
    for (const [w, a] of active) {
      w.postMessage({ type: "stop" });
      timers.push(setTimeout(() => {
        if (!active.has(w)) return;
        if (a.last) writeCheckpoint(checkpointPath(env, id, a.index, count), a.last);
        w.terminate();
        a.finish({ type: "done", index: a.index, status: "stopped" });
      }, STOP_GRACE_MS));
    }
  };
  const poll = setInterval(() => {
    if (!stopped && (o.stop.requested || (o.deadline !== undefined && Date.now() > o.deadline))) {
      stopped = true;
      pending = [];
      stopAll();
    }
  }, 50);
  // One worker per lane, reused for its shards (a worker's start-up costs a module load).
  const lane = async () => {
    let w: Worker | null = null;
    while (pending.length > 0 && !stopped && !failure) {
      const index = pending.shift()!;
      if (!w) w = new Worker(new URL("./prove-worker.ts", import.meta.url), { type: "module" });
      const worker = w;
      const result = await new Promise<WorkerMessage>((resolve) => {
        let settled = false;
        const finish = (m: WorkerMessage) => {
          if (settled) return;
          settled = true;
          active.delete(worker);
          resolve(m);
        };
        const entry = { index, last: null as Checkpoint | null, finish };
        active.set(worker, entry);
        worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
          const m = e.data;
          if (m.type === "progress") {
            doneIn.set(index, m.done ?? 0);
            if (m.checkpoint) entry.last = m.checkpoint;
            report();
          } else finish(m);
        };
        worker.onerror = (e) => {
          e.preventDefault();
          finish({ type: "error", index, message: e.message });
        };
        worker.postMessage({ type: "run", env, id, shard: { index, count }, options: shardOptions });
        if (stopped) worker.postMessage({ type: "stop" });
      });
      if (result.type === "error") failure = `shard ${index} of ${count} failed: ${result.message}`;
      else if (result.status === "stopped") {
        if (!stopped) {
          stopped = true;
          pending = [];
          stopAll();
        }
      } else doneIn.set(index, size(index));
      if (result.type !== "done" || result.status === "stopped") {
        worker.terminate();
        w = null;
      }
    }
    w?.terminate();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.workers, indices.length)) }, lane));
  clearInterval(poll);
  for (const t of timers) clearTimeout(t);
  if (!stopped) progress.update([...doneIn.values()].reduce((a, b) => a + b, 0), true);
  progress.end();
  if (failure) throw new CliError(failure, EXIT_REFUSED);
  return stopped ? "stopped" : "done";
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
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

function printProven(c: MergedCertificate, seconds: number): void {
  console.log(`proven: ${c.cell} ${c.statement} (${c.total} positions, ${c.searched} searched, ${c.nodes} nodes, ${seconds.toFixed(2)} s)`);
}

function printRefused(id: string, errors: string[]): void {
  process.stderr.write(`error: ${id} not proven: ${errors.join("; ")}\n`);
}

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        shard: { type: "string" },
        "shard-from-env": { type: "string" },
        shards: { type: "string" },
        merge: { type: "boolean" },
        workers: { type: "string" },
        "checkpoint-seconds": { type: "string" },
        "stop-after": { type: "string" },
        estimate: { type: "boolean" },
        samples: { type: "string" },
        "all-cheap": { type: "boolean" },
        budget: { type: "string" },
        "max-total": { type: "string" },
        only: { type: "string" },
        quiet: { type: "boolean" },
        force: { type: "boolean" },
        "no-symmetry": { type: "boolean" },
        "no-record-update": { type: "boolean" },
        records: { type: "string" },
        "proofs-dir": { type: "string" },
      },
    });
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const v = parsed.values;
  const positionals = parsed.positionals;
  const int = (name: string, text: string | undefined, min: number): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || !Number.isInteger(n) || n < min) {
      throw new CliError(`--${name} must be an integer of at least ${min}, got "${text}"`);
    }
    return n;
  };
  const num = (name: string, text: string | undefined, min: number): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min) throw new CliError(`--${name} must be a number of at least ${min}, got "${text}"`);
    return n;
  };
  const workers = int("workers", v.workers, 1);
  const shards = int("shards", v.shards, 1);
  const checkpointSeconds = num("checkpoint-seconds", v["checkpoint-seconds"], 0);
  const stopAfter = int("stop-after", v["stop-after"], 0);
  const env = defaultEnv({
    quiet: v.quiet ?? false,
    symmetry: !v["no-symmetry"],
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
      const budgetMs = v.budget ? parseDuration(v.budget) : 5 * 60e3;
      const maxTotal = num("max-total", v["max-total"], 0) ?? 1e7;
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
      const samples = int("samples", v.samples, 10) ?? 3000;
      const e = estimate(space, samples, env.symmetry);
      const w = workers ?? 1;
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
    if (v.merge) {
      const r = await mergeCell(env, id, { shards });
      if (!r.ok) {
        printRefused(id, r.errors);
        return EXIT_REFUSED;
      }
      printProven(r.certificate!, 0);
      return 0;
    }
    let shard: { index: number; count: number } | null = null;
    if (v.shard !== undefined && v["shard-from-env"] !== undefined) throw new CliError("give --shard or --shard-from-env, not both");
    if (v.shard !== undefined) shard = parseShard(v.shard);
    if (v["shard-from-env"] !== undefined) shard = shardFromEnv(v["shard-from-env"]);
    if (shard) {
      const { space } = loadCell(env, id);
      const label = `prove ${id} shard ${shard.index}/${shard.count}`;
      const inProcess = space.total <= IN_PROCESS_TOTAL;
      const r = await runShards(env, id, space.total, [shard.index], shard.count, {
        workers: 1,
        inProcess,
        checkpointSeconds,
        stopAfter,
        force: v.force,
        stop,
        deadline: v.budget ? Date.now() + parseDuration(v.budget) : undefined,
      }, label);
      if (r === "stopped") {
        process.stderr.write(`stopped: checkpoint written; rerun the same command to continue\n`);
        return EXIT_INTERRUPTED;
      }
      const path = join(cellDir(env, id), shardFileName(shard.index, shard.count));
      const c = ShardCertificate.parse(readJsonFile(path));
      console.log(
        `done: ${id} shard ${shard.index}/${shard.count}: ${
          c.positions + c.skippedBySymmetry
        } positions, ${c.searched} searched, ${c.hits} hit(s) -> ${relative(ROOT, path)}`,
      );
      return c.hits > 0 ? EXIT_REFUSED : 0;
    }
    const { space } = loadCell(env, id);
    const inProcess = workers === undefined && space.total <= IN_PROCESS_TOTAL;
    const deadline = v.budget ? Date.now() + parseDuration(v.budget) : undefined;
    const r = await proveCell(env, id, { workers, shards, inProcess, checkpointSeconds, stopAfter, force: v.force, stop, deadline });
    if (r.status === "stopped") {
      process.stderr.write(
        `stopped${stop.requested ? "" : " (budget used up)"}: checkpoints written; rerun the same command to continue\n`,
      );
      return EXIT_INTERRUPTED;
    }
    if (r.status === "refused") {
      printRefused(id, r.merge!.errors);
      return EXIT_REFUSED;
    }
    printProven(r.merge!.certificate!, r.seconds);
    return 0;
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
      printProven(r.merge!.certificate!, r.seconds);
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
