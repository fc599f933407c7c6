/**
 * The two restart searches of `atlas records hopper-tour` for a cell whose
 * witness is below the booklet's value, each walking the canonical start pairs
 * by seed (seed k takes pair k mod their number) until its budget is spent or
 * the booklet's value is met:
 *   --restart-search NODES  the exact branch and bound above our value, in the
 *                           Warnsdorff order randomised by k, cut at --restart nodes;
 *   --reroute STARTS        a first tour from the branch and bound (at least the
 *                           target less 16 squares' worth, cut at --restart nodes),
 *                           then window re-routing (solvers/hopper-tour/reroute.ts)
 *                           of 10,000 windows from it.
 * Either returns the longer tour it met (or null) and the hunt record that
 * says what was searched.
 */
import { canonicalRoots, searchTours, type TourMode, type TourPath } from "../../../../solvers/hopper-tour/search.ts";
import { rerouteTour } from "../../../../solvers/hopper-tour/reroute.ts";
import type { TourTable } from "../../../../solvers/hopper-tour/table.ts";
import type { HopperTourRecord } from "../../../../solvers/hopper-tour/schema.ts";
import { cpuTimer } from "../../../lib/cpu.ts";

type Hunt = NonNullable<HopperTourRecord["established"]["hunt"]>;

export interface RestartRun {
  kind: "restart-search" | "reroute";
  /** Nodes (restart-search) or start pairs (reroute) to spend. */
  budget: number;
  restartNodes: number;
  seed: number;
  /** Our value now and the booklet's. */
  have: number;
  target: number;
  date: string;
  /** Why the quick routes do not apply (appended to a miss's reason). */
  whyNot: string;
}

/** Window re-routing's fixed settings (the method text names them). */
const REROUTE = { iterations: 10000, windowNodes: 100000, windowMax: 24, kick: 0.3 };

export function restartRun(
  t: TourTable,
  mode: TourMode,
  o: RestartRun,
): { path: TourPath | null; hunt: Hunt; seconds: number; nodes: number } {
  const roots = canonicalRoots(t);
  const t0 = performance.now(), timer = cpuTimer();
  let nodes = 0, restarts = 0, best = o.have, path: TourPath | null = null;
  const floor = o.kind === "reroute" ? Math.max(0, o.target - 16) : o.have;
  for (let k = o.seed; (o.kind === "reroute" ? restarts : nodes) < o.budget; k++) {
    const res = searchTours(t, { mode, roots: [roots[k % roots.length]], floor, maxNodes: o.restartNodes, seed: k, reachEvery: 4 });
    nodes += res.nodes;
    restarts++;
    let found = res.path, value = res.value;
    if (o.kind === "reroute" && res.path) {
      const r = rerouteTour(t, res.path, { mode, seed: k, target: o.target, ...REROUTE });
      nodes += r.nodes;
      found = r.path;
      value = r.value;
    }
    if (found && value > best) {
      best = value;
      path = found;
    }
    if (best >= o.target) break;
  }
  const cpuSeconds = Math.round(timer.micros() / 1000) / 1000;
  const seconds = Math.round(performance.now() - t0) / 1000;
  const pairs = `seed k searches canonical start pair k mod ${roots.length}`;
  const method = o.kind === "reroute"
    ? `window re-routing from restarts (${pairs}: a first tour from the branch and bound above ${floor} cut at ${o.restartNodes} nodes, then ${REROUTE.iterations} windows of up to ${REROUTE.windowMax} jumps each searched again to the end within ${REROUTE.windowNodes} nodes, one square of the old stretch banned in ${
      REROUTE.kick * 100
    } % of them; seeds from ${o.seed})`
    : `random restarts of the exact branch and bound above our value ${o.have} (${pairs} in the Warnsdorff order randomised by k, reach bound at every 4th depth, seeds from ${o.seed})`;
  const what = o.kind === "reroute"
    ? `${restarts} start pairs re-routed (${nodes} nodes, ${cpuSeconds} s CPU) met at most ${best}; re-routing only lengthens the tours it starts from`
    : `${restarts} restarts of at most ${o.restartNodes} nodes (${nodes} nodes, ${cpuSeconds} s CPU) met at most ${best}; the restarts are incomplete (each cut off at its budget)`;
  const hunt: Hunt = {
    method,
    target: o.target,
    best,
    nodes,
    restarts,
    restartNodes: o.restartNodes,
    seed: o.seed,
    seconds,
    date: o.date,
    ...(best < o.target ? { reason: `not reached: ${what}, so they neither find nor exclude a tour of ${o.target}${o.whyNot}` } : {}),
  };
  return { path, hunt, seconds, nodes };
}
