/**
 * Lazy search for long capture sequences of the locust and rook-locust on an
 * n×n board (n even): instead of fixing a position and searching its
 * sequences, the locust moves on a board whose squares are decided only when
 * the sequence needs them. Every square is "undecided", "empty" (never held a
 * man) or "captured". A move from L along a line chooses the captured man M:
 * every square passed before M must be empty now, so an undecided one there is
 * decided empty; M itself must be undecided (a man standing since the start);
 * the landing square after M must be empty now, so an undecided one becomes
 * empty. The position is the set of captured squares: every decision made is
 * consistent with it (an empty square never holds a man, a captured one held
 * its man until the capture, undecided squares left at the end are empty), so
 * the sequence is a legal complete sequence of that position, and conversely
 * every position with a complete sequence of m captures, played in that
 * sequence, is produced by exactly one branch of the search (the branch that
 * chooses its moves). The search is therefore an exhaustive enumeration of
 * pairs (position with m men, complete sequence), from a given start square.
 *
 * Pruning (budget). A position with m men leaves exactly n² - m squares
 * without a man (the start square among them). Lower bounds on that number
 * from the decisions made so far, each from a lemma proven in edge-space.ts:
 *   - corners never hold a man that is captured (Lemma A): 4;
 *   - on each edge (its n-2 non-corner squares) the men are pairwise not
 *     neighbours (Lemma B), so at least (n-2) - (largest independent set of
 *     the edge's squares not decided empty) squares are without a man;
 *   - rook-locust only: each aligned 2x2 square of the interior has a square
 *     without a man (Lemma C), so at least max(1, decided empty there);
 *   - every other square decided empty counts 1.
 * A branch whose lower bound exceeds n² - m cannot end in a position of m
 * men, and is cut. Only men actually captured enter the position, so the
 * bound is exact to apply at any depth: decisions are never undone in a branch.
 */
import type { LineTable } from "../pieces/locust.ts";
import { type CaptureMasks, captureMasks, EventFlood } from "./bitsearch.ts";
import { popcount32, popcountPair } from "../lib/bits.ts";

const UNDECIDED = 0, EMPTY = 1, CAPTURED = 2;

export interface LazyOptions {
  start: number;
  /** Number of captures wanted (the men of the position). */
  men: number;
  /** Only sequences whose last landing square is the start. */
  closed?: boolean;
  /** Only sequences whose last landing square is this one (closed = end on the start). */
  end?: number;
  /** Only sequences whose first capture is of this man, landing on that square. */
  first?: { man: number; land: number };
  maxNodes?: number;
  /** Called for every complete sequence of `men` captures; return false to stop. */
  onSequence: (captured: Int32Array, landed: Int32Array) => boolean | void;
  /**
   * Move order: "cheap" tries moves deciding fewer empty squares first (ties in
   * line order, or shuffled by the seed when one is given); "random" shuffles.
   */
  order?: "cheap" | "random";
  seed?: number;
}

export interface LazyResult {
  nodes: number;
  sequences: number;
  complete: boolean;
}

function maxIndependentOnPath(mask: number, k: number): number {
  // largest set of non-neighbouring squares among the set bits (greedy from one end is optimal on a path)
  let count = 0;
  let prevTaken = false;
  for (let i = 0; i < k; i++) {
    if ((mask >> i) & 1 && !prevTaken) {
      count++;
      prevTaken = true;
    } else prevTaken = false;
  }
  return count;
}

export class LazySearch {
  readonly t: LineTable;
  readonly n: number;
  private status: Uint8Array;
  /** region of each square: -1 none (interior of the queen-locust), 0..3 edges, 4.. blocks; corners -2. */
  private region: Int32Array;
  private regionBit: Int32Array;
  private regionEmpty: Int32Array;
  private regionKind: Uint8Array; // 0 edge, 1 block
  private edgeMin: Int32Array;
  private lb = 0;
  private budget = 0;
  private nodes = 0;
  private maxNodes = Infinity;
  private stopped = false;
  private sequences = 0;
  private seqMan: Int32Array;
  private seqLand: Int32Array;
  private opts!: LazyOptions;
  private rng = 1;
  // move buffers per depth: man, land, and the squares decided empty by the move (up to n+1)
  private mvMan: Int32Array;
  private mvLand: Int32Array;
  private mvCost: Int32Array;
  private mvFrom: Int32Array; // index into ray table of the first square of the ray and k of the man
  private mvK: Int32Array;
  private maxMoves: number;

  private masks: CaptureMasks | null;
  private events: EventFlood | null;
  /** Switch the reachability test off (differential tests). */
  noFlood = false;

