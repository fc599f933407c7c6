/**
 * Divide and conquer: knight's tours of any size in linear time (our own
 * construction, in the spirit of Conrad et al. 1994 and Parberry 1997, which the
 * thesis mentions at shared/sources/002 lines 783–790).
 *
 * The board is cut into blocks of side 5..10. Every
 * block gets a closed tour found by search once per block size (small.ts); on
 * an odd×odd board exactly one block is odd×odd and gets an open tour. The
 * blocks are then joined one by one along a snake order by an edge swap: take an
 * edge a1–a2 of the tour built so far near the border and an edge b1–b2 of the
 * next block's tour with a1–b1 and a2–b2 knight moves; remove both edges and
 * add a1–b1 and a2–b2. Two disjoint cycles so joined
 * make one cycle; a path and a cycle make one path. If no such pair exists the
 * next block is tried in its mirror images. Each join looks at a bounded strip,
 * so the whole construction is linear in the number of squares.
 *
 * Strips: 3×n closed tours come from strip3.ts, 3×n open ones are chained (each
 * block's open tour, exact engine, ends one knight move from the next block's
 * start), 4×n open ones come from Warnsdorff (see strip4Open).
 *
 * Every result is checked by check.ts before it is returned by finder.ts.
 */
import { makeBoard } from "../board/board.ts";
import { findHamiltonianPath } from "../hamiltonian/engine.ts";
import { conrad, schwenk } from "./theorem.ts";
import { leaperGraph } from "./graph.ts";
import { blockTour } from "./small.ts";
import { rotateExtend } from "./posa.ts";
import { strip3Cycle } from "./strip3.ts";
import { warnsdorff } from "./warnsdorff.ts";

export class TourError extends Error {
  override name = "TourError";
}

const KNIGHT: readonly [number, number] = [1, 2];
const KV: readonly (readonly [number, number])[] = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];

/** Split an even length ≥ 6 into even parts of 6, 8 or 10. */
export function splitEven(L: number): number[] {
  if (L < 6 || L % 2) throw new TourError(`cannot split ${L} into even parts of 6..10`);
  const q = Math.floor(L / 8);
  const r = L % 8;
  const parts = new Array<number>(q).fill(8);
  if (r === 2) parts[0] = 10;
  else if (r === 4) parts.splice(0, 1, 6, 6);
  else if (r === 6) parts.push(6);
  return parts;
}

/** Split a length ≥ 5 into parts of 5..10. */
export function splitAny(L: number): number[] {
  if (L < 5) throw new TourError(`cannot split ${L} into parts of 5..10`);
  const q = Math.floor(L / 8);
  const r = L % 8;
  const parts = new Array<number>(q).fill(8);
  if (r >= 5) parts.push(r);
  else if (r === 1) parts[0] = 9;
  else if (r === 2) parts.splice(0, 1, 5, 5);
  else if (r === 3) parts.splice(0, 1, 5, 6);
  else if (r === 4) parts.splice(0, 1, 6, 6);
  return parts;
}

/** Split an odd length ≥ 5 into one odd part (5, 7 or 9) first and even parts. */
export function splitOddOne(L: number): number[] {
  if (L < 5 || L % 2 === 0) throw new TourError(`cannot split ${L} into one odd part and even parts`);
  if (L <= 9) return [L];
  if (L === 11) return [5, 6];
  return [5, ...splitEven(L - 5)];
}

interface Frame {
  W: number;
  H: number;
  nb0: Int32Array;
  nb1: Int32Array;
}

function link(f: Frame, a: number, b: number): void {
  if (f.nb0[a] < 0) f.nb0[a] = b;
  else f.nb1[a] = b;
  if (f.nb0[b] < 0) f.nb0[b] = a;
  else f.nb1[b] = a;
}

function unlink(f: Frame, a: number, b: number): void {
  if (f.nb0[a] === b) f.nb0[a] = -1;
  else f.nb1[a] = -1;
  if (f.nb0[b] === a) f.nb0[b] = -1;
  else f.nb1[b] = -1;
}

