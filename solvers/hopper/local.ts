/**
 * Local search for SerienZiel positions (our addition to the booklet's two
 * methods; it finds positions and proves nothing).
 *
 * A position is the hopper's square and k hurdles. One step moves a hurdle
 * (to a random free square or to a neighbouring one), moves the hopper, or
 * swaps the hopper with a hurdle; the new position is scored by one BFS
 * (serienziel.ts, counts saturated at 2: exact for "is the shortest path
 * unique") and accepted by the Metropolis rule of simulated annealing, so
 * the walk crosses the wide plateaus of equal path length. The score is the
 * column's value plus a tie-break below one move that rewards positions whose
 * far squares are many and far (more room for the next improvement); the
 * tie-break never outranks a longer path.
 *
 * Seeds and the cells around them: `addHurdle` and `removeHurdle` move a
 * position to k+1 and k-1 hurdles keeping as much of its value as possible,
 * so every hurdle count gets a position from its neighbours (the record with
 * k+1 hurdles is usually at least that of k: an extra hurdle on a square no
 * scan of the BFS looks at changes nothing, the argument of lazy.ts).
 *
 * The bishophopper keeps its hurdles and its square on one colour, the
 * booklet's convention (search.ts).
 */
import type { Board, Square } from "../types.ts";
import { colourOf } from "../board/board.ts";
import { hopper, type HopperKind, type HopperRays } from "../pieces/hopper.ts";
import { type BfsScratch, makeScratch, reachSummary } from "./serienziel.ts";
import type { HopperPosition } from "./search.ts";
import { seededRandom } from "../random.ts";

/** The value to raise: SerienZiel columns, or squares reached (the Marlow type). */
export type Column = "longest" | "dualFree" | "reached";

/** Deterministic generator: the project's one mulberry32. */
export const rng = seededRandom;

/** Scores positions with one reusable BFS scratch. */
export class Scorer {
  readonly rays: HopperRays;
  readonly sc: BfsScratch;
  readonly occ: Uint8Array;
  evaluations = 0;
  constructor(readonly kind: HopperKind, readonly board: Board) {
    this.rays = hopper(kind).rays(board);
    this.sc = makeScratch(this.rays);
    this.occ = new Uint8Array(board.size);
  }
  /** BFS of the position; `occ` must hold exactly the hurdles. */
  summary(start: Square) {
    this.evaluations++;
    return reachSummary(this.rays, start, this.occ, this.sc, 2);
  }
  /**
   * Value + tie-break in [0, 1): the share of reached squares at the value's
   * distance or one less (for dualFree only squares with a unique path count).
   */
  score(start: Square, column: Column): { value: number; score: number } {
    const r = this.summary(start);
    if (column === "reached") return { value: r.reached, score: r.reached };
    const value = column === "longest" ? r.longest : r.dualFree;
    const { dist, count, queue } = this.sc;
    let near = 0;
    for (let i = 1; i <= r.reached; i++) {
      const w = queue[i];
      if (dist[w] >= value - 1 && (column === "longest" || count[w] === 1)) near++;
    }
    return { value, score: value + near / (this.board.size + 1) };
  }
  position(start: Square, hurdles: readonly Square[]): HopperPosition {
    this.occ.fill(0);
    for (const h of hurdles) this.occ[h] = 1;
    return { start, hurdles: [...hurdles].sort((a, b) => a - b), ...this.summary(start) };
  }
}

const valueOf = (p: HopperPosition, c: Column) => (c === "longest" ? p.longest : c === "dualFree" ? p.dualFree : p.reached);

/** Squares a hurdle may stand on (the bishophopper: the start's colour). */
function allowedSquare(kind: HopperKind, board: Board, start: Square, q: Square): boolean {
  return kind !== "bishophopper" || colourOf(board, q) === colourOf(board, start);
}

