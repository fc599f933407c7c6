/**
 * Hopper tours over a movable hurdle (booklet part II, chapter 5, lines
 * 4499-5048): a white hopper and one more white piece, the hurdle, move in
 * turn — hopper, hurdle, hopper, ... — and the hopper must never land on a
 * square it has stood on (lines 4502-4505: "the grasshopper visits all
 * squares and never enters one twice; the knight's moves may go anywhere,
 * also to squares where it has already been"). The two pieces are alone on
 * the board, so
 *   - the hopper jumps over the hurdle when the hurdle lies on one of its
 *     lines (nothing else can stand in between) and lands on the next square
 *     of that line, which must be on the board and not yet visited;
 *   - the hurdle moves as its piece does; a rider is stopped only by the
 *     hopper, and no hurdle move may end on the hopper's square (both white).
 *
 * The search state after a hopper move is (hopper square p, hurdle square h,
 * visited set): the hurdle then moves h -> h' and the hopper jumps over h'.
 * This module precomputes, per (p, h), the pairs (h', q) of such a combined
 * step, so a search node only walks a CSR list.
 */
import type { Board, Square, Vector } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { leapVectors, normaliseLeap, parseLeaper } from "../pieces/leaper.ts";
import { unitDirections } from "../pieces/rider.ts";

/** The movable hurdle: a leaper (the knight is [1,2]), a rider (the nightrider rides knight steps) or the king. */
export type HurdleSpec =
  | { type: "leaper"; leap: [number, number] }
  | { type: "rider"; rider: "rook" | "bishop" | "queen" | "nightrider" }
  | { type: "king" };

const RIDERS = ["rook", "bishop", "queen", "nightrider"] as const;

/** Stable key of a hurdle: "rook", "queen", "bishop", "nightrider", "king", "knight" or "leaper-a-b". */
export function hurdleKey(h: HurdleSpec): string {
  if (h.type === "king") return "king";
  if (h.type === "rider") return h.rider;
  const [a, b] = normaliseLeap(h.leap[0], h.leap[1]);
  return a === 1 && b === 2 ? "knight" : `leaper-${a}-${b}`;
}

/** Read "rook", "queen", "bishop", "nightrider", "king", "knight", "leaper-0-1", "wazir", "0,1". */
export function parseHurdle(text: string): HurdleSpec {
  const t = text.trim().toLowerCase();
  if (t === "king") return { type: "king" };
  if ((RIDERS as readonly string[]).includes(t)) return { type: "rider", rider: t as typeof RIDERS[number] };
  const m = /^leaper-(\d+)-(\d+)$/.exec(t);
  const l = m ? parseLeaper([Number(m[1]), Number(m[2])]) : parseLeaper(t);
  return { type: "leaper", leap: normaliseLeap(l.leap[0], l.leap[1]) };
}

/** Rays of the hurdle riders: the same lines as the matching hopper's. */
const RIDER_LINES: Record<typeof RIDERS[number], HopperKind> = {
  rook: "rookhopper",
  bishop: "bishophopper",
  queen: "grasshopper",
  nightrider: "nightriderhopper",
};

export interface TourTable {
  readonly board: Board;
  readonly hopper: HopperKind;
  readonly hurdle: HurdleSpec;
  readonly size: number;
  /** landing[p*size + x]: where the hopper on p lands when the only other piece stands on x; -1 if it cannot jump. */
  readonly landing: Int32Array;
  /** Hurdle moves from h with the hopper on p: moveDest[moveStart[p*size+h] .. moveStart[p*size+h+1]-1]. */
  readonly moveStart: Int32Array;
  readonly moveDest: Int32Array;
  /** Combined steps from (p, h): hurdle to stepHurdle[i], then the hopper to stepLand[i]. */
  readonly stepStart: Int32Array;
  readonly stepHurdle: Int32Array;
  readonly stepLand: Int32Array;
  /** Set by reversedTable: landing is then only the unique predecessor, so no square graph may be built from it. */
  readonly reversed?: true;
}

function offsetSquare(board: Board, c: readonly number[], v: Vector): number {
  let sq = 0;
  for (let i = 0; i < c.length; i++) {
    const p = c[i] + v[i];
    if (p < 0 || p >= board.dims[i]) return -1;
    sq += p * board.strides[i];
  }
  return sq;
}

