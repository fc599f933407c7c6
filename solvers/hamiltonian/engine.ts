/**
 * The Hamiltonian engine: count, enumerate or find Hamiltonian paths from a
 * start vertex (optionally to a fixed end), and Hamiltonian cycles through it.
 *
 * Search is depth-first with the booklet's dynamic degree reduction. Every
 * unvisited vertex w keeps deg[w] = number of its neighbours that are still
 * "alive" (unvisited, or the current head of the path). A move A -> B kills A,
 * so only A's neighbours lose one. An unvisited vertex with deg 0 can never be
 * reached: the branch is dead. One with deg 1 can be entered but not left, so it
 * must be the last vertex: if the end is known and it is another vertex, the
 * branch is dead; if the end is not known yet, this vertex becomes the end
 * ("borrowed", undone on backtrack), and a second such vertex kills the branch.
 * The end may not be entered before every other vertex is visited (premature
 * end). All three rules only remove branches that cannot complete, so counts are
 * exact. The state lives in typed arrays sized once per call: no allocation per
 * search node.
 *
 * Forced edges (rule 3 in the search, PathQuery.forcedEdges; used by
 * decideUnique). When the end is fixed for the whole search, an unvisited
 * vertex x other than the end lies inside every completion, so it uses two of
 * its edges to alive vertices; when deg[x] = 2 both are forced. Every
 * completion therefore uses every forced edge, and a vertex can carry no more
 * edges than it has room for: the head one more (its next step), the end one
 * (it is entered, never left), any other unvisited vertex two. So a node
 * where some alive vertex has more forced edges (edges to unvisited non-end
 * neighbours of degree 2) than that has no completion and is cut. The test
 * reads only the degrees the search keeps; it adds no branch, so counts stay
 * exact. It is checked incrementally (forcedOverflow says why that sees every
 * overflow), so a node costs a few neighbour lists, not a pass over the
 * graph. (The forced-edge reduction of forced.ts applies the same count once,
 * before a search; here it is applied at every node, where the path's growth
 * keeps making new degree-2 vertices. On knight 8x8 free-squares positions it
 * cut decideUnique's nodes by about 30 %; see run.ts FORCED_EDGES.)
 */
import type { Graph } from "../types.ts";
import { oneLevel, type OneLevelTest } from "./one-level.ts";
import { seededRandom } from "../random.ts";
import { FORCED_REJECT, ForcedReducer, searchReduced } from "./forced.ts";

export interface PathQuery {
  start: number;
  /** Fixed last vertex (ignored when closed). */
  end?: number;
  /** Hamiltonian cycles through start: paths that end next to the start. */
  closed?: boolean;
  /** Stop after this many solutions. */
  limit?: number;
  /** Stop (complete = false) after this many search nodes. */
  maxNodes?: number;
  /** false = plain backtracking without one-level tests or degree pruning (for comparison). */
  prune?: boolean;
  /**
   * With prune and a fixed end (given, or closed): the forced-edge count at every node (the header argues it),
   * checked incrementally; "scan" checks the whole graph at every node instead (the same cuts: for tests).
   * Default false: only decideUnique turns it on, so the engine's other callers count the nodes they did.
   */
  forcedEdges?: boolean | "scan";
  /**
   * Skip the one-level tests before the search (the caller has run them, or the forced-edge reduction, which
   * covers K, D, 3 and C, and leaves S unchanged). Only speed: the search with its degree rules is exact alone.
   */
  trusted?: boolean;
  /**
   * With both ends fixed, run from the end of larger degree (the search normally starts at the end of smaller
   * degree; on a tie, at the start): the same paths, found in another order. decideUnique's second phase.
   */
  fromOtherEnd?: boolean;
  /**
   * Called with each solution's vertex order (a shared buffer: copy to keep).
   * For closed queries the path lists each vertex once; the return to the start is implied.
   * Return false to stop.
   */
  onSolution?: (path: Int32Array) => boolean | void;
}

export interface PathCount {
  /**
   * Number of solutions found: directed paths from the start; for closed queries
   * directed cycles through the start (each cycle of 3+ vertices counts twice,
   * once per direction; the 2-vertex leap out and back counts once).
   */
  solutions: number;
  /** false when limit or maxNodes stopped the search before it was exhaustive. */
  complete: boolean;
  /** Search nodes (calls of the recursive step). */
  nodes: number;
  /** One-level test that settled the count as 0 without search, if any. */
  rejectedBy: OneLevelTest | null;
}

