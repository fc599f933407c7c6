/**
 * Complete capture sequences of a locust by plain recursion (no memo, no
 * pruning), capped at `cap`: the reference the locust searches are tested
 * against. end >= 0 counts only sequences ending there; `first` only those
 * opening with that capture.
 */
import { capturesInto, type LineTable, MAN } from "../../solvers/pieces/locust.ts";

export function bruteLocustCount(
  t: LineTable,
  start: number,
  men: readonly number[],
  cap: number,
  end = -1,
  first?: { man: number; land: number },
): number {
  const occ = new Uint8Array(t.board.size);
  for (const m of men) occ[m] = MAN;
  const man = new Int32Array(t.dirs * (men.length + 1)), land = new Int32Array(t.dirs * (men.length + 1));
  let count = 0;
  const rec = (at: number, left: number, depth: number): void => {
    if (count >= cap) return;
    if (left === 0) {
      if (end < 0 || at === end) count++;
      return;
    }
    const n = capturesInto(t, at, occ, man, land, depth * t.dirs);
    for (let k = 0; k < n; k++) {
      const m = man[depth * t.dirs + k], l = land[depth * t.dirs + k];
      if (depth === 0 && first && (m !== first.man || l !== first.land)) continue;
      occ[m] = 0;
      rec(l, left - 1, depth + 1);
      occ[m] = MAN;
    }
  };
  rec(start, men.length, 0);
  return count;
}
