/**
 * A stratified projection of a proof run's cost. The strata are the blocks of
 * the enumeration (start square, number of empty squares), large blocks cut
 * into equal parts of at most T / strata positions, so strata differ in what
 * decides their cost (the start's neighbourhood, how many squares are free).
 * A stratum no larger than a window is run whole (its cost is then measured,
 * not estimated); in the others `windows` windows of `window` consecutive
 * positions start at uniformly random indices, so a window's cost per
 * position is an unbiased sample of the stratum's (windows, not single
 * positions, because a run pays for a rejected subtree once, not per
 * position). The projection is the sum over strata of size × mean cost per
 * position; its variance the sum of size² × (sample variance / windows), which
 * gives a normal 95% interval. Heavy tails (rare positions whose search takes
 * seconds) are only seen if a window meets one: the interval says how well
 * the sample agrees with itself, not that no heavier position exists.
 *
 * Pure: the caller passes the clock (CPU milliseconds).
 */
import { squareName } from "../../board/squares.ts";
import { seededRandom } from "../../random.ts";
import { moveGraph } from "../../graph/graph.ts";
import { countHamiltonianPaths, decideUnique } from "../../hamiltonian/engine.ts";
import { oneLevel } from "../../hamiltonian/one-level.ts";
import { leaper } from "../../pieces/leaper.ts";
import { PrefixRun } from "./prefix-run.ts";
import { KernelRun } from "./kernel-run.ts";
import { modeOf, positionAt, ProofRun, UNIQUE_PROBES } from "./run.ts";
import type { ProofSpace } from "./space.ts";

export interface StratumCost {
  label: string;
  lo: number;
  hi: number;
  /** Windows timed (0 when the stratum ran whole). */
  windows: number;
  /** Positions timed. */
  sampled: number;
  /** Mean CPU seconds per position. */
  perPosition: number;
  projectedSeconds: number;
  /** Standard error of projectedSeconds. */
  stdError: number;
}

export interface StratifiedEstimate {
  total: number;
  strata: number;
  window: number;
  windowsPerStratum: number;
  seed: number;
  sampled: number;
  cpuSeconds: number;
  searched: number;
  /** Positions the prefix rules rejected within the sample. */
  prunedShare: number;
  microsPerPosition: number;
  projectedSeconds: number;
  /** 95% (mean ± 1.96 standard errors, at least 0). */
  interval: [number, number];
  /** The heaviest strata by projected cost, heaviest first. */
  heaviest: StratumCost[];
}

export interface EstimateOptions {
  strata?: number;
  window?: number;
  windows?: number;
  seed?: number;
  symmetry?: boolean;
  /** Use the prefix run (default) or the position-by-position run. */
  prefix?: boolean;
  /** false: time everything but the engine (its share is measured by engineCensus). */
  engine?: boolean;
  /** The forced-edge reduction before each uniqueness search (default true; false: the engine before it). */
  reduce?: boolean;
  /** Time the prefix run on the WebAssembly core (kernel-run.ts; same counts) instead of PrefixRun. */
  kernel?: boolean;
  /** decideUnique's node budgets (RunOptions.firstNodes, otherEndNodes, fallbackNodes; default the run's). */
  firstNodes?: number;
  otherEndNodes?: number;
  fallbackNodes?: number;
  /** CPU time in milliseconds. */
  clock: () => number;
  /** How many heaviest strata to report. */
  top?: number;
}

export { seededRandom };

