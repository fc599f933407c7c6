/**
 * Square sets as rows of 32-bit words (bit s of word s>>>5 = square s). Only
 * the few helpers the domination search needs; the hot loops inline them.
 */

/** The most squares a domination search accepts: a 25x25 board (625 squares, 20 words). */
export const MAX_SQUARES_DOMINATION = 625;

export { popcount32 } from "../lib/bits.ts";

/** Index of the lowest set bit of a nonzero word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

export function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

/** A fresh set holding the given squares. */
export function setOf(words: number, squares: readonly number[]): Uint32Array {
  const s = new Uint32Array(words);
  for (const q of squares) s[q >>> 5] |= 1 << (q & 31);
  return s;
}

/** Squares of a set (row `offset`..`offset+words` of a bigger array), ascending. */
export function squaresOf(bits: Uint32Array, offset: number, words: number): number[] {
  const out: number[] = [];
  for (let w = 0; w < words; w++) {
    let x = bits[offset + w];
    while (x !== 0) {
      const b = lowestBit(x);
      out.push((w << 5) + b);
      x &= x - 1;
    }
  }
  return out;
}
