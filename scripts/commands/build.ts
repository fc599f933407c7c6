/**
 * Builds the atlas site with Astro, under the Deno that runs this script.
 *
 *   atlas build [--outDir DIR] [--workers N] [--verbose]
 *
 * 1. Checks the data the site is made from (data/leaper/records.json and
 *    data/reports/verify.json, or $ATLAS_DATA_DIR) with the same loader the
 *    pages use, so bad data stops here with one clear line instead of deep in
 *    the Astro build. A missing verify report is allowed but warned about
 *    loudly: every cell then reads "not verified in this build".
 * 2. Renders the images (PNG permalinks, share images, animated GIFs) with N
 *    parallel workers (default: one per core; scripts/lib/prerender.ts)
 *    through the render cache (.cache/renders/) into a folder beside the
 *    output, while
 * 3. `astro build` runs as a subprocess from the project root, at the same
 *    time, with ATLAS_IMAGES_BY_BUILD=1 so that its image endpoints give it
 *    nothing to do (Astro renders endpoints one by one in one thread; the
 *    pages and the images now share the cores). Its progress is shown as a
 *    running count of the files written (--verbose passes Astro's own
 *    per-file lines through). When both are done the images are moved into
 *    the site. --workers 0 leaves the images to Astro's endpoints, as before.
 * 4. Counts what was written (pages, diagrams, share images, other files) and
 *    reports the time of each step and of the whole build.
 * Before all this, a build started without the memory settings (MEMORY_ENV:
 * freed image buffers kept for reuse) starts itself again with them.
 * Exit codes: 0 built, 1 the Astro build failed, 2 bad arguments or bad data.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import process from "node:process";
import { CliError, errorMessage, EXIT_USAGE, fail, parseCommandLine } from "../lib/cli.ts";
import { ROOT } from "../lib/paths.ts";
import { type AtlasData, dataDir, DataError, loadAtlasData } from "../../site/data.ts";
import { defaultWorkers, prerender } from "../lib/prerender.ts";
import { intOption } from "../lib/options.ts";

const USAGE = `usage: atlas build [--outDir DIR] [--workers N] [--verbose]

Builds the atlas site into DIR (default dist/). The images are rendered
by N workers beside Astro (default: one per core; 0 = let Astro render them).
Environment: ATLAS_DATA_DIR  data folder to build from (default data/);
             ATLAS_NO_RENDER_CACHE=1  render every image afresh, no cache;
             ATLAS_BUILD_REEXEC=0  do not start again with the memory settings
             (MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_, MIMALLOC_PURGE_DELAY).`;

/** Astro's command-line entry, wherever its package puts it (its package.json "bin"). */
function astroBin(): string {
  const dir = join(ROOT, "node_modules", "astro");
  try {
    const bin = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).bin;
    return join(dir, typeof bin === "string" ? bin : bin.astro);
  } catch {
    return join(dir, "package.json");
  }
}
const ASTRO_BIN = astroBin();
const useColour = Deno.stderr.isTerminal() && !Deno.env.get("NO_COLOR");
const paint = (code: string, text: string) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);

function step(text: string): void {
  console.log(paint("1;36", `▸ ${text}`));
}

function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/** A warning nobody can miss in a scrolling build log. */
function loudWarning(lines: string[]): void {
  const bar = "!".repeat(72);
  console.error(paint("1;33", [bar, ...lines.map((l) => `!! ${l}`), bar].join("\n")));
}

function parseCli(args: string[]): { outDir: string; verbose: boolean; workers: number } {
  const { values } = parseCommandLine(args, {
    outDir: { type: "string" },
    workers: { type: "string" },
    verbose: { type: "boolean", short: "v" },
  }, USAGE);
  const outDir = resolve(values.outDir ?? join(ROOT, "dist"));
  // Astro empties its output folder first: never let that be the project or a source folder.
  const inside = (dir: string) => outDir === dir || outDir.startsWith(dir + sep);
  const protectedDirs = ["site", "data", "solvers", "scripts", "tests", "node_modules", ".git"].map((d) => join(ROOT, d));
  if (ROOT === outDir || ROOT.startsWith(outDir + sep) || protectedDirs.some(inside)) {
    fail(`--outDir ${values.outDir}: refusing to build into the project or one of its source folders`);
  }
  const workers = intOption("workers", values.workers, { min: 0, max: 64 }) ?? defaultWorkers();
  return { outDir, verbose: values.verbose ?? false, workers };
}

