/**
 * The pages of the atlas, over one build from a small fixture
 * (tests/fixtures/site-pages: ten leaper records with published and generated
 * witnesses, a proven cell with its certificate, tours, access, a record
 * without witness; one note holds markup): a page for every
 * record in both languages, no broken internal link, a language switch on
 * every page that leads to the same page and back, the sitemap against the
 * built pages, the downloads against their JSON Schema and the data files,
 * the search index, the piece maps against an independent count, and data
 * rendered as text. A first test checks, without building, that every record
 * of the real data/ gets a page in both languages.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { AnyRecordFile } from "../../solvers/records/all.ts";
import { fold, type SearchItem, searchItems } from "../../site/lib/search-match.ts";
import { unpackReplay } from "../../site/islands/replay-pack.ts";
import { elementIds, filesWithExt, openingTags, parseCsv, resolveBuilt, ROOT, splitUrl, urlPathOf, urlsOf } from "../helpers/site.ts";
import { sharedBuild } from "../helpers/shared-build.ts";

const FIXTURE = join(ROOT, "tests", "fixtures", "site-pages");
const REAL_DATA = join(ROOT, "data");
const MARKUP_NOTE = '<script>alert("note")</script><b>bold</b> & more';

/** The record files of a data folder (data/<family>/*.json that validate against the union schema), with their record ids. */
function dataRecordIds(dir: string): Map<string, { family: string; ids: string[] }> {
  const out = new Map<string, { family: string; ids: string[] }>();
  for (const folder of readdirSync(dir)) {
    const sub = join(dir, folder);
    if (!statSync(sub).isDirectory()) continue;
    for (const name of readdirSync(sub)) {
      if (!name.endsWith(".json")) continue;
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(join(sub, name), "utf8"));
      } catch {
        continue;
      }
      const parsed = AnyRecordFile.safeParse(raw);
      if (!parsed.success) continue;
      const file = raw as { family: string; records: { id: string }[] };
      out.set(`${folder}/${name}`, { family: file.family, ids: file.records.map((r) => r.id) });
    }
  }
  return out;
}

Deno.test("site pages: every record of data/ has a record page in both languages (no build)", async () => {
  // The adapters read $ATLAS_DATA_DIR or ./data when first asked.
  const { allEntries, ADAPTERS } = await import("../../site/families/index.ts");
  const { allPagePairs } = await import("../../site/lib/site-pages.ts");
  const files = dataRecordIds(REAL_DATA);
  assert.ok([...files.values()].some((f) => f.family === "leaper"), "data/leaper/records.json should be a record file");
  const entries = allEntries();
  const byId = new Map(entries.map((e) => [e.id, e]));
  const paths = new Set(allPagePairs().flatMap((p) => [p.en, p.cs]));
  let checked = 0;
  for (const [file, { family, ids }] of files) {
    // A family without a site adapter yet has no pages: that is reported, not hidden.
    const adapter = ADAPTERS.find((a) => a.family === family);
    if (!adapter) {
      console.warn(`${file}: family ${family} has no site adapter yet`);
      continue;
    }
    for (const id of ids) {
      const e = byId.get(id);
      assert.ok(e, `${file}: record ${id} has no site entry`);
      assert.equal(e.family, family);
      for (const lang of ["en", "cs"] as const) {
        const path = `/${lang}/${adapter.slug[lang]}/${id}/`;
        assert.ok(paths.has(path), `${file}: record ${id} has no page ${path}`);
      }
      checked++;
    }
  }
  const leaperIds = [...files.values()].filter((f) => f.family === "leaper").flatMap((f) => f.ids);
  assert.ok(checked >= leaperIds.length && leaperIds.length > 0);
});

/** Texts that name a file or folder of ours (issue 12: public pages cite publications, never our paths). */
const OUR_PATH = /\b(?:solvers|scripts|shared|site|tests|data|bench)\/|\b[\w-]+\.(?:ts|tsx|json|txt|astro)\b/;
/** Letters only Czech has among the atlas's two languages: a Czech text without any is English left untranslated. */
const CZECH_LETTERS = /[áčďéěíňóřšťúůýž]/i;

