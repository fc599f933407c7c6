/**
 * Popeye input of a workbench position, through the atlas's exporter
 * (solvers/export/popeye.ts), which refuses with a reason what Popeye cannot
 * state (a fixed last square, a closed series, boards other than 8x8 for
 * lines, leapers without a walk code). A hopper's ser-z needs the number of
 * moves: the shortest distance from the same breadth-first search the solver
 * uses.
 */
import { popeyeHopperReach, popeyeLeaperCapture, popeyeLocustCapture, type PopeyeResult } from "../export/popeye.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { exactPathCounts, occupancy } from "../hopper/serienziel.ts";
import { type CheckedPosition, leapOf } from "./position.ts";

export function popeyeForPosition(c: CheckedPosition): PopeyeResult {
  const p = c.position;
  const remarks = ["Chessboard Record Atlas, workbench"];
  if (c.family === "leaper") {
    return popeyeLeaperCapture({
      leap: leapOf(p.piece),
      board: p.board,
      start: p.start!,
      men: p.men,
      end: p.stipulation === "fixed-end" ? p.end : undefined,
      closed: p.stipulation === "closed",
      remarks,
    });
  }
  if (c.family === "locust") {
    return popeyeLocustCapture({
      locust: p.piece,
      board: p.board,
      start: p.start!,
      men: p.men,
      closed: p.stipulation === "capture-closed",
      remarks,
    });
  }
  const { dist } = exactPathCounts(hopper(p.piece as HopperKind).rays(c.board), c.start, occupancy(c.board, c.hurdles));
  const moves = dist[c.target!];
  if (moves < 0) {
    return {
      ok: false,
      reason: { en: "The hopper cannot reach the target: there is no problem to state.", cs: "Cvrček cíl nedosáhne: není co zadat." },
    };
  }
  return popeyeHopperReach({ hopper: p.piece, board: p.board, start: p.start!, hurdles: p.hurdles, target: p.target!, moves, remarks });
}
