/**
 * Dawson-type grasshopper tours by incremental placement enumeration: every
 * placement of k fixed hurdles on a w x h board (the start kept free) that
 * passes the ENTRY condition below is generated once, without visiting the
 * placements that fail it, and each survivor is then filtered by the EXIT
 * condition and decided by a directed Hamiltonian path search from the start
 * (tour.ts: tourGraph + countTours, limit 1, with its reachability cut).
 *
 * Notation: squares are decided HURDLE or FREE or left undecided; the start is
 * FREE from the outset. A grasshopper on P jumps along a queen direction d over
 * the first hurdle H on that line and lands on T = H + d, which must be on the
 * board and free; the hurdles never move.
 *
 * ENTRY (the rule that prunes subtrees). A path through every free square from
 * the start enters every free square S other than the start by a jump, so some
 * jump lands on S: over H = S - d, from P = S - j*d (j >= 2) with every square
 * strictly between P and H free. Hence H is a hurdle and B = S - 2d is on the
 * board and free (B = P when j = 2, else B lies strictly between P and H).
 * Call (H, B) = (S - d, S - 2d), both on the board, an OPTION of S: S needs an
 * option with H a hurdle and B free. (So a hurdle on the edge enters only its
 * two neighbours along the edge, a corner hurdle none.) An option is ALIVE
 * while H is not decided FREE and B is not decided HURDLE; S is COVERED while
 * an alive option has H decided HURDLE. Rules, each removing only partial
 * placements none of whose completions satisfies ENTRY:
 *   (E1) a square decided FREE (not the start) with no alive option: dead,
 *        since options only die as squares get decided;
 *   (E2) branching on an uncovered square S (not a hurdle, not the start) with
 *        the fewest alive options: either S is a hurdle (only if S is
 *        undecided), or S is free and its first option (in a fixed order)
 *        whose H is a hurdle in the completion is option i: branch i sets S
 *        FREE, the H of the alive options before i FREE, and H_i HURDLE.
 *        The branches are disjoint (they differ on S or on the first hurdle
 *        among H_1, H_2, ...) and cover every completion satisfying ENTRY (in
 *        a completion where S is free, some option of S has H hurdle and B
 *        free; it is alive now, since options never revive on the way down,
 *        and dead options cannot be the covering one). Options whose H is
 *        already decided FREE are dead; options whose H is already HURDLE
 *        would make S covered, so the H_i branched on are undecided.
 *   (E3) capacity: with r hurdles left to place and X uncovered squares that
 *        are not hurdles (the start excluded), each new hurdle covers at most
 *        itself (by being a hurdle) and the 8 squares next to it (it is H of
 *        one option of each neighbour at most), so X <= 9r is necessary.
 *        (Squares decided HURDLE are never uncovered; a placed hurdle never
 *        gains options to cover, it can only lose them, so the bound is on
 *        new hurdles only.)
 *   (E4) count: exactly k hurdles, so r <= the number of undecided squares.
 * When every non-hurdle square is covered, the remaining r hurdles go on the
 * undecided squares taken in index order (hurdle / free), which generates each
 * completion once; a hurdle placed there may uncover squares (it can be the B
 * of an option), which then get branched on by E2 again. A leaf is a full
 * placement (r = 0, every undecided square set FREE: setting squares FREE
 * never uncovers anything, since a covered square's covering option has H a
 * hurdle) in which every free square but the start is covered: exactly ENTRY.
 *
 * EXIT (filter on each leaf). Every free square but the last is left by a
 * jump: at most one free square has no jump out, and the start has one when
 * there is any other free square.
 *
 * DECISION: tour.ts's countTours (limit 1) on the directed jump graph, with its
 * two exact cuts (an unvisited square needs a live predecessor; at most one
 * unvisited square without an unvisited successor, which then comes last) and
 * the reachability cut (every unvisited square reachable from the head through
 * unvisited squares). On the 45,264 ENTRY survivors of 11 hurdles from c1 the
 * reachability cut decides most at the root (no tour: some free square cannot
 * be reached from the start at all).
 *
 * Slices: the search tree is cut at depth `sliceDepth` (branch decisions from
 * the root); the subtrees there are numbered in depth-first order and slice s
 * of m takes those with number % m === s. Subtrees ending above that depth
 * belong to slice 0. Every leaf is in exactly one slice, for a fixed board,
 * start, k and sliceDepth.
 *
 * tests/hopper/dawson_enum_test.ts compares survivors and answers with a brute force.
 */
import { makeBoard } from "../board/board.ts";
import { hopper } from "../pieces/hopper.ts";
import { countTours, tourGraph } from "./tour.ts";