interface Block {
  x0: number;
  y0: number;
  w: number;
  h: number;
  closed: boolean;
}

/** Lay the block's tour into the frame in mirror image `t` (bit 0: flip x, bit 1: flip y). */
function place(f: Frame, b: Block, local: Int32Array, t: number): void {
  const g = (li: number) => {
    let lx = li % b.w;
    let ly = (li - lx) / b.w;
    if (t & 1) lx = b.w - 1 - lx;
    if (t & 2) ly = b.h - 1 - ly;
    return b.x0 + lx + f.W * (b.y0 + ly);
  };
  for (let i = 1; i < local.length; i++) link(f, g(local[i - 1]), g(local[i]));
  if (b.closed && local.length > 2) link(f, g(local[local.length - 1]), g(local[0]));
}

function clear(f: Frame, b: Block): void {
  for (let y = b.y0; y < b.y0 + b.h; y++) {
    for (let x = b.x0; x < b.x0 + b.w; x++) {
      f.nb0[x + f.W * y] = -1;
      f.nb1[x + f.W * y] = -1;
    }
  }
}

const inside = (b: Block, x: number, y: number) => x >= b.x0 && x < b.x0 + b.w && y >= b.y0 && y < b.y0 + b.h;

/** Join block `next` (laid, untouched) to the tour through block `prev` by one edge swap; false when none fits. */
function join(f: Frame, prev: Block, next: Block): boolean {
  // Only squares of prev within 2 of next can reach it by a knight move: scan that strip.
  const xa = Math.max(prev.x0, next.x0 - 2);
  const xb = Math.min(prev.x0 + prev.w, next.x0 + next.w + 2);
  const ya = Math.max(prev.y0, next.y0 - 2);
  const yb = Math.min(prev.y0 + prev.h, next.y0 + next.h + 2);
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const a1 = x + f.W * y;
      for (const a2 of [f.nb0[a1], f.nb1[a1]]) {
        if (a2 < 0) continue;
        const x2 = a2 % f.W;
        const y2 = (a2 - x2) / f.W;
        for (const [dx, dy] of KV) {
          if (!inside(next, x + dx, y + dy)) continue;
          const b1 = a1 + dx + f.W * dy;
          for (const b2 of [f.nb0[b1], f.nb1[b1]]) {
            if (b2 < 0) continue;
            const bx = b2 % f.W;
            const ex = Math.abs(bx - x2);
            const ey = Math.abs((b2 - bx) / f.W - y2);
            if (!((ex === 1 && ey === 2) || (ex === 2 && ey === 1))) continue;
            unlink(f, a1, a2);
            unlink(f, b1, b2);
            link(f, a1, b1);
            link(f, a2, b2);
            return true;
          }
        }
      }
    }
  }
  return false;
}

/** Walk the frame's single cycle or path into a visiting order. */
function walk(f: Frame, closed: boolean, start: number): Int32Array {
  const n = f.W * f.H;
  let s = start;
  if (!closed || f.nb1[s] < 0 || f.nb0[s] < 0) {
    // A path: begin at an end (a square with a free slot).
    s = -1;
    for (let v = 0; v < n && s < 0; v++) if (f.nb0[v] < 0 || f.nb1[v] < 0) s = v;
    if (s < 0) s = start;
  }
  const order = new Int32Array(n);
  let prev = -1;
  let cur = s;
  for (let i = 0; i < n; i++) {
    order[i] = cur;
    const nx = f.nb0[cur] !== prev && f.nb0[cur] >= 0 ? f.nb0[cur] : f.nb1[cur];
    if (i < n - 1 && nx < 0) throw new TourError("internal: the joined tour broke apart");
    prev = cur;
    cur = nx;
  }
  return order;
}

