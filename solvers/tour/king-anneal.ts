/**
 * Long closed king tours by simulated annealing (king.ts searches exactly but
 * cannot reach 7×7 and beyond). The longest closed king tour of n×n is the
 * one with the fewest orthogonal steps (king.ts), so this is a travelling
 * salesman problem on the n² squares: a cyclic order of all squares costs 1
 * per orthogonal step, 0 per diagonal step and PENALTY per step that is no
 * king move at all. Moves are segment reversals (2-opt): reversing the part
 * between two cut points changes only the two steps at the cuts, so each
 * move costs O(1) to price. The temperature falls geometrically; a run stops
 * when the cost reaches the target, and restarts from a new random order
 * with the next seed otherwise.
 *
 * Only a witness comes out of here, never a bound: a run stops only when no
 * step is a non-king step and the orthogonal steps are ≤ target (and
 * countOrthogonal checks every step again). That the tour is longest needs
 * the lower bound (king.ts: 2n for odd n).
 */
import { seededRandom } from "../random.ts";
import { countOrthogonal } from "./king.ts";

/** Cost of a step that is not a king move (a soft penalty: the annealing may pass through such orders). */
const PENALTY = 4;

export interface AnnealOptions {
  seed?: number;
  /** Moves tried per run (default 300 000·n²/49: longer runs on larger boards). */
  steps?: number;
  /** Runs before giving up (default 20). */
  restarts?: number;
}

export interface AnnealResult {
  /** The tour (square x + n·y in order, closed), or null when no run reached the target. */
  tour: Int32Array | null;
  orthogonal: number | null;
  runs: number;
  /** Moves tried in all runs. */
  moves: number;
}

/** A closed king tour of n×n with at most `target` orthogonal steps, or null. */
export function annealKingTour(n: number, target: number, o: AnnealOptions = {}): AnnealResult {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`king tours need a board of side 2 or more, not ${n}`);
  const N = n * n;
  const cost = new Uint8Array(N * N);
  for (let a = 0; a < N; a++) {
    for (let b = 0; b < N; b++) {
      const dx = Math.abs((a % n) - (b % n));
      const dy = Math.abs(((a / n) | 0) - ((b / n) | 0));
      cost[a * N + b] = dx <= 1 && dy <= 1 ? (dx + dy === 1 ? 1 : 0) : PENALTY;
    }
  }
  const steps = o.steps ?? Math.max(100_000, Math.round((300_000 * N) / 49));
  const restarts = o.restarts ?? 20;
  const tour = new Int32Array(N);
  let moves = 0;
  for (let run = 0; run < restarts; run++) {
    const rnd = seededRandom((o.seed ?? 1) + run);
    for (let i = 0; i < N; i++) tour[i] = i;
    for (let i = N - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      const t = tour[i];
      tour[i] = tour[j];
      tour[j] = t;
    }
    let total = 0;
    let bad = 0;
    for (let i = 0; i < N; i++) {
      const c = cost[tour[i] * N + tour[(i + 1) % N]];
      total += c;
      if (c === PENALTY) bad++;
    }
    const reached = () => bad === 0 && total <= target;
    const T0 = 2, T1 = 0.02;
    for (let s = 0; s < steps && !reached(); s++) {
      moves++;
      const T = T0 * Math.pow(T1 / T0, s / steps);
      let i = Math.floor(rnd() * N);
      let j = Math.floor(rnd() * N);
      if (i === j) continue;
      if (i > j) {
        const t = i;
        i = j;
        j = t;
      }
      if (i === 0 && j === N - 1) continue;
      // Reverse tour[i+1 .. j]: the steps a–b and c–d become a–c and b–d.
      const a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % N];
      const ac = cost[a * N + c], bd = cost[b * N + d], ab = cost[a * N + b], cd = cost[c * N + d];
      const delta = ac + bd - ab - cd;
      if (delta <= 0 || rnd() < Math.exp(-delta / T)) {
        for (let l = i + 1, r = j; l < r; l++, r--) {
          const t = tour[l];
          tour[l] = tour[r];
          tour[r] = t;
        }
        total += delta;
        bad += +(ac === PENALTY) + +(bd === PENALTY) - +(ab === PENALTY) - +(cd === PENALTY);
      }
    }
    if (reached()) {
      // Start at a1, as king.ts writes its tours.
      const at = tour.indexOf(0);
      const out = new Int32Array(N);
      for (let k = 0; k < N; k++) out[k] = tour[(at + k) % N];
      return { tour: out, orthogonal: countOrthogonal(n, out), runs: run + 1, moves };
    }
  }
  return { tour: null, orthogonal: null, runs: restarts, moves };
}
