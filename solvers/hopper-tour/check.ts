/**
 * Replaying a hopper tour over a movable hurdle move by move, from the
 * geometry alone (coordinates and direction vectors, no precomputed table):
 * verify uses it on every witness, and the tests use it as the plain
 * reference for table.ts.
 */
import type { Board, Square } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { hopperDirections, type HopperKind } from "../pieces/hopper.ts";
import { normaliseLeap } from "../pieces/leaper.ts";
import type { HurdleSpec } from "./table.ts";
import type { TourMode, TourPath } from "./search.ts";

/** If delta is k·u for a direction u of `dirs` and k >= 1, return k (else 0). */
function multipleOf(delta: readonly number[], dirs: readonly (readonly number[])[]): { k: number; u: readonly number[] } | null {
  for (const u of dirs) {
    let k = 0, ok = true;
    for (let i = 0; i < delta.length && ok; i++) {
      if (u[i] === 0) {
        if (delta[i] !== 0) ok = false;
      } else {
        if (delta[i] % u[i] !== 0) ok = false;
        else {
          const ki = delta[i] / u[i];
          if (ki <= 0 || (k !== 0 && ki !== k)) ok = false;
          else k = ki;
        }
      }
    }
    if (ok && k > 0) return { k, u };
  }
  return null;
}

function riderDirs(rider: "rook" | "bishop" | "queen" | "nightrider", dims: number): number[][] {
  const kind: HopperKind = rider === "rook"
    ? "rookhopper"
    : rider === "bishop"
    ? "bishophopper"
    : rider === "queen"
    ? "grasshopper"
    : "nightriderhopper";
  return hopperDirections(kind, dims).map((v) => [...v]);
}

/** Where the hopper on `from` lands jumping the hurdle on `over` (the only other piece), or -1. */
export function hopperLanding(board: Board, kind: HopperKind, from: Square, over: Square): number {
  const a = coordsOf(board, from), b = coordsOf(board, over);
  const m = multipleOf(b.map((v, i) => v - a[i]), hopperDirections(kind, board.dims.length));
  if (!m) return -1;
  let sq = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i] + m.u[i];
    if (c < 0 || c >= board.dims[i]) return -1;
    sq += c * board.strides[i];
  }
  return sq;
}

/** Is from -> to a move of the hurdle piece with the hopper standing on `blocker`? */
export function hurdleMoveLegal(board: Board, hurdle: HurdleSpec, from: Square, to: Square, blocker: Square): boolean {
  if (to === from || to === blocker) return false;
  const a = coordsOf(board, from), b = coordsOf(board, to);
  const delta = b.map((v, i) => v - a[i]);
  if (hurdle.type === "king") return delta.every((v) => Math.abs(v) <= 1);
  if (hurdle.type === "leaper") {
    const nz = delta.filter((v) => v !== 0).map(Math.abs);
    const [x, y] = normaliseLeap(hurdle.leap[0], hurdle.leap[1]);
    if (x === 0) return nz.length === 1 && nz[0] === y;
    if (nz.length !== 2) return false;
    const [p, q] = nz[0] <= nz[1] ? nz : [nz[1], nz[0]];
    return p === x && q === y;
  }
  const m = multipleOf(delta, riderDirs(hurdle.rider, board.dims.length));
  if (!m) return false;
  // The hopper blocks the line when it stands strictly between.
  const c = coordsOf(board, blocker);
  for (let j = 1; j < m.k; j++) if (a.every((v, i) => v + j * m.u[i] === c[i])) return false;
  return true;
}

export type TourReplay = { value: number; squares: Square[] } | { error: string; at: number };

/**
 * Check a tour against the rules of `mode`: every hurdle move legal with the
 * hopper as the only blocker, every hopper move a jump over the hurdle to a
 * square never stood on, closure and cyclic return as the mode asks.
 */
export function replayTour(board: Board, kind: HopperKind, hurdle: HurdleSpec, path: TourPath, mode: TourMode): TourReplay {
  const n = board.size;
  const inside = (s: number) => Number.isInteger(s) && s >= 0 && s < n;
  if (!inside(path.start) || !inside(path.hurdle)) return { error: "start or hurdle square off the board", at: 0 };
  if (path.start === path.hurdle) return { error: "hopper and hurdle on the same square", at: 0 };
  const closedTour = mode !== "open";
  const hopperMoves = path.hopper.length;
  const wantHurdle = hopperMoves - 1 + (mode === "cyclic" ? 1 : 0);
  if (path.hurdleMoves.length !== wantHurdle) {
    return { error: `expected ${wantHurdle} hurdle moves for ${hopperMoves} hopper moves, got ${path.hurdleMoves.length}`, at: 0 };
  }
  if (closedTour && hopperMoves < 2) return { error: "a closed tour needs a move out and the return", at: 0 };
  const seen = new Uint8Array(n);
  seen[path.start] = 1;
  let p = path.start, h = path.hurdle;
  const squares = [p];
  for (let i = 0; i < hopperMoves; i++) {
    if (i > 0) {
      const to = path.hurdleMoves[i - 1];
      if (!inside(to) || !hurdleMoveLegal(board, hurdle, h, to, p)) return { error: `hurdle move ${i} is illegal`, at: i };
      h = to;
    }
    const q = path.hopper[i];
    if (!inside(q) || hopperLanding(board, kind, p, h) !== q) {
      return { error: `hopper move ${i + 1} is not a jump over the hurdle`, at: i + 1 };
    }
    const last = closedTour && i === hopperMoves - 1;
    if (last) {
      if (q !== path.start) return { error: "the closed tour does not return to the start", at: i + 1 };
    } else {
      if (seen[q]) return { error: `hopper move ${i + 1} lands on a square already visited`, at: i + 1 };
      seen[q] = 1;
      squares.push(q);
    }
    p = q;
  }
  if (mode === "cyclic") {
    const back = path.hurdleMoves[path.hurdleMoves.length - 1];
    if (back !== path.hurdle || !hurdleMoveLegal(board, hurdle, h, back, p)) {
      return { error: "the hurdle cannot return to its start square: not cyclic", at: hopperMoves };
    }
  }
  return { value: closedTour ? hopperMoves - 1 : hopperMoves, squares };
}
