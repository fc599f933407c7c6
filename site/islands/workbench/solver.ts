/**
 * The workbench's search (Workbench.tsx), as a hook: solves a position in a
 * worker (workbench-worker.ts, the solvers of `atlas solve`) with progress and
 * a cancel, and keeps the status line, the error and the last result.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Lang } from "../../i18n.ts";
import type { WorkbenchText } from "../../lib/workbench-text.ts";
import { formatNumber } from "../../lib/format.ts";
import { checkWorkbench, WorkbenchError, type WorkbenchPosition } from "../../../solvers/workbench/position.ts";
import type { WorkbenchReply, WorkbenchRequest } from "../workbench-worker.ts";

/** A finished search and the position it was asked about. */
export type Done = Extract<WorkbenchReply, { type: "done" }> & { position: WorkbenchPosition };

export const MAX_NODES = 50_000_000;

export function useSolver(lang: Lang, t: WorkbenchText) {
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);

  useEffect(() => () => worker.current?.terminate(), []);

  function halt() {
    worker.current?.terminate();
    worker.current = null;
    setRunning(false);
  }

  /** Stops a search and forgets its result, its error and its status (a new position was loaded). */
  function reset() {
    halt();
    setDone(null);
    setError(null);
    setStatus("");
  }

  /** Forgets the result and the error (the position changed). */
  function forget() {
    if (done) setDone(null);
    setError(null);
  }

  function solve(pos: WorkbenchPosition) {
    halt();
    setDone(null);
    setError(null);
    try {
      checkWorkbench(pos);
    } catch (e) {
      setError(e instanceof WorkbenchError ? e.text[lang] : String(e));
      return;
    }
    const w = new Worker(new URL("../workbench-worker.ts", import.meta.url), { type: "module" });
    worker.current = w;
    const id = ++seq.current;
    const asked = pos;
    w.onmessage = (ev: MessageEvent<WorkbenchReply>) => {
      const r = ev.data;
      if (r.id !== id) return;
      if (r.type === "progress") {
        setStatus(t.searching(formatNumber(r.nodes, lang)));
        return;
      }
      halt();
      if (r.type === "error") {
        setError(r.error[lang]);
        setStatus("");
        return;
      }
      setDone({ ...r, position: asked });
      setStatus("");
    };
    w.onerror = (ev) => {
      halt();
      setError(ev.message || "worker error");
    };
    setRunning(true);
    setStatus(t.searching("0"));
    const req: WorkbenchRequest = { id, position: pos, maxNodes: MAX_NODES };
    w.postMessage(req);
  }

  function cancel() {
    halt();
    setStatus(t.cancelled);
  }

  return { running, status, error, done, seq, solve, cancel, reset, forget };
}
