/**
 * One-level tests: cheap checks on a whole graph that prove it has no
 * Hamiltonian path from the start (or, for test N, no unique one) before any
 * search. Names and order follow the 2009 booklet (shared/sources/000, lines
 * 922-1040): K, N, D, S, 3; C (connectivity) is ours. Each is exact: it never
 * rejects a graph that has a path of the kind asked for. The arguments are
 * given at each test.
 */
import type { Graph } from "../types.ts";
import { twoColouring } from "../graph/graph.ts";

export type OneLevelTest = "K" | "N" | "D" | "S" | "3" | "C";
export const ONE_LEVEL_TESTS: readonly OneLevelTest[] = ["K", "N", "D", "S", "3", "C"];

export interface OneLevelInput {
  graph: Graph;
  start: number;
  /** Fixed end vertex, or -1 when any end is allowed. */
  end: number;
  /** Apply test N: true only when asking "is the solution unique?" with a free end. */
  uniqueOnly: boolean;
}

export interface OneLevelVerdict {
  /** The test that rejected the graph, or null when all passed. */
  rejectedBy: OneLevelTest | null;
  /** The end vertex every path must use (given, or forced by degree 1), or -1. */
  end: number;
}

/**
 * Run the tests in order. With one vertex (the start alone) there is exactly one
 * path, of length 0, and nothing is rejected.
 */
export function oneLevel(inp: OneLevelInput): OneLevelVerdict {
  const { graph: g, start, uniqueOnly } = inp;
  let end = inp.end;
  const n = g.order;
  if (n === 1) return { rejectedBy: end === -1 || end === start ? null : "D", end: start };
  const deg = (v: number) => g.start[v + 1] - g.start[v];

  // K. A non-start vertex of degree 1 can only be the last of the path, so two
  // of them (or one that is not the fixed end) leave no path at all.
  let ones = 0;
  let one = -1;
  for (let v = 0; v < n; v++) {
    if (v !== start && deg(v) === 1) {
      ones++;
      one = v;
    }
  }
  if (ones > 1 || (ones === 1 && end !== -1 && end !== one)) return { rejectedBy: "K", end };
  if (ones === 1) end = one;

  // N. With a free end and no non-start vertex of degree 1, a path S..E has E of
  // degree >= 2, so E also neighbours some v_i, i < k-1; then
  // v_0..v_i v_k v_(k-1)..v_(i+1) is a second path from S (it ends on v_(i+1) != E).
  // So the count is 0 or >= 2: never unique. Exact only for the uniqueness question.
  if (uniqueOnly && inp.end === -1 && ones === 0) return { rejectedBy: "N", end };

  // D. A vertex of degree 0 can never be visited (n > 1 here).
  for (let v = 0; v < n; v++) if (deg(v) === 0) return { rejectedBy: "D", end };

  // S and C. Two-colour the graph by breadth-first search from the start. A vertex
  // not reached means the graph is disconnected: no path visits it (C). If the
  // colouring is proper (the graph is bipartite, as for leapers with x+y odd) a
  // path alternates colours, so the start's colour must hold exactly ceil(n/2)
  // vertices and a fixed end must have the colour of position n-1 (S).
  const { colour, bipartite, reached } = twoColouring(g, start);
  if (bipartite && reached === n) {
    let same = 0;
    for (let v = 0; v < n; v++) if (colour[v] === 0) same++;
    if (same !== Math.ceil(n / 2)) return { rejectedBy: "S", end };
    if (end !== -1 && colour[end] !== ((n - 1) & 1)) return { rejectedBy: "S", end };
  }

  // 3. A vertex u of degree 2 that is neither the start nor the end must use both
  // its edges. A vertex v can carry 2 path edges (1 if it is the start or the end).
  // With the end known, more forced edges at v than that is impossible. With the
  // end unknown, one of v's degree-2 neighbours may be the end (one edge less), or
  // v may be the end (capacity 1, and then no neighbour is): reject only when both
  // fail, i.e. 4 such neighbours (3 at the start, whose capacity is 1).
  for (let v = 0; v < n; v++) {
    let forced = 0;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const u = g.adj[e];
      if (u !== start && u !== end && deg(u) === 2) forced++;
    }
    const limit = end !== -1 ? (v === start || v === end ? 1 : 2) : v === start ? 2 : 3;
    if (forced > limit) return { rejectedBy: "3", end };
  }

  if (reached !== n) return { rejectedBy: "C", end };
  return { rejectedBy: null, end };
}
