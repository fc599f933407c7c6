/**
 * Projections of the exhaustive runs that would settle the open hopper-tour
 * cells (`atlas bench hopper-tour --projections WALKS`, rows `proofProjections`
 * in bench/hopper-tour.json): for each, the exhaustive target search of hunt.ts
 * (reach bound at every node, predecessors over the reachable square graph)
 * with the target one above our value, so that a complete run without a tour
 * proves our value maximal. Knuth's estimator (hunt.ts `probe`) gives each
 * canonical start pair's tree size from WALKS random walks; the CPU time of a
 * node is the median of three capped runs on the largest start pairs, so the
 * projection is of this machine. Heavy tails make walks err low (a tree
 * estimated at 2e8 nodes took more than that on a real run), so the figures
 * are lower bounds in practice, not promises.
 */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../../solvers/hopper-tour/table.ts";
import { canonicalRoots, type TourMode } from "../../../../solvers/hopper-tour/search.ts";
import { huntTour } from "../../../../solvers/hopper-tour/hunt.ts";
import type { HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { cpuTimer } from "../../../lib/cpu.ts";
import { median } from "../../../../solvers/lib/stats.ts";

const OPEN_CELLS: { hopper: HopperKind; hurdle: string; n: number; mode: TourMode; ours: number; booklet: string }[] = [
  { hopper: "grasshopper", hurdle: "king", n: 7, mode: "closed", ours: 47, booklet: "46*, not all possibilities tested (lines 4649-4652)" },
  { hopper: "grasshopper", hurdle: "king", n: 6, mode: "closed", ours: 34, booklet: "34, absolute (line 4649); time not printed" },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "open", ours: 59, booklet: "59, all possibilities in 2 h (lines 4961-4962)" },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "closed", ours: 57, booklet: "57, all possibilities in 3 h (lines 4961-4962)" },
  { hopper: "nightriderhopper", hurdle: "queen", n: 8, mode: "open", ours: 60, booklet: "60, absolute; time not printed" },
  { hopper: "nightriderhopper", hurdle: "queen", n: 8, mode: "closed", ours: 60, booklet: "60, absolute; time not printed" },
];

export function projectionRows(walks: number, log: (line: string) => void) {
  return OPEN_CELLS.map((c) => {
    const cell = `${c.hopper}-${c.hurdle}-${c.n}x${c.n}-${c.mode}`;
    const t = tourTable(makeBoard([c.n, c.n]), c.hopper, parseHurdle(c.hurdle));
    const target = c.ours + 1;
    const base = { mode: c.mode, target, restartNodes: 1, seed: 1, exhaustive: true, bound: "reach" as const, reachFrom: 0 };
    const opts = { ...base, squareGraph: "reachable" as const };
    const roots = canonicalRoots(t);
    const timer = cpuTimer();
    let nodes = 0, variance = 0;
    const perRoot = roots.map((root, i) => {
      let sum = 0, sq = 0;
      for (let w = 0; w < walks; w++) {
        const e = huntTour(t, { ...opts, maxNodes: Infinity, roots: [root], seed: 1 + w + walks * i, probe: true }).estimate!;
        sum += e;
        sq += e * e;
      }
      const mean = sum / walks;
      nodes += mean;
      variance += Math.max(0, sq / walks - mean * mean) / walks;
      return mean;
    });
    const probeSeconds = timer.seconds();
    // CPU per node: capped runs on the three largest start pairs (their trees dominate the total).
    const largest = perRoot.map((m, i) => [m, i]).sort((a, b) => b[0] - a[0]).slice(0, 3).map(([, i]) => roots[i]);
    const cap = 300000;
    const micros = largest.map((root) => {
      const tm = cpuTimer();
      const r = huntTour(t, { ...opts, maxNodes: cap, roots: [root] });
      return tm.micros() / r.nodes;
    });
    const perNode = median(micros);
    const cpuHours = (nodes * perNode) / 3.6e9;
    log(
      `${cell} target ${target}: ${nodes.toExponential(2)} nodes (${walks} walks a start pair), ${perNode.toFixed(2)} µs a node, ${
        cpuHours.toFixed(1)
      } CPU-h`,
    );
    return {
      cell,
      target,
      proves: `no ${c.mode} tour of ${target} moves, so ours of ${c.ours} is maximal`,
      booklet: c.booklet,
      method: "exhaustive target search of hunt.ts (reach bound at every node, reachable square graph), canonical start pairs",
      startPairs: roots.length,
      walksPerStartPair: walks,
      estimatedNodes: Math.round(nodes),
      relativeStandardError: Math.round((Math.sqrt(variance) / nodes) * 1000) / 1000,
      largestStartPair: Math.round(Math.max(...perRoot)),
      cpuMicrosPerNode: Math.round(perNode * 100) / 100,
      projectedCpuHours: Math.round(cpuHours * 10) / 10,
      probeCpuSeconds: Math.round(probeSeconds * 10) / 10,
    };
  });
}
