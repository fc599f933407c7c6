/**
 * Searches for SerienZiel records of one hopper over k dummy pawns
 * (shared/sources/000, lines 3975-4021: the booklet's two methods).
 *
 * 1. Combinatorial method (`exhaustive`): every placement of the hopper and k
 *    hurdles, up to symmetry. Soundness of the reduction: every board
 *    symmetry maps hopper moves to hopper moves (their direction sets are
 *    closed under sign flips and axis permutations), so it preserves
 *    distances and path counts; every position is the image of one with the
 *    hopper on a canonical square (board/symmetry.ts). So the starts are the
 *    canonical squares, and the hurdles are every k-subset of the other
 *    squares (no further reduction by the start's stabilizer: at most a
 *    factor 2 on diagonal squares, not worth the checking).
 *    (lazy.ts walks the same space faster, as a decision tree over the
 *    squares the BFS looks at; this plain version is its test reference.)
 *    The bishophopper never leaves its colour and never meets a man on the
 *    other colour; the booklet places its hurdles on the hopper's colour only
 *    (line 4081-4082: "vždy jen přes pole stejné barvy"), which is why its
 *    column falls once the colour fills up. We follow that convention: for
 *    the bishophopper the hurdles are k squares of the start's colour.
 *    On a board where some reflection changes the colour (even side), each
 *    orbit of squares holds both colours, so the starts are the colour-0
 *    representatives of the orbits.
 * 2. Generation method (`generate`): from a start with no hurdle, add one
 *    hurdle at a time, never on a square of the current longest path's lines,
 *    and keep the new position only when the longest shortest path grew by at
 *    least one move (lines 3983-4015). The booklet walks this tree in depth
 *    for 183 hours; we walk it breadth-first with a beam (the best `beam`
 *    positions of each hurdle count, duplicates up to symmetry removed) and a
 *    time budget, so it finds long paths but proves nothing.
 */
import type { Board, Square } from "../types.ts";
import { colourOf } from "../board/board.ts";
import { canonicalSquares, symmetries } from "../board/symmetry.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { type BfsScratch, makeScratch, pathLineSquares, reachSummary, shortestPaths } from "./serienziel.ts";

/** A position of the hopper and its hurdles, with what BFS says of it. */
export interface HopperPosition {
  start: Square;
  hurdles: Square[];
  longest: number;
  longestTarget: Square;
  dualFree: number;
  dualFreeTarget: Square;
  reached: number;
}

/** Starts of the exhaustive enumeration (see the header) and the squares hurdles may stand on for each. */
export function enumerationSpace(kind: HopperKind, board: Board): { start: Square; hurdleSquares: Square[] }[] {
  const canon = canonicalSquares(board);
  if (kind !== "bishophopper") {
    return canon.map((s) => ({ start: s, hurdleSquares: [...Array(board.size).keys()].filter((q) => q !== s) }));
  }
  const syms = symmetries(board);
  const starts: Square[] = [];
  for (const c of canon) {
    let best = -1;
    for (const g of syms) {
      const t = g.map[c];
      if (colourOf(board, t) === 0 && (best < 0 || t < best)) best = t;
    }
    if (best < 0) {
      throw new Error(`no symmetry brings square ${c} to colour 0 on ${board.dims.join("x")}: the bishophopper reduction needs one`);
    }
    if (!starts.includes(best)) starts.push(best);
  }
  return starts.map((s) => ({
    start: s,
    hurdleSquares: [...Array(board.size).keys()].filter((q) => q !== s && colourOf(board, q) === colourOf(board, s)),
  }));
}

export { binomial } from "../lib/binomial.ts";

export interface ExhaustiveResult {
  kind: HopperKind;
  board: number[];
  hurdles: number;
  starts: { start: Square; positions: number }[];
  positions: number;
  /** Maxima over every position, with the first position reaching each. */
  longest: HopperPosition | null;
  dualFree: HopperPosition | null;
  /** Most squares reached (Marlow accessibility), with a position. */
  reach: HopperPosition | null;
  seconds: number;
}

/**
 * The combinatorial method for k hurdles: every position of the space above.
 * Allocation-free in the loop: one occupied array, one BFS scratch.
 */
