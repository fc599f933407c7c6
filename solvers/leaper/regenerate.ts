/**
 * Regeneration of a leaper table cell: our own search, given only the cell
 * (kind, leaper, board, claimed value) and never the published witness, looks
 * for a witness of the claimed value and reports the best value it reached.
 *
 * - dual-free, method 1 (the booklet's direct generation, shared/sources/000
 *   lines 689-780): sequences grown move by move from each canonical start,
 *   dropping a position only when a second full-length solution ends on the same
 *   square (directSearch); Warnsdorff order, the booklet's limited branching
 *   (only the first 2 or 3 extensions, lines 1093-1099), with and without the
 *   far-from-centre tie-break (line 848), then without a cap. The longest
 *   dual-free sequence met on the way is the lower bound reported when the claim
 *   is not reached.
 * - dual-free, method 2 (free squares, lines 869-905): k = 0, 1, 2, … empty
 *   squares in the start's component, i.e. L from the component size down; each
 *   position goes through the one-level tests before the engine (freeSquaresSearch).
 *   The first L with a hit is the longest dual-free length, proven so when every
 *   longer L was covered exhaustively.
 * - dual-free, local search (dual-free-local.ts, our addition, not the booklet's):
 *   a dual-free sequence changed one or two men at a time (add, swap, remove),
 *   every step re-decided by the engine, with tabu and restarts. A heuristic:
 *   it proves nothing, but on 8x8 it reaches in seconds lengths that direct
 *   generation does not reach in minutes.
 * - auto: method 2 when its positions down to the claim are few; else, with a
 *   budget, the local search for half of it and then method 1 for the rest;
 *   without a budget method 1 alone (it then runs until it is exhaustive).
 * - open and closed tours: Warnsdorff depth-first search with backtracking, plain
 *   order then the far-from-centre tie-break, stopping at the claimed length
 *   (longest-tour.ts, option target).
 * - access: breadth-first search from the cell's square.
 *
 * Pure: no I/O; the command line is scripts/families/leaper/extra/regenerate.ts (`atlas regenerate leaper`).
 */
import type { Board, Square } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import { leaper } from "../pieces/leaper.ts";
import { moveGraph } from "../graph/graph.ts";
import { decideUnique } from "../hamiltonian/engine.ts";
import type { AtlasRecord } from "./schema.ts";
import { checkPath } from "./check.ts";
import { access } from "./access.ts";
import {
  type Coverage,
  type DirectPhase,
  directRounds,
  type DualFreeWitness,
  freeSquaresPositions,
  freeSquaresSearch,
  maxPossibleLength,
} from "./dual-free-search.ts";
import { localDualFreeSearch } from "./dual-free-local.ts";
import { longestClosedTour, longestOpenTour, type TourResult } from "./longest-tour.ts";

export type RegenerateMethod = "1" | "2" | "local" | "auto";
export const REGENERATE_METHODS: readonly RegenerateMethod[] = ["1", "2", "local", "auto"];

/** Steps of the local search when it runs without a clock (method "local" with no budget). */
export const LOCAL_STEPS_UNBUDGETED = 20000;

/** Share of the budget the local search gets in auto before method 1 takes the rest. */
const LOCAL_SHARE_IN_AUTO = 0.5;

/** What the search is told about a cell: no witness. */
export interface RegenerateCell {
  kind: "dual-free" | "open" | "closed" | "access";
  leap: [number, number];
  board: number[];
  claim: number;
  /** Access: the square counted from (default a1). */
  from?: string;
}

export interface RegenerateOptions {
  method?: RegenerateMethod;
  budgetMs?: number;
  now?: () => number;
  /** auto: method 2 when it has at most this many positions from the top down to the claim (default 2e6). */
  freeSquaresLimit?: number;
  /** Called when the best value found so far grows. */
  onProgress?: (best: number) => void;
}

export interface RegenerateResult {
  /** Best value our search reached (null: nothing, e.g. method 2 ran out of time above every hit). */
  value: number | null;
  /** value reached the claim (access: equals it, an access count is exact). */
  reached: boolean;
  /** How the best value was found, e.g. "method-1:direct-capped", "method-2:free-squares", "tour:warnsdorff", "bfs". */
  method: string;
  /** The witness of `value` (access: the square counted from, no moves). */
  witness: { start: string; moves: string[] } | null;
  /** Search nodes spent (positions + engine nodes). */
  nodes: number;
  ms: number;
  /** No longer value exists: every longer length was covered exhaustively. */
  exhaustive: boolean;
  /** What ran, in order, with how each phase ended. */
  phases: string[];
}

/** The cell part of a table record (throws on a kind that has no regeneration). */
export function cellOf(r: AtlasRecord): RegenerateCell {
  if (r.kind === "dual-free-fixed-end") throw new Error(`${r.id}: fixed-end records are not table cells`);
  return {
    kind: r.kind,
    leap: [r.piece.leap[0], r.piece.leap[1]],
    board: [...r.board],
    claim: r.claim.value,
    ...(r.from ? { from: r.from } : {}),
  };
}