/** What is wrong with a bilingual note for a public page (empty when nothing). */
export function noteProblems(note: { en?: unknown; cs?: unknown }): string[] {
  const problems: string[] = [];
  for (const lang of ["en", "cs"] as const) {
    const text = note[lang];
    if (typeof text !== "string" || text.trim() === "") problems.push(`no ${lang} text`);
    else if (OUR_PATH.test(text)) problems.push(`${lang} names one of our files: "${text.match(OUR_PATH)![0]}"`);
  }
  if (typeof note.cs === "string" && typeof note.en === "string") {
    if (note.cs === note.en) problems.push("cs is the English text");
    else if (!CZECH_LETTERS.test(note.cs)) problems.push("cs has no Czech letter (English left untranslated?)");
  }
  return problems;
}

Deno.test("site pages: the locust records' notes are bilingual, name none of our files (nor do the established lines), and the pages show them under the status", async () => {
  // the check itself fails on what it must catch
  assert.notDeepEqual(
    noteProblems({ en: "Searched without a hit: lazy search (solvers/locust/witness.ts)", cs: "Hledáno bez nálezu: líné hledání" }),
    [],
  );
  assert.notDeepEqual(noteProblems({ en: "Witness pending.", cs: "Witness pending." }), []);
  assert.notDeepEqual(noteProblems({ en: "Witness pending." }), []);
  assert.notDeepEqual(noteProblems({ en: "See shared/reference/witnesses.json", cs: "Viz shared/reference/witnesses.json, řádek 3" }), []);
  assert.deepEqual(noteProblems({ en: "Searched without a hit.", cs: "Hledáno bez nálezu." }), []);
  const raw = JSON.parse(readFileSync(join(REAL_DATA, "locust", "records.json"), "utf8")) as {
    records: { id: string; witness: unknown; notes?: unknown[]; published?: unknown }[];
  };
  const { allEntries } = await import("../../site/families/index.ts");
  const byId = new Map(allEntries().map((e) => [e.id, e]));
  for (const r of raw.records) {
    // a cell without a witness says what was searched for it
    if (r.witness === null) assert.ok((r.notes ?? []).length > 0, `${r.id}: pending without a note of what was searched`);
    for (const n of r.notes ?? []) {
      const problems = typeof n === "object" && n !== null
        ? noteProblems(n as { en?: unknown; cs?: unknown })
        : ["a plain string, not an { en, cs } note"];
      assert.deepEqual(problems, [], `${r.id}: note ${JSON.stringify(n).slice(0, 120)}`);
    }
    // the record page gets them (site/components/pages/RecordPage.astro lists statusNotes under the status), after
    // one note of its own where the booklet prints a position other than the one shown (site/families/locust.ts)
    const shown = byId.get(r.id)?.statusNotes ?? [];
    const own = shown.length > (r.notes ?? []).length ? shown[0] : null;
    assert.deepEqual(shown.slice(own ? 1 : 0), r.notes ?? [], `${r.id}: notes not passed to the page`);
    if (own) {
      assert.ok(r.published, `${r.id}: a booklet-position note without a published position`);
      assert.ok(own.en.startsWith("The booklet prints a position of its own"), `${r.id}: ${own.en.slice(0, 80)}`);
      assert.ok(own.cs.startsWith("Brožura k tomuto rekordu uvádí vlastní pozici"), `${r.id}: ${own.cs.slice(0, 80)}`);
      assert.deepEqual(noteProblems(own), [], `${r.id}: booklet-position note`);
    }
    // and the lines saying what our code established (the search that found the witness) name no file either
    for (const line of byId.get(r.id)?.established ?? []) {
      for (const lang of ["en", "cs"] as const) {
        assert.doesNotMatch(line[lang], OUR_PATH, `${r.id}: established (${lang}) "${line[lang].slice(0, 100)}"`);
      }
    }
  }
});

// ---------------------------------------------------------------- the fixture build (made once, shared)

interface Built {
  outDir: string;
  dataDir: string;
  pages: Map<string, string>;
  stdout: string;
}

let built: Promise<Built> | null = null;

