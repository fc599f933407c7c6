/**
 * Move graphs in compressed sparse row form, built from a piece's moves on a
 * board, optionally restricted to a set of squares (the induced subgraph of a
 * position: start + men).
 */
import type { Board, Graph, Piece, Square } from "../types.ts";

/** Graph on the given squares (vertex i = squares[i]); edges are the piece's moves between them. */
export function moveGraph(board: Board, piece: Piece, squares: readonly Square[]): Graph {
  const index = new Int32Array(board.size).fill(-1);
  squares.forEach((sq, i) => {
    if (index[sq] !== -1) throw new Error(`square ${sq} given twice`);
    index[sq] = i;
  });
  const lists: number[][] = squares.map((sq) => {
    const out: number[] = [];
    for (const to of piece.destinations(board, sq)) if (index[to] >= 0) out.push(index[to]);
    return out;
  });
  return fromLists(lists);
}

/** Graph on every square of the board (vertex = square index). */
export function boardGraph(board: Board, piece: Piece): Graph {
  return moveGraph(board, piece, Array.from({ length: board.size }, (_, i) => i));
}

export function fromLists(lists: readonly (readonly number[])[]): Graph {
  const start = new Int32Array(lists.length + 1);
  for (let v = 0; v < lists.length; v++) start[v + 1] = start[v] + lists[v].length;
  const adj = new Int32Array(start[lists.length]);
  for (let v = 0; v < lists.length; v++) adj.set(lists[v], start[v]);
  return { order: lists.length, start, adj };
}

/** Graph induced on a subset of vertices (vertex i of the result = keep[i]). */
export function inducedGraph(g: Graph, keep: readonly number[]): Graph {
  const index = new Int32Array(g.order).fill(-1);
  keep.forEach((v, i) => (index[v] = i));
  return fromLists(keep.map((v) => {
    const out: number[] = [];
    for (let e = g.start[v]; e < g.start[v + 1]; e++) if (index[g.adj[e]] >= 0) out.push(index[g.adj[e]]);
    return out;
  }));
}

export function degree(g: Graph, v: number): number {
  return g.start[v + 1] - g.start[v];
}

export function neighbours(g: Graph, v: number): number[] {
  return Array.from(g.adj.subarray(g.start[v], g.start[v + 1]));
}

export function hasEdge(g: Graph, a: number, b: number): boolean {
  for (let e = g.start[a]; e < g.start[a + 1]; e++) if (g.adj[e] === b) return true;
  return false;
}

/**
 * Two-colouring of the component of `start` by breadth-first search:
 * colour[v] = 0 on the start's side, 1 on the other, -1 outside the component;
 * `bipartite` is false when some edge of the component joins equal colours;
 * `reached` counts the component's vertices.
 */
export function twoColouring(g: Graph, start: number): { colour: Int8Array; bipartite: boolean; reached: number } {
  const colour = new Int8Array(g.order).fill(-1);
  const queue = new Int32Array(g.order);
  let head = 0;
  let tail = 0;
  colour[start] = 0;
  queue[tail++] = start;
  let bipartite = true;
  while (head < tail) {
    const v = queue[head++];
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      if (colour[w] === -1) {
        colour[w] = colour[v] ^ 1;
        queue[tail++] = w;
      } else if (colour[w] === colour[v]) bipartite = false;
    }
  }
  return { colour, bipartite, reached: tail };
}

/** Breadth-first distances from `from` (-1 = unreachable). */
export function bfsDistances(g: Graph, from: number): Int32Array {
  const dist = new Int32Array(g.order).fill(-1);
  const queue = new Int32Array(g.order);
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const v = queue[head++];
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        queue[tail++] = w;
      }
    }
  }
  return dist;
}

/** Number of vertices reachable from `from`, itself excluded: the booklet's "access". */
export function accessCount(g: Graph, from: number): number {
  let n = 0;
  for (const d of bfsDistances(g, from)) if (d > 0) n++;
  return n;
}

/** Connected components: comp[v] = component id, ids in order of first vertex. */
export function components(g: Graph): { comp: Int32Array; count: number } {
  const comp = new Int32Array(g.order).fill(-1);
  let count = 0;
  for (let v = 0; v < g.order; v++) {
    if (comp[v] >= 0) continue;
    const dist = bfsDistances(g, v);
    for (let w = 0; w < g.order; w++) if (dist[w] >= 0) comp[w] = count;
    count++;
  }
  return { comp, count };
}
