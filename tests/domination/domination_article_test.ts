/**
 * Brešar, "Kraljice napadajo", Presek 27 (1999/2000) 16-21
 * (shared/sources/004_ee78d25e230151c2.txt): its numbers and exercises,
 * each checked two ways where possible — by a plain program written here in
 * the article's own style (boolean board, rows, columns and diagonals walked
 * square by square) and by the domination search.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import { searchDomination } from "../../solvers/domination/search.ts";
import { buildDominationGraph, closedSize } from "../../solvers/domination/graph.ts";
import { dominationPiece } from "../../solvers/domination/pieces.ts";
import { binomialBig as binomial } from "../../solvers/lib/binomial.ts";
import { kingGamma, rookDominatingPlacements, rookFailingPlacements, rooksCoverAllLines } from "../../solvers/domination/formulas.ts";

/** The article's kaj_napada: mark the row, the column and the four diagonal walks of a queen on (x, y). */
function queenMarks(n: number, x: number, y: number, a: boolean[][]): void {
  for (let i = 0; i < n; i++) {
    a[x][i] = true;
    a[i][y] = true;
  }
  for (const [dx, dy] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
    let i = x + dx;
    let j = y + dy;
    while (i >= 0 && j >= 0 && i < n && j < n) {
      a[i][j] = true;
      i += dx;
      j += dy;
    }
  }
}

function attackedBy(n: number, queens: readonly (readonly [number, number])[]): boolean[][] {
  const a = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const [x, y] of queens) queenMarks(n, x, y, a);
  return a;
}

Deno.test("article: 635,376 is C(64,4), and none of those placements of four queens attacks all of 8x8", () => {
  assert.equal(binomial(64, 4), 635376n);
  const n = 8;
  // Every 4-subset of the 64 squares, as the article's program intends (without its symmetry shortcut).
  const single: boolean[][][] = [];
  for (let s = 0; s < 64; s++) single.push(attackedBy(n, [[s % 8, Math.floor(s / 8)]]));
  let examined = 0;
  let dominating = 0;
  for (let a = 0; a < 64; a++) {
    for (let b = a + 1; b < 64; b++) {
      for (let c = b + 1; c < 64; c++) {
        for (let d = c + 1; d < 64; d++) {
          examined++;
          let all = true;
          for (let x = 0; x < n && all; x++) {
            for (let y = 0; y < n; y++) {
              if (!single[a][x][y] && !single[b][x][y] && !single[c][x][y] && !single[d][x][y]) {
                all = false;
                break;
              }
            }
          }
          if (all) dominating++;
        }
      }
    }
  }
  assert.equal(examined, 635376);
  assert.equal(dominating, 0);
  // The search proves the same.
  const r = solveDomination({ board: makeBoard([8, 8]), piece: "queen", kind: "dominating" });
  assert.equal(r.status, "solved");
  assert.ok(r.gamma! > 4, "the search must prove that four queens cannot dominate 8x8");
  assert.ok(r.impossibilityNodes > 0 && r.impossibilityNodes < 635376, `search visited ${r.impossibilityNodes} nodes`);
});

Deno.test("article: five queens dominate 8x8 (the nineteenth-century answer), and also 9x9, 10x10, 11x11", () => {
  for (const n of [8, 9, 10, 11]) {
    const r = solveDomination({ board: makeBoard([n, n]), piece: "queen", kind: "dominating" });
    assert.equal(r.gamma, 5, `${n}x${n}`);
    const cells = r.witness!.map((s) => [s % n, Math.floor(s / n)] as [number, number]);
    const a = attackedBy(n, cells);
    assert.ok(a.every((row) => row.every(Boolean)), `witness on ${n}x${n} leaves a square unattacked by the article's test`);
  }
});

Deno.test("article: a queen attacks at most 28 squares (its own included) from d4, e4, d5, e5 and 22 from any edge square", () => {
  const board = makeBoard([8, 8]);
  const g = buildDominationGraph(board, dominationPiece("queen"));
  const centre = ["d4", "e4", "d5", "e5"].map((n) => parseSquare(board, n));
  for (let s = 0; s < 64; s++) {
    const x = s % 8;
    const y = Math.floor(s / 8);
    const own = attackedBy(8, [[x, y]]).flat().filter(Boolean).length;
    assert.equal(closedSize(g, s), own, `square ${s}`);
    if (centre.includes(s)) assert.equal(own, 28);
    else assert.ok(own < 28);
    if (x === 0 || y === 0 || x === 7 || y === 7) assert.equal(own, 22);
    else assert.ok(own > 22);
  }
});

