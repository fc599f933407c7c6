/**
 * The file side of the one mechanism for long exhaustive runs
 * (solvers/proof/sharded.ts has the pure side and the ShardedProver interface
 * each family implements): shard certificates and checkpoints on disk,
 * resumable runs with a budget, local workers, the scheduler's array index, and
 * the merge into certificate.json with the SHA-256 of every shard.
 *
 * A run's folder holds shard-<i>-of-<N>.json (finished shards),
 * checkpoints/shard-<i>-of-<N>.json (unfinished ones, rewritten every
 * checkpointSeconds and on stop) and certificate.json (the merge). Files are
 * written atomically, and a file this run cannot use (another cell, another
 * prover version, corrupt) is never overwritten: the run stops with one line
 * naming it (exit 2), and --force is the only way to rerun a finished shard.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import process from "node:process";
import { durationOption, intOption, numberOption, type OptionConfig, parseArgs } from "./options.ts";
import {
  checkSplit,
  parseShardBlock,
  parseShardRef,
  type ShardBlock,
  type ShardedProver,
  shardFileName,
  type ShardInput,
  type ShardRef,
} from "../../solvers/proof/sharded.ts";
import { CliError, errorMessage, writeFileAtomic } from "./cli.ts";

export const EXIT_REFUSED = 1;
export const EXIT_INTERRUPTED = 130;

// deno-lint-ignore no-explicit-any
export type AnyProver = ShardedProver<any, any, any>;

/** Where a run lives and who runs it. */
export interface RunPlace {
  /** The run's folder (shards, checkpoints, certificate). */
  dir: string;
  codeVersion: string;
  /** No progress lines or warnings on stderr. */
  quiet: boolean;
}

/**
 * How a worker rebuilds the prover: a module and the name of an exported
 * function that returns it (given `args`), so that only plain data crosses to
 * the worker.
 */
export interface ProverRef {
  module: string;
  name: string;
  args: unknown[];
}

export async function loadProver(ref: ProverRef): Promise<{ prover: AnyProver; place: RunPlace }> {
  const mod = await import(ref.module);
  const make = mod[ref.name];
  if (typeof make !== "function") throw new Error(`${ref.module} exports no function ${ref.name}`);
  return await make(...ref.args);
}

/** "--shard-from-env VAR/N": the index is read from the environment variable VAR (job arrays). */
export function shardFromEnv(text: string, getEnv: (k: string) => string | undefined = (k) => Deno.env.get(k)): ShardRef {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CliError(`bad --shard-from-env "${text}": expected VAR/N, e.g. SLURM_ARRAY_TASK_ID/64`);
  const value = getEnv(m[1]);
  if (value === undefined || value.trim() === "") throw new CliError(`environment variable ${m[1]} is not set`);
  return parseShard(`${value.trim()}/${m[2]}`);
}

/** "i/N" → shard; CliError on bad syntax or values. */
export function parseShard(text: string): ShardRef {
  const r = parseShardRef(text);
  if (typeof r === "string") throw new CliError(r);
  return r;
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return "?";
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  if (s < 3600) return `${(s / 60).toFixed(1)} min`;
  if (s < 86400 * 2) return `${(s / 3600).toFixed(1)} h`;
  if (s < 86400 * 365 * 2) return `${(s / 86400).toFixed(1)} days`;
  return `${(s / (86400 * 365)).toFixed(1)} years`;
}

function formatRate(r: number): string {
  if (r >= 1e6) return `${(r / 1e6).toFixed(2)}M`;
  if (r >= 1e3) return `${(r / 1e3).toFixed(1)}k`;
  // slow units (a searched placement takes a second or more) need the decimal
  return r > 0 && r < 10 ? r.toFixed(1) : r.toFixed(0);
}

/**
 * The progress line: done/total, this run's rate and the ETA at that rate.
 * `fresh` is the part of `done` this run did in `seconds`: shards finished
 * earlier and checkpointed work count toward done/total but not toward the
 * rate, or a resumed run would promise an ETA it cannot keep.
 */
export function progressLine(label: string, unit: string, done: number, total: number, fresh: number, seconds: number, note = ""): string {
  const rate = seconds > 0 ? fresh / seconds : 0;
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const pct = total > 0 ? ((100 * done) / total).toFixed(1) : "100.0";
  return `${label}: ${done}/${total} ${unit} (${pct}%), ${formatRate(rate)}/s, ETA ${formatSeconds(eta)}${note ? ` (${note})` : ""}`;
}

