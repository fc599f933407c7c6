/**
 * The replay's "try it" mode, as pure functions (no DOM, no Preact): the
 * reader's moves come from the solvers' own move generation and are judged by
 * the solvers' own counting, imported, not rewritten:
 *   leaper-capture, tour: solvers/pieces/leaper.ts and the Hamiltonian engine
 *     (solvers/hamiltonian/engine.ts) on the position left;
 *   hopper-reach: solvers/pieces/hopper.ts and the shortest-path counts of
 *     solvers/hopper/serienziel.ts;
 *   locust-capture: solvers/pieces/locust.ts and the capture counter of
 *     solvers/locust/capture.ts.
 * Replay.tsx loads this module on demand (dynamic import) when the reader
 * presses "Try it".
 */
import type { DiagramPiece, DiagramSpec, TryItRules } from "../../solvers/diagram/spec.ts";
import type { Board, Square } from "../../solvers/types.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { type Leaper, leaper } from "../../solvers/pieces/leaper.ts";
import { type Hopper, parseHopper } from "../../solvers/pieces/hopper.ts";
import {
  capturesInto,
  type LineTable,
  lineTable,
  MAN,
  NAMES_FOR_CLI as LOCUST_SYMBOLS,
  parseLocustKind,
} from "../../solvers/pieces/locust.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../solvers/hamiltonian/engine.ts";
import { exactPathCounts } from "../../solvers/hopper/serienziel.ts";
import { countCaptureSequences } from "../../solvers/locust/capture.ts";
import { numbersOf } from "./replay-model.ts";

export type PlayableRules = TryItRules;

/** The reader's game: the squares the piece has stood on (start first) and the man each move took (-1: none). */
export interface TryState {
  visited: Square[];
  captured: Square[];
}

export function startTry(rules: PlayableRules): TryState {
  return { visited: [rules.start], captured: [] };
}

/** A legal move: where the piece lands and the man it takes (-1 for none). */
export interface TryMove {
  to: Square;
  captured: Square;
}

export interface TryContext {
  rules: PlayableRules;
  board: Board;
  /** Notation symbol of the moving piece. */
  symbol: string;
  /** The shown solution as landing squares, in order. */
  solution: Square[];
  /** One byte per square: 1 = a man to capture (capture problems), or a hurdle (hopper-reach). */
  isMan: Uint8Array;
  leaper: Leaper | null;
  hopper: Hopper | null;
  locust: LineTable | null;
}

export function tryContext(rules: PlayableRules, solution: readonly Square[]): TryContext {
  const board = makeBoard(rules.board);
  const isMan = new Uint8Array(board.size);
  const ctx: TryContext = { rules, board, symbol: "", solution: [...solution], isMan, leaper: null, hopper: null, locust: null };
  switch (rules.type) {
    case "leaper-capture":
    case "tour":
      ctx.leaper = leaper(rules.leap[0], rules.leap[1]);
      ctx.symbol = ctx.leaper.symbol;
      if (rules.type === "leaper-capture") { for (const m of rules.men) isMan[m] = 1; }
      break;
    case "hopper-reach":
      ctx.hopper = parseHopper(rules.hopper);
      ctx.symbol = ctx.hopper.symbol;
      for (const h of rules.hurdles) isMan[h] = 1;
      break;
    case "locust-capture": {
      const kind = parseLocustKind(rules.locust);
      ctx.locust = lineTable(board, kind);
      ctx.symbol = LOCUST_SYMBOLS[kind];
      for (const m of rules.men) isMan[m] = 1;
      break;
    }
  }
  return ctx;
}

function current(state: TryState): Square {
  return state.visited[state.visited.length - 1];
}

/** Has the piece returned to its start (the last move of a closed problem)? */
function returned(ctx: TryContext, state: TryState): boolean {
  return state.visited.length > 1 && current(state) === ctx.rules.start;
}

/** Men not yet captured (capture problems), in the order the rules list them. */
export function remainingMen(ctx: TryContext, state: TryState): Square[] {
  const r = ctx.rules;
  if (r.type !== "leaper-capture" && r.type !== "locust-capture") return [];
  const taken = new Set(state.captured);
  return r.men.filter((m) => !taken.has(m));
}

/**
 * Legal moves from the current square, from the solvers' move generation.
 * A capturing leaper moves only by capturing a man still on the board (the sd
 * stipulation); in a closed problem it leaps back to the empty start once the
 * men are gone. A tour moves to any square not yet visited; a closed tour may
 * leap back to its start (after one move out: the out-and-back "closed tour
 * of 1"). A hopper hops over the fixed hurdles anywhere it can. A locust
 * captures a man on one of its lines by landing on the empty square behind it.
 */
