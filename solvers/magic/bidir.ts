/**
 * Completion of a prefix of a magic leaper tour from both ends (path mode):
 * the numbers 1, 2, ... are written forward from the prefix's current square,
 * and, once a last square e is chosen, N, N-1, ... backward from e, until the
 * two walks meet. It finds exactly the tours MagicSearch (engine.ts) finds
 * below the same prefix with the same allowed last squares — every tour that
 * extends the prefix, reaches every line target and ends on an allowed square
 * — but prunes much earlier: the numbers still to place are always a band
 * t+1..N-t' of consecutive values, so each line's missing sum is bounded from
 * both sides by the band's smallest and largest numbers, where a one-ended
 * search leaves the largest numbers in play until late.
 *
 * Every rule only removes states from which no tour can follow (each argued
 * where it is applied; tests/magic/magic_bidir_test.ts checks the whole against a
 * plain search and against MagicSearch):
 *   E  the last square: tried over every open square that the reduction
 *      allows (allowedEnd) and that has the colour of N (a leap with x+y odd
 *      changes colour on every move, so number k sits on the colour of 1 iff k
 *      is odd). Distinct choices give disjoint sets of tours, and every tour
 *      below the prefix has one of them as its last square.
 *   B  band bounds (L of engine.ts, two-sided): a line with a empty squares of
 *      the odd colour and b of the even one must receive a distinct odd and b
 *      distinct even numbers of the band, so its missing sum lies between the
 *      smallest and largest such sums and has the parity of a. With rule K
 *      (rows, columns and other lines whose squares are never a leap apart hold
 *      no two consecutive numbers: k and k+1 are a leap apart) the sums are
 *      taken over choices with no two consecutive numbers. Tables over every
 *      band [lo, hi] (bandTables), checked on every line at every node.
 *   D  degrees: the tour's ends are fixed (the square of 1 and the square of
 *      N), so every open square is interior: it needs two tour neighbours
 *      among the open squares and the two walk heads. A move of the forward
 *      head p -> s changes that count only for the open neighbours of p (they
 *      lose p; they have the colour of s, so s is not next to them); the
 *      open neighbours of s lose s as an open square and gain it as a head.
 *      Likewise backward. After the last square is chosen, every square is
 *      checked once.
 *   M  forced moves: an open neighbour u of a head whose only possible tour
 *      neighbours are exactly two, that head and one other, uses both; a head
 *      has one tour edge left, so u is that head's next square. Two such
 *      squares for one head: dead. An open square whose two possible
 *      neighbours are the two heads joins them, so it must be the only open
 *      square left.
 *   R  reach, from both heads: the number t+j lies j leaps (in the whole
 *      board graph) from the forward head h, which carries t, and N-t'+1-j
 *      lies j leaps from the backward head g, which carries N-t'+1; so every
 *      number still to come in line l lies in [t + d(h, l), N-t'+1 - d(g, l)],
 *      d(s, l) the fewest leaps from s to a square of l other than s. Rule B
 *      is taken over that narrower band (an empty band when it closes: then
 *      only a line with no empty square passes).
 *
 * Which head moves next is free (both walks must be completed, whichever goes
 * first): a forced move first, else the head with fewer open neighbours.
 *
 * Not used by the enumeration: on the benchmark sample it projects slower
 * than MagicSearch (the choice of the last square multiplies the tree, and
 * checking every line at every node costs more per node); figures in
 * bench/magic.json (attempts). Kept, tested, as a base for later work: on
 * some states it needs a thousandth of MagicSearch's nodes.
 */
import { leaperGraph, squareLines } from "./engine.ts";

export interface BidirLine {
  squares: readonly number[];
  target: number;
}

export interface BidirSpec {
  width: number;
  height: number;
  leap?: readonly [number, number];
  lines: readonly BidirLine[];
}

export interface BidirCounts {
  nodes: number;
  solutions: number;
}

const INF = 0x3fffffff;

