/**
 * What the leaper benchmarks measure: whole proofs in this process, projections of long proofs from samples
 * (plain, census, stratified), the seconds certificates recorded, and tour counts by the engine.
 */
import { readFileSync } from "node:fs";
import { parseBoard } from "../../../../solvers/board/board.ts";
import { parseLeaper } from "../../../../solvers/pieces/leaper.ts";
import { boardGraph } from "../../../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../../../solvers/hamiltonian/engine.ts";
import { RecordFile } from "../../../../solvers/leaper/schema.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { cellParams } from "../../../../solvers/leaper/proof/certificate.ts";
import { buildSpace } from "../../../../solvers/leaper/proof/space.ts";
import { ProofRun } from "../../../../solvers/leaper/proof/run.ts";
import { formatSeconds } from "../prove.ts";
import { cpuMs, cpuTimer } from "../../../lib/cpu.ts";
import { estimate } from "./estimate.ts";
import { engineCensus, stratifiedEstimate } from "../../../../solvers/leaper/proof/estimate.ts";
import { join } from "node:path";
import type { AtlasRecord } from "../../../../solvers/leaper/schema.ts";

export const BOOKLET = "shared/sources/000_f7bf65ff92730977.txt";
export const HOUR = 3600;
/** The booklet's estimate of a full knight 8x8 sd=53 enumeration, the anchor of every projection of that proof. */
export const KNIGHT_8X8_ANCHOR = {
  what: "knight 8x8 sd=53 full enumeration, estimated in 2009 (>100 years)",
  seconds: 100 * 365.25 * 24 * HOUR,
  source: `${BOOKLET}:1078`,
};

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
export function proveInProcess(id: string): Record<string, unknown> {
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
export function projection(id: string, samples: number): Record<string, unknown> {
  // estimate() times the wall clock; on a shared machine part of that is waiting
  // for a core, so the projection is scaled by the CPU share seen during the sample.
  const timer = cpuTimer();
  const t0 = performance.now();
  const e = estimate(spaceOf(id), samples, true, 7);
  const wallMs = performance.now() - t0;
  const share = Math.min(1, timer.ms() / Math.max(1e-9, wallMs));
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
export function census(id: string, o: { perBlock: number; nodeCap: number; seed: number; reduce?: boolean }): Record<string, unknown> {
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

export function stratified(
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

export const projected = (o: Record<string, unknown>) => ({
  seconds: o.projectedSeconds as number,
  interval: o.projectedInterval as [number, number],
  basis: "CPU seconds projected from a random sample (prove --estimate), one core",
});

export function certificateSeconds(id: string): Record<string, unknown> {
  const c = JSON.parse(readFileSync(join(familyPaths("leaper").proofs, id, "certificate.json"), "utf8"));
  return { total: c.total, searched: c.searched, nodes: c.nodes, hits: c.hits, shards: c.shardCount, cpuSeconds: c.cpuSeconds };
}

/** A proven cell's shards summed per code version; projectedSeconds: the last version's seconds per position times T. */
export function shardsByCode(id: string): Record<string, unknown> {
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

export function recordsOf(pred: (r: AtlasRecord) => boolean): AtlasRecord[] {
  recordCache ??= RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8"))).records;
  return recordCache.filter(pred);
}

export function countTours(board: string, piece: string, closed: boolean, prune: boolean) {
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
