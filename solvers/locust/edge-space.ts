/**
 * The booklet's combinatorial method for the locust and the rook-locust on an
 * n×n board (part II, chapter 4, lines 4413-4453): instead of all placements
 * of m men, only those that survive three exact lemmas are searched.
 *
 * Lemma A (corners; lines 4425-4426). A man on a corner is never captured:
 *   every queen or rook line through a corner ends there, so there is no square
 *   beyond it to land on.
 * Lemma B (edges; lines 4426-4429). No two men stand on neighbouring squares
 *   of an edge. A man on an edge square can only be captured along that edge:
 *   on any other line through it, one of its two neighbours on the line is off
 *   the board (either the locust's approach side or its landing square). Along
 *   the edge the locust lands on, or passes over, the neighbour on the far
 *   side, which therefore must already be empty. With two neighbouring edge
 *   men, each needs the other captured first: impossible. So every edge
 *   (its n-2 non-corner squares) carries an independent set of a path: on 8x8
 *   at most 3 men, in exactly 4 ways when it has 3 (01010100, 01010010,
 *   01001010, 00101010, line 4429).
 * Lemma C (rook-locust only; lines 4437-4441). No 2x2 square is full of men.
 *   Along rook lines a man of the square can only be captured once one of its
 *   two neighbours inside the square is gone (the locust lands on it or runs
 *   over it, as in Lemma B); the first of the four to go has no such neighbour
 *   gone. (The queen-locust can capture diagonally, so this lemma is not used
 *   for it.) Hence each of the 9 disjoint 2x2 squares of the 6x6 interior holds
 *   at most 3 men, and a rook-locust captures at most 12 + 27 = 39 men on 8x8,
 *   the bound (n-2)(3n+2)/4 of line 4449.
 * Lemma M (monotonicity; the booklet's "it sufficed to show there is no path of
 *   46 moves (or longer)", lines 4431-4432). If a position with m+1 men has a
 *   complete capture sequence, the position after its first capture has m men
 *   and one too. So "no position with exactly m men" rules out every longer one.
 *
 * The booklet counts 4^4 · C(36,2) = 161 280 cases for 46 locust captures
 * (line 4435), which takes all four edges full (3 men each). Lemma B allows
 * 10 or 11 edge men with 35 or 36 interior men too (a locust may start on an
 * edge square); we search those classes as well, so our space is larger than
 * the booklet's (264 576 placements; see spaceSize). For the rook-locust at the
 * bound 39 every edge holds exactly 3 and every interior 2x2 square exactly 3:
 * 4^4 · 4^9 = 67 108 864 placements (line 4442), from which those with some
 * other full 2x2 square (not one of the 9 aligned ones) are dropped by Lemma C.
 *
 * Below the maximum (the locust with 45 men, a witness run rather than a
 * proof of impossibility). Lemmas A and B are necessary conditions on any
 * position with a complete capture sequence, whatever the number of men: their
 * arguments above never use the count. So the locust space for m men (every
 * edge an independent set of its n-2 squares, corners empty, the other
 * m - e men anywhere in the interior) holds every position of m men with a
 * complete sequence, a dual-free one or a closed dual-free one. Only the
 * number of interior holes h = (n-2)^2 - (m - e) changes: on 8x8 with 45 men
 * the edges carry e = 9..12 men and the interior 36 - (e - 9) (the "slack" of
 * one man against 46 spreads over the classes e = 9, 10, 11, 12 with 0, 1, 2,
 * 3 holes; 3,869,312 placements). The locust may start on any empty square,
 * edge or interior, so every empty square is tried. Nothing else is assumed;
 * tests/locust/locust_edge_space_test.ts checks on 4x4 (every position, every m) and
 * 6x6 that no orbit with a sequence is missed and each is tested once. In the
 * closed-unique mode one pass decides both dual-free columns: the open count
 * capped at 2 gives the positions with exactly one sequence (`unique`, the
 * dual-free column), and among those the closed test gives the hits.
 *
 * Every placement is tested with every empty square as the locust's start.
 * Placements are taken only in canonical form under the 8 symmetries of the
 * square: the space is closed under them (an edge pattern reflects to an
 * independent set with the same number of men; aligned 2x2 squares map to
 * aligned ones), and capture sequences map to capture sequences.
 */
import { makeBoard } from "../board/board.ts";
import { symmetries } from "../board/symmetry.ts";
import type { Board } from "../types.ts";
import { binomial, colexUnrank } from "../proof/combinations.ts";
import { lineTable } from "../pieces/locust.ts";
import { BitCaptureCounter } from "./bitsearch.ts";
import { popcount32 } from "../lib/bits.ts";

export type EdgeKind = "locust" | "rook-locust";
/** "exists": does any complete sequence exist; "closed-unique": exactly one, ending on its start. */
export type EdgeMode = "exists" | "closed-unique";