  constructor(t: LineTable) {
    const dims = t.board.dims;
    if (dims.length !== 2 || dims[0] !== dims[1] || dims[0] % 2 !== 0 || dims[0] < 4) {
      throw new Error("the lazy search needs an even n×n board, n >= 4");
    }
    if (t.kind !== "locust" && t.kind !== "rook-locust") throw new Error("the lazy search's lemmas hold for the locust and rook-locust");
    this.t = t;
    const n = this.n = dims[0];
    const size = n * n;
    this.status = new Uint8Array(size);
    this.region = new Int32Array(size).fill(-1);
    this.regionBit = new Int32Array(size);
    const blocks = t.kind === "rook-locust" ? ((n - 2) / 2) ** 2 : 0;
    this.regionEmpty = new Int32Array(4 + blocks);
    this.regionKind = new Uint8Array(4 + blocks);
    const sq = (x: number, y: number) => y * n + x;
    for (const c of [sq(0, 0), sq(n - 1, 0), sq(0, n - 1), sq(n - 1, n - 1)]) this.region[c] = -2;
    for (let i = 1; i < n - 1; i++) {
      const e = [sq(i, 0), sq(i, n - 1), sq(0, i), sq(n - 1, i)];
      e.forEach((q, r) => {
        this.region[q] = r;
        this.regionBit[q] = 1 << (i - 1);
      });
    }
    if (blocks) {
      let b = 4;
      for (let by = 1; by < n - 1; by += 2) {
        for (let bx = 1; bx < n - 1; bx += 2) {
          [sq(bx, by), sq(bx + 1, by), sq(bx, by + 1), sq(bx + 1, by + 1)].forEach((q) => this.region[q] = b);
          this.regionKind[b] = 1;
          b++;
        }
      }
    }
    const k = n - 2;
    this.edgeMin = new Int32Array(1 << k);
    for (let m = 0; m < 1 << k; m++) this.edgeMin[m] = k - maxIndependentOnPath(~m & ((1 << k) - 1), k);
    this.seqMan = new Int32Array(size);
    this.seqLand = new Int32Array(size);
    this.maxMoves = t.dirs * n;
    this.masks = size <= 64 ? captureMasks(t) : null;
    this.events = size <= 64 ? new EventFlood(t) : null;
    this.mvMan = new Int32Array((size + 1) * this.maxMoves);
    this.mvLand = new Int32Array((size + 1) * this.maxMoves);
    this.mvCost = new Int32Array((size + 1) * this.maxMoves);
    this.mvFrom = new Int32Array((size + 1) * this.maxMoves);
    this.mvK = new Int32Array((size + 1) * this.maxMoves);
  }

  private regionCost(r: number): number {
    const e = this.regionEmpty[r];
    if (this.regionKind[r] === 0) return this.edgeMin[e];
    return Math.max(1, popcount32(e));
  }

  /** Decide square q empty; returns the rise of the lower bound. */
  private markEmpty(q: number): number {
    this.status[q] = EMPTY;
    if (q < 32) this.eLo ^= 1 << q;
    else this.eHi ^= 1 << (q - 32);
    const r = this.region[q];
    if (r === -2) return 0;
    if (r === -1) return 1;
    const before = this.regionCost(r);
    this.regionEmpty[r] |= this.regionKind[r] === 0 ? this.regionBit[q] : 1 << this.blockIndex(q);
    return this.regionCost(r) - before;
  }

  private unmarkEmpty(q: number): void {
    this.status[q] = UNDECIDED;
    if (q < 32) this.eLo ^= 1 << q;
    else this.eHi ^= 1 << (q - 32);
    const r = this.region[q];
    if (r < 0) return;
    this.regionEmpty[r] &= ~(this.regionKind[r] === 0 ? this.regionBit[q] : 1 << this.blockIndex(q));
  }

  private blockIndex(q: number): number {
    const n = this.n;
    const x = q % n, y = (q - x) / n;
    return ((y - 1) & 1) * 2 + ((x - 1) & 1);
  }

  private baseBound(): number {
    let lb = 4;
    for (let r = 0; r < this.regionEmpty.length; r++) lb += this.regionCost(r);
    return lb;
  }

  run(opts: LazyOptions): LazyResult {
    this.opts = opts;
    this.endSquare = opts.closed ? opts.start : opts.end ?? -1;
    this.maxDepth = 0;
    const size = this.n * this.n;
    this.status.fill(UNDECIDED);
    this.regionEmpty.fill(0);
    this.budget = size - opts.men;
    this.nodes = 0;
    this.sequences = 0;
    this.stopped = false;
    this.maxNodes = opts.maxNodes ?? Infinity;
    this.rng = (opts.seed ?? 1) >>> 0 || 1;
    this.eLo =
      this.eHi =
      this.cLo =
      this.cHi =
        0;
    this.memoStamp++;
    for (let q = 0; q < size; q++) if (this.region[q] === -2) this.markEmpty(q);
    this.lb = this.baseBound();
    this.lb += this.markEmpty(opts.start);
    if (this.lb > this.budget) return { nodes: 0, sequences: 0, complete: true };
    this.search(opts.start, 0);
    return { nodes: this.nodes, sequences: this.sequences, complete: !this.stopped };
  }

