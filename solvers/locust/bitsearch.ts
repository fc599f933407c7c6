/**
 * A faster exact counter of complete capture sequences for boards of at most
 * 64 squares (the 8x8 locust and rook-locust proofs and searches). Same
 * semantics as CaptureCounter (capture.ts): counts complete sequences capped at
 * `limit`, optionally only those ending on the start square. The differences
 * are a bitboard state (men as two 32-bit words), a memo that survives
 * between calls (a state's capped count does not depend on how or from which
 * start it was reached), and the successor-flood test below, which cuts the
 * long dead searches of dense positions.
 *
 * Why the flood test never removes a real sequence. Let M1, ..., Mk be the men
 * in the order a complete sequence captures them from the current state, and
 * L0 the locust's square, Li its square after capturing Mi.
 *   (a) Mi is captured along some line i: the locust stands on that line,
 *       the landing square Li = Mi + v lies on the board and so does the square
 *       Mi - v it came through (or stood on). Hence Li ∈ land(Mi) := { Mi + v :
 *       Mi - v and Mi + v on the board }, a set that depends on geometry only.
 *   (b) Mi+1 lies on a line through Li with a square beyond it on that line, so
 *       Mi+1 ∈ from(Li) := squares of the rays from Li other than the last
 *       square of each ray. Also geometry only.
 * So M1 ∈ from(L0) and Mi+1 ∈ succ(Mi) := ∪_{L ∈ land(Mi)} from(L): every
 * remaining man is reached from from(L0) ∩ men by following succ within the
 * remaining men. If the flood misses a man, no complete sequence exists, and 0
 * is the exact count. For closed sequences, the last man Mk has Lk = S (the
 * start), so Mk ∈ close(S) := { S - v : S - 2v on the board } and at least one
 * remaining man must lie there (every remaining man is still to be captured,
 * and the last of them is one of them).
 * The counter runs the sharper, directed form of the same argument
 * (EventFlood below: the landing square follows from the direction of the
 * capture, so only rays from that one square continue the chain), and for a
 * closed sequence asks that a reached event land on S (the last capture
 * does). The undirected masks stay for the lazy search's budget test.
 * All tests read only the remaining men and the locust's square, so a state
 * they reject has count 0 whatever the history: storing that 0 in the memo is
 * exact too.
 *
 * Why the zone test never removes a real sequence (run at every state: a few
 * mask operations, where the flood pays off only near the end). Take a zone Z
 * of squares (we use the faces of the board: the squares of one edge row or
 * file). A capture event (M, d) lands on M + v_d, and the locust stood on
 * some square of the backward ray from M (direction -d): it may pass empty
 * squares first, so any of them.
 *   need(Z)  := squares M every one of whose events (M, d) has its whole
 *               backward ray inside Z (so M is captured only by a locust that
 *               stands in Z; a man with no event at all is in need(Z) too, and
 *               such a position has no sequence anyway),
 *   entry(Z) := squares M with some event (M, d) landing in Z whose backward
 *               ray has a square outside Z.
 * Suppose the locust stands on L outside Z, and some remaining man M lies in
 * need(Z). In a complete sequence M is captured, by a locust standing in Z.
 * The locust's square changes only by captures, each moving it to the landing
 * square; so some capture takes it from a square outside Z to one inside Z:
 * an event (M', d) landing in Z with the locust on its backward ray outside
 * Z, i.e. M' ∈ entry(Z), and M' is still on the board now (it is captured
 * later). Hence: men ∩ need(Z) ≠ ∅, L ∉ Z and men ∩ entry(Z) = ∅ give count
 * 0, open or closed. For the rook-locust and the bottom edge: need = the
 * bottom row (an edge man is taken only along its edge, Lemma B of
 * edge-space.ts), entry = the second row (taken downwards). The test is geometry
 * plus the current state only, like the flood.
 *
 * Why the reach test never removes a real sequence (the flood with blockers;
 * it decides almost every start of the edge-method spaces at its root). Run
 * the capture events optimistically: a set X of men taken out and a set R of
 * squares the locust has stood on, starting from X = ∅, R = {L}. An event
 * (M, d) fires when some square of R sees M along direction d with every
 * square between them empty or in X (the locust slides over them), M is a
 * man of the state (in X already or not: a man may be taken by any of its
 * events, so each of them must be allowed to fire and add its landing
 * square), and the square beyond M is on the board and empty or in X;
 * firing puts M into X and that square into R. Conditions only get easier as
 * X and R grow, so firing in any order reaches one fixpoint (X*, R*).
 * Claim: every event of a complete sequence from the state fires, so every
 * man is in X*. Induction along the sequence: before its i-th capture the men
 * taken are M1..Mi-1 (in X* by induction) and the locust stands on Li-1 (in
 * R*: L0 = L, and Li-1 is the landing square of a fired event). In the real
 * position the squares between Li-1 and Mi are empty, i.e. empty from the
 * start or among M1..Mi-1, so empty or in X*; the landing square likewise;
 * Mi is a man. So (Mi, d) fires at the fixpoint. Hence X* short of all the
 * remaining men means count 0; with a fixed final square S (closed: S = the
 * start) the last capture lands on S, so some fired event must land there
 * too. The test reads the locust's square, the men and S only, so the 0 it
 * gives is a property of the state and may be stored in the memo. It implies
 * the flood's and the zone test's conclusions up to blockers (the flood
 * ignores them; here a man is not jumped over, nor landed on, until it is
 * taken out). It costs a few microseconds a state against 0.1-0.2 us a node:
 * on the rook-locust 39 space it cuts the nodes about 3x but nearly triples
 * the CPU (bench/locust.json, rookLocust39Engine2.rulesTried.reachTest), so
 * the edge-method prover leaves it off (EdgeRules.reachFrom switches it on).
 */