/** The booklet's limited branching first (caps 2, 3, each in both tie-break orders), then no cap. */
export const METHOD_1_PLAN: readonly DirectPhase[] = [
  { cap: 2, share: 0.1 },
  { cap: 2, share: 0.12, farFirst: true },
  { cap: 3, share: 0.2 },
  { cap: 3, share: 0.3, farFirst: true },
  { cap: Infinity, share: 1, farFirst: true },
];

function describePhase(c: Coverage): string {
  return `${c.method}${c.exhaustive ? "" : c.stoppedBy ? `(${c.stoppedBy})` : "(found)"}`;
}

function names(board: Board, squares: readonly Square[]): string[] {
  return squares.map((s) => squareName(board, s));
}

export function regenerateCell(cell: RegenerateCell, o: RegenerateOptions = {}): RegenerateResult {
  const now = o.now ?? Date.now;
  const t0 = now();
  const deadline = o.budgetMs === undefined ? Infinity : t0 + o.budgetMs;
  const left = () => Math.max(0, deadline - now());
  const budget = (ms: number) => (Number.isFinite(ms) ? { budgetMs: ms } : {});
  const board = makeBoard(cell.board);
  const leap = cell.leap;
  const claim = cell.claim;
  const out = (r: Omit<RegenerateResult, "ms" | "reached">): RegenerateResult => ({
    ...r,
    reached: r.value !== null && (cell.kind === "access" ? r.value === claim : r.value >= claim),
    ms: now() - t0,
  });

  if (cell.kind === "access") {
    const from = parseSquare(board, cell.from ?? "a1");
    const value = access(board, leap, from);
    o.onProgress?.(value);
    return out({
      value,
      method: "bfs",
      witness: { start: squareName(board, from), moves: [] },
      nodes: value + 1,
      exhaustive: true,
      phases: ["bfs"],
    });
  }

  if (cell.kind === "open" || cell.kind === "closed") {
    const solve = cell.kind === "open" ? longestOpenTour : longestClosedTour;
    let best: TourResult | null = null;
    let nodes = 0;
    const phases: string[] = [];
    for (const [farFirst, share] of [[false, 0.5], [true, 1]] as const) {
      const ms = Number.isFinite(deadline) ? left() * share : Infinity;
      const r = solve(board, leap, { target: claim, farFirst, ...budget(ms), now });
      nodes += r.nodes;
      phases.push(`tour:${r.method}${farFirst ? "+far" : ""}${r.exhaustive ? "(exhaustive)" : ""}`);
      if (!best || r.value > best.value) {
        best = r;
        o.onProgress?.(r.value);
      }
      // Reached, or settled exhaustively (a second order cannot change a proven maximum).
      if (r.value >= claim || r.exhaustive || left() <= 0) break;
    }
    const r = best!;
    return out({
      value: r.value,
      method: `tour:${r.method}`,
      witness: { start: squareName(board, r.path[0]), moves: names(board, r.path.slice(1)) },
      nodes,
      exhaustive: r.exhaustive,
      phases,
    });
  }

  // dual-free
  const top = maxPossibleLength(board, leap);
  let method = o.method ?? "auto";
  const auto = method === "auto";
  if (method === "auto") {
    const limit = o.freeSquaresLimit ?? 2e6;
    let total = 0;
    for (let L = top; L >= claim && total <= limit; L--) total += freeSquaresPositions(board, leap, L);
    method = total <= limit ? "2" : "1";
  }
  const witnessOf = (w: DualFreeWitness) => ({ start: squareName(board, w.start), moves: names(board, w.moves) });

  if (method === "2") {
    // k = 0, 1, 2, …: L from the top down; the first hit is the longest length.
    const phases: string[] = [];
    let nodes = 0;
    let exhaustive = true;
    for (let L = top; L >= 0; L--) {
      if (left() <= 0) break;
      const r = freeSquaresSearch(board, leap, L, { ...budget(left()), now });
      nodes += r.coverage.positions + r.coverage.engineNodes;
      if (r.witness) {
        phases.push(`free-squares L=${L}(found)`);
        o.onProgress?.(L);
        return out({ value: L, method: `method-2:${r.witness.method}`, witness: witnessOf(r.witness), nodes, exhaustive, phases });
      }
      phases.push(`free-squares L=${L}${r.coverage.exhaustive ? "" : `(${r.coverage.stoppedBy})`}`);
      if (!r.coverage.exhaustive) exhaustive = false;
    }
    return out({ value: null, method: "method-2:free-squares", witness: null, nodes, exhaustive: false, phases });
  }

  let bestSoFar = 0;
  const progress = (v: number): void => {
    if (v > bestSoFar) {
      bestSoFar = v;
      o.onProgress?.(v);
    }
  };
  let localBest: DualFreeWitness | null = null;
  const localPhases: string[] = [];
  let localNodes = 0;
  if (method === "local" || (auto && Number.isFinite(deadline))) {
    const share = method === "local" ? 1 : LOCAL_SHARE_IN_AUTO;
    const r = localDualFreeSearch(board, leap, {
      target: claim,
      now,
      ...(Number.isFinite(deadline) ? { budgetMs: left() * share } : { maxSteps: LOCAL_STEPS_UNBUDGETED }),
      onImprove: (w) => progress(w.moves.length),
    });
    localNodes = r.coverage.positions + r.coverage.engineNodes;
    localPhases.push(`local${r.witness ? "(found)" : `(${r.coverage.stoppedBy ?? "steps"})`}`);
    localBest = r.longest ?? null;
    if (r.witness) {
      return out({
        value: r.witness.moves.length,
        method: "local-search",
        witness: witnessOf(r.witness),
        nodes: localNodes,
        exhaustive: false,
        phases: localPhases,
      });
    }
    if (method === "local") {
      const w = localBest;
      return out({
        value: w ? w.moves.length : null,
        method: "local-search",
        witness: w ? witnessOf(w) : null,
        nodes: localNodes,
        exhaustive: false,
        phases: localPhases,
      });
    }
  }
  const r = directRounds(board, leap, claim, METHOD_1_PLAN, {
    now,
    deadline,
    onSlice: ({ longest }) => progress(longest?.moves.length ?? 0),
  });
  const nodes = localNodes + r.phases.reduce((a, p) => a + p.positions + p.engineNodes, 0);
  const phases = [...localPhases, ...r.phases.map(describePhase)];
  if (r.witness) {
    o.onProgress?.(claim);
    return out({ value: claim, method: `method-1:${r.witness.method}`, witness: witnessOf(r.witness), nodes, exhaustive: false, phases });
  }
  // The longer lower bound of the two searches (local first on a tie).
  const fromLocal = localBest !== null && localBest.moves.length >= (r.longest?.moves.length ?? 0);
  const w = fromLocal ? localBest : r.longest ?? null;
  return out({
    value: w ? w.moves.length : null,
    method: fromLocal ? "local-search" : "method-1:direct",
    witness: w ? witnessOf(w) : null,
    nodes,
    exhaustive: false,
    phases,
  });
}

