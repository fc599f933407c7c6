/**
 * atlas bench cli: how fast `atlas solve` answers a small problem, from
 * process start to exit, beside Popeye's figure for the same kind of problem
 * (10 ms, quoted in issue 17; Popeye is not installed here and was not run).
 * Writes bench/cli.json with the machine and date.
 *
 * Each case runs --runs times (default 15) as its own process under bash,
 * whose `times` gives the child's CPU time (user + system) to the millisecond;
 * wall time is bash's clock around the command. The machine is shared, so wall
 * time mostly measures the load; CPU time is the figure compared. The
 * runtime's own start (`deno eval 1`) is measured too: no command can beat it.
 *
 *   --runs N    repetitions per case (default 15)
 *   --out FILE  where to write (default bench/cli.json)
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { writeFileAtomic } from "./cli.ts";
import { intOption, parseArgs } from "./options.ts";
import { ROOT } from "./paths.ts";
import { codeVersion } from "./version.ts";
import { machine } from "./machine.ts";
import { median } from "../../solvers/lib/stats.ts";

const POPEYE_MS = 10;
const ATLAS = join(ROOT, "scripts", "atlas.ts");
const SMALL = ["solve", "--piece", "zebra", "--board", "8x8", "--start", "b1", "--men", "e3,h1,f4"];

const CASES: { name: string; args: string[] }[] = [
  { name: "runtime start (deno eval 1)", args: ["eval", "1"] },
  { name: "atlas --help", args: ["run", "-A", ATLAS, "--help"] },
  { name: "atlas solve, small problem (zebra 8x8 b1, 3 men)", args: ["run", "-A", ATLAS, ...SMALL] },
  {
    name: "atlas solve --record (loads the record schema)",
    args: ["run", "-A", ATLAS, "solve", "--record", "zebra-8x8-sd52-b1", "--json"],
  },
];

const seconds = (t: string) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  if (!m) throw new Error(`cannot read bash's times output "${t}"`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** One run: [cpu ms, wall ms] of the command as a child of bash. */
async function once(args: string[]): Promise<[number, number]> {
  const script = 't0=$EPOCHREALTIME; "$@" >/dev/null 2>&1 || exit 97; t1=$EPOCHREALTIME; times; echo "$t0 $t1"';
  const out = await new Deno.Command("bash", {
    args: ["-c", script, "bash", Deno.execPath(), ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (out.code !== 0) throw new Error(`${args.join(" ")} failed (exit ${out.code})`);
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
  const [user, sys] = lines[1].trim().split(/\s+/).map(seconds);
  const [t0, t1] = lines[2].trim().split(/\s+/).map(Number);
  return [(user + sys) * 1000, (t1 - t0) * 1000];
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { runs: { type: "string" }, out: { type: "string" } } });
  const runs = values.runs === undefined ? 15 : intOption("runs", values.runs, { min: 1, max: 200 });
  const out = values.out ?? join(ROOT, "bench", "cli.json");
  const load = loadavg()[0];
  await once(CASES[2].args); // warm the module cache: the first run after a change compiles
  const results = [];
  for (const c of CASES) {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [c1, w1] = await once(c.args);
      cpu.push(c1);
      wall.push(w1);
    }
    const r = (x: number) => Math.round(x * 10) / 10;
    results.push({
      name: c.name,
      command: `deno ${c.args.join(" ").replace(ATLAS, "scripts/atlas.ts")}`,
      runs,
      medianCpuMs: r(median(cpu)),
      minCpuMs: r(Math.min(...cpu)),
      medianWallMs: r(median(wall)),
      minWallMs: r(Math.min(...wall)),
    });
    console.log(
      `${c.name}: CPU median ${r(median(cpu))} ms (min ${r(Math.min(...cpu))}), wall median ${r(median(wall))} ms (min ${
        r(Math.min(...wall))
      })`,
    );
  }
  const solve = results[2];
  // The figure before the start-up work (measured once, with the same method, on the commit before it) is kept across runs.
  const before = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")).before : undefined;
  const report = {
    note:
      "Start-up of `atlas solve` on a small problem, process start to exit. CPU time (user + system of the process) is the figure compared; wall time on this shared machine mostly measures the load (load average at the start in `loadAverage`). Popeye's figure is quoted from issue 17 (the same small problem); Popeye was not run here.",
    generatedAt: new Date().toISOString(),
    codeVersion: codeVersion(),
    machine: machine(),
    loadAverage: Math.round(load * 100) / 100,
    target: { ms: 50, what: "atlas solve on a small problem answers within 50 ms of process start" },
    results,
    popeye: { ms: POPEYE_MS, source: "issue 17: Popeye answers the same problem in 10 ms (not run here)" },
    ratioToPopeye: Math.round((solve.medianCpuMs / POPEYE_MS) * 10) / 10,
    ...(before ? { before } : {}),
  };
  writeFileAtomic(out, JSON.stringify(report, null, 1) + "\n");
  console.log(`wrote ${out}`);
}
