/**
 * The branch and bound of solvers/hopper/lazy.ts against the plain
 * combinatorial method (search.ts: every k-subset, one full BFS each) and
 * against the same tree without the bound, on random small boards for all
 * four hoppers: the number of positions for every k (the cut nodes count
 * C(u, k - t) each) and the three maxima must match exactly, with and
 * without seeds; every witness is re-valued by an independent BFS.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS, type HopperKind } from "../../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive } from "../../solvers/hopper/search.ts";
import { betterPosition, exhaustiveLazy } from "../../solvers/hopper/lazy.ts";
import type { HopperPosition } from "../../solvers/hopper/search.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";
import { hopperCases, lcg } from "../helpers/hopper-cases.ts";

const rnd = lcg(20261125);
const cases = (kind: HopperKind, count: number) => hopperCases(kind, count, rnd);

for (const kind of HOPPER_KINDS) {
  Deno.test(`bounded lazy enumeration equals the plain one and the unbounded tree: ${kind}`, () => {
    let compared = 0, cuts = 0;
    for (const [dims, K] of cases(kind, 6)) {
      const board = makeBoard(dims);
      const rays = hopper(kind).rays(board);
      const sc = makeScratch(rays);
      const space = enumerationSpace(kind, board);
      const free = exhaustiveLazy(kind, board, K);
      const bound = exhaustiveLazy(kind, board, K, { bound: true });
      const plains = Array.from({ length: K + 1 }, (_, k) => (k === 0 ? null : exhaustive(kind, board, k)));
      // Seeds: a weaker witness for half the k (it must not be returned as the maximum when something beats it).
      const seeds = plains.flatMap((p, k) => (p?.longest && k % 2 === 0 ? [{ start: p.longest.start, hurdles: p.longest.hurdles }] : []));
      const seeded = exhaustiveLazy(kind, board, K, { bound: true, seeds });
      cuts += bound.cuts;
      for (let k = 1; k <= K; k++) {
        const plain = plains[k]!;
        const where = `${kind} ${dims.join("x")} K=${K} k=${k}`;
        const total = space.reduce((s, x) => s + binomial(x.hurdleSquares.length, k), 0);
        for (const [name, run] of [["bound", bound], ["seeded", seeded]] as const) {
          const got = run.perK[k];
          assert.equal(got.positions, total, `${where} ${name}: coverage`);
          assert.equal(got.positions, free.perK[k].positions, `${where} ${name}: positions vs unbounded`);
          assert.equal(got.longest?.longest ?? -1, plain.longest?.longest ?? -1, `${where} ${name}: longest`);
          assert.equal(got.dualFree?.dualFree ?? -1, plain.dualFree?.dualFree ?? -1, `${where} ${name}: dual-free`);
          assert.equal(got.reach?.reached ?? -1, plain.reach?.reached ?? -1, `${where} ${name}: reach`);
          assert.equal(got.longest?.longest ?? -1, free.perK[k].longest?.longest ?? -1, `${where} ${name}: longest vs unbounded`);
          for (const [p, col] of [[got.longest, "longest"], [got.dualFree, "dualFree"], [got.reach, "reached"]] as const) {
            if (!p) continue;
            assert.equal(new Set(p.hurdles).size, k, `${where}: witness size`);
            assert.ok(!p.hurdles.includes(p.start));
            assert.equal(reachSummary(rays, p.start, occupancy(board, p.hurdles), sc, 2)[col], p[col], `${where}: witness ${col}`);
          }
        }
        compared++;
      }
      assert.ok(bound.leaves <= free.leaves, `${kind} ${dims.join("x")}: the bound never adds leaves`);
    }
    assert.ok(compared >= 6 * 3);
    // The bound must actually cut somewhere, or this test compares nothing new.
    assert.ok(cuts > 0, `${kind}: no node was cut`);
  });
}

Deno.test("a seed that is not a position of the space is refused", () => {
  const board = makeBoard([5, 5]);
  assert.throws(() => exhaustiveLazy("grasshopper", board, 3, { bound: true, seeds: [{ start: 0, hurdles: [0, 1] }] }), /not a position/);
  assert.throws(() => exhaustiveLazy("grasshopper", board, 3, { bound: true, seeds: [{ start: 0, hurdles: [3, 3] }] }), /not a position/);
  // The bishophopper's hurdles stay on its colour.
  assert.throws(
    () => exhaustiveLazy("bishophopper", makeBoard([4, 4]), 3, { bound: true, seeds: [{ start: 0, hurdles: [1] }] }),
    /not a position/,
  );
});

Deno.test("a wrong best value would be caught: the bound cuts only below values actually reached", () => {
  // Seeding with the true maximum position of every k must leave the maxima unchanged and return those values.
  const board = makeBoard([5, 5]);
  const K = 4;
  const seeds = [];
  for (let k = 1; k <= K; k++) {
    const p = exhaustive("grasshopper", board, k).longest!;
    seeds.push({ start: p.start, hurdles: p.hurdles });
  }
  const r = exhaustiveLazy("grasshopper", board, K, { bound: true, seeds });
  const free = exhaustiveLazy("grasshopper", board, K);
  for (let k = 1; k <= K; k++) {
    assert.equal(r.perK[k].longest?.longest, free.perK[k].longest?.longest);
    assert.equal(r.perK[k].positions, free.perK[k].positions);
  }
  assert.ok(r.leaves < free.leaves, "seeded with the maxima the tree must shrink");
});

Deno.test("a run in pieces (one start at a time, merged) equals the run at once, with and without the bound", () => {
  for (const [kind, dims, K] of [["grasshopper", [5, 6], 4], ["rookhopper", [6, 6], 4]] as const) {
    const board = makeBoard([...dims]);
    const whole = exhaustiveLazy(kind, board, K);
    const starts = enumerationSpace(kind, board).length;
    for (const bound of [false, true]) {
      const perK = Array.from(
        { length: K + 1 },
        () => ({
          positions: 0,
          longest: null as HopperPosition | null,
          dualFree: null as HopperPosition | null,
          reach: null as HopperPosition | null,
        }),
      );
      let leaves = 0;
      for (let si = 0; si < starts; si++) {
        const known = perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p): p is HopperPosition => p !== null);
        const r = exhaustiveLazy(kind, board, K, { only: [si], bound, seeds: bound ? known : [] });
        assert.equal(r.starts.length, 1);
        leaves += r.leaves;
        for (let k = 0; k <= K; k++) {
          perK[k].positions += r.starts[0].positions[k];
          perK[k].longest = betterPosition(perK[k].longest, r.perK[k].longest, "longest");
          perK[k].dualFree = betterPosition(perK[k].dualFree, r.perK[k].dualFree, "dualFree");
          perK[k].reach = betterPosition(perK[k].reach, r.perK[k].reach, "reached");
        }
      }
      for (let k = 1; k <= K; k++) {
        const where = `${kind} ${dims.join("x")} k=${k} bound=${bound}`;
        assert.equal(perK[k].positions, whole.perK[k].positions, `${where}: positions`);
        assert.equal(perK[k].longest?.longest, whole.perK[k].longest?.longest, `${where}: longest`);
        assert.equal(perK[k].dualFree?.dualFree, whole.perK[k].dualFree?.dualFree, `${where}: dual-free`);
        assert.equal(perK[k].reach?.reached, whole.perK[k].reach?.reached, `${where}: reach`);
      }
      if (!bound) assert.equal(leaves, whole.leaves, `${kind}: the pieces walk the same leaves`);
    }
  }
});