import type { LineTable } from "../pieces/locust.ts";
import { oppositeDirs } from "../pieces/locust.ts";
import { popcountPair } from "../lib/bits.ts";

export interface BitCountOptions {
  limit?: number;
  closed?: boolean;
  /**
   * Count only sequences whose last landing square is this one (closed is
   * the case end = start). The closed-sequence argument of the header holds
   * for any fixed final square S, so the same tests apply with S = end.
   */
  end?: number;
  maxNodes?: number;
  /** Switch the flood test off (for differential tests and measurement). */
  noFlood?: boolean;
  /** Switch the zone test off (for differential tests and measurement). */
  noZones?: boolean;
  /**
   * Run the flood test only at states with at most this many men (default:
   * all). Each test is exact on its own, so testing fewer states removes no
   * sequence; it trades pruning for time (the flood of a dense state costs
   * more than the subtrees it cuts, measured in bench/locust.json).
   */
  floodBelow?: number;
  /**
   * Run the blocker-aware reach test (header) at states with at least this
   * many men left (0: every state; default: never). Exact at every state, so
   * the threshold only trades pruning for time.
   */
  reachFrom?: number;
}

export interface BitCountResult {
  count: number;
  complete: boolean;
  nodes: number;
}

export interface CaptureMasks {
  /** lo/hi words per square: from(L), succ(M), close(S) of the header. */
  from: Int32Array;
  succ: Int32Array;
  close: Int32Array;
}

/** The geometric masks of the flood test (header), for boards of at most 64 squares. */
export function captureMasks(t: LineTable): CaptureMasks {
  const size = t.board.size;
  if (size > 64) throw new Error("capture masks need a board of at most 64 squares");
  const dirs = t.dirs;
  const opp = oppositeDirs(t);
  const from = new Int32Array(2 * size), succ = new Int32Array(2 * size), close = new Int32Array(2 * size);
  const set = (arr: Int32Array, at: number, sq: number) => {
    if (sq < 32) arr[2 * at] |= 1 << sq;
    else arr[2 * at + 1] |= 1 << (sq - 32);
  };
  const len = (sq: number, i: number) => t.off[sq * dirs + i + 1] - t.off[sq * dirs + i];
  const first = (sq: number, i: number) => t.ray[t.off[sq * dirs + i]];
  for (let s = 0; s < size; s++) {
    for (let i = 0; i < dirs; i++) {
      const a = t.off[s * dirs + i], b = t.off[s * dirs + i + 1];
      for (let p = a; p < b - 1; p++) set(from, s, t.ray[p]);
      if (len(s, i) >= 2) set(close, s, first(s, i));
    }
  }
  for (let m = 0; m < size; m++) {
    for (let i = 0; i < dirs; i++) {
      if (len(m, i) === 0 || len(m, opp[i]) === 0) continue;
      const l = first(m, i);
      succ[2 * m] |= from[2 * l];
      succ[2 * m + 1] |= from[2 * l + 1];
    }
  }
  return { from, succ, close };
}

