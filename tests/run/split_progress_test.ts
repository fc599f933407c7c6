/**
 * How far an unmerged run is (solvers/proof/sharded.ts splitProgress, and
 * scripts/lib/run/merge.ts readRunProgress over a run's folder): against a
 * plain recount on random sets of shards, and on files that a merge would
 * refuse (a duplicate, a forged range, a misnamed file, JSON that is not a
 * shard, a shard of another split).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contiguousRange, shardFileName, type ShardInput, splitProgress } from "../../solvers/proof/sharded.ts";
import { readRunProgress, runShard } from "../../scripts/lib/sharded-run.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";
import { toyProver } from "../helpers/toy-prover.ts";

function input(total: number, index: number, count: number, file = shardFileName(index, count)): ShardInput<null> {
  return { file, sha256: "", shard: { index, count }, range: contiguousRange(total, index, count), certificate: null };
}

Deno.test("splitProgress: shards done and units covered equal a plain recount on random sets", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const rng = mulberry32(seed);
    const total = rng.int(0, 5000), count = rng.int(1, 40);
    const done = rng.sample([...Array(count).keys()], rng.int(0, count));
    const shards = done.map((i) => input(total, i, count));
    // A few shards of a smaller split beside it: not the run's, so not counted.
    const other = Math.max(1, Math.floor(count / 3));
    const strays = done.length > 1 ? rng.int(0, Math.min(other, done.length - 1)) : 0;
    for (let j = 0; j < strays; j++) shards.push(input(total, j, other === count ? count + 1 : other));
    withInstance(seed, () => `total ${total}, count ${count}, done ${done}, strays ${strays}`, () => {
      const p = splitProgress({ total, rangeOf: (i, n) => contiguousRange(total, i, n) }, rng.shuffle(shards));
      if (shards.length === 0) {
        assert.equal(p, null);
        return;
      }
      let covered = 0;
      for (const i of done) covered += Math.floor(((i + 1) * total) / count) - Math.floor((i * total) / count);
      assert.deepEqual(p, { count, done: done.length, covered, total, errors: [] });
    });
  }
});

Deno.test("splitProgress: a duplicate, a forged range and a misnamed file are errors, and count once", () => {
  const total = 1000, count = 8;
  const rangeOf = (i: number, n: number) => contiguousRange(total, i, n);
  const good = [0, 1, 2].map((i) => input(total, i, count));
  const dup = { ...good[1], file: "shard-1-of-8-copy.json" };
  const p = splitProgress({ total, rangeOf }, [...good, dup])!;
  assert.equal(p.done, 3);
  assert.equal(p.covered, 375);
  assert.match(p.errors.join("\n"), /shard 1 of 8 occurs 2 times/);
  assert.match(p.errors.join("\n"), /name and content disagree/);
  // A forged range cannot inflate the coverage: it comes from the split.
  const forged = { ...good[2], range: [250, 1000] as [number, number] };
  const q = splitProgress({ total, rangeOf }, [good[0], good[1], forged])!;
  assert.equal(q.covered, 375);
  assert.match(q.errors.join("\n"), /range \[250,1000\) is not shard 2's \[250,375\) of 8/);
});

Deno.test("readRunProgress: a run's folder as it stands, its bad files named", async () => {
  const dir = mkdtempSync(join(tmpdir(), "split-progress-"));
  try {
    const T = 900;
    const { prover, place } = toyProver(T, dir);
    assert.equal(readRunProgress(prover, dir), null);
    for (const i of [0, 2, 5]) assert.equal((await runShard(prover, place, { index: i, count: 6 })).status, "done");
    const r = readRunProgress(prover, dir)!;
    assert.deepEqual(r.progress, { count: 6, done: 3, covered: 450, total: T, errors: [] });
    assert.deepEqual(r.shards.map((s) => s.shard.index).sort(), [0, 2, 5]);
    // A file that is not JSON, and one the prover's readShard refuses, are errors; the rest still count.
    writeFileSync(join(dir, "shard-1-of-6.json"), "{ not json");
    const two = JSON.parse(readFileSync(join(dir, shardFileName(2, 6)), "utf8"));
    writeFileSync(join(dir, shardFileName(2, 6)), JSON.stringify({ ...two, format: "other/1" }));
    const bad = readRunProgress(prover, dir)!;
    assert.equal(bad.progress.done, 2);
    assert.equal(bad.progress.covered, 300);
    assert.match(bad.progress.errors.join("\n"), /shard-1-of-6\.json is not valid JSON/);
    assert.equal(bad.progress.errors.length, 2, bad.progress.errors.join("\n"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
