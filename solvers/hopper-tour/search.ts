/**
 * Longest hopper tours over a movable hurdle (table.ts has the rules), by
 * depth-first branch and bound over the states (hopper square, hurdle square,
 * visited set).
 *
 * What a tour of value n is (the booklet's counting, lines 4515-4516 and
 * 4534-4537):
 *   open    the hopper starts on s0 with the hurdle on h0 and moves first;
 *           then hurdle, hopper, ... : n hopper moves to n new squares
 *           (Willcocks: 63 grasshopper moves, 125 moves with the knight's 62);
 *   closed  an open tour of n moves after which one more hurdle move lets the
 *           hopper jump back to s0 (the value counts the moves before the
 *           return, as for the leaper tours; n = 1 is out and back);
 *   cyclic  a closed tour after which the hurdle can go back from its last
 *           square to h0 in one move, so the whole tour can be repeated
 *           (lines 4518-4522, 4663-4672; the rook tour of lines 4778-4782 is
 *           closed but not cyclic because the rook must then move away).
 *
 * Pruning, each exact:
 *   - reach bound: every square a continuation visits is reachable from the
 *     current state in the relaxed graph on (hopper, hurdle) states whose
 *     landings are unvisited squares (the relaxation forgets that squares get
 *     used up, so it only over-counts); a branch whose depth plus that count
 *     cannot beat the best found is cut;
 *   - symmetry: the board's symmetries map hopper and hurdle moves to moves
 *     (symmetry.ts), so start squares s0 range over one square per orbit and
 *     the first hurdle h0 over one square per orbit of the stabilizer of s0.
 */
import type { Square } from "../types.ts";
import { canonicalSquares, stabilizer } from "../board/symmetry.ts";
import { isHurdleMove, type TourTable } from "./table.ts";
import { isDefaultReading, readingTable, stepPasses, type TourReading } from "./readings.ts";
import { Stamps } from "../graph/reach.ts";

export type TourMode = "open" | "closed" | "cyclic";

/**
 * A tour: the hopper starts on `start`, the hurdle on `hurdle`; `hopper` lists
 * the hopper's landing squares and `hurdleMoves` the hurdle's destinations,
 * alternating hopper[0], hurdleMoves[0], hopper[1], ... For closed and cyclic
 * tours the last hopper landing is `start`; for cyclic tours `hurdleMoves`
 * ends with the hurdle's return to `hurdle`.
 */
export interface TourPath {
  start: Square;
  hurdle: Square;
  hopper: Square[];
  hurdleMoves: Square[];
}

/** The value of a tour: hopper moves, not counting a closing return. */
export function tourValue(path: TourPath, mode: TourMode): number {
  return mode === "open" ? path.hopper.length : Math.max(0, path.hopper.length - 1);
}

export interface TourSearchOptions {
  mode: TourMode;
  /** Only tours of a larger value are sought (default 0: any tour with a move). */
  floor?: number;
  /** Stop when a tour of this value is found (default: the largest possible, squares - 1). */
  stopAt?: number;
  /** Give up after this many search nodes (the result is then incomplete). */
  maxNodes?: number;
  /** Start pairs to try; default one per symmetry orbit of (start, hurdle). */
  roots?: { start: Square; hurdle: Square }[];
  /** Order children by fewest onward steps (Warnsdorff), default true. */
  warnsdorff?: boolean;
  /** Random tie-breaking seed for the ordering (restarts of a heuristic hunt). */
  seed?: number;
  /** Compute the reach bound only at depths divisible by this (default 1: every node). */
  reachEvery?: number;
  /**
   * Another reading of the rules (readings.ts; open and closed tours only). Default: ours. With
   * hurdleFirst the roots are hurdleFirstRoots (no first jump needed) and a path's hurdleMoves[0]
   * comes before hopper[0].
   */
  reading?: TourReading;
}

export interface TourSearchResult {
  /** The best value found above the floor, or the floor when none was. */
  value: number;
  path: TourPath | null;
  nodes: number;
  /** True when the search covered every root to the end (or reached stopAt): then no tour beats `value`. */
  complete: boolean;
  roots: number;
}

