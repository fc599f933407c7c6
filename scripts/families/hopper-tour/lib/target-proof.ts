/**
 * `atlas records hopper-tour --prove-target`: maximality of a cell's value by
 * an exhaustive search for a tour one longer, from every canonical start
 * pair, one after another, each on its own. Where the branch and bound of the
 * proof run is hopeless the target search is not: it looks only for a tour
 * one longer than ours, and every square that loses its last way in counts
 * against that target at once. Complete without a tour, it gives a
 * certificate of one node count per start pair that verify re-checks; a tour
 * found instead is returned as the new witness.
 *
 * Two searches: when the tour one longer would visit every square, the
 * full-tour search (solvers/hopper-tour/full.ts, run on its WebAssembly twin
 * full-kernel.ts), whose rules serve only that target and are much stronger
 * there (certificate search "full"); otherwise cell.ts's targetSearch
 * (certificate search "target").
 *
 * A run over many start pairs resumes: after each pair the counts so far are
 * written (atomically) to the partial file, data/hopper-tour/proofs/partial/
 * <id>.json, and a new run of the same cell, search and value goes on after
 * the last pair it holds. records.ts removes the file once the certificate is
 * in the records.
 */
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { targetSearch } from "../../../../solvers/hopper-tour/cell.ts";
import { fullTourSearchWasm } from "../../../../solvers/hopper-tour/full-kernel.ts";
import { FULL_TOUR_RULES, fullTourSearch } from "../../../../solvers/hopper-tour/full.ts";
import { canonicalRoots, type TourMode, type TourPath } from "../../../../solvers/hopper-tour/search.ts";
import type { TourTable } from "../../../../solvers/hopper-tour/table.ts";
import type { HopperTourRecord } from "../../../../solvers/hopper-tour/schema.ts";
import { cpuTimer } from "../../../lib/cpu.ts";
import { writeFileAtomic } from "../../../lib/cli.ts";

type Maximality = HopperTourRecord["established"]["maximality"];

/** Where a cell's unfinished run keeps its counts. */
export function partialProofPath(dir: string, id: string): string {
  return `${dir}/${id}.json`;
}

const PartialProof = z.object({
  id: z.string(),
  search: z.enum(["target", "full"]),
  /** The full search's rules (full.ts FULL_TOUR_RULES): counts of other rules are not this run's. */
  rules: z.string().optional(),
  mode: z.enum(["open", "closed", "cyclic"]),
  value: z.number().int().nonnegative(),
  roots: z.number().int().positive(),
  perRoot: z.array(z.number().int().positive()),
  cpuSeconds: z.number().nonnegative(),
});
type PartialProof = z.infer<typeof PartialProof>;

/** Which search proves `value` maximal: the full-tour search when one more would visit every square. */
export function targetKind(t: TourTable, value: number): "target" | "full" {
  return value + 1 === t.size - 1 ? "full" : "target";
}

/** One start pair's search of the given kind: its node count, or the tour it found, or incomplete. */
export function searchRoot(
  kind: "target" | "full",
  t: TourTable,
  mode: TourMode,
  value: number,
  root: { start: number; hurdle: number },
  maxNodes: number,
): { nodes: number; complete: boolean; found: TourPath | null } {
  if (kind === "target") return targetSearch(t, mode, value, root, maxNodes);
  const r = fullTourSearchWasm(t, mode, root, { maxNodes });
  return { nodes: r.nodes, complete: r.complete && !r.found, found: r.found };
}

/** A full certificate's split: its largest pair's subtrees at a depth, counted one by one (verify re-searches some). */
export interface FullSplit {
  pair: number;
  depth: number;
  counts: number[];
}

/** The frontier should hold at least this many nodes, so that a build's budget re-searches some of its subtrees. */
export const SPLIT_FRONTIER = 200;

/**
 * The frontier of start pair `pair` at `depth` (full.ts splitDepth), the nodes above it, and each frontier node's
 * subtree counted on the kernel; with no depth given, the smallest depth whose frontier holds SPLIT_FRONTIER nodes
 * (or, in a smaller tree, the depth with the most).
 */
export function splitPair(
  t: TourTable,
  mode: TourMode,
  pair: number,
  depth?: number,
): { depth: number; above: number; counts: number[] } {
  const root = canonicalRoots(t)[pair];
  let d = depth ?? 2;
  let run = fullTourSearch(t, mode, root, { splitDepth: d });
  for (let e = d + 1; depth === undefined && run.frontier!.length < SPLIT_FRONTIER && e < t.size - 1; e++) {
    const deeper = fullTourSearch(t, mode, root, { splitDepth: e });
    if (deeper.frontier!.length > run.frontier!.length) [run, d] = [deeper, e];
  }
  const counts = run.frontier!.map((prefix) => fullTourSearchWasm(t, mode, root, { prefix }).nodes);
  return { depth: d, above: run.nodes, counts };
}

