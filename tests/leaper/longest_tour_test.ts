/**
 * Longest open and closed tours (solvers/leaper/longest-tour.ts) against a brute
 * force that walks every simple path of the leaper without any pruning, on small
 * boards; every strategy of the solver (Hamiltonian shortcut, removal sets,
 * exhaustive search, lower bound + exhaustive) is forced in turn. Returned tours
 * are checked move by move.
 */
import assert from "node:assert/strict";
import { coordsOf, makeBoard } from "../../solvers/board/board.ts";
import type { Board } from "../../solvers/types.ts";
import { longestClosedTour, longestOpenTour, type TourOptions, type TourResult } from "../../solvers/leaper/longest-tour.ts";
import { access } from "../../solvers/leaper/access.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

function isLeap(board: Board, leap: readonly [number, number], a: number, b: number): boolean {
  const [ax, ay] = coordsOf(board, a);
  const [bx, by] = coordsOf(board, b);
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
}

/** Longest simple path and longest cycle in squares (2 = out and back along an edge; 1 = no move at all). */
function brute(board: Board, leap: readonly [number, number]): { pathSquares: number; cycleSquares: number } {
  const n = board.size;
  const adj: number[][] = Array.from(
    { length: n },
    (_, a) => Array.from({ length: n }, (_, b) => b).filter((b) => isLeap(board, leap, a, b)),
  );
  let pathSquares = 1;
  let cycleSquares = 1;
  const used = new Uint8Array(n);
  const go = (start: number, at: number, len: number): void => {
    pathSquares = Math.max(pathSquares, len);
    if (adj[at].includes(start)) cycleSquares = Math.max(cycleSquares, len >= 3 ? len : 2);
    for (const w of adj[at]) {
      if (!used[w]) {
        used[w] = 1;
        go(start, w, len + 1);
        used[w] = 0;
      }
    }
  };
  for (let s = 0; s < n; s++) {
    used[s] = 1;
    go(s, s, 1);
    used[s] = 0;
  }
  return { pathSquares, cycleSquares };
}

function checkTour(board: Board, leap: readonly [number, number], r: TourResult, closed: boolean): void {
  assert.equal(r.value, Math.max(0, r.path.length - 1), "value = squares - 1");
  assert.equal(new Set(r.path).size, r.path.length, "no square twice");
  for (const sq of r.path) assert.ok(sq >= 0 && sq < board.size);
  for (let i = 1; i < r.path.length; i++) assert.ok(isLeap(board, leap, r.path[i - 1], r.path[i]), `move ${i} is a leap`);
  if (closed && r.path.length >= 2) assert.ok(isLeap(board, leap, r.path[r.path.length - 1], r.path[0]), "closes");
}

const STRATEGIES: [string, TourOptions][] = [
  ["default", {}],
  ["removal sets", { smallComponent: 0, lowerBoundNodes: 3 }],
  ["lower bound + exhaustive", { smallComponent: 0, lowerBoundNodes: 3, removalLimit: 0 }],
];

Deno.test("longest open and closed tours equal the brute force on random small boards", () => {
  const seed = 77031;
  const rng = mulberry32(seed);
  const dims: [number, number][] = [[4, 4], [3, 5], [3, 4], [4, 3], [3, 3], [2, 6], [2, 5], [1, 6], [2, 2], [5, 3]];
  const cases: [[number, number], [number, number]][] = [];
  for (const leap of [[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 3]] as [number, number][]) cases.push([[4, 4], leap]);
  for (let i = 0; i < 24; i++) {
    const x = rng.int(0, 3);
    const y = rng.int(Math.max(1, x), 4);
    cases.push([rng.pick(dims), [x, y]]);
  }
  for (const [d, leap] of cases) {
    withInstance(seed, () => `board ${d.join("x")} leap [${leap}]`, () => {
      const board = makeBoard(d);
      const b = brute(board, leap);
      for (const [name, opts] of STRATEGIES) {
        const open = longestOpenTour(board, leap, opts);
        assert.equal(open.value, b.pathSquares - 1, `${name}: open`);
        assert.ok(open.exhaustive, `${name}: open exhaustive`);
        checkTour(board, leap, open, false);
        const closed = longestClosedTour(board, leap, opts);
        assert.equal(closed.value, b.cycleSquares - 1, `${name}: closed`);
        assert.ok(closed.exhaustive, `${name}: closed exhaustive`);
        checkTour(board, leap, closed, true);
      }
    });
  }
});

Deno.test("known small values", () => {
  // Knight on 3x3: the centre cannot move, the other 8 squares form one 8-cycle.
  const k3 = makeBoard([3, 3]);
  assert.equal(longestOpenTour(k3, [1, 2]).value, 7);
  assert.equal(longestClosedTour(k3, [1, 2]).value, 7);
  // Wazir on 3x3: a Hamiltonian path (snake); a cycle alternates colours and the
  // colours hold 5 and 4 squares, so at most 8 squares: the border ring.
  assert.equal(longestOpenTour(k3, [0, 1]).value, 8);
  assert.equal(longestClosedTour(k3, [0, 1]).value, 7);
  // Wazir on 1x5: a line; no cycle, so the closed tour is a leap out and back.
  const line = makeBoard([1, 5]);
  assert.equal(longestOpenTour(line, [0, 1]).value, 4);
  assert.equal(longestClosedTour(line, [0, 1]).value, 1);
  // A leaper that cannot move on the board: no tour at all.
  const small = makeBoard([3, 3]);
  assert.equal(longestOpenTour(small, [0, 3]).value, 0);
  assert.equal(longestClosedTour(small, [0, 3]).value, 0);
  // Fers on 2x2: two separate diagonals.
  assert.equal(longestClosedTour(makeBoard([2, 2]), [1, 1]).value, 1);
  // Knight on 3x4: an open tour exists (e.g. a1 c2 a3 b1 c3 a2 c1 b3 ... found by
  // the solver; checked move by move), no closed one (3x4 has none, Schwenk 1991).
  const r34 = longestOpenTour(makeBoard([3, 4]), [1, 2]);
  assert.equal(r34.value, 11);
  checkTour(makeBoard([3, 4]), [1, 2], r34, false);
  assert.ok(longestClosedTour(makeBoard([3, 4]), [1, 2]).value < 11);
});

Deno.test("access counts the squares reachable from the start", () => {
  const b8 = makeBoard([8, 8]);
  // Alfil from a1 reaches the squares with both coordinates even and x/2 + y/2 even: a1 c3 e1 a5 e5 g3 c7 g7.
  assert.equal(access(b8, [2, 2], 0), 7);
  assert.equal(access(b8, [1, 2], 0), 63);
  // Fers stays on its colour: 31 other squares of a1's colour.
  assert.equal(access(b8, [1, 1], 0), 31);
  assert.equal(access(makeBoard([3, 3]), [1, 2], 4), 0);
});
