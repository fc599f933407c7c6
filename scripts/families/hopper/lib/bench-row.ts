/** What every hopper benchmark shares: its row of bench/hopper.json, the 8x8 board, CPU seconds and rounding. */
import process from "node:process";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { roundTo } from "../../../../solvers/lib/stats.ts";

export const round = (x: number, d = 4) => roundTo(x, d);

export const B = makeBoard([8, 8]);

export interface Row {
  name: string;
  [k: string]: unknown;
}

/** CPU seconds of this process (user + system): the machine is shared, wall time mostly measures the load. */
export const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
