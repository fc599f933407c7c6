/**
 * Diagonally magic knight's tours on n×n boards, n a multiple of 8 and at
 * least 16, built from two short knight paths and their mirror images in the
 * two midlines ("biaxial quarters"). The construction makes every line sum
 * come out right by symmetry, so the search only has to find the two paths
 * and a way to chain the eight pieces; check.ts re-checks every tour it
 * returns from the numbers alone.
 *
 * Notation. H mirrors in the vertical midline (x -> n-1-x), V in the
 * horizontal one (y -> n-1-y). The orbit of a square is {q, Hq, Vq, HVq}:
 * n²/4 orbits, named by quarter coordinates X = min(x, n-1-x),
 * Y = min(y, n-1-y). The orbits are split into two halves by
 * (X + 2Y + c) mod 4 < 2 (c = 0..3 is the split offset); since n/2 is a
 * multiple of 4, each half holds exactly
 * n/4 orbits of every quarter row, of every quarter column and of the
 * quarter diagonal X = Y.
 *
 * A seed S is a knight path of L = n²/8 squares through exactly one square of
 * every orbit of its half, meeting every row exactly n/8 times and each main
 * diagonal exactly n/8 times. Its group is four segments: A = S, B = H(S) read
 * backwards, C = V(S) read backwards, D = HV(S). Two seeds, one per half,
 * give eight segments that tile the board (each orbit is covered once, by its
 * four images). A segment at position p (0..7) of the chain carries the
 * numbers pL+1 .. pL+L; step v of it (0-based) gets pL + v + 1.
 *
 * Why the sums are magic. Split each number into its position part pL and
 * its step part v.
 * - Step parts, rows: H keeps rows and B runs backwards, so a square of S with
 *   step v and its H-image in the same row carry v and L-1-v; C and D do the
 *   same for S's squares in row n-1-r. Row r therefore receives L-1 per orbit
 *   of the seed on quarter row min(r, n-1-r): (n/4)(L-1) per group, the same
 *   for every row. Columns: the same with V (A with C, B with D).
 * - Position parts, rows: every segment meets every row n/8 times (H keeps
 *   rows, V swaps rows r and n-1-r, both met n/8 times), so each row gets
 *   (n/8)L·(0+1+…+7). Columns: A and C meet column c as often as S does
 *   (b_c), B and D as often as S meets column n-1-c; b_c + b_{n-1-c} = n/4. If
 *   the chain puts p_A + p_C = p_B + p_D (= σ) in both groups, column c gets
 *   L·σ·n/4 per group and σ1 + σ2 = 14: the same for every column.
 * - Diagonals: every segment has n/8 squares on each diagonal (H and V swap
 *   the diagonals, and S has n/8 on each), so the position parts agree as for
 *   rows. The step parts: on the a1 diagonal A and D put S's steps there, B
 *   and C put L-1-v for S's steps v on the other diagonal. With
 *   δ(S) = Σ steps on the a1 diagonal − Σ steps on the other, both diagonals
 *   are magic exactly when δ(S1) + δ(S2) = 0.
 * The magic constant then follows from the totals (each line is 1/n of
 * 1 + … + n²), which check.ts confirms on every tour.
 *
 * Chaining. A segment's end and the next one's start must be a knight's move
 * apart. Segments of one group can only follow each other through the
 * half-turn (H and V images of one square share a row or a column, never a
 * knight's move), so the order mixes the groups; `chainTemplates` lists the
 * orders with the position condition and `endpointTuples` the start and end
 * squares of the two seeds that make an order work. The seeds are then found
 * by a depth-first search with a forced last square.
 */
import { seededRandom } from "./enumerate.ts";

/** Segment kinds of a group, in the order used by the templates: A = S, B = H(S) reversed, C = V(S) reversed, D = HV(S). */
const KIND_NAMES = ["A", "B", "C", "D"] as const;

export interface BiaxialBoard {
  n: number;
  /** The halves are (X + 2Y + split) mod 4 < 2 and the rest. */
  split: number;
  /** Squares per seed (n²/8). */
  seedLength: number;
  /** Orbit (quarter square X + Y·n/2) of every square. */
  orbit: Int32Array;
  /** Half (0 or 1) of every orbit. */
  half: Uint8Array;
  /** Knight neighbours: neighbours[8*s .. 8*s+degree[s]). */
  neighbours: Int32Array;
  degree: Uint8Array;
  /** Orbit adjacency (some squares of the two orbits are a knight's move apart), CSR. */
  orbitStart: Int32Array;
  orbitAdj: Int32Array;
}

