/**
 * Solution notation as the 2009 booklet prints it, and a tolerant reader for
 * pasted solutions.
 *
 * A dual-free (sd=n) solution is a series of captures: `1.Z:e3 2.Z:h1 …
 * 52.Z:a2=`, the piece symbol before each move, ":" for a capture, and "=" after
 * the last move because the series ends in stalemate (sd = series stalemate). A
 * tour on the empty board is a plain move list, `1.Z-e3 2.Z-h1 …`. The start
 * square is not part of either list: the heading names it
 * (`sd=52 Zebra b1 (1+52)`).
 */
import type { Board, Piece, Square } from "./types.ts";
import { BoardError } from "./board/board.ts";
import { parseSquare, squareName } from "./board/squares.ts";

export class NotationError extends Error {
  override name = "NotationError";
}

export interface CaptureOptions {
  /**
   * The men form a closed tour: after the last capture the piece leaps back to
   * the (now empty) start square, written as one more, non-capturing move.
   */
  closed?: boolean;
  /** Mark the final move with "=" (stalemate), as the booklet does. Default true. */
  stalemate?: boolean;
}

function move(n: number, symbol: string, sep: string, board: Board, sq: Square): string {
  return `${n}.${symbol}${sep}${squareName(board, sq)}`;
}

/**
 * The capture sequence of an sd problem: `moves` are the captured men in order
 * (the start excluded). `start` is needed only for the return of a closed tour.
 */
export function formatCaptures(
  board: Board,
  piece: Piece,
  start: Square,
  moves: readonly Square[],
  opts: CaptureOptions = {},
): string {
  const parts = moves.map((sq, i) => move(i + 1, piece.symbol, ":", board, sq));
  if (opts.closed && moves.length > 0) parts.push(move(moves.length + 1, piece.symbol, "-", board, start));
  if (parts.length > 0 && (opts.stalemate ?? true)) parts[parts.length - 1] += "=";
  return parts.join(" ");
}

/**
 * A tour as a plain move list: `moves` are the destinations in order (the start
 * excluded); with `closed`, the return to `start` is appended as the last move.
 */
export function formatTour(
  board: Board,
  piece: Piece,
  moves: readonly Square[],
  opts: { closed?: boolean; start?: Square } = {},
): string {
  const parts = moves.map((sq, i) => move(i + 1, piece.symbol, "-", board, sq));
  if (opts.closed) {
    if (opts.start === undefined) throw new NotationError("a closed tour needs its start square to write the return");
    parts.push(move(moves.length + 1, piece.symbol, "-", board, opts.start));
  }
  return parts.join(" ");
}

export interface HeadingOptions {
  /** "en" (default) uses piece.name, "cs" piece.nameCs. */
  lang?: "en" | "cs";
  closed?: boolean;
  /** Fixed final square (the dual-free-fixed-end kind). */
  end?: Square;
}

/**
 * The booklet's problem heading: `sd=52 Zebra b1 (1+52)`: series stalemate in
 * as many moves as there are men, the piece and its start, then (white + black)
 * men. A closed problem plays one move more (the return) but keeps the men count.
 */
export function problemHeading(board: Board, piece: Piece, start: Square, men: number, opts: HeadingOptions = {}): string {
  const cs = opts.lang === "cs";
  let s = `sd=${men} ${cs ? piece.nameCs : piece.name} ${squareName(board, start)} (1+${men})`;
  if (opts.end !== undefined) s += cs ? `, koncové pole ${squareName(board, opts.end)}` : `, final square ${squareName(board, opts.end)}`;
  if (opts.closed) s += cs ? ", uzavřená cesta" : ", closed tour";
  return s;
}

/**
 * Read squares from a pasted solution. Accepted: move numbers ("1." or none),
 * piece symbols in capitals or brackets (Z, WA, (2,5), [2,5]), separators ":",
 * "x", "×", "-", "–" or none, long moves with the origin ("b1-e3", the origin is
 * dropped), commas, quotes and JSON brackets, and final marks (= + # ! ?).
 * Returns the destination squares in order.
 *
 * One ambiguity is resolved by rule: a lower-case "x" in front of a square is a
 * capture sign, not the first letter of a file, unless only the longer reading is
 * a square of the board (files starting with x exist only on boards wider than
 * 23 files; write ":" there).
 */
export function parseNotation(board: Board, text: string): Square[] {
  const twoD = board.dims.length === 2;
  const dotted = !board.dims.every((d) => d <= 9);
  // Leap symbols contain a comma and may contain spaces: remove them before splitting.
  const cleaned = text
    .replace(/[([]\s*-?\d+\s*,\s*-?\d+\s*[)\]]/g, " ")
    .replace(/[…"'{}[\],;=+#!?]/g, " ");
  const sqPat = twoD ? "[a-z]+[1-9]\\d*" : dotted ? "\\d+(?:\\.\\d+)*" : "\\d+";
  const sepPat = "[:xX×\\-–—]";
  const moveRe = new RegExp(`^([A-Z]*)(?:(${sqPat})?(${sepPat}))?(${sqPat})$`);
  const out: Square[] = [];
  for (const raw of cleaned.split(/\s+/)) {
    let tok = raw;
    if (tok === "") continue;
    if (/^\d+\.+$/.test(tok)) continue; // a move number standing alone
    // A move number glued to the move. On boards with dotted names a leading
    // "10." may be part of the square, so strip only when a non-digit follows.
    tok = dotted ? tok.replace(/^\d+\.+(?=\D)/, "") : tok.replace(/^\d+\.+/, "");
    out.push(readMove(board, tok, raw, moveRe));
  }
  return out;
}

function readMove(board: Board, tok: string, raw: string, moveRe: RegExp): Square {
  const tryParse = (name: string): Square | null => {
    try {
      return parseSquare(board, name);
    } catch (e) {
      if (e instanceof BoardError) return null;
      throw e;
    }
  };
  const m = moveRe.exec(tok);
  if (m) {
    const to = tryParse(m[4]);
    if (to !== null) return to;
    // "xe3" without a symbol on a wide board may be the file "xe": try the token whole.
    if (m[1] === "" && m[2] === undefined && m[3] === "x") {
      const whole = tryParse(m[3] + m[4]);
      if (whole !== null) return whole;
    }
    throw new NotationError(`"${raw}": square ${m[4]} is not on the ${board.dims.join("x")} board`);
  }
  // Squares typed in capitals ("E3"): accepted when the token is nothing else.
  const plain = tryParse(tok.toLowerCase());
  if (plain !== null && /^[A-Za-z]+\d+$|^[\d.]+$/.test(tok)) return plain;
  throw new NotationError(`cannot read the move "${raw}"`);
}

export interface ParsedSolution {
  /** Destinations in order: the start and a closing return are not included. */
  moves: Square[];
  /** The pasted list ended with the return to the start. */
  closed: boolean;
}

/**
 * parseNotation for a known start: a leading start square (as in start-first
 * lists) is dropped, since no move can land on the square it leaves; a final
 * square equal to the start is read as the return of a closed tour.
 */
export function parseSolution(board: Board, start: Square, text: string): ParsedSolution {
  const sq = parseNotation(board, text);
  if (sq.length > 0 && sq[0] === start) sq.shift();
  const closed = sq.length > 1 && sq[sq.length - 1] === start;
  if (closed) sq.pop();
  return { moves: sq, closed };
}