export function proveByTargetSearch(
  t: TourTable,
  mode: TourMode,
  value: number,
  maxNodes: number,
  log: (line: string) => void,
  partial: { dir: string; id: string } | null = null,
): { maximality: Maximality } | { found: TourPath } | { incomplete: string } {
  const roots = canonicalRoots(t);
  const kind = targetKind(t, value);
  const path = partial ? partialProofPath(partial.dir, partial.id) : null;
  const rules = kind === "full" ? FULL_TOUR_RULES : undefined;
  let state: PartialProof = {
    id: partial?.id ?? "",
    search: kind,
    ...(rules ? { rules } : {}),
    mode,
    value,
    roots: roots.length,
    perRoot: [],
    cpuSeconds: 0,
  };
  if (path && existsSync(path)) {
    const old = PartialProof.parse(JSON.parse(readFileSync(path, "utf8")));
    const same = old.search === kind && old.rules === rules && old.mode === mode && old.value === value &&
      old.roots === roots.length && old.id === state.id;
    if (same) {
      state = old;
      log(`resuming after start pair ${old.perRoot.length} of ${roots.length} (${old.cpuSeconds.toFixed(0)} s CPU before)`);
    } else {log(
        `${path} is for another run (${old.search}${old.rules ? ` rules ${old.rules}` : ""} ${old.mode} ${old.value}); starting over`,
      );}
  }
  const timer = cpuTimer(), before = state.cpuSeconds, doneBefore = state.perRoot.length;
  for (let i = state.perRoot.length; i < roots.length; i++) {
    const r = searchRoot(kind, t, mode, value, roots[i], maxNodes);
    if (r.found) return { found: r.found };
    if (!r.complete) return { incomplete: `start pair ${i + 1} of ${roots.length} passed ${maxNodes} nodes` };
    state.perRoot.push(r.nodes);
    state.cpuSeconds = before + timer.seconds();
    if (path) writeFileAtomic(path, JSON.stringify(state, null, 1) + "\n");
    const done = i + 1, cpu = state.cpuSeconds - before;
    const eta = (cpu / (done - doneBefore)) * (roots.length - done);
    log(
      `${kind} ${value + 1}: start pair ${done}/${roots.length} done, ${r.nodes} nodes, ${state.cpuSeconds.toFixed(0)} s CPU so far, ETA ${
        (eta / 3600).toFixed(1)
      } CPU-h`,
    );
  }
  const nodes = state.perRoot.reduce((a, b) => a + b, 0);
  // A full certificate splits its largest pair into subtrees, and their counts must add up to the pair's.
  let split: FullSplit | undefined;
  if (kind === "full") {
    const pair = state.perRoot.indexOf(Math.max(...state.perRoot));
    const s = splitPair(t, mode, pair);
    const sum = s.above + s.counts.reduce((a, b) => a + b, 0);
    if (sum !== state.perRoot[pair]) {
      throw new Error(`start pair ${pair} split at depth ${s.depth} sums to ${sum} nodes, not ${state.perRoot[pair]}`);
    }
    split = { pair, depth: s.depth, counts: s.counts };
    log(`split start pair ${pair} at depth ${s.depth}: ${s.counts.length} subtrees and ${s.above} nodes above`);
  }
  const how = kind === "full"
    ? "the full-tour search (a square left without a way in or out, or without a state on a way from the hopper's state to the jump home, kills the branch)"
    : "the exhaustive search for one (squares left without a way in counted against it at every node, reach bound at every node)";
  const again = split ? `the largest pair's subtrees at depth ${split.depth} that fit in its budget` : "the cheapest pairs";
  return {
    maximality: {
      status: "exhaustive",
      search: kind,
      ...(rules ? { rules } : {}),
      nodes,
      roots: roots.length,
      perRoot: state.perRoot,
      ...(split ? { split } : {}),
      seconds: Math.round(state.cpuSeconds * 1000) / 1000,
      argument: `no ${mode} tour of ${
        value + 1
      } moves: ${how} covered all ${roots.length} start pairs (one per symmetry orbit), each on its own, ${nodes} nodes in all; verify searches ${again} again`,
    },
  };
}
