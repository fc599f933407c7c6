/**
 * Brešar's exercise 2 (Presek 27, 1999/2000, shared/sources/004_ee78d25e230151c2.txt):
 * eight rooks are needed to attack every square of 8x8, but not every placement
 * of eight rooks works. Which placements of n rooks on the n×n board fail, and
 * how many are there?
 *
 * CHARACTERISATION. A placement of n rooks (on n distinct squares) fails to
 * dominate the n×n board iff some row AND some column are both free of rooks.
 * Proof. A rook dominates exactly its own row and its own column (on the empty
 * board, blocking ignored). (⇐) If row y and column x hold no rook, the square
 * (x, y) is not occupied and shares no line with a rook: it is not dominated.
 * (⇒) If the placement fails, some square (x, y) is not dominated; then no rook
 * stands in row y (it would dominate the whole row) and none in column x.
 * Both directions use only the lines of the square itself, so the same holds
 * for any number of rooks and any m×n board.
 *
 * COUNT. With n rooks, "every row occupied" means exactly one rook per row:
 * n^n placements (a column for each row). Likewise n^n with one rook per
 * column. Both at once is a permutation placement: n!. By inclusion-exclusion
 * 2·n^n − n! placements dominate and C(n², n) − 2·n^n + n! fail
 * (formulas.ts). For n = 8: 4,426,165,368 placements, 33,514,112 dominate,
 * 4,392,651,256 fail; so almost every placement of eight rooks fails.
 *
 * The brute force below counts by the DEFINITION, not by the characterisation:
 * it enumerates every n-subset of the squares, ORs the closed neighbourhoods
 * that the rook's own move generation gives (pieces/rider.ts) and asks whether
 * every square is covered. Beside it, the same walk tests the characterisation
 * placement by placement (an empty row and an empty column) and counts the
 * placements where the two answers differ, which must be none.
 */
import type { Board } from "../types.ts";
import { coordsOf, makeBoard } from "../board/board.ts";
import { squareName } from "../board/squares.ts";
import { dominationPiece } from "./pieces.ts";
import { factorial, rookDominatingPlacements, rookFailingPlacements } from "./formulas.ts";
import { binomialBig as binomial } from "../lib/binomial.ts";

/** The largest n the brute force accepts: n² <= 64 squares keeps a square set in two 32-bit words. */
export const MAX_BRUTE_ROOK_N = 8;

export interface RookPlacementCount {
  n: number;
  /** Every placement of n rooks on distinct squares. */
  placements: bigint;
  dominating: bigint;
  failing: bigint;
  /** Placements where coverage and the characterisation disagree (the proof says: none). */
  mismatches: bigint;
}

/** Counts, by brute force over all C(n², n) placements, the placements of n rooks that dominate and fail. */
export function bruteRookPlacements(n: number): RookPlacementCount {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BRUTE_ROOK_N) {
    throw new RangeError(`brute force of rook placements for n = 1..${MAX_BRUTE_ROOK_N}, not ${n}`);
  }
  const board: Board = makeBoard([n, n]);
  const size = board.size;
  const rook = dominationPiece("rook");
  // Closed neighbourhood of each square as (lo, hi) 32-bit words.
  const lo = new Uint32Array(size);
  const hi = new Uint32Array(size);
  const rowBit = new Uint32Array(size);
  const colBit = new Uint32Array(size);
  const put = (s: number, t: number) => {
    if (t < 32) lo[s] |= 1 << t;
    else hi[s] |= 1 << (t - 32);
  };
  for (let s = 0; s < size; s++) {
    put(s, s);
    for (const t of rook.destinations(board, s)) put(s, t);
    const [x, y] = coordsOf(board, s);
    colBit[s] = 1 << x;
    rowBit[s] = 1 << y;
  }
  const fullLo = size >= 32 ? 0xffffffff : (2 ** size - 1) >>> 0;
  const fullHi = size <= 32 ? 0 : (2 ** (size - 32) - 1) >>> 0;
  const fullLines = (2 ** n - 1) >>> 0;
  // Per-depth state so that no allocation happens inside the walk.
  const covLo = new Uint32Array(n + 1);
  const covHi = new Uint32Array(n + 1);
  const rows = new Uint32Array(n + 1);
  const cols = new Uint32Array(n + 1);
  let placements = 0;
  let failing = 0;
  let mismatches = 0;
  const walk = (depth: number, from: number) => {
    if (depth === n) {
      placements++;
      const covered = covLo[depth] === fullLo && covHi[depth] === fullHi;
      if (!covered) failing++;
      const emptyRowAndColumn = rows[depth] !== fullLines && cols[depth] !== fullLines;
      if (covered === emptyRowAndColumn) mismatches++;
      return;
    }
    // Leave room for the rooks still to place: squares from..size-(n-depth).
    for (let s = from; s <= size - (n - depth); s++) {
      covLo[depth + 1] = covLo[depth] | lo[s];
      covHi[depth + 1] = covHi[depth] | hi[s];
      rows[depth + 1] = rows[depth] | rowBit[s];
      cols[depth + 1] = cols[depth] | colBit[s];
      walk(depth + 1, s + 1);
    }
  };
  walk(0, 0);
  return {
    n,
    placements: BigInt(placements),
    dominating: BigInt(placements - failing),
    failing: BigInt(failing),
    mismatches: BigInt(mismatches),
  };
}