function mirror(n: number, s: number, kind: number): number {
  // Bit 0 = H (columns), bit 1 = V (rows): segment kinds A..D = 0..3 are exactly their mirrors (B = H, C = V, D = HV).
  let x = s % n, y = (s - x) / n;
  if (kind & 1) x = n - 1 - x;
  if (kind & 2) y = n - 1 - y;
  return x + y * n;
}

function isKnightMove(n: number, a: number, b: number): boolean {
  const dx = Math.abs((a % n) - (b % n)), dy = Math.abs(Math.floor(a / n) - Math.floor(b / n));
  return dx * dy === 2;
}

export function biaxialBoard(n: number, split = 0): BiaxialBoard {
  if (!Number.isInteger(n) || n < 16 || n % 8 !== 0) {
    throw new Error(`biaxial quarters need a side that is a multiple of 8 and at least 16, not ${n}`);
  }
  const N = n * n, h = n / 2;
  const orbit = new Int32Array(N);
  for (let s = 0; s < N; s++) {
    const x = s % n, y = (s - x) / n;
    orbit[s] = Math.min(x, n - 1 - x) + Math.min(y, n - 1 - y) * h;
  }
  const half = new Uint8Array(h * h);
  for (let o = 0; o < h * h; o++) half[o] = ((o % h) + 2 * Math.floor(o / h) + split) % 4 < 2 ? 0 : 1;
  const neighbours = new Int32Array(8 * N), degree = new Uint8Array(N);
  const jumps = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
  for (let s = 0; s < N; s++) {
    const x = s % n, y = (s - x) / n;
    for (const [dx, dy] of jumps) {
      const X = x + dx, Y = y + dy;
      if (X >= 0 && Y >= 0 && X < n && Y < n) neighbours[8 * s + degree[s]++] = X + Y * n;
    }
  }
  const sets: Set<number>[] = Array.from({ length: h * h }, () => new Set<number>());
  for (let s = 0; s < N; s++) {
    for (let k = 0; k < degree[s]; k++) {
      const a = orbit[s], b = orbit[neighbours[8 * s + k]];
      if (a !== b) sets[a].add(b);
    }
  }
  const orbitStart = new Int32Array(h * h + 1);
  for (let o = 0; o < h * h; o++) orbitStart[o + 1] = orbitStart[o] + sets[o].size;
  const orbitAdj = new Int32Array(orbitStart[h * h]);
  sets.forEach((set, o) => [...set].sort((a, b) => a - b).forEach((b, i) => orbitAdj[orbitStart[o] + i] = b));
  return { n, split, seedLength: N / 8, orbit, half, neighbours, degree, orbitStart, orbitAdj };
}

/** A chain order: segment ids g*4 + kind (g = group 0/1, kind A..D = 0..3). */
export type ChainTemplate = number[];

/** Where a segment starts and ends: which seed endpoint (0 = start, 1 = end) under which mirror. */
function segmentStart(j: number): { group: number; end: 0 | 1; map: number } {
  const kind = j & 3;
  return { group: j >> 2, end: kind === 1 || kind === 2 ? 1 : 0, map: kind };
}
function segmentEnd(j: number): { group: number; end: 0 | 1; map: number } {
  const kind = j & 3;
  return { group: j >> 2, end: kind === 1 || kind === 2 ? 0 : 1, map: kind };
}

/**
 * Orders of the eight segments (starting with group 0's A; every other tour is
 * a mirror image or a relabelling of one of these) whose positions satisfy
 * p_A + p_C = p_B + p_D in both groups.
 */
export function chainTemplates(): ChainTemplate[] {
  const out: ChainTemplate[] = [];
  const order = [0];
  const used = new Uint8Array(8);
  used[0] = 1;
  const rec = () => {
    if (order.length === 8) {
      const pos = new Array<number>(8);
      order.forEach((j, i) => pos[j] = i);
      if (pos[0] + pos[2] === pos[1] + pos[3] && pos[4] + pos[6] === pos[5] + pos[7]) out.push(order.slice());
      return;
    }
    for (let j = 1; j < 8; j++) {
      if (used[j]) continue;
      used[j] = 1;
      order.push(j);
      rec();
      order.pop();
      used[j] = 0;
    }
  };
  rec();
  return out;
}

