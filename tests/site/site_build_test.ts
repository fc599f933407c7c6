/**
 * The pipeline data -> site: the data loader, a full Astro build (from the real
 * data/ when it exists, else from tests/fixtures/site), a build without verify
 * report, build-site.ts on malformed data, and the static server.
 *
 * Builds go into a fresh folder under .cache/ (inside the project: Astro puts
 * its prerender chunks into <cwd>/.astro/ when outDir lies outside the working
 * directory, which concurrent builds would share) and never touch dist/.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CACHE, ROOT, runBuild, tempDir } from "../helpers/site.ts";
import { sharedBuild } from "../helpers/shared-build.ts";
import { buildLeaperTable, DataError, loadAtlasData, loadRecordFile, loadVerifyReport } from "../../site/data.ts";
import { type CellStatus, STATUS_MARK } from "../../site/i18n.ts";
import { statusWords } from "../../site/lib/status-words.ts";
import type { VerifyReport } from "../../solvers/records/common.ts";
import type { AtlasRecord, RecordFile } from "../../solvers/leaper/schema.ts";

const REAL_DATA = join(ROOT, "data");
const FIXTURE_DATA = join(ROOT, "tests", "fixtures", "site");

/** The table's leapers as the booklet lists them: [0,1]..[0,7], [1,1]..[1,7], ..., [7,7]. */
const BOOKLET_LEAPS: string[] = [];
for (let x = 0; x <= 7; x++) for (let y = Math.max(1, x); y <= 7; y++) BOOKLET_LEAPS.push(`[${x},${y}]`);

/** The documented URL scheme (site/i18n.ts): each page and its counterpart in the other language. */
const COUNTERPART: Record<string, string> = {
  "/en/": "/cs/",
  "/cs/": "/en/",
  "/en/leapers/": "/cs/skokani/",
  "/cs/skokani/": "/en/leapers/",
};

// ---------------------------------------------------------------- helpers

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...htmlFiles(p));
    else if (e.name.endsWith(".html")) out.push(p);
  }
  return out;
}

