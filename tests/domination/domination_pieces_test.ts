/**
 * Riders and the king in d dimensions (pieces/rider.ts) against the move
 * equations of the multi-dimensional chess proposal (shared/sources/003),
 * written here as predicates on coordinate differences, and its counts of
 * directions: queen 3^d - 1, rook 2d, bishop 3^d - 2d - 1; knight at most
 * 4d(d-1) moves.
 */
import assert from "node:assert/strict";
import { coordsOf, makeBoard, squareAt } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { king, rider } from "../../solvers/pieces/rider.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { dominationPiece, parseDominationPiece } from "../../solvers/domination/pieces.ts";
import { mulberry32 } from "../helpers/random.ts";

/** The proposal's equations: a0 + a_t = a per coordinate. */
function legal(piece: string, from: number[], to: number[]): boolean {
  const t = to.map((v, i) => v - from[i]);
  const nz = t.filter((v) => v !== 0).map(Math.abs);
  if (nz.length === 0) return false;
  const sameK = nz.every((v) => v === nz[0]);
  if (piece === "rook") return nz.length === 1;
  if (piece === "bishop") return nz.length >= 2 && sameK;
  if (piece === "queen") return sameK;
  if (piece === "king") return nz.every((v) => v === 1);
  if (piece === "knight") return nz.length === 2 && nz.includes(1) && nz.includes(2);
  throw new Error(piece);
}

Deno.test("direction counts: queen 3^d-1, rook 2d, bishop 3^d-2d-1; king 3^d-1 steps", () => {
  for (let d = 1; d <= 5; d++) {
    assert.equal(rider("queen").directions(d).length, 3 ** d - 1);
    assert.equal(rider("rook").directions(d).length, 2 * d);
    assert.equal(rider("bishop").directions(d).length, 3 ** d - 2 * d - 1);
    assert.equal(king().steps(d).length, 3 ** d - 1);
  }
});

Deno.test("destinations equal the move equations on random boxes in 1 to 4 dimensions", () => {
  const rng = mulberry32(6006);
  const pieces = ["queen", "rook", "bishop", "king", "knight"] as const;
  for (let trial = 0; trial < 60; trial++) {
    const d = rng.int(1, 4);
    const dims = Array.from({ length: d }, () => rng.int(1, d >= 3 ? 4 : 7));
    const board = makeBoard(dims);
    const from = rng.int(0, board.size - 1);
    for (const name of pieces) {
      const p = dominationPiece(name);
      const got = p.destinations(board, from).sort((a, b) => a - b);
      const c = coordsOf(board, from);
      const want: number[] = [];
      for (let s = 0; s < board.size; s++) if (legal(name, c, coordsOf(board, s))) want.push(s);
      assert.deepEqual(got, want, `${name} on ${dims.join("x")} from ${c}`);
    }
  }
});

Deno.test("the proposal's examples: Da11-c33, Sf11-c41, Ke41-f31, Jg1-f3; a knight has at most 4d(d-1) moves", () => {
  const cube = makeBoard([8, 8, 8]);
  const sq = (n: string) => parseSquare(cube, n);
  assert.ok(rider("queen").destinations(cube, sq("111")).includes(sq("333")));
  assert.ok(rider("bishop").destinations(cube, sq("611")).includes(sq("341")));
  assert.ok(!rider("bishop").destinations(cube, sq("611")).includes(sq("612")), "a bishop never moves along one axis");
  assert.ok(king().destinations(cube, sq("541")).includes(sq("631")));
  const flat = makeBoard([8, 8]);
  assert.ok(leaper(1, 2).destinations(flat, parseSquare(flat, "g1")).includes(parseSquare(flat, "f3")));
  for (let d = 2; d <= 4; d++) {
    const b = makeBoard(new Array(d).fill(5));
    const centre = squareAt(b, new Array(d).fill(2));
    assert.equal(leaper(1, 2).destinations(b, centre).length, 4 * d * (d - 1));
  }
});

Deno.test("with occupancy a rider stops at the first man, which it still reaches", () => {
  const board = makeBoard([8, 8]);
  const occ = new Uint8Array(64);
  occ[parseSquare(board, "a4")] = 1;
  const dest = rider("rook").destinations(board, parseSquare(board, "a1"), occ);
  assert.ok(dest.includes(parseSquare(board, "a4")));
  assert.ok(!dest.includes(parseSquare(board, "a5")));
  assert.equal(dest.length, 3 + 7);
});

Deno.test("piece names: English, Czech and Slovene names, errors for others", () => {
  assert.equal(parseDominationPiece("Queen"), "queen");
  assert.equal(parseDominationPiece("dáma"), "queen");
  assert.equal(parseDominationPiece("kraljica"), "queen");
  assert.equal(parseDominationPiece("trdnjava"), "rook");
  assert.equal(parseDominationPiece("jezdec"), "knight");
  assert.throws(() => parseDominationPiece("pawn"), /unknown piece/);
});