/** The fixture's site, built once per test run and shared with tests/site/embed_browser_test.ts (tests/helpers/shared-build.ts). */
function fixtureBuild(): Promise<Built> {
  built ??= (async () => {
    const dataDir = FIXTURE;
    const zebra = fixtureRecords(dataDir).find((r) => r.id === "zebra-8x8-sd52-b1");
    assert.equal(zebra?.notes?.[0], MARKUP_NOTE, "the fixture's zebra 52 carries the markup note the escaping test looks for");
    const run = await sharedBuild(dataDir);
    assert.equal(run.code, 0, `build failed:\n${run.stdout}\n${run.stderr}`);
    const outDir = run.outDir;
    const pages = new Map(filesWithExt(outDir, ".html").map((f) => [urlPathOf(outDir, f), readFileSync(f, "utf8")]));
    return { outDir, dataDir, pages, stdout: run.stdout };
  })();
  return built;
}

function fixtureRecords(
  dataDir: string,
): { id: string; tableCell: boolean; notes?: string[]; established: { maximality: { status: string; certificate?: string } } }[] {
  return JSON.parse(readFileSync(join(dataDir, "leaper", "records.json"), "utf8")).records;
}

Deno.test("site pages: the build reports progress, time and what it wrote", async () => {
  const b = await fixtureBuild();
  assert.match(b.stdout, /▸ Checking the data/);
  assert.match(b.stdout, /\d+ files generated by Astro \(\d+\.\d s\)/);
  const m = b.stdout.match(/(\d+) pages, (\d+) SVG and (\d+) PNG diagrams, (\d+) share images, (\d+) other files/);
  assert.ok(m, b.stdout);
  assert.equal(Number(m[1]), b.pages.size, "the page count printed is the number of HTML files written");
  assert.match(b.stdout, /✓ Built \d+ pages into .* in \d+(\.\d)? s/);
});

Deno.test("site pages: every record has its page in both languages, with its title and its language", async () => {
  const b = await fixtureBuild();
  const records = fixtureRecords(b.dataDir);
  assert.equal(records.length, 10);
  for (const r of records) {
    for (const [lang, slug] of [["en", "leapers"], ["cs", "skokani"]] as const) {
      const path = `/${lang}/${slug}/${r.id}/`;
      const html = b.pages.get(path);
      assert.ok(html, `no page ${path}`);
      assert.match(html, new RegExp(`<html lang="${lang}"`));
      assert.ok(html.includes(`data-record="${r.id}"`), `${path}: not the page of ${r.id}`);
      assert.equal((html.match(/<h1[\s>]/g) ?? []).length, 1, `${path}: one h1`);
    }
  }
  // Record pages exist only for records in the data.
  const recordPages = [...b.pages.keys()].filter((p) => /^\/(en\/leapers|cs\/skokani)\/[^/]+\/$/.test(p));
  assert.equal(recordPages.length, 2 * records.length);
});

Deno.test("site pages: no internal link, image or script points to nothing", async () => {
  const b = await fixtureBuild();
  let links = 0;
  for (const [path, html] of b.pages) {
    const ids = elementIds(html);
    for (const tag of openingTags(html)) {
      for (const url of urlsOf(tag)) {
        if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) continue; // external, mailto:, data:, javascript: are not links into the site
        const { path: target, fragment } = splitUrl(url);
        if (target === "") {
          if (fragment) assert.ok(ids.has(fragment), `${path}: <${tag.name}> #${fragment} has no target on the page`);
          continue;
        }
        assert.ok(target.startsWith("/"), `${path}: relative URL ${url} (the site uses root-relative paths)`);
        const file = resolveBuilt(b.outDir, target);
        assert.ok(file, `${path}: <${tag.name}> ${url} points to nothing in the build`);
        if (fragment && file.endsWith(".html")) {
          assert.ok(elementIds(readFileSync(file, "utf8")).has(fragment), `${path}: ${url}: no element #${fragment}`);
        }
        links++;
      }
    }
  }
  assert.ok(links > 1000, `only ${links} links checked`);
});

