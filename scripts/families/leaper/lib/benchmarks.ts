/** The benchmarks `atlas bench leaper` runs. Each returns what it computed. */
import { existsSync, readFileSync } from "node:fs";
import { parseBoard } from "../../../../solvers/board/board.ts";
import { parseLeaper } from "../../../../solvers/pieces/leaper.ts";
import { boardGraph } from "../../../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../../../solvers/hamiltonian/engine.ts";
import { checkRecord } from "../../../../solvers/leaper/check.ts";
import { RecordFile } from "../../../../solvers/leaper/schema.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { findDualFreeWitness } from "../../../../solvers/leaper/dual-free-search.ts";
import { cellOf, regenerateCell } from "../../../../solvers/leaper/regenerate.ts";
import { cellParams } from "../../../../solvers/leaper/proof/certificate.ts";
import { buildSpace } from "../../../../solvers/leaper/proof/space.ts";
import { ProofRun } from "../../../../solvers/leaper/proof/run.ts";
import { cpuMs, formatSeconds } from "../prove.ts";
import { estimate } from "./estimate.ts";
import { engineCensus, stratifiedEstimate } from "../../../../solvers/leaper/proof/estimate.ts";
import { join } from "node:path";
import process from "node:process";
import type { AtlasRecord } from "../../../../solvers/leaper/schema.ts";

export interface Benchmark {
  name: string;
  description: string;
  /** Repetitions, when the default would be too many for a long job. */
  runs?: number;
  anchor?: { what: string; seconds: number; source: string };
  /**
   * The figure set beside the anchor when it is not the run's own time: a
   * projection from a sample, or the CPU time a certificate measured. The ratio
   * is then anchor / figure (with the interval's bounds when there is one).
   */
  figure?: (output: Record<string, unknown>) => { seconds: number; interval?: [number, number]; basis: string };
  run(): Record<string, unknown>;
}

const BOOKLET = "shared/sources/000_f7bf65ff92730977.txt";
const HOUR = 3600;

let recordCache: AtlasRecord[] | null = null;
function tableRecord(id: string): AtlasRecord {
  recordCache ??= RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8"))).records;
  const r = recordCache.find((x) => x.id === id);
  if (!r) throw new Error(`no record ${id}`);
  return r;
}

function spaceOf(id: string) {
  const p = cellParams(tableRecord(id));
  if (typeof p === "string") throw new Error(p);
  return buildSpace(p.kind, p.leap, p.board, p.claimed);
}

/** The whole free-squares proof of a cell in this process (no files): what prove does, minus I/O. */
function proveInProcess(id: string): Record<string, unknown> {
  const space = spaceOf(id);
  const run = new ProofRun(space, 0, space.total);
  while (run.step(1 << 20) > 0);
  const c = run.state().counts;
  if (c.hits !== 0) throw new Error(`${id}: the proof found ${c.hits} hit(s)`);
  return { total: space.total, searched: c.searched, skippedBySymmetry: c.skippedBySymmetry, nodes: c.nodes, hits: c.hits };
}

/**
 * A long proof's projected total on one core: the time per position over random
 * runs of consecutive positions spread over the whole space (prove --estimate),
 * times the number of positions, with the interval from the spread between batches.
 */
function projection(id: string, samples: number): Record<string, unknown> {
  // estimate() times the wall clock; on a shared machine part of that is waiting
  // for a core, so the projection is scaled by the CPU share seen during the sample.
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const e = estimate(spaceOf(id), samples, true, 7);
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const share = Math.min(1, (c.user + c.system) / 1000 / Math.max(1e-9, wallMs));
  return {
    cpuShare: Math.round(share * 1000) / 1000,
    wallProjectedSeconds: Math.round(e.projectedSeconds),
    total: e.total,
    sampled: e.sampled,
    passedPercent: Math.round((1000 * e.passed) / Math.max(1, e.sampled)) / 10,
    microsPerPosition: Math.round(e.microsPerPosition * 1000) / 1000,
    projectedSeconds: Math.round(e.projectedSeconds * share),
    projectedInterval: e.projectedInterval.map((x) => Math.round(x * share)),
  };
}

