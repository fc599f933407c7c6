/**
 * Reverse generation of dual-free capture sequences: the sequence is built
 * from its last capture backwards, one capture prepended at a time, and every
 * state on the way is itself a dual-free position. A generator for the
 * locust and rook-locust cells whose positions are not legible (the forward
 * searches, lazy.ts and scan.ts, meet positions with hundreds of sequences
 * long before a unique one: a forward branch learns whether its position is
 * dual-free only when the position is complete).
 *
 * A state is (S, R): the locust on S, the men R, and exactly one complete
 * capture sequence from S (its last landing square is the root's square E).
 *
 * Suffix lemma (why every dual-free position is reached). Let P from S' have
 * exactly one complete sequence, opening with the capture of M landing on S.
 * Every complete sequence of P \ {M} from S, preceded by that opening, is a
 * complete sequence of P (the opening's squares are the same before it), so
 * P \ {M} from S has exactly one too, with the same final square. By
 * induction, the dual-free position's sequence read backwards is a chain of
 * dual-free states from (E, ∅), where E is its last landing square; and each
 * state has exactly one parent (drop its unique first capture), so the states
 * form a tree and no state is generated twice.
 *
 * Prepending (the children of (S, R)). The opening capture lands on S over M
 * along a line: M = S - v is a square without a man, and the locust came
 * from S' = M - jv (j >= 1) with M - v, ..., M - (j-1)v free of men (it passed
 * them) and S' itself free (it stood there). Every such (M, S') gives a
 * position with at least one complete sequence (the opening, then R's), and
 * the child is kept when the exact counter (bitsearch.ts) finds exactly one.
 * So the children are exactly the dual-free states one capture longer.
 *
 * Pruning: the fillability bound (ours; an exact argument, tested against
 * brute force in tests/locust/locust_reverse_test.ts). A state's men only grow as
 * captures are prepended. A square X without a man can become a man later
 * only as some prepended capture's M, and then the locust lands on X + v
 * (where it stands, a square without a man) having come over X - v (where it
 * stood or which it passed, also without a man). So X is "fillable" only if
 * some line through X has both neighbours X + v, X - v on the board and free
 * of men now, and the locust can still get to X + v: each prepended capture
 * moves it from S to S' over squares without a man, so the squares it can
 * ever stand on are those reached from S by such jumps now (men are never
 * removed, so every later jump is available now). A square that fails this
 * stays without a man in every descendant ("dead"). Every descendant with m
 * men has n² - m squares without a man, so a state whose dead squares (and,
 * for the locust and rook-locust, the edge-method lemmas below) force more
 * than n² - m squares without a man has no descendant with m men, and is cut.
 * For the locust and rook-locust the bound is taken region by region
 * (edge-space.ts, Lemmas A-C, each exact for a position with a complete
 * sequence): the corners are dead; each edge's men in the final position are
 * an independent set of its n-2 squares (Lemma B) made of today's men and
 * fillable squares, so its squares without a man are at least n-2 minus the
 * largest such set; each aligned 2x2 square of the rook-locust's interior
 * keeps at least max(1, its dead squares) without a man (Lemma C); every
 * other dead square counts 1. The regions are disjoint, so the sum is a lower
 * bound. The bound only cuts states that cannot reach m men: the search below
 * is complete (run without a call budget it yields every dual-free position
 * with m men ending on E, each once).
 *
 * Search: depth first, children in order of that bound (fewest squares forced
 * free first), ties in a seeded random order; a budget of counter calls.
 */
import type { LineTable } from "../pieces/locust.ts";
import { oppositeDirs } from "../pieces/locust.ts";
import { seededRandom } from "../random.ts";
import { BitCaptureCounter } from "./bitsearch.ts";

export interface ReverseOptions {
  /** The last landing square of the sequences wanted (the root). */
  end: number;
  /** Men of the positions wanted. */
  men: number;
  /** Only positions whose start is this square (closed: the start is `end`). */
  start?: number;
  /** Only sequences whose last capture takes this man (a fact of a published diagram). */
  lastMan?: number;
  /** Budget of counter calls (default: none, an exhaustive search). */
  maxCalls?: number;
  /** Seed of the tie-breaking order (default 1). */
  seed?: number;
  /** Called for each dual-free position with `men` men found; return false to stop. */
  onPosition: (start: number, men: readonly number[]) => boolean | void;
  /** Switch the fillability bound off (differential tests). */
  noBound?: boolean;
  /** Called every 1000 counter calls; return false to stop (time budget, Ctrl-C). */
  onProgress?: (calls: number, deepest: number) => boolean | void;
}

