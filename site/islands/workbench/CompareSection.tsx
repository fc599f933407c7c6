/**
 * The workbench's comparison with the atlas (Workbench.tsx): a finished
 * search against the record cells embedded at build time
 * (site/lib/workbench-cells.ts, judged by site/lib/workbench-compare.ts),
 * each with a link to its record page.
 */
import type { Lang } from "../../i18n.ts";
import type { WorkbenchText } from "../../lib/workbench-text.ts";
import { compareWithCells, type WorkbenchCell } from "../../lib/workbench-compare.ts";
import { familyOf } from "../../../solvers/workbench/position.ts";
import type { Done } from "./solver.ts";

export function CompareSection(p: {
  lang: Lang;
  t: WorkbenchText;
  done: Done;
  cells: WorkbenchCell[];
  /** Each family's page: a cell's record page is this followed by its id and "/". */
  familyPaths: Record<WorkbenchCell["family"], Record<Lang, string>>;
}) {
  const { lang, t, done, familyPaths } = p;
  const r = done.result;
  const verdicts = r
    ? compareWithCells(p.cells, {
      piece: done.position.piece,
      board: done.position.board,
      stipulation: done.position.stipulation,
      pieces: familyOf(done.position.piece) === "hopper" ? done.position.hurdles.length : done.position.men.length,
      distance: r.value,
      solutions: r.solutions,
      complete: r.complete,
      unique: r.unique,
    })
    : [];
  return (
    <section aria-labelledby="wb-compare" class="wb-compare">
      <h2 id="wb-compare">{t.compareHeading}</h2>
      {verdicts.length === 0 ? <p>{t.noCell}</p> : (
        <ul>
          {verdicts.map((v) => (
            <li key={v.cell.id + v.cell.kind} data-cell={v.cell.id}>
              <p>{t.cellLine(v)}</p>
              {v.qualifies ? <p class="wb-claim">{t.claimLine(v)}</p> : null}
              <p class="wb-max">{v.qualifies || v.vsMax === "beats" ? t.maxLine(v) : t.notQualified(v)}</p>
              <p>
                <a href={`${familyPaths[v.cell.family][lang]}${v.cell.id}/`}>{t.openCell} {v.cell.id}</a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
