/**
 * Searches for dual-free sequences of a leaper: a start square and L men such
 * that the graph induced on start + men (leaper moves between them) has exactly
 * one Hamiltonian path from the start, the end being free. The capture order is
 * that path; L is the length (sd=L).
 *
 * Two methods, after the 2009 booklet (shared/sources/000: method 1 from line
 * 689, its pruning theorem at 755-780, Warnsdorff order at 831-860, limited
 * branching at 1093-1099; method 2 from line 869):
 *
 * - Method 2, "free squares": fix the start, take every square of its connected
 *   component (on the empty board) as a man except a chosen set of k empty
 *   squares, and decide each position with the engine. Cheap when k is small,
 *   i.e. when L is close to the component size.
 * - Method 1, "direct generation": grow the capture sequence move by move from
 *   the start; every node is a position (start + the men so far) that has at
 *   least one solution, the sequence itself. Pruned only by the booklet's
 *   theorem (a second solution ending on the same square) and by the plain
 *   reach bound argued at `directSearch`.
 *
 * (A third, heuristic method, local search over dual-free positions, lives in
 * dual-free-local.ts.)
 *
 * Both reduce the starts to canonical squares (one per symmetry orbit: the
 * positions from symmetric starts are images of each other, and a board symmetry
 * maps leaper moves to leaper moves) and use the start's stabilizer as argued at
 * each method. Both are exact unless a branching cap, a time budget or a
 * per-position node cap stops them: the result says which.
 */
import { binomial } from "../lib/binomial.ts";
import type { Board, Graph, Square } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { bfsDistances, twoColouring } from "../graph/graph.ts";
import { leaperGraph } from "../graph/leaper-graph.ts";
import { canonicalSquares, stabilizer, symmetries, type Symmetry } from "../board/symmetry.ts";
import { countHamiltonianPaths, decideUnique } from "../hamiltonian/engine.ts";
import { Reach } from "../graph/reach.ts";

export type DualFreeMethod = "trivial" | "free-squares" | "direct" | "direct-capped" | "local";

export interface DualFreeWitness {
  start: Square;
  /** The men in capture order (the unique solution's vertex order after the start). */
  moves: Square[];
  /** Search nodes spent until this witness was found (positions + engine nodes). */
  nodes: number;
  method: DualFreeMethod;
}

export interface Coverage {
  method: DualFreeMethod;
  /** Every possibility was covered: a null witness is then a proof that none exists. */
  exhaustive: boolean;
  /** Why the search was not exhaustive (null when it was, or when it stopped at a witness). */
  stoppedBy: null | "budget" | "cap" | "max-nodes";
  /** Start squares finished / tried. */
  startsDone: number;
  startsTotal: number;
  /** Free squares: subsets enumerated; direct: sequences (tree nodes) visited. */
  positions: number;
  /** Positions handed to the engine. */
  engineCalls: number;
  /** Engine search nodes, summed. */
  engineNodes: number;
  /** Positions the engine could not settle within maxNodesPerPosition. */
  undecided: number;
  ms: number;
}

export interface DualFreeResult {
  witness: DualFreeWitness | null;
  coverage: Coverage;
  /**
   * Direct generation in witness mode: the longest dual-free sequence met on the
   * way (shorter than the target), a lower bound when the target is not reached.
   */
  longest?: DualFreeWitness | null;
}

export interface BudgetOptions {
  /** Wall-clock budget in milliseconds (default: none). */
  budgetMs?: number;
  /** Clock in milliseconds (default Date.now); injectable for tests. */
  now?: () => number;
  /** Cap on engine nodes per position; a position that hits it is undecided (default: none). */
  maxNodesPerPosition?: number;
  /** Start squares to try (default: the canonical squares, in increasing order). */
  starts?: readonly Square[];
  /** Use the start's stabilizer to skip symmetric images (default true). */
  symmetry?: boolean;
}

// ---------------------------------------------------------------------------
// Shared helpers

interface Clock {
  now: () => number;
  t0: number;
  deadline: number;
}

function clockOf(o: BudgetOptions): Clock {
  const now = o.now ?? Date.now;
  const t0 = now();
  return { now, t0, deadline: o.budgetMs === undefined ? Infinity : t0 + o.budgetMs };
}

function isIdentity(s: Symmetry): boolean {
  for (let i = 0; i < s.map.length; i++) if (s.map[i] !== i) return false;
  return true;
}