export class EngineError extends Error {
  override name = "EngineError";
}

/** Graph plus a copy of the start's neighbourhood as a virtual last vertex: its paths are the start's cycles. */
function withReturnVertex(g: Graph, start: number): Graph {
  const n = g.order;
  const sdeg = g.start[start + 1] - g.start[start];
  const st = new Int32Array(n + 2);
  const adj = new Int32Array(g.adj.length + 2 * sdeg);
  let k = 0;
  const isNbr = new Uint8Array(n);
  for (let e = g.start[start]; e < g.start[start + 1]; e++) isNbr[g.adj[e]] = 1;
  for (let v = 0; v < n; v++) {
    st[v] = k;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) adj[k++] = g.adj[e];
    if (isNbr[v]) adj[k++] = n;
  }
  st[n] = k;
  for (let e = g.start[start]; e < g.start[start + 1]; e++) adj[k++] = g.adj[e];
  st[n + 1] = k;
  return { order: n + 1, start: st, adj };
}

function checkVertex(g: Graph, v: number, what: string): void {
  if (!Number.isInteger(v) || v < 0 || v >= g.order) throw new EngineError(`${what} ${v} is not a vertex of a graph of order ${g.order}`);
}

export function countHamiltonianPaths(graph: Graph, q: PathQuery): PathCount {
  checkVertex(graph, q.start, "start");
  const closed = q.closed ?? false;
  let g = graph;
  let start = q.start;
  let end = q.end ?? -1;
  if (closed) {
    if (graph.order < 2) return { solutions: 0, complete: true, nodes: 0, rejectedBy: null };
    g = withReturnVertex(graph, start);
    end = graph.order;
  } else if (end !== -1) checkVertex(graph, end, "end");
  const prune = q.prune ?? true;
  const forcedMode = prune ? q.forcedEdges ?? false : false;
  const limit = q.limit ?? Infinity;
  const maxNodes = q.maxNodes ?? Infinity;
  const n = g.order;
  const userOrder = n - (closed ? 1 : 0);

  if (prune && !q.trusted) {
    const verdict = oneLevel({ graph: g, start, end, uniqueOnly: false });
    if (verdict.rejectedBy) return { solutions: 0, complete: true, nodes: 0, rejectedBy: verdict.rejectedBy };
    end = verdict.end;
  }
  if (n === 1) {
    if (end !== -1 && end !== start) return { solutions: 0, complete: true, nodes: 0, rejectedBy: null };
    const one = Int32Array.of(start);
    q.onSolution?.(one);
    return { solutions: 1, complete: limit > 1, nodes: 1, rejectedBy: null };
  }
  if (end === start) return { solutions: 0, complete: true, nodes: 0, rejectedBy: null };

  // With both ends fixed, run from the end of smaller degree: paths reverse one to one.
  let reversed = false;
  if (end !== -1 && !closed) {
    const ds = g.start[start + 1] - g.start[start];
    const de = g.start[end + 1] - g.start[end];
    if (de < ds !== (q.fromOtherEnd ?? false)) {
      [start, end] = [end, start];
      reversed = true;
    }
  }

  let maxDeg = 0;
  for (let v = 0; v < n; v++) if (g.start[v + 1] - g.start[v] > maxDeg) maxDeg = g.start[v + 1] - g.start[v];
  // The search's arrays come from the pool unless a search is already running (a nested call from onSolution).
  const nested = pool.busy;
  if (!nested && (pool.deg.length < n || pool.cand.length < n * maxDeg)) growPool(n, n * maxDeg);
  const buf = nested ? newBuffers(n, n * maxDeg) : pool;
  pool.busy = true;
  const deg = buf.deg;
  for (let v = 0; v < n; v++) deg[v] = g.start[v + 1] - g.start[v];
  const visited = buf.visited;
  visited.fill(0, 0, n);
  const path = buf.path;
  const cand = buf.cand;
  const out = buf.out.subarray(0, userOrder);
  const { start: gs, adj } = g;
  let solutions = 0;
  let nodes = 0;
  let stopped = false;
  let curEnd = end;
  // The forced-edge count needs the end for the whole search: a given end (or the closed query's return vertex).
  const forced = forcedMode !== false && end !== -1;

  const report = (): void => {
    solutions++;
    if (q.onSolution) {
      if (reversed) { for (let i = 0; i < userOrder; i++) out[i] = path[n - 1 - i]; }
      else for (let i = 0; i < userOrder; i++) out[i] = path[i];
      if (q.onSolution(out) === false) stopped = true;
    }
    if (solutions >= limit) stopped = true;
  };

  // The forced-edge count (header). A forcing vertex is unvisited, not the end, with deg 2; the end is fixed
  // for the whole search (the rule is off otherwise), so forcing is read off deg[] as it stands.
  const forcing = (w: number): boolean => !visited[w] && w !== curEnd && deg[w] === 2;
  /** Too many forced edges at y (alive: unvisited, or the head)? */
  const overflowAt = (y: number, headV: number): boolean => {
    let f = 0;
    for (let e = gs[y]; e < gs[y + 1]; e++) if (forcing(adj[e])) f++;
    return f > (y === headV || y === curEnd ? 1 : 2);
  };
  /**
   * The whole graph at this node (mode "scan", and the root). Otherwise only what can have changed since the
   * parent, which passed: a vertex's count of forced edges grows only through a neighbour that has just
   * become forcing, i.e. a neighbour x of the previous head whose deg fell from 3 to 2 (any other vertex
   * keeps its deg; one that stops forcing only lowers counts), and the room shrinks only at the new head (two
   * edges to one). So the head and the alive neighbours of those x are checked (freesquares.ts does the same
   * with masks).
   */
  const forcedOverflow = (depth: number, headV: number): boolean => {
    if (depth === 0 || forcedMode === "scan") {
      for (let y = 0; y < n; y++) if ((!visited[y] || y === headV) && overflowAt(y, headV)) return true;
      return false;
    }
    if (overflowAt(headV, headV)) return true;
    const prev = path[depth - 1];
    for (let e = gs[prev]; e < gs[prev + 1]; e++) {
      const x = adj[e];
      if (!forcing(x)) continue;
      for (let j = gs[x]; j < gs[x + 1]; j++) {
        const y = adj[j];
        if ((!visited[y] || y === headV) && overflowAt(y, headV)) return true;
      }
    }
    return false;
  };

  const step = (depth: number, headV: number): void => {
    nodes++;
    if (nodes > maxNodes) {
      stopped = true;
      return;
    }
    if (depth === n - 1) {
      if (curEnd === -1 || headV === curEnd) report();
      return;
    }
    if (forced && forcedOverflow(depth, headV)) return;
    // Candidates in Warnsdorff order: fewest onward moves first.
    const base = depth * maxDeg;
    let k = 0;
    for (let e = gs[headV]; e < gs[headV + 1]; e++) {
      const w = adj[e];
      if (visited[w]) continue;
      if (prune && w === curEnd && depth + 1 < n - 1) continue; // premature end
      let i = k++;
      while (i > 0 && deg[cand[base + i - 1]] > deg[w]) {
        cand[base + i] = cand[base + i - 1];
        i--;
      }
      cand[base + i] = w;
    }
    if (k === 0) return;
    // Leaving the head drops one edge at each of its neighbours, whichever candidate is taken, so the
    // degrees are lowered once for all candidates. The candidate b itself is then visited, so the
    // degree rule looks at the head's other unvisited neighbours: those of degree 0 (dead) and of
    // degree 1 (the end) are counted once here, and each candidate only discounts itself.
    const hs = gs[headV];
    const he = gs[headV + 1];
    for (let e = hs; e < he; e++) deg[adj[e]]--;
    let zeros = 0;
    let ones = 0;
    let one1 = -1;
    let one2 = -1;
    if (prune) {
      for (let e = hs; e < he; e++) {
        const w = adj[e];
        if (visited[w]) continue;
        const d = deg[w];
        if (d === 0) zeros++;
        else if (d === 1) {
          ones++;
          if (one1 < 0) one1 = w;
          else if (one2 < 0) one2 = w;
        }
      }
    }
    for (let c = 0; c < k && !stopped; c++) {
      const b = cand[base + c];
      let borrowed = false;
      if (prune) {
        const db = deg[b];
        if (zeros - (db === 0 ? 1 : 0) > 0) continue;
        const o = ones - (db === 1 ? 1 : 0);
        if (o > 1) continue;
        if (o === 1) {
          // The one vertex left with a single edge must be the end.
          const w = one1 === b ? one2 : one1;
          if (curEnd !== -1) {
            if (curEnd !== w) continue;
          } else {
            curEnd = w;
            borrowed = true;
          }
        }
      }
      visited[b] = 1;
      path[depth + 1] = b;
      step(depth + 1, b);
      visited[b] = 0;
      if (borrowed) curEnd = -1;
    }
    for (let e = hs; e < he; e++) deg[adj[e]]++;
  };

  visited[start] = 1;
  path[0] = start;
  try {
    step(0, start);
  } finally {
    if (!nested) pool.busy = false;
  }
  return { solutions, complete: !stopped, nodes, rejectedBy: null };
}

