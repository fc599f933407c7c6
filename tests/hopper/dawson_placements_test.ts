/**
 * solvers/hopper/dawson-placements.ts against a brute force: every placement of
 * the hurdles on small boards, the jump graph from the hopper module
 * (tour.ts's tourGraph over pieces/hopper.ts, not the placement search's own
 * rays), and a plain depth-first search with no cut; pins checked on the
 * finished path. Counts of placements with a tour must agree.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper } from "../../solvers/pieces/hopper.ts";
import { occupancy } from "../../solvers/hopper/serienziel.ts";
import { tourGraph } from "../../solvers/hopper/tour.ts";
import { searchPlacements } from "../../solvers/hopper/dawson-placements.ts";
import { mulberry32 } from "../helpers/random.ts";

function combos(n: number, k: number, from = 0, acc: number[] = [], out: number[][] = []): number[][] {
  if (acc.length === k) out.push([...acc]);
  else for (let i = from; i < n; i++) combos(n, k, i + 1, [...acc, i], out);
  return out;
}

/** Placements (hurdles off the start) with a grasshopper path through every free square agreeing with the pins. */
function brute(w: number, h: number, k: number, start: number, pins: Map<number, number>): number {
  const board = makeBoard([w, h]);
  const rays = hopper("grasshopper").rays(board);
  let count = 0;
  for (const hs of combos(w * h, k)) {
    if (hs.includes(start) || [...pins.keys()].some((s) => hs.includes(s))) continue;
    const g = tourGraph(rays, start, occupancy(board, hs));
    const n = g.squares.length, seen = new Uint8Array(n), order = [0];
    seen[0] = 1;
    const go = (v: number): boolean => {
      if (order.length === n) return [...pins].every(([s, m]) => g.squares[order[m]] === s);
      for (let i = g.outStart[v]; i < g.outStart[v + 1]; i++) {
        const t = g.out[i];
        if (seen[t]) continue;
        seen[t] = 1;
        order.push(t);
        if (go(t)) return true;
        order.pop();
        seen[t] = 0;
      }
      return false;
    };
    if (go(0)) count++;
  }
  return count;
}

Deno.test("placement search = brute force on small boards (random starts and hurdle counts; pins from found paths, kept and shifted)", () => {
  const rng = mulberry32(2026);
  let cases = 0, positive = 0;
  const check = (w: number, h: number, k: number, start: number, pins: Map<number, number>) => {
    const want = brute(w, h, k, start, pins);
    const got = searchPlacements({ w, h, hurdles: k, start, pins, first: false });
    assert.equal(got.withTour, want, `${w}x${h} k=${k} start ${start} pins ${[...pins]}`);
    assert.equal(got.truncated, 0);
    cases++;
    if (want > 0) positive++;
    return got;
  };
  for (const [w, h, ks] of [[4, 4, [5, 6, 7, 8, 9]], [5, 4, [6, 7]], [3, 5, [4, 5, 6, 7]]] as [number, number, number[]][]) {
    for (const k of ks) {
      for (let rep = 0; rep < 3; rep++) {
        const start = rng.int(0, w * h - 1);
        const got = check(w, h, k, start, new Map());
        if (!got.found || got.found.moves.length < 3) continue;
        const m = got.found.moves, i = rng.int(1, m.length - 1), j = rng.int(1, m.length);
        // Pins read off a found path (moves i and j): that placement at least agrees with them.
        check(w, h, k, start, new Map([[m[i - 1], i], [m[j - 1], j]]));
        // The same square one move later: a different constraint, often unmet.
        check(w, h, k, start, new Map([[m[i - 1], i + 1]]));
      }
    }
  }
  assert.ok(positive >= 20, `enough cases with tours (${positive} of ${cases})`);
});
