/**
 * Projections of the SerienZiel rows not yet proven: what the proof run of
 * each row would cost, from Knuth's estimate of its decision tree
 * (solvers/hopper/lazy.ts, "Probes") times the kernel's measured CPU per
 * leaf.
 *
 * For each hopper the tree is the one its prover walks for that row
 * (`atlas records hopper --prove-piece`), one k each (the rows below are
 * proven): the rookhopper with the branch and bound (12x faster for it than
 * the last-hurdle bound), the grasshopper and the nightriderhopper with the
 * last-hurdle bound; all
 * seeded with the records' witnesses, as the prover seeds them, so the walks
 * cut where the proof would. The estimate is summed over the starts of the
 * enumeration space, with its 95% interval from the walks' spread; the
 * trees are heavy-tailed, so a finite number of walks errs low more often
 * than high (the interval is a rough guide, not a bound).
 *
 * CPU per leaf: the kernel (the proofs' default engine) walks one start's
 * whole tree at a row small enough to take seconds, and the same start is
 * estimated by walks beside it (the calibration's estimate against its exact
 * leaf count is reported: it is the check of the estimator on real trees).
 * The cost of a leaf grows with the row (deeper trees, longer scans below
 * the last hurdle), so rows far above the calibration are projected low;
 * each row's figure says which calibration it used. The rows the running
 * proofs finish give the real figure to set beside these.
 */
import { existsSync } from "node:fs";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseSquare } from "../../../../solvers/board/squares.ts";
import type { HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { enumerationSpace } from "../../../../solvers/hopper/search.ts";
import { exhaustiveLazy, type LazyOptions } from "../../../../solvers/hopper/lazy.ts";
import { exhaustiveKernel } from "../../../../solvers/hopper/kernel.ts";
import type { HopperRecord } from "../../../../solvers/hopper/schema.ts";
import { seededRandom } from "../../../../solvers/random.ts";
import { roundTo } from "../../../../solvers/lib/stats.ts";
import { certificatePath } from "./serienziel-proof.ts";

const B = makeBoard([8, 8]);
/** The booklet's rows end at 22 hurdles. */
export const LAST_ROW = 22;

/** The prover's tree per hopper, and the calibration (one start, a row its kernel walks in seconds). */
export const ROW_CASES = [
  { kind: "rookhopper", mode: "onlyK + bound", calibration: { K: 8, start: "a1" } },
  { kind: "grasshopper", mode: "onlyK + lastHurdle", calibration: { K: 6, start: "b1" } },
  { kind: "nightriderhopper", mode: "onlyK + lastHurdle", calibration: { K: 9, start: "a1" } },
] as const;
type RowCase = (typeof ROW_CASES)[number];

function treeOptions(c: RowCase, K: number, seeds: LazyOptions["seeds"]): LazyOptions {
  return c.mode === "onlyK + bound" ? { onlyK: K, bound: true, seeds } : { onlyK: K, lastHurdle: true, seeds };
}

/** The records' witnesses of one hopper, as the prover seeds its trees. */
export function recordSeeds(records: readonly HopperRecord[], kind: HopperKind): NonNullable<LazyOptions["seeds"]> {
  return records
    .filter((r) => r.piece === kind && r.witness && r.kind !== "tour-open" && r.kind !== "tour-closed")
    .map((r) => ({ start: parseSquare(B, r.witness!.start), hurdles: r.witness!.hurdles.map((h) => parseSquare(B, h)) }));
}

export interface TreeEstimate {
  walks: number;
  leaves: number;
  /** 95% interval of the leaves from the walks' spread (per start, summed in variance). */
  leavesInterval: [number, number];
  branchNodes: number;
  cpuSeconds: number;
}

/** Knuth's estimate of one row's tree over the given starts (all when `only` is absent). */
export function estimateTree(
  kind: HopperKind,
  K: number,
  opts: LazyOptions,
  walks: number,
  seed: number,
  cpu: () => number,
): TreeEstimate {
  const sum = new Map<number, { n: number; s: number; s2: number; b: number }>();
  const c0 = cpu();
  // Warm-up: the proof's bounds tighten as its walk meets better positions (the records seed the longest and
  // dual-free columns, not the squares reached), and a large tree meets them early; walks rarely do. So first
  // walks whose best positions join the seeds, then the walks that are counted.
  const warm = exhaustiveLazy(kind, B, K, {
    ...opts,
    probe: { random: seededRandom(seed ^ 0x5bd1e995), walks, onWalk: () => {} },
  });
  const found = warm.perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p) => p !== null);
  exhaustiveLazy(kind, B, K, {
    ...opts,
    seeds: [...(opts.seeds ?? []), ...found.map((p) => ({ start: p.start, hurdles: p.hurdles }))],
    probe: {
      random: seededRandom(seed),
      walks,
      onWalk: (si, leaves, branchNodes) => {
        const a = sum.get(si) ?? { n: 0, s: 0, s2: 0, b: 0 };
        a.n++;
        a.s += leaves;
        a.s2 += leaves * leaves;
        a.b += branchNodes;
        sum.set(si, a);
      },
    },
  });
  let leaves = 0, variance = 0, branchNodes = 0;
  for (const a of sum.values()) {
    const m = a.s / a.n;
    leaves += m;
    branchNodes += a.b / a.n;
    variance += a.n > 1 ? Math.max(0, (a.s2 - a.n * m * m) / (a.n - 1)) / a.n : 0;
  }
  const half = 1.96 * Math.sqrt(variance);
  return {
    walks,
    leaves: Math.round(leaves),
    leavesInterval: [Math.round(Math.max(0, leaves - half)), Math.round(leaves + half)],
    branchNodes: Math.round(branchNodes),
    cpuSeconds: roundTo(cpu() - c0, 2),
  };
}

