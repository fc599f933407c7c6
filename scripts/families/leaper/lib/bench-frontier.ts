/** The leaper benchmarks of the frontier: projections of the cells left open before the prefix rules (issue 13). */
import { existsSync } from "node:fs";
import { familyPaths } from "../../../lib/paths.ts";
import { join } from "node:path";
import type { Benchmark } from "./benchmarks.ts";
import { BOOKLET, census, certificateSeconds, HOUR, KNIGHT_8X8_ANCHOR, projected, shardsByCode, stratified } from "./bench-measures.ts";

const LEAPER_NAMES: Record<string, string> = { "1-2": "knight", "2-3": "zebra", "2-5": "[2,5]-leaper", "3-4": "antelope" };

/** The stratified projections of the eleven cells left open before the prefix rules (issue 13). */
export function frontierProjections(): Benchmark[] {
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
      anchor: KNIGHT_8X8_ANCHOR,
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
      anchor: KNIGHT_8X8_ANCHOR,
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
      anchor: KNIGHT_8X8_ANCHOR,
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
