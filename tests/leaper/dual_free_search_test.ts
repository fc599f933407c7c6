/**
 * Dual-free searches (solvers/leaper/dual-free-search.ts) against an independent
 * brute force on tiny boards. The brute force knows nothing of the engine, the
 * one-level tests or symmetry: for each start it counts, by dynamic programming
 * over subsets, the paths from the start that cover exactly a set of squares
 * using leaper moves (capped at 2), which is the number of solutions of the
 * position "start + the rest of the set". Witnesses are checked with a separate
 * plain DFS.
 */
import assert from "node:assert/strict";
import { coordsOf, makeBoard } from "../../solvers/board/board.ts";
import { canonicalSquares } from "../../solvers/board/symmetry.ts";
import type { Board } from "../../solvers/types.ts";
import {
  directSearch,
  type DualFreeWitness,
  findDualFreeWitness,
  freeSquaresSearch,
  longestDualFree,
} from "../../solvers/leaper/dual-free-search.ts";
import { parseSquare, parseSquares } from "../../solvers/board/squares.ts";
import type { AtlasRecord } from "../../solvers/leaper/schema.ts";
import { solveCell } from "../../scripts/families/leaper/extra/witnesses.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

/** Leaper adjacency built from coordinates, independently of solvers/graph. */
function adjacency(board: Board, leap: readonly [number, number]): boolean[][] {
  const n = board.size;
  const [x, y] = leap;
  const adj = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const [ax, ay] = coordsOf(board, a);
      const [bx, by] = coordsOf(board, b);
      const dx = Math.abs(ax - bx);
      const dy = Math.abs(ay - by);
      adj[a][b] = (dx === x && dy === y) || (dx === y && dy === x);
    }
  }
  return adj;
}

/**
 * lengths[s][L] = true when start s has a dual-free sequence of L men. f[mask][v] = number of paths from s visiting exactly the squares of
 * mask and ending on v (saturating at 2); a position start + men is dual-free
 * when the sum over v for its mask is 1.
 */
function bruteLengths(board: Board, adj: boolean[][]): boolean[][] {
  const n = board.size;
  const lengths = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const f = new Uint8Array((1 << n) * n);
  for (let s = 0; s < n; s++) {
    f.fill(0);
    f[(1 << s) * n + s] = 1;
    for (let mask = 1; mask < 1 << n; mask++) {
      if (!(mask & (1 << s))) continue;
      let total = 0;
      for (let v = 0; v < n; v++) {
        if (!(mask & (1 << v))) continue;
        if (v !== s) {
          const prev = mask ^ (1 << v);
          let c = 0;
          for (let u = 0; u < n; u++) if (prev & (1 << u) && adj[u][v]) c += f[prev * n + u];
          f[mask * n + v] = Math.min(2, c);
        }
        total += f[mask * n + v];
      }
      if (total === 1) {
        let bits = 0;
        for (let m = mask; m; m &= m - 1) bits++;
        lengths[s][bits - 1] = true;
      }
    }
  }
  return lengths;
}

/** Solutions of the position start + men by plain DFS, capped at 2. */
function countSolutions(adj: boolean[][], start: number, men: readonly number[]): number {
  const squares = [start, ...men];
  const used = new Set<number>([start]);
  let count = 0;
  const go = (at: number): void => {
    if (count >= 2) return;
    if (used.size === squares.length) {
      count++;
      return;
    }
    for (const w of squares) {
      if (!used.has(w) && adj[at][w]) {
        used.add(w);
        go(w);
        used.delete(w);
      }
    }
  };
  go(start);
  return count;
}

function checkWitness(board: Board, adj: boolean[][], w: DualFreeWitness, L: number): void {
  assert.equal(w.moves.length, L, "witness length");
  const all = [w.start, ...w.moves];
  assert.equal(new Set(all).size, all.length, "no square twice");
  for (const sq of all) assert.ok(sq >= 0 && sq < board.size, "square on the board");
  for (let i = 1; i < all.length; i++) assert.ok(adj[all[i - 1]][all[i]], `move ${i} is a leap`);
  assert.equal(countSolutions(adj, w.start, w.moves), 1, "unique solution");
}

const LEAPS: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 2], [2, 3], [0, 3], [1, 4], [3, 3]];
const DIMS: [number, number][] = [[4, 4], [3, 5], [5, 3], [3, 4], [4, 3], [3, 3], [2, 5], [2, 6], [4, 2], [1, 5], [2, 2]];

