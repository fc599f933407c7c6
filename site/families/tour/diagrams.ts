/**
 * The diagrams of the tour family (site/families/tour.ts): tours numbered 1, 2,
 * … in tour order (paths only where numbers would be too small to read),
 * dual-free sequences drawn as capture series.
 */
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../../solvers/diagram/spec.ts";
import type { Square } from "../../../solvers/types.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { leaper, normaliseLeap } from "../../../solvers/pieces/leaper.ts";
import { formatCaptures, formatTour } from "../../../solvers/notation.ts";
import { leaperGlyph } from "../../../solvers/leaper/diagram-spec.ts";
import { type TourRecord } from "../../../solvers/tour/schema.ts";
import { diagramLayout } from "../../lib/diagram-svg.ts";
import { movingPiece, pieceWords } from "./words.ts";

/** Default width of a page diagram (site/components/Diagram.astro). */
const PAGE_DIAGRAM_PX = 360;
/** Smallest readable number height in px at that width. */
const MIN_NUMBER_PX = 8.5;
/** Replays beyond this many squares are left out (hundreds of steps, unreadable numbers). */
const REPLAY_MAX_SQUARES = 400;

/**
 * Would tour numbers be readable on the page? The renderer writes labels of
 * 1-2 digits at 20 units, 3 digits at 15, longer at 12 (diagram-svg.ts), on
 * squares of 40 units scaled to the page width.
 */
export function numbersLegible(board: readonly number[], px = PAGE_DIAGRAM_PX): boolean {
  const L = diagramLayout(board, { size: px });
  const squares = board.reduce((a, b) => a * b, 1);
  const digits = String(squares).length;
  const font = digits <= 2 ? 20 : digits === 3 ? 15 : 12;
  return (font * L.width) / L.viewWidth >= MIN_NUMBER_PX;
}

export interface TourSpecs {
  problem: DiagramSpec;
  solution: DiagramSpec;
  replay: ReplaySpec | null;
  text: string;
}

/**
 * A dual-free record as a capture series, the leaper family's way
 * (solvers/leaper/diagram-spec.ts): the white leaper on the start and a black
 * man on every other square of the witness; the solution numbers the start 0
 * and each man with the move that captures it; every replay step captures.
 */
function dualFreeSpecs(r: TourRecord): TourSpecs | null {
  const w = r.witness;
  if (!w || r.piece.type !== "leaper") return null;
  const board = makeBoard(r.board);
  const order: Square[] = w.squares.map((s) => parseSquare(board, s));
  const [start, ...men] = order;
  const leap = normaliseLeap(r.piece.leap[0], r.piece.leap[1]);
  const piece = leaper(leap[0], leap[1]);
  const dims = [...r.board];
  const problem: DiagramSpec = {
    board: dims,
    pieces: [
      { square: start, glyph: leaperGlyph(leap), colour: "white" },
      ...men.map((square) => ({ square, glyph: "man", colour: "black" as const })),
    ],
  };
  const solution: DiagramSpec = { board: dims, pieces: [], path: order, marks: [{ square: start, kind: "start" }] };
  if (numbersLegible(r.board)) solution.numbers = order.map((square, i) => ({ square, label: String(i) }));
  const text = formatCaptures(board, piece, start, men);
  const labels = text === "" ? [] : text.split(" ");
  const steps: ReplayStep[] = men.map((to, i) => ({ from: order[i], to, captured: to, label: labels[i] }));
  const replay: ReplaySpec = { initial: problem, steps, tryIt: { type: "leaper-capture", leap, board: dims, start, men } };
  return { problem, solution, replay, text };
}

/** Diagrams, replay and notation of a record with a witness. */
export function tourSpecs(r: TourRecord): TourSpecs | null {
  if (r.kind === "dual-free") return dualFreeSpecs(r);
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const order: Square[] = w.squares.map((s) => parseSquare(board, s));
  const start = order[0];
  const pw = pieceWords(r.piece);
  const piece = movingPiece(r.piece);
  const problem: DiagramSpec = {
    board: [...r.board],
    pieces: [{ square: start, glyph: pw.glyph, colour: "white" }],
    marks: [{ square: start, kind: "start" }],
  };
  const solution: DiagramSpec = { board: [...r.board], pieces: [], path: order, marks: [{ square: start, kind: "start" }] };
  if (w.closed) solution.closed = true;
  const legible = numbersLegible(r.board);
  // Knight's-tour convention: the start square is 1, the last square n (not the booklet's 0 of capture solutions).
  if (legible) solution.numbers = order.map((square, i) => ({ square, label: String(i + 1) }));
  const text = formatTour(board, piece, order.slice(1), { closed: w.closed, start });
  const labels = text === "" ? [] : text.split(" ");
  const path = w.closed ? [...order, start] : order;
  const steps: ReplayStep[] = [];
  for (let i = 1; i < path.length; i++) steps.push({ from: path[i - 1], to: path[i], label: labels[i - 1] });
  let replay: ReplaySpec | null = null;
  if (legible || (r.board.length === 2 && board.size <= REPLAY_MAX_SQUARES)) {
    replay = { initial: problem, steps };
    // The replay's try-it knows leapers only (TryItRules): the king's tours are replayed without it.
    if (r.piece.type === "leaper") {
      const [x, y] = normaliseLeap(r.piece.leap[0], r.piece.leap[1]);
      replay.tryIt = { type: "tour", leap: [x, y], board: [...r.board], start, ...(w.closed ? { closed: true } : {}) };
    }
  }
  return { problem, solution, replay, text };
}