interface SearchBuffers {
  deg: Int32Array;
  visited: Uint8Array;
  path: Int32Array;
  cand: Int32Array;
  out: Int32Array;
  busy: boolean;
}

function newBuffers(n: number, cands: number): SearchBuffers {
  return {
    deg: new Int32Array(n),
    visited: new Uint8Array(n),
    path: new Int32Array(n),
    cand: new Int32Array(cands),
    out: new Int32Array(n),
    busy: false,
  };
}

/** Buffers reused by every search (a proof run makes billions of small ones); grown to the largest graph seen. */
const pool: SearchBuffers = newBuffers(0, 0);

function growPool(n: number, cands: number): void {
  const b = newBuffers(Math.max(n, pool.deg.length), Math.max(cands, pool.cand.length));
  pool.deg = b.deg;
  pool.visited = b.visited;
  pool.path = b.path;
  pool.cand = b.cand;
  pool.out = b.out;
}

/** Some Hamiltonian path from start (to end if given), or null when there is none. */
export function findHamiltonianPath(
  g: Graph,
  q: Omit<PathQuery, "limit" | "onSolution">,
): { path: number[] | null; complete: boolean; nodes: number } {
  let found: number[] | null = null;
  const r = countHamiltonianPaths(g, { ...q, limit: 1, onSolution: (p) => void (found = Array.from(p)) });
  return { path: found, complete: r.complete || found !== null, nodes: r.nodes };
}