/**
 * A stratified projection (prove --estimate): CPU seconds, from windows of
 * consecutive positions in every stratum, with the fixed seed 1 so a rerun
 * times the same sample. prefix = false times the position-by-position run on
 * the same windows (the before of the prefix rules).
 */
function census(id: string, o: { perBlock: number; nodeCap: number; seed: number; reduce?: boolean }): Record<string, unknown> {
  const e = engineCensus(spaceOf(id), { ...o, clock: cpuMs });
  return {
    samples: e.samples,
    searched: e.passed,
    capped: e.capped,
    nodeCap: e.nodeCap,
    seed: e.seed,
    sampleCpuSeconds: Math.round(e.cpuSeconds * 100) / 100,
    nodeQuantiles: { median: e.nodeQuantiles[0], p90: e.nodeQuantiles[1], p99: e.nodeQuantiles[2], max: e.nodeQuantiles[3] },
    topPercentShareOfNodes: Math.round(e.topPercentShare * 1000) / 1000,
    cappedExpectedInSpace: Math.round(e.cappedInSpace),
    projectedSeconds: Math.round(e.projectedSeconds),
    projectedInterval: e.interval.map((x) => Math.round(x)),
    projectedDays: Math.round(e.projectedSeconds / 864) / 100,
    heaviest: e.heaviest.slice(0, 3).map((c) =>
      `${c.label}: ${formatSeconds(c.projectedSeconds)} (± ${formatSeconds(1.96 * c.stdError)}; ${c.passed} searched, ${c.capped} capped)`
    ),
  };
}

function stratified(
  id: string,
  o: { strata: number; window: number; windows?: number; seed?: number; prefix?: boolean; engine?: boolean; reduce?: boolean },
): Record<string, unknown> {
  const e = stratifiedEstimate(spaceOf(id), {
    strata: o.strata,
    window: o.window,
    windows: o.windows ?? 3,
    seed: o.seed ?? 1,
    prefix: o.prefix ?? true,
    engine: o.engine ?? true,
    reduce: o.reduce ?? true,
    clock: cpuMs,
  });
  return {
    run: o.prefix === false ? "position by position (run.ts)" : "prefix (prefix-run.ts)",
    strata: e.strata,
    window: e.window,
    seed: e.seed,
    total: e.total,
    sampled: e.sampled,
    sampleCpuSeconds: Math.round(e.cpuSeconds * 100) / 100,
    searched: e.searched,
    prunedPercent: Math.round(e.prunedShare * 1000) / 10,
    nanosPerPosition: Math.round(e.microsPerPosition * 1e5) / 100,
    projectedSeconds: Math.round(e.projectedSeconds),
    projectedInterval: e.interval.map((x) => Math.round(x)),
    projectedHours: Math.round(e.projectedSeconds / 36) / 100,
    heaviest: e.heaviest.slice(0, 3).map((c) => `${c.label}: ${formatSeconds(c.projectedSeconds)} (± ${formatSeconds(1.96 * c.stdError)})`),
  };
}

const LEAPER_NAMES: Record<string, string> = { "1-2": "knight", "2-3": "zebra", "2-5": "[2,5]-leaper", "3-4": "antelope" };