Deno.test("free squares and direct generation find exactly the dual-free lengths the brute force finds", () => {
  const seed = 20240611;
  const rng = mulberry32(seed);
  const cases: [[number, number], [number, number]][] = [];
  // Every leaper on 4x4 and 3x5 (the hardest tiny boards), then random pairs.
  for (const leap of LEAPS.slice(0, 7)) cases.push([[4, 4], leap], [[3, 5], leap]);
  for (let i = 0; i < 16; i++) cases.push([rng.pick(DIMS), rng.pick(LEAPS)]);
  for (const [dims, leap] of cases) {
    withInstance(seed, () => `board ${dims.join("x")} leap [${leap}]`, () => {
      const board = makeBoard(dims);
      const adj = adjacency(board, leap);
      const perStart = bruteLengths(board, adj);
      const brute = perStart[0].map((_, L) => perStart.some((row) => row[L]));
      const max = brute.lastIndexOf(true);
      // Start by start (canonical squares only: a symmetry reduction that lost an
      // orbit would show here even when another start covers the same length).
      for (const s of canonicalSquares(board)) {
        for (let L = 0; L < board.size; L++) {
          const fs = freeSquaresSearch(board, leap, L, { starts: [s] });
          assert.equal(fs.witness !== null, perStart[s][L], `free squares from ${s}, L=${L}`);
          if (fs.witness) checkWitness(board, adj, fs.witness, L);
          const d = directSearch(board, leap, { target: L, starts: [s] });
          assert.equal(d.witness !== null, perStart[s][L], `direct from ${s}, L=${L}`);
        }
        const longest = directSearch(board, leap, { starts: [s] });
        assert.equal(longest.witness?.moves.length, perStart[s].lastIndexOf(true), `direct longest from ${s}`);
      }
      for (let L = 0; L < board.size; L++) {
        const fs = freeSquaresSearch(board, leap, L);
        assert.ok(fs.coverage.exhaustive || fs.witness, `free squares L=${L} exhaustive`);
        assert.equal(fs.witness !== null, brute[L], `free squares L=${L}: found ${fs.witness !== null}, brute ${brute[L]}`);
        if (fs.witness) checkWitness(board, adj, fs.witness, L);
        const fsPlain = freeSquaresSearch(board, leap, L, { symmetry: false });
        assert.equal(fsPlain.witness !== null, brute[L], `free squares without symmetry L=${L}`);
        const d = directSearch(board, leap, { target: L });
        assert.ok(d.coverage.exhaustive || d.witness, `direct L=${L} exhaustive`);
        assert.equal(d.witness !== null, brute[L], `direct L=${L}: found ${d.witness !== null}, brute ${brute[L]}`);
        if (d.witness) checkWitness(board, adj, d.witness, L);
        const capped = directSearch(board, leap, { target: L, cap: 2 });
        if (capped.witness) checkWitness(board, adj, capped.witness, L);
        else if (brute[L]) assert.equal(capped.coverage.exhaustive, false, "a capped search that misses a witness is not exhaustive");
      }
      const longest = directSearch(board, leap, {});
      assert.ok(longest.coverage.exhaustive, "longest mode without cap is exhaustive");
      assert.equal(longest.witness?.moves.length, max, "direct longest");
      checkWitness(board, adj, longest.witness!, max);
      const noSym = directSearch(board, leap, { symmetry: false });
      assert.equal(noSym.witness?.moves.length, max, "direct longest without symmetry");
      const driver = longestDualFree(board, leap);
      assert.equal(driver.value, max, "longestDualFree");
      assert.ok(driver.exhaustive, "longestDualFree exhaustive");
      if (driver.witness) checkWitness(board, adj, driver.witness, max);
      const viaDirect = longestDualFree(board, leap, { freeSquaresLimit: 0 });
      assert.equal(viaDirect.value, max, "longestDualFree through direct generation");
      assert.ok(viaDirect.exhaustive);
      const w = findDualFreeWitness(board, leap, max, { freeSquaresLimit: 0 });
      assert.ok(w.witness, "driver finds the maximum through direct generation");
      checkWitness(board, adj, w.witness!, max);
      const over = findDualFreeWitness(board, leap, max + 1);
      assert.equal(over.witness, null, "nothing longer than the maximum");
      assert.ok(over.coverage.exhaustive, "refutation above the maximum is exhaustive");
    });
  }
});

