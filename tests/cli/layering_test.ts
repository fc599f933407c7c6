/**
 * The layering the README promises, checked on the source text: data flows
 * solvers -> scripts -> data -> site. solvers/ is pure (no Deno, Node or DOM
 * APIs, so the same code runs in Deno, workers and the browser) and imports
 * nothing from scripts/ or site/; the site never imports scripts/ (it reads
 * data, and re-implements no move rule: it imports solvers/). The arrows
 * from scripts/ into site/ are the build's (it checks the data with the
 * site's loader before Astro runs, and its image prerender calls the site's
 * own render functions in workers) and the site's benchmarks.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

function sources(dir: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !/\.(ts|tsx|astro|mjs|js)$/.test(e.name)) continue;
    const rel = relative(ROOT, join(e.parentPath, e.name));
    if (!skip(rel)) out.push(rel);
  }
  return out.sort();
}

/** Source text without its comments (a comment may name an API it does not use). */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function code(rel: string): string {
  return stripComments(readFileSync(join(ROOT, rel), "utf8"));
}

/** The module specifiers a file imports (static imports, re-exports and dynamic import() of a string). */
function imports(rel: string): string[] {
  const text = code(rel);
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)) out.push(m[1]);
  return out;
}

const RUNTIME_APIS = /\bDeno\.|\bprocess\.(?:env|argv|exit|cwd|stdout|stderr)|\bdocument\.|\bwindow\.|\blocalStorage\b|\bXMLHttpRequest\b/;

Deno.test("solvers/ is pure: no Deno, Node or DOM APIs, and no import of scripts/ or site/", () => {
  // AssemblyScript sources are compiled to WebAssembly; they have no host APIs either, but are not TypeScript modules of Deno's.
  const files = sources("solvers", (rel) => rel.startsWith("solvers/wasm/assembly/"));
  assert.ok(files.length > 100, `only ${files.length} solver files found`);
  const bad: string[] = [];
  for (const f of files) {
    for (const spec of imports(f)) {
      if (spec.startsWith("node:") || spec.startsWith("jsr:") || /(^|\/)(scripts|site)\//.test(spec)) bad.push(`${f} imports ${spec}`);
    }
    const m = RUNTIME_APIS.exec(code(f));
    if (m) bad.push(`${f} uses ${m[0]}`);
  }
  assert.deepEqual(bad, []);
});

Deno.test("the site never imports scripts/; scripts/ import site/ only to build or benchmark it", () => {
  const bad: string[] = [];
  for (const f of sources("site")) {
    for (const spec of imports(f)) if (/(^|\/)scripts\//.test(spec)) bad.push(`${f} imports ${spec}`);
  }
  const SITE_BUILD = new Set([
    "scripts/commands/build.ts",
    "scripts/lib/prerender.ts",
    "scripts/lib/prerender-worker.ts",
    "scripts/lib/bench-images.ts",
    "scripts/lib/bench-animations.ts",
  ]);
  for (const f of sources("scripts")) {
    if (SITE_BUILD.has(f)) continue;
    for (const spec of imports(f)) if (/(^|\/)site\//.test(spec)) bad.push(`${f} imports ${spec}`);
  }
  assert.deepEqual(bad, []);
});

Deno.test("the layering check sees what it should: an import of node: and a Deno call in solver text are caught", () => {
  // The same patterns the two tests above apply, on known text (so a pattern that matched nothing would fail here).
  assert.ok(RUNTIME_APIS.test("const x = Deno.readTextFileSync(p);"));
  assert.ok(RUNTIME_APIS.test("if (process.env.X) {}"));
  assert.ok(!RUNTIME_APIS.test(stripComments("const processed = 1; // Deno.exit() in a comment is stripped\n/* window.x */")));
  const text = 'import { a } from "node:fs";\nexport { b } from "../scripts/lib/x.ts";\nconst m = await import("../site/y.ts");';
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]);
  assert.deepEqual(found, ["node:fs", "../scripts/lib/x.ts", "../site/y.ts"]);
});
