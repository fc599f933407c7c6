/**
 * An upper bound on how many more squares a hopper tour over a movable hurdle
 * can visit from a state, sharper than the plain reach count (search.ts): the
 * "group" bound, the one-step forcing argument of Hamiltonian path searches
 * (solvers/hamiltonian/engine.ts) on the relaxed state graph.
 *
 * Setting: the hopper is on p (visited), the hurdle on h, U = the unvisited
 * squares. R = the states (hopper square, hurdle square) reachable from (p, h)
 * by combined steps whose landings are in U (squares are never used up there,
 * so every state a real continuation passes through is in R). Q = the squares
 * of the states in R: every square a continuation visits is in Q. A real
 * continuation is a sequence q1, q2, ..., qk of distinct squares of Q (q1 the
 * next landing), each q(i+1) landed from a state of q(i) in R, q1 from (p, h).
 *
 *   pred(q) = the squares r in {p} + Q with a step from a state of r in R (or
 *             from (p, h) itself when r = p) landing on q;
 *   succ(q) = the squares landed from states of q in R, other than q, plus,
 *             for closed and cyclic tours, the token END when such a step
 *             lands on the start square s0 (the jump home).
 *
 * In-groups: when pred(q) = {r}, q can only come right after r. r occurs at
 * most once in the sequence (p once, as the current square), so of the
 * squares whose only predecessor is r at most one is visited. Hence
 *   visited <= #{q in Q : |pred(q)| >= 2} + #{distinct r : some q has pred(q) = {r}}.
 * Out-groups: when succ(q) = {r}, q is followed by r or is the last square.
 * At most one square is followed by r, and (open tours) one square is last;
 * a closed tour's last square is followed by END, so it is in the END group
 * or has two successors. A square with succ(q) empty can only be last (open)
 * and never visited (closed). Hence
 *   visited <= #{q in Q : |succ(q)| >= 2} + #{distinct r : some q has succ(q) = {r}} + (open ? 1 : 0).
 * The bound is the least of |Q| and the two counts; each only over-counts the
 * real continuations, so a branch whose depth plus the bound cannot reach the
 * target holds no tour of the target (tests/hopper-tour/hopper_tour_bound_test.ts checks
 * it against the plain brute force of recheck.ts, and that a bound one
 * too low, the open tour's +1 left out, fails that test).
 */
import type { TourTable } from "./table.ts";
import type { TourMode } from "./search.ts";
import { Stamps } from "../graph/reach.ts";

const NONE = -1, MANY = -2, END = -3;

/** bound(p, h, s0): an upper bound on the squares a tour in state (p, h) from s0 can still visit. */
export function groupBound(t: TourTable, visited: Uint8Array, mode: TourMode): (p: number, h: number, s0: number) => number {
  const n = t.size;
  const { stepStart, stepHurdle, stepLand } = t;
  const stateStamp = new Int32Array(n * n);
  const sqStamp = new Int32Array(n);
  const queue = new Int32Array(n * n);
  const squares = new Int32Array(n);
  const pred = new Int32Array(n), succ = new Int32Array(n);
  const groupIn = new Int32Array(n + 1), groupOut = new Int32Array(n + 2);
  const stamps = new Stamps([stateStamp, sqStamp, groupIn, groupOut]);
  const closed = mode !== "open";
  const merge = (old: number, r: number) => (old === NONE || old === r ? r : MANY);
  return (p: number, h: number, s0: number): number => {
    const stamp = stamps.next();
    let head = 0, tail = 0, count = 0;
    queue[tail++] = p * n + h;
    stateStamp[p * n + h] = stamp;
    while (head < tail) {
      const ph = queue[head++];
      const r = (ph / n) | 0;
      for (let i = stepStart[ph]; i < stepStart[ph + 1]; i++) {
        const q = stepLand[i];
        if (visited[q]) {
          // The jump home: only a later square's (r in Q) counts, the current square's would end the tour now.
          if (closed && q === s0 && r !== p) succ[r] = merge(succ[r], END);
          continue;
        }
        if (sqStamp[q] !== stamp) {
          sqStamp[q] = stamp;
          squares[count++] = q;
          pred[q] = NONE;
          succ[q] = NONE;
        }
        pred[q] = merge(pred[q], r);
        if (r !== p) succ[r] = merge(succ[r], q);
        const nx = q * n + stepHurdle[i];
        if (stateStamp[nx] !== stamp) {
          stateStamp[nx] = stamp;
          queue[tail++] = nx;
        }
      }
    }
    let inBound = 0, outBound = closed ? 0 : 1;
    for (let k = 0; k < count; k++) {
      const q = squares[k];
      const a = pred[q];
      if (a === MANY) inBound++;
      else if (groupIn[a] !== stamp) {
        groupIn[a] = stamp;
        inBound++;
      }
      const b = succ[q];
      if (b === MANY) outBound++;
      else if (b !== NONE) {
        const g = b === END ? n : b;
        if (groupOut[g] !== stamp) {
          groupOut[g] = stamp;
          outBound++;
        }
      }
    }
    return Math.min(count, inBound, outBound);
  };
}
