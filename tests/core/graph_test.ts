/**
 * Move graphs (solvers/graph/graph.ts) against adjacency computed here from
 * coordinates, and distances, access and components against a plain flood fill
 * and breadth-first search written here. The 8x8 access values of all 35
 * leapers of the booklet's table are checked against the published column
 * (data/reference/tables.json), which is data independent of our code.
 */
import { REFERENCE_TABLES } from "../../scripts/lib/paths.ts";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { makeBoard } from "../../solvers/board/board.ts";
import {
  accessCount,
  bfsDistances,
  boardGraph,
  components,
  degree,
  fromLists,
  hasEdge,
  inducedGraph,
  moveGraph,
  neighbours,
} from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import type { Graph } from "../../solvers/types.ts";
import { type AdjMatrix, edgesOf, reachableSet, toCsr } from "../helpers/brute.ts";
import { mulberry32, type Rng, withInstance } from "../helpers/random.ts";

/** Leaper adjacency on a box board from coordinates: sorted |differences| = 0,..,0,x,y. */
function leaperAdjacency(dims: readonly number[], leap: readonly [number, number], squares: readonly number[]): AdjMatrix {
  const coords = (sq: number) => {
    const out: number[] = [];
    for (const d of dims) {
      out.push(sq % d);
      sq = Math.floor(sq / d);
    }
    return out;
  };
  const want = dims.length === 1 ? (leap[0] === 0 ? [leap[1]] : null) : [...new Array<number>(dims.length - 2).fill(0), leap[0], leap[1]];
  return squares.map((a) =>
    squares.map((b) => {
      if (want === null) return false;
      const ca = coords(a);
      const cb = coords(b);
      const diff = ca.map((v, i) => Math.abs(v - cb[i])).sort((p, q) => p - q);
      return diff.every((v, i) => v === want[i]);
    })
  );
}

function assertSameGraph(g: Graph, adj: AdjMatrix, what: string): void {
  assert.equal(g.order, adj.length, `${what}: order`);
  assert.equal(g.start.length, g.order + 1, `${what}: start array`);
  assert.equal(g.start[g.order], g.adj.length, `${what}: adj length`);
  for (let v = 0; v < g.order; v++) {
    const got = neighbours(g, v).sort((p, q) => p - q);
    const want: number[] = [];
    for (let w = 0; w < adj.length; w++) if (adj[v][w]) want.push(w);
    assert.deepEqual(got, want, `${what}: neighbours of ${v}`);
    assert.equal(degree(g, v), want.length, `${what}: degree of ${v}`);
    for (let w = 0; w < adj.length; w++) assert.equal(hasEdge(g, v, w), adj[v][w], `${what}: hasEdge(${v},${w})`);
  }
}

