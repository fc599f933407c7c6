/**
 * One site build per data set per test run, shared by the test files that
 * only read what was built (the browser suites, the site build and pages
 * tests). A fresh build costs ~50 s for a fixture and minutes for the real
 * data on this machine, and several files used to build the same input each.
 *
 * The build goes to .cache/test-sites/<run>/<key>/dist, where key is a hash
 * of the inputs (every file of the data folder, by path and content, and the
 * extra environment) and run names this test run. A marker file beside it
 * holds the build's exit code and output, so a later file of the same run
 * gets the same answer (a failed build fails every file that asked for it,
 * without building again). A test run is one `deno test` process: the test
 * files run in separate isolates of it, so module state is not shared, but
 * the process (pid and start time) is. A later run builds afresh: sources may
 * have changed, and "built once per test run" keeps every run honest. Two
 * runs at once (two `deno test` in one checkout) never touch each other's
 * folders; a run removes the folders of runs whose process has ended.
 * Callers must not write into the returned folder.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CACHE, type Run, runBuild } from "./site.ts";

const SITES = join(CACHE, "test-sites");

export interface SharedBuild extends Run {
  outDir: string;
}

/** The start time of process `pid` (clock ticks since boot, /proc/<pid>/stat field 22), or null. */
function startTime(pid: number | "self"): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return null;
  }
}

/** This test run: the deno process's pid and its start time (so a reused pid is another run). */
function runId(): string {
  return `${Deno.pid}-${startTime("self") ?? "0"}`;
}

/** Whether the process of a run is still running (off Linux, where /proc is missing, every run counts as ended). */
function runAlive(run: string): boolean {
  const [pid, start] = run.split("-");
  return /^\d+$/.test(pid) && startTime(Number(pid)) === start;
}

function filesOf(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesOf(p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/** The hash of a build's inputs: the data folder's files (relative path and bytes) and the environment given. */
export function inputKey(dataDir: string, env: Record<string, string>): string {
  const h = createHash("sha256");
  for (const f of filesOf(dataDir)) {
    h.update(relative(dataDir, f).split(sep).join("/") + "\0");
    h.update(readFileSync(f));
    h.update("\0");
  }
  for (const k of Object.keys(env).sort()) h.update(`${k}=${env[k]}\0`);
  return h.digest("hex").slice(0, 20);
}

function readMarker(file: string): Run | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Run;
  } catch {
    return null;
  }
}

/** The sites of test runs that have ended. */
function removeEndedRuns(run: string): void {
  if (!existsSync(SITES)) return;
  for (const name of readdirSync(SITES)) {
    if (name !== run && !runAlive(name)) rmSync(join(SITES, name), { recursive: true, force: true });
  }
}

/**
 * The site built from `dataDir` (with `env` added to the build's environment)
 * in this test run: built now if no file of this run has built it yet. The
 * result carries the build's exit code and output; callers check them as they
 * would check their own build's.
 */
export async function sharedBuild(dataDir: string, env: Record<string, string> = {}): Promise<SharedBuild> {
  const run = runId();
  const dir = join(SITES, run, inputKey(dataDir, env));
  const outDir = join(dir, "dist");
  const markerFile = join(dir, "built.json");
  for (;;) {
    const marker = readMarker(markerFile);
    if (marker) return { outDir, code: marker.code, stdout: marker.stdout, stderr: marker.stderr };
    mkdirSync(dir, { recursive: true });
    try {
      mkdirSync(join(dir, "lock")); // atomic: one builder per site (files may run in parallel)
    } catch {
      // Another file of this run is building it: wait for its marker (or for the lock to go, if its build threw).
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    try {
      removeEndedRuns(run);
      rmSync(outDir, { recursive: true, force: true });
      const built = await runBuild(outDir, dataDir, env);
      writeFileSync(markerFile, JSON.stringify(built satisfies Run));
      return { outDir, ...built };
    } finally {
      rmSync(join(dir, "lock"), { recursive: true, force: true });
    }
  }
}

/**
 * A test file's view of one shared build: a function that returns the built
 * folder (building on the first call), or the folder named by $`envVar` when
 * it is set (to test an existing build). A failed build throws with the end of
 * its output.
 */
export function sharedSite(dataDir: string, envVar: string): () => Promise<string> {
  let built: Promise<string> | undefined;
  return () =>
    built ??= (async () => {
      const given = Deno.env.get(envVar);
      if (given) return Deno.realPathSync(given);
      const run = await sharedBuild(dataDir);
      if (run.code !== 0) throw new Error(`build failed (${run.code}):\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
      return run.outDir;
    })();
}