export function exhaustive(
  kind: HopperKind,
  board: Board,
  k: number,
  opts: { onStart?: (done: number, total: number) => void } = {},
): ExhaustiveResult {
  const t0 = performance.now();
  const rays = hopper(kind).rays(board);
  const sc = makeScratch(rays);
  const occ = new Uint8Array(board.size);
  const space = enumerationSpace(kind, board);
  const starts: { start: Square; positions: number }[] = [];
  let longest: HopperPosition | null = null, dualFree: HopperPosition | null = null, reach: HopperPosition | null = null;
  let bestL = -1, bestD = -1, bestR = -1;
  let total = 0;
  const idx = new Int32Array(k);
  for (const [si, { start, hurdleSquares }] of space.entries()) {
    const n = hurdleSquares.length;
    let positions = 0;
    if (k <= n) {
      occ.fill(0);
      for (let i = 0; i < k; i++) {
        idx[i] = i;
        occ[hurdleSquares[i]] = 1;
      }
      for (;;) {
        const r = reachSummary(rays, start, occ, sc, 2);
        positions++;
        if (r.longest > bestL || r.dualFree > bestD || r.reached > bestR) {
          const pos = (): HopperPosition => ({ start, hurdles: Array.from(idx, (i) => hurdleSquares[i]), ...r });
          if (r.longest > bestL) (bestL = r.longest, longest = pos());
          if (r.dualFree > bestD) (bestD = r.dualFree, dualFree = pos());
          if (r.reached > bestR) (bestR = r.reached, reach = pos());
        }
        // Next k-subset in lexicographic order.
        let i = k - 1;
        while (i >= 0 && idx[i] === n - k + i) i--;
        if (i < 0) break;
        for (let j = i; j < k; j++) occ[hurdleSquares[idx[j]]] = 0;
        idx[i]++;
        occ[hurdleSquares[idx[i]]] = 1;
        for (let j = i + 1; j < k; j++) {
          idx[j] = idx[j - 1] + 1;
          occ[hurdleSquares[idx[j]]] = 1;
        }
      }
    }
    starts.push({ start, positions });
    total += positions;
    opts.onStart?.(si + 1, space.length);
  }
  return {
    kind,
    board: [...board.dims],
    hurdles: k,
    starts,
    positions: total,
    longest,
    dualFree,
    reach,
    seconds: (performance.now() - t0) / 1000,
  };
}

export interface GenerateOptions {
  maxHurdles: number;
  /** Positions kept per hurdle count (per start). */
  beam?: number;
  budgetMs?: number;
  /** Starts to try (default: the enumeration space's starts). */
  starts?: Square[];
}

export interface GenerateResult {
  kind: HopperKind;
  board: number[];
  /** best[k] for k = 1..maxHurdles (index k), null where nothing was found. */
  longest: (HopperPosition | null)[];
  dualFree: (HopperPosition | null)[];
  positions: number;
  seconds: number;
  /** false: the budget ran out before every start was expanded. */
  complete: boolean;
}

function canonicalKey(board: Board, start: Square, hurdles: readonly Square[]): string {
  let best = "";
  for (const g of symmetries(board)) {
    const hs = hurdles.map((h) => g.map[h]).sort((a, b) => a - b);
    const key = `${g.map[start]}:${hs.join(",")}`;
    if (best === "" || key < best) best = key;
  }
  return best;
}

/**
 * The generation method with a beam (see the header). For the bishophopper
 * the hurdles stay on the hopper's colour, as in the exhaustive space.
 */
