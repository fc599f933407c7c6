/**
 * Existence of tours decided by theorem before any search.
 *
 * Knight, closed tours — Schwenk's theorem (A. J. Schwenk, "Which rectangular
 * chessboards have a knight's tour?", Mathematics Magazine 64 (1991) 325–332;
 * quoted in the booklet, shared/sources/000 lines 1851–1870, and in the thesis,
 * shared/sources/002 lines 622–630): an m×n board, m ≤ n, has a closed tour
 * unless (1) m and n are both odd, (2) m = 1, 2 or 4, or (3) m = 3 and n = 4, 6
 * or 8.
 *
 * Knight, open tours — A. Conrad, T. Hindrichs, H. Morsy, I. Wegener, "Solution
 * of the knight's Hamiltonian path problem on chessboards", Discrete Applied
 * Mathematics 50 (1994) 125–134 (the statement as summarised in the rec.puzzles
 * archive, https://djm.cc/rpa-output/competition/games/chess/knight.tour.s;
 * the thesis, shared/sources/002 lines 781–793, dates Conrad's decomposition
 * algorithm to 1994 as well; the journal details were not checked against
 * the paper itself): an
 * m×n board, m ≤ n, has an open tour exactly for 1×1, 3×4, 3×n with n ≥ 7, 4×n
 * with n ≥ 5 and every m ≥ 5. Both statements are checked against our exact
 * engine for every board up to 6×6 and the small strips (tests/tour/tour_theorem_test.ts).
 *
 * Other leapers — D. E. Knuth, "Leaper graphs", Mathematical Gazette 78 (1994)
 * 274–297, quoted in the booklet (000 lines 2843–2868): an [r,s] leaper has no
 * Hamiltonian circuit on m×n when 2s ≤ m ≤ n < 2(r+s). Together with two
 * elementary arguments (below) this settles "no closed tour" for all square
 * boards smaller than 2(r+s); other boards are left to the search.
 *
 * Leapers that never tour (theorem "disconnected"), on any board of two or more
 * squares, open or closed, in any number of dimensions:
 * - x + y even (colour-bound): a leap changes two coordinates by ±x and ±y (or
 *   one coordinate by ±y when x = 0), so the coordinate sum changes by an even
 *   number and the colour (sum mod 2) never changes. A board of two or more
 *   squares has a side of at least 2, so it holds two squares that differ by 1
 *   in one coordinate only: one of each colour. A tour visits both, so none
 *   exists. The only board with a tour is the single square (its own open tour),
 *   decided before this rule.
 * - g = gcd(x, y) > 1 (lattice-bound; gcd(0, y) = y, so [0,y] with y ≥ 2 too):
 *   every coordinate changes by 0, ±x or ±y, all multiples of g, so every
 *   coordinate mod g is invariant; the same two squares differ by 1 in one
 *   coordinate, so they lie in different classes and no tour joins them.
 * Either way the leaper's graph is disconnected. Checked against exhaustive
 * search on small 2-D and 3-D boards (tests/tour/tour_theorem_test.ts).
 */
import type { Board } from "../types.ts";
import { leaperChangesColour } from "../pieces/leaper.ts";

export type TourTheorem = "schwenk-1991" | "conrad-1994" | "knuth-1994" | "colour" | "isolated-square" | "disconnected" | "none";

export interface Verdict {
  /** true: a tour exists; false: none exists; null: no theorem applies (search decides). */
  exists: boolean | null;
  theorem: TourTheorem;
  /** Which clause of the theorem decided, in words. */
  reason: string;
  citation: string | null;
}

export const CITATIONS: Record<TourTheorem, string | null> = {
  "schwenk-1991":
    "A. J. Schwenk, Which rectangular chessboards have a knight's tour?, Mathematics Magazine 64 (1991) 325–332 (quoted in V. Kotěšovec, Application of Graph Theory in Chess Problems, 2009)",
  "conrad-1994":
    "A. Conrad, T. Hindrichs, H. Morsy, I. Wegener, Solution of the knight's Hamiltonian path problem on chessboards, Discrete Applied Mathematics 50 (1994) 125–134",
  "knuth-1994":
    "D. E. Knuth, Leaper graphs, The Mathematical Gazette 78 (1994) 274–297 (quoted in V. Kotěšovec, Application of Graph Theory in Chess Problems, 2009)",
  colour: null,
  "isolated-square": null,
  disconnected: null,
  none: null,
};

function v(exists: boolean | null, theorem: TourTheorem, reason: string): Verdict {
  return { exists, theorem, reason, citation: CITATIONS[theorem] };
}