function checkData(): AtlasData {
  let atlas: AtlasData;
  try {
    atlas = loadAtlasData(dataDir());
  } catch (e) {
    if (e instanceof DataError) fail(e.message, EXIT_USAGE);
    throw e;
  }
  const n = atlas.records.records.length;
  console.log(`  ${n} records from ${shown(atlas.recordsPath)}`);
  if (!atlas.report) {
    loudWarning([
      `NO VERIFY REPORT: ${shown(atlas.reportPath)} does not exist.`,
      `The site will build, but every cell will say "not verified in this build".`,
      "Run `atlas verify` first (`deno task atlas` runs verify, build and serve).",
    ]);
  } else {
    console.log(`  verify report of ${atlas.report.generatedAt} (code ${atlas.report.codeVersion})`);
    const warnings: string[] = [];
    if (atlas.notInReport.length > 0) {
      const some = atlas.notInReport.slice(0, 3).map((r) => r.id).join(", ");
      warnings.push(`${atlas.notInReport.length} record(s) have no result in the verify report (e.g. ${some}): shown as not verified.`);
    }
    const reportTime = Date.parse(atlas.report.generatedAt);
    if (Number.isFinite(reportTime) && statSync(atlas.recordsPath).mtimeMs > reportTime) {
      warnings.push(`${shown(atlas.recordsPath)} changed after the verify report was made: run \`atlas verify\` again.`);
    }
    if (warnings.length > 0) loudWarning(["STALE VERIFY REPORT", ...warnings]);
  }
  if (atlas.unplaced.length > 0) {
    const some = atlas.unplaced.slice(0, 3).map((r) => r.id).join(", ");
    loudWarning([`${atlas.unplaced.length} table-cell record(s) fit no column of the leaper table and are not shown: ${some}`]);
  }
  return atlas;
}

/** What the build wrote, by kind. */
export interface BuildCounts {
  pages: number;
  diagramsSvg: number;
  diagramsPng: number;
  shareImages: number;
  other: number;
  bytes: number;
}

export function countOutput(dir: string): BuildCounts {
  const c: BuildCounts = { pages: 0, diagramsSvg: 0, diagramsPng: 0, shareImages: 0, other: 0, bytes: 0 };
  const walk = (d: string, rel: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(path, r);
        continue;
      }
      c.bytes += statSync(path).size;
      if (entry.name.endsWith(".html")) c.pages++;
      else if (r.startsWith("diagrams/") && entry.name.endsWith(".svg")) c.diagramsSvg++;
      else if (r.startsWith("diagrams/") && entry.name.endsWith(".png")) c.diagramsPng++;
      else if (r.startsWith("og/") && entry.name.endsWith(".png")) c.shareImages++;
      else c.other++;
    }
  };
  walk(dir, "");
  return c;
}

/**
 * Clears the output folder of a previous build. Astro empties it itself, file
 * by file, which took ~30 s for the ~7,700 files of a build on this
 * machine's disk; moving it aside is one rename, and its removal then runs
 * alongside the rendering (it waits on the disk, not on a core). The name
 * ends in .tmp (gitignored) in case a build is stopped before it is gone.
 */
function clearOutDir(outDir: string): Promise<void> {
  if (!existsSync(outDir)) return Promise.resolve();
  const aside = `${outDir}-old-${Deno.pid}.tmp`;
  try {
    renameSync(outDir, aside);
  } catch {
    return Promise.resolve(); // e.g. a mount point: Astro empties it as before
  }
  return Deno.remove(aside, { recursive: true }).catch((e) => {
    console.error(`  (could not remove the previous build at ${shown(aside)}: ${errorMessage(e)})`);
  });
}

/** Moves every file under `from` to the same place under `to` (same file system: renames), then removes `from`. */
function moveInto(from: string, to: string): void {
  const walk = (rel: string) => {
    for (const e of readdirSync(join(from, rel), { withFileTypes: true })) {
      const r = join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else {
        const target = join(to, r);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(from, r), target);
      }
    }
  };
  walk("");
  rmSync(from, { recursive: true, force: true });
}

const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/**
 * Runs Astro and shows its progress: Astro writes one line per generated file
 * ("├─ /en/… (+3ms)"); those become a running count (one line every
 * PROGRESS_EVERY files) unless --verbose; every other line is passed through.
 */
const PROGRESS_EVERY = 250;
async function runAstro(
  outDir: string,
  env: Record<string, string>,
  verbose: boolean,
): Promise<{ ok: boolean; code: number; files: number }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ASTRO_BIN, "build", "--outDir", outDir],
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const started = performance.now();
  let files = 0;
  let buffer = "";
  const decoder = new TextDecoder();
  const handle = (line: string) => {
    // deno-lint-ignore no-control-regex
    const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
    if (/[├└]─/.test(plain)) {
      files++;
      if (verbose) console.log(line);
      else if (files % PROGRESS_EVERY === 0) console.log(`  … ${files} files generated (${secondsSince(started)} s)`);
      return;
    }
    if (plain.trim()) console.log(line);
  };
  for await (const chunk of child.stdout) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) handle(line);
  }
  if (buffer) handle(buffer);
  const status = await child.status;
  return { ok: status.success, code: status.code, files };
}

