/**
 * One shard of a sharded run (solvers/proof/sharded.ts has the prover
 * interface): run or continue it to its certificate in slices of about 50 ms,
 * checkpointing every checkpointSeconds and on stop, and refuse (exit 2, file
 * left as it is) a shard certificate or checkpoint this run cannot use.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { type ShardedProver, shardFileName, type ShardRef } from "../../../solvers/proof/sharded.ts";
import { CliError, errorMessage, writeFileAtomic } from "../cli.ts";
import { checkpointPath, readCheckpointFile, readJson, removeCheckpointFile, shown, writeCheckpoint } from "./checkpoint.ts";
import type { RunPlace } from "./prover.ts";

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

export const tick = () => new Promise<void>((r) => setTimeout(r, 0));

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
  // A checkpoint that cannot be resumed stops the run: continuing would overwrite it.
  const restart = `left as it is; move it away to start shard ${shard.index} of ${shard.count} from its beginning`;
  const json = readCheckpointFile(cpPath, (why) => `checkpoint ${shown(cpPath)} is corrupt (${why}): ${restart}`);
  if (json !== null) {
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
  removeCheckpointFile(cpPath);
  try {
    if (readdirSync(join(place.dir, "checkpoints")).length === 0) rmSync(join(place.dir, "checkpoints"), { recursive: true });
  } catch {
    // another shard's run may be using the folder
  }
  return { status: "done", certificatePath: certPath, certificate };
}
