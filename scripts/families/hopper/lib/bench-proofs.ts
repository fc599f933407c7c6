/**
 * Benchmarks of the SerienZiel proofs' engine: the last-hurdle engine on one start, the grasshopper proof runs
 * as they stand with what remains projected, and lazy.ts against its WebAssembly twin kernel.ts on the proofs'
 * real work, with the rows not yet proven projected on the kernel.
 */
import { join } from "node:path";
import { enumerationSpace } from "../../../../solvers/hopper/search.ts";
import { exhaustiveLazy, type LazyOptions } from "../../../../solvers/hopper/lazy.ts";
import { exhaustiveKernel } from "../../../../solvers/hopper/kernel.ts";
import { HopperRecordFile } from "../../../../solvers/hopper/schema.ts";
import { existsSync, readFileSync } from "node:fs";
import { parseSquare } from "../../../../solvers/board/squares.ts";
import { fail } from "../../../lib/cli.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { median } from "../../../../solvers/lib/stats.ts";
import { B, round, type Row } from "./bench-row.ts";
import { cpuSeconds } from "../../../lib/cpu.ts";

/** The kernel part's work (one start each, ~15-60 s CPU on lazy.ts), the prover's mode per hopper. */
export const KERNEL_CASES = [
  { kind: "nightriderhopper", K: 9, start: "a1", mode: "onlyK + lastHurdle" },
  { kind: "grasshopper", K: 6, start: "b1", mode: "onlyK + lastHurdle" },
  { kind: "rookhopper", K: 8, start: "a1", mode: "bound" },
] as const;

/**
 * The last-hurdle engine of the grasshopper proofs on one start (b2), before and after, and its growth per
 * hurdle (row serienziel-grasshopper-engine-b2-k5; the proofs part projects with it).
 */
export function engineRow(): Row {
  // One start (b2) of the grasshopper tree at K = 5, three runs each: the tree counting every k (before) against
  // one k with the last-hurdle bound (after), seeded with the witnesses of the proven certificates (real positions).
  const K = 5, si = enumerationSpace("grasshopper", B).findIndex((sp) => sp.start === 9);
  const seeds: { start: number; hurdles: number[] }[] = [];
  for (let k = 1; k <= K; k++) {
    const path = join(familyPaths("hopper").proofs, `serienziel-grasshopper-8x8-h${k}.json`);
    if (!existsSync(path)) fail(`engine bench: ${path} is missing (the seeds are the proven maxima)`);
    const c = JSON.parse(readFileSync(path, "utf8"));
    for (const p of [c.longest, c.dualFree, c.reach]) {
      seeds.push({
        start: parseSquare(B, p.start),
        hurdles: p.hurdles.map((h: string) => parseSquare(B, h)),
      });
    }
  }
  const measure = (opts: Parameters<typeof exhaustiveLazy>[3]) => {
    const runs: { cpuSeconds: number; leaves: number; cuts: number; positions: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const c0 = cpuSeconds();
      const r = exhaustiveLazy("grasshopper", B, K, { ...opts, only: [si] });
      runs.push({ cpuSeconds: round(cpuSeconds() - c0, 3), leaves: r.leaves, cuts: r.cuts, positions: r.starts[0].positions[K] });
    }
    if (new Set(runs.map((r) => r.positions)).size !== 1) fail("engine bench: runs disagree on the positions");
    return { runs, medianCpuSeconds: median(runs.map((r) => r.cpuSeconds)) };
  };
  const before = measure({});
  const after = measure({ onlyK: K, lastHurdle: true, seeds });
  // One more hurdle, one run each (about 30 s): the growth per hurdle of the new engine, for the projections below.
  const c6 = cpuSeconds();
  exhaustiveLazy("grasshopper", B, K + 1, { only: [si], onlyK: K + 1, lastHurdle: true, seeds });
  const afterK6 = round(cpuSeconds() - c6, 3);
  if (before.runs[0].positions !== after.runs[0].positions) fail("engine bench: the last-hurdle run covered other positions");
  const row: Row = {
    name: "serienziel-grasshopper-engine-b2-k5",
    what:
      "one start (b2) of the grasshopper tree, positions with 5 hurdles (all k counted before; after: lazy.ts onlyK + lastHurdle, seeded)",
    before,
    after,
    speedup: round(before.medianCpuSeconds / after.medianCpuSeconds, 3),
    afterK6CpuSeconds: afterK6,
    growthPerHurdle: round(afterK6 / after.medianCpuSeconds, 2),
    note:
      "what else was tried and measured on the same start: the branch and bound of lazy.ts with these seeds, -13% leaves but +9% CPU (its bookkeeping); the same bound one hurdle above the last (|X| + the largest count of new landing squares of one undecided square): 2% fewer leaves, +15% CPU; the watched tail one hurdle above the last (|X| + 8): 1% fewer leaves, no gain; a closure at the last hurdle (X squares that no remaining square can hop to dropped): 85% fewer tails but more CPU than the tails it skipped (2.49 against 2.24 s before the watched tail). The grasshopper's 8 directions leave about 14 undiscovered landing squares beside the placed hurdles at a node one hurdle above the leaves, so count bounds rarely settle a node there",
  };
  console.error(`engine: b2 K=5 before ${before.medianCpuSeconds} s, after ${after.medianCpuSeconds} s CPU (median of 3)`);
  return row;
}