/** The stratified projections of the eleven cells left open before the prefix rules (issue 13). */
function frontierProjections(): Benchmark[] {
  // (The zebra open cell as first measured, with the engine alone: the before of projection-prefix-leaper-2-3-open-8x8-forced.)
  const cells: [
    string,
    { what: string; seconds: number; source: string } | undefined,
    { strata: number; window: number; reduce?: boolean },
  ][] = [
    ["leaper-2-3-dual-free-7x7", undefined, { strata: 150, window: 100_000 }],
    ["leaper-2-3-dual-free-8x8", {
      what: "zebra 8x8 sd=52 proven (free squares k <= 10), 2009",
      seconds: 2250 * HOUR,
      source: `${BOOKLET}:1071`,
    }, { strata: 150, window: 100_000 }],
    ["leaper-2-3-open-8x8", { what: "zebra 8x8 open tour 55 impossible, 2009", seconds: 260 * HOUR, source: `${BOOKLET}:1056` }, {
      strata: 150,
      window: 100_000,
      reduce: false,
    }],
    ["leaper-2-3-closed-8x8", undefined, { strata: 150, window: 100_000 }],
    ["leaper-2-5-dual-free-8x8", undefined, { strata: 40, window: 100_000 }],
    ["leaper-2-5-open-8x8", undefined, { strata: 40, window: 100_000 }],
    ["leaper-2-5-closed-8x8", undefined, { strata: 40, window: 100_000 }],
    ["leaper-3-4-dual-free-8x8", undefined, { strata: 40, window: 100_000 }],
    ["leaper-3-4-open-8x8", undefined, { strata: 40, window: 100_000 }],
    ["leaper-3-4-closed-8x8", undefined, { strata: 40, window: 100_000 }],
  ];
  const out: Benchmark[] = [];
  for (const [id, anchor, o] of cells) {
    const [, a, b, kind, board] = /^leaper-(\d+)-(\d+)-(.+)-(\d+x\d+)$/.exec(id)!;
    const name = `${LEAPER_NAMES[`${a}-${b}`]} ${board} ${kind}`;
    out.push({
      name: `projection-prefix-${id}`,
      description:
        `stratified projection (CPU) of the ${name} proof with the prefix rules (${o.strata} strata, windows of ${o.window}, seed 1)` +
        (anchor ? "" : "; the booklet gives no time for this cell"),
      runs: 1,
      anchor,
      figure: projected,
      run: () => stratified(id, o),
    });
  }
  // The knight: the cost is the engine's on rare positions (in one sample the top 1% of searched positions
  // held 99.9% of the engine's nodes), so one seed says little; three seeds show the spread.
  for (const seed of [1, 2, 3]) {
    out.push({
      name: `projection-prefix-knight-8x8-dual-free-53-seed-${seed}`,
      description: `stratified projection (CPU) of the knight 8x8 sd=53 proof with the prefix rules (20 strata cut into 110, ` +
        `10 windows of 20 positions per stratum, seed ${seed}); heavy-tailed: compare the seeds`,
      runs: 1,
      anchor: {
        what: "knight 8x8 sd=53 full enumeration, estimated in 2009 (>100 years)",
        seconds: 100 * 365.25 * 24 * HOUR,
        source: `${BOOKLET}:1078`,
      },
      figure: projected,
      // The engine alone (no forced-edge reduction), as when these were first measured: the before of the -forced entries.
      run: () => stratified("leaper-1-2-dual-free-8x8", { strata: 20, window: 20, windows: 10, seed, reduce: false }),
    });
  }
  // Cells proven with the prefix run: the time their shards measured (inside the run's steps: on the shared
  // machine at nice 19 that is closer to wall time than to CPU time, so an upper bound of the CPU).
  for (const [id, anchor] of cells) {
    if (!existsSync(join(familyPaths("leaper").proofs, id, "certificate.json"))) continue;
    out.push({
      name: `proof-prefix-${id}-certificate`,
      anchor,
      description:
        `${id} proven maximal here with the prefix run: the seconds summed over its shards (not rerun; time inside the run's steps at nice 19 on a shared machine, an upper bound of the CPU time)`,
      runs: 1,
      figure: (o) => ({ seconds: o.cpuSeconds as number, basis: "seconds measured by the shards (certificate)" }),
      run: () => certificateSeconds(id),
    });
  }
  // The knight in two parts that add up: everything but the engine (windows, tight) and the engine
  // (single positions per block with a node cap, the tail shown by quantiles and capped counts).
  const KNIGHT = "leaper-1-2-dual-free-8x8";
  const knightAnchor = {
    what: "knight 8x8 sd=53 full enumeration, estimated in 2009 (>100 years)",
    seconds: 100 * 365.25 * 24 * HOUR,
    source: `${BOOKLET}:1078`,
  };
  out.push({
    name: "projection-prefix-knight-8x8-dual-free-53-without-engine",
    description:
      "knight 8x8 sd=53: stratified projection (CPU) of the prefix run without the engine (tree, tests, symmetry; 40 strata, windows of 20,000, seed 1)",
    runs: 1,
    figure: projected,
    run: () => stratified(KNIGHT, { strata: 40, window: 20_000, engine: false }),
  });
  for (const seed of [1, 2]) {
    out.push({
      name: `projection-knight-8x8-dual-free-53-engine-census-seed-${seed}`,
      description:
        `knight 8x8 sd=53: the engine's share, from 300 uniform positions per block (start, empty squares), searches capped at ` +
        `5,000,000 nodes (capped ones enter at what they spent: a lower bound), seed ${seed}`,
      runs: 1,
      anchor: knightAnchor,
      figure: projected,
      // The engine alone (no forced-edge reduction): the before of engine-census-forced-seed-N.
      run: () => census(KNIGHT, { perBlock: 300, nodeCap: 5_000_000, seed, reduce: false }),
    });
  }
  // With the forced-edge reduction and the switch to searchReduced (solvers/hamiltonian/forced.ts): the
  // whole run (tree, tests, engine) in windows, three seeds, and the engine census on the same samples as above.
  for (const seed of [1, 2, 3]) {
    out.push({
      name: `projection-knight-8x8-dual-free-53-forced-seed-${seed}`,
      description: `knight 8x8 sd=53: stratified projection (CPU) of the whole prefix run with the forced-edge reduction and the switch ` +
        `to searchReduced (40 strata cut into 130, 3 windows of 20,000 positions each, seed ${seed})`,
      runs: 1,
      anchor: knightAnchor,
      figure: projected,
      run: () => stratified(KNIGHT, { strata: 40, window: 20_000, seed }),
    });
    if (seed === 3) continue;
    out.push({
      name: `projection-knight-8x8-dual-free-53-engine-census-forced-seed-${seed}`,
      description:
        `knight 8x8 sd=53: the engine's searches with the forced-edge reduction and the switch to searchReduced, on the sample of ` +
        `engine-census-seed-${seed} (300 uniform positions per block, cap 5,000,000 nodes), seed ${seed}. Compare the node quantiles and the ` +
        `top 1% share with engine-census-seed-${seed}; the time projection is not a figure here: each search now takes microseconds, so ` +
        `timing them one by one measures the clock's and the compiler's noise (a single slow call in a block of 10^10 positions decides ` +
        `it); the windowed projections (forced-seed-1..3) time the run as it runs`,
      runs: 1,
      run: () => census(KNIGHT, { perBlock: 300, nodeCap: 5_000_000, seed, reduce: true }),
    });
  }
  // A cell with a known total (zebra 8x8 sd=52, proven: its certificate's run is recorded), on one sample
  // with and without the reduction, so the change is shown where the whole cost has been measured.
  for (const reduce of [false, true]) {
    out.push({
      name: `same-sample-prefix-leaper-2-3-dual-free-8x8-${reduce ? "with" : "without"}-forced`,
      description: `leaper-2-3-dual-free-8x8: stratified projection (40 strata, windows of 20,000, seed 1, CPU) of the prefix run ` +
        (reduce ? "with the forced-edge reduction and the switch to searchReduced" : "with the engine alone (no forced-edge reduction)"),
      runs: 1,
      anchor: { what: "zebra 8x8 sd=52 proven (free squares k <= 10), 2009", seconds: 2250 * HOUR, source: `${BOOKLET}:1071` },
      figure: projected,
      run: () => stratified("leaper-2-3-dual-free-8x8", { strata: 40, window: 20_000, reduce }),
    });
  }
  // The knight on 7x7 (sd=41, proven: its certificate measured 1,714 CPU seconds with the engine alone) on one
  // sample with and without the reduction: a cell where the engine's share is large and the total is known.
  for (const reduce of [false, true]) {
    out.push({
      name: `same-sample-prefix-knight-7x7-dual-free-41-${reduce ? "with" : "without"}-forced`,
      description: `knight 7x7 sd=41: stratified projection (40 strata, windows of 20,000, seed 1, CPU) of the prefix run ` +
        (reduce
          ? "with the forced-edge reduction, the switch to searchReduced and the swap test"
          : "with the engine alone (no forced-edge reduction)") +
        "; its proof (certificate, engine alone) measured 1,714 CPU seconds",
      runs: 1,
      anchor: { what: "knight 7x7 sd=41 full enumeration, estimated in 2009 (>2000 h)", seconds: 2000 * HOUR, source: `${BOOKLET}:1147` },
      figure: projected,
      run: () => stratified("leaper-1-2-dual-free-7x7", { strata: 40, window: 20_000, reduce }),
    });
  }
  // The zebra 8x8 open proof: its searched positions decided by the forced-edge reduction through a virtual last
  // vertex (open-path.ts) against the engine alone, on the sample of same-sample-prefix-leaper-2-3-open-8x8 and on
  // the projection's (projection-prefix-leaper-2-3-open-8x8, measured with the engine alone, is the before).
  const zebraOpenAnchor = { what: "zebra 8x8 open tour 55 impossible, 2009", seconds: 260 * HOUR, source: `${BOOKLET}:1056` };
  for (const reduce of [false, true]) {
    out.push({
      name: `same-sample-prefix-leaper-2-3-open-8x8-${reduce ? "with" : "without"}-forced`,
      description: `leaper-2-3-open-8x8: stratified projection (40 strata, windows of 20,000, seed 1, CPU) of the prefix run ` +
        (reduce ? "with the forced-edge reduction through a virtual last vertex (open-path.ts)" : "with the engine alone"),
      runs: 1,
      anchor: zebraOpenAnchor,
      figure: projected,
      run: () => stratified("leaper-2-3-open-8x8", { strata: 40, window: 20_000, reduce }),
    });
  }
  out.push({
    name: "projection-prefix-leaper-2-3-open-8x8-forced",
    description: "stratified projection (CPU) of the zebra 8x8 open proof with the prefix rules and the forced-edge reduction through a " +
      "virtual last vertex (150 strata, windows of 100000, seed 1): the sample of projection-prefix-leaper-2-3-open-8x8 (engine alone)",
    runs: 1,
    anchor: zebraOpenAnchor,
    figure: projected,
    run: () => stratified("leaper-2-3-open-8x8", { strata: 150, window: 100_000 }),
  });
  if (existsSync(join(familyPaths("leaper").proofs, "leaper-2-3-open-8x8", "certificate.json"))) {
    out.push({
      name: "proof-leaper-2-3-open-8x8-shards-by-code",
      description: "zebra 8x8 open, proven: its 32 shards grouped by the code that ran them (shards 0-3 with the engine alone, the rest " +
        "with the open-path reduction), the seconds inside the run's steps (nice 19 on a shared machine: an upper bound of the CPU), " +
        "and the faster code's seconds per position times the whole space (not rerun; read from the shard files)",
      runs: 1,
      anchor: zebraOpenAnchor,
      figure: (o) => ({
        seconds: o.projectedSeconds as number,
        basis: "seconds per position measured by the newest code's shards, times all positions",
      }),
      run: () => shardsByCode("leaper-2-3-open-8x8"),
    });
  }
  // Before and after on one sample: the same strata and windows, position by position and with the prefix rules.
  for (const id of ["leaper-2-3-dual-free-7x7", "leaper-2-3-dual-free-8x8", "leaper-2-3-open-8x8"]) {
    for (const prefix of [false, true]) {
      out.push({
        name: `same-sample-${prefix ? "prefix" : "plain"}-${id}`,
        description: `${id}: stratified projection (40 strata, windows of 20,000, seed 1, CPU) ${
          prefix ? "with the prefix rules" : "position by position (before the prefix rules)"
        }`,
        runs: 1,
        figure: projected,
        run: () => stratified(id, { strata: 40, window: 20_000, prefix }),
      });
    }
  }
  return out;
}

