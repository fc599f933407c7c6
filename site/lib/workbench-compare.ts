/**
 * What a solved workbench position means for the tables: the record cells it
 * belongs to (same piece, board and kind; for hoppers the same number of
 * hurdles), whether it is a solution of the cell's kind at all (dual-free
 * cells need exactly one solution, the longest-sequence and closed-tour cells
 * any), and how its value stands against the published value and our proven
 * maximum. A value above a proven maximum cannot belong to a sound position:
 * the verdict then names the check the position fails. Pure: the workbench
 * island runs it in the browser on the cells site/lib/workbench-cells.ts
 * embedded at build time.
 */
import type { Stipulation } from "../../solvers/workbench/position.ts";

export interface WorkbenchCell {
  /** Record id of the cell. */
  id: string;
  family: "leaper" | "hopper" | "locust";
  /** "x,y" (x <= y) or a hopper or locust kind. */
  piece: string;
  /** "8x8". */
  board: string;
  /** The record kind (leaper dual-free, dual-free-fixed-end, closed; hopper serienziel-*; locust longest, dual-free, dual-free-closed). */
  kind: string;
  /** Hoppers: the number of hurdles. */
  hurdles?: number;
  /** The published value (null: none published). */
  claim: number | null;
  /** The maximum, when proven here (exhaustive run or construction). */
  max: number | null;
}

/** What the comparison needs of a solved position. */
export interface SolvedFacts {
  piece: string;
  board: [number, number];
  stipulation: Stipulation;
  /** Men (leapers, locusts) or hurdles (hoppers). */
  pieces: number;
  /** Hoppers: moves to the target (null when unreachable). Others: ignored (the value is the number of men). */
  distance: number | null;
  solutions: string;
  complete: boolean;
  unique: boolean | null;
}

export type Standing = "beats" | "ties" | "under";

export interface CellVerdict {
  cell: WorkbenchCell;
  /** The position's value for this cell: men captured, or moves to the target. */
  value: number;
  /** The position is a solution of the cell's kind. */
  qualifies: boolean;
  /** Why not: no solution, more than one, or the count stopped before deciding. */
  failing: "solution" | "unique" | "undecided" | null;
  vsClaim: Standing | null;
  vsMax: Standing | null;
}

function standing(value: number, other: number | null): Standing | null {
  if (other === null) return null;
  return value > other ? "beats" : value === other ? "ties" : "under";
}

/** The cell kinds a stipulation is compared with, and whether each needs a unique solution. */
function kindsOf(s: Stipulation): { kind: string; unique: boolean }[] {
  switch (s) {
    case "dual-free":
    case "fixed-end":
      // The leaper table has one column for both dual-free kinds (site/data.ts TABLE_COLUMNS).
      return [{ kind: "dual-free", unique: true }, { kind: "dual-free-fixed-end", unique: true }];
    case "closed":
      return [{ kind: "closed", unique: false }];
    case "ser-z":
      return [{ kind: "serienziel-longest", unique: false }, { kind: "serienziel-dual-free", unique: true }];
    case "capture":
      return [{ kind: "longest", unique: false }, { kind: "dual-free", unique: true }];
    case "capture-closed":
      return [{ kind: "longest", unique: false }, { kind: "dual-free-closed", unique: true }];
  }
}

export function compareWithCells(cells: readonly WorkbenchCell[], f: SolvedFacts): CellVerdict[] {
  const board = `${f.board[0]}x${f.board[1]}`;
  const hopper = f.stipulation === "ser-z";
  if (hopper && f.distance === null) return [];
  const value = hopper ? f.distance! : f.pieces;
  const hasSolution = f.solutions !== "0";
  const out: CellVerdict[] = [];
  for (const { kind, unique } of kindsOf(f.stipulation)) {
    for (const cell of cells) {
      if (cell.piece !== f.piece || cell.board !== board || cell.kind !== kind) continue;
      if (hopper && cell.hurdles !== f.pieces) continue;
      const failing = !hasSolution && f.complete
        ? "solution"
        : !hasSolution
        ? "undecided"
        : unique && f.unique === false
        ? "unique"
        : unique && f.unique === null
        ? "undecided"
        : null;
      out.push({
        cell,
        value,
        qualifies: failing === null,
        failing,
        vsClaim: standing(value, cell.claim),
        vsMax: standing(value, cell.max),
      });
    }
  }
  return out;
}
