/**
 * k-combinations of 0..m-1 in colexicographic order, ranked by the
 * combinatorial number system: the combination c_0 < c_1 < … < c_(k-1) has
 * rank Σ C(c_i, i+1). Colex order lists every combination of 0..j-1 before
 * any that uses j, so a block of C(m, k) ranks is exactly the k-subsets of an
 * m-set, and the successor only touches the low end of the combination:
 * stepping costs O(1) amortised and needs no allocation.
 */

import { binomial, binomialBig, MAX_BINOMIAL_TABLE_N } from "../lib/binomial.ts";

export { binomial, binomialBig };

/** Largest n the ranking covers (boards of up to 128 squares per component): the binomial table's. */
export const MAX_BINOMIAL_N = MAX_BINOMIAL_TABLE_N;

export class CombinationError extends Error {
  override name = "CombinationError";
}

/** Colex rank of the sorted combination c[0..k-1]. */
export function colexRank(c: ArrayLike<number>, k: number): number {
  let r = 0;
  for (let i = 0; i < k; i++) r += binomial(c[i], i + 1);
  return r;
}

/**
 * Write into c[0..k-1] the combination of rank r among the k-subsets of
 * 0..m-1 (0 <= r < C(m, k)). Greedy from the top: c_(k-1) is the largest c with
 * C(c, k) <= r, and so on with the remainder.
 */
export function colexUnrank(r: number, k: number, m: number, c: Int32Array): void {
  if (!(r >= 0 && r < binomial(m, k)) || !Number.isInteger(r)) throw new CombinationError(`rank ${r} outside 0..C(${m},${k})-1`);
  let hi = m - 1;
  for (let i = k; i >= 1; i--) {
    let v = hi;
    while (binomial(v, i) > r) v--;
    c[i - 1] = v;
    r -= binomial(v, i);
    hi = v - 1;
  }
}

/**
 * Advance c[0..k-1] to its colex successor among the k-subsets of 0..m-1.
 * Returns the position i that was incremented (c[0..i-1] reset to 0..i-1), or
 * -1 after the last combination (c unchanged).
 */
export function nextColex(c: Int32Array, k: number, m: number): number {
  for (let i = 0; i < k; i++) {
    const limit = i + 1 < k ? c[i + 1] : m;
    if (c[i] + 1 < limit) {
      c[i]++;
      for (let j = 0; j < i; j++) c[j] = j;
      return i;
    }
  }
  return -1;
}
