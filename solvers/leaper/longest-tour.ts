/**
 * Longest open and closed tours of a leaper on the empty board (the booklet's
 * "open tour" and "closed tour" columns). A tour stays inside one connected
 * component of the leaper graph, so each component is solved on its own:
 *
 * 1. A Hamiltonian path (cycle) of the whole component, asked of the engine,
 *    settles the component at once when it exists.
 * 2. Otherwise a lower bound comes from a Warnsdorff-ordered depth-first search
 *    with a node limit, and the lengths above it are settled exactly, either
 *    - by removal sets ("free squares" for tours): a path (cycle) on exactly t
 *      squares exists if and only if for some set R of m - t squares of the
 *      component the graph on the rest has a Hamiltonian path (cycle); every R is
 *      asked of the engine, from the largest t down, or
 *    - by an exhaustive depth-first search over all simple paths (cycles) with the
 *      reach bound argued at `searchPaths`, for small components or when there are
 *      too many removal sets.
 *
 * Values count moves: an open path on t squares has value t - 1; a closed tour on
 * t squares has t - 1 moves before the return, and a leap out and straight back
 * (t = 2) is a closed tour of 1, as in the booklet's table.
 */
import { binomial } from "../lib/binomial.ts";
import type { Board, Graph, Square } from "../types.ts";
import { boardGraph, components, fromLists, inducedGraph } from "../graph/graph.ts";
import { leaper } from "../pieces/leaper.ts";
import { symmetries } from "../board/symmetry.ts";
import { countHamiltonianPaths } from "../hamiltonian/engine.ts";
import { centreDistances } from "./dual-free-search.ts";
import { Reach } from "../graph/reach.ts";

export interface TourResult {
  /** Moves: squares - 1 (open); moves before the return (closed). 0 when the leaper cannot move. */
  value: number;
  /**
   * The squares in order. Closed: the cycle's squares, each once, starting from its
   * first square; the return to it is implied (two squares = out and back).
   */
  path: Square[];
  /** true when no longer tour exists (every longer length was refuted exhaustively). */
  exhaustive: boolean;
  /** Search nodes spent (engine and own searches). */
  nodes: number;
  /** How the value was settled: "hamiltonian", "removal-sets", "exhaustive-dfs", "lower-bound". */
  method: string;
  ms: number;
}

export interface TourOptions {
  budgetMs?: number;
  now?: () => number;
  /** Engine node cap per Hamiltonian question (default 5e7); hitting it makes the answer non-exhaustive. */
  maxNodes?: number;
  /** Largest number of removal sets to enumerate (default 2e5) before the exhaustive search is used instead. */
  removalLimit?: number;
  /** Node limit of the lower-bound search per component (default 2e5). */
  lowerBoundNodes?: number;
  /** Components up to this size go straight to the exhaustive search (default 14). */
  smallComponent?: number;
  /**
   * Stop as soon as a tour of at least this many moves is found (regeneration of a
   * claimed value): the result is then that tour, not proven maximal.
   */
  target?: number;
  /**
   * Warnsdorff tie-break in the depth-first searches: among equally constrained
   * next squares, the one farther from the board's centre first (the booklet's
   * rule, shared/sources/000 line 848). Only the order changes.
   */
  farFirst?: boolean;
}

type Kind = "open" | "closed";

interface Ctx {
  now: () => number;
  t0: number;
  deadline: number;
  maxNodes: number;
  nodes: number;
  stopped: boolean;
  /** Squares of a tour that reaches the target (Infinity: no target). */
  targetSquares: number;
  /** The target was reached: every search stops. */
  reached: boolean;
  /** Tie-break key per local vertex of the component being solved (larger = earlier), or null. */
  far: Int32Array | null;
}

/** Best of one component: squares in order (local vertex ids) and whether it is proven. */
interface Best {
  path: number[];
  exact: boolean;
  method: string;
}

/** Tour size in squares -> value in moves (the same for open and closed tours, see above). */
function valueOf(squares: number): number {
  return Math.max(0, squares - 1);
}

// ---------------------------------------------------------------------------
// Hamiltonian questions via the engine

/**
 * A Hamiltonian path with free ends, or null; `complete` false when the node cap
 * stopped the engine. A vertex of degree 1 can only be an end, so with one or two
 * of them the search starts there (and with two, ends at the other); three or more
 * leave no path. Without one, a virtual vertex joined to every vertex is added and
 * used as the start: its Hamiltonian paths are exactly the free-ended paths of the
 * graph with the virtual vertex in front.
 */
