/**
 * Exhaustive search for magic leaper tours: the numbers 1..N are written along
 * a tour of an m×n board and given lines (rows, columns, optionally the two
 * diagonals, or any sets of squares in tests) must reach given sums.
 *
 * Two modes:
 *   "path"    — numbers 1, 2, ..., N are placed one per step along the tour;
 *   "central" — the route is symmetric under the half turn: number k on square s
 *               means k + N/2 on the antipode of s; a step places both, and the
 *               tour closes (the last square is a move from the first). Only for
 *               even×even boards, where a square and its antipode share a colour.
 *
 * Pruning (every rule only removes states from which no solution can follow;
 * each is argued where it is applied and tested differentially against a plain
 * search in tests/magic/magic_engine_test.ts):
 *   L  line sums with remaining-count bounds by parity: a leaper with x+y odd
 *      changes colour on every move, so the colour of number 1's square carries
 *      every odd number and the other colour every even one. A line whose empty
 *      squares are a "odd" and b "even" squares must receive a distinct odd and
 *      b distinct even numbers still unplaced, so its missing sum lies between
 *      the sum of the smallest and of the largest such choice and has the parity
 *      of a. Checked on every line at every step (placing numbers raises the
 *      smallest remaining ones, so lines away from the move can fail too),
 *      through each line's deadline (see dlTab) at O(1) per step.
 *   K  consecutive numbers never share a line whose squares are never a leap
 *      apart: k and k+1 are a leap apart. A leap [x, y] with x, y >= 1 changes
 *      both the file and the rank, so rows and columns (and both diagonals of
 *      a square board) are such lines; each line is checked when the tables
 *      are built, and K stands aside for any other. The bounds of L are then
 *      taken over sets of unplaced numbers with no two consecutive (a dynamic
 *      programme over the numbers when the tables are built, so the check per
 *      node costs what L alone costs).
 *   R  reach (path mode): the number t+j lies on a square j leaps (in the
 *      whole board graph) from the current square, which carries t; so every
 *      number still to come in line l is at least t + d(s, l), where d(s, l)
 *      is the fewest leaps from s to a square of l other than s. The lower
 *      bound of L for line l is then taken over the unplaced numbers from
 *      t + d(s, l) up (with K, no two consecutive).
 *   F  final square (path mode): once rule D has fixed the square e of the
 *      last number N, the number N - j lies within j leaps of e; so every
 *      number of a line l not through e is at most N - d(e, l) (d as in R),
 *      and a line through e holds N on e and, on its other squares, numbers
 *      of at most N - 2 (N - 1 is a leap from e, so off e's lines; N - 1 when
 *      the line holds a leap, where K stands aside). The upper bound over
 *      1..cap (placed numbers included, which only loosens it) is a table.
 *      The square e must have N's colour class.
 *   M  forced move (path mode, enumeration): an open square u next to the
 *      current square s whose only other open neighbour is w has at most two
 *      tour neighbours, s and w. Unless u carries the last number (which needs
 *      one), it needs both, so the route passes s, u, w in one direction; s is
 *      the route's current end, so u must be the very next square. Such a u
 *      cannot be last when the last square is already fixed elsewhere (D) or
 *      the reduction does not allow it (E). Two such squares: no move serves
 *      both, the state is dead; one: it is the only move tried.
 *   3  forced edges (path mode): an open square with two open neighbours,
 *      not next to the current square and not the last square, uses both as
 *      tour neighbours; three such forced edges into one square (two into the
 *      last square) leave no tour (threeHolds has the argument).
 *   D  dead ends: every square still to visit needs enough neighbours among the
 *      squares still open (path mode: two, except the final square, which needs
 *      one; so a square with one is the end, and two such squares, or one that
 *      is not an allowed end, kill the state).
 *   E  allowed end squares: the symmetry reduction fixes which squares may carry
 *      the last number (the finishing-square table); when none is left open the
 *      state is dead.
 *   C  connectivity (optional): every open square must be reachable from the
 *      current square through open squares.
 *
 * Hot loops use typed arrays only; nothing is allocated per search node.
 */

import { bfsDistances } from "../graph/graph.ts";
import { makeBoard } from "../board/board.ts";
import { leaperGraph as boardLeaperGraph } from "../graph/leaper-graph.ts";
import { Stamps } from "../graph/reach.ts";

export type MagicMode = "path" | "central";

export interface MagicLine {
  squares: readonly number[];
  target: number;
}

export interface MagicSearchSpec {
  width: number;
  height: number;
  /** Leap [x, y] with x + y odd (default the knight [1, 2]). */
  leap?: readonly [number, number];
  lines: readonly MagicLine[];
  mode?: MagicMode;
  /** Check connectivity (rule C) while the number of open squares lies in [min, max]. */
  connectivity?: { minOpen: number; maxOpen: number } | false;
  /** Optional exact rules (all on unless switched off; see the header). */
  rules?: MagicRules;
}

/** Switches for the rules added to L (each exact, each tested on its own against a plain search). */
export interface MagicRules {
  /** Rule K: no two consecutive numbers in one line (tighter L bounds, same cost per node). */
  gap?: boolean;
  /** Rule R: the first number still to come in a line is at least t + (leaps from the current square to the line). */
  reach?: boolean;
  /** Rule F: once the last square is known, every number of a line is at most N - (leaps from it to the line). */
  end?: boolean;
  /** Rule M: a neighbour of the current square left with one other open neighbour (and not the last square) is the next move. */
  forced?: boolean;
  /** Rule 3: no open square receives more forced edges (from squares with two open neighbours) than it can carry. */
  three?: boolean;
}

export const NO_RULES: MagicRules = { gap: false, reach: false, end: false, forced: false, three: false };

export interface MagicCounts {
  nodes: number;
  solutions: number;
}

/** Result callback: `path` holds the squares of numbers 1..N (valid only during the call). Return true to stop. */
export type OnMagicSolution = (path: Int32Array) => boolean | void;

const INF = 0x3fffffff;

export function knightLeap(): [number, number] {
  return [1, 2];
}