export interface EnumQuery {
  w: number;
  h: number;
  hurdles: number;
  start: number;
  slice?: number;
  slices?: number;
  sliceDepth?: number;
  /** Decide each leaf's tour (default true); false: count ENTRY and EXIT survivors only. */
  decide?: boolean;
  /** tour.ts's reachability cut in the decision (default true). */
  reach?: boolean;
  /** Search nodes per decided placement (default unlimited); over it counts as truncated. */
  nodesPerPlacement?: number;
  /** Each ENTRY survivor (hurdle squares, ascending) and whether it passed EXIT. Return false to stop. */
  onLeaf?: (hurdles: number[], exitOk: boolean) => boolean | void;
  /** Each placement with a tour. Return false to stop. */
  onTour?: (hurdles: number[], moves: number[]) => boolean | void;
  /** Called every `progressEvery` leaves. */
  onProgress?: (r: EnumResult) => void;
  progressEvery?: number;
}

export interface EnumResult {
  /** Branch nodes of the placement tree visited. */
  nodes: number;
  /** Placements satisfying ENTRY, of those EXIT, decided placements with a tour, truncated decisions. */
  entry: number;
  exit: number;
  withTour: number;
  truncated: number;
  /** Path-search nodes over all decisions. */
  pathNodes: number;
  /** Subtrees at sliceDepth seen (all slices) and taken by this slice. */
  subtrees: number;
  taken: number;
  complete: boolean;
}

const DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const UNDEC = 0, HURDLE = 1, FREE = 2;

