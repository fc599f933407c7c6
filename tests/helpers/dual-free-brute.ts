/**
 * Independent brute force for dual-free leaper sequences on small boards, shared
 * by the regeneration and local-search tests. It knows nothing of the engine, the
 * one-level tests, symmetry or canonical starts: for every square of the board it
 * counts, by dynamic programming over the subsets of the square's connected
 * component (plain coordinate arithmetic for the leaps), the paths from the
 * square that visit exactly a subset, capped at 2. A subset with exactly one such
 * path is a dual-free position; the longest over all squares is the cell's value.
 */

export function isLeap(w: number, a: number, b: number, leap: readonly [number, number]): boolean {
  const dx = Math.abs((a % w) - (b % w));
  const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
}

/** Squares connected to s by leaps (s included), by plain flood fill. */
export function componentSquares(w: number, h: number, leap: readonly [number, number], s: number): number[] {
  const seen = new Set([s]);
  const stack = [s];
  while (stack.length) {
    const v = stack.pop()!;
    for (let u = 0; u < w * h; u++) {
      if (!seen.has(u) && isLeap(w, v, u, leap)) {
        seen.add(u);
        stack.push(u);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/** achievable[L] = some square has a dual-free position of L men. */
export function bruteDualFree(w: number, h: number, leap: readonly [number, number]): boolean[] {
  const achievable = new Array<boolean>(w * h).fill(false);
  achievable[0] = true;
  for (let s = 0; s < w * h; s++) {
    const comp = componentSquares(w, h, leap, s);
    const m = comp.length;
    const si = comp.indexOf(s);
    const f = new Uint8Array((1 << m) * m);
    f[(1 << si) * m + si] = 1;
    for (let mask = 1; mask < 1 << m; mask++) {
      if (!(mask & (1 << si))) continue;
      let total = 0;
      for (let v = 0; v < m; v++) {
        if (!(mask & (1 << v))) continue;
        if (v !== si) {
          const prev = mask ^ (1 << v);
          let c = 0;
          for (let u = 0; u < m; u++) if (prev & (1 << u) && isLeap(w, comp[u], comp[v], leap)) c += f[prev * m + u];
          f[mask * m + v] = Math.min(2, c);
        }
        total += f[mask * m + v];
      }
      if (total === 1) {
        let bits = 0;
        for (let x = mask; x; x &= x - 1) bits++;
        achievable[bits - 1] = true;
      }
    }
  }
  return achievable;
}

/** Solutions (capped at 2) of the position start + men, by plain depth-first search. */
export function solutions(w: number, leap: readonly [number, number], squares: readonly number[]): number {
  const n = squares.length;
  const used = new Array<boolean>(n).fill(false);
  let count = 0;
  const walk = (v: number, seen: number) => {
    if (count >= 2) return;
    if (seen === n) {
      count++;
      return;
    }
    for (let u = 0; u < n; u++) {
      if (!used[u] && isLeap(w, squares[v], squares[u], leap)) {
        used[u] = true;
        walk(u, seen + 1);
        used[u] = false;
      }
    }
  };
  used[0] = true;
  walk(0, 1);
  return count;
}
