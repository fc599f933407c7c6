/**
 * `atlas records hopper-tour --prove-target`: maximality of a cell's value by
 * the target search (solvers/hopper-tour/cell.ts targetSearch) from every
 * canonical start pair, one after another, each on its own. Where the branch
 * and bound of the proof run is hopeless the target search is not: it looks
 * only for a tour one longer than ours, and every square that loses its last
 * way in counts against that target at once. Complete without a tour, it gives
 * the "target" certificate (one node count per start pair) that verify
 * re-checks; a tour found instead is returned as the new witness.
 */
import { targetSearch } from "../../../../solvers/hopper-tour/cell.ts";
import { canonicalRoots, type TourMode, type TourPath } from "../../../../solvers/hopper-tour/search.ts";
import type { TourTable } from "../../../../solvers/hopper-tour/table.ts";
import type { HopperTourRecord } from "../../../../solvers/hopper-tour/schema.ts";
import { cpuTimer } from "../../../lib/cpu.ts";

type Maximality = HopperTourRecord["established"]["maximality"];

export function proveByTargetSearch(
  t: TourTable,
  mode: TourMode,
  value: number,
  maxNodes: number,
  log: (line: string) => void,
): { maximality: Maximality } | { found: TourPath } | { incomplete: string } {
  const roots = canonicalRoots(t);
  const perRoot: number[] = [];
  const timer = cpuTimer(), t0 = performance.now();
  for (const [i, root] of roots.entries()) {
    const r = targetSearch(t, mode, value, root, maxNodes);
    if (r.found) return { found: r.found };
    if (!r.complete) return { incomplete: `start pair ${i + 1} of ${roots.length} passed ${maxNodes} nodes` };
    perRoot.push(r.nodes);
    const cpu = timer.seconds();
    log(`target ${value + 1}: start pair ${i + 1}/${roots.length} done, ${r.nodes} nodes, ${cpu.toFixed(0)} s CPU so far`);
  }
  const nodes = perRoot.reduce((a, b) => a + b, 0);
  return {
    maximality: {
      status: "exhaustive",
      search: "target",
      nodes,
      roots: roots.length,
      perRoot,
      seconds: Math.round(performance.now() - t0) / 1000,
      argument: `no ${mode} tour of ${
        value + 1
      } moves: the exhaustive search for one (squares left without a way in counted against it at every node, reach bound at every node) covered all ${roots.length} start pairs (one per symmetry orbit), each on its own, ${nodes} nodes in all; verify searches the cheapest pairs again`,
    },
  };
}