export function stratifiedEstimate(space: ProofSpace, o: EstimateOptions): StratifiedEstimate {
  const strata = o.strata ?? 200;
  const window = o.window ?? 200_000;
  const per = o.windows ?? 3;
  const seed = o.seed ?? 1;
  const T = space.total;
  const rand = seededRandom(seed);
  const ro = {
    symmetry: o.symmetry ?? true,
    engine: o.engine ?? true,
    reduce: o.reduce ?? true,
    firstNodes: o.firstNodes,
    otherEndNodes: o.otherEndNodes,
    fallbackNodes: o.fallbackNodes,
  };
  const run = o.kernel
    ? new KernelRun(space, 0, T, undefined, ro)
    : (o.prefix ?? true)
    ? new PrefixRun(space, 0, T, undefined, ro)
    : new ProofRun(space, 0, T, undefined, ro);
  const cap = Math.max(1, Math.ceil(T / strata));
  const costs: StratumCost[] = [];
  let sampled = 0;
  let cpu = 0;
  const time = (at: number, n: number): number => {
    run.jump(at);
    run.prepare();
    const t0 = o.clock();
    let did = 0;
    while (did < n) did += run.step(n - did);
    const dt = (o.clock() - t0) / 1000;
    sampled += did;
    cpu += dt;
    return dt;
  };
  // Warm up the compiler (untimed in the result): the first steps run slower.
  for (let i = 0; i < 20 && T > 0; i++) time(Math.floor(rand() * T), Math.min(T, 1000));
  sampled = 0;
  cpu = 0;
  const before = run.state().counts;
  for (const b of space.blocks) {
    const parts = Math.ceil(b.count / cap);
    for (let p = 0; p < parts; p++) {
      const lo = b.offset + Math.floor((p * b.count) / parts);
      const hi = b.offset + Math.floor(((p + 1) * b.count) / parts);
      const size = hi - lo;
      const label = `start ${squareName(space.board, b.start)}, ${b.k} empty` + (parts > 1 ? `, part ${p + 1}/${parts}` : "");
      if (size <= window * per) {
        const dt = time(lo, size);
        costs.push({ label, lo, hi, windows: 0, sampled: size, perPosition: dt / size, projectedSeconds: dt, stdError: 0 });
        continue;
      }
      const xs: number[] = [];
      for (let w = 0; w < per; w++) xs.push(time(lo + Math.floor(rand() * (size - window + 1)), window) / window);
      const mean = xs.reduce((a, x) => a + x, 0) / per;
      const v = per > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (per - 1) : mean * mean;
      costs.push({
        label,
        lo,
        hi,
        windows: per,
        sampled: per * window,
        perPosition: mean,
        projectedSeconds: mean * size,
        stdError: size * Math.sqrt(v / per),
      });
    }
  }
  const after = run.state().counts;
  const projected = costs.reduce((a, c) => a + c.projectedSeconds, 0);
  const se = Math.sqrt(costs.reduce((a, c) => a + c.stdError ** 2, 0));
  const heaviest = [...costs].sort((a, b) => b.projectedSeconds - a.projectedSeconds).slice(0, o.top ?? 5);
  return {
    total: T,
    strata: costs.length,
    window,
    windowsPerStratum: per,
    seed,
    sampled,
    cpuSeconds: cpu,
    searched: after.searched - before.searched,
    prunedShare: (after.rejected.P - before.rejected.P) / Math.max(1, sampled),
    microsPerPosition: (projected * 1e6) / Math.max(1, T),
    projectedSeconds: projected,
    interval: [Math.max(0, projected - 1.96 * se), projected + 1.96 * se],
    heaviest,
  };
}

export interface CensusStratum {
  label: string;
  size: number;
  samples: number;
  passed: number;
  /** Passed positions whose search hit the node cap (their cost is at least what was spent). */
  capped: number;
  /** Mean CPU seconds per position, capped searches counted at what they spent. */
  perPosition: number;
  projectedSeconds: number;
  stdError: number;
}

export interface EngineCensus {
  samples: number;
  passed: number;
  capped: number;
  nodeCap: number;
  seed: number;
  cpuSeconds: number;
  /** Engine nodes per searched position: quantiles 50%, 90%, 99%, max (capped at nodeCap). */
  nodeQuantiles: [number, number, number, number];
  /** Share of all engine nodes spent on the costliest 1% of searched positions. */
  topPercentShare: number;
  /** A lower bound in expectation: capped searches are counted at the cap's cost. */
  projectedSeconds: number;
  interval: [number, number];
  /** Expected number of positions in the whole space whose search passes the cap. */
  cappedInSpace: number;
  heaviest: CensusStratum[];
}

