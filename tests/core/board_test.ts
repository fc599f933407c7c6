/**
 * Boards (solvers/board/board.ts) and square names (solvers/board/squares.ts).
 * Expected values come from the definitions (square index = Σ coord·stride with
 * strides the running products of the sides; a1 = (0,0); files in bijective
 * base 26 like spreadsheet columns), recomputed here, not from running the code.
 */
import assert from "node:assert/strict";
import {
  BoardError,
  boardName,
  colourOf,
  coordsOf,
  isOnBoard,
  makeBoard,
  MAX_SIDE,
  parseBoard,
  sameBoard,
  squareAt,
} from "../../solvers/board/board.ts";
import { fileIndex, fileName, parseSquare, parseSquares, squareName } from "../../solvers/board/squares.ts";
import type { Board } from "../../solvers/types.ts";

/** Every coordinate tuple of a box, first axis fastest (the index order). */
function allCoords(dims: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (const d of dims) {
    const next: number[][] = [];
    for (const c of out) for (let v = 0; v < d; v++) next.push([...c, v]);
    out = next;
  }
  // The loop above varies the last axis fastest; reorder so that index i is tuple i.
  return out.sort((a, b) => index(dims, a) - index(dims, b));
}

function index(dims: readonly number[], c: readonly number[]): number {
  let sq = 0;
  let stride = 1;
  for (let i = 0; i < dims.length; i++) {
    sq += c[i] * stride;
    stride *= dims[i];
  }
  return sq;
}

Deno.test("makeBoard rejects bad sides", () => {
  for (const dims of [[], [0], [8, 0], [-1], [8, -3], [2.5], [8, 1.5], [NaN], [Infinity], [MAX_SIDE + 1], [8, MAX_SIDE + 1]]) {
    assert.throws(() => makeBoard(dims), BoardError, `makeBoard(${JSON.stringify(dims)})`);
  }
  // Too many squares in all, though every side is allowed.
  assert.throws(() => makeBoard([MAX_SIDE, MAX_SIDE]), BoardError);
  assert.throws(() => makeBoard([256, 256, 256]), BoardError);
  // The largest sides alone are fine.
  assert.equal(makeBoard([MAX_SIDE]).size, MAX_SIDE);
});

Deno.test("makeBoard sizes and strides", () => {
  const cases: [number[], number, number[]][] = [
    [[8, 8], 64, [1, 8]],
    [[1], 1, [1]],
    [[7], 7, [1]],
    [[3, 4, 5], 60, [1, 3, 12]],
    [[2, 3, 2, 3], 36, [1, 2, 6, 12]],
  ];
  for (const [dims, size, strides] of cases) {
    const b = makeBoard(dims);
    assert.equal(b.size, size, `size of ${dims}`);
    assert.deepEqual([...b.strides], strides, `strides of ${dims}`);
    assert.deepEqual([...b.dims], dims);
  }
  // The board keeps its own copy of the sides.
  const dims = [4, 5];
  const b = makeBoard(dims);
  dims[0] = 9;
  assert.deepEqual([...b.dims], [4, 5]);
});

Deno.test("parseBoard and boardName", () => {
  assert.deepEqual([...parseBoard("8x8").dims], [8, 8]);
  assert.deepEqual([...parseBoard(" 10X12 ").dims], [10, 12]);
  assert.deepEqual([...parseBoard("6x6x6").dims], [6, 6, 6]);
  assert.deepEqual([...parseBoard("5").dims], [5]);
  for (const bad of ["", "8x", "x8", "8*8", "8 x 8", "0x8", "-8x8", "8.5x8", "axb", "8x8x"]) {
    assert.throws(() => parseBoard(bad), BoardError, `parseBoard(${JSON.stringify(bad)})`);
  }
  for (const name of ["8x8", "1x1", "3x4x5", "2x2x2x2", "9"]) assert.equal(boardName(parseBoard(name)), name);
  assert.ok(sameBoard(parseBoard("8x8"), makeBoard([8, 8])));
  assert.ok(!sameBoard(parseBoard("8x8"), makeBoard([8, 8, 1])));
  assert.ok(!sameBoard(parseBoard("6x8"), makeBoard([8, 6])));
});

