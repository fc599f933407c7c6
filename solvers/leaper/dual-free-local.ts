/**
 * Local search for long dual-free sequences (method "local"): a heuristic that
 * complements the booklet's direct generation (dual-free-search.ts) on the
 * large boards where the generation tree is far too big to cover.
 *
 * The state is a dual-free sequence itself: a start and men whose induced graph
 * has exactly one Hamiltonian path from the start. It moves to a neighbouring
 * dual-free sequence by changing one or two men, re-deciding uniqueness with the
 * engine (decideUnique) after every change, so every state, and therefore every
 * witness it returns, is dual-free by construction; the returned witness is
 * decided once more from scratch before it is handed out.
 *
 * Moves, each keeping a Hamiltonian path (the old one, locally rerouted), so
 * only uniqueness is in doubt:
 * - grow: append a man after the last one, insert a man between two consecutive
 *   men that both reach it, or put a new start in front of the old one (the
 *   start is free: the cell is the maximum over every start);
 * - sideways: replace a man by an unused square that reaches both of its path
 *   neighbours (or the previous man, for the last one);
 * - shrink: drop the last man, drop a man whose two path neighbours reach each
 *   other, or drop the start (the first man becomes the start).
 * When the engine finds the grown or changed position dual-free, its unique
 * solution is the new sequence (it is the rerouted path, being the only one).
 *
 * Strategy: first improvement over every grow move in random order; at a local
 * maximum a random sideways move, or now and then a shrink, with a short tabu
 * list so that a square just taken out is not put straight back. After a run of
 * steps without a new best the search restarts from the best sequence with a
 * random shake (several shrinks), or from a fresh start square. A seeded
 * generator makes runs reproducible: with an iteration cap instead of a clock
 * the result depends only on the options.
 *
 * This is a heuristic: it proves nothing about maximality (its coverage is never
 * exhaustive), and it may miss the maximum; it never returns a position that is
 * not dual-free.
 */
import { seededRandom } from "../random.ts";
import type { Board, Graph, Square } from "../types.ts";
import { boardGraph } from "../graph/graph.ts";
import { leaper } from "../pieces/leaper.ts";
import { canonicalSquares } from "../board/symmetry.ts";
import { decideUnique } from "../hamiltonian/engine.ts";
import type { Coverage, DualFreeResult, DualFreeWitness } from "./dual-free-search.ts";

export interface LocalSearchOptions {
  /** Stop as soon as a sequence of this many men is found. */
  target?: number;
  /** Wall-clock budget in milliseconds (default: none). */
  budgetMs?: number;
  /** Clock (default Date.now); injectable for tests. */
  now?: () => number;
  /** Stop after this many steps (default: none); with no clock the run is deterministic. */
  maxSteps?: number;
  /** Seed of the generator (default 1). */
  seed?: number;
  /** Squares a fresh restart may start from (default: the canonical squares). */
  starts?: readonly Square[];
  /** Engine nodes per uniqueness decision; a position it cannot settle is treated as not dual-free (default 200000). */
  maxNodesPerPosition?: number;
  /** Steps without a new best before a restart (default 400). */
  patience?: number;
  /** Base number of steps a square that just changed stays fixed (default 4). */
  tenure?: number;
  /** Sequences (found by our own searches, never a published witness) to start from. */
  seeds?: readonly { start: Square; moves: readonly Square[] }[];
  /** Called with each new best. */
  onImprove?: (w: DualFreeWitness) => void;
}

/** A small seeded generator so that runs are reproducible. */
const generator = seededRandom;

const enum Kind {
  /** A new man anywhere (the engine finds the order). */
  Add,
  /** A new start in front of the old one, which becomes the first man. */
  Prepend,
  /** A man taken out and an unused square put in. */
  Swap,
  /** The start replaced by an unused square. */
  NewStart,
  /** The same squares, another of them as the start. */
  Root,
  /** A man taken out. */
  Remove,
  /** The start taken out; the first man becomes the start. */
  DropStart,
}

