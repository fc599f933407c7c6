/**
 * Leapers (solvers/pieces/leaper.ts, names.ts): move vectors in 1..4
 * dimensions, normalisation and errors, parsing of names and leaps, and
 * destinations checked square by square against the coordinate definition
 * (in d dimensions the sorted absolute differences are 0,..,0,x,y).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { leaper, leaperChangesColour, leapVectors, normaliseLeap, parseLeaper, PieceError } from "../../solvers/pieces/leaper.ts";
import { FREE_LEAPERS, LARGE_LEAPERS, LEAPER_NAMES, tableLeapers } from "../../solvers/pieces/names.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

/** Coordinates from an index, by the stride definition (first axis fastest). */
function coords(dims: readonly number[], sq: number): number[] {
  const out: number[] = [];
  for (const d of dims) {
    out.push(sq % d);
    sq = Math.floor(sq / d);
  }
  return out;
}

/** Is b a leap [x,y] away from a? */
function isLeap(dims: readonly number[], leap: readonly [number, number], a: number, b: number): boolean {
  const ca = coords(dims, a);
  const cb = coords(dims, b);
  const diff = ca.map((v, i) => Math.abs(v - cb[i])).sort((p, q) => p - q);
  if (dims.length === 1) return leap[0] === 0 && diff[0] === leap[1];
  const want = [...new Array<number>(dims.length - 2).fill(0), leap[0], leap[1]].sort((p, q) => p - q);
  return diff.every((v, i) => v === want[i]);
}

Deno.test("leap vector counts", () => {
  const cases: [[number, number], number, number][] = [
    // [leap, dimensions, vectors]: 2 axes of d chosen in order (d(d-1)) times 4 signs, halved when x = y or x = 0.
    [[1, 2], 2, 8],
    [[1, 2], 3, 24],
    [[1, 2], 4, 48],
    [[0, 1], 2, 4],
    [[0, 1], 3, 6],
    [[0, 1], 4, 8],
    [[1, 1], 2, 4],
    [[1, 1], 3, 12],
    [[1, 1], 4, 24],
    [[2, 2], 2, 4],
    [[0, 3], 3, 6],
    [[2, 3], 3, 24],
    [[0, 1], 1, 2],
    [[0, 4], 1, 2],
    [[1, 2], 1, 0],
    [[1, 1], 1, 0],
  ];
  for (const [leap, d, count] of cases) {
    const vs = leapVectors(leap, d);
    assert.equal(vs.length, count, `[${leap}] in ${d}-D`);
    assert.equal(new Set(vs.map((v) => v.join(","))).size, vs.length, `[${leap}] in ${d}-D: repeated vectors`);
    for (const v of vs) {
      assert.equal(v.length, d);
      const abs = v.map(Math.abs).sort((p, q) => p - q);
      const want = d === 1 ? [leap[1]] : [...new Array<number>(d - 2).fill(0), ...leap];
      assert.deepEqual(abs, want, `[${leap}] in ${d}-D: vector ${v}`);
    }
  }
});

Deno.test("leaper normalisation and errors", () => {
  assert.deepEqual(leaper(-2, 1).leap, [1, 2]);
  assert.deepEqual(leaper(3, 2).leap, [2, 3]);
  assert.deepEqual(leaper(0, -4).leap, [0, 4]);
  assert.deepEqual(normaliseLeap(5, -1), [1, 5]);
  assert.throws(() => leaper(0, 0), PieceError);
  assert.throws(() => leaper(1.5, 2), PieceError);
  assert.throws(() => leaper(1, NaN), PieceError);
  assert.throws(() => normaliseLeap(0, 0), PieceError);
});

Deno.test("leaper names, ids and symbols", () => {
  const knight = leaper(1, 2);
  assert.equal(knight.id, "leaper-1-2");
  assert.equal(knight.name, "Knight");
  assert.equal(knight.nameCs, "jezdec");
  assert.equal(knight.symbol, "S");
  assert.equal(knight.kind, "leaper");
  assert.equal(leaper(2, 3).symbol, "Z");
  // A named leaper without a Czech name falls back to its English name.
  assert.equal(leaper(1, 5).nameCs, "Ibis");
  const anon = leaper(2, 6);
  assert.equal(anon.id, "leaper-2-6");
  assert.equal(anon.name, "Leaper [2,6]");
  assert.equal(anon.nameCs, "Skokan [2,6]");
  assert.equal(anon.symbol, "(2,6)");
});