/**
 * The directed version of the flood test. A capture is an event (M, d): the
 * man on M taken moving in direction d, landing on M + v_d. The first event
 * of a sequence has M on the ray from the locust's square L in direction d,
 * not its last square (the landing square must exist); the event after
 * (M, d) has its man on a ray from M + v_d in the same way. Blockers and
 * order are ignored, so the set of events reached from L within the men that
 * may still be captured contains every event of every complete sequence:
 * a man that is in no reached event is never captured.
 */
export class EventFlood {
  readonly dirs: number;
  /** rayNL[(L*dirs+d)*2 + {0,1}]: squares of the ray from L in direction d except its last. */
  private rayNL: Int32Array;
  private land: Int32Array;
  private manBefore: Int32Array;
  private reach: Int32Array;
  private front: Int32Array;
  private acc: Int32Array;
  /** Reached men after flood(): lo and hi words. */
  lo = 0;
  hi = 0;

  constructor(t: LineTable) {
    const size = t.board.size;
    if (size > 64) throw new Error("the event flood needs a board of at most 64 squares");
    const dirs = this.dirs = t.dirs;
    const opp = oppositeDirs(t);
    this.rayNL = new Int32Array(size * dirs * 2);
    this.land = new Int32Array(size * dirs).fill(-1);
    for (let s = 0; s < size; s++) {
      for (let d = 0; d < dirs; d++) {
        const a = t.off[s * dirs + d], b = t.off[s * dirs + d + 1];
        for (let p = a; p < b - 1; p++) {
          const q = t.ray[p];
          if (q < 32) this.rayNL[(s * dirs + d) * 2] |= 1 << q;
          else this.rayNL[(s * dirs + d) * 2 + 1] |= 1 << (q - 32);
        }
        const o = t.off[s * dirs + opp[d]], ob = t.off[s * dirs + opp[d] + 1];
        if (b > a && ob > o) this.land[s * dirs + d] = t.ray[a];
      }
    }
    // manBefore[S*dirs+d]: the man M with M + v_d = S whose event (M, d) exists, or -1
    this.manBefore = new Int32Array(size * dirs).fill(-1);
    for (let m = 0; m < size; m++) {
      for (let d = 0; d < dirs; d++) if (this.land[m * dirs + d] >= 0) this.manBefore[this.land[m * dirs + d] * dirs + d] = m;
    }
    this.reach = new Int32Array(dirs * 2);
    this.front = new Int32Array(dirs * 2);
    this.acc = new Int32Array(dirs * 2);
  }

  /** Flood from the locust on L within the men pl/ph; the reached men land in this.lo/this.hi. */
  flood(L: number, pl: number, ph: number): void {
    const dirs = this.dirs, rayNL = this.rayNL, land = this.land;
    const reach = this.reach, front = this.front, acc = this.acc;
    let any = 0;
    for (let d = 0; d < dirs; d++) {
      const l = pl & rayNL[(L * dirs + d) * 2], h = ph & rayNL[(L * dirs + d) * 2 + 1];
      reach[2 * d] = front[2 * d] = l;
      reach[2 * d + 1] = front[2 * d + 1] = h;
      any |= l | h;
    }
    while (any !== 0) {
      acc.fill(0);
      for (let d = 0; d < dirs; d++) {
        for (let w = 0; w < 2; w++) {
          let f = front[2 * d + w];
          while (f !== 0) {
            const b = f & -f;
            const m = 31 - Math.clz32(b) + 32 * w;
            f ^= b;
            const Lp = land[m * dirs + d];
            if (Lp < 0) continue;
            const o = Lp * dirs * 2;
            for (let d2 = 0; d2 < 2 * dirs; d2++) acc[d2] |= rayNL[o + d2];
          }
        }
      }
      any = 0;
      for (let d = 0; d < dirs; d++) {
        const l = pl & acc[2 * d] & ~reach[2 * d], h = ph & acc[2 * d + 1] & ~reach[2 * d + 1];
        front[2 * d] = l;
        front[2 * d + 1] = h;
        reach[2 * d] |= l;
        reach[2 * d + 1] |= h;
        any |= l | h;
      }
    }
    let lo = 0, hi = 0;
    for (let d = 0; d < dirs; d++) {
      lo |= reach[2 * d];
      hi |= reach[2 * d + 1];
    }
    this.lo = lo;
    this.hi = hi;
  }