function hamiltonianPathFreeEnds(g: Graph, ctx: Ctx): { path: number[] | null; complete: boolean } {
  const n = g.order;
  if (n === 0) return { path: null, complete: true };
  if (n === 1) return { path: [0], complete: true };
  const leaves: number[] = [];
  for (let v = 0; v < n; v++) {
    const d = g.start[v + 1] - g.start[v];
    if (d === 0) return { path: null, complete: true };
    if (d === 1) leaves.push(v);
  }
  if (leaves.length > 2) return { path: null, complete: true };
  let found: number[] | null = null;
  if (leaves.length > 0) {
    const r = countHamiltonianPaths(g, {
      start: leaves[0],
      end: leaves.length === 2 ? leaves[1] : undefined,
      limit: 1,
      maxNodes: ctx.maxNodes,
      onSolution: (p) => void (found = Array.from(p)),
    });
    ctx.nodes += r.nodes;
    return { path: found, complete: r.complete || found !== null };
  }
  const lists: number[][] = [Array.from({ length: n }, (_, i) => i + 1)];
  for (let v = 0; v < n; v++) {
    const out = [0];
    for (let e = g.start[v]; e < g.start[v + 1]; e++) out.push(g.adj[e] + 1);
    lists.push(out);
  }
  const h = fromLists(lists);
  const r = countHamiltonianPaths(h, {
    start: 0,
    limit: 1,
    maxNodes: ctx.maxNodes,
    onSolution: (p) => void (found = Array.from(p.subarray(1)).map((v) => v - 1)),
  });
  ctx.nodes += r.nodes;
  return { path: found, complete: r.complete || found !== null };
}

/** A Hamiltonian cycle (3+ vertices), listed from vertex 0, or null. */
function hamiltonianCycle(g: Graph, ctx: Ctx): { path: number[] | null; complete: boolean } {
  if (g.order < 3) return { path: null, complete: true };
  for (let v = 0; v < g.order; v++) if (g.start[v + 1] - g.start[v] < 2) return { path: null, complete: true };
  let found: number[] | null = null;
  const r = countHamiltonianPaths(g, {
    start: 0,
    closed: true,
    limit: 1,
    maxNodes: ctx.maxNodes,
    onSolution: (p) => void (found = Array.from(p)),
  });
  ctx.nodes += r.nodes;
  return { path: found, complete: r.complete || found !== null };
}

// ---------------------------------------------------------------------------
// Depth-first search over simple paths / cycles

/**
 * Longest simple path (kind open) or cycle (kind closed) of a connected graph,
 * longer than `atLeast` squares, by depth-first search in Warnsdorff order.
 *
 * Open: every start is tried. Closed: each cycle is searched from its smallest
 * vertex v, through vertices larger than v only (every cycle has exactly one
 * smallest vertex, so none is missed).
 *
 * Reach bound (exact): the rest of a path from the current head runs through
 * unvisited (and, for cycles, larger than v) vertices connected to the head, so it
 * has at most as many squares as the breadth-first search from the head finds.
 * A node whose length plus that number cannot exceed the best so far is dropped.
 *
 * `maxNodes` makes it a lower-bound search: complete is then false if it stopped.
 */