/** Non-identity symmetries fixing `sq`, as square permutations. */
function nonTrivialStabilizer(board: Board, sq: Square): Int32Array[] {
  return stabilizer(board, sq).filter((s) => !isIdentity(s)).map((s) => s.map);
}

/**
 * 2-colouring of the start's component when it is bipartite (else null):
 * col[v] = 0 on the start's side, 1 on the other, -1 outside the component.
 * Every leaper graph edge joins the two sides, so a path alternates them.
 */
function componentColouring(g: Graph, start: number): Int8Array | null {
  const c = twoColouring(g, start);
  return c.bipartite ? c.colour : null;
}

/**
 * A reusable induced-graph buffer: vertex i = sq[i]. Filled in place, so the
 * searches build one graph per position without allocating.
 */
class InducedBuffer implements Graph {
  order = 0;
  readonly start: Int32Array;
  readonly adj: Int32Array;
  readonly sq: Int32Array;
  /** index[square] = vertex, -1 when the square is not in the position. */
  readonly index: Int32Array;
  constructor(readonly board: Graph, capacity: number) {
    let maxDeg = 0;
    for (let v = 0; v < board.order; v++) maxDeg = Math.max(maxDeg, board.start[v + 1] - board.start[v]);
    this.start = new Int32Array(capacity + 1);
    this.adj = new Int32Array(Math.max(1, capacity * maxDeg));
    this.sq = new Int32Array(capacity);
    this.index = new Int32Array(board.order).fill(-1);
  }
  /** Build the CSR of the first `n` squares of `sq` (their `index` entries must be set). */
  build(n: number): void {
    const { board: bg, start, adj, sq, index } = this;
    let k = 0;
    for (let i = 0; i < n; i++) {
      start[i] = k;
      const v = sq[i];
      for (let e = bg.start[v]; e < bg.start[v + 1]; e++) {
        const j = index[bg.adj[e]];
        if (j >= 0) adj[k++] = j;
      }
    }
    start[n] = k;
    this.order = n;
  }
  degree(i: number): number {
    return this.start[i + 1] - this.start[i];
  }
}

function emptyCoverage(method: DualFreeMethod, startsTotal: number): Coverage {
  return {
    method,
    exhaustive: false,
    stoppedBy: null,
    startsDone: 0,
    startsTotal,
    positions: 0,
    engineCalls: 0,
    engineNodes: 0,
    undecided: 0,
    ms: 0,
  };
}

/** Squares of the start's component on the empty board, the start excluded, increasing. */
function componentOf(g: Graph, s: Square): Square[] {
  const dist = bfsDistances(g, s);
  const out: Square[] = [];
  for (let v = 0; v < g.order; v++) if (dist[v] > 0) out.push(v);
  return out;
}

/** Largest possible length from any of the starts: the component size minus the start. */
export function maxPossibleLength(board: Board, leap: readonly [number, number], starts?: readonly Square[]): number {
  const g = leaperGraph(board, leap);
  let best = 0;
  for (const s of starts ?? canonicalSquares(board)) best = Math.max(best, componentOf(g, s).length);
  return best;
}

// ---------------------------------------------------------------------------
// Method 2: free squares

/**
 * How the k empty squares split over the colour classes of a bipartite component
 * (test S, exact: a Hamiltonian path of the position alternates the classes, so
 * the start's class holds exactly ceil((L+1)/2) of the L+1 squares). Non-bipartite:
 * one class holding every candidate.
 */
interface FreeSquaresPlan {
  start: Square;
  /** Candidate squares per class, increasing: class A = the start's colour (start excluded). */
  a: Int32Array;
  b: Int32Array;
  ka: number;
  kb: number;
  positions: number;
}

function planFor(g: Graph, s: Square, L: number): FreeSquaresPlan | null {
  const cand = componentOf(g, s);
  if (L > cand.length) return null;
  const k = cand.length - L;
  const col = componentColouring(g, s);
  if (!col) {
    return { start: s, a: Int32Array.from(cand), b: new Int32Array(0), ka: k, kb: 0, positions: binomial(cand.length, k) };
  }
  const a = cand.filter((v) => col[v] === 0);
  const b = cand.filter((v) => col[v] === 1);
  const ka = 1 + a.length - Math.ceil((L + 1) / 2);
  const kb = k - ka;
  if (ka < 0 || ka > a.length || kb < 0 || kb > b.length) {
    return { start: s, a: Int32Array.from(a), b: Int32Array.from(b), ka: 0, kb: 0, positions: 0 };
  }
  return { start: s, a: Int32Array.from(a), b: Int32Array.from(b), ka, kb, positions: binomial(a.length, ka) * binomial(b.length, kb) };
}

