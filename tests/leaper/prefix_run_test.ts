/**
 * The tree walk of prefix-run.ts against the position-by-position run of
 * run.ts (itself checked against a brute force in prove_test.ts), on many
 * random small spaces: every leaper, board, kind and claim drawn at random.
 * A subtree the prefix rules reject must hold only positions the one-level
 * tests reject, so both runs must agree on positions, symmetry skips,
 * searches, engine nodes and hits, and the prefix run's P must equal the
 * plain run's one-level rejections it did not see one by one (the no-end
 * rule's N among them). Sharded,
 * unevenly stepped and resumed runs must add up to the whole.
 */
import assert from "node:assert/strict";
import { buildSpace, componentCandidates, PROOF_KINDS, type ProofKind } from "../../solvers/leaper/proof/space.ts";
import { shardRange } from "../../solvers/proof/sharded.ts";
import { type ProofCounts, ProofRun } from "../../solvers/leaper/proof/run.ts";
import { PrefixRun } from "../../solvers/leaper/proof/prefix-run.ts";
import { stratifiedEstimate } from "../../solvers/leaper/proof/estimate.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { boardGraph } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { mulberry32 } from "../helpers/random.ts";

const TESTS = ["K", "N", "D", "S", "3", "C"] as const;
const oneLevelSum = (c: ProofCounts) => TESTS.reduce((a, t) => a + c.rejected[t], 0);

function runAll(r: ProofRun): ProofCounts {
  while (!r.done) r.step(Infinity);
  return r.state().counts;
}

function compare(what: string, plain: ProofCounts, prefix: ProofCounts): void {
  assert.equal(prefix.positions, plain.positions, `positions: ${what}`);
  assert.equal(prefix.skippedBySymmetry, plain.skippedBySymmetry, `symmetry skips: ${what}`);
  assert.equal(prefix.searched, plain.searched, `searched: ${what}`);
  assert.equal(prefix.nodes, plain.nodes, `engine nodes: ${what}`);
  assert.equal(prefix.hits, plain.hits, `hits: ${what}`);
  assert.deepEqual(prefix.hitExamples.map((h) => h.index), plain.hitExamples.map((h) => h.index), `hit examples: ${what}`);
  assert.equal(prefix.rejected.P + oneLevelSum(prefix), oneLevelSum(plain), `P covers exactly the rejections not seen: ${what}`);
  assert.equal(plain.rejected.P, 0);
}

/** A random small space: leaper, board, kind and a claim whose space has at most `limit` positions. */
function randomSpace(seed: number, limit: number) {
  const rng = mulberry32(seed);
  for (;;) {
    const a = rng.int(0, 3);
    const b = rng.int(Math.max(1, a), 4);
    const dims = [rng.int(3, 6), rng.int(3, 6)];
    const kind: ProofKind = rng.pick(PROOF_KINDS);
    const g = boardGraph(makeBoard(dims), leaper(a, b));
    let m = 0;
    for (let s = 0; s < g.order; s++) m = Math.max(m, componentCandidates(g, s).length);
    if (m < 3) continue;
    const claimed = rng.int(Math.max(0, m - 6), m - 1);
    const space = buildSpace(kind, [a, b], dims, claimed);
    if (space.total > 0 && space.total <= limit) {
      return { space, what: `${kind} [${a},${b}] ${dims.join("x")} claim ${claimed} (seed ${seed})` };
    }
  }
}

Deno.test("prefix run = position-by-position run on 300 random small spaces, with and without symmetry", () => {
  let pruned = 0;
  let hits = 0;
  let noEnd = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const { space, what } = randomSpace(seed, 20_000);
    for (const symmetry of [true, false]) {
      const plain = runAll(new ProofRun(space, 0, space.total, undefined, { symmetry }));
      const run = new PrefixRun(space, 0, space.total, undefined, { symmetry });
      const prefix = runAll(run);
      compare(`${what}${symmetry ? "" : " no symmetry"}`, plain, prefix);
      pruned += prefix.rejected.P;
      hits += prefix.hits;
      noEnd += run.noEndNodes;
    }
  }
  // The comparison means something only if the rules fired (the no-end rule among them) and claims were refuted.
  assert.ok(pruned > 100_000, `prefix rules rejected ${pruned} positions`);
  assert.ok(noEnd > 1_000, `the no-end rule settled ${noEnd} nodes`);
  assert.ok(hits > 0);
});

