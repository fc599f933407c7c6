/**
 * Benchmarks of the hopper searches beside the booklet's anchors
 * (shared/sources/000 lines 4075-4082 and 3862-3866): grasshopper SerienZiel
 * up to 8 hurdles 105 h (and the generation method 183 h), rookhopper 50 h,
 * nightriderhopper 80 h, bishophopper 11 h, the Marlow minimum of 11 "several
 * tens of minutes". Writes bench/hopper.json (machine, date, medians).
 *
 * Projections: the combinatorial method visits sum over k of
 * starts × C(squares - 1, k) positions; we measure the time per position at
 * the largest k measured (it grows with k as more squares are reached, so
 * the projection is a lower estimate) and multiply. The ratio is the
 * booklet's hours over our projected hours (one core of this machine).
 *
 *   deno run -A scripts/bench-hopper.ts [--out bench/hopper.json] [--marlow-seconds 60]
 */
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeBoard } from "../solvers/board/board.ts";
import type { HopperKind } from "../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive, generate } from "../solvers/hopper/search.ts";
import { searchAccess } from "../solvers/hopper/marlow.ts";
import { errorMessage, fail, writeFileAtomic } from "./lib/cli.ts";
import { ROOT } from "./lib/paths.ts";
import { codeVersion } from "./lib/version.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

let values;
try {
  values = parseArgs({ args: Deno.args, options: { out: { type: "string" }, "marlow-seconds": { type: "string" } }, strict: true }).values;
} catch (e) {
  fail(errorMessage(e));
}
const out = values.out ?? join(ROOT, "bench", "hopper.json");
const marlowSeconds = Number(values["marlow-seconds"] ?? 60);
if (!(marlowSeconds > 0)) fail(`--marlow-seconds must be positive`);
const B = makeBoard([8, 8]);

interface Row { name: string; [k: string]: unknown }
const rows: Row[] = [];

function projectExhaustive(kind: HopperKind, measureK: number, upTo: number, anchorHours: number, anchor: string) {
  const secs: number[] = [];
  let positions = 0;
  for (let i = 0; i < 3; i++) {
    const r = exhaustive(kind, B, measureK);
    secs.push(r.seconds);
    positions = r.positions;
  }
  const perPosition = median(secs) / positions;
  const space = enumerationSpace(kind, B);
  let total = 0;
  for (let k = 1; k <= upTo; k++) for (const s of space) total += binomial(s.hurdleSquares.length, k);
  const projectedHours = (total * perPosition) / 3600;
  const row = {
    name: `serienziel-exhaustive-${kind}`,
    measured: { hurdles: measureK, positions, medianSeconds: round(median(secs)), microsecondsPerPosition: round(perPosition * 1e6, 3) },
    projection: { hurdlesUpTo: upTo, positions: total, hours: round(projectedHours, 3) },
    anchor: { what: anchor, hours: anchorHours, source: "shared/sources/000_f7bf65ff92730977.txt lines 4075-4082" },
    ratio: round(anchorHours / projectedHours, 1),
  };
  rows.push(row);
  console.error(`${row.name}: ${row.measured.microsecondsPerPosition} µs/position, projected ${row.projection.hours} h for k <= ${upTo} vs ${anchorHours} h (ratio ${row.ratio})`);
}

projectExhaustive("grasshopper", 4, 8, 105, "grasshopper, every position up to 8 hurdles");
projectExhaustive("rookhopper", 4, 8, 50, "rookhopper, up to 8 hurdles");
projectExhaustive("nightriderhopper", 4, 8, 80, "nightriderhopper, up to 8 hurdles");
projectExhaustive("bishophopper", 6, 22, 11, "bishophopper, every hurdle count (hurdles on its colour)");

{
  const secs: number[] = [];
  let positions = 0, best = 0;
  for (let i = 0; i < 3; i++) {
    const g = generate("grasshopper", B, { maxHurdles: 22, beam: 50, budgetMs: 60_000 });
    secs.push(g.seconds);
    positions = g.positions;
    best = Math.max(...g.longest.map((p) => p?.longest ?? 0));
  }
  rows.push({
    name: "serienziel-generation-grasshopper-beam50",
    measured: { medianSeconds: round(median(secs)), positions, bestLongest: best },
    anchor: { what: "grasshopper generation method, no limit on hurdles (depth-first, complete tree)", hours: 183, source: "line 4076" },
    note: "not the same work: our beam keeps 50 positions per hurdle count and start; the booklet walked the whole constrained tree",
  });
}

{
  const t0 = performance.now();
  const found = searchAccess(B, 11, 52, { budgetMs: marlowSeconds * 1000 });
  const none = searchAccess(B, 10, 53, { budgetMs: marlowSeconds * 1000 });
  rows.push({
    name: "marlow-minimum-11",
    eleven: { found: found.found !== null, seconds: round(found.seconds), nodes: found.nodes, complete: found.complete },
    ten: { impossibleProven: none.complete && none.found === null, seconds: round(none.seconds), nodes: none.nodes, complete: none.complete, budgetSeconds: marlowSeconds },
    anchor: { what: "minimum 11 hurdles, 10 impossible", hours: null, text: "several tens of minutes (nekolik desitek minut)", source: "lines 3862-3866" },
    seconds: round((performance.now() - t0) / 1000),
  });
  console.error(`marlow: 11 found=${found.found !== null} in ${found.seconds.toFixed(1)} s; 10 complete=${none.complete} after ${none.seconds.toFixed(1)} s`);
}

const report = {
  generatedAt: new Date().toISOString(),
  codeVersion: codeVersion(),
  machine: { hostname: os.hostname(), platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null },
  benchmarks: rows,
};
writeFileAtomic(out, JSON.stringify(report, null, 1) + "\n");
console.error(`wrote ${out}`);