/** Every solution (copies), up to an optional limit. */
export function enumerateHamiltonianPaths(g: Graph, q: Omit<PathQuery, "onSolution">): { paths: number[][]; result: PathCount } {
  const paths: number[][] = [];
  const result = countHamiltonianPaths(g, { ...q, onSolution: (p) => void paths.push(Array.from(p)) });
  return { paths, result };
}

export interface Uniqueness {
  unique: boolean;
  /** Solutions found, at most 2 (2 means "two or more"); null when test N decided without counting. */
  solutions: number | null;
  complete: boolean;
  nodes: number;
  rejectedBy: OneLevelTest | null;
  /** The solution when unique. */
  solution: number[] | null;
  /** The forced-edge reduction (forced.ts) showed that no path exists (then solutions is 0 and nodes 0). */
  forcedOut?: boolean;
}

/**
 * Does the graph have exactly one Hamiltonian path from start (to the fixed end
 * if given)? For closed queries: exactly one cycle up to direction. This is the
 * dual-free question; here test N applies too.
 */
export interface ProbeOptions {
  /**
   * Randomised probes before the exhaustive search (open paths only; 0 = none).
   * A short deterministic search runs first; if it is not decisive, each probe
   * searches the same graph with its adjacency lists shuffled (a different
   * candidate order among equal degrees), under a node budget that doubles per
   * probe. Two distinct paths found by any of them prove "not unique" exactly;
   * otherwise the full deterministic search decides, as without probes. All
   * nodes spent count. The shuffles come from a fixed seed, so the node counts
   * are reproducible.
   */
  probes?: number;
  /** Budget of the first short search and the first probe (default 2000 nodes). */
  probeNodes?: number;
  /**
   * The forced-edge reduction (forced.ts) before any search, when both ends are
   * known (open paths to a given or forced end; default true): the search then
   * runs on a graph with the same Hamiltonian paths and fewer edges, or not at
   * all when the reduction shows there is none.
   */
  reduce?: boolean;
  /**
   * With the reduction: engine nodes of the exhaustive search before it switches to
   * forced.ts searchReduced, which reduces at every node (default FALLBACK_NODES; 0 = never).
   */
  fallbackNodes?: number;
  /**
   * With the reduction: engine nodes on the graph as given before reducing it (0 = reduce first). A
   * search that ends within them is exact as it stands; only the rest pay for the reduction.
   */
  firstNodes?: number;
  /**
   * With firstNodes: engine nodes of a second search on the graph as given, from the other end, when the
   * first did not decide (0 = none). Where the search from one end stalls in a dead region its first steps
   * chose, the search from the other end often finds two paths, or none, at once: on knight 8x8 positions
   * of the sd=53 proof, about 9 in 10 of the searches that outlive 300 nodes (see run.ts OTHER_END_NODES).
   * Exact like the first: it is the same count from the other end.
   */
  otherEndNodes?: number;
  /**
   * The forced-edge count at every node of its searches (PathQuery.forcedEdges; default true). Only node
   * counts depend on it, never an answer.
   */
  forcedEdges?: boolean;
  /**
   * The graph has passed the one-level tests with this end (the proof run's tester: see PathQuery.trusted);
   * with the reduction, the engine skips them too.
   */
  trusted?: boolean;
}

