/**
 * The Hopfield-style neural network for closed tours of Takefuji and Lee
 * (Y. Takefuji, K. C. Lee, "Neural network computing for knight's tour
 * problems", Neurocomputing 4 (1992) 249–254), the third finder of the thesis
 * (shared/sources/002 lines 843–865, 1870–1905; its timings in Table 5,
 * lines 2005–2025). Kept as a comparison: it is far slower than Warnsdorff and
 * divide and conquer, as the thesis found.
 *
 * One neuron per move (edge of the leaper graph), with a state U and an output
 * V in {0,1}. The published rule is U += 2 - (sum of the outputs of the other
 * moves at its two squares); V becomes 1 when U > 3, 0 when U < 0, and stays
 * otherwise. Run as published (outputs random, states 0) it stalled on every
 * one of 300 runs on 8x8 for us: an idle move between two squares that each
 * lack one active move gets 2 - 2 = 0 and never switches on. Our variant
 * (measured: 2-factors in ~97% of runs on 6x6 and 8x8) drives every move by
 * U += 4 - (active moves at its first square) - (active moves at its second),
 * counting itself: the same as published for active moves, +2 for idle ones,
 * so an idle move sees 0 exactly when its squares are full. Neurons update one
 * after another in board order, as in the thesis (line 1880). A stable network with every square on exactly two
 * active moves is a set of disjoint cycles covering the board; it is a tour
 * when it is one cycle. Otherwise, or when the network keeps oscillating, the
 * outputs are drawn afresh and it runs again.
 */
import type { Graph } from "../types.ts";
import { seededRandom } from "../random.ts";

export interface NeuralOptions {
  seed?: number;
  /** Restarts before giving up (default 10000). */
  maxRestarts?: number;
  /** Updates per run before it counts as oscillating (default 200). */
  maxIterations?: number;
}

export interface NeuralResult {
  tour: Int32Array | null;
  restarts: number;
  /** Total synchronous updates of the whole network. */
  iterations: number;
  /** Stable runs that ended as several cycles (not a tour). */
  multiCycle: number;
}

export function neuralTour(g: Graph, o: NeuralOptions = {}): NeuralResult {
  const n = g.order;
  const rand = seededRandom(o.seed ?? 3);
  const maxRestarts = o.maxRestarts ?? 10000;
  const maxIter = o.maxIterations ?? 200;
  // Edges u < v.
  let m = 0;
  for (let v = 0; v < n; v++) for (let e = g.start[v]; e < g.start[v + 1]; e++) if (g.adj[e] > v) m++;
  const eu = new Int32Array(m);
  const ev = new Int32Array(m);
  for (let v = 0, k = 0; v < n; v++) for (let e = g.start[v]; e < g.start[v + 1]; e++) if (g.adj[e] > v) eu[k] = v, ev[k++] = g.adj[e];
  const U = new Int32Array(m);
  const V = new Uint8Array(m);
  const S = new Int32Array(n);
  let iterations = 0;
  let multiCycle = 0;
  for (let restart = 0; restart < maxRestarts; restart++) {
    U.fill(0);
    for (let k = 0; k < m; k++) V[k] = rand() < 0.5 ? 1 : 0;
    let stable = false;
    S.fill(0);
    for (let k = 0; k < m; k++) if (V[k]) S[eu[k]]++, S[ev[k]]++;
    for (let it = 0; it < maxIter; it++) {
      iterations++;
      let changed = false;
      // Sequential updates square by square (the moves from each square in board order, as the
      // thesis did): each neuron sees the outputs already updated in this sweep.
      for (let k = 0; k < m; k++) {
        const a = eu[k];
        const b = ev[k];
        U[k] += 4 - S[a] - S[b];
        const nv = U[k] > 3 ? 1 : U[k] < 0 ? 0 : V[k];
        if (nv !== V[k]) {
          const d = nv - V[k];
          S[a] += d;
          S[b] += d;
          V[k] = nv;
          changed = true;
        }
      }
      // No output changed: an equilibrium only when every square has two active moves (then
      // active moves get 2 - 2 = 0 and idle ones -2 per update, so nothing can change again).
      // Otherwise the states keep drifting and outputs will flip later: keep updating.
      if (!changed) {
        let twoFactor = true;
        for (let v = 0; v < n && twoFactor; v++) if (S[v] !== 2) twoFactor = false;
        if (twoFactor) {
          stable = true;
          break;
        }
      }
    }
    if (!stable) continue;
    const tour = singleCycle(n, m, eu, ev, V);
    if (tour) return { tour, restarts: restart, iterations, multiCycle };
    multiCycle++;
  }
  return { tour: null, restarts: maxRestarts, iterations, multiCycle };
}

/** The order of the one cycle the active moves form, or null when they are not a single covering cycle. */
function singleCycle(n: number, m: number, eu: Int32Array, ev: Int32Array, V: Uint8Array): Int32Array | null {
  const a = new Int32Array(n).fill(-1);
  const b = new Int32Array(n).fill(-1);
  for (let k = 0; k < m; k++) {
    if (!V[k]) continue;
    for (const [x, y] of [[eu[k], ev[k]], [ev[k], eu[k]]]) {
      if (a[x] < 0) a[x] = y;
      else if (b[x] < 0) b[x] = y;
      else return null;
    }
  }
  for (let v = 0; v < n; v++) if (b[v] < 0) return null;
  const order = new Int32Array(n);
  let prev = -1;
  let cur = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && cur === 0) return null;
    order[i] = cur;
    const nx = a[cur] !== prev ? a[cur] : b[cur];
    prev = cur;
    cur = nx;
  }
  return cur === 0 ? order : null;
}