  /** After flood(): is an event landing on S among those reached (the last capture of a closed sequence is one)? */
  reachesLanding(S: number): boolean {
    const dirs = this.dirs;
    for (let d = 0; d < dirs; d++) {
      const M = this.manBefore[S * dirs + d];
      if (M < 0) continue;
      if (((M < 32 ? this.reach[2 * d] >>> M : this.reach[2 * d + 1] >>> (M - 32)) & 1) !== 0) return true;
    }
    return false;
  }
}

export interface ZoneMasks {
  /** Per zone z: in[z], need[z], entry[z] as lo/hi pairs at [2z], [2z+1]. */
  count: number;
  inZ: Int32Array;
  need: Int32Array;
  entry: Int32Array;
}

/**
 * The zones of the zone test (header): the 2·dims faces of the board, each
 * kept only when it can cut (need(Z) and Z differ from the empty set, entry(Z)
 * is not the whole board).
 */
export function zoneMasks(t: LineTable): ZoneMasks {
  const b = t.board, size = b.size, dirs = t.dirs;
  if (size > 64) throw new Error("zone masks need a board of at most 64 squares");
  const opp = oppositeDirs(t);
  const inZ: number[] = [], need: number[] = [], entry: number[] = [];
  const bit = (arr: number[], z: number, sq: number) => {
    if (sq < 32) arr[2 * z] |= 1 << sq;
    else arr[2 * z + 1] |= 1 << (sq - 32);
  };
  let count = 0;
  for (let k = 0; k < b.dims.length; k++) {
    for (const face of [0, b.dims[k] - 1]) {
      const zone = new Uint8Array(size);
      for (let q = 0; q < size; q++) if (Math.floor(q / b.strides[k]) % b.dims[k] === face) zone[q] = 1;
      const z = count;
      inZ.push(0, 0), need.push(0, 0), entry.push(0, 0);
      for (let q = 0; q < size; q++) if (zone[q]) bit(inZ, z, q);
      for (let m = 0; m < size; m++) {
        let allInside = true;
        for (let d = 0; d < dirs; d++) {
          const a = t.off[m * dirs + d], e = t.off[m * dirs + d + 1];
          const oa = t.off[m * dirs + opp[d]], oe = t.off[m * dirs + opp[d] + 1];
          if (e === a || oe === oa) continue; // no event (M, d)
          let outside = false;
          for (let p = oa; p < oe; p++) if (!zone[t.ray[p]]) outside = true;
          if (outside) allInside = false;
          if (zone[t.ray[a]] && outside) bit(entry, z, m);
        }
        if (allInside) bit(need, z, m);
      }
      count++;
    }
  }
  return { count, inZ: Int32Array.from(inZ), need: Int32Array.from(need), entry: Int32Array.from(entry) };
}

/** Largest count the memo keeps as such (a larger one is kept as "at least MEMO_MAX"). */
const MEMO_MAX = 1 << 23;

/**
 * The memo is shared by calls with different limits: an entry holds either
 * the exact count c (when c was below the searching call's limit: the search
 * then went through every child, each also below the limit and exact) or a
 * lower bound v = the old limit (c >= v). A call with limit l reads min(l, c)
 * from an exact entry, and l from a bound entry when l <= v; any other lookup
 * misses and searches. So min(l, c) is returned exactly whatever limits
 * filled the memo (the prover alternates limit 2 open and limit 1 closed).
 *
 * Layout: buckets of 4 entries of 4 words (64 bytes, one cache line), an entry
 * men lo, men hi, key = L | (target+1) << 7 | stamp << 14, value = count << 7 |
 * men left << 1 | exact bit. A state is looked up in its bucket only; a full
 * bucket gives up the entry with the fewest men left (the smallest subtree to
 * search again). Optionally two tables: states with at least `split` men left
 * in the main one, the others (most of the nodes, small subtrees) in a small
 * "near" one that stays in the processor's caches. The memo is a cache: which
 * table holds a state, and what it drops, cost time, never a count.
 * Measured on the rook-locust 39 space (bench/locust.json): with one table of
 * 2^20 entries (16 MB) most of a node's time went to cache and TLB misses; a
 * near table of 2^16 entries (1 MB) below 25 men left runs ~1.5x faster for
 * ~20% more nodes.
 */