/**
 * The grasshopper proof runs as they stand (certificates for k <= 6, the
 * per-start record of the k = 7 run) and what remains, projected: k = 7
 * from its finished starts (mean CPU per start times the starts left), k = 8
 * and 9 from k = 7's total times the measured growth per hurdle of the
 * engine on one start. The booklet's 105 h covered k <= 8.
 */
export function proofRuns(growthK5K6: number, b2K6: number): Row {
  const proofs = familyPaths("hopper").proofs;
  const certSeconds = (k: number) => {
    const path = join(proofs, `serienziel-grasshopper-8x8-h${k}.json`);
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")).cpuSeconds as number) : null;
  };
  const partial = join(proofs, "partial", "serienziel-grasshopper-8x8-upto-h7.json");
  const done: { start: string; cpuSeconds: number; leaves: number }[] = existsSync(partial)
    ? JSON.parse(readFileSync(partial, "utf8")).done
    : [];
  const starts = enumerationSpace("grasshopper", B).length;
  const k7 = certSeconds(7) ?? (done.length ? (done.reduce((a, d) => a + d.cpuSeconds, 0) / done.length) * starts : null);
  // The growth from 6 to 7 hurdles on b2 when the k = 7 run has done b2 (the same engine), else 5 to 6 from the engine row.
  const b2 = done.find((d) => d.start === "b2");
  const growth = b2 ? b2.cpuSeconds / b2K6 : growthK5K6;
  return {
    name: "serienziel-grasshopper-proofs",
    what:
      "CPU seconds of the grasshopper SerienZiel proofs here (the tree for every k <= K until k = 6; k = 7 onwards one k with the last-hurdle bound), and projections",
    certificates: { k5: certSeconds(5), k6: certSeconds(6), k7: certSeconds(7) },
    k7Starts: done.map((d) => ({ start: d.start, cpuSeconds: d.cpuSeconds, leaves: d.leaves })),
    projectedCpuHours: k7 === null ? null : {
      k7: round(k7 / 3600, 2),
      k8: round((k7 * growth) / 3600, 2),
      k9: round((k7 * growth * growth) / 3600, 2),
      upTo8: round((k7 * (1 + growth) + (certSeconds(6) ?? 0)) / 3600, 2),
    },
    growthPerHurdle: round(growth, 2),
    anchor: {
      what: "grasshopper, every position up to 8 hurdles",
      hours: 105,
      source: "shared/sources/000_f7bf65ff92730977.txt lines 4075-4082",
    },
    ratioUpTo8: k7 === null ? null : round(105 / ((k7 * (1 + growth) + (certSeconds(6) ?? 0)) / 3600), 1),
    growthFrom: b2 ? "b2, 6 to 7 hurdles (the k = 7 run's b2 over the engine row's K = 6)" : "b2, 5 to 6 hurdles (engine row)",
    note:
      "k = 7 starts run before the final engine (a1: the tree for every k; b1, c1: before the carried X) count at their own cost, so k = 7's projection errs high; the growth is one start's",
  };
}

/**
 * The engines of the proofs on the same real work: one start of a hopper
 * with the options the prover gives it (the rookhopper with the branch and
 * bound, as its 9-hurdle certificate ran; the others counting one k with
 * the last-hurdle bound) and the prover's seeds (the records' witnesses),
 * lazy.ts and kernel.ts alternately, three runs each; the results must
 * agree in every field. One row per hopper (serienziel-kernel-<hopper>).
 */
