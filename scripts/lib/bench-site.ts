/**
 * Performance figures of the atlas site, written to bench/site.json with the
 * machine and the date.
 *
 *   atlas bench site [--runs N] [--build-runs N] [--dist DIR] [--out FILE] [--what TEXT]
 *
 * - build: the full build (scripts/commands/build.ts: data check, images rendered
 *   by the parallel workers, every page, diagram and PNG) into a temporary
 *   folder, --build-runs times fresh (an empty render cache of its own, so
 *   every PNG is painted) and as many times cached (the cache the fresh runs
 *   filled, as in a rebuild after a data change). Each run records its wall
 *   time, its CPU time (user + system of the build and everything it started,
 *   from /proc/self/stat; null off Linux) and the load average before and
 *   after; medians are given. The machine is shared: wall time stretches with
 *   the load (about CPU time / min(cores, threads wanting a core)), so both
 *   are kept. With --dist an existing build is measured instead and no build
 *   time is given;
 * - weights: HTML of every page (count, bytes, gzipped, the largest), and per
 *   page kind (home, table, record); the JavaScript each island loads,
 *   gzipped file by file as a server sends it (scripts/lib/site-weight.ts),
 *   and every script chunk (some load only on demand);
 * - history: what the file held before is kept (scripts/lib/bench-history.ts):
 *   the earlier runs in short under "history", hand-measured blocks as they are;
 * - in Chromium (served on 127.0.0.1, N loads each, medians): cumulative
 *   layout shift (PerformanceObserver "layout-shift", shifts without recent
 *   input, including the replay's hydration after it is scrolled into view),
 *   largest contentful paint and first contentful paint of a record page, the
 *   home page and the leaper table, and the scripts the record page fetched.
 * Exit codes: 0 written, 1 the build or the browser failed, 2 bad arguments.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { CliError, errorMessage, fail, parseCommandLine, writeFileAtomic } from "./cli.ts";
import { ROOT } from "./paths.ts";
import { codeVersion } from "./version.ts";
import { machine } from "./machine.ts";
import { LAUNCH_ARGS, requireBrowser } from "./browser.ts";
import { gzipSize, htmlWeights, islandWeights } from "./site-weight.ts";
import { makeHandler } from "../commands/serve.ts";
import { withHistory } from "./bench-history.ts";
import { median, roundTo } from "../../solvers/lib/stats.ts";
import { intOption } from "./options.ts";

const USAGE = `usage: atlas bench site [--runs N] [--build-runs N] [--dist DIR] [--out FILE] [--what TEXT]

Builds the site --build-runs times fresh and as many times with the render
cache (default 3 each), or measures DIR; weighs pages and island scripts and
measures layout shift and paint times in Chromium (--runs loads each,
default 5); writes bench/site.json, keeping what it held as history.
--what TEXT says what the measured code is (kept with the run).`;

const OUT = join(ROOT, "bench", "site.json");
const PREFERRED_RECORD = "knight-8x8-sd53-b1";

const round = (x: number, digits = 1) => roundTo(x, digits);

interface Options {
  runs: number;
  buildRuns: number;
  dist: string | null;
  out: string;
  what: string | null;
}

function parseCli(args: string[]): Options {
  const { values } = parseCommandLine(args, {
    runs: { type: "string" },
    "build-runs": { type: "string" },
    dist: { type: "string" },
    out: { type: "string" },
    what: { type: "string" },
  }, USAGE);
  const runs = intOption("runs", values.runs, { min: 1, max: 50 }) ?? 5;
  const buildRuns = intOption("build-runs", values["build-runs"], { min: 1, max: 20 }) ?? 3;
  const dist = values.dist ? resolve(values.dist) : null;
  if (dist && !existsSync(join(dist, "index.html"))) fail(`--dist ${values.dist}: no built site there (no index.html)`);
  return { runs, buildRuns, dist, out: resolve(values.out ?? OUT), what: values.what ?? null };
}

/** CPU seconds (user + system) of the reaped children of this process, from /proc/self/stat; null off Linux. */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces) in parentheses; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[13]) + Number(fields[14]);
    // USER_HZ is 100 on every Linux architecture Deno runs on.
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

const loadAverage = () => Deno.loadavg().map((x) => round(x, 2));

interface BuildRun {
  seconds: number;
  cpuSeconds: number | null;
  pages: number;
  /** 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadBefore: number[];
  loadAfter: number[];
  /** The build's own lines about the images ("3519 images: 3138 distinct, …") and Astro's time. */
  images: string | null;
  astro: string | null;
}

async function build(outDir: string, cacheDir: string): Promise<BuildRun> {
  const loadBefore = loadAverage();
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "build", "--outDir", outDir],
    cwd: ROOT,
    env: { NO_COLOR: "1", ASTRO_TELEMETRY_DISABLED: "1", ATLAS_RENDER_CACHE: cacheDir },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = childrenCpuSeconds();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) fail(`the site build failed (exit ${out.code}): ${new TextDecoder().decode(out.stderr).trim().split("\n").pop()}`, 1);
  const pages = Number(/Built (\d+) pages/.exec(text)?.[1] ?? NaN);
  return {
    seconds: round(seconds, 2),
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore, 2),
    pages,
    loadBefore,
    loadAfter: loadAverage(),
    images: /^\s*(\d+ images: .*)$/m.exec(text)?.[1] ?? null,
    astro: /^\s*(\d+ files generated by Astro .*)$/m.exec(text)?.[1] ?? null,
  };
}

