/**
 * The workbench's worker: checks and solves a position with the solvers
 * (solvers/workbench/solve.ts, the engines `atlas solve` uses) off the page's
 * main thread, posts the nodes searched as it goes, and sends back the result
 * with the diagrams and replay of the first solution. The island
 * (Workbench.tsx) cancels a run by terminating the worker.
 */
import { checkWorkbench, WorkbenchError, type WorkbenchPosition } from "../../solvers/workbench/position.ts";
import { solutionNames, solveWorkbench, type WorkbenchResult } from "../../solvers/workbench/solve.ts";
import { solutionDiagrams } from "../../solvers/workbench/diagrams.ts";
import type { DiagramSpec, ReplaySpec } from "../../solvers/diagram/spec.ts";

export interface WorkbenchRequest {
  id: number;
  position: WorkbenchPosition;
  maxNodes: number;
}

export type WorkbenchReply =
  | { id: number; type: "progress"; nodes: number }
  | {
    id: number;
    type: "done";
    result: WorkbenchResult;
    solution: DiagramSpec | null;
    replay: ReplaySpec | null;
    notation: string | null;
    /** Square names of the first solution's moves (the contribution file's "moves"). */
    moves: string[] | null;
    milliseconds: number;
  }
  | { id: number; type: "error"; error: { en: string; cs: string } };

/** The worker's global scope, typed by hand (the project compiles with the DOM library, not the worker one). */
const scope = self as unknown as {
  onmessage: ((ev: MessageEvent<WorkbenchRequest>) => void) | null;
  postMessage(message: WorkbenchReply): void;
};

scope.onmessage = (ev: MessageEvent<WorkbenchRequest>) => {
  const q = ev.data;
  const t0 = performance.now();
  try {
    const c = checkWorkbench(q.position);
    const result = solveWorkbench(c, {
      maxNodes: q.maxNodes,
      onProgress: (nodes) => scope.postMessage({ id: q.id, type: "progress", nodes }),
    });
    const d = result.first ? solutionDiagrams(c, result.first) : null;
    scope.postMessage({
      id: q.id,
      type: "done",
      result,
      solution: d?.solution ?? null,
      replay: d?.replay ?? null,
      notation: d?.notation ?? null,
      moves: result.first ? solutionNames(c, result.first) : null,
      milliseconds: Math.round(performance.now() - t0),
    });
  } catch (e) {
    const error = e instanceof WorkbenchError ? e.text : { en: (e as Error).message, cs: (e as Error).message };
    scope.postMessage({ id: q.id, type: "error", error });
  }
};
