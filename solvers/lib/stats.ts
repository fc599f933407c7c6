/**
 * The statistics the benchmarks and estimates share, one definition each.
 * The median is the standard one: the middle value of an odd count, the mean
 * of the two middle values of an even count. An empty sample has neither a
 * median nor a mean, so both throw rather than return NaN or 0.
 */

/** The median of a non-empty sample (the input is not reordered). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError("median of an empty sample");
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The arithmetic mean of a non-empty sample. */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError("mean of an empty sample");
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** x rounded to `digits` decimal places (half away from zero only as Math.round does: half up). */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
