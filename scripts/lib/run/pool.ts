/**
 * Many shards of a split, `workers` at a time, each in its own worker
 * (worker.ts) or all in this thread: the scheduler of a sharded run, with the
 * progress line over every shard and Ctrl-C / --budget stops that leave a
 * checkpoint behind.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { shardFileName } from "../../../solvers/proof/sharded.ts";
import { CliError } from "../cli.ts";
import { checkpointPath, writeCheckpoint } from "./checkpoint.ts";
import { Progress } from "./progress.ts";
import { type AnyProver, EXIT_REFUSED, type ProverRef, type RunPlace } from "./prover.ts";
import { runShard, type ShardOptions, type ShardResult, tick } from "./shard.ts";

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
      if (!w) w = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
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