Deno.test("coordsOf and squareAt round trip on 1-D to 4-D boards", () => {
  for (const dims of [[1], [7], [5, 3], [8, 8], [1, 6], [2, 3, 4], [4, 4, 4], [3, 2, 2, 3]]) {
    const b = makeBoard(dims);
    const tuples = allCoords(dims);
    assert.equal(tuples.length, b.size, `size of ${dims}`);
    for (let sq = 0; sq < b.size; sq++) {
      assert.deepEqual(coordsOf(b, sq), tuples[sq], `coordsOf(${dims}, ${sq})`);
      assert.equal(squareAt(b, tuples[sq]), sq, `squareAt(${dims}, ${tuples[sq]})`);
      assert.ok(isOnBoard(b, sq));
    }
    assert.ok(!isOnBoard(b, -1) && !isOnBoard(b, b.size) && !isOnBoard(b, 0.5));
    // Off the board along every axis, and tuples of the wrong length.
    for (let i = 0; i < dims.length; i++) {
      const low = new Array<number>(dims.length).fill(0);
      low[i] = -1;
      const high = new Array<number>(dims.length).fill(0);
      high[i] = dims[i];
      assert.equal(squareAt(b, low), -1, `squareAt(${dims}, ${low})`);
      assert.equal(squareAt(b, high), -1, `squareAt(${dims}, ${high})`);
    }
    assert.equal(squareAt(b, [...tuples[0], 0]), -1);
    assert.equal(squareAt(b, tuples[0].slice(1)), -1);
  }
});

Deno.test("colourOf is the parity of the coordinate sum", () => {
  for (const dims of [[8, 8], [5, 7], [3, 3, 3], [2, 3, 2, 2], [9]]) {
    const b = makeBoard(dims);
    allCoords(dims).forEach((c, sq) => {
      assert.equal(colourOf(b, sq), c.reduce((s, v) => s + v, 0) % 2, `colourOf(${dims}, ${c})`);
    });
  }
  const b = makeBoard([8, 8]);
  // a1, h8 one colour; b1, a2, h1 the other.
  assert.equal(colourOf(b, 0), colourOf(b, 63));
  for (const sq of [1, 8, 7]) assert.notEqual(colourOf(b, sq), colourOf(b, 0));
});

Deno.test("file names are bijective base 26", () => {
  const known: [number, string][] = [[0, "a"], [7, "h"], [25, "z"], [26, "aa"], [27, "ab"], [51, "az"], [52, "ba"], [701, "zz"], [
    702,
    "aaa",
  ]];
  for (const [x, name] of known) {
    assert.equal(fileName(x), name, `fileName(${x})`);
    assert.equal(fileIndex(name), x, `fileIndex(${name})`);
  }
  const seen = new Set<string>();
  for (let x = 0; x < 3000; x++) {
    const name = fileName(x);
    assert.match(name, /^[a-z]+$/);
    assert.equal(fileIndex(name), x);
    seen.add(name);
  }
  assert.equal(seen.size, 3000);
});

