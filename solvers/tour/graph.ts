/**
 * Leaper moves for tours. The leaper graph itself is built by
 * graph/leaper-graph.ts (re-exported here for the tour searches).
 */
import type { Board } from "../types.ts";

export { leaperGraph } from "../graph/leaper-graph.ts";

/** Is `to - from` a move of the leaper on this board (both squares on it)? */
export function isLeap(board: Board, leap: readonly [number, number], from: number, to: number): boolean {
  if (from < 0 || to < 0 || from >= board.size || to >= board.size) return false;
  let a = from;
  let b = to;
  const diffs: number[] = [];
  for (const side of board.dims) {
    diffs.push(Math.abs((b % side) - (a % side)));
    a = Math.floor(a / side);
    b = Math.floor(b / side);
  }
  const nonzero = diffs.filter((x) => x !== 0).sort((p, q) => p - q);
  const [x, y] = leap;
  if (x === 0) return nonzero.length === 1 && nonzero[0] === y;
  return nonzero.length === 2 && nonzero[0] === x && nonzero[1] === y;
}