/** Schwenk's theorem: closed knight's tour on m×n. */
export function schwenk(a: number, b: number): Verdict {
  const m = Math.min(a, b);
  const n = Math.max(a, b);
  if (m % 2 === 1 && n % 2 === 1) return v(false, "schwenk-1991", `${m} and ${n} are both odd`);
  if (m === 1 || m === 2 || m === 4) return v(false, "schwenk-1991", `the shorter side is ${m} (1, 2 or 4)`);
  if (m === 3 && (n === 4 || n === 6 || n === 8)) return v(false, "schwenk-1991", `the board is 3×${n} (3×4, 3×6 and 3×8 have none)`);
  return v(true, "schwenk-1991", `${m}×${n} meets none of the three exceptions`);
}

/** Conrad et al.: open knight's tour on m×n. */
export function conrad(a: number, b: number): Verdict {
  const m = Math.min(a, b);
  const n = Math.max(a, b);
  let exists: boolean;
  let reason: string;
  if (m === 1) [exists, reason] = [n === 1, n === 1 ? "the 1×1 board is its own tour" : "a 1-wide board has no knight moves"];
  else if (m === 2) [exists, reason] = [false, "on a 2-wide board the knight's graph falls apart"];
  else if (m === 3) {
    [exists, reason] = [n === 4 || n >= 7, n === 4 || n >= 7 ? "3×4 and 3×n with n ≥ 7 have open tours" : `3×${n} is one of 3×3, 3×5, 3×6`];
  } else if (m === 4) [exists, reason] = [n >= 5, n >= 5 ? "4×n with n ≥ 5 has open tours" : "4×4 has none"];
  else [exists, reason] = [true, "both sides are at least 5"];
  return v(exists, "conrad-1994", reason);
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

function colourCounts(board: Board): [number, number] {
  // Squares of even and odd coordinate sum: the odd-dimension factors decide.
  let even = 1;
  let odd = 0;
  for (const side of board.dims) {
    const e = Math.ceil(side / 2);
    const o = Math.floor(side / 2);
    [even, odd] = [even * e + odd * o, even * o + odd * e];
  }
  return [even, odd];
}

/**
 * What theory says about a tour of the [x,y] leaper on the board. Knights on
 * 2-D boards: Schwenk / Conrad. Otherwise only impossibility arguments:
 * - disconnected: x + y even or gcd(x, y) > 1 (argued at the top of this file);
 * - colour: a leaper with x+y odd alternates colours, so a closed tour needs
 *   equally many squares of each colour and an open one a difference of at most 1;
 * - isolated square: on a board of equal sides n < 2y (any dimension) the
 *   centre square (every coordinate c = floor((n-1)/2)) cannot move y along
 *   any axis (c - y < 0 and c + y > n - 1), so it has no move at all: no tour
 *   of more than one square;
 * - Knuth: no closed tour when 2y ≤ m ≤ n < 2(x+y).
 */
export function tourVerdict(board: Board, leap: readonly [number, number], closed: boolean): Verdict {
  const [x, y] = leap;
  const d = board.dims.length;
  if (board.size === 1) {
    return closed ? v(false, "none", "a single square has no closed tour") : v(true, "none", "the single square is its own open tour");
  }
  const g = gcd(x, y);
  if ((x + y) % 2 === 0) {
    return v(false, "disconnected", `x + y = ${x + y} is even: the [${x},${y}] leaper never changes the colour of its square`);
  }
  if (g > 1) return v(false, "disconnected", `gcd(${x}, ${y}) = ${g}: every leap keeps each coordinate modulo ${g}`);
  if (d === 2 && x === 1 && y === 2) return closed ? schwenk(board.dims[0], board.dims[1]) : conrad(board.dims[0], board.dims[1]);
  if (leaperChangesColour(leap)) {
    const [e, o] = colourCounts(board);
    if (closed && e !== o) {
      return v(false, "colour", `every move changes colour, and the board has ${e} squares of one colour and ${o} of the other`);
    }
    if (!closed && Math.abs(e - o) > 1) {
      return v(false, "colour", `every move changes colour, and the colours differ by ${Math.abs(e - o)} squares`);
    }
  }
  const k = board.dims[0];
  if (board.dims.every((side) => side === k) && k < 2 * y) {
    return v(false, "isolated-square", `on ${board.dims.join("×")} (side < ${2 * y}) the centre square has no [${x},${y}] move`);
  }
  if (d === 2 && closed && x > 0) {
    const m = Math.min(board.dims[0], board.dims[1]);
    const n = Math.max(board.dims[0], board.dims[1]);
    if (2 * y <= m && n < 2 * (x + y)) return v(false, "knuth-1994", `${2 * y} ≤ ${m} ≤ ${n} < ${2 * (x + y)}`);
  }
  return v(null, "none", "no theorem decides this board: the search does");
}