// ---------------------------------------------------------------------------
// Checking stored regeneration data (used by verify)

/**
 * Errors in a record's `established.regenerated`, given the witness the
 * regeneration report keeps for the record (null when it has none). The stored
 * value must be what that witness shows: a legal leaper path of exactly that many
 * moves, dual-free (exactly one solution) for dual-free cells, closing for closed
 * tours; an access value must equal the breadth-first count. A regenerated value
 * above a claim proven maximal here contradicts the certificate.
 */
export function regeneratedErrors(r: AtlasRecord, witness: { start: string; moves: string[] } | null): string[] {
  const reg = r.established.regenerated;
  if (!reg) return [];
  const errors: string[] = [];
  if (r.established.maximality.status === "proven-here" && reg.value > r.claim.value) {
    errors.push(`regenerated value ${reg.value} exceeds the claim ${r.claim.value} that a certificate proves maximal`);
  }
  let board: Board;
  try {
    board = makeBoard(r.board);
  } catch (e) {
    return [...errors, (e as Error).message];
  }
  let piece: ReturnType<typeof leaper>;
  try {
    piece = leaper(r.piece.leap[0], r.piece.leap[1]);
  } catch (e) {
    return [...errors, (e as Error).message];
  }
  if (r.kind === "access") {
    let from: Square;
    try {
      from = parseSquare(board, r.from ?? "a1");
    } catch (e) {
      return [...errors, (e as Error).message];
    }
    const value = access(board, [r.piece.leap[0], r.piece.leap[1]], from);
    if (value !== reg.value) errors.push(`regenerated access ${reg.value} differs from the breadth-first count ${value}`);
    return errors;
  }
  if (!witness) return [...errors, `regenerated value ${reg.value} has no witness in the regeneration report`];
  if (witness.moves.length !== reg.value) {
    errors.push(`regenerated value ${reg.value} but the regeneration witness has ${witness.moves.length} moves`);
  }
  const namesIn = [witness.start, ...witness.moves];
  let path: Square[];
  try {
    path = namesIn.map((n) => parseSquare(board, n));
  } catch (e) {
    return [...errors, `regeneration witness: ${(e as Error).message}`];
  }
  const ctx = { errors: [] as string[], nodes: 0 };
  if (!checkPath(board, piece, path, namesIn, ctx)) return [...errors, ...ctx.errors.map((e) => `regeneration witness: ${e}`)];
  if (r.kind === "closed" && path.length > 1 && !piece.destinations(board, path[path.length - 1]).includes(path[0])) {
    errors.push("regeneration witness: the closed tour does not close");
  }
  if (r.kind === "dual-free" || r.kind === "dual-free-fixed-end") {
    const u = decideUnique(moveGraph(board, piece, path), { start: 0 });
    if (!u.unique) errors.push("regeneration witness: not dual-free (not exactly one solution)");
  }
  return errors;
}