/** Rows then columns of a width×height board (square = x + y*width), each with the given target. */
export function rowColumnLines(width: number, height: number, rowTarget: number, colTarget: number): MagicLine[] {
  const lines: MagicLine[] = [];
  for (let y = 0; y < height; y++) lines.push({ squares: Array.from({ length: width }, (_, x) => x + y * width), target: rowTarget });
  for (let x = 0; x < width; x++) lines.push({ squares: Array.from({ length: height }, (_, y) => x + y * width), target: colTarget });
  return lines;
}

/** The two main diagonals of an n×n board (a1–h8 first). */
export function diagonalLines(n: number, target: number): MagicLine[] {
  return [
    { squares: Array.from({ length: n }, (_, i) => i + i * n), target },
    { squares: Array.from({ length: n }, (_, i) => (n - 1 - i) + i * n), target },
  ];
}

/** Semimagic lines of an n×n board: every row and column sums to n(n²+1)/2. */
export function semimagicLines(n: number): MagicLine[] {
  const s = (n * (n * n + 1)) / 2;
  return rowColumnLines(n, n, s, s);
}

/**
 * For each (a, b) (index a*m1 + b): the smallest (or largest) sum of a odd and
 * b even numbers among 1..n for which `free` holds, with no two consecutive
 * when `gap`; INF (or -INF) when there are not enough. A dynamic programme over
 * the numbers in increasing order, remembering whether the previous one was taken.
 */
export function extremeSums(n: number, m1: number, free: (v: number) => boolean, gap: boolean, largest: boolean): Int32Array {
  const cells = m1 * m1 * 2;
  let f = new Float64Array(cells).fill(Infinity), g = new Float64Array(cells);
  f[0] = 0;
  for (let v = 1; v <= n; v++) {
    g.fill(Infinity);
    const w = largest ? -v : v, odd = v & 1, ok = free(v);
    for (let i = 0; i < m1; i++) {
      for (let j = 0; j < m1; j++) {
        for (let p = 0; p < 2; p++) {
          const cur = f[(i * m1 + j) * 2 + p];
          if (cur === Infinity) continue;
          const skip = (i * m1 + j) * 2;
          if (cur < g[skip]) g[skip] = cur;
          if (!ok || (gap && p)) continue;
          const ni = i + odd, nj = j + 1 - odd;
          if (ni >= m1 || nj >= m1) continue;
          const take = (ni * m1 + nj) * 2 + 1;
          if (cur + w < g[take]) g[take] = cur + w;
        }
      }
    }
    [f, g] = [g, f];
  }
  const out = new Int32Array(m1 * m1);
  for (let k = 0; k < m1 * m1; k++) {
    const best = Math.min(f[k * 2], f[k * 2 + 1]);
    out[k] = best === Infinity ? (largest ? -INF : INF) : largest ? -best : best;
  }
  return out;
}

export class MagicSearch {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly mode: MagicMode;
  /** Placement steps of a complete tour: N (path) or N/2 (central). */
  readonly steps: number;
  readonly nbrStart: Int32Array;
  readonly nbr: Int32Array;
  readonly adj: Uint8Array;
  readonly anti: Int32Array;
  readonly colour: Uint8Array;
  // Lines.
  private readonly lineCount: number;
  private readonly lineTarget: Int32Array;
  private readonly sqLineStart: Int32Array;
  private readonly sqLines: Int32Array;
  private readonly maxLine: number;
  /** Per line: offset of its table half (the K half when rule K applies to it). */
  private readonly lineTab: Int32Array;
  /** Rule R per square s: the lines l with d(s, l) >= 2 (CSR: reachStart[s]..), and d. */
  private readonly reachStart: Int32Array;
  private readonly reachLine: Int32Array;
  private readonly reachDist: Int32Array;
  /**
   * Deadlines: dlTab[(tab half) + (a*(M+1) + b)*(maxRem+1) + rem] is the last step
   * x at which a line with a odd and b even squares empty still missing rem
   * passes L (and K): lo[x] <= rem <= hi[x] and the parity; -1 if none. lo
   * never falls and hi never rises as x grows (fewer numbers stay unplaced), so
   * the steps that pass are exactly 0..deadline. A line's deadline changes only
   * when a number lands in it; dlCount[D + 1] counts the lines with deadline D,
   * so one step checks L on every line by looking at the lines it touched and
   * at the count of lines whose deadline is the step just passed.
   */
  private readonly dlTab: Int32Array;
  /** Rule F: d(s, l) as in R for every square and line, whether s lies on l, and hiCap[(K half, cap)][a][b]. */
  private readonly lineDist: Int32Array;
  private readonly lineHas: Uint8Array;
  private readonly hiCap: Int32Array;
  private readonly useEnd: boolean;
  private readonly useForced: boolean;
  private readonly useThree: boolean;
  private readonly maxRem: number;
  private readonly lineDl: Int32Array;
  /** Path mode: each step's lines' deadlines before it (step t at t * maxSqLines), so unplace restores them without recomputing. */
  private readonly dlSave: Int32Array;
  private readonly maxSqLines: number;
  private readonly dlCount: Int32Array;
  /** lo/hi[(step*(M+1) + a)*(M+1) + b]: smallest/largest sum of a odd and b even numbers unplaced after `step` steps. */
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  // State.
  readonly visited: Uint8Array;
  private readonly deg: Int32Array;
  readonly path: Int32Array;
  /** Number of steps done (numbers 1..t placed in path mode). */
  t = 0;
  private readonly rem: Int32Array;
  private readonly cntOdd: Int32Array;
  private readonly cntEven: Int32Array;
  /** 1 when the square carries odd numbers (same colour as number 1's square). */
  private readonly oddSq: Uint8Array;
  private endSq = -1;
  private readonly endStack: Int32Array;
  private readonly allowedEnd: Uint8Array;
  private useAllowed = false;
  private allowedLeft = 0;
  // Central mode: links to the fixed ends (the start and its antipode).
  private readonly link: Uint8Array;
  // Groups.
  // Connectivity.
  private readonly connMin: number;
  private readonly connMax: number;
  private readonly queue: Int32Array;
  private readonly stamp: Int32Array;
  /** Rule C's BFS passes over `stamp`, cleared before a pass number would leave the Int32 range. */
  private readonly stamps: Stamps;
  // Move ordering buffer for the heuristic search (per step, 8 slots).
  private readonly order: Int32Array;
  private readonly orderKey: Int32Array;
  /** Sort moves by fewest onward moves (finding one tour; enumeration order does not matter). */
  heuristic = false;
  nodes = 0;
  solutions = 0;
  private stop = false;
  private nodeLimit = Infinity;

