/**
 * Benchmarks of hopper tours over a movable hurdle (bench/hopper-tour.json):
 * the exhaustive runs our table rests on, timed beside the booklet's only
 * printed figure for this family (rookhopper over a king on 8x8: 2 h for the
 * open tours, 3 h for the closed, lines 4961-4962), which we report as the
 * projected cost of our run when it does not finish in the budget.
 *
 * The witness hunts (hunt.ts) are timed too: CPU time (lib/cpu.ts)
 * of the same hunt under three seeds, the median beside the booklet's figure
 * where it prints one; a hunt that misses its target has no ratio (an
 * incomplete hunt is not comparable with the booklet's exhaustive run).
 *
 *   bench-hopper-tour [--budget NODES] [--hunt-nodes NODES]
 *   bench-hopper-tour --pending NODES [--only TEXT]
 *   bench-hopper-tour --projections WALKS
 *   bench-hopper-tour --full WALKS
 *
 * --pending times the hunt's variants on the cells whose witness was below the
 * booklet's value (issue 14): the old hunt (restarts, reach bound from half the
 * depth, all start pairs), restarts with the group bound (bound.ts) from depth 0,
 * and the exhaustive target search (reach bound at every node, predecessors over
 * the reachable square graph) over all start pairs in order and over those whose
 * hurdle stands where the booklet's diagram caption puts it; first on the values
 * we already had (how fast each variant rediscovers them), then on the booklet's.
 * Seed 1, restarts of 100,000 nodes, at most NODES nodes a run; CPU time of each run. The rows replace `pendingHunts` in
 * bench/hopper-tour.json and leave the rest of the file as it is.
 *
 * --projections projects the exhaustive runs that would prove the open cells'
 * values maximal (lib/projections.ts): rows `proofProjections`, the rest kept.
 * --full measures the full-tour search against the target search (all pairs of
 * the cells the target search proved: a second proof) and projects
 * it (lib/full-bench.ts): rows `fullTourSearch`, the rest kept.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { intOption, numberOption, parseArgs } from "../../lib/options.ts";
import process from "node:process";
import { cpuTimer } from "../../lib/cpu.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../solvers/hopper-tour/table.ts";
import type { HopperKind } from "../../../solvers/pieces/hopper.ts";
import { solveCell } from "../../../solvers/hopper-tour/cell.ts";
import { huntSymmetricTour, huntTour } from "../../../solvers/hopper-tour/hunt.ts";
import { allRoots, type TourMode } from "../../../solvers/hopper-tour/search.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { machine } from "../../lib/machine.ts";
import { median } from "../../../solvers/lib/stats.ts";
import { projectionRows } from "./lib/projections.ts";
import { fullSearchRows } from "./lib/full-bench.ts";
import { loadHopperTourRecords } from "./verify.ts";
import { familyPaths } from "../../lib/paths.ts";

const TASKS: { hopper: HopperKind; hurdle: string; n: number; mode: TourMode; booklet?: string; bookletHours?: number }[] = [
  {
    hopper: "grasshopper",
    hurdle: "knight",
    n: 6,
    mode: "closed",
    booklet: "no closed tour over all 36 squares (lines 4566-4570); time not printed",
  },
  { hopper: "grasshopper", hurdle: "bishop", n: 8, mode: "open", booklet: "20, absolute (line 4648); time not printed" },
  { hopper: "grasshopper", hurdle: "bishop", n: 8, mode: "closed", booklet: "12, absolute (line 4648); time not printed" },
  { hopper: "grasshopper", hurdle: "rook", n: 8, mode: "closed", booklet: "63 (Dawson 1938)" },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "open", booklet: "59, all possibilities in 2 h (lines 4961-4962)", bookletHours: 2 },
  {
    hopper: "rookhopper",
    hurdle: "king",
    n: 8,
    mode: "closed",
    booklet: "57, all possibilities in 3 h (lines 4961-4962)",
    bookletHours: 3,
  },
];

const HUNTS: {
  hopper: HopperKind;
  hurdle: string;
  n: number;
  mode: TourMode;
  target: number;
  symmetric?: boolean;
  booklet: string;
  bookletHours?: number;
}[] = [
  {
    hopper: "grasshopper",
    hurdle: "knight",
    n: 8,
    mode: "closed",
    target: 63,
    symmetric: true,
    booklet: "63, absolute (line 4646; Kotěšovec 21.4.2009, line 4534); time not printed",
  },
  {
    hopper: "grasshopper",
    hurdle: "nightrider",
    n: 8,
    mode: "closed",
    target: 63,
    symmetric: true,
    booklet: "63, absolute (line 4647); time not printed",
  },
  {
    hopper: "grasshopper",
    hurdle: "king",
    n: 8,
    mode: "closed",
    target: 63,
    symmetric: true,
    booklet: "63, absolute (Tylor 1978, cyclic, line 4838); time not printed",
  },
  {
    hopper: "rookhopper",
    hurdle: "queen",
    n: 8,
    mode: "cyclic",
    target: 63,
    booklet: "cyclic over all squares (line 4920); time not printed",
  },
  {
    hopper: "rookhopper",
    hurdle: "king",
    n: 8,
    mode: "open",
    target: 59,
    booklet: "59, all possibilities in 2 h (lines 4961-4962)",
    bookletHours: 2,
  },
  {
    hopper: "rookhopper",
    hurdle: "king",
    n: 8,
    mode: "closed",
    target: 57,
    booklet: "57, all possibilities in 3 h (lines 4961-4962)",
    bookletHours: 3,
  },
];

/** The cells of issue 14 whose witness was below the booklet's value: ours before, the booklet's, and its diagram's hurdle square. */
const PENDING: {
  hopper: HopperKind;
  hurdle: string;
  n: number;
  mode: TourMode;
  had: number;
  booklet: number;
  hurdleStart?: string;
  bookletHours?: number;
}[] = [
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "open", had: 58, booklet: 59, hurdleStart: "b6", bookletHours: 2 },
  { hopper: "rookhopper", hurdle: "king", n: 8, mode: "closed", had: 56, booklet: 57, hurdleStart: "b6", bookletHours: 3 },
  { hopper: "nightriderhopper", hurdle: "queen", n: 8, mode: "closed", had: 58, booklet: 60 },
  { hopper: "grasshopper", hurdle: "knight", n: 7, mode: "closed", had: 47, booklet: 48 },
  { hopper: "grasshopper", hurdle: "king", n: 7, mode: "open", had: 46, booklet: 48, hurdleStart: "c2" },
  { hopper: "grasshopper", hurdle: "king", n: 7, mode: "closed", had: 43, booklet: 46 },
  { hopper: "grasshopper", hurdle: "nightrider", n: 7, mode: "cyclic", had: 46, booklet: 48, hurdleStart: "f4" },
];