function gridTour(W: number, H: number, cols: number[], rows: number[], pathBlock: boolean, closed: boolean, start: number): Int32Array {
  const f: Frame = { W, H, nb0: new Int32Array(W * H).fill(-1), nb1: new Int32Array(W * H).fill(-1) };
  const blocks: Block[] = [];
  let y0 = 0;
  rows.forEach((h, r) => {
    const xs: number[] = [];
    let x = 0;
    for (const w of cols) {
      xs.push(x);
      x += w;
    }
    const idx = cols.map((_, i) => i);
    if (r % 2) idx.reverse();
    for (const i of idx) blocks.push({ x0: xs[i], y0, w: cols[i], h, closed: true });
    y0 += h;
  });
  // The odd×odd block (first row, first column) is the one with an open tour.
  if (pathBlock) blocks[0].closed = false;
  blocks.forEach((b, k) => {
    const local = blockTour(b.w, b.h, KNIGHT, b.closed);
    if (!local) throw new TourError(`no ${b.closed ? "closed" : "open"} tour found for a ${b.w}x${b.h} block`);
    for (let t = 0; t < 4; t++) {
      place(f, b, local, t);
      if (k === 0 || join(f, blocks[k - 1], b)) return;
      clear(f, b);
    }
    throw new TourError(`could not join the ${b.w}x${b.h} block at ${b.x0},${b.y0}`);
  });
  return walk(f, closed && !pathBlock, start);
}

/** Chain of open block tours along a w×h strip (h = 3, w long): each block ends next to the next block's start. */
function chainTour(w: number, h: number): Int32Array {
  const parts = split3Open(w);
  const order: number[] = [];
  const memoFail = new Set<string>();
  const graphs = new Map<number, ReturnType<typeof leaperGraph>>();
  const g = (bw: number) => {
    if (!graphs.has(bw)) graphs.set(bw, leaperGraph(makeBoard([bw, h]), KNIGHT));
    return graphs.get(bw)!;
  };
  // Depth-first over the blocks; states (block, start) that failed are remembered.
  const go = (k: number, x0: number, starts: number[]): boolean => {
    const bw = parts[k];
    const last = k === parts.length - 1;
    for (const s of starts) {
      const key = `${k}:${s}`;
      if (memoFail.has(key)) continue;
      const ends = last ? [-1] : Array.from({ length: bw * h }, (_, i) => i).filter((i) => i % bw >= bw - 2);
      for (const e of ends) {
        const r = findHamiltonianPath(g(bw), e < 0 ? { start: s, maxNodes: 200_000 } : { start: s, end: e, maxNodes: 200_000 });
        if (!r.path) continue;
        const mark = order.length;
        for (const li of r.path) order.push(x0 + (li % bw) + w * Math.floor(li / bw));
        if (last) return true;
        // Next starts: knight moves from e landing in the next block (local coordinates there).
        const ex = e % bw;
        const ey = Math.floor(e / bw);
        const nexts: number[] = [];
        for (const [dx, dy] of KV) {
          const nx = ex + dx - bw;
          const ny = ey + dy;
          if (nx >= 0 && nx < parts[k + 1] && ny >= 0 && ny < h) nexts.push(nx + parts[k + 1] * ny);
        }
        if (go(k + 1, x0 + bw, nexts)) return true;
        order.length = mark;
      }
      memoFail.add(key);
    }
    return false;
  };
  if (!go(0, 0, Array.from({ length: parts[0] * h }, (_, i) => i))) throw new TourError(`no chained open tour found for ${w}x${h}`);
  return Int32Array.from(order);
}

/** Closed tours of 3×n (n even ≥ 10): end blocks and two-path middles (strip3.ts) from n = 40, search below. */
function strip3Closed(L: number): Int32Array {
  if (L >= 40) {
    const c = strip3Cycle(L);
    if (c) return c;
  }
  const g = leaperGraph(makeBoard([L, 3]), KNIGHT);
  for (let seed = 1; seed <= 50; seed++) {
    const r = rotateExtend(g, { closed: true, seed });
    if (r.path) return r.path;
  }
  throw new TourError(`no closed tour found for ${L}x3 by rotation`);
}