  constructor(spec: MagicSearchSpec) {
    const W = spec.width, H = spec.height, N = W * H;
    if (!(Number.isInteger(W) && Number.isInteger(H) && W >= 1 && H >= 1)) throw new Error(`bad board ${W}x${H}`);
    const [lx, ly] = spec.leap ?? [1, 2];
    if ((lx + ly) % 2 !== 1) throw new Error(`the leap [${lx},${ly}] does not change colour on every move`);
    this.width = W;
    this.height = H;
    this.size = N;
    this.mode = spec.mode ?? "path";
    if (this.mode === "central" && (W % 2 !== 0 || H % 2 !== 0)) throw new Error("central mode needs an even×even board");
    this.steps = this.mode === "central" ? N / 2 : N;
    // Leaper graph (CSR) and adjacency matrix.
    ({ nbrStart: this.nbrStart, nbr: this.nbr, adj: this.adj } = leaperGraph(W, H, lx, ly));
    this.anti = new Int32Array(N);
    this.colour = new Uint8Array(N);
    for (let s = 0; s < N; s++) {
      const x = s % W, y = (s - x) / W;
      this.anti[s] = (W - 1 - x) + (H - 1 - y) * W;
      this.colour[s] = (x + y) & 1;
    }
    // Lines.
    this.lineCount = spec.lines.length;
    this.lineTarget = Int32Array.from(spec.lines.map((l) => l.target));
    const index = squareLines(spec.lines, N);
    const maxLine = index.maxLine;
    this.maxLine = maxLine;
    this.sqLineStart = index.sqLineStart;
    this.sqLines = index.sqLines;
    const M1 = maxLine + 1, half = (this.steps + 1) * M1 * M1;
    this.lo = new Int32Array(2 * half);
    this.hi = new Int32Array(2 * half);
    this.buildBounds();
    const rules = spec.rules ?? {};
    this.lineTab = new Int32Array(this.lineCount);
    spec.lines.forEach((l, i) => {
      const leapFree = l.squares.every((u) => l.squares.every((v) => this.adj[u * N + v] === 0));
      if (rules.gap !== false && leapFree) this.lineTab[i] = half;
    });
    const reach: number[][] = Array.from({ length: N }, () => []);
    const L = this.lineCount;
    this.lineDist = new Int32Array(N * L);
    this.lineHas = new Uint8Array(N * L);
    if (this.mode === "path") {
      const graph = { order: N, start: this.nbrStart, adj: this.nbr };
      for (let s = 0; s < N; s++) {
        const dist = bfsDistances(graph, s);
        spec.lines.forEach((l, i) => {
          let d = N + 1; // no other square of the line reachable: nothing can come
          for (const u of l.squares) if (u !== s && dist[u] > 0 && dist[u] < d) d = dist[u];
          this.lineDist[s * L + i] = d;
          this.lineHas[s * L + i] = l.squares.includes(s) ? 1 : 0;
          if (rules.reach !== false && d >= 2) reach[s].push(i, d);
        });
      }
    }
    this.useEnd = rules.end !== false && this.mode === "path";
    this.useForced = rules.forced !== false && this.mode === "path";
    this.useThree = rules.three !== false && this.mode === "path";
    this.hiCap = new Int32Array(this.useEnd ? 2 * (N + 1) * M1 * M1 : 0);
    if (this.useEnd) {
      for (let h = 0; h < 2; h++) {
        for (let cap = 0; cap <= N; cap++) {
          this.hiCap.set(extremeSums(N, M1, (v) => v <= cap, h === 1, true), (h * (N + 1) + cap) * M1 * M1);
        }
      }
    }
    this.reachStart = new Int32Array(N + 1);
    for (let s = 0; s < N; s++) this.reachStart[s + 1] = this.reachStart[s] + reach[s].length / 2;
    this.reachLine = Int32Array.from(reach.flatMap((r) => r.filter((_, k) => k % 2 === 0)));
    this.reachDist = Int32Array.from(reach.flatMap((r) => r.filter((_, k) => k % 2 === 1)));
    // Deadline tables.
    this.maxRem = Math.max(0, ...spec.lines.map((l) => l.target));
    {
      const R1 = this.maxRem + 1, S = this.steps;
      this.dlTab = new Int32Array(2 * M1 * M1 * R1);
      for (let h = 0; h < 2; h++) {
        for (let a = 0; a < M1; a++) {
          for (let b = 0; b < M1; b++) {
            for (let r = 0; r < R1; r++) {
              let x = -1;
              if (((r - a) & 1) === 0) {
                while (
                  x < S && this.lo[h * half + ((x + 1) * M1 + a) * M1 + b] <= r && r <= this.hi[h * half + ((x + 1) * M1 + a) * M1 + b]
                ) x++;
              }
              this.dlTab[((h * M1 + a) * M1 + b) * R1 + r] = x;
            }
          }
        }
      }
    }
    this.lineDl = new Int32Array(this.lineCount);
    let maxSqLines = 0;
    for (let q = 0; q < N; q++) maxSqLines = Math.max(maxSqLines, this.sqLineStart[q + 1] - this.sqLineStart[q]);
    this.maxSqLines = maxSqLines;
    this.dlSave = new Int32Array((N + 2) * Math.max(1, maxSqLines));
    this.dlCount = new Int32Array(this.steps + 2);
    // State.
    this.visited = new Uint8Array(N);
    this.deg = new Int32Array(N);
    this.path = new Int32Array(N);
    this.rem = new Int32Array(this.lineCount);
    this.cntOdd = new Int32Array(this.lineCount);
    this.cntEven = new Int32Array(this.lineCount);
    this.oddSq = new Uint8Array(N);
    this.endStack = new Int32Array(N + 2);
    this.allowedEnd = new Uint8Array(N);
    this.link = new Uint8Array(N);
    const conn = spec.connectivity;
    this.connMin = conn ? conn.minOpen : INF;
    this.connMax = conn ? conn.maxOpen : -1;
    this.queue = new Int32Array(N);
    this.stamp = new Int32Array(N);
    this.stamps = new Stamps([this.stamp]);
    this.order = new Int32Array((N + 1) * 8);
    this.orderKey = new Int32Array((N + 1) * 8);
  }

