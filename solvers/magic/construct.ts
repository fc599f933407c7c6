/**
 * Fully magic knight's tours on 4k×4k boards by the method of quartes: the
 * board is cut into 4×4 blocks and each block into its four knight 4-cycles
 * (two "squares" and two "diamonds"), each of which meets every row and every
 * column of its block once. The search (engine.ts, rule G) writes four
 * consecutive numbers on one quarte, then leaps to a fresh quarte, and asks
 * every row, column and both diagonals for the magic sum n(n²+1)/2. That is a
 * restriction of the search space (every tour it finds is a genuine tour,
 * checked independently by check.ts), chosen because it keeps the line sums
 * balanced block by block and so lets the line-sum bounds bite early.
 */
import { diagonalLines, MagicSearch, semimagicLines } from "./engine.ts";
import { seededRandom } from "./enumerate.ts";

/** The four quartes of a 4×4 block, as (x, y) offsets. */
export const QUARTES: readonly (readonly [number, number])[][] = [
  [[0, 0], [2, 1], [3, 3], [1, 2]],
  [[3, 0], [1, 1], [0, 3], [2, 2]],
  [[0, 1], [2, 0], [3, 2], [1, 3]],
  [[1, 0], [3, 1], [2, 3], [0, 2]],
];

/** Group id (quarte) of every square of an n×n board, n a multiple of 4. */
export function quarteGroups(n: number): Int32Array {
  if (n % 4 !== 0) throw new Error(`quartes need a side divisible by 4, not ${n}`);
  const g = new Int32Array(n * n).fill(-1);
  const b = n / 4;
  for (let by = 0; by < b; by++) {
    for (let bx = 0; bx < b; bx++) {
      QUARTES.forEach((q, k) => {
        for (const [dx, dy] of q) g[bx * 4 + dx + (by * 4 + dy) * n] = ((by * b + bx) * 4) + k;
      });
    }
  }
  return g;
}

export interface ConstructResult {
  numbers: number[] | null;
  nodes: number;
  attempts: number;
  start: number | null;
}

/**
 * Look for a diagonally magic knight's tour on n×n by quartes: attempts from
 * random starts, each with a node limit; fewest-onward-moves ordering.
 */
export function findMagicTour(
  n: number,
  o: { seed?: number; attempts?: number; nodesPerAttempt?: number; central?: boolean } = {},
): ConstructResult {
  const S = (n * (n * n + 1)) / 2;
  const search = new MagicSearch({
    width: n,
    height: n,
    lines: [...semimagicLines(n), ...diagonalLines(n, S)],
    groups: quarteGroups(n),
    groupSize: 4,
    connectivity: false,
    mode: o.central ? "central" : "path",
  });
  search.heuristic = true;
  const rand = seededRandom(o.seed ?? 1);
  let nodes = 0;
  const attempts = o.attempts ?? 50;
  for (let a = 0; a < attempts; a++) {
    const start = Math.floor(rand() * n * n);
    let found: number[] | null = null;
    if (search.start(start)) {
      const r = search.complete((p) => {
        found = new Array(n * n);
        for (let k = 0; k < n * n; k++) found[p[k]] = k + 1;
        return true;
      }, { nodeLimit: o.nodesPerAttempt ?? 2_000_000 });
      nodes += r.nodes;
    }
    search.clear();
    if (found) return { numbers: found, nodes, attempts: a + 1, start };
  }
  return { numbers: null, nodes, attempts, start: null };
}
