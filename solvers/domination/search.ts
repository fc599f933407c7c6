/**
 * Exact search for dominating sets of bounded size: decides whether at most
 * `limit` pieces can dominate a target set of squares, and counts every such
 * set exactly once.
 *
 * BRANCHING. At a node some squares still "need" service (dominating,
 * independent, connected: not yet occupied or attacked; total: not yet
 * attacked). Take the first needed square u (lowest index). Any completion
 * must place a piece on a square that serves u: closed[u] (a piece there
 * dominates u; the attack relation is symmetric, see graph.ts), for total
 * domination open[u]. So branching over those candidates loses nothing.
 *
 * EACH SET ONCE. The candidates v_1, v_2, .. of a node are tried in a fixed
 * order and branch i bans v_1..v_{i-1} for its whole subtree. A set D that
 * contains the placed squares and avoids the banned ones goes down exactly one
 * branch: the one of its first candidate v_i (it contains v_i and none of
 * v_1..v_{i-1}); every earlier branch places a square not in D, every later
 * one bans v_i. By induction D reaches exactly one leaf, so the leaves are the
 * wanted sets without repeats, whatever the candidate order (we sort by gain).
 * A candidate dropped by a bound is left out: no wanted set contains it, so
 * whether the later branches ban it changes nothing. (Root candidates skipped
 * by symmetry are banned like tried ones; see ROOT SYMMETRY.)
 * A leaf is reached as soon as nothing is needed (and, for connected
 * domination, the pieces are connected), so the search returns the sets of
 * size <= limit that are minimal along their path; when `limit` is the
 * minimum size, those are exactly the minimum sets (a proper subset of a
 * minimum set cannot already work).
 *
 * BOUNDS (each only drops nodes that have no completion within the limit):
 * - gain: with r pieces still to place and U squares needed, a square v can
 *   serve at most gain(v) = |N(v) ∩ needed| of them, and later gains are never
 *   larger (needed only shrinks, bans only grow). So the r pieces serve at
 *   most the sum of the r largest gains among allowed squares: if that is
 *   below U, prune. Per candidate v: gain(v) + (sum of the r-1 largest gains)
 *   < U means no completion contains v: skip it.
 * - connected gain (connected domination, at least one piece placed): order
 *   the pieces still to come so that each attacks an earlier piece (a
 *   breadth-first order of the final set from the placed pieces: the set is
 *   connected, so one exists). When v joins next to an earlier piece w, every
 *   square of N[w] is already served, so v adds at most |N[v] \ N[w]| <=
 *   cap(v) = |N[v]| - min over neighbours w of |N[v] ∩ N[w]| new squares
 *   (N the closed neighbourhood). So the gain bound may use min(gain(v),
 *   cap(v)) for every piece still to come. On the 4x4x4 rook board cap = 6 of
 *   a neighbourhood of 10 (two rooks on one line share that line), which
 *   alone gives gamma_c >= 10 there: 10 + 6 (k - 1) >= 64.
 * - packing: needed squares whose sets of allowed servers are pairwise
 *   disjoint each need a piece of their own, so more than r of them prune.
 * - rook lines (2-D rook, not total): the undominated squares are exactly
 *   (rows meeting them) × (columns meeting them) — a square whose row and
 *   column both hold an undominated square has no rook in its row or column.
 *   A rook removes at most one row and one column, and nothing is undominated
 *   only when no row or no column is left, so at least min(rows, columns)
 *   more rooks are needed.
 *
 * ROOT SYMMETRY (decide mode only, never when counting). `rootSymmetries` are
 * board automorphisms that fix u (the first needed square at the root) and the
 * target. If some set D works, so does σD for each of them. Pick the image whose
 * first root candidate (in the root order) comes earliest, at position i. If
 * the candidate v there had an image τ(v) earlier in the order (τ fixing u, so
 * τ(v) serves u and is a candidate too), then τσD would come earlier still. So
 * v is the earliest of its orbit under those symmetries: trying only such root
 * candidates (and banning the others like any tried branch) still finds a set
 * whenever one exists.
 *
 * No allocation per node: every buffer is sized once from the limit and the
 * largest neighbourhood.
 */
