/**
 * The tour family on the site: the adapter (every record an entry in both
 * languages, diagrams numbered 1.. in tour order and checked here leap by leap
 * with plain coordinates, large boards drawn without numbers, tables pointing
 * at existing ids), the generator's worker run as a real worker, and a build
 * from a small fixture (a few tour records) in which the generator page exists
 * in both languages, its island loads the worker file Vite emitted, and a
 * browser finds and draws a tour with it.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TourRecordFile } from "../../solvers/tour/schema.ts";
import { tourAdapter } from "../../site/families/tour.ts";
import { numbersLegible, tourSpecs } from "../../site/families/tour/diagrams.ts";
import { TOUR_GENERATOR_TEXT } from "../../site/lib/tour-generator-text.ts";
import type { TourReply, TourRequest } from "../../site/islands/tour-worker.ts";
import { ROOT, runBuild, tempDir } from "../helpers/site.ts";
import { launchBrowser, serveSite } from "../helpers/browser.ts";

const DATA = TourRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "tours", "records.json"), "utf8")));

/** Algebraic or numeric square name -> coordinates, written out independently of the solvers. */
function coords(name: string, dims: readonly number[]): number[] {
  if (dims.length === 2) {
    const m = /^([a-z]+)(\d+)$/.exec(name)!;
    let x = 0;
    for (const ch of m[1]) x = x * 26 + (ch.charCodeAt(0) - 96);
    return [x - 1, Number(m[2]) - 1];
  }
  return [...name].map((d) => Number(d) - 1);
}

function isLeap(a: number[], b: number[], leap: readonly [number, number]): boolean {
  const d = a.map((v, i) => Math.abs(v - b[i])).filter((v) => v !== 0).sort((p, q) => p - q);
  const [x, y] = [...leap].sort((p, q) => p - q);
  return x === 0 ? d.length === 1 && d[0] === y : d.length === 2 && d[0] === x && d[1] === y;
}

function isKingStep(a: number[], b: number[]): boolean {
  const d = a.map((v, i) => Math.abs(v - b[i]));
  return d.every((v) => v <= 1) && d.some((v) => v === 1);
}

function squareIndex(c: number[], dims: readonly number[]): number {
  let i = 0;
  for (let k = dims.length - 1; k >= 0; k--) i = i * dims[k] + c[k];
  return i;
}

Deno.test("adapter: one bilingual entry per record; numbers 1.. follow the witness, every step a legal move", () => {
  const entries = tourAdapter.entries();
  assert.equal(entries.length, DATA.records.length);
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const r of DATA.records) {
    const e = byId.get(r.id)!;
    assert.ok(e, r.id);
    assert.equal(e.family, "tour");
    for (const f of [e.title, e.problem, e.stipulation]) assert.ok(f.en && f.cs && f.en !== f.cs, `${r.id}: ${f.en}`);
    for (const line of e.established) assert.ok(line.en && line.cs && line.en !== line.cs, r.id);
    for (const id of e.neighbours) assert.ok(byId.has(id), `${r.id} -> ${id}`);
    // Dual-free sequences are capture series, numbered from 0 (tests/tour/tour_cube_test.ts).
    if (r.kind === "dual-free") continue;
    if (!r.witness) {
      assert.equal(e.solutionDiagram, null);
      continue;
    }
    const order = r.witness.squares.map((s) => squareIndex(coords(s, r.board), r.board));
    const sol = e.solutionDiagram!;
    assert.deepEqual(sol.path, order, r.id);
    assert.equal(sol.closed ?? false, r.witness.closed);
    if (sol.numbers) {
      assert.deepEqual(sol.numbers.map((n) => n.square), order);
      assert.deepEqual(sol.numbers.map((n) => n.label), order.map((_, i) => String(i + 1)));
    }
    const cs = r.witness.squares.map((s) => coords(s, r.board));
    const steps = r.witness.closed ? cs.map((c, i) => [c, cs[(i + 1) % cs.length]]) : cs.slice(1).map((c, i) => [cs[i], c]);
    for (const [a, b] of steps) {
      assert.ok(r.piece.type === "king" ? isKingStep(a, b) : isLeap(a, b, r.piece.leap), `${r.id}: ${a} -> ${b}`);
    }
    assert.equal(new Set(order).size, r.board.reduce((p, q) => p * q, 1), `${r.id}: every square once`);
    if (e.replay) {
      assert.equal(e.replay.steps.length, steps.length);
      assert.deepEqual(e.replay.steps.map((s) => s.to), order.slice(1).concat(r.witness.closed ? [order[0]] : []));
      assert.equal(e.replay.tryIt?.type === "tour", r.piece.type === "leaper", r.id);
    }
  }
});

