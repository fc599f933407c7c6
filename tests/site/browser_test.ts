/**
 * The built atlas in a real browser: Chromium (Debian's, or any Chrome found by
 * tests/helpers/browser.ts) driven by playwright-core against the site built
 * into a temporary folder and served on 127.0.0.1.
 *
 * - axe-core finds no violation on the home page, the leaper table and a record
 *   page, in both languages (the record page also with its replay hydrated and
 *   in "try it" mode), nor on a record page and the table page of every other
 *   family, a piece page, the methods page and the search page with results;
 * - the replay works with the keyboard (arrows, Home, End, space) and by
 *   clicking (buttons, the move list), keeps its position in the URL fragment,
 *   reads it on load and follows back/forward; captured men leave the board;
 * - without JavaScript the record page still shows the numbered solution;
 * - "try it" accepts the solution's moves and calls a deviation a dead end;
 * - the diagram permalinks (SVG and PNG) load with the right content type;
 * - the record page does not shift its layout while loading (CLS).
 *
 * The site is built once per test run from the real data and shared with
 * tests/site/site_build_test.ts (tests/helpers/shared-build.ts).
 * A missing browser fails this test with instructions (it never skips: the
 * test command installs or finds one, see scripts/commands/ensure-browser.ts).
 * BROWSER_TEST_DIST=<folder> tests an existing build instead of building one
 * (for working on the tests; the folder is left as it is).
 */
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ROOT } from "../../scripts/lib/paths.ts";
import { islandWeights } from "../../scripts/lib/site-weight.ts";
import { sharedBuild } from "../helpers/shared-build.ts";
import {
  describeViolations,
  findBrowser,
  launchBrowser,
  MISSING_BROWSER_HELP,
  requireBrowser,
  runAxe,
  type Served,
  serveSite,
} from "../helpers/browser.ts";

const CACHE = join(ROOT, ".cache");
const REAL_DATA = join(ROOT, "data");
const FIXTURE_DATA = join(ROOT, "tests", "fixtures", "site");
/** The record the replay tests prefer (the booklet's knight sd=53, a long dual-free capture); any record with a replay will do. */
const PREFERRED = ["knight-8x8-sd53-b1", "leaper-1-2-dual-free-8x8"];
const SECTION = { en: "leapers", cs: "skokani" } as const;

const WORDS = {
  en: {
    start: /Start position/,
    move: (p: number, n: number) => `Move ${p} of ${n}`,
    onSolution: /On the solution/,
    deadEnd: /leaves the solution/,
  },
  cs: { start: /Výchozí pozice/, move: (p: number, n: number) => `Tah ${p} z ${n}`, onSolution: /Podle řešení/, deadEnd: /opouští řešení/ },
};

/** The site of the real data (the fixture when there is none yet), built once per test run and shared with site_build_test. */
async function builtSite(): Promise<string> {
  const dataDir = existsSync(join(REAL_DATA, "leaper", "records.json")) ? REAL_DATA : FIXTURE_DATA;
  const out = await sharedBuild(dataDir);
  if (out.code !== 0) throw new Error(`site build failed (exit ${out.code}):\n${out.stdout.slice(-3000)}\n${out.stderr.slice(-3000)}`);
  return out.outDir;
}

interface RecordPage {
  id: string;
  en: string;
  cs: string;
  /** Number of moves of the solution (items of the move list minus the start). */
  moves: number;
  /** Whether the replay offers "try it" for a capture problem. */
  capture: boolean;
}

/** Record pages with a replay, from the built files (the URL scheme: /en/leapers/<id>/, /cs/skokani/<id>/). */
function recordPagesWithReplay(dist: string): RecordPage[] {
  const dir = join(dist, "en", SECTION.en);
  if (!existsSync(dir)) return [];
  const out: RecordPage[] = [];
  for (const id of readdirSync(dir)) {
    const file = join(dir, id, "index.html");
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    if (!html.includes("data-replay=")) continue;
    const moves = (html.match(/<li id="move-\d+"/g) ?? []).length - 1;
    out.push({ id, en: `/en/${SECTION.en}/${id}/`, cs: `/cs/${SECTION.cs}/${id}/`, moves, capture: html.includes('class="replay-try"') });
  }
  return out;
}

