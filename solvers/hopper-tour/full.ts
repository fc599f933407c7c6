/**
 * The full-tour search: is there a hopper tour over a movable hurdle that
 * visits every square, from one start pair? The question behind a cell whose
 * best tour misses a single square (the target search of cell.ts asks it too,
 * with cuts that serve any target; this one serves only the target "every
 * square" and is much stronger there). Exhaustive: a complete run without a
 * tour shows that none starts from that pair.
 *
 * The square graph G (hunt.ts reachableSquareGraph): r -> q when a tour from
 * the start pair can jump from r to q after its first jump. Every jump of a
 * tour after the first is an edge of G, so G only over-counts, and each rule
 * below only removes states from which no tour through every square follows.
 * U is the set of unvisited squares, p the hopper's square (visited).
 *
 *   P  predecessors: a square q of U is entered from its tour predecessor,
 *      which is p (if q is next) or a square of U (visited later, so unvisited
 *      now). A square of U with no predecessor in U can only be next: two such
 *      squares kill the state, and one is the only child.
 *   S  successors: a square r of U is left towards its tour successor, a
 *      square of U, unless r is the last square, which (closed and cyclic
 *      tours) jumps back to the start s0. A square of U with no successor in U
 *      can only be last: two such kill the state, and one that cannot jump to
 *      s0 in G kills it (closed, cyclic).
 *   Z  closing: while U is not empty, the last square is in U and jumps to
 *      s0, so s0 needs a predecessor in U (closed, cyclic).
 *   R  reach: every square of U is landed on by a continuation, so it is
 *      reachable from the current state (p, h) in the state graph whose
 *      landings are squares of U (the relaxation of search.ts reachCounter:
 *      squares are not used up there, so it only over-counts). Fewer
 *      reachable squares than |U| kill the state; the breadth-first search
 *      stops as soon as it has seen all of U (open tours).
 *   B  both ways (closed, cyclic): the states of the rest of the tour lie on a
 *      way from (p, h) to a jump back to s0, all of whose states stand on
 *      squares of U. So every square of U needs a state that R reaches and
 *      from which R's states lead to such a jump: a second search, backwards
 *      from R's states that jump to s0 through R's states, must see all of U.
 *      The next state is on that way too, so only the states this second
 *      search reaches are entered as children (one that it misses would fail
 *      B itself: nothing it reaches leads to the jump home).
 *   D  degrees (closed, cyclic): the rest of the tour steps between B's
 *      states only (and from the current state), so a square's tour
 *      predecessor is one of its predecessor squares along those steps, and
 *      its tour successor one of its successor squares, unless it is last
 *      (it has a state of B that jumps to s0). A square q with one
 *      predecessor square r forces the tour to go r -> q: two such squares
 *      with the same r kill the state, and with r = p, q is the next square.
 *      A square r (not possibly last) with one successor square q forces
 *      r -> q: two such with the same q kill the state. Forced steps are
 *      steps of the tour, which is a path: forced steps that close a cycle
 *      kill the state. (The two kinds never disagree: if q's only
 *      predecessor is r, q is one of r's successors. A square of U with no
 *      predecessor, or no successor and not possibly last, cannot occur
 *      after B; it kills the state too.)
 *
 * Z and the last-square part of S never cut what B would not: a square of U
 * that B's states cover has a way on through U or jumps home itself. They are
 * checked first because they cost nothing; node counts are the same without
 * them (a mutation test cannot see them, by design). S's "two such" and P do
 * change the counts (tests/hopper-tour/hopper_tour_full_test.ts has cases).
 * P and S are counts kept as squares are visited (no scan per node); R and B
 * are searches per node over the states, the cost that the WebAssembly twin
 * (solvers/wasm/assembly/hoppertour.ts) cuts. The order of children is the
 * table's order; with no tour found the node count does not depend on it,
 * since every rule reads the state only, so it is the certificate's count.
 *
 * Measured (bench/hopper-tour.json, fullTourSearch): grasshopper over a king,
 * 6x6 closed, every start pair: 52,043,359 nodes where cell.ts's target
 * search took 229,679,069 (B and its child filter did most of it; D cut
 * another 1.7x for about 25 % more work a node); 7x7 closed projects to
 * 6.5e9 nodes, about 2.6 us each on the kernel, 13-18 us here.
 */