const projected = (o: Record<string, unknown>) => ({
  seconds: o.projectedSeconds as number,
  interval: o.projectedInterval as [number, number],
  basis: "CPU seconds projected from a random sample (prove --estimate), one core",
});

function certificateSeconds(id: string): Record<string, unknown> {
  const c = JSON.parse(readFileSync(join(familyPaths("leaper").proofs, id, "certificate.json"), "utf8"));
  return { total: c.total, searched: c.searched, nodes: c.nodes, hits: c.hits, shards: c.shardCount, cpuSeconds: c.cpuSeconds };
}

/** A proven cell's shards summed per code version; projectedSeconds: the last version's seconds per position times T. */
function shardsByCode(id: string): Record<string, unknown> {
  const c = JSON.parse(readFileSync(join(familyPaths("leaper").proofs, id, "certificate.json"), "utf8"));
  const by = new Map<string, { shards: number; positions: number; searched: number; nodes: number; seconds: number }>();
  for (const s of c.shards as { file: string }[]) {
    const sh = JSON.parse(readFileSync(join(familyPaths("leaper").proofs, id, s.file), "utf8"));
    const e = by.get(sh.codeVersion) ?? { shards: 0, positions: 0, searched: 0, nodes: 0, seconds: 0 };
    e.shards++;
    e.positions += sh.range[1] - sh.range[0];
    e.searched += sh.searched;
    e.nodes += sh.nodes;
    e.seconds = Math.round((e.seconds + sh.cpuSeconds) * 1000) / 1000;
    by.set(sh.codeVersion, e);
  }
  const last = by.get(c.codeVersions[c.codeVersions.length - 1])!;
  return { total: c.total, byCode: Object.fromEntries(by), projectedSeconds: Math.round((last.seconds / last.positions) * c.total) };
}