export function tryMoves(ctx: TryContext, state: TryState): TryMove[] {
  const r = ctx.rules;
  const from = current(state);
  const out: TryMove[] = [];
  if (r.type === "leaper-capture" || r.type === "tour") {
    if (returned(ctx, state)) return [];
    const seen = new Uint8Array(ctx.board.size);
    for (const sq of state.visited) seen[sq] = 1;
    const closed = r.closed ?? false;
    const menLeft = r.type === "leaper-capture" ? remainingMen(ctx, state).length : 0;
    for (const to of ctx.leaper!.destinations(ctx.board, from)) {
      if (r.type === "leaper-capture") {
        if (ctx.isMan[to] && !seen[to]) out.push({ to, captured: to });
        else if (closed && menLeft === 0 && to === r.start && state.visited.length > 1) out.push({ to, captured: -1 });
      } else if (!seen[to]) out.push({ to, captured: -1 });
      else if (closed && to === r.start && state.visited.length >= 2) out.push({ to, captured: -1 });
    }
  } else if (r.type === "hopper-reach") {
    if (from === r.target && state.visited.length > 1) return [];
    for (const to of ctx.hopper!.destinations(ctx.board, from, ctx.isMan)) out.push({ to, captured: -1 });
  } else {
    const t = ctx.locust!;
    const occ = new Uint8Array(ctx.board.size);
    for (const m of remainingMen(ctx, state)) occ[m] = MAN;
    const man = new Int32Array(t.dirs);
    const land = new Int32Array(t.dirs);
    const n = capturesInto(t, from, occ, man, land);
    for (let i = 0; i < n; i++) out.push({ to: land[i], captured: man[i] });
  }
  return out.sort((a, b) => a.to - b.to);
}

/** Landing squares of the legal moves (each identifies its move: one move per line or leap). */
export function legalMoves(ctx: TryContext, state: TryState): Square[] {
  return tryMoves(ctx, state).map((m) => m.to);
}

export function applyTryMove(ctx: TryContext, state: TryState, to: Square): TryState | null {
  const move = tryMoves(ctx, state).find((m) => m.to === to);
  if (!move) return null;
  return { visited: [...state.visited, to], captured: [...state.captured, move.captured] };
}

export function undoTryMove(state: TryState): TryState {
  return state.visited.length > 1 ? { visited: state.visited.slice(0, -1), captured: state.captured.slice(0, -1) } : state;
}

/** Does the reader's game still follow the shown solution? */
export function onSolution(ctx: TryContext, state: TryState): boolean {
  for (let i = 1; i < state.visited.length; i++) if (ctx.solution[i - 1] !== state.visited[i]) return false;
  return true;
}

/** Search nodes allowed per verdict: enough for every dual-free record, small enough not to freeze the page. */
export const TRY_BUDGET = 400_000;

export type Verdict =
  /** Nothing played yet. */
  | { kind: "start"; moves: number }
  /** On the shown solution; `ways` = 0, 1 or 2 (two or more) ways to finish from here; null when the budget ran out. */
  | { kind: "on-solution"; ways: number | null }
  /** Left the solution, yet the problem can still be solved: the problem has a dual here. */
  | { kind: "dual"; ways: number }
  /** Left the solution and no way remains to solve it (capture every man; reach the target in the fewest moves). */
  | { kind: "dead-end" }
  /** Left the solution; the search budget ran out before deciding. */
  | { kind: "undecided" }
  /** Solved along the shown solution. */
  | { kind: "solved" }
  /** Solved along another way: a second solution, a dual. */
  | { kind: "solved-other" }
  /** Hopper-reach: the target reached in more moves than the shortest. */
  | { kind: "reached-late"; moves: number; shortest: number }
  /** Tours: following or leaving the shown tour, and where the reader stopped. */
  | { kind: "tour"; following: boolean; moves: number; record: number; stuck: boolean };

/**
 * How many ways (0, 1, 2 = two or more) remain to capture every man still on
 * the board from the current square; null when the budget ran out first.
 * Leapers: the engine on the graph induced on the current square and the men
 * (plus the start square as the fixed end of a closed problem); locusts: the
 * capture counter on the position.
 */
export function waysToFinish(ctx: TryContext, state: TryState, budget = TRY_BUDGET): number | null {
  const r = ctx.rules;
  if (r.type === "leaper-capture") {
    const squares = [current(state), ...remainingMen(ctx, state)];
    let end: number | undefined;
    if (r.closed) {
      squares.push(r.start);
      end = squares.length - 1;
    } else if (r.end !== undefined) {
      // A fixed last square already passed (captured earlier) can no longer be the end.
      end = squares.indexOf(r.end);
      if (end < 0) return 0;
    }
    const g = moveGraph(ctx.board, ctx.leaper!, squares);
    const c = countHamiltonianPaths(g, { start: 0, end, limit: 2, maxNodes: budget });
    if (!c.complete && c.solutions < 2) return null;
    return Math.min(2, c.solutions);
  }
  if (r.type === "locust-capture") {
    const position = { table: ctx.locust!, start: current(state), men: remainingMen(ctx, state) };
    if (!r.closed) {
      const c = countCaptureSequences(position, { limit: 2, maxNodes: budget });
      if (!c.complete && c.count < 2) return null;
      return Math.min(2, c.count);
    }
    // Closed: the last landing must be the original start, not the square the
    // counter starts from, so the sequences are walked and checked one by one.
    if (position.men.length === 0) return current(state) === r.start ? 1 : 0;
    let ways = 0;
    const c = countCaptureSequences(position, {
      maxNodes: budget,
      onSolution: (_captured, landed) => {
        if (landed[landed.length - 1] === r.start) ways++;
        return ways < 2;
      },
    });
    if (!c.complete && ways < 2) return null;
    return ways;
  }
  return null;
}