import type { TourTable } from "./table.ts";
import { pathOf, tourEnd, type TourMode, type TourPath } from "./search.ts";
import { reachableSquareGraph } from "./hunt.ts";

/**
 * The rules of this search, as certificates and partial runs name them: a run's node counts hold only for
 * the rules it ran with, so a change of rules is a new name (and a partial run of other rules starts over).
 */
export const FULL_TOUR_RULES = "P S Z R B D(cycles)";

export interface FullTourResult {
  /** Search nodes (one a state entered, the start pair's state after its first jump included). */
  nodes: number;
  /** Searched to the end within maxNodes (or stopped at the first tour). */
  complete: boolean;
  found: TourPath | null;
  /** A probe's estimate of the tree's nodes (see fullTourSearch's `probe`). */
  estimate?: number;
  /** With splitDepth: the nodes at that depth, in the search's order (not counted in `nodes`, not searched). */
  frontier?: FullTourPrefix[];
}

/** A node of the search as the way to it: hopper squares from the start (start, first landing, ...) and the hurdle's squares. */
export interface FullTourPrefix {
  squares: number[];
  hurdles: number[];
}

export interface FullTourOptions {
  maxNodes?: number;
  /** A probe instead of the search (a uniform random number source): see fullTourSearch. */
  probe?: () => number;
  /**
   * Search only the subtree below this node (found by a run with splitDepth): its nodes, the node itself
   * included. The node's state is rebuilt by visiting its squares, so the counts are the whole search's.
   */
  prefix?: FullTourPrefix;
  /** Stop at this depth: count the nodes above it and list the nodes at it (the frontier) instead. */
  splitDepth?: number;
}

/** Check that a prefix is a way through the table from the start pair (squares[k+1] a step from squares[k] with hurdles[k]). */
export function checkPrefix(t: TourTable, root: { start: number; hurdle: number }, prefix: FullTourPrefix): void {
  const n = t.size, { squares, hurdles } = prefix;
  const bad = (why: string) => new Error(`full-tour prefix ${JSON.stringify(prefix)}: ${why}`);
  if (squares.length < 2 || hurdles.length !== squares.length - 1) throw bad("needs k + 1 squares and k hurdles, k >= 1");
  if (squares[0] !== root.start || hurdles[0] !== root.hurdle || squares[1] !== t.landing[root.start * n + root.hurdle]) {
    throw bad("does not open with the start pair's first jump");
  }
  if (new Set(squares).size !== squares.length) throw bad("lands twice on a square");
  for (let k = 1; k + 1 < squares.length; k++) {
    const st = squares[k] * n + hurdles[k - 1];
    let ok = false;
    for (let i = t.stepStart[st]; i < t.stepStart[st + 1] && !ok; i++) {
      ok = t.stepLand[i] === squares[k + 1] && t.stepHurdle[i] === hurdles[k];
    }
    if (!ok) throw bad(`no step from ${squares[k]} (hurdle ${hurdles[k - 1]}) to ${squares[k + 1]} over ${hurdles[k]}`);
  }
}

/** The square graph of one start pair as CSR both ways, and which squares jump to s0. */
export interface FullTourGraph {
  succStart: Int32Array;
  succ: Int32Array;
  predStart: Int32Array;
  pred: Int32Array;
  toStart: Uint8Array;
}

export function fullTourGraph(t: TourTable, root: { start: number; hurdle: number }): FullTourGraph {
  const n = t.size;
  const adj = reachableSquareGraph(t, [root]);
  const succStart = new Int32Array(n + 1), predStart = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) {
    succStart[r + 1] = succStart[r] + adj[r].length;
    for (const q of adj[r]) predStart[q + 1]++;
  }
  for (let q = 0; q < n; q++) predStart[q + 1] += predStart[q];
  const succ = new Int32Array(succStart[n]), pred = new Int32Array(succStart[n]);
  const fill = predStart.slice(0, n);
  const toStart = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    succ.set(adj[r], succStart[r]);
    for (const q of adj[r]) {
      pred[fill[q]++] = r;
      if (q === root.start) toStart[r] = 1;
    }
  }
  return { succStart, succ, predStart, pred, toStart };
}

