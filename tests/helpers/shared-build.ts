/**
 * One site build per data set per test run, shared by the test files that
 * only read what was built (the browser suites, the site build and pages
 * tests). A fresh build costs ~50 s for a fixture and minutes for the real
 * data on this machine, and several files used to build the same input each.
 *
 * The build goes to .cache/test-sites/<key>/dist, where key is a hash of the
 * inputs (every file of the data folder, by path and content, and the extra
 * environment). A marker file beside it says which test run built it and
 * holds the build's exit code and output, so a later file of the same run
 * gets the same answer (a failed build fails every file that asked for it,
 * without building again). A test run is one `deno test` process: the test
 * files run in separate isolates of it, so module state is not shared, but
 * the process (pid and start time) is. A later run builds afresh: sources may
 * have changed, and "built once per test run" keeps every run honest.
 * Builds of earlier runs are removed when this run builds, so .cache holds at
 * most one run's sites. Callers must not write into the returned folder.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CACHE, type Run, runBuild } from "./site.ts";

const SITES = join(CACHE, "test-sites");

export interface SharedBuild extends Run {
  outDir: string;
}

interface Marker extends Run {
  run: string;
}

/** This test run: the deno process's pid and its start time (so a reused pid is another run). */
function runId(): string {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    return `${Deno.pid}-${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]}`;
  } catch {
    return String(Deno.pid);
  }
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

function readMarker(file: string): Marker | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Marker;
  } catch {
    return null;
  }
}

/** Sites of earlier test runs (never one of this run, which another file may be reading or building). */
function removeEarlierRuns(run: string, keep: string): void {
  if (!existsSync(SITES)) return;
  for (const name of readdirSync(SITES)) {
    const dir = join(SITES, name);
    if (dir === keep) continue;
    const owner = readLock(dir) ?? readMarker(join(dir, "built.json"))?.run;
    if (owner !== run) rmSync(dir, { recursive: true, force: true });
  }
}

function readLock(dir: string): string | null {
  try {
    return readFileSync(join(dir, "lock", "run"), "utf8");
  } catch {
    return null;
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
  const dir = join(SITES, inputKey(dataDir, env));
  const outDir = join(dir, "dist");
  const markerFile = join(dir, "built.json");
  let waits = 0;
  for (;;) {
    const marker = readMarker(markerFile);
    if (marker?.run === run) return { outDir, code: marker.code, stdout: marker.stdout, stderr: marker.stderr };
    mkdirSync(dir, { recursive: true });
    try {
      mkdirSync(join(dir, "lock")); // atomic: one builder per key
    } catch {
      const holder = readLock(dir);
      // A lock without its run file for 10 s was left by a process that died in between.
      if (holder === run || (holder === null && waits++ < 20)) {
        // Another file of this run is building it (or has just taken the lock): wait for its marker.
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      rmSync(join(dir, "lock"), { recursive: true, force: true }); // left by an earlier, interrupted run
      continue;
    }
    try {
      writeFileSync(join(dir, "lock", "run"), run);
      removeEarlierRuns(run, dir);
      rmSync(markerFile, { force: true });
      rmSync(outDir, { recursive: true, force: true });
      const built = await runBuild(outDir, dataDir, env);
      writeFileSync(markerFile, JSON.stringify({ run, ...built } satisfies Marker));
      return { outDir, ...built };
    } finally {
      rmSync(join(dir, "lock"), { recursive: true, force: true });
    }
  }
}
