/**
 * The existence theorems (Schwenk for closed, Conrad et al. for open knight's
 * tours) against the exact engine: every board up to 6x6 and the small strips
 * 3xn (n <= 10) and 4xn (n <= 8), both kinds. Also the leaper impossibility
 * arguments against exhaustive search on small boards, and the colour-bound /
 * lattice-bound leapers (x + y even or gcd(x, y) > 1) on 2-D and 3-D boards.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { findHamiltonianPath } from "../../solvers/hamiltonian/engine.ts";
import { leaperGraph } from "../../solvers/tour/graph.ts";
import { conrad, schwenk, tourVerdict } from "../../solvers/tour/theorem.ts";
import { components } from "../../solvers/graph/graph.ts";

function exactExists(w: number, h: number, leap: [number, number], closed: boolean): boolean {
  const g = leaperGraph(makeBoard([w, h]), leap);
  if (g.order === 1) return !closed;
  // A closed tour passes square 0; an open one starts somewhere.
  const starts = closed ? [0] : Array.from({ length: g.order }, (_, i) => i);
  for (const s of starts) {
    const r = findHamiltonianPath(g, { start: s, closed });
    assert(r.complete, `search on ${w}x${h} incomplete`);
    if (r.path) return true;
  }
  return false;
}

Deno.test("Schwenk and Conrad agree with exhaustive search on all boards up to 6x6 and small strips", () => {
  const boards: [number, number][] = [];
  for (let w = 1; w <= 6; w++) for (let h = w; h <= 6; h++) boards.push([w, h]);
  for (let n = 7; n <= 10; n++) boards.push([3, n]);
  for (let n = 7; n <= 8; n++) boards.push([4, n]);
  for (const [w, h] of boards) {
    assert.equal(schwenk(w, h).exists, exactExists(w, h, [1, 2], true), `closed ${w}x${h}`);
    assert.equal(conrad(w, h).exists, exactExists(w, h, [1, 2], false), `open ${w}x${h}`);
    assert.equal(schwenk(h, w).exists, schwenk(w, h).exists);
  }
});

Deno.test("leaper impossibility verdicts are never contradicted by exhaustive search", () => {
  for (const leap of [[0, 1], [1, 1], [0, 2], [1, 3], [2, 3], [1, 4], [2, 2]] as [number, number][]) {
    for (let n = 2; n <= 5; n++) {
      for (const closed of [true, false]) {
        const v = tourVerdict(makeBoard([n, n]), leap, closed);
        if (v.exists === false) assert.equal(exactExists(n, n, leap, closed), false, `[${leap}] ${n}x${n} ${closed} (${v.theorem})`);
      }
    }
  }
});

Deno.test("colour-bound and lattice-bound leapers: 'disconnected' on every board of 2+ squares, confirmed by exhaustive search", () => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const boards: number[][] = [[1, 2], [1, 5], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4], [2, 2, 2], [2, 2, 3], [3, 3, 3], [5]];
  for (let x = 0; x <= 4; x++) {
    for (let y = Math.max(1, x); y <= 4; y++) {
      const bound = (x + y) % 2 === 0 || gcd(x, y) > 1;
      for (const dims of boards) {
        const board = makeBoard(dims);
        for (const closed of [false, true]) {
          const v = tourVerdict(board, [x, y], closed);
          assert.equal(v.theorem === "disconnected", bound, `[${x},${y}] ${dims.join("x")} ${closed}: ${v.theorem}`);
          if (!bound) continue;
          assert.equal(v.exists, false);
          // Independently: the graph has more than one component, and the engine finds no tour from any square.
          const g = leaperGraph(board, [x, y]);
          assert.ok(components(g).count > 1, `[${x},${y}] ${dims.join("x")} connected`);
          for (let s = 0; s < g.order; s++) {
            const r = findHamiltonianPath(g, { start: s, closed });
            assert.ok(r.complete && r.path === null, `[${x},${y}] ${dims.join("x")} from ${s}`);
          }
        }
      }
    }
  }
  // The single square keeps its own open tour.
  assert.equal(tourVerdict(makeBoard([1, 1]), [1, 1], false).exists, true);
});