function searchPaths(g: Graph, kind: Kind, atLeast: number, maxNodes: number, ctx: Ctx): { path: number[] | null; complete: boolean } {
  const n = g.order;
  const visited = new Uint8Array(n);
  const path = new Int32Array(n);
  const reachBfs = new Reach(n);
  let maxDeg = 1;
  for (let v = 0; v < n; v++) maxDeg = Math.max(maxDeg, g.start[v + 1] - g.start[v]);
  const cand = new Int32Array(n * maxDeg);
  const score = new Int32Array(n * maxDeg);
  const far = ctx.far;
  let farSpan = 1;
  if (far) { for (let v = 0; v < n; v++) farSpan = Math.max(farSpan, far[v] + 1); }
  let bestLen = atLeast;
  let best: number[] | null = null;
  let nodes = 0;
  let stopped = false;
  let low = 0; // closed: the cycle's smallest vertex; only vertices >= low are used
  let closeTo = new Uint8Array(n); // closed: neighbours of low

  const blocked = (w: number) => visited[w] !== 0 || w < low;
  const reach = (from: number): number => reachBfs.count(g, from, blocked);

  const step = (len: number): void => {
    nodes++;
    if (nodes > maxNodes || ((nodes & 1023) === 0 && ctx.now() > ctx.deadline)) {
      stopped = true;
      return;
    }
    const head = path[len - 1];
    if (kind === "open") {
      if (len > bestLen) {
        bestLen = len;
        best = Array.from(path.subarray(0, len));
      }
    } else if (len >= 3 && closeTo[head] && len > bestLen) {
      bestLen = len;
      best = Array.from(path.subarray(0, len));
    }
    if (bestLen >= ctx.targetSquares) {
      ctx.reached = true;
      stopped = true;
      return;
    }
    if (len + reach(head) <= bestLen) return;
    const base = (len - 1) * maxDeg;
    let k = 0;
    for (let e = g.start[head]; e < g.start[head + 1]; e++) {
      const w = g.adj[e];
      if (visited[w] || w < low) continue;
      let onward = 0;
      for (let x = g.start[w]; x < g.start[w + 1]; x++) if (!visited[g.adj[x]] && g.adj[x] >= low) onward++;
      if (far) onward = onward * farSpan + (farSpan - 1 - far[w]);
      let i = k++;
      while (i > 0 && score[base + i - 1] > onward) {
        cand[base + i] = cand[base + i - 1];
        score[base + i] = score[base + i - 1];
        i--;
      }
      cand[base + i] = w;
      score[base + i] = onward;
    }
    for (let c = 0; c < k && !stopped; c++) {
      const w = cand[base + c];
      visited[w] = 1;
      path[len] = w;
      step(len + 1);
      visited[w] = 0;
    }
  };

  for (let s = 0; s < n && !stopped; s++) {
    if (kind === "closed") {
      low = s;
      closeTo = new Uint8Array(n);
      for (let e = g.start[s]; e < g.start[s + 1]; e++) closeTo[g.adj[e]] = 1;
      // A cycle through s within vertices >= s has at most n - s squares.
      if (n - s <= bestLen) break;
    }
    visited[s] = 1;
    path[0] = s;
    step(1);
    visited[s] = 0;
  }
  ctx.nodes += nodes;
  if (stopped && nodes <= maxNodes && !ctx.reached) ctx.stopped = true;
  return { path: best, complete: !stopped };
}

// ---------------------------------------------------------------------------
// Removal sets

/**
 * Refute or find tours on t squares for t from `top` down to `above + 1`: for each
 * set of m - t removed vertices, ask for a Hamiltonian path (cycle) of the rest.
 * The first t that has one is the component's maximum (larger t were refuted).
 */
