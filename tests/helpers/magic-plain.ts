/**
 * Plain brute force for the magic-tour tests: every directed knight's tour of a
 * small board by bare backtracking (no pruning at all), and the line-sum filter.
 */
import type { MagicLine } from "../../solvers/magic/engine.ts";
import { numbersOfPath } from "../../solvers/magic/check.ts";

export function knightNeighbours(w: number, h: number): number[][] {
  const out: number[][] = [];
  for (let s = 0; s < w * h; s++) {
    const x = s % w, y = Math.floor(s / w), list: number[] = [];
    for (const [dx, dy] of [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]) {
      const nx = x + dx, ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < w && ny < h) list.push(nx + ny * w);
    }
    out.push(list);
  }
  return out;
}

/** Every directed knight's tour of a w×h board, by bare backtracking. */
export function plainTours(w: number, h: number): number[][] {
  const N = w * h, nb = knightNeighbours(w, h), seen = new Uint8Array(N), path: number[] = [], out: number[][] = [];
  const go = (s: number) => {
    seen[s] = 1;
    path.push(s);
    if (path.length === N) out.push([...path]);
    else for (const u of nb[s]) if (!seen[u]) go(u);
    path.pop();
    seen[s] = 0;
  };
  for (let s = 0; s < N; s++) go(s);
  return out;
}

export function sumsOk(tour: number[], lines: MagicLine[]): boolean {
  const num = numbersOfPath(tour.length, tour);
  return lines.every((l) => l.squares.reduce((a, s) => a + num[s], 0) === l.target);
}