/** The best position with one more hurdle (every free square tried). */
export function addHurdle(s: Scorer, p: HopperPosition, column: Column): HopperPosition | null {
  let best: HopperPosition | null = null, bestScore = -1;
  s.occ.fill(0);
  for (const h of p.hurdles) s.occ[h] = 1;
  for (let q = 0; q < s.board.size; q++) {
    if (q === p.start || s.occ[q] || !allowedSquare(s.kind, s.board, p.start, q)) continue;
    s.occ[q] = 1;
    const r = s.score(p.start, column);
    s.occ[q] = 0;
    if (r.score > bestScore) {
      bestScore = r.score;
      best = { start: p.start, hurdles: [...p.hurdles, q], longest: 0, longestTarget: 0, dualFree: 0, dualFreeTarget: 0, reached: 0 };
    }
  }
  return best ? s.position(best.start, best.hurdles) : null;
}

/** The best position with one hurdle fewer. */
export function removeHurdle(s: Scorer, p: HopperPosition, column: Column): HopperPosition | null {
  if (p.hurdles.length === 0) return null;
  let bestI = -1, bestScore = -1;
  s.occ.fill(0);
  for (const h of p.hurdles) s.occ[h] = 1;
  for (let i = 0; i < p.hurdles.length; i++) {
    s.occ[p.hurdles[i]] = 0;
    const r = s.score(p.start, column);
    s.occ[p.hurdles[i]] = 1;
    if (r.score > bestScore) (bestScore = r.score, bestI = i);
  }
  return s.position(p.start, p.hurdles.filter((_, i) => i !== bestI));
}

export interface AnnealOptions {
  column: Column;
  iterations: number;
  seed: number;
  /** Temperature at the start (in moves of path length); falls linearly to `t1`. */
  t0?: number;
  t1?: number;
  /** Stop early once the value reaches this. */
  target?: number;
}

/**
 * Simulated annealing from `from` (see the header). Returns the best position
 * met (by value, then tie-break). Allocation-free in the loop.
 */
export function anneal(s: Scorer, from: HopperPosition, opts: AnnealOptions): HopperPosition {
  const { board, kind } = s;
  const n = board.size;
  const k = from.hurdles.length;
  const rand = rng(opts.seed);
  const t0 = opts.t0 ?? 0.6, t1 = opts.t1 ?? 0.03;
  const hs = Int32Array.from(from.hurdles);
  let start = from.start;
  const occ = s.occ;
  occ.fill(0);
  for (let i = 0; i < k; i++) occ[hs[i]] = 1;
  let cur = s.score(start, opts.column).score;
  let bestScore = cur;
  let best = s.position(start, Array.from(hs));
  occ.fill(0);
  for (let i = 0; i < k; i++) occ[hs[i]] = 1;
  const d = board.dims.length;
  const colourLocked = kind === "bishophopper";
  for (let it = 0; it < opts.iterations; it++) {
    const temp = t0 + (t1 - t0) * (it / opts.iterations);
    const r = rand();
    // Proposal: 0 = hurdle to a random square, 1 = hurdle one step away, 2 = hopper moves, 3 = hopper swaps with a hurdle.
    const type = k === 0 ? 2 : r < 0.55 ? 0 : r < 0.85 ? 1 : r < 0.95 ? 2 : 3;
    const i = k === 0 ? -1 : Math.floor(rand() * k);
    let q: number;
    if (type === 0 || type === 2) q = Math.floor(rand() * n);
    else if (type === 1) {
      // A random neighbour (king step) in d dimensions.
      q = hs[i];
      let moved = false;
      for (let a = 0; a < d; a++) {
        const step = Math.floor(rand() * 3) - 1;
        if (step === 0) continue;
        const c = Math.floor(q / board.strides[a]) % board.dims[a];
        if (c + step < 0 || c + step >= board.dims[a]) continue;
        q += step * board.strides[a];
        moved = true;
      }
      if (!moved) continue;
    } else q = hs[i];
    if (type !== 3 && (occ[q] || q === start)) continue;
    if (colourLocked && colourOf(board, q) !== colourOf(board, start)) continue;
    let old: number;
    if (type === 2) {
      old = start;
      start = q;
    } else if (type === 3) {
      old = start;
      occ[q] = 0;
      occ[old] = 1;
      hs[i] = old;
      start = q;
    } else {
      old = hs[i];
      occ[old] = 0;
      occ[q] = 1;
      hs[i] = q;
    }
    const sc = s.score(start, opts.column);
    const delta = sc.score - cur;
    if (delta >= 0 || rand() < Math.exp(delta / temp)) {
      cur = sc.score;
      if (cur > bestScore) {
        bestScore = cur;
        best = s.position(start, Array.from(hs));
        occ.fill(0);
        for (let j = 0; j < k; j++) occ[hs[j]] = 1;
        if (opts.target !== undefined && valueOf(best, opts.column) >= opts.target) break;
      }
    } else if (type === 2) start = old;
    else if (type === 3) {
      start = old;
      occ[old] = 0;
      occ[q] = 1;
      hs[i] = q;
    } else {
      occ[q] = 0;
      occ[old] = 1;
      hs[i] = old;
    }
  }
  return best;
}

