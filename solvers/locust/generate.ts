/**
 * Exhaustive generation of locust positions by adding captured men, the
 * booklet's method for the bishop- and nightrider-locust (line 4455-4456:
 * "generating positions by successively adding the captured men").
 *
 * A position is (locust square, set of men). Let S_k be every position with k
 * men that has at least one complete capture sequence, and D_k those with
 * exactly one. Both are closed under "play the first move": after the first
 * capture of a complete sequence the rest is a complete sequence of a position
 * with k-1 men, and if that position had a second complete sequence, putting
 * the same first move before it would give the k-man position a second one.
 * So S_{k+1} is exactly the set of predecessors of S_k, and D_{k+1} is the set
 * of predecessors of D_k that have exactly one complete sequence. Generating
 * level by level from the empty board is therefore exhaustive: the longest
 * record is the last nonempty S_k, the dual-free record the last nonempty D_k,
 * and the closed dual-free record the last D_k holding a position whose
 * unique sequence ends on its own start square (we carry the end square).
 *
 * Predecessors of (L, R): the last move captured a man on M = the square next
 * to L in some direction -v (M empty now) coming from any square F further
 * along -v with every square strictly between M and F empty (the locust may
 * run before it jumps) and F itself empty. Then (F, R ∪ {M}) reaches (L, R) by
 * capturing M, and every capture that ends on L is of this form.
 *
 * Positions are reduced to a canonical representative under the board's
 * symmetries (board/symmetry.ts): every locust line set is invariant under
 * them, so counts and sequences map one-to-one. Sets are two 32-bit words, so
 * the board may have at most 64 squares.
 */
import type { Board } from "../types.ts";
import { symmetries } from "../board/symmetry.ts";
import { type LineTable, oppositeDirs } from "../pieces/locust.ts";
import { CaptureCounter } from "./capture.ts";

/** Open-addressing set of positions: (lo, hi, square, end); resizes by doubling. */
export class PositionSet {
  private keys: Int32Array;
  private cap: number;
  size = 0;
  constructor(initial = 1 << 12) {
    this.cap = initial;
    this.keys = new Int32Array(initial * 4).fill(-1);
  }
  private slotOf(lo: number, hi: number, sq: number, keys: Int32Array, cap: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ Math.imul(sq + 1, 0x85ebca6b), 0xc2b2ae35);
    h ^= h >>> 16;
    let slot = (h >>> 0) & (cap - 1);
    for (;;) {
      const b = slot * 4;
      if (keys[b + 2] === -1) return slot;
      if (keys[b] === lo && keys[b + 1] === hi && keys[b + 2] === sq) return slot;
      slot = (slot + 1) & (cap - 1);
    }
  }
  /** Adds the position; returns false when it was there already. */
  add(lo: number, hi: number, sq: number, end: number): boolean {
    if ((this.size + 1) * 2 > this.cap) this.grow();
    const slot = this.slotOf(lo, hi, sq, this.keys, this.cap);
    const b = slot * 4;
    if (this.keys[b + 2] !== -1) return false;
    this.keys[b] = lo;
    this.keys[b + 1] = hi;
    this.keys[b + 2] = sq;
    this.keys[b + 3] = end;
    this.size++;
    return true;
  }
  has(lo: number, hi: number, sq: number): boolean {
    const slot = this.slotOf(lo, hi, sq, this.keys, this.cap);
    return this.keys[slot * 4 + 2] !== -1;
  }
  private grow(): void {
    const cap = this.cap * 2;
    const keys = new Int32Array(cap * 4).fill(-1);
    for (let s = 0; s < this.cap; s++) {
      const b = s * 4;
      if (this.keys[b + 2] === -1) continue;
      const t = this.slotOf(this.keys[b], this.keys[b + 1], this.keys[b + 2], keys, cap) * 4;
      keys.set(this.keys.subarray(b, b + 4), t);
    }
    this.keys = keys;
    this.cap = cap;
  }
  forEach(fn: (lo: number, hi: number, sq: number, end: number) => void): void {
    for (let s = 0; s < this.cap; s++) {
      const b = s * 4;
      if (this.keys[b + 2] !== -1) fn(this.keys[b], this.keys[b + 1], this.keys[b + 2], this.keys[b + 3]);
    }
  }
}

function bit(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) === 1 : ((hi >>> (sq - 32)) & 1) === 1;
}

export interface LevelStats {
  men: number;
  positions: number;
  /** Of which the unique sequence returns to the start (dual-free generation only). */
  closed: number;
}

export interface GenerationResult {
  levels: LevelStats[];
  /** A representative position of the last nonempty level, and of the last level with a closed one. */
  last: { start: number; men: number[]; end: number } | null;
  lastClosed: { start: number; men: number[]; end: number } | null;
  /** false when maxPositions stopped the generation. */
  complete: boolean;
  seconds: number;
}

export interface GenerationOptions {
  /** "dual-free": D_k (exactly one complete sequence); "any": S_k. */
  mode: "dual-free" | "any";
  /** Stop when a level would hold more than this many positions. */
  maxPositions?: number;
  /** Stop after this many men. */
  maxMen?: number;
  onLevel?: (s: LevelStats) => void;
  /** Called with every position of every level (canonical under the board's symmetries), after its level is complete. */
  onPosition?: (p: { men: number[]; start: number; end: number }) => void;
  now?: () => number;
}