  /**
   * Tables of rule L (and K): lo/hi[(x*(M+1) + a)*(M+1) + b] is the smallest/largest
   * sum of a odd and b even numbers among those unplaced after step x; the
   * second half of each table (from kOffset) the same over sets with no two
   * consecutive numbers. Numbers placed by step k (1-based): k, and k + N/2 in
   * central mode. A dynamic programme over the numbers in increasing order,
   * remembering whether the previous number was taken.
   */
  private buildBounds(): void {
    const N = this.size, S = this.steps, M1 = this.maxLine + 1, half = (S + 1) * M1 * M1;
    const placedAt = new Int32Array(N + 1); // step at which number v is placed
    for (let v = 1; v <= N; v++) placedAt[v] = this.mode === "central" ? (v <= S ? v : v - S) : v;
    for (let gap = 0; gap < 2; gap++) {
      for (let step = 0; step <= S; step++) {
        const free = (v: number) => placedAt[v] > step;
        const lo = extremeSums(N, M1, free, gap === 1, false), hi = extremeSums(N, M1, free, gap === 1, true);
        this.lo.set(lo, gap * half + step * M1 * M1);
        this.hi.set(hi, gap * half + step * M1 * M1);
      }
    }
  }

  /** Deadline of line l in its current state (see dlTab). */
  private lineDeadline(l: number): number {
    const r = this.rem[l];
    if (r < 0 || r > this.maxRem) return -1;
    const M1 = this.maxLine + 1;
    return this.dlTab[((this.lineTab[l] ? M1 * M1 : 0) + this.cntOdd[l] * M1 + this.cntEven[l]) * (this.maxRem + 1) + r];
  }

  /**
   * True when placing the next number (path mode) on v would fail rule L or K
   * — exactly the deadline test of place(), read without placing: v's lines
   * with one square and the number t+1 less must keep a deadline of t+1 or
   * more, and no other line may have its deadline at t.
   */
  private lineReject(v: number): boolean {
    const t1 = this.t + 1, M1 = this.maxLine + 1, R1 = this.maxRem + 1, odd = this.oddSq[v];
    let atT = this.dlCount[t1]; // lines with deadline t
    for (let j = this.sqLineStart[v], e = this.sqLineStart[v + 1]; j < e; j++) {
      const l = this.sqLines[j];
      if (this.lineDl[l] === t1 - 1) atT--;
      const r = this.rem[l] - t1;
      if (r < 0) return true;
      const a = this.cntOdd[l] - odd, b = this.cntEven[l] - 1 + odd;
      if (this.dlTab[((this.lineTab[l] ? M1 * M1 : 0) + a * M1 + b) * R1 + r] < t1) return true;
    }
    return atT !== 0;
  }

  /** Rule F (see the header): the line bounds from the known last square, on every line or on those of one square. */
  private endBoundsHold(onlyLinesOf: number): boolean {
    const e = this.endSq, N = this.size, L = this.lineCount, M1 = this.maxLine + 1, MM = M1 * M1;
    const eOdd = this.oddSq[e];
    if (eOdd !== (N & 1)) return false;
    const hiCap = this.hiCap, rem = this.rem, co = this.cntOdd, ce = this.cntEven, tab = this.lineTab;
    const all = onlyLinesOf < 0;
    const j0 = all ? 0 : this.sqLineStart[onlyLinesOf], j1 = all ? L : this.sqLineStart[onlyLinesOf + 1];
    for (let j = j0; j < j1; j++) {
      const l = all ? j : this.sqLines[j];
      const h = tab[l] ? 1 : 0;
      if (this.lineHas[e * L + l]) {
        const r = rem[l] - N;
        if (r < 0) return false;
        const cap = N - 1 - h;
        if (r > hiCap[(h * (N + 1) + cap) * MM + (co[l] - eOdd) * M1 + ce[l] - 1 + eOdd]) return false;
      } else {
        let cap = N - this.lineDist[e * L + l];
        if (cap < 0) cap = 0;
        if (rem[l] > hiCap[(h * (N + 1) + cap) * MM + co[l] * M1 + ce[l]]) return false;
      }
    }
    return true;
  }

  /** Degree of a square in the whole leaper graph. */
  degree(s: number): number {
    return this.nbrStart[s + 1] - this.nbrStart[s];
  }

  /**
   * Reset to the empty board and place number 1 (and N/2+1 in central mode) on
   * `start`. `allowedEnd` (path mode): the squares that may carry N (null: any).
   * Returns false when the state already fails a rule (the caller still owns
   * the state: call clear() or another start()).
   */
  start(start: number, allowedEnd: Uint8Array | null = null): boolean {
    const N = this.size;
    this.visited.fill(0);
    for (let s = 0; s < N; s++) this.deg[s] = this.degree(s);
    for (let l = 0; l < this.lineCount; l++) {
      this.rem[l] = this.lineTarget[l];
      this.cntOdd[l] = 0;
      this.cntEven[l] = 0;
    }
    const c0 = this.colour[start];
    for (let s = 0; s < N; s++) {
      this.oddSq[s] = this.colour[s] === c0 ? 1 : 0;
      for (let j = this.sqLineStart[s]; j < this.sqLineStart[s + 1]; j++) {
        if (this.oddSq[s]) this.cntOdd[this.sqLines[j]]++;
        else this.cntEven[this.sqLines[j]]++;
      }
    }
    this.dlCount.fill(0);
    for (let l = 0; l < this.lineCount; l++) {
      this.lineDl[l] = this.lineDeadline(l);
      this.dlCount[this.lineDl[l] + 1]++;
    }
    this.endSq = -1;
    this.useAllowed = allowedEnd !== null && this.mode === "path";
    this.allowedLeft = 0;
    for (let s = 0; s < N; s++) {
      this.allowedEnd[s] = this.useAllowed ? allowedEnd![s] : 1;
      this.allowedLeft += this.allowedEnd[s];
    }
    if (this.mode === "central") {
      const a = this.anti[start];
      for (let s = 0; s < N; s++) this.link[s] = this.adj[s * N + start] + this.adj[s * N + a];
    }
    this.t = 0;
    this.stop = false;
    return this.place(start);
  }