/** Seed endpoints [s0, e0, s1, e1] (squares) that let every link of the template be a knight's move. */
export function endpointTuples(b: BiaxialBoard, template: ChainTemplate, closed = false, limit = Infinity): number[][] {
  const n = b.n, N = n * n;
  // Link i: end of template[i] -> start of template[i+1]: knight(map_a(var_a), map_b(var_b)),
  // i.e. knight(var_a, map_a∘map_b(var_b)) since the mirrors are commuting involutions.
  const links: [number, number, number][] = [];
  const count = closed ? 8 : 7;
  for (let i = 0; i < count; i++) {
    const a = segmentEnd(template[i]), c = segmentStart(template[(i + 1) % 8]);
    links.push([a.group * 2 + a.end, c.group * 2 + c.end, a.map ^ c.map]);
  }
  const val = new Int32Array(4).fill(-1);
  const out: number[][] = [];
  const consistent = (vi: number) => {
    for (const [a, c, m] of links) {
      if (a !== vi && c !== vi) continue;
      if (val[a] < 0 || val[c] < 0) continue;
      if (!isKnightMove(n, val[a], mirror(n, val[c], m))) return false;
    }
    return true;
  };
  const rec = (vi: number) => {
    if (out.length >= limit) return;
    if (vi === 4) {
      // The four endpoints must be in distinct orbits, seed 0's two in one half, seed 1's in the other.
      const o = [0, 1, 2, 3].map((i) => b.orbit[val[i]]);
      if (new Set(o).size < 4) return;
      if (b.half[o[0]] !== b.half[o[1]] || b.half[o[2]] !== b.half[o[3]] || b.half[o[0]] === b.half[o[2]]) return;
      out.push(Array.from(val));
      return;
    }
    // A link to an endpoint already placed leaves at most 8 candidates; otherwise try every square.
    let candidates: number[] | null = null;
    for (const [a, c, m] of links) {
      if (a === vi && c !== vi && val[c] >= 0) {
        const t = mirror(n, val[c], m);
        candidates = Array.from(b.neighbours.subarray(8 * t, 8 * t + b.degree[t]));
        break;
      }
      if (c === vi && a !== vi && val[a] >= 0) {
        const t = val[a];
        candidates = Array.from(b.neighbours.subarray(8 * t, 8 * t + b.degree[t]), (u) => mirror(n, u, m));
        break;
      }
    }
    for (const s of candidates ?? Array.from({ length: N }, (_, i) => i)) {
      val[vi] = s;
      if (consistent(vi)) rec(vi + 1);
    }
    val[vi] = -1;
  };
  rec(0);
  return out;
}

/**
 * Depth-first search for seeds from `start` to `end` within one half, with the
 * row and diagonal quotas. Pruning (never loses a seed): an unvisited orbit
 * other than the end's needs two distinct neighbours among the unvisited
 * orbits, the current square's orbit and the end's orbit (it is entered and
 * left); orbit adjacency contains every knight's move between the squares.
 */
export class SeedSearch {
  readonly b: BiaxialBoard;
  private readonly used: Uint8Array;
  private readonly freeDeg: Int32Array;
  private readonly rows: Int32Array;
  private readonly path: Int32Array;
  private readonly cand: Int32Array;
  private readonly candKey: Float64Array;
  private diagA1 = 0;
  private diagH1 = 0;
  nodes = 0;

  constructor(b: BiaxialBoard) {
    this.b = b;
    const Q = (b.n / 2) ** 2;
    this.used = new Uint8Array(Q);
    this.freeDeg = new Int32Array(Q);
    this.rows = new Int32Array(b.n);
    this.path = new Int32Array(b.seedLength);
    this.cand = new Int32Array(8 * b.seedLength);
    this.candKey = new Float64Array(8 * b.seedLength);
  }