function pendingRows(maxNodes: number, only?: string) {
  const rows = [];
  for (const c of PENDING) {
    const cell = `${c.hopper}-${c.hurdle}-${c.n}x${c.n}-${c.mode}`;
    if (only && !cell.includes(only)) continue;
    const board = makeBoard([c.n, c.n]);
    const table = tourTable(board, c.hopper, parseHurdle(c.hurdle));
    const h0 = c.hurdleStart ? parseSquare(board, c.hurdleStart) : -1;
    const hinted = c.hurdleStart ? allRoots(table).filter((r) => r.hurdle === h0) : null;
    const exhaustive = { bound: "reach" as const, reachFrom: 0, squareGraph: "reachable" as const, exhaustive: true };
    const variants = [
      {
        method: "restarts, reach bound from half the depth, all start pairs (before)",
        bound: "reach" as const,
        reachFrom: undefined,
        roots: undefined,
      },
      { method: "restarts, group bound from depth 0, all start pairs", bound: "groups" as const, reachFrom: 0, roots: undefined },
      {
        method: "exhaustive, reach bound at every node, reachable square graph, all start pairs in order",
        ...exhaustive,
        roots: allRoots(table),
      },
      ...(hinted
        ? [{
          method: `exhaustive, reach bound at every node, reachable square graph, hurdle starting on ${c.hurdleStart} (booklet's caption)`,
          ...exhaustive,
          roots: hinted,
        }]
        : []),
    ];
    for (const target of [c.had, c.booklet]) {
      for (const v of variants) {
        const timer = cpuTimer();
        const r = huntTour(table, { mode: c.mode, target, restartNodes: 100000, maxNodes, seed: 1, ...v });
        const cpuMicros = timer.micros();
        const row = {
          cell,
          target,
          method: v.method,
          value: r.value,
          reached: r.value >= target,
          nodes: r.nodes,
          restarts: r.restarts,
          cpuSeconds: Math.round(cpuMicros / 1000) / 1000,
          // The booklet prints a time only for the rookhopper over a king, for its exhaustive run (not a witness search): no ratio.
          booklet: `${c.booklet}${
            c.bookletHours
              ? `, all possibilities in ${c.bookletHours} h (lines 4961-4962), an exhaustive run, not comparable with a witness search`
              : ", time not printed"
          }`,
        };
        process.stderr.write(`${cell} target ${target}, ${v.method}: ${r.value} in ${row.cpuSeconds} s CPU, ${r.nodes} nodes\n`);
        rows.push(row);
      }
    }
  }
  return rows;
}