/**
 * The full-tour search from one start pair. With `probe` (a uniform random number source) it walks one random
 * path down the same tree instead, each node's child drawn uniformly, and returns Knuth's estimate of the
 * tree's nodes (Math. Comp. 29, 1975: the sum over the walk of the products of the branching above each node);
 * unbiased, heavy-tailed, so the mean of many walks is the projection.
 */
export function fullTourSearch(
  t: TourTable,
  mode: TourMode,
  root: { start: number; hurdle: number },
  opts: FullTourOptions = {},
): FullTourResult {
  const { maxNodes = Infinity, probe, prefix, splitDepth = Infinity } = opts;
  const n = t.size;
  const { stepStart, stepHurdle, stepLand } = t;
  const s0 = root.start, h0 = root.hurdle;
  const s1 = t.landing[s0 * n + h0];
  if (s1 < 0) throw new Error(`fullTourSearch: the hopper on ${s0} cannot jump over ${h0}`);
  const { succStart, succ, predStart, pred, toStart } = fullTourGraph(t, root);
  const closing = mode !== "open";
  const visited = new Uint8Array(n);
  const predLeft = new Int32Array(n), succLeft = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    predLeft[q] = predStart[q + 1] - predStart[q];
    succLeft[q] = succStart[q + 1] - succStart[q];
  }
  // Squares of U with no predecessor in U; with no successor in U; of those, the ones that cannot be last.
  let noPred = 0, noSucc = 0, noLast = 0;
  for (let q = 0; q < n; q++) {
    if (predLeft[q] === 0) noPred++;
    if (succLeft[q] === 0) {
      noSucc++;
      if (closing && !toStart[q]) noLast++;
    }
  }
  const visit = (x: number) => {
    visited[x] = 1;
    if (predLeft[x] === 0) noPred--;
    if (succLeft[x] === 0) {
      noSucc--;
      if (closing && !toStart[x]) noLast--;
    }
    for (let i = succStart[x]; i < succStart[x + 1]; i++) {
      const q = succ[i];
      if (--predLeft[q] === 0 && !visited[q]) noPred++;
    }
    for (let i = predStart[x]; i < predStart[x + 1]; i++) {
      const r = pred[i];
      if (--succLeft[r] === 0 && !visited[r]) {
        noSucc++;
        if (closing && !toStart[r]) noLast++;
      }
    }
  };
  const unvisit = (x: number) => {
    for (let i = predStart[x]; i < predStart[x + 1]; i++) {
      const r = pred[i];
      if (succLeft[r]++ === 0 && !visited[r]) {
        noSucc--;
        if (closing && !toStart[r]) noLast--;
      }
    }
    for (let i = succStart[x]; i < succStart[x + 1]; i++) {
      const q = succ[i];
      if (predLeft[q]++ === 0 && !visited[q]) noPred--;
    }
    visited[x] = 0;
    if (predLeft[x] === 0) noPred++;
    if (succLeft[x] === 0) {
      noSucc++;
      if (closing && !toStart[x]) noLast++;
    }
  };

  // Rules R and B: breadth-first searches over the states (stamped, no clearing per node).
  const states = n * n;
  const fwdStamp = new Int32Array(states), backStamp = new Int32Array(states), sqStamp = new Int32Array(n);
  const queue = new Int32Array(states), backQueue = new Int32Array(states);
  // The steps reversed (CSR by the state stepped into), and the states with a jump back to s0.
  const revStart = new Int32Array(states + 1);
  for (let st = 0; st < states; st++) {
    for (let i = stepStart[st]; i < stepStart[st + 1]; i++) revStart[stepLand[i] * n + stepHurdle[i] + 1]++;
  }
  for (let st = 0; st < states; st++) revStart[st + 1] += revStart[st];
  const revFrom = new Int32Array(revStart[states]), fill = revStart.slice(0, states);
  const closer = new Uint8Array(states);
  for (let st = 0; st < states; st++) {
    for (let i = stepStart[st]; i < stepStart[st + 1]; i++) {
      revFrom[fill[stepLand[i] * n + stepHurdle[i]]++] = st;
      if (stepLand[i] === s0) closer[st] = 1;
    }
  }
  let stamp = 0, lastBack = 0, lastBackCount = 0;
  const nextStamp = () => {
    if (++stamp === 0x7fffffff) {
      fwdStamp.fill(0);
      backStamp.fill(0);
      sqStamp.fill(0);
      stamp = 1;
    }
    return stamp;
  };
  /** Do the states on some way from (p, h) to the closing jump (any way, open tours) cover all `need` squares of U? */
  const reachesAll = (ph: number, need: number): boolean => {
    let st = nextStamp();
    let head = 0, tail = 0, count = 0;
    queue[tail++] = ph;
    fwdStamp[ph] = st;
    while (head < tail) {
      const x = queue[head++];
      for (let i = stepStart[x]; i < stepStart[x + 1]; i++) {
        const q = stepLand[i];
        if (visited[q]) continue;
        if (sqStamp[q] !== st) {
          sqStamp[q] = st;
          if (++count >= need && !closing) return true;
        }
        const nx = q * n + stepHurdle[i];
        if (fwdStamp[nx] !== st) {
          fwdStamp[nx] = st;
          queue[tail++] = nx;
        }
      }
    }
    if (count < need || !closing) return false;
    // B: backwards from the reached states that jump to s0, through reached states only, to the end (the
    // states it stamps are the ones the next state must be among).
    const fw = st;
    st = lastBack = nextStamp();
    let bt = 0;
    count = 0;
    for (let k = 1; k < tail; k++) {
      const x = queue[k];
      if (!closer[x]) continue;
      backStamp[x] = st;
      backQueue[bt++] = x;
      const q = (x / n) | 0;
      if (sqStamp[q] !== st) {
        sqStamp[q] = st;
        count++;
      }
    }
    for (let k = 0; k < bt; k++) {
      const x = backQueue[k];
      for (let i = revStart[x]; i < revStart[x + 1]; i++) {
        const y = revFrom[i];
        if (fwdStamp[y] !== fw || backStamp[y] === st || y === ph) continue;
        backStamp[y] = st;
        backQueue[bt++] = y;
        const q = (y / n) | 0;
        if (sqStamp[q] !== st) {
          sqStamp[q] = st;
          count++;
        }
      }
    }
    lastBackCount = bt;
    return count >= need;
  };

  // Rule D: the first two distinct predecessor (successor) squares of each square among B's states.
  const predA = new Int32Array(n), predB = new Int32Array(n), succA = new Int32Array(n), succB = new Int32Array(n);
  const canLast = new Uint8Array(n), forcedTo = new Int32Array(n);
  const note = (a: Int32Array, b: Int32Array, key: number, v: number) => {
    if (a[key] === -1) a[key] = v;
    else if (a[key] !== v && b[key] === -1) b[key] = v;
  };
  /** The steps from state x into B's states, as square pairs; x on a square of U that jumps home may be last. */
  const scanSteps = (x: number, ph: number) => {
    const r = (x / n) | 0;
    for (let i = stepStart[x]; i < stepStart[x + 1]; i++) {
      const q = stepLand[i];
      if (q === s0 && x !== ph) canLast[r] = 1;
      if (visited[q] || backStamp[q * n + stepHurdle[i]] !== lastBack) continue;
      note(predA, predB, q, r);
      note(succA, succB, r, q);
    }
  };
  /** D after B passed: -1 when it kills the state, else the square the next move must land on (or n: any). */
  const degreeRule = (p: number, ph: number): number => {
    predA.fill(-1);
    predB.fill(-1);
    succA.fill(-1);
    succB.fill(-1);
    canLast.fill(0);
    forcedTo.fill(-1);
    scanSteps(ph, ph);
    for (let k = 0; k < lastBackCount; k++) scanSteps(backQueue[k], ph);
    for (let q = 0; q < n; q++) {
      if (visited[q]) continue;
      if (predA[q] === -1) return -1;
      if (predB[q] !== -1) continue;
      const r = predA[q];
      if (forcedTo[r] !== -1) return -1; // r would have two successors
      forcedTo[r] = q;
    }
    const forcedFrom = predB; // reused: the square whose only successor is q
    forcedFrom.fill(-1);
    for (let r = 0; r < n; r++) {
      if (visited[r] || canLast[r]) continue;
      if (succA[r] === -1) return -1;
      if (succB[r] !== -1) continue;
      const q = succA[r];
      if (forcedFrom[q] !== -1) return -1; // q would have two predecessors
      forcedFrom[q] = r;
    }
    // Both kinds of forced steps are steps of the tour; the tour is a path, so they close no cycle.
    for (let q = 0; q < n; q++) if (forcedFrom[q] !== -1) forcedTo[forcedFrom[q]] = q;
    for (let r = 0; r < n; r++) {
      if (visited[r] || forcedTo[r] === -1) continue;
      let x = forcedTo[r], steps = 0;
      while (x !== -1 && x !== r && steps < n) {
        x = forcedTo[x];
        steps++;
      }
      if (x === r) return -1;
    }
    return forcedTo[p] === -1 ? n : forcedTo[p];
  };

  let maxDeg = 1;
  for (let st = 0; st < states; st++) maxDeg = Math.max(maxDeg, stepStart[st + 1] - stepStart[st]);
  const kids = new Int32Array((n + 1) * maxDeg);
  const pathSq = new Int32Array(n + 1), pathH = new Int32Array(n + 1);
  let nodes = 0, stopped = false;
  let found: TourPath | null = null;
  let estimate = 0, weight = 1;
  const frontier: FullTourPrefix[] = [];
  const dfs = (p: number, h: number, depth: number, left: number): void => {
    if (depth === splitDepth) {
      frontier.push({ squares: Array.from(pathSq.subarray(0, depth + 1)), hurdles: Array.from(pathH.subarray(0, depth)) });
      return;
    }
    estimate += weight;
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    const ph = p * n + h;
    if (left === 0) {
      const c = tourEnd(t, mode, ph, s0, h0);
      if (c !== null) found = pathOf(mode, s0, h0, pathSq, pathH, depth, c, mode === "cyclic");
      return;
    }
    if (noPred > 1 || noSucc > 1 || noLast > 0) return; // P, S
    if (closing && predLeft[s0] === 0) return; // Z
    if (!reachesAll(ph, left)) return; // R, B
    const next = closing ? degreeRule(p, ph) : n; // D
    if (next < 0) return;
    const only = noPred === 1; // P: the one square without a predecessor in U is next
    // The children first (the searches below them overwrite the stamps): B, the next state is one of its states.
    const base = depth * maxDeg;
    let k = 0;
    for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
      const q = stepLand[i];
      if (visited[q] || (only && predLeft[q] !== 0)) continue;
      if (closing && backStamp[q * n + stepHurdle[i]] !== lastBack) continue;
      if (next < n && q !== next) continue;
      kids[base + k++] = i;
    }
    const from = probe && k > 0 ? Math.floor(probe() * k) : 0, to = probe ? Math.min(k, from + 1) : k;
    if (probe) weight *= k;
    for (let j = from; j < to; j++) {
      const i = kids[base + j], q = stepLand[i];
      visit(q);
      pathSq[depth + 1] = q;
      pathH[depth] = stepHurdle[i];
      dfs(q, stepHurdle[i], depth + 1, left - 1);
      unvisit(q);
      if (found || stopped) return;
    }
  };
  const way = prefix ?? { squares: [s0, s1], hurdles: [h0] };
  if (prefix) checkPrefix(t, root, prefix);
  way.squares.forEach((sq, k) => {
    visit(sq);
    pathSq[k] = sq;
  });
  way.hurdles.forEach((hu, k) => (pathH[k] = hu));
  const d = way.squares.length - 1;
  dfs(way.squares[d], way.hurdles[d - 1], d, n - 1 - d);
  return {
    nodes,
    complete: !stopped,
    found,
    ...(probe ? { estimate } : {}),
    ...(Number.isFinite(splitDepth) ? { frontier } : {}),
  };
}
