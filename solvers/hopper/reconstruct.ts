/**
 * A published SerienZiel position read back from what the publication prints
 * of it when its diagram is not legible: the hopper's start, the target, the
 * number of moves and the number of hurdles. Every placement of that many
 * hurdles (on the hopper's colour for the bishophopper, the booklet's
 * convention) is tried; the positions that fit are those in which the target
 * is reached in exactly that many moves by exactly one shortest route. When
 * exactly one fits, it is the published position. The work is C(n, k)
 * breadth-first searches, so it is meant for few hurdles (`maxPlacements`).
 */
import type { Board, Square } from "../types.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { exactPathCounts } from "./serienziel.ts";
import { binomial } from "../lib/binomial.ts";

export interface PrintedSerienZiel {
  piece: HopperKind;
  start: Square;
  target: Square;
  moves: number;
  hurdles: number;
}

/** The hurdle sets (ascending) that fit; null when there are more than maxPlacements placements to try. */
export function readBackSerienZiel(board: Board, p: PrintedSerienZiel, maxPlacements = 2_000_000): Square[][] | null {
  const colour = (s: Square) => (s % board.dims[0] + Math.floor(s / board.dims[0])) & 1;
  const squares = [...Array(board.size).keys()].filter((s) =>
    s !== p.start && (p.piece !== "bishophopper" || colour(s) === colour(p.start))
  );
  const k = p.hurdles;
  if (k > squares.length || binomial(squares.length, k) > maxPlacements) return null;
  const rays = hopper(p.piece).rays(board);
  const occ = new Uint8Array(board.size);
  const idx = Array.from({ length: k }, (_, i) => i);
  const out: Square[][] = [];
  for (;;) {
    occ.fill(0);
    for (const i of idx) occ[squares[i]] = 1;
    const { dist, count } = exactPathCounts(rays, p.start, occ);
    if (dist[p.target] === p.moves && count[p.target] === 1n) out.push(idx.map((i) => squares[i]));
    let j = k - 1;
    while (j >= 0 && idx[j] === squares.length - k + j) j--;
    if (j < 0) break;
    idx[j]++;
    for (let m = j + 1; m < k; m++) idx[m] = idx[m - 1] + 1;
  }
  return out;
}
