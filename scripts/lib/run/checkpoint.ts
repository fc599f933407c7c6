/**
 * Checkpoints of every long run: the one routine that writes them (atomically:
 * a temporary file beside the target, then a rename, so a run killed at any
 * moment leaves either the old checkpoint or the new one, never half a file)
 * and the one that reads them back. Sharded runs keep theirs in
 * <run>/checkpoints/shard-<i>-of-<N>.json; the other runs (the locust scan,
 * Dawson runs, SerienZiel proofs) name their own file.
 *
 * ATLAS_CHECKPOINT_PAUSE_MS (tests only): pause this long after the temporary
 * file is written and before the rename, so that a test can kill a run while a
 * checkpoint is being written.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { shardFileName, type ShardRef } from "../../../solvers/proof/sharded.ts";
import { CliError, errorMessage, writeFileAtomic } from "../cli.ts";
import type { RunPlace } from "./prover.ts";

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** A path as the user typed it, relative to where they stand. */
export function shown(path: string): string {
  return relative(Deno.cwd(), path) || path;
}

export function checkpointPath(place: RunPlace, shard: ShardRef): string {
  return join(place.dir, "checkpoints", shardFileName(shard.index, shard.count));
}

/** The test hook's pause, read once (0: none). */
let pauseMs: number | undefined;
function testPause(): number {
  if (pauseMs === undefined) {
    let text: string | undefined;
    try {
      text = Deno.env.get("ATLAS_CHECKPOINT_PAUSE_MS");
    } catch {
      text = undefined; // no env permission: no hook
    }
    const ms = Number(text ?? 0);
    pauseMs = Number.isFinite(ms) && ms > 0 ? ms : 0;
  }
  return pauseMs;
}

/**
 * Write a checkpoint file atomically: JSON (`indent` as JSON.stringify's, none
 * by default) and a newline. The one write of every run's checkpoint.
 */
export function writeCheckpointFile(path: string, json: unknown, indent?: number): void {
  const ms = testPause();
  const beforeRename = ms > 0 ? () => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms) : undefined;
  writeFileAtomic(path, JSON.stringify(json, null, indent) + "\n", { beforeRename });
}

/**
 * A checkpoint file's JSON, or null when there is none. A file that is not
 * JSON stops the run with the line `refusal(why)` (CliError, exit 2) and is
 * left as it is: continuing would overwrite it.
 */
export function readCheckpointFile(path: string, refusal: (why: string) => string): unknown | null {
  if (!existsSync(path)) return null;
  try {
    return readJson(path);
  } catch (e) {
    throw new CliError(refusal(errorMessage(e)));
  }
}

/**
 * Remove a finished run's checkpoint, with the temporary files a run killed
 * while writing it left beside it (they are never read: the checkpoint itself
 * is either the old file or the new one).
 */
export function removeCheckpointFile(path: string): void {
  rmSync(path, { force: true });
  const dir = dirname(path), stale = `.${basename(path)}.`;
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) if (f.startsWith(stale) && f.endsWith(".tmp")) rmSync(join(dir, f), { force: true });
}

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
  writeCheckpointFile(path, json);
}