Deno.test("prefix run: shards, uneven steps and resumed states add up to the whole run", () => {
  const rng = mulberry32(77);
  for (
    const [kind, leap, dims, claimed] of [
      ["dual-free", [1, 2], [6, 6], 31],
      ["closed", [1, 2], [5, 5], 20],
      ["open", [1, 2], [5, 5], 20],
      ["dual-free", [0, 1], [5, 5], 20],
    ] as [ProofKind, [number, number], number[], number][]
  ) {
    const space = buildSpace(kind, leap, dims, claimed);
    const whole = runAll(new PrefixRun(space, 0, space.total));
    compare(`${kind} [${leap}] ${dims.join("x")}`, runAll(new ProofRun(space, 0, space.total)), whole);
    assert.ok(whole.rejected.P > 0);
    for (const N of [1, 3, 7]) {
      let positions = 0, skipped = 0, searched = 0, nodes = 0, hits = 0, p = 0;
      for (let i = 0; i < N; i++) {
        const [lo, hi] = shardRange(space.total, i, N);
        let r = new PrefixRun(space, lo, hi);
        while (!r.done) {
          r.step(1 + rng.int(0, 3000));
          // Resume from the saved state now and then, as a checkpoint would.
          if (rng.chance(0.3)) r = new PrefixRun(space, lo, hi, r.state());
        }
        const c = r.state().counts;
        assert.equal(c.positions + c.skippedBySymmetry, hi - lo, "a shard covers its range");
        positions += c.positions;
        skipped += c.skippedBySymmetry;
        searched += c.searched;
        nodes += c.nodes;
        hits += c.hits;
        p += c.rejected.P + oneLevelSum(c);
      }
      const what = `${kind} [${leap}] ${dims.join("x")}, ${N} shards`;
      assert.deepEqual(
        [positions, skipped, searched, nodes, hits, p],
        [whole.positions, whole.skippedBySymmetry, whole.searched, whole.nodes, whole.hits, whole.rejected.P + oneLevelSum(whole)],
        what,
      );
    }
  }
});

Deno.test("stratified estimate: strata tile the space (run whole when they fit a window) and the projection adds them up", () => {
  const space = buildSpace("dual-free", [1, 2], [5, 5], 16);
  const whole = runAll(new PrefixRun(space, 0, space.total));
  // A clock that advances 1 ms per reading: every timed piece costs exactly 1 ms.
  let now = 0;
  const e = stratifiedEstimate(space, { strata: 7, window: space.total, windows: 3, clock: () => ++now, top: 1000 });
  assert.equal(e.sampled, space.total, "every position once");
  assert.equal(e.searched, whole.searched);
  assert.ok(e.strata >= 7 && e.strata === e.heaviest.length);
  let at = 0;
  for (const c of [...e.heaviest].sort((a, b) => a.lo - b.lo)) {
    assert.equal(c.lo, at, "strata are contiguous");
    at = c.hi;
    assert.equal(c.windows, 0);
    assert.equal(c.projectedSeconds, 0.001);
  }
  assert.equal(at, space.total);
  assert.ok(Math.abs(e.projectedSeconds - 0.001 * e.strata) < 1e-9);
  assert.deepEqual(e.interval, [e.projectedSeconds, e.projectedSeconds]);
  // Sampled strata: windows inside their stratum, the projection scaled by the stratum's size.
  const s = stratifiedEstimate(space, { strata: 3, window: 10, windows: 2, seed: 5, clock: () => ++now, top: 1000 });
  for (const c of s.heaviest) {
    if (c.windows === 0) continue;
    assert.equal(c.sampled, 20);
    assert.ok(Math.abs(c.projectedSeconds - (0.001 / 10) * (c.hi - c.lo)) < 1e-9);
  }
});

Deno.test("engine = false (timing only): the same positions reach the engine's place, none is searched", () => {
  const space = buildSpace("dual-free", [1, 2], [5, 5], 15);
  const full = runAll(new PrefixRun(space, 0, space.total));
  const bare = runAll(new PrefixRun(space, 0, space.total, undefined, { engine: false }));
  assert.ok(full.searched > 0 && full.nodes > 0 && full.hits > 0);
  assert.equal(bare.searched, full.searched);
  assert.equal(bare.positions, full.positions);
  assert.equal(bare.nodes, 0);
  assert.equal(bare.hits, 0);
});
