/**
 * Every page of the site that exists in both languages, as pairs
 * { en: path, cs: path } (with the base path): for the sitemap and the tests.
 */
import { type Lang, LANGS } from "../i18n.ts";
import { ADAPTERS, entryPath } from "../families/index.ts";
import { allPieces } from "./pieces.ts";
import { familyPath, pagePath, piecePath, STATIC_SLUGS, type StaticPage } from "./paths.ts";

export type PagePair = Record<Lang, string>;

function pair(f: (lang: Lang) => string): PagePair {
  return Object.fromEntries(LANGS.map((l) => [l, f(l)])) as PagePair;
}

export function allPagePairs(): PagePair[] {
  const out: PagePair[] = [];
  for (const page of Object.keys(STATIC_SLUGS) as StaticPage[]) out.push(pair((l) => pagePath(page, l)));
  for (const a of ADAPTERS) {
    out.push(pair((l) => familyPath(a.slug, l)));
    for (const e of a.entries()) out.push(pair((l) => entryPath(e, l)));
  }
  for (const p of allPieces(ADAPTERS)) out.push(pair((l) => piecePath(p.key, l)));
  return out;
}
