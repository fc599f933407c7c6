/**
 * A proof run over a range [lo, hi) of the global enumeration of a proof space
 * (space.ts): every position is tested by the fast one-level tests
 * (position-test.ts) and, when it passes, decided by the engine. A position
 * that has what the claim says cannot exist (a unique path for dual-free, a
 * path for open, a cycle for closed) is a hit: it disproves the claim.
 *
 * The run steps through the range in chunks (step), so a driver can checkpoint,
 * report progress and stop between chunks; its state (next index and counts)
 * is plain data, and a run resumed from a saved state ends with the same counts
 * as an uninterrupted one, because everything counted depends only on the
 * position at each index.
 *
 * Symmetry: a symmetry σ of the board fixing the start maps the start's
 * component onto itself and a position onto one with the same number of
 * Hamiltonian paths (cycles) from the start, moves being mapped to moves. Among
 * the positions of an orbit, only the one whose set of empty squares comes
 * first in colex order is searched; a position that passes the one-level tests
 * but has an image earlier in the order is counted as skippedBySymmetry
 * (its representative, in the same block, is decided by whichever shard holds
 * it). The one-level tests are run on every position, so their counts do not
 * depend on the symmetry reduction.
 */
import type { Square } from "../../types.ts";
import { squareName } from "../../board/squares.ts";
import { stabilizer } from "../../board/symmetry.ts";
import { countHamiltonianPaths, decideUnique, FALLBACK_NODES } from "../../hamiltonian/engine.ts";
import { findOpenPath } from "../../hamiltonian/open-path.ts";
import { colexUnrank, nextColex } from "../../proof/combinations.ts";
import { InducedGraphBuffer, PASS, PositionTester, TEST_NAMES, type TestMode } from "./position-test.ts";
import { blockAt, type ProofKind, type ProofSpace } from "./space.ts";

export type TestName = "K" | "N" | "D" | "S" | "3" | "C" | "P";
export type Rejected = Record<TestName, number>;

export interface HitExample {
  /** Global index of the position. */
  index: number;
  start: string;
  /** The men, in increasing square order. */
  men: string[];
  /** The path (or cycle) the engine found: squares after the start, in order. */
  solution: string[];
}

export interface ProofCounts {
  /** Positions decided: rejected by a one-level test or searched. */
  positions: number;
  /** Positions that passed the tests but have an earlier image under the start's stabilizer. */
  skippedBySymmetry: number;
  rejected: Rejected;
  /** Positions handed to the engine. */
  searched: number;
  /** Engine search nodes, summed. */
  nodes: number;
  /** Positions that disprove the claim. */
  hits: number;
  /** The first hits (at most maxHitExamples), in index order. */
  hitExamples: HitExample[];
}

export interface RunState {
  next: number;
  counts: ProofCounts;
}

export interface RunOptions {
  /** Skip images under the start's stabilizer (default true). */
  symmetry?: boolean;
  maxHitExamples?: number;
  /**
   * false: positions that pass the tests are counted as searched without running
   * the engine — only for timing the rest of a run (estimate.ts); never for a proof.
   */
  engine?: boolean;
  /**
   * The forced-edge reduction before each uniqueness search (engine.ts decideUnique, forced.ts) and each open
   * search (open-path.ts findOpenPath, through a virtual last vertex); default true. A position it shows to have
   * no path still counts as searched (with 0 nodes): the reduction is part of the search, after the one-level
   * tests, so the counts of positions, tests and searched positions mean what they meant, and shards written
   * with and without it cover the same positions with the same counts (only nodes and time differ).
   */
  reduce?: boolean;
  /**
   * Engine nodes of decideUnique's first phase, before the reduction (default FIRST_NODES). Only the node
   * counts depend on it, never a verdict; the tests set it low so that the WebAssembly run (kernel-run.ts)
   * hands many positions back on small boards.
   */
  firstNodes?: number;
  /**
   * Engine nodes of decideUnique's second phase, from the other end, before the reduction (default
   * OTHER_END_NODES; 0: none). Like firstNodes, only node counts depend on it.
   */
  otherEndNodes?: number;
  /**
   * Engine nodes on the reduced graph before decideUnique switches to searchReduced (default the engine's
   * FALLBACK_NODES). Like firstNodes, only node counts depend on it; the tests set it low so that small boards
   * reach searchReduced.
   */
  fallbackNodes?: number;
  /**
   * The forced-edge count at every node of decideUnique's searches (engine.ts header; default
   * FORCED_EDGES). Like firstNodes, only node counts depend on it.
   */
  forcedEdges?: boolean;
}

