/**
 * A small seeded generator for reproducible random tests (mulberry32: 32-bit
 * state, good enough spread for picking test instances). Every randomised test
 * fixes its seed and prints the seed and instance when an assertion fails, so a
 * failure can be replayed exactly.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct elements, in random order. */
  sample<T>(items: readonly T[], k: number): T[];
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle,
    sample: (items, k) => shuffle(items).slice(0, k),
  };
}

/**
 * Run `body`; if it throws, rethrow with the seed and a description of the
 * instance prepended, so the failing case can be rebuilt from the message.
 */
export function withInstance(seed: number, describe: () => string, body: () => void): void {
  try {
    body();
  } catch (e) {
    const header = `seed ${seed}, instance ${describe()}`;
    const err = new Error(`${header}\n${e instanceof Error ? e.message : String(e)}`);
    // Keep the original stack (it names the failing assertion) under the header.
    if (e instanceof Error && e.stack) err.stack = `${header}\n${e.stack}`;
    throw err;
  }
}

/**
 * Squares of a random leaper [x,y] walk on a w×h board (square = file + w·rank)
 * of `walk[0]..walk[1]` squares (fewer when it gets stuck), plus `extra[0]..extra[1]`
 * squares next to it while fewer than `max`, shuffled: connected positions with
 * degree-2 chains, where Hamiltonian paths often exist.
 */
export function leaperWalk(
  rng: Rng,
  w: number,
  h: number,
  leap: readonly [number, number],
  walk: readonly [number, number],
  extra: readonly [number, number],
  max: number,
): number[] {
  const near = (a: number, b: number) => {
    const dx = Math.abs((a % w) - (b % w));
    const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
    return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
  };
  const all = Array.from({ length: w * h }, (_, s) => s);
  const used = [rng.int(0, w * h - 1)];
  const target = rng.int(walk[0], walk[1]);
  while (used.length < target) {
    const next = all.filter((s) => !used.includes(s) && near(used[used.length - 1], s));
    if (next.length === 0) break;
    used.push(rng.pick(next));
  }
  for (let x = rng.int(extra[0], extra[1]); x > 0 && used.length < max; x--) {
    const next = all.filter((s) => !used.includes(s) && used.some((u) => near(u, s)));
    if (next.length === 0) break;
    used.push(rng.pick(next));
  }
  return rng.shuffle(used);
}