/**
 * The engine's share of a proof's cost when it is heavy-tailed (the knight on
 * 8x8): single positions drawn uniformly in every block, tested and searched
 * one by one with a node cap, so that one pathological position cannot stall
 * the sample. Per block: the mean cost per position (tests + search), scaled by
 * the block's size; capped searches enter at what they spent, so the
 * projection is a lower bound of the mean that the sample can see, and the
 * number of capped positions expected in the whole space is reported beside
 * it (each costs more than the cap). Only the search is timed: the rest of a
 * run (tree, tests) is what stratifiedEstimate with engine = false measures,
 * and the two add up to the whole. The symmetry skip is ignored (it only
 * saves searches), so the engine share is an overestimate by at most the
 * skipped share.
 */
export function engineCensus(
  space: ProofSpace,
  o: { perBlock: number; nodeCap: number; seed?: number; clock: () => number; top?: number; reduce?: boolean },
): EngineCensus {
  const rand = seededRandom(o.seed ?? 1);
  const piece = leaper(space.leap[0], space.leap[1]);
  const mode = modeOf(space.kind);
  const nodes: number[] = [];
  const strata: CensusStratum[] = [];
  let samples = 0, passed = 0, capped = 0, cpu = 0, cappedInSpace = 0;
  for (const b of space.blocks) {
    const n = Math.min(o.perBlock, b.count);
    const xs: number[] = [];
    let p = 0, c = 0;
    for (let j = 0; j < n; j++) {
      const index = b.offset + (n === b.count ? j : Math.floor(rand() * b.count));
      const pos = positionAt(space, index);
      const g = moveGraph(space.board, piece, [pos.start, ...pos.men]);
      let spent = -1;
      let hitCap = false;
      let dt = 0;
      // Only the search is timed: building the graph from scratch is not what a run pays.
      const v = mode === "cycle" ? null : oneLevel({ graph: g, start: 0, end: -1, uniqueOnly: mode === "unique" });
      if (!v?.rejectedBy) {
        const t0 = o.clock();
        const r = mode === "unique"
          ? decideUnique(g, { start: 0, maxNodes: o.nodeCap }, { probes: UNIQUE_PROBES, reduce: o.reduce ?? true })
          : countHamiltonianPaths(g, { start: 0, closed: mode === "cycle", limit: 1, maxNodes: o.nodeCap });
        dt = (o.clock() - t0) / 1000;
        if (r.rejectedBy === null) [spent, hitCap] = [r.nodes, !r.complete];
      }
      xs.push(dt);
      cpu += dt;
      if (spent >= 0) {
        p++;
        nodes.push(spent);
        if (hitCap) c++;
      }
    }
    samples += n;
    passed += p;
    capped += c;
    const mean = xs.reduce((a, x) => a + x, 0) / n;
    const v = n > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) : 0;
    const whole = n === b.count;
    cappedInSpace += (c / n) * b.count;
    strata.push({
      label: `start ${squareName(space.board, b.start)}, ${b.k} empty`,
      size: b.count,
      samples: n,
      passed: p,
      capped: c,
      perPosition: mean,
      projectedSeconds: mean * b.count,
      stdError: whole ? 0 : b.count * Math.sqrt(v / n),
    });
  }
  nodes.sort((a, b) => a - b);
  const q = (f: number) => nodes.length ? nodes[Math.min(nodes.length - 1, Math.floor(f * nodes.length))] : 0;
  const sum = nodes.reduce((a, x) => a + x, 0);
  const top = nodes.slice(nodes.length - Math.ceil(nodes.length / 100)).reduce((a, x) => a + x, 0);
  const projected = strata.reduce((a, s) => a + s.projectedSeconds, 0);
  const se = Math.sqrt(strata.reduce((a, s) => a + s.stdError ** 2, 0));
  return {
    samples,
    passed,
    capped,
    nodeCap: o.nodeCap,
    seed: o.seed ?? 1,
    cpuSeconds: cpu,
    nodeQuantiles: [q(0.5), q(0.9), q(0.99), nodes.length ? nodes[nodes.length - 1] : 0],
    topPercentShare: sum ? top / sum : 0,
    projectedSeconds: projected,
    interval: [Math.max(0, projected - 1.96 * se), projected + 1.96 * se],
    cappedInSpace,
    heaviest: [...strata].sort((a, b) => b.projectedSeconds - a.projectedSeconds).slice(0, o.top ?? 5),
  };
}
