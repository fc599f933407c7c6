/**
 * A published position read back from what the publication prints of it when
 * its diagram is not legible: the start square, the first capture and the last
 * (the captured man and the landing square of each), in the printed
 * orientation. Among a set of dual-free positions (each with exactly one
 * complete capture sequence; an exhaustive generation's level, generate.ts,
 * canonical under the board's symmetries) the positions that fit are those
 * that, turned by some symmetry of the board, start on the printed square and
 * whose only sequence opens and ends with the printed captures. When exactly
 * one fits a level that holds every dual-free position of that many men, it is
 * the published position.
 */
import type { Board, Square } from "../types.ts";
import { symmetries } from "../board/symmetry.ts";
import type { LineTable } from "../pieces/locust.ts";
import { findCaptureSequence } from "./capture.ts";

export interface PrintedFacts {
  start: Square;
  /** [captured man, landing square] of the first and of the last move. */
  first: readonly [Square, Square];
  last: readonly [Square, Square];
}

export interface Fit {
  start: Square;
  /** Ascending. */
  men: Square[];
  captured: Square[];
  landed: Square[];
}

/** The positions (each turned by every symmetry of the board) that fit the printed facts; one entry per distinct position. */
export function fitsPrinted(
  table: LineTable,
  positions: Iterable<{ start: Square; men: readonly Square[] }>,
  facts: PrintedFacts,
): Fit[] {
  const maps = symmetries(table.board).map((s) => s.map);
  const out = new Map<string, Fit>();
  for (const p of positions) {
    for (const map of maps) {
      if (map[p.start] !== facts.start) continue;
      const men = p.men.map((m) => map[m]).sort((a, b) => a - b);
      const key = men.join();
      if (out.has(key)) continue;
      const seq = findCaptureSequence({ table, start: facts.start, men });
      if (!seq) continue;
      const n = seq.captured.length;
      if (
        seq.captured[0] !== facts.first[0] || seq.landed[0] !== facts.first[1] ||
        seq.captured[n - 1] !== facts.last[0] || seq.landed[n - 1] !== facts.last[1]
      ) continue;
      out.set(key, { start: facts.start, men, captured: seq.captured, landed: seq.landed });
    }
  }
  return [...out.values()];
}

/** Whether some symmetry of the board takes position a (start and men) onto position b. */
export function sameUpToSymmetry(
  board: Board,
  a: { start: Square; men: readonly Square[] },
  b: { start: Square; men: readonly Square[] },
): boolean {
  if (a.men.length !== b.men.length) return false;
  const target = new Set(b.men);
  return symmetries(board).some(({ map }) => map[a.start] === b.start && a.men.every((m) => target.has(map[m])));
}

/**
 * Hooks for generateLevels that keep the positions of every level holding at
 * most `cap` of them (the top levels, where the records are), by number of men.
 */
export function keepSmallLevels(cap = 5000): {
  byMen: Map<number, { start: Square; men: Square[] }[]>;
  onLevel: (s: { men: number; positions: number }) => void;
  onPosition: (p: { start: Square; men: Square[] }) => void;
} {
  const byMen = new Map<number, { start: Square; men: Square[] }[]>();
  let current: { start: Square; men: Square[] }[] | null = null;
  return {
    byMen,
    onLevel: (s) => {
      current = s.positions <= cap ? [] : null;
      if (current) byMen.set(s.men, current);
    },
    onPosition: (p) => {
      current?.push({ start: p.start, men: p.men });
    },
  };
}
