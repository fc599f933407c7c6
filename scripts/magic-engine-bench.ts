/**
 * Engine comparison on a fixed sample of deep states (solvers/magic/sample.ts):
 * every engine version completes the same seeded states; prints and (with
 * --write) stores nodes, CPU and the projection of the whole enumeration.
 *
 *   magic-engine-bench [--states 300] [--depth 14] [--seed 1] [--rules base,gap,...] [--write]
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { type EnumerationSpec, makeSearch } from "../solvers/magic/enumerate.ts";
import { type MagicRules, NO_RULES } from "../solvers/magic/engine.ts";
import { runSample, sampleStates, weightedMean } from "../solvers/magic/sample.ts";

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const { values: v } = parseArgs({
  args: Deno.args,
  options: { states: { type: "string" }, depth: { type: "string" }, seed: { type: "string" }, rules: { type: "string" } },
});
const e: EnumerationSpec = { n: 8, mode: "all", depth: 10 };
const depth = Number(v.depth ?? 14), count = Number(v.states ?? 300), seed = Number(v.seed ?? 1);
/** "base" (every optional rule off), or rule names joined by "+" ("gap+reach"), or "all". */
function rulesOf(name: string): MagicRules {
  if (name === "all") return {};
  const r: Record<string, boolean> = { ...NO_RULES };
  for (const k of name.split("+")) {
    if (k !== "base") {
      if (!(k in r)) throw new Error(`unknown rule ${k}`);
      r[k] = true;
    }
  }
  return r;
}
const states = sampleStates(e, count, depth, seed, makeSearch(e, rulesOf("base")));
for (const name of (v.rules ?? "base").split(",")) {
  const search = makeSearch(e, rulesOf(name));
  const r = runSample(e, states, search, cpuNow);
  const n = weightedMean(states, r.nodes), c = weightedMean(states, r.cpu);
  const totN = r.nodes.reduce((a, b) => a + b, 0), totC = r.cpu.reduce((a, b) => a + b, 0);
  console.log(
    `${name}: sample ${totN} nodes ${totC.toFixed(2)} s cpu ${(totC / totN * 1e9).toFixed(1)} ns/node, ${r.solutions} sols; ` +
      `projected nodes ${n.mean.toExponential(3)} [${n.lo.toExponential(2)}, ${n.hi.toExponential(2)}], cpu ${
        (c.mean / 86400).toFixed(2)
      } d [${(c.lo / 86400).toFixed(2)}, ${(c.hi / 86400).toFixed(2)}]`,
  );
}
