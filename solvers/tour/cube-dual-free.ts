/**
 * Longest dual-free sequences of a leaper on a k×k×k cube (issue 7, boards in
 * three and more dimensions): a start and L men such that the capture order is
 * the only Hamiltonian path from the start in the graph induced on start + men
 * (free end), the booklet's sd=L on a cube.
 *
 * Two stages, both deterministic (no clock decides anything, so a rerun gives
 * the same record on any machine):
 * 1. A lower bound from the local search (leaper/dual-free-local.ts) with a
 *    fixed step count and seed: every state it returns is dual-free.
 * 2. When the free-squares positions of every longer length together stay
 *    under a limit, each length from the largest conceivable one (the start's
 *    component minus the start, `maxPossibleLength`) down to the bound + 1 is
 *    enumerated exhaustively by method 2 of leaper/dual-free-search.ts. The
 *    first length with a dual-free position is the maximum (all longer ones
 *    were refuted); when none has one, the local search's length is. Without a
 *    node cap or clock that enumeration is exhaustive (it reports so, and we
 *    refuse to call anything proven otherwise).
 * Otherwise the value is only the best found, with the steps spent.
 */
import type { Board, Square } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { freeSquaresPositions, freeSquaresSearch, maxPossibleLength } from "../leaper/dual-free-search.ts";
import { localDualFreeSearch } from "../leaper/dual-free-local.ts";

export interface LengthCoverage {
  length: number;
  /** Placements of the empty squares enumerated over all canonical starts (symmetric images included). */
  positions: number;
  /** Positions that passed the one-level tests and the symmetry filter and went to the engine. */
  engineCalls: number;
  engineNodes: number;
}

export interface CubeDualFree {
  value: number;
  start: Square;
  /** The men in capture order. */
  moves: Square[];
  proven: boolean;
  /** Largest conceivable length: the biggest component of a canonical start, minus the start. */
  bound: number;
  /** Lengths value+1..bound refuted exhaustively (descending); empty when not proven or value = bound. */
  refuted: LengthCoverage[];
  /** The free-squares run that found the witness at `value` (null: the local search's witness stands). */
  found: LengthCoverage | null;
  /** Free-squares positions of all lengths above the local bound: what the proof costs. */
  positionsAbove: number;
  local: { steps: number; seed: number; best: number; engineCalls: number; ms: number };
  ms: number;
}

export interface CubeDualFreeOptions {
  /** Local search steps (default 40000). */
  localSteps?: number;
  seed?: number;
  /** Run the exhaustive stage only when the positions above the local bound total at most this (default 1.2e7). */
  freeSquaresLimit?: number;
  /** Clock for the reported times only (default Date.now). */
  now?: () => number;
  /** Called before each length of the exhaustive stage (longest first) with the positions it will enumerate. */
  onLength?: (length: number, positions: number, lengthsLeft: number) => void;
}

export class CubeDualFreeError extends Error {
  override name = "CubeDualFreeError";
}

/** Longest dual-free sequence of the [x,y] leaper on the board (any dimension; named for the cubes it serves). */
export function cubeDualFree(board: Board, leap: readonly [number, number], o: CubeDualFreeOptions = {}): CubeDualFree {
  const now = o.now ?? Date.now;
  const t0 = now();
  const steps = o.localSteps ?? 40000;
  const seed = o.seed ?? 1;
  const limit = o.freeSquaresLimit ?? 1.2e7;
  const local = localDualFreeSearch(board, leap, { maxSteps: steps, seed });
  const lw = local.witness;
  if (!lw) throw new CubeDualFreeError(`the [${leap}] leaper has no move on ${board.dims.join("x")}`);
  const localInfo = { steps, seed, best: lw.moves.length, engineCalls: local.coverage.engineCalls, ms: now() - t0 };
  const bound = maxPossibleLength(board, leap);
  let positionsAbove = 0;
  for (let L = lw.moves.length + 1; L <= bound; L++) positionsAbove += freeSquaresPositions(board, leap, L);
  const base = { bound, positionsAbove, local: localInfo };
  if (positionsAbove > limit) {
    return {
      ...base,
      value: lw.moves.length,
      start: lw.start,
      moves: [...lw.moves],
      proven: false,
      refuted: [],
      found: null,
      ms: now() - t0,
    };
  }
  const refuted: LengthCoverage[] = [];
  for (let L = bound; L > lw.moves.length; L--) {
    o.onLength?.(L, freeSquaresPositions(board, leap, L), L - lw.moves.length);
    const r = freeSquaresSearch(board, leap, L);
    const c = r.coverage;
    const cov = { length: L, positions: c.positions, engineCalls: c.engineCalls, engineNodes: c.engineNodes };
    if (r.witness) {
      return { ...base, value: L, start: r.witness.start, moves: [...r.witness.moves], proven: true, refuted, found: cov, ms: now() - t0 };
    }
    if (!c.exhaustive) throw new CubeDualFreeError(`internal: the enumeration of length ${L} was not exhaustive (${c.stoppedBy})`);
    refuted.push(cov);
  }
  return { ...base, value: lw.moves.length, start: lw.start, moves: [...lw.moves], proven: true, refuted, found: null, ms: now() - t0 };
}

/** The table leapers [x,y] (x <= y <= 7) that can move on a k×k×k cube: y <= k - 1. */
export function cubeLeapers(k: number): [number, number][] {
  const out: [number, number][] = [];
  for (let x = 0; x <= 7; x++) for (let y = Math.max(x, 1); y <= 7; y++) if (y <= k - 1) out.push([x, y]);
  return out;
}

export function cube(k: number): Board {
  return makeBoard([k, k, k]);
}