Deno.test("algebraic square names on 2-D boards", () => {
  const b8 = makeBoard([8, 8]);
  const named: [string, number[]][] = [["a1", [0, 0]], ["h1", [7, 0]], ["a8", [0, 7]], ["h8", [7, 7]], ["e4", [4, 3]], ["d5", [3, 4]]];
  for (const [name, c] of named) {
    const sq = index([8, 8], c);
    assert.equal(squareName(b8, sq), name);
    assert.equal(parseSquare(b8, name), sq);
    assert.equal(parseSquare(b8, ` ${name.toUpperCase()} `), sq, "names are read case-insensitively");
  }
  // Wider than 26 files: file 26 is "aa".
  const wide = makeBoard([30, 3]);
  assert.equal(squareName(wide, index([30, 3], [26, 0])), "aa1");
  assert.equal(squareName(wide, index([30, 3], [29, 2])), "ad3");
  assert.equal(squareName(wide, index([30, 3], [25, 1])), "z2");
  const names = new Set<string>();
  for (let sq = 0; sq < wide.size; sq++) {
    const name = squareName(wide, sq);
    names.add(name);
    assert.equal(parseSquare(wide, name), sq, `round trip of ${name}`);
  }
  assert.equal(names.size, wide.size);
  assert.equal(parseSquare(makeBoard([30, 12]), "aa12"), index([30, 12], [26, 11]));
  // Two-digit ranks.
  const tall = makeBoard([3, 12]);
  assert.equal(squareName(tall, index([3, 12], [2, 11])), "c12");
  assert.equal(parseSquare(tall, "c12"), index([3, 12], [2, 11]));
  assert.deepEqual(parseSquares(b8, ["a1", "b1", "a2"]), [0, 1, 8]);
});

Deno.test("numeric square names on boards of other dimensions", () => {
  const cube = makeBoard([8, 8, 8]);
  assert.equal(squareName(cube, index([8, 8, 8], [4, 1, 1])), "522");
  assert.equal(parseSquare(cube, "522"), index([8, 8, 8], [4, 1, 1]));
  assert.equal(parseSquare(cube, "111"), 0);
  assert.equal(squareName(cube, 511), "888");
  // Sides above 9: dotted names.
  const big = makeBoard([10, 10, 10]);
  assert.equal(squareName(big, index([10, 10, 10], [9, 1, 2])), "10.2.3");
  assert.equal(parseSquare(big, "10.2.3"), index([10, 10, 10], [9, 1, 2]));
  assert.equal(squareName(big, 0), "1.1.1");
  // One side above 9 is enough for dots.
  const mixed = makeBoard([3, 10, 2]);
  assert.equal(squareName(mixed, index([3, 10, 2], [2, 9, 1])), "3.10.2");
  for (const dims of [[12], [3, 4, 5], [10, 3, 2], [2, 3, 2, 2], [3, 10, 2]]) {
    const b = makeBoard(dims);
    const names = new Set<string>();
    for (let sq = 0; sq < b.size; sq++) {
      const name = squareName(b, sq);
      names.add(name);
      assert.equal(parseSquare(b, name), sq, `round trip of ${name} on ${dims}`);
    }
    assert.equal(names.size, b.size, `names on ${dims} are distinct`);
  }
  assert.equal(squareName(makeBoard([12]), 11), "12");
  assert.equal(squareName(makeBoard([9]), 4), "5");
});

Deno.test("parseSquare errors", () => {
  const b8 = makeBoard([8, 8]);
  for (const bad of ["z9", "a0", "", "e", "i1", "a9", "1a", "e4e", "e-4", "a01", " "]) {
    assert.throws(() => parseSquare(b8, bad), BoardError, `parseSquare(8x8, ${JSON.stringify(bad)})`);
  }
  const cube = makeBoard([8, 8, 8]);
  for (const bad of ["", "52", "5222", "922", "022", "a1", "5.2", "0.1.1", "9.1.1"]) {
    assert.throws(() => parseSquare(cube, bad), BoardError, `parseSquare(8x8x8, ${JSON.stringify(bad)})`);
  }
  // On a board with a side above 9, plain digits are ambiguous and not accepted.
  assert.throws(() => parseSquare(makeBoard([10, 10, 10]), "522"), BoardError);
  assert.throws(() => parseSquare(makeBoard([10, 10, 10]), "11.1.1"), BoardError);
  // 1-D boards: one number, 1-based.
  const line = makeBoard([12]);
  for (const bad of ["0", "13", "1.1", "", "a1", "01"]) {
    assert.throws(() => parseSquare(line, bad), BoardError, `parseSquare(12, ${JSON.stringify(bad)})`);
  }
  const small: Board = makeBoard([3, 3]);
  assert.throws(() => parseSquares(small, ["a1", "d1"]), BoardError);
});