/** The highest row of a hopper with its certificate on disk (every row below it has one too, as the prover writes them). */
export function provenUpTo(kind: HopperKind): number {
  let k = 0;
  while (k < LAST_ROW && existsSync(certificatePath(kind, k + 1))) k++;
  return k;
}

export interface RowProjectionOptions {
  records: readonly HopperRecord[];
  walks: number;
  seed: number;
  cpu: () => number;
  log: (line: string) => void;
  /** Rows to project (default: every row above the proven ones). */
  rows?: (kind: HopperKind) => number[];
}

/** One hopper's calibration and the projection of its rows. */
export function projectRows(c: RowCase, o: RowProjectionOptions) {
  const seeds = recordSeeds(o.records, c.kind);
  const space = enumerationSpace(c.kind, B);
  const si = space.findIndex((sp) => sp.start === parseSquare(B, c.calibration.start));
  const calOpts = { ...treeOptions(c, c.calibration.K, seeds), only: [si] };
  const c0 = o.cpu();
  const exact = exhaustiveKernel(c.kind, B, c.calibration.K, calOpts);
  const kernelCpu = o.cpu() - c0;
  const calEstimate = estimateTree(c.kind, c.calibration.K, calOpts, o.walks, o.seed, o.cpu);
  const perLeaf = kernelCpu / exact.leaves;
  o.log(
    `rows: ${c.kind} calibration K=${c.calibration.K} ${c.calibration.start}: ${exact.leaves} leaves in ${
      kernelCpu.toFixed(2)
    } s CPU (kernel), estimated ${calEstimate.leaves}`,
  );
  const proven = provenUpTo(c.kind);
  const wanted = o.rows?.(c.kind) ?? Array.from({ length: LAST_ROW - proven }, (_, i) => proven + 1 + i);
  const rows = wanted.map((K) => {
    const e = estimateTree(c.kind, K, treeOptions(c, K, seeds), o.walks, o.seed + K, o.cpu);
    const hours = (leaves: number) => roundTo((leaves * perLeaf) / 3600, 3);
    o.log(`rows: ${c.kind} ${K}: ~${e.leaves.toExponential(2)} leaves, ${hours(e.leaves)} CPU-h (${e.cpuSeconds} s of walks)`);
    return {
      row: K,
      tree: c.mode === "onlyK + bound" ? `k = ${K} alone, branch and bound` : `k = ${K} alone, last-hurdle bound`,
      ...e,
      cpuHours: hours(e.leaves),
      cpuHoursInterval: [hours(e.leavesInterval[0]), hours(e.leavesInterval[1])],
    };
  });
  return {
    kind: c.kind,
    mode: c.mode,
    provenUpTo: proven,
    calibration: {
      ...c.calibration,
      leaves: exact.leaves,
      kernelCpuSeconds: roundTo(kernelCpu, 2),
      cpuMicrosPerLeaf: roundTo(perLeaf * 1e6, 4),
      estimatedLeaves: calEstimate.leaves,
      estimatedInterval: calEstimate.leavesInterval,
    },
    rows,
  };
}
