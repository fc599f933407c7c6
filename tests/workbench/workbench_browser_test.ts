/**
 * The workbench (issue 27, part 1) in Chromium, over the build of the small
 * fixture (tests/fixtures/site-pages, shared with tests/site/site_pages_test.ts and
 * tests/site/embed_browser_test.ts through tests/helpers/shared-build.ts):
 * - a record's position (the wazir's dual-free 14 on 4x4, proven maximal in
 *   the fixture) set up by clicking squares, solved in the worker: "dual-free"
 *   and the comparison (ties the published value and our proven maximum);
 * - one man moved to a square a plain brute force (tests/helpers/brute.ts)
 *   says gives several solutions: "not dual-free", the count equal to the
 *   brute force's, and the cell no longer entered;
 * - the permalink in a new page restores the position; the record page's
 *   "open in the workbench" link opens the same position; the keyboard places
 *   the piece and men; a long search shows progress and stops on "Cancel";
 * - the downloaded SVG parses as SVG, the PNG has the PNG signature and the
 *   size of the diagram, the contribution file has its fields;
 * - at 390 px the workbench, solved, does not scroll sideways; axe-core finds
 *   no violation on it in either language.
 * WORKBENCH_TEST_DIST=<folder> tests an existing build instead of building one.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ROOT } from "../helpers/site.ts";
import { sharedSite } from "../helpers/shared-build.ts";
import { describeViolations, launchBrowser, requireBrowser, runAxe, type Served, serveSite } from "../helpers/browser.ts";
import { leaperMatrix, pathEndCounts } from "../helpers/brute.ts";
import { diagramLayout } from "../../site/lib/diagram-svg.ts";
import { parsePosition } from "../../solvers/workbench/position.ts";
import { Contribution } from "../../solvers/contributions/schema.ts";

const FIXTURE = join(ROOT, "tests", "fixtures", "site-pages");
const RECORD = "leaper-0-1-dual-free-4x4";
const PAGE = { en: "/en/workbench/", cs: "/cs/dilna/" } as const;
const BOARD_PX = 480;

/** The fixture site, built once per test run and shared with the other site tests (tests/helpers/shared-build.ts). */
const dist = sharedSite(FIXTURE, "WORKBENCH_TEST_DIST");

interface Rec {
  start: string;
  men: string[];
  claim: number;
}

function record(): Rec {
  const file = JSON.parse(readFileSync(join(FIXTURE, "leaper", "records.json"), "utf8"));
  const r = file.records.find((x: { id: string }) => x.id === RECORD);
  return { start: r.witness.start, men: r.witness.moves, claim: r.claim.value };
}

const W = 4;
const idx = (name: string) => (name.charCodeAt(0) - 97) + W * (Number(name.slice(1)) - 1);
const nameOf = (sq: number) => String.fromCharCode(97 + (sq % W)) + String(Math.floor(sq / W) + 1);

/** Brute-force count of wazir capture orders from the start over the men (free end). */
function bruteCount(start: string, men: string[]): number {
  const squares = [start, ...men].map(idx);
  return pathEndCounts(leaperMatrix(W, [0, 1], squares), 0).reduce((a, b) => a + b, 0);
}

/** Clicks the centre of a square of the workbench's board (scrolled into view first). */
async function clickSquare(page: Page, board: [number, number], name: string): Promise<void> {
  const L = diagramLayout(board, { size: BOARD_PX });
  const svg = page.locator(".wb-board svg");
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  assert.ok(box, "the board is drawn");
  const [cx, cy] = L.centre(idx(name));
  await svg.click({ position: { x: (cx * box.width) / L.viewWidth, y: (cy * box.height) / L.viewHeight } });
}

/** Opens a workbench address and waits for the island to have hydrated and read the address. */
async function openWorkbench(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector(".workbench[data-ready]", { timeout: 30_000 });
}