/**
 * Decides candidate positions: the squares of a sequence (start first), with
 * one square added or removed, go into a reusable CSR buffer and to decideUnique.
 */
class Judge implements Graph {
  order = 0;
  readonly start: Int32Array;
  readonly adj: Int32Array;
  readonly sq: Int32Array;
  readonly index: Int32Array;
  /** The last unique solution, as squares, start first. */
  readonly solution: Int32Array;
  nodes = 0;
  calls = 0;
  undecided = 0;
  constructor(readonly g: Graph, readonly maxNodes: number) {
    let maxDeg = 0;
    for (let v = 0; v < g.order; v++) maxDeg = Math.max(maxDeg, g.start[v + 1] - g.start[v]);
    this.start = new Int32Array(g.order + 1);
    this.adj = new Int32Array(Math.max(1, g.order * maxDeg));
    this.sq = new Int32Array(g.order);
    this.index = new Int32Array(g.order).fill(-1);
    this.solution = new Int32Array(g.order);
  }
  /**
   * Whether the position on squares[0..n), squares[0] the start, has exactly one
   * solution (then in `solution`); false also when the engine gave up.
   */
  decide(squares: Int32Array, n: number): boolean {
    const { g, start, adj, sq, index } = this;
    for (let i = 0; i < n; i++) {
      sq[i] = squares[i];
      index[squares[i]] = i;
    }
    let k = 0;
    for (let i = 0; i < n; i++) {
      start[i] = k;
      const v = sq[i];
      for (let e = g.start[v]; e < g.start[v + 1]; e++) {
        const j = index[g.adj[e]];
        if (j >= 0) adj[k++] = j;
      }
    }
    start[n] = k;
    this.order = n;
    this.calls++;
    const r = decideUnique(this, { start: 0, maxNodes: this.maxNodes });
    this.nodes += r.nodes;
    if (!r.complete) this.undecided++;
    const unique = r.unique && r.solution !== null;
    if (unique) { for (let i = 0; i < n; i++) this.solution[i] = sq[r.solution![i]]; }
    for (let i = 0; i < n; i++) index[sq[i]] = -1;
    return unique;
  }
}

