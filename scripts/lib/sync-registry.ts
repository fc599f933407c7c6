/**
 * Writes what the family registry (scripts/families/index.ts) decides into
 * the two files that cannot import it: the task aliases of deno.json and the
 * families of the CI proof workflow (.github/workflows/prove.yml: the choice
 * of family, the example cells and where each prover keeps its shards).
 * tests/cli/registry_test.ts fails when either file differs from what this writes.
 *
 *   deno run -A scripts/lib/sync-registry.ts           rewrite both files
 *   deno run -A scripts/lib/sync-registry.ts --check   exit 1 and name the files that differ
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FAMILIES, GENERAL_TASKS } from "../families/index.ts";
import { ROOT } from "./paths.ts";

export const DENO_JSON = join(ROOT, "deno.json");
export const PROVE_YML = join(ROOT, ".github", "workflows", "prove.yml");

const ATLAS = "./node_modules/deno/deno run -A scripts/atlas.ts";

const DENO = "./node_modules/deno/deno";

/** The code checks the test command starts with (the first failure stops it): formatting, lint rules, types of every module. */
const CODE_CHECKS = `${DENO} fmt --check --quiet && ${DENO} lint --quiet && ${DENO} check --quiet .`;

/**
 * The type check of the site's .astro files (Deno checks every .ts and .tsx file, but not .astro ones):
 * `astro check` (@astrojs/check with TypeScript), under Deno, with the settings of tsconfig.astro.json.
 */
const SITE_CHECK =
  `ASTRO_TELEMETRY_DISABLED=1 ${DENO} run -A node_modules/astro/bin/astro.mjs check --tsconfig tsconfig.astro.json --minimumSeverity warning`;

/**
 * The tests: the files run two at a time (or $DENO_JOBS; one process, each file a thread of its own: files
 * must not change the process's environment or working directory, and use folders and ports of their own),
 * without type-checking them again (CODE_CHECKS has just checked every module, the tests included).
 */
const TESTS = `${DENO} test -A --quiet --parallel --no-check tests/`;

/** The tasks that are no subcommand's alias: the atlas entry, the site's type check and the test commands. */
const FIXED_TASKS: Record<string, string> = {
  atlas: ATLAS,
  "check:site": SITE_CHECK,
  test: `${CODE_CHECKS} && ${DENO} task check:site && ${ATLAS} ensure-browser && ${TESTS}`,
  "test:slurm": "./node_modules/deno/deno test -A tests/slurm/cluster.ts",
};

/** deno.json's tasks: the fixed ones, the general aliases, then each family's aliases in registry order. */
export function expectedTasks(): Record<string, string> {
  const tasks: Record<string, string> = { ...FIXED_TASKS };
  const add = (name: string, line: string) => {
    if (Object.hasOwn(tasks, name)) throw new Error(`task "${name}" is declared twice in scripts/families/index.ts`);
    tasks[name] = `${ATLAS} ${line}`;
  };
  for (const [name, line] of Object.entries(GENERAL_TASKS)) add(name, line);
  for (const f of FAMILIES) for (const [name, line] of Object.entries(f.tasks ?? {})) add(name, line);
  return tasks;
}

/** deno.json with its tasks replaced (everything else as it is). */
export function expectedDenoJson(current: string): string {
  const json = JSON.parse(current);
  json.tasks = expectedTasks();
  return JSON.stringify(json, null, 2) + "\n";
}

/** The families the proof workflow offers: those whose entry has `ci` (a sharded prover). */
function ciFamilies() {
  return FAMILIES.filter((f) => f.ci && f.prove);
}

/** The generated regions of prove.yml, by name: the lines between `# registry: begin NAME` and `# registry: end NAME`. */
function regions(): Record<string, (indent: string) => string[]> {
  const ci = ciFamilies();
  return {
    families: (i) => [
      `${i}options: [${ci.map((f) => f.family).join(", ")}]`,
    ],
    cells: (i) => [
      `${i}description: "Cell or run id: ${ci.map((f) => f.ci!.example).join(", ")}"`,
    ],
    "proof-dirs": (i) => [
      `${i}case "$FAMILY" in`,
      ...ci.map((f) => `${i}  ${f.family}) echo "dir=${f.paths.proofs ?? `data/${f.family}/proofs`}/$CELL" >> "$GITHUB_OUTPUT" ;;`),
      `${i}  *) echo "::error::no sharded prover for family '$FAMILY' (scripts/families/index.ts)"; exit 2 ;;`,
      `${i}esac`,
    ],
  };
}

/** prove.yml with every generated region rewritten from the registry; throws when a region's markers are missing. */
export function expectedProveYml(current: string): string {
  const lines = current.split("\n");
  const out: string[] = [];
  const todo = regions();
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const begin = /^(\s*)# registry: begin (\S+)/.exec(lines[i]);
    if (!begin) continue;
    const [, indent, name] = begin;
    if (!todo[name]) throw new Error(`${PROVE_YML}: unknown generated region "${name}"`);
    const end = lines.findIndex((l, j) => j > i && new RegExp(`^\\s*# registry: end ${name}\\b`).test(l));
    if (end < 0) throw new Error(`${PROVE_YML}: region "${name}" has no end marker`);
    out.push(...todo[name](indent), lines[end]);
    seen.add(name);
    i = end;
  }
  const missing = Object.keys(todo).filter((n) => !seen.has(n));
  if (missing.length > 0) throw new Error(`${PROVE_YML}: no generated region ${missing.join(", ")}`);
  return out.join("\n");
}

/** The files whose text differs from what the registry says, with the text they should have. */
export function outOfDate(): { path: string; expected: string }[] {
  const stale: { path: string; expected: string }[] = [];
  for (const [path, make] of [[DENO_JSON, expectedDenoJson], [PROVE_YML, expectedProveYml]] as const) {
    const current = readFileSync(path, "utf8");
    const expected = make(current);
    if (expected !== current) stale.push({ path, expected });
  }
  return stale;
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  const stale = outOfDate();
  for (const { path, expected } of stale) {
    if (check) console.error(`${path} differs from scripts/families/index.ts: run deno run -A scripts/lib/sync-registry.ts`);
    else {
      writeFileSync(path, expected);
      console.log(`wrote ${path}`);
    }
  }
  if (check && stale.length > 0) Deno.exit(1);
}