/** Positions method 2 enumerates for length L over the starts (before symmetry and one-level tests). */
export function freeSquaresPositions(board: Board, leap: readonly [number, number], L: number, starts?: readonly Square[]): number {
  const g = leaperGraph(board, leap);
  let total = 0;
  for (const s of starts ?? canonicalSquares(board)) total += planFor(g, s, L)?.positions ?? 0;
  return total;
}

/** First combination of k out of n in idx; returns false when there is none. */
function firstCombination(idx: Int32Array, k: number, n: number): boolean {
  if (k > n) return false;
  for (let i = 0; i < k; i++) idx[i] = i;
  return true;
}

/** Advance idx to the next k-combination of 0..n-1 in lexicographic order; false after the last. */
function nextCombination(idx: Int32Array, k: number, n: number): boolean {
  let i = k - 1;
  while (i >= 0 && idx[i] === n - k + i) i--;
  if (i < 0) return false;
  idx[i]++;
  for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
  return true;
}

/**
 * Method 2. For each start, every choice of the k = (component - 1 - L) empty
 * squares, split over the colour classes by test S, is a position; it is tested
 * with the one-level tests K, N and D on degrees computed from the empty set
 * (exact, argued in hamiltonian/one-level.ts; decideUnique would apply them
 * anyway, this only spares building the graph) and then decided by decideUnique.
 *
 * Symmetry: a stabilizer symmetry σ of the start maps the start's component onto
 * itself and the position with empty set E onto the one with empty set σ(E),
 * isomorphically and with the same start, so both have the same number of
 * solutions. E is skipped when some σ(E) (sorted) is lexicographically smaller;
 * the smallest set of each orbit is never skipped and is enumerated too, so every
 * orbit is still decided.
 */
