/**
 * Solving a workbench position with the solvers `atlas solve` uses, and
 * nothing of its own:
 * - leapers: the Hamiltonian engine on the graph of start + men
 *   (solvers/hamiltonian/engine.ts countHamiltonianPaths, as
 *   scripts/families/leaper/lib/capture-position.ts solvePosition), and, when the node cap
 *   stops the count with at most one solution found, decideUnique (the
 *   forced-edge reduction) to settle whether it is dual-free;
 * - hoppers: SerienZiel by breadth-first search with exact shortest-path
 *   counts (solvers/hopper/serienziel.ts, as scripts/families/hopper/solve.ts);
 * - locusts: the capture-sequence counter (solvers/locust/capture.ts, as
 *   scripts/families/locust/solve.ts).
 *
 * The leaper count runs under node budgets growing tenfold up to the cap
 * (each run starts afresh, so the work is at most 1.12 times the last run's):
 * between runs `onProgress` says how many nodes have been searched, which is
 * what the page's progress line shows; a count stopped by the cap is a lower
 * bound ("at least N").
 */
import type { Square } from "../types.ts";
import { squareName } from "../board/squares.ts";
import { moveGraph } from "../graph/graph.ts";
import { countHamiltonianPaths, decideUnique } from "../hamiltonian/engine.ts";
import { leaper } from "../pieces/leaper.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { lineTable, type LocustKind } from "../pieces/locust.ts";
import { exactPathCounts, occupancy, shortestPaths } from "../hopper/serienziel.ts";
import { countCaptureSequences } from "../locust/capture.ts";
import { type CheckedPosition, leapOf } from "./position.ts";

export interface SolveOptions {
  /** Most search nodes (leapers, locusts): beyond it the count is a lower bound. */
  maxNodes?: number;
  /** Most solutions counted: beyond it the count is "at least" (default: no limit, only the node cap). */
  limit?: number;
  /** Nodes searched so far (leapers: after each budget). */
  onProgress?: (nodes: number) => void;
}

export const DEFAULT_MAX_NODES = 50_000_000;

/** One solution: the squares the piece moves to, in order (start excluded; a closed series ends on the start). */
export interface SolutionMoves {
  to: Square[];
  /** The man each move captures (leapers: the square moved to; locusts: the square jumped). */
  captured?: Square[];
  /** The hurdle each hop jumps (hoppers). */
  hurdle?: Square[];
}

export interface WorkbenchResult {
  /** Solutions counted, in decimal (the hopper's count may exceed 2^53). */
  solutions: string;
  /** false: the cap or the limit stopped the count, so `solutions` is a lower bound. */
  complete: boolean;
  /** Exactly one solution (closed leaper series: one cycle up to direction); null when the search stopped too early to know. */
  unique: boolean | null;
  /** What the tables count: the men (leapers, locusts) or the moves to the target (hoppers); null without a solution. */
  value: number | null;
  first: SolutionMoves | null;
  nodes: number;
  /** The booklet's one-level test that settled 0 without search (leapers). */
  rejectedBy: string | null;
}