Deno.test("site pages: every page has a language switch to the same page in the other language, and back", async () => {
  const b = await fixtureBuild();
  let checked = 0;
  for (const [path, html] of b.pages) {
    const lang = path.startsWith("/cs/") ? "cs" : path.startsWith("/en/") ? "en" : null;
    const switches = openingTags(html).filter((t) => t.name === "a" && "data-lang-switch" in t.attrs);
    // The embeddable replays (/embed/<lang>/<id>/) are parts of other pages: no site frame, no switch.
    if (path.startsWith("/embed/")) continue;
    if (!lang) {
      // The language chooser and the 404 page are bilingual: they link both home pages.
      assert.ok(["/", "/404.html"].includes(path), `${path}: a page outside /en/ and /cs/`);
      continue;
    }
    assert.equal(switches.length, 1, `${path}: one language switch`);
    const other = lang === "en" ? "cs" : "en";
    const sw = switches[0].attrs;
    assert.equal(sw["data-lang-switch"], other);
    assert.equal(sw.hreflang, other);
    assert.ok(sw.href.startsWith(`/${other}/`), `${path}: switch to ${sw.href}`);
    const back = b.pages.get(sw.href);
    assert.ok(back, `${path}: the switch leads to ${sw.href}, which was not built`);
    const backSwitch = openingTags(back).find((t) => t.name === "a" && "data-lang-switch" in t.attrs);
    assert.equal(backSwitch?.attrs.href, path, `${sw.href} must switch back to ${path}`);
    // hreflang alternates in the head name the same pair.
    const alternates = openingTags(html).filter((t) => t.name === "link" && t.attrs.rel === "alternate" && t.attrs.hreflang !== undefined);
    assert.deepEqual(
      Object.fromEntries(alternates.map((t) => [t.attrs.hreflang, t.attrs.href])),
      { [lang]: path, [other]: sw.href },
      `${path}: hreflang alternates`,
    );
    // Record pages keep their id in both languages.
    const id = path.match(/^\/(?:en\/leapers|cs\/skokani)\/([^/]+)\/$/)?.[1];
    if (id) assert.ok(sw.href.endsWith(`/${id}/`));
    checked++;
  }
  assert.ok(checked > 40);
});

