/**
 * The tour generator's worker: runs the atlas's own finder
 * (solvers/tour/finder.ts: theorem first, then divide and conquer for the
 * knight, Warnsdorff / rotation–extension / backtracking for other leapers)
 * on the reader's machine, off the page's main thread, and sends the tour
 * back as a transferred Int32Array. The island (TourGenerator.tsx) creates it
 * with `new Worker(new URL("./tour-worker.ts", import.meta.url), { type:
 * "module" })`, which Vite bundles as a file of its own, so the solvers never
 * weigh on the page's JavaScript.
 */
import { makeBoard } from "../../solvers/board/board.ts";
import { findTour, type TourMethod } from "../../solvers/tour/finder.ts";
import { CITATIONS, type Verdict } from "../../solvers/tour/theorem.ts";

export interface TourRequest {
  id: number;
  width: number;
  height: number;
  leap: [number, number];
  closed: boolean;
  method: TourMethod;
}

export type TourReply =
  | {
    id: number;
    ok: true;
    verdict: Verdict;
    method: string;
    /** Squares x + width·y in tour order; empty when there is no tour. */
    tour: Int32Array;
    found: boolean;
    note: string | null;
    milliseconds: number;
  }
  | { id: number; ok: false; error: string };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Leapers whose graph falls apart on every board of two or more squares
 * (theorem.ts leaves them to the search, which would only give up slowly):
 * x + y even keeps the colour of the square (x + y mod 2 never changes), and
 * g = gcd(x, y) > 1 keeps both coordinates mod g, while two neighbouring
 * squares differ by 1 in one coordinate.
 */
function disconnected(leap: [number, number], size: number): Verdict | null {
  const [x, y] = leap;
  if (size < 2) return null;
  if ((x + y) % 2 === 0) {
    return {
      exists: false,
      theorem: "disconnected",
      reason: `x + y = ${x + y} is even: the [${x},${y}] leaper never changes the colour of its square`,
      citation: CITATIONS.disconnected,
    };
  }
  const g = gcd(x, y);
  if (g > 1) {
    return {
      exists: false,
      theorem: "disconnected",
      reason: `gcd(${x}, ${y}) = ${g}: every leap keeps both coordinates modulo ${g}`,
      citation: CITATIONS.disconnected,
    };
  }
  return null;
}

/** The worker's global scope, typed by hand (the project compiles with the DOM library, not the worker one). */
const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<TourRequest>) => void) | null;
  postMessage(message: TourReply, transfer?: Transferable[]): void;
};

scope.onmessage = (ev: MessageEvent<TourRequest>) => {
  const q = ev.data;
  const t0 = performance.now();
  try {
    const board = makeBoard([q.width, q.height]);
    const apart = disconnected(q.leap, board.size);
    if (apart) {
      const reply: TourReply = {
        id: q.id,
        ok: true,
        verdict: apart,
        method: "theorem",
        tour: new Int32Array(0),
        found: false,
        note: null,
        milliseconds: 0,
      };
      scope.postMessage(reply);
      return;
    }
    // A small node budget per start: large boards are toured by the heuristics; the island stops a run that takes too long.
    const r = findTour({ board, leap: q.leap, closed: q.closed, method: q.method, maxNodes: 300_000 });
    const tour = r.tour ?? new Int32Array(0);
    const reply: TourReply = {
      id: q.id,
      ok: true,
      verdict: r.verdict,
      method: r.method,
      tour,
      found: r.tour !== null,
      note: r.note,
      milliseconds: Math.round(performance.now() - t0),
    };
    scope.postMessage(reply, [tour.buffer]);
  } catch (e) {
    const reply: TourReply = { id: q.id, ok: false, error: (e as Error).message };
    scope.postMessage(reply);
  }
};