Deno.test("parseLeaper reads names, aliases and leaps", () => {
  const cases: [string | number[], [number, number]][] = [
    ["zebra", [2, 3]],
    [" Zebra ", [2, 3]],
    ["KNIGHT", [1, 2]],
    ["jezdec", [1, 2]],
    ["vezír", [0, 1]],
    ["vezir", [0, 1]],
    ["ferz", [1, 1]],
    ["žirafa", [1, 4]],
    ["antilopa", [3, 4]],
    ["2,3", [2, 3]],
    ["[2,3]", [2, 3]],
    ["(3,2)", [2, 3]],
    [" ( 3 , 2 ) ", [2, 3]],
    ["-1,2", [1, 2]],
    ["0,7", [0, 7]],
    [[2, 3], [2, 3]],
    [[3, 2], [2, 3]],
    [[-4, 0], [0, 4]],
  ];
  for (const [spec, leap] of cases) assert.deepEqual(parseLeaper(spec).leap, leap, `parseLeaper(${JSON.stringify(spec)})`);
  for (const bad of ["", "foo", "2", "2,3,4", "1.5,2", "0,0", "[0,0]", "two,three", "knight rider"]) {
    assert.throws(() => parseLeaper(bad), PieceError, `parseLeaper(${JSON.stringify(bad)})`);
  }
  for (const bad of [[1, 2, 3], [1], [], [0, 0], [1.5, 2]]) {
    assert.throws(() => parseLeaper(bad), PieceError, `parseLeaper(${JSON.stringify(bad)})`);
  }
});

Deno.test("the name table: every alias parses to its leap, aliases unique", () => {
  const seen = new Map<string, string>();
  for (const entry of LEAPER_NAMES) {
    assert.ok(entry.leap[0] <= entry.leap[1] && entry.leap[1] > 0, `${entry.name}: leap not normalised`);
    for (const alias of entry.aliases) {
      assert.equal(alias, alias.toLowerCase(), `alias ${alias} is not lower case`);
      assert.ok(!seen.has(alias), `alias ${alias} used by ${seen.get(alias)} and ${entry.name}`);
      seen.set(alias, entry.name);
      assert.deepEqual(parseLeaper(alias).leap, [...entry.leap], `alias ${alias}`);
    }
    assert.equal(leaper(entry.leap[0], entry.leap[1]).name, entry.name);
  }
  const table = tableLeapers();
  assert.equal(table.length, 35);
  assert.equal(new Set(table.map((l) => l.join(","))).size, 35);
  for (const [x, y] of table) assert.ok(0 <= x && x <= y && y <= 7 && y > 0);
  for (const l of [...FREE_LEAPERS, ...LARGE_LEAPERS]) {
    assert.ok(table.some((t) => t[0] === l[0] && t[1] === l[1]), `[${l}] not in the table`);
  }
});

Deno.test("destinations match the coordinate definition and are symmetric", () => {
  const seed = 1178;
  const rng = mulberry32(seed);
  for (let i = 0; i < 250; i++) {
    const d = rng.pick([1, 2, 2, 2, 3, 3, 4]);
    const dims = Array.from({ length: d }, () => rng.int(1, d === 1 ? 12 : d === 2 ? 9 : d === 3 ? 5 : 3));
    const x = rng.int(0, 4);
    const y = rng.int(Math.max(x, 1), 5);
    const piece = leaper(x, y);
    const board = makeBoard(dims);
    withInstance(seed, () => `#${i} board ${dims.join("x")} leap [${x},${y}]`, () => {
      const dest: Set<number>[] = [];
      for (let a = 0; a < board.size; a++) {
        const list = piece.destinations(board, a);
        const set = new Set(list);
        assert.equal(set.size, list.length, `destinations of ${a} repeat`);
        const want: number[] = [];
        for (let b = 0; b < board.size; b++) if (isLeap(dims, [x, y], a, b)) want.push(b);
        assert.deepEqual([...set].sort((p, q) => p - q), want, `destinations of ${a}`);
        assert.ok(!set.has(a), `${a} leaps onto itself`);
        dest.push(set);
      }
      for (let a = 0; a < board.size; a++) {
        for (let b = 0; b < board.size; b++) assert.equal(dest[a].has(b), dest[b].has(a), `${b} in dest(${a}) but not the converse`);
      }
      // A leap with x+y odd changes the coordinate-sum parity on every move.
      if (leaperChangesColour([x, y])) {
        const parity = (sq: number) => coords(dims, sq).reduce((s, v) => s + v, 0) % 2;
        for (let a = 0; a < board.size; a++) for (const b of dest[a]) assert.notEqual(parity(a), parity(b));
      }
    });
  }
});

Deno.test("knight destinations on 8x8 by hand", () => {
  const b = makeBoard([8, 8]);
  const n = leaper(1, 2);
  const sq = (x: number, y: number) => x + 8 * y;
  assert.deepEqual(n.destinations(b, sq(0, 0)).sort((p, q) => p - q), [sq(2, 1), sq(1, 2)].sort((p, q) => p - q), "a1: b3, c2");
  assert.equal(n.destinations(b, sq(4, 3)).length, 8, "e4 has 8");
  assert.equal(n.destinations(b, sq(7, 7)).length, 2, "h8 has 2");
  assert.equal(leaper(1, 2).destinations(makeBoard([5, 5, 5]), 2 + 5 * 2 + 25 * 2).length, 24, "the centre of 5x5x5 has all 24");
  assert.equal(leaper(1, 2).destinations(makeBoard([4, 4, 4]), 1 + 4 * 1 + 16 * 1).length, 12, "(1,1,1) on 4x4x4: only +2 fits");
});
