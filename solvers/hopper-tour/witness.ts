/**
 * A movable-hurdle tour record's witness as square names and as a search path
 * (both directions), and the parity bound on cyclic tours: shared by the
 * records builder (scripts/families/hopper-tour/records.ts, `atlas records hopper-tour`), verify and the site.
 */
import { parseSquare, squareName } from "../board/squares.ts";
import type { Board } from "../types.ts";
import type { HurdleSpec } from "./table.ts";
import type { TourMode, TourPath } from "./search.ts";
import type { HopperTourRecord } from "./schema.ts";

export function toPath(board: Board, w: NonNullable<HopperTourRecord["witness"]>): TourPath {
  return {
    start: parseSquare(board, w.hopperStart),
    hurdle: parseSquare(board, w.hurdleStart),
    hopper: w.hopper.map((s) => parseSquare(board, s)),
    hurdleMoves: w.hurdle.map((s) => parseSquare(board, s)),
  };
}

export function fromPath(
  board: Board,
  p: TourPath,
  method: string,
  seconds: number,
  date: string,
): NonNullable<HopperTourRecord["witness"]> {
  return {
    hopperStart: squareName(board, p.start),
    hurdleStart: squareName(board, p.hurdle),
    hopper: p.hopper.map((s) => squareName(board, s)),
    hurdle: p.hurdleMoves.map((s) => squareName(board, s)),
    origin: "generated",
    generatedBy: { method, seconds: Math.round(seconds * 1000) / 1000, date },
  };
}

/** Odd squares, a colour-changing leaper hurdle, cyclic: the hurdle makes as many moves as the hopper, squares - 1 + 1 of them. */
export function parityBound(spec: { hurdle: HurdleSpec; board: number[]; kind: TourMode }): number | null {
  const size = spec.board.reduce((a, b) => a * b, 1);
  if (spec.kind !== "cyclic" || spec.hurdle.type !== "leaper") return null;
  if (((spec.hurdle.leap[0] + spec.hurdle.leap[1]) & 1) === 0) return null;
  // A cyclic tour of value v has v + 1 hopper moves and v + 1 hurdle moves, and the hurdle is back on
  // its start square: v + 1 must be even. So v = squares - 1 is impossible when squares is odd.
  return size % 2 === 1 ? size - 2 : null;
}
