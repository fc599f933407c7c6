/**
 * The combinatorial method for SerienZiel, faster: a decision tree over the
 * squares the BFS actually looks at (our method; search.ts has the plain one
 * it is tested against).
 *
 * Idea. Run the BFS from the hopper's square with every square *undecided*.
 * A hopper's move from v along a line looks at the squares of that line in
 * order up to the first man and at the square behind him, nothing else
 * (pieces/hopper.ts). Whenever the BFS is about to look at an undecided
 * square, branch: the square is empty, or (if hurdles remain) it holds a
 * hurdle; then go on with the same scan. When the queue runs dry we are at a
 * leaf: the touched hurdles T (t of them) and the squares declared empty are
 * fixed, and u allowed squares were never looked at.
 *
 * Why this is exact. (1) Every hurdle set H follows exactly one root-to-leaf
 * path (each branch asks "is this square in H?"), ending at the leaf whose
 * touched set is T = the hurdles of H the BFS of H looks at. (2) At that
 * leaf the BFS of H has run to the end, and it never looked at the other
 * hurdles of H (they lie on never-examined squares), so H has exactly the
 * distances and shortest-path counts of the leaf. (3) Conversely every
 * choice of k - t of the u unexamined squares completes the leaf to a k-set
 * that follows the same path. So a leaf stands for C(u, k - t) positions with
 * k hurdles, all with the leaf's values: the maximum over all k-sets is the
 * maximum over the leaves with t <= k <= t + u, and the number of positions,
 * summed over the leaves, must equal C(squares, k): the certificate records
 * that sum as a coverage check. One tree with K hurdles at most answers
 * k = 1..K at once.
 *
 * Why it is faster. Sets that differ only on squares the BFS never looks at
 * are one leaf (with few hurdles and a blocked hopper most squares are never
 * looked at), and the BFS work above a branch point is shared by all leaves
 * below it: each branch undoes its own changes from a trail (no copies, no
 * allocation per node).
 *
 * Symmetry: the starts of search.ts's enumeration space (canonical squares;
 * the bishophopper's colour convention) — the same reduction, argued there.
 */
import type { Board, Square } from "../types.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { enumerationSpace, type HopperPosition } from "./search.ts";

const UNDECIDED = 0, EMPTY = 1, HURDLE = 2;

export interface LazyMaxima {
  /** Positions with exactly k hurdles (sum over leaves of C(u, k - t)); must equal C(hurdle squares, k). */
  positions: number;
  longest: HopperPosition | null;
  dualFree: HopperPosition | null;
  reach: HopperPosition | null;
}

export interface LazyResult {
  kind: HopperKind;
  board: number[];
  maxHurdles: number;
  /** perK[k] for k = 0..maxHurdles, summed over the starts. */
  perK: LazyMaxima[];
  starts: { start: Square; positions: number[]; leaves: number }[];
  leaves: number;
  seconds: number;
}

function binomialTable(n: number): Float64Array[] {
  const t: Float64Array[] = [];
  for (let i = 0; i <= n; i++) {
    t.push(new Float64Array(n + 1));
    t[i][0] = 1;
    for (let j = 1; j <= i; j++) t[i][j] = t[i - 1][j - 1] + (j <= i - 1 ? t[i - 1][j] : 0);
  }
  return t;
}

/**
 * Every position of one hopper and 0..K hurdles on the hurdle squares of
 * search.ts's enumeration space, by the decision tree above.
 */