  /** Up to `want` distinct seeds, from `attempts` randomised runs of at most `nodeLimit` nodes each. */
  find(start: number, end: number, o: { want: number; attempts: number; nodeLimit: number; rand: () => number }): Int32Array[] {
    const b = this.b, n = b.n, L = b.seedLength, quota = n / 8, Q = (n / 2) ** 2;
    const half = b.half[b.orbit[start]];
    if (b.half[b.orbit[end]] !== half || b.orbit[start] === b.orbit[end]) return [];
    const seen = new Set<string>();
    const found: Int32Array[] = [];
    const onDiagA1 = (s: number) => s % n === Math.floor(s / n);
    const onDiagH1 = (s: number) => s % n + Math.floor(s / n) === n - 1;
    for (let attempt = 0; attempt < o.attempts && found.length < o.want; attempt++) {
      // Reset: orbits of the other half count as used; the end's orbit is reserved.
      for (let q = 0; q < Q; q++) this.used[q] = b.half[q] === half ? 0 : 1;
      this.rows.fill(0);
      this.diagA1 = 0;
      this.diagH1 = 0;
      const reserve = (s: number) => {
        this.used[b.orbit[s]] = 1;
        this.rows[Math.floor(s / n)]++;
        if (onDiagA1(s)) this.diagA1++;
        if (onDiagH1(s)) this.diagH1++;
      };
      reserve(start);
      reserve(end);
      for (let q = 0; q < Q; q++) {
        let d = 0;
        for (let k = b.orbitStart[q]; k < b.orbitStart[q + 1]; k++) if (!this.used[b.orbitAdj[k]]) d++;
        this.freeDeg[q] = d;
      }
      this.path[0] = start;
      let nodes = 0;
      const endOrbit = b.orbit[end];
      const visit = (s: number, sign: 1 | -1) => {
        const q = b.orbit[s];
        this.used[q] = sign > 0 ? 1 : 0;
        for (let k = b.orbitStart[q]; k < b.orbitStart[q + 1]; k++) this.freeDeg[b.orbitAdj[k]] -= sign;
        this.rows[Math.floor(s / n)] += sign;
        if (onDiagA1(s)) this.diagA1 += sign;
        if (onDiagH1(s)) this.diagH1 += sign;
      };
      const adjacentOrbit = (p: number, q: number) => {
        for (let k = b.orbitStart[p]; k < b.orbitStart[p + 1]; k++) if (b.orbitAdj[k] === q) return true;
        return false;
      };
      const dfs = (depth: number): boolean => {
        // path[0..depth) placed; the end square will be path[L-1].
        const cur = this.path[depth - 1];
        if (depth === L - 1) {
          if (isKnightMove(n, cur, end)) {
            this.path[L - 1] = end;
            const key = this.path.join(",");
            if (!seen.has(key)) {
              seen.add(key);
              found.push(this.path.slice());
              return true;
            }
          }
          return false;
        }
        if (++nodes > o.nodeLimit) return true;
        const cq = b.orbit[cur];
        for (let q = 0; q < Q; q++) {
          if (this.used[q]) continue;
          const links = this.freeDeg[q] + (adjacentOrbit(q, cq) ? 1 : 0) + (adjacentOrbit(q, endOrbit) ? 1 : 0);
          if (links < 2) return false;
        }
        const base = 8 * depth;
        let c = 0;
        for (let k = 0; k < b.degree[cur]; k++) {
          const t = b.neighbours[8 * cur + k];
          const q = b.orbit[t];
          if (this.used[q] || this.rows[Math.floor(t / n)] >= quota) continue;
          if (onDiagA1(t) && this.diagA1 >= quota) continue;
          if (onDiagH1(t) && this.diagH1 >= quota) continue;
          // Fewest onward orbits first (Warnsdorff on the orbit graph), ties at random.
          this.cand[base + c] = t;
          this.candKey[base + c] = this.freeDeg[q] + o.rand();
          c++;
        }
        for (let i = 1; i < c; i++) {
          const t = this.cand[base + i], key = this.candKey[base + i];
          let j = i - 1;
          while (j >= 0 && this.candKey[base + j] > key) {
            this.cand[base + j + 1] = this.cand[base + j];
            this.candKey[base + j + 1] = this.candKey[base + j];
            j--;
          }
          this.cand[base + j + 1] = t;
          this.candKey[base + j + 1] = key;
        }
        for (let i = 0; i < c; i++) {
          const t = this.cand[base + i];
          this.path[depth] = t;
          visit(t, 1);
          const stop = dfs(depth + 1);
          visit(t, -1);
          if (stop) return true;
        }
        return false;
      };
      dfs(1);
      this.nodes += nodes;
    }
    return found;
  }
}

