/**
 * Where the Dawson open-tour runs live and which starts they cover, shared by
 * the runner (prove.ts, `atlas prove hopper dawson-open`) and the records
 * builder that reads them (records.ts), so neither loads the other.
 */
import { join } from "node:path";
import { familyPaths } from "../../../lib/paths.ts";

/** The starts of 8x8 up to symmetry: every square is the image of exactly one of these under the 8 symmetries. */
export const DAWSON_STARTS = ["a1", "b1", "c1", "d1", "b2", "c2", "d2", "c3", "d3", "d4"];
export const dawsonRunPath = (k: number, start: string) => join(familyPaths("hopper").proofs, "dawson", `open-h${k}-${start}.json`);

/** The parts of a run file the checks read (prove.ts's EnumRun). */
export interface DawsonRunLike {
  board?: number[];
  start: string;
  hurdles: number;
  slices: number;
  done: {
    slice: number;
    entry: number;
    exit: number;
    withTour: number;
    truncated: number;
    tours: { hurdles: string[]; moves: string[] }[];
  }[];
}

/**
 * Why a run file does not show an exhaustive run for k hurdles from start, or
 * [] when it does: the parameters asked, every slice 0..slices-1 done exactly
 * once, no decision truncated (a truncated placement was not decided), counts
 * that nest (entry >= exit >= with a tour) and one recorded tour per placement
 * with a tour, each a whole tour of the free squares. The tours' legality is
 * the records builder's replay.
 */
export function dawsonRunProblems(run: DawsonRunLike, k: number, start: string): string[] {
  const p: string[] = [];
  if (run.board && run.board.join("x") !== "8x8") p.push(`board ${run.board.join("x")}, not 8x8`);
  if (run.hurdles !== k) p.push(`${run.hurdles} hurdles, not ${k}`);
  if (run.start !== start) p.push(`start ${run.start}, not ${start}`);
  if (!Number.isInteger(run.slices) || run.slices < 1) return [...p, `slices ${run.slices}`];
  const seen = new Map<number, number>();
  for (const d of run.done ?? []) seen.set(d.slice, (seen.get(d.slice) ?? 0) + 1);
  const missing = Array.from({ length: run.slices }, (_, s) => s).filter((s) => !seen.has(s));
  if (missing.length) p.push(`slice${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of ${run.slices} not done`);
  for (const [s, c] of seen) {
    if (c > 1) p.push(`slice ${s} recorded ${c} times`);
    if (!(Number.isInteger(s) && s >= 0 && s < run.slices)) p.push(`slice ${s} is not one of 0-${run.slices - 1}`);
  }
  const free = 64 - k - 1;
  for (const d of run.done ?? []) {
    if (d.truncated > 0) p.push(`slice ${d.slice}: ${d.truncated} placement(s) not decided (node limit)`);
    if (!(d.entry >= d.exit && d.exit >= d.withTour && d.withTour >= 0)) {
      p.push(`slice ${d.slice}: counts do not nest (entry ${d.entry}, exit ${d.exit}, with a tour ${d.withTour})`);
    }
    if (d.tours.length !== d.withTour) {
      p.push(`slice ${d.slice}: ${d.withTour} placement(s) with a tour but ${d.tours.length} tour(s) recorded`);
    }
    for (const t of d.tours) {
      if (t.hurdles.length !== k || t.moves.length !== free) {
        p.push(`slice ${d.slice}: a tour over ${t.hurdles.length} hurdles with ${t.moves.length} moves`);
      }
    }
  }
  return p;
}
