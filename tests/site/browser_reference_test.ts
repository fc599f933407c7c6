/**
 * The atlas as a reference, in Chromium (issue 12), on the small fixture
 * tests/fixtures/site-reference (every family, a few records each, with a
 * slice of a real verify report whose code version is deliberately "+dirty"):
 *
 * - no page of any kind scrolls sideways at 390 px, in either language (wide
 *   tables scroll inside their own box, with a hint line shown);
 * - no page shows the transcription folder "shared/sources" or a "+dirty"
 *   code version;
 * - a pending locust record shows its notes (what our searches covered) under
 *   the status, in the page's language and marked with it, naming no file of ours;
 * - the status text of a record says what its family and kind prove (no
 *   "no longer tour" on a domination or SerienZiel page), also in the legend;
 * - the replay keeps the focus after each of its buttons, so the arrow keys
 *   go on working; it opens at the start without a fragment;
 * - numbers are written with the page language's digit grouping;
 * - search puts a piece's records before the domination cells; the
 *   downloads page gives each file's size;
 * - axe-core finds no violation on the phone-width pages.
 */
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describeViolations, launchBrowser, requireBrowser, runAxe, type Served, serveSite } from "../helpers/browser.ts";
import { ROOT } from "../helpers/site.ts";
import { sharedBuild } from "../helpers/shared-build.ts";
import { type SearchItem, searchItems } from "../../site/lib/search-match.ts";

const FIXTURE = join(ROOT, "tests", "fixtures", "site-reference");

/** One page of every kind, in both languages. */
const PAGES: Record<"en" | "cs", string[]> = {
  en: [
    "/en/",
    "/en/leapers/",
    "/en/domination/",
    "/en/hoppers/",
    "/en/locusts/",
    "/en/hopper-tours/",
    "/en/tours/",
    "/en/magic-tours/",
    "/en/leapers/knight-8x8-sd53-b1/",
    "/en/domination/domination-queen-8x8/",
    "/en/hoppers/grasshopper-8x8-serienziel-h8-dual-free/",
    "/en/locusts/nightrider-locust-8x8-dual-free/",
    "/en/locusts/locust-8x8-dual-free-closed/",
    "/en/hopper-tours/grasshopper-knight-8x8-closed/",
    "/en/tours/tour-count-knight-8x8-open/",
    "/en/magic-tours/magic-16x16-n506z2ip52712k/",
    "/en/magic-tours/magic-8x8-enumeration-central/",
    "/en/pieces/",
    "/en/pieces/leaper-1-2/",
    "/en/methods/",
    "/en/sources/",
    "/en/downloads/",
    "/en/search/",
    "/en/embed/",
    "/en/tour-generator/",
  ],
  cs: [
    "/cs/",
    "/cs/skokani/",
    "/cs/dominance/",
    "/cs/cvrcci/",
    "/cs/locusti/",
    "/cs/cesty-cvrcka/",
    "/cs/cesty/",
    "/cs/magicke-prochazky/",
    "/cs/skokani/knight-8x8-sd53-b1/",
    "/cs/dominance/domination-queen-8x8/",
    "/cs/cvrcci/grasshopper-8x8-serienziel-h8-dual-free/",
    "/cs/locusti/nightrider-locust-8x8-dual-free/",
    "/cs/locusti/locust-8x8-dual-free-closed/",
    "/cs/cesty-cvrcka/grasshopper-knight-8x8-closed/",
    "/cs/cesty/tour-count-knight-8x8-open/",
    "/cs/magicke-prochazky/magic-16x16-n506z2ip52712k/",
    "/cs/magicke-prochazky/magic-8x8-enumeration-central/",
    "/cs/kameny/",
    "/cs/kameny/leaper-1-2/",
    "/cs/metody/",
    "/cs/prameny/",
    "/cs/ke-stazeni/",
    "/cs/hledat/",
    "/cs/vlozeni/",
    "/cs/generator-cest/",
  ],
};

