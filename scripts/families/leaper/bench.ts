/**
 * atlas bench leaper: timed measurements, written to bench/results.json with the
 * machine and date. Each benchmark runs several times; we keep the median (these
 * machines are noisy) and, where the 2009 booklet gives a figure for the same
 * job, the ratio to it (by CPU time, or by a benchmark's own figure: a
 * projection from a random sample, or a certificate's measured CPU time).
 * Results of benchmarks not run this time are kept. The projections of the long
 * proofs take about a minute: pick entries with --only (see --list).
 *
 *   --only TEXT   run the benchmarks whose name contains TEXT
 *   --runs N      repetitions (default 5)
 *   --list        list the benchmarks
 */
import { existsSync, readFileSync } from "node:fs";
import { type Machine, machine } from "../../lib/machine.ts";
import { join } from "node:path";
import { intOption, parseArgs } from "../../lib/options.ts";
import { cpuTimer } from "../../lib/cpu.ts";
import { fail, writeFileAtomic } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { BENCHMARKS } from "./lib/benchmarks.ts";
import { median } from "../../../solvers/lib/stats.ts";

export const RESULTS = join(ROOT, "bench", "results.json");

export interface BenchResult {
  name: string;
  description: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /**
   * Median CPU time of the process per run (user + system). On a shared machine the
   * wall-clock times above include waiting for a core; the comparisons with 2009
   * use CPU time.
   */
  medianCpuMs?: number;
  /** What the run computed, so a reader can see it did the work (counts, nodes). */
  output: Record<string, unknown>;
  anchor?: { what: string; seconds: number; source: string };
  /** The figure compared with the anchor when it is not the median run time (a projection, a certificate's CPU time). */
  figure?: { seconds: number; interval?: [number, number]; basis: string };
  /** anchor seconds / our seconds (the figure's, else the median CPU time's). */
  ratio?: number;
  /** The ratio at the ends of the figure's interval (low = at its upper end). */
  ratioInterval?: [number, number];
  date: string;
  codeVersion: string;
  machine: Machine;
}

export function run(args: string[]): void {
  let values;
  try {
    ({ values } = parseArgs({ args: args, options: { only: { type: "string" }, runs: { type: "string" }, list: { type: "boolean" } } }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.list) {
    for (const b of BENCHMARKS) console.log(`${b.name.padEnd(36)} ${b.description}`);
    Deno.exit(0);
  }
  const runs = intOption("runs", values.runs, { min: 1 }) ?? 5;
  const chosen = BENCHMARKS.filter((b) => !values.only || b.name.includes(values.only));
  if (!chosen.length) fail(`no benchmark name contains "${values.only}" (see --list)`);
  const previous: BenchResult[] = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")).results : [];
  const byName = new Map(previous.map((r) => [r.name, r]));
  const m = machine();
  const version = codeVersion();
  for (const [i, b] of chosen.entries()) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let output: Record<string, unknown> = {};
    const n = b.runs ?? runs;
    for (let r = 0; r < n; r++) {
      const timer = cpuTimer();
      const t0 = performance.now();
      output = b.run();
      times.push(performance.now() - t0);
      cpuTimes.push(timer.ms());
    }
    const med = median(times);
    const medCpu = median(cpuTimes);
    const figure = b.figure?.(output);
    const ours = figure ? figure.seconds : medCpu / 1000;
    const r1 = (x: number) => Math.round(x * 10) / 10;
    const res: BenchResult = {
      name: b.name,
      description: b.description,
      runs: n,
      medianMs: Math.round(med * 1000) / 1000,
      minMs: Math.round(Math.min(...times) * 1000) / 1000,
      maxMs: Math.round(Math.max(...times) * 1000) / 1000,
      medianCpuMs: Math.round(medCpu * 1000) / 1000,
      output,
      ...(figure ? { figure } : {}),
      ...(b.anchor ? { anchor: b.anchor, ratio: r1(b.anchor.seconds / ours) } : {}),
      ...(b.anchor && figure?.interval
        ? { ratioInterval: [r1(b.anchor.seconds / figure.interval[1]), r1(b.anchor.seconds / figure.interval[0])] as [number, number] }
        : {}),
      date: new Date().toISOString(),
      codeVersion: version,
      machine: m,
    };
    byName.set(b.name, res);
    const fig = figure
      ? `; ${figure.basis}: ${figure.seconds} s${figure.interval ? ` (${figure.interval[0]}–${figure.interval[1]})` : ""}`
      : "";
    const ratio = res.ratio
      ? `  (${res.ratio}x faster than ${b.anchor!.seconds} s in 2009${
        res.ratioInterval ? `, ${res.ratioInterval[0]}–${res.ratioInterval[1]}x` : ""
      })`
      : "";
    console.log(
      `[${i + 1}/${chosen.length}] ${b.name}: median ${res.medianMs.toFixed(2)} ms (CPU ${
        medCpu.toFixed(2)
      } ms) over ${n} runs${fig}${ratio}  ${JSON.stringify(output)}`,
    );
  }
  // Read the file again: another bench run may have written results meanwhile (long projections run side by side).
  const fresh = new Set(chosen.map((b) => b.name));
  const now: BenchResult[] = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")).results : [];
  for (const r of now) if (!fresh.has(r.name)) byName.set(r.name, r);
  const results = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  writeFileAtomic(
    RESULTS,
    JSON.stringify(
      { note: "Medians of repeated runs; see scripts/families/leaper/bench.ts. Each result carries its machine and date.", results },
      null,
      1,
    ) + "\n",
  );
  console.log(`wrote ${RESULTS}`);
}