/**
 * For every band [lo, hi] of 1..n and every (a, b) with a, b < m1: the smallest
 * and largest sum of a odd and b even numbers of the band, with no two
 * consecutive when `gap` (INF / -INF when there are not enough). Layout:
 * ((lo * (n + 1)) + hi) * m1 * m1 + a * m1 + b, for 1 <= lo <= n + 1 and
 * lo - 1 <= hi <= n (the empty band is lo = hi + 1). One dynamic programme per
 * lo over the numbers from lo up, remembering whether the previous was taken.
 */
export function bandTables(n: number, m1: number, gap: boolean): { min: Int32Array; max: Int32Array } {
  const MM = m1 * m1, size = (n + 2) * (n + 1) * MM;
  const min = new Int32Array(size).fill(INF), max = new Int32Array(size).fill(-INF);
  const fMin = new Float64Array(MM * 2), fMax = new Float64Array(MM * 2);
  const gMin = new Float64Array(MM * 2), gMax = new Float64Array(MM * 2);
  for (let lo = 1; lo <= n + 1; lo++) {
    fMin.fill(Infinity);
    fMax.fill(-Infinity);
    fMin[0] = 0;
    fMax[0] = 0;
    const record = (hi: number) => {
      const base = (lo * (n + 1) + hi) * MM;
      for (let k = 0; k < MM; k++) {
        const a = Math.min(fMin[k * 2], fMin[k * 2 + 1]), b = Math.max(fMax[k * 2], fMax[k * 2 + 1]);
        min[base + k] = a === Infinity ? INF : a;
        max[base + k] = b === -Infinity ? -INF : b;
      }
    };
    record(lo - 1);
    for (let v = lo; v <= n; v++) {
      gMin.fill(Infinity);
      gMax.fill(-Infinity);
      const odd = v & 1;
      for (let i = 0; i < m1; i++) {
        for (let j = 0; j < m1; j++) {
          for (let p = 0; p < 2; p++) {
            const k = (i * m1 + j) * 2 + p, cMin = fMin[k], cMax = fMax[k];
            if (cMin === Infinity) continue;
            const skip = (i * m1 + j) * 2;
            if (cMin < gMin[skip]) gMin[skip] = cMin;
            if (cMax > gMax[skip]) gMax[skip] = cMax;
            if (gap && p) continue;
            const ni = i + odd, nj = j + 1 - odd;
            if (ni >= m1 || nj >= m1) continue;
            const take = (ni * m1 + nj) * 2 + 1;
            if (cMin + v < gMin[take]) gMin[take] = cMin + v;
            if (cMax + v > gMax[take]) gMax[take] = cMax + v;
          }
        }
      }
      fMin.set(gMin);
      fMax.set(gMax);
      record(v);
    }
  }
  return { min, max };
}

/** Result callback: `path` holds the squares of numbers 1..N (valid only during the call). Return true to stop. */
export type OnBidirSolution = (path: Int32Array) => boolean | void;

export class BidirSearch {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  private readonly nbrStart: Int32Array;
  private readonly nbr: Int32Array;
  private readonly adj: Uint8Array;
  private readonly colour: Uint8Array;
  private readonly lineCount: number;
  private readonly lineTarget: Int32Array;
  private readonly sqLineStart: Int32Array;
  private readonly sqLines: Int32Array;
  private readonly M1: number;
  /** Per line: offset of its bound table (the K table for leap-free lines). */
  private readonly lineGap: Uint8Array;
  private readonly bMin: Int32Array;
  private readonly bMax: Int32Array;
  private readonly bandOff: number;
  /** lineDist[s * lines + l]: fewest leaps from s to a square of l other than s (N + 1 when none). */
  private readonly lineDist: Int32Array;
  // State.
  private readonly visited: Uint8Array;
  /** Open neighbours of each square. */
  private readonly deg: Int32Array;
  private readonly rem: Int32Array;
  private readonly cntOdd: Int32Array;
  private readonly cntEven: Int32Array;
  private readonly oddSq: Uint8Array;
  private readonly fw: Int32Array;
  private readonly bw: Int32Array;
  /** Numbers placed forward (1..t) and backward (N-tb+1..N). */
  private t = 0;
  private tb = 0;
  private readonly full: Int32Array;
  nodes = 0;
  solutions = 0;
  private stop = false;
  private nodeLimit = Infinity;
  private onSolution: OnBidirSolution | undefined;