/** What the "proven here" status of a record must say (and must not), by family and kind. */
const STATUS_CASES: { path: string; says: RegExp; never: RegExp }[] = [
  { path: "/en/domination/domination-queen-8x8/", says: /no smaller set/, never: /longer tour/ },
  { path: "/cs/dominance/domination-queen-8x8/", says: /žádná menší sestava/, never: /delší cesta/ },
  { path: "/en/domination/independent-domination-queen-8x8/", says: /no smaller independent set/, never: /longer tour/ },
  { path: "/en/hoppers/grasshopper-8x8-serienziel-h2-dual-free/", says: /hurdles has a longer unique shortest path/, never: /longer tour/ },
  {
    path: "/cs/cvrcci/grasshopper-8x8-serienziel-h2-dual-free/",
    says: /překážek nemá delší jednoznačnou nejkratší cestu/,
    never: /delší cesta neexistuje/,
  },
  { path: "/en/leapers/leaper-0-1-dual-free-4x4/", says: /no dual-free sequence with more men/, never: /longer tour/ },
  { path: "/en/leapers/leaper-1-2-access-8x8/", says: /the number is exact/, never: /longer tour/ },
  { path: "/en/magic-tours/magic-8x8-enumeration-central/", says: /enumeration complete/, never: /longer tour/ },
  { path: "/cs/magicke-prochazky/magic-8x8-enumeration-central/", says: /výčet úplný/, never: /delší cesta/ },
  { path: "/en/tours/tour-count-knight-5x5-open/", says: /exact count/, never: /longer tour/ },
  { path: "/en/tours/tour-smallest-closed-zebra/", says: /no smaller board/, never: /longer tour/ },
  { path: "/en/hopper-tours/grasshopper-rook-5x5-closed/", says: /no longer tour/, never: /smaller set/ },
];

async function open(page: Page, url: string): Promise<void> {
  const res = await page.goto(url, { waitUntil: "load" });
  assert.equal(res?.status(), 200, `${url} answers ${res?.status()}`);
}

