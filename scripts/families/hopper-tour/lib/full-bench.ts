/**
 * `atlas bench hopper-tour --full WALKS` (rows `fullTourSearch` in
 * bench/hopper-tour.json): what the full-tour search (solvers/hopper-tour/
 * full.ts, kernel full-kernel.ts) buys where the tour one longer would visit
 * every square. For each such cell: the nodes of the target search (cell.ts,
 * from the cell's certificate when it has one) against the full search's on
 * the first start pairs, run to the end; CPU per node of the reference and of
 * the kernel on one start pair under a node cap (medians of three); Knuth's
 * estimate of the whole full search from WALKS walks a start pair, and the
 * CPU it projects on the kernel.
 */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../../solvers/hopper-tour/table.ts";
import { canonicalRoots, type TourMode } from "../../../../solvers/hopper-tour/search.ts";
import { targetSearch } from "../../../../solvers/hopper-tour/cell.ts";
import { fullTourSearch } from "../../../../solvers/hopper-tour/full.ts";
import { fullTourSearchWasm } from "../../../../solvers/hopper-tour/full-kernel.ts";
import { seededRandom } from "../../../../solvers/random.ts";
import { median } from "../../../../solvers/lib/stats.ts";
import type { HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { cpuTimer } from "../../../lib/cpu.ts";

const CELLS: { hopper: HopperKind; hurdle: string; n: number; mode: TourMode; ours: number; pairs: number; cap: number }[] = [
  // Proven by the target search (its certificate's counts are the "before"); the full search run beside it.
  { hopper: "grasshopper", hurdle: "king", n: 6, mode: "closed", ours: 34, pairs: 5, cap: 2e5 },
  // Open: the full search's projection is the cost of settling it.
  { hopper: "grasshopper", hurdle: "king", n: 7, mode: "closed", ours: 47, pairs: 0, cap: 1e6 },
];

export function fullSearchRows(walks: number, log: (line: string) => void) {
  return CELLS.map((c) => {
    const cell = `${c.hopper}-${c.hurdle}-${c.n}x${c.n}-${c.mode}`;
    const t = tourTable(makeBoard([c.n, c.n]), c.hopper, parseHurdle(c.hurdle));
    const roots = canonicalRoots(t);
    const pairs = roots.slice(0, c.pairs).map((root, i) => {
      const target = targetSearch(t, c.mode, c.ours, root).nodes;
      const full = fullTourSearchWasm(t, c.mode, root).nodes;
      log(`${cell}: start pair ${i}: target search ${target} nodes, full search ${full}`);
      return { pair: i, targetSearchNodes: target, fullSearchNodes: full, ratio: Math.round((target / full) * 100) / 100 };
    });
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
      pairs,
      nsPerNode: { reference: tsNs, kernel: wasmNs, capNodes: c.cap, startPair: roots.indexOf(probeRoot) },
      estimatedNodes: Number(estimate.toPrecision(3)),
      walksPerPair: walks,
      projectedKernelCpuHours: Math.round(((estimate * wasmNs) / 1e9 / 3600) * 100) / 100,
    };
    log(`${cell}: ${JSON.stringify(row)}`);
    return row;
  });
}