export class BitCaptureCounter {
  readonly t: LineTable;
  readonly size: number;
  private occ: Uint8Array;
  /** Static masks as lo/hi pairs per square. */
  private from: Int32Array;
  private succ: Int32Array;
  private close: Int32Array;
  private moveMan: Int32Array;
  private moveLand: Int32Array;
  /**
   * One entry per slot, 4 words side by side (one cache line read per probe):
   * men lo, men hi, key = L | (target+1) << 7 | stamp << 14, value (see store).
   */
  private memo: Int32Array;
  private memoMask: number;
  /** The second table, for states with fewer than `split` men left (see the memo's comment). */
  private near: Int32Array;
  private nearMask: number;
  private split: number;
  private stamp = 1;
  private lo = 0;
  private hi = 0;
  private limit = Infinity;
  private target = -1;
  private maxNodes = Infinity;
  private flood = true;
  private floodBelow = 64;
  private events: EventFlood;
  private zones: ZoneMasks;
  private useZones = true;
  private stopped = false;
  private reachFrom = Infinity;
  /** The reach test's scratch: removed men and reached squares (stamped), the reached list. */
  private xMark: Int32Array;
  private rMark: Int32Array;
  private rList: Int32Array;
  private reachStamp = 0;
  nodes = 0;
  /** States the reach test ruled out (kept across calls; for tests and measurement). */
  reachCuts = 0;
  /** States the zone test ruled out (kept across calls; for tests and measurement). */
  zoneCuts = 0;

  /** memoBits: the main table's entries (a power of two); near: the optional second table (see the memo's comment). */
  constructor(t: LineTable, memoBits = 20, near: { bits: number; split: number } | null = null) {
    if (t.board.size > 64) throw new Error("BitCaptureCounter needs a board of at most 64 squares");
    this.t = t;
    const size = this.size = t.board.size;
    const dirs = t.dirs;
    this.occ = new Uint8Array(size);
    const masks = captureMasks(t);
    this.from = masks.from;
    this.succ = masks.succ;
    this.close = masks.close;
    this.events = new EventFlood(t);
    this.zones = zoneMasks(t);
    this.xMark = new Int32Array(size);
    this.rMark = new Int32Array(size);
    this.rList = new Int32Array(size);
    this.moveMan = new Int32Array((size + 1) * dirs);
    this.moveLand = new Int32Array((size + 1) * dirs);
    if (memoBits < 2) throw new Error("the memo needs at least 2 bits (one bucket of 4 entries)");
    const slots = 1 << memoBits;
    this.memoMask = (slots - 1) & ~3;
    this.memo = new Int32Array(slots * 4);
    if (near && near.bits < 2) throw new Error("the near memo needs at least 2 bits (one bucket of 4 entries)");
    this.split = near ? near.split : 0;
    this.nearMask = near ? ((1 << near.bits) - 1) & ~3 : 0;
    this.near = new Int32Array(near ? 4 << near.bits : 0);
  }

  /** Forget every stored count. */
  resetMemo(): void {
    this.stamp++;
    if (this.stamp >= 1 << 17) {
      this.memo.fill(0);
      this.near.fill(0);
      this.stamp = 1;
    }
  }

  count(start: number, men: ArrayLike<number>, opts: BitCountOptions = {}): BitCountResult {
    const size = this.size;
    this.occ.fill(0);
    this.lo = 0;
    this.hi = 0;
    for (let i = 0; i < men.length; i++) {
      const m = men[i];
      if (!(m >= 0 && m < size) || this.occ[m] || m === start) throw new Error(`bad man square ${m}`);
      this.occ[m] = 1;
      if (m < 32) this.lo |= 1 << m;
      else this.hi |= 1 << (m - 32);
    }
    const limit = opts.limit ?? Infinity;
    this.limit = limit;
    this.target = opts.end ?? (opts.closed ? start : -1);
    this.maxNodes = opts.maxNodes ?? Infinity;
    this.flood = !opts.noFlood;
    this.useZones = !opts.noZones;
    this.floodBelow = opts.floodBelow ?? 64;
    this.reachFrom = opts.reachFrom ?? Infinity;
    this.stopped = false;
    this.nodes = 0;
    // counts stored before a stop are exact (a stopped node and its ancestors store nothing)
    const c = this.search(start, men.length, 0);
    return { count: Math.min(c, limit), complete: !this.stopped, nodes: this.nodes };
  }