export function enumeratePlacements(q: EnumQuery): EnumResult {
  const { w, h, start } = q;
  const n = w * h;
  const K = q.hurdles;
  const slices = q.slices ?? 1, slice = q.slice ?? 0, sliceDepth = q.sliceDepth ?? 0;
  const decide = q.decide ?? true;
  const state = new Uint8Array(n);
  state[start] = FREE;
  // Options of S: optH/optB at S*8+i, i < optN[S].
  const optH = new Int32Array(n * 8), optB = new Int32Array(n * 8), optN = new Int32Array(n);
  // Where Q is the H (resp. B) of an option: option ids S*8+i.
  const asH: number[][] = Array.from({ length: n }, () => []);
  const asB: number[][] = Array.from({ length: n }, () => []);
  for (let s = 0; s < n; s++) {
    const x = s % w, y = (s - x) / w;
    for (const [dx, dy] of DIRS) {
      const hx = x - dx, hy = y - dy, bx = x - 2 * dx, by = y - 2 * dy;
      if (bx < 0 || by < 0 || bx >= w || by >= h) continue;
      const id = s * 8 + optN[s]++;
      optH[id] = hy * w + hx;
      optB[id] = by * w + bx;
      asH[hy * w + hx].push(id);
      asB[by * w + bx].push(id);
    }
  }
  const asHf = asH.map((a) => Int32Array.from(a)), asBf = asB.map((a) => Int32Array.from(a));
  // alive[S], cover[S]: alive options of S, and those with H decided HURDLE.
  const alive = new Int32Array(n), cover = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    for (let i = 0; i < optN[s]; i++) if (optH[s * 8 + i] !== start) alive[s]++;
  }
  let placed = 0, undecided = n - 1;
  const trail = new Int32Array(n);
  let trailLen = 0;
  /** Decide q; returns false when E1 fails (the decision stays made: undo with unset). */
  const set = (sq: number, v: number): boolean => {
    state[sq] = v;
    trail[trailLen++] = sq;
    undecided--;
    let ok = true;
    if (v === HURDLE) {
      placed++;
      const b = asBf[sq];
      for (let j = 0; j < b.length; j++) {
        const id = b[j], s = id >> 3, hs = state[optH[id]];
        if (hs === FREE) continue; // already dead
        alive[s]--;
        if (hs === HURDLE) cover[s]--;
        if (alive[s] === 0 && state[s] === FREE && s !== start) ok = false;
      }
      const a = asHf[sq];
      for (let j = 0; j < a.length; j++) {
        const id = a[j];
        if (state[optB[id]] !== HURDLE) cover[id >> 3]++;
      }
    } else {
      const a = asHf[sq];
      for (let j = 0; j < a.length; j++) {
        const id = a[j], s = id >> 3;
        if (state[optB[id]] === HURDLE) continue;
        alive[s]--;
        if (alive[s] === 0 && state[s] === FREE && s !== start) ok = false;
      }
      if (alive[sq] === 0 && sq !== start) ok = false;
    }
    return ok;
  };
  const unset = (): void => {
    const sq = trail[--trailLen];
    const v = state[sq];
    state[sq] = UNDEC;
    undecided++;
    if (v === HURDLE) {
      placed--;
      const a = asHf[sq];
      for (let j = 0; j < a.length; j++) {
        const id = a[j];
        if (state[optB[id]] !== HURDLE) cover[id >> 3]--;
      }
      const b = asBf[sq];
      for (let j = 0; j < b.length; j++) {
        const id = b[j], s = id >> 3, hs = state[optH[id]];
        if (hs === FREE) continue;
        alive[s]++;
        if (hs === HURDLE) cover[s]++;
      }
    } else {
      const a = asHf[sq];
      for (let j = 0; j < a.length; j++) {
        const id = a[j];
        if (state[optB[id]] === HURDLE) continue;
        alive[id >> 3]++;
      }
    }
  };
  const undoTo = (len: number) => {
    while (trailLen > len) unset();
  };

  const board = makeBoard([w, h]);
  const rays = hopper("grasshopper").rays(board);
  const occ = new Uint8Array(n);
  const res: EnumResult = { nodes: 0, entry: 0, exit: 0, withTour: 0, truncated: 0, pathNodes: 0, subtrees: 0, taken: 0, complete: true };
  const every = q.progressEvery ?? 1e6;
  let stopped = false;
  const hurdleList = (): number[] => {
    const out: number[] = [];
    for (let s = 0; s < n; s++) if (state[s] === HURDLE) out.push(s);
    return out;
  };
  /** EXIT on the full placement in state (undecided squares count as free). */
  const exitOk = (): boolean => {
    let sinks = 0;
    for (let s = 0; s < n; s++) {
      if (state[s] === HURDLE) continue;
      const x0 = s % w, y0 = (s - x0) / w;
      let out = false;
      for (let d = 0; d < 8 && !out; d++) {
        const dx = DIRS[d][0], dy = DIRS[d][1];
        let x = x0 + dx, y = y0 + dy;
        while (x >= 0 && y >= 0 && x < w && y < h && state[y * w + x] !== HURDLE) {
          x += dx;
          y += dy;
        }
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        x += dx;
        y += dy;
        if (x >= 0 && y >= 0 && x < w && y < h && state[y * w + x] !== HURDLE) out = true;
      }
      if (!out) {
        if (s === start && n - K > 1) return false;
        if (++sinks > 1) return false;
      }
    }
    return true;
  };
  const leaf = (): void => {
    res.entry++;
    const hs = hurdleList();
    const ex = exitOk();
    if (ex) res.exit++;
    if (q.onLeaf?.(hs, ex) === false) stopped = true;
    if (ex && decide && !stopped) {
      for (let s = 0; s < n; s++) occ[s] = state[s] === HURDLE ? 1 : 0;
      const g = tourGraph(rays, start, occ);
      let moves: number[] = [];
      const c = countTours(g, {
        limit: 1,
        reach: q.reach ?? true,
        maxNodes: q.nodesPerPlacement,
        onTour: (o) => {
          moves = Array.from(o.subarray(1), (v) => g.squares[v]);
        },
      });
      res.pathNodes += c.nodes;
      if (c.tours > 0) {
        res.withTour++;
        if (q.onTour?.(hs, moves) === false) stopped = true;
      } else if (!c.complete) res.truncated++;
    }
    if (res.entry % every === 0) q.onProgress?.(res);
  };

  const search = (depth: number): void => {
    if (stopped) return;
    res.nodes++;
    if (depth === sliceDepth && sliceDepth > 0) {
      const id = res.subtrees++;
      if (id % slices !== slice) return;
      res.taken++;
    }
    const r = K - placed;
    if (r > undecided) return; // E4
    // E2 / E3: the uncovered non-hurdle square with the fewest alive options.
    let best = -1, bestCount = 1 << 30, X = 0;
    for (let s = 0; s < n; s++) {
      const v = state[s];
      if (v === HURDLE || s === start || cover[s] > 0) continue;
      X++;
      const c = alive[s] + (v === UNDEC ? 1 : 0);
      if (c < bestCount) {
        bestCount = c;
        best = s;
      }
    }
    if (X > 9 * r) return; // E3
    // A leaf above the cut belongs to slice 0.
    const aboveCut = sliceDepth > 0 && depth < sliceDepth;
    const mark = trailLen;
    if (best < 0) {
      if (r === 0) {
        if (aboveCut && slice !== 0) return;
        for (let s = 0; s < n; s++) if (state[s] === UNDEC) set(s, FREE);
        leaf();
        undoTo(mark);
        return;
      }
      let u = 0;
      while (state[u] !== UNDEC) u++;
      if (set(u, HURDLE)) search(depth + 1);
      undoTo(mark);
      if (undecided - 1 >= r) {
        if (set(u, FREE)) search(depth + 1);
        undoTo(mark);
      }
      return;
    }
    if (state[best] === UNDEC && r > 0) {
      if (set(best, HURDLE)) search(depth + 1);
      undoTo(mark);
    }
    if (r === 0) return;
    let ok = true;
    if (state[best] === UNDEC) ok = set(best, FREE);
    if (ok) {
      const base = best * 8;
      for (let i = 0; i < optN[best] && ok && !stopped; i++) {
        const id = base + i, hq = optH[id];
        if (state[hq] !== UNDEC || state[optB[id]] === HURDLE) continue; // dead (H free or B hurdle); H hurdle impossible (uncovered)
        const m2 = trailLen;
        if (set(hq, HURDLE)) search(depth + 1);
        undoTo(m2);
        ok = set(hq, FREE);
      }
    }
    undoTo(mark);
  };
  search(0);
  res.complete = !stopped;
  return res;
}