export function freeSquaresSearch(board: Board, leap: readonly [number, number], L: number, o: BudgetOptions = {}): DualFreeResult {
  const clock = clockOf(o);
  const g = leaperGraph(board, leap);
  const starts = o.starts ?? canonicalSquares(board);
  const cov = emptyCoverage("free-squares", starts.length);
  const finish = (w: DualFreeWitness | null): DualFreeResult => {
    cov.ms = clock.now() - clock.t0;
    if (w) cov.stoppedBy = null;
    return { witness: w, coverage: cov };
  };
  if (L === 0 && starts.length > 0) {
    cov.method = "trivial";
    cov.exhaustive = true;
    return finish({ start: starts[0], moves: [], nodes: 0, method: "trivial" });
  }
  const buf = new InducedBuffer(g, g.order);
  const removed = new Uint8Array(g.order);
  const dec = new Int32Array(g.order);
  const touched = new Int32Array(g.order); // distinct squares whose degree dropped
  const maxNodes = o.maxNodesPerPosition;
  let stopped = false;

  for (const s of starts) {
    const plan = planFor(g, s, L);
    if (!plan || plan.positions === 0) {
      cov.startsDone++;
      continue;
    }
    const { a, b, ka, kb } = plan;
    const k = ka + kb;
    const stab = o.symmetry === false ? [] : nonTrivialStabilizer(board, s);
    // Squares of the component with board degree 1: candidates for the forced end.
    const leaves: number[] = [];
    for (const v of [...a, ...b]) if (g.start[v + 1] - g.start[v] === 1) leaves.push(v);
    const ia = new Int32Array(Math.max(1, ka));
    const ib = new Int32Array(Math.max(1, kb));
    const empty = new Int32Array(Math.max(1, k));
    const image = new Int32Array(Math.max(1, k));
    const all = [s, ...a, ...b].sort((x, y) => x - y);

    let okA = firstCombination(ia, ka, a.length);
    while (okA && !stopped) {
      let okB = firstCombination(ib, kb, b.length);
      while (okB) {
        cov.positions++;
        if ((cov.positions & 1023) === 0 && clock.now() > clock.deadline) {
          stopped = true;
          break;
        }
        // The empty set, merged in increasing square order.
        {
          let i = 0, j = 0, n = 0;
          while (i < ka || j < kb) {
            if (j >= kb || (i < ka && a[ia[i]] < b[ib[j]])) empty[n++] = a[ia[i++]];
            else empty[n++] = b[ib[j++]];
          }
        }
        for (let i = 0; i < k; i++) removed[empty[i]] = 1;
        // Degrees in the position: board degree minus empty neighbours.
        let nt = 0;
        for (let i = 0; i < k; i++) {
          const e = empty[i];
          for (let x = g.start[e]; x < g.start[e + 1]; x++) {
            const w = g.adj[x];
            if (removed[w]) continue;
            if (dec[w]++ === 0) touched[nt++] = w;
          }
        }
        let ones = 0;
        let zero = false;
        for (const v of leaves) if (!removed[v] && dec[v] === 0) ones++;
        for (let i = 0; i < nt; i++) {
          const w = touched[i];
          const d = g.start[w + 1] - g.start[w] - dec[w];
          if (d === 0) zero = true;
          else if (d === 1 && w !== s) ones++;
        }
        for (let i = 0; i < nt; i++) dec[touched[i]] = 0;
        let pass = !zero && ones === 1;
        if (pass && stab.length > 0) {
          for (const map of stab) {
            for (let i = 0; i < k; i++) {
              // insertion sort of the image
              let j = i;
              const v = map[empty[i]];
              while (j > 0 && image[j - 1] > v) {
                image[j] = image[j - 1];
                j--;
              }
              image[j] = v;
            }
            let cmp = 0;
            for (let i = 0; i < k && cmp === 0; i++) cmp = image[i] - empty[i];
            if (cmp < 0) {
              pass = false;
              break;
            }
          }
        }
        if (pass) {
          let n = 0;
          buf.sq[n] = s;
          buf.index[s] = n++;
          for (const v of all) {
            if (v === s || removed[v]) continue;
            buf.sq[n] = v;
            buf.index[v] = n++;
          }
          buf.build(n);
          cov.engineCalls++;
          const r = decideUnique(buf, { start: 0, maxNodes });
          cov.engineNodes += r.nodes;
          if (!r.complete) cov.undecided++;
          for (let i = 0; i < n; i++) buf.index[buf.sq[i]] = -1;
          if (r.unique && r.solution) {
            const moves = r.solution.slice(1).map((v) => buf.sq[v]);
            for (let i = 0; i < k; i++) removed[empty[i]] = 0;
            return finish({ start: s, moves, nodes: cov.positions + cov.engineNodes, method: "free-squares" });
          }
        }
        for (let i = 0; i < k; i++) removed[empty[i]] = 0;
        okB = nextCombination(ib, kb, b.length);
      }
      okA = nextCombination(ia, ka, a.length);
    }
    if (stopped) break;
    cov.startsDone++;
  }
  if (stopped) cov.stoppedBy = "budget";
  else if (cov.undecided > 0) cov.stoppedBy = "max-nodes";
  cov.exhaustive = !stopped && cov.undecided === 0;
  return finish(null);
}

// ---------------------------------------------------------------------------
// Method 1: direct generation

export interface DirectOptions extends BudgetOptions {
  /**
   * Witness mode: look for a sequence of exactly this length. Without it the
   * search runs in longest mode and keeps the longest dual-free sequence found.
   */
  target?: number;
  /** Longest mode: only sequences longer than this count (a known lower bound; default -1). */
  above?: number;
  /**
   * Branching cap: at each node only the first `cap` extensions in Warnsdorff
   * order are tried (the booklet's limited branching). The search is then not
   * exhaustive when the cap cut anything.
   */
  cap?: number;
  /**
   * Warnsdorff tie-break: among extensions with the same number of onward squares,
   * prefer the one farther from the board's centre (the booklet's rule for large
   * boards, line 848) instead of the lower square index. Only the order changes.
   */
  farFirst?: boolean;
}

/**
 * Squared distance of each square from the board's centre, doubled coordinates
 * so that it stays an integer (used only to order ties).
 */
export function centreDistances(board: Board): Int32Array {
  const out = new Int32Array(board.size);
  for (let s = 0; s < board.size; s++) {
    const c = coordsOf(board, s);
    let d = 0;
    for (let i = 0; i < c.length; i++) d += (2 * c[i] - (board.dims[i] - 1)) ** 2;
    out[s] = d;
  }
  return out;
}