/** done/total, rate and ETA on stderr: once a second on a terminal, every 10 s into a log. */
export class Progress {
  private last = 0;
  private readonly tty: boolean;
  /** Whether a line has been written (a terminal's last line then needs its newline). */
  wrote = false;
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly quiet: boolean,
    private readonly unit = "positions",
    /** When the work this run counts as fresh began (performance.now()). */
    private readonly t0 = performance.now(),
  ) {
    this.tty = !quiet && Deno.stderr.isTerminal();
  }
  /** `done` counts everything finished, `fresh` only what this run did (see progressLine); `note` follows in brackets. */
  update(done: number, force = false, fresh = done, note = ""): void {
    if (this.quiet) return;
    const now = performance.now();
    if (!force && now - this.last < (this.tty ? 1000 : 10000)) return;
    this.last = now;
    const line = progressLine(this.label, this.unit, done, this.total, fresh, (now - this.t0) / 1000, note);
    process.stderr.write(this.tty ? `\r\x1b[K${line}` : `${line}\n`);
    this.wrote = true;
  }
  end(): void {
    if (this.tty && this.wrote) process.stderr.write("\n");
  }
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** A path as the user typed it, relative to where they stand. */
function shown(path: string): string {
  return relative(Deno.cwd(), path) || path;
}

export function checkpointPath(place: RunPlace, shard: ShardRef): string {
  return join(place.dir, "checkpoints", shardFileName(shard.index, shard.count));
}

// ---------------------------------------------------------------------------
// One shard

export interface ShardOptions {
  checkpointSeconds?: number;
  /** Stop (checkpoint, status "stopped") after this many units in this session (tests). */
  stopAfter?: number;
  /** Set requested = true to stop at the next chunk boundary. */
  stop?: { requested: boolean };
  /** Rerun even if the shard certificate exists. */
  force?: boolean;
  /** Stop when this wall-clock time (Date.now()) has passed. */
  deadline?: number;
  /** About every 250 ms: units done in the shard, and the checkpoint of that moment (what a driver writes if it must end the run). */
  onProgress?: (done: number, size: number, checkpoint: unknown) => void;
}

