/**
 * Worker entry for sharded runs (pool.ts, `--workers N`):
 * rebuilds the prover from its module and factory, runs one shard per "run"
 * message with the same code as a single-process run, posts progress, and
 * stops at the next chunk boundary (writing its checkpoint) on "stop".
 */
import { loadProver, type ProverRef } from "./prover.ts";
import { runShard, type ShardOptions } from "./shard.ts";
import { CliError, errorMessage } from "../cli.ts";
import type { ShardRef } from "../../../solvers/proof/sharded.ts";

interface RunMessage {
  type: "run";
  ref: ProverRef;
  shard: ShardRef;
  options: Pick<ShardOptions, "checkpointSeconds" | "stopAfter" | "force" | "deadline">;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
const stop = { requested: false };

scope.onmessage = async (e: MessageEvent<RunMessage | { type: "stop" }>) => {
  const m = e.data;
  if (m.type === "stop") {
    stop.requested = true;
    return;
  }
  const index = m.shard.index;
  try {
    const { prover, place } = await loadProver(m.ref);
    const r = await runShard(prover, { ...place, quiet: true }, m.shard, {
      ...m.options,
      stop,
      onProgress: (done, _size, checkpoint) => scope.postMessage({ type: "progress", index, done, checkpoint }),
    });
    scope.postMessage({ type: "done", index, status: r.status });
  } catch (err) {
    scope.postMessage({ type: "error", index, message: errorMessage(err), exitCode: err instanceof CliError ? err.exitCode : 1 });
  }
};
