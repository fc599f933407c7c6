/**
 * Helpers for the tests of the built site: building into a fresh folder,
 * walking the output, reading opening tags and their attributes, resolving
 * site paths to built files.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CACHE = join(ROOT, ".cache");

/** A fresh folder under .cache/ (inside the project: Astro keeps its prerender chunks beside the working directory). */
export function tempDir(prefix: string): string {
  mkdirSync(CACHE, { recursive: true });
  return Deno.makeTempDirSync({ dir: CACHE, prefix });
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runBuild(outDir: string, dataDir: string, env: Record<string, string> = {}): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "build", "--outDir", outDir],
    cwd: ROOT,
    env: { ATLAS_DATA_DIR: dataDir, NO_COLOR: "1", ASTRO_TELEMETRY_DISABLED: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

export function filesWithExt(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesWithExt(p, ext));
    else if (e.name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** URL path of a built file: dist/en/index.html -> /en/, dist/404.html -> /404.html. */
export function urlPathOf(outDir: string, file: string): string {
  const rel = relative(outDir, file).split(sep).join("/");
  if (rel === "index.html") return "/";
  return rel.endsWith("/index.html") ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}`;
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export interface Tag {
  name: string;
  attrs: Record<string, string>;
}

/** Opening tags with their attributes; the text of <script>, <style> and <textarea> is skipped (it is not markup). */
export function openingTags(html: string): Tag[] {
  const markup = html.replace(/<(script|style|textarea)\b([^>]*)>[\s\S]*?<\/\1>/gi, "<$1$2></$1>");
  const tags: Tag[] = [];
  for (const m of markup.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)(\s[^>]*)?>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? "").matchAll(/([^\s=/>]+)(?:="([^"]*)"|='([^']*)'|=([^\s>]+))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    }
    tags.push({ name: m[1].toLowerCase(), attrs });
  }
  return tags;
}

export function elementIds(html: string): Set<string> {
  return new Set(openingTags(html).map((t) => t.attrs.id).filter((id): id is string => id !== undefined));
}

/** The file a site-absolute path refers to, or null. */
export function resolveBuilt(outDir: string, path: string): string | null {
  const p = decodeURIComponent(path);
  const candidates = p.endsWith("/") ? [join(outDir, p, "index.html")] : [join(outDir, p), join(outDir, p, "index.html")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every URL an element points to (href, src, srcset entries, object data, SVG <use href>). */
export function urlsOf(tag: Tag): string[] {
  const out: string[] = [];
  for (const attr of ["href", "src", "data", "poster", "action"]) {
    if (tag.attrs[attr] !== undefined && !(attr === "data" && tag.name !== "object")) out.push(tag.attrs[attr]);
  }
  if (tag.attrs.srcset) out.push(...tag.attrs.srcset.split(",").map((s) => s.trim().split(/\s+/)[0]).filter(Boolean));
  return out;
}

/** Splits "path?query#fragment". */
export function splitUrl(url: string): { path: string; fragment: string | null } {
  const [beforeHash, ...rest] = url.split("#");
  return { path: beforeHash.split("?")[0], fragment: rest.length > 0 ? rest.join("#") : null };
}

/** A minimal RFC 4180 CSV reader (quoted fields with commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  assert.ok(!quoted, "unterminated quoted CSV field");
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