function summary(runs: BuildRun[]) {
  const cpu = runs.map((r) => r.cpuSeconds).filter((x): x is number => x !== null);
  return {
    runs: runs.length,
    medianSeconds: round(median(runs.map((r) => r.seconds)), 2),
    medianCpuSeconds: cpu.length === runs.length ? round(median(cpu), 2) : null,
    medianLoad1: round(median(runs.map((r) => (r.loadBefore[0] + r.loadAfter[0]) / 2)), 2),
    samples: runs,
  };
}

/**
 * Fresh builds (each with an empty render cache of its own), then cached
 * builds (with the last fresh run's cache), alternating output folders.
 */
async function buildFigures(temp: string, n: number) {
  const fresh: BuildRun[] = [];
  const cached: BuildRun[] = [];
  let cache = "";
  for (let i = 0; i < n; i++) {
    if (cache) rmSync(cache, { recursive: true, force: true });
    cache = join(temp, `renders-${i}`);
    const dist = join(temp, "dist");
    rmSync(dist, { recursive: true, force: true });
    console.log(`fresh build ${i + 1}/${n} …`);
    const r = await build(dist, cache);
    console.log(`  ${r.seconds} s (CPU ${r.cpuSeconds ?? "?"} s, load ${r.loadBefore[0]} → ${r.loadAfter[0]})`);
    fresh.push(r);
  }
  for (let i = 0; i < n; i++) {
    console.log(`cached build ${i + 1}/${n} …`);
    const r = await build(join(temp, "dist"), cache);
    console.log(`  ${r.seconds} s (CPU ${r.cpuSeconds ?? "?"} s, load ${r.loadBefore[0]} → ${r.loadAfter[0]})`);
    cached.push(r);
  }
  return { pages: fresh[0].pages, cores: navigator.hardwareConcurrency, fresh: summary(fresh), cached: summary(cached) };
}

function recordPath(dist: string): string {
  const dir = join(dist, "en", "leapers");
  if (existsSync(join(dir, PREFERRED_RECORD, "index.html"))) return `/en/leapers/${PREFERRED_RECORD}/`;
  const ids = existsSync(dir) ? readdirSync(dir).filter((id) => existsSync(join(dir, id, "index.html"))).sort() : [];
  const withReplay = ids.find((id) => readFileSync(join(dir, id, "index.html"), "utf8").includes("data-replay="));
  if (!withReplay) fail(`${dist}: no record page with a replay under /en/leapers/`, 1);
  return `/en/leapers/${withReplay}/`;
}

function pageWeight(dist: string, path: string) {
  const html = readFileSync(join(dist, path, "index.html"));
  const text = new TextDecoder().decode(html);
  const images = (text.match(/<svg\b/g) ?? []).length;
  return {
    path,
    htmlBytes: html.length,
    htmlGzip: gzipSize(html),
    inlineSvgs: images,
    islands: islandWeights(dist, text).map((w) => ({ component: w.component, jsBytes: w.bytes, jsGzip: w.gzip, files: w.files })),
  };
}

interface Vitals {
  cls: number;
  lcpMs: number | null;
  fcpMs: number | null;
  scripts: string[];
}