  private nextRandom(): number {
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x >>> 0;
    return this.rng;
  }

  private endSquare = -1;
  /** Most captures any branch of the last run reached. */
  maxDepth = 0;
  private search(L: number, depth: number): void {
    this.nodes++;
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (depth === this.opts.men) {
      if (this.endSquare >= 0 && L !== this.endSquare) return;
      this.sequences++;
      if (this.opts.onSequence(this.seqMan.subarray(0, depth), this.seqLand.subarray(0, depth)) === false) this.stopped = true;
      return;
    }
    if (this.nodes > this.maxNodes) {
      this.stopped = true;
      return;
    }
    if (this.memoMask && this.seen(L)) return;
    if (this.masks && !this.noFlood && !this.reachOk(L, this.opts.men - depth)) return;
    const t = this.t, off = t.off, ray = t.ray, status = this.status;
    const base = depth * this.maxMoves;
    let n = 0;
    const o = L * t.dirs;
    for (let i = 0; i < t.dirs; i++) {
      const a = off[o + i], end = off[o + i + 1];
      let passCost = 0; // undecided squares passed so far (to be decided empty)
      for (let p = a; p < end - 1; p++) {
        const q = ray[p];
        const s = status[q];
        if (s === UNDECIDED) {
          const l = ray[p + 1];
          // q as the man; the landing square l must be empty now (decided empty if undecided)
          this.mvMan[base + n] = q;
          this.mvLand[base + n] = l;
          this.mvCost[base + n] = passCost + (status[l] === UNDECIDED ? 1 : 0);
          this.mvFrom[base + n] = a;
          this.mvK[base + n] = p;
          n++;
          passCost++;
        }
        // EMPTY or CAPTURED: the locust passes it
      }
    }
    // order: fewest new empty squares first (cheap), ties shuffled when seeded; or all shuffled
    const order = this.orderBuf(depth, n);
    const cost = this.mvCost;
    const shuffle = this.opts.order === "random" || this.opts.seed !== undefined;
    for (let k = 0; k < n; k++) {
      const key = this.opts.order === "random" ? 0 : cost[base + k];
      order[k] = key * 1e9 + (shuffle ? this.nextRandom() % 65536 : k) * 1000 + k;
    }
    order.subarray(0, n).sort();
    for (let k = 0; k < n; k++) order[k] = order[k] % 1000;
    for (let kk = 0; kk < n; kk++) {
      const k = base + order[kk];
      const man = this.mvMan[k], land = this.mvLand[k];
      if (depth === 0 && this.opts.first && (man !== this.opts.first.man || land !== this.opts.first.land)) continue;
      // decide: passed undecided squares empty, the landing square empty
      const a = this.mvFrom[k], pm = this.mvK[k];
      const saveLb = this.lb;
      let ok = true;
      let decided = 0;
      const marks = this.marks(depth);
      for (let p = a; p < pm; p++) {
        const q = ray[p];
        if (status[q] === UNDECIDED) {
          this.lb += this.markEmpty(q);
          marks[decided++] = q;
          if (this.lb > this.budget) {
            ok = false;
            break;
          }
        }
      }
      if (ok && status[land] === UNDECIDED) {
        this.lb += this.markEmpty(land);
        marks[decided++] = land;
        if (this.lb > this.budget) ok = false;
      }
      if (ok) {
        status[man] = CAPTURED;
        if (man < 32) this.cLo ^= 1 << man;
        else this.cHi ^= 1 << (man - 32);
        this.seqMan[depth] = man;
        this.seqLand[depth] = land;
        this.search(land, depth + 1);
        status[man] = UNDECIDED;
        if (man < 32) this.cLo ^= 1 << man;
        else this.cHi ^= 1 << (man - 32);
      }
      for (let d = decided - 1; d >= 0; d--) this.unmarkEmpty(marks[d]);
      this.lb = saveLb;
      if (this.stopped) return;
    }
    if (this.memoMask) this.remember(L);
  }

  /**
   * States explored to the end. The completions of a state (locust square,
   * squares decided empty, squares captured) do not depend on the order that
   * led to it, and the position a completion yields is the captured set plus
   * the completion's men, so a state explored once yields nothing new a second
   * time: skipping it loses no position. (Sequences are lost, positions not.)
   */
  private memoKeys = new Int32Array(0);
  private memoStamps = new Uint32Array(0);
  private memoMask = 0;
  private memoStamp = 1;
  private eLo = 0;
  private eHi = 0;
  private cLo = 0;
  private cHi = 0;

