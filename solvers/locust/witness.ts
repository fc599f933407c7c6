/**
 * Witness search for the locust and rook-locust table cells: the lazy
 * sequence search (lazy.ts) enumerates positions of m men with a complete
 * sequence from a start square; each position it yields is checked with the
 * exact counter (bitsearch.ts) for what the cell needs — any complete
 * sequence (longest), exactly one (dual-free), exactly one and it returns to
 * the start (dual-free closed; the lazy search then yields closed sequences
 * only). Seeds shuffle the order of equally cheap moves, so several runs
 * with a node budget each look at different parts of the space.
 */
import type { LineTable } from "../pieces/locust.ts";
import { BitCaptureCounter } from "./bitsearch.ts";
import { LazySearch } from "./lazy.ts";

export type WitnessWant = "longest" | "dual-free" | "dual-free-closed";

export interface WitnessSearchOptions {
  start: number;
  men: number;
  want: WitnessWant;
  /** Node budget of each lazy run. */
  maxNodes: number;
  /** One lazy run per seed (undefined = line order, no shuffle). */
  seeds: (number | undefined)[];
  memoBits?: number;
}

export interface WitnessSearchResult {
  hit: { start: number; men: number[]; sequence: number[] } | null;
  /** Lazy-search nodes over all runs, positions yielded (distinct), and how many of them had 2+ complete sequences. */
  nodes: number;
  positions: number;
  withDuals: number;
  runs: number;
  /** Most captures a branch reached (over all runs). */
  deepest: number;
}

export function searchWitness(t: LineTable, o: WitnessSearchOptions): WitnessSearchResult {
  const lazy = new LazySearch(t);
  lazy.setMemo(o.memoBits ?? 20);
  const counter = new BitCaptureCounter(t, 18);
  const seen = new Set<string>();
  const res: WitnessSearchResult = { hit: null, nodes: 0, positions: 0, withDuals: 0, runs: 0, deepest: 0 };
  for (const seed of o.seeds) {
    res.runs++;
    const r = lazy.run({
      start: o.start,
      men: o.men,
      closed: o.want === "dual-free-closed",
      maxNodes: o.maxNodes,
      order: "cheap",
      seed,
      onSequence: (captured, landed) => {
        const men = Array.from(captured);
        const key = men.slice().sort((a, b) => a - b).join(",");
        if (seen.has(key)) return true;
        seen.add(key);
        res.positions++;
        if (o.want !== "longest") {
          const c = counter.count(o.start, men, { limit: 2 });
          if (c.count !== 1) {
            res.withDuals++;
            return true;
          }
        }
        res.hit = { start: o.start, men, sequence: Array.from(landed) };
        return false;
      },
    });
    res.nodes += r.nodes;
    res.deepest = Math.max(res.deepest, lazy.maxDepth);
    if (res.hit) break;
  }
  return res;
}