/**
 * The engine's node budget before searchReduced takes over. On knight 8x8 positions the
 * engine's searches have a median of 73 nodes and a 99th percentile near 1,000; those past
 * 10^5 ran to millions (the heavy tail), where searchReduced needed tens of nodes.
 */
export const FALLBACK_NODES = 2_000;

/**
 * decideUnique's first path, copied into a reused buffer (made an array only when it is the answer;
 * grown to the largest graph seen; decideUnique calls never nest).
 */
let firstPath = new Int32Array(0);
let firstLength = -1;
/** The graph of the swap test on the first path (null: none), and whether it found a second path. */
let swapGraph: Graph | null = null;
let swapFound = false;
function keepFirst(p: Int32Array): boolean | void {
  if (firstLength >= 0) return;
  if (firstPath.length < p.length) firstPath = new Int32Array(p.length);
  firstPath.set(p);
  firstLength = p.length;
  if (swapGraph !== null && (hasSwap(swapGraph, p) || hasSegmentMove(swapGraph, p))) {
    swapFound = true;
    return false;
  }
}

let swapPos = new Int32Array(0);
let swapMark = new Int32Array(0);
let swapStamp = 0;

/**
 * A second Hamiltonian path with the same two ends, read off the first one P =
 * p0 p1 … p(n-1) (the swap, or 2-opt, move): if p(i)–p(j) and p(i+1)–p(j+1) are
 * edges for some i + 2 <= j <= n - 2, then p0 … p(i) p(j) p(j-1) … p(i+1) p(j+1)
 * … p(n-1) is a Hamiltonian path between the same ends (every step is an edge:
 * the two named ones and P's own, reversed), and it differs from P at position
 * i + 1. So the ends' path is not unique. One pass over the edges (marks, no search).
 */
export function hasSwap(g: Graph, p: Int32Array): boolean {
  const n = p.length;
  if (swapPos.length < g.order) {
    swapPos = new Int32Array(g.order);
    swapMark = new Int32Array(g.order);
    swapStamp = 0;
  }
  if (swapStamp > 1 << 30) {
    swapMark.fill(0);
    swapStamp = 0;
  }
  for (let k = 0; k < n; k++) swapPos[p[k]] = k;
  const gs = g.start;
  const adj = g.adj;
  for (let i = 0; i + 3 < n; i++) {
    const st = ++swapStamp;
    const u = p[i];
    for (let e = gs[u]; e < gs[u + 1]; e++) swapMark[adj[e]] = st;
    const a = p[i + 1];
    for (let e = gs[a]; e < gs[a + 1]; e++) {
      const k = swapPos[adj[e]];
      if (k >= i + 3 && swapMark[p[k - 1]] === st) return true;
    }
  }
  return false;
}

