/**
 * A proof run that walks the colex enumeration of a block as a tree and
 * rejects whole subtrees at once.
 *
 * The tree: in colex order the k-subsets of candidates 0..i-1 are first those
 * without candidate i-1, then those with it (combinations.ts). So deciding the
 * candidates from the highest index down — "c[i-1] stays a man" before
 * "c[i-1] becomes empty" — visits the positions of a block in rank order, and
 * every node (the decisions on c[m-1]..c[i], with r empty squares still to
 * place among c[0..i-1]) is a contiguous run of C(i, r) ranks. A node whose
 * every completion fails a one-level test is counted as a whole (under P)
 * without visiting its positions; its intersection with the run's range is
 * what is counted, so shards and checkpoints cut the enumeration exactly where
 * a position-by-position run (run.ts) would, and both count every index once.
 * Leaves (single positions) go through the same tests, symmetry skip and
 * engine as run.ts (evaluate), so the hits are those of run.ts.
 *
 * The prefix rules. The tester's degree of a square, with undecided squares
 * counted as men, is an upper bound on its degree in every completion: making
 * further squares empty only removes neighbours. Decided squares keep their
 * status. Each rule names a one-level test that then rejects every completion
 * (positions of 3 or more squares; smaller blocks are left to the leaves):
 *
 * - Ends (tests K and D). Paths (dual-free, open): a non-start man of degree
 *   <= 1 can only be the last square, so a position with two of them has no
 *   path (K; D if one has degree 0). "Sure" squares are decided non-start men
 *   whose bound is <= 1: they stay such in every completion. An undecided
 *   square whose bound is <= 1 is either made empty or becomes such a man; with
 *   r empty squares left, at least u1 - r of the u1 such squares become men.
 *   So sure + max(0, u1 - r) >= 2 rejects every completion, and so does a start
 *   whose bound is 0 (D). With colours (below), a balanced completion makes
 *   exactly need_c - e_c more squares of colour c empty, so the count is taken
 *   per colour; an unbalanced completion is rejected by S or C anyway.
 *   Cycles: every square of a cycle of 3+ squares needs degree 2, so one such
 *   square (the start included) is enough (K or D).
 * - Colours (tests S and C). For a leaper whose component is bipartite (x + y
 *   odd), a connected position's 2-colouring is the inherited one, and a path
 *   from the start needs ceil(n/2) squares of the start's colour (a cycle
 *   n/2). With n = component - k fixed in the block, the number of empty
 *   squares of each colour is fixed; a node that has already made more empty,
 *   or cannot make enough empty with the undecided squares left, has only
 *   completions that are disconnected (C) or wrongly balanced (S).
 * - No end (test N, dual-free only). A square with two or more neighbours that
 *   are decided men (the start among them) has degree 2 or more in every
 *   completion that keeps it, since those neighbours stay. When every man and
 *   every undecided square other than the start has two such neighbours, no
 *   completion has a square of degree 1 besides the start, so each is rejected
 *   by N (K needs two such squares; N comes before D). The node is counted whole under P like the rules above, so a
 *   shard's N and P split its rejected positions otherwise than before this
 *   rule; their sum, and every other count, is unchanged. Knight 8x8 sd=53, 20
 *   windows of 200,000 positions: 19 % fewer tree nodes, 25 % fewer positions
 *   tested one by one.
 * - Forced edges (test 3). A man other than the start whose neighbours are all
 *   decided has the same degree in every completion; with degree 2 it is not
 *   the end either (the end has degree 1), so test 3 counts both its edges. A
 *   square with more such edges than test 3 ever allows there (dual-free: 2,
 *   start 1, since a position that passes N has a known end; open: 3, start
 *   2; cycles 2) fails test 3 in every completion that K, N, D and S let
 *   through (fix, settle).
 */
import { binomial } from "../../proof/combinations.ts";
import { TEST_P } from "./position-test.ts";
import { ProofRun, type RunOptions, type RunState } from "./run.ts";
import { blockAt, type ProofSpace } from "./space.ts";

const UNDECIDED = 0;
const MAN = 1;
const EMPTY = 2;
const OUTSIDE = 3;

