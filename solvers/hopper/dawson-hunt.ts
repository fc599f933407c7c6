/**
 * A witness hunt for Dawson-type grasshopper tours: fixed hurdles (dummy
 * pawns) on a rectangular board, and one grasshopper path through every free
 * square. The hurdles are not chosen first: the search walks the path and
 * decides squares lazily. Every square is undecided, free or a hurdle; a jump
 * along a line passes free squares, and at an undecided square it either
 * makes it a hurdle (and jumps it, landing beyond on a square that becomes
 * free) or makes it free and looks further. So each branch is one partial
 * placement and one path consistent with it, and a full path with exactly
 * `hurdles` hurdles is a witness (checked afterwards by the hopper family's
 * verify, solvers/hopper/check.ts, on the finished position).
 *
 * Cuts (each only removes branches that cannot complete, for the board's
 * squares must all end visited or hurdles):
 *   - at most `hurdles` hurdles, so at least squares - hurdles free ones;
 *   - a free square not yet visited needs an entry: a direction u with the
 *     square before it (f - u) a hurdle or undecided, and behind that a free
 *     or undecided unvisited square (or the grasshopper's own square) reached
 *     over squares that are not hurdles;
 *   - the same free squares need an exit, except one (the path's end).
 * Randomised order and restarts with a node budget make it a hunt, not a proof.
 */
import { seededRandom } from "../random.ts";

export interface DawsonOptions {
  w: number;
  h: number;
  hurdles: number;
  /** The grasshopper's start square (x + y·w). */
  start: number;
  restartNodes: number;
  maxNodes: number;
  seed: number;
  /** Order: added to a jump that makes a new hurdle, and the random noise's range (defaults 0.5, 2). */
  newHurdleCost?: number;
  noise?: number;
  /**
   * Pinned move numbers (square -> the move that lands on it), e.g. the legible numbers of a published
   * diagram. A restriction of the hunt, not a cut: only paths that agree with every pin are searched, so a
   * hunt with pins says nothing about positions that disagree with them. Pinned squares start free.
   */
  pins?: Map<number, number>;
  /** Squares that start as hurdles (a restriction of the hunt, like pins). */
  fixedHurdles?: number[];
}

export interface DawsonResult {
  found: { hurdles: number[]; moves: number[] } | null;
  nodes: number;
  restarts: number;
  /** The longest path met (squares after the start). */
  deepest: number;
}

const DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const U = 0, F = 1, H = 2;