Deno.test("the booklet's pruning keeps positions whose second solution ends elsewhere", () => {
  // Wazir on 2x4 from a2 (square 2): the only dual-free sequence of 5 men from a2 is
  // a1 b1 b2 b3 b4 (found by a brute force over all paths while writing this test).
  // Its prefix a2 a1 b1 b2 has a second solution a2 b2 b1 a1, ending elsewhere;
  // dropping such prefixes would lose the sequence.
  const board = makeBoard([2, 4]);
  const adj = adjacency(board, [0, 1]);
  assert.equal(countSolutions(adj, 2, [0, 1, 3, 5, 7]), 1);
  assert.equal(countSolutions(adj, 2, [0, 1, 3]), 2);
  assert.ok(adj[2][3] && adj[3][1] && adj[1][0], "the second solution a2 b2 b1 a1");
  const r = directSearch(board, [0, 1], { target: 5, starts: [2] });
  assert.ok(r.witness);
  checkWitness(board, adj, r.witness!, 5);
  assert.deepEqual(r.witness!.moves, [0, 1, 3, 5, 7]);
});

Deno.test("a time budget stops the search and says it was not exhaustive", () => {
  let t = 0;
  const now = () => (t += 1000);
  const board = makeBoard([5, 5]);
  const r = directSearch(board, [1, 2], { target: 24, budgetMs: 10, now });
  assert.equal(r.witness, null);
  assert.equal(r.coverage.exhaustive, false);
  assert.equal(r.coverage.stoppedBy, "budget");
  const f = freeSquaresSearch(makeBoard([6, 6]), [1, 2], 30, { budgetMs: 10, now });
  assert.equal(f.coverage.exhaustive, false);
  assert.equal(f.coverage.stoppedBy, "budget");
});

Deno.test("generate-witnesses writes only witnesses of the claimed value and reports the rest", () => {
  const cell = (kind: AtlasRecord["kind"], leap: [number, number], board: number[], value: number, from?: string): AtlasRecord => {
    const id = `leaper-${leap[0]}-${leap[1]}-${kind}-${board.join("x")}`;
    return {
      id,
      family: "leaper",
      kind,
      piece: { type: "leaper", leap },
      board,
      cell: id,
      tableCell: true,
      claim: { author: null, publication: null, year: null, value, status: "absolute" },
      witness: null,
      ...(from ? { from } : {}),
      established: { regenerated: null, maximality: { status: "cited" } },
    } as AtlasRecord;
  };
  const date = "2000-01-01";
  // Wazir 4x4: the brute force above gives 14 as the longest dual-free length.
  const b4 = makeBoard([4, 4]);
  const adj = adjacency(b4, [0, 1]);
  const lower = solveCell(cell("dual-free", [0, 1], [4, 4], 13), 30, date);
  assert.equal(lower.report.status, "longer");
  assert.equal(lower.report.found, 14);
  assert.equal(lower.witness?.moves.length, 13, "the cell gets a witness of the claim, not of the longer length");
  const start = parseSquare(b4, lower.witness!.start);
  checkWitness(b4, adj, { start, moves: parseSquares(b4, lower.witness!.moves), nodes: 0, method: "direct" }, 13);
  const lw = lower.report.longerWitness!;
  checkWitness(b4, adj, { start: parseSquare(b4, lw.start), moves: parseSquares(b4, lw.moves), nodes: 0, method: "direct" }, 14);
  const over = solveCell(cell("dual-free", [0, 1], [4, 4], 15), 30, date);
  assert.equal(over.report.status, "impossible");
  assert.equal(over.witness, null);
  const exact = solveCell(cell("dual-free", [0, 1], [4, 4], 14), 30, date);
  assert.equal(exact.report.status, "witnessed");
  assert.ok(exact.report.exhaustive);
  assert.equal(exact.witness?.origin, "generated");
  // Fers on 8x8: open 28 (the table's value); a claim of 27 is beaten, 29 refuted.
  assert.equal(solveCell(cell("open", [1, 1], [8, 8], 27), 30, date).report.status, "longer");
  assert.equal(solveCell(cell("open", [1, 1], [8, 8], 29), 30, date).report.status, "impossible");
  const open = solveCell(cell("open", [1, 1], [8, 8], 28), 30, date);
  assert.equal(open.witness?.moves.length, 28);
  // Access: a wrong count is a mismatch, the right one gets the empty-move witness.
  assert.equal(solveCell(cell("access", [1, 1], [8, 8], 30, "a1"), 30, date).report.status, "mismatch");
  const acc = solveCell(cell("access", [1, 1], [8, 8], 31, "a1"), 30, date);
  assert.deepEqual([acc.witness?.start, acc.witness?.moves, acc.witness?.generatedBy?.method], ["a1", [], "bfs"]);
});
