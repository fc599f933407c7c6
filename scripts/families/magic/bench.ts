/**
 * Engine comparison for the 8x8 semimagic enumeration on a fixed sample of deep
 * states (solvers/magic/sample.ts): seeded random descents to --depth with the
 * reference rules (L, D, E only), then every rule set completes the same
 * states. Prints nodes, CPU and the projection of the whole enumeration (mean
 * of weight × cost, 95% interval; heavy-tailed, so the interval is rough),
 * and with --write stores them under "engine" in bench/magic.json beside the
 * 2003 and 2023 figures. CPU time is process CPU (the machine is shared).
 *
 *   atlas bench magic [--states 100] [--depth 14] [--seed 1] [--rules base,gap+end] [--engine wasm,ts] [--repeat 1] [--write]
 *
 * Rule sets: "base" (every optional rule off), "all", or names joined by "+"
 * (gap = K, reach = R, end = F, forced = M, three = 3; e.g. "gap+reach"). The enumeration runs
 * gap+end+forced+three (solvers/magic/enumerate.ts says why R is off). "bidir" is the
 * two-ended completion (solvers/magic/bidir.ts), measured on the same states.
 * --engine: who completes the states, the compiled kernel (wasm, what the
 * enumeration runs) or the TypeScript engine (ts), or both in turn; the two
 * give the same nodes, so their ratio is the kernel's speed-up.
 */
import { existsSync, readFileSync } from "node:fs";
import { cpuSeconds } from "../../lib/cpu.ts";
import { type MagicRules, NO_RULES } from "../../../solvers/magic/engine.ts";
import { type EnumerationSpec, makeCompleter, makeSearch } from "../../../solvers/magic/enumerate.ts";
import { BidirSearch } from "../../../solvers/magic/bidir.ts";
import { semimagicLines } from "../../../solvers/magic/engine.ts";
import { allowedEnds } from "../../../solvers/magic/reduce.ts";
import { runSample, runSampleWith, type SampledState, type SampleRun, sampleStates, weightedMean } from "../../../solvers/magic/sample.ts";
import { CliError, writeFileAtomic } from "../../lib/cli.ts";
import { codeVersion } from "../../lib/version.ts";
import { machine } from "../../lib/machine.ts";
import { MAGIC_BENCH } from "./records.ts";
import { median } from "../../../solvers/lib/stats.ts";
import { intOption, parseArgs } from "../../lib/options.ts";

/** The published runs the projection is compared with (CPU-days as their authors give them). */
export const PUBLISHED_RUNS = [
  {
    who: "Stertenbrink, Meyrignac, Mackay (2003 enumeration, finished 5 August 2003)",
    cpuDays: 61.4,
    machine: "one 2 GHz processor of 2003",
  },
  {
    who: "2023 article (habr.com, author 0xBAD)",
    cpuDays: 60,
    machine: "about 5 days on a 12-core Xeon (2022); 5 × 12 core-days",
  },
];

export function rulesOf(name: string): MagicRules {
  if (name === "all" || name === "bidir") return {};
  const r: Record<string, boolean> = { ...NO_RULES };
  for (const k of name.split("+")) {
    if (k === "base") continue;
    if (!(k in r)) throw new CliError(`unknown rule "${k}" in --rules (known: base, all, ${Object.keys(NO_RULES).join(", ")})`);
    r[k] = true;
  }
  return r;
}

/** The sample completed by the two-ended search (same states, same allowed last squares). */
function runBidir(states: SampledState[]): SampleRun {
  const search = new BidirSearch({ width: 8, height: 8, lines: semimagicLines(8) });
  return runSampleWith(states, (path) => search.completePrefix(path, allowedEnds(8, 8, path[0])), cpuSeconds);
}

