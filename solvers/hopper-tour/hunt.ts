/**
 * A witness hunt for long hopper tours over a movable hurdle: randomised
 * depth-first search with restarts (each restart a random start pair and a
 * node budget), children ordered by a Warnsdorff key on the hopper's squares.
 * It only finds tours; it proves nothing, and its witnesses are replayed by
 * check.ts (plain geometry, no table) before they are kept.
 *
 * The square graph: r -> q when the hopper on r can land on q over some hurdle
 * square (geometry of the hopper alone). inPred[q] counts the unvisited r with
 * r -> q. An unvisited square with no unvisited predecessor can only be
 * entered from the hopper's current square, at the next move; so at most one
 * such square can still be visited, and the branch cannot reach more than
 * depth + unvisited - (zero - 1) squares (zero = how many such squares). That
 * bound only over-counts (it ignores the hurdle), so a cut never loses a tour
 * longer than the target. Closed and cyclic tours also need the start square
 * to keep an unvisited predecessor while unvisited squares remain to be used
 * as the last square. Both cuts matter most when the target is every square.
 *
 * Ordering: fewest unvisited predecessors of the landing square first (the
 * squares about to be cut off), then fewest onward steps from the new state,
 * random ties (the seed); a restart ends after `restartNodes` nodes.
 */
import { seededRandom } from "../random.ts";
import type { TourTable } from "./table.ts";
import { insertByKey, pathOf, reachCounter, tourEnd, type TourMode, type TourPath } from "./search.ts";
import { isHurdleMove } from "./table.ts";
import { groupBound } from "./bound.ts";

export interface HuntOptions {
  mode: TourMode;
  /** Stop at the first tour of at least this value. */
  target: number;
  /** Node budget per restart and in all. */
  restartNodes: number;
  maxNodes: number;
  seed: number;
  /** Ordering weights: unvisited predecessors of the landing, onward steps, random noise. */
  weights?: number[];
  /** Depth from which the relaxed reach bound is computed at every node (default half the squares). */
  reachFrom?: number;
  /** Restrict the start pairs (default: every pair whose first jump exists). */
  roots?: { start: number; hurdle: number }[];
  /**
   * The square graph behind the predecessor counts: "geometric" (default), r -> q when the hopper on r
   * lands on q over some hurdle square; "reachable", only the jumps that occur in a tour from these roots
   * (reachableSquareGraph), fewer edges and so more squares found without an unvisited predecessor.
   */
  squareGraph?: "geometric" | "reachable";
  /** The bound from depth reachFrom on: the relaxed reach count (default) or the group bound of bound.ts (never larger). */
  bound?: "reach" | "groups";
  /**
   * Exhaustive: each root once, in the given order, with no restart budget: every cut is exact for the
   * target, so a run that ends within maxNodes without a tour of the target proves there is none from these roots.
   */
  exhaustive?: boolean;
  /**
   * A required end (closed and cyclic modes): only tours whose last hopper square before the return is
   * `last` and whose hurdle stands on `closing` for the jump back to the start (a booklet's caption that
   * names the end). A restriction of the search space, not a cut: `last` is entered only as the tour's
   * last square (at depth target or deeper, where the tour must end there), and a tour is recorded only
   * when it ends that way; so every tour of at least the target with that end is still searched, and a
   * complete run without one shows only that no tour with that end starts at these roots.
   */
  end?: { last: number; closing: number };
  /**
   * A probe, not a search: one random root-to-leaf walk down the exhaustive tree (same cuts, same target), each
   * node's child drawn uniformly; `estimate` is Knuth's estimate of the tree's nodes (Math. Comp. 29, 1975): the sum
   * over the walk of the product of the branching factors above each node. Unbiased for every tree, so the mean of
   * many walks estimates what an exhaustive run would walk; heavy tails make few walks err low. Use with
   * exhaustive and one root, and a target above any tour (a tour found on the way ends nothing here).
   */
  probe?: boolean;
}