function huntRows(maxNodes: number) {
  return HUNTS.map((t) => {
    const table = tourTable(makeBoard([t.n, t.n]), t.hopper, parseHurdle(t.hurdle));
    const runs = [1, 2, 3].map((seed) => {
      const timer = cpuTimer();
      const r = t.symmetric
        ? huntSymmetricTour(table, { restartNodes: 20000, maxNodes, seed })
        : huntTour(table, { mode: t.mode, target: t.target, restartNodes: 20000, maxNodes, seed });
      const cpuSeconds = timer.seconds();
      return { seed, cpuSeconds, value: r.value, nodes: r.nodes, reached: r.value >= t.target };
    });
    const all = runs.every((r) => r.reached);
    const cpu = median(runs.map((r) => r.cpuSeconds));
    const row = {
      task: `hunt${t.symmetric ? " (half-turn symmetric)" : ""}: ${t.hopper} over ${t.hurdle} ${t.n}x${t.n} ${t.mode}, target ${t.target}`,
      medianCpuSeconds: Math.round(cpu * 1000) / 1000,
      runs: runs.map((r) => ({ ...r, cpuSeconds: Math.round(r.cpuSeconds * 1000) / 1000 })),
      reachedInEveryRun: all,
      booklet: t.booklet,
      ...(t.bookletHours ? { bookletHours: t.bookletHours, ratio: all ? cpu / 3600 / t.bookletHours : null } : {}),
    };
    process.stderr.write(`${row.task}: median ${row.medianCpuSeconds} s CPU, values ${runs.map((r) => r.value).join("/")}\n`);
    return row;
  });
}