/** The families besides the leapers whose pages axe checks: URL segments and the records preferred (any record of the family will do). */
const OTHER_FAMILIES = [
  { en: "hoppers", cs: "cvrcci", prefer: ["grasshopper-8x8-serienziel-h8-dual-free"] },
  { en: "locusts", cs: "locusti", prefer: ["nightrider-locust-8x8-dual-free"] },
  { en: "domination", cs: "dominance", prefer: ["domination-queen-8x8"] },
  { en: "hopper-tours", cs: "cesty-cvrcka", prefer: ["grasshopper-nightrider-8x8-closed", "grasshopper-knight-8x8-closed"] },
] as const;

/** A built record page of a family: a preferred id, else the first one in order; null when the family has none. */
function pickFamilyRecord(dist: string, f: (typeof OTHER_FAMILIES)[number]): string | null {
  const dir = join(dist, "en", f.en);
  if (!existsSync(dir)) return null;
  const ids = readdirSync(dir).filter((id) => existsSync(join(dir, id, "index.html"))).sort();
  return f.prefer.find((id) => ids.includes(id)) ?? ids[0] ?? null;
}

function pickRecord(pages: RecordPage[]): RecordPage {
  for (const id of PREFERRED) {
    const hit = pages.find((p) => p.id === id && p.moves >= 20);
    if (hit) return hit;
  }
  const long = pages.filter((p) => p.capture && p.moves >= 20).sort((a, b) => a.id.localeCompare(b.id));
  assert.ok(long.length > 0 || pages.length > 0, "the built site has no record page with a replay");
  return long[0] ?? pages[0];
}

async function open(page: Page, url: string): Promise<void> {
  const res = await page.goto(url, { waitUntil: "load" });
  assert.equal(res?.status(), 200, `${url} answers ${res?.status()}`);
}

/** Scrolls the replay into view (its island starts when seen: site/islands/replay-boot.ts) and waits until it is hydrated. */
async function hydrated(page: Page): Promise<void> {
  await page.locator(".replay").first().scrollIntoViewIfNeeded();
  await page.waitForSelector(".replay[data-ready]", { timeout: 15_000 });
}

async function status(page: Page): Promise<string> {
  return ((await page.textContent(".replay-status")) ?? "").trim();
}

async function hash(page: Page): Promise<string> {
  return await page.evaluate(() => location.hash);
}

async function waitForHash(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((h) => location.hash === h, expected, { timeout: 5_000 }).catch(async () => {
    assert.fail(`URL fragment: expected ${expected}, got ${await hash(page)}`);
  });
}

/** Labels of the move list (index 0 = the start entry). */
async function moveLabels(page: Page): Promise<string[]> {
  return (await page.locator(".replay-moves li a").allTextContents()).map((t) => t.trim());
}

/** Pieces drawn on the replay's board. */
async function piecesOnBoard(page: Page): Promise<number> {
  return await page.locator(".replay-board svg g.pieces > g").count();
}