  constructor(spec: BidirSpec) {
    const W = spec.width, H = spec.height, N = W * H;
    const [lx, ly] = spec.leap ?? [1, 2];
    if ((lx + ly) % 2 !== 1) throw new Error(`the leap [${lx},${ly}] does not change colour on every move`);
    this.width = W;
    this.height = H;
    this.size = N;
    ({ nbrStart: this.nbrStart, nbr: this.nbr, adj: this.adj } = leaperGraph(W, H, lx, ly));
    this.colour = new Uint8Array(N);
    for (let s = 0; s < N; s++) {
      const x = s % W, y = (s - x) / W;
      this.colour[s] = (x + y) & 1;
    }
    this.lineCount = spec.lines.length;
    this.lineTarget = Int32Array.from(spec.lines.map((l) => l.target));
    const index = squareLines(spec.lines, N);
    const maxLine = index.maxLine;
    this.sqLineStart = index.sqLineStart;
    this.sqLines = index.sqLines;
    this.lineGap = Uint8Array.from(spec.lines, (l) => (l.squares.every((u) => l.squares.every((v) => this.adj[u * N + v] === 0)) ? 1 : 0));
    this.M1 = maxLine + 1;
    const plain = bandTables(N, this.M1, false), gapped = bandTables(N, this.M1, true);
    this.bandOff = plain.min.length;
    this.bMin = new Int32Array(2 * this.bandOff);
    this.bMax = new Int32Array(2 * this.bandOff);
    this.bMin.set(plain.min);
    this.bMin.set(gapped.min, this.bandOff);
    this.bMax.set(plain.max);
    this.bMax.set(gapped.max, this.bandOff);
    this.lineDist = new Int32Array(N * this.lineCount).fill(N + 1);
    for (let s = 0; s < N; s++) {
      const dist = new Int32Array(N).fill(-1), queue = [s];
      dist[s] = 0;
      for (let q = 0; q < queue.length; q++) {
        const v = queue[q];
        for (let j = this.nbrStart[v]; j < this.nbrStart[v + 1]; j++) {
          const u = this.nbr[j];
          if (dist[u] < 0) {
            dist[u] = dist[v] + 1;
            queue.push(u);
          }
        }
      }
      spec.lines.forEach((l, i) => {
        for (const u of l.squares) {
          if (u !== s && dist[u] > 0 && dist[u] < this.lineDist[s * this.lineCount + i]) this.lineDist[s * this.lineCount + i] = dist[u];
        }
      });
    }
    this.visited = new Uint8Array(N);
    this.deg = new Int32Array(N);
    this.rem = new Int32Array(this.lineCount);
    this.cntOdd = new Int32Array(this.lineCount);
    this.cntEven = new Int32Array(this.lineCount);
    this.oddSq = new Uint8Array(N);
    this.fw = new Int32Array(N);
    this.bw = new Int32Array(N);
    this.full = new Int32Array(N);
  }

  /** Rule B on every line, for the band t+1..N-tb. */
  private linesHold(): boolean {
    const N = this.size, M1 = this.M1, MM = M1 * M1;
    const rem = this.rem, co = this.cntOdd, ce = this.cntEven, gap = this.lineGap, off = this.bandOff;
    const bMin = this.bMin, bMax = this.bMax, L = this.lineCount;
    const useReach = this.tb > 0;
    const dh = this.fw[this.t - 1] * L, dg = useReach ? this.bw[this.tb - 1] * L : 0, dist = this.lineDist;
    for (let l = 0; l < L; l++) {
      const r = rem[l], a = co[l];
      if (((r - a) & 1) !== 0) return false;
      let lo = this.t + 1, hi = N - this.tb;
      if (useReach) {
        lo = this.t + dist[dh + l];
        hi = N - this.tb + 1 - dist[dg + l];
        if (hi < 0) hi = 0;
        if (lo > hi + 1) lo = hi + 1; // an empty band: only a line with no empty square passes
      }
      const k = (gap[l] ? off : 0) + (lo * (N + 1) + hi) * MM + a * M1 + ce[l];
      if (r < bMin[k] || r > bMax[k]) return false;
    }
    return true;
  }