function filesWithExt(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesWithExt(p, ext));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** URL path of a built file: dist/en/index.html -> /en/, dist/404.html -> /404.html. */
function urlPathOf(outDir: string, file: string): string {
  const rel = relative(outDir, file).split(sep).join("/");
  if (rel === "index.html") return "/";
  return rel.endsWith("/index.html") ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}`;
}

function decodeEntities(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

/** Opening tags of an HTML text with their attributes (Astro writes well-formed, double-quoted attributes). */
function openingTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)(\s[^>]*)?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? "").matchAll(/([^\s=/>]+)(?:="([^"]*)"|='([^']*)'|=([^\s>]+))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    }
    tags.push({ name: m[1].toLowerCase(), attrs });
  }
  return tags;
}

function elementIds(html: string): Set<string> {
  return new Set(openingTags(html).map((t) => t.attrs.id).filter((id): id is string => id !== undefined));
}

/** The file a site-absolute path refers to, or null. */
function resolveBuilt(outDir: string, path: string): string | null {
  const p = decodeURIComponent(path);
  const candidates = p.endsWith("/") ? [join(outDir, p, "index.html")] : [join(outDir, p), join(outDir, p, "index.html")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function between(html: string, start: string, end: string): string {
  const i = html.indexOf(start);
  assert.ok(i >= 0, `missing ${start}`);
  const j = html.indexOf(end, i);
  assert.ok(j > i, `missing ${end} after ${start}`);
  return html.slice(i, j + end.length);
}

const isExternal = (url: string) => /^([a-z][a-z0-9+.-]*:)?\/\//i.test(url.trim()) || /^(https?|ftp|data):/i.test(url.trim());

// ---------------------------------------------------------------- the checks of a built site

interface SiteExpectation {
  records: RecordFile;
  report: VerifyReport | null;
}

function checkBuiltSite(outDir: string, want: SiteExpectation): void {
  const read = (p: string) => readFileSync(join(outDir, p), "utf8");
  for (const p of ["index.html", "404.html", "en/index.html", "cs/index.html", "en/leapers/index.html", "cs/skokani/index.html"]) {
    assert.ok(existsSync(join(outDir, p)), `${p} was not built`);
  }
  const files = htmlFiles(outDir);
  const pages = new Map(files.map((f) => [urlPathOf(outDir, f), readFileSync(f, "utf8")]));

  // <html lang> and one language switch to the counterpart page.
  for (const [path, html] of pages) {
    const tags = openingTags(html);
    const htmlTag = tags.find((t) => t.name === "html");
    assert.ok(htmlTag, `${path}: no <html>`);
    const lang = path.startsWith("/cs/") || path.startsWith("/embed/cs/") ? "cs" : "en";
    assert.equal(htmlTag.attrs.lang, lang, `${path}: <html lang>`);
    const switches = tags.filter((t) => t.name === "a" && "data-lang-switch" in t.attrs);
    // The embeddable replays (/embed/<lang>/<id>/) are parts of other pages: no site frame, no switch.
    if (path.startsWith("/embed/")) {
      assert.equal(switches.length, 0, `${path}: an embed page has no language switch`);
    } else if (path.startsWith("/en/") || path.startsWith("/cs/")) {
      assert.equal(switches.length, 1, `${path}: expected one language switch`);
      const sw = switches[0];
      const other = lang === "en" ? "cs" : "en";
      assert.equal(sw.attrs["data-lang-switch"], other, `${path}: the switch must offer the other language`);
      assert.equal(sw.attrs.hreflang, other);
      if (path in COUNTERPART) assert.equal(sw.attrs.href, COUNTERPART[path], `${path}: language switch`);
      const back = pages.get(sw.attrs.href);
      assert.ok(back, `${path}: the language switch leads to ${sw.attrs.href}, which was not built`);
      const backSwitch = openingTags(back).find((t) => t.name === "a" && "data-lang-switch" in t.attrs);
      assert.equal(backSwitch?.attrs.href, path, `${sw.attrs.href}: its language switch must lead back to ${path}`);
    } else {
      // Bilingual pages (chooser, 404) offer both home pages and carry Czech text marked as such.
      for (const home of ["/en/", "/cs/"]) {
        assert.ok(tags.some((t) => t.name === "a" && t.attrs.href === home), `${path}: no link to ${home}`);
      }
      assert.ok(tags.some((t) => t.name !== "html" && t.attrs.lang === "cs"), `${path}: Czech part not marked lang="cs"`);
    }
  }

  // Every internal link resolves to a built file (and its #fragment to an element there).
  for (const [path, html] of pages) {
    const ids = elementIds(html);
    for (const tag of openingTags(html)) {
      for (const attr of ["href", "src"]) {
        const url = tag.attrs[attr];
        if (url === undefined) continue;
        if (url.startsWith("#")) {
          assert.ok(ids.has(url.slice(1)), `${path}: link ${url} has no target on the page`);
          continue;
        }
        if (!url.startsWith("/") || url.startsWith("//")) continue;
        const [target, fragment] = url.split("#");
        const file = resolveBuilt(outDir, target.split("?")[0]);
        assert.ok(file, `${path}: <${tag.name} ${attr}="${url}"> points to nothing in the build`);
        if (fragment) assert.ok(elementIds(readFileSync(file, "utf8")).has(fragment), `${path}: ${url}: no element #${fragment}`);
      }
    }
  }

  // No third-party requests: scripts, stylesheets, images, fonts come from the site itself.
  for (const [path, html] of pages) {
    for (const tag of openingTags(html)) {
      const urls: string[] = [];
      if (["script", "img", "source", "video", "audio", "iframe", "embed", "track"].includes(tag.name)) {
        urls.push(tag.attrs.src ?? "", ...(tag.attrs.srcset ?? "").split(",").map((s) => s.trim().split(/\s+/)[0]));
      }
      // A canonical address and an oEmbed discovery link name the site's own absolute URLs, and load nothing.
      if (tag.name === "link" && !["canonical", "alternate"].includes(tag.attrs.rel)) urls.push(tag.attrs.href ?? "");
      if (tag.name === "object") urls.push(tag.attrs.data ?? "");
      for (const u of urls) assert.ok(!u || !isExternal(u), `${path}: external resource <${tag.name}> ${u}`);
    }
    for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) checkCss(`${path} <style>`, m[1]);
  }
  for (const css of filesWithExt(outDir, ".css")) checkCss(relative(outDir, css), readFileSync(css, "utf8"));

  // The leaper table, in both languages.
  const resultById = new Map(want.report?.results.map((r) => [r.id, r]) ?? []);
  const tableRecords = want.records.records.filter((r) => r.tableCell);
  for (const page of ["en/leapers/index.html", "cs/skokani/index.html"]) {
    const html = read(page);
    const table = between(html, "<table", "</table>");
    // The caption's words may sit in an inner span (the sticky, wrapping caption): its text, tags removed, must not be empty.
    const caption = /<caption[^>]*>([\s\S]*?)<\/caption>/.exec(table)?.[1]?.replace(/<[^>]+>/g, "").trim() ?? "";
    assert.ok(caption.length > 0, `${page}: table without caption`);
    const thead = between(table, "<thead", "</thead>");
    const headerRows = thead.split(/<tr[\s>]/).slice(1);
    const leafHeaders = headerRows[headerRows.length - 1].match(/<th scope="col"/g) ?? [];
    assert.equal(leafHeaders.length, 8, `${page}: expected 8 value column headers`);
    const tbody = between(table, "<tbody", "</tbody>");
    const rows = tbody.split(/<tr[\s>]/).slice(1);
    assert.equal(rows.length, 35, `${page}: expected 35 leaper rows`);
    rows.forEach((row, i) => {
      assert.equal((row.match(/<th scope="row"/g) ?? []).length, 1, `${page}: row ${i + 1} needs one row header`);
      assert.ok(row.includes(BOOKLET_LEAPS[i]), `${page}: row ${i + 1} should be leaper ${BOOKLET_LEAPS[i]}`);
      assert.equal((row.match(/<td[\s>]/g) ?? []).length, 8, `${page}: row ${i + 1} needs 8 value cells`);
    });
    const cells = new Map(
      openingTags(tbody).filter((t) => t.name === "td" && t.attrs.id).map((t) => [t.attrs.id, t]),
    );
    for (const rec of tableRecords) {
      const td = cells.get(rec.id);
      assert.ok(td, `${page}: no cell with id ${rec.id}`);
      const status: CellStatus = resultById.get(rec.id)?.status ?? "unverified";
      assert.ok(td.attrs.class.split(/\s+/).includes(`status-${status}`), `${page}: cell ${rec.id} should show status ${status}`);
      const cellHtml = between(tbody, `id="${rec.id}"`, "</td>");
      const shown = cellHtml.match(/<span class="value">(\d+)<\/span>/);
      assert.equal(Number(shown?.[1]), rec.claim.value, `${page}: cell ${rec.id} should show the claimed value`);
      // Status in words for screen readers (not only colour or mark), and the mark of that status.
      const lang = page.startsWith("cs") ? "cs" : "en";
      // The words say what the status means for this kind of record (site/lib/status-words.ts).
      const words = statusWords(lang, status, "leaper", rec.kind).label;
      assert.ok(cellHtml.includes(`class="visually-hidden">(${words})<`), `${page}: cell ${rec.id} status in words`);
      assert.ok(cellHtml.includes(`aria-hidden="true">${STATUS_MARK[status]}<`), `${page}: cell ${rec.id} status mark`);
      assert.equal(cellHtml.includes('class="probable"'), rec.claim.status === "probable", `${page}: ${rec.id} probable mark`);
      const regen = rec.established.regenerated?.value;
      const differs = regen !== undefined && regen !== rec.claim.value;
      assert.equal(cellHtml.includes('class="ours"'), differs, `${page}: ${rec.id} our differing value`);
      if (differs) assert.match(cellHtml, new RegExp(`class="ours">[^<]*\\b${regen}\\b`));
    }
  }

  // Home pages carry the summary of the report, or say there is none.
  for (const page of ["en/index.html", "cs/index.html"]) {
    const html = read(page);
    assert.match(html, /<time datetime="\d{4}-\d\d-\d\dT[^"]+">/, `${page}: build date`);
    if (want.report) {
      for (const [key, value] of Object.entries(want.report.summary)) {
        assert.match(html, new RegExp(`class="summary-${key}"><th scope="row">[^<]+</th><td>${value}</td>`), `${page}: summary ${key}`);
      }
    } else {
      assert.ok(html.includes('class="warning"'), `${page}: should say there is no verify report`);
    }
  }
}

