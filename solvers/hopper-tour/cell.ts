/**
 * One table cell (hopper, hurdle piece, board, mode): a heuristic hunt for a
 * long tour (randomised Warnsdorff order, a small node budget per start pair,
 * the start pairs interleaved so that no hopeless start eats the budget),
 * then an exhaustive branch and bound above the best value found. The hunt
 * only raises the floor; maximality rests on the exhaustive run alone (or on
 * the bound squares - 1 when the tour visits every square).
 */
import { canonicalRoots, searchTours, type TourMode, type TourPath } from "./search.ts";
import type { TourTable } from "./table.ts";
import { huntTour } from "./hunt.ts";

export interface CellOptions {
  mode: TourMode;
  /** Hunt: rounds over all start pairs and the node budget per start pair and round. */
  huntRounds?: number;
  huntNodes?: number;
  /** Exhaustive run budget (nodes); 0 skips it. */
  proofNodes?: number;
  /** Lower bound to start from (e.g. a value already known); the hunt and proof look above floor - 1. */
  known?: { value: number; path: TourPath } | null;
  seed?: number;
}

export interface CellResult {
  value: number;
  path: TourPath | null;
  /** Maximal: exhaustive run completed, or the tour visits every square. */
  proven: "exhaustive" | "all-squares" | null;
  huntNodes: number;
  proofNodes: number;
  roots: number;
  /** Nodes of the exhaustive run when it completed (the certificate count). */
  certificateNodes: number | null;
}

export function solveCell(t: TourTable, opts: CellOptions): CellResult {
  const top = t.size - 1;
  const roots = canonicalRoots(t);
  let value = opts.known?.value ?? 0;
  let path: TourPath | null = opts.known?.path ?? null;
  let huntNodes = 0;
  const rounds = opts.huntRounds ?? 3;
  const budget = opts.huntNodes ?? 2000;
  let seed = opts.seed ?? 1;
  for (let round = 0; round < rounds && value < top; round++) {
    for (const r of roots) {
      const res = searchTours(t, { mode: opts.mode, roots: [r], floor: value, maxNodes: budget * (round + 1), seed: seed++ });
      huntNodes += res.nodes;
      if (res.path && res.value > value) {
        value = res.value;
        path = res.path;
      }
      if (value >= top) break;
    }
  }
  if (value >= top && path) {
    return { value, path, proven: "all-squares", huntNodes, proofNodes: 0, roots: roots.length, certificateNodes: null };
  }
  const proofBudget = opts.proofNodes ?? 0;
  if (proofBudget <= 0) return { value, path, proven: null, huntNodes, proofNodes: 0, roots: roots.length, certificateNodes: null };
  // Exhaustive: every tour longer than `value` would be found (the bound prunes only against value).
  let res = searchTours(t, { mode: opts.mode, roots, floor: value, maxNodes: proofBudget, warnsdorff: false });
  let proofNodes = res.nodes;
  while (res.complete && res.path && res.value > value) {
    // A better tour turned up: rerun from its value so the certificate is the clean "nothing above" run.
    value = res.value;
    path = res.path;
    if (value >= top) break;
    res = searchTours(t, { mode: opts.mode, roots, floor: value, maxNodes: proofBudget, warnsdorff: false });
    proofNodes += res.nodes;
  }
  if (!res.complete && res.path && res.value > value) {
    value = res.value;
    path = res.path;
  }
  const proven = value >= top && path ? "all-squares" : res.complete && !res.path ? "exhaustive" : null;
  return { value, path, proven, huntNodes, proofNodes, roots: roots.length, certificateNodes: proven === "exhaustive" ? res.nodes : null };
}

/**
 * The certificate re-check: the exhaustive run from a given floor, with the
 * plain child order, is deterministic, so verify reruns it and compares the
 * node count and the value.
 */
export function exhaustiveFrom(
  t: TourTable,
  mode: TourMode,
  floor: number,
  maxNodes = Infinity,
): { value: number; nodes: number; complete: boolean } {
  const res = searchTours(t, { mode, roots: canonicalRoots(t), floor, maxNodes, warnsdorff: false });
  return { value: res.value, nodes: res.nodes, complete: res.complete };
}

/**
 * The target search behind a certificate of kind "target" (maximality of `value`): hunt.ts's exhaustive
 * search for a tour of value + 1 from one canonical start pair, with the cuts that are exact for that target
 * (squares left without a way in, the reach bound at every node, predecessors over the reachable square graph)
 * and seed 1 for the order of equal children. Each start pair is searched on its own, so its node count is a
 * fixed number that verify can reproduce pair by pair.
 */
export function targetSearch(
  t: TourTable,
  mode: TourMode,
  value: number,
  root: { start: number; hurdle: number },
  maxNodes = Infinity,
): { nodes: number; complete: boolean; found: TourPath | null } {
  const r = huntTour(t, {
    mode,
    target: value + 1,
    restartNodes: 1,
    maxNodes,
    seed: 1,
    roots: [root],
    exhaustive: true,
    bound: "reach",
    reachFrom: 0,
    squareGraph: "reachable",
  });
  const found = r.value > value ? r.path : null;
  return { nodes: r.nodes, complete: r.complete === true && !found, found };
}
