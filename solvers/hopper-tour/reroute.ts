/**
 * Window re-routing: a large-neighbourhood search that lengthens a hopper
 * tour over a movable hurdle by searching one stretch of it again, to the end,
 * with the rest of the tour held fixed.
 *
 * A tour is written P[0..m], H[0..m-1]: P[k] the hopper's squares (P[0] the
 * start; closed and cyclic tours end with P[m] = P[0]), H[k] the hurdle's
 * square for the jump P[k] -> P[k+1] (H[0] its start square: it does not move
 * before the first jump; for k >= 1 it moved there from H[k-1]). A window
 * (i, j), 0 <= i < j <= m, keeps P[0..i] with H[0..i-1] and P[j..m] with
 * H[j..m-1], and replaces what lies between by the longest route that
 *   - starts from the state (P[i], H[i-1]) by the table's combined steps
 *     (i = 0: by a first jump over any square, the hurdle's start is free);
 *   - lands only on squares the kept parts do not use;
 *   - ends by landing on P[j] with a hurdle square h from which the kept
 *     step to (H[j], P[j+1]) is a combined step of the table; for j = m:
 *     a closed tour only needs the landing on P[0], a cyclic tour needs the
 *     hurdle's return from h to H[0] (so windows of a cyclic tour never start
 *     at i = 0, where H[0] could change), and an open tour's route may end
 *     anywhere.
 * Every route is made of the table's own steps and lands on distinct unused
 * squares, so every tour the search returns is legal (the records builder
 * replays it with check.ts before keeping it anyway). A window's search is
 * exhaustive up to its node cap: a route of the same length as the old one
 * is accepted too (the tour drifts sideways on plateaus), and a kick that bans
 * one of the old stretch's squares lets it step down by one to leave a local
 * optimum; the longest tour met is what is returned. It proves nothing: a
 * tour it cannot lengthen may be far from the longest.
 *
 * The window search cuts a branch when its length plus the unused squares
 * left cannot beat the best route found: a route only lands on unused
 * squares, so that count bounds its further length, and the cut is exact.
 */
import type { TourTable } from "./table.ts";
import { isHurdleMove } from "./table.ts";
import type { TourMode, TourPath } from "./search.ts";
import { tourValue } from "./search.ts";
import { seededRandom } from "../random.ts";

/** A tour as the two arrays above. */
export interface TourArrays {
  P: number[];
  H: number[];
}

export function tourArrays(path: TourPath, mode: TourMode): TourArrays {
  const H = [path.hurdle, ...path.hurdleMoves];
  // A cyclic tour's last hurdle move is the return to its start square: not a jump's hurdle.
  if (mode === "cyclic") H.pop();
  return { P: [path.start, ...path.hopper], H };
}

export function tourFromArrays(a: TourArrays, mode: TourMode): TourPath {
  const hurdleMoves = a.H.slice(1);
  if (mode === "cyclic") hurdleMoves.push(a.H[0]);
  return { start: a.P[0], hurdle: a.H[0], hopper: a.P.slice(1), hurdleMoves };
}

export interface RouteResult {
  /** The new stretch: hopper squares strictly between P[i] and P[j] (open tour with j = m: to the route's end). */
  hopper: number[];
  /** Hurdle squares for the jumps from P[i] on: one more than `hopper` when the route lands on P[j]. */
  hurdle: number[];
  /** The search covered every route (no node cap hit): no longer route exists. */
  complete: boolean;
  nodes: number;
}

/**
 * The longest route for window (i, j) of tour `a` of `mode`, longer than `floor` squares between the kept ends
 * (null when there is none within the cap). `banned` squares may not be used either.
 */