/** hasSegmentMove's adjacency matrix (grown to the largest graph seen). */
let segmentAdj = new Uint8Array(0);

/**
 * A second Hamiltonian path with the same two ends by a segment move (3-opt) on the first one P = A B C D,
 * cut after p(i), p(j) and p(k) (0 <= i < j < k <= n - 2; A = p0 … p(i), B = p(i+1) … p(j),
 * C = p(j+1) … p(k), D = p(k+1) … p(n-1)), where hasSwap's 2-opt (one segment reversed) finds none. Each
 * of the four reconnections below keeps A first and D last, so both ends, and every step is an edge: P's own
 * inside the segments (reversed or not) and the three named joins:
 * - A C B D    (the two segments exchanged): p(i)–p(j+1), p(k)–p(i+1), p(j)–p(k+1);
 * - A C' B D   (C reversed in front of B):   p(i)–p(k), p(j+1)–p(i+1), p(j)–p(k+1);
 * - A C B' D   (B reversed behind C):        p(i)–p(j+1), p(k)–p(j), p(i+1)–p(k+1);
 * - A B' C' D  (both reversed in place):     p(i)–p(j), p(i+1)–p(k), p(j+1)–p(k+1), with j >= i + 2.
 * The first three put p(j+1) or p(k), not p(i+1), at position i + 1; the last puts p(j) there, and j >= i + 2
 * makes it another vertex. So each is a Hamiltonian path between the same ends that differs from P, and
 * the ends' path is not unique. (A C' B' D is the 2-opt of B C together.) On knight 8x8 positions it finds
 * the second path of every sampled search that reached the forced-edge reduction with a first path and no
 * swap. The kernel's twin (solvers/wasm/assembly/freesquares.ts) reads the same moves off bit masks; this
 * one scans adjacency lists. tests/hamiltonian/segment_move_test.ts holds this one to a brute force over
 * every (i, j, k), and tests/leaper/freesquares_kernel_test.ts the twin to this one (the same node counts).
 */
export function hasSegmentMove(g: Graph, p: Int32Array): boolean {
  const n = p.length;
  if (n < 4) return false;
  if (swapPos.length < g.order) {
    swapPos = new Int32Array(g.order);
    swapMark = new Int32Array(g.order);
    swapStamp = 0;
  }
  for (let t = 0; t < n; t++) swapPos[p[t]] = t;
  const gs = g.start;
  const adj = g.adj;
  const order = g.order;
  if (segmentAdj.length < order * order) segmentAdj = new Uint8Array(order * order);
  const m = segmentAdj;
  m.fill(0, 0, order * order);
  for (let v = 0; v < order; v++) for (let e = gs[v]; e < gs[v + 1]; e++) m[v * order + adj[e]] = 1;
  const edge = (a: number, b: number): boolean => m[a * order + b] === 1;
  for (let i = 0; i + 3 < n; i++) {
    const a = p[i];
    const b = p[i + 1];
    // x = p(j+1) a neighbour of p(i): A C B D and A C B' D.
    for (let e = gs[a]; e < gs[a + 1]; e++) {
      const j = swapPos[adj[e]] - 1;
      if (j < i + 1 || j + 1 > n - 2) continue;
      const c = p[j];
      for (let k = j + 1; k <= n - 2; k++) {
        if (edge(p[k], b) && edge(c, p[k + 1])) return true; // A C B D
        if (edge(p[k], c) && edge(b, p[k + 1])) return true; // A C B' D
      }
    }
    // y = p(j+1) a neighbour of p(i+1): A C' B D (the join p(i)–p(k)).
    for (let e = gs[b]; e < gs[b + 1]; e++) {
      const j = swapPos[adj[e]] - 1;
      if (j < i + 1 || j + 1 > n - 2) continue;
      for (let k = j + 1; k <= n - 2; k++) if (edge(a, p[k]) && edge(p[j], p[k + 1])) return true;
    }
    // x = p(j) a neighbour of p(i), j >= i + 2: A B' C' D.
    for (let e = gs[a]; e < gs[a + 1]; e++) {
      const j = swapPos[adj[e]];
      if (j < i + 2 || j > n - 3) continue;
      for (let k = j + 1; k <= n - 2; k++) if (edge(b, p[k]) && edge(p[j + 1], p[k + 1])) return true;
    }
  }
  return false;
}