export function run(args: string[]): number {
  const v = parseArgs({
    args,
    options: {
      states: { type: "string" },
      depth: { type: "string" },
      seed: { type: "string" },
      rules: { type: "string" },
      engine: { type: "string" },
      repeat: { type: "string" },
      write: { type: "boolean" },
    },
  }).values;
  const count = intOption("states", v.states, { min: 1 }) ?? 100, depth = intOption("depth", v.depth, { min: 2 }) ?? 14;
  const seed = intOption("seed", v.seed, { min: 0 }) ?? 1;
  const repeat = intOption("repeat", v.repeat, { min: 1 }) ?? 1;
  const ruleNames = (v.rules ?? "base,gap+end").split(",");
  ruleNames.forEach(rulesOf);
  const engines = (v.engine ?? "wasm").split(",");
  for (const x of engines) if (x !== "wasm" && x !== "ts") throw new CliError(`--engine takes wasm, ts or both (wasm,ts), got "${x}"`);
  // Each measured version is named by its rules, with "@ts" when the TypeScript engine completed the states.
  const names = ruleNames.flatMap((r) => (r === "bidir" ? [r] : engines.map((x) => (x === "ts" ? `${r}@ts` : r))));
  const e: EnumerationSpec = { n: 8, mode: "all", depth: 10 };
  const states = sampleStates(e, count, depth, seed, makeSearch(e, NO_RULES));
  const versions = [];
  for (const name of names) {
    const cpus: number[] = [];
    let last;
    for (let r = 0; r < repeat; r++) {
      const [rules, engine] = name.split("@");
      last = name === "bidir"
        ? runBidir(states)
        : runSample(e, states, makeCompleter(e, rulesOf(rules), engine === "ts" ? "ts" : "wasm"), cpuSeconds);
      cpus.push(last.cpu.reduce((a, b) => a + b, 0));
    }
    const nodes = last!.nodes.reduce((a, b) => a + b, 0), cpu = median(cpus);
    // Scale each state's CPU to the median run, so the projection uses the median.
    const scale = cpu / cpus[cpus.length - 1];
    const pn = weightedMean(states, last!.nodes), pc = weightedMean(states, last!.cpu.map((c) => c * scale));
    const day = 86400;
    const entry = {
      rules: name,
      sampleNodes: nodes,
      sampleCpuSeconds: Math.round(cpu * 100) / 100,
      cpuRuns: cpus.map((c) => Math.round(c * 100) / 100),
      nsPerNode: Math.round((cpu / nodes) * 1e10) / 10,
      projectedNodes: [pn.mean, pn.lo, pn.hi].map((x) => Number(x.toPrecision(3))),
      projectedCpuDays: [pc.mean, pc.lo, pc.hi].map((x) => Math.round((x / day) * 100) / 100),
    };
    versions.push(entry);
    console.log(
      `${name}: ${nodes} nodes, ${entry.sampleCpuSeconds} s CPU (${entry.nsPerNode} ns/node); whole enumeration ~${
        entry.projectedNodes[0].toExponential(2)
      } nodes, ${entry.projectedCpuDays[0]} CPU-days (95%: ${entry.projectedCpuDays[1]}-${entry.projectedCpuDays[2]})`,
    );
  }
  if (v.write) {
    const old = existsSync(MAGIC_BENCH) ? JSON.parse(readFileSync(MAGIC_BENCH, "utf8")) : {};
    const prev = old.engine?.versions ?? [];
    const merged = [
      ...prev.filter((p: { rules: string; codeVersion?: string }) => !names.includes(p.rules) || p.codeVersion !== codeVersion()),
      ...versions.map((x) => ({ ...x, codeVersion: codeVersion() })),
    ];
    const best = Math.min(...versions.map((x) => x.projectedCpuDays[0]));
    old.engine = {
      about: "Engine versions compared on one fixed sample of depth-" + depth +
        " states (atlas bench magic): nodes and process CPU of completing each, and the projection of the whole 8x8 semimagic enumeration (mean of Knuth weight × cost; 95% interval, rough: heavy-tailed). The machine was shared with other jobs (2 cores), which inflates CPU per node.",
      date: new Date().toISOString(),
      machine: machine(),
      sample: { states: count, depth, seed },
      versions: merged,
      published: PUBLISHED_RUNS.map((p) => ({ ...p, oursOverTheirs: Math.round((best / p.cpuDays) * 100) / 100 })),
    };
    writeFileAtomic(MAGIC_BENCH, JSON.stringify(old, null, 1) + "\n");
  }
  return 0;
}