  /** Open squares' effective degree check at the first step (every square, not only the neighbours of the move). */
  private firstStepCheck(s: number): boolean {
    const N = this.size;
    if (this.mode === "central") {
      // Rule D (central): the open squares form two gaps of the closed route, from the
      // current square to the start's antipode and from its antipode back to the start;
      // each open square is inside one gap, so it needs two neighbours among the open
      // squares and those four end squares.
      for (let u = 0; u < N; u++) {
        if (this.visited[u]) continue;
        if (this.deg[u] + this.link[u] * 2 < 2) return false;
      }
      return true;
    }
    for (let u = 0; u < N; u++) {
      if (this.visited[u]) continue;
      const e = this.deg[u] + this.adj[u * N + s];
      if (e === 0) return false;
      if (e === 1 && !this.forceEnd(u)) return false;
    }
    return true;
  }

  /** Whether square x may still carry the last number (rules D and E). */
  private canBeEnd(x: number): boolean {
    return x === this.endSq || (this.endSq < 0 && this.allowedEnd[x] === 1);
  }

  /**
   * Rule 3 (path mode), for an open square u just left with two open
   * neighbours and not adjacent to the current square (a neighbour of the
   * previous square has the current square's colour): unless u is last, both
   * are its tour neighbours. Likewise every open square x with two open
   * neighbours that cannot be last forces its two edges. An open square w
   * carries two tour edges (one if it is last), so three forced edges into
   * w, or two into the fixed last square, leave no tour. Only u's two
   * neighbours are checked: the squares forced before this step were checked
   * when they became forced, and a count only grows when a new square is
   * forced. (x next to w has u's colour, so it is not next to the current
   * square either, and visited squares other than the current one take no
   * more edges.)
   */
  private threeHolds(u: number): boolean {
    const endSq = this.endSq, allowed = this.allowedEnd, free = endSq < 0;
    // canBeEnd(x), inlined: x === endSq || (free && allowed[x] === 1).
    if (u === endSq || (free && allowed[u] === 1)) return true;
    const nbr = this.nbr, nbrStart = this.nbrStart, visited = this.visited, deg = this.deg;
    for (let j = nbrStart[u], ej = nbrStart[u + 1]; j < ej; j++) {
      const w = nbr[j];
      if (visited[w]) continue;
      let c = 0;
      for (let k = nbrStart[w], ek = nbrStart[w + 1]; k < ek; k++) {
        const x = nbr[k];
        if (!visited[x] && deg[x] === 2 && x !== endSq && !(free && allowed[x] === 1)) c++;
      }
      if (c >= 3 || (c >= 2 && w === endSq)) return false;
    }
    return true;
  }

  /** Rule D/E: u has one possible tour neighbour left, so it must carry the last number. */
  private forceEnd(u: number): boolean {
    if (this.endSq < 0) {
      if (!this.allowedEnd[u]) return false;
      this.endSq = u;
      return true;
    }
    return this.endSq === u;
  }

  /**
   * Place the next step on square s (must be open). Returns whether the new
   * state passes every rule; either way the caller undoes it with unplace().
   */
  place(s: number): boolean {
    return this.mode === "path" ? this.placePath(s) : this.placeCentral(s);
  }

  /** place() in central mode: number t on s and t + N/2 on its antipode. */
  private placeCentral(s: number): boolean {
    const N = this.size;
    const visited = this.visited, deg = this.deg, nbr = this.nbr, nbrStart = this.nbrStart;
    const t = ++this.t;
    this.endStack[t] = this.endSq;
    this.path[t - 1] = s;
    let ok = true;
    for (let q = 0; q < 2; q++) {
      const sq = q === 0 ? s : this.anti[s];
      const num = q === 0 ? t : t + this.steps;
      if (visited[sq]) ok = false; // antipode already taken: impossible in a legal call
      visited[sq] = 1;
      for (let j = nbrStart[sq]; j < nbrStart[sq + 1]; j++) deg[nbr[j]]--;
      for (let j = this.sqLineStart[sq]; j < this.sqLineStart[sq + 1]; j++) {
        const l = this.sqLines[j];
        this.rem[l] -= num;
        if (this.oddSq[sq]) this.cntOdd[l]--;
        else this.cntEven[l]--;
        this.dlCount[this.lineDl[l] + 1]--;
        const d = this.lineDeadline(l);
        this.lineDl[l] = d;
        this.dlCount[d + 1]++;
      }
      this.allowedLeft -= this.allowedEnd[sq];
    }
    if (!ok) return false;
    // (Checked once both squares of a central step are placed: the tables count both numbers as placed.)
    for (let q = 0; q < 2; q++) {
      const sq = q === 0 ? s : this.anti[s];
      for (let j = this.sqLineStart[sq]; j < this.sqLineStart[sq + 1]; j++) if (this.lineDl[this.sqLines[j]] < t) return false;
    }
    // Rules L and K on every line: the lines this step touched were checked above;
    // the others passed at step t - 1 (place() is only called on states that
    // passed), so only those whose deadline is t - 1 fail now (at the start, t = 1,
    // also those with none).
    if (this.dlCount[t] !== 0 || this.dlCount[0] !== 0) return false;
    if (t === this.steps) return this.adj[s * N + this.anti[this.path[0]]] === 1;
    if (t === 1) return this.firstStepCheck(s);
    // Rule D (central): only the open neighbours of the previous square and of its
    // antipode lost a possible route neighbour; each needs two (see firstStepCheck).
    // Bipartiteness: such a square has the colour of s and of anti(s), so it is
    // adjacent to neither.
    for (let q = 0; q < 2; q++) {
      const p = q === 0 ? this.path[t - 2] : this.anti[this.path[t - 2]];
      for (let j = nbrStart[p]; j < nbrStart[p + 1]; j++) {
        const u = nbr[j];
        if (visited[u]) continue;
        if (deg[u] + this.link[u] < 2) return false;
      }
    }
    // Rule C.
    const open = (this.steps - t) * 2;
    if (open >= this.connMin && open <= this.connMax && !this.connected(s, open)) return false;
    return true;
  }

