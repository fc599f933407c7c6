/**
 * Is there a Hamiltonian path from a given start with a free end? (The open
 * longest-tour proofs ask it of every position that passes the one-level
 * tests, and on the zebra 8x8 the answer is always no.) The forced-edge
 * reduction (forced.ts) needs both ends; a free end is made a fixed one by a
 * virtual last vertex Z, joined to every vertex the path may end on:
 *
 * - A Hamiltonian path P = s … v of G (v an allowed end) gives the path
 *   s … v Z of G + Z, which visits every vertex once and ends on Z; and a
 *   Hamiltonian s–Z path of G + Z is s … v Z with v adjacent to Z, so
 *   dropping Z gives a Hamiltonian path of G from s ending on an allowed end.
 *   The two sets of paths correspond one to one.
 * - Allowed ends: every vertex but the start; when G is bipartite and
 *   connected (its 2-colouring is unique), only the colour of position n - 1
 *   on a path from s, since a path alternates colours (the booklet's test S on
 *   the end). A path's end always has that colour, so no path is lost. When G
 *   is disconnected, no Hamiltonian path exists at all. When the end is
 *   already forced (a non-start vertex of degree 1, test K), it is the end
 *   itself, without Z.
 *
 * The reduction keeps exactly the Hamiltonian s–Z paths of G + Z (forced.ts
 * argues each rule), so when it rejects there is no path, and otherwise the
 * engine searches the reduced graph to Z; a search that passes fallbackNodes
 * engine nodes continues as searchReduced (reduction at every node), as
 * decideUnique does. Both are exhaustive, so the answer is exact.
 * tests/hamiltonian/open_path_test.ts checks it against a brute force on random graphs
 * and leaper positions.
 */
import type { Graph } from "../types.ts";
import { twoColouring } from "../graph/graph.ts";
import { countHamiltonianPaths, FALLBACK_NODES } from "./engine.ts";
import { FORCED_REJECT, ForcedReducer, searchReduced } from "./forced.ts";

export interface OpenPathResult {
  /** A Hamiltonian path from the start (vertex order), or null when there is none. */
  path: number[] | null;
  /** Engine (and searchReduced) nodes; 0 when the reduction decided. */
  nodes: number;
  /** The reduction alone showed that there is no path. */
  forcedOut: boolean;
}

export interface OpenPathOptions {
  /** The end every path must use, when known (-1 or absent: free). */
  end?: number;
  /** Engine nodes before searchReduced takes over (default FALLBACK_NODES; 0 = never). */
  fallbackNodes?: number;
  /** false: the engine alone on the original graph (for comparison). */
  reduce?: boolean;
}

/** G + Z in reused buffers (one per process: calls never nest). */
let zStart = new Int32Array(0);
let zAdj = new Int32Array(0);
const reducer = new ForcedReducer();

function withEndVertex(g: Graph, allowed: (v: number) => boolean): Graph {
  const n = g.order;
  const slots = g.adj.length + 2 * n;
  if (zStart.length < n + 2) zStart = new Int32Array(n + 2);
  if (zAdj.length < slots) zAdj = new Int32Array(slots);
  let k = 0;
  for (let v = 0; v < n; v++) {
    zStart[v] = k;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) zAdj[k++] = g.adj[e];
    if (allowed(v)) zAdj[k++] = n;
  }
  zStart[n] = k;
  for (let v = 0; v < n; v++) if (allowed(v)) zAdj[k++] = v;
  zStart[n + 1] = k;
  return { order: n + 1, start: zStart.subarray(0, n + 2), adj: zAdj.subarray(0, k) };
}

export function findOpenPath(g: Graph, start: number, o: OpenPathOptions = {}): OpenPathResult {
  const n = g.order;
  const given = o.end ?? -1;
  if (n < 3 || o.reduce === false) {
    let found: number[] | null = null;
    const r = countHamiltonianPaths(g, {
      start,
      end: given === -1 ? undefined : given,
      limit: 1,
      onSolution: (p) => void (found = Array.from(p)),
    });
    return { path: found, nodes: r.nodes, forcedOut: false };
  }
  let h = g;
  let end = given;
  if (end === -1) {
    const c = twoColouring(g, start);
    if (c.reached !== n) return { path: null, nodes: 0, forcedOut: true };
    const want = c.colour[start] ^ ((n - 1) & 1);
    h = withEndVertex(g, c.bipartite ? (v) => v !== start && c.colour[v] === want : (v) => v !== start);
    end = n;
  }
  if (end === start) return { path: null, nodes: 0, forcedOut: true };
  if (reducer.reduce(h, start, end) === FORCED_REJECT) return { path: null, nodes: 0, forcedOut: true };
  const r = reducer.graph;
  const order = h.order;
  const budget = o.fallbackNodes ?? FALLBACK_NODES;
  let found: number[] | null = null;
  const e = countHamiltonianPaths(r, {
    start,
    end,
    limit: 1,
    maxNodes: budget > 0 ? budget : undefined,
    onSolution: (p) => void (found = Array.from(p)),
  });
  let nodes = e.nodes;
  if (!e.complete && found === null) {
    const f = searchReduced(r, start, end, 1);
    nodes += f.nodes;
    found = f.solution;
  }
  const path: number[] | null = found;
  if (path === null) return { path: null, nodes, forcedOut: false };
  // Drop Z (the last vertex) when it was added.
  return { path: order === n ? path : path.slice(0, n), nodes, forcedOut: false };
}
