/**
 * Complete capture sequences of one locust among enemy men (booklet part II,
 * chapter 4, lines 4307-4318): every move captures, and a sequence is complete
 * when no man is left. The state is the locust's square and the set of men
 * still on the board, so this is a search over capture sequences, not over a
 * fixed graph: every capture changes which lines are open.
 *
 * countCaptureSequences counts complete sequences exactly (capped at `limit`).
 * It memoises the capped count of every finished state (locust square, men
 * left) in an open-addressing table keyed on the exact state: the number of
 * complete sequences from a state does not depend on how it was reached, and
 * min(limit, Σ min(limit, c_i)) = min(limit, Σ c_i), so capped child counts
 * give the exact capped total. A closed search (the locust must end on its
 * start square, lines 4315-4318) fixes the target for the whole search, so the
 * memo stays sound there too. When a callback lists the sequences the memo is
 * off (every sequence must be walked).
 */
import type { Square } from "../types.ts";
import { BLOCK, capturesInto, everCapturable, type LineTable, MAN } from "../pieces/locust.ts";

export interface CapturePosition {
  table: LineTable;
  start: Square;
  men: readonly Square[];
  /** Squares occupied by men the locust may not capture (none in the booklet's problems). */
  blockers?: readonly Square[];
}

export interface CountOptions {
  /** Stop counting at this many (default: no cap). */
  limit?: number;
  /** Count only sequences whose last landing square is the start square. */
  closed?: boolean;
  /** Give up after this many search nodes (result marked incomplete). */
  maxNodes?: number;
  /** Called for each complete sequence (captured squares and landing squares in order); return false to stop. */
  onSolution?: (captured: Int32Array, landed: Int32Array) => boolean | void;
  /** Memo slots (default 1 << 16; 0 disables the memo). */
  memoSlots?: number;
}

export interface CountResult {
  count: number;
  /** false when maxNodes stopped the search or the callback asked to stop. */
  complete: boolean;
  nodes: number;
}

export class CaptureError extends Error {
  override name = "CaptureError";
}

/** Reject impossible inputs (overlaps, squares off the board) with one clear message. */
export function checkPosition(p: CapturePosition): void {
  const size = p.table.board.size;
  const seen = new Set<number>();
  const all = [p.start, ...p.men, ...(p.blockers ?? [])];
  for (const sq of all) {
    if (!Number.isInteger(sq) || sq < 0 || sq >= size) throw new CaptureError(`square ${sq} is not on the board`);
    if (seen.has(sq)) throw new CaptureError(`square ${sq} is used twice (locust, men and blockers must be distinct)`);
    seen.add(sq);
  }
}

/**
 * A reusable searcher for one board and locust kind: buffers are allocated
 * once and reused by every position it counts.
 */
export class CaptureCounter {
  readonly t: LineTable;
  private occ: Uint8Array;
  private manIndex: Int32Array;
  private moveMan: Int32Array;
  private moveLand: Int32Array;
  private seqMan: Int32Array;
  private seqLand: Int32Array;
  private words = 1;
  private left: Uint32Array;
  // memo: slot -> [square, words..., count+1]; 0 in the count field = empty slot
  private memo: Int32Array;
  private memoSlots = 0;
  private memoStride = 0;
  private hashMan: Int32Array;
  private hashSq: Int32Array;
  private limit = Infinity;
  private closedTarget = -1;
  private maxNodes = Infinity;
  private onSolution: CountOptions["onSolution"];
  private stopped = false;
  nodes = 0;
  private useMemo = true;
  private menCount = 0;

