/**
 * The atlas on a phone (issue 27, item 3), in Chromium at 390x844 over the
 * real data's build (shared with tests/site/browser_test.ts and
 * tests/site/site_build_test.ts: tests/helpers/shared-build.ts):
 * - the header's navigation is a "Menu" button below 700 px that opens and
 *   closes by keyboard (Tab to it, Enter, Tab into the links, Escape back),
 *   in both languages, with its expanded state exposed and no axe-core
 *   violation closed or open, and works without JavaScript; from 700 px on the links are shown and the button is not;
 * - a record page's first diagram lies wholly in the first screen at 390x844
 *   (a board drawn taller than the rest of the screen fills at least half of
 *   it), for a record of every family with a diagram, in both languages;
 * - no page scrolls sideways at 390 px (document scrollWidth <= clientWidth):
 *   a sample of every kind of page, the open menu, and embed pages, among
 *   them the two that overflowed (the locust dual-free record by 8 px, the
 *   antelope closed tour by 222 px);
 * - the magic family says how far its unfinished enumeration got and whether
 *   it is paused (no shard finished in the hour before the build), with the
 *   day it last progressed, derived from data/magic/records.json and the run's
 *   shard files: never "running".
 * BROWSER_TEST_DIST=<folder> tests an existing build instead of building one.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { ROOT } from "../../scripts/lib/paths.ts";
import { sharedBuild } from "../helpers/shared-build.ts";
import { describeViolations, launchBrowser, requireBrowser, runAxe, type Served, serveSite } from "../helpers/browser.ts";
import { formatDate } from "../../site/i18n.ts";
import { formatNumber } from "../../site/lib/format.ts";
import { PAUSED_AFTER_HOURS, runState } from "../../site/families/magic.ts";
import { MagicRecordFile } from "../../solvers/magic/schema.ts";

const REAL_DATA = join(ROOT, "data");
const PHONE = { width: 390, height: 844 };
const MENU = { en: "Menu", cs: "Nabídka" } as const;
/** Record pages whose first diagram must be in the first screen: one of each family (the first built one where the preferred is missing). */
const FAMILIES = [
  { en: "leapers", cs: "skokani", prefer: "knight-8x8-sd53-b1" },
  { en: "hoppers", cs: "cvrcci", prefer: "grasshopper-8x8-serienziel-h8-dual-free" },
  { en: "locusts", cs: "locusti", prefer: "locust-8x8-dual-free" },
  { en: "hopper-tours", cs: "cesty-cvrcka", prefer: "grasshopper-knight-8x8-closed" },
  { en: "domination", cs: "dominance", prefer: "domination-queen-8x8" },
  { en: "tours", cs: "cesty", prefer: "tour-smallest-closed-antelope" },
  { en: "magic-tours", cs: "magicke-prochazky", prefer: null },
] as const;
/** Embed pages that scrolled sideways at 390 px before, and a few others. */
const EMBEDS = ["locust-8x8-dual-free", "antelope-8x8-closed53-willcocks333", "wazir-8x8-sd55-h8-final-g2", "knight-8x8-sd53-b1"];

let built: Promise<string> | undefined;
function dist(): Promise<string> {
  built ??= (async () => {
    const given = Deno.env.get("BROWSER_TEST_DIST");
    if (given) return Deno.realPathSync(given);
    const out = await sharedBuild(REAL_DATA);
    if (out.code !== 0) throw new Error(`site build failed (exit ${out.code}):\n${out.stdout.slice(-3000)}\n${out.stderr.slice(-3000)}`);
    return out.outDir;
  })();
  return built;
}

/** A record of the family that has a diagram on its page: the preferred one, else the first in order; null when none. */
function recordWithDiagram(out: string, f: (typeof FAMILIES)[number]): string | null {
  const dir = join(out, "en", f.en);
  if (!existsSync(dir)) return null;
  const ids = readdirSync(dir).filter((id) => existsSync(join(dir, id, "index.html"))).sort();
  if (f.prefer) ids.unshift(f.prefer);
  return ids.find((id) => {
    const file = join(dir, id, "index.html");
    return existsSync(file) && /class="diagram-figure"/.test(readFileSync(file, "utf8"));
  }) ?? null;
}

async function open(page: Page, url: string): Promise<void> {
  const res = await page.goto(url, { waitUntil: "load" });
  assert.equal(res?.status(), 200, `${url} answers ${res?.status()}`);
}

