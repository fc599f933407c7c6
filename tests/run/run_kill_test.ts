/**
 * The run mechanism (scripts/lib/run/) survives SIGKILL: a real proof run
 * (`atlas prove leaper`, the 2-3 leaper's dual-free 6x6 cell position by
 * position, two shards in a worker, a checkpoint after every chunk) is killed
 * once in the middle of a shard and once while a checkpoint is being written
 * (ATLAS_CHECKPOINT_PAUSE_MS holds the write between its temporary file and the
 * rename), then resumed by the same command: its certificate and shard files
 * are those of an uninterrupted run but for the timings (and the hashes that
 * cover them), and the merged certificate passes verify's full check.
 */
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { checkCertificateFiles } from "../../scripts/families/leaper/prove.ts";
import { RecordFile } from "../../solvers/leaper/schema.ts";

const CELL = "leaper-2-3-dual-free-6x6";
const atlas = new URL("../../scripts/atlas.ts", import.meta.url).pathname;

function start(root: string, proofs: string, env: Record<string, string> = {}): Deno.ChildProcess {
  const args = ["run", "-A", atlas, "prove", "leaper", CELL, "--shards", "2", "--no-prefix", "--checkpoint-seconds", "0", "--quiet"];
  return new Deno.Command(Deno.execPath(), {
    args: [...args, "--proofs-dir", proofs, "--records", join(root, "records.json"), "--no-record-update"],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

async function finish(child: Deno.ChildProcess): Promise<{ code: number; out: string; err: string }> {
  const r = await child.output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll (every 5 ms, at most 60 s) until `ready` holds, then SIGKILL the run; false when the run ended first. */
async function killWhen(child: Deno.ChildProcess, ready: () => boolean): Promise<boolean> {
  let ended = false;
  const status = child.status.then((s) => {
    ended = true;
    return s;
  });
  for (let t = 0; t < 12_000 && !ended; t++) {
    if (ready()) {
      child.kill("SIGKILL");
      const s = await status;
      assert.equal(s.signal, "SIGKILL");
      await finish(child);
      return true;
    }
    await sleep(5);
  }
  await finish(child);
  return false;
}

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** A certificate or shard file without what differs from run to run: timings, and the hashes of files holding timings. */
function withoutTimings(json: unknown): unknown {
  return JSON.parse(
    JSON.stringify(json),
    (k, v) => ["cpuSeconds", "startedAt", "finishedAt", "mergedAt", "sha256"].includes(k) ? undefined : v,
  );
}

Deno.test("a run killed mid-shard and mid-checkpoint resumes to the uninterrupted run's certificate", async () => {
  const root = mkdtempSync(join(tmpdir(), "run-kill-"));
  try {
    copyFileSync(familyPaths("leaper").records, join(root, "records.json"));
    const whole = join(root, "whole"), killed = join(root, "killed");
    const wholeRun = await finish(start(root, whole));
    assert.equal(wholeRun.code, 0, wholeRun.err);
    const wholeDir = join(whole, CELL), dir = join(killed, CELL), checkpoints = join(dir, "checkpoints");
    const cp0 = join(checkpoints, "shard-0-of-2.json");

    // 1. Killed in the middle of shard 0: its checkpoint written, its certificate not.
    const first = start(root, killed);
    assert.ok(await killWhen(first, () => existsSync(cp0)), "the run ended before its first checkpoint");
    assert.ok(!existsSync(join(dir, "shard-0-of-2.json")), "killed after shard 0 finished: not in the middle of it");
    const at1 = JSON.parse(readFileSync(cp0, "utf8"));

    // 2. Resumed, and killed while writing its second checkpoint after the resume: the temporary file is
    //    there, not yet renamed, and the checkpoint on disk is still a whole one.
    const second = start(root, killed, { ATLAS_CHECKPOINT_PAUSE_MS: "400" });
    const seen = new Set<string>();
    // Killed during its third checkpoint write: two whole ones are on disk by then, the later one past the
    // first (the first may stand where the killed run stopped, on a loaded machine the resumed run may not
    // have moved before it).
    const midWrite = () => {
      for (const f of files(checkpoints)) if (f.endsWith(".tmp")) seen.add(f);
      return seen.size >= 3;
    };
    assert.ok(await killWhen(second, midWrite), "the resumed run ended before its third checkpoint");
    assert.ok(files(checkpoints).some((f) => f.endsWith(".tmp")), "killed mid-write: the temporary file stays");
    assert.ok(!existsSync(join(dir, "certificate.json")));
    const at2 = JSON.parse(readFileSync(cp0, "utf8"));
    assert.notDeepEqual(withoutTimings(at2), withoutTimings(at1), "the resumed run got further before the kill");

    // 3. The same command again, to the end.
    const last = await finish(start(root, killed));
    assert.equal(last.code, 0, last.err);
    assert.match(last.out, /proven: leaper-2-3-dual-free-6x6/);
    assert.ok(!existsSync(checkpoints), "the finished run leaves no checkpoint and no temporary file");
    const read = (d: string, f: string) => JSON.parse(readFileSync(join(d, f), "utf8"));
    for (const f of ["certificate.json", "shard-0-of-2.json", "shard-1-of-2.json"]) {
      assert.deepEqual(withoutTimings(read(dir, f)), withoutTimings(read(wholeDir, f)), f);
    }
    const record = RecordFile.parse(read(root, "records.json")).records.find((r) => r.id === CELL)!;
    assert.deepEqual(await checkCertificateFiles(record, join(dir, "certificate.json")), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