  /**
   * place() in path mode. Each line's previous deadline is saved for
   * unplacePath, which restores it instead of recomputing it (measured: about
   * 7% less CPU on the benchmark sample, same nodes).
   */
  private placePath(s: number): boolean {
    const visited = this.visited, deg = this.deg, nbr = this.nbr, nbrStart = this.nbrStart;
    const t = ++this.t;
    this.endStack[t] = this.endSq;
    this.path[t - 1] = s;
    visited[s] = 1;
    for (let j = nbrStart[s], e = nbrStart[s + 1]; j < e; j++) deg[nbr[j]]--;
    const rem = this.rem, co = this.cntOdd, ce = this.cntEven, lineDl = this.lineDl, dlCount = this.dlCount;
    const sqLines = this.sqLines, j0 = this.sqLineStart[s], j1 = this.sqLineStart[s + 1];
    const odd = this.oddSq[s], save = this.dlSave, sb = t * this.maxSqLines - j0;
    const M1 = this.maxLine + 1, MM = M1 * M1, R1 = this.maxRem + 1, maxRem = this.maxRem, dlTab = this.dlTab, tab = this.lineTab;
    let bad = false;
    for (let j = j0; j < j1; j++) {
      const l = sqLines[j];
      const r = (rem[l] -= t);
      if (odd) co[l]--;
      else ce[l]--;
      const old = lineDl[l];
      save[sb + j] = old;
      dlCount[old + 1]--;
      // lineDeadline(l), inlined.
      const d = r < 0 || r > maxRem ? -1 : dlTab[((tab[l] ? MM : 0) + co[l] * M1 + ce[l]) * R1 + r];
      lineDl[l] = d;
      dlCount[d + 1]++;
      if (d < t) bad = true;
    }
    this.allowedLeft -= this.allowedEnd[s];
    if (bad) return false;
    // Rules L and K on every line: the lines this step touched were checked above;
    // the others passed at step t - 1 (place() is only called on states that
    // passed), so only those whose deadline is t - 1 fail now (at the start, t = 1,
    // also those with none).
    if (dlCount[t] !== 0 || dlCount[0] !== 0) return false;
    // Rule R: the lines at least two leaps away (d = 1 adds nothing to L). No
    // number lands in such a line l before step t + d(s, l), so its state at step
    // t + d - 1 is its state now and must pass L and K then: its deadline must be
    // at least t + d - 1 (capped at the last step). That is the header's bound
    // (the smallest numbers it can receive are t + d and up) read from the
    // deadline, one comparison per line; the deadline also holds the upper bound,
    // which only tightens the test (still exact: L must hold at every step).
    {
      const S = this.steps, rl = this.reachLine, rd = this.reachDist;
      for (let j = this.reachStart[s], e = this.reachStart[s + 1]; j < e; j++) {
        let x = t + rd[j] - 1;
        if (x > S) x = S;
        if (lineDl[rl[j]] < x) return false;
      }
    }
    if (t === this.steps) return this.allowedEnd[s] === 1;
    if (this.endSq === s) return false; // the forced end reached too early
    // Rule F: the caps depend only on the end, so once every line has been checked
    // against them (the first step after the end became known), only the lines
    // a step touches can newly fail.
    if (this.useEnd && this.endSq >= 0 && !this.endBoundsHold(t >= 2 && this.endStack[t - 1] >= 0 ? s : -1)) return false;
    if (this.useAllowed && this.allowedLeft === 0) return false; // rule E
    if (t === 1) return this.firstStepCheck(s) && this.connOk(s, t);
    // Rule D (path): an open square's possible tour neighbours are its open
    // neighbours plus the current square. Moving p -> s changes that only for
    // the open neighbours of p, which lose p: they have the colour of s, and
    // two squares of one colour are never a leap apart, so s does not replace
    // p for them. The neighbours of s lose s as an open square but gain it as
    // the current one.
    // Rule 3 runs after every square left with one neighbour has fixed the
    // last square (a first pass): then its count of forced edges never depends
    // on the order of the neighbours, and a fixed last square only narrows what
    // rule 3 exempts, which keeps it exact. (The compiled kernel reads these
    // squares from bitboards in another order; the two passes make the counts
    // equal.)
    const p = this.path[t - 2];
    let twos = 0;
    for (let j = nbrStart[p], e = nbrStart[p + 1]; j < e; j++) {
      const u = nbr[j];
      if (visited[u]) continue;
      const e2 = deg[u];
      if (e2 === 0) return false;
      if (e2 === 1 && !this.forceEnd(u)) return false;
      if (e2 === 2) twos++;
    }
    if (twos > 0 && this.useThree) {
      for (let j = nbrStart[p], e = nbrStart[p + 1]; j < e; j++) {
        const u = nbr[j];
        if (!visited[u] && deg[u] === 2 && !this.threeHolds(u)) return false;
      }
    }
    // An open neighbour of s with no other open neighbour must come next and be
    // the last square: only possible when one square is left.
    if (t < this.steps - 1) {
      for (let j = nbrStart[s], e = nbrStart[s + 1]; j < e; j++) {
        const u = nbr[j];
        if (!visited[u] && deg[u] === 0) return false;
      }
    }
    return this.connOk(s, t);
  }

  /** Rule C where it applies (path mode). */
  private connOk(s: number, t: number): boolean {
    const open = this.steps - t; // rule C
    return !(open >= this.connMin && open <= this.connMax && !this.connected(s, open));
  }

  /** unplace() in path mode: the saved deadlines come back instead of being recomputed. */
  private unplacePath(): void {
    const t = this.t;
    const s = this.path[t - 1];
    const visited = this.visited, deg = this.deg, nbr = this.nbr, nbrStart = this.nbrStart;
    visited[s] = 0;
    for (let j = nbrStart[s], e = nbrStart[s + 1]; j < e; j++) deg[nbr[j]]++;
    const rem = this.rem, lineDl = this.lineDl, dlCount = this.dlCount, sqLines = this.sqLines;
    const j0 = this.sqLineStart[s], j1 = this.sqLineStart[s + 1], odd = this.oddSq[s], save = this.dlSave;
    const sb = t * this.maxSqLines - j0;
    for (let j = j0; j < j1; j++) {
      const l = sqLines[j];
      rem[l] += t;
      if (odd) this.cntOdd[l]++;
      else this.cntEven[l]++;
      dlCount[lineDl[l] + 1]--;
      const d = save[sb + j];
      lineDl[l] = d;
      dlCount[d + 1]++;
    }
    this.allowedLeft += this.allowedEnd[s];
    this.endSq = this.endStack[t];
    this.t = t - 1;
  }

