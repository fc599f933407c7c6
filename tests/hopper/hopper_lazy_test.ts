/**
 * The decision-tree enumeration (solvers/hopper/lazy.ts) against the plain
 * combinatorial method (search.ts: every k-subset, one full BFS each) on
 * small boards for all four hoppers: the same number of positions for every
 * k (the coverage argument) and the same three maxima; every witness it
 * returns re-evaluated by an independent BFS gives the value it claims.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS } from "../../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive } from "../../solvers/hopper/search.ts";
import { exhaustiveLazy } from "../../solvers/hopper/lazy.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";

const CASES: [number[], number][] = [[[4, 4], 6], [[5, 4], 5], [[5, 5], 4], [[6, 5], 3], [[6, 6], 3], [[3, 7], 5]];
// The bishophopper's colour reduction needs a colour-changing symmetry (a side of even length).
const casesOf = (kind: string) => CASES.filter(([d]) => kind !== "bishophopper" || d.some((x) => x % 2 === 0));

for (const kind of HOPPER_KINDS) {
  Deno.test(`lazy enumeration equals the plain one: ${kind}`, () => {
    let compared = 0;
    for (const [dims, K] of casesOf(kind)) {
      const board = makeBoard(dims);
      const lazy = exhaustiveLazy(kind, board, K);
      const rays = hopper(kind).rays(board);
      const sc = makeScratch(rays);
      const space = enumerationSpace(kind, board);
      for (let k = 1; k <= K; k++) {
        const plain = exhaustive(kind, board, k);
        const got = lazy.perK[k];
        const where = `${kind} ${dims.join("x")} k=${k}`;
        assert.equal(got.positions, plain.positions, `${where}: positions`);
        assert.equal(got.positions, space.reduce((a, s) => a + binomial(s.hurdleSquares.length, k), 0), `${where}: coverage`);
        assert.equal(got.longest?.longest ?? -1, plain.longest?.longest ?? -1, `${where}: longest`);
        assert.equal(got.dualFree?.dualFree ?? -1, plain.dualFree?.dualFree ?? -1, `${where}: dual-free`);
        assert.equal(got.reach?.reached ?? -1, plain.reach?.reached ?? -1, `${where}: reach`);
        for (const [p, col] of [[got.longest, "longest"], [got.dualFree, "dualFree"], [got.reach, "reached"]] as const) {
          if (!p) continue;
          assert.equal(p.hurdles.length, k, `${where}: witness size`);
          assert.equal(new Set(p.hurdles).size, k);
          assert.ok(!p.hurdles.includes(p.start));
          const r = reachSummary(rays, p.start, occupancy(board, p.hurdles), sc, 2);
          assert.equal(r[col], p[col], `${where}: witness ${col}`);
        }
        compared++;
      }
    }
    assert.equal(compared, casesOf(kind).reduce((a, [, K]) => a + K, 0));
  });
}
