/**
 * Embedding (issue 16) over one build of the small fixture
 * (tests/fixtures/site-pages):
 * - every record's oEmbed response parses, has the oEmbed 1.0 "rich" fields
 *   with their types, and its iframe names an embed page of the build (and its
 *   thumbnail a share image of the build); every record page names its
 *   response in a discovery <link>;
 * - every animated solution of the build decodes (tests/helpers/gif.ts, not
 *   the encoder) and has a frame for the start and each move of its record
 *   (counted from the record page's move list), or the documented reduction;
 * - in Chromium: a page served from ANOTHER port of localhost holds the embed
 *   page in an <iframe>; the replay inside steps with the keyboard, the move
 *   counter follows, a #move-N address opens that position; without
 *   JavaScript the page shows the numbered solution; axe-core finds no
 *   violation on the embed page in either language, nor on the embed help page.
 * EMBED_TEST_DIST=<folder> tests an existing build instead of building one.
 * EMBED_TEST_SCREENSHOT=<file.png> saves a screenshot of the host page.
 */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { decodeEntities, filesWithExt, openingTags, resolveBuilt, ROOT } from "../helpers/site.ts";
import { sharedSite } from "../helpers/shared-build.ts";
import { describeViolations, launchBrowser, requireBrowser, runAxe, type Served, serveSite } from "../helpers/browser.ts";
import { decodeGif } from "../helpers/gif.ts";
import { animationPositions } from "../../site/lib/animation.ts";

const FIXTURE = join(ROOT, "tests", "fixtures", "site-pages");
/** The origin the build writes into absolute addresses ($ATLAS_SITE_URL unset: site/lib/paths.ts). */
const SITE_ORIGIN = "http://127.0.0.1:4321";
const SECTION = { en: "leapers", cs: "skokani" } as const;
const WORDS = { en: (p: number, n: number) => `Move ${p} of ${n}`, cs: (p: number, n: number) => `Tah ${p} z ${n}` };

/** The fixture site, built once per test run and shared with the other site tests (tests/helpers/shared-build.ts). */
const dist = sharedSite(FIXTURE, "EMBED_TEST_DIST");

/** A site-absolute path of an absolute URL of the build. */
function sitePath(url: string): string {
  assert.ok(url.startsWith(SITE_ORIGIN + "/"), `${url} is not an address of the site`);
  return url.slice(SITE_ORIGIN.length);
}

/** Records of the build (from the English record pages), with the moves of their replay (0 without one). */
function records(out: string): { id: string; moves: number }[] {
  const dir = join(out, "en", SECTION.en);
  return readdirSync(dir).filter((id) => existsSync(join(dir, id, "index.html"))).map((id) => {
    const html = readFileSync(join(dir, id, "index.html"), "utf8");
    return { id, moves: html.includes("data-replay=") ? (html.match(/<li id="move-\d+"/g) ?? []).length - 1 : 0 };
  });
}