export interface ShardResult<C> {
  status: "done" | "stopped" | "existing";
  certificatePath: string;
  certificate: C | null;
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

/** The checkpoint position a checkpoint's JSON is at, for "never go back" (null: not known). */
function checkpointNext(json: unknown): number | null {
  const next = (json as { state?: { next?: unknown } })?.state?.next;
  return typeof next === "number" ? next : null;
}

/** Write a checkpoint atomically, unless the file already holds a later state of the same shard (a driver's snapshot after the worker's own). */
export function writeCheckpoint(path: string, json: unknown): void {
  if (existsSync(path)) {
    try {
      const old = checkpointNext(readJson(path));
      const now = checkpointNext(json);
      if (old !== null && now !== null && old > now) return;
    } catch {
      // unreadable: the run that writes here has already accepted or refused it
    }
  }
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileAtomic(path, JSON.stringify(json) + "\n");
}

/** Run (or continue) one shard to its certificate, or until stopped (checkpoint written). */
export async function runShard<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  shard: ShardRef,
  o: ShardOptions = {},
): Promise<ShardResult<C>> {
  const range = prover.rangeOf(shard.index, shard.count);
  const certPath = join(place.dir, shardFileName(shard.index, shard.count));
  const cpPath = checkpointPath(place, shard);
  const keep = `left as it is; move it away to rerun shard ${shard.index} of ${shard.count}`;
  if (!o.force && existsSync(certPath)) {
    let json: unknown;
    try {
      json = readJson(certPath);
    } catch (e) {
      throw new CliError(`${shown(certPath)} is not valid JSON (${errorMessage(e)}): ${keep}`);
    }
    const r = prover.readShard(shown(certPath), json);
    if (typeof r === "string") throw new CliError(`${r}: ${keep}`);
    if (r.shard.index !== shard.index || r.shard.count !== shard.count || r.range[0] !== range[0] || r.range[1] !== range[1]) {
      throw new CliError(
        `${shown(certPath)} holds shard ${r.shard.index} of ${r.shard.count} [${r.range}), not ${shard.index} of ${shard.count}: ${keep}`,
      );
    }
    return { status: "existing", certificatePath: certPath, certificate: r.certificate };
  }
  mkdirSync(join(place.dir, "checkpoints"), { recursive: true });

  let resume: S | undefined;
  let cpuBefore = 0;
  let startedAt = new Date().toISOString();
  if (existsSync(cpPath)) {
    // A checkpoint that cannot be resumed stops the run: continuing would overwrite it.
    const restart = `left as it is; move it away to start shard ${shard.index} of ${shard.count} from its beginning`;
    let json: unknown;
    try {
      json = readJson(cpPath);
    } catch (e) {
      throw new CliError(`checkpoint ${shown(cpPath)} is corrupt (${errorMessage(e)}): ${restart}`);
    }
    const r = prover.loadCheckpoint(json, shard, range);
    if (typeof r === "string") throw new CliError(`checkpoint ${shown(cpPath)} ${r}: ${restart}`);
    resume = r.state;
    cpuBefore = r.cpuSeconds;
    startedAt = r.startedAt;
    if (r.codeVersion !== place.codeVersion && !place.quiet) {
      process.stderr.write(`warning: resuming a checkpoint written by code ${r.codeVersion} with code ${place.codeVersion}\n`);
    }
  }
  const slice = prover.open(range, resume, shard);
  const size = range[1] - range[0];
  const checkpointMs = (o.checkpointSeconds ?? 30) * 1000;
  let cpu = 0;
  const snapshot = () =>
    prover.saveCheckpoint({
      shard,
      range,
      total: prover.total,
      state: slice.state(),
      cpuSeconds: cpuBefore + cpu / 1000,
      startedAt,
      codeVersion: place.codeVersion,
    });
  const save = () => writeCheckpoint(cpPath, snapshot());

  let lastCheckpoint = performance.now();
  let lastProgress = 0;
  let chunk = 256;
  let session = 0;
  while (!slice.done) {
    if (o.stop?.requested || (o.deadline !== undefined && Date.now() > o.deadline)) {
      save();
      return { status: "stopped", certificatePath: certPath, certificate: null };
    }
    let want = chunk;
    if (o.stopAfter !== undefined) want = Math.min(want, o.stopAfter - session);
    if (want <= 0) {
      save();
      return { status: "stopped", certificatePath: certPath, certificate: null };
    }
    const t0 = performance.now();
    const did = slice.step(want);
    const dt = performance.now() - t0;
    cpu += dt;
    session += did;
    // Chunks of about 50 ms: signals and worker messages get through between them.
    // A prefix run (solvers/leaper/proof/prefix-run.ts) covers whole subtrees per step, so a chunk may count far more than 2^22 positions.
    if (dt < 25) chunk = Math.min(chunk * 2, 2 ** 50);
    else if (dt > 100) chunk = Math.max(1, Math.floor(chunk / 2));
    const now = performance.now();
    if (o.onProgress && now - lastProgress >= 250) {
      lastProgress = now;
      o.onProgress(slice.next - range[0], size, snapshot());
    }
    if (now - lastCheckpoint >= checkpointMs && !slice.done) {
      save();
      lastCheckpoint = now;
    }
    await tick();
  }
  o.onProgress?.(size, size, snapshot());
  const certificate = prover.finish(shard, range, slice.state(), {
    codeVersion: place.codeVersion,
    cpuSeconds: Math.round((cpuBefore + cpu / 1000) * 1000) / 1000,
    startedAt,
    finishedAt: new Date().toISOString(),
  });
  writeFileAtomic(certPath, JSON.stringify(certificate, null, 1) + "\n");
  rmSync(cpPath, { force: true });
  try {
    if (readdirSync(join(place.dir, "checkpoints")).length === 0) rmSync(join(place.dir, "checkpoints"), { recursive: true });
  } catch {
    // another shard's run may be using the folder
  }
  return { status: "done", certificatePath: certPath, certificate };
}

// ---------------------------------------------------------------------------
// Many shards: in this thread or in workers

export interface RunShardsOptions extends Omit<ShardOptions, "onProgress"> {
  /** Shards run at the same time, each in its own worker. */
  workers: number;
  /** Run in this thread instead of workers (small spaces, tests): Ctrl-C then waits for the current chunk. */
  inProcess?: boolean;
  stop: { requested: boolean };
}