function leaperSolve(c: CheckedPosition, o: SolveOptions): WorkbenchResult {
  const [x, y] = leapOf(c.position.piece);
  const piece = leaper(x, y);
  const squares = [c.start, ...c.men];
  const g = moveGraph(c.board, piece, squares);
  const closed = c.position.stipulation === "closed";
  const end = c.end === undefined ? undefined : 1 + c.men.indexOf(c.end);
  const cap = o.maxNodes ?? DEFAULT_MAX_NODES;
  const limit = o.limit ?? Infinity;
  let first: number[] | null = null;
  let spent = 0;
  let r = { solutions: 0, complete: false, nodes: 0, rejectedBy: null as string | null };
  for (let budget = Math.min(20_000, cap);; budget = Math.min(budget * 10, cap)) {
    first = null;
    r = countHamiltonianPaths(g, {
      start: 0,
      end,
      closed,
      limit,
      maxNodes: budget,
      onSolution: (order) => {
        if (first === null) first = Array.from(order);
      },
    });
    spent += r.nodes;
    o.onProgress?.(spent);
    if (r.complete || r.solutions >= limit || budget >= cap) break;
  }
  // A closed cycle through 3+ squares is found once per direction.
  const perCycle = closed && squares.length >= 3 ? 2 : 1;
  let unique = r.complete ? r.solutions === perCycle : r.solutions > perCycle ? false : null;
  let solutions = r.solutions;
  let complete = r.complete;
  if (unique === null && !closed) {
    // The count ran out of nodes with at most one solution: the uniqueness search with the reduction may still decide.
    const u = decideUnique(g, { start: 0, end, maxNodes: cap });
    spent += u.nodes;
    o.onProgress?.(spent);
    if (u.complete) {
      unique = u.unique;
      if (u.unique) {
        solutions = 1;
        complete = true;
        first ??= u.solution;
      } else if (u.solutions === 0) {
        solutions = 0;
        complete = true;
      }
    }
  }
  const path: number[] | null = first;
  const to = path ? path.slice(1).map((v) => squares[v]) : null;
  if (to && closed) to.push(c.start);
  return {
    solutions: String(solutions),
    complete,
    unique,
    value: solutions > 0 ? c.men.length : null,
    first: to ? { to, captured: to.slice(0, c.men.length) } : null,
    nodes: spent,
    rejectedBy: r.rejectedBy,
  };
}

function hopperSolve(c: CheckedPosition): WorkbenchResult {
  const rays = hopper(c.position.piece as HopperKind).rays(c.board);
  const occ = occupancy(c.board, c.hurdles);
  const target = c.target!;
  const { dist, count } = exactPathCounts(rays, c.start, occ);
  const reached = dist[target] >= 0;
  const path = reached ? shortestPaths(rays, c.start, occ, target, 1)[0] : undefined;
  return {
    solutions: reached ? count[target].toString() : "0",
    complete: true,
    unique: reached && count[target] === 1n,
    value: reached ? dist[target] : null,
    first: path ? { to: path.map((h) => h.to), hurdle: path.map((h) => h.hurdle) } : null,
    nodes: 0,
    rejectedBy: null,
  };
}

function locustSolve(c: CheckedPosition, o: SolveOptions): WorkbenchResult {
  const table = lineTable(c.board, c.position.piece as LocustKind);
  const pos = { table, start: c.start, men: c.men };
  const closed = c.position.stipulation === "capture-closed";
  const r = countCaptureSequences(pos, { closed, limit: o.limit, maxNodes: o.maxNodes ?? DEFAULT_MAX_NODES });
  o.onProgress?.(r.nodes);
  let first: SolutionMoves | null = null;
  if (r.count > 0) {
    // The count runs with its memo; one sequence is walked again without it (stopping at the first).
    countCaptureSequences(pos, {
      closed,
      limit: 1,
      maxNodes: o.maxNodes ?? DEFAULT_MAX_NODES,
      onSolution: (captured, landed) => {
        first = { to: Array.from(landed), captured: Array.from(captured) };
        return false;
      },
    });
  }
  return {
    solutions: String(r.count),
    complete: r.complete,
    unique: r.complete ? r.count === 1 : r.count > 1 ? false : null,
    value: r.count > 0 ? c.men.length : null,
    first,
    nodes: r.nodes,
    rejectedBy: null,
  };
}

/** Solves a checked position (checkWorkbench). */
export function solveWorkbench(c: CheckedPosition, o: SolveOptions = {}): WorkbenchResult {
  if (c.family === "leaper") return leaperSolve(c, o);
  if (c.family === "hopper") return hopperSolve(c);
  return locustSolve(c, o);
}

/** The solution's moves as square names (for the contribution file). */
export function solutionNames(c: CheckedPosition, first: SolutionMoves): string[] {
  return first.to.map((s) => squareName(c.board, s));
}
