/**
 * The workbench's edits of a position (Workbench.tsx), as pure functions: what
 * each placing mode puts on a square, a change of piece, board size or
 * stipulation, and the words a screen reader hears for a square.
 */
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import {
  familyOf,
  type Stipulation,
  STIPULATIONS,
  type WorkbenchFamily,
  type WorkbenchPosition,
} from "../../../solvers/workbench/position.ts";
import type { WorkbenchText } from "../../lib/workbench-text.ts";

/** What a press on a square places. */
export type Mode = "start" | "man" | "hurdle" | "target" | "end";

export const DEFAULT: WorkbenchPosition = { piece: "1,2", board: [8, 8], start: null, men: [], hurdles: [], stipulation: "dual-free" };

export function modesOf(p: WorkbenchPosition): Mode[] {
  const f = familyOf(p.piece);
  if (f === "hopper") return ["start", "hurdle", "target"];
  return p.stipulation === "fixed-end" ? ["start", "man", "end"] : ["start", "man"];
}

/** The position with another piece. */
export function withPiece(pos: WorkbenchPosition, piece: string): WorkbenchPosition {
  const f = familyOf(piece);
  if (f === familyOf(pos.piece)) return { ...pos, piece };
  // Men and hurdles are the same squares under another family's name.
  const others = f === "hopper" ? pos.men : pos.hurdles.length > 0 ? pos.hurdles : pos.men;
  return {
    piece,
    board: pos.board,
    start: pos.start,
    men: f === "hopper" ? [] : others,
    hurdles: f === "hopper" ? others : [],
    stipulation: STIPULATIONS[f][0],
  };
}

/** The position on a w x h board, without what falls off it. */
export function resized(pos: WorkbenchPosition, w: number, h: number): WorkbenchPosition {
  const b = makeBoard([w, h]);
  const on = (s: string | null | undefined) => {
    if (s === null || s === undefined) return false;
    try {
      parseSquare(b, s);
      return true;
    } catch {
      return false;
    }
  };
  const p: WorkbenchPosition = {
    ...pos,
    board: [w, h],
    start: on(pos.start) ? pos.start : null,
    men: pos.men.filter(on),
    hurdles: pos.hurdles.filter(on),
  };
  if (p.end !== undefined && !on(p.end)) delete p.end;
  if (p.target !== undefined && !on(p.target)) delete p.target;
  return p;
}

/** The position with another stipulation, without the end or target square it no longer has. */
export function withStipulation(pos: WorkbenchPosition, s: Stipulation): WorkbenchPosition {
  const p: WorkbenchPosition = { ...pos, stipulation: s };
  if (s !== "fixed-end") delete p.end;
  if (s !== "ser-z") delete p.target;
  return p;
}

/**
 * What `m` places on square `s`: the new position (null when nothing changes)
 * and the words to announce.
 */
export function place(
  pos: WorkbenchPosition,
  family: WorkbenchFamily,
  m: Mode | "clear",
  s: string,
  t: WorkbenchText,
): { position: WorkbenchPosition | null; said: string } {
  const without = (list: string[]) => list.filter((x) => x !== s);
  let p: WorkbenchPosition = { ...pos };
  let said = "";
  if (m === "clear") {
    p = { ...p, start: p.start === s ? null : p.start, men: without(p.men), hurdles: without(p.hurdles) };
    if (p.end === s) delete p.end;
    if (p.target === s) delete p.target;
    said = t.announce.at(s, t.occupant.empty);
  } else if (m === "start") {
    p = { ...p, start: s, men: without(p.men), hurdles: without(p.hurdles) };
    if (p.end === s) delete p.end;
    if (p.target === s) delete p.target;
    said = t.announce.start(s);
  } else if (m === "man" || m === "hurdle") {
    if (p.start === s) return { position: null, said: t.announce.at(s, t.occupant.start) };
    const key = family === "hopper" ? "hurdles" : "men";
    const on = !p[key].includes(s);
    p = { ...p, [key]: on ? [...p[key], s] : without(p[key]) };
    if (!on && p.end === s) delete p.end;
    if (on && p.target === s) delete p.target;
    said = family === "hopper" ? t.announce.hurdle(s, on) : t.announce.man(s, on);
  } else if (m === "target") {
    if (p.start === s || p.hurdles.includes(s)) {
      return { position: null, said: t.announce.at(s, p.start === s ? t.occupant.start : t.occupant.hurdle) };
    }
    p = { ...p, target: s };
    said = t.announce.target(s);
  } else if (m === "end") {
    if (p.start === s) return { position: null, said: t.announce.at(s, t.occupant.start) };
    p = { ...p, end: s, men: p.men.includes(s) ? p.men : [...p.men, s] };
    said = t.announce.end(s);
  }
  return { position: p, said };
}

/** What stands on square `s`, in words. */
export function occupantOf(pos: WorkbenchPosition, s: string, t: WorkbenchText): string {
  if (pos.start === s) return t.occupant.start;
  if (pos.men.includes(s)) return t.occupant.man;
  if (pos.hurdles.includes(s)) return t.occupant.hurdle;
  return t.occupant.empty;
}