/** How far the page scrolls sideways (0 when it does not). */
async function sideways(page: Page): Promise<number> {
  return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Presses Tab until the focus is on `selector` (at most `max` times); fails otherwise. */
async function tabTo(page: Page, selector: string, max = 8): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return i;
  }
  assert.fail(
    `${selector} not reached in ${max} presses of Tab (focus on ${await page.evaluate(() =>
      document.activeElement?.outerHTML.slice(0, 80)
    )})`,
  );
}

/**
 * The expanded state the browser's accessibility tree gives the control named
 * `name` (Chromium exposes a <summary> as a disclosure triangle with
 * "expanded"; what a screen reader announces), or null without one.
 */
async function expanded(page: Page, name: string): Promise<boolean | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree") as {
      nodes: { role?: { value?: string }; name?: { value?: string }; properties?: { name: string; value?: { value?: unknown } }[] }[];
    };
    const node = nodes.find((n) => n.name?.value === name && /^(DisclosureTriangle|button)$/.test(n.role?.value ?? ""));
    assert.ok(node, `no control named ${name} in the accessibility tree`);
    const prop = node.properties?.find((p) => p.name === "expanded");
    return prop ? prop.value?.value === true : null;
  } finally {
    await cdp.detach();
  }
}

Deno.test({
  name: "phone: the menu by keyboard, the diagram in the first screen, no sideways scrolling at 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    requireBrowser();
    let browser: Browser | undefined;
    let served: Served | undefined;
    try {
      const out = await dist();
      served = serveSite(out);
      const origin = served.origin;
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));

      const records = FAMILIES.map((f) => ({ f, id: recordWithDiagram(out, f) })).filter((r) => r.id !== null) as {
        f: (typeof FAMILIES)[number];
        id: string;
      }[];
      assert.ok(records.length >= 5, `record pages with a diagram found: ${records.map((r) => r.id).join(", ")}`);

      await t.step("the menu at 390 px: closed, opened and closed again by keyboard, in both languages", async () => {
        for (const lang of ["en", "cs"] as const) {
          const { f, id } = records[0];
          await open(page, `${origin}/${lang}/${f[lang]}/${id}/`);
          const nav = page.locator("nav.site-nav");
          const button = nav.locator("summary");
          const links = nav.locator("ul a");
          assert.ok(await links.count() >= 10, "the navigation's links");
          assert.ok(await button.isVisible(), `${lang}: the menu button is shown`);
          assert.equal((await button.innerText()).trim(), MENU[lang]);
          assert.equal(await links.first().isVisible(), false, `${lang}: the links are hidden until the menu opens`);
          // The disclosure is exposed as a collapsed control inside the labelled navigation landmark.
          const snapshot = await nav.ariaSnapshot();
          assert.match(snapshot, new RegExp(`navigation "${lang === "en" ? "Main" : "Hlavní"}"`), snapshot);
          assert.equal(await button.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), false);
          assert.equal(await expanded(page, MENU[lang]), false, `${lang}: the closed state is exposed`);
          const closedAxe = await runAxe(page);
          assert.equal(closedAxe.length, 0, describeViolations(`${lang} at 390 px, menu closed`, closedAxe));
          // Keyboard: Tab reaches the button (after the skip link and the site's name), Enter opens it.
          await page.locator("body").focus();
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const presses = await tabTo(page, "nav.site-nav summary");
          assert.ok(presses <= 3, `the menu button is the third stop or earlier (${presses})`);
          await page.keyboard.press("Enter");
          await links.first().waitFor({ state: "visible", timeout: 2_000 });
          assert.equal(await button.evaluate((s) => (s.parentElement as HTMLDetailsElement).open), true, `${lang}: Enter opened the menu`);
          assert.equal(await expanded(page, MENU[lang]), true, `${lang}: the open state is exposed`);
          // Every link is on the screen, none beyond its right edge, and the page does not scroll sideways with the menu open.
          for (let i = 0; i < await links.count(); i++) {
            const box = await links.nth(i).boundingBox();
            assert.ok(
              box && box.x >= 0 && box.x + box.width <= PHONE.width,
              `${lang}: link ${i} within the screen's width (${JSON.stringify(box)})`,
            );
          }
          assert.equal(await sideways(page), 0, `${lang}: the open menu scrolls sideways`);
          const openAxe = await runAxe(page);
          assert.equal(openAxe.length, 0, describeViolations(`${lang} at 390 px, menu open`, openAxe));
          // Tab goes into the links, in order.
          await page.keyboard.press("Tab");
          assert.equal(
            await page.evaluate(() => document.activeElement?.closest("nav.site-nav ul") !== null),
            true,
            "Tab moves into the menu",
          );
          assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), (await links.first().innerText()).trim());
          // Escape closes it and returns to the button; Space opens it again, Space closes it.
          await page.keyboard.press("Escape");
          await links.first().waitFor({ state: "hidden", timeout: 2_000 });
          assert.equal(
            await page.evaluate(() => document.activeElement?.matches("nav.site-nav summary")),
            true,
            `${lang}: Escape returns to the button`,
          );
          await page.keyboard.press(" ");
          await links.first().waitFor({ state: "visible", timeout: 2_000 });
          await page.keyboard.press(" ");
          await links.first().waitFor({ state: "hidden", timeout: 2_000 });
        }
      });

      await t.step("the menu without JavaScript at 390 px opens by keyboard, and from 700 px on the links are shown", async () => {
        const { f, id } = records[0];
        const noJs = await browser!.newContext({ viewport: PHONE, javaScriptEnabled: false });
        const p = await noJs.newPage();
        await open(p, `${origin}/en/${f.en}/${id}/`);
        const links = p.locator("nav.site-nav ul a");
        assert.equal(await links.first().isVisible(), false);
        await p.focus("nav.site-nav summary");
        await p.keyboard.press("Enter");
        await links.first().waitFor({ state: "visible", timeout: 2_000 });
        await p.keyboard.press("Enter");
        await links.first().waitFor({ state: "hidden", timeout: 2_000 });
        await noJs.close();
        for (const js of [true, false]) {
          const wide = await browser!.newContext({ viewport: { width: 1000, height: 800 }, javaScriptEnabled: js });
          const w = await wide.newPage();
          await open(w, `${origin}/cs/`);
          assert.equal(
            await w.locator("nav.site-nav summary").isVisible(),
            false,
            `1000 px${js ? "" : " without JavaScript"}: no menu button`,
          );
          const all = w.locator("nav.site-nav ul a");
          for (let i = 0; i < await all.count(); i++) assert.ok(await all.nth(i).isVisible(), `1000 px: link ${i} shown`);
          // The links are in the accessibility tree as links (not hidden in a closed disclosure).
          assert.equal(await w.getByRole("navigation").getByRole("link").count(), await all.count());
          await wide.close();
        }
      });

      await t.step("each family's record page shows its first diagram whole in the first screen at 390x844", async () => {
        const problems: string[] = [];
        for (const { f, id } of records) {
          for (const lang of ["en", "cs"] as const) {
            const path = `/${lang}/${f[lang]}/${id}/`;
            await open(page, origin + path);
            const box = await page.locator(".record .diagram-figure").first().locator("img, svg").first().boundingBox();
            if (!box) {
              problems.push(`${path}: no diagram drawn`);
              continue;
            }
            // Wholly on the first screen; a board drawn larger than what is left of it (large boards keep 40 px
            // a square and scroll in their box) must at least fill half the screen.
            const visible = Math.min(box.y + box.height, PHONE.height) - Math.max(box.y, 0);
            if (box.y < 0 || visible < Math.min(box.height, PHONE.height / 2) || box.height < 100) {
              problems.push(`${path}: diagram at y ${Math.round(box.y)}-${Math.round(box.y + box.height)}`);
            }
          }
        }
        assert.deepEqual(problems, [], `diagrams not in the first screen:\n${problems.join("\n")}`);
      });

      await t.step("no page scrolls sideways at 390 px, embed pages included", async () => {
        const pages = [
          "/",
          "/en/",
          "/cs/",
          "/en/leapers/",
          "/cs/skokani/",
          ...records.flatMap(({ f, id }) => [`/en/${f.en}/${id}/`, `/cs/${f.cs}/${id}/`]),
          ...FAMILIES.flatMap((f) => [`/en/${f.en}/`, `/cs/${f.cs}/`]),
          "/en/pieces/",
          "/en/pieces/leaper-1-2/",
          "/cs/kameny/leaper-1-2/",
          "/en/methods/",
          "/cs/metody/",
          "/en/sources/",
          "/cs/prameny/",
          "/en/downloads/",
          "/cs/ke-stazeni/",
          "/en/embed/",
          "/cs/vlozeni/",
          "/en/search/?q=zebra",
          "/cs/hledat/?q=zebra",
          ...EMBEDS.flatMap((id) => [`/embed/en/${id}/`, `/embed/cs/${id}/`]),
        ];
        const problems: string[] = [];
        for (const path of pages) {
          const [file] = path.split("?");
          if (!existsSync(join(out, file, "index.html")) && file !== "/") continue;
          await open(page, origin + path);
          // The embed's replay draws itself when its script runs: measure after that.
          if (path.startsWith("/embed/") && await page.locator("replay-island").count() > 0) {
            await page.waitForSelector(".replay[data-ready]", { state: "attached", timeout: 15_000 });
          }
          if (path.includes("?q=")) await page.waitForSelector("#search-results li", { timeout: 15_000 });
          const over = await sideways(page);
          if (over > 0) problems.push(`${path}: ${over} px`);
        }
        for (const id of EMBEDS.slice(0, 2)) {
          assert.ok(existsSync(join(out, "embed", "en", id, "index.html")), `the embed of ${id} is built`);
        }
        assert.deepEqual(problems, [], `pages that scroll sideways at 390 px:\n${problems.join("\n")}`);
      });

      assert.deepEqual(errors, [], "no script errors");
    } finally {
      await browser?.close();
      await served?.close();
    }
  },
});