function searchRemovalSets(
  g: Graph,
  kind: Kind,
  top: number,
  above: number,
  ctx: Ctx,
): { path: number[] | null; t: number; complete: boolean } {
  const m = g.order;
  let complete = true;
  const keep: number[] = [];
  for (let t = top; t > above; t--) {
    if (kind === "closed" && t < 3) break;
    const k = m - t;
    const idx = Array.from({ length: k }, (_, i) => i);
    const removed = new Uint8Array(m);
    for (;;) {
      if (ctx.now() > ctx.deadline) {
        ctx.stopped = true;
        return { path: null, t, complete: false };
      }
      removed.fill(0);
      for (const i of idx) removed[i] = 1;
      keep.length = 0;
      for (let v = 0; v < m; v++) if (!removed[v]) keep.push(v);
      const sub = inducedGraph(g, keep);
      const r = kind === "open" ? hamiltonianPathFreeEnds(sub, ctx) : hamiltonianCycle(sub, ctx);
      if (!r.complete) complete = false;
      if (r.path) return { path: r.path.map((v) => keep[v]), t, complete };
      // next combination
      let i = k - 1;
      while (i >= 0 && idx[i] === m - k + i) i--;
      if (i < 0) break;
      idx[i]++;
      for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
  }
  return { path: null, t: above, complete };
}

// ---------------------------------------------------------------------------
// One component

function solveComponent(
  g: Graph,
  kind: Kind,
  o: Required<Pick<TourOptions, "removalLimit" | "lowerBoundNodes" | "smallComponent">>,
  ctx: Ctx,
): Best {
  const m = g.order;
  if (m === 1) return { path: [0], exact: true, method: "trivial" };
  if (m === 2) return { path: [0, 1], exact: true, method: "trivial" };
  // The closed tour of 1: out and back along any edge (m >= 2 and connected).
  const edge = [0, g.adj[g.start[0]]];
  // Regeneration (a target): Warnsdorff with backtracking first, since asking the
  // engine for a full tour of a component that has none can cost its whole node cap.
  if (Number.isFinite(ctx.targetSquares) && m > o.smallComponent) {
    const early = searchPaths(g, kind, kind === "closed" ? 2 : 1, o.lowerBoundNodes, ctx);
    if (ctx.reached && early.path) return { path: early.path, exact: false, method: "warnsdorff" };
  }
  const full = kind === "open" ? hamiltonianPathFreeEnds(g, ctx) : hamiltonianCycle(g, ctx);
  if (full.path) return { path: full.path, exact: true, method: "hamiltonian" };
  // From here every answer is exact only if the full size was refuted.
  const fullRefuted = full.complete;

  if (m <= o.smallComponent) {
    const r = searchPaths(g, kind, kind === "closed" ? 2 : 1, Infinity, ctx);
    return { path: r.path ?? (kind === "closed" ? edge : [0]), exact: r.complete, method: "exhaustive-dfs" };
  }
  const lb = searchPaths(g, kind, kind === "closed" ? 2 : 1, o.lowerBoundNodes, ctx);
  let best = lb.path ?? (kind === "closed" ? edge : [0]);
  if (ctx.reached) return { path: best, exact: false, method: "warnsdorff" };
  if (lb.complete) return { path: best, exact: true, method: "exhaustive-dfs" };
  // Removal sets for every length above the bound (the full size was asked above).
  let sets = 0;
  for (let t = m - 1; t > best.length; t--) sets += binomial(m, m - t);
  if (sets <= o.removalLimit) {
    const r = searchRemovalSets(g, kind, m - 1, best.length, ctx);
    if (r.path) best = r.path;
    return { path: best, exact: fullRefuted && r.complete && !ctx.stopped, method: "removal-sets" };
  }
  // The exhaustive search covers every length, the full one included.
  const r = searchPaths(g, kind, best.length, Infinity, ctx);
  if (r.path) best = r.path;
  return { path: best, exact: r.complete, method: r.complete ? "exhaustive-dfs" : "lower-bound" };
}

function solve(board: Board, leap: readonly [number, number], kind: Kind, o: TourOptions): TourResult {
  const now = o.now ?? Date.now;
  const t0 = now();
  const ctx: Ctx = {
    now,
    t0,
    deadline: o.budgetMs === undefined ? Infinity : t0 + o.budgetMs,
    maxNodes: o.maxNodes ?? 5e7,
    nodes: 0,
    stopped: false,
    targetSquares: o.target === undefined ? Infinity : o.target + 1,
    reached: false,
    far: null,
  };
  const centre = o.farFirst ? centreDistances(board) : null;
  const opts = { removalLimit: o.removalLimit ?? 2e5, lowerBoundNodes: o.lowerBoundNodes ?? 2e5, smallComponent: o.smallComponent ?? 14 };
  const g = boardGraph(board, leaper(leap[0], leap[1]));
  const { comp, count } = components(g);
  const members: number[][] = Array.from({ length: count }, () => []);
  for (let v = 0; v < g.order; v++) members[comp[v]].push(v);
  // A component whose image under a board symmetry is a component with a smaller
  // first square is isomorphic to that one: same tours, so it is skipped.
  const syms = symmetries(board);
  const order = members
    .filter((c) => syms.every((s) => members[comp[s.map[c[0]]]][0] >= c[0]))
    .sort((a, b) => b.length - a.length || a[0] - b[0]);

  let bestPath: Square[] = [0];
  let bestMethod = "trivial";
  // Largest component whose maximum is not proven: a longer tour could hide there.
  let openSize = 0;
  for (const c of order) {
    // A component cannot hold a tour longer than its size - 1 moves.
    if (c.length <= bestPath.length) break;
    if (ctx.stopped || ctx.reached) {
      openSize = Math.max(openSize, c.length);
      continue;
    }
    const local = inducedGraph(g, c);
    ctx.far = centre ? Int32Array.from(c, (sq) => centre[sq]) : null;
    const r = solveComponent(local, kind, opts, ctx);
    if (!r.exact) openSize = Math.max(openSize, c.length);
    if (r.path.length > bestPath.length) {
      bestPath = r.path.map((v) => c[v]);
      bestMethod = r.method;
    }
  }
  const exhaustive = openSize <= bestPath.length;
  return { value: valueOf(bestPath.length), path: bestPath, exhaustive, nodes: ctx.nodes, method: bestMethod, ms: now() - t0 };
}

/** Longest open tour (simple path, any start) of the leaper on the empty board. */
export function longestOpenTour(board: Board, leap: readonly [number, number], o: TourOptions = {}): TourResult {
  return solve(board, leap, "open", o);
}

/** Longest closed tour of the leaper on the empty board (a leap out and back counts 1). */
export function longestClosedTour(board: Board, leap: readonly [number, number], o: TourOptions = {}): TourResult {
  return solve(board, leap, "closed", o);
}
