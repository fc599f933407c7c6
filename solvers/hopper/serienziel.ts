/**
 * SerienZiel (series-mover to reach a square) for one hopper over fixed
 * hurdles: breadth-first search from the hopper's square over its moves,
 * with the number of shortest paths to every reached square.
 *
 * Counts. The hot routine (`reachSummary`) keeps counts in a Float64Array
 * saturated at `cap` (default Number.MAX_SAFE_INTEGER): count[w] =
 * min(cap, sum of count[v] over predecessors v). Saturation commutes with the
 * sum (min(cap, Σ min(cap, x)) = min(cap, Σ x) for nonnegative x), so every
 * count below the cap is exact and a saturated one means "at least cap".
 * Searches pass cap = 2, which is all the dual-free question needs. verify
 * uses `exactPathCounts` (BigInt, no cap) so published counts are exact.
 *
 * Record of a position: the longest shortest distance to any reached square
 * (the booklet's "nejedn." column) and the longest distance to a square whose
 * shortest path is unique (the dual-free column: the position is then a
 * correct SerienZiel problem with one solution).
 */
import type { Board, Square } from "../types.ts";
import { hopperMoves, type HopperRays } from "../pieces/hopper.ts";

export interface BfsScratch {
  dist: Int32Array;
  count: Float64Array;
  queue: Int32Array;
  dest: Int32Array;
}

export function makeScratch(rays: HopperRays): BfsScratch {
  const n = rays.board.size;
  return { dist: new Int32Array(n), count: new Float64Array(n), queue: new Int32Array(n), dest: new Int32Array(rays.directions) };
}

export interface ReachSummary {
  /** Longest shortest distance (0 when the hopper cannot move). */
  longest: number;
  /** A square at that distance (smallest index among them; the start when longest = 0). */
  longestTarget: Square;
  /** Longest distance to a square with exactly one shortest path. */
  dualFree: number;
  dualFreeTarget: Square;
  /** Squares reached, the start excluded. */
  reached: number;
}

/**
 * BFS from `start` over `occupied` (the hurdles; the start itself must be
 * empty). Leaves dist (-1 = unreached) and saturated counts in `s`.
 */
export function reachSummary(
  rays: HopperRays,
  start: Square,
  occupied: Uint8Array,
  s: BfsScratch,
  cap = Number.MAX_SAFE_INTEGER,
): ReachSummary {
  const { dist, count, queue, dest } = s;
  dist.fill(-1);
  dist[start] = 0;
  count[start] = 1;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const v = queue[head++];
    const dv = dist[v] + 1;
    const cv = count[v];
    const m = hopperMoves(rays, v, occupied, dest);
    for (let i = 0; i < m; i++) {
      const w = dest[i];
      const dw = dist[w];
      if (dw < 0) {
        dist[w] = dv;
        count[w] = cv;
        queue[tail++] = w;
      } else if (dw === dv) {
        const c = count[w] + cv;
        count[w] = c > cap ? cap : c;
      }
    }
  }
  // BFS order is by distance; the last square of each distance class is scanned in queue order.
  let longest = 0, longestTarget = start, dualFree = 0, dualFreeTarget = start;
  for (let i = 1; i < tail; i++) {
    const w = queue[i];
    const d = dist[w];
    if (d > longest || (d === longest && w < longestTarget)) {
      longest = d;
      longestTarget = w;
    }
    if (count[w] === 1 && (d > dualFree || (d === dualFree && w < dualFreeTarget))) {
      dualFree = d;
      dualFreeTarget = w;
    }
  }
  return { longest, longestTarget, dualFree, dualFreeTarget, reached: tail - 1 };
}

/** Exact shortest-path counts (BigInt, no cap) and distances: for verify and the CLI. */
export function exactPathCounts(rays: HopperRays, start: Square, occupied: Uint8Array): { dist: Int32Array; count: bigint[] } {
  const n = rays.board.size;
  const dist = new Int32Array(n).fill(-1);
  const count: bigint[] = new Array(n).fill(0n);
  const dest = new Int32Array(rays.directions);
  const queue = [start];
  dist[start] = 0;
  count[start] = 1n;
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    const m = hopperMoves(rays, v, occupied, dest);
    for (let i = 0; i < m; i++) {
      const w = dest[i];
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        count[w] = count[v];
        queue.push(w);
      } else if (dist[w] === dist[v] + 1) count[w] += count[v];
    }
  }
  return { dist, count };
}

/** One hop: from, over the hurdle, to. */
export interface Hop {
  from: Square;
  hurdle: Square;
  to: Square;
}

/**
 * Shortest paths from start to target, each as its hops, at most `limit` of
 * them (in the order of the move generator). Empty when the target is not
 * reached.
 */
export function shortestPaths(rays: HopperRays, start: Square, occupied: Uint8Array, target: Square, limit = 100): Hop[][] {
  const { dist } = exactPathCounts(rays, start, occupied);
  if (dist[target] < 0) return [];
  const n = rays.board.size;
  const dest = new Int32Array(rays.directions);
  const hur = new Int32Array(rays.directions);
  // onPath[v]: v lies on some shortest path to target (dist decreases by exactly 1 going back).
  const onPath = new Uint8Array(n);
  onPath[target] = 1;
  const byDist: Square[][] = [];
  for (let v = 0; v < n; v++) if (dist[v] >= 0 && dist[v] < dist[target]) (byDist[dist[v]] ??= []).push(v);
  for (let d = dist[target] - 1; d >= 0; d--) {
    for (const v of byDist[d] ?? []) {
      const m = hopperMoves(rays, v, occupied, dest);
      for (let i = 0; i < m; i++) if (dist[dest[i]] === d + 1 && onPath[dest[i]]) onPath[v] = 1;
    }
  }
  const out: Hop[][] = [];
  const stack: Hop[] = [];
  const walk = (v: Square): void => {
    if (out.length >= limit) return;
    if (v === target) {
      out.push(stack.slice());
      return;
    }
    const m = hopperMoves(rays, v, occupied, dest, hur);
    const moves = Array.from({ length: m }, (_, i) => ({ to: dest[i], hurdle: hur[i] }));
    for (const mv of moves) {
      if (dist[mv.to] !== dist[v] + 1 || !onPath[mv.to]) continue;
      stack.push({ from: v, hurdle: mv.hurdle, to: mv.to });
      walk(mv.to);
      stack.pop();
    }
  };
  walk(start);
  return out;
}

/** The occupied set of a list of hurdle squares. */
export function occupancy(board: Board, hurdles: readonly Square[]): Uint8Array {
  const occ = new Uint8Array(board.size);
  for (const h of hurdles) occ[h] = 1;
  return occ;
}

/**
 * Squares a path passes: every square of each hop's line from its start up to
 * the landing square (hurdles included). The booklet's generation method puts
 * no new hurdle on these (shared/sources/000, lines 4001-4004).
 */
export function pathLineSquares(rays: HopperRays, path: readonly Hop[]): Set<Square> {
  const out = new Set<Square>();
  const nd = rays.directions;
  for (const h of path) {
    out.add(h.from);
    for (let k = 0; k < nd; k++) {
      const a = rays.start[h.from * nd + k], b = rays.start[h.from * nd + k + 1];
      let hit = -1;
      for (let i = a; i < b; i++) if (rays.sq[i] === h.to) hit = i;
      if (hit < 0) continue;
      for (let i = a; i <= hit; i++) out.add(rays.sq[i]);
      break;
    }
  }
  return out;
}
