/**
 * Witness scan for the locust and rook-locust table cells: every placement of
 * m men on an even n×n board that the edge method's lemmas allow
 * (edge-space.ts: A corners empty, B no two neighbouring men on an edge, C for
 * the rook-locust no full 2x2 square), with a fixed start square and, as a
 * generator's restriction only, some squares fixed to hold a man or to be
 * empty. Each placement is decided exactly by the counter (bitsearch.ts): any
 * complete sequence (longest), exactly one (dual-free), exactly one and it
 * returns to the start (dual-free closed).
 *
 * Why the lemmas only narrow, never miss: a position with a complete sequence
 * satisfies A, B and C (proofs in edge-space.ts). Counting by region, every
 * edge (n-2 squares) holds at most ceil((n-2)/2) men, and for the rook-locust
 * each of the aligned 2x2 squares of the interior at most 3; the locust's
 * interior is unconstrained. A position with m men therefore falls short of
 * the regions' maxima by a total "deficit" of exactly max - m, which the scan
 * distributes over the regions in every way: so it enumerates exactly the
 * positions satisfying A, B, C (and the fixed squares) with m men.
 *
 * The fixed squares are not lemmas: a cell scanned with them and without a hit
 * says only that this restricted space has none (the record's note names the
 * restriction). Found positions are verified from scratch like every witness.
 */
import { capturesInto, lineTable } from "../pieces/locust.ts";
import { makeBoard } from "../board/board.ts";
import { BitCaptureCounter } from "./bitsearch.ts";
import { seededRandom } from "../random.ts";
import { type EdgeKind, edgeSquares, FLOOD_BELOW, pathIndependentSets } from "./edge-space.ts";
import { popcount32 } from "../lib/bits.ts";

export type ScanWant = "longest" | "dual-free" | "dual-free-closed";

export interface ScanSpec {
  kind: EdgeKind;
  n: number;
  men: number;
  start: number;
  want: ScanWant;
  /** Squares that must hold a man / must be empty (generator restriction). */
  fixedMen?: readonly number[];
  fixedEmpty?: readonly number[];
  /**
   * Generator restriction: only positions with a sequence that opens with
   * this capture (man, landing square) and ends on `end`; the position is then
   * counted in full, so a hit is decided on all its sequences.
   */
  firstMove?: { man: number; land: number };
  end?: number;
}

export interface ScanProgress {
  /** Placements enumerated (lemmas and fixed squares satisfied) and decided by the counter. */
  placements: number;
  /** Of which with a complete sequence, with exactly one, with a closed one. */
  withSequence: number;
  unique: number;
  closed: number;
  nodes: number;
}

export interface ScanResult extends ScanProgress {
  hit: { start: number; men: number[] } | null;
  /** false when the callback or maxPlacements stopped the scan. */
  complete: boolean;
}

interface Region {
  squares: number[];
  /** Fillings as bitmasks over `squares`, grouped by deficit (max - men). */
  byDeficit: number[][];
}