/** One (start, hurdle) pair per orbit of the board's symmetry group, among pairs where the first jump exists. */
export function canonicalRoots(t: TourTable): { start: Square; hurdle: Square }[] {
  const out: { start: Square; hurdle: Square }[] = [];
  for (const s of canonicalSquares(t.board)) {
    const stab = stabilizer(t.board, s);
    for (let h = 0; h < t.size; h++) {
      if (h === s || t.landing[s * t.size + h] < 0) continue;
      if (stab.some((g) => g.map[h] < h)) continue;
      out.push({ start: s, hurdle: h });
    }
  }
  return out;
}

/** The hurdle moves first: one (start, hurdle) pair per symmetry orbit, any two distinct squares. */
export function hurdleFirstRoots(t: TourTable): { start: Square; hurdle: Square }[] {
  const out: { start: Square; hurdle: Square }[] = [];
  for (const s of canonicalSquares(t.board)) {
    const stab = stabilizer(t.board, s);
    for (let h = 0; h < t.size; h++) {
      if (h === s || stab.some((g) => g.map[h] < h)) continue;
      out.push({ start: s, hurdle: h });
    }
  }
  return out;
}

/** Every (start, hurdle) pair where the first jump exists. */
export function allRoots(t: TourTable): { start: Square; hurdle: Square }[] {
  const out: { start: Square; hurdle: Square }[] = [];
  for (let s = 0; s < t.size; s++) {
    for (let h = 0; h < t.size; h++) if (h !== s && t.landing[s * t.size + h] >= 0) out.push({ start: s, hurdle: h });
  }
  return out;
}

