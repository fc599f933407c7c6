/**
 * Square names. Two-dimensional boards use algebraic names: files a..z, then
 * aa, ab, .. (bijective base 26, as spreadsheet columns), ranks 1..; so "a1" is
 * (0,0) and on a 30-file board the 27th file is "aa" ("aa12" = (26,11)).
 * Boards of other dimensions use the numeric notation of the multi-dimensional
 * chess proposal (shared/sources/003): 1-based coordinates in axis order x, y, z,
 * .., written as plain digits when every side is at most 9 ("522"), else joined
 * by dots ("10.2.3").
 */
import type { Board, Square } from "../types.ts";
import { BoardError, coordsOf, squareAt } from "./board.ts";

export function fileName(x: number): string {
  let n = x + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(97 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function fileIndex(name: string): number {
  let n = 0;
  for (const ch of name) n = n * 26 + (ch.charCodeAt(0) - 96);
  return n - 1;
}

function usesDigits(board: Board): boolean {
  return board.dims.every((d) => d <= 9);
}

export function squareName(board: Board, sq: Square): string {
  const c = coordsOf(board, sq);
  if (board.dims.length === 2) return fileName(c[0]) + String(c[1] + 1);
  return usesDigits(board) ? c.map((v) => v + 1).join("") : c.map((v) => v + 1).join(".");
}

/** Parse a square name; throws BoardError naming the problem when it is not a square of this board. */
export function parseSquare(board: Board, name: string): Square {
  const t = name.trim().toLowerCase();
  let coords: number[];
  if (board.dims.length === 2) {
    const m = /^([a-z]+)([1-9]\d*)$/.exec(t);
    if (!m) throw new BoardError(`"${name}" is not a square name (expected e.g. a1)`);
    coords = [fileIndex(m[1]), Number(m[2]) - 1];
  } else if (usesDigits(board) && /^[1-9]+$/.test(t)) {
    coords = [...t].map((ch) => Number(ch) - 1);
  } else if (/^[1-9]\d*(\.[1-9]\d*)+$/.test(t) || (board.dims.length === 1 && /^[1-9]\d*$/.test(t))) {
    // A 1-D board with a side above 9 names its squares "10", "11", ..: one
    // coordinate has no dots, so the dotted form alone could not read them back.
    coords = t.split(".").map((v) => Number(v) - 1);
  } else {
    throw new BoardError(`"${name}" is not a square name on a ${board.dims.length}-dimensional board`);
  }
  const sq = squareAt(board, coords);
  if (sq < 0) throw new BoardError(`square ${name} is off the ${board.dims.join("x")} board`);
  return sq;
}

export function parseSquares(board: Board, names: readonly string[]): Square[] {
  return names.map((n) => parseSquare(board, n));
}