/**
 * Open tours of 4×n. A chain of 4-high blocks cannot work: outer-row squares
 * only touch inner-row ones, so an open tour of 4×n runs outer, inner, outer, ..
 * with exactly one pair of inner squares in a row, and every block would need
 * that pair (its outer squares have both colours). Warnsdorff's rule with Roth's
 * tie-break succeeds from a corner-near start on every 4×n we tried (5..1000,
 * tests/tour_divide_test.ts); other starts and rotation–extension back it up.
 */
function strip4Open(L: number): Int32Array {
  const b = makeBoard([L, 4]);
  const g = leaperGraph(b, KNIGHT);
  const n = 4 * L;
  for (const s of [4, 3, L + 4, 0, 1, 2, L, L + 1]) {
    if (s >= n) continue;
    const r = warnsdorff(b, g, { start: s, tieBreak: "roth" });
    if (r.length === n) return r.path;
  }
  for (let seed = 1; seed <= 20; seed++) {
    const r = rotateExtend(g, { seed });
    if (r.path) return r.path;
  }
  throw new TourError(`no open tour found for ${L}x4`);
}

/** 3-high open strips: parts 4, 7..14 (3×5 and 3×6 have no open tour). */
function split3Open(L: number): number[] {
  if (L === 4 || L >= 7 && L <= 14) return [L];
  const q = Math.floor(L / 8);
  const r = L % 8;
  const parts = new Array<number>(q).fill(8);
  if (r === 4 || r === 7) parts.push(r);
  else if (r > 0) parts[0] += r;
  return parts;
}

/** Map a tour of the transposed board (w = H, h = W) back to the W×H board. */
function transpose(order: Int32Array, W: number, H: number): Int32Array {
  // In the transposed frame, index = y + H * x for our square (x, y).
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const t = order[i];
    const tx = t % H;
    const ty = (t - tx) / H;
    out[i] = ty + W * tx;
  }
  return out;
}

/**
 * A knight's tour of the W×H board (square = x + W·y) by divide and conquer, in
 * time linear in W·H. Closed tours start at `start` (default 0). Throws
 * TourError when the theorems say no such tour exists.
 */
export function divideKnightTour(W: number, H: number, closed: boolean, start = 0): Int32Array {
  const verdict = closed ? schwenk(W, H) : conrad(W, H);
  if (!verdict.exists) throw new TourError(`no ${closed ? "closed" : "open"} knight's tour on ${W}x${H}: ${verdict.reason}`);
  if (W * H === 1) return Int32Array.of(0);
  const m = Math.min(W, H);
  if (m >= 5) {
    if (W % 2 === 0) return gridTour(W, H, splitEven(W), splitAny(H), false, closed, start);
    if (H % 2 === 0) return gridTour(W, H, splitAny(W), splitEven(H), false, closed, start);
    return gridTour(W, H, splitOddOne(W), splitOddOne(H), true, false, start);
  }
  // Strips: build with the long side as x, then transpose if needed.
  const long = Math.max(W, H);
  let order: Int32Array;
  if (closed) order = strip3Closed(long);
  else if (m === 3) order = chainTour(long, 3);
  else order = strip4Open(long);
  if (W < H) order = transpose(order, W, H);
  if (closed) {
    const i = order.indexOf(start);
    if (i > 0) order = Int32Array.from([...order.subarray(i), ...order.subarray(0, i)]);
  }
  return order;
}

/** Test hook: can a w1×3 block tour `a` be joined to a w2×3 block tour `b` (in mirror image t) on its right? */
export function _joinTest(a: Int32Array, w1: number, b: Int32Array, w2: number, t: number): boolean {
  const f: Frame = { W: w1 + w2, H: 3, nb0: new Int32Array((w1 + w2) * 3).fill(-1), nb1: new Int32Array((w1 + w2) * 3).fill(-1) };
  const A: Block = { x0: 0, y0: 0, w: w1, h: 3, closed: true };
  const B: Block = { x0: w1, y0: 0, w: w2, h: 3, closed: true };
  place(f, A, a, 0);
  place(f, B, b, t);
  return join(f, A, B);
}
