/**
 * Exhaustive counts of directed tours with the exact engine. Starts are reduced
 * to one square per symmetry orbit (a board symmetry maps leaper tours from a
 * square one to one onto tours from its image), each count weighted by its
 * orbit's size; the sum is the number of directed open tours (every Hamiltonian
 * path counted once per direction, since it is counted from each of its ends).
 */
import type { Board } from "../types.ts";
import { canonicalSquare } from "../board/symmetry.ts";
import { countHamiltonianPaths } from "../hamiltonian/engine.ts";
import { leaperGraph } from "./graph.ts";

export interface TourCount {
  /** Directed open tours (bigint: the larger boards overflow doubles). */
  directedOpen: bigint;
  /** Per canonical start: square, orbit size, count. */
  perStart: { square: number; orbit: number; count: number }[];
  nodes: number;
  complete: boolean;
}

export function countDirectedOpenTours(board: Board, leap: readonly [number, number], maxNodes = Infinity): TourCount {
  const g = leaperGraph(board, leap);
  const orbit = new Map<number, number>();
  for (let s = 0; s < board.size; s++) {
    const c = canonicalSquare(board, s);
    orbit.set(c, (orbit.get(c) ?? 0) + 1);
  }
  let total = 0n;
  let nodes = 0;
  let complete = true;
  const perStart: TourCount["perStart"] = [];
  for (const [square, size] of [...orbit].sort((a, b) => a[0] - b[0])) {
    const r = countHamiltonianPaths(g, { start: square, maxNodes: maxNodes - nodes });
    nodes += r.nodes;
    if (!r.complete) complete = false;
    perStart.push({ square, orbit: size, count: r.solutions });
    total += BigInt(r.solutions) * BigInt(size);
    if (!complete) break;
  }
  return { directedOpen: total, perStart, nodes, complete };
}
