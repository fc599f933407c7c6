/**
 * The edge method's space (solvers/locust/edge-space.ts) below its maximum,
 * as used for the locust 45 witness run, against plain brute force:
 *   - on 4x4, for every number of men m, every position (all 2^16 masks, every
 *     start, no lemma assumed) is decided by brute force and grouped by
 *     orbit under the 8 symmetries; the EdgeRunner in closed-unique mode,
 *     placement by placement, must test exactly one placement of every orbit
 *     that has a complete sequence from some start, and report the same
 *     numbers of starts with a sequence, with exactly one, and with exactly
 *     one that returns to the start;
 *   - on 6x6, random positions with a complete sequence (built backwards)
 *     satisfy Lemmas A and B, the space enumerates every placement that
 *     satisfies them exactly once (its size is recomputed by an independent
 *     count), and random placements of the space are decided as brute force
 *     decides them;
 *   - on 8x8 the size of the 45-man space is recomputed the same way.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { type LineTable, lineTable } from "../../solvers/pieces/locust.ts";
import { buildEdgeSpace, EdgeRunner, emptyCounts, placementAt } from "../../solvers/locust/edge-space.ts";
import { binomial } from "../../solvers/proof/combinations.ts";
import { backwardPosition, bruteLocustCount, rng } from "../helpers/locust-brute.ts";

/** The 8 symmetries of the n×n square as square maps, written out here (not taken from the solvers). */
function squareMaps(n: number): ((q: number) => number)[] {
  const f: ((x: number, y: number) => [number, number])[] = [
    (x, y) => [x, y],
    (x, y) => [n - 1 - x, y],
    (x, y) => [x, n - 1 - y],
    (x, y) => [n - 1 - x, n - 1 - y],
    (x, y) => [y, x],
    (x, y) => [n - 1 - y, x],
    (x, y) => [y, n - 1 - x],
    (x, y) => [n - 1 - y, n - 1 - x],
  ];
  return f.map((g) => (q: number) => {
    const [x, y] = g(q % n, Math.floor(q / n));
    return y * n + x;
  });
}

/** Orbit key of a set of squares: the smallest image as a sorted list. */
function orbitKey(men: number[], maps: ((q: number) => number)[]): string {
  let best = "";
  for (const m of maps) {
    const k = men.map(m).sort((a, b) => a - b).join(",");
    if (best === "" || k < best) best = k;
  }
  return best;
}

/** Brute-force decision of every start of a position: [with a sequence, exactly one, exactly one and closed]. */
function bruteDecide(t: LineTable, men: number[]): [number, number, number] {
  const size = t.board.size, on = new Set(men);
  let seq = 0, unique = 0, closed = 0;
  for (let start = 0; start < size; start++) {
    if (on.has(start)) continue;
    const c = bruteLocustCount(t, start, men, 2);
    if (c > 0) seq++;
    if (c === 1) {
      unique++;
      if (bruteLocustCount(t, start, men, 1, start) === 1) closed++;
    }
  }
  return [seq, unique, closed];
}

/** The runner's decision of placement `index`, or null when it skips it as not canonical. */
function runnerDecide(r: EdgeRunner, index: number): [number, number, number] | null {
  const c = emptyCounts();
  r.run(index, index + 1, c);
  if (c.tested === 0) return null;
  return [c.withSequence ?? 0, c.unique ?? 0, c.hits];
}

function menOf(occ: Uint8Array): number[] {
  const out: number[] = [];
  for (let q = 0; q < occ.length; q++) if (occ[q]) out.push(q);
  return out;
}

/** Lemmas A and B checked square by square: corners empty, no two men on neighbouring non-corner squares of an edge. */
function satisfiesAB(n: number, men: number[]): boolean {
  const on = new Set(men);
  const corner = (x: number, y: number) => (x === 0 || x === n - 1) && (y === 0 || y === n - 1);
  for (const q of men) {
    const x = q % n, y = Math.floor(q / n);
    if (corner(x, y)) return false;
    const onEdge = x === 0 || x === n - 1 || y === 0 || y === n - 1;
    if (!onEdge) continue;
    // the next square along the same edge (x+1 on a horizontal edge, y+1 on a vertical one)
    if ((y === 0 || y === n - 1) && x + 1 < n - 1 && on.has(q + 1)) return false;
    if ((x === 0 || x === n - 1) && y + 1 < n - 1 && on.has(q + n)) return false;
  }
  return true;
}

/**
 * Placements of m men satisfying A and B, counted from the square-by-square
 * check (independent of the space's edge patterns): every subset of each
 * edge's non-corner squares is tried, the four edges (disjoint, and A and B
 * only relate squares of one edge) are combined by convolution, and the
 * interior squares are free.
 */