  /** True when the flood test (see the header) cannot rule the state out. */
  private floodOk(L: number): boolean {
    const lo = this.lo, hi = this.hi;
    if (this.target >= 0 && (lo & this.close[2 * this.target]) === 0 && (hi & this.close[2 * this.target + 1]) === 0) return false;
    this.events.flood(L, lo, hi);
    if (this.events.lo !== lo || this.events.hi !== hi) return false;
    return this.target < 0 || this.events.reachesLanding(this.target);
  }

  /** False when the zone test (see the header) proves the state dead. */
  private zonesOk(L: number): boolean {
    const z = this.zones, lo = this.lo, hi = this.hi;
    const Lw = L < 32 ? 0 : 1, Lb = 1 << (L & 31);
    for (let i = 0; i < z.count; i++) {
      if ((z.inZ[2 * i + Lw] & Lb) !== 0) continue;
      if ((lo & z.need[2 * i]) === 0 && (hi & z.need[2 * i + 1]) === 0) continue;
      if ((lo & z.entry[2 * i]) === 0 && (hi & z.entry[2 * i + 1]) === 0) {
        this.zoneCuts++;
        return false;
      }
    }
    return true;
  }

  /**
   * The reach test (header): the fixpoint of capture events with blockers
   * read optimistically. False when some man is never removed, or (a final
   * square fixed) no event lands on it: the state is dead.
   */
  private reachOk(L: number, left: number): boolean {
    const t = this.t, dirs = t.dirs, off = t.off, ray = t.ray, occ = this.occ;
    if (++this.reachStamp >= 0x7fffffff) {
      this.xMark.fill(0);
      this.rMark.fill(0);
      this.reachStamp = 1;
    }
    const stamp = this.reachStamp, xMark = this.xMark, rMark = this.rMark, rList = this.rList;
    const target = this.target;
    let landed = target < 0, removed = 0, nR = 1, changed = true;
    rList[0] = L;
    rMark[L] = stamp;
    while (changed) {
      changed = false;
      for (let i = 0; i < nR; i++) {
        const o = rList[i] * dirs;
        for (let d = 0; d < dirs; d++) {
          const end = off[o + d + 1];
          for (let p = off[o + d]; p < end; p++) {
            const q = ray[p];
            if (occ[q] === 0) continue;
            // a man: its event fires whether or not another event already took it out
            const out = xMark[q] === stamp;
            if (p + 1 < end) {
              const l = ray[p + 1];
              if (occ[l] === 0 || xMark[l] === stamp) {
                if (!out) {
                  xMark[q] = stamp;
                  removed++;
                  changed = true;
                }
                if (rMark[l] !== stamp) {
                  rMark[l] = stamp;
                  rList[nR++] = l;
                  changed = true;
                }
                if (l === target) landed = true;
                if (removed === left && landed) return true;
              }
            }
            // slide on over a man taken out, stop at one still standing
            if (!out) break;
          }
        }
      }
    }
    this.reachCuts++;
    return false;
  }

  private hashOf(L: number): number {
    const h = Math.imul(
      this.lo ^ Math.imul(this.hi, 0x9e3779b1) ^ Math.imul(L + 1, 0x85ebca6b) ^ Math.imul(this.target + 2, 0x27d4eb2f),
      0xc2b2ae35,
    );
    return h ^ (h >>> 15);
  }

  private lookup(L: number, left: number): number {
    const key = L | ((this.target + 1) << 7) | (this.stamp << 14);
    const far = left >= this.split;
    const memo = far ? this.memo : this.near;
    const b0 = (this.hashOf(L) & (far ? this.memoMask : this.nearMask)) * 4;
    for (let b = b0; b < b0 + 16; b += 4) {
      if (memo[b + 2] === key && memo[b] === this.lo && memo[b + 1] === this.hi) {
        // value v, exact bit: exact means v is the count; otherwise the count is at least v
        const e = memo[b + 3];
        const v = e >>> 7;
        if (e & 1) return Math.min(v, this.limit);
        return this.limit <= v ? this.limit : -1;
      }
    }
    return -1;
  }

