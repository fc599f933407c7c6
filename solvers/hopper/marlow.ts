/**
 * Grasshopper accessibility over fixed hurdles (the Marlow type,
 * shared/sources/000 lines 3813-3912): for k hurdles, the most squares a
 * grasshopper can reach by some sequence of moves (the start excluded), and
 * the least k that reaches every free square.
 *
 * Search: hurdle sets in increasing square order (depth-first), leaves up to
 * the board's symmetry, and at each leaf a BFS from the starts that matter.
 * Pruning, after the booklet's covering argument:
 *  - A grasshopper lands on the square right beyond its hurdle, so a square it
 *    reaches is king-adjacent to a hurdle, and a hurdle's own square is
 *    covered by itself: every square outside the 3x3 blocks around the
 *    hurdles stays unreached, except the start, which is not counted and
 *    need not be covered (the grasshopper may jump from afar: b1 over b4 to
 *    b5). So when `slack` of the other free squares may stay unreached, at
 *    most slack + 1 squares may be uncovered in the end. (The booklet asks
 *    the blocks to cover the whole board, start included; that is stronger
 *    than needed, so our search also looks at positions with the start
 *    alone uncovered.)
 *  - A square whose 3x3 block has only squares below the next hurdle's index
 *    and no hurdle can never be covered any more (hurdles come in increasing
 *    order).
 *  - Of the squares still coverable, pick greedily a set P whose members are
 *    pairwise more than 2 apart (Chebyshev): no 3x3 block holds two of them,
 *    so r more hurdles cover at most r of P, and |P| - r more squares stay
 *    uncovered (the booklet's 5x5 rule; applied to uncovered squares, where
 *    it is exact, not to merely unreached ones).
 * Leaves: a start reached from an earlier start reaches no more than it
 * (R(s') ⊆ R(s)), so those starts are skipped.
 */
import type { Board, Square } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { symmetries } from "../board/symmetry.ts";
import { hopper } from "../pieces/hopper.ts";
import { makeScratch, reachSummary } from "./serienziel.ts";

function chebyshevLists(board: Board, radius: number): Int32Array[] {
  const cs = Array.from({ length: board.size }, (_, s) => coordsOf(board, s));
  return cs.map((a) => {
    const out: number[] = [];
    for (let t = 0; t < board.size; t++) if (cs[t].every((x, i) => Math.abs(x - a[i]) <= radius)) out.push(t);
    return Int32Array.from(out);
  });
}

export interface AccessPosition {
  start: Square;
  hurdles: Square[];
  reached: number;
}

export interface AccessSearchResult {
  hurdles: number;
  /** The least number of reached squares asked for. */
  target: number;
  /** A position reaching at least `target`, or null when none exists (search complete) or none was found (incomplete). */
  found: AccessPosition | null;
  /** Best position seen at a leaf. */
  best: AccessPosition | null;
  complete: boolean;
  /** Hurdle sets examined at leaves (after pruning), and of them skipped as non-canonical. */
  leaves: number;
  skippedBySymmetry: number;
  nodes: number;
  seconds: number;
}

/**
 * Is there a placement of k hurdles and a grasshopper reaching at least
 * `target` squares? Stops at the first one unless `exhaust` (then `best` is
 * the maximum over all leaves).
 */
export function searchAccess(
  board: Board,
  k: number,
  target: number,
  opts: { maxNodes?: number; budgetMs?: number; exhaust?: boolean; onLeaf?: (p: AccessPosition) => void } = {},
): AccessSearchResult {
  const t0 = performance.now();
  const n = board.size;
  const freeCount = n - k;
  const slack = freeCount - 1 - target;
  const near = chebyshevLists(board, 1);
  const far = chebyshevLists(board, 2);
  const maxNear = Int32Array.from(near, (l) => l[l.length - 1]);
  const rays = hopper("grasshopper").rays(board);
  const sc = makeScratch(rays);
  const syms = symmetries(board).slice(1);
  const occ = new Uint8Array(n);
  const cover = new Int32Array(n);
  const hs = new Int32Array(k);
  const mark = new Uint8Array(n);
  const seenStart = new Uint8Array(n);
  const img = new Int32Array(k);
  let nodes = 0, leaves = 0, skipped = 0;
  let found: AccessPosition | null = null, best: AccessPosition | null = null;
  let stopped = false, outOfBudget = false;
  const maxNodes = opts.maxNodes ?? Infinity;
  const budget = opts.budgetMs ?? Infinity;

  /** Lower bound on squares that stay uncovered when hurdles go on squares >= next, r of them. */
  const uncoveredBound = (next: number, r: number): number => {
    let perm = 0, packed = 0;
    mark.fill(0);
    for (let u = 0; u < n; u++) {
      if (cover[u] > 0) continue;
      if (maxNear[u] < next) {
        perm++;
        continue;
      }
      if (mark[u]) continue;
      packed++;
      const l = far[u];
      for (let i = 0; i < l.length; i++) mark[l[i]] = 1;
    }
    return perm + Math.max(0, packed - r);
  };

  const canonical = (): boolean => {
    for (const g of syms) {
      for (let i = 0; i < k; i++) img[i] = g.map[hs[i]];
      img.sort();
      for (let i = 0; i < k; i++) {
        if (img[i] < hs[i]) return false;
        if (img[i] > hs[i]) break;
      }
    }
    return true;
  };

  const leaf = (): void => {
    leaves++;
    if (!canonical()) {
      skipped++;
      return;
    }
    seenStart.fill(0);
    for (let s = 0; s < n; s++) {
      if (occ[s] || seenStart[s]) continue;
      const r = reachSummary(rays, s, occ, sc, 2);
      for (let v = 0; v < n; v++) if (sc.dist[v] >= 0) seenStart[v] = 1;
      if (!best || r.reached > best.reached) best = { start: s, hurdles: Array.from(hs), reached: r.reached };
      if (r.reached >= target) {
        const p = { start: s, hurdles: Array.from(hs), reached: r.reached };
        opts.onLeaf?.(p);
        if (!found) found = p;
        if (!opts.exhaust) stopped = true;
        return;
      }
    }
  };

  const place = (depth: number, next: number): void => {
    if (stopped) return;
    if (++nodes > maxNodes || (nodes % 4096 === 0 && performance.now() - t0 > budget)) {
      stopped = true;
      outOfBudget = true;
      return;
    }
    if (depth === k) {
      if (uncoveredBound(n, 0) <= slack + 1) leaf();
      return;
    }
    for (let h = next; h <= n - (k - depth) && !stopped; h++) {
      hs[depth] = h;
      occ[h] = 1;
      const l = near[h];
      for (let i = 0; i < l.length; i++) cover[l[i]]++;
      if (uncoveredBound(h + 1, k - depth - 1) <= slack + 1) place(depth + 1, h + 1);
      for (let i = 0; i < l.length; i++) cover[l[i]]--;
      occ[h] = 0;
    }
  };
  if (slack >= 0) place(0, 0);
  // Decided: a position was found, or the whole (pruned) space was walked.
  const complete = opts.exhaust ? !outOfBudget : found !== null || !outOfBudget;
  return { hurdles: k, target, found, best, complete, leaves, skippedBySymmetry: skipped, nodes, seconds: (performance.now() - t0) / 1000 };
}