Deno.test("finding the browser: $CHROME_PATH first, then the PATH; a bad $CHROME_PATH is an error", () => {
  mkdirSync(CACHE, { recursive: true });
  const dir = Deno.makeTempDirSync({ dir: CACHE, prefix: "browser-find-" });
  try {
    const fake = join(dir, "chromium");
    writeFileSync(fake, "#!/bin/sh\n");
    chmodSync(fake, 0o755);
    const plain = join(dir, "not-executable");
    writeFileSync(plain, "");
    chmodSync(plain, 0o644);
    assert.deepEqual(findBrowser({ CHROME_PATH: fake, PATH: "" }), { path: fake, via: "$CHROME_PATH" });
    assert.deepEqual(findBrowser({ PATH: dir }), { path: fake, via: "PATH" });
    assert.throws(() => findBrowser({ CHROME_PATH: plain }), /not an executable/);
    assert.throws(() => findBrowser({ CHROME_PATH: join(dir, "missing") }), /not an executable/);
    // The message for a machine without any browser says what to install.
    assert.match(MISSING_BROWSER_HELP, /apt-get install chromium/);
    assert.match(MISSING_BROWSER_HELP, /CHROME_PATH/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test({
  name: "browser: the built site in Chromium (replay, fragments, try it, permalinks, axe)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    requireBrowser();
    mkdirSync(CACHE, { recursive: true });
    const given = Deno.env.get("BROWSER_TEST_DIST");
    let browser: Browser | undefined;
    let served: Served | undefined;
    try {
      const dist = given ? Deno.realPathSync(given) : await builtSite();
      served = serveSite(dist);
      const origin = served.origin;
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      // Broken resources are reported by URL (the console only says "Failed to load resource").
      page.on("response", (r) => {
        if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
      });

      const records = recordPagesWithReplay(dist);
      const record = pickRecord(records);
      const n = record.moves;
      assert.ok(n >= 3, `record ${record.id} has a replay of ${n} moves; the tests need 3 or more`);

      await t.step("axe-core: home, table and record pages in both languages have no violations", async () => {
        const pages = ["/en/", "/cs/", `/en/${SECTION.en}/`, `/cs/${SECTION.cs}/`, record.en, record.cs];
        const problems: string[] = [];
        for (const path of pages) {
          await open(page, origin + path);
          if (path === record.en || path === record.cs) await hydrated(page);
          const v = await runAxe(page);
          if (v.length > 0) problems.push(describeViolations(path, v));
        }
        // The replay's "try it" panel, opened.
        await open(page, origin + record.en);
        await hydrated(page);
        if (record.capture) {
          await page.click(".replay-try");
          await page.waitForSelector(".replay-game");
          const v = await runAxe(page);
          if (v.length > 0) problems.push(describeViolations(`${record.en} (try it)`, v));
        }
        assert.equal(problems.length, 0, `axe-core violations:\n${problems.join("\n")}`);
      });

      await t.step(
        "axe-core: a record of every other family, the family tables, a piece, methods and search, in both languages",
        async () => {
          const problems: string[] = [];
          const checked: string[] = [];
          for (const f of OTHER_FAMILIES) {
            const id = pickFamilyRecord(dist, f);
            if (!id) continue;
            for (const lang of ["en", "cs"] as const) {
              const path = `/${lang}/${f[lang]}/${id}/`;
              await open(page, origin + path);
              if (await page.locator(".replay").count() > 0) await hydrated(page);
              const v = await runAxe(page);
              if (v.length > 0) problems.push(describeViolations(path, v));
              checked.push(path);
            }
          }
          assert.ok(checked.length >= 6, `record pages of the other families found: ${checked.join(", ")}`);
          const family = OTHER_FAMILIES.filter((f) => existsSync(join(dist, "en", f.en, "index.html")));
          const statics = [
            ...family.flatMap((f) => [`/en/${f.en}/`, `/cs/${f.cs}/`]),
            "/en/pieces/leaper-1-2/",
            "/cs/kameny/leaper-1-2/",
            "/en/methods/",
            "/cs/metody/",
          ];
          for (const path of statics) {
            await open(page, origin + path);
            const v = await runAxe(page);
            if (v.length > 0) problems.push(describeViolations(path, v));
          }
          // The search page with results listed (a ?q= link makes the island load the index and list them).
          for (const [path, query] of [["/en/search/", "zebra"], ["/cs/hledat/", "zebra"]] as const) {
            await open(page, `${origin}${path}?q=${query}`);
            await page.waitForSelector("#search-results li", { timeout: 15_000 });
            const v = await runAxe(page);
            if (v.length > 0) problems.push(describeViolations(`${path} ("${query}")`, v));
          }
          assert.equal(problems.length, 0, `axe-core violations:\n${problems.join("\n")}`);
        },
      );

      await t.step("replay by keyboard: arrows, Home, End and space, with the fragment following", async () => {
        await open(page, origin + record.en);
        await hydrated(page);
        const labels = await moveLabels(page);
        assert.equal(labels.length, n + 1, "move list: the start and one entry per move");
        // Server-rendered at the end of the solution (the numbered board without JavaScript); hydrated, it opens at the start.
        assert.match(await status(page), WORDS.en.start);
        const historyBefore = await page.evaluate(() => history.length);
        await page.focus(".replay-board");
        await page.keyboard.press("Home");
        await waitForHash(page, "#move-0");
        assert.match(await status(page), WORDS.en.start);
        const piecesAtStart = await piecesOnBoard(page);
        for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
        await waitForHash(page, "#move-3");
        assert.equal(await status(page), `${WORDS.en.move(3, n)}: ${labels[3]}`);
        if (record.capture) assert.equal(await piecesOnBoard(page), piecesAtStart - 3, "three men captured and gone");
        await page.keyboard.press("ArrowLeft");
        await waitForHash(page, "#move-2");
        if (record.capture) assert.equal(await piecesOnBoard(page), piecesAtStart - 2);
        await page.keyboard.press("End");
        await waitForHash(page, `#move-${n}`);
        if (record.capture) assert.equal(await piecesOnBoard(page), 1, "only the capturing piece is left");
        // Space at the end plays from the start; space again pauses.
        await page.keyboard.press("Home");
        await page.keyboard.press(" ");
        await page.waitForFunction(() => /^#move-([1-9]\d*)$/.test(location.hash), undefined, { timeout: 10_000 });
        await page.keyboard.press(" ");
        const paused = await hash(page);
        await page.waitForTimeout(1_500);
        assert.equal(await hash(page), paused, "space paused the replay");
        // Stepping replaces the history entry rather than adding one per move.
        assert.equal(await page.evaluate(() => history.length), historyBefore);
      });

      await t.step("replay by clicking: buttons and the move list, back and forward", async () => {
        await open(page, origin + record.en);
        await hydrated(page);
        const labels = await moveLabels(page);
        const k = Math.min(17, n - 1);
        await page.click(`.replay-moves li#move-${k} a`);
        await waitForHash(page, `#move-${k}`);
        assert.equal(await status(page), `${WORDS.en.move(k, n)}: ${labels[k]}`);
        assert.equal(await page.getAttribute(`#move-${k} a`, "aria-current"), "step");
        await page.click('.replay-controls button[aria-label="Next move"]');
        await waitForHash(page, `#move-${k + 1}`);
        await page.click('.replay-controls button[aria-label="First position"]');
        await waitForHash(page, "#move-0");
        assert.match(await status(page), WORDS.en.start);
        await page.click(`.replay-moves li#move-2 a`);
        await waitForHash(page, "#move-2");
        await page.goBack();
        await waitForHash(page, "#move-0");
        assert.match(await status(page), WORDS.en.start);
        await page.goForward();
        await waitForHash(page, "#move-2");
        assert.equal(await status(page), `${WORDS.en.move(2, n)}: ${labels[2]}`);
      });

      await t.step("a link to a position opens the replay there, in Czech too", async () => {
        const k = Math.min(7, n);
        await open(page, `${origin}${record.cs}#move-${k}`);
        await hydrated(page);
        const labels = await moveLabels(page);
        await page.waitForFunction((s) => document.querySelector(".replay-status")?.textContent?.includes(s), WORDS.cs.move(k, n));
        assert.equal(await status(page), `${WORDS.cs.move(k, n)}: ${labels[k]}`);
        // A fragment past the end is clamped to the last position.
        await open(page, `${origin}${record.en}#move-99999`);
        await hydrated(page);
        await page.waitForFunction((s) => document.querySelector(".replay-status")?.textContent?.startsWith(s), WORDS.en.move(n, n));
      });

      if (record.capture) {
        await t.step("try it: the solution's move is accepted, another capture is a dead end", async () => {
          await open(page, origin + record.en);
          await hydrated(page);
          const labels = await moveLabels(page);
          const first = /[a-z]+\d+|\d+(\.\d+)*$/.exec(labels[1].replace(/=$/, ""))?.[0] ?? "";
          await page.click(".replay-try");
          await page.waitForSelector(".replay-game");
          const legal = (await page.locator(".replay-legal button").allTextContents()).map((s) => s.trim());
          assert.ok(legal.includes(first), `the solution's first move ${first} is among the legal moves ${legal.join(", ")}`);
          const other = legal.find((s) => s !== first);
          if (other) {
            await page.click(`.replay-legal button:text-is("${other}")`);
            await page.waitForFunction(
              (re) => new RegExp(re).test(document.querySelector(".replay-status")?.textContent ?? ""),
              WORDS.en.deadEnd.source,
            );
            await page.click('.replay-game button:text-is("Take back")');
          }
          // The board itself takes clicks: the ring on the solution's square.
          const rings = page.locator(".replay-board svg g.marks circle");
          assert.equal(await rings.count(), legal.length, "one ring per legal move");
          await page.click(`.replay-legal button:text-is("${first}")`);
          await page.waitForFunction(
            (re) => new RegExp(re).test(document.querySelector(".replay-status")?.textContent ?? ""),
            WORDS.en.onSolution.source,
          );
          const next = /[a-z]+\d+|\d+(\.\d+)*$/.exec(labels[2].replace(/=$/, ""))?.[0] ?? "";
          const before = (await page.textContent(".replay-game")) ?? "";
          // Click the ring drawn on the next solution square, found by the legal-move buttons' order (squares ascending, as the rings).
          const legal2 = (await page.locator(".replay-legal button").allTextContents()).map((s) => s.trim());
          const idx = legal2.indexOf(next);
          assert.ok(idx >= 0, `the solution's second move ${next} is legal`);
          const ring = rings.nth(idx);
          const box = await ring.boundingBox();
          assert.ok(box, "the ring is drawn");
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
          await page.waitForFunction((b) => (document.querySelector(".replay-game")?.textContent ?? "") !== b, before);
          assert.match((await page.textContent(".replay-game")) ?? "", new RegExp(`2\\.[^ ]*${next}`));
          assert.match(await status(page), WORDS.en.onSolution);
        });
      }

      await t.step("without JavaScript the record page shows the numbered solution and the move list", async () => {
        const noJs = await browser!.newContext({ javaScriptEnabled: false });
        const p = await noJs.newPage();
        await open(p, origin + record.en);
        // The board is the numbered solution's SVG permalink (not a second inline drawing), loaded and drawn.
        const still = p.locator(".replay-board img.replay-still");
        assert.equal(await still.count(), 1, "the solution's image stands in for the board");
        const src = await still.getAttribute("src");
        assert.match(src ?? "", /\/diagrams\/[^/]+\/solution\.svg$/);
        assert.ok(await still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${src} is drawn`);
        assert.ok(((await still.getAttribute("alt")) ?? "").length > 10, "the image has its alt text");
        const svg = await (await p.request.get(origin + src)).text();
        const numbers = (/<g class="numbers"[^>]*>([\s\S]*?)<\/g>/.exec(svg)?.[1].match(/<text\b/g) ?? []).length;
        assert.ok(numbers >= Math.min(n + 1, 2), `numbered squares: ${numbers}`);
        assert.equal(await p.locator(".replay-moves li").count(), n + 1);
        await noJs.close();
      });

      await t.step("diagram permalinks load as SVG and PNG", async () => {
        const kinds = [
          ["solution.svg", "image/svg+xml"],
          ["problem.svg", "image/svg+xml"],
          ["solution.png", "image/png"],
          ["problem.png", "image/png"],
        ] as const;
        for (const [file, type] of kinds) {
          const url = `${origin}/diagrams/${record.id}/${file}`;
          const res = await page.goto(url);
          assert.equal(res?.status(), 200, `${url} answers ${res?.status()}`);
          assert.equal(res?.headers()["content-type"], type, url);
          // The browser decodes it as an image.
          const size = await page.evaluate(async (src) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            return [img.naturalWidth, img.naturalHeight];
          }, url);
          assert.ok(size[0] > 0 && size[1] > 0, `${url} decodes (${size.join("x")})`);
        }
      });

      await t.step("the replay island's JavaScript stays well under 30 kB gzipped", () => {
        const html = readFileSync(join(dist, record.en, "index.html"), "utf8");
        const replay = islandWeights(dist, html).find((w) => w.component === "Replay");
        assert.ok(replay, "the record page loads the Replay island");
        assert.ok(replay.files.length >= 2, `component and renderer chunks found: ${replay.files.join(", ")}`);
        assert.ok(replay.gzip < 30 * 1024, `the replay loads ${replay.gzip} bytes of gzipped JavaScript (${replay.files.join(", ")})`);
      });

      await t.step("the record page does not shift its layout while loading", async () => {
        await open(page, origin + record.en);
        await hydrated(page);
        const cls = await page.evaluate(() =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
                if (!e.hadRecentInput) total += e.value;
              }
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 300);
          })
        );
        // 0.1 is the usual bound of a "good" page; the replay is sized before its script arrives.
        assert.ok(cls < 0.1, `cumulative layout shift ${cls}`);
      });

      assert.deepEqual(errors, [], "no script errors and no missing resources in the pages");
    } finally {
      await browser?.close();
      await served?.close();
    }
  },
});