Deno.test("site pages: the sitemap lists every page with its alternates; robots.txt points to it", async () => {
  const b = await fixtureBuild();
  const xml = readFileSync(join(b.outDir, "sitemap.xml"), "utf8");
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);
  const locs = urls.map((u) => new URL(u.match(/<loc>([^<]+)<\/loc>/)![1]).pathname);
  const langPages = [...b.pages.keys()].filter((p) => p.startsWith("/en/") || p.startsWith("/cs/")).sort();
  assert.deepEqual([...locs].sort(), langPages, "sitemap = every page of both languages");
  for (const u of urls) {
    const alts = [...u.matchAll(/hreflang="(\w+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]).pathname]);
    assert.deepEqual(alts.map((a) => a[0]).sort(), ["cs", "en"]);
    for (const [, p] of alts) assert.ok(b.pages.has(p), `sitemap alternate ${p} was not built`);
  }
  const robots = readFileSync(join(b.outDir, "robots.txt"), "utf8");
  assert.match(robots, /^User-agent: \*$/m);
  assert.match(robots, /^Sitemap: \S+\/sitemap\.xml$/m);
});

Deno.test("site pages: downloads validate against the published JSON Schema and match the data", async () => {
  const b = await fixtureBuild();
  const read = (p: string) => readFileSync(join(b.outDir, "downloads", p), "utf8");
  const bundle = JSON.parse(read("records.json"));
  const schema = JSON.parse(read("schema.json"));
  // The JSON Schema, read back into a validator: the downloads must pass it and a broken copy must not.
  const fromSchema = z.fromJSONSchema(schema);
  const ok = fromSchema.safeParse(bundle);
  assert.ok(ok.success, `records.json does not validate against schema.json: ${!ok.success && ok.error.message}`);
  const broken = structuredClone(bundle);
  broken.files[0].records[0].claim.value = "fifty-two";
  assert.equal(fromSchema.safeParse(broken).success, false, "the schema must reject a non-numeric value");
  const missing = structuredClone(bundle);
  delete missing.files[0].records[0].kind;
  assert.equal(fromSchema.safeParse(missing).success, false, "the schema must reject a record without kind");
  // The bundle holds the data files as stored.
  const stored = JSON.parse(readFileSync(join(b.dataDir, "leaper", "records.json"), "utf8"));
  assert.deepEqual(bundle.files.find((f: { family: string }) => f.family === "leaper"), stored);

  // CSV: a header and one row per record, every row as wide as the header, ids in data order.
  const rows = parseCsv(read("leaper.csv"));
  const header = rows[0];
  assert.equal(header[0], "id");
  assert.equal(rows.length - 1, stored.records.length, "one CSV row per record");
  for (const row of rows.slice(1)) assert.equal(row.length, header.length);
  assert.deepEqual(rows.slice(1).map((r) => r[0]), stored.records.map((r: { id: string }) => r.id));
  const col = (name: string) => header.indexOf(name);
  for (const row of rows.slice(1)) {
    const rec = stored.records.find((r: { id: string }) => r.id === row[0]);
    assert.equal(Number(row[col("published_value")]), rec.claim.value);
    assert.equal(row[col("publication")], rec.claim.publication ?? "");
    assert.ok(new URL(row[col("url_en")]).pathname === `/en/leapers/${rec.id}/`);
    assert.ok(b.pages.has(new URL(row[col("url_cs")]).pathname));
  }
  // The verify report is published as the build read it.
  assert.deepEqual(JSON.parse(read("verify.json")), JSON.parse(readFileSync(join(b.dataDir, "reports", "verify.json"), "utf8")));
  // The downloads page links every file.
  const page = b.pages.get("/en/downloads/")!;
  for (const f of ["records.json", "schema.json", "leaper.csv", "verify.json"]) assert.ok(page.includes(`href="/downloads/${f}"`), f);
});

Deno.test("site pages: every record has its share image in both languages, every SVG permalink its PNG", async () => {
  // The build writes the images itself, beside Astro (scripts/lib/prerender.ts): none may be missing.
  const { OG_PNG_WIDTH, OG_PNG_HEIGHT } = await import("../../site/lib/og-card.ts");
  const { PERMALINK_WIDTH } = await import("../../site/lib/render.ts");
  const b = await fixtureBuild();
  const pngSize = (file: string) => {
    const data = readFileSync(file);
    assert.deepEqual([...data.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], `${file}: not a PNG`);
    const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
    return [dv.getUint32(16), dv.getUint32(20)];
  };
  const ids = fixtureRecords(b.dataDir).map((r) => r.id);
  assert.ok(ids.length >= 10);
  for (const id of ids) {
    for (const lang of ["en", "cs"]) {
      const file = join(b.outDir, "og", lang, `${id}.png`);
      assert.ok(existsSync(file), `no share image ${lang}/${id}`);
      assert.deepEqual(pngSize(file), [OG_PNG_WIDTH, OG_PNG_HEIGHT], file);
    }
  }
  const svgs = filesWithExt(join(b.outDir, "diagrams"), ".svg");
  assert.ok(svgs.length >= 10, `only ${svgs.length} SVG permalinks`);
  for (const svg of svgs) {
    const png = svg.replace(/\.svg$/, ".png");
    assert.ok(existsSync(png), `no PNG beside ${svg}`);
    assert.equal(pngSize(png)[0], PERMALINK_WIDTH, png);
  }
  assert.ok(!readdirSync(join(b.outDir, "..")).some((f) => f.endsWith(".tmp")), "the images' folder was moved into the site");
});

Deno.test("site pages: a certificate is published where the record page links it", async () => {
  const b = await fixtureBuild();
  const proven = fixtureRecords(b.dataDir).filter((r) => r.established.maximality.status === "proven-here");
  assert.ok(proven.length > 0);
  for (const r of proven) {
    const cert = r.established.maximality.certificate!;
    const url = `/${cert}`;
    for (const path of [`/en/leapers/${r.id}/`, `/cs/skokani/${r.id}/`]) {
      assert.ok(b.pages.get(path)!.includes(`href="${url}"`), `${path} links ${url}`);
    }
    const published = readFileSync(join(b.outDir, cert));
    const original = readFileSync(join(b.dataDir, cert.replace(/^data\//, "")));
    assert.deepEqual(published, original, "the certificate is published byte for byte");
    // Its shards too, so the SHA-256 sums in it can be checked.
    const shards = JSON.parse(original.toString()).shards as { file: string }[];
    for (const s of shards) assert.ok(existsSync(join(b.outDir, cert.replace(/certificate\.json$/, s.file))), s.file);
    // The path it had until the proofs moved to data/<family>/proofs still serves the same bytes (links out there keep working).
    const legacy = cert.replace(/^data\/leaper\/proofs\//, "data/proofs/");
    assert.notEqual(legacy, cert, `${cert} is a leaper proof`);
    assert.deepEqual(readFileSync(join(b.outDir, legacy)), original, `${legacy} still published`);
    for (const s of shards) assert.ok(existsSync(join(b.outDir, legacy.replace(/certificate\.json$/, s.file))), `legacy ${s.file}`);
  }
});

Deno.test("site pages: the search index covers records, pieces and sources in both languages", async () => {
  const b = await fixtureBuild();
  const records = fixtureRecords(b.dataDir);
  for (const lang of ["en", "cs"] as const) {
    const index = JSON.parse(readFileSync(join(b.outDir, "search-index", `${lang}.json`), "utf8")) as { items: SearchItem[] };
    const urls = new Set(index.items.map((i) => i[2]));
    for (const r of records) assert.ok(urls.has(`/${lang}/${lang === "en" ? "leapers" : "skokani"}/${r.id}/`), `${lang}: ${r.id}`);
    for (const [kind, title, url] of index.items) {
      assert.ok(title.length > 0, `${lang}: item without title`);
      assert.ok(resolveBuilt(b.outDir, splitUrl(url).path), `${lang}: ${kind} ${url} was not built`);
    }
    assert.ok(index.items.some((i) => i[0] === "piece" && i[2].endsWith("/leaper-2-3/")));
    assert.ok(index.items.some((i) => i[0] === "source"));
    // Matching: every word must occur, accents and case ignored.
    const zebra = searchItems(index.items, "zebra sd=52");
    const slug = lang === "en" ? "leapers" : "skokani";
    assert.deepEqual(
      zebra.hits.map((h) => h[2]).sort(),
      [`/${lang}/${slug}/leaper-2-3-dual-free-8x8/`, `/${lang}/${slug}/zebra-8x8-sd52-b1/`],
      "the two zebra sd=52 records and nothing else",
    );
    assert.ok(searchItems(index.items, "KOTESOVEC").total > 0, "accents ignored");
    assert.equal(searchItems(index.items, "zebra no-such-word-anywhere").total, 0);
  }
  assert.equal(fold("Kotěšovec Žirafa"), "kotesovec zirafa");
  // The search page: the island, and links to the tables for readers without JavaScript.
  const page = b.pages.get("/cs/hledat/")!;
  assert.ok(page.includes("<astro-island"), "the search island is on the page");
  assert.ok(page.includes('href="/cs/skokani/"'), "without JavaScript the page links the tables");
  // Every page's header form submits to the search page of its language; the search page itself has only its own
  // form (two search landmarks on one page would repeat each other: axe's landmark-unique).
  for (const [path, html] of b.pages) {
    if (!path.startsWith("/en/") && !path.startsWith("/cs/")) continue;
    const forms = openingTags(html).filter((t) => t.name === "form" && t.attrs.role === "search");
    if (path === "/en/search/" || path === "/cs/hledat/") {
      assert.equal(forms.length, 1, `${path}: one search form, the island's`);
      assert.equal(forms[0].attrs.action, undefined, `${path}: the search form is the island's, not the header's`);
      continue;
    }
    const form = forms[0];
    assert.equal(form?.attrs.action, path.startsWith("/en/") ? "/en/search/" : "/cs/hledat/", path);
  }
});

/** Moves of an [x,y] leaper from (f,r) on 8x8, counted directly from the definition. */
function leaperDegree(x: number, y: number, f: number, r: number): number {
  const seen = new Set<string>();
  for (const [a, b] of [[x, y], [y, x]]) {
    for (const sa of [-1, 1]) {
      for (const sb of [-1, 1]) {
        const nf = f + sa * a;
        const nr = r + sb * b;
        if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && (nf !== f || nr !== r)) seen.add(`${nf},${nr}`);
      }
    }
  }
  return seen.size;
}

/** The cell texts of a board table, rank 8 first, as [rank][file]. */
function boardTableCells(table: string): string[][] {
  const body = table.slice(table.indexOf("<tbody"));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]+>/g, "").trim())
  );
}

