/**
 * Shared types of the solver core. Squares are dense integer indices into a
 * board (see board/board.ts); everything hot works on those integers.
 */

/** A board: a box of any dimension. dims[0] is the file (x) axis, dims[1] the rank (y) axis. */
export interface Board {
  readonly dims: readonly number[];
  /** Number of squares: the product of dims. */
  readonly size: number;
  /** strides[i] = product of dims[0..i-1]; square index = sum coords[i] * strides[i]. */
  readonly strides: readonly number[];
}

/** A square is its index on a board: 0 .. board.size - 1. */
export type Square = number;

/** A move vector: one integer offset per axis. */
export type Vector = readonly number[];

/**
 * A piece knows its moves on a board. Leapers ignore occupancy; hoppers and
 * locusts (later families) read it, so move generation takes the occupied set.
 */
export interface Piece {
  /** Stable id, e.g. "leaper-2-3" or "grasshopper". */
  readonly id: string;
  /** English name (or the leap in brackets when it has none). */
  readonly name: string;
  /** Czech name where one exists, else the English one. */
  readonly nameCs: string;
  /** Symbol used in solution notation, e.g. "Z" for the zebra. */
  readonly symbol: string;
  /**
   * Destinations from `from` on `board`. `occupied` (one byte per square, nonzero =
   * occupied) matters only to pieces whose moves depend on other men.
   */
  destinations(board: Board, from: Square, occupied?: Uint8Array): Square[];
}

/** Adjacency in compressed sparse row form: neighbours of v are adj[start[v] .. start[v+1]-1]. */
export interface Graph {
  readonly order: number;
  readonly start: Int32Array;
  readonly adj: Int32Array;
}
