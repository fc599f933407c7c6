/**
 * The shared mechanism for long exhaustive runs (solvers/proof/sharded.ts,
 * scripts/lib/sharded-run.ts), on a toy prover and on the ported provers:
 *
 * - the split checks refuse a missing, duplicated, foreign or misplaced shard
 *   and a gap in the tiling;
 * - a run interrupted anywhere and resumed gives the same shard certificates
 *   as a straight run, in this thread and in workers;
 * - the locust edge-method prover, stepped and resumed, counts exactly what a
 *   single pass over each range counts (the code it replaced), its merge is
 *   accepted by verify's certificate check, refuses a foreign shard, and the
 *   committed 8x8 locust proof merges back to the committed certificate;
 * - the domination count's strided split tiles the space, its stepped shards
 *   equal the one-pass shard runs, the merge equals the unsharded count, and
 *   a foreign shard is refused.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkSplit, contiguousRange, type ShardInput, stridedRange, stridedUnit, tilingErrors } from "../../solvers/proof/sharded.ts";
import { dominationProver } from "../../scripts/families/domination/prove.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { symmetries } from "../../solvers/board/symmetry.ts";
import { buildDominationGraph } from "../../solvers/domination/graph.ts";
import { dominationPiece } from "../../solvers/domination/pieces.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import { runShard as runDominationShard, shardSubproblems, splitSubproblems } from "../../solvers/domination/shard.ts";
import { mergeShardFiles, progressLine, runShard, runShards } from "../../scripts/lib/sharded-run.ts";
import { toyProver, toyRange } from "../helpers/toy-prover.ts";
import { locustProver } from "../../scripts/families/locust/prove.ts";
import { buildEdgeSpace, runEdgeRange } from "../../solvers/locust/edge-space.ts";
import { checkLocustCertificate } from "../../solvers/locust/certificate.ts";
import { sha256 } from "../../scripts/families/locust/prove.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";

function input(file: string, index: number, count: number, range: [number, number]): ShardInput<unknown> {
  return { file, sha256: "0".repeat(64), shard: { index, count }, range, certificate: null };
}

Deno.test("split checks: complete splits pass; missing, duplicated, misnamed, misplaced and mixed splits are named", () => {
  const split = { total: 100, contiguous: true, rangeOf: (i: number, n: number) => contiguousRange(100, i, n) };
  const all = (n: number) => Array.from({ length: n }, (_, i) => input(`shard-${i}-of-${n}.json`, i, n, contiguousRange(100, i, n)));
  for (const n of [1, 3, 7]) assert.deepEqual(checkSplit(split, all(n)), []);
  const three = all(3);
  assert.match(checkSplit(split, [three[0], three[2]]).join(";"), /shard 1 of 3 is missing.*covered by no shard/);
  assert.deepEqual(tilingErrors(three, 100), []);
  assert.deepEqual(tilingErrors([three[0], three[2]], 100), ["positions [33, 66) are covered by no shard"]);
  assert.deepEqual(tilingErrors([three[0], { ...three[1], range: [30, 66] }, three[2]], 100), [
    "shard-1-of-3.json: range [30, 66) overlaps the previous shard (which ends at 33)",
  ]);
  assert.deepEqual(tilingErrors(three, 101), ["positions [100, 101) are covered by no shard"]);
  assert.deepEqual(tilingErrors(three, 99), ["shards reach 100, past the end of the space (99)"]);
  assert.match(checkSplit(split, [...three, { ...three[1], file: "shard-1-of-3.json" }]).join(";"), /shard 1 of 3 occurs 2 times/);
  assert.match(checkSplit(split, [three[0], { ...three[1], file: "shard-2-of-3.json" }, three[2]]).join(";"), /name and content disagree/);
  assert.match(checkSplit(split, [three[0], { ...three[1], range: [30, 67] }, three[2]]).join(";"), /is not shard 1's/);
  assert.match(checkSplit(split, [...three, input("shard-0-of-2.json", 0, 2, [0, 50])]).join(";"), /different splits/);
  assert.deepEqual(checkSplit(split, []), ["no shard certificates"]);
  // a run of three or more missing shards is named once, shorter gaps shard by shard
  const ten = all(10);
  const early = checkSplit(split, [ten[0], ten[1], ten[5]]);
  assert.ok(
    early.includes("shards 2-4 of 10 are missing (3 shards)") && early.includes("shards 6-9 of 10 are missing (4 shards)"),
    early.join(";"),
  );
  const gaps = checkSplit(split, [ten[0], ten[3], ten[4], ten[7], ten[8], ten[9]]);
  for (const i of [1, 2, 5, 6]) assert.ok(gaps.includes(`shard ${i} of 10 is missing`), gaps.join(";"));
  assert.equal(gaps.filter((e) => /missing/.test(e)).length, 4);
});

Deno.test("progress line: the rate and ETA count only this run's work, not shards finished before it", () => {
  // A run resumed at 5,500 of 10,000 that did 100 more in 10 s: 10/s, 440 s left.
  const resumed = progressLine("cell", "positions", 5600, 10000, 100, 10);
  assert.match(resumed, /^cell: 5600\/10000 positions \(56\.0%\), 10\/s, ETA 7\.3 min$/);
  // Counting the earlier 5,500 as this run's would claim 560/s and 7.9 s left.
  assert.doesNotMatch(resumed, /560\/s/);
  assert.match(progressLine("cell", "positions", 5500, 10000, 0, 10), /, 0\/s, ETA \?$/);
  assert.match(progressLine("cell", "positions", 0, 0, 0, 0), /\(100\.0%\)/);
});

Deno.test("a run stopped anywhere resumes to the same shards as a straight run, in this thread and in workers", async () => {
  const root = mkdtempSync(join(tmpdir(), "sharded-"));
  try {
    const T = 5000;
    const straight = toyProver(T, join(root, "straight"));
    const ref = (dir: string) => ({ module: new URL("../helpers/toy-prover.ts", import.meta.url).href, name: "toyProver", args: [T, dir] });
    const stop = { requested: false };
    await runShards(straight.prover, straight.place, ref(straight.place.dir), [0, 1, 2], 3, { workers: 1, inProcess: true, stop }, "toy");
    const stepped = toyProver(T, join(root, "stepped"));
    for (const stopAfter of [1, 7, 300, 1000]) {
      for (let i = 0; i < 3; i++) {
        const r = await runShard(stepped.prover, stepped.place, { index: i, count: 3 }, { stopAfter, checkpointSeconds: 0 });
        assert.ok(r.status === "stopped" || r.status === "done" || r.status === "existing");
      }
    }
    for (let i = 0; i < 3; i++) await runShard(stepped.prover, stepped.place, { index: i, count: 3 });
    const inWorkers = toyProver(T, join(root, "workers"));
    await runShards(inWorkers.prover, inWorkers.place, ref(inWorkers.place.dir), [0, 1, 2], 3, { workers: 2, stop }, "toy");
    for (let i = 0; i < 3; i++) {
      const f = `shard-${i}-of-3.json`;
      const want = readFileSync(join(straight.place.dir, f), "utf8");
      assert.equal(readFileSync(join(stepped.place.dir, f), "utf8"), want, `${f} stepped`);
      assert.equal(readFileSync(join(inWorkers.place.dir, f), "utf8"), want, `${f} in workers`);
    }
    assert.ok(!existsSync(join(stepped.place.dir, "checkpoints")), "checkpoints removed once every shard is done");
    const m = await mergeShardFiles(straight.prover, straight.place, { shards: 3 });
    assert.equal(m.ok, true, m.errors.join("; "));
    assert.equal(m.certificate!.sum, toyRange(0, T).sum);
    assert.equal(m.certificate!.shards.length, 3);
    // A shard of another space in the folder: the merge refuses and writes nothing new.
    const file1 = join(straight.place.dir, "shard-1-of-3.json");
    writeFileSync(file1, JSON.stringify({ ...JSON.parse(readFileSync(file1, "utf8")), total: T + 1 }));
    rmSync(join(straight.place.dir, "certificate.json"));
    const bad = await mergeShardFiles(straight.prover, straight.place, { shards: 3 });
    assert.equal(bad.ok, false);
    assert.match(bad.errors.join(";"), /another space/);
    assert.ok(!existsSync(join(straight.place.dir, "certificate.json")));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("locust prover: stepped and resumed counts equal one pass per range; merge checks out; a foreign shard is refused", async () => {
  const root = mkdtempSync(join(tmpdir(), "sharded-locust-"));
  try {
    // 6x6, 22 men: 17,604 placements, the claim false (hits); 24 men: 81 placements, true.
    const false22 = locustProver({ kind: "locust", mode: "exists", n: 6, men: 22, proofsDir: root, codeVersion: "test", quiet: true });
    const space = buildEdgeSpace("locust", 6, 22);
    for (let i = 0; i < 3; i++) {
      let r;
      do r = await runShard(false22.prover, false22.place, { index: i, count: 3 }, { stopAfter: 997, checkpointSeconds: 0 }); while (
        r.status === "stopped"
      );
      const c = JSON.parse(readFileSync(join(false22.place.dir, `shard-${i}-of-3.json`), "utf8"));
      const [lo, hi] = contiguousRange(space.total, i, 3);
      const { firstHit, nodes: onceNodes, ...once } = runEdgeRange(space, "exists", lo, hi);
      // Nodes are effort, not coverage: the capture counter keeps its memo per slice across calls, so a range cut
      // into chunks and resumed (a cold memo after each stop) searches more nodes than one pass. The coverage counts must agree.
      const { nodes, ...covered } = c.counts;
      assert.deepEqual(covered, once, `shard ${i} counts`);
      assert.ok(
        Number.isInteger(nodes) && nodes >= 0 && (onceNodes === 0) === (nodes === 0),
        `shard ${i} nodes ${nodes} vs one pass ${onceNodes}`,
      );
      assert.deepEqual(c.firstHit, firstHit, `shard ${i} first hit`);
    }
    const refused = await mergeShardFiles(false22.prover, false22.place, { shards: 3 });
    assert.equal(refused.ok, false);
    assert.match(refused.errors[0], /hit\(s\), first .*the statement is false/);

    const true24 = locustProver({ kind: "locust", mode: "exists", n: 6, men: 24, proofsDir: root, codeVersion: "test", quiet: true });
    for (let i = 0; i < 3; i++) assert.equal((await runShard(true24.prover, true24.place, { index: i, count: 3 })).status, "done");
    const m = await mergeShardFiles(true24.prover, true24.place, { shards: 3 });
    assert.equal(m.ok, true, m.errors.join("; "));
    const hashes = new Map(
      [0, 1, 2].map((i) => [`shard-${i}-of-3.json`, sha256(readFileSync(join(true24.place.dir, `shard-${i}-of-3.json`)))]),
    );
    assert.deepEqual(checkLocustCertificate(m.certificate, { kind: "locust", mode: "exists", n: 6, men: 24 }, hashes), []);
    // The listed ranges must tile the space (the shared tilingErrors): a gap, an overlap and a short last shard are named.
    const listed = m.certificate!.shards;
    const withRanges = (f: (r: [number, number], i: number) => [number, number]) =>
      checkLocustCertificate({ ...m.certificate, shards: listed.map((s, i) => ({ ...s, range: f(s.range, i) })) }, {
        kind: "locust",
        mode: "exists",
        n: 6,
        men: 24,
      }, hashes).join(";");
    assert.match(withRanges((r, i) => (i === 1 ? [r[0] + 1, r[1]] : r)), /positions \[\d+, \d+\) are covered by no shard/);
    assert.match(withRanges((r, i) => (i === 1 ? [r[0] - 1, r[1]] : r)), /overlaps the previous shard/);
    assert.match(withRanges((r, i) => (i === 2 ? [r[0], r[1] - 1] : r)), /covered by no shard/);

    // The 22-men shard 1 dropped into the 24-men folder.
    cpSync(join(false22.place.dir, "shard-1-of-3.json"), join(true24.place.dir, "shard-1-of-3.json"));
    const foreign = await mergeShardFiles(true24.prover, true24.place, { shards: 3 });
    assert.equal(foreign.ok, false);
    assert.match(foreign.errors.join(";"), /shard-1-of-3.json is about locust-exists-6x6-22, not locust-exists-6x6-24/);
    await assert.rejects(runShard(true24.prover, true24.place, { index: 1, count: 3 }), /is about locust-exists-6x6-22.*left as it is/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("locust prover: the committed 8x8 proof merges back to its certificate", async () => {
  const root = mkdtempSync(join(tmpdir(), "sharded-locust-8-"));
  try {
    const id = "locust-exists-8x8-46";
    cpSync(join(familyPaths("locust").proofs, id), join(root, id), { recursive: true });
    const { prover, place } = locustProver({
      kind: "locust",
      mode: "exists",
      n: 8,
      men: 46,
      proofsDir: root,
      codeVersion: "test",
      quiet: true,
    });
    const m = await mergeShardFiles(prover, place, { shards: 16 });
    assert.equal(m.ok, true, m.errors.join("; "));
    const committed = JSON.parse(readFileSync(join(familyPaths("locust").proofs, id, "certificate.json"), "utf8"));
    const merged = JSON.parse(readFileSync(join(root, id, "certificate.json"), "utf8"));
    delete committed.mergedAt;
    delete merged.mergedAt;
    assert.deepEqual(merged, committed);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("locust prover's work profile counts the placements a run tests: every prefix of 6x6 ranges, and committed 8x8 shards", () => {
  // The ETA counts tested placements (ShardedProver.workIn); a profile that
  // disagreed with what the runner searches would promise a wrong ETA.
  for (const [kind, mode, men] of [["locust", "exists", 22], ["rook-locust", "closed-unique", 20]] as const) {
    const { prover } = locustProver({ kind, mode, n: 6, men, proofsDir: tmpdir(), codeVersion: "test", quiet: true });
    const space = buildEdgeSpace(kind, 6, men);
    assert.equal(prover.workUnit, "tested placements");
    for (let i = 0; i < 4; i++) {
      const [lo, hi] = contiguousRange(space.total, i, 4);
      const work = prover.workIn!([lo, hi]);
      assert.equal(work(0), 0);
      for (const d of [1, 2, 3, (hi - lo) >> 2, (hi - lo) >> 1, hi - lo - 1, hi - lo]) {
        assert.equal(work(d), runEdgeRange(space, mode, lo, lo + d).tested, `${kind} ${men} shard ${i}: first ${d} placements`);
      }
    }
  }
  const id = "rook-locust-closed-unique-8x8-39";
  const { prover } = locustProver({
    kind: "rook-locust",
    mode: "closed-unique",
    n: 8,
    men: 39,
    proofsDir: tmpdir(),
    codeVersion: "test",
    quiet: true,
  });
  let some = 0;
  for (const i of [0, 5, 11, 16, 20, 100, 200]) {
    const file = join(familyPaths("locust").proofs, id, `shard-${i}-of-256.json`);
    if (!existsSync(file)) continue;
    const c = JSON.parse(readFileSync(file, "utf8"));
    assert.equal(prover.workIn!(c.range)(c.range[1] - c.range[0]), c.counts.tested, `shard ${i}`);
    some++;
  }
  assert.ok(some >= 5, "committed rook-locust shards to compare with");
});

Deno.test("strided split: consecutive position ranges that tile the space, each shard's units j ≡ i (mod N)", () => {
  for (const T of [0, 1, 5, 17, 100]) {
    for (const N of [1, 2, 3, 7, 20]) {
      let at = 0;
      const seen: number[] = [];
      for (let i = 0; i < N; i++) {
        const [lo, hi] = stridedRange(T, i, N);
        assert.equal(lo, at, `T=${T} N=${N} shard ${i} starts where ${i - 1} ended`);
        const units = Array.from({ length: hi - lo }, (_, k) => stridedUnit(T, { index: i, count: N }, lo + k));
        assert.deepEqual(units, shardSubproblems(T, i, N), `T=${T} N=${N} shard ${i}`);
        seen.push(...units);
        at = hi;
      }
      assert.equal(at, T);
      assert.deepEqual(seen.sort((a, b) => a - b), Array.from({ length: T }, (_, j) => j));
    }
  }
});

Deno.test("domination prover: stepped and resumed shards equal the one-pass shard runs; the merge equals the unsharded count", async () => {
  const root = mkdtempSync(join(tmpdir(), "sharded-domination-"));
  try {
    const run = (piece: "queen" | "rook", n: number, gamma: number, dir: string) =>
      dominationProver({
        piece,
        board: [n, n],
        kind: "dominating",
        depth: 2,
        gamma,
        gammaSource: "given",
        dir,
        codeVersion: "test",
        quiet: true,
      });
    const { prover, place } = run("queen", 6, 3, join(root, "q6"));
    const board = makeBoard([6, 6]);
    const g = buildDominationGraph(board, dominationPiece("queen"));
    const subs = splitSubproblems(g, { kind: "dominating", limit: 3, depth: 2 });
    const syms = symmetries(board).map((s) => s.map);
    for (let i = 0; i < 4; i++) {
      let r;
      do r = await runShard(prover, place, { index: i, count: 4 }, { stopAfter: 5, checkpointSeconds: 0 }); while (r.status === "stopped");
      const c = JSON.parse(readFileSync(join(place.dir, `shard-${i}-of-4.json`), "utf8"));
      const once = runDominationShard(g, subs, i, 4, { kind: "dominating", limit: 3, symmetries: syms });
      for (const k of ["subproblems", "count", "canonical", "stabilizerSum", "minSize", "maxSize", "nodes"] as const) {
        assert.deepEqual(c[k], once[k], `shard ${i} ${k}`);
      }
    }
    const m = await mergeShardFiles(prover, place, { shards: 4 });
    assert.equal(m.ok, true, m.errors.join("; "));
    const whole = solveDomination({ board, piece: "queen", kind: "dominating", count: true });
    assert.equal(m.certificate!.count, whole.count);
    assert.equal(m.certificate!.classes, whole.classes);
    assert.equal(m.certificate!.shards.length, 4);

    // A shard of the rooks' count dropped into the queens' folder is refused by name.
    const rooks = run("rook", 6, 6, join(root, "r6"));
    await runShard(rooks.prover, rooks.place, { index: 2, count: 4 });
    cpSync(join(rooks.place.dir, "shard-2-of-4.json"), join(place.dir, "shard-2-of-4.json"));
    const foreign = await mergeShardFiles(prover, place, { shards: 4 });
    assert.equal(foreign.ok, false);
    assert.match(foreign.errors.join(";"), /shard-2-of-4.json is about rook-6x6-dominating at gamma 6, not queen-6x6-dominating/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
