/**
 * atlas bench tour [--quick] [--count-6x6] — time the tour finders per board
 * size and method (medians of a few runs) and the knight's tour counts, next to
 * the thesis's measured times (shared/sources/002, Tables 3–5, lines 1944–2025:
 * first solution on an i7-7700K). Writes bench/tours.json atomically.
 * --count-6x6 adds the 6x6 count (about 10 s); --quick runs fewer sizes.
 */
import { join } from "node:path";
import { makeBoard } from "../../../solvers/board/board.ts";
import { findTour, type TourMethod } from "../../../solvers/tour/finder.ts";
import { countDirectedOpenTours } from "../../../solvers/tour/count.ts";
import { writeFileAtomic } from "../../lib/cli.ts";
import { parseArgs } from "../../lib/options.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { median } from "../../../solvers/lib/stats.ts";
import { machine } from "../../lib/machine.ts";

/** Thesis times for the first solution, seconds (Table 3 backtracking, Table 4 Warnsdorff open/closed, Table 5 neural). */
const THESIS: Record<string, Record<number, number>> = {
  "backtrack-open": { 5: 0.006, 6: 0.016, 7: 0.007, 8: 1.793 },
  "warnsdorff-open": {
    5: 0.001,
    6: 0.001,
    7: 0.001,
    8: 0.001,
    12: 0.001,
    23: 0.001,
    28: 0.001,
    42: 0.001,
    57: 0.002,
    68: 0.002,
    73: 0.002,
    90: 0.002,
    118: 0.003,
    143: 0.004,
    181: 0.004,
  },
  "warnsdorff-closed": {
    6: 0.001,
    8: 0.001,
    10: 0.001,
    12: 0.001,
    14: 0.001,
    16: 0.001,
    18: 0.001,
    28: 0.001,
    48: 0.001,
    58: 0.001,
    72: 0.001,
    92: 0.001,
    104: 9.316,
  },
  "neural-closed": { 6: 0.002, 8: 0.022, 10: 0.052, 12: 0.245, 14: 0.768, 16: 2.765, 18: 27, 20: 85, 22: 83, 24: 270, 26: 2011, 28: 743 },
};

interface Row {
  method: TourMethod;
  closed: boolean;
  size: number;
  medianSeconds: number | null;
  runs: number;
  found: number;
  thesisSeconds: number | null;
}

function time(method: TourMethod, size: number, closed: boolean, runs: number): Row {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = findTour({
      board: makeBoard([size, size]),
      leap: [1, 2],
      closed,
      method,
      seed: i + 1,
      restarts: method === "warnsdorff" ? 1 : undefined,
    });
    times.push((performance.now() - t0) / 1000);
    if (r.tour) found++;
  }
  const key = `${method}-${closed ? "closed" : "open"}`;
  return { method, closed, size, medianSeconds: +median(times).toFixed(5), runs, found, thesisSeconds: THESIS[key]?.[size] ?? null };
}

export function run(args: string[]): void {
  const { values } = parseArgs({ args, options: { quick: { type: "boolean" }, "count-6x6": { type: "boolean" } } });
  const quick = values.quick === true;
  const rows: Row[] = [];
  const sizes = quick ? [8, 50, 200] : [8, 12, 28, 50, 76, 100, 104, 200, 500, 1000];
  for (const size of sizes) {
    rows.push(time("divide", size, true, size >= 500 ? 3 : 5));
    rows.push(time("divide", size, false, size >= 500 ? 3 : 5));
    // Pure Warnsdorff (Roth tie-break, one run, no repair): found = how often it got through.
    rows.push(time("warnsdorff", size, false, size >= 500 ? 1 : 3));
  }
  for (const size of [5, 6, 7, 8]) rows.push(time("backtrack", size, false, 3));
  for (const size of quick ? [6, 8, 10] : [6, 8, 10, 12, 14, 16, 18, 20]) rows.push(time("neural", size, true, 3));
  const counts: { board: string; directedOpen: string; seconds: number; nodes: number; thesis: string }[] = [];
  for (const n of values["count-6x6"] ? [5, 6] : [5]) {
    const t0 = performance.now();
    const c = countDirectedOpenTours(makeBoard([n, n]), [1, 2]);
    counts.push({
      board: `${n}x${n}`,
      directedOpen: String(c.directedOpen),
      seconds: +((performance.now() - t0) / 1000).toFixed(3),
      nodes: c.nodes,
      thesis: n === 5 ? "1728" : "6637920",
    });
  }
  const out = {
    generatedAt: new Date().toISOString(),
    codeVersion: codeVersion(),
    machine: { ...machine(), note: "2 cores shared with other jobs" },
    thesisMachine: "i7-7700K, 16 GB (shared/sources/002 line 1920)",
    finders: rows,
    counts,
  };
  const path = join(ROOT, "bench", "tours.json");
  writeFileAtomic(path, JSON.stringify(out, null, 1) + "\n");
  for (const r of rows) {
    console.log(
      `${r.method.padEnd(10)} ${r.closed ? "closed" : "open  "} ${
        String(r.size).padStart(5)
      }  ${r.medianSeconds}s  found ${r.found}/${r.runs}  thesis ${r.thesisSeconds ?? "-"}`,
    );
  }
  for (const c of counts) console.log(`count ${c.board}: ${c.directedOpen} in ${c.seconds}s`);
  console.log(`wrote ${path}`);
}
