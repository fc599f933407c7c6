/**
 * Binomial coefficients, one definition for every search and count.
 *
 * `binomial` is a double: exact whenever C(n, k) < 2^53. For n up to
 * MAX_BINOMIAL_TABLE_N it is read from a Pascal table (the colex ranking of
 * the proofs calls it in its inner loops); entries at or above 2^53 are sums
 * of rounded doubles, so they are close to C(n, k) and never below 2^53, which
 * is all the ranking needs (it compares them with ranks below 2^53). Above the
 * table it is the exact value rounded to a double. `binomialBig` is exact.
 */

/** Largest n the table covers (boards of up to 128 squares per component). */
export const MAX_BINOMIAL_TABLE_N = 128;

const SIZE = MAX_BINOMIAL_TABLE_N + 1;
/** TABLE[n * SIZE + k] = C(n, k), built by Pascal's rule in doubles. */
const TABLE = new Float64Array(SIZE * SIZE);
for (let n = 0; n <= MAX_BINOMIAL_TABLE_N; n++) {
  TABLE[n * SIZE] = 1;
  for (let k = 1; k <= n; k++) TABLE[n * SIZE + k] = TABLE[(n - 1) * SIZE + k - 1] + TABLE[(n - 1) * SIZE + k];
}

/** C(n, k) exactly (0 outside 0 <= k <= n). */
export function binomialBig(n: number, k: number): bigint {
  if (k < 0 || n < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** C(n, k) as a double (0 outside 0 <= k <= n); exact below 2^53. */
export function binomial(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  if (n <= MAX_BINOMIAL_TABLE_N) return TABLE[n * SIZE + k];
  return Number(binomialBig(n, k));
}
