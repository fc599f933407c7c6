/**
 * The local search for dual-free sequences (solvers/leaper/dual-free-local.ts)
 * against the independent brute force of tests/helpers/dual-free-brute.ts, on
 * random small boards (squares and rectangles) and leapers.
 *
 * The search is a heuristic, so the tests hold it to two things: soundness on
 * every case (whatever it returns is a legal leaper sequence with exactly one
 * solution, counted by plain depth-first search, and no longer than the brute
 * force's maximum), and reach (on these small cases, with a step cap and no
 * clock, so the run is reproducible, it finds the brute force's maximum).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { localDualFreeSearch } from "../../solvers/leaper/dual-free-local.ts";
import { regenerateCell } from "../../solvers/leaper/regenerate.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";
import { bruteDualFree, componentSquares, isLeap, solutions } from "../helpers/dual-free-brute.ts";

const LEAPS: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 2], [2, 3], [0, 3], [1, 4], [3, 3], [0, 4], [2, 4]];

interface Case {
  w: number;
  h: number;
  leap: [number, number];
}

/** Random boards up to 5x5 whose components stay small enough for the subset DP (16 squares). */
function randomCases(seed: number, count: number): Case[] {
  const rng = mulberry32(seed);
  const out: Case[] = [];
  while (out.length < count) {
    const w = rng.int(3, 5);
    const h = rng.int(3, 5);
    const leap = rng.pick(LEAPS);
    let big = 0;
    for (let s = 0; s < w * h; s++) big = Math.max(big, componentSquares(w, h, leap, s).length);
    if (big > 16) continue;
    out.push({ w, h, leap });
  }
  return out;
}

/** A legal sequence of distinct squares with exactly one solution (independent count). */
function assertDualFree(c: Case, squares: readonly number[]): void {
  assert.equal(new Set(squares).size, squares.length, "no square twice");
  for (const s of squares) assert.ok(Number.isInteger(s) && s >= 0 && s < c.w * c.h, `square ${s} on the board`);
  for (let i = 1; i < squares.length; i++) assert.ok(isLeap(c.w, squares[i - 1], squares[i], c.leap), `move ${i} is a leap`);
  assert.equal(solutions(c.w, c.leap, squares), 1, "exactly one solution");
}

Deno.test("local search: every result is dual-free and it reaches the brute-force maximum", () => {
  const seed = 2718;
  for (const c of randomCases(seed, 40)) {
    withInstance(seed, () => `board ${c.w}x${c.h} leap [${c.leap}]`, () => {
      const achievable = bruteDualFree(c.w, c.h, c.leap);
      const max = achievable.lastIndexOf(true);
      const board = makeBoard([c.w, c.h]);
      // Every square may start a fresh run, so that the reach does not depend on canonical starts.
      const starts = Array.from({ length: c.w * c.h }, (_, i) => i);
      const r = localDualFreeSearch(board, c.leap, { maxSteps: 1500, seed: 7, starts, patience: 60 });
      assert.ok(r.witness, "some sequence");
      const w = r.witness!;
      assertDualFree(c, [w.start, ...w.moves]);
      assert.ok(w.moves.length <= max, `never above the maximum (${w.moves.length} > ${max})`);
      assert.equal(w.moves.length, max, "reaches the maximum");
      assert.equal(r.coverage.exhaustive, false, "a heuristic proves nothing");
    });
  }
});

Deno.test("local search with a target: stops at exactly the target when it is achievable, else returns only a shorter lower bound", () => {
  const seed = 1618;
  for (const c of randomCases(seed, 12)) {
    withInstance(seed, () => `board ${c.w}x${c.h} leap [${c.leap}]`, () => {
      const achievable = bruteDualFree(c.w, c.h, c.leap);
      const max = achievable.lastIndexOf(true);
      const board = makeBoard([c.w, c.h]);
      for (const target of [Math.max(1, max - 1), max, max + 1]) {
        const r = localDualFreeSearch(board, c.leap, { target, maxSteps: 400, seed: 3 });
        if (r.witness) {
          assert.ok(achievable[target], `target ${target} is achievable`);
          assert.equal(r.witness.moves.length, target, "stops at the target");
          assertDualFree(c, [r.witness.start, ...r.witness.moves]);
        } else {
          assert.ok(target > max || r.coverage.stoppedBy === "budget", "no witness only above the maximum or when the steps ran out");
        }
        if (r.longest) {
          assert.ok(r.longest.moves.length <= max, "lower bound never above the maximum");
          assertDualFree(c, [r.longest.start, ...r.longest.moves]);
        }
      }
    });
  }
});

Deno.test("local search: seeds that are not dual-free are ignored, dual-free seeds are kept", () => {
  // 4x4 wazir: a1 b1 b2 a2 has a second solution a1 a2 b2 b1; a1 b1 c1 d1 is forced.
  const c: Case = { w: 4, h: 4, leap: [0, 1] };
  const board = makeBoard([4, 4]);
  const sq = (names: string[]) => names.map((n) => parseSquare(board, n));
  const bad = sq(["a1", "b1", "b2", "a2"]);
  assert.equal(solutions(4, c.leap, bad), 2, "the bad seed really has two solutions");
  const good = sq(["a1", "b1", "c1", "d1"]);
  const r0 = localDualFreeSearch(board, c.leap, { maxSteps: 0, seeds: [{ start: bad[0], moves: bad.slice(1) }] });
  assert.notEqual(r0.witness?.moves.length, 3, "the bad seed is not returned");
  const twice = localDualFreeSearch(board, c.leap, {
    maxSteps: 0,
    seeds: [{ start: good[0], moves: [good[1], good[0]] }, { start: 99, moves: [] }],
  });
  assert.equal(twice.witness?.moves.length, 0, "a seed with a square twice or off the board is not used");
  const r1 = localDualFreeSearch(board, c.leap, { maxSteps: 0, seeds: [{ start: good[0], moves: good.slice(1) }] });
  assert.deepEqual([r1.witness!.start, ...r1.witness!.moves], good);
});

Deno.test("regenerate --method local: reaches achievable claims, never reports a longer value than the brute force", () => {
  const seed = 1414;
  for (const c of randomCases(seed, 6).filter((x) => x.w === x.h)) {
    withInstance(seed, () => `board ${c.w}x${c.h} leap [${c.leap}]`, () => {
      const achievable = bruteDualFree(c.w, c.h, c.leap);
      const max = achievable.lastIndexOf(true);
      const board = makeBoard([c.w, c.h]);
      for (const claim of [max, max + 1]) {
        const r = regenerateCell({ kind: "dual-free", leap: c.leap, board: [c.w, c.h], claim }, { method: "local" });
        assert.ok(r.value !== null && r.value <= max, `value ${r.value} within the maximum ${max}`);
        assert.equal(r.reached, claim <= max, `claim ${claim}`);
        assert.equal(r.exhaustive, false);
        const squares = [r.witness!.start, ...r.witness!.moves].map((n) => parseSquare(board, n));
        assert.equal(squares.length - 1, r.value);
        assertDualFree(c, squares);
      }
    });
  }
});