/**
 * Method 1: depth-first generation of capture sequences from each start.
 *
 * A node is the sequence start, m1, .., md; its position is start + m1..md and
 * the sequence is one solution of it (each man is one leap from the previous
 * square; men added later bring new edges, but never remove any).
 *
 * Pruning, all exact:
 * - The booklet's theorem: if the position has a second Hamiltonian path from the
 *   start ending on md, the node is dropped. Any extension md+1..mL keeps that
 *   path's edges (the induced graph only gains edges when men are added), so the
 *   other path followed by md+1..mL is a second solution of every descendant: no
 *   descendant is dual-free. Positions with a second solution ending elsewhere
 *   are kept: adding men can make them dual-free again. Tested with the engine's
 *   fixed-end count, limit 2 (an incomplete count never prunes).
 * - Reach: an extension is a path through distinct unused squares beginning next
 *   to md, so it has at most as many men as there are unused squares reachable
 *   from md through unused squares (breadth-first search). A node whose depth plus
 *   that number cannot reach the target (witness mode) or exceed the best length
 *   so far (longest mode) has no descendant that counts.
 *
 * Uniqueness of a node (longest mode): its own sequence is a solution, ending on
 * md. A non-start vertex of degree 1 can only be an end, so any such vertex is md;
 * if md has degree 2 or more there is none, and test N (one-level.ts) shows a
 * second solution exists. So the position is dual-free exactly when md has degree
 * 1 and the fixed-end count is 1; every new best is confirmed by decideUnique. In
 * witness mode the node at the target depth is decided by decideUnique directly.
 *
 * Longest met in witness mode: a node whose fixed-end count is exactly 1 and whose
 * last man has degree 1 is dual-free by the argument above; the longest such node
 * (confirmed by decideUnique) is returned as `longest`, a lower bound for reports.
 *
 * Symmetry: while some non-identity symmetries fix every square of the sequence so
 * far, they map the node's subtree under extension c onto its subtree under σ(c)
 * (again an unused neighbour of md); only the smallest extension of each orbit is
 * tried. In practice that reduces the first one or two levels.
 */