Deno.test("site pages: piece pages show the degree and access maps of the empty board", async () => {
  const b = await fixtureBuild();
  for (const [x, y] of [[1, 2], [2, 3], [0, 7], [3, 5]]) {
    const html = b.pages.get(`/en/pieces/leaper-${x}-${y}/`);
    assert.ok(html, `piece page of [${x},${y}]`);
    assert.ok(b.pages.has(`/cs/kameny/leaper-${x}-${y}/`));
    const tables = [...html.matchAll(/<table class="board-grid[^"]*">([\s\S]*?)<\/table>/g)].map((m) => m[1]);
    const access = tables.find((t) => t.includes("Access map"));
    const degree = tables.find((t) => t.includes("Degree map"));
    assert.ok(access && degree, `[${x},${y}]: both maps`);
    const deg = boardTableCells(degree);
    assert.equal(deg.length, 8);
    for (let i = 0; i < 8; i++) {
      assert.equal(deg[i].length, 8);
      for (let f = 0; f < 8; f++) assert.equal(Number(deg[i][f]), leaperDegree(x, y, f, 7 - i), `[${x},${y}] degree at ${f},${7 - i}`);
    }
    // Access: 0 on the origin, and a square at distance d > 0 has a neighbour at distance d - 1.
    const acc = boardTableCells(access);
    const at = (f: number, r: number) => acc[7 - r][f];
    const origin = x === 3 && y === 5 ? [2, 0] : [0, 0];
    assert.equal(at(origin[0], origin[1]), "0");
    let reached = 0;
    for (let f = 0; f < 8; f++) {
      for (let r = 0; r < 8; r++) {
        const d = at(f, r);
        if (d === "·" || d === "0") continue;
        reached++;
        let prev = false;
        for (const [a, c] of [[x, y], [y, x]]) {
          for (const sa of [-1, 1]) {
            for (const sc of [-1, 1]) {
              const nf = f + sa * a;
              const nr = r + sc * c;
              if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && at(nf, nr) === String(Number(d) - 1)) prev = true;
            }
          }
        }
        assert.ok(prev, `[${x},${y}]: square ${f},${r} at distance ${d} has no neighbour at ${Number(d) - 1}`);
      }
    }
    assert.ok(html.includes(`reaches ${reached} of the other 63 squares`), `[${x},${y}]: access count ${reached} stated`);
  }
  // The table's access value for the zebra (63) agrees with the map.
  assert.ok(b.pages.get("/en/pieces/leaper-2-3/")!.includes("reaches 63 of the other 63 squares"));
});