/**
 * Randomised probes before each exhaustive uniqueness search (engine.ts
 * decideUnique). They once found second paths on knight 8x8 positions whose
 * deterministic search took 1e5 nodes; the switch to searchReduced (forced.ts)
 * now settles those in tens of nodes, and without probes the knight 8x8 sd=53
 * projection fell from 160 h to 141 h on one sample, so they are off.
 */
export const UNIQUE_PROBES = 0;

/**
 * Engine nodes before the forced-edge reduction (decideUnique firstNodes): the
 * median knight 8x8 search takes 73, so most never pay for the reduction.
 * Measured on one sample (knight 8x8 sd=53, 20 strata, windows of 20,000):
 * reduce first 101 h, 100 nodes 95 h, 300 nodes 91 h, 1,000 nodes 103 h. With
 * the forced-edge count the budget stopped mattering (100 to 1,000 nodes within
 * the noise); with the second phase below, 150 and 300 there beat 300 and 300
 * by 4 % (bench/results.json projection-knight-8x8-dual-free-53-other-end).
 */
export const FIRST_NODES = 150;

/**
 * Engine nodes of decideUnique's second phase (ProbeOptions.otherEndNodes): the
 * same search from the other end when the first phase has not decided. On knight
 * 8x8 sd=53 positions the first phase runs from the square of degree 1 that every
 * path ends on; of the searches it leaves (about 3 % of those run, a third of the
 * engine's time), about 19 in 20 have two paths or more, and the search from the
 * start finds them, or that there is none, within 300 nodes for about 9 in 10.
 */
export const OTHER_END_NODES = 300;

/**
 * The forced-edge count in decideUnique's searches (engine.ts header). Measured on knight 8x8 sd=53 with
 * the compiled kernel (10 windows of 10^6 positions, 518,548 searches): engine nodes 68.8e6 -> 47.3e6,
 * positions reaching the reduction 50,546 -> 20,314, searchReduced calls 5,340 -> 1,911; CPU about
 * 1.2x less (bench/results.json projection-knight-8x8-dual-free-53-forced-edges).
 */
export const FORCED_EDGES = true;

export function emptyCounts(): ProofCounts {
  return {
    positions: 0,
    skippedBySymmetry: 0,
    rejected: { K: 0, N: 0, D: 0, S: 0, "3": 0, C: 0, P: 0 },
    searched: 0,
    nodes: 0,
    hits: 0,
    hitExamples: [],
  };
}

export function modeOf(kind: ProofKind): TestMode {
  return kind === "dual-free" ? "unique" : kind === "open" ? "path" : "cycle";
}

export class ProofRun {
  readonly space: ProofSpace;
  readonly lo: number;
  readonly hi: number;
  next: number;
  protected readonly rejected = new Float64Array(8);
  protected positions = 0;
  protected skipped = 0;
  protected searched = 0;
  protected nodes = 0;
  protected hits = 0;
  protected readonly hitExamples: HitExample[] = [];
  protected readonly maxHitExamples: number;
  protected readonly symmetry: boolean;
  protected readonly engine: boolean;
  protected readonly reduce: boolean;
  protected readonly firstNodes: number;
  protected readonly otherEndNodes: number;
  protected readonly fallbackNodes: number;
  protected readonly forcedEdges: boolean;
  protected readonly tester: PositionTester;
  protected readonly induced: InducedGraphBuffer;
  // Current block and combination.
  protected block = -1;
  protected cand: Int32Array = new Int32Array(0);
  protected k = 0;
  protected readonly comb: Int32Array;
  protected readonly image: Int32Array;
  protected stab: Int32Array[] = [];
  protected needSeek = true;
  protected readonly mode: TestMode;