export function searchTours(t0: TourTable, opts: TourSearchOptions): TourSearchResult {
  const reading = opts.reading ?? {};
  const custom = !isDefaultReading(reading);
  if (custom && opts.mode === "cyclic") throw new Error("searchTours: readings other than ours are defined for open and closed tours only");
  const t = custom ? readingTable(t0, reading) : t0;
  const n = t.size;
  const mode = opts.mode;
  const stopAt = opts.stopAt ?? n - 1;
  const maxNodes = opts.maxNodes ?? Infinity;
  const warnsdorff = opts.warnsdorff ?? true;
  const reachEvery = Math.max(1, opts.reachEvery ?? 1);
  const roots = opts.roots ?? (reading.hurdleFirst ? hurdleFirstRoots(t) : canonicalRoots(t));
  const { stepStart, stepHurdle, stepLand } = t;
  // The readings' filters (readings.ts): each only removes steps, so the bounds below stay exact.
  const passes = custom ? stepPasses(t) : null;
  const hurdleSeen = new Uint8Array(n);
  const allowed = (i: number, h: number): boolean => {
    const h2 = stepHurdle[i];
    if (reading.hurdleAvoidsVisited && h2 !== h && visited[h2]) return false;
    if (reading.hurdleNoRevisit && h2 !== h && hurdleSeen[h2]) return false;
    if (reading.riderBlockedByVisited) {
      for (let j = passes!.hurdleStart[i]; j < passes!.hurdleStart[i + 1]; j++) if (visited[passes!.hurdleSq[j]]) return false;
    }
    if (reading.hopperBlockedByVisited) {
      for (let j = passes!.hopperStart[i]; j < passes!.hopperStart[i + 1]; j++) if (visited[passes!.hopperSq[j]]) return false;
    }
    return true;
  };
  const customEnd = (ph: number, h: number): number | null => {
    if (mode === "open") return -1;
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) if (stepLand[i] === s0 && allowed(i, h)) return stepHurdle[i];
    return null;
  };
  let maxDeg = 0;
  for (let i = 0; i < n * n; i++) maxDeg = Math.max(maxDeg, stepStart[i + 1] - stepStart[i]);
  const visited = new Uint8Array(n);
  const pathSq = new Int32Array(n + 1);
  const pathH = new Int32Array(n + 1);
  const childIdx = new Int32Array((n + 1) * Math.max(1, maxDeg));
  const childKey = new Float64Array((n + 1) * Math.max(1, maxDeg));
  let rng = (opts.seed ?? 0) >>> 0;
  const rand = (): number => {
    rng = (rng + 0x6d2b79f5) >>> 0;
    let x = rng;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  let best = opts.floor ?? 0;
  let bestPath: TourPath | null = null;
  let nodes = 0;
  let stopped = false;
  let s0 = 0, h0 = 0;

  const reach = reachCounter(t, visited);

  const record = (depth: number, closing: number, back: boolean) => {
    best = depth;
    bestPath = reading.hurdleFirst
      ? hurdleFirstPath(mode, s0, h0, pathSq, pathH, depth, closing)
      : pathOf(mode, s0, h0, pathSq, pathH, depth, closing, back);
  };

  const dfs = (p: number, h: number, depth: number, unvisited: number): void => {
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    const ph = p * n + h;
    if (depth > best) {
      const c = custom ? customEnd(ph, h) : tourEnd(t, mode, ph, s0, h0);
      if (c !== null) record(depth, c, mode === "cyclic");
    }
    if (best >= stopAt) {
      stopped = true;
      return;
    }
    if (depth + unvisited <= best) return;
    if (depth % reachEvery === 0 && depth + reach(p, h) <= best) return;
    const base = depth * maxDeg;
    let k = 0;
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
      const q = stepLand[i];
      if (visited[q]) continue;
      if (custom && !allowed(i, h)) continue;
      let key = 0;
      if (warnsdorff) {
        const qh = q * n + stepHurdle[i];
        for (let j = stepStart[qh]; j < stepStart[qh + 1]; j++) if (!visited[stepLand[j]] && stepLand[j] !== q) key++;
        if (opts.seed !== undefined) key += rand() * 0.5;
      }
      insertByKey(childKey, childIdx, base, k++, key, i);
    }
    for (let c = 0; c < k; c++) {
      const i = childIdx[base + c];
      const q = stepLand[i];
      visited[q] = 1;
      pathSq[depth + 1] = q;
      pathH[depth] = stepHurdle[i];
      const seen = hurdleSeen[stepHurdle[i]];
      hurdleSeen[stepHurdle[i]] = 1;
      dfs(q, stepHurdle[i], depth + 1, unvisited - 1);
      hurdleSeen[stepHurdle[i]] = seen;
      visited[q] = 0;
      if (stopped) return;
    }
  };

  for (const r of roots) {
    if (reading.hurdleFirst) {
      // The hurdle moves first: the hopper stands on s0 with the hurdle on h0, no jump made yet.
      if (r.start === r.hurdle) continue;
      s0 = r.start;
      h0 = r.hurdle;
      visited[s0] = 1;
      hurdleSeen[h0] = 1;
      pathSq[0] = s0;
      dfs(s0, h0, 0, n - 1);
      visited[s0] = 0;
      hurdleSeen[h0] = 0;
      if (stopped) break;
      continue;
    }
    const s1 = t.landing[r.start * n + r.hurdle];
    if (s1 < 0 || r.start === r.hurdle) continue;
    s0 = r.start;
    h0 = r.hurdle;
    visited[s0] = 1;
    visited[s1] = 1;
    pathSq[0] = s0;
    pathSq[1] = s1;
    pathH[0] = h0;
    hurdleSeen[h0] = 1;
    dfs(s1, h0, 1, n - 2);
    hurdleSeen[h0] = 0;
    visited[s0] = 0;
    visited[s1] = 0;
    if (stopped) break;
  }
  // Reaching stopAt proves maximality only when stopAt is the bound squares - 1.
  const complete = !stopped || (best >= stopAt && stopAt >= n - 1 && nodes <= maxNodes);
  return { value: best, path: bestPath, nodes, complete, roots: roots.length };
}

