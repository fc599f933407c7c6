/**
 * A leaper record as the site draws it (solvers/diagram/spec.ts): the problem
 * position, the numbered solution as the booklet prints it (0 on the start
 * square, then the number of the move that reaches each square) and the replay
 * with the booklet's move labels.
 *
 * - dual-free (sd=n) and dual-free-fixed-end: the white leaper on its start,
 *   a black man on every square of the witness; every move captures one man
 *   ("1.Z:e3" … "52.Z:a2="). Try-it: leaper-capture with those men.
 * - open / closed tours on the empty board: the leaper alone; the moves are
 *   plain ("1.Z-e3"), a closed tour ends with the return to the start (drawn
 *   as the closing segment of the path). Try-it: tour.
 * - access: the leaper on the square the count is taken from; the "solution"
 *   numbers every reachable square with its distance in moves (0 on the
 *   start) and hatches the unreachable ones. No replay (there are no moves).
 */
import type { DiagramPiece, DiagramSpec, ReplaySpec, ReplayStep } from "../diagram/spec.ts";
import type { AtlasRecord } from "./schema.ts";
import type { Square } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { parseSquare } from "../board/squares.ts";
import { bfsDistances, boardGraph } from "../graph/graph.ts";
import { leaper } from "../pieces/leaper.ts";
import { formatCaptures, formatTour } from "../notation.ts";

export interface LeaperDiagrams {
  problem: DiagramSpec;
  solution: DiagramSpec;
  /** null for access records (nothing moves). */
  replay: ReplaySpec | null;
  /** The solution in the booklet's notation (null for access records). */
  notation: string | null;
}

/** The glyph of an [x,y] leaper (site/lib/diagram-svg.ts draws it as a lettered disc). */
export function leaperGlyph(leap: readonly [number, number]): string {
  return `leaper:${Math.min(leap[0], leap[1])},${Math.max(leap[0], leap[1])}`;
}

/** Diagrams and replay of a leaper record; null when the record has no witness yet. */
export function leaperDiagrams(record: AtlasRecord): LeaperDiagrams | null {
  const w = record.witness;
  if (!w) return null;
  const board = makeBoard(record.board);
  const piece = leaper(record.piece.leap[0], record.piece.leap[1]);
  const leap: [number, number] = [piece.leap[0], piece.leap[1]];
  const dims = [...record.board];
  const glyph = leaperGlyph(leap);
  const startName = record.kind === "access" ? record.from ?? w.start : w.start;
  const start = parseSquare(board, startName);
  const moves = w.moves.map((m) => parseSquare(board, m));
  const white: DiagramPiece = { square: start, glyph, colour: "white" };

  if (record.kind === "access") {
    const dist = bfsDistances(boardGraph(board, piece), start);
    const numbers: { square: Square; label: string }[] = [];
    const marks: NonNullable<DiagramSpec["marks"]> = [];
    for (let sq = 0; sq < board.size; sq++) {
      if (dist[sq] >= 0) numbers.push({ square: sq, label: String(dist[sq]) });
      else marks.push({ square: sq, kind: "unreachable" });
    }
    return {
      problem: { board: dims, pieces: [white], marks: [{ square: start, kind: "start" }] },
      solution: { board: dims, pieces: [], numbers, marks },
      replay: null,
      notation: null,
    };
  }

  const capture = record.kind === "dual-free" || record.kind === "dual-free-fixed-end";
  const closed = record.kind === "closed";
  const order = [start, ...moves];
  const numbers = order.map((sq, i) => ({ square: sq, label: String(i) }));
  const problemPieces: DiagramPiece[] = [white];
  if (capture) { for (const m of moves) problemPieces.push({ square: m, glyph: "man", colour: "black" }); }
  const problemMarks: NonNullable<DiagramSpec["marks"]> = [];
  const end = record.kind === "dual-free-fixed-end" && w.end ? parseSquare(board, w.end) : undefined;
  if (end !== undefined) problemMarks.push({ square: end, kind: "target" });

  const notation = capture ? formatCaptures(board, piece, start, moves) : formatTour(board, piece, moves, { closed, start });
  // One label per move, in order (the notation separates moves by single spaces; symbols have none).
  const labels = notation === "" ? [] : notation.split(" ");
  const steps: ReplayStep[] = [];
  const path = closed ? [...order, start] : order;
  for (let i = 1; i < path.length; i++) {
    const step: ReplayStep = { from: path[i - 1], to: path[i], label: labels[i - 1] };
    if (capture) step.captured = path[i];
    steps.push(step);
  }
  const problem: DiagramSpec = { board: dims, pieces: problemPieces };
  if (problemMarks.length) problem.marks = problemMarks;
  const solution: DiagramSpec = { board: dims, pieces: [], numbers, path: order, marks: [{ square: start, kind: "start" }] };
  if (closed) solution.closed = true;
  if (end !== undefined) solution.marks!.push({ square: end, kind: "target" });
  const replay: ReplaySpec = {
    initial: problem,
    steps,
    tryIt: capture
      ? { type: "leaper-capture", leap, board: dims, start, men: moves, ...(end !== undefined ? { end } : {}) }
      : { type: "tour", leap, board: dims, start, ...(closed ? { closed: true } : {}) },
  };
  return { problem, solution, replay, notation };
}
