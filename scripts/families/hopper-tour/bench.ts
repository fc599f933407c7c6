/**
 * Benchmarks of hopper tours over a movable hurdle (bench/hopper-tour.json):
 * the exhaustive runs our table rests on, timed beside the booklet's only
 * printed figure for this family (rookhopper over a king on 8x8: 2 h for the
 * open tours, 3 h for the closed, lines 4961-4962), which we report as the
 * projected cost of our run when it does not finish in the budget.
 *
 *   bench-hopper-tour [--budget NODES]
 */
import { join } from "node:path";
import { parseArgs } from "../../lib/options.ts";
import process from "node:process";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../solvers/hopper-tour/table.ts";
import type { HopperKind } from "../../../solvers/pieces/hopper.ts";
import { solveCell } from "../../../solvers/hopper-tour/cell.ts";
import type { TourMode } from "../../../solvers/hopper-tour/search.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";

const TASKS: { hopper: HopperKind; hurdle: string; n: number; mode: TourMode; booklet?: string; bookletHours?: number }[] = [
  { hopper: "grasshopper", hurdle: "knight", n: 6, mode: "closed", booklet: "no closed tour over all 36 squares (lines 4566-4570); time not printed" },
  { hopper: "grasshopper", hurdle: "bishop", n: 8, mode: "open", booklet: "20, absolute (line 4648); time not printed" },
  { hopper: "grasshopper", hurdle: "bishop", n: 8, mode: "closed", booklet: "12, absolute (line 4648); time not printed" },
  { hopper: "grasshopper", hurdle: "rook", n: 8, mode: "closed", booklet: "63 (Dawson 1938)" },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "open", booklet: "59, all possibilities in 2 h (lines 4961-4962)", bookletHours: 2 },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "closed", booklet: "57, all possibilities in 3 h (lines 4961-4962)", bookletHours: 3 },
];

function main(args: string[]): void {
  const { values } = parseArgs({ args: args, options: { budget: { type: "string", default: "2000000" } }, strict: true });
  const budget = Number(values.budget);
  if (!Number.isFinite(budget) || budget <= 0) throw new CliError(`--budget wants a positive number of nodes, got "${values.budget}"`);
  const rows = [];
  for (const t of TASKS) {
    const table = tourTable(makeBoard([t.n, t.n]), t.hopper, parseHurdle(t.hurdle));
    const t0 = performance.now();
    const r = solveCell(table, { mode: t.mode, proofNodes: budget });
    const seconds = (performance.now() - t0) / 1000;
    const row = {
      task: `${t.hopper} over ${t.hurdle} ${t.n}x${t.n} ${t.mode}`,
      seconds: Math.round(seconds * 1000) / 1000,
      result: r.value,
      proven: r.proven,
      nodes: r.huntNodes + r.proofNodes,
      complete: r.proven !== null,
      booklet: t.booklet,
      ...(t.bookletHours ? { bookletHours: t.bookletHours, ratio: r.proven ? seconds / 3600 / t.bookletHours : null } : {}),
    };
    rows.push(row);
    process.stderr.write(`${row.task}: ${row.result} ${row.proven ?? "not finished"} in ${row.seconds} s\n`);
  }
  const out = { generatedAt: new Date().toISOString(), codeVersion: codeVersion(), note: "shared machine (2 cores, other jobs running): times are upper bounds", budgetNodes: budget, rows };
  writeFileAtomic(join(ROOT, "bench", "hopper-tour.json"), JSON.stringify(out, null, 1) + "\n");
}

export function run(args: string[]): void {
  try {
    main(args);
  } catch (e) {
    console.error(`bench-hopper-tour: ${errorMessage(e)}`);
    process.exit(e instanceof CliError ? 2 : 1);
  }
}
