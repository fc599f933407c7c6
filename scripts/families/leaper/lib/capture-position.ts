/**
 * A leaper capture problem (the booklet's sd=n): the position checked from square names, with the limits that
 * refuse absurd ones, and its solutions counted as Hamiltonian paths from the start.
 */
import type { Board, Square } from "../../../../solvers/types.ts";
import { BoardError, makeBoard, parseBoard } from "../../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import { type Leaper, parseLeaper, PieceError } from "../../../../solvers/pieces/leaper.ts";
import { moveGraph } from "../../../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../../../solvers/hamiltonian/engine.ts";
import { CliError } from "../../../lib/errors.ts";

/**
 * Refusals. The search is exponential in the number of men: the largest
 * published dual-free positions have about 60, and a count over more than 200
 * would not finish in any useful time (it would only look hung). Boards beyond
 * 64x64 (4096 squares) concern no record, and every position of a batch
 * allocates arrays over the whole board, so absurd boards are refused too.
 */
export const MAX_MEN = 200;
export const MAX_SIDE_WITH_MEN = 64;
export const MAX_SQUARES_WITH_MEN = 64 * 64;

/** A checked position: vertex 0 of its graph is the start, vertex i the i-th man. */
export interface Position {
  board: Board;
  piece: Leaper;
  start: Square;
  men: Square[];
  end?: Square;
  closed: boolean;
}

export interface PositionSpec {
  piece: string | readonly number[];
  board: string | readonly number[];
  start: string;
  men: readonly string[];
  end?: string;
  closed?: boolean;
}

/** The JSON answer (--json, and each line of --batch). */
export interface SolveAnswer {
  /** Directed solutions found (closed: directed cycles, a cycle of 3+ squares counts twice). */
  solutions: number;
  /** false: stopped by the limit (or max nodes), so `solutions` is a lower bound. */
  complete: boolean;
  seconds: number;
  /** Square names of the first solution, start first (closed: the return is not repeated). */
  solution: string[] | null;
  nodes: number;
  /** Exactly one solution (closed: one cycle up to direction); null when the search stopped too early to know. */
  unique: boolean | null;
  /** The booklet's one-level test that rejected the position without search, if any. */
  rejectedBy: string | null;
}

export function square(board: Board, name: string, what: string): Square {
  try {
    return parseSquare(board, name);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`${what}: ${e.message}`);
    throw e;
  }
}

/** Check a position given by names; every problem is a CliError with one line. */
export function checkPosition(spec: PositionSpec): Position {
  let piece: Leaper;
  try {
    piece = parseLeaper(spec.piece);
  } catch (e) {
    if (e instanceof PieceError) throw new CliError(e.message);
    throw e;
  }
  let board: Board;
  try {
    board = typeof spec.board === "string" ? parseBoard(spec.board) : makeBoard(spec.board);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`board: ${e.message}`);
    throw e;
  }
  const name = board.dims.join("x");
  if (board.dims.some((d) => d > MAX_SIDE_WITH_MEN) || board.size > MAX_SQUARES_WITH_MEN) {
    throw new CliError(
      `refusing board ${name}: capture problems are limited to ${MAX_SIDE_WITH_MEN} squares per side and ${MAX_SQUARES_WITH_MEN} squares in all`,
    );
  }
  if (spec.men.length > MAX_MEN) {
    throw new CliError(`refusing ${spec.men.length} men: an exhaustive count over more than ${MAX_MEN} men would not finish`);
  }
  const start = square(board, spec.start, "start");
  const seen = new Map<Square, string>();
  const men = spec.men.map((m) => {
    const sq = square(board, m, "man");
    if (sq === start) throw new CliError(`man ${m} stands on the start square ${spec.start}: the leaper is there`);
    const before = seen.get(sq);
    if (before !== undefined) throw new CliError(`man ${m} is given twice${before !== m ? ` (also as ${before})` : ""}`);
    seen.set(sq, m);
    return sq;
  });
  const closed = spec.closed ?? false;
  let end: Square | undefined;
  if (spec.end !== undefined) {
    if (closed) throw new CliError("--end and --closed exclude each other: a closed solution ends next to the start");
    end = square(board, spec.end, "end");
    if (!seen.has(end)) throw new CliError(`end square ${spec.end} is not one of the men: the last capture happens on a man`);
  }
  return { board, piece, start, men, end, closed };
}

interface SolveRun {
  answer: SolveAnswer;
  /** Solutions kept (vertex orders, start first), at most `keep`. */
  kept: number[][];
}

/**
 * Count the position's solutions: Hamiltonian paths from vertex 0 (the start)
 * in the leaper's graph on start + men. `each` sees every solution as found.
 */
export function solvePosition(
  p: Position,
  opts: { limit?: number; maxNodes?: number; keep?: number; each?: (order: Int32Array) => void } = {},
): SolveRun {
  const squares = [p.start, ...p.men];
  const g = moveGraph(p.board, p.piece, squares);
  const keep = opts.keep ?? 1;
  const kept: number[][] = [];
  const t0 = performance.now();
  const r = countHamiltonianPaths(g, {
    start: 0,
    end: p.end === undefined ? undefined : 1 + p.men.indexOf(p.end),
    closed: p.closed,
    limit: opts.limit,
    maxNodes: opts.maxNodes,
    onSolution: (order) => {
      if (kept.length < keep) kept.push(Array.from(order));
      opts.each?.(order);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  // A closed cycle through 3+ squares is found once per direction.
  const perCycle = p.closed && squares.length >= 3 ? 2 : 1;
  const unique = r.complete ? r.solutions === perCycle : r.solutions > perCycle ? false : null;
  const first = kept[0];
  return {
    answer: {
      solutions: r.solutions,
      complete: r.complete,
      seconds: Math.round(seconds * 1e6) / 1e6,
      solution: first ? first.map((v) => squareName(p.board, squares[v])) : null,
      nodes: r.nodes,
      unique,
      rejectedBy: r.rejectedBy,
    },
    kept,
  };
}