async function solveAndWait(page: Page): Promise<void> {
  await page.click("#wb-solve-button");
  await page.waitForSelector(".wb-result", { timeout: 60_000 });
}

/** The position the page's address holds. */
async function addressPosition(page: Page) {
  return parsePosition(await page.evaluate(() => location.search));
}

Deno.test({
  name: "workbench: set up by clicks, solve, compare, lose uniqueness, permalink, keyboard, downloads, phone, axe",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    requireBrowser();
    const out = await dist();
    const rec = record();
    let served: Served | undefined;
    let browser: Browser | undefined;
    try {
      served = serveSite(out);
      const origin = served.origin;
      browser = await launchBrowser();
      const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1000, height: 1200 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));

      await t.step("every page links the workbench from its navigation, in both languages", async () => {
        for (const [lang, path] of [["en", "/en/"], ["cs", "/cs/"], ["en", `/en/leapers/${RECORD}/`]] as const) {
          await page.goto(origin + path);
          const hrefs = await page.locator("nav.site-nav ul a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
          assert.ok(hrefs.includes(PAGE[lang]), `${path}: ${hrefs.join(" ")}`);
        }
      });

      await t.step("the record's position set up by clicking solves as dual-free and ties the cell", async () => {
        await openWorkbench(page, origin + PAGE.en);
        await page.selectOption("#wb-piece", "0,1");
        // Beyond the solvers' limits the page says so and keeps the last good board.
        await page.fill("#wb-width", "65");
        assert.match((await page.textContent("#wb-input-error")) ?? "", /1 to 64 squares a side and at most 4096 squares/);
        await page.fill("#wb-width", "4");
        await page.fill("#wb-height", "4");
        await page.check('input[name="wb-mode"][value="start"]');
        await clickSquare(page, [4, 4], rec.start);
        await page.check('input[name="wb-mode"][value="man"]');
        for (const m of rec.men) await clickSquare(page, [4, 4], m);
        // The address follows the position after each render.
        await page.waitForFunction((n) => (new URLSearchParams(location.search).get("men") ?? "").split(",").length === n, rec.men.length);
        const p = await addressPosition(page);
        assert.equal(p.piece, "0,1");
        assert.deepEqual(p.board, [4, 4]);
        assert.equal(p.start, rec.start);
        assert.deepEqual([...p.men].sort(), [...rec.men].sort());
        assert.equal(bruteCount(rec.start, rec.men), 1, "the fixture's record is dual-free by the brute force");
        await solveAndWait(page);
        assert.match(await page.textContent(".wb-solutions") ?? "", /^1 solution\./);
        assert.match(await page.textContent(".wb-verdict") ?? "", /Dual-free/);
        const cell = page.locator(`.wb-compare li[data-cell="${RECORD}"]`);
        assert.equal(await cell.count(), 1, "the record's cell is named");
        const text = (await cell.textContent()) ?? "";
        assert.match(text, new RegExp(`ties the published value ${rec.claim}`));
        assert.match(text, new RegExp(`ties our proven maximum ${rec.claim}`));
        assert.equal(await cell.locator("a").getAttribute("href"), `/en/leapers/${RECORD}/`);
        // The replay of the solution is there and steps.
        await page.waitForSelector(".workbench .replay", { timeout: 15_000 });
        assert.ok(await page.locator(".workbench .replay-moves li").count() >= rec.men.length);
      });

      await t.step("moving one man loses uniqueness; the count is the brute force's", async () => {
        const empty = Array.from({ length: 16 }, (_, i) => nameOf(i)).filter((s) => s !== rec.start && !rec.men.includes(s));
        let change: { from: string; to: string; count: number } | null = null;
        for (const from of rec.men) {
          for (const to of empty) {
            const men = rec.men.map((m) => (m === from ? to : m));
            const count = bruteCount(rec.start, men);
            if (count >= 2) {
              change = { from, to, count };
              break;
            }
          }
          if (change) break;
        }
        assert.ok(change, "some move of one man gives a position with duals");
        await clickSquare(page, [4, 4], change.from);
        await clickSquare(page, [4, 4], change.to);
        await page.waitForFunction((to) => (new URLSearchParams(location.search).get("men") ?? "").split(",").includes(to), change.to);
        assert.equal(await page.locator(".wb-result").count(), 0, "a change clears the old result");
        await solveAndWait(page);
        assert.match(await page.textContent(".wb-solutions") ?? "", new RegExp(`^${change.count} solutions\\.`));
        assert.match(await page.textContent(".wb-verdict") ?? "", /Not dual-free/);
        const text = (await page.locator(`.wb-compare li[data-cell="${RECORD}"]`).textContent()) ?? "";
        assert.match(text, /does not enter this cell: it is not dual-free/);
      });

      await t.step("the permalink reproduces the position in a new page", async () => {
        const link = await page.inputValue("#wb-permalink");
        const expected = await addressPosition(page);
        assert.ok(link.startsWith(origin + PAGE.en + "?"), link);
        const other = await context.newPage();
        await openWorkbench(other, link);
        await other.waitForFunction((w) => (document.querySelector("#wb-width") as HTMLInputElement).value === w, "4");
        assert.deepEqual(await addressPosition(other), expected);
        assert.equal(await other.inputValue("#wb-piece"), "0,1");
        assert.match((await other.textContent(".wb-count")) ?? "", new RegExp(`^${rec.men.length} men`));
        await other.close();
      });

      await t.step("the record page's link opens the record's position", async () => {
        await page.goto(`${origin}/en/leapers/${RECORD}/`);
        await page.click(".open-workbench a");
        await page.waitForURL(/\/en\/workbench\/\?/);
        await page.waitForSelector(".workbench[data-ready]", { timeout: 30_000 });
        await page.waitForFunction(() => (document.querySelector("#wb-width") as HTMLInputElement | null)?.value === "4");
        const p = await addressPosition(page);
        assert.equal(p.start, rec.start);
        assert.deepEqual(p.men, rec.men);
        await solveAndWait(page);
        assert.match(await page.textContent(".wb-verdict") ?? "", /Dual-free/);
      });

      await t.step("downloads: SVG parses, PNG has its signature and size, the contribution file its fields", async () => {
        const [svgDl] = await Promise.all([page.waitForEvent("download"), page.click("#wb-svg")]);
        const svg = readFileSync((await svgDl.path())!, "utf8");
        const parsed = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, "image/svg+xml");
          return { root: doc.documentElement.nodeName, error: doc.getElementsByTagName("parsererror").length };
        }, svg);
        assert.deepEqual(parsed, { root: "svg", error: 0 });
        const [pngDl] = await Promise.all([page.waitForEvent("download"), page.click("#wb-png")]);
        const png = readFileSync((await pngDl.path())!);
        assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
        const L = diagramLayout([4, 4]);
        const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
        assert.deepEqual([dv.getUint32(16), dv.getUint32(20)], [2 * L.width, 2 * L.height], "PNG size");
        await page.fill("#wb-author", "A. Composer");
        await page.fill("#wb-source", "A forum post");
        await page.fill("#wb-url", "https://example.org/post");
        await page.fill("#wb-year", "2026");
        const [jsonDl] = await Promise.all([page.waitForEvent("download"), page.click("#wb-contribution")]);
        const file = JSON.parse(readFileSync((await jsonDl.path())!, "utf8"));
        // The contributions' own schema (solvers/contributions/schema.ts) takes it as it is.
        const valid = Contribution.safeParse(file);
        assert.ok(valid.success, JSON.stringify(valid.error?.issues));
        assert.deepEqual(Object.keys(file), [
          "$schema",
          "id",
          "family",
          "piece",
          "board",
          "kind",
          "start",
          "men",
          "hurdles",
          "moves",
          "value",
          "author",
          "source",
          "year",
        ]);
        assert.equal(file.$schema, `${origin}/downloads/contribution.schema.json`);
        assert.deepEqual([file.family, file.piece, file.kind, file.value], ["leaper", "[0,1]", "dual-free", rec.men.length]);
        assert.deepEqual([...file.moves].sort(), [...rec.men].sort());
        assert.deepEqual([file.author, file.source, file.year], [
          "A. Composer",
          { title: "A forum post", url: "https://example.org/post" },
          2026,
        ]);
        // The Popeye input reads back (solvers/export/popeye-parse.ts) as the same position.
        const popeye = await page.inputValue("#wb-popeye");
        assert.match(popeye, /Stipulation ser-=14/);
        // The embed snippet is one link around one image of the diagram.
        assert.match(
          await page.inputValue("#wb-embed"),
          /^<a href="[^"]+"><img src="data:image\/svg\+xml,[^"]+" width="\d+" height="\d+" alt="[^"]+"><\/a>$/,
        );
      });

      await t.step("the keyboard places the piece and men", async () => {
        await openWorkbench(page, `${origin}${PAGE.en}?piece=0,1&board=4x4`);
        await page.waitForFunction(() => (document.querySelector("#wb-width") as HTMLInputElement | null)?.value === "4");
        await page.focus(".wb-board");
        // The focus starts on a1.
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("p");
        await page.keyboard.press("ArrowLeft");
        await page.keyboard.press("m");
        await page.keyboard.press("ArrowUp");
        await page.keyboard.press("m");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("m");
        await page.keyboard.press("m");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press(" ");
        // The mode is still "piece": space moves the piece to c2.
        assert.match((await page.textContent(".wb-announce")) ?? "", /Piece on c2/);
        await page.waitForFunction(() => location.search.includes("start=c2"));
        const p = await addressPosition(page);
        assert.equal(p.start, "c2");
        assert.deepEqual(p.men, ["a1", "a2"]);
      });

      await t.step("a hopper's SerienZiel and a locust's capture series solve from their permalinks", async () => {
        // Grasshopper a1 over b2 to c3, over d4 to e5: two moves, one way. The Czech page words it in Czech.
        await openWorkbench(page, `${origin}${PAGE.cs}?piece=grasshopper&board=8x8&start=a1&hurdles=b2,d4&stip=ser-z&target=e5`);
        await page.waitForFunction(() => (document.querySelector(".wb-count")?.textContent ?? "").includes("2"));
        await solveAndWait(page);
        assert.match((await page.textContent(".wb-result")) ?? "", /Cíle dosáhne za 2 tahy/);
        assert.match((await page.textContent(".wb-verdict")) ?? "", /Jednoznačná/);
        assert.match(await page.inputValue("#wb-popeye"), /Stipulation ser-ze52/);
        await page.waitForSelector(".workbench .replay", { timeout: 15_000 });
        // The locust a1 over b2 to c3, over d4 to e5; with a man on h8 too, no sequence takes every man.
        await openWorkbench(page, `${origin}${PAGE.en}?piece=locust&board=8x8&start=a1&men=b2,d4&stip=capture`);
        await page.waitForFunction(() => (document.querySelector(".wb-count")?.textContent ?? "").startsWith("2 men"));
        await solveAndWait(page);
        assert.match((await page.textContent(".wb-solutions")) ?? "", /^1 solution\./);
        assert.match((await page.textContent(".wb-notation, .wb-result .notation")) ?? "", /1\.LO:b2-c3 2\.LO:d4-e5/);
        await openWorkbench(page, `${origin}${PAGE.en}?piece=locust&board=8x8&start=a1&men=b2,d4,h8&stip=capture`);
        await page.waitForFunction(() => (document.querySelector(".wb-count")?.textContent ?? "").startsWith("3 men"));
        await solveAndWait(page);
        assert.match((await page.textContent(".wb-verdict")) ?? "", /No solution/);
      });

      await t.step("a pasted Popeye problem or notation line sets the position; bad input says why", async () => {
        await openWorkbench(page, origin + PAGE.en);
        await page.click(".wb-paste summary");
        await page.fill(
          "#wb-paste-text",
          "BeginProblem\nRemark a test\nPieces White zb1 Black wee3h1\nCondition WhiteMustCapture\nStipulation ser-=2\nEndProblem",
        );
        await page.click(".wb-paste button");
        await page.waitForFunction(() => location.search.includes("start=b1"));
        assert.deepEqual(await addressPosition(page), {
          piece: "2,3",
          board: [8, 8],
          start: "b1",
          men: ["e3", "h1"],
          hurdles: [],
          stipulation: "dual-free",
        });
        await page.fill("#wb-paste-text", "piece=1,2 board=5x5 start=a1 men=b3,c5 stip=fixed-end end=c5");
        await page.click(".wb-paste button");
        await page.waitForFunction(() => location.search.includes("board=5x5"));
        assert.equal(await page.inputValue("#wb-width"), "5");
        assert.equal(await page.inputValue("#wb-stip"), "fixed-end");
        await page.fill("#wb-paste-text", "Pieces White zb1 Black wee3h1\nStipulation ser-=3");
        await page.click(".wb-paste button");
        assert.match((await page.textContent(".wb-paste [role=alert]")) ?? "", /ser-=3 with 2 black men/);
        assert.ok((await page.evaluate(() => location.search)).includes("board=5x5"), "a refused paste leaves the position");
      });

      await t.step("a long search shows its progress and stops on Cancel", async () => {
        const men = Array.from({ length: 63 }, (_, i) => String.fromCharCode(97 + ((i + 1) % 8)) + String(Math.floor((i + 1) / 8) + 1));
        await openWorkbench(page, `${origin}${PAGE.en}?piece=1,2&board=8x8&start=a1&men=${men.join(",")}`);
        await page.waitForFunction(() => (document.querySelector(".wb-count")?.textContent ?? "").startsWith("63"));
        await page.click("#wb-solve-button");
        await page.waitForFunction(() => /nodes so far/.test(document.querySelector(".wb-status")?.textContent ?? ""));
        assert.ok(await page.isDisabled("#wb-solve-button"));
        await page.click("#wb-cancel");
        await page.waitForFunction(() => document.querySelector(".wb-status")?.textContent === "Cancelled.");
        assert.ok(await page.isEnabled("#wb-solve-button"));
        assert.equal(await page.locator(".wb-result").count(), 0);
      });

      await t.step("at 390 px the solved workbench does not scroll sideways", async () => {
        const phone = await browser!.newPage({ viewport: { width: 390, height: 844 } });
        for (const path of [PAGE.en, PAGE.cs]) {
          await openWorkbench(phone, `${origin}${path}?piece=0,1&board=4x4&start=${rec.start}&men=${rec.men.join(",")}`);
          await solveAndWait(phone);
          const [scroll, client] = await phone.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
          assert.ok(scroll <= client, `${path}: scrollWidth ${scroll} > ${client}`);
        }
        await phone.close();
      });

      await t.step("axe-core: the workbench in both languages, set up and solved, has no violations", async () => {
        const problems: string[] = [];
        for (const path of [PAGE.en, PAGE.cs]) {
          await openWorkbench(page, `${origin}${path}?piece=0,1&board=4x4&start=${rec.start}&men=${rec.men.join(",")}`);
          await page.click(".wb-paste summary");
          await solveAndWait(page);
          await page.waitForSelector(".workbench .replay[data-ready]", { timeout: 15_000 });
          const v = await runAxe(page);
          if (v.length > 0) problems.push(describeViolations(path, v));
        }
        assert.equal(problems.length, 0, `axe-core violations:\n${problems.join("\n")}`);
      });
      assert.deepEqual(errors, [], "no script errors");
    } finally {
      await browser?.close();
      await served?.close();
    }
  },
});