export function localDualFreeSearch(board: Board, leap: readonly [number, number], o: LocalSearchOptions = {}): DualFreeResult {
  const now = o.now ?? Date.now;
  const t0 = now();
  const deadline = o.budgetMs === undefined ? Infinity : t0 + o.budgetMs;
  const maxSteps = o.maxSteps ?? Infinity;
  const patience = o.patience ?? 400;
  const tenure = o.tenure ?? 4;
  const rand = generator(o.seed ?? 1);
  const g = boardGraph(board, leaper(leap[0], leap[1]));
  const n = g.order;
  const judge = new Judge(g, o.maxNodesPerPosition ?? 200000);
  const starts = o.starts ?? canonicalSquares(board);
  const cov: Coverage = {
    method: "local",
    exhaustive: false,
    stoppedBy: null,
    startsDone: 0,
    startsTotal: starts.length,
    positions: 0,
    engineCalls: 0,
    engineNodes: 0,
    undecided: 0,
    ms: 0,
  };

  // Current sequence: seq[0] = start, seq[1..len] = men; pos[square] = index or -1.
  const seq = new Int32Array(n);
  let len = 0;
  const pos = new Int32Array(n).fill(-1);
  const cand = new Int32Array(n + 1);
  // tabu[square] = step until which the square may not re-enter (or leave).
  const tabu = new Int32Array(n);
  const moves: number[] = []; // packed proposals: kind, index, square
  let step = 0;

  const setSequence = (s: Int32Array, count: number): void => {
    for (let i = 0; i <= len; i++) pos[seq[i]] = -1;
    for (let i = 0; i < count; i++) seq[i] = s[i];
    len = count - 1;
    for (let i = 0; i <= len; i++) pos[seq[i]] = i;
  };

  let best: DualFreeWitness | null = null;
  let bestSeq: Int32Array | null = null;
  const target = o.target ?? Infinity;
  const consider = (): boolean => {
    if (!best || len > best.moves.length) {
      bestSeq = seq.slice(0, len + 1);
      best = { start: seq[0], moves: Array.from(seq.subarray(1, len + 1)), nodes: judge.calls + judge.nodes, method: "local" };
      o.onImprove?.(best);
      return true;
    }
    return false;
  };

  /** The squares of a move's position, start first, into `cand`; returns how many. */
  const build = (kind: Kind, i: number, x: number): number => {
    let m = 0;
    switch (kind) {
      case Kind.Add:
        for (let j = 0; j <= len; j++) cand[m++] = seq[j];
        cand[m++] = x;
        break;
      case Kind.Prepend:
        cand[m++] = x;
        for (let j = 0; j <= len; j++) cand[m++] = seq[j];
        break;
      case Kind.Swap:
        for (let j = 0; j <= len; j++) cand[m++] = j === i ? x : seq[j];
        break;
      case Kind.NewStart:
        cand[m++] = x;
        for (let j = 1; j <= len; j++) cand[m++] = seq[j];
        break;
      case Kind.Root:
        cand[m++] = seq[i];
        for (let j = 0; j <= len; j++) if (j !== i) cand[m++] = seq[j];
        break;
      case Kind.Remove:
        for (let j = 0; j <= len; j++) if (j !== i) cand[m++] = seq[j];
        break;
      case Kind.DropStart:
        for (let j = 1; j <= len; j++) cand[m++] = seq[j];
        break;
    }
    return m;
  };

  /** Try one move; on success the sequence becomes the position's unique solution. */
  const attempt = (kind: Kind, i: number, x: number): boolean => {
    const m = build(kind, i, x);
    cov.positions++;
    if (!judge.decide(cand, m)) return false;
    // Squares that changed become tabu for a few steps.
    const hold = step + tenure + Math.floor(rand() * tenure);
    if (x >= 0) tabu[x] = hold;
    if (kind === Kind.Swap || kind === Kind.Remove) tabu[seq[i]] = hold;
    if (kind === Kind.NewStart || kind === Kind.DropStart) tabu[seq[0]] = hold;
    setSequence(judge.solution, m);
    return true;
  };

  const shuffle = (a: number[], stride: number): void => {
    const k = a.length / stride;
    for (let i = k - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      for (let t = 0; t < stride; t++) {
        const tmp = a[i * stride + t];
        a[i * stride + t] = a[j * stride + t];
        a[j * stride + t] = tmp;
      }
    }
  };

  /** Members of the current position among x's neighbours, not counting `but`. */
  const linksIn = (x: number, but: number): number => {
    let c = 0;
    for (let e = g.start[x]; e < g.start[x + 1]; e++) {
      const w = g.adj[e];
      if (pos[w] >= 0 && w !== but) c++;
    }
    return c;
  };

  const free = (x: number): boolean => pos[x] < 0 && tabu[x] <= step;

  // A square with no member among its neighbours would be isolated (test K): not proposed.
  const growMoves = (): void => {
    moves.length = 0;
    for (let x = 0; x < n; x++) if (free(x) && linksIn(x, -1) > 0) moves.push(Kind.Add, 0, x);
    const first = seq[0];
    for (let e = g.start[first]; e < g.start[first + 1]; e++) {
      const x = g.adj[e];
      if (free(x)) moves.push(Kind.Prepend, 0, x);
    }
  };

  const sideMoves = (): void => {
    moves.length = 0;
    for (let i = 1; i <= len; i++) {
      const y = seq[i];
      if (tabu[y] > step) continue;
      for (let x = 0; x < n; x++) if (free(x) && linksIn(x, y) > 0) moves.push(Kind.Swap, i, x);
    }
    if (len >= 1 && tabu[seq[0]] <= step) {
      for (let x = 0; x < n; x++) if (free(x) && linksIn(x, seq[0]) > 0) moves.push(Kind.NewStart, 0, x);
    }
    for (let i = 1; i <= len; i++) moves.push(Kind.Root, i, -1);
  };

  const shrinkMoves = (): void => {
    moves.length = 0;
    if (len >= 1) moves.push(Kind.DropStart, 0, -1);
    for (let i = 1; i <= len; i++) moves.push(Kind.Remove, i, -1);
  };

  const tryAll = (): boolean => {
    shuffle(moves, 3);
    for (let k = 0; k < moves.length; k += 3) {
      if (attempt(moves[k] as Kind, moves[k + 1], moves[k + 2])) return true;
      if (now() > deadline) return false;
    }
    return false;
  };

  const fresh = (): void => {
    const s = new Int32Array(1);
    s[0] = starts[Math.floor(rand() * starts.length)];
    setSequence(s, 1);
    cov.startsDone++;
  };

  if (starts.length === 0) return { witness: null, coverage: cov, longest: null };

  // Seeds (checked: only dual-free ones are used), else a fresh start.
  let seeded = false;
  for (const w of o.seeds ?? []) {
    const s = Int32Array.from([w.start, ...w.moves]);
    // Squares off the board or given twice make no position: such a seed is skipped.
    const mark = new Uint8Array(n);
    if (s.some((v) => !Number.isInteger(v) || v < 0 || v >= n || mark[v]++ > 0)) continue;
    if (!judge.decide(s, s.length)) continue;
    setSequence(judge.solution, s.length);
    consider();
    seeded = true;
  }
  if (bestSeq) setSequence(bestSeq, (bestSeq as Int32Array).length);
  if (!seeded) {
    fresh();
    consider();
  }

  let sinceBest = 0;
  let stopped = false;
  while (!(best && (best as DualFreeWitness).moves.length >= target)) {
    if (step >= maxSteps || now() > deadline) {
      stopped = true;
      break;
    }
    step++;
    growMoves();
    if (tryAll()) {
      if (consider()) sinceBest = 0;
      else sinceBest++;
      continue;
    }
    sinceBest++;
    if (sinceBest > patience) {
      // Restart: from the best with a shake, or (one time in three) from scratch.
      sinceBest = 0;
      if (bestSeq && rand() < 2 / 3) {
        setSequence(bestSeq, (bestSeq as Int32Array).length);
        const shakes = 2 + Math.floor(rand() * 4);
        for (let k = 0; k < shakes && len > 0; k++) {
          shrinkMoves();
          tryAll();
        }
      } else fresh();
      continue;
    }
    // A local maximum: sideways, else (or now and then) one man fewer.
    if (rand() < 0.85) {
      sideMoves();
      if (tryAll()) continue;
    }
    shrinkMoves();
    tryAll();
  }

  cov.engineCalls = judge.calls;
  cov.engineNodes = judge.nodes;
  cov.undecided = judge.undecided;
  cov.stoppedBy = stopped && !(best && (best as DualFreeWitness).moves.length >= target) ? "budget" : null;
  cov.ms = now() - t0;
  const witness = best as DualFreeWitness | null;
  if (witness && witness.moves.length > 0) {
    // Decided once more from scratch, without a node cap: only a dual-free sequence leaves.
    const squares = Int32Array.from([witness.start, ...witness.moves]);
    const check = new Judge(g, Infinity);
    if (!check.decide(squares, squares.length) || squares.some((v, i) => check.solution[i] !== v)) {
      throw new Error("local dual-free search: a kept sequence is not dual-free");
    }
  }
  if (witness && o.target !== undefined && witness.moves.length < o.target) {
    return { witness: null, coverage: cov, longest: witness };
  }
  return { witness, coverage: cov, longest: witness };
}