  constructor(t: LineTable, memoSlots = 1 << 16) {
    this.t = t;
    const size = t.board.size;
    this.occ = new Uint8Array(size);
    this.manIndex = new Int32Array(size).fill(-1);
    this.moveMan = new Int32Array(0);
    this.moveLand = new Int32Array(0);
    this.seqMan = new Int32Array(0);
    this.seqLand = new Int32Array(0);
    this.left = new Uint32Array(1);
    this.memoSlots = memoSlots;
    this.memo = new Int32Array(0);
    // Fixed pseudo-random hash keys per square and per man index (xorshift, deterministic).
    let x = 0x9e3779b9 | 0;
    const next = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x;
    };
    this.hashSq = new Int32Array(size).map(() => next());
    this.hashMan = new Int32Array(Math.max(1, size)).map(() => next());
  }

  private ensure(m: number): void {
    const depth = m + 1;
    if (this.moveMan.length < depth * this.t.dirs) {
      this.moveMan = new Int32Array(depth * this.t.dirs);
      this.moveLand = new Int32Array(depth * this.t.dirs);
    }
    if (this.seqMan.length < m) {
      this.seqMan = new Int32Array(m);
      this.seqLand = new Int32Array(m);
    }
    const words = Math.max(1, Math.ceil(m / 32));
    this.words = words;
    if (this.left.length < words) this.left = new Uint32Array(words);
    const stride = words + 2;
    if (this.memoSlots > 0 && (this.memoStride !== stride || this.memo.length !== this.memoSlots * stride)) {
      this.memoStride = stride;
      this.memo = new Int32Array(this.memoSlots * stride);
    }
  }

  count(p: CapturePosition, opts: CountOptions = {}): CountResult {
    checkPosition(p);
    const m = p.men.length;
    this.ensure(m);
    const occ = this.occ;
    occ.fill(0);
    this.manIndex.fill(-1);
    this.left.fill(0);
    for (const b of p.blockers ?? []) occ[b] = BLOCK;
    for (let i = 0; i < m; i++) {
      occ[p.men[i]] = MAN;
      this.manIndex[p.men[i]] = i;
      this.left[i >>> 5] |= 1 << (i & 31);
    }
    this.menCount = m;
    this.limit = opts.limit ?? Infinity;
    this.closedTarget = opts.closed ? p.start : -1;
    this.maxNodes = opts.maxNodes ?? Infinity;
    this.onSolution = opts.onSolution;
    this.stopped = false;
    this.nodes = 0;
    this.useMemo = !opts.onSolution && (opts.memoSlots ?? this.memoSlots) > 0 && this.memoSlots > 0;
    if (this.useMemo) this.memo.fill(0);
    // A man with no line through it (no square on one side) can never be captured.
    for (const sq of p.men) {
      if (!everCapturable(this.t, sq)) return { count: 0, complete: true, nodes: 0 };
    }
    let h = this.hashSq[p.start];
    for (let i = 0; i < m; i++) h ^= this.hashMan[i];
    const c = this.search(p.start, m, 0, h);
    return { count: c, complete: !this.stopped, nodes: this.nodes };
  }

  private lookup(sq: number, h: number): number {
    const stride = this.memoStride;
    const slots = this.memoSlots;
    let slot = ((h ^ (h >>> 15)) >>> 0) % slots;
    for (let probe = 0; probe < 8; probe++) {
      const base = slot * stride;
      const cnt = this.memo[base + stride - 1];
      if (cnt === 0) return -1;
      if (this.memo[base] === sq) {
        let same = true;
        for (let w = 0; w < this.words; w++) {
          if ((this.memo[base + 1 + w] >>> 0) !== this.left[w]) {
            same = false;
            break;
          }
        }
        if (same) return cnt - 1;
      }
      slot = (slot + 1) % slots;
    }
    return -1;
  }

  private store(sq: number, h: number, count: number): void {
    const stride = this.memoStride;
    const slots = this.memoSlots;
    let slot = ((h ^ (h >>> 15)) >>> 0) % slots;
    for (let probe = 0; probe < 8; probe++) {
      const base = slot * stride;
      if (this.memo[base + stride - 1] === 0) {
        this.memo[base] = sq;
        for (let w = 0; w < this.words; w++) this.memo[base + 1 + w] = this.left[w] | 0;
        this.memo[base + stride - 1] = Math.min(count, 0x3fffffff) + 1;
        return;
      }
      slot = (slot + 1) % slots;
    }
    // Table region full: skip storing (the memo is only a cache).
  }

  private search(sq: number, left: number, depth: number, h: number): number {
    this.nodes++;
    if (left === 0) {
      if (this.closedTarget >= 0 && sq !== this.closedTarget) return 0;
      if (this.onSolution) {
        if (this.onSolution(this.seqMan.subarray(0, depth), this.seqLand.subarray(0, depth)) === false) this.stopped = true;
      }
      return 1;
    }
    if (this.nodes > this.maxNodes) {
      this.stopped = true;
      return 0;
    }
    if (this.useMemo && depth > 0) {
      const hit = this.lookup(sq, h);
      if (hit >= 0) return hit;
    }
    const dirs = this.t.dirs;
    const base = depth * dirs;
    const n = capturesInto(this.t, sq, this.occ, this.moveMan, this.moveLand, base);
    let total = 0;
    for (let k = 0; k < n; k++) {
      const man = this.moveMan[base + k];
      const land = this.moveLand[base + k];
      const idx = this.manIndex[man];
      this.occ[man] = 0;
      this.left[idx >>> 5] &= ~(1 << (idx & 31));
      this.seqMan[depth] = man;
      this.seqLand[depth] = land;
      const hh = h ^ this.hashSq[sq] ^ this.hashSq[land] ^ this.hashMan[idx];
      total += this.search(land, left - 1, depth + 1, hh);
      this.occ[man] = MAN;
      this.left[idx >>> 5] |= 1 << (idx & 31);
      if (this.stopped || total >= this.limit) break;
    }
    if (total > this.limit) total = this.limit;
    if (this.useMemo && depth > 0 && !this.stopped) this.store(sq, h, total);
    return total;
  }
}