function main(args: string[]): void {
  const { values } = parseArgs({
    args: args,
    options: {
      budget: { type: "string", default: "2000000" },
      "hunt-nodes": { type: "string", default: "10000000" },
      pending: { type: "string" },
      projections: { type: "string" },
      full: { type: "string" },
      only: { type: "string" },
    },
    strict: true,
  });
  const file = join(ROOT, "bench", "hopper-tour.json");
  // A section of its own, the rest of the file kept.
  const writeSection = (key: string, note: string, rows: unknown[]) => {
    const old = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    const section = { generatedAt: new Date().toISOString(), machine: machine(), codeVersion: codeVersion(), note, rows };
    writeFileAtomic(file, JSON.stringify({ ...old, [key]: section }, null, 1) + "\n");
  };
  const log = (line: string) => process.stderr.write(line + "\n");
  if (values.projections !== undefined) {
    const walks = intOption("projections", values.projections, { min: 2 });
    writeSection(
      "proofProjections",
      "Knuth's estimator on each canonical start pair's exhaustive tree; CPU per node the median of three capped runs (300,000 nodes) on the largest trees; heavy tails make the estimates err low",
      projectionRows(walks, log),
    );
    return;
  }
  if (values.full !== undefined) {
    const walks = intOption("full", values.full, { min: 2 });
    writeSection(
      "fullTourSearch",
      "the full-tour search (solvers/hopper-tour/full.ts, kernel full-kernel.ts) where the tour one longer would visit every square: nodes against the target search's on the first start pairs (run to the end), CPU per node of the reference and of the kernel (medians of three capped runs, process CPU; the machine shared with proof runs at nice 19), Knuth's estimate of the whole search and its CPU on the kernel",
      fullSearchRows(walks, loadHopperTourRecords(familyPaths("hopper-tour").records), log),
    );
    return;
  }
  if (values.pending !== undefined) {
    const maxNodes = numberOption("pending", values.pending, { min: 1 });
    const old = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    const rows = pendingRows(maxNodes, values.only);
    const pendingHunts = {
      generatedAt: new Date().toISOString(),
      machine: machine(),
      codeVersion: codeVersion(),
      note: "nice 19 on a shared machine; one run per variant (seed 1), CPU seconds",
      maxNodes,
      restartNodes: 100000,
      rows,
    };
    writeFileAtomic(file, JSON.stringify({ ...old, pendingHunts }, null, 1) + "\n");
    return;
  }
  const huntNodes = numberOption("hunt-nodes", values["hunt-nodes"], { min: 1 });
  const budget = numberOption("budget", values.budget, { min: 1 });
  const rows = [];
  for (const t of TASKS) {
    const table = tourTable(makeBoard([t.n, t.n]), t.hopper, parseHurdle(t.hurdle));
    const t0 = performance.now();
    const timer = cpuTimer();
    const r = solveCell(table, { mode: t.mode, proofNodes: budget });
    const cpuSeconds = timer.seconds();
    const seconds = (performance.now() - t0) / 1000;
    const row = {
      task: `${t.hopper} over ${t.hurdle} ${t.n}x${t.n} ${t.mode}`,
      seconds: Math.round(seconds * 1000) / 1000,
      cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
      result: r.value,
      proven: r.proven,
      nodes: r.huntNodes + r.proofNodes,
      complete: r.proven !== null,
      booklet: t.booklet,
      ...(t.bookletHours ? { bookletHours: t.bookletHours, ratio: r.proven ? cpuSeconds / 3600 / t.bookletHours : null } : {}),
    };
    rows.push(row);
    process.stderr.write(`${row.task}: ${row.result} ${row.proven ?? "not finished"} in ${row.seconds} s\n`);
  }
  const hunts = huntRows(huntNodes);
  const out = {
    generatedAt: new Date().toISOString(),
    machine: machine(),
    codeVersion: codeVersion(),
    note: "shared machine (2 cores, other jobs running): times are upper bounds",
    budgetNodes: budget,
    rows,
    huntNodes,
    hunts,
  };
  // Rows measured by other runs (pendingHunts by --pending, knownEndHunts by the known-end runs of records.ts, proofProjections
  // by --projections, targetProofs from the --prove-target runs of records.ts, fullTourSearch by --full) are kept.
  const old = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const kept = Object.fromEntries(
    ["pendingHunts", "knownEndHunts", "proofProjections", "targetProofs", "fullTourSearch"].filter((k) => old[k] !== undefined).map((
      k,
    ) => [k, old[k]]),
  );
  writeFileAtomic(file, JSON.stringify({ ...out, ...kept }, null, 1) + "\n");
}

export function run(args: string[]): void {
  try {
    main(args);
  } catch (e) {
    console.error(`bench-hopper-tour: ${errorMessage(e)}`);
    process.exit(e instanceof CliError ? 2 : 1);
  }
}