/** The regions of the scan with their allowed fillings (fixed squares applied). */
function regions(s: ScanSpec): { regions: Region[]; interiorFree: number[]; interiorFixedEmpty: number[]; max: number } {
  const { n, kind } = s;
  const sq = (x: number, y: number) => y * n + x;
  const isMan = new Uint8Array(n * n), isEmpty = new Uint8Array(n * n);
  for (const q of s.fixedMen ?? []) isMan[q] = 1;
  for (const q of s.fixedEmpty ?? []) isEmpty[q] = 1;
  // an opening capture needs its man on the board and its landing square empty
  if (s.firstMove) {
    isMan[s.firstMove.man] = 1;
    isEmpty[s.firstMove.land] = 1;
  }
  isEmpty[s.start] = 1;
  for (let q = 0; q < n * n; q++) if (isMan[q] && isEmpty[q]) throw new Error(`square ${q} is fixed both as a man and empty`);
  for (const c of [sq(0, 0), sq(n - 1, 0), sq(0, n - 1), sq(n - 1, n - 1)]) {
    if (isMan[c]) throw new Error("a corner never holds a man (Lemma A)");
  }
  const allowed = (squares: number[], mask: number) => squares.every((q, i) => ((mask >> i) & 1 ? !isEmpty[q] : !isMan[q]));
  const out: Region[] = [];
  const k = n - 2, edgeMax = Math.ceil(k / 2);
  const edges = edgeSquares(n);
  const sets = pathIndependentSets(k);
  for (const e of edges) {
    const byDeficit: number[][] = Array.from({ length: edgeMax + 1 }, () => []);
    for (const m of sets) if (allowed(e, m)) byDeficit[edgeMax - popcount32(m)].push(m);
    out.push({ squares: e, byDeficit });
  }
  let max = 4 * edgeMax;
  const interiorFree: number[] = [];
  const interiorFixedEmpty: number[] = [];
  if (kind === "rook-locust") {
    for (let by = 1; by < n - 1; by += 2) {
      for (let bx = 1; bx < n - 1; bx += 2) {
        const b = [sq(bx, by), sq(bx + 1, by), sq(bx, by + 1), sq(bx + 1, by + 1)];
        const byDeficit: number[][] = [[], [], [], [], []];
        for (let m = 0; m < 15; m++) if (allowed(b, m)) byDeficit[3 - popcount32(m)].push(m);
        out.push({ squares: b, byDeficit });
        max += 3;
      }
    }
  } else {
    for (let y = 1; y < n - 1; y++) {
      for (let x = 1; x < n - 1; x++) {
        const q = sq(x, y);
        if (isEmpty[q]) interiorFixedEmpty.push(q);
        else if (!isMan[q]) interiorFree.push(q);
      }
    }
    max += (n - 2) ** 2;
  }
  return { regions: out, interiorFree, interiorFixedEmpty, max };
}

/** Number of placements the scan enumerates before Lemma C across aligned squares (rook-locust) — its size to report. */
export function scanSize(s: ScanSpec): number {
  const r = regions(s);
  const deficit = r.max - s.men;
  if (deficit < 0) return 0;
  // ways[d] = fillings of the regions so far with total deficit d
  let ways = new Float64Array(deficit + 1);
  ways[0] = 1;
  for (const g of r.regions) {
    const next = new Float64Array(deficit + 1);
    for (let d = 0; d <= deficit; d++) {
      if (!ways[d]) continue;
      for (let e = 0; d + e <= deficit && e < g.byDeficit.length; e++) next[d + e] += ways[d] * g.byDeficit[e].length;
    }
    ways = next;
  }
  if (s.kind === "rook-locust") return ways[deficit];
  let total = 0;
  for (let d = 0; d <= deficit; d++) {
    const holes = deficit - d - r.interiorFixedEmpty.length;
    if (holes >= 0) total += ways[d] * binom(r.interiorFree.length, holes);
  }
  return total;
}

function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = r * (n - i) / (i + 1);
  return Math.round(r);
}

/**
 * Enumerate the scan's placements in a fixed order and decide each; stops at
 * the first hit, after maxPlacements, or when onProgress returns false
 * (called every `every` placements).
 */