  /** Rule C: BFS over open squares from the current square (and its antipode in central mode). */
  private connected(s: number, open: number): boolean {
    const stamp = this.stamps.next();
    const q = this.queue, st = this.stamp, visited = this.visited, nbr = this.nbr, nbrStart = this.nbrStart;
    let head = 0, tail = 0, reached = 0;
    const seeds = this.mode === "central" ? 2 : 1;
    for (let k = 0; k < seeds; k++) {
      const src = k === 0 ? s : this.anti[s];
      for (let j = nbrStart[src]; j < nbrStart[src + 1]; j++) {
        const u = nbr[j];
        if (!visited[u] && st[u] !== stamp) {
          st[u] = stamp;
          q[tail++] = u;
        }
      }
    }
    while (head < tail) {
      const v = q[head++];
      reached++;
      for (let j = nbrStart[v]; j < nbrStart[v + 1]; j++) {
        const u = nbr[j];
        if (!visited[u] && st[u] !== stamp) {
          st[u] = stamp;
          q[tail++] = u;
        }
      }
    }
    return reached === open;
  }

  /**
   * Rule M for the current state: the forced next square, -1 when none is
   * forced (or M is off), -2 when two are (no move serves both: dead).
   */
  forcedMove(): number {
    if (!this.useForced || this.t === 0 || this.t >= this.steps - 1) return -1;
    const s = this.path[this.t - 1];
    const nbr = this.nbr, visited = this.visited, deg = this.deg, endSq = this.endSq, allowed = this.allowedEnd;
    let forced = -1;
    for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) {
      const u = nbr[j];
      if (visited[u] || deg[u] !== 1 || u === endSq || (endSq < 0 && allowed[u])) continue;
      if (forced >= 0) return -2;
      forced = u;
    }
    return forced;
  }

  /** Undo the last place(). */
  unplace(): void {
    if (this.mode === "path") return this.unplacePath();
    const t = this.t;
    const s = this.path[t - 1];
    const visited = this.visited, deg = this.deg, nbr = this.nbr, nbrStart = this.nbrStart;
    for (let q = 0; q < 2; q++) {
      const sq = q === 0 ? s : this.anti[s];
      const num = q === 0 ? t : t + this.steps;
      visited[sq] = 0;
      for (let j = nbrStart[sq]; j < nbrStart[sq + 1]; j++) deg[nbr[j]]++;
      for (let j = this.sqLineStart[sq]; j < this.sqLineStart[sq + 1]; j++) {
        const l = this.sqLines[j];
        this.rem[l] += num;
        if (this.oddSq[sq]) this.cntOdd[l]++;
        else this.cntEven[l]++;
        this.dlCount[this.lineDl[l] + 1]--;
        const d = this.lineDeadline(l);
        this.lineDl[l] = d;
        this.dlCount[d + 1]++;
      }
      this.allowedLeft += this.allowedEnd[sq];
    }
    this.endSq = this.endStack[t];
    this.t = t - 1;
  }

  /** The full tour (squares of numbers 1..N) of the current complete state, into out. */
  fullPath(out: Int32Array): Int32Array {
    const S = this.steps;
    for (let i = 0; i < S; i++) out[i] = this.path[i];
    if (this.mode === "central") { for (let i = 0; i < S; i++) out[i + S] = this.anti[this.path[i]]; }
    return out;
  }

  /**
   * Enumerate every completion of the current state (which must have passed
   * its rules). Returns the counts of this call; nodes are states entered
   * (placements tried and passed), solutions complete tours.
   */
  complete(onSolution?: OnMagicSolution, o: { nodeLimit?: number } = {}): MagicCounts {
    const n0 = this.nodes, s0 = this.solutions;
    this.stop = false;
    this.nodeLimit = o.nodeLimit !== undefined ? this.nodes + o.nodeLimit : Infinity;
    const full = new Int32Array(this.size);
    this.dfs(onSolution, full);
    return { nodes: this.nodes - n0, solutions: this.solutions - s0 };
  }

  /** True when the last complete() stopped early (callback or node limit). */
  get stopped(): boolean {
    return this.stop;
  }

  private dfs(onSolution: OnMagicSolution | undefined, full: Int32Array): void {
    if (this.t === this.steps) {
      this.solutions++;
      if (onSolution && onSolution(this.fullPath(full)) === true) this.stop = true;
      return;
    }
    if (this.nodes >= this.nodeLimit) {
      this.stop = true;
      return;
    }
    const s = this.path[this.t - 1];
    const nbr = this.nbr, visited = this.visited;
    const lastStep = this.t === this.steps - 1;
    if (!this.heuristic) {
      // Most placements fail on the lines; lineReject answers that without placing
      // (the count of nodes is the same: a rejected placement is still a node).
      const quick = this.mode === "path";
      const forced = this.forcedMove();
      if (forced === -2) return;
      for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) {
        const v = nbr[j];
        if (visited[v] || (forced >= 0 && v !== forced)) continue;
        if (v === this.endSq && !lastStep) continue;
        this.nodes++;
        if (quick && this.lineReject(v)) continue;
        if (this.place(v)) this.dfs(onSolution, full);
        this.unplace();
        if (this.stop) return;
      }
      return;
    }
    // Fewest onward moves first (ties by square index): only the order changes.
    const base = this.t * 8;
    let m = 0;
    for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) {
      const v = nbr[j];
      if (visited[v] || (v === this.endSq && !lastStep)) continue;
      const key = this.deg[v] * 4096 + v;
      let i = m++;
      while (i > 0 && this.orderKey[base + i - 1] > key) {
        this.orderKey[base + i] = this.orderKey[base + i - 1];
        this.order[base + i] = this.order[base + i - 1];
        i--;
      }
      this.orderKey[base + i] = key;
      this.order[base + i] = v;
    }
    for (let i = 0; i < m; i++) {
      const v = this.order[base + i];
      this.nodes++;
      if (this.place(v)) this.dfs(onSolution, full);
      this.unplace();
      if (this.stop) return;
    }
  }

  /**
   * Walk every state reachable in exactly `depth` steps from the current one
   * (same rules), calling visit at each; visit returns true to stop the walk.
   * The order is deterministic (neighbour order of the leaper graph), which is
   * what makes prefix indices a stable split of the search space.
   */
  walkPrefixes(depth: number, visit: () => boolean | void): boolean {
    if (this.t === depth) return visit() === true;
    if (this.t === this.steps) return false;
    const s = this.path[this.t - 1];
    const lastStep = this.t === this.steps - 1;
    for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) {
      const v = this.nbr[j];
      if (this.visited[v]) continue;
      if (v === this.endSq && !lastStep) continue;
      this.nodes++;
      let stop = false;
      if (this.place(v)) stop = this.walkPrefixes(depth, visit);
      this.unplace();
      if (stop) return true;
    }
    return false;
  }

  /**
   * The tables and the state a compiled twin of complete() needs
   * (solvers/magic/kernel.ts): read-only views of this search's own arrays,
   * valid until its next call. Path mode without rule C and without the
   * move-ordering heuristic only: the kernel implements nothing else.
   */
  kernelView(): MagicKernelView {
    if (this.mode !== "path") throw new Error("the compiled kernel runs path mode only");
    if (this.connMin <= this.connMax) throw new Error("the compiled kernel has no rule C (connectivity)");
    if (this.heuristic) throw new Error("the compiled kernel has no move-ordering heuristic");
    const M1 = this.maxLine + 1;
    return {
      size: this.size,
      lineCount: this.lineCount,
      steps: this.steps,
      m1: M1,
      r1: this.maxRem + 1,
      maxSqLines: this.maxSqLines,
      useEnd: this.useEnd,
      useForced: this.useForced,
      useThree: this.useThree,
      useAllowed: this.useAllowed,
      nbrStart: this.nbrStart,
      nbr: this.nbr,
      sqLineStart: this.sqLineStart,
      sqLines: this.sqLines,
      tabOff: Int32Array.from(this.lineTab, (h) => (h ? M1 * M1 : 0)),
      dlTab: this.dlTab,
      lineDist: this.lineDist,
      lineHas: this.lineHas,
      hiCap: this.hiCap,
      reachStart: this.reachStart,
      reachLine: this.reachLine,
      reachDist: this.reachDist,
      t: this.t,
      endSq: this.endSq,
      allowedLeft: this.allowedLeft,
      visited: this.visited,
      deg: this.deg,
      path: this.path,
      rem: this.rem,
      cntOdd: this.cntOdd,
      cntEven: this.cntEven,
      oddSq: this.oddSq,
      allowedEnd: this.allowedEnd,
      lineDl: this.lineDl,
      dlCount: this.dlCount,
      endStack: this.endStack,
    };
  }

  /** Undo every step (back to the empty board). */
  clear(): void {
    while (this.t > 0) this.unplace();
  }
}

