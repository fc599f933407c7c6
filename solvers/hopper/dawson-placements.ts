/**
 * Dawson-type grasshopper tours by placement: every placement of the hurdles
 * not fixed in advance is enumerated (k of the undecided squares, in
 * lexicographic order), its jump graph built (a grasshopper jumps along a
 * queen line over the first hurdle to the square just beyond, which must be
 * free; the hurdles never move), and a Hamiltonian path from the start is
 * looked for by depth-first search. The graph is directed (h5 -> h8 over h7
 * does not give h8 -> h5), so the undirected engine of solvers/hamiltonian/
 * does not apply; the search here is tour.ts's, with pins.
 *
 * Filters before the search (each a necessary condition of a path through
 * every free square from the start, so no placement with a tour is lost):
 *   - every free square but the start has an entering jump (in-degree >= 1):
 *     the path enters it;
 *   - at most one free square has no jump out (out-degree 0): only the last
 *     square of the path is never left; and the start has a jump out;
 *   - two consecutive pins (moves m and m + 1 pinned) need that jump.
 * Cuts in the search (same argument on the squares still unvisited): each
 * needs an entering jump from an unvisited square or the current one, and at
 * most one may have no jump to an unvisited square. Pins: move m must land on
 * its pinned square, and a pinned square only on its move. Pins and fixed
 * squares are restrictions (the caller's reading of a diagram), not cuts: a
 * run covers only the placements and paths that agree with them, and says so.
 * tests/hopper-tour/hopper_tour_hunt_test.ts compares it with a brute force (every
 * placement, tour.ts's exhaustive count) on small boards.
 */
export interface PlacementQuery {
  w: number;
  h: number;
  /** Hurdles in all, the fixed ones included. */
  hurdles: number;
  start: number;
  fixedHurdles?: number[];
  /** Squares known to be free (pinned squares and the start are free anyway). */
  fixedFree?: number[];
  /** square -> the move that lands on it. */
  pins?: Map<number, number>;
  /** Search nodes per placement before it is counted as truncated. */
  nodesPerPlacement?: number;
  /** Stop at the first tour (default true); false: count every placement with a tour. */
  first?: boolean;
}

export interface PlacementResult {
  /** Placements enumerated, passed the filters, searched past the node limit, and with a tour. */
  placements: number;
  passed: number;
  truncated: number;
  withTour: number;
  found: { hurdles: number[]; moves: number[] } | null;
}

const DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

export function searchPlacements(q: PlacementQuery): PlacementResult {
  const { w, h, start } = q;
  const n = w * h;
  const pinAt = new Int32Array(n + 1).fill(-1), pinOf = new Int32Array(n).fill(-1);
  for (const [s, k] of q.pins ?? []) {
    pinAt[k] = s;
    pinOf[s] = k;
  }
  const H = new Uint8Array(n);
  const fixedH = q.fixedHurdles ?? [];
  for (const s of fixedH) H[s] = 1;
  const known = new Set([start, ...(q.fixedFree ?? []), ...(q.pins?.keys() ?? [])]);
  const cand = [...Array(n).keys()].filter((s) => !H[s] && !known.has(s));
  const k = q.hurdles - fixedH.length;
  const rays: number[][] = [];
  for (let s = 0; s < n; s++) {
    for (const [dx, dy] of DIRS) {
      const r: number[] = [];
      let x = s % w + dx, y = Math.floor(s / w) + dy;
      while (x >= 0 && y >= 0 && x < w && y < h) {
        r.push(y * w + x);
        x += dx;
        y += dy;
      }
      rays.push(r);
    }
  }
  const outA = new Int32Array(n * 8), outN = new Int32Array(n), inA = new Int32Array(n * 8), inN = new Int32Array(n);
  const visited = new Uint8Array(n), path = new Int32Array(n);
  const need = n - q.hurdles;
  const perLimit = q.nodesPerPlacement ?? Infinity;
  const first = q.first ?? true;
  const res: PlacementResult = { placements: 0, passed: 0, truncated: 0, withTour: 0, found: null };
  let nodes = 0;
  const build = (): boolean => {
    outN.fill(0);
    inN.fill(0);
    for (let s = 0; s < n; s++) {
      if (H[s]) continue;
      for (let d = 0; d < 8; d++) {
        const r = rays[s * 8 + d];
        for (let i = 0; i + 1 < r.length; i++) {
          if (!H[r[i]]) continue;
          const t = r[i + 1];
          if (!H[t]) {
            outA[s * 8 + outN[s]++] = t;
            inA[t * 8 + inN[t]++] = s;
          }
          break;
        }
      }
    }
    let sinks = 0;
    for (let s = 0; s < n; s++) {
      if (H[s]) continue;
      if (s !== start && inN[s] === 0) return false;
      if (outN[s] === 0 && ++sinks > 1) return false;
    }
    if (need > 1 && outN[start] === 0) return false;
    for (let m = 0; m < n; m++) {
      if (pinAt[m] < 0 || pinAt[m + 1] < 0) continue;
      const a = pinAt[m], b = pinAt[m + 1];
      let ok = false;
      for (let j = 0; j < outN[a]; j++) if (outA[a * 8 + j] === b) ok = true;
      if (!ok) return false;
    }
    return true;
  };
  const dfs = (cur: number, depth: number): boolean => {
    if (++nodes > perLimit) return false;
    if (depth === need - 1) return true;
    let deadEnds = 0;
    for (let s = 0; s < n; s++) {
      if (H[s] || visited[s]) continue;
      let entry = false;
      for (let j = 0; j < inN[s] && !entry; j++) {
        const p = inA[s * 8 + j];
        if (p === cur || !visited[p]) entry = true;
      }
      if (!entry) return false;
      let exit = false;
      for (let j = 0; j < outN[s] && !exit; j++) if (!visited[outA[s * 8 + j]]) exit = true;
      if (!exit && ++deadEnds > 1) return false;
    }
    const want = pinAt[depth + 1];
    for (let j = 0; j < outN[cur]; j++) {
      const t = outA[cur * 8 + j];
      if (visited[t] || (want >= 0 ? t !== want : pinOf[t] >= 0)) continue;
      visited[t] = 1;
      path[depth + 1] = t;
      if (dfs(t, depth + 1)) return true;
      visited[t] = 0;
    }
    return false;
  };
  const choose = (from: number, left: number): boolean => {
    if (left === 0) {
      res.placements++;
      if (!build()) return false;
      res.passed++;
      visited.fill(0);
      visited[start] = 1;
      path[0] = start;
      nodes = 0;
      if (pinOf[start] < 0 && dfs(start, 0)) {
        res.withTour++;
        if (!res.found) res.found = { hurdles: [...H.keys()].filter((s) => H[s]), moves: Array.from(path.subarray(1, need)) };
        return first;
      }
      if (nodes > perLimit) res.truncated++;
      return false;
    }
    for (let i = from; i <= cand.length - left; i++) {
      H[cand[i]] = 1;
      const stop = choose(i + 1, left - 1);
      H[cand[i]] = 0;
      if (stop) return true;
    }
    return false;
  };
  if (k >= 0 && k <= cand.length) choose(0, k);
  return res;
}
