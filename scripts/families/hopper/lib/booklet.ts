/**
 * The booklet's hopper tables (Kotěšovec 2009) as the records' claims: the citation, the tables of the
 * reference file, the 8x8 board they are set on, and the small helpers every hopper record builder shares.
 */
import { readFileSync } from "node:fs";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { squareName } from "../../../../solvers/board/squares.ts";
import type { Board, Square } from "../../../../solvers/types.ts";
import { hopper, type HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { makeScratch, occupancy, reachSummary } from "../../../../solvers/hopper/serienziel.ts";
import { BOOKLET_FILE } from "../../../lib/paths.ts";

export const BOARD = makeBoard([8, 8]);
export const BOOKLET = {
  author: "Václav Kotěšovec",
  publication: "Využití teorie grafů v šachových úlohách / Application of Graph Theory in Chess Problems",
  year: 2009,
};
export const PIECE_OF: Record<string, HopperKind> = {
  Grasshopper: "grasshopper",
  Rookhopper: "rookhopper",
  Bishophopper: "bishophopper",
  Nightriderhopper: "nightriderhopper",
};

export const names = (board: Board, sqs: readonly Square[]) => sqs.map((s) => squareName(board, s));
export const today = () => new Date().toISOString().slice(0, 10);

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

export interface Tables {
  hopperRecordsByHurdles: { rows: Record<string, unknown>[] };
  marlowAccessibility: { rows: { hurdles: number | string; kotesovec2009: number; status: string | null; seedLine: number }[] };
  dawsonTypeGrasshopperTours: { results: { what: string; hurdles?: number; moves?: number; seedLine?: number; status?: string }[] };
}

export function claim(value: number, status: "absolute" | "probable" | "example", line: number, note?: string) {
  return { ...BOOKLET, value, status, source: { file: BOOKLET_FILE, line }, ...(note ? { note } : {}) };
}

export function summary(piece: HopperKind, start: Square, hs: Square[]) {
  const rays = hopper(piece).rays(BOARD);
  return reachSummary(rays, start, occupancy(BOARD, hs), makeScratch(rays));
}
