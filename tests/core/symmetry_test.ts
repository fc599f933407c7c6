/**
 * Board symmetries (solvers/board/symmetry.ts): group sizes, that every map is a
 * permutation, closure under composition, agreement with the eight dihedral
 * transformations written out by hand, invariance of leaper moves, canonical
 * squares, and orbits (which must partition the board, with orbit-stabilizer).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { canonicalSquare, canonicalSquares, mapSquares, stabilizer, symmetries } from "../../solvers/board/symmetry.ts";
import type { Board } from "../../solvers/types.ts";

const key = (m: ArrayLike<number>) => Array.from(m).join(",");

/** Coordinates from an index, by the stride definition (first axis fastest). */
function coords(dims: readonly number[], sq: number): number[] {
  return dims.map((d, i) => Math.floor(sq / dims.slice(0, i).reduce((p, v) => p * v, 1)) % d);
}

function index(dims: readonly number[], c: readonly number[]): number {
  let sq = 0;
  let stride = 1;
  dims.forEach((d, i) => {
    sq += c[i] * stride;
    stride *= d;
  });
  return sq;
}

function assertPermutation(m: Int32Array, size: number, what: string): void {
  assert.equal(m.length, size, `${what}: length`);
  const seen = new Uint8Array(size);
  for (const v of m) {
    assert.ok(v >= 0 && v < size, `${what}: ${v} is not a square`);
    assert.equal(seen[v], 0, `${what}: ${v} is hit twice`);
    seen[v] = 1;
  }
}

Deno.test("number of symmetries", () => {
  const cases: [number[], number][] = [
    [[8, 8], 8],
    [[6, 8], 4],
    [[4, 4, 4], 48],
    [[7], 2],
    [[3, 3, 5], 16],
    [[2, 3, 4], 8],
    [[2, 2, 2, 2], 384],
  ];
  for (const [dims, count] of cases) assert.equal(symmetries(makeBoard(dims)).length, count, `symmetries of ${dims}`);
});

Deno.test("symmetries are distinct permutations, identity first, closed under composition", () => {
  for (const dims of [[8, 8], [6, 8], [5, 5], [4, 4, 4], [7], [3, 3, 5], [2, 2, 2, 2]]) {
    const b = makeBoard(dims);
    const syms = symmetries(b);
    const maps = new Set<string>();
    syms.forEach((s, i) => {
      assertPermutation(s.map, b.size, `${dims} symmetry ${i}`);
      maps.add(key(s.map));
    });
    assert.equal(maps.size, syms.length, `${dims}: two symmetries have the same map`);
    assert.deepEqual(Array.from(syms[0].map), Array.from({ length: b.size }, (_, i) => i), `${dims}: identity first`);
    // Composition of any two is again one of them (so with finiteness: a group).
    for (const s of syms) {
      for (const t of syms) {
        const st = new Int32Array(b.size);
        for (let sq = 0; sq < b.size; sq++) st[sq] = s.map[t.map[sq]];
        assert.ok(maps.has(key(st)), `${dims}: a composition is not a symmetry`);
      }
    }
  }
});

Deno.test("on n x n the symmetries are the 8 dihedral transformations", () => {
  for (const n of [1, 2, 3, 5, 8]) {
    const b = makeBoard([n, n]);
    const m = n - 1;
    const moves: ((x: number, y: number) => [number, number])[] = [
      (x, y) => [x, y],
      (x, y) => [m - x, y],
      (x, y) => [x, m - y],
      (x, y) => [m - x, m - y],
      (x, y) => [y, x],
      (x, y) => [m - y, x],
      (x, y) => [y, m - x],
      (x, y) => [m - y, m - x],
    ];
    const want = new Set(moves.map((f) =>
      key(Array.from({ length: n * n }, (_, sq) => {
        const [x, y] = f(sq % n, Math.floor(sq / n));
        return x + n * y;
      }))
    ));
    const got = new Set(symmetries(b).map((s) => key(s.map)));
    // On 1x1 all eight coincide; the engine may list them once each, but the maps agree.
    assert.deepEqual([...got].sort(), [...want].sort(), `${n}x${n}`);
  }
});