export interface HuntResult {
  value: number;
  path: TourPath | null;
  nodes: number;
  restarts: number;
  /** Symmetric hunt: the most half-tour squares placed. */
  deepest?: number;
  /** Exhaustive run: every root searched to the end within maxNodes (then no tour of the target starts there unless one was found). */
  complete?: boolean;
  /** Probe: Knuth's estimate of the exhaustive tree's nodes from this one walk. */
  estimate?: number;
}

export function huntTour(t: TourTable, opts: HuntOptions): HuntResult {
  const n = t.size;
  const { stepStart, stepHurdle, stepLand, landing } = t;
  const mode = opts.mode;
  const [wPred, wOn, wRand, wHard, wDyn] = [...(opts.weights ?? [4, 1, 3, 0]), 0, 0, 0, 0, 0];
  const roots = opts.roots ?? (() => {
    const out: { start: number; hurdle: number }[] = [];
    for (let s = 0; s < n; s++) for (let h = 0; h < n; h++) if (h !== s && landing[s * n + h] >= 0) out.push({ start: s, hurdle: h });
    return out;
  })();
  // Square graph, CSR both ways.
  // A reversed table's landing holds only unique predecessors: its square graph comes from the steps alone.
  const adj = opts.squareGraph === "reachable" || t.reversed ? reachableSquareGraph(t, roots) : geometricSquareGraph(t);
  const succStart = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) succStart[r + 1] = succStart[r] + adj[r].length;
  const succ = Int32Array.from(adj.flat());
  // How many combined steps of the whole table land on each square, scaled to 0..1: rarely entered squares first.
  const hard = new Float64Array(n);
  for (let i = 0; i < stepLand.length; i++) hard[stepLand[i]]++;
  const hardRaw = Float64Array.from(hard);
  const hardMax = Math.max(1, ...hard);
  for (let q = 0; q < n; q++) hard[q] /= hardMax;
  const predTotal = new Int32Array(n);
  for (const q of succ) predTotal[q]++;

  let maxDeg = 1;
  for (let i = 0; i < n * n; i++) maxDeg = Math.max(maxDeg, stepStart[i + 1] - stepStart[i]);
  const visited = new Uint8Array(n);
  const inPred = new Int32Array(n);
  const pathSq = new Int32Array(n + 1);
  const pathH = new Int32Array(n + 1);
  const childIdx = new Int32Array((n + 1) * maxDeg);
  const childKey = new Float64Array((n + 1) * maxDeg);
  let zero = 0; // unvisited squares with inPred 0

  const rand = seededRandom(opts.seed);

  // dynIn[q]: combined steps landing on q from states whose hopper square is still unvisited (or current),
  // the entry chances q has left, scaled like hard[] (fewest first).
  const dynIn = new Float64Array(n);
  const stepsFrom = new Int32Array(n * n); // stepsFrom[p*n + q]: steps from any (p, h) landing on q
  for (let p = 0; p < n; p++) {
    for (let h = 0; h < n; h++) for (let i = stepStart[p * n + h]; i < stepStart[p * n + h + 1]; i++) stepsFrom[p * n + stepLand[i]]++;
  }
  const leave = (p: number, sign: number) => {
    if (wDyn === 0) return;
    for (let q = 0; q < n; q++) dynIn[q] += sign * stepsFrom[p * n + q];
  };
  const visit = (q: number) => {
    leave(q, -1);
    visited[q] = 1;
    if (inPred[q] === 0) zero--;
    for (let i = succStart[q]; i < succStart[q + 1]; i++) {
      const r = succ[i];
      if (--inPred[r] === 0 && !visited[r]) zero++;
    }
  };
  const unvisit = (q: number) => {
    for (let i = succStart[q]; i < succStart[q + 1]; i++) {
      const r = succ[i];
      if (inPred[r]++ === 0 && !visited[r]) zero--;
    }
    visited[q] = 0;
    if (inPred[q] === 0) zero++;
    leave(q, 1);
  };

  const reachFrom = opts.reachFrom ?? Math.floor(n / 2);
  const reach = reachCounter(t, visited);
  const groups = opts.bound === "groups" ? groupBound(t, visited, mode) : null;

  const end = opts.end ?? null;
  if (end && mode === "open") throw new Error("huntTour: a required end needs a closed or cyclic tour");
  // From state ph, a step with the hurdle to `closing` lands on s0 (and, cyclic, the hurdle can then go back to h0).
  const endsThrough = (ph: number, closing: number): boolean => {
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
      if (stepLand[i] === s0 && stepHurdle[i] === closing) return mode !== "cyclic" || isHurdleMove(t, s0, closing, h0);
    }
    return false;
  };
  let best = 0;
  let bestPath: TourPath | null = null;
  let nodes = 0, restartLeft = 0, restarts = 0;
  let done = false;
  let s0 = 0, h0 = 0;

  const record = (depth: number, closing: number, back: boolean) => {
    best = depth;
    bestPath = pathOf(mode, s0, h0, pathSq, pathH, depth, closing, back);
    if (best >= opts.target) done = true;
  };

  const probe = opts.probe === true;
  let estimate = 0, weight = 1;
  const dfs = (p: number, h: number, depth: number, unvisited: number): void => {
    nodes++;
    estimate += weight;
    if (--restartLeft < 0 || nodes > opts.maxNodes) return;
    const ph = p * n + h;
    if (depth > best) {
      const c = end ? (p === end.last && endsThrough(ph, end.closing) ? end.closing : null) : tourEnd(t, mode, ph, s0, h0);
      if (c !== null) record(depth, c, mode === "cyclic");
    }
    if (done) return;
    // With a required end, the tour ends on its last square.
    if (end && p === end.last) return;
    // Squares with no unvisited predecessor: only one of them can still be entered (from p, next).
    const lost = zero > 1 ? zero - 1 : 0;
    // The hunt looks for the target only: a branch that cannot reach it is cut (best is what it met on the way).
    if (depth + unvisited - lost < opts.target) return;
    if (depth >= reachFrom && depth + (groups ? groups(p, h, s0) : reach(p, h)) < opts.target) return;
    // Going deeper, the last square is one not visited yet: it must be able to jump back to s0.
    if (mode !== "open" && inPred[s0] === 0) return;
    const base = depth * maxDeg;
    let k = 0;
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
      const q = stepLand[i];
      if (visited[q]) continue;
      // The required last square is entered only where the tour can end on it with the target.
      if (end && q === end.last && depth + 1 < opts.target) continue;
      // A forced square (no unvisited predecessor) must be taken now if the target needs it.
      const qh = q * n + stepHurdle[i];
      let onward = 0;
      for (let j = stepStart[qh]; j < stepStart[qh + 1]; j++) if (!visited[stepLand[j]] && stepLand[j] !== q) onward++;
      const key = (inPred[q] === 0 ? -100 : inPred[q] * wPred) + onward * wOn + rand() * wRand + hard[q] * wHard +
        (dynIn[q] / hardMax) * wDyn;
      insertByKey(childKey, childIdx, base, k++, key, i);
    }
    // A probe walks one child, drawn uniformly, and weighs what lies below by the number of children.
    const from = probe && k > 0 ? Math.floor(rand() * k) : 0, to = probe ? Math.min(k, from + 1) : k;
    if (probe) weight *= k;
    for (let c = from; c < to; c++) {
      const i = childIdx[base + c];
      const q = stepLand[i];
      visit(q);
      pathSq[depth + 1] = q;
      pathH[depth] = stepHurdle[i];
      dfs(q, stepHurdle[i], depth + 1, unvisited - 1);
      unvisit(q);
      if (done || restartLeft < 0 || nodes > opts.maxNodes) return;
    }
  };

  let next = 0;
  while (!done && nodes < opts.maxNodes && roots.length > 0) {
    if (opts.exhaustive && next >= roots.length) break;
    const r = opts.exhaustive ? roots[next++] : roots[Math.floor(rand() * roots.length)];
    restarts++;
    restartLeft = opts.exhaustive ? Infinity : opts.restartNodes;
    inPred.set(predTotal);
    dynIn.set(hardRaw);
    visited.fill(0);
    zero = 0;
    for (let q = 0; q < n; q++) if (inPred[q] === 0) zero++;
    s0 = r.start;
    h0 = r.hurdle;
    const s1 = landing[s0 * n + h0];
    visit(s0);
    visit(s1);
    pathSq[0] = s0;
    pathSq[1] = s1;
    pathH[0] = h0;
    dfs(s1, h0, 1, n - 2);
  }
  const complete = opts.exhaustive ? done || (next >= roots.length && nodes <= opts.maxNodes) : undefined;
  return {
    value: best,
    path: bestPath,
    nodes,
    restarts,
    ...(complete !== undefined ? { complete } : {}),
    ...(probe ? { estimate } : {}),
  };
}