Deno.test("article: 8 + 8 + 26 = 42 lines, and a square is attacked iff its row, column or a diagonal holds a queen", () => {
  // Lines with at least two squares: rows, columns, and diagonals of both directions without the corner singletons.
  const n = 8;
  const diagonals = new Set<number>();
  const anti = new Set<number>();
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const d = x - y;
      const e = x + y;
      const dLen = n - Math.abs(d);
      const eLen = n - Math.abs(e - (n - 1));
      if (dLen >= 2) diagonals.add(d);
      if (eLen >= 2) anti.add(e);
    }
  }
  assert.equal(n + n + diagonals.size + anti.size, 42);
  // Line model vs the rider graph on random placements.
  const board = makeBoard([n, n]);
  const g = buildDominationGraph(board, dominationPiece("queen"));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 200; trial++) {
    const queens = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => Math.floor(rand() * 64));
    for (let s = 0; s < 64; s++) {
      const [x, y] = [s % n, Math.floor(s / n)];
      const byLines = queens.some((q) => {
        const [qx, qy] = [q % n, Math.floor(q / n)];
        return qx === x || qy === y || qx - qy === x - y || qx + qy === x + y;
      });
      const byGraph = queens.some((q) => q === s || ((g.open[q * g.words + (s >>> 5)] >>> (s & 31)) & 1) === 1);
      assert.equal(byGraph, byLines, `queens ${queens} square ${s}`);
    }
  }
});

Deno.test("article exercise 1: five mutually attacking queens (all on the long diagonal) and five non-attacking queens dominate 8x8", () => {
  const board = makeBoard([8, 8]);
  const g = buildDominationGraph(board, dominationPiece("queen"));
  const all = Array.from({ length: 64 }, (_, i) => i);
  const diagonal = Array.from({ length: 8 }, (_, i) => i * 9);
  // Plain: every 5-subset of the a1-h8 diagonal, checked with the article's marking.
  let plain = 0;
  for (let m = 0; m < 256; m++) {
    const chosen = diagonal.filter((_, i) => (m >> i) & 1);
    if (chosen.length !== 5) continue;
    if (attackedBy(8, chosen.map((s) => [s % 8, Math.floor(s / 8)])).every((row) => row.every(Boolean))) plain++;
  }
  assert.ok(plain > 0, "no five queens on the long diagonal dominate");
  // The search restricted to the diagonal finds the same number.
  const r = searchDomination(g, { kind: "dominating", target: all, universe: diagonal, limit: 5, mode: "count" });
  assert.equal(r.count, plain);
  // Mutually attacking in the weaker sense (every queen attacked by another) is total domination: 5 as well.
  assert.equal(solveDomination({ board, piece: "queen", kind: "total" }).gamma, 5);
  // No two attacking: independent domination with 5.
  const ind = solveDomination({ board, piece: "queen", kind: "independent" });
  assert.equal(ind.gamma, 5);
  const w = ind.witness!;
  for (const a of w) for (const b of w) if (a !== b) assert.ok(((g.open[a * g.words + (b >>> 5)] >>> (b & 31)) & 1) === 0);
});

Deno.test("article exercise 2: n rooks dominate n×n iff every row or every column is occupied; failing placements counted", () => {
  for (let n = 1; n <= 5; n++) {
    const size = n * n;
    let failing = 0;
    let total = 0;
    const chosen: number[] = [];
    const rec = (from: number) => {
      if (chosen.length === n) {
        total++;
        const rooks = chosen.map((s) => [s % n, Math.floor(s / n)] as [number, number]);
        let dominates = true;
        for (let s = 0; s < size && dominates; s++) {
          const [x, y] = [s % n, Math.floor(s / n)];
          if (!rooks.some(([rx, ry]) => rx === x || ry === y)) dominates = false;
        }
        assert.equal(rooksCoverAllLines(n, n, rooks), dominates, `n=${n} rooks ${chosen}`);
        if (!dominates) failing++;
        return;
      }
      for (let s = from; s < size; s++) (chosen.push(s), rec(s + 1), chosen.pop());
    };
    rec(0);
    assert.equal(BigInt(total), binomial(size, n));
    assert.equal(BigInt(failing), rookFailingPlacements(n), `n=${n}`);
  }
  // The search: gamma = n and the number of minimum sets is 2n^n - n!.
  for (let n = 1; n <= 6; n++) {
    const r = solveDomination({ board: makeBoard([n, n]), piece: "rook", kind: "dominating", count: true });
    assert.equal(r.gamma, n);
    assert.equal(BigInt(r.count!), rookDominatingPlacements(n), `n=${n}`);
  }
  // On 8x8, the article's board: 4,426,165,368 placements of 8 rooks, of which this many fail.
  assert.equal(binomial(64, 8), 4426165368n);
  assert.equal(rookFailingPlacements(8), 4426165368n - 2n * 8n ** 8n + 40320n);
});

Deno.test("article exercise 3: kings on 8x8 and on n×n", () => {
  // The formula ceil(n/3)^2 (proved in formulas.ts): 9 on 8x8; the search agrees, here and up to 9x9 in the closed-forms test.
  const r = solveDomination({ board: makeBoard([8, 8]), piece: "king", kind: "dominating" });
  assert.equal(r.gamma, kingGamma(8));
  assert.equal(kingGamma(8), 9);
});