Deno.test({
  name: "browser: the atlas reads as a reference (phone width, citations, status words, replay focus, numbers)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    requireBrowser();
    let browser: Browser | undefined;
    let served: Served | undefined;
    try {
      // Built once per test run (tests/helpers/shared-build.ts).
      const built = await sharedBuild(FIXTURE);
      assert.equal(built.code, 0, `fixture build failed:\n${built.stdout.slice(-2000)}\n${built.stderr.slice(-2000)}`);
      const dist = built.outDir;
      served = serveSite(dist);
      const origin = served.origin;
      browser = await launchBrowser();
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await phone.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));

      await t.step("no page scrolls sideways at 390 px, and none shows shared/sources or a +dirty version", async () => {
        const problems: string[] = [];
        for (const path of [...PAGES.en, ...PAGES.cs]) {
          await open(page, origin + path);
          const { scroll, client, text, wide } = await page.evaluate(() => {
            const doc = document.documentElement;
            const wide = [...document.querySelectorAll("body *")]
              .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && !el.closest(".table-scroll"))
              .slice(0, 3)
              .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
            return { scroll: doc.scrollWidth, client: doc.clientWidth, text: document.body.innerText, wide };
          });
          if (scroll > client) problems.push(`${path}: scrolls sideways (${scroll} > ${client}; ${wide.join(", ")})`);
          if (text.includes("shared/sources")) problems.push(`${path}: shows "shared/sources"`);
          if (/\+dirty/.test(text)) problems.push(`${path}: shows a +dirty code version`);
          // A table box that scrolls says so in words under it.
          const hints = await page.evaluate(() =>
            [...document.querySelectorAll(".table-scroll[data-overflows]")].map((box) => {
              const hint = box.nextElementSibling;
              return hint?.classList.contains("scroll-hint") && getComputedStyle(hint).display !== "none";
            })
          );
          if (hints.includes(false)) problems.push(`${path}: a table scrolls without the hint line`);
        }
        assert.deepEqual(problems, []);
      });

      await t.step("a pending locust record shows its notes under the status, in the page's language, naming no file of ours", async () => {
        const record = JSON.parse(readFileSync(join(FIXTURE, "locust", "records.json"), "utf8")).records
          .find((r: { id: string }) => r.id === "locust-8x8-dual-free-closed") as { notes: { en: string; cs: string }[] };
        assert.ok(record.notes.length > 0, "the fixture's pending locust record carries notes");
        for (const [lang, slug] of [["en", "locusts"], ["cs", "locusti"]] as const) {
          await open(page, `${origin}/${lang}/${slug}/locust-8x8-dual-free-closed/`);
          const shown = await page.evaluate(() => {
            const list = document.querySelector(".record-status + ul.status-notes");
            return list
              ? { lang: list.getAttribute("lang"), items: [...list.querySelectorAll("li")].map((li) => li.textContent ?? "") }
              : null;
          });
          assert.ok(shown, `${lang}: no notes right under the status`);
          assert.equal(shown.lang, lang, `${lang}: the notes are not marked with the page's language`);
          assert.equal(shown.items.length, record.notes.length);
          const other = lang === "en" ? "cs" : "en";
          shown.items.forEach((text, i) => {
            // digits are grouped on the page (1860016 -> 1,860,016 / 1 860 016): compare without separators
            const plain = (x: string) => x.replace(/[\s,\u00a0\u202f]/g, "");
            assert.equal(plain(text), plain(record.notes[i][lang]), `${lang}: note ${i} is not the ${lang} text`);
            assert.notEqual(plain(text), plain(record.notes[i][other]), `${lang}: note ${i} is in the other language`);
            assert.doesNotMatch(text, /\b(?:solvers|scripts|shared|data)\/|\.ts\b|\.json\b/, `${lang}: note ${i} names a file`);
          });
        }
      });

      await t.step("a table wider than the phone scrolls inside its box and shows the hint", async () => {
        await open(page, origin + "/en/domination/");
        const box = await page.evaluate(() => {
          const b = document.querySelector(".table-scroll") as HTMLElement;
          return { overflows: b.hasAttribute("data-overflows"), scroll: b.scrollWidth, client: b.clientWidth };
        });
        assert.ok(
          box.overflows && box.scroll > box.client,
          `the domination table is wider than 390 px and marked so (${JSON.stringify(box)})`,
        );
        assert.ok(await page.locator(".table-scroll + .scroll-hint").first().isVisible(), "the scroll hint is visible");
      });

      await t.step("status words match the family and kind of the record, and the family legends", async () => {
        const problems: string[] = [];
        for (const c of STATUS_CASES) {
          await open(page, origin + c.path);
          const status = ((await page.textContent(".record-status")) ?? "").replace(/\s+/g, " ");
          if (!c.says.test(status)) problems.push(`${c.path}: status "${status}" does not match ${c.says}`);
          if (c.never.test(status)) problems.push(`${c.path}: status "${status}" says ${c.never}`);
        }
        for (
          const [path, never] of [["/en/domination/", /no longer tour/], ["/en/hoppers/", /no longer tour/], [
            "/en/magic-tours/",
            /no longer tour/,
          ], ["/cs/dominance/", /delší cesta neexistuje/]] as const
        ) {
          await open(page, origin + path);
          const legend = (await page.textContent(".legend")) ?? "";
          if (never.test(legend)) problems.push(`${path}: the legend says ${never}`);
        }
        await open(page, origin + "/en/domination/");
        assert.match((await page.textContent(".legend")) ?? "", /minimality proven here/);
        assert.deepEqual(problems, []);
      });

      await t.step("numbers are grouped as the page's language writes them", async () => {
        await open(page, origin + "/en/tours/tour-count-knight-8x8-open/");
        assert.match((await page.textContent(".values")) ?? "", /19,591,828,170,979,904/);
        await open(page, origin + "/cs/cesty/tour-count-knight-8x8-open/");
        assert.match((await page.textContent(".values")) ?? "", /19\u00a0591\u00a0828\u00a0170\u00a0979\u00a0904/);
        await open(page, origin + "/cs/dominance/domination-rook-failing-placements/");
        assert.match((await page.textContent("main")) ?? "", /4\u00a0392\u00a0651\u00a0256/);
        assert.doesNotMatch((await page.textContent("main")) ?? "", /4392651256/);
      });

      await t.step("the replay opens at the start, keeps the focus after every button, and the arrow keys go on working", async () => {
        const desk = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
        const p = await desk.newPage();
        p.on("pageerror", (e) => errors.push(e.message));
        await open(p, origin + "/en/leapers/knight-8x8-sd53-b1/");
        await p.locator(".replay").scrollIntoViewIfNeeded();
        await p.waitForSelector(".replay[data-ready]", { timeout: 15_000 });
        assert.match((await p.textContent(".replay-status")) ?? "", /^Start position/, "without a fragment the replay opens at the start");
        const hash = () => p.evaluate(() => location.hash);
        const moveOf = async () => Number(/^#move-(\d+)$/.exec(await hash())?.[1] ?? "0");
        const inReplay = () => p.evaluate(() => !!document.activeElement?.closest(".replay"));
        const problems: string[] = [];
        for (const label of ["Last position", "First position", "Next move", "Previous move", "Play"]) {
          const button = p.locator(`.replay-controls button[aria-label="${label}"]`);
          await button.focus();
          await p.keyboard.press("Enter");
          if (label === "Play") {
            await p.waitForFunction(() => /^#move-[1-9]/.test(location.hash), undefined, { timeout: 5_000 });
            await p.keyboard.press("Enter"); // the same button, now Pause
          }
          if (!(await inReplay())) problems.push(`after "${label}" the focus left the replay`);
          const before = await moveOf();
          const key = before === 0 ? "ArrowRight" : "ArrowLeft";
          await p.keyboard.press(key);
          const expected = before === 0 ? 1 : before - 1;
          await p.waitForFunction((h) => location.hash === h, `#move-${expected}`, { timeout: 3_000 }).catch(() => {
            problems.push(`after "${label}" ${key} did not move from ${before} to ${expected}`);
          });
        }
        // The first and last buttons at their own end stay focusable (aria-disabled, not disabled).
        await p.keyboard.press("Home");
        const first = p.locator('.replay-controls button[aria-label="First position"]');
        await first.focus();
        await p.keyboard.press("Enter");
        assert.equal(await first.getAttribute("aria-disabled"), "true");
        assert.ok(await first.evaluate((b) => b === document.activeElement), "the first-position button keeps the focus at the start");
        await p.keyboard.press("ArrowRight");
        await p.waitForFunction(() => location.hash === "#move-1", undefined, { timeout: 3_000 });
        // Entering and leaving "try it" leaves the focus in the replay.
        if (await p.locator(".replay-try").count() > 0) {
          await p.locator(".replay-try").focus();
          await p.keyboard.press("Enter");
          await p.waitForSelector(".replay-game");
          // The game takes the focus once it has rendered: give a loaded machine a moment.
          const focused = await p.waitForFunction(() => !!document.activeElement?.closest(".replay"), undefined, { timeout: 3_000 })
            .then(() => true, () => false);
          if (!focused) problems.push("after entering try it the focus left the replay");
          await p.locator('.replay-game button:text-is("Back to the solution")').focus().catch(() => {});
        }
        // Play and next do not share an icon.
        const icons = await p.evaluate(() =>
          ["Play", "Next move"].map((l) => document.querySelector(`.replay-controls button[aria-label="${l}"] path`)?.getAttribute("d"))
        );
        assert.notEqual(icons[0], icons[1], "play and next are drawn differently");
        await desk.close();
        assert.deepEqual(problems, []);
      });

      await t.step("the magic page: no partial tally shown as a count, distinct tour titles, a 16x16 diagram that reads", async () => {
        await open(page, origin + "/en/magic-tours/");
        const counts = (await page.textContent("#counts")) ?? "";
        assert.doesNotMatch(counts, /Ours, all tours\s*0\b/, "an unfinished enumeration is not shown as the count 0");
        assert.doesNotMatch((await page.textContent("#diagonally-magic")) ?? "", /\?/, "the 16x16 tour cell says what it is");
        const titles = await page.locator(".records-table tbody th a").allTextContents();
        assert.ok(titles.length > 1);
        assert.equal(new Set(titles).size, titles.length, `tour titles repeat: ${titles.join(" | ")}`);
        const legend = (await page.textContent(".legend")) ?? "";
        assert.doesNotMatch(legend, /published witness move by move/, "the magic tours are ours, not published witnesses");
        // The 16x16 board is drawn at 40 px a square; on the phone it scrolls inside its own box.
        await open(page, origin + "/en/magic-tours/magic-16x16-n506z2ip52712k/");
        const width = await page.evaluate(() => document.querySelector(".diagram-scroll .diagram")?.getBoundingClientRect().width ?? 0);
        assert.ok(width >= 600, `the 16x16 diagram is ${width} px wide`);
        // Drawn from the emitted SVG file: it loads, is named by its alt text and described (every number) in words.
        const diagram = await page.evaluate(() => {
          const img = document.querySelector(".diagram-scroll img.diagram") as HTMLImageElement | null;
          const desc = img ? document.getElementById(img.getAttribute("aria-describedby") ?? "") : null;
          return img && { loaded: img.complete && img.naturalWidth > 0, alt: img.alt, desc: desc?.textContent ?? "" };
        });
        assert.ok(diagram?.loaded, "the 16x16 diagram loads");
        assert.match(diagram.alt, /\S/);
        assert.match(diagram.desc, /\b256\b/, "the description names every number, up to 256");
      });

      await t.step("search ranks a piece's records before domination cells; downloads state their sizes", async () => {
        const index = JSON.parse(readFileSync(join(dist, "search-index", "en.json"), "utf8")) as { items: SearchItem[] };
        const hits = searchItems(index.items, "knight").hits.map((h) => h[2]);
        const firstDomination = hits.findIndex((u) => u.includes("/domination/"));
        const firstOther = hits.findIndex((u) => u.includes("/leapers/") || u.includes("/pieces/") || u.includes("/tours/"));
        assert.ok(firstOther >= 0 && firstDomination >= 0, `knight hits: ${hits.join(", ")}`);
        assert.ok(
          firstOther < firstDomination,
          `knight: a leaper, tour or piece page comes before the domination cells (${hits.slice(0, 5).join(", ")})`,
        );
        await open(page, origin + "/en/downloads/");
        const text = (await page.textContent("main")) ?? "";
        const bytes = statSync(join(dist, "downloads", "records.json")).size;
        const shown = bytes < 1_000_000
          ? `${(bytes / 1000).toFixed(1).replace(/\.0$/, "")} kB`
          : `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
        assert.ok(text.includes(`/downloads/records.json (${shown})`), `records.json is listed with its size ${shown}`);
      });

      await t.step("axe-core: no violations at phone width on a table, a record and the home page", async () => {
        const problems: string[] = [];
        for (
          const path of [
            "/en/domination/",
            "/cs/cvrcci/",
            "/en/leapers/knight-8x8-sd53-b1/",
            "/cs/",
            "/en/magic-tours/",
            "/cs/magicke-prochazky/magic-16x16-n506z2ip52712k/",
          ]
        ) {
          await open(page, origin + path);
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
