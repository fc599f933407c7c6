/**
 * Random small cases for the hopper tree tests: a seeded linear congruential
 * draw (rnd(n) in 0..n-1) and boards of sides 4..6 with a hurdle limit K by
 * board size (the bishophopper needs an even side for its colour reduction).
 */
import type { HopperKind } from "../../solvers/pieces/hopper.ts";

export function lcg(seed: number): (n: number) => number {
  let a = seed;
  return (n: number) => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return (a >>> 8) % n;
  };
}

export function hopperCases(kind: HopperKind, count: number, rnd: (n: number) => number): [number[], number][] {
  const out: [number[], number][] = [];
  while (out.length < count) {
    const d = [4 + rnd(3), 4 + rnd(3)];
    if (kind === "bishophopper" && d.every((x) => x % 2 === 1)) continue;
    const size = d[0] * d[1];
    out.push([d, size <= 20 ? 5 + rnd(2) : size <= 25 ? 4 + rnd(2) : 3 + rnd(2)]);
  }
  return out;
}
