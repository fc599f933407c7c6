/**
 * Hoppers: a hopper moves along one of its lines, jumps over exactly one man
 * (the hurdle: the first occupied square on that line) and lands on the
 * square directly beyond it, which must be empty. It never lands short of the
 * hurdle nor further away. The lines are those of the matching rider in any
 * number of dimensions (rider.ts, after shared/sources/003):
 *   grasshopper:      queen lines,
 *   rookhopper:       rook lines,
 *   bishophopper:     bishop lines,
 *   nightriderhopper: nightrider lines, i.e. repeated knight steps (the
 *                     knight vectors of leaper.ts in d dimensions).
 * Every direction set is closed under sign flips and permutations of axes, so
 * the board symmetries of board/symmetry.ts map hopper moves to hopper moves.
 *
 * Move generation depends on the occupied set. For searches the lines are
 * precomputed once per board (HopperRays) and `hopperMoves` writes into a
 * caller-provided Int32Array: no allocation per call.
 */
import type { Board, Piece, Square, Vector } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { leapVectors, PieceError } from "./leaper.ts";
import { ray, unitDirections } from "./rider.ts";

export const HOPPER_KINDS = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"] as const;
export type HopperKind = typeof HOPPER_KINDS[number];

/**
 * Names. The Czech ones are the booklet's (shared/sources/000, line 4025:
 * "cvrček, věžový cvrček, střelcový cvrček, tátošový cvrček"; tátoš = nightrider).
 */
export const HOPPER_NAMES: Record<HopperKind, { name: string; nameCs: string; symbol: string }> = {
  grasshopper: { name: "Grasshopper", nameCs: "cvrček", symbol: "G" },
  rookhopper: { name: "Rookhopper", nameCs: "věžový cvrček", symbol: "RH" },
  bishophopper: { name: "Bishophopper", nameCs: "střelcový cvrček", symbol: "BH" },
  nightriderhopper: { name: "Nightriderhopper", nameCs: "tátošový cvrček", symbol: "NH" },
};

/**
 * The lines of a hopper on one board: for square s and direction k the squares
 * along the line, nearest first, are sq[start[s*directions+k] .. start[s*directions+k+1]-1].
 */
export interface HopperRays {
  readonly board: Board;
  readonly directions: number;
  readonly start: Int32Array;
  readonly sq: Int32Array;
}

export interface Hopper extends Piece {
  readonly kind: "hopper";
  readonly hopper: HopperKind;
  /** Direction vectors in `dims` dimensions. */
  directions(dims: number): Vector[];
  /** The precomputed lines on `board` (cached per board object). */
  rays(board: Board): HopperRays;
}

export function hopperDirections(kind: HopperKind, dims: number): Vector[] {
  switch (kind) {
    case "grasshopper":
      return unitDirections(dims, 1, dims);
    case "rookhopper":
      return unitDirections(dims, 1, 1);
    case "bishophopper":
      return unitDirections(dims, 2, dims);
    case "nightriderhopper":
      return dims < 2 ? [] : leapVectors([1, 2], dims);
  }
}

function buildRays(board: Board, dirs: readonly Vector[]): HopperRays {
  const nd = dirs.length;
  const start = new Int32Array(board.size * nd + 1);
  const out: number[] = [];
  for (let s = 0; s < board.size; s++) {
    const c = coordsOf(board, s);
    for (let k = 0; k < nd; k++) {
      start[s * nd + k] = out.length;
      out.push(...ray(board, c, dirs[k]));
    }
  }
  start[board.size * nd] = out.length;
  return { board, directions: nd, start, sq: Int32Array.from(out) };
}

/**
 * Moves of a hopper on `from`: writes the landing squares into `dest` (length
 * at least rays.directions) and, when given, the hurdle of each into
 * `hurdles`; returns how many. `occupied[s]` nonzero = a man on s (the hopper's
 * own square should not be marked: it leaves it).
 */
export function hopperMoves(rays: HopperRays, from: Square, occupied: Uint8Array, dest: Int32Array, hurdles?: Int32Array): number {
  const nd = rays.directions;
  const st = rays.start;
  const sq = rays.sq;
  let n = 0;
  const base = from * nd;
  for (let k = 0; k < nd; k++) {
    const end = st[base + k + 1];
    let i = st[base + k];
    while (i < end && occupied[sq[i]] === 0) i++;
    // i is the hurdle (or the line ran out); land on the next square if it is on the board and empty.
    if (i + 1 < end && occupied[sq[i + 1]] === 0) {
      if (hurdles) hurdles[n] = sq[i];
      dest[n++] = sq[i + 1];
    }
  }
  return n;
}

const cache = new Map<HopperKind, Hopper>();

export function hopper(kind: HopperKind): Hopper {
  const hit = cache.get(kind);
  if (hit) return hit;
  const names = HOPPER_NAMES[kind];
  if (!names) throw new PieceError(`unknown hopper "${kind}": expected one of ${HOPPER_KINDS.join(", ")}`);
  const dirCache = new Map<number, Vector[]>();
  const directions = (dims: number): Vector[] => {
    let vs = dirCache.get(dims);
    if (!vs) dirCache.set(dims, vs = hopperDirections(kind, dims));
    return vs;
  };
  const rayCache = new WeakMap<Board, HopperRays>();
  const rays = (board: Board): HopperRays => {
    let r = rayCache.get(board);
    if (!r) rayCache.set(board, r = buildRays(board, directions(board.dims.length)));
    return r;
  };
  const self: Hopper = {
    kind: "hopper",
    hopper: kind,
    id: kind,
    name: names.name,
    nameCs: names.nameCs,
    symbol: names.symbol,
    directions,
    rays,
    destinations(board: Board, from: Square, occupied?: Uint8Array): Square[] {
      const r = rays(board);
      const dest = new Int32Array(r.directions);
      // Without men a hopper has nothing to jump over.
      const n = hopperMoves(r, from, occupied ?? new Uint8Array(board.size), dest);
      return Array.from(dest.subarray(0, n));
    },
  };
  cache.set(kind, self);
  return self;
}

/** Read "grasshopper", "G", "rookhopper", "RH", ... */
export function parseHopper(spec: string): Hopper {
  const t = spec.trim().toLowerCase();
  const kind = HOPPER_KINDS.find((k) =>
    k === t || HOPPER_NAMES[k].symbol.toLowerCase() === t ||
    (k === "nightriderhopper" && t === "nightrider-hopper")
  );
  if (!kind) throw new PieceError(`unknown hopper "${spec}": expected one of ${HOPPER_KINDS.join(", ")}`);
  return hopper(kind);
}

export function isHopperName(spec: string): boolean {
  try {
    parseHopper(spec);
    return true;
  } catch {
    return false;
  }
}
