/** How long a leaper proof would take, from timing a random sample of its positions. */
import { type ProofSpace } from "../../../../solvers/leaper/proof/space.ts";
import { ProofRun } from "../../../../solvers/leaper/proof/run.ts";
import { seededRandom } from "../../../../solvers/leaper/proof/estimate.ts";

// ---------------------------------------------------------------------------
// Estimate

export interface Estimate {
  total: number;
  sampled: number;
  passed: number;
  microsPerPosition: number;
  /** 95% interval of the mean time per position (µs), from the spread between batches. */
  interval: [number, number];
  projectedSeconds: number;
  projectedInterval: [number, number];
}

/**
 * Time a random sample: `batches` batches, each of a few runs of consecutive
 * positions starting at uniformly random indices (consecutive, so the
 * incremental stepping of a real run is what gets timed). The mean over
 * batches estimates the time per position; the spread between batch means
 * gives a rough 95% interval (t ≈ 2; heavy-tailed search times make it rough).
 */
export function estimate(space: ProofSpace, samples = 3000, symmetry = true, seed = 1): Estimate {
  const T = space.total;
  if (T === 0) {
    return { total: 0, sampled: 0, passed: 0, microsPerPosition: 0, interval: [0, 0], projectedSeconds: 0, projectedInterval: [0, 0] };
  }
  const run = new ProofRun(space, 0, T, undefined, { symmetry });
  // Small spaces: time the whole run instead of sampling it (with repeats).
  if (T <= Math.max(samples, 20_000)) {
    const t0 = performance.now();
    run.step(T);
    const secs = (performance.now() - t0) / 1000;
    const st = run.state().counts;
    const us = (secs * 1e6) / T;
    return {
      total: T,
      sampled: T,
      passed: st.searched + st.skippedBySymmetry,
      microsPerPosition: us,
      interval: [us, us],
      projectedSeconds: secs,
      projectedInterval: [secs, secs],
    };
  }
  const rand = seededRandom(seed);
  // Warm up the compiler first (untimed): the first thousands of positions run slower.
  const warm0 = performance.now();
  for (let i = 0; i < 100 && performance.now() - warm0 < 300; i++) {
    run.jump(Math.floor(rand() * (T - 50)));
    run.step(50);
  }
  const batches = 30;
  const runsPerBatch = 4;
  const perRun = Math.max(1, Math.floor(samples / (batches * runsPerBatch)));
  const means: number[] = [];
  let sampled = 0;
  for (let b = 0; b < batches; b++) {
    let did = 0;
    let ms = 0;
    for (let r = 0; r < runsPerBatch; r++) {
      const at = Math.min(T - perRun, Math.floor(rand() * T));
      run.jump(Math.max(0, at));
      // The seek (unranking, rebuilding the degrees) is not timed: a real run does it once.
      run.prepare();
      const t0 = performance.now();
      did += run.step(perRun);
      ms += performance.now() - t0;
    }
    const us = (ms * 1000) / Math.max(1, did);
    means.push(us);
    sampled += did;
  }
  const mean = means.reduce((a, b) => a + b, 0) / means.length;
  const sd = Math.sqrt(means.reduce((a, b) => a + (b - mean) ** 2, 0) / (means.length - 1));
  const half = (2 * sd) / Math.sqrt(means.length);
  const st = run.state().counts;
  const interval: [number, number] = [Math.max(0, mean - half), mean + half];
  // Passed = reached the engine or the symmetry skip, over everything stepped (warm-up included).
  sampled = st.positions + st.skippedBySymmetry;
  return {
    total: T,
    sampled,
    passed: st.searched + st.skippedBySymmetry,
    microsPerPosition: mean,
    interval,
    projectedSeconds: (mean * T) / 1e6,
    projectedInterval: [(interval[0] * T) / 1e6, (interval[1] * T) / 1e6],
  };
}