/** Canonical (lo, hi, sq, end) under the board symmetries, written into out. */
function canonical(maps: Int32Array[], lo: number, hi: number, sq: number, end: number, size: number, out: Int32Array): void {
  let bLo = 0, bHi = 0, bSq = -1, bEnd = -1;
  for (const map of maps) {
    let l = 0, h = 0;
    for (let s = 0; s < size; s++) {
      if (!bit(lo, hi, s)) continue;
      const t = map[s];
      if (t < 32) l |= 1 << t;
      else h |= 1 << (t - 32);
    }
    const q = map[sq];
    const better = bSq < 0 || q < bSq || (q === bSq && ((h >>> 0) < (bHi >>> 0) || (h === bHi && (l >>> 0) < (bLo >>> 0))));
    if (better) {
      bLo = l;
      bHi = h;
      bSq = q;
      bEnd = map[end];
    }
  }
  out[0] = bLo;
  out[1] = bHi;
  out[2] = bSq;
  out[3] = bEnd;
}

export function generateLevels(t: LineTable, opts: GenerationOptions): GenerationResult {
  const board: Board = t.board;
  const size = board.size;
  if (size > 64) throw new Error("position generation needs a board of at most 64 squares");
  const now = opts.now ?? (() => Date.now());
  const t0 = now();
  const maps = symmetries(board).map((s) => s.map);
  const opp = oppositeDirs(t);
  const counter = new CaptureCounter(t, 1 << 12);
  const tmp = new Int32Array(4);
  let level = new PositionSet();
  // S_0 = D_0: the locust alone, on any square (canonical squares only).
  for (let s = 0; s < size; s++) {
    canonical(maps, 0, 0, s, s, size, tmp);
    level.add(tmp[0], tmp[1], tmp[2], tmp[3]);
  }
  const levels: LevelStats[] = [{ men: 0, positions: level.size, closed: level.size }];
  let last: GenerationResult["last"] = null;
  let lastClosed: GenerationResult["lastClosed"] = null;
  const menOf = (lo: number, hi: number) => {
    const m: number[] = [];
    for (let s = 0; s < size; s++) if (bit(lo, hi, s)) m.push(s);
    return m;
  };
  let complete = true;
  const menBuf: number[] = [];
  for (let k = 1;; k++) {
    if (opts.maxMen !== undefined && k > opts.maxMen) break;
    const next = new PositionSet();
    const seen = new PositionSet();
    let closed = 0;
    let overflow = false;
    level.forEach((lo, hi, L, end) => {
      if (overflow) return;
      for (let i = 0; i < t.dirs; i++) {
        const j = opp[i];
        const o = L * t.dirs + j;
        const a = t.off[o], b = t.off[o + 1];
        if (a === b) continue;
        const M = t.ray[a];
        if (bit(lo, hi, M)) continue;
        const nlo = M < 32 ? lo | (1 << M) : lo;
        const nhi = M < 32 ? hi : hi | (1 << (M - 32));
        const o2 = M * t.dirs + j;
        for (let p = t.off[o2]; p < t.off[o2 + 1]; p++) {
          const F = t.ray[p];
          if (bit(lo, hi, F)) break;
          canonical(maps, nlo, nhi, F, end, size, tmp);
          if (opts.mode === "any") {
            next.add(tmp[0], tmp[1], tmp[2], tmp[3]);
          } else {
            if (!seen.add(tmp[0], tmp[1], tmp[2], 0)) continue;
            menBuf.length = 0;
            for (let s = 0; s < size; s++) if (bit(tmp[0], tmp[1], s)) menBuf.push(s);
            const c = counter.count({ table: t, start: tmp[2], men: menBuf }, { limit: 2 });
            if (c.count !== 1) continue;
            next.add(tmp[0], tmp[1], tmp[2], tmp[3]);
            if (tmp[3] === tmp[2]) closed++;
          }
          if (opts.maxPositions !== undefined && next.size > opts.maxPositions) {
            overflow = true;
            return;
          }
        }
      }
    });
    if (overflow) {
      complete = false;
      break;
    }
    if (next.size === 0) break;
    const stats: LevelStats = { men: k, positions: next.size, closed };
    levels.push(stats);
    opts.onLevel?.(stats);
    let rep: GenerationResult["last"] = null;
    let repClosed: GenerationResult["last"] = null;
    next.forEach((lo, hi, sq, end) => {
      opts.onPosition?.({ men: menOf(lo, hi), start: sq, end });
      if (!rep) rep = { start: sq, men: menOf(lo, hi), end };
      if (!repClosed && end === sq) repClosed = { start: sq, men: menOf(lo, hi), end };
    });
    last = rep;
    if (repClosed && opts.mode === "dual-free") lastClosed = repClosed;
    level = next;
  }
  return { levels, last, lastClosed, complete, seconds: (now() - t0) / 1000 };
}
