/**
 * One entry point for tours: decide existence by theorem (theorem.ts), then
 * find a tour with the chosen method and check it (check.ts) before returning.
 *
 *   auto       knight on a 2-D board: divide and conquer (any size, linear);
 *              with a fixed start for an open tour, or any other leaper or
 *              dimension: Warnsdorff, rotation–extension, then backtracking
 *   divide     divide and conquer (knight, 2-D)
 *   warnsdorff Warnsdorff's rule alone (Roth tie-break, then seeded random
 *              restarts): the thesis's method with a better tie-break
 *   backtrack  the exact engine (hamiltonian/engine.ts) within a node budget
 *   rotation   rotation–extension (posa.ts)
 *   neural     the Takefuji–Lee network (closed tours only)
 */
import type { Board } from "../types.ts";
import { boardName } from "../board/board.ts";
import { findHamiltonianPath } from "../hamiltonian/engine.ts";
import { leaperGraph } from "./graph.ts";
import { checkTour } from "./check.ts";
import { tourVerdict, type Verdict } from "./theorem.ts";
import { divideKnightTour, TourError } from "./divide.ts";
import { warnsdorff } from "./warnsdorff.ts";
import { rotateExtend } from "./posa.ts";
import { neuralTour } from "./neural.ts";
import { searchTour } from "./small.ts";

export type TourMethod = "auto" | "divide" | "warnsdorff" | "backtrack" | "rotation" | "neural";
export const TOUR_METHODS: readonly TourMethod[] = ["auto", "divide", "warnsdorff", "backtrack", "rotation", "neural"];

export interface TourQuery {
  board: Board;
  leap: readonly [number, number];
  closed: boolean;
  method?: TourMethod;
  /** First square (open tours from a given square; closed tours are rotated to start there). */
  start?: number;
  seed?: number;
  /** Node budget of the backtracking engine. */
  maxNodes?: number;
  /** Restarts for warnsdorff / neural. */
  restarts?: number;
}

export interface TourResult {
  verdict: Verdict;
  /** The tour (square indices), checked; null when none exists or the method gave up. */
  tour: Int32Array | null;
  /** The method that produced the tour (auto resolves to one of the others). */
  method: TourMethod | "theorem";
  /** Attempts (restarts) used by randomised methods, nodes by backtracking. */
  effort: { restarts?: number; nodes?: number; iterations?: number };
  /** null = no tour; true/false = an exhaustive search settled existence where no theorem did. */
  exhaustive: boolean | null;
  /** Why no tour came back when one may exist. */
  note: string | null;
}

function rotateTo(tour: Int32Array, start: number | undefined): Int32Array {
  if (start === undefined) return tour;
  const i = tour.indexOf(start);
  if (i <= 0) return tour;
  const out = new Int32Array(tour.length);
  out.set(tour.subarray(i), 0);
  out.set(tour.subarray(0, i), tour.length - i);
  return out;
}

export function findTour(q: TourQuery): TourResult {
  const { board, leap, closed } = q;
  const verdict = tourVerdict(board, leap, closed);
  const base = { verdict, effort: {}, exhaustive: null, note: null };
  if (verdict.exists === false) return { ...base, tour: null, method: "theorem" };
  const isKnight2d = board.dims.length === 2 && leap[0] === 1 && leap[1] === 2;
  let method = q.method ?? "auto";
  if (method === "auto") method = isKnight2d && (closed || q.start === undefined) ? "divide" : "backtrack";
  if (method === "divide" && !isKnight2d) throw new TourError("divide and conquer builds knight's tours on 2-D boards only");
  if (method === "neural" && !closed) throw new TourError("the neural network finds closed tours only");
  if (board.size === 1) return { ...base, tour: Int32Array.of(0), method };
  const done = (
    tour: Int32Array | null,
    used: TourResult["method"],
    effort: TourResult["effort"],
    extra: Partial<TourResult> = {},
  ): TourResult => {
    if (tour) {
      const c = checkTour(board, leap, tour, closed);
      if (!c.ok) throw new TourError(`internal: the ${used} method produced an invalid tour on ${boardName(board)}: ${c.errors[0]}`);
    }
    return { ...base, tour, method: used, effort, ...extra };
  };
  if (method === "divide") return done(divideKnightTour(board.dims[0], board.dims[1], closed, q.start ?? 0), "divide", {});
  const g = leaperGraph(board, leap);
  if (method === "warnsdorff") {
    const restarts = q.restarts ?? 50;
    const start = q.start ?? 0;
    for (let t = 0; t < restarts; t++) {
      const r = warnsdorff(board, g, { start, closed, tieBreak: t === 0 ? "roth" : "random", seed: (q.seed ?? 1) + t });
      if (r.length === g.order && (!closed || r.closes)) return done(r.path, "warnsdorff", { restarts: t });
    }
    return done(null, "warnsdorff", { restarts }, { note: `Warnsdorff's rule got stuck in all ${restarts} runs` });
  }
  if (method === "rotation") {
    const restarts = q.restarts ?? 20;
    for (let t = 0; t < restarts; t++) {
      const r = rotateExtend(g, { closed, start: q.start, fixStart: q.start !== undefined && !closed, seed: (q.seed ?? 1) + t });
      if (r.path) return done(rotateTo(r.path, closed ? q.start : undefined), "rotation", { restarts: t });
    }
    return done(null, "rotation", { restarts }, { note: "rotation–extension gave up" });
  }
  if (method === "neural") {
    const r = neuralTour(g, { seed: q.seed, maxRestarts: q.restarts });
    return done(
      r.tour ? rotateTo(r.tour, q.start) : null,
      "neural",
      { restarts: r.restarts, iterations: r.iterations },
      r.tour ? {} : { note: "the network did not settle on one cycle" },
    );
  }
  // backtrack (and auto for other leapers): heuristics first unless backtracking was asked for explicitly.
  if (q.method === "backtrack") {
    const maxNodes = q.maxNodes ?? 50_000_000;
    const starts = closed ? [q.start ?? 0] : q.start !== undefined ? [q.start] : Array.from({ length: g.order }, (_, i) => i);
    let nodes = 0;
    let complete = true;
    for (const s of starts) {
      const r = findHamiltonianPath(g, { start: s, closed, maxNodes: Math.max(1, maxNodes - nodes) });
      nodes += r.nodes;
      if (r.path) return done(Int32Array.from(r.path), "backtrack", { nodes });
      if (!r.complete) complete = false;
      if (nodes >= maxNodes) {
        complete = false;
        break;
      }
    }
    return done(null, "backtrack", { nodes }, {
      exhaustive: complete,
      note: complete ? "exhaustive search: no tour" : "node budget exhausted",
    });
  }
  const r = searchTour(board.dims, leap, g, closed, { start: q.start, seed: q.seed, maxNodes: q.maxNodes });
  const used = r.method === "none" ? "backtrack" : r.method;
  return done(r.path ? rotateTo(r.path, closed ? q.start : undefined) : null, used, {}, {
    exhaustive: r.path ? null : r.provenNone,
    note: r.path ? null : r.provenNone ? "exhaustive search: no tour" : "the search gave up (node budget)",
  });
}
