/**
 * Worker entry for `deno task prove --workers N`: runs one shard per "run"
 * message with the same code as a single-process run (runShard), posts
 * progress, and stops at the next chunk boundary (writing its checkpoint) on a
 * "stop" message.
 */
import { type ProveEnv, runShard, type ShardOptions } from "./prove.ts";
import { errorMessage } from "../../lib/cli.ts";

interface RunMessage {
  type: "run";
  env: ProveEnv;
  id: string;
  shard: { index: number; count: number };
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
    const r = await runShard({ ...m.env, quiet: true }, m.id, m.shard, {
      ...m.options,
      stop,
      onProgress: (done, _size, checkpoint) => scope.postMessage({ type: "progress", index, done, checkpoint }),
    });
    scope.postMessage({ type: "done", index, status: r.status });
  } catch (err) {
    scope.postMessage({ type: "error", index, message: errorMessage(err) });
  }
};
