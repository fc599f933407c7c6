/**
 * Grasshopper tours (solvers/hopper/tour.ts) against a plain depth-first
 * count written here without any pruning, on small boards with random
 * hurdles, open and closed; and the Marlow covering search against plain
 * enumeration of every hurdle set on 5x5.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper } from "../../solvers/pieces/hopper.ts";
import { countTours, tourGraph } from "../../solvers/hopper/tour.ts";
import { searchAccess } from "../../solvers/hopper/marlow.ts";
import { exhaustive } from "../../solvers/hopper/search.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

function plain(g: ReturnType<typeof tourGraph>, closed: boolean): number {
  const n = g.squares.length;
  const seen = new Uint8Array(n);
  let count = 0;
  const back = (v: number) => {
    for (let e = g.outStart[v]; e < g.outStart[v + 1]; e++) if (g.out[e] === 0) return true;
    return false;
  };
  const go = (v: number, depth: number) => {
    if (depth === n - 1) {
      if (!closed || back(v)) count++;
      return;
    }
    seen[v] = 1;
    for (let e = g.outStart[v]; e < g.outStart[v + 1]; e++) if (!seen[g.out[e]]) go(g.out[e], depth + 1);
    seen[v] = 0;
  };
  go(0, 0);
  return count;
}

Deno.test("tour counts equal plain backtracking (directed hopper graphs)", () => {
  const rng = mulberry32(4242);
  let withTours = 0;
  for (let t = 0; t < 3000; t++) {
    const kind = rng.pick(["grasshopper", "rookhopper", "nightriderhopper"] as const);
    const w = rng.int(3, 5), h = rng.int(3, 5);
    const board = makeBoard([w, h]);
    const occ = new Uint8Array(board.size);
    // Few free squares: tours over many free squares are rare on small boards.
    const free = rng.int(2, Math.min(9, board.size - 1));
    for (const s of rng.sample([...Array(board.size).keys()], board.size - free)) occ[s] = 1;
    const start = rng.pick([...Array(board.size).keys()].filter((s) => !occ[s]));
    const closed = rng.chance(0.4);
    withInstance(4242, () => `${kind} ${w}x${h} start ${start} occ ${[...occ].join("")} closed ${closed}`, () => {
      const g = tourGraph(hopper(kind).rays(board), start, occ);
      const expected = plain(g, closed);
      const got = countTours(g, { closed });
      assert.equal(got.tours, expected);
      assert.ok(got.complete);
      // The reachability cut is exact: same count.
      assert.equal(countTours(g, { closed, reach: true }).tours, expected);
      if (expected > 0) withTours++;
    });
  }
  assert.ok(withTours > 20, `only ${withTours} instances had tours`);
});

Deno.test("accessibility search with the covering bound agrees with plain enumeration on 5x5", () => {
  const board = makeBoard([5, 5]);
  for (const k of [1, 2, 3, 4]) {
    const best = exhaustive("grasshopper", board, k).reach!.reached;
    const at = searchAccess(board, k, best);
    assert.ok(at.complete && at.found !== null, `k=${k}: the maximum ${best} must be found`);
    const above = searchAccess(board, k, best + 1);
    assert.ok(above.complete && above.found === null, `k=${k}: nothing may reach ${best + 1}`);
  }
});
