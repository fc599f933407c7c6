/**
 * Tours of small boards by search, in order of cost: Warnsdorff runs from a few
 * starts with random ties, rotation–extension (posa.ts), then the exact engine
 * (hamiltonian/engine.ts) within a node budget. Used directly for small boards
 * and for the blocks of the divide-and-conquer construction (cached: each block
 * size is searched once per process, with fixed seeds, so results are
 * reproducible).
 */
import type { Graph } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { findHamiltonianPath } from "../hamiltonian/engine.ts";
import { leaperGraph } from "./graph.ts";
import { warnsdorff } from "./warnsdorff.ts";
import { rotateExtend } from "./posa.ts";

export interface SmallSearch {
  path: Int32Array | null;
  method: "warnsdorff" | "rotation" | "backtrack" | "none";
  /** true when `path` is null because an exhaustive search found none. */
  provenNone: boolean;
}

export interface SmallOptions {
  start?: number;
  /** Node budget for the exact engine (default 2e6). */
  maxNodes?: number;
  seed?: number;
  /** Skip the heuristics (for tests of the engine path). */
  exactOnly?: boolean;
}

/** Search a tour of graph `g` (vertex = square of `dims`). */
export function searchTour(
  dims: readonly number[],
  _leap: readonly [number, number],
  g: Graph,
  closed: boolean,
  o: SmallOptions = {},
): SmallSearch {
  const board = makeBoard(dims);
  const n = g.order;
  const seed = o.seed ?? 1;
  if (!o.exactOnly) {
    const starts = o.start !== undefined ? [o.start] : [0, Math.floor(n / 2), n - 1, Math.floor(n / 3)];
    for (let t = 0; t < 24; t++) {
      const r = warnsdorff(board, g, {
        start: starts[t % starts.length],
        closed,
        tieBreak: t < starts.length ? "roth" : "random",
        seed: seed + t,
      });
      if (r.length === n && (!closed || r.closes)) return { path: r.path, method: "warnsdorff", provenNone: false };
      if (r.length === n || (o.start === undefined && r.length > n * 0.9)) {
        const p = rotateExtend(g, {
          closed,
          seed: seed + t,
          initial: r.path.subarray(0, r.length),
          maxSteps: 20 * n + 2000,
          fixStart: o.start !== undefined,
        });
        if (p.path) return { path: p.path, method: "rotation", provenNone: false };
      }
    }
    for (let t = 0; t < 24; t++) {
      const p = rotateExtend(g, {
        closed,
        seed: seed + 100 + t,
        start: o.start,
        fixStart: o.start !== undefined,
        maxSteps: 100 * n + 5000,
      });
      if (p.path) return { path: p.path, method: "rotation", provenNone: false };
    }
  }
  // Exact: every closed tour passes through square 0, so one start suffices; open tours try every start.
  const maxNodes = o.maxNodes ?? 2_000_000;
  const starts = closed ? [o.start ?? 0] : o.start !== undefined ? [o.start] : Array.from({ length: n }, (_, i) => i);
  let exhaustive = true;
  for (const s of starts) {
    const r = findHamiltonianPath(g, { start: s, closed, maxNodes });
    if (r.path) return { path: Int32Array.from(r.path), method: "backtrack", provenNone: false };
    if (!r.complete) exhaustive = false;
  }
  return { path: null, method: "none", provenNone: exhaustive };
}

const cache = new Map<string, Int32Array | null>();

/** A tour of the w×h board (local index x + w·y), cached per process. */
export function blockTour(w: number, h: number, leap: readonly [number, number], closed: boolean): Int32Array | null {
  const key = `${w}x${h}:${leap}:${closed ? "c" : "o"}`;
  if (cache.has(key)) return cache.get(key)!;
  const g = leaperGraph(makeBoard([w, h]), leap);
  const r = searchTour([w, h], leap, g, closed, { seed: 11 });
  cache.set(key, r.path);
  return r.path;
}