export function huntDawson(o: DawsonOptions): DawsonResult {
  const { w, h } = o;
  const n = w * h;
  const need = n - o.hurdles;
  const newHurdleCost = o.newHurdleCost ?? 0.5, noise = o.noise ?? 2; // free squares, the start included
  const state = new Uint8Array(n);
  const visited = new Uint8Array(n);
  // ray[s*8+d]: the squares from s along direction d, as a -1-terminated list in rayStart.
  const rayStart = new Int32Array(n * 8 + 1);
  const rays: number[] = [];
  for (let s = 0; s < n; s++) {
    for (let d = 0; d < 8; d++) {
      rayStart[s * 8 + d] = rays.length;
      let x = s % w + DIRS[d][0], y = Math.floor(s / w) + DIRS[d][1];
      while (x >= 0 && y >= 0 && x < w && y < h) {
        rays.push(y * w + x);
        x += DIRS[d][0];
        y += DIRS[d][1];
      }
    }
  }
  rayStart[n * 8] = rays.length;
  const ray = Int32Array.from(rays);
  const opposite = [1, 0, 3, 2, 7, 6, 5, 4];
  const rand = seededRandom(o.seed);
  // pinAt[k]: the square move k must land on (-1: any); pinOf[s]: the move that must land on s (-1: any).
  const pinAt = new Int32Array(n + 1).fill(-1), pinOf = new Int32Array(n).fill(-1);
  for (const [s, k] of o.pins ?? []) {
    pinAt[k] = s;
    pinOf[s] = k;
  }
  let hurdles = 0, free = 0, visitedCount = 0;
  let nodes = 0, left = 0, restarts = 0, deepest = 0;
  const path = new Int32Array(n);
  let found: DawsonResult["found"] = null;
  // Undo log of decided squares.
  const log = new Int32Array(n * 4);
  let logTop = 0;
  const decide = (s: number, v: number) => {
    state[s] = v;
    if (v === H) hurdles++;
    else free++;
    log[logTop++] = s;
  };
  const undoTo = (mark: number) => {
    while (logTop > mark) {
      const s = log[--logTop];
      if (state[s] === H) hurdles--;
      else free--;
      state[s] = U;
    }
  };

  /** Can free unvisited square f still be entered (cur: the grasshopper's square)? */
  const enterable = (f: number, cur: number): boolean => {
    for (let d = 0; d < 8; d++) {
      // Look backwards from f: along the opposite direction.
      const a = rayStart[f * 8 + opposite[d]], b = rayStart[f * 8 + opposite[d] + 1];
      if (b - a < 2) continue;
      if (state[ray[a]] === F) continue;
      for (let i = a + 1; i < b; i++) {
        const s = ray[i];
        if (state[s] === H) break;
        if (s === cur || !visited[s]) return true;
      }
    }
    return false;
  };
  /** Exits from f under the current decisions (for the order: fewest first, Warnsdorff's rule). */
  const exits = (f: number): number => {
    let c = 0;
    for (let d = 0; d < 8; d++) {
      const a = rayStart[f * 8 + d], b = rayStart[f * 8 + d + 1];
      for (let i = a; i + 1 < b; i++) {
        const s = ray[i];
        if (state[s] === F) continue;
        const land = ray[i + 1];
        if (state[land] !== H && !visited[land]) c++;
        if (state[s] === H) break;
      }
    }
    return c;
  };
  /** Can f (free, unvisited) still be left: a hurdle or undecided square ahead with a landing beyond? */
  const leavable = (f: number): boolean => exits(f) > 0;
  const feasible = (cur: number): boolean => {
    if (hurdles > o.hurdles || free > need) return false;
    let deadEnds = 0;
    for (let f = 0; f < n; f++) {
      if (state[f] !== F || visited[f]) continue;
      if (!enterable(f, cur)) return false;
      if (!leavable(f) && ++deadEnds > 1) return false;
    }
    return true;
  };

  // Candidate jumps per depth: the ray index of the jumped square, and the sort key.
  const candIdx = new Int32Array((n + 1) * 64);
  const candKey = new Float64Array((n + 1) * 64);
  const candA = new Int32Array((n + 1) * 64);
  const dfs = (cur: number, depth: number): void => {
    nodes++;
    if (depth > deepest) deepest = depth;
    if (--left < 0 || nodes > o.maxNodes) return;
    if (visitedCount === need) {
      // Every free square is visited; the undecided ones become hurdles (no jump passed them), n - need in all.
      found = { hurdles: [...state.keys()].filter((s) => state[s] !== F), moves: Array.from(path.subarray(1, depth + 1)) };
      return;
    }
    if (!feasible(cur)) return;
    const base = depth * 64;
    let k = 0;
    for (let d = 0; d < 8; d++) {
      const a = rayStart[cur * 8 + d], b = rayStart[cur * 8 + d + 1];
      for (let i = a; i + 1 < b; i++) {
        const s = ray[i], land = ray[i + 1];
        if (state[s] === F) continue;
        const pinned = pinOf[land] === -1 ? pinAt[depth + 1] === -1 : pinOf[land] === depth + 1;
        if (pinned && state[land] !== H && !visited[land] && (state[s] === H || hurdles < o.hurdles)) {
          const key = exits(land) + (state[s] === U ? newHurdleCost : 0) + rand() * noise;
          let j = k++;
          while (j > 0 && candKey[base + j - 1] > key) {
            candKey[base + j] = candKey[base + j - 1];
            candIdx[base + j] = candIdx[base + j - 1];
            candA[base + j] = candA[base + j - 1];
            j--;
          }
          candKey[base + j] = key;
          candIdx[base + j] = i;
          candA[base + j] = a;
        }
        if (state[s] === H) break;
      }
    }
    for (let c = 0; c < k; c++) {
      const i = candIdx[base + c];
      const mark = logTop;
      // The squares the jump passes become free, the jumped one a hurdle, the landing free.
      for (let t = candA[base + c]; t < i; t++) if (state[ray[t]] === U) decide(ray[t], F);
      if (state[ray[i]] === U) decide(ray[i], H);
      const land = ray[i + 1];
      if (state[land] === U) decide(land, F);
      visited[land] = 1;
      visitedCount++;
      path[depth + 1] = land;
      dfs(land, depth + 1);
      visited[land] = 0;
      visitedCount--;
      undoTo(mark);
      if (found || left < 0 || nodes > o.maxNodes) return;
    }
  };
  while (!found && nodes < o.maxNodes) {
    restarts++;
    left = o.restartNodes;
    state.fill(U);
    visited.fill(0);
    hurdles = 0;
    free = 0;
    logTop = 0;
    decide(o.start, F);
    for (const s of o.pins?.keys() ?? []) if (state[s] === U) decide(s, F);
    for (const s of o.fixedHurdles ?? []) decide(s, H);
    visited[o.start] = 1;
    visitedCount = 1;
    path[0] = o.start;
    dfs(o.start, 0);
  }
  return { found, nodes, restarts, deepest };
}