export class PrefixRun extends ProofRun {
  private readonly status: Uint8Array;
  private readonly choice: Uint8Array;
  /** Per depth d (decided candidates): global index of the node's first position, and empty squares left. */
  private readonly base: Float64Array;
  private readonly left: Int32Array;
  private depth = 0;
  private m = 0;
  private cycle = false;
  private rules = false;
  private sure = 0;
  /** Undecided squares whose bound is <= 1, by colour (index 1 also holds every square of a non-bipartite component). */
  private readonly u1 = new Int32Array(2);
  private startZero = 0;
  private bip = false;
  private readonly empties = new Int32Array(2);
  private readonly undecided = new Int32Array(2);
  private readonly need = new Int32Array(2);
  /** Undecided neighbours of each square; forced edges at each square from fixed degree-2 men (rule 3). */
  private readonly und: Int32Array;
  private readonly forced: Int32Array;
  private overForced = 0;
  /** Rule 3 is kept only where it can fire often: 8 or more squares of degree 2 on the empty board. */
  private forcing = false;
  private limitOther = 2;
  private limitStart = 1;
  /** Nodes of the tree visited, and those the no-end rule settled (for measurements and tests). */
  treeNodes = 0;
  noEndNodes = 0;
  /** The no-end rule (dual-free): each square's decided-man neighbours (the start counted), and the men and
   * undecided squares other than the start with at most one. */
  private readonly manNbrs: Int32Array;
  private endable = 0;
  private noEnd = false;

  constructor(space: ProofSpace, lo: number, hi: number, resume?: RunState, o: RunOptions = {}) {
    super(space, lo, hi, resume, o);
    const n = space.graph.order;
    this.status = new Uint8Array(n).fill(OUTSIDE);
    this.choice = new Uint8Array(n + 1);
    this.base = new Float64Array(n + 1);
    this.left = new Int32Array(n + 1);
    this.cycle = this.mode === "cycle";
    this.und = new Int32Array(n);
    this.forced = new Int32Array(n);
    this.manNbrs = new Int32Array(n);
    this.noEnd = this.mode === "unique";
    // Test 3's largest capacity for a square in any completion that reaches it: dual-free positions that
    // pass N have a known end (2, start 1); open paths may not (3, start 2); cycles 2.
    if (this.mode === "path") [this.limitOther, this.limitStart] = [3, 2];
    else if (this.mode === "cycle") [this.limitOther, this.limitStart] = [2, 2];
  }

  /** Enter the block holding global index `index` at its root. */
  private root(index: number): void {
    const b = blockAt(this.space, index);
    for (const v of this.tester.members) this.status[v] = OUTSIDE;
    this.enterBlock(b);
    const t = this.tester;
    const blk = this.space.blocks[b];
    const m = this.cand.length;
    this.m = m;
    const s = t.start;
    this.status[s] = MAN;
    for (let j = 0; j < m; j++) this.status[this.cand[j]] = UNDECIDED;
    const n = m + 1 - this.k;
    this.rules = n >= 3;
    this.sure = this.cycle && t.deg[s] <= 1 ? 1 : 0;
    this.startZero = !this.cycle && t.deg[s] === 0 ? 1 : 0;
    this.u1[0] = this.u1[1] = 0;
    let same = t.colour[s] === 0 ? 1 : 0;
    this.undecided[0] = this.undecided[1] = 0;
    for (let j = 0; j < m; j++) {
      const v = this.cand[j];
      const c = t.colour[v] === 0 ? 0 : 1;
      if (t.deg[v] <= 1) this.u1[c]++;
      this.undecided[c]++;
      if (c === 0) same++;
    }
    this.bip = t.bipartiteComponent;
    this.empties[0] = this.empties[1] = 0;
    const want = this.cycle ? (n % 2 === 0 ? n / 2 : -1) : Math.ceil(n / 2);
    // An odd cycle in a bipartite graph: no completion balances (need -1 rejects at the root).
    this.need[0] = want < 0 ? -1 : same - want;
    this.need[1] = want < 0 ? -1 : this.k - this.need[0];
    this.overForced = 0;
    let twos = 0;
    for (const v of t.members) if (t.g.start[v + 1] - t.g.start[v] === 2) twos++;
    // (The knight on 8x8 has 4: there rule 3 removed 0.2% of the tree and cost 20-35% more per node.)
    this.forcing = twos >= 8;
    for (const v of t.members) {
      this.forced[v] = 0;
      let u = 0;
      for (let e = t.g.start[v]; e < t.g.start[v + 1]; e++) if (this.status[t.g.adj[e]] === UNDECIDED) u++;
      this.und[v] = u;
    }
    for (const v of t.members) this.manNbrs[v] = 0;
    for (let e = t.g.start[s]; e < t.g.start[s + 1]; e++) this.manNbrs[t.g.adj[e]]++;
    this.endable = 0;
    for (const v of t.members) if (v !== s && this.manNbrs[v] <= 1) this.endable++;
    this.depth = 0;
    this.base[0] = blk.offset;
    this.left[0] = this.k;
    this.needSeek = false;
  }

