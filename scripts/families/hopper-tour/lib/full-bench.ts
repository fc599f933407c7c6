/**
 * `atlas bench hopper-tour --full WALKS` (rows `fullTourSearch` in
 * bench/hopper-tour.json): what the full-tour search (solvers/hopper-tour/
 * full.ts, kernel full-kernel.ts) buys where the tour one longer would visit
 * every square. For a cell proven by the target search (cell.ts): its
 * certificate's count for every start pair against the full search's, run on
 * every pair to the end (a second proof of the cell by another search); CPU per node of the reference and of
 * the kernel on one start pair under a node cap (medians of three); Knuth's
 * estimate of the whole full search from WALKS walks a start pair, and the
 * CPU it projects on the kernel.
 */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../../solvers/hopper-tour/table.ts";
import { canonicalRoots, type TourMode } from "../../../../solvers/hopper-tour/search.ts";
import type { HopperTourRecord } from "../../../../solvers/hopper-tour/schema.ts";
import { fullTourSearch } from "../../../../solvers/hopper-tour/full.ts";
import { fullTourSearchWasm } from "../../../../solvers/hopper-tour/full-kernel.ts";
import { seededRandom } from "../../../../solvers/random.ts";
import { median } from "../../../../solvers/lib/stats.ts";
import type { HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { cpuTimer } from "../../../lib/cpu.ts";

const CELLS: { hopper: HopperKind; hurdle: string; n: number; mode: TourMode; ours: number; cap: number }[] = [
  // Proven by the target search (its certificate's counts are the "before"); the full search run beside it.
  { hopper: "grasshopper", hurdle: "king", n: 6, mode: "closed", ours: 34, cap: 2e5 },
  // Open: the full search's projection is the cost of settling it.
  { hopper: "grasshopper", hurdle: "king", n: 7, mode: "closed", ours: 47, cap: 1e6 },
];

/** The target certificate's counts per start pair of a record, if it has one. */
function targetCounts(records: HopperTourRecord[], id: string): number[] | null {
  const m = records.find((r) => r.id === id)?.established.maximality;
  return m && m.status === "exhaustive" && m.search === "target" && m.perRoot ? m.perRoot : null;
}

export function fullSearchRows(walks: number, records: HopperTourRecord[], log: (line: string) => void) {
  return CELLS.map((c) => {
    const cell = `${c.hopper}-${c.hurdle}-${c.n}x${c.n}-${c.mode}`;
    const t = tourTable(makeBoard([c.n, c.n]), c.hopper, parseHurdle(c.hurdle));
    const roots = canonicalRoots(t);
    // Every pair again with the full search where the target search proved the cell: a second proof.
    const before = targetCounts(records, cell);
    let againstTarget = null;
    if (before) {
      const timer = cpuTimer();
      const full = roots.map((root) => fullTourSearchWasm(t, c.mode, root));
      if (full.some((r) => r.found || !r.complete)) throw new Error(`${cell}: the full search found a tour or did not end`);
      const ratios = full.map((r, i) => before[i] / r.nodes).sort((a, b) => a - b);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      againstTarget = {
        targetSearchNodes: sum(before),
        fullSearchNodes: sum(full.map((r) => r.nodes)),
        fullSearchCpuSeconds: Math.round(timer.seconds()),
        ratioPerPair: { min: round2(ratios[0]), median: round2(median(ratios)), max: round2(ratios[ratios.length - 1]) },
        result: "no tour through every square from any start pair: the cell's value proven again by the other search",
      };
      log(`${cell}: ${JSON.stringify(againstTarget)}`);
    }
    // CPU a node on the largest of the first ten pairs' estimates' pair 10 (a middling one), capped.
    const probeRoot = roots[Math.min(10, roots.length - 1)];
    const perNode = (run: () => { nodes: number }) => {
      const ns: number[] = [];
      for (let k = 0; k < 3; k++) {
        const timer = cpuTimer();
        const r = run();
        ns.push((timer.micros() * 1000) / r.nodes);
      }
      return Math.round(median(ns));
    };
    const tsNs = perNode(() => fullTourSearch(t, c.mode, probeRoot, { maxNodes: c.cap / 5 }));
    const wasmNs = perNode(() => fullTourSearchWasm(t, c.mode, probeRoot, { maxNodes: c.cap }));
    const rand = seededRandom(11);
    let estimate = 0;
    for (const root of roots) {
      let sum = 0;
      for (let w = 0; w < walks; w++) sum += fullTourSearch(t, c.mode, root, { probe: rand }).estimate!;
      estimate += sum / walks;
    }
    const row = {
      cell,
      proves: `no ${c.mode} tour of ${c.ours + 1} moves (every square): ${c.ours} maximal`,
      startPairs: roots.length,
      ...(againstTarget ? { againstTarget } : {}),
      nsPerNode: { reference: tsNs, kernel: wasmNs, capNodes: c.cap, startPair: roots.indexOf(probeRoot) },
      estimatedNodes: Number(estimate.toPrecision(3)),
      walksPerPair: walks,
      projectedKernelCpuHours: Math.round(((estimate * wasmNs) / 1e9 / 3600) * 100) / 100,
    };
    log(`${cell}: ${JSON.stringify(row)}`);
    return row;
  });
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