Deno.test("large witnesses are drawn as a path without numbers; small ones keep them", () => {
  assert.ok(numbersLegible([8, 8]));
  assert.ok(numbersLegible([10, 10]));
  assert.ok(numbersLegible([4, 4, 4]));
  assert.ok(!numbersLegible([26, 26]));
  assert.ok(!numbersLegible([8, 8, 8]));
  const big = DATA.records.find((r) => r.id === "tour-smallest-closed-leaper-6-7")!;
  const s = tourSpecs(big)!;
  assert.equal(s.solution.numbers, undefined);
  assert.equal(s.solution.path!.length, 26 * 26);
  const entry = tourAdapter.entries().find((e) => e.id === big.id)!;
  assert.ok(entry.established.some((l) => /path only/.test(l.en)));
});

Deno.test("tables: every cell an existing id or empty; every record in some table", () => {
  const ids = new Set(tourAdapter.entries().map((e) => e.id));
  const tables = tourAdapter.tables();
  assert.deepEqual(tables.map((t) => t.key), [
    "smallest-closed-boards",
    "tour-counts",
    "longest-king-tours",
    "cube-tours",
    "dual-free-cubes",
  ]);
  const inTables = new Set<string>();
  for (const t of tables) {
    for (const row of t.rows) {
      assert.equal(row.cells.length, t.columns.length, `${t.key}/${row.key}`);
      for (const c of row.cells) {
        if (c === null) continue;
        assert.ok(ids.has(c), c);
        inTables.add(c);
      }
    }
  }
  assert.deepEqual([...ids].filter((id) => !inTables.has(id)), []);
  const counts = tables.find((t) => t.key === "tour-counts")!;
  assert.deepEqual(counts.rows.find((r) => r.key === "8x8")!.cells, ["tour-count-knight-8x8-open", "tour-count-knight-8x8-closed"]);
  assert.ok(ids.has(tourAdapter.headline()!));
});

/** One worker for all questions (each new worker is compiled afresh): replies are matched by id. */
function askWorker(): { ask: (req: TourRequest) => Promise<TourReply>; close: () => void } {
  const w = new Worker(new URL("../../site/islands/tour-worker.ts", import.meta.url).href, { type: "module" });
  const waiting = new Map<number, (r: TourReply) => void>();
  w.onmessage = (ev: MessageEvent<TourReply>) => waiting.get(ev.data.id)?.(ev.data);
  let next = 100;
  return {
    ask: (req) => {
      const id = next++;
      return new Promise<TourReply>((resolve) => {
        waiting.set(id, resolve);
        w.postMessage({ ...req, id });
      });
    },
    close: () => w.terminate(),
  };
}

Deno.test("the generator's worker: tours checked leap by leap, theorem verdicts, disconnected leapers", async () => {
  const { ask, close } = askWorker();
  try {
    for (
      const [width, height, leap, closed] of [[8, 8, [1, 2], true], [7, 9, [1, 2], false], [10, 10, [2, 3], true], [
        12,
        11,
        [1, 4],
        false,
      ]] as const
    ) {
      const r = await ask({ id: 7, width, height, leap: [...leap], closed, method: "auto" });
      assert.ok(r.ok && r.found, `${width}x${height} ${leap}`);
      assert.equal(r.tour.length, width * height);
      assert.equal(new Set(r.tour).size, width * height);
      const xy = (s: number) => [s % width, Math.floor(s / width)];
      const n = r.tour.length;
      for (let i = closed ? 0 : 1; i < n; i++) {
        const a = r.tour[(i - 1 + n) % n], b = r.tour[i];
        assert.ok(isLeap(xy(a), xy(b), leap), `${a} -> ${b}`);
      }
    }
    const none = await ask({ id: 1, width: 5, height: 5, leap: [1, 2], closed: true, method: "auto" });
    assert.ok(none.ok && !none.found);
    assert.equal(none.verdict.exists, false);
    assert.equal(none.verdict.theorem, "schwenk-1991");
    for (const leap of [[1, 3], [2, 4], [0, 2]] as [number, number][]) {
      const r = await ask({ id: 2, width: 9, height: 9, leap, closed: false, method: "auto" });
      assert.ok(r.ok && !r.found);
      assert.equal(r.verdict.theorem, "disconnected", String(leap));
    }
    const bad = await ask({ id: 3, width: 10, height: 10, leap: [2, 3], closed: true, method: "divide" });
    assert.ok(!bad.ok && /knight/.test(bad.error));
  } finally {
    close();
  }
});

Deno.test("the generator's strings: same keys in both languages, every method and theorem named", () => {
  const en = TOUR_GENERATOR_TEXT.en, cs = TOUR_GENERATOR_TEXT.cs;
  assert.deepEqual(Object.keys(en).sort(), Object.keys(cs).sort());
  for (const k of ["auto", "divide", "warnsdorff", "rotation", "backtrack", "neural"]) assert.ok(en.methods[k] && cs.methods[k], k);
  for (const k of ["schwenk-1991", "conrad-1994", "knuth-1994", "colour", "isolated-square", "disconnected", "none"]) {
    assert.ok(en.theorems[k] && cs.theorems[k], k);
  }
  assert.deepEqual(en.leapers.map((l) => l.leap), cs.leapers.map((l) => l.leap));
});

