/**
 * Geometrically longest closed king tours (booklet, shared/sources/000 lines
 * 3597–3660): a closed tour of the king through all n² squares of n×n, each
 * orthogonal step of length 1 and each diagonal one of length √2. There are
 * always n² steps, so the longest tour is the one with the fewest orthogonal
 * steps: length = ort + (n² − ort)·√2.
 *
 * Lower bounds by argument:
 *  - ort is even: only orthogonal steps change the square colour, and the tour
 *    returns to its colour;
 *  - odd n: the diagonal steps inside one colour class alternate between even
 *    and odd x. The squares with x + y even have ((n+1)/2)² squares with x even
 *    and ((n−1)/2)² with x odd, n more; each maximal run of diagonal steps on
 *    that colour covers at most one more even-x square than odd-x ones, so that
 *    colour splits into at least n runs, each ending in an orthogonal step out
 *    and one in: the runs of the two colours alternate, so ort ≥ 2n.
 * Search: depth-first from the corner a1 (every tour passes it) with a budget
 * of orthogonal steps, diagonal steps first. Pruning, exact: every unvisited
 * square still needs two tour steps to squares that are unvisited, the path's
 * head or the start; a square with fewer than two such king neighbours kills
 * the branch; one with f < 2 such diagonal neighbours needs 2 − f orthogonal
 * steps, and the sum of these needs over the unvisited squares cannot exceed
 * twice the orthogonal steps left (each step has two ends).
 */

export interface KingTourResult {
  n: number;
  /** The tour from a1 (square = x + n·y), or null when none exists within the budget. */
  tour: Int32Array | null;
  orthogonal: number | null;
  /** Budget searched: no tour with fewer orthogonal steps than `orthogonal` exists when `exhaustiveBelow` is true. */
  exhaustiveBelow: boolean;
  nodes: number;
  /** Every budget tried, in order: whether its search finished and how many nodes it took (the last one found the tour). */
  budgets: KingBudgetRun[];
}

export interface KingBudgetRun {
  orthogonal: number;
  complete: boolean;
  found: boolean;
  nodes: number;
}

export const SQRT2 = Math.SQRT2;

export function kingTourLength(n: number, orthogonal: number): number {
  return orthogonal + (n * n - orthogonal) * SQRT2;
}

/** Orthogonal steps of a closed king tour (throws on a step that is not a king move). */
export function countOrthogonal(n: number, tour: ArrayLike<number>): number {
  let ort = 0;
  for (let i = 0; i < tour.length; i++) {
    const a = tour[i];
    const b = tour[(i + 1) % tour.length];
    const dx = Math.abs((a % n) - (b % n));
    const dy = Math.abs(Math.floor(a / n) - Math.floor(b / n));
    if (dx > 1 || dy > 1 || dx + dy === 0) throw new Error(`step ${a} to ${b} is not a king move`);
    if (dx + dy === 1) ort++;
  }
  return ort;
}

/** The proven lower bound on orthogonal steps (odd n: 2n; even n: 2, the colour argument only). */
export function kingLowerBound(n: number): number {
  if (n === 1) return 0;
  return n % 2 === 1 ? 2 * n : 2;
}

