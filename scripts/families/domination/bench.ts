/**
 * Benchmark of the exact queen domination search: for n = 8.. (default up to
 * 13) the time to establish gamma (greedy start, witness runs and the
 * exhaustive gamma-1 run) and the time of the run counting all minimum sets,
 * each the median of 3 runs (one run only when a run takes longer than the
 * cap, and n stops growing after that). Prints a table and writes
 * bench/domination.json with the machine (hostname, os, cpu count, date).
 *
 * Projection: the count times grow roughly exponentially in n. A least-squares
 * line through log(count seconds) over the measured n >= 10 gives a growth
 * factor per step of n; extrapolating from the largest measured n, the
 * largest n whose count fits into one day of 16 cores (16 × 86,400 s, assuming
 * the root branches of the count are shared out perfectly over the cores, which
 * is possible because branches are independent once their bans are fixed) is
 * reported, and beside it the same extrapolation with the growth of the last
 * measured step alone (the more cautious figure). It is an extrapolation: gamma grows in steps, so the real curve is
 * bumpy, and the estimate is only as good as the trend of the measured points.
 *
 *   atlas bench domination [--from 8] [--to 13] [--cap 180] [--out bench/domination.json]
 */
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { intOption, parseArgs } from "../../lib/options.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { solveDomination } from "../../../solvers/domination/solve.ts";
import { buildDominationGraph } from "../../../solvers/domination/graph.ts";
import { dominationPiece } from "../../../solvers/domination/pieces.ts";
import { errorMessage, fail, writeFileAtomic } from "../../lib/cli.ts";
import { codeVersion } from "../../lib/version.ts";
import { ROOT } from "../../lib/paths.ts";
import { median, roundTo } from "../../../solvers/lib/stats.ts";
import { machine } from "../../lib/machine.ts";

interface BenchRow {
  n: number;
  gamma: number;
  count: number;
  classes: number;
  impossibilityNodes: number;
  decisionNodes: number;
  countNodes: number;
  gammaSeconds: number[];
  countSeconds: number[];
  gammaMedian: number;
  countMedian: number;
}

const round = (x: number, digits = 4) => roundTo(x, digits);