export function generate(kind: HopperKind, board: Board, opts: GenerateOptions): GenerateResult {
  const t0 = performance.now();
  const budget = opts.budgetMs ?? 60_000;
  const beam = opts.beam ?? 200;
  const rays = hopper(kind).rays(board);
  const sc: BfsScratch = makeScratch(rays);
  const occ = new Uint8Array(board.size);
  const longest: (HopperPosition | null)[] = new Array(opts.maxHurdles + 1).fill(null);
  const dualFree: (HopperPosition | null)[] = new Array(opts.maxHurdles + 1).fill(null);
  const space = enumerationSpace(kind, board);
  const starts = opts.starts ?? space.map((s) => s.start);
  let positions = 0;
  let complete = true;
  const evaluate = (start: Square, hurdles: Square[]): HopperPosition => {
    occ.fill(0);
    for (const h of hurdles) occ[h] = 1;
    positions++;
    return { start, hurdles, ...reachSummary(rays, start, occ, sc, 2) };
  };
  const consider = (p: HopperPosition) => {
    const k = p.hurdles.length;
    if (!longest[k] || p.longest > longest[k]!.longest) longest[k] = p;
    if (!dualFree[k] || p.dualFree > dualFree[k]!.dualFree) dualFree[k] = p;
  };
  outer:
  for (const start of starts) {
    const allowed = kind === "bishophopper"
      ? [...Array(board.size).keys()].filter((q) => q !== start && colourOf(board, q) === colourOf(board, start))
      : [...Array(board.size).keys()].filter((q) => q !== start);
    let level: HopperPosition[] = [{
      start,
      hurdles: [],
      longest: 0,
      longestTarget: start,
      dualFree: 0,
      dualFreeTarget: start,
      reached: 0,
    }];
    for (let k = 1; k <= opts.maxHurdles && level.length > 0; k++) {
      const seen = new Set<string>();
      const next: HopperPosition[] = [];
      for (const p of level) {
        if (performance.now() - t0 > budget) {
          complete = false;
          break outer;
        }
        // The current longest path's lines are closed to the new hurdle (the booklet's rule c).
        occ.fill(0);
        for (const h of p.hurdles) occ[h] = 1;
        const closed = p.longest > 0 ? pathLineSquares(rays, shortestPaths(rays, start, occ, p.longestTarget, 1)[0]) : new Set<Square>();
        const taken = new Set(p.hurdles);
        for (const q of allowed) {
          if (taken.has(q) || closed.has(q)) continue;
          const hurdles = [...p.hurdles, q].sort((a, b) => a - b);
          const key = canonicalKey(board, start, hurdles);
          if (seen.has(key)) continue;
          seen.add(key);
          const c = evaluate(start, hurdles);
          consider(c);
          // Rule d: every added hurdle lengthens the longest path.
          if (c.longest > p.longest) next.push(c);
        }
      }
      // Keep the beam: longest first, then the dual-free length, then more squares reached (room to grow).
      next.sort((a, b) => b.longest - a.longest || b.dualFree - a.dualFree || a.reached - b.reached);
      level = next.slice(0, beam);
    }
  }
  return { kind, board: [...board.dims], longest, dualFree, positions, seconds: (performance.now() - t0) / 1000, complete };
}

/**
 * Local search after generation (our addition, not the booklet's): from a
 * position, move one hurdle (or the hopper) to another square at random and
 * keep the change when the column's value does not drop (sideways moves let
 * it drift across plateaus). Deterministic for a given seed. It finds
 * positions, it proves nothing.
 */
export function improve(
  kind: HopperKind,
  board: Board,
  from: HopperPosition,
  column: "longest" | "dualFree",
  opts: { iterations: number; seed: number },
): HopperPosition {
  const rays = hopper(kind).rays(board);
  const sc = makeScratch(rays);
  const occ = new Uint8Array(board.size);
  let a = opts.seed >>> 0;
  const rand = (n: number): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const sameColour = kind === "bishophopper";
  const value = (p: HopperPosition) => (column === "longest" ? p.longest : p.dualFree);
  let cur = from, best = from;
  const hs = from.hurdles.slice();
  let start = from.start;
  for (let it = 0; it < opts.iterations; it++) {
    const moveHopper = rand(hs.length + 1) === hs.length;
    const q = rand(board.size);
    if (q === start || hs.includes(q)) continue;
    const i = moveHopper ? -1 : rand(hs.length);
    if (sameColour && colourOf(board, q) !== colourOf(board, start)) continue;
    if (moveHopper && sameColour) continue;
    const oldSquare = moveHopper ? start : hs[i];
    if (moveHopper) start = q;
    else hs[i] = q;
    occ.fill(0);
    for (const h of hs) occ[h] = 1;
    const r = reachSummary(rays, start, occ, sc, 2);
    const cand: HopperPosition = { start, hurdles: hs.slice().sort((x, y) => x - y), ...r };
    if (value(cand) >= value(cur)) {
      cur = cand;
      if (value(cand) > value(best) || (value(cand) === value(best) && cand.longest + cand.dualFree > best.longest + best.dualFree)) {
        best = cand;
      }
    } else if (moveHopper) start = oldSquare;
    else hs[i] = oldSquare;
  }
  return best;
}
