/**
 * The fast position test of a proof run: the booklet's one-level tests (K, N,
 * D, S, 3, and our C) on a position given as a membership mask over the whole
 * board, with the degrees of the induced graph kept up to date as squares
 * enter and leave the position. Nothing is allocated per position.
 *
 * For paths (dual-free and open) the verdict is, test for test, the one of
 * hamiltonian/one-level.ts on the induced graph with a free end (uniqueOnly for
 * dual-free): same tests, same order, same rejecting test. tests/leaper/prove_test.ts
 * checks this differentially on random positions. The arguments for each test
 * are given there; here only what the incremental form adds:
 *
 * - K, N, D read counters: `ones` (non-start position squares of degree 1,
 *   with the sum of their indices, which is the forced end when ones = 1) and
 *   `zeros` (position squares of degree 0), kept exact by add/remove.
 * - S: when the start's component on the empty board is bipartite, the induced
 *   graph inherits that 2-colouring, and if it is connected its colouring is
 *   unique, so the colour classes are the inherited ones: a running count of
 *   the start's colour replaces the breadth-first colouring. Otherwise the
 *   colouring is computed during the breadth-first search, as in oneLevel.
 *
 * For closed tours (Hamiltonian cycles through the start) the tests are the
 * cycle versions, each exact for positions of 3 or more squares (a 2-square
 * position is left to the engine: its cycle is the leap out and back):
 * K: a square of degree 1 (the start included) cannot carry the two cycle
 * edges every square needs; D: degree 0; S: a cycle alternates the classes of
 * a bipartite connected graph, so they must be equal; 3: a degree-2 square
 * uses both its edges, so a square with three degree-2 neighbours would carry
 * three cycle edges; C: disconnected.
 */
import type { Graph, Square } from "../../types.ts";

/** Verdict codes: 0 = passed every test, else the rejecting test. */
export const PASS = 0;
export const TEST_K = 1;
export const TEST_N = 2;
export const TEST_D = 3;
export const TEST_S = 4;
export const TEST_3 = 5;
export const TEST_C = 6;
/** Not a verdict of test(): positions rejected as a whole subtree by the prefix rules of prefix-run.ts. */
export const TEST_P = 7;
/** Test names by code (index 0 unused). */
export const TEST_NAMES = ["", "K", "N", "D", "S", "3", "C", "P"] as const;

export type TestMode = "unique" | "path" | "cycle";

export class PositionTester {
  readonly g: Graph;
  readonly mode: TestMode;
  /** 1 when the square is in the current position (start or man). */
  readonly inPos: Uint8Array;
  /** Number of position neighbours, kept for every square of the start's component. */
  readonly deg: Int32Array;
  /** Inherited colour relative to the start (0 = start's class), -1 outside the component. */
  readonly colour: Int8Array;
  start: Square = -1;
  /** The start's component, start first, then the candidates increasing. */
  members: Int32Array = new Int32Array(0);
  bipartiteComponent = false;
  /** Squares in the position. */
  n = 0;
  ones = 0;
  onesSum = 0;
  zeros = 0;
  /** Position squares of the start's colour (bipartite components only). */
  same = 0;
  // Scratch for the breadth-first search and test 3.
  private readonly queue: Int32Array;
  private readonly seen: Int32Array;
  private readonly bfsColour: Int8Array;
  private readonly forced: Int32Array;
  private readonly forcedStamp: Int32Array;
  private stamp = 0;
  /** End forced by K (or -1) in the last path verdict. */
  lastEnd = -1;

  constructor(g: Graph, mode: TestMode) {
    this.g = g;
    this.mode = mode;
    const n = g.order;
    this.inPos = new Uint8Array(n);
    this.deg = new Int32Array(n);
    this.colour = new Int8Array(n).fill(-1);
    this.queue = new Int32Array(n);
    this.seen = new Int32Array(n);
    this.bfsColour = new Int8Array(n);
    this.forced = new Int32Array(n);
    this.forcedStamp = new Int32Array(n);
  }