const counters = new WeakMap<LineTable, CaptureCounter>();

/** Count complete capture sequences of the position (see CaptureCounter). */
export function countCaptureSequences(p: CapturePosition, opts: CountOptions = {}): CountResult {
  let c = counters.get(p.table);
  if (!c) counters.set(p.table, c = new CaptureCounter(p.table));
  return c.count(p, opts);
}

/** One complete sequence as [captured, landed] square lists, or null. */
export function findCaptureSequence(p: CapturePosition, closed = false): { captured: Square[]; landed: Square[] } | null {
  let found: { captured: Square[]; landed: Square[] } | null = null;
  countCaptureSequences(p, {
    closed,
    limit: 1,
    onSolution: (c, l) => {
      found = { captured: Array.from(c), landed: Array.from(l) };
      return false;
    },
  });
  return found;
}

/** Every complete sequence up to `max` of them. */
export function listCaptureSequences(p: CapturePosition, max: number, closed = false): { captured: Square[]; landed: Square[] }[] {
  const out: { captured: Square[]; landed: Square[] }[] = [];
  countCaptureSequences(p, {
    closed,
    onSolution: (c, l) => {
      out.push({ captured: Array.from(c), landed: Array.from(l) });
      return out.length < max;
    },
  });
  return out;
}

/**
 * Replay a claimed sequence: each entry is the landing square; returns the
 * captured squares, or an error message naming the first illegal move.
 */
export function replaySequence(p: CapturePosition, landed: readonly Square[]): { captured: Square[] } | { error: string; move: number } {
  checkPosition(p);
  const t = p.table;
  const occ = new Uint8Array(t.board.size);
  for (const b of p.blockers ?? []) occ[b] = BLOCK;
  for (const m of p.men) occ[m] = MAN;
  const manBuf = new Int32Array(t.dirs);
  const landBuf = new Int32Array(t.dirs);
  let at = p.start;
  const captured: Square[] = [];
  for (let i = 0; i < landed.length; i++) {
    const n = capturesInto(t, at, occ, manBuf, landBuf);
    let k = 0;
    while (k < n && landBuf[k] !== landed[i]) k++;
    if (k === n) return { error: `move ${i + 1} to square ${landed[i]} is not a capture of the locust`, move: i + 1 };
    occ[manBuf[k]] = 0;
    captured.push(manBuf[k]);
    at = landed[i];
  }
  return { captured };
}
