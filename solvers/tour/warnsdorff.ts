/**
 * Warnsdorff's rule (1823): always move to the unvisited square with the fewest
 * unvisited onward moves. It is greedy and never backtracks, so it runs in
 * linear time, but ties decide whether it reaches the end. The thesis
 * (shared/sources/002 lines 760–772, 1926–1936) broke ties by list order and
 * failed beyond 76x76. Tie-breaking rules here:
 *  - "roth": among the tied squares take the one farthest from the board's
 *    centre (Euclidean), the rule attributed to Arnd Roth; it keeps the tour on
 *    the rim until the rim is used up, the failure mode of list order;
 *  - "pohl": the smallest sum of the onward degrees of the candidate's own
 *    unvisited neighbours (Pohl's second-level look-ahead), then "roth";
 *  - "first": list order, as in the thesis (for comparison);
 *  - "random": a seeded random choice (for restarts).
 * A failed run is not the end: finder.ts restarts with random ties and then
 * repairs the path with rotations (posa.ts) or falls back to backtracking.
 * Works on any graph with vertex = square of `board` (any leaper, any dimension).
 */
import type { Board, Graph } from "../types.ts";
import { seededRandom } from "../random.ts";

export type TieBreak = "roth" | "pohl" | "first" | "random";

export interface WarnsdorffOptions {
  start?: number;
  tieBreak?: TieBreak;
  seed?: number;
  /**
   * Aim for a closed tour: the start square keeps counting as unvisited in its
   * neighbours' degrees, so they look better connected and are left for last,
   * when the knight needs one of them to return. The run still may not close.
   */
  closed?: boolean;
}

export interface WarnsdorffResult {
  /** Squares in visiting order; shorter than the board when the rule got stuck. */
  path: Int32Array;
  length: number;
  closes: boolean;
}

/** Squared distance from the centre, doubled coordinates so it stays integral. */
export function centreKeys(board: Board): Float64Array {
  const n = board.size;
  const keys = new Float64Array(n);
  const d = board.dims.length;
  const c = new Int32Array(d);
  for (let v = 0; v < n; v++) {
    let s = 0;
    for (let a = 0; a < d; a++) {
      const t = 2 * c[a] - (board.dims[a] - 1);
      s += t * t;
    }
    keys[v] = s;
    for (let a = 0; a < d; a++) {
      if (++c[a] < board.dims[a]) break;
      c[a] = 0;
    }
  }
  return keys;
}

export function warnsdorff(board: Board, g: Graph, o: WarnsdorffOptions = {}): WarnsdorffResult {
  const n = g.order;
  const start = o.start ?? 0;
  const rule = o.tieBreak ?? "roth";
  const rand = seededRandom(o.seed ?? 1);
  const keys = rule === "first" || rule === "random" ? null : centreKeys(board);
  const { start: gs, adj } = g;
  const deg = new Int32Array(n);
  for (let v = 0; v < n; v++) deg[v] = gs[v + 1] - gs[v];
  const visited = new Uint8Array(n);
  const path = new Int32Array(n);
  const visit = (v: number, keepDegrees: boolean) => {
    visited[v] = 1;
    if (!keepDegrees) { for (let e = gs[v]; e < gs[v + 1]; e++) deg[adj[e]]--; }
  };
  path[0] = start;
  visit(start, o.closed === true);
  let len = 1;
  let cur = start;
  while (len < n) {
    let best = -1;
    let bestDeg = 0x7fffffff;
    let bestKey = 0;
    let ties = 0;
    for (let e = gs[cur]; e < gs[cur + 1]; e++) {
      const w = adj[e];
      if (visited[w]) continue;
      const dw = deg[w];
      if (dw > bestDeg) continue;
      let key = 0;
      if (rule === "pohl") {
        // Smaller second-level sum first; the centre distance breaks what remains (scaled below).
        let s = 0;
        for (let f = gs[w]; f < gs[w + 1]; f++) if (!visited[adj[f]]) s += deg[adj[f]];
        key = -s * 1e7 + keys![w];
      } else if (rule === "roth") key = keys![w];
      if (dw < bestDeg) {
        best = w;
        bestDeg = dw;
        bestKey = key;
        ties = 1;
        continue;
      }
      if (rule === "first") continue;
      if (rule === "random") {
        ties++;
        if (rand() * ties < 1) best = w;
        continue;
      }
      if (key > bestKey) {
        best = w;
        bestKey = key;
        ties = 1;
      } else if (key === bestKey) {
        ties++;
        if (rand() * ties < 1) best = w;
      }
    }
    if (best < 0) break;
    path[len++] = best;
    visit(best, false);
    cur = best;
  }
  let closes = false;
  if (len === n && n > 1) {
    for (let e = gs[cur]; e < gs[cur + 1]; e++) if (adj[e] === start) closes = true;
  }
  return { path, length: len, closes };
}