  private pruned(): boolean {
    if (!this.rules) return false;
    if (this.overForced > 0) return true;
    let ends = this.sure;
    if (this.bip) {
      for (let c = 0; c < 2; c++) {
        const e = this.empties[c];
        const more = this.need[c] - e;
        if (more < 0 || this.undecided[c] < more) return true;
        // Only squares of colour c can still be made empty, exactly `more` of them.
        ends += Math.max(0, this.u1[c] - more);
      }
    } else ends += Math.max(0, this.u1[0] + this.u1[1] - this.left[this.depth]);
    return this.cycle ? ends >= 1 : ends >= 2 || this.startZero > 0;
  }

  /** The no-end rule (header): every completion of this node fails test N. */
  private noEndBelow(): boolean {
    if (!this.noEnd || !this.rules || this.endable !== 0) return false;
    this.noEndNodes++;
    return true;
  }

  /**
   * Rule 3: a man w (not the start) whose neighbours are all decided keeps its
   * degree in every completion; with degree 2 it is neither start nor end and
   * uses both its edges, one at each neighbour. More such edges at a square
   * than test 3's largest capacity there rejects every completion that gets
   * past K, N, D and S.
   */
  private fix(w: number, delta: number): void {
    const { g, deg } = this.tester;
    if (w === this.tester.start || deg[w] !== 2 || this.status[w] !== MAN) return;
    for (let e = g.start[w]; e < g.start[w + 1]; e++) {
      const v = g.adj[e];
      if (this.status[v] !== MAN) continue;
      const limit = v === this.tester.start ? this.limitStart : this.limitOther;
      if (delta > 0) {
        if (++this.forced[v] === limit + 1) this.overForced++;
      } else if (this.forced[v]-- === limit + 1) this.overForced--;
    }
  }