export interface ReverseResult {
  /** Counter calls (each decides one candidate child). */
  calls: number;
  /** Dual-free states generated, by number of men. */
  states: number[];
  /** States cut by the bound. */
  cut: number;
  /** false when the budget or the callback stopped the search. */
  complete: boolean;
  deepest: number;
  /** A deepest state reached (start and men), for the record of a search without a hit. */
  deepestState: { start: number; men: number[] } | null;
}

export class ReverseSearch {
  readonly t: LineTable;
  private readonly size: number;
  private readonly counter: BitCaptureCounter;
  /** pairs[q] = the squares X+v, X-v of each line through q with both on the board. */
  private readonly pairs: Int32Array[];
  /** Regions of the lemma bound: edges (independent sets), blocks (rook-locust 2x2), and the rest. */
  private readonly edges: number[][] = [];
  private readonly blocks: number[][] = [];
  private readonly inRegion: Uint8Array;
  private readonly isMan: Uint8Array;
  private readonly dead: Uint8Array;
  private readonly reach: Uint8Array;
  private readonly queue: Int32Array;

  constructor(t: LineTable, memoBits = 20) {
    this.t = t;
    const dims = t.board.dims;
    this.size = t.board.size;
    if (dims.length !== 2 || this.size > 64) throw new Error("the reverse search runs on 2-D boards of at most 64 squares");
    this.counter = new BitCaptureCounter(t, memoBits);
    const opp = oppositeDirs(t);
    this.pairs = [];
    for (let q = 0; q < this.size; q++) {
      const p: number[] = [];
      for (let i = 0; i < t.dirs; i++) {
        const j = opp[i];
        if (i > j) continue;
        const a = t.off[q * t.dirs + i], b = t.off[q * t.dirs + j];
        if (t.off[q * t.dirs + i + 1] > a && t.off[q * t.dirs + j + 1] > b) p.push(t.ray[a], t.ray[b]);
      }
      this.pairs.push(Int32Array.from(p));
    }
    this.inRegion = new Uint8Array(this.size);
    this.isMan = new Uint8Array(this.size);
    this.dead = new Uint8Array(this.size);
    this.reach = new Uint8Array(this.size);
    this.queue = new Int32Array(this.size);
    const [w, h] = dims;
    // Lemmas B and C hold for the locust's and the rook-locust's lines (edge-space.ts).
    if ((t.kind === "locust" || t.kind === "rook-locust") && w === h && w >= 3) {
      const n = w, sq = (x: number, y: number) => y * n + x;
      for (const e of [[0, 0, 1, 0], [0, n - 1, 1, 0], [0, 0, 0, 1], [n - 1, 0, 0, 1]]) {
        const edge: number[] = [];
        for (let i = 1; i < n - 1; i++) edge.push(sq(e[0] + i * e[2], e[1] + i * e[3]));
        this.edges.push(edge);
        for (const q of edge) this.inRegion[q] = 1;
      }
      if (t.kind === "rook-locust") {
        for (let by = 1; by + 1 < n - 1; by += 2) {
          for (let bx = 1; bx + 1 < n - 1; bx += 2) {
            const b = [sq(bx, by), sq(bx + 1, by), sq(bx, by + 1), sq(bx + 1, by + 1)];
            this.blocks.push(b);
            for (const q of b) this.inRegion[q] = 1;
          }
        }
      }
    }
  }

  /**
   * Squares the locust can still stand on, from S: a prepended capture moves
   * it from S to S' over squares without a man (M and the ones passed), so
   * these are the squares reached from S by such jumps over squares without
   * a man. Men are never removed, so every later jump is one of these now.
   */
  private reachFrom(S: number): void {
    const t = this.t, isMan = this.isMan, reach = this.reach, queue = this.queue;
    reach.fill(0);
    reach[S] = 1;
    queue[0] = S;
    let head = 0, tail = 1;
    while (head < tail) {
      const u = queue[head++];
      const o0 = u * t.dirs;
      for (let i = 0; i < t.dirs; i++) {
        const a = t.off[o0 + i], e = t.off[o0 + i + 1];
        if (e - a < 2 || isMan[t.ray[a]]) continue;
        for (let p = a + 1; p < e; p++) {
          const q = t.ray[p];
          if (isMan[q]) break;
          if (!reach[q]) {
            reach[q] = 1;
            queue[tail++] = q;
          }
        }
      }
    }
  }

