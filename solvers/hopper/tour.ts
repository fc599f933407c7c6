/**
 * Hopper tours over fixed hurdles (the Dawson type, shared/sources/000 lines
 * 3700-3812): the hopper visits every free square once. Hopper moves are not
 * symmetric (h5 -> h8 over h7 does not give h8 -> h5 unless h6 is a hurdle
 * too), so this is a Hamiltonian path in a directed graph, and the leaper
 * engine (whose degree pruning assumes undirected edges) does not apply.
 *
 * Search: depth-first from the start with two exact prunings. A square not
 * yet visited must still be entered, so it needs a live predecessor (an
 * unvisited square or the current head): when one has none the branch is dead.
 * A square with no unvisited successor can only be the last: two such squares
 * kill the branch, and one forces the end. Both only remove branches that
 * cannot complete, so counts are exact. Typed arrays sized once per call.
 */
import type { Board, Square } from "../types.ts";
import { hopperMoves, type HopperRays } from "../pieces/hopper.ts";
import { Reach } from "../graph/reach.ts";

export interface TourGraph {
  /** Squares of the tour: the start first, then every other free square. */
  squares: Square[];
  /** CSR successor lists over vertex indices. */
  outStart: Int32Array;
  out: Int32Array;
  inStart: Int32Array;
  inn: Int32Array;
}

export function tourGraph(rays: HopperRays, start: Square, occupied: Uint8Array): TourGraph {
  const board: Board = rays.board;
  const squares: Square[] = [start];
  for (let s = 0; s < board.size; s++) if (s !== start && !occupied[s]) squares.push(s);
  const index = new Int32Array(board.size).fill(-1);
  squares.forEach((s, i) => (index[s] = i));
  const dest = new Int32Array(rays.directions);
  const lists: number[][] = squares.map((s) => {
    const m = hopperMoves(rays, s, occupied, dest);
    return Array.from(dest.subarray(0, m), (t) => index[t]);
  });
  const n = squares.length;
  const outStart = new Int32Array(n + 1);
  const inCount = new Int32Array(n);
  lists.forEach((l, v) => {
    outStart[v + 1] = outStart[v] + l.length;
    for (const w of l) inCount[w]++;
  });
  const out = Int32Array.from(lists.flat());
  const inStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) inStart[v + 1] = inStart[v] + inCount[v];
  const fill = inStart.slice(0, n);
  const inn = new Int32Array(out.length);
  lists.forEach((l, v) => {
    for (const w of l) inn[fill[w]++] = v;
  });
  return { squares, outStart, out, inStart, inn };
}

export interface TourQuery {
  /** Closed: the last square must have a move back to the start. */
  closed?: boolean;
  limit?: number;
  maxNodes?: number;
  /**
   * Reachability cut (exact): every unvisited square must be reachable from the
   * head through unvisited squares, since the rest of the path is such a walk;
   * a breadth-first search per node, O(edges), kills the branch otherwise.
   */
  reach?: boolean;
  /** Each tour as vertex indices (shared buffer). Return false to stop. */
  onTour?: (order: Int32Array) => boolean | void;
}

export interface TourCount {
  tours: number;
  complete: boolean;
  nodes: number;
}

/** Count tours from vertex 0 through every vertex of the graph. */
export function countTours(g: TourGraph, q: TourQuery = {}): TourCount {
  const n = g.squares.length;
  const limit = q.limit ?? Infinity;
  const maxNodes = q.maxNodes ?? Infinity;
  const visited = new Uint8Array(n);
  // liveIn[w]: predecessors of w that are unvisited or the head; liveOut[v]: unvisited successors of v.
  const liveIn = new Int32Array(n);
  const liveOut = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    liveIn[v] = g.inStart[v + 1] - g.inStart[v];
    liveOut[v] = g.outStart[v + 1] - g.outStart[v];
  }
  const backToStart = new Uint8Array(n);
  for (let e = g.inStart[0]; e < g.inStart[1]; e++) backToStart[g.inn[e]] = 1;
  const order = new Int32Array(n);
  let tours = 0, nodes = 0, stopped = false;
  const reach = q.reach ?? false;
  const reachBfs = new Reach(n), outGraph = { start: g.outStart, adj: g.out };
  const isVisited = (t: number) => visited[t] !== 0;
  /** Unvisited squares reachable from v through unvisited squares. */
  const reachable = (v: number): number => reachBfs.count(outGraph, v, isVisited);

  const visit = (v: number): void => {
    visited[v] = 1;
    for (let e = g.inStart[v]; e < g.inStart[v + 1]; e++) liveOut[g.inn[e]]--;
  };
  const unvisit = (v: number): void => {
    visited[v] = 0;
    for (let e = g.inStart[v]; e < g.inStart[v + 1]; e++) liveOut[g.inn[e]]++;
  };
  /**
   * The head leaves v: its successors lose a live predecessor. An unvisited
   * successor left with none must be entered now: returns it, -1 when there is
   * none, -2 when there are two (dead branch).
   */
  const leave = (v: number): number => {
    let must = -1;
    for (let e = g.outStart[v]; e < g.outStart[v + 1]; e++) {
      const w = g.out[e];
      if (--liveIn[w] === 0 && !visited[w]) must = must === -1 ? w : -2;
    }
    return must;
  };
  const unleave = (v: number): void => {
    for (let e = g.outStart[v]; e < g.outStart[v + 1]; e++) liveIn[g.out[e]]++;
  };

  const step = (v: number, depth: number): void => {
    nodes++;
    if (nodes > maxNodes) {
      stopped = true;
      return;
    }
    order[depth] = v;
    if (depth === n - 1) {
      if (q.closed && !backToStart[v]) return;
      tours++;
      if (q.onTour?.(order) === false || tours >= limit) stopped = true;
      return;
    }
    if (reach && reachable(v) < n - 1 - depth) return;
    // Unvisited squares without an unvisited successor must come last: at most one.
    let forced = -1;
    for (let w = 0; w < n; w++) {
      if (!visited[w] && liveOut[w] === 0) {
        if (forced >= 0) return;
        forced = w;
      }
    }
    const must = leave(v);
    if (must !== -2) {
      for (let e = g.outStart[v]; e < g.outStart[v + 1] && !stopped; e++) {
        const w = g.out[e];
        if (visited[w] || (must >= 0 && w !== must)) continue;
        if (forced >= 0 && w === forced && depth + 1 < n - 1) continue;
        visit(w);
        step(w, depth + 1);
        unvisit(w);
      }
    }
    unleave(v);
  };
  if (n > 0) {
    visit(0);
    step(0, 0);
  }
  return { tours, complete: !stopped, nodes };
}