export function exhaustiveLazy(
  kind: HopperKind,
  board: Board,
  K: number,
  opts: { onStart?: (done: number, total: number) => void } = {},
): LazyResult {
  const t0 = performance.now();
  const rays = hopper(kind).rays(board);
  const nd = rays.directions, st = rays.start, sq = rays.sq;
  const n = board.size;
  const space = enumerationSpace(kind, board);
  const C = binomialTable(n);
  const status = new Uint8Array(n);
  const allowed = new Uint8Array(n);
  const dist = new Int32Array(n);
  const count = new Float64Array(n);
  const queue = new Int32Array(n);
  // Trail of BFS changes: square and its count before (-1: the square was discovered).
  const trailSq = new Int32Array(n * nd + n);
  const trailOld = new Float64Array(n * nd + n);
  let trailTop = 0, tail = 0, hurdles = 0, undecidedAllowed = 0, leaves = 0;
  let start = 0;
  const perK: LazyMaxima[] = Array.from({ length: K + 1 }, () => ({ positions: 0, longest: null, dualFree: null, reach: null }));
  const bestL = new Int32Array(K + 1).fill(-1), bestD = new Int32Array(K + 1).fill(-1), bestR = new Int32Array(K + 1).fill(-1);
  let startPositions: number[] = [];

  const undo = (mark: number) => {
    while (trailTop > mark) {
      trailTop--;
      const w = trailSq[trailTop];
      const old = trailOld[trailTop];
      if (old < 0) {
        dist[w] = -1;
        tail--;
      } else count[w] = old;
    }
  };

  const witness = (
    k: number,
    r: { longest: number; longestTarget: number; dualFree: number; dualFreeTarget: number; reached: number },
  ): HopperPosition => {
    const hs: Square[] = [];
    for (let q = 0; q < n; q++) if (status[q] === HURDLE) hs.push(q);
    // The extra k - t hurdles go on squares the BFS never looked at (any of them: see the header).
    for (let q = 0; q < n && hs.length < k; q++) if (status[q] === UNDECIDED && allowed[q]) hs.push(q);
    return { start, hurdles: hs.sort((a, b) => a - b), ...r };
  };

  const leaf = () => {
    leaves++;
    // BFS order is by distance: the last square queued is at the longest distance.
    const longest = tail > 1 ? dist[queue[tail - 1]] : 0;
    const reached = tail - 1;
    // With all K hurdles placed u is not counted (see go): the leaf stands for the one K-set.
    const u = hurdles === K ? 0 : undecidedAllowed;
    const top = Math.min(K, hurdles + u);
    let better = false;
    for (let k = hurdles; k <= top; k++) {
      const m = C[u][k - hurdles];
      perK[k].positions += m;
      startPositions[k] += m;
      // dualFree <= longest, so a leaf no longer than the best dual-free value cannot improve it.
      if (longest > bestL[k] || longest > bestD[k] || reached > bestR[k]) better = true;
    }
    if (!better) return;
    let longestTarget = -1, dualFree = 0, dualFreeTarget = start;
    for (let i = 1; i < tail; i++) {
      const w = queue[i];
      const d = dist[w];
      if (d === longest && (longestTarget < 0 || w < longestTarget)) longestTarget = w;
      if (count[w] === 1 && (d > dualFree || (d === dualFree && w < dualFreeTarget))) (dualFree = d, dualFreeTarget = w);
    }
    if (longestTarget < 0) longestTarget = start;
    for (let k = hurdles; k <= top; k++) {
      if (longest > bestL[k] || dualFree > bestD[k] || reached > bestR[k]) {
        const r = { longest, longestTarget, dualFree, dualFreeTarget, reached };
        if (longest > bestL[k]) (bestL[k] = longest, perK[k].longest = witness(k, r));
        if (dualFree > bestD[k]) (bestD[k] = dualFree, perK[k].dualFree = witness(k, r));
        if (reached > bestR[k]) (bestR[k] = reached, perK[k].reach = witness(k, r));
      }
    }
  };

  // Continue the BFS at queue index qi, direction dk, ray index ri (-1: the direction's first square).
  const go = (qi: number, dk: number, ri: number): void => {
    while (qi < tail) {
      const v = queue[qi];
      const dv = dist[v] + 1;
      const cv = count[v];
      for (; dk < nd; dk++) {
        const end = st[v * nd + dk + 1];
        if (ri < 0) ri = st[v * nd + dk];
        for (; ri < end; ri++) {
          const s = status[sq[ri]];
          if (s === EMPTY) continue;
          // With all K hurdles placed an undecided square can only be empty: no branch (and u no longer matters, k = t = K).
          if (s === UNDECIDED) {
            if (hurdles === K) continue;
            return branch(sq[ri], qi, dk, ri);
          }
          break;
        }
        if (ri < end - 1) {
          const w = sq[ri + 1];
          const s = status[w];
          if (s === UNDECIDED && hurdles < K) return branch(w, qi, dk, ri);
          if (s !== HURDLE) {
            const dw = dist[w];
            if (dw < 0) {
              trailSq[trailTop] = w;
              trailOld[trailTop++] = -1;
              dist[w] = dv;
              count[w] = cv;
              queue[tail++] = w;
            } else if (dw === dv) {
              trailSq[trailTop] = w;
              trailOld[trailTop++] = count[w];
              const c = count[w] + cv;
              count[w] = c > 2 ? 2 : c;
            }
          }
        }
        ri = -1;
      }
      qi++;
      dk = 0;
    }
    leaf();
  };

  // Only allowed squares are ever undecided (the others start empty).
  const branch = (q: Square, qi: number, dk: number, ri: number): void => {
    const mark = trailTop;
    undecidedAllowed--;
    status[q] = EMPTY;
    go(qi, dk, ri);
    undo(mark);
    if (hurdles < K) {
      status[q] = HURDLE;
      hurdles++;
      go(qi, dk, ri);
      undo(mark);
      hurdles--;
    }
    status[q] = UNDECIDED;
    undecidedAllowed++;
  };

  const starts: LazyResult["starts"] = [];
  for (const [si, sp] of space.entries()) {
    start = sp.start;
    allowed.fill(0);
    for (const h of sp.hurdleSquares) allowed[h] = 1;
    status.fill(EMPTY);
    undecidedAllowed = 0;
    for (const h of sp.hurdleSquares) (status[h] = UNDECIDED, undecidedAllowed++);
    status[start] = EMPTY;
    dist.fill(-1);
    dist[start] = 0;
    count[start] = 1;
    queue[0] = start;
    tail = 1;
    trailTop = 0;
    hurdles = 0;
    startPositions = new Array(K + 1).fill(0);
    const before = leaves;
    go(0, 0, -1);
    starts.push({ start, positions: startPositions, leaves: leaves - before });
    opts.onStart?.(si + 1, space.length);
  }
  return { kind, board: [...board.dims], maxHurdles: K, perK, starts, leaves, seconds: (performance.now() - t0) / 1000 };
}
