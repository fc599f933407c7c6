/**
 * Riders and the king in any number of dimensions, after the move equations of
 * the multi-dimensional chess proposal (shared/sources/003): a move adds a_t to
 * every coordinate, where
 *   rook:   exactly one coordinate changes, by ±k (k = 1, 2, ..);
 *   bishop: at least two coordinates change, each by the same ±k (independent signs);
 *   queen:  any nonempty set of coordinates changes by ±k (rook or bishop);
 *   king:   every coordinate changes by -1, 0 or +1, not all 0.
 * So a rider moves along a direction vector u in {-1,0,1}^d \ {0}: the rook's
 * have one nonzero entry (2d of them), the bishop's at least two (3^d - 2d - 1),
 * the queen's any (3^d - 1); the king steps once along any queen direction.
 * The knight (one coordinate ±1, another ±2) is the leaper [1,2] of leaper.ts.
 *
 * Every direction set here is closed under sign flips and permutations of axes,
 * so the symmetries of board/symmetry.ts map moves to moves.
 */
import type { Board, Piece, Square, Vector } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { PieceError } from "./leaper.ts";

export type RiderKind = "rook" | "bishop" | "queen";

export interface Rider extends Piece {
  readonly kind: "rider";
  readonly rider: RiderKind;
  /** Direction vectors in `dims` dimensions; the rider goes k = 1, 2, .. steps along one. */
  directions(dims: number): Vector[];
}

export interface King extends Piece {
  readonly kind: "king";
  /** Step vectors in `dims` dimensions (one step along each queen direction). */
  steps(dims: number): Vector[];
}

/** All vectors of {-1,0,1}^dims whose number of nonzero entries lies in [minNonzero, maxNonzero]. */
export function unitDirections(dims: number, minNonzero: number, maxNonzero: number): Vector[] {
  if (!Number.isInteger(dims) || dims < 1) throw new PieceError(`cannot make directions in ${dims} dimensions`);
  const out: Vector[] = [];
  const total = 3 ** dims;
  for (let code = 0; code < total; code++) {
    const v = new Array<number>(dims);
    let rest = code;
    let nonzero = 0;
    for (let i = 0; i < dims; i++) {
      v[i] = (rest % 3) - 1;
      rest = Math.floor(rest / 3);
      if (v[i] !== 0) nonzero++;
    }
    if (nonzero >= minNonzero && nonzero <= maxNonzero) out.push(v);
  }
  return out;
}

const RIDER_NAMES: Record<RiderKind, { name: string; nameCs: string; symbol: string }> = {
  rook: { name: "Rook", nameCs: "věž", symbol: "R" },
  bishop: { name: "Bishop", nameCs: "střelec", symbol: "B" },
  queen: { name: "Queen", nameCs: "dáma", symbol: "Q" },
};

function riderDirections(kind: RiderKind, dims: number): Vector[] {
  if (kind === "rook") return unitDirections(dims, 1, 1);
  if (kind === "bishop") return unitDirections(dims, 2, dims);
  return unitDirections(dims, 1, dims);
}

/**
 * A rider. Without `occupied` it reaches every square along each direction up
 * to the edge (the empty-board attack set). With `occupied`, it stops at the
 * first occupied square, which it still reaches (a capture or an attacked man).
 */
/**
 * The squares a line piece passes from the square at `coords` stepping by `u`
 * until it leaves the board, nearest first (the start excluded). Riders stop
 * at the first occupied square; hoppers and locusts read past it.
 */
export function ray(board: Board, coords: readonly number[], u: Vector): Square[] {
  const d = board.dims.length;
  const pos = coords.slice();
  const out: Square[] = [];
  for (;;) {
    let sq = 0;
    for (let i = 0; i < d; i++) {
      pos[i] += u[i];
      if (pos[i] < 0 || pos[i] >= board.dims[i]) return out;
      sq += pos[i] * board.strides[i];
    }
    out.push(sq);
  }
}

export function rider(kind: RiderKind): Rider {
  const names = RIDER_NAMES[kind];
  if (!names) throw new PieceError(`unknown rider "${kind}": expected rook, bishop or queen`);
  const cache = new Map<number, Vector[]>();
  const directions = (dims: number): Vector[] => {
    let vs = cache.get(dims);
    if (!vs) cache.set(dims, vs = riderDirections(kind, dims));
    return vs;
  };
  return {
    kind: "rider",
    rider: kind,
    id: kind,
    name: names.name,
    nameCs: names.nameCs,
    symbol: names.symbol,
    directions,
    destinations(board: Board, from: Square, occupied?: Uint8Array): Square[] {
      const d = board.dims.length;
      const c = coordsOf(board, from);
      const out: Square[] = [];
      for (const u of directions(d)) {
        for (const sq of ray(board, c, u)) {
          out.push(sq);
          if (occupied && occupied[sq]) break;
        }
      }
      return out;
    },
  };
}

/** The king: one step along any queen direction; occupancy does not matter to it. */
export function king(): King {
  const cache = new Map<number, Vector[]>();
  const steps = (dims: number): Vector[] => {
    let vs = cache.get(dims);
    if (!vs) cache.set(dims, vs = unitDirections(dims, 1, dims));
    return vs;
  };
  return {
    kind: "king",
    id: "king",
    name: "King",
    nameCs: "král",
    symbol: "K",
    steps,
    destinations(board: Board, from: Square): Square[] {
      const d = board.dims.length;
      const c = coordsOf(board, from);
      const out: Square[] = [];
      for (const u of steps(d)) {
        let sq = 0;
        let inside = true;
        for (let i = 0; i < d; i++) {
          const p = c[i] + u[i];
          if (p < 0 || p >= board.dims[i]) {
            inside = false;
            break;
          }
          sq += p * board.strides[i];
        }
        if (inside) out.push(sq);
      }
      return out;
    },
  };
}