Deno.test("embed: every oEmbed response is a valid rich response whose iframe and thumbnail exist in the build", async () => {
  const out = await dist();
  const files = filesWithExt(join(out, "oembed"), ".json");
  const recs = records(out);
  assert.ok(recs.length >= 5);
  assert.equal(files.length, 2 * recs.length, "one response per record and language");
  for (const file of files) {
    const o = JSON.parse(readFileSync(file, "utf8"));
    const where = file.slice(out.length);
    // oEmbed 1.0, section 2.3.4: type and version required; rich: html, width, height required.
    assert.equal(o.type, "rich", where);
    assert.equal(o.version, "1.0", where);
    for (const k of ["title", "provider_name", "provider_url", "html", "thumbnail_url"]) {
      assert.equal(typeof o[k], "string", `${where}: ${k}`);
    }
    for (const k of ["width", "height", "thumbnail_width", "thumbnail_height"]) {
      assert.ok(Number.isInteger(o[k]) && o[k] > 0, `${where}: ${k}`);
    }
    const tags = openingTags(o.html);
    assert.equal(tags.length, 1, `${where}: html is one element`);
    const iframe = tags[0];
    assert.equal(iframe.name, "iframe");
    assert.equal(Number(iframe.attrs.width), o.width, `${where}: iframe width`);
    assert.equal(Number(iframe.attrs.height), o.height, `${where}: iframe height`);
    assert.ok(iframe.attrs.title, `${where}: the iframe has a title`);
    const embed = sitePath(iframe.attrs.src);
    assert.match(embed, /^\/embed\/(en|cs)\/[^/]+\/$/);
    assert.ok(resolveBuilt(out, embed), `${where}: ${embed} is not in the build`);
    const thumbnail = resolveBuilt(out, sitePath(o.thumbnail_url));
    assert.ok(thumbnail, `${where}: ${o.thumbnail_url} is not in the build`);
    // The PNG's header (IHDR: width and height at bytes 16 and 20) has the size the response gives.
    const png = readFileSync(thumbnail);
    const ihdr = new DataView(png.buffer, png.byteOffset, png.byteLength);
    assert.deepEqual([ihdr.getUint32(16), ihdr.getUint32(20)], [o.thumbnail_width, o.thumbnail_height], `${where}: thumbnail size`);
    assert.ok(resolveBuilt(out, sitePath(o.provider_url)), `${where}: ${o.provider_url}`);
  }
  // Discovery: each record page names its own response.
  for (const { id } of recs) {
    for (const [lang, section] of Object.entries(SECTION)) {
      const html = readFileSync(join(out, lang, section, id, "index.html"), "utf8");
      const links = openingTags(html).filter((t) => t.name === "link" && t.attrs.type === "application/json+oembed");
      assert.equal(links.length, 1, `${lang} ${id}: one oEmbed discovery link`);
      assert.equal(links[0].attrs.rel, "alternate");
      assert.ok(links[0].attrs.title);
      assert.equal(sitePath(links[0].attrs.href), `/oembed/${lang}/${id}.json`);
      // The page's iframe snippet is the response's html.
      const o = JSON.parse(readFileSync(join(out, "oembed", lang, `${id}.json`), "utf8"));
      const snippets = [...html.matchAll(/<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g)].map((m) => decodeEntities(m[1]));
      assert.ok(snippets.includes(o.html), `${lang} ${id}: the iframe snippet`);
    }
  }
});

Deno.test("embed: every animated solution decodes with a frame for the start and each move (or the documented reduction)", async () => {
  const out = await dist();
  let checked = 0;
  for (const { id, moves } of records(out)) {
    const file = join(out, "diagrams", id, "solution.gif");
    if (moves === 0) {
      assert.ok(!existsSync(file), `${id} has no move sequence and should have no animation`);
      continue;
    }
    assert.ok(existsSync(file), `${id}: no animated solution`);
    const g = decodeGif(readFileSync(file));
    assert.equal(g.frames.length, animationPositions(moves).length, `${id}: frames`);
    if (moves <= 60) assert.equal(g.frames.length, moves + 1, `${id}: the start and every move`);
    assert.ok(g.frames.at(-1)!.delay > g.frames[1].delay, `${id}: the last frame pauses`);
    const kB = readFileSync(file).length / 1000;
    assert.ok(kB < 300, `${id}: ${kB} kB`);
    // The record page states the size.
    const html = readFileSync(join(out, "en", SECTION.en, id, "index.html"), "utf8");
    assert.match(html, new RegExp(`${Math.max(1, Math.round(kB))} kB, ${g.frames.length} frames`), `${id}: the size on the page`);
    checked++;
  }
  assert.ok(checked >= 3, `only ${checked} animations`);
});

/** A page on its own port of 127.0.0.1 (another origin than the site) that frames the embed page. */
function hostPage(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    })
  );
}