export function directSearch(board: Board, leap: readonly [number, number], o: DirectOptions = {}): DualFreeResult {
  const clock = clockOf(o);
  const g = leaperGraph(board, leap);
  const starts = o.starts ?? canonicalSquares(board);
  const target = o.target;
  const witnessMode = target !== undefined;
  const cap = o.cap ?? Infinity;
  const cov = emptyCoverage(Number.isFinite(cap) ? "direct-capped" : "direct", starts.length);
  const maxNodes = o.maxNodesPerPosition;
  const n = g.order;
  let maxDeg = 0;
  for (let v = 0; v < n; v++) maxDeg = Math.max(maxDeg, g.start[v + 1] - g.start[v]);

  const buf = new InducedBuffer(g, n);
  const seq = buf.sq; // seq[i] = square of vertex i; index[] marks used squares
  const used = buf.index;
  const cand = new Int32Array((n + 1) * Math.max(1, maxDeg));
  const score = new Int32Array((n + 1) * Math.max(1, maxDeg));
  const reachBfs = new Reach(n); // the reach bound's BFS
  const syms: Int32Array[] = [];
  const symStride = Math.max(1, symmetries(board).length);
  const symsAt = new Int32Array((n + 2) * symStride); // per depth: indices into syms fixing the sequence
  const symCount = new Int32Array(n + 2);

  // Warnsdorff key: onward squares first, then (farFirst) the larger centre distance.
  const far = o.farFirst ? centreDistances(board) : null;
  let farSpan = 1;
  if (far) { for (let v = 0; v < n; v++) farSpan = Math.max(farSpan, far[v] + 1); }

  let best: DualFreeWitness | null = null;
  let bestLen = witnessMode ? -1 : (o.above ?? -1);
  let longest: DualFreeWitness | null = null;
  let longestLen = 0;
  let stopped = false;
  let capCut = false;
  let found = false;

  const isUsed = (w: number) => used[w] >= 0;
  const reach = (from: Square): number => reachBfs.count(g, from, isUsed);

  const record = (len: number): void => {
    best = { start: seq[0], moves: Array.from(seq.subarray(1, len + 1)), nodes: cov.positions + cov.engineNodes, method: cov.method };
    bestLen = len;
  };

  const step = (d: number): void => {
    cov.positions++;
    if ((cov.positions & 255) === 0 && clock.now() > clock.deadline) {
      stopped = true;
      return;
    }
    const e = seq[d];
    if (witnessMode) {
      if (d === target) {
        buf.build(d + 1);
        if (d >= 1 && buf.degree(d) !== 1) return;
        cov.engineCalls++;
        const r = decideUnique(buf, { start: 0, maxNodes });
        cov.engineNodes += r.nodes;
        if (!r.complete) cov.undecided++;
        if (r.unique) {
          record(d);
          found = true;
          stopped = true;
        }
        return;
      }
      if (d + reach(e) < target!) return;
      if (d >= 2) {
        buf.build(d + 1);
        cov.engineCalls++;
        const r = countHamiltonianPaths(buf, { start: 0, end: d, limit: 2, maxNodes });
        cov.engineNodes += r.nodes;
        if (r.solutions >= 2) return;
        if (d > longestLen && r.complete && r.solutions === 1 && buf.degree(d) === 1) {
          const check = decideUnique(buf, { start: 0 });
          if (!check.unique) throw new Error(`dual-free search: uniqueness shortcut disagrees with decideUnique at depth ${d}`);
          longest = {
            start: seq[0],
            moves: Array.from(seq.subarray(1, d + 1)),
            nodes: cov.positions + cov.engineNodes,
            method: cov.method,
          };
          longestLen = d;
        }
      } else if (d > longestLen) {
        // One man: the single leap is the only solution.
        longest = { start: seq[0], moves: Array.from(seq.subarray(1, d + 1)), nodes: cov.positions, method: cov.method };
        longestLen = d;
      }
    } else {
      const room = reach(e);
      if (d + room <= bestLen) return;
      let unique = d <= 1;
      if (d >= 2) {
        buf.build(d + 1);
        cov.engineCalls++;
        const r = countHamiltonianPaths(buf, { start: 0, end: d, limit: 2, maxNodes });
        cov.engineNodes += r.nodes;
        if (r.solutions >= 2) return;
        if (!r.complete) cov.undecided++;
        unique = r.complete && r.solutions === 1 && buf.degree(d) === 1;
      }
      if (unique && d > bestLen) {
        if (d >= 2) {
          const check = decideUnique(buf, { start: 0 });
          if (!check.unique) throw new Error(`dual-free search: uniqueness shortcut disagrees with decideUnique at depth ${d}`);
        }
        record(d);
      }
      if (room === 0) return;
    }

    // Extensions in Warnsdorff order: fewest unused onward squares first.
    const base = d * maxDeg;
    let k = 0;
    const symBase = d * symStride;
    const ns = symCount[d];
    for (let x = g.start[e]; x < g.start[e + 1]; x++) {
      const w = g.adj[x];
      if (used[w] >= 0) continue;
      let skip = false;
      for (let i = 0; i < ns && !skip; i++) if (syms[symsAt[symBase + i]][w] < w) skip = true;
      if (skip) continue;
      let onward = 0;
      for (let y = g.start[w]; y < g.start[w + 1]; y++) if (used[g.adj[y]] < 0) onward++;
      if (far) onward = onward * farSpan + (farSpan - 1 - far[w]);
      let i = k++;
      while (i > 0 && (score[base + i - 1] > onward || (score[base + i - 1] === onward && cand[base + i - 1] > w))) {
        cand[base + i] = cand[base + i - 1];
        score[base + i] = score[base + i - 1];
        i--;
      }
      cand[base + i] = w;
      score[base + i] = onward;
    }
    if (k > cap) {
      capCut = true;
      k = cap;
    }
    for (let c = 0; c < k && !stopped; c++) {
      const w = cand[base + c];
      seq[d + 1] = w;
      used[w] = d + 1;
      // Symmetries still fixing the whole sequence.
      let m = 0;
      for (let i = 0; i < ns; i++) {
        const si = symsAt[symBase + i];
        if (syms[si][w] === w) symsAt[symBase + symStride + m++] = si;
      }
      symCount[d + 1] = m;
      step(d + 1);
      used[w] = -1;
    }
  };

  for (const s of starts) {
    if (stopped) break;
    const stab = o.symmetry === false ? [] : nonTrivialStabilizer(board, s);
    syms.length = 0;
    for (const m of stab) syms.push(m);
    for (let i = 0; i < syms.length; i++) symsAt[i] = i;
    symCount[0] = syms.length;
    seq[0] = s;
    used[s] = 0;
    step(0);
    used[s] = -1;
    if (!stopped || found) cov.startsDone++;
  }
  if (found) {
    cov.exhaustive = false;
    cov.stoppedBy = null;
  } else {
    const timedOut = stopped;
    cov.exhaustive = !timedOut && !capCut && cov.undecided === 0;
    cov.stoppedBy = timedOut ? "budget" : capCut ? "cap" : cov.undecided > 0 ? "max-nodes" : null;
  }
  cov.ms = clock.now() - clock.t0;
  return witnessMode ? { witness: best, coverage: cov, longest } : { witness: best, coverage: cov };
}