  /** Choose the start: the position becomes its whole component (no empty square). */
  setStart(s: Square, candidates: Int32Array): void {
    const { g, colour } = this;
    if (this.start >= 0) {
      for (const v of this.members) {
        this.inPos[v] = 0;
        this.deg[v] = 0;
        colour[v] = -1;
      }
    }
    this.start = s;
    this.members = new Int32Array(candidates.length + 1);
    this.members[0] = s;
    this.members.set(candidates, 1);
    // Inherited 2-colouring of the component, if it has one.
    let bip = true;
    const q = this.queue;
    let head = 0;
    let tail = 0;
    colour[s] = 0;
    q[tail++] = s;
    while (head < tail) {
      const v = q[head++];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const w = g.adj[e];
        if (colour[w] === -1) {
          colour[w] = colour[v] ^ 1;
          q[tail++] = w;
        } else if (colour[w] === colour[v]) bip = false;
      }
    }
    if (tail !== this.members.length) throw new Error("internal: candidates are not the start's component");
    this.bipartiteComponent = bip;
    this.fill();
  }

  /** Put every square of the component back into the position. */
  fill(): void {
    const { g, members, inPos, deg } = this;
    for (const v of members) inPos[v] = 1;
    this.n = members.length;
    this.ones = 0;
    this.onesSum = 0;
    this.zeros = 0;
    this.same = 0;
    for (const v of members) {
      const d = g.start[v + 1] - g.start[v];
      deg[v] = d;
      if (d === 0) this.zeros++;
      else if (d === 1 && v !== this.start) {
        this.ones++;
        this.onesSum += v;
      }
      if (this.colour[v] === 0) this.same++;
    }
  }

  /** Square v (a man, never the start) becomes empty. */
  remove(v: Square): void {
    const { g, inPos, deg } = this;
    const s = this.start;
    inPos[v] = 0;
    this.n--;
    const dv = deg[v];
    if (dv === 0) this.zeros--;
    else if (dv === 1) {
      this.ones--;
      this.onesSum -= v;
    }
    if (this.colour[v] === 0) this.same--;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      const d = deg[w]--;
      if (!inPos[w]) continue;
      if (d === 1) {
        this.zeros++;
        if (w !== s) {
          this.ones--;
          this.onesSum -= w;
        }
      } else if (d === 2 && w !== s) {
        this.ones++;
        this.onesSum += w;
      }
    }
  }

  /** Empty square v (never the start) becomes a man again. */
  add(v: Square): void {
    const { g, inPos, deg } = this;
    const s = this.start;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      const d = deg[w]++;
      if (!inPos[w]) continue;
      if (d === 0) {
        this.zeros--;
        if (w !== s) {
          this.ones++;
          this.onesSum += w;
        }
      } else if (d === 1 && w !== s) {
        this.ones--;
        this.onesSum -= w;
      }
    }
    inPos[v] = 1;
    this.n++;
    const dv = deg[v];
    if (dv === 0) this.zeros++;
    else if (dv === 1) {
      this.ones++;
      this.onesSum += v;
    }
    if (this.colour[v] === 0) this.same++;
  }

  /** The verdict on the current position: PASS or the rejecting test's code. */
  test(): number {
    return this.mode === "cycle" ? this.testCycle() : this.testPath(this.mode === "unique");
  }

  /**
   * Breadth-first search from the start inside the position. Returns the number
   * of squares reached; bfsBipartite/bfsSame describe the colouring found
   * (computed only when the component is not known to be bipartite).
   */
  private bfsBipartite = true;
  private bfsSame = 0;
  private bfs(): number {
    const { g, inPos, queue: q, seen, bfsColour } = this;
    const st = ++this.stamp;
    const known = this.bipartiteComponent;
    let head = 0;
    let tail = 0;
    let bip = true;
    let same = 1;
    seen[this.start] = st;
    bfsColour[this.start] = 0;
    q[tail++] = this.start;
    while (head < tail) {
      const v = q[head++];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const w = g.adj[e];
        if (!inPos[w]) continue;
        if (seen[w] !== st) {
          seen[w] = st;
          q[tail++] = w;
          if (!known) {
            const c = bfsColour[v] ^ 1;
            bfsColour[w] = c;
            if (c === 0) same++;
          }
        } else if (!known && bfsColour[w] === bfsColour[v]) bip = false;
      }
    }
    this.bfsBipartite = known || bip;
    this.bfsSame = known ? this.same : same;
    return tail;
  }

  private endColour(end: Square): number {
    return this.bipartiteComponent ? this.colour[end] : this.bfsColour[end];
  }

  private testPath(unique: boolean): number {
    const s = this.start;
    const n = this.n;
    this.lastEnd = -1;
    if (this.ones > 1) return TEST_K;
    const end = this.ones === 1 ? this.onesSum : -1;
    this.lastEnd = end;
    if (unique && end === -1) return TEST_N;
    if (this.zeros > 0) return TEST_D;
    const reached = this.bfs();
    if (this.bfsBipartite && reached === n) {
      if (this.bfsSame !== Math.ceil(n / 2)) return TEST_S;
      if (end !== -1 && this.endColour(end) !== ((n - 1) & 1)) return TEST_S;
    }
    // Test 3: count, for every position square v, its degree-2 neighbours other
    // than the start and the end; the limit is v's capacity as in oneLevel.
    const { g, inPos, deg, members, forced, forcedStamp } = this;
    const st = this.stamp;
    for (let i = 0; i < members.length; i++) {
      const u = members[i];
      if (!inPos[u] || deg[u] !== 2 || u === s || u === end) continue;
      for (let e = g.start[u]; e < g.start[u + 1]; e++) {
        const v = g.adj[e];
        if (!inPos[v]) continue;
        let f = 1;
        if (forcedStamp[v] === st) f = ++forced[v];
        else {
          forcedStamp[v] = st;
          forced[v] = 1;
        }
        const limit = end !== -1 ? (v === s || v === end ? 1 : 2) : v === s ? 2 : 3;
        if (f > limit) return TEST_3;
      }
    }
    if (reached !== n) return TEST_C;
    return PASS;
  }

  private testCycle(): number {
    const n = this.n;
    if (n <= 2) return PASS;
    if (this.ones > 0 || this.deg[this.start] === 1) return TEST_K;
    if (this.zeros > 0) return TEST_D;
    const reached = this.bfs();
    if (this.bfsBipartite && reached === n && 2 * this.bfsSame !== n) return TEST_S;
    const { g, inPos, deg, members, forced, forcedStamp } = this;
    const st = this.stamp;
    for (let i = 0; i < members.length; i++) {
      const u = members[i];
      if (!inPos[u] || deg[u] !== 2) continue;
      for (let e = g.start[u]; e < g.start[u + 1]; e++) {
        const v = g.adj[e];
        if (!inPos[v]) continue;
        let f = 1;
        if (forcedStamp[v] === st) f = ++forced[v];
        else {
          forcedStamp[v] = st;
          forced[v] = 1;
        }
        if (f > 2) return TEST_3;
      }
    }
    if (reached !== n) return TEST_C;
    return PASS;
  }
}

