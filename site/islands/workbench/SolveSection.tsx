/**
 * The workbench's "solve" section (Workbench.tsx): the solve and cancel
 * buttons, the status line, and the result: the count, whether the solution
 * is dual-free, its notation and its replay (Replay.tsx).
 */
import type { Lang } from "../../i18n.ts";
import type { WorkbenchText } from "../../lib/workbench-text.ts";
import { formatNumber } from "../../lib/format.ts";
import { familyOf } from "../../../solvers/workbench/position.ts";
import { packReplay } from "../replay-pack.ts";
import Replay from "../Replay.tsx";
import { type Done, MAX_NODES } from "./solver.ts";

export function SolveSection(p: {
  lang: Lang;
  t: WorkbenchText;
  running: boolean;
  status: string;
  error: string | null;
  done: Done | null;
  /** The search's number: keys the replay and its element ids. */
  replayKey: number;
  onSolve: () => void;
  onCancel: () => void;
}) {
  const { lang, t, done, replayKey } = p;
  const r = done?.result;
  const hopperDone = done !== null && familyOf(done.position.piece) === "hopper";
  return (
    <section aria-labelledby="wb-solve">
      <h2 id="wb-solve">{t.solveHeading}</h2>
      <p class="wb-row">
        <button type="button" id="wb-solve-button" onClick={p.onSolve} disabled={p.running}>{t.solve}</button>
        <button type="button" id="wb-cancel" onClick={p.onCancel} disabled={!p.running}>{t.cancel}</button>
      </p>
      <p class="wb-status" role="status" aria-live="polite">{p.status}</p>
      {p.error && <p class="wb-error" role="alert">{p.error}</p>}
      {done && r && (
        <div class="wb-result" aria-labelledby="wb-result-heading">
          <h3 id="wb-result-heading">{t.resultHeading}</h3>
          <p class="wb-solutions">{t.solutions(formatNumber(r.solutions, lang), r.complete, formatNumber(MAX_NODES, lang))}</p>
          <p class="wb-verdict">
            <strong>
              {r.solutions === "0" && r.complete
                ? (hopperDone ? t.unreachable : t.noSolution)
                : r.unique === true
                ? t.dualFree
                : r.unique === false
                ? t.notDualFree
                : t.undecided}
            </strong>
          </p>
          {hopperDone && r.value !== null && <p>{t.distance(r.value)}</p>}
          {r.rejectedBy && <p>{t.rejectedBy(r.rejectedBy)}</p>}
          <p class="wb-time">{t.time(done.milliseconds, formatNumber(r.nodes, lang))}</p>
          {done.notation && (
            <>
              <h3>{t.solution}</h3>
              <p class="notation">{done.notation}</p>
            </>
          )}
          {done.replay && (
            <Replay key={replayKey} packed={packReplay(done.replay)} lang={lang} id={`wb-${replayKey}`} title={t.replayTitle} />
          )}
        </div>
      )}
    </section>
  );
}
