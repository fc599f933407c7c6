/**
 * Hopper move generation (solvers/pieces/hopper.ts) against a plain reference
 * written here from coordinates: for every direction allowed by the piece's
 * definition (tested by a predicate on the vector, not by the generator's
 * lists), step k = 1, 2, .. until the first occupied square; the move exists
 * when the next square along the line is on the board and empty. Random
 * positions on 8x8, other rectangles, a 1-D board and a 3-D board.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS, type HopperKind, hopperMoves, parseHopper } from "../../solvers/pieces/hopper.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

/** Is v a direction of this hopper? Defined from the rules, independently of the generator. */
function allowed(kind: HopperKind, v: number[]): boolean {
  const nz = v.filter((x) => x !== 0).map(Math.abs);
  if (nz.length === 0) return false;
  switch (kind) {
    case "grasshopper":
      return nz.every((x) => x === 1);
    case "rookhopper":
      return nz.length === 1 && nz[0] === 1;
    case "bishophopper":
      return nz.length >= 2 && nz.every((x) => x === 1);
    case "nightriderhopper":
      return nz.length === 2 && nz.sort().join() === "1,2";
  }
}

/** All vectors in [-2,2]^d (the knight needs 2). */
function candidateVectors(d: number): number[][] {
  const out: number[][] = [];
  const rec = (prefix: number[]) => {
    if (prefix.length === d) return void out.push(prefix);
    for (let x = -2; x <= 2; x++) rec([...prefix, x]);
  };
  rec([]);
  return out;
}

function coords(dims: number[], sq: number): number[] {
  const c: number[] = [];
  for (const d of dims) {
    c.push(sq % d);
    sq = Math.floor(sq / d);
  }
  return c;
}

function index(dims: number[], c: number[]): number {
  let sq = 0, mul = 1;
  for (let i = 0; i < dims.length; i++) {
    if (c[i] < 0 || c[i] >= dims[i]) return -1;
    sq += c[i] * mul;
    mul *= dims[i];
  }
  return sq;
}

/** Reference: sorted "to/hurdle" strings. */
function referenceMoves(kind: HopperKind, dims: number[], from: number, occ: Uint8Array): string[] {
  const c0 = coords(dims, from);
  const out: string[] = [];
  for (const v of candidateVectors(dims.length)) {
    if (!allowed(kind, v)) continue;
    for (let k = 1;; k++) {
      const h = index(dims, c0.map((x, i) => x + k * v[i]));
      if (h < 0) break;
      if (!occ[h]) continue;
      const to = index(dims, c0.map((x, i) => x + (k + 1) * v[i]));
      if (to >= 0 && !occ[to]) out.push(`${to}/${h}`);
      break;
    }
  }
  return out.sort();
}

Deno.test("hopper moves match the coordinate reference on random positions (1-D, 2-D boards, 3-D)", () => {
  const rng = mulberry32(5150);
  const boards = [[8, 8], [8, 8], [5, 7], [10, 3], [6, 6], [12], [4, 4, 4], [3, 5, 4]];
  let checked = 0;
  for (const dims of boards) {
    const board = makeBoard(dims);
    for (const kind of HOPPER_KINDS) {
      const h = hopper(kind);
      const rays = h.rays(board);
      const dest = new Int32Array(rays.directions);
      const hur = new Int32Array(rays.directions);
      for (let t = 0; t < 60; t++) {
        const density = rng.next() * 0.6;
        const occ = new Uint8Array(board.size);
        for (let s = 0; s < board.size; s++) if (rng.chance(density)) occ[s] = 1;
        const from = rng.int(0, board.size - 1);
        occ[from] = 0;
        withInstance(5150, () => `${kind} ${dims.join("x")} from ${from} occ ${[...occ].join("")}`, () => {
          const n = hopperMoves(rays, from, occ, dest, hur);
          const got = Array.from({ length: n }, (_, i) => `${dest[i]}/${hur[i]}`).sort();
          assert.deepEqual(got, referenceMoves(kind, dims, from, occ));
          assert.deepEqual(
            [...h.destinations(board, from, occ)].sort((a, b) => a - b),
            got.map((s) => Number(s.split("/")[0])).sort((a, b) => a - b),
          );
        });
        checked++;
      }
    }
  }
  assert.ok(checked >= 1900);
});

Deno.test("direction counts in d dimensions follow the rider definitions", () => {
  for (const d of [1, 2, 3, 4]) {
    assert.equal(hopper("grasshopper").directions(d).length, 3 ** d - 1);
    assert.equal(hopper("rookhopper").directions(d).length, 2 * d);
    assert.equal(hopper("bishophopper").directions(d).length, 3 ** d - 2 * d - 1);
    assert.equal(hopper("nightriderhopper").directions(d).length, d < 2 ? 0 : 4 * d * (d - 1));
  }
});

Deno.test("a hopper without men has no move; names parse", () => {
  const board = makeBoard([8, 8]);
  for (const kind of HOPPER_KINDS) assert.deepEqual(hopper(kind).destinations(board, 27), []);
  assert.equal(parseHopper("G").hopper, "grasshopper");
  assert.equal(parseHopper("Nightriderhopper").hopper, "nightriderhopper");
  assert.throws(() => parseHopper("frog"));
});
