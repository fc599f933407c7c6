/**
 * Boards as boxes of any dimension, and conversions between square indices and
 * coordinates. Coordinates are 0-based; axis 0 is x (files), axis 1 is y (ranks).
 */
import type { Board, Square } from "../types.ts";

/** Largest board side and square count we accept anywhere (graphs are dense-indexed). */
export const MAX_SIDE = 4096;
export const MAX_SQUARES = 1 << 22;

export class BoardError extends Error {
  override name = "BoardError";
}

export function makeBoard(dims: readonly number[]): Board {
  if (dims.length < 1) throw new BoardError("a board needs at least one dimension");
  let size = 1;
  const strides: number[] = [];
  for (const d of dims) {
    if (!Number.isInteger(d) || d < 1) throw new BoardError(`board side ${d} is not a positive integer`);
    if (d > MAX_SIDE) throw new BoardError(`board side ${d} exceeds the limit ${MAX_SIDE}`);
    strides.push(size);
    size *= d;
    if (size > MAX_SQUARES) throw new BoardError(`board ${dims.join("x")} has more than ${MAX_SQUARES} squares`);
  }
  return { dims: Object.freeze([...dims]), size, strides: Object.freeze(strides) };
}

/** Parse "8x8", "6x6x6", "10X12". */
export function parseBoard(text: string): Board {
  const t = text.trim().toLowerCase();
  if (!/^\d+(x\d+)*$/.test(t)) throw new BoardError(`cannot read board "${text}": expected sides joined by x, e.g. 8x8`);
  return makeBoard(t.split("x").map(Number));
}

export function boardName(board: Board): string {
  return board.dims.join("x");
}

export function sameBoard(a: Board, b: Board): boolean {
  return a.dims.length === b.dims.length && a.dims.every((d, i) => d === b.dims[i]);
}

export function coordsOf(board: Board, sq: Square): number[] {
  const out = new Array<number>(board.dims.length);
  let rest = sq;
  for (let i = 0; i < board.dims.length; i++) {
    out[i] = rest % board.dims[i];
    rest = Math.floor(rest / board.dims[i]);
  }
  return out;
}

/** Index of a coordinate tuple, or -1 when it lies off the board. */
export function squareAt(board: Board, coords: readonly number[]): Square {
  if (coords.length !== board.dims.length) return -1;
  let sq = 0;
  for (let i = 0; i < coords.length; i++) {
    const c = coords[i];
    if (c < 0 || c >= board.dims[i]) return -1;
    sq += c * board.strides[i];
  }
  return sq;
}

export function isOnBoard(board: Board, sq: number): boolean {
  return Number.isInteger(sq) && sq >= 0 && sq < board.size;
}

/**
 * Square colour as coordinate-sum parity. A leaper [x,y] with x+y odd changes it on
 * every move, in any number of dimensions (a move changes the sum by ±x±y).
 */
export function colourOf(board: Board, sq: Square): 0 | 1 {
  let s = 0;
  for (const c of coordsOf(board, sq)) s += c;
  return (s & 1) as 0 | 1;
}