  private store(L: number, left: number, count: number): void {
    const key = L | ((this.target + 1) << 7) | (this.stamp << 14);
    const far = left >= this.split;
    const memo = far ? this.memo : this.near;
    const b0 = (this.hashOf(L) & (far ? this.memoMask : this.nearMask)) * 4;
    // a stale entry (older stamp) if any, else the one with the fewest men left
    let at = b0, least = 1 << 30;
    for (let b = b0; b < b0 + 16; b += 4) {
      if ((memo[b + 2] >>> 14) !== this.stamp) {
        at = b;
        break;
      }
      const l = (memo[b + 3] >>> 1) & 63;
      if (l < least) {
        least = l;
        at = b;
      }
    }
    memo[at] = this.lo;
    memo[at + 1] = this.hi;
    memo[at + 2] = key;
    // exact when below the cap it was searched with (every child then returned its exact count)
    const exact = count < this.limit && count < MEMO_MAX;
    memo[at + 3] = (Math.min(count, MEMO_MAX) << 7) | ((left & 63) << 1) | (exact ? 1 : 0);
  }

  private search(L: number, left: number, depth: number): number {
    this.nodes++;
    if (left === 0) return this.target < 0 || L === this.target ? 1 : 0;
    if (this.nodes > this.maxNodes) {
      this.stopped = true;
      return 0;
    }
    const t = this.t;
    const dirs = t.dirs;
    const off = t.off, ray = t.ray, occ = this.occ;
    const base = depth * dirs;
    let n = 0;
    const o = L * dirs;
    for (let i = 0; i < dirs; i++) {
      const end = off[o + i + 1];
      for (let p = off[o + i]; p < end; p++) {
        const sq = ray[p];
        if (occ[sq] === 0) continue;
        if (p + 1 < end && occ[ray[p + 1]] === 0) {
          this.moveMan[base + n] = sq;
          this.moveLand[base + n] = ray[p + 1];
          n++;
        }
        break;
      }
    }
    // No capture: count 0 with no memo traffic (the moves cost less than a lookup and a store).
    if (n === 0) return 0;
    // A fixed final square S: the last man captured lies in close(S) (header), so one must remain. Two mask
    // tests at every state, where the flood runs only near the end (it opens with the same test).
    const T = this.target;
    if (T >= 0 && (this.lo & this.close[2 * T]) === 0 && (this.hi & this.close[2 * T + 1]) === 0) return 0;
    // One capture only: the count is the child's, and the child is looked up and stored itself, so the
    // memo is skipped here (a hit found here is found one node later; less memory traffic: paired runs
    // on the rook-locust 39 space, bench/locust.json, 1.3x less CPU for ~8% more nodes).
    const single = n === 1;
    const hit = single ? -1 : this.lookup(L, left);
    if (hit >= 0) return hit;
    if (
      (this.useZones && !this.zonesOk(L)) || (left >= this.reachFrom && !this.reachOk(L, left)) ||
      (this.flood && left <= this.floodBelow && !this.floodOk(L))
    ) {
      if (!single) this.store(L, left, 0);
      return 0;
    }
    let total = 0;
    for (let k = 0; k < n; k++) {
      const m = this.moveMan[base + k];
      occ[m] = 0;
      if (m < 32) this.lo ^= 1 << m;
      else this.hi ^= 1 << (m - 32);
      total += this.search(this.moveLand[base + k], left - 1, depth + 1);
      occ[m] = 1;
      if (m < 32) this.lo ^= 1 << m;
      else this.hi ^= 1 << (m - 32);
      if (this.stopped || total >= this.limit) break;
    }
    if (total > this.limit) total = this.limit;
    if (!this.stopped && !single) this.store(L, left, total);
    return total;
  }

  /** Number of men in a lo/hi pair (exported for callers that keep bitboards). */
  static popcount(lo: number, hi: number): number {
    return popcountPair(lo, hi);
  }
}