function checkCss(where: string, css: string): void {
  for (const m of css.matchAll(/url\(\s*['"]?([^'")\s]+)/g)) assert.ok(!isExternal(m[1]), `${where}: external url(${m[1]})`);
  for (const m of css.matchAll(/@import\s+(?:url\()?\s*['"]?([^'");\s]+)/g)) {
    assert.ok(!isExternal(m[1]), `${where}: external @import ${m[1]}`);
  }
}

// ---------------------------------------------------------------- tests: data loading

Deno.test("site data: malformed files fail with the file name and the first problem", () => {
  const dir = tempDir("site-data-");
  try {
    const file = join(dir, "records.json");
    const good = JSON.parse(readFileSync(join(FIXTURE_DATA, "leaper", "records.json"), "utf8"));
    assert.equal(loadRecordFile(join(FIXTURE_DATA, "leaper", "records.json")).records.length, good.records.length);

    writeFileSync(file, "{ not json");
    assert.throws(
      () => loadRecordFile(file),
      (e: Error) => e instanceof DataError && e.message.includes("records.json") && /not valid JSON/.test(e.message),
    );

    const bad = structuredClone(good);
    bad.records[1].claim.value = "fifty-three";
    writeFileSync(file, JSON.stringify(bad));
    assert.throws(() => loadRecordFile(file), (e: Error) => {
      assert.ok(e instanceof DataError);
      assert.match(e.message, /records\.json: records\[1\]\.claim\.value \(record "leaper-1-2-dual-free-8x8"\): /);
      return true;
    });

    const dup = structuredClone(good);
    dup.records[2].id = dup.records[0].id;
    writeFileSync(file, JSON.stringify(dup));
    assert.throws(() => loadRecordFile(file), /occurs more than once/);

    assert.throws(() => loadRecordFile(join(dir, "absent.json")), /absent\.json: file not found/);
    assert.equal(loadVerifyReport(join(dir, "absent.json")), null);

    const report = JSON.parse(readFileSync(join(FIXTURE_DATA, "reports", "verify.json"), "utf8"));
    delete report.summary.failed;
    const reportFile = join(dir, "verify.json");
    writeFileSync(reportFile, JSON.stringify(report));
    assert.throws(() => loadVerifyReport(reportFile), /verify\.json: summary\.failed: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("site data: the leaper table places table-cell records and their statuses", () => {
  const atlas = loadAtlasData(FIXTURE_DATA);
  assert.equal(atlas.leaperTable.length, 35);
  assert.deepEqual(atlas.leaperTable.map((r) => `[${r.leap}]`), BOOKLET_LEAPS);
  for (const row of atlas.leaperTable) assert.equal(row.cells.length, 8);
  const placed = new Map(atlas.leaperTable.flatMap((r) => r.cells).filter((c) => c.record).map((c) => [c.record!.id, c]));
  const tableRecords = atlas.records.records.filter((r) => r.tableCell);
  assert.deepEqual([...placed.keys()].sort(), tableRecords.map((r) => r.id).sort());
  // Placement follows the record's own leap, kind and board.
  const columns = [
    "dual-free-4x4",
    "dual-free-5x5",
    "dual-free-6x6",
    "dual-free-7x7",
    "dual-free-8x8",
    "open-8x8",
    "closed-8x8",
    "access-8x8",
  ];
  for (const rec of tableRecords) {
    const row = BOOKLET_LEAPS.indexOf(`[${[...rec.piece.leap].sort((a, b) => a - b)}]`);
    const col = columns.indexOf(`${rec.kind}-${rec.board.join("x")}`);
    assert.equal(atlas.leaperTable[row].cells[col].record?.id, rec.id);
  }
  const report = atlas.report!;
  for (const [id, cell] of placed) assert.equal(cell.status, report.results.find((r) => r.id === id)?.status ?? "unverified");
  assert.equal(placed.get("leaper-2-3-closed-8x8")?.ours, 54);
  assert.equal(placed.get("leaper-1-2-open-8x8")?.ours, null, "an equal regenerated value is not shown twice");
  assert.deepEqual(atlas.notInReport.map((r) => r.id), ["leaper-7-7-access-8x8"]);
  const empty = atlas.leaperTable[0].cells[0];
  assert.equal(empty.record, null);
  assert.equal(empty.status, "missing");

  // Two records claiming one cell is an error, not a silent choice.
  const twice = structuredClone(atlas.records);
  const copy: AtlasRecord = { ...twice.records[0], id: "another-record" };
  twice.records.push(copy);
  assert.throws(() => buildLeaperTable(twice, null), /both claim the table cell/);
  // Without a report every cell with a record is "unverified".
  const bare = buildLeaperTable(atlas.records, null);
  assert.ok(bare.leaperTable.flatMap((r) => r.cells).every((c) => c.status === (c.record ? "unverified" : "missing")));
});

Deno.test("site sources: no set:html and no third-party URLs", () => {
  const sources = [
    ...filesWithExt(join(ROOT, "site"), ".astro"),
    ...filesWithExt(join(ROOT, "site"), ".ts"),
    ...filesWithExt(join(ROOT, "site"), ".css"),
  ];
  assert.ok(sources.length >= 5);
  for (const f of sources) {
    const text = readFileSync(f, "utf8");
    // One exception: Diagram.astro inlines the SVG string of site/lib/diagram-svg.ts, which escapes every
    // text and attribute value it writes (its own tests check that); data reaches pages nowhere else unescaped.
    const rel = relative(ROOT, f).split(sep).join("/");
    if (rel !== "site/components/Diagram.astro") assert.ok(!text.includes("set:html"), `${rel} uses set:html`);
    for (const m of text.matchAll(/(?:src|href)=["'](https?:)?\/\/[^"']*/g)) assert.fail(`${relative(ROOT, f)}: third-party URL ${m[0]}`);
  }
});

// ---------------------------------------------------------------- tests: builds

Deno.test("site build: pages, table, links, language switch, no external resources", async () => {
  const real = existsSync(join(REAL_DATA, "leaper", "records.json"));
  if (!real) console.warn("data/leaper/records.json does not exist yet: building from tests/fixtures/site instead");
  const dataDir = real ? REAL_DATA : FIXTURE_DATA;
  // The same build as the browser test's (tests/helpers/shared-build.ts): built once per test run.
  const run = await sharedBuild(dataDir);
  assert.equal(run.code, 0, `build failed:\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /Built \d+ pages into .* in \d+(\.\d)? s/);
  const records = loadRecordFile(join(dataDir, "leaper", "records.json"));
  const report = loadVerifyReport(join(dataDir, "reports", "verify.json"));
  checkBuiltSite(run.outDir, { records, report });
});

Deno.test("site build: without a verify report it builds, warns and marks cells not verified", async () => {
  const dataDir = tempDir("site-noreport-data-");
  const outDir = tempDir("site-noreport-");
  try {
    cpSync(join(FIXTURE_DATA, "leaper"), join(dataDir, "leaper"), { recursive: true });
    // A string from the data that looks like markup must come out as text.
    const file = join(dataDir, "leaper", "records.json");
    const data = JSON.parse(readFileSync(file, "utf8"));
    data.records.find((r: AtlasRecord) => r.id === "leaper-3-5-access-8x8").from = "<i>c1</i>";
    writeFileSync(file, JSON.stringify(data));

    const run = await runBuild(outDir, dataDir);
    assert.equal(run.code, 0, `build failed:\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, /NO VERIFY REPORT/);
    const records = loadRecordFile(file);
    checkBuiltSite(outDir, { records, report: null });
    const en = readFileSync(join(outDir, "en", "leapers", "index.html"), "utf8");
    const cs = readFileSync(join(outDir, "cs", "skokani", "index.html"), "utf8");
    assert.ok(en.includes("(not verified in this build)"));
    assert.ok(cs.includes("(v tomto sestavení neověřeno)"));
    assert.ok(en.includes("&lt;i&gt;c1&lt;/i&gt;") && !en.includes("<i>c1</i>"), "data must be escaped");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

Deno.test("site build: build-site.ts stops on malformed data with one clear line", async () => {
  const dataDir = tempDir("site-bad-data-");
  const outDir = tempDir("site-bad-");
  try {
    cpSync(FIXTURE_DATA, dataDir, { recursive: true });
    const file = join(dataDir, "leaper", "records.json");
    const data = JSON.parse(readFileSync(file, "utf8"));
    data.records[3].kind = "spiral";
    writeFileSync(file, JSON.stringify(data));
    const run = await runBuild(outDir, dataDir);
    assert.equal(run.code, 2);
    const lines = run.stderr.split("\n").filter((l) => l.startsWith("error:"));
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0], /leaper[/\\]records\.json: records\[3\]\.kind \(record "leaper-2-3-closed-8x8"\): /);
    assert.ok(!run.stderr.includes("    at "), "no stack trace");
    assert.deepEqual(readdirSync(outDir), [], "nothing built");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------- tests: the static server

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

interface Server {
  url: string;
  child: Deno.ChildProcess;
  output: () => string;
}

/** Starts scripts/commands/serve.ts and waits (bounded) for the URL it prints. */
async function startServer(dir: string, port: number): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "serve", "--dir", dir, "--port", String(port)],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  child.stderr.pipeTo(new WritableStream({ write: (c) => void (text += new TextDecoder().decode(c)) })).catch(() => {});
  const reader = child.stdout.getReader();
  const deadline = Date.now() + 20_000;
  const dec = new TextDecoder();
  try {
    while (Date.now() < deadline) {
      const timeout = new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now())));
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk === null || chunk.done) break;
      text += dec.decode(chunk.value);
      const m = text.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        // Keep draining stdout so the server never blocks on a full pipe.
        (async () => {
          try {
            for (;;) {
              const c = await reader.read();
              if (c.done) break;
              text += dec.decode(c.value);
            }
          } catch { /* closed */ }
        })();
        return { url: m[0], child, output: () => text };
      }
    }
  } catch { /* fall through */ }
  try {
    child.kill("SIGKILL");
  } catch { /* already gone */ }
  await child.status;
  throw new Error(`server did not start:\n${text}`);
}

async function stopServer(s: Server): Promise<void> {
  try {
    s.child.kill("SIGTERM");
  } catch { /* already gone */ }
  const timer = setTimeout(() => {
    try {
      s.child.kill("SIGKILL");
    } catch { /* gone */ }
  }, 5000);
  await s.child.status;
  clearTimeout(timer);
}

/** One raw HTTP request, for paths fetch() would normalise away. */
async function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(new TextEncoder().encode(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(16384);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
    return { status: Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0), body: text.split("\r\n\r\n").slice(1).join("\r\n\r\n") };
  } finally {
    conn.close();
  }
}

Deno.test("serve: index pages, content types, 404 page, traversal refused, next free port", async () => {
  const base = tempDir("serve-");
  const site = join(base, "site");
  mkdirSync(join(site, "sub"), { recursive: true });
  writeFileSync(join(site, "index.html"), "<!doctype html><title>home</title>HOME-PAGE");
  writeFileSync(join(site, "sub", "index.html"), "SUB-PAGE");
  writeFileSync(join(site, "404.html"), "NOT-FOUND-PAGE");
  writeFileSync(join(site, "style.css"), "body{}");
  writeFileSync(join(site, "app.js"), "1");
  writeFileSync(join(site, "data.json"), "{}");
  writeFileSync(join(site, "icon.svg"), "<svg/>");
  writeFileSync(join(site, "pic.png"), new Uint8Array([137, 80, 78, 71]));
  writeFileSync(join(site, "feed.xml"), "<x/>");
  writeFileSync(join(base, "secret.txt"), "SECRET-OUTSIDE");
  let linked = true;
  try {
    symlinkSync(join(base, "secret.txt"), join(site, "escape.txt"));
  } catch {
    linked = false;
  }
  // Occupy a port so the server has to move on to the next free one.
  const blocker = Deno.listen({ hostname: "127.0.0.1", port: freePort() });
  const taken = (blocker.addr as Deno.NetAddr).port;
  let server: Server | null = null;
  try {
    server = await startServer(site, taken);
    const port = Number(new URL(server.url).port);
    assert.notEqual(port, taken, "a taken port must not be reused");
    assert.ok(port > taken, server.output());

    const get = async (path: string, init?: RequestInit) => {
      const res = await fetch(new URL(path, server!.url), { redirect: "manual", ...init });
      return {
        status: res.status,
        type: res.headers.get("content-type") ?? "",
        location: res.headers.get("location"),
        body: await res.text(),
      };
    };
    const home = await get("/");
    assert.equal(home.status, 200);
    assert.match(home.type, /^text\/html/);
    assert.ok(home.body.includes("HOME-PAGE"));
    assert.equal((await get("/sub/")).body, "SUB-PAGE");
    const redirect = await get("/sub");
    assert.equal(redirect.status, 301);
    assert.equal(redirect.location, "/sub/");
    for (
      const [path, type] of [
        ["/style.css", "text/css"],
        ["/app.js", "text/javascript"],
        ["/data.json", "application/json"],
        [
          "/icon.svg",
          "image/svg+xml",
        ],
        ["/pic.png", "image/png"],
        ["/feed.xml", "application/xml"],
      ]
    ) {
      const r = await get(path);
      assert.equal(r.status, 200, path);
      assert.ok(r.type.startsWith(type), `${path}: ${r.type}`);
    }
    const missing = await get("/no/such/page/");
    assert.equal(missing.status, 404);
    assert.equal(missing.body, "NOT-FOUND-PAGE");
    assert.match(missing.type, /^text\/html/);
    assert.equal((await get("/", { method: "POST", body: "x" })).status, 405);

    for (
      const target of ["/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/sub/..%5c..%5csecret.txt"]
    ) {
      const r = await rawGet(port, target);
      assert.equal(r.status, 400, `${target} should be refused`);
      assert.ok(!r.body.includes("SECRET-OUTSIDE"), `${target} leaked a file`);
    }
    const encoded = await get("/..%2f..%2fsecret.txt");
    assert.equal(encoded.status, 400);
    if (linked) {
      const viaLink = await get("/escape.txt");
      assert.equal(viaLink.status, 404, "a link out of the folder is not followed");
      assert.ok(!viaLink.body.includes("SECRET-OUTSIDE"));
    }
  } finally {
    blocker.close();
    if (server) await stopServer(server);
    rmSync(base, { recursive: true, force: true });
  }
  const status = await server!.child.status;
  assert.equal(status.code, 0, "SIGTERM stops the server cleanly");
});

Deno.test("serve: bad arguments give one line and a non-zero exit", async () => {
  for (const args of [["--port", "seventy"], ["--port", "70000"], ["--dir", join(CACHE, "no-such-folder-here")], ["--what"]]) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "serve", ...args],
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr).trim();
    assert.notEqual(out.code, 0, args.join(" "));
    assert.match(err, /^error: [^\n]+$/, `${args.join(" ")}: ${err}`);
  }
});