const tableCache = new WeakMap<Board, Map<string, TourTable>>();

export function tourTable(board: Board, hopperKind: HopperKind, hurdle: HurdleSpec): TourTable {
  const key = `${hopperKind}/${hurdleKey(hurdle)}`;
  let perBoard = tableCache.get(board);
  if (!perBoard) tableCache.set(board, perBoard = new Map());
  const hit = perBoard.get(key);
  if (hit) return hit;
  const n = board.size;
  const d = board.dims.length;
  const landing = new Int32Array(n * n).fill(-1);
  const hr = hopper(hopperKind).rays(board);
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < hr.directions; k++) {
      const a = hr.start[p * hr.directions + k], b = hr.start[p * hr.directions + k + 1];
      for (let i = a; i + 1 < b; i++) landing[p * n + hr.sq[i]] = hr.sq[i + 1];
    }
  }
  const moveStart = new Int32Array(n * n + 1);
  const moves: number[] = [];
  const coords = Array.from({ length: n }, (_, s) => coordsOf(board, s));
  let steps: Vector[] = [];
  if (hurdle.type === "leaper") steps = leapVectors(hurdle.leap, d);
  else if (hurdle.type === "king") steps = unitDirections(d, 1, d);
  const rr = hurdle.type === "rider" ? hopper(RIDER_LINES[hurdle.rider]).rays(board) : null;
  for (let p = 0; p < n; p++) {
    for (let h = 0; h < n; h++) {
      moveStart[p * n + h] = moves.length;
      if (h === p) continue;
      if (rr) {
        for (let k = 0; k < rr.directions; k++) {
          const a = rr.start[h * rr.directions + k], b = rr.start[h * rr.directions + k + 1];
          // A rider stops before the hopper: it may not pass it nor take it.
          for (let i = a; i < b && rr.sq[i] !== p; i++) moves.push(rr.sq[i]);
        }
      } else {
        for (const v of steps) {
          const t = offsetSquare(board, coords[h], v);
          if (t >= 0 && t !== p) moves.push(t);
        }
      }
    }
  }
  moveStart[n * n] = moves.length;
  const moveDest = Int32Array.from(moves);
  const stepStart = new Int32Array(n * n + 1);
  const sh: number[] = [], sl: number[] = [];
  for (let ph = 0; ph < n * n; ph++) {
    stepStart[ph] = sh.length;
    const p = Math.floor(ph / n);
    for (let i = moveStart[ph]; i < moveStart[ph + 1]; i++) {
      const q = landing[p * n + moveDest[i]];
      if (q >= 0) {
        sh.push(moveDest[i]);
        sl.push(q);
      }
    }
  }
  stepStart[n * n] = sh.length;
  const t: TourTable = {
    board,
    hopper: hopperKind,
    hurdle,
    size: n,
    landing,
    moveStart,
    moveDest,
    stepStart,
    stepHurdle: Int32Array.from(sh),
    stepLand: Int32Array.from(sl),
  };
  perBoard.set(key, t);
  return t;
}

/** Is h -> to a hurdle move with the hopper on p? */
export function isHurdleMove(t: TourTable, p: Square, h: Square, to: Square): boolean {
  const ph = p * t.size + h;
  for (let i = t.moveStart[ph]; i < t.moveStart[ph + 1]; i++) if (t.moveDest[i] === to) return true;
  return false;
}

/**
 * The table `t` with the tour's steps taken from `inner` only: a hurdle whose moves are a subset of t's
 * (a knight inside a nightrider: every knight move is a nightrider move of one step, which nothing can
 * block). The hurdle's moves (moveStart/moveDest, hence isHurdleMove and the cyclic return) stay t's.
 * A search on it covers the tours of t whose hurdle moves during the tour are inner's moves and whose
 * closing return may be any move of t: a sub-space of t's tours, so what it finds is a tour of t, and
 * what it fails to find says nothing about t's other tours. Throws when inner's steps are not t's.
 */