/**
 * Induced graph of the current position in reusable buffers: vertex 0 is the
 * start, then the men in increasing square order. `squares` maps back.
 */
export class InducedGraphBuffer {
  order = 0;
  readonly startArr: Int32Array;
  readonly adjArr: Int32Array;
  readonly squares: Int32Array;
  private readonly index: Int32Array;

  constructor(readonly g: Graph) {
    let maxDeg = 0;
    for (let v = 0; v < g.order; v++) maxDeg = Math.max(maxDeg, g.start[v + 1] - g.start[v]);
    this.startArr = new Int32Array(g.order + 1);
    this.adjArr = new Int32Array(Math.max(1, g.order * maxDeg));
    this.squares = new Int32Array(g.order);
    this.index = new Int32Array(g.order).fill(-1);
  }

  /** Build from the tester's position; returns a Graph view sized to it. */
  build(t: PositionTester): Graph {
    const { g, squares, index, startArr, adjArr } = this;
    let n = 0;
    for (const v of t.members) {
      if (!t.inPos[v]) continue;
      squares[n] = v;
      index[v] = n++;
    }
    let k = 0;
    for (let i = 0; i < n; i++) {
      startArr[i] = k;
      const v = squares[i];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const j = index[g.adj[e]];
        if (j >= 0) adjArr[k++] = j;
      }
    }
    startArr[n] = k;
    for (let i = 0; i < n; i++) index[squares[i]] = -1;
    this.order = n;
    return { order: n, start: startArr.subarray(0, n + 1), adj: adjArr.subarray(0, k) };
  }
}