async function measure(origin: string, path: string, runs: number, browserPath: string): Promise<Record<string, unknown>> {
  const browser = await chromium.launch({ executablePath: browserPath, args: LAUNCH_ARGS, headless: true });
  const samples: Vitals[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A fresh context each time: nothing cached.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("response", (r) => {
        if (r.request().resourceType() === "script") scripts.push(new URL(r.url()).pathname);
      });
      await page.addInitScript(() => {
        // deno-lint-ignore no-explicit-any
        const w = globalThis as any;
        w.__cls = 0;
        w.__lcp = null;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) w.__cls += e.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          w.__lcp = entries[entries.length - 1].startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto(origin + path, { waitUntil: "load" });
      const replay = page.locator(".replay").first();
      if (await replay.count() > 0) {
        await replay.scrollIntoViewIfNeeded();
        await page.waitForSelector(".replay[data-ready]", { timeout: 15_000 });
      }
      await page.waitForTimeout(500);
      const v = await page.evaluate(() => {
        // deno-lint-ignore no-explicit-any
        const w = globalThis as any;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        return { cls: w.__cls as number, lcpMs: w.__lcp as number | null, fcpMs: fcp ? fcp.startTime : null };
      });
      samples.push({ ...v, scripts });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const nums = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  // A page that reported no paint has no median (NaN, written as null).
  const mid = (xs: number[]) => (xs.length ? median(xs) : NaN);
  return {
    path,
    runs,
    clsMax: round(Math.max(...samples.map((s) => s.cls)), 4),
    lcpMedianMs: round(mid(nums(samples.map((s) => s.lcpMs)))),
    fcpMedianMs: round(mid(nums(samples.map((s) => s.fcpMs)))),
    scriptsFetched: samples[0].scripts,
  };
}

async function main(args: string[]): Promise<void> {
  const opts = parseCli(args);
  // Read first: a damaged file stops the run before the builds, not after.
  const old = readOld(opts.out);
  const browserPath = requireBrowser().path;
  let dist = opts.dist;
  let figures: Awaited<ReturnType<typeof buildFigures>> | null = null;
  let temp: string | null = null;
  if (!dist) {
    mkdirSync(join(ROOT, ".cache"), { recursive: true });
    temp = Deno.makeTempDirSync({ dir: join(ROOT, ".cache"), prefix: "bench-site-" });
    figures = await buildFigures(temp, opts.buildRuns);
    dist = join(temp, "dist");
    console.log(
      `  ${figures.pages} pages; fresh: median ${figures.fresh.medianSeconds} s (CPU ${figures.fresh.medianCpuSeconds} s), cached: median ${figures.cached.medianSeconds} s (CPU ${figures.cached.medianCpuSeconds} s)`,
    );
  }
  try {
    const record = recordPath(dist);
    const astroDir = join(dist, "_astro");
    const weights = {
      html: htmlWeights(dist),
      // Every script chunk, including those loaded on demand (the replay's try-it rules).
      scripts: existsSync(astroDir)
        ? readdirSync(astroDir).filter((f) => f.endsWith(".js")).sort().map((f) => {
          const data = readFileSync(join(astroDir, f));
          return { file: `_astro/${f}`, bytes: data.length, gzip: gzipSize(data) };
        })
        : [],
      pages: ["/en/", "/en/leapers/", record].map((p) => pageWeight(dist!, p)),
      site: siteSize(dist),
    };
    console.log("measuring in Chromium …");
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, makeHandler(Deno.realPathSync(dist)));
    const origin = `http://127.0.0.1:${server.addr.port}`;
    const browser: Record<string, unknown>[] = [];
    try {
      for (const p of [record, "/en/", "/en/leapers/"]) browser.push(await measure(origin, p, opts.runs, browserPath));
    } finally {
      await server.shutdown();
    }
    const result = withHistory(old, {
      what: opts.what,
      note:
        "Site performance: build time (fresh = empty render cache, cached = rebuild; wall and CPU seconds, load averages of the shared machine), page and island weights (gzip level 9, file by file), and layout shift / paint times in Chromium on localhost. See scripts/lib/bench-site.ts.",
      date: new Date().toISOString(),
      codeVersion: codeVersion(),
      machine: machine(),
      browser: browserPath,
      build: figures,
      weights,
      vitals: browser,
    });
    writeFileAtomic(opts.out, JSON.stringify(result, null, 1) + "\n");
    const replay = weights.pages[2].islands.find((i) => i.component === "Replay");
    console.log(`record page ${record}: replay JS ${replay ? `${(replay.jsGzip / 1024).toFixed(1)} kB gzipped` : "not found"}`);
    for (const v of browser) console.log(`  ${v.path}: CLS ${v.clsMax}, LCP ${v.lcpMedianMs} ms, FCP ${v.fcpMedianMs} ms`);
    console.log(`site: ${weights.site.megabytes} MB in ${weights.site.files} files`);
    console.log(`wrote ${opts.out}`);
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

export async function run(args: string[]): Promise<void> {
  try {
    await main(args);
  } catch (e) {
    fail(errorMessage(e), e instanceof CliError ? e.exitCode : 1);
  }
}

/** The file this run replaces (null when there is none; a damaged one is an error, not silently dropped history). */
function readOld(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  const old = JSON.parse(readFileSync(file, "utf8"));
  if (typeof old !== "object" || old === null || Array.isArray(old)) {
    throw new Error(`${file}: not a JSON object; not overwriting its history`);
  }
  return old;
}

/** Bytes and files of the whole built site, per top-level folder (share images, diagrams, each language's pages, …) and per file type. */
function siteSize(
  dist: string,
): {
  bytes: number;
  megabytes: number;
  files: number;
  folders: Record<string, number>;
  kinds: Record<string, { files: number; bytes: number }>;
} {
  let bytes = 0;
  let files = 0;
  const folders: Record<string, number> = {};
  const kinds: Record<string, { files: number; bytes: number }> = {};
  const walk = (dir: string, top: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, top || e.name);
      else {
        const n = statSync(p).size;
        bytes += n;
        files++;
        const key = top || "(root)";
        folders[key] = (folders[key] ?? 0) + n;
        const kind = kinds[extname(e.name).slice(1) || "(none)"] ??= { files: 0, bytes: 0 };
        kind.files++;
        kind.bytes += n;
      }
    }
  };
  walk(dist, "");
  return { bytes, megabytes: Math.round(bytes / 1e5) / 10, files, folders, kinds };
}