interface WorkerMessage {
  type: "progress" | "done" | "error";
  index: number;
  done?: number;
  checkpoint?: unknown;
  status?: ShardResult<unknown>["status"];
  message?: string;
  exitCode?: number;
}

/** How long a stopped worker may take to finish its chunk before it is ended and its last snapshot written. */
const STOP_GRACE_MS = 1500;

/**
 * Run the given shards of a split of `count`, `workers` at a time. Each shard
 * runs in a worker (or in this thread with inProcess), so this thread stays
 * free to answer Ctrl-C at once: on stop, each worker is asked to write its
 * checkpoint at its next chunk boundary; one that does not answer within
 * STOP_GRACE_MS (a long single search) is ended and the last snapshot it
 * posted (at most ~250 ms old) is written instead.
 */
export async function runShards(
  prover: AnyProver,
  place: RunPlace,
  ref: ProverRef,
  indices: number[],
  count: number,
  o: RunShardsOptions,
  label: string,
): Promise<"done" | "stopped"> {
  const size = (i: number) => {
    const [lo, hi] = prover.rangeOf(i, count);
    return hi - lo;
  };
  const all = indices.reduce((a, i) => a + size(i), 0);
  const t0 = performance.now();
  const progress = new Progress(label, all, place.quiet, "positions", t0);
  // The prover's work profile of each shard (ShardedProver.workIn), built one
  // shard per tick beside the run (it may cost seconds: the edge method finds a
  // range's searched placements by enumerating it); until every shard has one,
  // the line counts positions.
  const profiles = prover.workIn ? new Map<number, (d: number) => number>() : null;
  let workProgress: Progress | null = null;
  // the progress that wrote last (the one whose terminal line needs its newline)
  const lastLine = () => (workProgress?.wrote ? workProgress : progress);
  let ended = false;
  const profiling = (async () => {
    if (!profiles || place.quiet) return;
    for (const i of indices) {
      if (ended) return;
      profiles.set(i, prover.workIn!(prover.rangeOf(i, count)));
      await tick();
    }
    const workTotal = indices.reduce((a, i) => a + profiles.get(i)!(size(i)), 0);
    workProgress = new Progress(label, workTotal, place.quiet, prover.workUnit ?? "units of work", t0);
  })();
  const doneIn = new Map<number, number>();
  // What each shard had done before this run (its checkpoint, or all of it when
  // it finished earlier): the first figure it reports, or its size when it ends
  // without reporting. Its first report comes after at most ~250 ms of new work.
  const before = new Map<number, number>();
  const seen = (index: number, d: number) => {
    if (!before.has(index)) before.set(index, d);
    doneIn.set(index, d);
  };
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  // Shards finished earlier count as done from the first line: their lanes
  // reach them only after the shards before them, and the line would show the
  // run barely started (a rerun of the first 25 of 256 read 1.5% done).
  if (!o.force) { for (const i of indices) if (existsSync(join(place.dir, shardFileName(i, count)))) seen(i, size(i)); }
  const report = (force = false) => {
    const done = sum(doneIn);
    if (!workProgress) {
      progress.update(done, force, done - sum(before));
      return;
    }
    let work = 0, fresh = 0;
    for (const [i, d] of doneIn) {
      const f = profiles!.get(i)!;
      const w = f(d);
      work += w;
      fresh += w - f(before.get(i) ?? d);
    }
    const pct = all > 0 ? ((100 * done) / all).toFixed(1) : "100.0";
    workProgress.update(work, force, fresh, `${done}/${all} positions, ${pct}%`);
  };
  const shardOptions = { checkpointSeconds: o.checkpointSeconds, stopAfter: o.stopAfter, force: o.force, deadline: o.deadline };
  let pending = [...indices];
  let stopped = false;

  if (o.inProcess) {
    for (const index of pending) {
      const r = await runShard(prover, place, { index, count }, {
        ...shardOptions,
        stop: o.stop,
        onProgress: (d) => {
          seen(index, d);
          report();
        },
      });
      if (r.status === "stopped") {
        stopped = true;
        break;
      }
      seen(index, size(index));
    }
    ended = true;
    await profiling;
    lastLine().end();
    return stopped ? "stopped" : "done";
  }

  let failure: string | null = null;
  let failureCode = EXIT_REFUSED;
  const active = new Map<Worker, { index: number; last: unknown; finish: (m: WorkerMessage) => void }>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const stopAll = () => {
    for (const [w, a] of active) {
      w.postMessage({ type: "stop" });
      timers.push(setTimeout(() => {
        if (!active.has(w)) return;
        if (a.last) writeCheckpoint(checkpointPath(place, { index: a.index, count }), a.last);
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
      if (!w) w = new Worker(new URL("./sharded-worker.ts", import.meta.url), { type: "module" });
      const worker = w;
      const result = await new Promise<WorkerMessage>((resolve) => {
        let settled = false;
        const finish = (m: WorkerMessage) => {
          if (settled) return;
          settled = true;
          active.delete(worker);
          resolve(m);
        };
        const entry = { index, last: null as unknown, finish };
        active.set(worker, entry);
        worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
          const m = e.data;
          if (m.type === "progress") {
            seen(index, m.done ?? 0);
            if (m.checkpoint) entry.last = m.checkpoint;
            report();
          } else finish(m);
        };
        worker.onerror = (e) => {
          e.preventDefault();
          finish({ type: "error", index, message: e.message });
        };
        worker.postMessage({ type: "run", ref, shard: { index, count }, options: shardOptions });
        if (stopped) worker.postMessage({ type: "stop" });
      });
      if (result.type === "error") {
        failure = `shard ${index} of ${count} failed: ${result.message}`;
        failureCode = result.exitCode ?? EXIT_REFUSED;
      } else if (result.status === "stopped") {
        if (!stopped) {
          stopped = true;
          pending = [];
          stopAll();
        }
      } else seen(index, size(index));
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
  ended = true;
  await profiling;
  if (!stopped) report(true);
  lastLine().end();
  if (failure) throw new CliError(failure, failureCode);
  return stopped ? "stopped" : "done";
}

// ---------------------------------------------------------------------------
// Merging

export interface MergeResult<M> {
  ok: boolean;
  errors: string[];
  certificatePath: string;
  certificate: M | null;
}

/**
 * Merge the shard certificates of one split (`shards`, or the only split in
 * the folder) into certificate.json: refused, with nothing written, when a
 * shard file is unreadable, foreign or of another prover version, when one is
 * missing or duplicated, or when the prover's combine refuses (e.g. a
 * counterexample).
 */
export async function mergeShardFiles<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  o: { shards?: number } = {},
): Promise<MergeResult<M>> {
  const certificatePath = join(place.dir, "certificate.json");
  const refused = (errors: string[]): MergeResult<M> => ({ ok: false, errors, certificatePath, certificate: null });
  const names = existsSync(place.dir) ? readdirSync(place.dir).filter((f) => /^shard-.*\.json$/.test(f)).sort() : [];
  const inputs: ShardInput<C>[] = [];
  const errors: string[] = [];
  for (const file of names) {
    const bytes = readFileSync(join(place.dir, file));
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch (e) {
      return refused([`${file} is not valid JSON: ${errorMessage(e)}`]);
    }
    if (o.shards !== undefined) {
      const count = (json as { shard?: { count?: unknown } })?.shard?.count;
      if (count !== o.shards && !file.endsWith(`-of-${o.shards}.json`)) continue;
    }
    const r = prover.readShard(file, json);
    if (typeof r === "string") {
      errors.push(r);
      continue;
    }
    inputs.push({ file, sha256: await sha256Hex(bytes), shard: r.shard, range: r.range, certificate: r.certificate });
  }
  if (names.length === 0 || (inputs.length === 0 && errors.length === 0)) {
    return refused([`no shard certificates${o.shards ? ` of a split into ${o.shards}` : ""} in ${shown(place.dir)}: run the shards first`]);
  }
  if (errors.length) return refused(errors);
  const split = checkSplit(prover, inputs);
  if (split.length) return refused(split);
  const ordered = [...inputs].sort((a, b) => a.shard.index - b.shard.index);
  const { certificate, errors: combineErrors } = prover.combine(ordered, new Date().toISOString());
  if (!certificate) return refused(combineErrors);
  writeFileAtomic(certificatePath, JSON.stringify(certificate, null, 1) + "\n");
  return { ok: true, errors: [], certificatePath, certificate };
}

// ---------------------------------------------------------------------------
// The command line every prover shares

/** The options of a sharded run, for parseArgs. */
export const SHARD_OPTIONS = {
  shard: { type: "string" },
  "shard-from-env": { type: "string" },
  block: { type: "string" },
  shards: { type: "string" },
  merge: { type: "boolean" },
  workers: { type: "string" },
  budget: { type: "string" },
  "checkpoint-seconds": { type: "string" },
  "stop-after": { type: "string" },
  force: { type: "boolean" },
  quiet: { type: "boolean" },
} as const;

export const SHARD_USAGE = `  --shard i/N              run shard i of N (0-based) and write shard-<i>-of-<N>.json
  --shard-from-env VAR/N   the same, the index read from $VAR (SLURM_ARRAY_TASK_ID, a matrix index, …)
  --block a-b/N            run shards a..b of N (W at a time with --workers W), no merge: one job of a matrix
  --merge [--shards N]     merge one split's shard certificates into certificate.json
  --workers W [--shards M] M shards (default 4W), W at a time in local workers, then merge
  --budget 3h50m           stop cleanly with checkpoints when the time is up (exit 130); rerun to continue
  --checkpoint-seconds S   checkpoint every S seconds (default 30)
  --force                  rerun shards that already have a certificate
  --quiet                  no progress lines
  --stop-after K           stop after K units as if interrupted (tests)`;

/** parseArgs with the shared options and a prover's own, positionals allowed; a bad option is a CliError (one line, exit 2). */
export function parseProverArgs<const T extends Record<string, OptionConfig>>(args: string[], own: T) {
  return parseArgs({ args, allowPositionals: true, options: { ...SHARD_OPTIONS, ...own } });
}

export interface ShardArgs {
  shard?: string;
  "shard-from-env"?: string;
  block?: string;
  shards?: string;
  merge?: boolean;
  workers?: string;
  budget?: string;
  "checkpoint-seconds"?: string;
  "stop-after"?: string;
  force?: boolean;
  quiet?: boolean;
}

/** Below this many units a run stays in this thread (a worker's start-up would cost more than the run). */
export const IN_PROCESS_TOTAL = 100_000;

export interface RunCommandHooks<M> {
  /** After a successful merge (e.g. mark the record proven). */
  afterMerge?: (certificatePath: string, certificate: M) => void;
  /** The line printed for a proven merge. */
  proven: (certificate: M, seconds: number) => string;
}

/**
 * What `--shard`, `--shard-from-env`, `--merge` and `--workers` do, for any
 * prover: one shard (exit 0, or 1 when it disproves the claim), a merge (0,
 * or 1 refused), or every shard of a split then the merge; 130 when stopped
 * (checkpoints written).
 */
export async function runShardCommand<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  ref: ProverRef,
  v: ShardArgs,
  hooks: RunCommandHooks<M>,
  stop?: { requested: boolean },
): Promise<number> {
  // Without a caller's stop flag, Ctrl-C here stops the run at the next chunk (checkpoints written).
  if (!stop) {
    const own = { requested: false };
    const onSigint = () => void (own.requested = true);
    Deno.addSignalListener("SIGINT", onSigint);
    try {
      return await runShardCommand(prover, place, ref, v, hooks, own);
    } finally {
      Deno.removeSignalListener("SIGINT", onSigint);
    }
  }
  const shards = intOption("shards", v.shards, { min: 1 });
  const workers = intOption("workers", v.workers, { min: 1 });
  const checkpointSeconds = numberOption("checkpoint-seconds", v["checkpoint-seconds"], { min: 0 });
  const stopAfter = intOption("stop-after", v["stop-after"], { min: 0 });
  const budget = durationOption("budget", v.budget);
  const deadline = budget !== undefined ? Date.now() + budget : undefined;
  if (v.shard !== undefined && v["shard-from-env"] !== undefined) throw new CliError("give --shard or --shard-from-env, not both");
  const one = v.shard !== undefined ? parseShard(v.shard) : v["shard-from-env"] !== undefined ? shardFromEnv(v["shard-from-env"]) : null;
  if (v.merge && one) throw new CliError("--merge merges every shard: give it without --shard");
  const block = v.block !== undefined ? parseBlock(v.block) : null;
  if (block && (one || v.merge)) throw new CliError("--block runs a block of shards: give it without --shard, --shard-from-env or --merge");
  if (block && shards !== undefined && shards !== block.count) {
    throw new CliError(`--block ${v.block} is a block of a split into ${block.count}, --shards says ${shards}`);
  }
  const refuse = (errors: string[]) => {
    process.stderr.write(`error: ${prover.label} not proven: ${errors.join("; ")}\n`);
    return EXIT_REFUSED;
  };
  const merge = async (count?: number, seconds = 0) => {
    const r = await mergeShardFiles(prover, place, { shards: count });
    if (!r.ok) return refuse(r.errors);
    hooks.afterMerge?.(r.certificatePath, r.certificate!);
    console.log(hooks.proven(r.certificate!, seconds));
    return 0;
  };
  if (v.merge) return await merge(shards);
  const common = { checkpointSeconds, stopAfter, force: v.force, stop, deadline };
  if (one) {
    const inProcess = prover.total <= IN_PROCESS_TOTAL;
    const r = await runShards(
      prover,
      place,
      ref,
      [one.index],
      one.count,
      { ...common, workers: 1, inProcess },
      `${prover.label} shard ${one.index}/${one.count}`,
    );
    if (r === "stopped") {
      process.stderr.write(`stopped: checkpoint written; rerun the same command to continue\n`);
      return EXIT_INTERRUPTED;
    }
    const path = join(place.dir, shardFileName(one.index, one.count));
    const c = prover.readShard(shown(path), readJson(path));
    if (typeof c === "string") throw new CliError(c);
    console.log(`done: ${prover.label} shard ${one.index}/${one.count}: ${prover.describe(c.certificate)} -> ${shown(path)}`);
    return prover.failure(c.certificate) ? EXIT_REFUSED : 0;
  }
  if (block) return await runBlock(prover, place, ref, block, { ...common, workers: Math.max(1, workers ?? 1) });
  const t0 = performance.now();
  const w = Math.max(1, workers ?? 1);
  const count = shards ?? (w > 1 ? w * 4 : 1);
  const inProcess = workers === undefined && prover.total <= IN_PROCESS_TOTAL;
  const label = `${prover.label}` + (count > 1 ? ` (${count} shards${w > 1 ? `, ${w} workers` : ""})` : "");
  const indices = Array.from({ length: count }, (_, i) => i);
  const r = await runShards(prover, place, ref, indices, count, { ...common, workers: w, inProcess }, label);
  if (r === "stopped") {
    process.stderr.write(`stopped${stop.requested ? "" : " (budget used up)"}: checkpoints written; rerun the same command to continue\n`);
    return EXIT_INTERRUPTED;
  }
  return await merge(count, (performance.now() - t0) / 1000);
}

function parseBlock(text: string): ShardBlock {
  const r = parseShardBlock(text);
  if (typeof r === "string") throw new CliError(r);
  return r;
}

/**
 * `--block a-b/N`: shards a..b of a split into N, W at a time, and no merge
 * (the other blocks run elsewhere: one job of a CI matrix or a batch array
 * takes a block when the split has more shards than the matrix has jobs).
 * Shards with a certificate already are skipped (unless --force), so a
 * dispatch that repeats a block continues it. Exit 0, 1 when a shard
 * disproves the claim, 130 when stopped (checkpoints written).
 */
async function runBlock(
  prover: AnyProver,
  place: RunPlace,
  ref: ProverRef,
  block: ShardBlock,
  o: Omit<RunShardsOptions, "inProcess">,
): Promise<number> {
  const indices = Array.from({ length: block.last - block.first + 1 }, (_, i) => block.first + i);
  const label = `${prover.label} shards ${block.first}-${block.last}/${block.count}`;
  const inProcess = o.workers === 1 && prover.total <= IN_PROCESS_TOTAL;
  const r = await runShards(prover, place, ref, indices, block.count, { ...o, inProcess }, label);
  if (r === "stopped") {
    process.stderr.write(
      `stopped${o.stop?.requested ? "" : " (budget used up)"}: checkpoints written; rerun the same command to continue\n`,
    );
    return EXIT_INTERRUPTED;
  }
  let failures = 0;
  for (const i of indices) {
    const path = join(place.dir, shardFileName(i, block.count));
    const c = prover.readShard(shown(path), readJson(path));
    if (typeof c === "string") throw new CliError(c);
    if (prover.failure(c.certificate)) failures++;
  }
  console.log(
    `done: ${label}: ${indices.length} shard certificates in ${shown(place.dir)}` +
      (failures ? `; ${failures} disprove the claim` : "") + `; merge with --merge --shards ${block.count} once every shard is done`,
  );
  return failures ? EXIT_REFUSED : 0;
}