/** Independent sets of a path of k squares, as bitmasks. */
export function pathIndependentSets(k: number): number[] {
  const out: number[] = [];
  for (let mask = 0; mask < 1 << k; mask++) if ((mask & (mask >> 1)) === 0) out.push(mask);
  return out;
}

/** The non-corner squares of the four edges of an n×n board, each edge in order (bottom, top, left, right). */
export function edgeSquares(n: number): number[][] {
  const sq = (x: number, y: number) => y * n + x;
  const edges: number[][] = [[], [], [], []];
  for (let i = 1; i < n - 1; i++) {
    edges[0].push(sq(i, 0));
    edges[1].push(sq(i, n - 1));
    edges[2].push(sq(0, i));
    edges[3].push(sq(n - 1, i));
  }
  return edges;
}

export interface EdgeSpace {
  kind: EdgeKind;
  n: number;
  men: number;
  board: Board;
  /** Edge squares of each edge in order (n-2 each), and the interior squares. */
  edges: number[][];
  interior: number[];
  /** Edge configurations: one mask per edge. */
  edgeConfigs: Int32Array[];
  /** For the locust: holes in the interior per edge configuration, and the prefix sums of C(interior, holes). */
  holes: Int32Array;
  prefix: Float64Array;
  /** For the rook-locust: the aligned 2x2 interior squares (4 squares each). */
  blocks: number[][];
  total: number;
}

export function spaceSize(s: EdgeSpace): number {
  return s.total;
}

export function buildEdgeSpace(kind: EdgeKind, n: number, men: number): EdgeSpace {
  if (n < 4 || n % 2 !== 0) throw new Error("the edge method is set up for even n >= 4");
  const board = makeBoard([n, n]);
  const sq = (x: number, y: number) => y * n + x;
  const edges = edgeSquares(n);
  const interior: number[] = [];
  for (let y = 1; y < n - 1; y++) for (let x = 1; x < n - 1; x++) interior.push(sq(x, y));
  const sets = pathIndependentSets(n - 2);
  const edgeConfigs: Int32Array[] = [];
  const holesList: number[] = [];
  const blocks: number[][] = [];
  for (let by = 1; by < n - 1; by += 2) {
    for (let bx = 1; bx < n - 1; bx += 2) blocks.push([sq(bx, by), sq(bx + 1, by), sq(bx, by + 1), sq(bx + 1, by + 1)]);
  }
  const inner = interior.length;
  const maxEdge = 4 * Math.ceil((n - 2) / 2);
  if (kind === "rook-locust" && men !== maxEdge + 3 * blocks.length) {
    throw new Error(`the rook-locust space is built for the bound ${maxEdge + 3 * blocks.length} only`);
  }
  for (const a of sets) {
    for (const b of sets) {
      for (const c of sets) {
        for (const d of sets) {
          const e = popcount32(a) + popcount32(b) + popcount32(c) + popcount32(d);
          if (kind === "rook-locust") {
            if (e !== maxEdge) continue;
          } else {
            const h = inner - (men - e);
            if (h < 0 || h > inner) continue;
            holesList.push(h);
          }
          edgeConfigs.push(Int32Array.of(a, b, c, d));
        }
      }
    }
  }
  const holes = Int32Array.from(holesList);
  const prefix = new Float64Array(edgeConfigs.length + 1);
  for (let i = 0; i < edgeConfigs.length; i++) {
    prefix[i + 1] = prefix[i] + (kind === "rook-locust" ? 4 ** blocks.length : binomial(inner, holes[i]));
  }
  return { kind, n, men, board, edges, interior, edgeConfigs, holes, prefix, blocks, total: prefix[edgeConfigs.length] };
}