  /** v was just decided (delta 1) or is about to be undecided (delta -1): its neighbours' undecided counts. */
  private settle(v: number, delta: number): void {
    if (!this.forcing) return;
    const g = this.tester.g;
    if (delta < 0 && this.und[v] === 0) this.fix(v, -1);
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      if (delta > 0) {
        if (--this.und[w] === 0) this.fix(w, 1);
      } else if (this.und[w]++ === 0) this.fix(w, -1);
    }
    if (delta > 0 && this.und[v] === 0) this.fix(v, 1);
  }

  /** v became a decided man (delta 1) or is about to be undecided again (delta -1): its neighbours' counts. */
  private manAround(v: number, delta: number): void {
    const { g, start } = this.tester;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      const st = this.status[w];
      const before = this.manNbrs[w];
      this.manNbrs[w] = before + delta;
      if (w === start || (st !== MAN && st !== UNDECIDED)) continue;
      if (delta > 0 && before === 1) this.endable--;
      else if (delta < 0 && before === 2) this.endable++;
    }
  }

  private decideMan(v: number): void {
    const t = this.tester;
    this.manAround(v, 1);
    this.status[v] = MAN;
    this.undecided[t.colour[v] === 0 ? 0 : 1]--;
    if (t.deg[v] <= 1) {
      this.u1[t.colour[v] === 0 ? 0 : 1]--;
      this.sure++;
    }
    this.settle(v, 1);
  }

  private undoMan(v: number): void {
    const t = this.tester;
    this.settle(v, -1);
    this.status[v] = UNDECIDED;
    this.manAround(v, -1);
    this.undecided[t.colour[v] === 0 ? 0 : 1]++;
    if (t.deg[v] <= 1) {
      this.u1[t.colour[v] === 0 ? 0 : 1]++;
      this.sure--;
    }
  }

  /** Neighbours of v after v left (delta +1) or before it returns (delta -1). */
  private neighbours(v: number, delta: number): void {
    const { g, deg } = this.tester;
    const s = this.tester.start;
    const status = this.status;
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      const st = status[w];
      const d = deg[w];
      if (st === MAN) {
        if (w === s && !this.cycle) {
          if (d === 0) this.startZero += delta;
        } else if (d === 1) this.sure += delta;
      } else if (st === UNDECIDED && d === 1) this.u1[this.tester.colour[w] === 0 ? 0 : 1] += delta;
    }
  }

  private decideEmpty(v: number): void {
    const t = this.tester;
    const c = t.colour[v] === 0 ? 0 : 1;
    if (this.manNbrs[v] <= 1) this.endable--;
    this.status[v] = EMPTY;
    this.undecided[c]--;
    this.empties[c]++;
    if (t.deg[v] <= 1) this.u1[c]--;
    t.remove(v);
    this.neighbours(v, 1);
    this.settle(v, 1);
  }

  private undoEmpty(v: number): void {
    const t = this.tester;
    const c = t.colour[v] === 0 ? 0 : 1;
    this.settle(v, -1);
    this.neighbours(v, -1);
    t.add(v);
    this.status[v] = UNDECIDED;
    this.undecided[c]++;
    this.empties[c]--;
    if (t.deg[v] <= 1) this.u1[c]++;
    if (this.manNbrs[v] <= 1) this.endable++;
  }

  override prepare(): void {
    if (this.needSeek && this.next < this.hi) this.root(this.next);
  }

  /** Cover up to `max` positions (whole rejected subtrees count all their positions); returns how many. */
  override step(max: number): number {
    let done = 0;
    const hi = this.hi;
    while (done < max && this.next < hi) {
      if (this.needSeek) this.root(this.next);
      const d = this.depth;
      const i = this.m - d;
      const r = this.left[d];
      const base = this.base[d];
      const end = base + binomial(i, r);
      this.treeNodes++;
      if (this.pruned() || (r > 0 && this.noEndBelow())) {
        const upto = Math.min(end, hi, this.next + (max - done));
        const cnt = upto - this.next;
        this.rejected[TEST_P] += cnt;
        this.positions += cnt;
        this.next = upto;
        done += cnt;
        if (upto < end) break;
        this.ascend();
      } else if (r === 0) {
        // The rest are men, as the tester already counts them: the node is one position.
        this.evaluate();
        this.next++;
        done++;
        this.ascend();
      } else {
        const v = this.cand[i - 1];
        const menSide = binomial(i - 1, r);
        if (this.next < base + menSide) {
          this.decideMan(v);
          this.choice[d] = MAN;
          this.base[d + 1] = base;
          this.left[d + 1] = r;
        } else {
          this.comb[r - 1] = i - 1;
          this.decideEmpty(v);
          this.choice[d] = EMPTY;
          this.base[d + 1] = base + menSide;
          this.left[d + 1] = r - 1;
        }
        this.depth = d + 1;
      }
    }
    return done;
  }

  /** Undo decisions until the current node's subtree holds `next` again (or the block is done). */
  private ascend(): void {
    while (this.depth > 0) {
      const d = this.depth;
      if (this.next < this.base[d] + binomial(this.m - d, this.left[d])) return;
      this.depth = d - 1;
      const v = this.cand[this.m - d];
      if (this.choice[d - 1] === MAN) this.undoMan(v);
      else this.undoEmpty(v);
    }
    // At the root: the block is finished when next has left it.
    if (this.next >= this.base[0] + binomial(this.m, this.left[0])) this.needSeek = true;
  }
}
