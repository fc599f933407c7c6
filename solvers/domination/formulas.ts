/**
 * Closed forms the tests check the search against, with their proofs.
 *
 * ROOKS (Brešar's exercise 2: which placements of 8 rooks on 8x8 fail?).
 * Claim: a set of rooks dominates the m×n board iff it occupies every row or
 * every column. If every row holds a rook, every square shares a row with a
 * rook (or holds one), so it is dominated; likewise for columns. Conversely, if
 * row y and column x are both free of rooks, the square (x,y) is not occupied
 * and no rook shares its row or column: it is not dominated.
 * Hence gamma = min(m, n) (fewer rooks miss a row and a column), and on n×n a
 * placement of n rooks on distinct squares dominates iff it has one rook in each
 * row (n^n ways: a column per row) or one in each column (n^n), both meaning a
 * permutation (n! ways): 2·n^n − n! dominating placements, and
 * C(n², n) − 2·n^n + n! failing ones. They fail exactly when some row and some
 * column are both empty.
 *
 * KINGS on n×n: gamma = ceil(n/3)^2. Upper bound: kings at the centres of a
 * tiling by 3x3 blocks (blocks cut at the edge move inward). Lower bound: the
 * squares (3i, 3j), 0 <= i, j < ceil(n/3), are pairwise at king distance >= 3,
 * so no king dominates two of them. (Checked against the search in the tests,
 * not used by it.)
 */
import { binomialBig } from "../lib/binomial.ts";

export function factorial(n: number): bigint {
  let r = 1n;
  for (let i = 2; i <= n; i++) r *= BigInt(i);
  return r;
}

/** Placements of n rooks on distinct squares of n×n that dominate: 2·n^n − n!. */
export function rookDominatingPlacements(n: number): bigint {
  return 2n * BigInt(n) ** BigInt(n) - factorial(n);
}

/** Placements of n rooks on n×n that do not dominate: C(n²,n) − 2·n^n + n!. */
export function rookFailingPlacements(n: number): bigint {
  return binomialBig(n * n, n) - rookDominatingPlacements(n);
}

/** The characterisation: a rook set (as (x,y) pairs) on an m×n board dominates iff all rows or all columns are occupied. */
export function rooksCoverAllLines(width: number, height: number, rooks: readonly (readonly [number, number])[]): boolean {
  const cols = new Set(rooks.map((r) => r[0]));
  const rows = new Set(rooks.map((r) => r[1]));
  return cols.size === width || rows.size === height;
}

/** King domination number of the n×n board: ceil(n/3)^2. */
export function kingGamma(n: number): number {
  const k = Math.ceil(n / 3);
  return k * k;
}
