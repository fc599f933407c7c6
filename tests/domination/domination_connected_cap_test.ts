/**
 * The connected gain bound of solvers/domination/search.ts: cap(v), the most
 * squares a piece can newly serve when it joins a connected set next to a
 * piece already in it, checked against its definition computed from the
 * attack lists of the graph, for every piece on square and cube boards; and
 * the bound at work on the 4x4x4 rook board, where it alone refutes 9
 * connected rooks (10 + 6 * 8 < 64). Exactness of the search with the bound is
 * checked against brute force in domination_brute_test.ts (connected kind,
 * every piece, whole boards and random targets).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { connectedCaps, searchDomination } from "../../solvers/domination/search.ts";
import { attacks, buildDominationGraph } from "../../solvers/domination/graph.ts";
import { dominationPiece, type DominationPieceName } from "../../solvers/domination/pieces.ts";

const PIECES: DominationPieceName[] = ["queen", "rook", "bishop", "king", "knight"];

Deno.test("connected cap = max over neighbours w of |N[v] \\ N[w]|, every piece, 2-D and 3-D boards", () => {
  for (const dims of [[3, 3], [4, 4], [5, 3], [6, 6], [3, 3, 3], [4, 4, 4]]) {
    const board = makeBoard(dims);
    for (const piece of PIECES) {
      const g = buildDominationGraph(board, dominationPiece(piece));
      const closed = (v: number) => {
        const out = new Set<number>([v]);
        for (let t = 0; t < board.size; t++) if (t !== v && attacks(g, v, t)) out.add(t);
        return out;
      };
      const caps = connectedCaps(g);
      for (let v = 0; v < board.size; v++) {
        const nv = closed(v);
        let want = nv.size; // no neighbour: nothing is shared
        let first = true;
        for (const w of nv) {
          if (w === v) continue;
          const nw = closed(w);
          const fresh = [...nv].filter((x) => !nw.has(x)).length;
          want = first ? fresh : Math.max(want, fresh);
          first = false;
        }
        assert.equal(caps[v], want, `${piece} ${dims.join("x")} square ${v}`);
      }
    }
  }
});

Deno.test("connected gain bound: 9 rooks never dominate 4x4x4 connectedly, refuted at the first level", () => {
  const board = makeBoard([4, 4, 4]);
  const g = buildDominationGraph(board, dominationPiece("rook"));
  assert.ok(Array.from(connectedCaps(g)).every((c) => c === 6));
  const all = Array.from({ length: board.size }, (_, i) => i);
  const r = searchDomination(g, { kind: "connected", target: all, universe: all, limit: 9, mode: "decide" });
  assert.equal(r.found, false);
  assert.equal(r.aborted, false);
  // Root, plus one node per root candidate (the 10 servers of the first square): each dies on the bound.
  assert.ok(r.nodes <= 11, `nodes ${r.nodes}`);
  // Plain domination has no such cap: 8 rooks dominate 4x4x4 (not connectedly).
  const plain = searchDomination(g, { kind: "dominating", target: all, universe: all, limit: 8, mode: "decide" });
  assert.equal(plain.found, true);
});
