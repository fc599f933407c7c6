/**
 * Rotation–extension (Pósa's method) for Hamiltonian paths and cycles of any
 * graph: grow a path at its end; when the end has no unvisited neighbour, pick a
 * neighbour u = path[i] of the end and reverse path[i+1..]: the path keeps its
 * squares and gets a new end, path[i+1], with other neighbours to try. A full
 * path closes into a cycle when some path[i] next to the end has path[i+1] next
 * to the start (cut between them, reverse the tail: the two new edges close it).
 * Randomised, seeded, with a step budget: it proves nothing when it fails, and
 * every result is checked by check.ts anyway. Used for leapers other than the
 * knight, for block tours of the divide-and-conquer construction, and to repair
 * Warnsdorff paths that got stuck or do not close.
 */
import type { Graph } from "../types.ts";
import { seededRandom } from "../random.ts";

export interface PosaOptions {
  closed?: boolean;
  start?: number;
  seed?: number;
  /** Rotations and extensions allowed before giving up (default 200 n + 10000). */
  maxSteps?: number;
  /** A path to start from (e.g. what Warnsdorff reached); copied. */
  initial?: ArrayLike<number>;
  /** Keep the first square fixed (open tours from a given start): no whole-path reversals. */
  fixStart?: boolean;
}

export interface PosaResult {
  path: Int32Array | null;
  steps: number;
}

export function rotateExtend(g: Graph, o: PosaOptions = {}): PosaResult {
  const n = g.order;
  const { start: gs, adj } = g;
  const rand = seededRandom(o.seed ?? 7);
  const maxSteps = o.maxSteps ?? 200 * n + 10000;
  const path = new Int32Array(n);
  const pos = new Int32Array(n).fill(-1);
  const deg = new Int32Array(n);
  for (let v = 0; v < n; v++) deg[v] = gs[v + 1] - gs[v];
  let len = 0;
  const push = (v: number) => {
    pos[v] = len;
    path[len++] = v;
    for (let e = gs[v]; e < gs[v + 1]; e++) deg[adj[e]]--;
  };
  if (o.initial && o.initial.length > 0) { for (let i = 0; i < o.initial.length; i++) push(o.initial[i]); }
  else push(o.start ?? Math.floor(rand() * n));
  if (n === 1) return { path: o.closed ? null : path, steps: 0 };
  const reverse = (i: number, j: number) => {
    while (i < j) {
      const a = path[i];
      const b = path[j];
      path[i] = b;
      pos[b] = i;
      path[j] = a;
      pos[a] = j;
      i++;
      j--;
    }
  };
  const adjacent = (a: number, b: number): boolean => {
    for (let e = gs[a]; e < gs[a + 1]; e++) if (adj[e] === b) return true;
    return false;
  };
  for (let steps = 0; steps < maxSteps; steps++) {
    const end = path[len - 1];
    if (len === n) {
      if (!o.closed) return { path, steps };
      const first = path[0];
      if (adjacent(end, first)) return { path, steps };
      // Close by one cut: neighbour u = path[i] of the end whose successor is next to the start.
      for (let e = gs[end]; e < gs[end + 1]; e++) {
        const i = pos[adj[e]];
        if (i < len - 2 && adjacent(path[i + 1], first)) {
          reverse(i + 1, len - 1);
          return { path, steps };
        }
      }
    } else {
      // Extend: the unvisited neighbour with the fewest unvisited neighbours (Warnsdorff), random ties.
      let best = -1;
      let bestDeg = 0x7fffffff;
      let ties = 0;
      for (let e = gs[end]; e < gs[end + 1]; e++) {
        const w = adj[e];
        if (pos[w] >= 0) continue;
        if (deg[w] < bestDeg) {
          best = w;
          bestDeg = deg[w];
          ties = 1;
        } else if (deg[w] === bestDeg && rand() * ++ties < 1) best = w;
      }
      if (best >= 0) {
        push(best);
        continue;
      }
    }
    // Stuck (or full but not closing): rotate at the end, now and then work on the other end instead.
    if (!o.fixStart && rand() < 0.1) {
      reverse(0, len - 1);
      continue;
    }
    let count = 0;
    for (let e = gs[end]; e < gs[end + 1]; e++) if (pos[adj[e]] >= 0 && pos[adj[e]] < len - 2) count++;
    if (count === 0) {
      if (o.fixStart) return { path: null, steps };
      reverse(0, len - 1);
      continue;
    }
    let pick = Math.floor(rand() * count);
    for (let e = gs[end]; e < gs[end + 1]; e++) {
      const i = pos[adj[e]];
      if (i >= 0 && i < len - 2 && pick-- === 0) {
        reverse(i + 1, len - 1);
        break;
      }
    }
  }
  return { path: null, steps: maxSteps };
}