/** One of decideUnique's short searches on the graph as it stands: limit 2, the second-path tests on its first path. */
function shortSearch(
  g: Graph,
  q: PathQuery,
  trusted: boolean | undefined,
  forcedEdges: boolean,
  nodes: number,
  fromOtherEnd: boolean,
): PathCount {
  firstLength = -1;
  swapFound = false;
  swapGraph = g;
  const r = countHamiltonianPaths(g, {
    ...q,
    trusted,
    forcedEdges,
    limit: 2,
    maxNodes: Math.min(nodes, q.maxNodes ?? Infinity),
    onSolution: keepFirst,
    fromOtherEnd,
  });
  swapGraph = null;
  return r;
}

/** decideUnique's answer from a short search on the graph as it stands, or null when it did not decide. */
function settledShort(r: PathCount, spent: number): Uniqueness | null {
  if (swapFound) return { unique: false, solutions: 2, complete: true, nodes: spent, rejectedBy: null, solution: null };
  if (!r.complete && r.solutions < 2) return null;
  return {
    unique: r.complete && r.solutions === 1,
    solutions: Math.min(2, r.solutions),
    complete: true,
    nodes: spent,
    rejectedBy: r.rejectedBy,
    solution: r.complete && r.solutions === 1 ? Array.from(firstPath.subarray(0, firstLength)) : null,
  };
}

/** One reducer for every call (its buffers grow to the largest graph seen; calls never nest). */
const reducer = new ForcedReducer();

