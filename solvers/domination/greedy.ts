/**
 * A greedy set to start the exact search from: repeatedly place a piece where
 * it serves the most still-needed squares (ties: lowest square). Its size is
 * an upper bound only; the exact search then looks for smaller sets.
 */
import type { Square } from "../types.ts";
import type { DominationGraph } from "./graph.ts";
import type { DominationKind } from "./types.ts";
import { popcount32 } from "./bitset.ts";

/**
 * A set of the given kind serving every target square, or null when the kind
 * admits none (total: a target square nobody attacks; connected: the target is
 * not inside one component). Candidates are taken from `universe`.
 */
export function greedyDominatingSet(
  g: DominationGraph,
  kind: DominationKind,
  target: readonly Square[],
  universe: readonly Square[],
): Square[] | null {
  const W = g.words;
  const mask = kind === "total" ? g.open : g.closed;
  const need = new Uint32Array(W);
  for (const t of target) need[t >>> 5] |= 1 << (t & 31);
  const placed = new Uint8Array(g.size);
  const out: Square[] = [];
  const isNeeded = (s: number) => ((need[s >>> 5] >>> (s & 31)) & 1) === 1;
  const nonEmpty = () => need.some((x) => x !== 0);
  const nextToSet = new Uint8Array(g.size);
  while (nonEmpty()) {
    let best = -1;
    let bestGain = -1;
    for (const v of universe) {
      if (placed[v]) continue;
      if (kind === "independent" && !isNeeded(v)) continue;
      if (kind === "connected" && out.length > 0 && !nextToSet[v]) continue;
      let gv = 0;
      for (let w = 0; w < W; w++) gv += popcount32(mask[v * W + w] & need[w]);
      if (gv > bestGain) {
        bestGain = gv;
        best = v;
      }
    }
    if (best < 0) return null;
    if (bestGain === 0 && kind !== "connected") return null;
    placed[best] = 1;
    out.push(best);
    for (let w = 0; w < W; w++) need[w] &= ~mask[best * W + w];
    for (let e = g.openStart[best]; e < g.openStart[best + 1]; e++) nextToSet[g.openAdj[e]] = 1;
    if (out.length > universe.length) return null;
  }
  return out;
}
