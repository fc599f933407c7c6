/**
 * The atlas's URL scheme, in one place (stable: outside links, the tests and
 * the embed help page rely on it; a path published once never changes).
 *
 *   /                                   language chooser
 *   /en/  /cs/                          home page of each language
 *   /en/<family>/  /cs/<rodina>/        a family's tables (slugs from its adapter: leapers / skokani)
 *   /en/<family>/<id>/                  one record (the id is language-neutral)
 *   /en/pieces/<key>/  /cs/kameny/<key>/  one piece (key e.g. leaper-2-3)
 *   /en/pieces/  /cs/kameny/            the pieces
 *   /en/methods/ /cs/metody/, /en/sources/ /cs/prameny/, /en/downloads/ /cs/ke-stazeni/,
 *   /en/embed/ /cs/vlozeni/, /en/search/ /cs/hledat/, /en/tour-generator/ /cs/generator-cest/
 *   /en/workbench/ /cs/dilna/           the workbench (a position in its query string: solvers/workbench/position.ts)
 *   /workbench/cells.json               the record cells the workbench compares with (site/lib/workbench-cells.ts)
 *   /downloads/records.json, /downloads/schema.json, /downloads/<family>.csv, /downloads/verify.json
 *   /data/<family>/proofs/<cell>/certificate.json (and its shard files; the leaper's and the locust's were below /data/proofs/ until 2026-11-28)
 *   /search-index/<lang>.json           the static search index
 *   /diagrams/<id>/{solution,problem}.{svg,png}, /og/<lang>/<id>.png (drawn by the diagram endpoints)
 *   /diagrams/<id>/solution.gif, /embed/<lang>/<id>/, /oembed/<lang>/<id>.json (site/lib/embed.ts)
 *   /sitemap.xml, /robots.txt, /404.html
 *
 * Every page path ends with "/" (Astro's directory format writes
 * <path>/index.html). All functions here return paths with the site's base
 * path in front ($ATLAS_BASE_PATH, e.g. "/atlas/" for a project page on
 * GitHub Pages; "/" by default), so the same build works under any prefix.
 */
import process from "node:process";
import type { Lang } from "../i18n.ts";

/** The base path: "/" or "/prefix/" (always with both slashes). */
export function basePath(): string {
  const raw = (process.env.ATLAS_BASE_PATH ?? "/").trim();
  const inner = raw.replace(/^\/+|\/+$/g, "");
  return inner ? `/${inner}/` : "/";
}

/** A site path ("/en/leapers/") with the base path in front. */
export function withBase(path: string): string {
  const base = basePath();
  return base === "/" ? path : base + path.replace(/^\/+/, "");
}

/** The other direction: a path with the base removed (for the tests and the sitemap). */
export function withoutBase(path: string): string {
  const base = basePath();
  return base !== "/" && path.startsWith(base) ? "/" + path.slice(base.length) : path;
}

/** The pages that exist once per language, and their slug in each. */
export type StaticPage = "home" | "pieces" | "methods" | "sources" | "downloads" | "embed" | "search" | "tour-generator" | "workbench";

export const STATIC_SLUGS: Record<StaticPage, Record<Lang, string>> = {
  home: { en: "", cs: "" },
  pieces: { en: "pieces", cs: "kameny" },
  methods: { en: "methods", cs: "metody" },
  sources: { en: "sources", cs: "prameny" },
  downloads: { en: "downloads", cs: "ke-stazeni" },
  embed: { en: "embed", cs: "vlozeni" },
  search: { en: "search", cs: "hledat" },
  "tour-generator": { en: "tour-generator", cs: "generator-cest" },
  workbench: { en: "workbench", cs: "dilna" },
};

export function pagePath(page: StaticPage, lang: Lang): string {
  const slug = STATIC_SLUGS[page][lang];
  return withBase(slug === "" ? `/${lang}/` : `/${lang}/${slug}/`);
}

/** A family page: its adapter's slug in the language. */
export function familyPath(slug: Record<Lang, string>, lang: Lang): string {
  return withBase(`/${lang}/${slug[lang]}/`);
}

export function recordPath(slug: Record<Lang, string>, id: string, lang: Lang): string {
  return withBase(`/${lang}/${slug[lang]}/${id}/`);
}

export function piecePath(key: string, lang: Lang): string {
  return withBase(`/${lang}/${STATIC_SLUGS.pieces[lang]}/${key}/`);
}

/** Language-neutral files. */
export const FILES = {
  records: () => withBase("/downloads/records.json"),
  schema: () => withBase("/downloads/schema.json"),
  contributionSchema: () => withBase("/downloads/contribution.schema.json"),
  verify: () => withBase("/downloads/verify.json"),
  csv: (family: string) => withBase(`/downloads/${family}.csv`),
  searchIndex: (lang: Lang) => withBase(`/search-index/${lang}.json`),
  diagram: (id: string, form: "solution" | "problem", ext: "svg" | "png") => withBase(`/diagrams/${id}/${form}.${ext}`),
  og: (lang: Lang, id: string) => withBase(`/og/${lang}/${id}.png`),
  sitemap: () => withBase("/sitemap.xml"),
  workbenchCells: () => withBase("/workbench/cells.json"),
};

/** The site's origin for absolute URLs (sitemap, share images): $ATLAS_SITE_URL, else a local default. */
export function siteOrigin(): string {
  return (process.env.ATLAS_SITE_URL ?? "http://127.0.0.1:4321").replace(/\/+$/, "");
}

export function absoluteUrl(path: string): string {
  return siteOrigin() + path;
}