// ---------------------------------------------------------------------------
// Drivers

export interface DriverOptions {
  budgetMs?: number;
  now?: () => number;
  maxNodesPerPosition?: number;
  /** Method 2 is used when it has at most this many positions over all starts (default 5e6). */
  freeSquaresLimit?: number;
}

export interface WitnessSearch extends DualFreeResult {
  /** Coverage of each method run, in order. */
  phases: Coverage[];
}

function remaining(clock: Clock, share: number): number {
  const left = clock.deadline - clock.now();
  return Number.isFinite(left) ? Math.max(0, left * share) : Infinity;
}

function budgetOf(ms: number): { budgetMs?: number } {
  return Number.isFinite(ms) ? { budgetMs: ms } : {};
}

/**
 * A dual-free sequence of exactly L men, from the first method that finds one.
 * Free squares (exhaustive) when its position count is small; otherwise direct
 * generation with Warnsdorff order, first with branching caps 2 and 3 (fast, not
 * exhaustive), then without a cap for the rest of the budget.
 */
export function findDualFreeWitness(board: Board, leap: readonly [number, number], L: number, o: DriverOptions = {}): WitnessSearch {
  const clock = clockOf(o);
  const limit = o.freeSquaresLimit ?? 5e6;
  const common = { now: clock.now, maxNodesPerPosition: o.maxNodesPerPosition };
  const phases: Coverage[] = [];
  const done = (r: DualFreeResult): WitnessSearch => {
    phases.push(r.coverage);
    return { ...r, phases };
  };
  if (L > maxPossibleLength(board, leap)) {
    // No start has L squares besides itself in its component: nothing to enumerate.
    return done(freeSquaresSearch(board, leap, L, { ...common, ...budgetOf(remaining(clock, 1)) }));
  }
  if (L === 0 || freeSquaresPositions(board, leap, L) <= limit) {
    return done(freeSquaresSearch(board, leap, L, { ...common, ...budgetOf(remaining(clock, 1)) }));
  }
  return directRounds(
    board,
    leap,
    L,
    [
      { cap: 2, share: 0.2 },
      { cap: 3, share: 0.5 },
      { cap: Infinity, share: 1 },
    ],
    { ...o, now: clock.now, deadline: clock.deadline },
    phases,
  );
}

/** One phase of `directRounds`: a branching cap and the share of the remaining time it may use. */
export interface DirectPhase {
  cap: number;
  share: number;
  farFirst?: boolean;
}

export interface RoundsOptions {
  now?: () => number;
  /** Absolute deadline on the `now` clock (default: budgetMs from the start, else none). */
  deadline?: number;
  budgetMs?: number;
  maxNodesPerPosition?: number;
  /** Starts (default: the canonical squares). */
  starts?: readonly Square[];
  /** Called after every time slice with the longest dual-free sequence met so far. */
  onSlice?: (info: { phase: number; longest: DualFreeWitness | null; positions: number }) => void;
}

/**
 * Direct generation towards a dual-free sequence of exactly L men, phase by phase.
 * Each phase runs the starts round-robin with time slices that double each round:
 * one start's tree can be far too big to finish while the witness grows from
 * another. A start whose run ends before its slice is settled for that phase and
 * not run again; a rerun repeats the same order, so a round only wastes what the
 * previous (half as long) slice did. A phase that covers everything (no cap cut,
 * no slice cut) settles the question: the search stops there with no witness.
 * `longest` collects the longest shorter dual-free sequence met in any phase.
 */