Deno.test("site pages: data from the records is rendered as text, never as markup", async () => {
  const b = await fixtureBuild();
  for (const path of ["/en/leapers/zebra-8x8-sd52-b1/", "/cs/skokani/zebra-8x8-sd52-b1/"]) {
    const html = b.pages.get(path)!;
    assert.ok(!html.includes('<script>alert("note")'), `${path}: a note became a script`);
    assert.ok(!html.includes("<b>bold</b>"), `${path}: a note became markup`);
    assert.ok(
      html.includes("&lt;script&gt;alert(&quot;note&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; more"),
      `${path}: the note as text`,
    );
  }
});

Deno.test("site pages: record pages hold the problem, solution, provenance, established facts and neighbours", async () => {
  const b = await fixtureBuild();
  const zebra = b.pages.get("/en/leapers/zebra-8x8-sd52-b1/")!;
  assert.ok(zebra.includes('<p class="problem-heading">sd=52 Zebra b1 (1+52)</p>'));
  assert.match(zebra, /1\.Z:e3 2\.Z:h1 [^<]* 52\.Z:a2=/);
  // The transcription line as a secondary detail, never the folder it is kept in; the booklet by its title.
  assert.ok(zebra.includes("000_f7bf65ff92730977.txt, line"), "source line reference");
  assert.ok(!zebra.includes("shared/sources"), "no transcription folder on the page");
  assert.ok(zebra.includes("Application of Graph Theory in Chess Problems"), "the booklet cited by title");
  assert.ok(zebra.includes("Unique: yes (solutions: 1)"));
  assert.ok(zebra.includes("<replay-island"), "the replay island");
  // Its props packed (site/islands/replay-pack.ts) and decoding to the record's replay; no Astro island
  // runtime inlined into the page (one shared module starts the replay).
  const packed = /<replay-island\b[^>]*\sdata-packed="([^"]*)"/.exec(zebra)?.[1];
  assert.ok(packed, "the packed replay");
  const decoded = unpackReplay(packed.replace(/&amp;/g, "&"));
  assert.equal(decoded.steps.length, 52);
  assert.equal(decoded.steps[0].from, 1, "from b1");
  // The decoded labels are the move list the server rendered (1.Z:e3 ... 52.Z:a2).
  const listed = [...zebra.matchAll(/<li id="move-(\d+)"><a [^>]*>([^<]*)<\/a>/g)].filter((m) => m[1] !== "0").map((m) => m[2]);
  assert.deepEqual(decoded.steps.map((st) => st.label), listed);
  assert.equal(listed[0], "1.Z:e3");
  assert.ok(!zebra.includes("<astro-island"), "no Astro island on a record page");
  assert.match(zebra, /<script type="module" src="[^"]+\.js"><\/script>/, "the replay's start-up is an external module");
  // Neighbours link the same leaper's other records that exist.
  for (const n of ["leaper-2-3-dual-free-8x8", "leaper-2-3-open-8x8", "leaper-2-3-closed-8x8", "leaper-2-3-access-8x8"]) {
    assert.ok(zebra.includes(`href="/en/leapers/${n}/"`), `neighbour ${n}`);
  }
  const czech = b.pages.get("/cs/skokani/zebra-8x8-sd52-b1/")!;
  assert.ok(czech.includes("Jednoznačné: ano (řešení: 1)"));
  // A record without a witness says so and has no diagram.
  const partial = b.pages.get("/en/leapers/knight-5x5-sd21-a1-partial/")!;
  assert.ok(partial.includes("No witness yet"));
  assert.ok(!partial.includes('id="diagrams-heading"'));
  // The family page: every table cell with a record links to its page.
  const table = b.pages.get("/en/leapers/")!;
  for (const r of fixtureRecords(b.dataDir).filter((r) => r.tableCell)) {
    assert.match(table, new RegExp(`<td id="${r.id}"[^>]*><a class="cell-link" href="/en/leapers/${r.id}/">`), r.id);
  }
  // Further records (not in a cell) are listed under the table.
  assert.ok(table.includes('href="/en/leapers/zebra-8x8-sd52-b1/"'));
});