export function restrictSteps(t: TourTable, inner: TourTable): TourTable {
  if (inner.board !== t.board || inner.hopper !== t.hopper) throw new Error("restrictSteps: tables of different boards or hoppers");
  const n = t.size;
  for (let ph = 0; ph < n * n; ph++) {
    const p = Math.floor(ph / n), h = ph % n;
    for (let i = inner.stepStart[ph]; i < inner.stepStart[ph + 1]; i++) {
      if (!isHurdleMove(t, p, h, inner.stepHurdle[i])) {
        throw new Error(
          `restrictSteps: ${hurdleKey(inner.hurdle)} move ${h}-${inner.stepHurdle[i]} is not a move of ${hurdleKey(t.hurdle)}`,
        );
      }
    }
  }
  return { ...t, stepStart: inner.stepStart, stepHurdle: inner.stepHurdle, stepLand: inner.stepLand };
}

/**
 * The time-reversed table (for a search that starts from a tour's known end): a state (q, h) is the hopper
 * on q, just landed over the hurdle on h. A reversed step undoes the hurdle's move and the jump before it:
 * the hurdle goes back to h2, where h2 -> h is a move of t with the hopper on q, and the hopper back to a p
 * with landing[p, h2] = q (a hopper can come from several squares of the line, one step each). Moves are
 * reversed the same way (moveDest lists h2 for h2 -> h), so the cyclic return of a reversed tour is the
 * forward tour's return read backwards. landing[q, h] is the predecessor p where it is unique, else -1
 * (the reversed tour's first jump; the search's roots must have one). reverseCyclicTour turns a cyclic tour
 * found here into the forward tour.
 */
export function reversedTable(t: TourTable): TourTable {
  const n = t.size;
  const pre: number[][] = Array.from({ length: n * n }, () => []);
  for (let p = 0; p < n; p++) {
    for (let x = 0; x < n; x++) {
      const q = t.landing[p * n + x];
      if (q >= 0) pre[q * n + x].push(p);
    }
  }
  const landing = new Int32Array(n * n).fill(-1);
  for (let i = 0; i < n * n; i++) if (pre[i].length === 1) landing[i] = pre[i][0];
  const back: number[][] = Array.from({ length: n * n }, () => []);
  for (let q = 0; q < n; q++) {
    for (let h2 = 0; h2 < n; h2++) {
      for (let i = t.moveStart[q * n + h2]; i < t.moveStart[q * n + h2 + 1]; i++) back[q * n + t.moveDest[i]].push(h2);
    }
  }
  const moveStart = new Int32Array(n * n + 1), stepStart = new Int32Array(n * n + 1);
  const md: number[] = [], sh: number[] = [], sl: number[] = [];
  for (let qh = 0; qh < n * n; qh++) {
    moveStart[qh] = md.length;
    stepStart[qh] = sh.length;
    const q = Math.floor(qh / n);
    for (const h2 of back[qh]) {
      md.push(h2);
      for (const p of pre[q * n + h2]) {
        sh.push(h2);
        sl.push(p);
      }
    }
  }
  moveStart[n * n] = md.length;
  stepStart[n * n] = sh.length;
  return {
    ...t,
    landing,
    moveStart,
    moveDest: Int32Array.from(md),
    stepStart,
    stepHurdle: Int32Array.from(sh),
    stepLand: Int32Array.from(sl),
    reversed: true,
  };
}

/** The forward tour of a cyclic tour found on reversedTable(t) (the same squares and moves, read backwards). */
export function reverseCyclicTour(
  rev: { start: Square; hurdle: Square; hopper: Square[]; hurdleMoves: Square[] },
): { start: Square; hurdle: Square; hopper: Square[]; hurdleMoves: Square[] } {
  const m = rev.hurdleMoves.length;
  if (rev.hopper.length < 2 || m !== rev.hopper.length) throw new Error("reverseCyclicTour: not a cyclic tour");
  const hurdle = rev.hurdleMoves[m - 2];
  return {
    start: rev.start,
    hurdle,
    hopper: [...rev.hopper.slice(0, -1).reverse(), rev.start],
    hurdleMoves: [...rev.hurdleMoves.slice(0, -2).reverse(), rev.hurdle, hurdle],
  };
}