export function longestRoute(
  t: TourTable,
  mode: TourMode,
  a: TourArrays,
  i: number,
  j: number,
  opts: { floor: number; maxNodes: number; banned?: number[]; order?: () => number },
): RouteResult | null {
  const n = t.size;
  const { stepStart, stepHurdle, stepLand } = t;
  const { P, H } = a;
  const m = P.length - 1;
  if (!(i >= 0 && i < j && j <= m)) throw new Error(`longestRoute: window (${i}, ${j}) outside 0..${m}`);
  if (mode === "cyclic" && i === 0) throw new Error("longestRoute: a cyclic tour's window cannot start at its first jump");
  const openEnd = mode === "open" && j === m;
  const used = new Uint8Array(n);
  for (let k = 0; k <= i; k++) used[P[k]] = 1;
  for (let k = openEnd ? m + 1 : j; k <= m; k++) used[P[k]] = 1;
  for (const b of opts.banned ?? []) used[b] = 1;
  let free = 0;
  for (let q = 0; q < n; q++) if (!used[q]) free++;
  const end = openEnd ? -1 : P[j];
  // Can the route end on P[j] with the hurdle on h?
  const endsWith = (h: number): boolean => {
    if (j === m) return mode !== "cyclic" || isHurdleMove(t, P[0], h, H[0]);
    const ph = P[j] * n + h;
    for (let s = stepStart[ph]; s < stepStart[ph + 1]; s++) if (stepHurdle[s] === H[j] && stepLand[s] === P[j + 1]) return true;
    return false;
  };
  const routeP = new Int32Array(n + 1), routeH = new Int32Array(n + 1);
  const kids = new Int32Array((n + 1) * 2 * n);
  let best = opts.floor, found: { hopper: number[]; hurdle: number[] } | null = null;
  let nodes = 0, stopped = false;
  const shuffle = (base: number, k: number) => {
    if (!opts.order) return;
    for (let x = k - 1; x > 0; x--) {
      const y = Math.floor(opts.order() * (x + 1));
      const v = kids[base + x];
      kids[base + x] = kids[base + y];
      kids[base + y] = v;
    }
  };
  // depth = squares of the route so far (routeP[0..depth-1]); the hopper on p, the hurdle on h.
  const dfs = (p: number, h: number, depth: number): void => {
    if (++nodes > opts.maxNodes) {
      stopped = true;
      return;
    }
    if (openEnd && depth > best) {
      best = depth;
      found = { hopper: Array.from(routeP.subarray(0, depth)), hurdle: Array.from(routeH.subarray(0, depth)) };
    }
    const ph = p * n + h;
    const base = depth * 2 * n;
    let k = 0;
    for (let s = stepStart[ph]; s < stepStart[ph + 1]; s++) {
      const q = stepLand[s];
      if (q === end) {
        if (depth > best && endsWith(stepHurdle[s])) {
          best = depth;
          found = { hopper: Array.from(routeP.subarray(0, depth)), hurdle: [...routeH.subarray(0, depth), stepHurdle[s]] };
        }
        continue;
      }
      if (!used[q]) kids[base + k++] = s;
    }
    if (depth + free <= best) return;
    shuffle(base, k);
    for (let c = 0; c < k; c++) {
      const s = kids[base + c];
      const q = stepLand[s];
      used[q] = 1;
      free--;
      routeP[depth] = q;
      routeH[depth] = stepHurdle[s];
      dfs(q, stepHurdle[s], depth + 1);
      used[q] = 0;
      free++;
      if (stopped) return;
    }
  };
  if (i > 0) dfs(P[i], H[i - 1], 0);
  else {
    // The first jump: the hurdle's start square is any square the hopper on P[0] can jump over.
    const first: number[] = [];
    for (let x = 0; x < n; x++) if (x !== P[0] && t.landing[P[0] * n + x] >= 0) first.push(x);
    if (opts.order) {
      for (let x = first.length - 1; x > 0; x--) {
        const y = Math.floor(opts.order() * (x + 1));
        [first[x], first[y]] = [first[y], first[x]];
      }
    }
    for (const x of first) {
      const q = t.landing[P[0] * n + x];
      if (q === end) {
        // A route of no squares: the first jump lands on P[j] straight away.
        if (0 > best && endsWith(x)) {
          best = 0;
          found = { hopper: [], hurdle: [x] };
        }
        continue;
      }
      if (used[q]) continue;
      used[q] = 1;
      free--;
      routeP[0] = q;
      routeH[0] = x;
      dfs(q, x, 1);
      used[q] = 0;
      free++;
      if (stopped) break;
    }
  }
  if (!found) return null;
  const f = found as { hopper: number[]; hurdle: number[] };
  return { ...f, complete: !stopped, nodes };
}

export interface RerouteOptions {
  mode: TourMode;
  /** Windows to search. */
  iterations: number;
  /** The longest window (jumps replaced), default 24. */
  windowMax?: number;
  /** Node cap of one window's search, default 100000. */
  windowNodes?: number;
  /** Probability of a kick (one square of the old stretch banned), default 0.3. */
  kick?: number;
  seed: number;
  /** Stop as soon as a tour of this value is met. */
  target?: number;
}

export interface RerouteResult {
  path: TourPath;
  value: number;
  /** The value of the tour it started from. */
  from: number;
  iterations: number;
  nodes: number;
}

/** Lengthen `path` (a legal tour of `mode` on `t`) by window re-routing; returns the longest tour met. */
export function rerouteTour(t: TourTable, path: TourPath, opts: RerouteOptions): RerouteResult {
  const mode = opts.mode;
  const rand = seededRandom(opts.seed);
  const windowMax = Math.max(2, opts.windowMax ?? 24), windowNodes = opts.windowNodes ?? 100000, kick = opts.kick ?? 0.3;
  let cur = tourArrays(path, mode);
  const from = tourValue(path, mode);
  let value = from, best = from, bestTour = cur, nodes = 0, it = 0;
  const lowest = mode === "cyclic" ? 1 : 0;
  for (; it < opts.iterations; it++) {
    if (opts.target !== undefined && best >= opts.target) break;
    const m = cur.P.length - 1;
    if (m - lowest < 1) break;
    const i = lowest + Math.floor(rand() * (m - lowest));
    const j = Math.min(m, i + 2 + Math.floor(rand() * (windowMax - 1)));
    const old = mode === "open" && j === m ? j - i : j - i - 1;
    const banned = old > 1 && rand() < kick ? [cur.P[i + 1 + Math.floor(rand() * old)]] : [];
    // Kicked: the stretch may come back one shorter; otherwise at least as long as it was.
    const r = longestRoute(t, mode, cur, i, j, {
      floor: old - 1 - banned.length,
      maxNodes: windowNodes,
      banned,
      order: rand,
    });
    if (!r) continue;
    nodes += r.nodes;
    cur = {
      P: [...cur.P.slice(0, i + 1), ...r.hopper, ...(mode === "open" && j === m ? [] : cur.P.slice(j))],
      H: [...cur.H.slice(0, i), ...r.hurdle, ...(mode === "open" && j === m ? [] : cur.H.slice(j))],
    };
    value = tourValue(tourFromArrays(cur, mode), mode);
    if (value > best) {
      best = value;
      bestTour = cur;
    }
  }
  return { path: tourFromArrays(bestTour, mode), value: best, from, iterations: it, nodes };
}