  /** Size the explored-state memo (2^bits entries; 0 switches it off). */
  setMemo(bits: number): void {
    this.memoMask = bits ? (1 << bits) - 1 : 0;
    this.memoKeys = new Int32Array(bits ? 5 << bits : 0);
    this.memoStamps = new Uint32Array(bits ? 1 << bits : 0);
  }

  private slot(L: number): number {
    let h = Math.imul(this.eLo ^ Math.imul(this.eHi, 0x9e3779b1), 0x85ebca6b) ^
      Math.imul(this.cLo ^ Math.imul(this.cHi, 0x27d4eb2f), 0xc2b2ae35) ^ Math.imul(L + 1, 0x165667b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h & this.memoMask;
  }

  private seen(L: number): boolean {
    let s = this.slot(L);
    for (let probe = 0; probe < 4; probe++) {
      if (this.memoStamps[s] !== this.memoStamp) return false;
      const b = s * 5;
      const k = this.memoKeys;
      if (k[b] === this.eLo && k[b + 1] === this.eHi && k[b + 2] === this.cLo && k[b + 3] === this.cHi && k[b + 4] === L) return true;
      s = (s + 1) & this.memoMask;
    }
    return false;
  }

  private remember(L: number): void {
    const home = this.slot(L);
    let s = home;
    for (let probe = 0; probe < 4; probe++) {
      if (this.memoStamps[s] !== this.memoStamp) break;
      s = (s + 1) & this.memoMask;
      if (probe === 3) s = home;
    }
    this.memoStamps[s] = this.memoStamp;
    const b = s * 5;
    const k = this.memoKeys;
    k[b] = this.eLo;
    k[b + 1] = this.eHi;
    k[b + 2] = this.cLo;
    k[b + 3] = this.cHi;
    k[b + 4] = L;
  }

  /**
   * Reachability test. A square is "required" when deciding it empty would lift
   * the lower bound above the budget: in any position this branch can still
   * reach it holds a man, captured later. Only an undecided square can hold a
   * man captured later. By the event argument of bitsearch.ts (EventFlood:
   * each capture's man lies on a ray from the previous landing square, with a
   * square beyond it), every man captured later is in an event reached from
   * the locust's square within the undecided squares; so a required square
   * the flood misses, or fewer reached squares than captures still wanted,
   * ends the branch. With a fixed end square E (closed: E = start), the last
   * capture lands on E: some undecided square must lie in close(E), and some
   * reached event must land on E.
   */
  private reachOk(L: number, wanted: number): boolean {
    const size = this.n * this.n;
    const status = this.status;
    const slack = this.budget - this.lb;
    let pl = 0, ph = 0, ql = 0, qh = 0, count = 0;
    for (let q = 0; q < size; q++) {
      if (status[q] !== UNDECIDED) continue;
      count++;
      const bitL = q < 32 ? 1 << q : 0, bitH = q < 32 ? 0 : 1 << (q - 32);
      pl |= bitL;
      ph |= bitH;
      const r = this.region[q];
      let rise: number;
      if (r === -1) rise = 1;
      else if (r < 0) rise = 0;
      else {
        const before = this.regionCost(r);
        const bit = this.regionKind[r] === 0 ? this.regionBit[q] : 1 << this.blockIndex(q);
        this.regionEmpty[r] |= bit;
        rise = this.regionCost(r) - before;
        this.regionEmpty[r] &= ~bit;
      }
      if (rise > slack) {
        ql |= bitL;
        qh |= bitH;
      }
    }
    if (count < wanted) return false;
    const m = this.masks!;
    if (this.endSquare >= 0) {
      const S = this.endSquare;
      if ((pl & m.close[2 * S]) === 0 && (ph & m.close[2 * S + 1]) === 0) return false;
    }
    this.events!.flood(L, pl, ph);
    const rl = this.events!.lo, rh = this.events!.hi;
    if ((ql & ~rl) !== 0 || (qh & ~rh) !== 0) return false;
    if (this.endSquare >= 0 && !this.events!.reachesLanding(this.endSquare)) return false;
    return popcountPair(rl, rh) >= wanted;
  }

  private orderBufs: Float64Array[] = [];
  private orderBuf(depth: number, n: number): Float64Array {
    let b = this.orderBufs[depth];
    if (!b || b.length < n) this.orderBufs[depth] = b = new Float64Array(Math.max(n, this.maxMoves));
    return b;
  }

  private markBuf: Int32Array[] = [];
  private marks(depth: number): Int32Array {
    let b = this.markBuf[depth];
    if (!b) this.markBuf[depth] = b = new Int32Array(this.n + 2);
    return b;
  }
}