/** r -> q when the hopper on r can land on q over some hurdle square (the hopper's geometry alone). */
function geometricSquareGraph(t: TourTable): number[][] {
  const n = t.size;
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (let r = 0; r < n; r++) {
    const seen = new Set<number>();
    for (let x = 0; x < n; x++) {
      const q = t.landing[r * n + x];
      if (q >= 0 && !seen.has(q)) {
        seen.add(q);
        adj[r].push(q);
      }
    }
  }
  return adj;
}

/**
 * r -> q when a tour from one of the roots can jump from r to q after its first jump: a combined step
 * from a state (r, h) reachable from a root's state after its first jump (state graph, visited squares
 * ignored, so every state of a real tour is reachable there). Every later jump of a real tour is such an
 * edge, so the predecessor counts over this graph still only over-count, and the hunt's cut on squares
 * without an unvisited predecessor stays exact. The first jump (start to its landing) is left out: both
 * its squares are visited before the search begins, so it never counts. With a hurdle that moves a short
 * way (king, knight) the hurdle stands next to the hopper after every jump, and this graph keeps only the
 * short jumps among the geometric graph's jumps of any length.
 */
export function reachableSquareGraph(t: TourTable, roots: { start: number; hurdle: number }[]): number[][] {
  const n = t.size;
  const seen = new Uint8Array(n * n);
  const queue: number[] = [];
  const edge = new Set<number>();
  for (const r of roots) {
    const s1 = t.landing[r.start * n + r.hurdle];
    if (s1 < 0) continue;
    const st = s1 * n + r.hurdle;
    if (!seen[st]) {
      seen[st] = 1;
      queue.push(st);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const ph = queue[head];
    const p = (ph / n) | 0;
    for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) {
      const q = t.stepLand[i];
      edge.add(p * n + q);
      const nx = q * n + t.stepHurdle[i];
      if (!seen[nx]) {
        seen[nx] = 1;
        queue.push(nx);
      }
    }
  }
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const e of [...edge].sort((a, b) => a - b)) adj[(e / n) | 0].push(e % n);
  return adj;
}