/** Same-colour check for callers that seed the bishophopper. */
export function positionAllowed(kind: HopperKind, board: Board, p: { start: Square; hurdles: readonly Square[] }): boolean {
  return p.hurdles.every((h) => h !== p.start && allowedSquare(kind, board, p.start, h)) && new Set(p.hurdles).size === p.hurdles.length;
}

export { valueOf };

export interface TableCell {
  /** Best position known for the column (null: none). */
  best: HopperPosition | null;
  /** The value to reach (the claim); the search stops a cell once met. */
  target: number;
}

export interface TableOptions {
  column: Column;
  /** Annealing steps per attempt and attempts per cell and sweep. */
  iterations: number;
  attempts: number;
  sweeps: number;
  /** Wall-clock budget per cell and sweep, milliseconds. */
  cellBudgetMs: number;
  seed: number;
  onCell?: (k: number, p: HopperPosition | null, sweep: number) => void;
}

/**
 * Improve a whole column k = 1..K (cells[k]): each sweep seeds a cell from
 * its own best, from the best of k-1 plus a hurdle and from the best of k+1
 * minus one, then anneals until the target or the budget. Later sweeps feed
 * improvements on to the neighbours. Returns the cells (improved in place).
 */
export function improveColumn(s: Scorer, cells: TableCell[], opts: TableOptions): TableCell[] {
  const K = cells.length - 1;
  const col = opts.column;
  const better = (a: HopperPosition | null, b: HopperPosition | null) => a !== null && (b === null || valueOf(a, col) > valueOf(b, col));
  for (let sweep = 0; sweep < opts.sweeps; sweep++) {
    for (let k = 1; k <= K; k++) {
      const cell = cells[k];
      if (cell.best && valueOf(cell.best, col) >= cell.target) continue;
      const t0 = performance.now();
      const seeds: HopperPosition[] = [];
      if (cell.best) seeds.push(cell.best);
      const down = k > 1 ? cells[k - 1].best : null;
      if (down) {
        const a = addHurdle(s, down, col);
        if (a) seeds.push(a);
      } else if (k === 1 || !cells[k - 1]) {
        // Nothing below: start from the hopper alone in the middle of the board.
      }
      const up = k < K ? cells[k + 1].best : null;
      if (up) {
        const r = removeHurdle(s, up, col);
        if (r) seeds.push(r);
      }
      for (const p of seeds) if (better(p, cell.best)) cell.best = p;
      if (seeds.length === 0) continue;
      seeds.sort((a, b) => valueOf(b, col) - valueOf(a, col));
      for (let a = 0; a < opts.attempts; a++) {
        if (performance.now() - t0 > opts.cellBudgetMs) break;
        if (cell.best && valueOf(cell.best, col) >= cell.target) break;
        const from = a === 0 ? seeds[0] : cell.best ?? seeds[a % seeds.length];
        const q = anneal(s, from, {
          column: col,
          iterations: opts.iterations,
          seed: opts.seed * 7919 + k * 131 + sweep * 17 + a,
          t0: 1.0,
          t1: 0.05,
          target: cell.target,
        });
        if (better(q, cell.best)) cell.best = q;
      }
      opts.onCell?.(k, cell.best, sweep);
    }
  }
  return cells;
}