  constructor(space: ProofSpace, lo: number, hi: number, resume?: RunState, o: RunOptions = {}) {
    if (!space.indexable) throw new Error(`the space of ${space.totalBig} positions is too large to index`);
    if (!(Number.isInteger(lo) && Number.isInteger(hi) && 0 <= lo && lo <= hi && hi <= space.total)) {
      throw new Error(`range [${lo}, ${hi}) is not inside [0, ${space.total})`);
    }
    this.space = space;
    this.lo = lo;
    this.hi = hi;
    this.next = lo;
    this.symmetry = o.symmetry ?? true;
    this.engine = o.engine ?? true;
    this.reduce = o.reduce ?? true;
    this.firstNodes = o.firstNodes ?? FIRST_NODES;
    this.otherEndNodes = o.otherEndNodes ?? OTHER_END_NODES;
    this.fallbackNodes = o.fallbackNodes ?? FALLBACK_NODES;
    this.forcedEdges = o.forcedEdges ?? FORCED_EDGES;
    this.maxHitExamples = o.maxHitExamples ?? 10;
    this.mode = modeOf(space.kind);
    this.tester = new PositionTester(space.graph, this.mode);
    this.induced = new InducedGraphBuffer(space.graph);
    this.comb = new Int32Array(space.graph.order + 1);
    this.image = new Int32Array(space.graph.order + 1);
    if (resume) {
      if (!(resume.next >= lo && resume.next <= hi)) throw new Error(`resume index ${resume.next} outside [${lo}, ${hi}]`);
      this.next = resume.next;
      const c = resume.counts;
      this.positions = c.positions;
      this.skipped = c.skippedBySymmetry;
      TEST_NAMES.forEach((t, i) => {
        if (i > 0) this.rejected[i] = c.rejected[t as TestName] ?? 0;
      });
      this.searched = c.searched;
      this.nodes = c.nodes;
      this.hits = c.hits;
      this.hitExamples.push(...c.hitExamples.map((h) => ({ ...h, men: [...h.men], solution: [...h.solution] })));
    }
  }

  get done(): boolean {
    return this.next >= this.hi;
  }

  /** Continue at another index of the range (for sampling); counts are kept. */
  jump(index: number): void {
    if (!(index >= this.lo && index <= this.hi)) throw new Error(`index ${index} outside the range`);
    this.next = index;
    this.needSeek = true;
  }

  /** Position the enumeration at `next` now (a step would do it first anyway); lets a caller time steps alone. */
  prepare(): void {
    if (this.needSeek && this.next < this.hi) this.seek(this.next);
  }

  state(): RunState {
    const rejected = {} as Rejected;
    TEST_NAMES.forEach((t, i) => {
      if (i > 0) rejected[t as TestName] = this.rejected[i];
    });
    return {
      next: this.next,
      counts: {
        positions: this.positions,
        skippedBySymmetry: this.skipped,
        rejected,
        searched: this.searched,
        nodes: this.nodes,
        hits: this.hits,
        hitExamples: this.hitExamples.map((h) => ({ ...h, men: [...h.men], solution: [...h.solution] })),
      },
    };
  }

  /** Decide up to `max` positions; returns how many were done. */
  step(max: number): number {
    let done = 0;
    while (done < max && this.next < this.hi) {
      if (this.needSeek) this.seek(this.next);
      this.evaluate();
      this.next++;
      done++;
      if (this.next < this.hi) this.advance();
      else this.needSeek = true;
    }
    return done;
  }

  protected enterBlock(b: number): void {
    const blk = this.space.blocks[b];
    const st = this.space.starts[blk.startIndex];
    if (this.tester.start !== blk.start) {
      this.tester.setStart(blk.start, st.candidates);
      this.stab = [];
      if (this.symmetry) {
        for (const s of stabilizer(this.space.board, blk.start)) {
          let identity = true;
          for (let i = 0; i < s.map.length && identity; i++) if (s.map[i] !== i) identity = false;
          if (!identity) this.stab.push(s.map);
        }
      }
    } else this.tester.fill();
    this.block = b;
    this.cand = st.candidates;
    this.k = blk.k;
  }

  protected seek(index: number): void {
    const b = blockAt(this.space, index);
    this.enterBlock(b);
    const blk = this.space.blocks[b];
    colexUnrank(index - blk.offset, this.k, this.cand.length, this.comb);
    for (let j = 0; j < this.k; j++) this.tester.remove(this.cand[this.comb[j]]);
    this.needSeek = false;
  }

  private advance(): void {
    const { comb: c, k, cand, tester } = this;
    const m = cand.length;
    const c0 = k > 0 ? c[0] : 0;
    const i = nextColex(c, k, m);
    if (i < 0) {
      // Next block: its first combination is 0..k-1.
      this.enterBlock(this.block + 1);
      for (let j = 0; j < this.k; j++) {
        this.comb[j] = j;
        tester.remove(this.cand[j]);
      }
      return;
    }
    // c[0..i] were the consecutive c0..c0+i; now c[0..i-1] = 0..i-1 and c[i] = c0+i+1.
    for (let x = Math.max(c0, i); x <= c0 + i; x++) tester.add(cand[x]);
    for (let y = 0; y < Math.min(i, c0); y++) tester.remove(cand[y]);
    tester.remove(cand[c0 + i + 1]);
  }

