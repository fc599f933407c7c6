/**
 * Leapers [x,y]: jump to any square at offset (±x,±y) or (±y,±x). In d
 * dimensions the two components go onto any two distinct axes, with any signs.
 */
import type { Board, Piece, Square, Vector } from "../types.ts";
import { coordsOf, squareAt } from "../board/board.ts";
import { LEAPER_NAMES } from "./names.ts";

export class PieceError extends Error {
  override name = "PieceError";
}

export interface Leaper extends Piece {
  readonly kind: "leaper";
  readonly leap: readonly [number, number];
}

/** Normalised leap: 0 <= x <= y, not [0,0]. */
export function normaliseLeap(a: number, b: number): [number, number] {
  if (!Number.isInteger(a) || !Number.isInteger(b)) throw new PieceError(`leap [${a},${b}] must be whole numbers`);
  const x = Math.min(Math.abs(a), Math.abs(b));
  const y = Math.max(Math.abs(a), Math.abs(b));
  if (y === 0) throw new PieceError("the leap [0,0] does not move: not a leaper");
  return [x, y];
}

export function leaper(a: number, b: number): Leaper {
  const leap = normaliseLeap(a, b);
  const known = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const bracket = `[${leap[0]},${leap[1]}]`;
  const vectorCache = new Map<number, Vector[]>();
  const self: Leaper = {
    kind: "leaper",
    id: `leaper-${leap[0]}-${leap[1]}`,
    leap,
    name: known?.name ?? `Leaper ${bracket}`,
    nameCs: known?.nameCs ?? known?.name ?? `Skokan ${bracket}`,
    symbol: known?.symbol ?? `(${leap[0]},${leap[1]})`,
    destinations(board: Board, from: Square): Square[] {
      const d = board.dims.length;
      let vs = vectorCache.get(d);
      if (!vs) vectorCache.set(d, vs = leapVectors(leap, d));
      const c = coordsOf(board, from);
      const out: Square[] = [];
      for (const v of vs) {
        const to = squareAt(board, c.map((ci, i) => ci + v[i]));
        if (to >= 0) out.push(to);
      }
      return out;
    },
  };
  return self;
}

/** Every move vector of the leap in `dims` dimensions, without repeats. */
export function leapVectors(leap: readonly [number, number], dims: number): Vector[] {
  const [x, y] = leap;
  const seen = new Set<string>();
  const out: Vector[] = [];
  const push = (v: number[]) => {
    const k = v.join(",");
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  };
  if (dims === 1) {
    if (x === 0) { for (const s of [1, -1]) push([s * y]); }
    return out;
  }
  for (let i = 0; i < dims; i++) {
    for (let j = 0; j < dims; j++) {
      if (i === j) continue;
      for (const si of [1, -1]) {
        for (const sj of [1, -1]) {
          const v = new Array<number>(dims).fill(0);
          v[i] = si * x;
          v[j] = sj * y;
          push(v);
        }
      }
    }
  }
  return out;
}

/** Read "zebra", "2,3", "[2,3]" or "(2,3)". */
export function parseLeaper(spec: string | readonly number[]): Leaper {
  if (Array.isArray(spec)) {
    if (spec.length !== 2) throw new PieceError(`a leap has two numbers, got [${spec.join(",")}]`);
    return leaper(spec[0], spec[1]);
  }
  const t = String(spec).trim().toLowerCase();
  const m = /^[[(]?\s*(-?\d+)\s*,\s*(-?\d+)\s*[\])]?$/.exec(t);
  if (m) return leaper(Number(m[1]), Number(m[2]));
  const known = LEAPER_NAMES.find((n) => n.aliases.includes(t));
  if (known) return leaper(known.leap[0], known.leap[1]);
  throw new PieceError(
    `unknown piece "${spec}": give a leap such as 2,3 or one of ${LEAPER_NAMES.map((n) => n.aliases[0]).join(", ")}`,
  );
}

/** Is x+y odd? Then every move changes the square colour (test S applies). */
export function leaperChangesColour(leap: readonly [number, number]): boolean {
  return ((leap[0] + leap[1]) & 1) === 1;
}