  /** Lower bound on the squares without a man of any descendant of the state (locust on S, men `isMan`; header). */
  bound(S: number): number {
    const isMan = this.isMan, dead = this.dead, reach = this.reach;
    this.reachFrom(S);
    for (let q = 0; q < this.size; q++) {
      dead[q] = 0;
      if (isMan[q]) continue;
      const p = this.pairs[q];
      let fillable = false;
      for (let i = 0; i < p.length; i += 2) {
        const a = p[i], b = p[i + 1];
        // the locust lands on one neighbour (a square it can reach) having come over the other
        if (!isMan[a] && !isMan[b] && (reach[a] || reach[b])) {
          fillable = true;
          break;
        }
      }
      if (!fillable) dead[q] = 1;
    }
    let total = 0;
    for (let q = 0; q < this.size; q++) if (dead[q] && !this.inRegion[q]) total++;
    for (const e of this.edges) {
      // largest independent set of the path holding every man and no dead square
      let take = -Infinity, skip = 0;
      for (const q of e) {
        const nt = dead[q] ? -Infinity : skip + 1;
        const ns = isMan[q] ? -Infinity : Math.max(take, skip);
        take = nt;
        skip = ns;
      }
      total += e.length - Math.max(take, skip);
    }
    for (const b of this.blocks) total += Math.max(1, dead[b[0]] + dead[b[1]] + dead[b[2]] + dead[b[3]]);
    return total;
  }

  run(o: ReverseOptions): ReverseResult {
    const t = this.t, size = this.size, isMan = this.isMan;
    isMan.fill(0);
    const res: ReverseResult = { calls: 0, states: new Array(o.men + 1).fill(0), cut: 0, complete: true, deepest: 0, deepestState: null };
    const free = size - o.men;
    const random = seededRandom(o.seed ?? 1);
    const maxCalls = o.maxCalls ?? Infinity;
    const men: number[] = [];
    let stop = false;
    const rec = (S: number): void => {
      const k = men.length;
      res.states[k]++;
      if (k > res.deepest || !res.deepestState) {
        res.deepest = k;
        res.deepestState = { start: S, men: [...men] };
      }
      if (k === o.men) {
        if (o.start === undefined || S === o.start) {
          if (o.onPosition(S, men) === false) {
            stop = true;
            res.complete = false;
          }
        }
        return;
      }
      // children: (M, S') with their bound and a random key
      const kids: number[] = [];
      const o0 = S * t.dirs;
      for (let i = 0; i < t.dirs; i++) {
        const a = t.off[o0 + i], e = t.off[o0 + i + 1];
        if (e - a < 2) continue;
        const M = t.ray[a];
        if (isMan[M]) continue;
        if (k === 0 && o.lastMan !== undefined && M !== o.lastMan) continue;
        // the last capture must leave the final start free of men: S' at level men-1 must be the start
        for (let p = a + 1; p < e; p++) {
          const Sp = t.ray[p];
          if (isMan[Sp]) break;
          if (k === o.men - 1 && o.start !== undefined && Sp !== o.start) continue;
          kids.push(M, Sp);
        }
      }
      const order: { M: number; Sp: number; b: number; r: number }[] = [];
      for (let c = 0; c < kids.length; c += 2) {
        const M = kids[c], Sp = kids[c + 1];
        isMan[M] = 1;
        const b = o.noBound ? 0 : this.bound(Sp);
        isMan[M] = 0;
        if (b > free) {
          res.cut++;
          continue;
        }
        order.push({ M, Sp, b, r: random() });
      }
      order.sort((x, y) => x.b - y.b || x.r - y.r);
      for (const c of order) {
        if (stop) return;
        if (res.calls >= maxCalls) {
          stop = true;
          res.complete = false;
          return;
        }
        if (o.onProgress && res.calls % 1000 === 999 && o.onProgress(res.calls + 1, res.deepest) === false) {
          stop = true;
          res.complete = false;
          return;
        }
        isMan[c.M] = 1;
        men.push(c.M);
        res.calls++;
        const u = this.counter.count(c.Sp, men, { limit: 2 });
        if (u.count === 1) rec(c.Sp);
        men.pop();
        isMan[c.M] = 0;
      }
    };
    rec(o.end);
    return res;
  }
}