Deno.test("site pages: under a base path (a GitHub project page) every link keeps the prefix and resolves", async () => {
  const b = await fixtureBuild();
  const run = await sharedBuild(b.dataDir, { ATLAS_BASE_PATH: "/atlas/", ATLAS_SITE_URL: "https://example.org" });
  const outDir = run.outDir;
  assert.equal(run.code, 0, `build failed:\n${run.stdout}\n${run.stderr}`);
  let links = 0;
  for (const file of filesWithExt(outDir, ".html")) {
    const path = urlPathOf(outDir, file);
    for (const tag of openingTags(readFileSync(file, "utf8"))) {
      for (const url of urlsOf(tag)) {
        if (!url.startsWith("/") || url.startsWith("//")) continue;
        assert.ok(url.startsWith("/atlas/"), `${path}: <${tag.name}> ${url} ignores the base path`);
        const target = splitUrl(url).path.slice("/atlas".length);
        assert.ok(resolveBuilt(outDir, target), `${path}: ${url} points to nothing`);
        links++;
      }
    }
  }
  assert.ok(links > 1000);
  const sitemap = readFileSync(join(outDir, "sitemap.xml"), "utf8");
  assert.match(sitemap, /<loc>https:\/\/example\.org\/atlas\/en\/leapers\/<\/loc>/);
  const index = JSON.parse(readFileSync(join(outDir, "search-index", "en.json"), "utf8")) as { items: SearchItem[] };
  assert.ok(index.items.every((i) => i[2].startsWith("/atlas/")), "search index URLs carry the base path");
});
