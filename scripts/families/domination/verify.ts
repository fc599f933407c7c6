/**
 * The domination table (data/domination/table.json, issue 6): every cell is
 * checked by solvers/domination/check.ts (witness coverage recomputed from
 * coordinates, certificate consistency, claims and their comparisons
 * recomputed), and cells whose certificate took under RERUN_BELOW_SECONDS are
 * solved again from scratch (gamma, count, classes compared): in the table of
 * 21 Nov 2026 that is 181 of the 229 cells (the recorded times, taken on a
 * shared machine, decide; the slow ones are queen n >= 10, rook n >= 7, the
 * larger king and knight cells and the 4x4x4 rook cells). The rook note (the article's exercise
 * 2) is one more result: its closed forms recomputed for every n and its brute
 * force re-run for n <= 6.
 */
import type { CheckResult } from "../../../solvers/records/common.ts";
import { NO_WITNESS_SEARCH } from "../../../solvers/records/common.ts";
import { DominationTable } from "../../../solvers/domination/schema.ts";
import { checkDominationRecord, rookNoteProblems } from "../../../solvers/domination/check.ts";
import { ROOK_NOTE_ID } from "../../../solvers/domination/rook-placements.ts";
import { type FamilyVerifier, readRecordFile } from "../types.ts";
import { familyPaths } from "../../lib/paths.ts";

/** Cells whose recorded run took less than this are solved again (about 2 s in all on one core). */
export const RERUN_BELOW_SECONDS = 0.05;

/** Brute force of the rook note re-run up to this n (n = 6: 1,947,792 placements, a few hundredths of a second). */
export const ROOK_RERUN_MAX_N = 6;

/** Reads and validates a domination table file; bad files are a CliError naming the file and the first problem. */
export function loadDominationTable(path: string): DominationTable {
  return readRecordFile(path, DominationTable, "domination table");
}

/** The rook note as a check result. */
export function rookNoteResult(table: DominationTable): CheckResult | null {
  const note = table.rookPlacements;
  if (!note) return null;
  const t0 = performance.now();
  const { errors, rerun } = rookNoteProblems(note, { bruteMaxN: ROOK_RERUN_MAX_N });
  const ok = errors.length === 0;
  return {
    id: ROOK_NOTE_ID,
    family: "domination",
    kind: "rook-failing-placements",
    board: [note.example.n, note.example.n],
    regenerated: false,
    ok,
    ...NO_WITNESS_SEARCH,
    milliseconds: Math.round((performance.now() - t0) * 1000) / 1000,
    errors,
    maximality: "by-construction",
    maximalityArgument: `closed forms C(n²,n), 2n^n - n! recomputed for n = 1..${
      Math.max(...note.rows.map((r) => r.n))
    }; brute force re-run for n = ${rerun.join(", ") || "none"}`,
    status: ok ? "proven-here" : "failed",
  };
}

export const dominationFamily: FamilyVerifier = {
  family: "domination",
  files: [familyPaths("domination").records],
  verify({ only, files, progress }) {
    const results: CheckResult[] = [];
    for (const file of files ?? this.files) {
      const table = loadDominationTable(file);
      if (!table.generated.complete) console.error(`warning: ${file} is marked incomplete (the table run did not finish)`);
      const chosen = only ? table.records.filter((r) => r.id.includes(only)) : table.records;
      for (const [i, r] of chosen.entries()) {
        results.push(checkDominationRecord(r, { rerunBelowSeconds: RERUN_BELOW_SECONDS }));
        progress?.(i + 1, chosen.length, r.id);
      }
      if (only === undefined || ROOK_NOTE_ID.includes(only)) {
        const note = rookNoteResult(table);
        if (note) results.push(note);
      }
    }
    return Promise.resolve(results);
  },
};