async function main(args: string[]): Promise<void> {
  const { outDir, verbose, workers } = parseCli(args);
  const started = performance.now();

  step("Checking the data");
  let t = performance.now();
  checkData();
  console.log(`  (${secondsSince(t)} s)`);

  if (!existsSync(ASTRO_BIN)) fail(`${shown(ASTRO_BIN)} not found: run \`npm install\` first`, 1);
  const env: Record<string, string> = { ASTRO_TELEMETRY_DISABLED: "1" };
  // The build runs from the project root: hand on an absolute data folder.
  const fromEnv = Deno.env.get("ATLAS_DATA_DIR");
  if (fromEnv) env.ATLAS_DATA_DIR = resolve(fromEnv);
  const cleared = clearOutDir(outDir);

  // The images, rendered by the workers while Astro builds the pages, into a folder of their own beside
  // the output (Astro owns the output folder while it runs), moved into the site when both are done.
  let images: Promise<string> | null = null;
  let imageDir = "";
  if (workers > 0) {
    imageDir = `${outDir}-images-${Deno.pid}.tmp`;
    rmSync(imageDir, { recursive: true, force: true });
    env.ATLAS_IMAGES_BY_BUILD = "1";
    // The workers read the same data and write the same cache as Astro would, from the root.
    if (fromEnv) Deno.env.set("ATLAS_DATA_DIR", env.ATLAS_DATA_DIR);
    Deno.chdir(ROOT);
    const t0 = performance.now();
    step(`Rendering the images (${workers} worker${workers === 1 ? "" : "s"}) while Astro builds the pages`);
    images = prerender(workers, imageDir, (done, total) => console.log(`  … ${done}/${total} render jobs (${secondsSince(t0)} s)`)).then((
      r,
    ) =>
      `  ${r.images} images: ${r.jobs} distinct, ${r.rendered} rendered now, ${r.jobs - r.rendered} from the cache (${secondsSince(t0)} s)`
    );
    // A failure is reported once both are done (the Astro run is not left behind).
    images.catch(() => {});
  }

  step(`Building with Astro into ${shown(outDir)}`);
  t = performance.now();
  await cleared;
  const astro = await runAstro(outDir, env, verbose);
  const astroSeconds = secondsSince(t);
  let imageLine = "";
  let imageError: unknown = null;
  if (images) {
    try {
      imageLine = await images;
    } catch (e) {
      imageError = e;
    }
  }
  if (!astro.ok) {
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
    console.error(paint("1;31", `✗ Astro build failed (exit code ${astro.code}) after ${secondsSince(started)} s`));
    Deno.exit(1);
  }
  console.log(`  ${astro.files} files generated by Astro (${astroSeconds} s)`);
  if (imageError !== null) {
    rmSync(imageDir, { recursive: true, force: true });
    throw imageError;
  }
  if (images) {
    console.log(imageLine);
    moveInto(imageDir, outDir);
  }

  step("Counting the output");
  const c = existsSync(outDir) ? countOutput(outDir) : null;
  if (!c || c.pages === 0) {
    console.error(paint("1;31", `✗ the build wrote no pages into ${shown(outDir)}`));
    Deno.exit(1);
  }
  const seconds = secondsSince(started);
  console.log(
    `  ${c.pages} pages, ${c.diagramsSvg} SVG and ${c.diagramsPng} PNG diagrams, ${c.shareImages} share images, ${c.other} other files (${
      (c.bytes / 1e6).toFixed(1)
    } MB)`,
  );
  console.log(paint("1;32", `✓ Built ${c.pages} pages into ${shown(outDir)} in ${seconds} s`));
}

/**
 * Memory settings of the build's process (read by the C library and by
 * resvg's allocator when a process starts, so the build starts itself again
 * with them when they are missing). This machine (a VM) takes ~17 us for
 * every page of fresh memory it touches, and by default each image's buffers
 * were fresh pages: glibc returns a freed block of more than 128 kB to the
 * system (mmap threshold, heap trimming), and resvg-js's mimalloc purges freed
 * pages after 10 ms, so a 480 x 480 canvas (921 kB) cost ~4 ms before anything
 * was drawn on it and copying one in JavaScript 3.6 ms (0.06 ms with these).
 * Kept, the freed memory is reused: the build's memory stays at its peak
 * until it ends, which is what a build wants.
 */
export const MEMORY_ENV: Record<string, string> = {
  MALLOC_MMAP_THRESHOLD_: String(128 << 20),
  MALLOC_TRIM_THRESHOLD_: String(1 << 30),
  MIMALLOC_PURGE_DELAY: "-1",
};

/** Runs this build again in a process started with MEMORY_ENV (null when this one has it); its exit code. */
async function withMemoryEnv(args: string[]): Promise<number | null> {
  if (Object.entries(MEMORY_ENV).every(([k, v]) => Deno.env.get(k) === v) || Deno.env.get("ATLAS_BUILD_REEXEC") === "0") return null;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "build", ...args],
    env: MEMORY_ENV,
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  return (await child.status).code;
}

export async function run(args: string[]): Promise<void> {
  try {
    const code = await withMemoryEnv(args);
    if (code !== null) Deno.exit(code);
    await main(args);
  } catch (e) {
    fail(errorMessage(e), e instanceof CliError ? e.exitCode : 1);
  }
}
