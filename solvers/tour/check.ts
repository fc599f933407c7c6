/**
 * The tour checker every produced or stored tour goes through: a tour of a
 * leaper visits every square of the board exactly once, each step is a move of
 * the leaper, and a closed tour's last square is one move from its first.
 * Independent of how the tour was found (it rebuilds nothing from the finders).
 */
import type { Board } from "../types.ts";
import { isLeap } from "./graph.ts";

export interface TourCheck {
  ok: boolean;
  errors: string[];
}

/** Check `order` (square indices, first square first, the return not repeated). */
export function checkTour(board: Board, leap: readonly [number, number], order: ArrayLike<number>, closed: boolean): TourCheck {
  const errors: string[] = [];
  const n = board.size;
  if (order.length !== n) errors.push(`the tour has ${order.length} squares, the board ${n}`);
  const seen = new Uint8Array(n);
  for (let i = 0; i < order.length && errors.length < 5; i++) {
    const s = order[i];
    if (!Number.isInteger(s) || s < 0 || s >= n) {
      errors.push(`square ${s} (position ${i + 1}) is not on the board`);
      continue;
    }
    if (seen[s]) errors.push(`square ${s} is visited twice (again at position ${i + 1})`);
    seen[s] = 1;
    if (i > 0 && !isLeap(board, leap, order[i - 1], s)) errors.push(`step ${i} (${order[i - 1]} to ${s}) is not a [${leap}] move`);
  }
  if (closed && order.length > 1 && errors.length === 0) {
    const last = order[order.length - 1];
    // A tour of two squares closes by leaping straight back (the conventions count it as closed).
    if (!isLeap(board, leap, last, order[0])) {
      errors.push(`the last square ${last} is not one move from the first ${order[0]}: the tour is not closed`);
    }
  }
  return { ok: errors.length === 0, errors };
}