/** Search a closed king tour of n×n with at most `budget` orthogonal steps. */
export function kingTourWithin(
  n: number,
  budget: number,
  maxNodes = Infinity,
): { tour: Int32Array | null; complete: boolean; nodes: number } {
  const N = n * n;
  // Neighbour lists: diagonal first.
  const nb: number[][] = [];
  const isDiag: boolean[][] = [];
  for (let v = 0; v < N; v++) {
    const x = v % n;
    const y = (v - x) / n;
    const d: number[] = [];
    const o: number[] = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const X = x + dx;
        const Y = y + dy;
        if (X < 0 || Y < 0 || X >= n || Y >= n) continue;
        (dx && dy ? d : o).push(X + n * Y);
      }
    }
    nb.push([...d, ...o]);
    isDiag.push([...d.map(() => true), ...o.map(() => false)]);
  }
  const start = 0;
  const visited = new Uint8Array(N);
  const alive = new Int32Array(N); // king neighbours in U ∪ {head, start}
  const fers = new Int32Array(N); // diagonal neighbours in U ∪ {head, start}
  for (let v = 0; v < N; v++) {
    alive[v] = nb[v].length;
    fers[v] = isDiag[v].filter(Boolean).length;
  }
  const need = (v: number) => (fers[v] >= 2 ? 0 : 2 - fers[v]);
  let D = 0;
  for (let v = 1; v < N; v++) D += need(v);
  // Unvisited squares by colour (x + y parity) and x parity: the run argument below.
  const cnt = [new Int32Array(2), new Int32Array(2)];
  for (let v = 1; v < N; v++) cnt[((v % n) + Math.floor(v / n)) & 1][(v % n) & 1]++;
  const colourOf = (v: number) => ((v % n) + Math.floor(v / n)) & 1;
  /**
   * Orthogonal steps still needed by the runs: a run of diagonal steps alternates x
   * parity, so it covers at most one more square of one x parity than of the other;
   * the unvisited squares of colour c with surplus s need |s| runs, less one if the
   * head is of colour c and its run continues onto the surplus parity. Every run
   * not yet begun is entered by an orthogonal step.
   */
  const runsNeeded = (head: number): number => {
    let total = 0;
    for (let c = 0; c < 2; c++) {
      const s = cnt[c][0] - cnt[c][1];
      if (s === 0) continue;
      let need = Math.abs(s);
      if (colourOf(head) === c) {
        const nextParity = ((head % n) & 1) ^ 1;
        if ((s > 0 && nextParity === 0) || (s < 0 && nextParity === 1)) need--;
      }
      total += need;
    }
    return total;
  };
  const path = new Int32Array(N);
  const order = new Int32Array(N * 8);
  let nodes = 0;
  let stopped = false;
  let found: Int32Array | null = null;
  const startAdj = new Uint8Array(N);
  const startDiag = new Uint8Array(N);
  nb[start].forEach((w, i) => {
    startAdj[w] = 1;
    if (isDiag[start][i]) startDiag[w] = 1;
  });
  visited[start] = 1;
  path[0] = start;

  const step = (depth: number, head: number, used: number): void => {
    if (found || stopped) return;
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    if (depth === N - 1) {
      if (startAdj[head] && used + (startDiag[head] ? 0 : 1) <= budget) found = Int32Array.from(path);
      return;
    }
    const list = nb[head];
    const diag = isDiag[head];
    // The head leaves the alive set when it moves on (the start never does).
    const headLeaves = head !== start;
    // Order: diagonal steps first, then fewest live neighbours (Warnsdorff).
    const base = depth * 8;
    let k = 0;
    for (let i = 0; i < list.length; i++) {
      const w = list[i];
      if (visited[w]) continue;
      const key = (diag[i] ? 0 : 16) + alive[w];
      let j = k++;
      while (j > 0) {
        const pi = order[base + j - 1];
        const pk = (diag[pi] ? 0 : 16) + alive[list[pi]];
        if (pk <= key) break;
        order[base + j] = pi;
        j--;
      }
      order[base + j] = i;
    }
    for (let c = 0; c < k; c++) {
      const i = order[base + c];
      const w = list[i];
      const cost = diag[i] ? 0 : 1;
      if (used + cost > budget) continue;
      // Apply: w leaves U (becomes head, stays alive); head dies unless it is the start.
      visited[w] = 1;
      path[depth + 1] = w;
      D -= need(w);
      cnt[colourOf(w)][(w % n) & 1]--;
      let ok = true;
      if (headLeaves) {
        for (let j = 0; j < list.length; j++) {
          const u = list[j];
          if (visited[u] && u !== start) continue;
          if (u === start) continue;
          const before = need(u);
          alive[u]--;
          if (diag[j]) fers[u]--;
          D += need(u) - before;
          if (alive[u] < 2) ok = false;
        }
      }
      const left = budget - used - cost;
      if (ok && D <= 2 * left && runsNeeded(w) <= left) step(depth + 1, w, used + cost);
      if (headLeaves) {
        for (let j = 0; j < list.length; j++) {
          const u = list[j];
          if (visited[u] && u !== start) continue;
          if (u === start) continue;
          const before = need(u);
          alive[u]++;
          if (diag[j]) fers[u]++;
          D += need(u) - before;
        }
      }
      D += need(w);
      cnt[colourOf(w)][(w % n) & 1]++;
      visited[w] = 0;
      if (found || stopped) return;
    }
  };
  step(0, start, 0);
  return { tour: found, complete: !stopped, nodes };
}

/**
 * The longest closed king tour of n×n by search: try budgets from the proven
 * lower bound upwards (even values only). `exhaustiveBelow` is true when every
 * smaller budget was searched to the end (so the tour is longest: absolute).
 */
export function longestKingTour(n: number, maxNodesPerBudget = 50_000_000, firstBudget?: number): KingTourResult {
  let budget = Math.max(firstBudget ?? 0, kingLowerBound(n));
  if (budget % 2) budget++;
  let exhaustive = firstBudget === undefined || firstBudget <= kingLowerBound(n);
  let nodes = 0;
  const budgets: KingBudgetRun[] = [];
  for (; budget <= n * n; budget += 2) {
    const r = kingTourWithin(n, budget, maxNodesPerBudget);
    nodes += r.nodes;
    budgets.push({ orthogonal: budget, complete: r.complete, found: r.tour !== null, nodes: r.nodes });
    if (r.tour) return { n, tour: r.tour, orthogonal: countOrthogonal(n, r.tour), exhaustiveBelow: exhaustive, nodes, budgets };
    if (!r.complete) exhaustive = false;
  }
  return { n, tour: null, orthogonal: null, exhaustiveBelow: exhaustive, nodes, budgets };
}