import type { Square } from "../types.ts";
import type { DominationGraph } from "./graph.ts";
import type { DominationKind } from "./types.ts";
import { lowestBit, popcount32 } from "./bitset.ts";

export interface SearchOptions {
  kind: DominationKind;
  /** Squares that must be served (usually one component of the attack graph, or the whole board). */
  target: readonly Square[];
  /** Squares a piece may stand on (must contain every server of the target; usually the target itself). */
  universe: readonly Square[];
  /** Most pieces. */
  limit: number;
  /** "decide": stop at the first set; "count": visit every set. */
  mode: "decide" | "count";
  /** Give up (aborted = true) after this many nodes. */
  maxNodes?: number;
  /** Decide mode: square permutations fixing the target (see ROOT SYMMETRY); the identity may be included. */
  rootSymmetries?: readonly Int32Array[];
  /** Count mode: the symmetry group (square permutations, identity included) for counting classes; must fix the target. */
  classSymmetries?: readonly Int32Array[];
  /** Use the packing bound (default: when the largest closed neighbourhood has at most 24 squares). */
  packing?: boolean;
  /** 2-D rook lines bound: row and column of each square. */
  rookLines?: { rowOf: Int32Array; colOf: Int32Array; rows: number; cols: number };
  /** Count mode: keep every set found (flat, in the order found) up to this many sets; beyond it `collected` is null. */
  collectCap?: number;
  /** Squares that may not receive a piece (a subproblem of a sharded run: its prefix and the branches before it, see shard.ts). */
  banned?: readonly Square[];
}

export interface SearchResult {
  /** A set was found. */
  found: boolean;
  /** The first set found, in placement order. */
  witness: Square[] | null;
  /** Number of sets visited (count mode: all of them; decide mode: 0 or 1). */
  count: number;
  /** Count mode with classSymmetries: sets that are the least (sorted, lexicographic) of their orbit. */
  canonical: number;
  /** Count mode with classSymmetries: sum over sets of the size of their stabilizer (Burnside: = classes × |group|). */
  stabilizerSum: number;
  /** Sizes of the smallest and largest set found (0 when none). */
  minSize: number;
  maxSize: number;
  nodes: number;
  aborted: boolean;
  /** Count mode with collectCap: the sets found, each sorted ascending, concatenated (count × size entries). */
  collected: Int32Array | null;
  /** Size of each collected set (all equal at the minimum). */
  collectedSize: number;
}

const DOMINATING = 0;
const INDEPENDENT = 1;
const TOTAL = 2;
const CONNECTED = 3;

function fixesSet(map: Int32Array, squares: readonly Square[]): boolean {
  const inSet = new Set(squares);
  for (const s of squares) if (!inSet.has(map[s])) return false;
  return true;
}