/**
 * A hunt for closed tours over every square that are symmetric under the
 * half turn (square s <-> size - 1 - s, which maps hopper and hurdle moves to
 * moves for every piece here): the second half of the tour is the first half
 * turned, P[k + m] = rot P[k], H[k + m] = rot H[k] with m = size / 2 (hopper
 * squares P, hurdle squares H, P[0] the start). So only P[1..m] is searched,
 * each landing marking its square and the turned one, and the tour closes
 * when P[m] = rot P[0] and the hurdle can step from H[m-1] to rot H[0] with
 * the hopper on P[m]. The same step turned is the hurdle's return from
 * H[2m-1] to H[0] with the hopper back on P[0]: every such tour is cyclic.
 * Boards with a centre square (odd size) have no such tour.
 */
export function huntSymmetricTour(t: TourTable, opts: Omit<HuntOptions, "target" | "mode">): HuntResult {
  const n = t.size;
  const { stepStart, stepHurdle, stepLand, landing } = t;
  if (n % 2 === 1) return { value: 0, path: null, nodes: 0, restarts: 0 };
  const m = n / 2;
  const rot = (s: number) => n - 1 - s;
  const rand = seededRandom(opts.seed);
  let maxDeg = 1;
  for (let i = 0; i < n * n; i++) maxDeg = Math.max(maxDeg, stepStart[i + 1] - stepStart[i]);
  const visited = new Uint8Array(n);
  const P = new Int32Array(m + 1), H = new Int32Array(m + 1);
  const childIdx = new Int32Array((m + 1) * maxDeg);
  const childKey = new Float64Array((m + 1) * maxDeg);
  let nodes = 0, left = 0, restarts = 0, deepest = 0;
  let found: TourPath | null = null;
  const dfs = (k: number): void => {
    // P[0..k] chosen, H[0..k-1] chosen; the hopper is on P[k], the hurdle on H[k-1].
    nodes++;
    if (k > deepest) deepest = k;
    if (--left < 0 || nodes > opts.maxNodes) return;
    const ph = P[k] * n + H[k - 1];
    const base = k * maxDeg;
    let c = 0;
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
      const q = stepLand[i];
      if (k + 1 === m) {
        if (q === rot(P[0]) && isHurdleMove(t, q, stepHurdle[i], rot(H[0]))) {
          H[k] = stepHurdle[i];
          P[m] = q;
          const hopper: number[] = [], hurdle: number[] = [];
          for (let j = 1; j <= 2 * m; j++) hopper.push(j <= m ? P[j] : rot(P[j - m]));
          for (let j = 1; j <= 2 * m - 1; j++) hurdle.push(j < m ? H[j] : rot(H[j - m]));
          found = { start: P[0], hurdle: H[0], hopper, hurdleMoves: hurdle };
          return;
        }
        continue;
      }
      if (visited[q]) continue;
      const qh = q * n + stepHurdle[i];
      let onward = 0;
      for (let j = stepStart[qh]; j < stepStart[qh + 1]; j++) {
        if (!visited[stepLand[j]] && stepLand[j] !== q && stepLand[j] !== rot(q)) onward++;
      }
      insertByKey(childKey, childIdx, base, c++, onward + rand() * 2, i);
    }
    for (let j = 0; j < c; j++) {
      const i = childIdx[base + j];
      const q = stepLand[i];
      visited[q] = visited[rot(q)] = 1;
      P[k + 1] = q;
      H[k] = stepHurdle[i];
      dfs(k + 1);
      visited[q] = visited[rot(q)] = 0;
      if (found || left < 0 || nodes > opts.maxNodes) return;
    }
  };
  const roots = opts.roots ?? (() => {
    const out: { start: number; hurdle: number }[] = [];
    for (let s = 0; s < n; s++) {
      for (let h = 0; h < n; h++) {
        if (h !== s && landing[s * n + h] >= 0 && landing[s * n + h] !== rot(s)) out.push({ start: s, hurdle: h });
      }
    }
    return out;
  })();
  while (!found && nodes < opts.maxNodes && roots.length > 0) {
    const r = roots[Math.floor(rand() * roots.length)];
    restarts++;
    left = opts.restartNodes;
    visited.fill(0);
    P[0] = r.start;
    H[0] = r.hurdle;
    P[1] = landing[r.start * n + r.hurdle];
    if (P[1] === rot(P[0])) continue;
    visited[P[0]] =
      visited[rot(P[0])] =
      visited[P[1]] =
      visited[rot(P[1])] =
        1;
    dfs(1);
  }
  return { value: found ? n - 1 : 0, path: found, nodes, restarts, deepest };
}