Deno.test({
  name: "build: the generator page in both languages, its worker emitted, a tour found and drawn in a browser",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dataDir = tempDir("tour-site-data-");
    const outDir = tempDir("tour-site-out-");
    try {
      cpSync(join(ROOT, "tests", "fixtures", "site"), dataDir, { recursive: true });
      mkdirSync(join(dataDir, "tours"));
      const keep = new Set([
        "tour-smallest-closed-zebra",
        "tour-count-knight-5x5-open",
        "tour-longest-king-4x4",
        "tour-cube-knight-4x4x4-closed",
      ]);
      writeFileSync(
        join(dataDir, "tours", "records.json"),
        JSON.stringify({ ...DATA, records: DATA.records.filter((r) => keep.has(r.id)) }),
      );
      const run = await runBuild(outDir, dataDir);
      assert.equal(run.code, 0, run.stdout.slice(-2000) + run.stderr.slice(-2000));

      const pages = { en: join(outDir, "en", "tour-generator", "index.html"), cs: join(outDir, "cs", "generator-cest", "index.html") };
      for (const [lang, file] of Object.entries(pages)) {
        assert.ok(existsSync(file), file);
        const html = readFileSync(file, "utf8");
        assert.match(html, new RegExp(`<html lang="${lang}"`));
        assert.match(html, new RegExp(TOUR_GENERATOR_TEXT[lang as "en" | "cs"].title));
        assert.match(html, /<astro-island[^>]*TourGenerator/);
        assert.match(html, /hreflang="en" href="\/en\/tour-generator\/"/);
        assert.match(html, /hreflang="cs" href="\/cs\/generator-cest\/"/);
      }
      for (const p of ["en/tours/tour-smallest-closed-zebra", "cs/cesty/tour-smallest-closed-zebra", "en/tours", "cs/cesty"]) {
        assert.ok(existsSync(join(outDir, p, "index.html")), p);
      }
      assert.match(
        readFileSync(join(outDir, "en", "tours", "index.html"), "utf8"),
        /href="\/en\/tour-generator\/"/,
        "the navigation links the generator",
      );
      assert.match(readFileSync(join(outDir, "cs", "cesty", "index.html"), "utf8"), /href="\/cs\/generator-cest\/"/);
      const assets = readdirSync(join(outDir, "_astro"));
      const worker = assets.find((f) => /^tour-worker.*\.js$/.test(f));
      assert.ok(worker, `no worker file among ${assets.join(", ")}`);
      assert.match(readFileSync(join(outDir, "_astro", worker), "utf8"), /postMessage/);
      const island = assets.filter((f) => /^TourGenerator.*\.js$/.test(f));
      assert.equal(island.length, 1);
      assert.ok(readFileSync(join(outDir, "_astro", island[0]), "utf8").includes(worker), "the island names the emitted worker");

      const served = serveSite(outDir);
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        for (
          const [lang, path, found] of [["en", "/en/tour-generator/", /Tour of 100 squares/], [
            "cs",
            "/cs/generator-cest/",
            /Cesta přes 100 polí/,
          ]] as const
        ) {
          await page.goto(served.origin + path);
          // Astro drops the island's ssr attribute once it has hydrated: before that the form has no handler (a race under load).
          await page.locator("astro-island:not([ssr]) .tour-generator form").waitFor({ timeout: 30_000 });
          await page.locator(".tour-generator input[type=number]").nth(0).fill("10");
          await page.locator(".tour-generator input[type=number]").nth(1).fill("10");
          await page.locator(".tour-generator select").nth(0).selectOption({ index: 3 });
          await page.locator(".tour-generator button[type=submit]").click();
          await page.locator(".tg-status").filter({ hasText: found }).waitFor({ timeout: 30_000 });
          // The canvas is sized and drawn in an effect after the status line renders: wait for it, then check.
          await page.waitForFunction(
            () => {
              const c = document.querySelector(".tour-generator canvas") as HTMLCanvasElement | null;
              return !!c && c.width > 0 && c.width === c.height;
            },
            undefined,
            { timeout: 30_000 },
          ).catch(() => {});
          const size = await page.evaluate(() => {
            const c = document.querySelector(".tour-generator canvas") as HTMLCanvasElement | null;
            return c ? [c.width, c.height] : null;
          });
          assert.ok(size && size[0] > 0 && size[0] === size[1], `${lang}: canvas ${size}`);
          assert.match(await page.locator(".tg-verdict").innerText(), lang === "en" ? /search does/ : /rozhodne hledání/);
        }
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
        await served.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    }
  },
});