/** Breadth-first distances on a matrix, written independently of the solvers. */
function distances(adj: AdjMatrix, from: number): number[] {
  const dist = new Array<number>(adj.length).fill(-1);
  dist[from] = 0;
  let frontier = [from];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const v of frontier) {
      for (let w = 0; w < adj.length; w++) {
        if (adj[v][w] && dist[w] === -1) {
          dist[w] = d;
          next.push(w);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

function randomBoard(rng: Rng): number[] {
  const d = rng.pick([1, 2, 2, 2, 3]);
  return Array.from({ length: d }, () => rng.int(1, d === 1 ? 14 : d === 2 ? 8 : 4));
}

function randomLeap(rng: Rng): [number, number] {
  const x = rng.int(0, 3);
  return [x, rng.int(Math.max(1, x), 4)];
}

Deno.test("moveGraph and boardGraph equal the coordinate adjacency", () => {
  const seed = 7;
  const rng = mulberry32(seed);
  for (let i = 0; i < 300; i++) {
    const dims = randomBoard(rng);
    const leap = randomLeap(rng);
    const board = makeBoard(dims);
    const all = Array.from({ length: board.size }, (_, k) => k);
    const squares = rng.sample(all, rng.int(1, board.size));
    withInstance(seed, () => `#${i} board ${dims.join("x")} leap [${leap}] squares ${squares}`, () => {
      assertSameGraph(moveGraph(board, leaper(leap[0], leap[1]), squares), leaperAdjacency(dims, leap, squares), "moveGraph");
      assertSameGraph(boardGraph(board, leaper(leap[0], leap[1])), leaperAdjacency(dims, leap, all), "boardGraph");
    });
  }
  assert.throws(() => moveGraph(makeBoard([8, 8]), leaper(1, 2), [0, 10, 0]), /twice/);
});

Deno.test("inducedGraph equals moveGraph on the subset, and the matrix restricted", () => {
  const seed = 8;
  const rng = mulberry32(seed);
  for (let i = 0; i < 300; i++) {
    const dims = randomBoard(rng);
    const leap = randomLeap(rng);
    const board = makeBoard(dims);
    const piece = leaper(leap[0], leap[1]);
    const all = Array.from({ length: board.size }, (_, k) => k);
    const keep = rng.sample(all, rng.int(1, board.size));
    withInstance(seed, () => `#${i} board ${dims.join("x")} leap [${leap}] keep ${keep}`, () => {
      const induced = inducedGraph(boardGraph(board, piece), keep);
      const direct = moveGraph(board, piece, keep);
      assertSameGraph(induced, leaperAdjacency(dims, leap, keep), "inducedGraph");
      for (let v = 0; v < keep.length; v++) {
        assert.deepEqual(neighbours(induced, v).sort((p, q) => p - q), neighbours(direct, v).sort((p, q) => p - q), `vertex ${v}`);
      }
    });
  }
  // Arbitrary graphs: the induced graph is the matrix restricted to the kept rows and columns.
  for (let i = 0; i < 300; i++) {
    const n = rng.int(1, 12);
    const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(0.4)) adj[a][b] = adj[b][a] = true;
    const keep = rng.sample(Array.from({ length: n }, (_, k) => k), rng.int(0, n));
    withInstance(seed, () => `random #${i} edges ${JSON.stringify(edgesOf(adj))} keep ${keep}`, () => {
      assertSameGraph(inducedGraph(toCsr(adj), keep), keep.map((a) => keep.map((b) => adj[a][b])), "inducedGraph (random)");
    });
  }
});

Deno.test("fromLists builds the CSR arrays", () => {
  const g = fromLists([[1, 2], [0], [0], []]);
  assert.equal(g.order, 4);
  assert.deepEqual(Array.from(g.start), [0, 2, 3, 4, 4]);
  assert.deepEqual(Array.from(g.adj), [1, 2, 0, 0]);
  assert.equal(fromLists([]).order, 0);
});

Deno.test("bfsDistances and accessCount against an independent search", () => {
  const seed = 9;
  const rng = mulberry32(seed);
  for (let i = 0; i < 300; i++) {
    const dims = randomBoard(rng);
    const leap = randomLeap(rng);
    const board = makeBoard(dims);
    const from = rng.int(0, board.size - 1);
    withInstance(seed, () => `#${i} board ${dims.join("x")} leap [${leap}] from ${from}`, () => {
      const adj = leaperAdjacency(dims, leap, Array.from({ length: board.size }, (_, k) => k));
      const g = boardGraph(board, leaper(leap[0], leap[1]));
      assert.deepEqual(Array.from(bfsDistances(g, from)), distances(adj, from), "distances");
      const reach = reachableSet(adj, from).filter(Boolean).length - 1;
      assert.equal(accessCount(g, from), reach, "access");
    });
  }
});

Deno.test("knight access from a1 on 8x8 is 63", () => {
  const board = makeBoard([8, 8]);
  const all = Array.from({ length: 64 }, (_, k) => k);
  const flood = reachableSet(leaperAdjacency([8, 8], [1, 2], all), 0).filter(Boolean).length - 1;
  assert.equal(flood, 63, "own flood fill");
  assert.equal(accessCount(boardGraph(board, leaper(1, 2)), 0), 63);
  // The fers keeps its colour: half the board less a1 itself.
  assert.equal(accessCount(boardGraph(board, leaper(1, 1)), 0), 31);
});

const TABLES = REFERENCE_TABLES;

Deno.test({
  name: "8x8 access of the 35 table leapers equals the published column",
  fn() {
    const rows: { leap: [number, number]; access: number; accessFrom: string }[] =
      JSON.parse(readFileSync(TABLES, "utf8")).leaperTable.rows;
    assert.equal(rows.length, 35);
    const board = makeBoard([8, 8]);
    const all = Array.from({ length: 64 }, (_, k) => k);
    for (const row of rows) {
      // Squares as in the reference conventions: file letter = x, rank = y + 1.
      const from = row.accessFrom.charCodeAt(0) - 97 + 8 * (Number(row.accessFrom.slice(1)) - 1);
      const flood = reachableSet(leaperAdjacency([8, 8], row.leap, all), from).filter(Boolean).length - 1;
      assert.equal(flood, row.access, `[${row.leap}] from ${row.accessFrom}: own flood fill vs the table`);
      assert.equal(accessCount(boardGraph(board, leaper(row.leap[0], row.leap[1])), from), row.access, `[${row.leap}] accessCount`);
    }
  },
});

Deno.test("components against independent reachability", () => {
  const seed = 10;
  const rng = mulberry32(seed);
  for (let i = 0; i < 200; i++) {
    const n = rng.int(1, 14);
    const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    const p = rng.pick([0.05, 0.15, 0.3]);
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(p)) adj[a][b] = adj[b][a] = true;
    withInstance(seed, () => `#${i} edges ${JSON.stringify(edgesOf(adj))}`, () => {
      const { comp, count } = components(toCsr(adj));
      const reach = adj.map((_, v) => reachableSet(adj, v));
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) assert.equal(comp[a] === comp[b], reach[a][b], `${a} and ${b}`);
      // Ids 0..count-1 in order of each component's first vertex.
      let next = 0;
      for (let v = 0; v < n; v++) {
        assert.ok(comp[v] >= 0 && comp[v] < count);
        if (comp[v] === next) next++;
        else assert.ok(comp[v] < next, `component ${comp[v]} appears before ${next}`);
      }
      assert.equal(next, count);
    });
  }
});