export function decideUnique(
  g: Graph,
  q: Pick<PathQuery, "start" | "end" | "closed" | "maxNodes" | "trusted">,
  o: ProbeOptions = {},
): Uniqueness {
  checkVertex(g, q.start, "start");
  if (!q.closed && q.end === undefined) {
    const v = oneLevel({ graph: g, start: q.start, end: -1, uniqueOnly: true });
    if (v.rejectedBy) {
      return {
        unique: false,
        solutions: v.rejectedBy === "N" ? null : 0,
        complete: true,
        nodes: 0,
        rejectedBy: v.rejectedBy,
        solution: null,
      };
    }
    // Every path ends on the forced degree-1 vertex: fix it, so the search may run from it.
    if (v.end !== -1 && g.order > 1) q = { ...q, end: v.end };
  }
  const forcedEdges = o.forcedEdges ?? true;
  const reduced = (o.reduce ?? true) && !q.closed && q.end !== undefined && q.end !== q.start && g.order >= 3;
  let spent = 0;
  const first = o.firstNodes ?? 0;
  if (reduced && first > 0) {
    // Most searches end within a few hundred nodes: try the engine before paying for the reduction.
    const r = shortSearch(g, q, o.trusted, forcedEdges, first, false);
    spent = r.nodes;
    const decided = settledShort(r, spent);
    if (decided) return decided;
    if (q.maxNodes !== undefined) {
      if (spent >= q.maxNodes) {
        return { unique: false, solutions: Math.min(2, r.solutions), complete: false, nodes: spent, rejectedBy: null, solution: null };
      }
      q = { ...q, maxNodes: q.maxNodes - spent };
    }
    const other = o.otherEndNodes ?? 0;
    if (other > 0) {
      // The same short search from the other end (ProbeOptions.otherEndNodes).
      const r2 = shortSearch(g, q, o.trusted, forcedEdges, other, true);
      spent += r2.nodes;
      const decided2 = settledShort(r2, spent);
      if (decided2) return decided2;
      if (q.maxNodes !== undefined) {
        if (r2.nodes >= q.maxNodes) {
          return { unique: false, solutions: Math.min(2, r2.solutions), complete: false, nodes: spent, rejectedBy: null, solution: null };
        }
        q = { ...q, maxNodes: q.maxNodes - r2.nodes };
      }
    }
  }
  if (reduced) {
    checkVertex(g, q.end!, "end");
    if (reducer.reduce(g, q.start, q.end!) === FORCED_REJECT) {
      return { unique: false, solutions: 0, complete: true, nodes: spent, rejectedBy: null, solution: null, forcedOut: true };
    }
    g = reducer.graph;
    if (o.trusted) q = { ...q, trusted: true };
  }
  const probes = q.closed ? 0 : o.probes ?? 0;
  if (probes > 0 && g.order >= 3) {
    const budget = o.probeNodes ?? 2000;
    const maxNodes = q.maxNodes ?? Infinity;
    const found: Int32Array[] = [];
    const keep = (p: Int32Array) => {
      if (found.length < 2 && !found.some((f) => f.every((x, i) => x === p[i]))) found.push(p.slice());
    };
    const short = countHamiltonianPaths(g, { ...q, forcedEdges, limit: 2, maxNodes: Math.min(budget, maxNodes), onSolution: keep });
    spent += short.nodes;
    if (short.complete) {
      return {
        unique: short.solutions === 1,
        solutions: Math.min(2, short.solutions),
        complete: true,
        nodes: spent,
        rejectedBy: short.rejectedBy,
        solution: short.solutions === 1 ? Array.from(found[0]) : null,
      };
    }
    const rand = seededRandom(0x2545f491);
    const adj = new Int32Array(g.adj.length);
    for (let p = 0; p < probes && found.length < 2 && spent < maxNodes; p++) {
      adj.set(g.adj);
      for (let v = 0; v < g.order; v++) {
        for (let e = g.start[v + 1] - 1; e > g.start[v]; e--) {
          const j = g.start[v] + Math.floor(rand() * (e - g.start[v] + 1));
          const t = adj[e];
          adj[e] = adj[j];
          adj[j] = t;
        }
      }
      const r = countHamiltonianPaths({ order: g.order, start: g.start, adj }, {
        ...q,
        forcedEdges,
        limit: 2,
        maxNodes: Math.min(budget * 2 ** p, maxNodes - spent),
        onSolution: keep,
      });
      spent += r.nodes;
    }
    if (found.length >= 2) return { unique: false, solutions: 2, complete: true, nodes: spent, rejectedBy: null, solution: null };
    if (q.maxNodes !== undefined) q = { ...q, maxNodes: Math.max(0, q.maxNodes - spent) };
  }
  // A cycle of 3+ vertices is found once per direction; the 2-vertex leap out and back once.
  const perCycle = q.closed && g.order >= 3 ? 2 : 1;
  firstLength = -1;
  // With both ends known and the reduction on, the engine gets a node budget; a search that
  // outlives it (the rare heavy positions) continues as searchReduced, exhaustive from the start.
  const fallback = reduced && o.fallbackNodes !== 0;
  const budget = fallback ? Math.min(q.maxNodes ?? Infinity, o.fallbackNodes ?? FALLBACK_NODES) : q.maxNodes;
  swapFound = false;
  swapGraph = reduced ? g : null;
  const r = countHamiltonianPaths(g, {
    ...q,
    forcedEdges,
    maxNodes: budget,
    limit: 2 * perCycle,
    onSolution: keepFirst,
  });
  swapGraph = null;
  if (swapFound) return { unique: false, solutions: 2, complete: true, nodes: spent + r.nodes, rejectedBy: null, solution: null };
  if (fallback && !r.complete && r.solutions < 2 && (q.maxNodes === undefined || r.nodes < q.maxNodes)) {
    const left = q.maxNodes === undefined ? Infinity : q.maxNodes - r.nodes;
    const f = searchReduced(g, q.start, q.end!, 2, left);
    const complete = f.complete || f.solutions >= 2;
    return {
      unique: complete && f.solutions === 1,
      solutions: f.solutions,
      complete,
      nodes: spent + r.nodes + f.nodes,
      rejectedBy: null,
      solution: complete && f.solutions === 1 ? f.solution : null,
    };
  }
  const distinct = Math.min(2, Math.ceil(r.solutions / perCycle));
  const complete = r.complete || distinct >= 2;
  return {
    unique: complete && r.solutions === perCycle,
    solutions: distinct,
    complete,
    nodes: spent + r.nodes,
    rejectedBy: r.rejectedBy,
    solution: distinct === 1 && complete ? Array.from(firstPath.subarray(0, firstLength)) : null,
  };
}
