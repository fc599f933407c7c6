/**
 * Worker entry for `atlas regenerate leaper --workers N`: one cell per "run"
 * message, searched with the same code as an in-process run (regenerateCell),
 * posting the best value whenever it grows and the result at the end. The main
 * thread ends a worker by terminating it (Ctrl-C, budget): a cell is written
 * only after it finishes, so nothing half-done is ever stored.
 */
import { type RegenerateCell, regenerateCell, type RegenerateMethod } from "../../../../solvers/leaper/regenerate.ts";
import { errorMessage } from "../../../lib/cli.ts";

interface RunMessage {
  type: "run";
  id: string;
  cell: RegenerateCell;
  budgetMs: number;
  method: RegenerateMethod;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;

scope.onmessage = (e: MessageEvent<RunMessage>) => {
  const m = e.data;
  try {
    const result = regenerateCell(m.cell, {
      method: m.method,
      budgetMs: m.budgetMs,
      onProgress: (best) => scope.postMessage({ type: "progress", id: m.id, best }),
    });
    scope.postMessage({ type: "done", id: m.id, result });
  } catch (err) {
    scope.postMessage({ type: "error", id: m.id, message: errorMessage(err) });
  }
};
