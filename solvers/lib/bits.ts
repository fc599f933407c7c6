/** Bit counts, one definition each: of a 32-bit word (as JavaScript numbers carry them) and of a 64-bit value. */

/** Set bits of the low 32 bits of x (SWAR count, no allocation). Negative numbers count their two's-complement bits. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits of a 64-bit value held as two 32-bit words. */
export function popcountPair(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/** Set bits of a 64-bit value (0 <= x < 2^64; larger or negative values are refused). */
export function popcount64(x: bigint): number {
  if (x < 0n || x >> 64n !== 0n) throw new RangeError(`popcount64: ${x} is not a 64-bit unsigned value`);
  return popcountPair(Number(x & 0xffffffffn), Number(x >> 32n));
}
