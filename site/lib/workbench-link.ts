/**
 * "Open in the workbench" on a record page: the record's position as a
 * workbench permalink (site/lib/paths.ts, the position in the query string of
 * solvers/workbench/position.ts), read off the record's replay rules (the
 * same position "try it" plays). Records without one (tours on the empty
 * board but the closed ones, access counts, domination, boards of other
 * dimensions or beyond the solvers' limits) get no link.
 */
import type { AtlasEntry } from "./entry.ts";
import type { Lang } from "../i18n.ts";
import { pagePath } from "./paths.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { checkWorkbench, positionQuery, type WorkbenchPosition } from "../../solvers/workbench/position.ts";

export function workbenchPosition(entry: AtlasEntry): WorkbenchPosition | null {
  const rules = entry.replay?.tryIt;
  if (!rules || rules.board.length !== 2) return null;
  const board = makeBoard(rules.board);
  const n = (sq: number) => squareName(board, sq);
  const dims: [number, number] = [rules.board[0], rules.board[1]];
  let p: WorkbenchPosition;
  switch (rules.type) {
    case "leaper-capture":
      p = {
        piece: [...rules.leap].sort((a, b) => a - b).join(","),
        board: dims,
        start: n(rules.start),
        men: rules.men.map(n),
        hurdles: [],
        stipulation: rules.closed ? "closed" : rules.end !== undefined ? "fixed-end" : "dual-free",
        ...(rules.end !== undefined ? { end: n(rules.end) } : {}),
      };
      break;
    case "tour": {
      // A closed tour on the empty board is a closed capture series over the squares it visits.
      if (!rules.closed || !entry.replay) return null;
      const visited = entry.replay.steps.map((s) => s.to).filter((sq) => sq !== rules.start);
      p = {
        piece: [...rules.leap].sort((a, b) => a - b).join(","),
        board: dims,
        start: n(rules.start),
        men: visited.map(n),
        hurdles: [],
        stipulation: "closed",
      };
      break;
    }
    case "hopper-reach":
      p = {
        piece: rules.hopper,
        board: dims,
        start: n(rules.start),
        men: [],
        hurdles: rules.hurdles.map(n),
        stipulation: "ser-z",
        target: n(rules.target),
      };
      break;
    case "locust-capture":
      p = {
        piece: rules.locust,
        board: dims,
        start: n(rules.start),
        men: rules.men.map(n),
        hurdles: [],
        stipulation: rules.closed ? "capture-closed" : "capture",
      };
      break;
    default:
      return null;
  }
  try {
    checkWorkbench(p);
  } catch {
    return null;
  }
  return p;
}

/** The workbench address of a record's position in a language, or null. */
export function workbenchLink(entry: AtlasEntry, lang: Lang): string | null {
  const p = workbenchPosition(entry);
  return p ? `${pagePath("workbench", lang)}?${positionQuery(p)}` : null;
}