function countAB(n: number, m: number): number {
  let byMen = [1];
  for (let e = 0; e < 4; e++) {
    const squares: number[] = [];
    for (let i = 1; i < n - 1; i++) squares.push([i, i * n, (n - 1) * n + i, i * n + n - 1][e]);
    const one = new Array(squares.length + 1).fill(0);
    for (let mask = 0; mask < 1 << squares.length; mask++) {
      const men = squares.filter((_, i) => (mask >> i) & 1);
      if (satisfiesAB(n, men)) one[men.length]++;
    }
    const next = new Array(byMen.length + squares.length).fill(0);
    byMen.forEach((a, i) => one.forEach((b, j) => next[i + j] += a * b));
    byMen = next;
  }
  const inner = (n - 2) * (n - 2);
  let total = 0;
  for (let e = 0; e < byMen.length; e++) if (m - e >= 0 && m - e <= inner) total += byMen[e] * binomial(inner, m - e);
  return total;
}

Deno.test("edge space below the maximum: on 4x4 every orbit with a sequence is tested once and decided as brute force decides it, every m", () => {
  const n = 4, board = makeBoard([n, n]), t = lineTable(board, "locust"), maps = squareMaps(n);
  // brute force: every mask, one representative per orbit
  const brute = new Map<string, [number, number, number]>();
  for (let mask = 1; mask < 1 << 16; mask++) {
    const men: number[] = [];
    for (let q = 0; q < 16; q++) if ((mask >> q) & 1) men.push(q);
    const key = orbitKey(men, maps);
    if (brute.has(key)) continue;
    brute.set(key, bruteDecide(t, men));
  }
  let withSequenceOrbits = 0;
  for (let m = 1; m <= 12; m++) {
    const space = buildEdgeSpace("locust", n, m);
    const runner = new EdgeRunner(space, "closed-unique");
    const occ = new Uint8Array(16), comb = new Int32Array(space.interior.length);
    const seen = new Map<string, [number, number, number]>();
    for (let i = 0; i < space.total; i++) {
      const got = runnerDecide(runner, i);
      if (!got) continue;
      placementAt(space, i, occ, comb);
      const men = menOf(occ);
      assert.equal(men.length, m);
      const key = orbitKey(men, maps);
      assert.ok(!seen.has(key), `m=${m}: orbit ${key} tested twice`);
      seen.set(key, got);
      assert.deepEqual(got, brute.get(key), `m=${m}: placement ${key} decided differently from brute force`);
    }
    for (const [key, want] of brute) {
      if (key.split(",").length !== m) continue;
      if (want[0] > 0) {
        withSequenceOrbits++;
        assert.ok(seen.has(key), `m=${m}: orbit ${key} has a complete sequence but the space never tests it`);
      }
    }
  }
  assert.ok(withSequenceOrbits > 100, `${withSequenceOrbits} orbits with a sequence`);
});

Deno.test("edge space below the maximum on 6x6 and 8x8: sequences satisfy the lemmas, the space is every such placement once, placements decided as brute force does", () => {
  const n = 6, t = lineTable(makeBoard([n, n]), "locust");
  const rnd = rng(45);
  let positions = 0;
  for (let i = 0; i < 400; i++) {
    const p = backwardPosition(t, 8 + Math.floor(rnd() * 14), rnd);
    assert.ok(bruteLocustCount(t, p.start, p.men, 1) === 1, "backward position has a sequence");
    assert.ok(satisfiesAB(n, p.men), `a position with a sequence breaks Lemma A or B: ${p.men}`);
    positions++;
  }
  assert.equal(positions, 400);
  for (const m of [20, 22]) {
    const space = buildEdgeSpace("locust", n, m);
    assert.equal(space.total, countAB(n, m), `6x6 ${m} men: space size`);
    const occ = new Uint8Array(n * n), comb = new Int32Array(space.interior.length);
    const keys = new Set<string>();
    for (let i = 0; i < space.total; i++) {
      placementAt(space, i, occ, comb);
      const men = menOf(occ);
      assert.equal(men.length, m);
      assert.ok(satisfiesAB(n, men), `placement ${i} breaks a lemma`);
      keys.add(men.join(","));
    }
    assert.equal(keys.size, space.total, `6x6 ${m} men: placements repeat`);
    const runner = new EdgeRunner(space, "closed-unique");
    let decided = 0;
    for (let k = 0; k < 400 && decided < 60; k++) {
      const i = Math.floor(rnd() * space.total);
      const got = runnerDecide(runner, i);
      if (!got) continue;
      placementAt(space, i, occ, comb);
      const want = bruteDecide(t, menOf(occ));
      assert.deepEqual(got, want, `6x6 ${m} men, placement ${i}`);
      decided++;
    }
    assert.ok(decided >= 30, `${decided} placements decided`);
  }
  assert.equal(buildEdgeSpace("locust", 8, 45).total, countAB(8, 45));
  assert.equal(buildEdgeSpace("locust", 8, 46).total, countAB(8, 46));
});
