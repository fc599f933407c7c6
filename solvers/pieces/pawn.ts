/**
 * The pawn on boards of any dimension, after the multi-dimensional chess
 * proposal (shared/sources/003, section "Pěšec"): axis x (axis 0) is special.
 *  - A move without capture keeps x; every other coordinate changes by 0 or
 *    by +k (white) / −k (black), the same k for all, not all 0; k = 1, or also
 *    k = 2 from the initial position.
 *  - A capture changes x by ±1 and every other coordinate by 0 or +1 (white) /
 *    −1 (black), not all 0 (k = 1 only); the target must hold an enemy man.
 *  - Initial position (white): every non-x coordinate is 1 or 2 (1-based), not
 *    all 1; black mirrored (the two highest values). On 2-D this is rank 2.
 * Listed for `solve --moves`; the records do not use the pawn.
 */
import type { Board, Square } from "../types.ts";
import { coordsOf, squareAt } from "../board/board.ts";

export type PawnColour = "white" | "black";

export interface PawnMoves {
  /** Non-capturing moves (k = 1, and k = 2 from the initial position). */
  moves: Square[];
  /** Squares it would capture on (occupied or not: the attack pattern). */
  captures: Square[];
}

export function isPawnInitial(board: Board, sq: Square, colour: PawnColour): boolean {
  const c = coordsOf(board, sq);
  let allFirst = true;
  for (let a = 1; a < c.length; a++) {
    const v = colour === "white" ? c[a] : board.dims[a] - 1 - c[a];
    if (v > 1) return false;
    if (v !== 0) allFirst = false;
  }
  return c.length > 1 && !allFirst;
}

export function pawnMoves(board: Board, from: Square, colour: PawnColour): PawnMoves {
  const d = board.dims.length;
  if (d < 2) return { moves: [], captures: [] };
  const c = coordsOf(board, from);
  const sign = colour === "white" ? 1 : -1;
  const ks = isPawnInitial(board, from, colour) ? [1, 2] : [1];
  const moves: Square[] = [];
  const captures: Square[] = [];
  // Every nonempty subset of the non-x axes moves by the same ±k.
  for (let mask = 1; mask < 1 << (d - 1); mask++) {
    for (const k of ks) {
      const t = c.slice();
      for (let a = 1; a < d; a++) if (mask & (1 << (a - 1))) t[a] += sign * k;
      const sq = squareAt(board, t);
      if (sq >= 0) moves.push(sq);
    }
    for (const dx of [-1, 1]) {
      const t = c.slice();
      t[0] += dx;
      for (let a = 1; a < d; a++) if (mask & (1 << (a - 1))) t[a] += sign;
      const sq = squareAt(board, t);
      if (sq >= 0) captures.push(sq);
    }
  }
  return { moves, captures };
}

/** Numeric notation of a move for d > 2 (e.g. "522544"); 2-D boards use it too when asked. */
export function numericMove(fromName: string, toName: string): string {
  return fromName + toName;
}