/** The same numbers from the closed forms (any n). */
export function formulaRookPlacements(n: number): Omit<RookPlacementCount, "mismatches"> {
  return { n, placements: binomial(n * n, n), dominating: rookDominatingPlacements(n), failing: rookFailingPlacements(n) };
}

/** n^n and n!, for the text of the record. */
export function rookLineCounts(n: number): { perRow: bigint; permutations: bigint } {
  return { perRow: BigInt(n) ** BigInt(n), permutations: factorial(n) };
}

/**
 * A failing placement of n rooks on n×n (n >= 3; on 2x2 every placement of two
 * rooks dominates) for the diagram: n-1 rooks on the diagonal a1, b2, .. and one
 * on a2, so file n and rank n are the only empty lines and the corner square
 * (n, n) is the one square left undominated.
 */
export function failingExample(n: number): { rooks: string[]; undominated: string[] } {
  if (!Number.isInteger(n) || n < 3) throw new RangeError(`a failing placement needs n >= 3, not ${n}`);
  const board = makeBoard([n, n]);
  const rooks: number[] = [];
  for (let x = 0; x < n - 1; x++) rooks.push(x * n + x);
  rooks.push(n); // a2
  rooks.sort((a, b) => a - b);
  return { rooks: rooks.map((s) => squareName(board, s)), undominated: [squareName(board, n * n - 1)] };
}

export const ROOK_NOTE_ID = "domination-rook-failing-placements";

const ROOK_QUESTION = "Eight rooks are needed to attack every square of 8x8, but not every placement of eight rooks does. " +
  "Which placements of n rooks on the n×n board fail to dominate it, and how many are there?";

const ROOK_CHARACTERISATION =
  "A placement of n rooks fails iff some row and some column are both empty: the square where they cross is then " +
  "neither occupied nor attacked, and conversely an undominated square has no rook in its row or its column. " +
  "So a placement dominates iff it has a rook in every row (n^n ways) or in every column (n^n), both meaning a " +
  "permutation (n!): 2·n^n − n! dominate and C(n², n) − 2·n^n + n! fail.";

function seconds(t0: number): number {
  const now = globalThis.performance?.now?.() ?? Date.now();
  return Math.round((now - t0) / 10) / 100;
}

/** The note of the table: closed forms for n = 1..formulaMaxN, brute force for n <= bruteMaxN. */
export function rookPlacementsNote(opts: { formulaMaxN: number; bruteMaxN: number; codeVersion: string }) {
  const rows = [];
  for (let n = 1; n <= opts.formulaMaxN; n++) {
    const f = formulaRookPlacements(n);
    let bruteForce = null;
    if (n <= opts.bruteMaxN) {
      const t0 = globalThis.performance?.now?.() ?? Date.now();
      const b = bruteRookPlacements(n);
      bruteForce = { placements: String(b.placements), failing: String(b.failing), mismatches: String(b.mismatches), seconds: seconds(t0) };
    }
    rows.push({ n, placements: String(f.placements), dominating: String(f.dominating), failing: String(f.failing), bruteForce });
  }
  return {
    id: ROOK_NOTE_ID as typeof ROOK_NOTE_ID,
    question: ROOK_QUESTION,
    characterisation: ROOK_CHARACTERISATION,
    source: {
      author: "Boštjan Brešar",
      publication: "Kraljice napadajo, Presek 27 (1999/2000), no. 1, pp. 16-21, exercise 2",
      year: 1999,
      source: { file: "shared/sources/004_ee78d25e230151c2.txt", line: 206 },
    },
    rows,
    example: { n: 8, ...failingExample(8) },
    codeVersion: opts.codeVersion,
  };
}