export function directRounds(
  board: Board,
  leap: readonly [number, number],
  L: number,
  plan: readonly DirectPhase[],
  o: RoundsOptions = {},
  phases: Coverage[] = [],
): WitnessSearch {
  const now = o.now ?? Date.now;
  const t0 = now();
  const clock: Clock = { now, t0, deadline: o.deadline ?? (o.budgetMs === undefined ? Infinity : t0 + o.budgetMs) };
  const common = { now, maxNodesPerPosition: o.maxNodesPerPosition };
  const starts = o.starts ?? canonicalSquares(board);
  let longest: DualFreeWitness | null = null;
  for (const [p, { cap, share, farFirst }] of plan.entries()) {
    const phaseEnd = Number.isFinite(clock.deadline) ? clock.now() + remaining(clock, share) : Infinity;
    const cov = emptyCoverage(Number.isFinite(cap) ? "direct-capped" : "direct", starts.length);
    const settled = new Uint8Array(starts.length);
    let exhaustive = true;
    let slice = 50;
    let open = starts.length;
    while (open > 0) {
      for (let i = 0; i < starts.length; i++) {
        if (settled[i]) continue;
        const left = phaseEnd - clock.now();
        if (left <= 0) break;
        const ms = Math.min(slice, left);
        const r = directSearch(board, leap, {
          ...common,
          target: L,
          ...(Number.isFinite(cap) ? { cap } : {}),
          ...(farFirst ? { farFirst } : {}),
          starts: [starts[i]],
          ...budgetOf(Number.isFinite(phaseEnd) ? ms : Infinity),
        });
        cov.positions += r.coverage.positions;
        cov.engineCalls += r.coverage.engineCalls;
        cov.engineNodes += r.coverage.engineNodes;
        cov.undecided += r.coverage.undecided;
        cov.ms += r.coverage.ms;
        if (r.longest && r.longest.moves.length > (longest?.moves.length ?? 0)) longest = r.longest;
        o.onSlice?.({ phase: p, longest, positions: cov.positions });
        if (r.witness) {
          cov.startsDone++;
          phases.push(cov);
          return { witness: r.witness, coverage: cov, phases, longest };
        }
        if (r.coverage.stoppedBy !== "budget") {
          settled[i] = 1;
          open--;
          cov.startsDone++;
          if (!r.coverage.exhaustive) exhaustive = false;
          if (r.coverage.stoppedBy) cov.stoppedBy = r.coverage.stoppedBy;
        }
      }
      if (open > 0 && phaseEnd - clock.now() <= 0) break;
      slice *= 2;
    }
    if (open > 0) {
      exhaustive = false;
      cov.stoppedBy = "budget";
    }
    cov.exhaustive = exhaustive;
    phases.push(cov);
    // Nothing was cut by the cap or the clock: every sequence was covered.
    if (exhaustive) return { witness: null, coverage: cov, phases, longest };
  }
  const last = phases[phases.length - 1] ?? emptyCoverage("direct", starts.length);
  return { witness: null, coverage: last, phases, longest };
}

export interface LongestDualFree {
  /** Longest length found (at least the given lower bound when one was given). */
  value: number;
  /** A witness of that length (null when the value is only the given lower bound). */
  witness: DualFreeWitness | null;
  /** true when no longer dual-free sequence exists (every longer length was refuted exhaustively). */
  exhaustive: boolean;
  phases: Coverage[];
}

/**
 * The longest dual-free length over all starts. Lower bound: `known` (a length
 * with a witness found elsewhere) or a capped direct search. Then every longer
 * length is settled: by free squares from the top down when all of them together
 * are cheap enough (the first length found is the maximum), else by one uncapped
 * direct search for anything longer than the bound.
 */
export function longestDualFree(
  board: Board,
  leap: readonly [number, number],
  o: DriverOptions & { known?: number; knownWitness?: DualFreeWitness } = {},
): LongestDualFree {
  const clock = clockOf(o);
  const limit = o.freeSquaresLimit ?? 5e6;
  const common = { now: clock.now, maxNodesPerPosition: o.maxNodesPerPosition };
  const phases: Coverage[] = [];
  let value = o.known ?? 0;
  let witness: DualFreeWitness | null = o.knownWitness ?? null;
  if (o.known === undefined) {
    const r = directSearch(board, leap, { ...common, cap: 2, ...budgetOf(remaining(clock, 0.2)) });
    phases.push(r.coverage);
    if (r.witness) {
      value = r.witness.moves.length;
      witness = r.witness;
    }
  }
  const top = maxPossibleLength(board, leap);
  let total = 0;
  for (let L = value + 1; L <= top; L++) total += freeSquaresPositions(board, leap, L);
  if (total <= limit) {
    let exhaustive = true;
    for (let L = top; L > value; L--) {
      const r = freeSquaresSearch(board, leap, L, { ...common, ...budgetOf(remaining(clock, 1)) });
      phases.push(r.coverage);
      if (r.witness) return { value: L, witness: r.witness, exhaustive, phases };
      if (!r.coverage.exhaustive) exhaustive = false;
    }
    return { value, witness, exhaustive, phases };
  }
  const r = directSearch(board, leap, { ...common, above: value, ...budgetOf(remaining(clock, 1)) });
  phases.push(r.coverage);
  if (r.witness && r.witness.moves.length > value) {
    value = r.witness.moves.length;
    witness = r.witness;
  }
  return { value, witness, exhaustive: r.coverage.exhaustive, phases };
}