/**
 * The reach bound's count: distinct unvisited squares reachable from state
 * (p, h) in the relaxed state graph whose landings are unvisited squares
 * (squares never get used up there, so it only over-counts).
 */
export function reachCounter(t: TourTable, visited: Uint8Array): (p: number, h: number) => number {
  const n = t.size;
  const { stepStart, stepHurdle, stepLand } = t;
  const stateStamp = new Int32Array(n * n);
  const sqStamp = new Int32Array(n);
  const queue = new Int32Array(n * n);
  const stamps = new Stamps([stateStamp, sqStamp]);
  return (p: number, h: number): number => {
    const stamp = stamps.next();
    let head = 0, tail = 0, count = 0;
    queue[tail++] = p * n + h;
    stateStamp[p * n + h] = stamp;
    while (head < tail) {
      const ph = queue[head++];
      for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
        const q = stepLand[i];
        if (visited[q]) continue;
        if (sqStamp[q] !== stamp) {
          sqStamp[q] = stamp;
          count++;
        }
        const nx = q * n + stepHurdle[i];
        if (stateStamp[nx] !== stamp) {
          stateStamp[nx] = stamp;
          queue[tail++] = nx;
        }
      }
    }
    return count;
  };
}

/** The tour whose hopper squares are pathSq[1..depth] and hurdle squares pathH[1..depth-1], closed (and cyclic) as mode asks. */
export function pathOf(
  mode: TourMode,
  s0: Square,
  h0: Square,
  pathSq: Int32Array,
  pathH: Int32Array,
  depth: number,
  closing: number,
  back: boolean,
): TourPath {
  const hopperSq: number[] = [], hurdleSq: number[] = [];
  for (let i = 1; i <= depth; i++) hopperSq.push(pathSq[i]);
  for (let i = 1; i < depth; i++) hurdleSq.push(pathH[i]);
  if (mode !== "open") {
    hurdleSq.push(closing);
    hopperSq.push(s0);
    if (back) hurdleSq.push(h0);
  }
  return { start: s0, hurdle: h0, hopper: hopperSq, hurdleMoves: hurdleSq };
}

/** A tour found with the hurdle moving first: hurdleMoves[k] is made before hopper[k] (pathH[k], k = 0..depth-1), then the closing move. */
function hurdleFirstPath(
  mode: TourMode,
  s0: Square,
  h0: Square,
  pathSq: Int32Array,
  pathH: Int32Array,
  depth: number,
  closing: number,
): TourPath {
  const hopperSq: number[] = [], hurdleSq: number[] = [];
  for (let i = 1; i <= depth; i++) hopperSq.push(pathSq[i]);
  for (let i = 0; i < depth; i++) hurdleSq.push(pathH[i]);
  if (mode !== "open") {
    hurdleSq.push(closing);
    hopperSq.push(s0);
  }
  return { start: s0, hurdle: h0, hopper: hopperSq, hurdleMoves: hurdleSq };
}

/**
 * Can the tour end in state ph: open, always (null for "no": never); closed, when a step
 * jumps back to s0; cyclic, when after that step the hurdle can return to h0. Returns the
 * closing hurdle square (-1 for an open tour) or null.
 */
export function tourEnd(t: TourTable, mode: TourMode, ph: number, s0: Square, h0: Square): number | null {
  if (mode === "open") return -1;
  for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) {
    if (t.stepLand[i] !== s0) continue;
    if (mode === "cyclic" && !isHurdleMove(t, s0, t.stepHurdle[i], h0)) continue;
    return t.stepHurdle[i];
  }
  return null;
}

/** Insert (key, value) at its place among the k sorted entries from base (children in order of key). */
export function insertByKey(keys: Float64Array, values: Int32Array, base: number, k: number, key: number, value: number): void {
  let j = k;
  while (j > 0 && keys[base + j - 1] > key) {
    keys[base + j] = keys[base + j - 1];
    values[base + j] = values[base + j - 1];
    j--;
  }
  keys[base + j] = key;
  values[base + j] = value;
}