  /** Mark square s taken by number num (lines and degrees). */
  private take(s: number, num: number): void {
    this.visited[s] = 1;
    const nbr = this.nbr, deg = this.deg;
    for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) deg[nbr[j]]--;
    const odd = this.oddSq[s];
    for (let j = this.sqLineStart[s], e = this.sqLineStart[s + 1]; j < e; j++) {
      const l = this.sqLines[j];
      this.rem[l] -= num;
      if (odd) this.cntOdd[l]--;
      else this.cntEven[l]--;
    }
  }

  private untake(s: number, num: number): void {
    this.visited[s] = 0;
    const nbr = this.nbr, deg = this.deg;
    for (let j = this.nbrStart[s], e = this.nbrStart[s + 1]; j < e; j++) deg[nbr[j]]++;
    const odd = this.oddSq[s];
    for (let j = this.sqLineStart[s], e = this.sqLineStart[s + 1]; j < e; j++) {
      const l = this.sqLines[j];
      this.rem[l] += num;
      if (odd) this.cntOdd[l]++;
      else this.cntEven[l]++;
    }
  }

  /**
   * Complete `prefix` (squares of numbers 1..k, a legal walk) to every tour
   * whose last square has allowedEnd = 1 (null: any) and whose lines reach
   * their targets. Returns the counts of this call (nodes: placements tried,
   * the choices of the last square included).
   */
  completePrefix(
    prefix: ArrayLike<number>,
    allowedEnd: Uint8Array | null,
    onSolution?: OnBidirSolution,
    o: { nodeLimit?: number } = {},
  ): BidirCounts {
    const N = this.size, n0 = this.nodes, s0 = this.solutions;
    this.stop = false;
    this.nodeLimit = o.nodeLimit !== undefined ? this.nodes + o.nodeLimit : Infinity;
    this.onSolution = onSolution;
    const k = prefix.length;
    if (k < 1 || k > N) throw new Error("prefix of 1..N squares needed");
    // Reset.
    this.visited.fill(0);
    for (let s = 0; s < N; s++) this.deg[s] = this.nbrStart[s + 1] - this.nbrStart[s];
    const c0 = this.colour[prefix[0]];
    for (let s = 0; s < N; s++) this.oddSq[s] = this.colour[s] === c0 ? 1 : 0;
    for (let l = 0; l < this.lineCount; l++) {
      this.rem[l] = this.lineTarget[l];
      this.cntOdd[l] = 0;
      this.cntEven[l] = 0;
    }
    for (let s = 0; s < N; s++) {
      for (let j = this.sqLineStart[s]; j < this.sqLineStart[s + 1]; j++) {
        if (this.oddSq[s]) this.cntOdd[this.sqLines[j]]++;
        else this.cntEven[this.sqLines[j]]++;
      }
    }
    this.t = 0;
    this.tb = 0;
    let legal = true;
    for (let i = 0; i < k; i++) {
      const s = prefix[i];
      if (!(s >= 0 && s < N) || this.visited[s] || (i > 0 && !this.adj[prefix[i - 1] * N + s])) {
        legal = false;
        break;
      }
      this.take(s, i + 1);
      this.fw[this.t++] = s;
    }
    if (legal) {
      if (k === N) {
        // A whole tour given: its last square and the lines decide.
        if ((allowedEnd === null || allowedEnd[prefix[N - 1]]) && this.linesHold()) this.report();
      } else {
        const nOdd = N & 1;
        for (let e = 0; e < N && !this.stop; e++) {
          if (this.visited[e] || (allowedEnd !== null && !allowedEnd[e]) || this.oddSq[e] !== nOdd) continue;
          this.nodes++;
          this.take(e, N);
          this.bw[this.tb++] = e;
          if (this.endHolds()) {
            if (this.t + this.tb === N) this.report();
            else this.dfs();
          }
          this.tb--;
          this.untake(e, N);
        }
      }
    }
    for (let i = this.t - 1; i >= 0; i--) this.untake(this.fw[i], i + 1);
    this.t = 0;
    return { nodes: this.nodes - n0, solutions: this.solutions - s0 };
  }

  /** True when the last completePrefix() stopped early (callback or node limit). */
  get stopped(): boolean {
    return this.stop;
  }

  private report(): void {
    const f = this.full, t = this.t, tb = this.tb;
    for (let i = 0; i < t; i++) f[i] = this.fw[i];
    for (let i = 0; i < tb; i++) f[this.size - 1 - i] = this.bw[i];
    this.solutions++;
    if (this.onSolution && this.onSolution(f) === true) this.stop = true;
  }

  /** The state just after the last square was chosen: rules B, and D on every open square. */
  private endHolds(): boolean {
    if (!this.linesHold()) return false;
    const N = this.size, h = this.fw[this.t - 1], g = this.bw[0];
    if (this.t + this.tb === N) return this.adj[h * N + g] === 1;
    for (let u = 0; u < N; u++) {
      if (this.visited[u]) continue;
      if (this.deg[u] + this.adj[u * N + h] + this.adj[u * N + g] < 2) return false;
    }
    return true;
  }

  /**
   * After a move of one head from p to s (the other head at o): rules B, D and
   * the meeting. open = squares left.
   */
  private moveHolds(p: number, s: number, o: number): boolean {
    const N = this.size;
    if (!this.linesHold()) return false;
    if (this.t + this.tb === N) return this.adj[s * N + o] === 1;
    // Rule D: the open neighbours of p lost p as a head (s is not next to them).
    const nbr = this.nbr, deg = this.deg, visited = this.visited, adj = this.adj;
    for (let j = this.nbrStart[p], e = this.nbrStart[p + 1]; j < e; j++) {
      const u = nbr[j];
      if (visited[u]) continue;
      if (deg[u] + adj[u * N + o] < 2) return false;
    }
    return true;
  }

  private dfs(): void {
    if (this.nodes >= this.nodeLimit) {
      this.stop = true;
      return;
    }
    const N = this.size, adj = this.adj, deg = this.deg, visited = this.visited, nbr = this.nbr, nbrStart = this.nbrStart;
    const h = this.fw[this.t - 1], g = this.bw[this.tb - 1];
    const open = N - this.t - this.tb;
    // Rule M for both heads: count each head's open neighbours and find forced ones.
    let fh = -1, fg = -1, nh = 0, ng = 0;
    for (let j = nbrStart[h], e = nbrStart[h + 1]; j < e; j++) {
      const u = nbr[j];
      if (visited[u]) continue;
      nh++;
      const other = deg[u] + adj[u * N + g]; // possible tour neighbours of u besides h
      if (other === 1) {
        if (deg[u] === 0 && open > 1) return; // u joins the two heads with squares left over
        if (fh >= 0) return;
        fh = u;
      }
    }
    for (let j = nbrStart[g], e = nbrStart[g + 1]; j < e; j++) {
      const u = nbr[j];
      if (visited[u]) continue;
      ng++;
      if (deg[u] + adj[u * N + h] === 1) {
        if (fg >= 0) return;
        fg = u;
      }
    }
    let forward: boolean;
    let only = -1;
    if (fh >= 0) {
      forward = true;
      only = fh;
    } else if (fg >= 0) {
      forward = false;
      only = fg;
    } else forward = nh <= ng; // the head with fewer open neighbours
    const head = forward ? h : g, other = forward ? g : h;
    for (let j = nbrStart[head], e = nbrStart[head + 1]; j < e; j++) {
      const v = nbr[j];
      if (visited[v] || (only >= 0 && v !== only)) continue;
      this.nodes++;
      this.step(forward, head, v, other);
      if (this.stop) return;
    }
  }

  /** Move a head to v, check, recurse or report, undo. */
  private step(forward: boolean, head: number, v: number, other: number): void {
    const N = this.size;
    if (forward) {
      const num = ++this.t;
      this.fw[num - 1] = v;
      this.take(v, num);
      if (this.moveHolds(head, v, other)) {
        if (this.t + this.tb === N) this.report();
        else this.dfs();
      }
      this.untake(v, num);
      this.t--;
    } else {
      const num = N - this.tb;
      this.bw[this.tb++] = v;
      this.take(v, num);
      if (this.moveHolds(head, v, other)) {
        if (this.t + this.tb === N) this.report();
        else this.dfs();
      }
      this.untake(v, num);
      this.tb--;
    }
  }
}