export function run(args: string[]): void {
  let values;
  try {
    values = parseArgs({
      args: args,
      options: { from: { type: "string" }, to: { type: "string" }, cap: { type: "string" }, out: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail(errorMessage(e));
  }
  const from = intOption("from", values.from, { min: 1 }) ?? 8;
  const to = intOption("to", values.to, { min: 1 }) ?? 13;
  if (to < from) fail(`--to ${to} is below --from ${from}`);
  if (to > 25) fail(`--to ${to}: boards above 25x25 are beyond the search's square sets`);
  const cap = intOption("cap", values.cap, { min: 1 }) ?? 180;
  const out = values.out ?? join(ROOT, "bench", "domination.json");

  const rows: BenchRow[] = [];
  const log = (s: string) => Deno.stderr.writeSync(new TextEncoder().encode(s));
  for (let n = from; n <= to; n++) {
    const board = makeBoard([n, n]);
    const graph = buildDominationGraph(board, dominationPiece("queen"));
    const gammaSeconds: number[] = [];
    const countSeconds: number[] = [];
    let last = null;
    for (let rep = 0; rep < 3; rep++) {
      log(`queen ${n}x${n}: run ${rep + 1}/3 ...\r`);
      const g = solveDomination({ board, piece: "queen", kind: "dominating", graph });
      gammaSeconds.push(g.seconds);
      const c = solveDomination({ board, piece: "queen", kind: "dominating", graph, count: true });
      countSeconds.push(c.countSeconds);
      last = c;
      if (c.seconds > cap) break;
    }
    const r = last!;
    const row: BenchRow = {
      n,
      gamma: r.gamma!,
      count: r.count!,
      classes: r.classes!,
      impossibilityNodes: r.impossibilityNodes,
      decisionNodes: r.decisionNodes,
      countNodes: r.countNodes,
      gammaSeconds: gammaSeconds.map((x) => round(x)),
      countSeconds: countSeconds.map((x) => round(x)),
      gammaMedian: round(median(gammaSeconds)),
      countMedian: round(median(countSeconds)),
    };
    rows.push(row);
    log(
      `queen ${n}x${n}: gamma ${row.gamma} (${row.gammaMedian}s, ${row.impossibilityNodes} nodes in the gamma-1 run), ` +
        `count ${row.count}, classes ${row.classes} (${row.countMedian}s, ${row.countNodes} nodes)\n`,
    );
    if (countSeconds[0] > cap) {
      log(`stopping: the count on ${n}x${n} took longer than the cap of ${cap}s\n`);
      break;
    }
  }

  // Projection from the trend of the count times.
  const DAY_16_CORES = 16 * 86400;
  const fitRows = rows.filter((r) => r.n >= 10 && r.countMedian > 0);
  let projection: Record<string, unknown> = { method: "not enough points (need count times for two n >= 10)" };
  if (fitRows.length >= 2) {
    const xs = fitRows.map((r) => r.n);
    const ys = fitRows.map((r) => Math.log(r.countMedian));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < xs.length; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
    }
    const slope = sxy / sxx;
    const factor = Math.exp(slope);
    const lastRow = fitRows[fitRows.length - 1];
    let n = lastRow.n;
    let t = lastRow.countMedian;
    if (factor > 1) {
      while (t * factor <= DAY_16_CORES) {
        t *= factor;
        n++;
      }
    }
    // A second, more cautious reading: the growth of the last measured step alone (where gamma has started rising
    // every step), extrapolated the same way. The fit through n >= 10 is pulled down by n = 10, 11, where gamma
    // stays 5 and the counts are tiny.
    const prev = fitRows[fitRows.length - 2];
    const lastFactor = lastRow.countMedian / prev.countMedian;
    let cn = lastRow.n;
    let ct = lastRow.countMedian;
    if (lastFactor > 1) {
      while (ct * lastFactor <= DAY_16_CORES) {
        ct *= lastFactor;
        cn++;
      }
    }
    projection = {
      lastStep: {
        fromN: [prev.n, lastRow.n],
        growthFactorPerN: round(lastFactor, 2),
        largestFeasibleN: lastFactor > 1 ? cn : null,
        projectedSecondsAtThatN: lastFactor > 1 ? Math.round(ct) : null,
      },
      method:
        "least-squares line through ln(count seconds) for the measured n >= 10; extrapolated from the largest measured n with the fitted " +
        "growth factor per n until one day of 16 cores (1,382,400 core-seconds, perfect division of the root branches) is used up",
      fittedN: xs,
      growthFactorPerN: round(factor, 2),
      budgetCoreSeconds: DAY_16_CORES,
      largestFeasibleN: factor > 1 ? n : null,
      projectedSecondsAtThatN: factor > 1 ? Math.round(t) : null,
      caveat: "gamma grows in steps (every n -> n+1 need not add a queen), so the growth is bumpy; treat this as an order of magnitude",
    };
  }

  console.log("\n  n  gamma      count  classes   gamma-1 nodes   gamma s    count nodes   count s");
  for (const r of rows) {
    console.log(
      `${String(r.n).padStart(3)} ${String(r.gamma).padStart(6)} ${String(r.count).padStart(10)} ${String(r.classes).padStart(8)} ${
        String(r.impossibilityNodes).padStart(15)
      } ${r.gammaMedian.toFixed(3).padStart(9)} ${String(r.countNodes).padStart(14)} ${r.countMedian.toFixed(3).padStart(9)}`,
    );
  }
  console.log(`projection: ${JSON.stringify(projection)}`);

  const report = {
    benchmark: "queen domination: gamma and the number of minimum dominating sets on n x n",
    machine: { ...machine(), date: new Date().toISOString() },
    codeVersion: codeVersion(),
    note:
      "medians of 3 runs (1 run when a run exceeds the cap); gamma seconds include the greedy start, the witness runs and the exhaustive gamma-1 run; count seconds are the count run alone",
    capSeconds: cap,
    rows,
    projection,
    // Written by scripts/families/domination/prove.ts --sample --bench; kept across reruns of this benchmark.
    shardedSamples: (() => {
      try {
        return JSON.parse(readFileSync(out, "utf8")).shardedSamples ?? undefined;
      } catch {
        return undefined;
      }
    })(),
  };
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileAtomic(out, JSON.stringify(report, null, 1) + "\n");
  } catch (e) {
    fail(`cannot write ${out}: ${errorMessage(e)}`, 1);
  }
  console.log(`written to ${out}`);
}