Deno.test("symmetries map leaper moves to leaper moves", () => {
  // Two squares are a leap [x,y] apart when the sorted absolute differences are 0,..,0,x,y.
  const isLeap = (dims: number[], a: number, b: number, leap: [number, number]) => {
    const d = coords(dims, a).map((v, i) => Math.abs(v - coords(dims, b)[i])).sort((p, q) => p - q);
    const want = [...new Array<number>(Math.max(0, dims.length - 2)).fill(0), ...leap];
    return dims.length >= 2 && d.every((v, i) => v === want[i]);
  };
  for (const dims of [[5, 5], [4, 6], [4, 4, 4], [3, 4, 3]]) {
    const b = makeBoard(dims);
    for (const leap of [[0, 1], [1, 2], [1, 1], [2, 3]] as [number, number][]) {
      for (const s of symmetries(b)) {
        for (let a = 0; a < b.size; a++) {
          for (let c = a + 1; c < b.size; c++) {
            assert.equal(isLeap(dims, s.map[a], s.map[c], leap), isLeap(dims, a, c, leap), `${dims} leap ${leap} squares ${a},${c}`);
          }
        }
      }
    }
  }
});

Deno.test("canonical squares of 8x8 are the a1-d4 triangle", () => {
  const b = makeBoard([8, 8]);
  // a1 b1 c1 d1 / b2 c2 d2 / c3 d3 / d4 as (file, rank) → file + 8·rank.
  const want = [[0, 0], [1, 0], [2, 0], [3, 0], [1, 1], [2, 1], [3, 1], [2, 2], [3, 2], [3, 3]].map(([x, y]) => x + 8 * y);
  assert.deepEqual(canonicalSquares(b), want);
  assert.equal(canonicalSquare(b, 63), 0, "h8 → a1");
  assert.equal(canonicalSquare(b, 6 + 8 * 4), 3 + 8 * 1, "g5 → d2");
});

Deno.test("canonical squares of n x n: y <= x < ceil(n/2)", () => {
  for (let n = 1; n <= 9; n++) {
    const want: number[] = [];
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (y <= x && x < Math.ceil(n / 2)) want.push(x + n * y);
    assert.deepEqual(canonicalSquares(makeBoard([n, n])), want, `${n}x${n}`);
  }
});

Deno.test("orbits partition the board; orbit x stabilizer = group", () => {
  for (const dims of [[8, 8], [6, 8], [5, 5], [3, 5], [4, 4, 4], [5, 5, 2], [7], [1, 1]]) {
    const b: Board = makeBoard(dims);
    const syms = symmetries(b);
    const canon = new Set(canonicalSquares(b));
    const orbitOf = new Int32Array(b.size).fill(-1);
    let orbits = 0;
    for (let sq = 0; sq < b.size; sq++) {
      const orbit = new Set(syms.map((s) => s.map[sq]));
      const least = Math.min(...orbit);
      if (orbitOf[sq] === -1) {
        for (const q of orbit) {
          assert.equal(orbitOf[q], -1, `${dims}: orbits of ${sq} and ${q} overlap`);
          orbitOf[q] = least;
        }
        orbits++;
      }
      // Every member sees the same orbit.
      for (const q of orbit) assert.equal(orbitOf[q], least, `${dims}: ${q} is in two orbits`);
      assert.equal(canonicalSquare(b, sq), least, `${dims}: canonical square of ${sq}`);
      assert.equal([...orbit].filter((q) => canon.has(q)).length, 1, `${dims}: orbit of ${sq} has one canonical square`);
      const stab = stabilizer(b, sq);
      assert.ok(stab.every((s) => s.map[sq] === sq), `${dims}: stabilizer of ${sq} moves it`);
      assert.equal(orbit.size * stab.length, syms.length, `${dims}: orbit-stabilizer at ${sq}`);
    }
    assert.ok(orbitOf.every((o) => o >= 0), `${dims}: a square in no orbit`);
    assert.equal(orbits, canon.size, `${dims}: one canonical square per orbit`);
  }
});

Deno.test("mapSquares maps and sorts", () => {
  const b = makeBoard([8, 8]);
  const mirror = symmetries(b).find((s) => s.map[0] === 7 && s.map[7] === 0 && s.map[8] === 15);
  assert.ok(mirror, "the a-h mirror is a symmetry");
  // a1, b1, a2 → h1, g1, h2, sorted.
  assert.deepEqual(mapSquares(mirror!, [0, 1, 8]), [6, 7, 15]);
  assert.equal(index([8, 8], [6, 0]), 6);
});