function sameSet(a: readonly Square[], b: readonly Square[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}

/**
 * cap(v) = |N[v]| - min over the neighbours w of v of |N[v] ∩ N[w]| (closed
 * neighbourhoods): the most squares v can newly serve when it joins a
 * connected set next to a piece already in it (|N[v]| when v has no neighbour).
 */
export function connectedCaps(g: DominationGraph): Int32Array {
  const W = g.words;
  const cap = new Int32Array(g.size);
  for (let v = 0; v < g.size; v++) {
    const nv = g.closedStart[v + 1] - g.closedStart[v];
    let shared = nv;
    let any = false;
    for (let e = g.openStart[v]; e < g.openStart[v + 1]; e++) {
      const w = g.openAdj[e];
      let c = 0;
      for (let k = 0; k < W; k++) c += popcount32(g.closed[v * W + k] & g.closed[w * W + k]);
      if (!any || c < shared) shared = c;
      any = true;
    }
    cap[v] = any ? nv - shared : nv;
  }
  return cap;
}

export function searchDomination(g: DominationGraph, opts: SearchOptions): SearchResult {
  return new DominationSearch(g, opts).run();
}

class DominationSearch {
  private readonly W: number;
  private readonly kind: number;
  private readonly limit: number;
  private readonly countMode: boolean;
  private readonly maxNodes: number;
  private readonly mask: Uint32Array;
  private readonly nStart: Int32Array;
  private readonly nAdj: Int32Array;
  private readonly open: Uint32Array;
  private readonly openStart: Int32Array;
  private readonly openAdj: Int32Array;
  private readonly universe: Int32Array;
  private readonly need: Uint32Array;
  private readonly banned: Uint8Array;
  private readonly placed: Uint8Array;
  private readonly banStack: Int32Array;
  private banTop = 0;
  private readonly path: Int32Array;
  private readonly gain: Int32Array;
  /** Connected domination: cap(v) of the connected gain bound (see the header); null for the other kinds. */
  private readonly connCap: Int32Array | null;
  private readonly top: Int32Array;
  private readonly maxDeg: number;
  private readonly cand: Int32Array;
  private readonly candGain: Int32Array;
  private readonly nzWords: Int32Array;
  private readonly stamp: Int32Array;
  private gen = 0;
  private readonly packing: boolean;
  private readonly rook: SearchOptions["rookLines"] | null;
  private readonly rowStamp: Int32Array;
  private readonly colStamp: Int32Array;
  private readonly rootSyms: readonly Int32Array[];
  private readonly posOf: Int32Array;
  private readonly classSyms: readonly Int32Array[];
  private readonly sortBuf: Int32Array;
  private readonly imgBuf: Int32Array;
  private readonly bfsQueue: Int32Array;
  private readonly bfsSeen: Uint8Array;
  private readonly compStamp: Int32Array;
  private compGen = 0;
  private readonly collectCap: number;
  private collectBuf: Int32Array | null = null;
  private collectLen = 0;
  private collectSize = -1;
  private collectOverflow = false;

  private nodes = 0;
  private stop = false;
  private aborted = false;
  private count = 0;
  private canonical = 0;
  private stabilizerSum = 0;
  private minSize = 0;
  private maxSize = 0;
  private witness: Square[] | null = null;

  constructor(private readonly g: DominationGraph, private readonly opts: SearchOptions) {
    const W = g.words;
    this.W = W;
    this.kind = opts.kind === "dominating"
      ? DOMINATING
      : opts.kind === "independent"
      ? INDEPENDENT
      : opts.kind === "total"
      ? TOTAL
      : CONNECTED;
    if (!Number.isInteger(opts.limit) || opts.limit < 0) throw new Error(`limit ${opts.limit} is not a non-negative integer`);
    this.limit = opts.limit;
    this.countMode = opts.mode === "count";
    this.maxNodes = opts.maxNodes ?? Number.MAX_SAFE_INTEGER;
    const useOpen = this.kind === TOTAL;
    this.mask = useOpen ? g.open : g.closed;
    this.nStart = useOpen ? g.openStart : g.closedStart;
    this.nAdj = useOpen ? g.openAdj : g.closedAdj;
    this.open = g.open;
    this.openStart = g.openStart;
    this.openAdj = g.openAdj;
    this.universe = Int32Array.from(opts.universe);
    const depth = this.limit + 2;
    this.need = new Uint32Array(depth * W);
    for (const t of opts.target) this.need[t >>> 5] |= 1 << (t & 31);
    this.banned = new Uint8Array(g.size);
    // Initial bans stay set: the ban stack only ever clears what a node pushed itself.
    for (const v of opts.banned ?? []) this.banned[v] = 1;
    this.placed = new Uint8Array(g.size);
    this.banStack = new Int32Array(g.size + 1);
    this.path = new Int32Array(depth);
    this.gain = new Int32Array(g.size);
    this.connCap = this.kind === CONNECTED ? connectedCaps(g) : null;
    this.top = new Int32Array(depth);
    let maxDeg = 1;
    for (let v = 0; v < g.size; v++) maxDeg = Math.max(maxDeg, g.closedStart[v + 1] - g.closedStart[v]);
    this.maxDeg = Math.max(maxDeg, g.size);
    this.cand = new Int32Array(depth * this.maxDeg);
    this.candGain = new Int32Array(depth * this.maxDeg);
    this.nzWords = new Int32Array(depth * W);
    this.stamp = new Int32Array(g.size);
    this.packing = opts.packing ?? maxDeg <= 24;
    this.rook = (this.kind !== TOTAL && opts.rookLines) ? opts.rookLines : null;
    this.rowStamp = new Int32Array(this.rook ? this.rook.rows : 0);
    this.colStamp = new Int32Array(this.rook ? this.rook.cols : 0);
    // Root symmetry breaking is sound only with symmetries that map the target and the universe onto themselves.
    this.rootSyms = this.countMode ? [] : (opts.rootSymmetries ?? []).filter((m) => fixesSet(m, opts.target) && fixesSet(m, opts.universe));
    this.posOf = new Int32Array(g.size).fill(-1);
    this.classSyms = this.countMode ? (opts.classSymmetries ?? []) : [];
    for (const m of this.classSyms) {
      if (!fixesSet(m, opts.target) || !fixesSet(m, opts.universe)) {
        throw new Error("classSymmetries must map the target and the universe onto themselves");
      }
    }
    if (this.kind === INDEPENDENT && !sameSet(opts.target, opts.universe)) {
      // allowed() reads independence off the undominated target squares, so every candidate must be a target square.
      throw new Error("independent domination needs universe = target");
    }
    this.sortBuf = new Int32Array(depth);
    this.imgBuf = new Int32Array(depth);
    this.bfsQueue = new Int32Array(depth);
    this.bfsSeen = new Uint8Array(depth);
    this.compStamp = new Int32Array(g.size);
    this.collectCap = this.countMode ? (opts.collectCap ?? 0) : 0;
  }

  run(): SearchResult {
    this.node(0);
    let collected: Int32Array | null = null;
    if (this.collectCap > 0 && !this.collectOverflow) {
      collected = this.collectBuf ? this.collectBuf.slice(0, this.collectLen) : new Int32Array(0);
    }
    return {
      found: this.count > 0,
      witness: this.witness,
      count: this.count,
      canonical: this.canonical,
      stabilizerSum: this.stabilizerSum,
      minSize: this.minSize,
      maxSize: this.maxSize,
      nodes: this.nodes,
      aborted: this.aborted,
      collected,
      collectedSize: Math.max(this.collectSize, 0),
    };
  }

  /** May v still receive a piece at the node whose needed set starts at `off`? */
  private allowed(v: number, off: number): boolean {
    if (this.banned[v] !== 0 || this.placed[v] !== 0) return false;
    // Independence: v must not attack or be attacked by a placed piece, i.e. v must still be undominated.
    if (this.kind === INDEPENDENT) return ((this.need[off + (v >>> 5)] >>> (v & 31)) & 1) === 1;
    return true;
  }

  private node(depth: number): void {
    if (this.stop) return;
    if (++this.nodes > this.maxNodes) {
      this.aborted = true;
      this.stop = true;
      return;
    }
    const W = this.W;
    const need = this.need;
    const off = depth * W;
    let U = 0;
    let nz = 0;
    const nzOff = depth * W;
    for (let w = 0; w < W; w++) {
      const x = need[off + w];
      if (x !== 0) {
        U += popcount32(x);
        this.nzWords[nzOff + nz++] = w;
      }
    }
    if (U === 0) {
      if (this.kind === CONNECTED && !this.placedConnected(depth, -1)) {
        this.connectBranch(depth);
        return;
      }
      this.solution(depth);
      return;
    }
    const r = this.limit - depth;
    if (r <= 0) return;

    let u = -1;
    for (let w = 0; w < W; w++) {
      const x = need[off + w];
      if (x !== 0) {
        u = (w << 5) + lowestBit(x);
        break;
      }
    }
    const mask = this.mask;
    const nStart = this.nStart;
    const nAdj = this.nAdj;

    if (r === 1) {
      // One piece left: it must serve every needed square, u among them.
      for (let e = nStart[u]; e < nStart[u + 1]; e++) {
        const v = nAdj[e];
        if (!this.allowed(v, off)) continue;
        const base = v * W;
        let ok = true;
        for (let k = 0; k < nz; k++) {
          const w = this.nzWords[nzOff + k];
          if ((need[off + w] & ~mask[base + w]) !== 0) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        if (this.kind === CONNECTED && !this.placedConnected(depth, v)) continue;
        this.path[depth] = v;
        this.solution(depth + 1);
        if (this.stop) return;
      }
      return;
    }

    // Gain bound: sum of the r largest gains must reach U.
    const gain = this.gain;
    const top = this.top;
    let tn = 0;
    const universe = this.universe;
    // The connected cap holds once a piece is placed (each later piece joins next to an earlier one).
    const cap = depth > 0 ? this.connCap : null;
    for (let i = 0; i < universe.length; i++) {
      const v = universe[i];
      if (!this.allowed(v, off)) {
        gain[v] = -1;
        continue;
      }
      const base = v * W;
      let gv = 0;
      for (let k = 0; k < nz; k++) {
        const w = this.nzWords[nzOff + k];
        gv += popcount32(mask[base + w] & need[off + w]);
      }
      if (cap !== null && cap[v] < gv) gv = cap[v];
      gain[v] = gv;
      if (gv === 0) continue;
      if (tn < r) {
        let j = tn++;
        while (j > 0 && top[j - 1] < gv) {
          top[j] = top[j - 1];
          j--;
        }
        top[j] = gv;
      } else if (gv > top[r - 1]) {
        let j = r - 1;
        while (j > 0 && top[j - 1] < gv) {
          top[j] = top[j - 1];
          j--;
        }
        top[j] = gv;
      }
    }
    let T = 0;
    for (let j = 0; j < tn; j++) T += top[j];
    if (T < U) return;
    const bestOthers = tn === r ? T - top[r - 1] : T;

    if (this.rook !== null && this.rookBound(off) > r) return;
    if (this.packing && this.packingBound(off, r) > r) return;

    // Candidates: allowed servers of u that pass the per-candidate gain test, by gain (descending).
    const cOff = depth * this.maxDeg;
    const cand = this.cand;
    const candGain = this.candGain;
    let nc = 0;
    for (let e = nStart[u]; e < nStart[u + 1]; e++) {
      const v = nAdj[e];
      const gv = gain[v];
      if (gv <= 0) continue; // not allowed (-1), or serves nothing (impossible for a server of u)
      if (gv + bestOthers < U) continue;
      let j = nc++;
      while (j > 0 && candGain[cOff + j - 1] < gv) {
        cand[cOff + j] = cand[cOff + j - 1];
        candGain[cOff + j] = candGain[cOff + j - 1];
        j--;
      }
      cand[cOff + j] = v;
      candGain[cOff + j] = gv;
    }

    const rootFilter = depth === 0 && this.rootSyms.length > 0;
    if (rootFilter) { for (let i = 0; i < nc; i++) this.posOf[cand[cOff + i]] = i; }

    const banStart = this.banTop;
    const noff = off + W;
    for (let i = 0; i < nc; i++) {
      const v = cand[cOff + i];
      if (!rootFilter || this.rootCanonical(v, u, i)) {
        const base = v * W;
        for (let w = 0; w < W; w++) need[noff + w] = need[off + w] & ~mask[base + w];
        this.placed[v] = 1;
        this.path[depth] = v;
        this.node(depth + 1);
        this.placed[v] = 0;
        if (this.stop) break;
      }
      this.banned[v] = 1;
      this.banStack[this.banTop++] = v;
    }
    while (this.banTop > banStart) this.banned[this.banStack[--this.banTop]] = 0;
    if (rootFilter) { for (let i = 0; i < nc; i++) this.posOf[cand[cOff + i]] = -1; }
  }

  /** Root candidate v at position i is tried only when no symmetry fixing u maps it to an earlier candidate. */
  private rootCanonical(v: number, u: number, i: number): boolean {
    for (const map of this.rootSyms) {
      if (map[u] !== u) continue;
      const p = this.posOf[map[v]];
      if (p >= 0 && p < i) return false;
    }
    return true;
  }

  /** A fresh stamp value; stamps are cleared before the counter would leave the Int32 range. */
  private nextGen(): number {
    if (this.gen >= 0x7ffffff0) {
      this.gen = 0;
      this.stamp.fill(0);
      this.rowStamp.fill(0);
      this.colStamp.fill(0);
    }
    return ++this.gen;
  }

  private rookBound(off: number): number {
    const rook = this.rook!;
    const W = this.W;
    const gen = this.nextGen();
    let rows = 0;
    let cols = 0;
    for (let w = 0; w < W; w++) {
      let x = this.need[off + w];
      while (x !== 0) {
        const s = (w << 5) + lowestBit(x);
        x &= x - 1;
        const row = rook.rowOf[s];
        const col = rook.colOf[s];
        if (this.rowStamp[row] !== gen) {
          this.rowStamp[row] = gen;
          rows++;
        }
        if (this.colStamp[col] !== gen) {
          this.colStamp[col] = gen;
          cols++;
        }
      }
    }
    return Math.min(rows, cols);
  }

  /** Size of a greedy set of needed squares with pairwise disjoint sets of allowed servers (r + 1 as soon as it exceeds r; r + 1 too when a needed square has no server left). */
  private packingBound(off: number, r: number): number {
    const W = this.W;
    const nStart = this.nStart;
    const nAdj = this.nAdj;
    const gen = this.nextGen();
    const stamp = this.stamp;
    let packed = 0;
    for (let w = 0; w < W; w++) {
      let x = this.need[off + w];
      while (x !== 0) {
        const s = (w << 5) + lowestBit(x);
        x &= x - 1;
        let free = true;
        let servers = 0;
        for (let e = nStart[s]; e < nStart[s + 1]; e++) {
          const v = nAdj[e];
          if (!this.allowed(v, off)) continue;
          servers++;
          if (stamp[v] === gen) {
            free = false;
            break;
          }
        }
        if (servers === 0 && free) return r + 1;
        if (!free) continue;
        for (let e = nStart[s]; e < nStart[s + 1]; e++) {
          const v = nAdj[e];
          if (this.allowed(v, off)) stamp[v] = gen;
        }
        if (++packed > r) return packed;
      }
    }
    return packed;
  }

  /** Are path[0..depth-1] (plus `extra` when >= 0) connected in the attack graph? */
  private placedConnected(depth: number, extra: number): boolean {
    const k = depth + (extra >= 0 ? 1 : 0);
    if (k <= 1) return true;
    if (extra >= 0) this.path[depth] = extra;
    return this.markFirstComponent(k) === k;
  }

  /**
   * Marks in bfsSeen (indices into path) the pieces path[0..k-1] joined to
   * path[0] through attacks among themselves, listed in bfsQueue[0..count-1];
   * returns the count.
   */
  private markFirstComponent(k: number): number {
    const path = this.path;
    const seen = this.bfsSeen;
    const queue = this.bfsQueue;
    seen.fill(0, 0, k);
    let head = 0;
    let tail = 0;
    queue[tail++] = 0;
    seen[0] = 1;
    const W = this.W;
    while (head < tail) {
      const base = path[queue[head++]] * W;
      for (let j = 0; j < k; j++) {
        if (seen[j] !== 0) continue;
        const b = path[j];
        if (((this.open[base + (b >>> 5)] >>> (b & 31)) & 1) !== 0) {
          seen[j] = 1;
          queue[tail++] = j;
        }
      }
    }
    return tail;
  }

  /**
   * Everything is dominated but the pieces are not connected. Let C be the
   * component of the first piece; a connected superset must contain a square
   * outside C next to C (the first step out of C on a path inside the set), and
   * that square is not placed (a placed neighbour of C would belong to C).
   */
  private connectBranch(depth: number): void {
    const r = this.limit - depth;
    if (r <= 0) return;
    const k = depth;
    const path = this.path;
    // The component of the first piece, in BFS order in bfsQueue[0..tail-1].
    const tail = this.markFirstComponent(k);
    const queue = this.bfsQueue;
    const W = this.W;
    const cOff = depth * this.maxDeg;
    let nc = 0;
    if (this.compGen >= 0x7ffffff0) {
      this.compGen = 0;
      this.compStamp.fill(0);
    }
    const cg = ++this.compGen;
    for (let q = 0; q < tail; q++) {
      const a = path[queue[q]];
      for (let e = this.openStart[a]; e < this.openStart[a + 1]; e++) {
        const v = this.openAdj[e];
        if (this.placed[v] !== 0 || this.banned[v] !== 0 || this.compStamp[v] === cg) continue;
        this.compStamp[v] = cg;
        this.cand[cOff + nc++] = v;
      }
    }
    const banStart = this.banTop;
    const off = depth * W;
    const noff = off + W;
    for (let i = 0; i < nc; i++) {
      const v = this.cand[cOff + i];
      for (let w = 0; w < W; w++) this.need[noff + w] = 0;
      this.placed[v] = 1;
      path[depth] = v;
      this.node(depth + 1);
      this.placed[v] = 0;
      if (this.stop) break;
      this.banned[v] = 1;
      this.banStack[this.banTop++] = v;
    }
    while (this.banTop > banStart) this.banned[this.banStack[--this.banTop]] = 0;
  }

  private solution(k: number): void {
    this.count++;
    if (this.minSize === 0 || k < this.minSize) this.minSize = k;
    if (k > this.maxSize) this.maxSize = k;
    if (this.witness === null) this.witness = Array.from(this.path.subarray(0, k));
    if (!this.countMode) {
      this.stop = true;
      return;
    }
    const sorted = this.sortBuf;
    for (let i = 0; i < k; i++) {
      const v = this.path[i];
      let j = i;
      while (j > 0 && sorted[j - 1] > v) {
        sorted[j] = sorted[j - 1];
        j--;
      }
      sorted[j] = v;
    }
    if (this.classSyms.length > 0) {
      let canonical = true;
      let stab = 0;
      const img = this.imgBuf;
      for (const map of this.classSyms) {
        for (let i = 0; i < k; i++) {
          const v = map[sorted[i]];
          let j = i;
          while (j > 0 && img[j - 1] > v) {
            img[j] = img[j - 1];
            j--;
          }
          img[j] = v;
        }
        let cmp = 0;
        for (let i = 0; i < k; i++) {
          if (img[i] !== sorted[i]) {
            cmp = img[i] < sorted[i] ? -1 : 1;
            break;
          }
        }
        if (cmp === 0) stab++;
        else if (cmp < 0) canonical = false;
      }
      if (canonical) this.canonical++;
      this.stabilizerSum += stab;
    }
    if (this.collectCap > 0 && !this.collectOverflow) {
      if (this.collectSize >= 0 && this.collectSize !== k) {
        this.collectOverflow = true; // sets of different sizes: not a list of minimum sets
        return;
      }
      this.collectSize = k;
      if (this.count > this.collectCap) {
        this.collectOverflow = true;
        this.collectBuf = null;
        return;
      }
      if (this.collectBuf === null || this.collectLen + k > this.collectBuf.length) {
        const grown = new Int32Array(Math.max(1024, (this.collectLen + k) * 2));
        if (this.collectBuf) grown.set(this.collectBuf.subarray(0, this.collectLen));
        this.collectBuf = grown;
      }
      this.collectBuf.set(sorted.subarray(0, k), this.collectLen);
      this.collectLen += k;
    }
  }
}