Deno.test({
  name: "embed: the replay in an iframe on another origin steps with the keyboard; axe finds nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    requireBrowser();
    const out = await dist();
    const rec = records(out).filter((r) => r.moves >= 5).sort((a, b) => b.moves - a.moves)[0];
    assert.ok(rec, "the fixture has a record with a replay of 5 moves or more");
    let served: Served | undefined;
    let host: Awaited<ReturnType<typeof hostPage>> | undefined;
    let browser: Browser | undefined;
    try {
      served = serveSite(out);
      const o = JSON.parse(readFileSync(join(out, "oembed", "en", `${rec.id}.json`), "utf8"));
      // The oEmbed html as a host page would paste it, pointed at the test server; a second frame opens at move 3.
      const frame = o.html.replace(SITE_ORIGIN, served.origin);
      const deep = frame.replace(/src="([^"]*)"/, `src="$1#move-3"`).replace(/title="/, 'title="Deep link: ');
      host = await hostPage(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A forum post</title></head><body><main><h1>A post</h1>${frame}${deep}</main></body></html>`,
      );
      assert.notEqual(new URL(host.origin).port, new URL(served.origin).port);
      browser = await launchBrowser();
      const page = await browser.newPage({ viewport: { width: 800, height: 1100 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(host.origin + "/", { waitUntil: "load" });
      // The iframes load lazily (loading="lazy"), after the host page's load event.
      const embedFrames = () => page.frames().filter((f) => f.url().includes(`/embed/en/${rec.id}/`));
      for (let i = 0; i < 100 && embedFrames().length < 2; i++) await page.waitForTimeout(100);
      const frames = embedFrames();
      assert.equal(frames.length, 2, "both iframes loaded the embed page");
      const [main, linked] = frames[0].url().includes("#move-") ? [frames[1], frames[0]] : frames;
      for (const f of frames) await f.waitForSelector(".replay[data-ready]", { timeout: 15_000 });
      const status = async (f = main) => ((await f.textContent(".replay-status")) ?? "").trim();

      await t.step("the keyboard steps the replay and the move counter follows", async () => {
        const n = rec.moves;
        // Without a #move-N fragment the replay opens at the start (as on the record page).
        assert.match(await status(), new RegExp(`^Start position \\(move 0 of ${n}\\)`), `opens at the start: ${await status()}`);
        await main.locator(".replay-board").focus();
        await page.keyboard.press("End");
        await main.waitForFunction((s) => (document.querySelector(".replay-status")?.textContent ?? "").startsWith(s), WORDS.en(n, n));
        await page.keyboard.press("Home");
        await main.waitForFunction(() => !/^Move /.test(document.querySelector(".replay-status")?.textContent ?? ""));
        for (let p = 1; p <= 3; p++) {
          await page.keyboard.press("ArrowRight");
          await main.waitForFunction((s) => (document.querySelector(".replay-status")?.textContent ?? "").startsWith(s), WORDS.en(p, n));
        }
        await page.keyboard.press("ArrowLeft");
        await main.waitForFunction((s) => (document.querySelector(".replay-status")?.textContent ?? "").startsWith(s), WORDS.en(2, n));
        await page.keyboard.press("End");
        await main.waitForFunction((s) => (document.querySelector(".replay-status")?.textContent ?? "").startsWith(s), WORDS.en(n, n));
        // The position is kept in the frame's own address, not the host page's.
        assert.equal(await main.evaluate(() => location.hash), `#move-${n}`);
        assert.equal(await page.evaluate(() => location.hash), "");
      });

      await t.step("a #move-N address opens that position", async () => {
        assert.ok((await status(linked)).startsWith(WORDS.en(3, rec.moves)), await status(linked));
      });

      await t.step("the link back leads to the record page", async () => {
        const href = await main.getAttribute(".embed-title a", "href");
        assert.equal(href, `/en/${SECTION.en}/${rec.id}/`);
        assert.equal(await main.getAttribute(".embed-title a", "target"), "_blank");
      });

      await t.step("the record page writes its image snippets from one template; without JavaScript it shows their URLs", async () => {
        const path = `/en/${SECTION.en}/${rec.id}/`;
        const record = `${SITE_ORIGIN}${path}`;
        const files = `${SITE_ORIGIN}/diagrams/${rec.id}/`;
        // The page itself carries no image snippet as text (only the iframe one): the script writes them.
        const html = readFileSync(join(out, "en", SECTION.en, rec.id, "index.html"), "utf8");
        assert.ok(!html.includes(`[img]${files}`), "no BBCode snippet in the page's HTML");
        // A page of its own: the host page's frames are still needed below.
        const page = await browser!.newPage();
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(served!.origin + path, { waitUntil: "load" });
        const value = (id: string) => page.locator(`#${id}`).inputValue();
        const snip = (group: string, i: number) => `snip-${rec.id}-${group}-${i}`;
        assert.equal(await value(snip("solution", 0)), `[url=${record}][img]${files}solution.png[/img][/url]`);
        assert.equal(await value(snip("animation", 0)), `[url=${record}][img]${files}solution.gif[/img][/url]`);
        assert.match(await value(snip("problem", 1)), new RegExp(`^\\[!\\[[^\\]]+\\]\\(${files}problem\\.png\\)\\]\\(${record}\\)$`));
        const tag = openingTags(await value(snip("solution", 2)));
        assert.deepEqual(tag.map((x) => x.name), ["a", "img"]);
        assert.equal(tag[0].attrs.href, record);
        assert.equal(tag[1].attrs.src, `${files}solution.svg`);
        assert.ok(Number(tag[1].attrs.width) > 0 && Number(tag[1].attrs.height) > 0 && /\S/.test(tag[1].attrs.alt ?? ""));
        // Each snippet is a labelled field with its copy button, as a server-written one would be.
        for (const [group, i, name] of [["solution", 0, "BBCode"], ["problem", 1, "Markdown"], ["animation", 2, "HTML"]] as const) {
          assert.equal(await page.locator(`label[for="${snip(group, i)}"]`).textContent(), name);
          assert.equal(await page.locator(`button.copy[data-copy="${snip(group, i)}"]`).count(), 1);
        }
        const context = await browser!.newContext({ javaScriptEnabled: false });
        const plain = await context.newPage();
        await plain.goto(served!.origin + path, { waitUntil: "load" });
        await plain.locator("details.snippet-group[data-key=solution] summary").click();
        const urls = await plain.locator("details.snippet-group[data-key=solution] .snippet-urls code").allTextContents();
        assert.deepEqual(urls, [`${files}solution.png`, `${files}solution.svg`]);
        assert.equal(await plain.locator(`#${snip("solution", 0)}`).count(), 0);
        await context.close();
        await page.close();
      });

      await t.step("without JavaScript the embed page shows the numbered solution", async () => {
        const context = await browser!.newContext({ javaScriptEnabled: false });
        const plain = await context.newPage();
        await plain.goto(`${served!.origin}/embed/cs/${rec.id}/`, { waitUntil: "load" });
        const img = plain.locator("img.embed-fallback");
        assert.ok(await img.isVisible(), "the fallback image is shown");
        assert.ok(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth > 0), "the fallback image loads");
        assert.match((await img.getAttribute("alt")) ?? "", /\S/);
        assert.equal(await plain.locator(".replay").count(), 0);
        await context.close();
      });
      // With the replay drawn, the stand-in is hidden.
      assert.equal(await main.locator("img.embed-fallback").isVisible(), false);

      const shot = Deno.env.get("EMBED_TEST_SCREENSHOT");
      if (shot) await page.screenshot({ path: shot, fullPage: true });

      await t.step("axe-core: the embed page in both languages and the embed help pages have no violations", async () => {
        const problems: string[] = [];
        // Records without a move sequence: an embed page with the diagram only, and one with text only.
        const others = records(out).filter((r) => r.moves === 0).map((r) => ({
          id: r.id,
          html: readFileSync(join(out, "embed", "cs", r.id, "index.html"), "utf8"),
        }));
        const diagramOnly = others.find((o) => o.html.includes("embed-figure"));
        const textOnly = others.find((o) => !o.html.includes("embed-figure"));
        assert.ok(diagramOnly, "the fixture has a record without moves but with a diagram");
        const paths = [`/embed/en/${rec.id}/`, `/embed/cs/${rec.id}/`, `/embed/cs/${diagramOnly.id}/`, "/en/embed/", "/cs/vlozeni/"];
        if (textOnly) paths.push(`/embed/en/${textOnly.id}/`);
        for (const path of paths) {
          const res = await page.goto(served!.origin + path, { waitUntil: "load" });
          assert.equal(res?.status(), 200, path);
          if (path === `/embed/en/${rec.id}/` || path === `/embed/cs/${rec.id}/`) {
            await page.waitForSelector(".replay[data-ready]", { timeout: 15_000 });
          }
          if (path.includes(diagramOnly.id)) {
            assert.ok(
              await page.locator("img.embed-diagram").evaluate((el) => (el as HTMLImageElement).naturalWidth > 0),
              `${path}: the diagram loads`,
            );
          }
          const v = await runAxe(page);
          if (v.length > 0) problems.push(describeViolations(path, v));
        }
        assert.equal(problems.length, 0, `axe-core violations:\n${problems.join("\n")}`);
      });
      assert.deepEqual(errors, [], "no script errors");
    } finally {
      await browser?.close();
      await host?.close();
      await served?.close();
    }
  },
});