  /** Is the empty set's image under some stabilizer element earlier in colex order? */
  protected hasEarlierImage(): boolean {
    const { comb, k, cand, image } = this;
    for (const map of this.stab) {
      // Image, sorted increasing by insertion.
      for (let i = 0; i < k; i++) {
        const v = map[cand[comb[i]]];
        let j = i;
        while (j > 0 && image[j - 1] > v) {
          image[j] = image[j - 1];
          j--;
        }
        image[j] = v;
      }
      // Colex: compare from the largest element down.
      for (let i = k - 1; i >= 0; i--) {
        const d = image[i] - cand[comb[i]];
        if (d < 0) return true;
        if (d > 0) break;
      }
    }
    return false;
  }

  protected evaluate(): void {
    const verdict = this.tester.test();
    if (verdict !== PASS) {
      this.rejected[verdict]++;
      this.positions++;
      return;
    }
    if (this.stab.length > 0 && this.k > 0 && this.hasEarlierImage()) {
      this.skipped++;
      return;
    }
    this.positions++;
    this.searched++;
    if (!this.engine) return;
    const g = this.induced.build(this.tester);
    let hit = false;
    let solution: ArrayLike<number> | null = null;
    if (this.mode === "unique") {
      // The tester's verdict fixed the end (test N passed: one non-start square of degree 1, which every
      // path ends on), so the one-level tests need not run again: the question is the path to that end.
      const end = this.tester.lastEnd;
      let e = -1;
      for (let i = 1; i < g.order && e < 0; i++) if (this.induced.squares[i] === end) e = i;
      if (e < 0) throw new Error("internal: a position passed test N without a known end");
      const r = decideUnique(g, { start: 0, end: e }, {
        probes: UNIQUE_PROBES,
        reduce: this.reduce,
        trusted: true,
        firstNodes: this.firstNodes,
        otherEndNodes: this.otherEndNodes,
        fallbackNodes: this.fallbackNodes,
        forcedEdges: this.forcedEdges,
      });
      this.nodes += r.nodes;
      hit = r.unique;
      solution = r.solution;
    } else if (this.mode === "path") {
      // Open: the forced-edge reduction with a virtual last vertex (open-path.ts); the tester's forced end,
      // if any, is the end itself.
      const end = this.tester.lastEnd;
      let e = -1;
      for (let i = 1; i < g.order && end >= 0 && e < 0; i++) if (this.induced.squares[i] === end) e = i;
      const r = findOpenPath(g, 0, { end: e, reduce: this.reduce });
      this.nodes += r.nodes;
      hit = r.path !== null;
      solution = r.path;
    } else {
      let found: number[] | null = null;
      const r = countHamiltonianPaths(g, {
        start: 0,
        closed: this.mode === "cycle",
        limit: 1,
        onSolution: (p) => void (found = Array.from(p)),
      });
      this.nodes += r.nodes;
      hit = r.solutions > 0;
      solution = found;
    }
    if (!hit) return;
    this.hits++;
    if (this.hitExamples.length < this.maxHitExamples) {
      const b = this.space.board;
      const sq = this.induced.squares;
      const men: string[] = [];
      for (let i = 1; i < g.order; i++) men.push(squareName(b, sq[i]));
      const sol: string[] = [];
      if (solution) { for (let i = 1; i < solution.length; i++) sol.push(squareName(b, sq[solution[i]])); }
      this.hitExamples.push({ index: this.next, start: squareName(b, sq[0]), men, solution: sol });
    }
  }
}

/** Squares of the position at a global index, start first (for tests and reports). */
export function positionAt(space: ProofSpace, index: number): { start: Square; men: Square[]; empty: Square[] } {
  const b = space.blocks[blockAt(space, index)];
  const cand = space.starts[b.startIndex].candidates;
  const c = new Int32Array(Math.max(1, b.k));
  colexUnrank(index - b.offset, b.k, cand.length, c);
  const emptyIdx = new Set(Array.from(c.subarray(0, b.k)));
  const men: Square[] = [];
  const empty: Square[] = [];
  cand.forEach((v, i) => (emptyIdx.has(i) ? empty : men).push(v));
  return { start: b.start, men, empty };
}
