/**
 * Access of a leaper: how many squares it can reach from a square of the empty
 * board (the start not counted), as in the last column of the booklet's table.
 * One function so that scripts and the site agree on the computation.
 */
import type { Board, Square } from "../types.ts";
import { accessCount, boardGraph } from "../graph/graph.ts";
import { leaper } from "../pieces/leaper.ts";

export function access(board: Board, leap: readonly [number, number], from: Square): number {
  return accessCount(boardGraph(board, leaper(leap[0], leap[1])), from);
}