export function scanWitness(
  s: ScanSpec,
  opts: {
    maxPlacements?: number;
    onProgress?: (p: ScanProgress) => boolean | void;
    every?: number;
    memoBits?: number;
    /** Called with each placement's men before it is decided (tests). */
    visit?: (men: readonly number[]) => void;
    /** Only enumerate (visit) the placements, deciding none (tests). */
    enumerateOnly?: boolean;
    /** The counter's flood threshold (default FLOOD_BELOW, the prover's). */
    floodBelow?: number;
    /**
     * Random draws instead of the enumeration: each draw picks one allowed
     * filling per region at random (and random interior holes), so the
     * placements decided come from the whole space rather than the start of
     * its order; draws that break Lemma C or miss the count are dropped
     * (placements counts only the decided ones). Not exhaustive.
     */
    sample?: { seed: number; draws: number };
    /**
     * Resume: placements before index from.placements in the scan's order are
     * enumerated but not decided (their counts come from `from`), so an
     * interrupted scan continued this way decides exactly the placements, in
     * the same order, that one uninterrupted scan would. Not with `sample`.
     */
    from?: ScanProgress;
  } = {},
): ScanResult {
  const { n } = s;
  const size = n * n;
  if (size > 64) throw new Error("the scan's counter needs a board of at most 64 squares");
  const r = regions(s);
  const deficit = r.max - s.men;
  if (opts.from && opts.sample) throw new Error("a scan of random draws cannot be resumed");
  const f0 = opts.from;
  const skip = f0?.placements ?? 0;
  const res: ScanResult = {
    placements: 0,
    withSequence: f0?.withSequence ?? 0,
    unique: f0?.unique ?? 0,
    closed: f0?.closed ?? 0,
    nodes: f0?.nodes ?? 0,
    hit: null,
    complete: true,
  };
  if (deficit < 0) return res;
  const t = lineTable(makeBoard([n, n]), s.kind);
  const counter = new BitCaptureCounter(t, opts.memoBits ?? 20);
  const occ = new Uint8Array(size);
  const fixedInteriorMen = [...(s.fixedMen ?? []), ...(s.firstMove ? [s.firstMove.man] : [])]
    .filter((q) => r.regions.every((g) => !g.squares.includes(q)));
  const moveMan = new Int32Array(t.dirs), moveLand = new Int32Array(t.dirs);
  for (const q of fixedInteriorMen) occ[q] = 1;
  const every = opts.every ?? 10000;
  const floodBelow = opts.floodBelow ?? FLOOD_BELOW;
  const maxPlacements = opts.maxPlacements ?? Infinity;
  const men: number[] = [];
  let stop = false;
  // Lemma C across aligned squares: the 2x2 squares of the interior completed when block k is placed.
  const checksAt: number[][] = r.regions.map(() => []);
  if (s.kind === "rook-locust") {
    const blockOf = new Int32Array(size).fill(-1);
    r.regions.forEach((g, i) => {
      if (i >= 4) { for (const q of g.squares) blockOf[q] = i; }
    });
    for (let y = 1; y < n - 2; y++) {
      for (let x = 1; x < n - 2; x++) {
        const q = y * n + x;
        const last = Math.max(blockOf[q], blockOf[q + 1], blockOf[q + n], blockOf[q + n + 1]);
        checksAt[last].push(q);
      }
    }
  }
  const decide = (): void => {
    if (res.placements < skip) {
      // decided in an earlier run: counted there
      res.placements++;
      return;
    }
    men.length = 0;
    for (let q = 0; q < size; q++) if (occ[q]) men.push(q);
    res.placements++;
    opts.visit?.(men);
    if (opts.enumerateOnly) return;
    let hit = false;
    if (s.firstMove || s.end !== undefined) {
      // the restricted sequence exists: from the first landing square with the first man gone, or from the start
      const fm = s.firstMove;
      if (fm) {
        // the opening capture must be a legal move of this placement (the squares before its man empty)
        const k = capturesInto(t, s.start, occ, moveMan, moveLand);
        let legal = false;
        for (let i = 0; i < k; i++) if (moveMan[i] === fm.man && moveLand[i] === fm.land) legal = true;
        if (!legal) return finish(false);
      }
      const rest = fm ? men.filter((q) => q !== fm.man) : men;
      const from = fm ? fm.land : s.start;
      const end = s.end ?? (s.want === "dual-free-closed" ? s.start : undefined);
      const f = counter.count(from, rest, { limit: 1, ...(end !== undefined ? { end } : {}), floodBelow });
      res.nodes += f.nodes;
      if (f.count === 0) return finish(false);
    }
    if (s.want === "dual-free-closed") {
      const c = counter.count(s.start, men, { limit: 1, closed: true, floodBelow });
      res.nodes += c.nodes;
      if (c.count > 0) {
        res.closed++;
        const u = counter.count(s.start, men, { limit: 2, floodBelow });
        res.nodes += u.nodes;
        res.withSequence++;
        if (u.count === 1) res.unique++;
        hit = u.count === 1;
      }
    } else {
      const c = counter.count(s.start, men, { limit: s.want === "longest" ? 1 : 2, floodBelow });
      res.nodes += c.nodes;
      if (c.count > 0) res.withSequence++;
      if (c.count === 1 && s.want === "dual-free") res.unique++;
      hit = s.want === "longest" ? c.count > 0 : c.count === 1;
    }
    finish(hit);
  };
  const finish = (hit: boolean): void => {
    if (hit) {
      res.hit = { start: s.start, men: [...men] };
      stop = true;
    }
    if (res.placements >= maxPlacements) {
      stop = true;
      res.complete = res.hit !== null;
    }
    if (!stop && opts.onProgress && res.placements % every === 0 && opts.onProgress(res) === false) {
      stop = true;
      res.complete = false;
    }
  };
  const random = seededRandom(opts.sample?.seed ?? 1);
  const interiorHoles = (left: number): void => {
    // locust: `left` deficit goes to holes among the free interior squares (fixed-empty ones are holes already)
    const holes = left - r.interiorFixedEmpty.length;
    const free = r.interiorFree;
    if (holes < 0 || holes > free.length) return;
    for (const q of free) occ[q] = 1;
    if (opts.sample) {
      const pool = [...free];
      for (let i = 0; i < holes; i++) {
        const j = i + Math.floor(random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j], pool[i]];
        occ[pool[i]] = 0;
      }
      decide();
      for (const q of free) occ[q] = 0;
      return;
    }
    const pick = new Int32Array(holes);
    const rec = (i: number, from: number): void => {
      if (stop) return;
      if (i === holes) {
        decide();
        return;
      }
      for (let j = from; j <= free.length - (holes - i); j++) {
        occ[free[j]] = 0;
        pick[i] = j;
        rec(i + 1, j + 1);
        occ[free[j]] = 1;
        if (stop) return;
      }
    };
    rec(0, 0);
    for (const q of free) occ[q] = 0;
  };
  const place = (k: number, left: number): void => {
    if (stop) return;
    if (k === r.regions.length) {
      if (s.kind === "rook-locust") {
        if (left === 0) decide();
      } else interiorHoles(left);
      return;
    }
    const g = r.regions[k];
    if (opts.sample) {
      let options = 0;
      for (let d = 0; d <= left && d < g.byDeficit.length; d++) options += g.byDeficit[d].length;
      let pick = Math.floor(random() * options);
      for (let d = 0; d <= left && d < g.byDeficit.length; d++) {
        if (pick >= g.byDeficit[d].length) {
          pick -= g.byDeficit[d].length;
          continue;
        }
        const mask = g.byDeficit[d][pick];
        for (let i = 0; i < g.squares.length; i++) occ[g.squares[i]] = (mask >> i) & 1;
        let full = false;
        for (const q of checksAt[k]) if (occ[q] && occ[q + 1] && occ[q + n] && occ[q + n + 1]) full = true;
        if (!full) place(k + 1, left - d);
        break;
      }
      for (const q of g.squares) occ[q] = 0;
      return;
    }
    for (let d = 0; d <= left && d < g.byDeficit.length; d++) {
      for (const mask of g.byDeficit[d]) {
        for (let i = 0; i < g.squares.length; i++) occ[g.squares[i]] = (mask >> i) & 1;
        let full = false;
        for (const q of checksAt[k]) if (occ[q] && occ[q + 1] && occ[q + n] && occ[q + n + 1]) full = true;
        if (!full) place(k + 1, left - d);
        if (stop) break;
      }
      if (stop) break;
    }
    for (const q of g.squares) occ[q] = 0;
  };
  if (opts.sample) {
    for (let i = 0; i < opts.sample.draws && !stop; i++) place(0, deficit);
    if (!res.hit) res.complete = false;
  } else place(0, deficit);
  return res;
}