/** δ of a seed: sum of steps on the a1 diagonal minus sum of steps on the other. */
export function seedDelta(n: number, seed: ArrayLike<number>): number {
  let d = 0;
  for (let v = 0; v < seed.length; v++) {
    const s = seed[v], x = s % n, y = Math.floor(s / n);
    if (x === y) d += v;
    if (x + y === n - 1) d -= v;
  }
  return d;
}

/** The squares of the tour, in order, from two seeds and a template. */
export function assembleTour(n: number, seeds: [ArrayLike<number>, ArrayLike<number>], template: ChainTemplate): number[] {
  const out: number[] = [];
  for (const j of template) {
    const seed = seeds[j >> 2], kind = j & 3;
    const squares = Array.from(seed, (s) => mirror(n, s, kind));
    if (kind === 1 || kind === 2) squares.reverse();
    out.push(...squares);
  }
  return out;
}

export interface BiaxialResult {
  /** numbers[x + y*n] = the number on that square, or null when none was found. */
  numbers: number[] | null;
  /** Split offset of the halves. */
  split: number | null;
  template: ChainTemplate | null;
  endpoints: number[] | null;
  nodes: number;
  /** Endpoint tuples available (all templates and splits), and how many were tried. */
  tuples: number;
  tuplesTried: number;
  seedsFound: number;
}

/**
 * Look for a diagonally magic knight's tour on n×n (n ≡ 0 mod 8, n ≥ 16).
 * `closed` asks for a closing move as well.
 */
export function findBiaxialMagicTour(
  n: number,
  o: { seed?: number; closed?: boolean; tuples?: number; seedsPerSide?: number; attempts?: number; nodeLimit?: number } = {},
): BiaxialResult {
  const rand = seededRandom(o.seed ?? 1);
  const templates = chainTemplates();
  const tuples: { board: BiaxialBoard; search: SeedSearch; t: ChainTemplate; e: number[] }[] = [];
  for (let split = 0; split < 4; split++) {
    const board = biaxialBoard(n, split), search = new SeedSearch(board);
    for (const t of templates) for (const e of endpointTuples(board, t, o.closed ?? false)) tuples.push({ board, search, t, e });
  }
  for (let i = tuples.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [tuples[i], tuples[j]] = [tuples[j], tuples[i]];
  }
  let tried = 0, seedsFound = 0;
  const nodes = () => new Set(tuples.map((x) => x.search)).values().reduce((a, s) => a + s.nodes, 0);
  const want = o.seedsPerSide ?? 32;
  for (const { board, search, t, e } of tuples.slice(0, o.tuples ?? 200)) {
    tried++;
    const opts = { want, attempts: o.attempts ?? 4 * want, nodeLimit: o.nodeLimit ?? 200_000, rand };
    const first = search.find(e[0], e[1], opts);
    if (first.length === 0) continue;
    const second = search.find(e[2], e[3], opts);
    seedsFound += first.length + second.length;
    const byDelta = new Map<number, Int32Array>();
    for (const s of second) byDelta.set(seedDelta(n, s), s);
    for (const s of first) {
      const partner = byDelta.get(-seedDelta(n, s));
      if (!partner) continue;
      const squares = assembleTour(n, [s, partner], t);
      const numbers = new Array<number>(n * n).fill(0);
      squares.forEach((sq, k) => numbers[sq] = k + 1);
      return {
        numbers,
        split: board.split,
        template: t,
        endpoints: e,
        nodes: nodes(),
        tuples: tuples.length,
        tuplesTried: tried,
        seedsFound,
      };
    }
  }
  return {
    numbers: null,
    split: null,
    template: null,
    endpoints: null,
    nodes: nodes(),
    tuples: tuples.length,
    tuplesTried: tried,
    seedsFound,
  };
}

/** A template written with segment names, e.g. "A1 D1 A2 …". */
export function templateName(t: ChainTemplate): string {
  return t.map((j) => `${KIND_NAMES[j & 3]}${(j >> 2) + 1}`).join(" ");
}