/** What MagicSearch.kernelView() hands to the compiled kernel (see there). */
export interface MagicKernelView {
  size: number;
  lineCount: number;
  steps: number;
  m1: number;
  r1: number;
  maxSqLines: number;
  useEnd: boolean;
  useForced: boolean;
  useThree: boolean;
  useAllowed: boolean;
  nbrStart: Int32Array;
  nbr: Int32Array;
  sqLineStart: Int32Array;
  sqLines: Int32Array;
  tabOff: Int32Array;
  dlTab: Int32Array;
  lineDist: Int32Array;
  lineHas: Uint8Array;
  hiCap: Int32Array;
  reachStart: Int32Array;
  reachLine: Int32Array;
  reachDist: Int32Array;
  t: number;
  endSq: number;
  allowedLeft: number;
  visited: Uint8Array;
  deg: Int32Array;
  path: Int32Array;
  rem: Int32Array;
  cntOdd: Int32Array;
  cntEven: Int32Array;
  oddSq: Uint8Array;
  allowedEnd: Uint8Array;
  lineDl: Int32Array;
  dlCount: Int32Array;
  /** The last square as it stood before each step (rule F reads the step before the kernel's first). */
  endStack: Int32Array;
}

/**
 * A leaper's graph on a W x H board: neighbours in CSR form (nbrStart, nbr) and the N x N adjacency matrix.
 * Each square's neighbours come in this engine's own move order ([lx,ly] with the signs (+,+), (+,-), (-,+),
 * (-,-), then [ly,lx] likewise, repeats dropped): the shards' node counts depend on it, and the kernel mirrors it.
 */
export function leaperGraph(W: number, H: number, lx: number, ly: number): { nbrStart: Int32Array; nbr: Int32Array; adj: Uint8Array } {
  const N = W * H;
  const vecs: [number, number][] = [];
  for (const [a, b] of [[lx, ly], [ly, lx]]) {
    for (const sa of [1, -1]) for (const sb of [1, -1]) vecs.push([a * sa, b * sb]);
  }
  const uniq = [...new Map(vecs.map((v) => [v.join(), v])).values()];
  const g = boardLeaperGraph(makeBoard([W, H]), [lx, ly], uniq);
  const adj = new Uint8Array(N * N);
  for (let s = 0; s < N; s++) for (let e = g.start[s]; e < g.start[s + 1]; e++) adj[s * N + g.adj[e]] = 1;
  return { nbrStart: g.start, nbr: g.adj, adj };
}

/** The lines through each square (CSR: sqLineStart, sqLines) and the longest line; a square off the board is an error. */
export function squareLines(
  lines: readonly { squares: readonly number[] }[],
  N: number,
): { sqLineStart: Int32Array; sqLines: Int32Array; maxLine: number } {
  const perSq: number[][] = Array.from({ length: N }, () => []);
  let maxLine = 0;
  lines.forEach((l, i) => {
    maxLine = Math.max(maxLine, l.squares.length);
    for (const s of l.squares) {
      if (!(Number.isInteger(s) && s >= 0 && s < N)) throw new Error(`line ${i} has square ${s} off the board`);
      perSq[s].push(i);
    }
  });
  const sqLineStart = new Int32Array(N + 1);
  const sl: number[] = [];
  for (let s = 0; s < N; s++) {
    sqLineStart[s] = sl.length;
    sl.push(...perSq[s]);
  }
  sqLineStart[N] = sl.length;
  return { sqLineStart, sqLines: Int32Array.from(sl), maxLine };
}