function recordsOf(pred: (r: AtlasRecord) => boolean): AtlasRecord[] {
  recordCache ??= RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8"))).records;
  return recordCache.filter(pred);
}

function countTours(board: string, piece: string, closed: boolean, prune: boolean) {
  const b = parseBoard(board);
  const g = boardGraph(b, parseLeaper(piece));
  let solutions = 0;
  let nodes = 0;
  const starts = closed ? [0] : Array.from({ length: b.size }, (_, i) => i);
  for (const start of starts) {
    const r = countHamiltonianPaths(g, { start, closed, prune });
    solutions += r.solutions;
    nodes += r.nodes;
  }
  return { solutions, nodes };
}

export const BENCHMARKS: Benchmark[] = [
  ...frontierProjections(),
  {
    name: "proof-knight-6x6-dual-free-32",
    description: "prove knight 6x6 dual-free 32 maximal: the whole free-squares enumeration in this process (no files)",
    anchor: { what: "knight 6x6 sd=32 by free squares, 2009", seconds: 17, source: `${BOOKLET}:900` },
    run: () => proveInProcess("leaper-1-2-dual-free-6x6"),
  },
  {
    name: "regenerate-all-cells-up-to-6x6",
    description: "regenerate every dual-free cell of 4x4, 5x5 and 6x6 (105 cells) from scratch, method auto, in this process",
    runs: 3,
    run() {
      let cells = 0;
      let regenerated = 0;
      let nodes = 0;
      for (const size of ["4x4", "5x5", "6x6"]) {
        for (const r of recordsOf((x) => x.tableCell && x.kind === "dual-free" && x.board.join("x") === size)) {
          const res = regenerateCell(cellOf(r), { budgetMs: 60_000 });
          cells++;
          if (res.reached) regenerated++;
          nodes += res.nodes;
        }
      }
      return { cells, regenerated, nodes };
    },
  },
  {
    name: "proof-wazir-7x7-dual-free-44",
    description: "prove wazir 7x7 dual-free 44 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-0-1-dual-free-7x7"),
  },
  {
    name: "proof-leaper-1-6-8x8-dual-free-42",
    description: "prove [1,6]-leaper 8x8 dual-free 42 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-1-6-dual-free-8x8"),
  },
  {
    name: "proof-leaper-1-3-7x7-dual-free-19",
    description: "prove [1,3]-leaper 7x7 dual-free 19 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-1-3-dual-free-7x7"),
  },
  {
    name: "proof-knight-7x7-dual-free-41-certificate",
    description: "knight 7x7 dual-free 41 proven maximal here: the CPU time summed over the 8 shards of its certificate (not rerun)",
    runs: 1,
    anchor: {
      what: "knight 7x7 sd=41 full enumeration, estimated in 2009 (>2000 h; left probable)",
      seconds: 2000 * HOUR,
      source: `${BOOKLET}:1147`,
    },
    figure: (o) => ({ seconds: o.cpuSeconds as number, basis: "CPU seconds measured by the shards (certificate)" }),
    run: () => certificateSeconds("leaper-1-2-dual-free-7x7"),
  },
  {
    name: "projection-knight-7x7-dual-free-41",
    description:
      "projected total of the knight 7x7 sd=41 proof from a random sample (checks the projection against the measured certificate)",
    runs: 1,
    anchor: { what: "knight 7x7 sd=41 full enumeration, estimated in 2009 (>2000 h)", seconds: 2000 * HOUR, source: `${BOOKLET}:1147` },
    figure: projected,
    run: () => projection("leaper-1-2-dual-free-7x7", 100_000),
  },
  {
    name: "projection-knight-8x8-dual-free-53",
    description:
      "projected total of a proof that knight 8x8 sd=53 is maximal (free squares, k <= 9), from a random sample. Unreliable: the cost per position is heavy-tailed (most take microseconds, rare ones seconds), so the sample mean swings by orders of magnitude between seeds; prove --estimate with 7,170 other samples projected 164 years (0 s - 488 years). Read the ratio as a range, not a speed-up",
    runs: 1,
    anchor: {
      what: "knight 8x8 sd=53 full enumeration, estimated in 2009 (>100 years)",
      seconds: 100 * 365.25 * 24 * HOUR,
      source: `${BOOKLET}:1078`,
    },
    figure: projected,
    // Positions cost ~18 ms each on average (heavy tail): 300,000 samples would take 1.5 h; 5,000 take about 2 minutes.
    run: () => projection("leaper-1-2-dual-free-8x8", 5_000),
  },
  {
    name: "projection-zebra-8x8-dual-free-52",
    description: "projected total of the zebra 8x8 sd=52 proof, from a random sample",
    runs: 1,
    anchor: { what: "zebra 8x8 sd=52 proven (free squares k <= 10), 2009", seconds: 2250 * HOUR, source: `${BOOKLET}:1071` },
    figure: projected,
    run: () => projection("leaper-2-3-dual-free-8x8", 300_000),
  },
  {
    name: "projection-giraffe-8x8-dual-free-57",
    description: "projected total of the giraffe 8x8 sd=57 proof, from a random sample",
    runs: 1,
    anchor: { what: "giraffe 8x8 sd=57 proven (free squares k <= 5), 2009", seconds: 150 * HOUR, source: `${BOOKLET}:2073` },
    figure: projected,
    run: () => projection("leaper-1-4-dual-free-8x8", 300_000),
  },
  {
    name: "projection-zebra-8x8-open-54",
    description: "projected total of the proof that no zebra open tour of 55 moves exists on 8x8, from a random sample",
    runs: 1,
    anchor: { what: "zebra 8x8 open tour 55 impossible, 2009", seconds: 260 * HOUR, source: `${BOOKLET}:1056` },
    figure: projected,
    run: () => projection("leaper-2-3-open-8x8", 300_000),
  },
  {
    name: "witness-knight-6x6-dual-free-32",
    description:
      "find a dual-free knight sequence of 32 men on 6x6 from scratch (free squares over the canonical starts); the booklet's 17 s is for the whole proof, not this",
    run() {
      const r = findDualFreeWitness(parseBoard("6x6"), [1, 2], 32, { budgetMs: 60_000 });
      return { found: r.witness !== null, men: r.witness?.moves.length ?? null, nodes: r.witness?.nodes ?? null };
    },
  },
  {
    name: "verify-leaper-table",
    description: "check every leaper record (legality, length, uniqueness of dual-free witnesses, access by BFS), in process",
    run() {
      const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
      const known = new Set(file.records.map((r) => r.id));
      let nodes = 0;
      let failed = 0;
      let checked = 0;
      for (const r of file.records) {
        const res = checkRecord(r, known);
        nodes += res.nodes;
        if (res.status === "failed") failed++;
        if (res.legal !== null || res.access !== null) checked++;
      }
      return { records: file.records.length, withWitnessOrAccess: checked, failed, nodes };
    },
  },
  {
    name: "engine-knight-5x5-open-tours",
    description: "count all directed open knight's tours of 5x5 (every start) with the engine's pruning",
    run: () => countTours("5x5", "knight", false, true),
  },
  {
    name: "engine-knight-5x5-open-tours-plain",
    description: "the same count by plain backtracking (no one-level tests, no degree pruning): the pruning's speed-up",
    runs: 3,
    run: () => countTours("5x5", "knight", false, false),
  },
  {
    name: "engine-knight-6x6-closed-tours",
    description: "count directed closed knight's tours of 6x6 through a1 (twice the undirected count)",
    runs: 3,
    run: () => countTours("6x6", "knight", true, true),
  },
];
