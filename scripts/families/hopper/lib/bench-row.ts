/** What every hopper benchmark shares: its row of bench/hopper.json, the 8x8 board and rounding (CPU time: lib/cpu.ts). */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { roundTo } from "../../../../solvers/lib/stats.ts";

export const round = (x: number, d = 4) => roundTo(x, d);

export const B = makeBoard([8, 8]);

export interface Row {
  name: string;
  [k: string]: unknown;
}
