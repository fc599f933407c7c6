/**
 * Complete capture sequences of a locust by plain recursion (no memo, no
 * pruning), capped at `cap`: the reference the locust searches are tested
 * against. end >= 0 counts only sequences ending there; `first` only those
 * opening with that capture.
 */
import { xorshift32 } from "../../solvers/random.ts";
import { capturesInto, type LineTable, MAN, oppositeDirs } from "../../solvers/pieces/locust.ts";

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

/** The deterministic generator of the locust tests' random cases (the same sequence as the projections'). */
export const rng = xorshift32;

/**
 * A position with a complete sequence, built backwards: from the final square
 * put a man just behind the locust and move it back over the man to any free
 * square of that line (the squares between free), `steps` times.
 */
export function backwardPosition(t: LineTable, steps: number, rnd: () => number): { start: number; men: number[] } {
  const size = t.board.size;
  const opp = oppositeDirs(t);
  const men = new Uint8Array(size);
  let at = Math.floor(rnd() * size);
  for (let s = 0; s < steps; s++) {
    const options: [number, number][] = [];
    for (let d = 0; d < t.dirs; d++) {
      const o = at * t.dirs + opp[d];
      const a = t.off[o], b = t.off[o + 1];
      if (b - a < 2 || men[t.ray[a]]) continue;
      for (let p = a + 1; p < b && !men[t.ray[p]]; p++) options.push([t.ray[a], t.ray[p]]);
    }
    if (options.length === 0) break;
    const [m, f] = options[Math.floor(rnd() * options.length)];
    men[m] = 1;
    at = f;
  }
  const list: number[] = [];
  for (let q = 0; q < size; q++) if (men[q]) list.push(q);
  return { start: at, men: list };
}
