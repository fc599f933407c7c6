/**
 * Symmetries of a box-shaped board: reflections of every axis, combined with
 * the permutations of axes of equal length. A square gives the 8 symmetries of
 * the dihedral group, a non-square rectangle 4, a cube the 48 of the
 * hyperoctahedral group. Every leaper, rider and hopper move set is invariant
 * under all of them (move vectors are closed under sign flips and axis
 * swaps), which is what makes the reduction to canonical squares sound.
 */
import type { Board, Square } from "../types.ts";
import { coordsOf, squareAt } from "./board.ts";

export interface Symmetry {
  /** image coordinate i is taken from source axis perm[i] ... */
  readonly perm: readonly number[];
  /** ... reflected when flip[i]. */
  readonly flip: readonly boolean[];
  /** The symmetry as a square permutation: map[sq] = image of sq. */
  readonly map: Int32Array;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) {
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  }
  return out;
}

const cache = new WeakMap<Board, Symmetry[]>();

/** All symmetries of the board; the identity comes first. */
export function symmetries(board: Board): Symmetry[] {
  const hit = cache.get(board);
  if (hit) return hit;
  const d = board.dims.length;
  const perms = permutations(d).filter((p) => p.every((src, i) => board.dims[src] === board.dims[i]));
  const out: Symmetry[] = [];
  for (const perm of perms) {
    for (let mask = 0; mask < 1 << d; mask++) {
      const flip = Array.from({ length: d }, (_, i) => ((mask >> i) & 1) === 1);
      const map = new Int32Array(board.size);
      for (let sq = 0; sq < board.size; sq++) {
        const c = coordsOf(board, sq);
        const img = perm.map((src, i) => (flip[i] ? board.dims[i] - 1 - c[src] : c[src]));
        map[sq] = squareAt(board, img);
      }
      out.push({ perm, flip, map });
    }
  }
  out.sort((a, b) => Number(isIdentity(b)) - Number(isIdentity(a)));
  cache.set(board, out);
  return out;
}

function isIdentity(s: Symmetry): boolean {
  return s.perm.every((v, i) => v === i) && s.flip.every((f) => !f);
}

/**
 * The canonical square of an orbit is its smallest index. On an n×n board that
 * is the square with y <= x < ceil(n/2): the a1–d4 triangle on 8x8 (10 squares).
 */
export function canonicalSquare(board: Board, sq: Square): Square {
  let best = sq;
  for (const s of symmetries(board)) if (s.map[sq] < best) best = s.map[sq];
  return best;
}

/** One square per orbit, in increasing order: the start squares a search must try. */
export function canonicalSquares(board: Board): Square[] {
  const out: Square[] = [];
  for (let sq = 0; sq < board.size; sq++) if (canonicalSquare(board, sq) === sq) out.push(sq);
  return out;
}

/** Symmetries that fix the square: what remains to reduce the men once the start is chosen. */
export function stabilizer(board: Board, sq: Square): Symmetry[] {
  return symmetries(board).filter((s) => s.map[sq] === sq);
}

/** Image of a set of squares, sorted. */
export function mapSquares(s: Symmetry, squares: readonly Square[]): Square[] {
  return squares.map((q) => s.map[q]).sort((a, b) => a - b);
}