export function kernelCase(c: (typeof KERNEL_CASES)[number]): Row {
  const records = HopperRecordFile.parse(JSON.parse(readFileSync(familyPaths("hopper").records, "utf8"))).records;
  const seeds = records
    .filter((r) => r.piece === c.kind && r.witness && r.kind !== "tour-open" && r.kind !== "tour-closed")
    .map((r) => ({ start: parseSquare(B, r.witness!.start), hurdles: r.witness!.hurdles.map((h) => parseSquare(B, h)) }));
  const si = enumerationSpace(c.kind, B).findIndex((sp) => sp.start === parseSquare(B, c.start));
  const opts: LazyOptions = c.mode === "bound" ? { only: [si], bound: true, seeds } : { only: [si], onlyK: c.K, lastHurdle: true, seeds };
  const ts: number[] = [], wasm: number[] = [];
  let leaves = 0;
  for (let i = 0; i < 3; i++) {
    let c0 = cpuSeconds();
    const a = exhaustiveLazy(c.kind, B, c.K, opts);
    ts.push(round(cpuSeconds() - c0, 2));
    c0 = cpuSeconds();
    const b = exhaustiveKernel(c.kind, B, c.K, opts);
    wasm.push(round(cpuSeconds() - c0, 2));
    if (JSON.stringify({ ...a, seconds: 0 }) !== JSON.stringify({ ...b, seconds: 0 })) {
      fail(`kernel bench: ${c.kind} K=${c.K} ${c.start}: the engines disagree`);
    }
    leaves = a.leaves;
    console.error(`kernel: ${c.kind} K=${c.K} ${c.start} (${c.mode}): ts ${ts[i]} s, wasm ${wasm[i]} s CPU`);
  }
  const t = median(ts), w = median(wasm);
  return {
    name: `serienziel-kernel-${c.kind}`,
    what:
      "CPU seconds of the SerienZiel proofs' decision tree on one start: lazy.ts (ts) against its WebAssembly twin solvers/hopper/kernel.ts (wasm), same options and seeds as `atlas records hopper --prove-piece`, identical results checked; medians of 3",
    ...c,
    leaves,
    tsCpuSeconds: ts,
    wasmCpuSeconds: wasm,
    medianTs: t,
    medianWasm: w,
    ratio: round(t / w, 2),
  };
}

/**
 * The rows still to prove on the kernel: the TypeScript projections (this
 * file's rookhopper row, the grasshopper certificates; named in "from")
 * divided by the measured ratio of their hopper (its serienziel-kernel row).
 */
export function kernelProjections(rows: Row[], out: string): Row {
  const all = [...rows, ...(existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")).benchmarks as Row[]) : [])];
  const ratioOf = (kind: string) => (all.find((r) => r.name === `serienziel-kernel-${kind}`)?.ratio as number | undefined) ?? null;
  const rookBeyond = (all.find((r) => r.name === "serienziel-exhaustive-rookhopper")?.beyond ?? []) as {
    hurdlesUpTo: number;
    cpuHours: number;
  }[];
  const cert = (piece: string, k: number) => {
    const path = join(familyPaths("hopper").proofs, `serienziel-${piece}-8x8-h${k}.json`);
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")).cpuSeconds as number) : null;
  };
  const g7 = cert("grasshopper", 7), g8 = cert("grasshopper", 8);
  const onKernel = (hours: number | null, kind: string) => {
    const r = ratioOf(kind);
    return hours === null || r === null ? null : round(hours / r, 3);
  };
  const rook = [10, 11, 12].map((K) => {
    const tsHours = rookBeyond.find((b) => b.hurdlesUpTo === K)?.cpuHours ?? null;
    return {
      row: `rookhopper ${K}`,
      tsCpuHours: tsHours,
      wasmCpuHours: onKernel(tsHours, "rookhopper"),
      from: "serienziel-exhaustive-rookhopper.beyond: the tree with its branch and bound for every k <= K, growth 1.19 per hurdle",
    };
  });
  const grassTs = g7 && g8 ? round((g8 * (g8 / g7)) / 3600, 3) : null;
  return {
    name: "serienziel-kernel",
    what: "projected CPU hours of the SerienZiel rows not yet proven, on lazy.ts (ts) and on kernel.ts (wasm: ts / the hopper's ratio)",
    ratios: Object.fromEntries(["nightriderhopper", "grasshopper", "rookhopper"].map((k) => [k, ratioOf(k)])),
    projections: [
      ...rook,
      {
        row: "grasshopper 9",
        tsCpuHours: grassTs,
        wasmCpuHours: onKernel(grassTs, "grasshopper"),
        from: "the k = 8 certificate's CPU seconds times its growth from the k = 7 certificate (one k with the last-hurdle bound)",
      },
    ],
  };
}