export function judge(ctx: TryContext, state: TryState, budget = TRY_BUDGET): Verdict {
  const r = ctx.rules;
  const moves = state.visited.length - 1;
  const following = onSolution(ctx, state);
  if (r.type === "tour") {
    const closingLast = r.closed && ctx.solution.length > 0 && ctx.solution[ctx.solution.length - 1] === r.start;
    const record = ctx.solution.length - (closingLast ? 1 : 0);
    const back = returned(ctx, state);
    return { kind: "tour", following, moves: moves - (back ? 1 : 0), record, stuck: legalMoves(ctx, state).length === 0 };
  }
  if (moves === 0) return { kind: "start", moves: 0 };
  if (r.type === "hopper-reach") {
    // The hurdles never move, so the hopper's graph is fixed: the target stays
    // reachable in the fewest moves exactly when moves made + distance left = shortest.
    const shortest = ctx.solution.length;
    const cur = current(state);
    if (cur === r.target) {
      if (moves > shortest) return { kind: "reached-late", moves, shortest };
      return following ? { kind: "solved" } : { kind: "solved-other" };
    }
    const { dist, count } = exactPathCounts(ctx.hopper!.rays(ctx.board), cur, ctx.isMan);
    const d = dist[r.target];
    if (d < 0 || moves + d > shortest) return { kind: "dead-end" };
    const ways = count[r.target] >= 2n ? 2 : Number(count[r.target]);
    return following ? { kind: "on-solution", ways } : { kind: "dual", ways };
  }
  if (remainingMen(ctx, state).length === 0) {
    const cur = current(state);
    const home = (r.type === "leaper-capture" && r.closed) ? returned(ctx, state) : true;
    const endOk = r.type === "leaper-capture" && !r.closed && r.end !== undefined ? cur === r.end : true;
    const closedLocustOk = r.type === "locust-capture" && r.closed ? cur === r.start : true;
    if (home && endOk && closedLocustOk) return following ? { kind: "solved" } : { kind: "solved-other" };
    if (!home) {
      // All men taken; only the leap home remains.
      const ways = waysToFinish(ctx, state, budget);
      return following ? { kind: "on-solution", ways } : ways === 0 ? { kind: "dead-end" } : { kind: "dual", ways: ways ?? 1 };
    }
    return { kind: "dead-end" };
  }
  const ways = waysToFinish(ctx, state, budget);
  if (following) return { kind: "on-solution", ways };
  if (ways === null) return { kind: "undecided" };
  return ways === 0 ? { kind: "dead-end" } : { kind: "dual", ways };
}

/** The reader's moves in the booklet's notation: "1.Z:e3" (capture), "1.Z-e3", "1.Gd4" (hop), "1.LO:b3-b4" (locust). */
export function tryLabels(ctx: TryContext, state: TryState): string[] {
  const name = (sq: Square) => squareName(ctx.board, sq);
  return state.visited.slice(1).map((sq, i) => {
    const n = `${i + 1}.${ctx.symbol}`;
    const taken = state.captured[i];
    if (ctx.rules.type === "hopper-reach") return `${n}${name(sq)}`;
    if (ctx.rules.type === "locust-capture") return `${n}:${name(taken)}-${name(sq)}`;
    return taken >= 0 ? `${n}:${name(sq)}` : `${n}-${name(sq)}`;
  });
}

/** The diagram of the reader's game: piece, men still standing, numbers and path, legal destinations ringed. */
export function trySpec(ctx: TryContext, state: TryState, initial: DiagramSpec): DiagramSpec {
  const r = ctx.rules;
  const visited = state.visited;
  const cur = current(state);
  const mover = initial.pieces.find((p) => p.square === r.start) ??
    {
      square: r.start,
      glyph: r.type === "hopper-reach" ? r.hopper : r.type === "locust-capture" ? r.locust : `leaper:${r.leap[0]},${r.leap[1]}`,
      colour: "white" as const,
    };
  const taken = new Set(state.captured);
  const pieces: DiagramPiece[] = initial.pieces.filter((p) => p.square !== r.start && !taken.has(p.square));
  pieces.push({ ...mover, square: cur });
  const marks: NonNullable<DiagramSpec["marks"]> = (initial.marks ?? []).filter((m) => m.kind === "target");
  for (const square of legalMoves(ctx, state)) marks.push({ square, kind: "target" });
  marks.push({ square: cur, kind: "start" });
  const numbers = r.type === "locust-capture" ? state.captured.map((square, i) => ({ square, label: String(i + 1) })) : numbersOf(visited);
  return { board: initial.board, pieces, numbers, path: visited.length > 1 ? visited : undefined, marks };
}

export function nameOf(board: Board, sq: Square): string {
  return squareName(board, sq);
}