/** Writes placement `index` into occ (1 = man), returns false if Lemma C drops it (rook-locust). */
export function placementAt(s: EdgeSpace, index: number, occ: Uint8Array, comb: Int32Array): boolean {
  occ.fill(0);
  // binary search for the edge configuration
  let lo = 0, hi = s.edgeConfigs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.prefix[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  const cfg = s.edgeConfigs[lo];
  let r = index - s.prefix[lo];
  for (let e = 0; e < 4; e++) {
    const sqs = s.edges[e];
    for (let i = 0; i < sqs.length; i++) if ((cfg[e] >> i) & 1) occ[sqs[i]] = 1;
  }
  if (s.kind === "locust") {
    const h = s.holes[lo];
    for (const q of s.interior) occ[q] = 1;
    colexUnrank(r, h, s.interior.length, comb);
    for (let i = 0; i < h; i++) occ[s.interior[comb[i]]] = 0;
    return true;
  }
  // rook-locust: base-4 digit per aligned block = which of its 4 squares is empty
  for (const b of s.blocks) {
    const digit = r % 4;
    r = Math.floor(r / 4);
    for (let i = 0; i < 4; i++) if (i !== digit) occ[b[i]] = 1;
  }
  // Lemma C on every 2x2 square of the interior (aligned ones hold 3 by construction).
  const n = s.n;
  for (let y = 1; y < n - 2; y++) {
    for (let x = 1; x < n - 2; x++) {
      const q = y * n + x;
      if (occ[q] && occ[q + 1] && occ[q + n] && occ[q + n + 1]) return false;
    }
  }
  return true;
}

/** Men left below which the counter runs its flood test (measured best of 5, 8, 14, 64 and none on the rook-locust 39 space). */
export const FLOOD_BELOW = 8;
/** The counter's memo: main table, near table and the men left that separate them (bitsearch.ts). */
export interface MemoLayout {
  bits: number;
  near?: { bits: number; split: number };
}

/**
 * 2^20 entries (16 MB) for states with at least 25 men left, 2^16 (1 MB) for
 * the others. With one 2^20 table most of a node's time was the memo's cache
 * and TLB misses; paired runs on the rook-locust 39 space (bench/locust.json)
 * put this layout ~1.2-1.7x ahead for ~10-20% more nodes (near 2^15-2^17 and
 * split 22-31 measured; 2^16 and 25 were best or within noise of the best).
 */
export const EDGE_MEMO: MemoLayout = { bits: 20, near: { bits: 16, split: 25 } };

/**
 * Counter rules an EdgeRunner can switch on; the prover runs without them.
 * Both are exact (bitsearch.ts, tested against brute force) and both cost more
 * than they save once a node is cheap (the two-table memo), measured on the
 * rook-locust 39 space (bench/locust.json): the zone test cuts ~1% of the
 * nodes for ~10-20% more CPU; the reach test cuts the nodes 3x for ~2.5x the CPU.
 */
export interface EdgeRules {
  zones?: boolean;
  /** Run the reach test at states with at least this many men left. */
  reachFrom?: number;
}

export interface EdgeShardCounts {
  placements: number;
  droppedByLemmaC: number;
  skippedBySymmetry: number;
  tested: number;
  starts: number;
  nodes: number;
  hits: number;
  firstHit: { index: number; start: number; men: number[] } | null;
  /** closed-unique runs: starts with a complete sequence, with exactly one, and the first of each. */
  withSequence?: number;
  unique?: number;
  firstSequence?: { index: number; start: number; men: number[] };
  firstUnique?: { index: number; start: number; men: number[] };
}

/**
 * Tests placements of one space with one exact counter (bitsearch.ts) whose
 * memo is kept for the whole run: a state's capped count depends on the state
 * only, so counts stored for one placement or start are valid for every other.
 *
 * "closed-unique" asks whether exactly one complete sequence exists and it
 * returns to the start: the total count capped at 2 is 1, and then the closed
 * search finds a closed sequence (it is that one). The open count goes first
 * because its memo entries serve every start of the placement (the closed
 * search's depend on the start); measured 1.85x faster than closed-first.
 */
export class EdgeRunner {
  readonly space: EdgeSpace;
  readonly mode: EdgeMode;
  private counter: BitCaptureCounter;
  private maps: Int32Array[];
  private occ: Uint8Array;
  private comb: Int32Array;
  private men: number[] = [];
  /** Options of every count: the flood, and the rules switched on (EdgeRules). */
  private opts: { floodBelow: number; noZones: boolean; reachFrom?: number };
  /** memo: a layout, or the bits of one table (the tests' reference runs). */
  constructor(space: EdgeSpace, mode: EdgeMode, memo: MemoLayout | number = EDGE_MEMO, rules: EdgeRules = {}) {
    this.space = space;
    this.mode = mode;
    this.opts = {
      floodBelow: FLOOD_BELOW,
      noZones: !rules.zones,
      ...(rules.reachFrom !== undefined ? { reachFrom: rules.reachFrom } : {}),
    };
    this.counter = new BitCaptureCounter(
      lineTable(space.board, space.kind),
      typeof memo === "number" ? memo : memo.bits,
      typeof memo === "number" ? null : memo.near ?? null,
    );
    this.maps = symmetries(space.board).slice(1).map((x) => x.map);
    this.occ = new Uint8Array(space.board.size);
    this.comb = new Int32Array(space.interior.length);
  }

  /** States the counter's zone test has cut so far (for tests and measurement). */
  get zoneCuts(): number {
    return this.counter.zoneCuts;
  }

  /** States the counter's reach test has cut so far (for tests and measurement). */
  get reachCuts(): number {
    return this.counter.reachCuts;
  }

  /**
   * By-products of the closed-unique run: positions with a complete sequence
   * and those with exactly one (open) are the longest and dual-free witnesses
   * of the same table row; the first of each is kept.
   */
  private noteSequence(c: EdgeShardCounts, index: number, start: number, count: number): void {
    c.withSequence = (c.withSequence ?? 0) + 1;
    if (!c.firstSequence) c.firstSequence = { index, start, men: [...this.men] };
    if (count === 1) {
      c.unique = (c.unique ?? 0) + 1;
      if (!c.firstUnique) c.firstUnique = { index, start, men: [...this.men] };
    }
  }

  /** Test placements [from, to), adding to `c`; false when stopAtHit ended the run at a hit. */
  run(from: number, to: number, c: EdgeShardCounts, stopAtHit = false, maxNodesPerStart = Infinity): boolean {
    const s = this.space, occ = this.occ, men = this.men, counter = this.counter;
    const size = s.board.size;
    for (let index = from; index < to; index++) {
      c.placements++;
      if (!placementAt(s, index, occ, this.comb)) {
        c.droppedByLemmaC++;
        continue;
      }
      if (!isCanonical(occ, this.maps, size)) {
        c.skippedBySymmetry++;
        continue;
      }
      c.tested++;
      men.length = 0;
      for (let q = 0; q < size; q++) if (occ[q]) men.push(q);
      for (let start = 0; start < size; start++) {
        if (occ[start]) continue;
        c.starts++;
        let hit = false;
        if (this.mode === "exists") {
          const r = counter.count(start, men, { limit: 1, maxNodes: maxNodesPerStart, ...this.opts });
          if (!r.complete) throw new Error(`node budget exceeded at placement ${index} start ${start}`);
          c.nodes += r.nodes;
          hit = r.count > 0;
        } else {
          const r = counter.count(start, men, { limit: 2, maxNodes: maxNodesPerStart, ...this.opts });
          if (!r.complete) throw new Error(`node budget exceeded at placement ${index} start ${start}`);
          c.nodes += r.nodes;
          if (r.count > 0) this.noteSequence(c, index, start, r.count);
          if (r.count === 1) {
            const rc = counter.count(start, men, { limit: 1, closed: true, maxNodes: maxNodesPerStart, ...this.opts });
            if (!rc.complete) throw new Error(`node budget exceeded at placement ${index} start ${start}`);
            c.nodes += rc.nodes;
            hit = rc.count === 1;
          }
        }
        if (hit) {
          c.hits++;
          if (!c.firstHit) c.firstHit = { index, start, men: [...men] };
          if (stopAtHit) return false;
        }
      }
    }
    return true;
  }
}

export function emptyCounts(): EdgeShardCounts {
  return { placements: 0, droppedByLemmaC: 0, skippedBySymmetry: 0, tested: 0, starts: 0, nodes: 0, hits: 0, firstHit: null };
}

/**
 * Test placements [from, to) of the space. Stops at the first hit when
 * stopAtHit; otherwise counts hits (keeping the first).
 */
export function runEdgeRange(
  s: EdgeSpace,
  mode: EdgeMode,
  from: number,
  to: number,
  stopAtHit = false,
  maxNodesPerStart = Infinity,
): EdgeShardCounts {
  const c = emptyCounts();
  new EdgeRunner(s, mode).run(from, to, c, stopAtHit, maxNodesPerStart);
  return c;
}

/**
 * The placements of [from, to) that a run tests (not dropped by Lemma C, in
 * canonical form), without searching them: the strata of a projection.
 */
export function testedPlacements(s: EdgeSpace, from: number, to: number): number[] {
  const occ = new Uint8Array(s.board.size), comb = new Int32Array(s.interior.length);
  const maps = symmetries(s.board).slice(1).map((x) => x.map);
  const out: number[] = [];
  for (let index = from; index < to; index++) {
    if (placementAt(s, index, occ, comb) && isCanonical(occ, maps, s.board.size)) out.push(index);
  }
  return out;
}

/** True when no symmetry maps the man set to a lexicographically smaller one (compared from square 0 up). */
function isCanonical(occ: Uint8Array, maps: Int32Array[], size: number): boolean {
  for (const map of maps) {
    // Compare the image set with the set itself: the first square where they differ decides.
    for (let q = 0; q < size; q++) {
      // image has q iff occ[preimage of q]; maps of the square group are involutions or have inverses in the list,
      // so test membership directly through the inverse: q is in the image iff some p with map[p] = q is occupied.
      const inImage = imageHas(occ, map, q);
      if (inImage === (occ[q] === 1)) continue;
      if (inImage) return false;
      break;
    }
  }
  return true;
}

const inverseCache = new WeakMap<Int32Array, Int32Array>();
function imageHas(occ: Uint8Array, map: Int32Array, q: number): boolean {
  let inv = inverseCache.get(map);
  if (!inv) {
    inv = new Int32Array(map.length);
    for (let p = 0; p < map.length; p++) inv[map[p]] = p;
    inverseCache.set(map, inv);
  }
  return occ[inv[q]] === 1;
}