Deno.test("phone: the magic page says how far the unfinished run got, whether it is paused and since when, never 'running'", async () => {
  const out = await dist();
  const file = MagicRecordFile.parse(JSON.parse(readFileSync(join(REAL_DATA, "magic", "records.json"), "utf8")));
  const all = file.enumerations.find((e) => e.mode === "all");
  assert.ok(all, "the full enumeration is in the data");
  // The rule on known moments: a shard within the hour before the build is a run under way, an older one a paused run.
  const state = runState(all, file, new Date());
  const last = Date.parse(state.last);
  assert.equal(runState(all, file, new Date(last + 10 * 60_000)).paused, false);
  assert.equal(runState(all, file, new Date(last + (PAUSED_AFTER_HOURS + 1) * 3600_000)).paused, true);
  assert.equal(runState(all, file, new Date(last - 3600_000)).paused, true, "a build before the last shard cannot tell");
  // The shard files' latest finishedAt is the moment of the last progress.
  const runs = join(REAL_DATA, "magic", "proofs", all.key);
  const finished = readdirSync(runs).filter((n) => /^shard-\d+-of-\d+\.json$/.test(n)).map((n) =>
    JSON.parse(readFileSync(join(runs, n), "utf8")).finishedAt as string
  );
  if (finished.length > 0) assert.equal(state.last, finished.sort().at(-1));

  const text = (path: string) =>
    readFileSync(join(out, path, "index.html"), "utf8").replace(/<[^>]+>/g, " ").replace(/&nbsp;|\u00a0/g, " ").replace(/\s+/g, " ");
  const en = text("en/magic-tours");
  const cs = text("cs/magicke-prochazky");
  const recEn = text(`en/magic-tours/${all.id}`);
  const recCs = text(`cs/magicke-prochazky/${all.id}`);
  for (const page of [en, cs, recEn, recCs]) assert.doesNotMatch(page, /\brunning\b/);
  if (all.complete) return;
  // Built a moment ago: the page's words follow the rule for the build's moment (the data's last shard is hours old, so "paused").
  const paused = runState(all, file).paused;
  assert.match(en, paused ? /\bpaused\b/ : /\bunder way\b/);
  // Letter boundaries by Unicode property: \b counts í and á as non-word characters, so /\bprobíhá\b/ never matches.
  assert.match(cs, paused ? /(?<!\p{L})pozastaveno(?!\p{L})/u : /(?<!\p{L})probíhá(?!\p{L})/u);
  assert.match(recEn, paused ? /Paused: the run is not going/ : /Under way/);
  assert.match(recCs, paused ? /Pozastaveno: výpočet neběží/ : /Probíhá/);
  // How far: shards and prefixes done, in each language's number format, and the day of the last progress.
  const num = (n: number, lang: "en" | "cs") => formatNumber(n, lang).replace(/\u00a0/g, " ");
  assert.ok(
    en.includes(
      `${num(all.shardsDone, "en")} of ${num(all.shardCount, "en")} shards, ${num(all.prefixesCovered, "en")} of ${
        num(all.prefixes!, "en")
      } prefixes`,
    ),
    "en: shards and prefixes",
  );
  assert.ok(
    cs.includes(
      `${num(all.shardsDone, "cs")} z ${num(all.shardCount, "cs")} částí, ${num(all.prefixesCovered, "cs")} z ${
        num(all.prefixes!, "cs")
      } začátků`,
    ),
    "cs: shards and prefixes",
  );
  assert.ok(en.includes(`last progress ${formatDate(state.last, "en")}`), "en: the day of the last progress");
  assert.ok(cs.includes(`poslední pokrok ${formatDate(state.last, "cs").replace(/\u00a0/g, " ")}`), "cs: the day of the last progress");
  assert.ok(recEn.includes(formatDate(state.last, "en")), "the record page names the day");
});
