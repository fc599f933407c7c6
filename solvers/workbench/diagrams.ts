/**
 * A workbench position as the site draws it (solvers/diagram/spec.ts): the
 * problem diagram (the piece, its men or hurdles, the target or fixed last
 * square marked), and, with a solution, the numbered solution and the replay
 * with the move labels and "try it" rules the record pages use for the same
 * family (solvers/leaper/diagram-spec.ts, site/families/hopper.ts and
 * site/families/locust.ts build theirs from records the same way).
 */
import type { DiagramPiece, DiagramSpec, ReplaySpec, ReplayStep, TryItRules } from "../diagram/spec.ts";
import { leaper } from "../pieces/leaper.ts";
import { HOPPER_NAMES, type HopperKind } from "../pieces/hopper.ts";
import { type LocustKind, NAMES_FOR_CLI } from "../pieces/locust.ts";
import { formatCaptures } from "../notation.ts";
import { leaperGlyph } from "../leaper/diagram-spec.ts";
import type { Square } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import { type CheckedPosition, familyOf, leapOf, type WorkbenchPosition } from "./position.ts";
import type { SolutionMoves } from "./solve.ts";

/**
 * The diagram of a position as the reader is setting it up: the start may be
 * missing, and squares that are not on the board (while the board shrinks)
 * are left out.
 */
export function positionDiagram(p: WorkbenchPosition): DiagramSpec {
  const board = makeBoard(p.board);
  const at = (name: string | null | undefined): Square | null => {
    if (name === null || name === undefined) return null;
    try {
      return parseSquare(board, name);
    } catch {
      return null;
    }
  };
  const glyph = familyOf(p.piece) === "leaper" ? leaperGlyph(leapOf(p.piece)) : p.piece;
  const pieces: DiagramPiece[] = [];
  const start = at(p.start);
  if (start !== null) pieces.push({ square: start, glyph, colour: "white" });
  for (const m of p.men) {
    const sq = at(m);
    if (sq !== null) pieces.push({ square: sq, glyph: "man", colour: "black" });
  }
  for (const h of p.hurdles) {
    const sq = at(h);
    if (sq !== null) pieces.push({ square: sq, glyph: "dummy", colour: "neutral" });
  }
  const spec: DiagramSpec = { board: [...board.dims], pieces };
  const mark = at(p.stipulation === "fixed-end" ? p.end : p.stipulation === "ser-z" ? p.target : null);
  if (mark !== null) spec.marks = [{ square: mark, kind: "target" }];
  return spec;
}

/** The problem diagram of a checked position. */
export function problemDiagram(c: CheckedPosition): DiagramSpec {
  return positionDiagram(c.position);
}

/** The "try it" rules of the position (the replay island judges the reader's moves with them). */
export function tryItRules(c: CheckedPosition): TryItRules {
  const board = [...c.board.dims];
  if (c.family === "hopper") {
    return { type: "hopper-reach", hopper: c.position.piece, board, start: c.start, hurdles: c.hurdles, target: c.target! };
  }
  if (c.family === "locust") {
    return {
      type: "locust-capture",
      locust: c.position.piece,
      board,
      start: c.start,
      men: c.men,
      ...(c.position.stipulation === "capture-closed" ? { closed: true } : {}),
    };
  }
  return {
    type: "leaper-capture",
    leap: leapOf(c.position.piece),
    board,
    start: c.start,
    men: c.men,
    ...(c.position.stipulation === "closed" ? { closed: true } : {}),
    ...(c.end !== undefined ? { end: c.end } : {}),
  };
}

/** The moves' labels in the booklet's notation, one per move. */
export function moveLabels(c: CheckedPosition, s: SolutionMoves): string[] {
  const b = c.board;
  if (c.family === "leaper") {
    const piece = leaper(...leapOf(c.position.piece));
    const closed = c.position.stipulation === "closed";
    const men = closed ? s.to.slice(0, -1) : s.to;
    const text = formatCaptures(b, piece, c.start, men, { closed });
    return text === "" ? [] : text.split(" ");
  }
  if (c.family === "hopper") {
    const sym = HOPPER_NAMES[c.position.piece as HopperKind].symbol;
    return s.to.map((to, i) => `${i + 1}.${sym}${squareName(b, to)}`);
  }
  const sym = NAMES_FOR_CLI[c.position.piece as LocustKind];
  return s.to.map((to, i) => `${i + 1}.${sym}:${squareName(b, s.captured![i])}-${squareName(b, to)}`);
}

/** The numbered solution and its replay. */
export function solutionDiagrams(c: CheckedPosition, s: SolutionMoves): { solution: DiagramSpec; replay: ReplaySpec; notation: string } {
  const problem = problemDiagram(c);
  const labels = moveLabels(c, s);
  const steps: ReplayStep[] = s.to.map((to, i) => {
    const step: ReplayStep = { from: i === 0 ? c.start : s.to[i - 1], to, label: labels[i] };
    const captured = s.captured?.[i];
    if (captured !== undefined) step.captured = captured;
    const hurdle = s.hurdle?.[i];
    if (hurdle !== undefined) step.hurdle = hurdle;
    return step;
  });
  const order = c.position.stipulation === "closed" ? [c.start, ...s.to.slice(0, -1)] : [c.start, ...s.to];
  // Numbers: leapers and hoppers the square reached by each move; locusts the man captured (as the booklet prints them).
  const numbers = c.family === "locust"
    ? s.captured!.map((sq, i) => ({ square: sq, label: String(i + 1) }))
    : order.map((sq, i) => ({ square: sq, label: String(i) }));
  const solution: DiagramSpec = {
    board: [...c.board.dims],
    pieces: c.family === "leaper" ? [] : problem.pieces.filter((p) => p.glyph !== "man"),
    numbers,
    path: c.family === "locust" ? [c.start, ...s.to] : order,
    marks: [{ square: c.start, kind: "start" }, ...(problem.marks ?? [])],
  };
  if (c.position.stipulation === "closed") solution.closed = true;
  return {
    solution,
    replay: { initial: problem, steps, tryIt: tryItRules(c) },
    notation: labels.join(" ") + (c.family === "hopper" || labels.length === 0 || labels[labels.length - 1].endsWith("=") ? "" : "="),
  };
}
