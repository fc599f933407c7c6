/**
 * The static search index (one JSON file per language, /search-index/<lang>.json):
 * records, pieces, source texts and the site's pages, each as
 * [kind, title, url, words]. The search island (site/islands/Search.tsx)
 * fetches it once and matches every word of the query against title + words,
 * accents and case ignored. Built at build time from the same entries the
 * pages use, so the index and the pages always agree.
 */
import type { Lang } from "../i18n.ts";
import { t } from "../i18n.ts";
import type { AtlasEntry, FamilyAdapter, PieceInfo } from "./entry.ts";
import { familyPath, pagePath, piecePath, recordPath, type StaticPage } from "./paths.ts";
import { SOURCES } from "../content.ts";

import { fold, type SearchItem } from "./search-match.ts";
export type { SearchItem } from "./search-match.ts";

export interface SearchIndex {
  lang: Lang;
  items: SearchItem[];
}

export function buildSearchIndex(
  lang: Lang,
  adapters: readonly FamilyAdapter[],
  entries: readonly AtlasEntry[],
  pieces: readonly PieceInfo[],
): SearchIndex {
  const items: SearchItem[] = [];
  const s = t(lang);
  const pages: [StaticPage, string][] = [
    ["home", s.nav.home],
    ["pieces", s.nav.pieces],
    ["methods", s.nav.methods],
    ["sources", s.nav.sources],
    ["downloads", s.nav.downloads],
    ["embed", s.nav.embed],
  ];
  for (const [page, label] of pages) items.push(["page", label, pagePath(page, lang), ""]);
  for (const a of adapters) items.push(["page", a.title[lang], familyPath(a.slug, lang), `${a.family} ${a.intro[lang]}`]);
  const slugOf = new Map(adapters.map((a) => [a.family, a.slug]));
  for (const e of entries) {
    const slug = slugOf.get(e.family);
    if (!slug) continue;
    const url = recordPath(slug, e.id, lang);
    const words = compactWords(
      [e.problem[lang], e.board.join("x"), ...e.keywords, e.claim?.author ?? "", e.claim?.publication ?? ""],
      e.title[lang],
      url,
    );
    // Domination has a cell for every piece, kind and board: below the records that are about the piece itself.
    items.push(e.family === "domination" ? ["record", e.title[lang], url, words, -2] : ["record", e.title[lang], url, words]);
  }
  for (const p of pieces) {
    items.push(["piece", p.name[lang], piecePath(p.key, lang), `${p.notation} ${p.key} ${p.name[lang === "en" ? "cs" : "en"]}`]);
  }
  SOURCES.forEach((src, i) =>
    items.push(["source", src.title, `${pagePath("sources", lang)}#source-${i}`, `${src.file} ${src.what[lang]}`])
  );
  return { lang, items };
}

/**
 * The words of an item the title and URL do not already hold (matching reads
 * those too), each once: the index is fetched by every search page, so it
 * carries no repeats. Tokens keep their punctuation ("[2,3]", "sd=52").
 */
function compactWords(parts: string[], title: string, url: string): string {
  const have = new Set(fold(`${title} ${url.replace(/[/-]+/g, " ")}`).split(/\s+/));
  const out: string[] = [];
  for (const token of parts.join(" ").split(/\s+/)) {
    const f = fold(token);
    if (!f || have.has(f)) continue;
    have.add(f);
    out.push(token);
  }
  return out.join(" ");
}

/** Distinct publications cited by claims and witnesses, with how many records each stands behind. */
export function citedPublications(
  entries: readonly AtlasEntry[],
): { author: string | null; publication: string | null; year: number | null; count: number }[] {
  const map = new Map<string, { author: string | null; publication: string | null; year: number | null; ids: Set<string> }>();
  for (const e of entries) {
    for (const c of [e.claim, e.witnessCitation]) {
      if (!c || (!c.author && !c.publication)) continue;
      const key = `${c.author}|${c.publication}|${c.year}`;
      const item = map.get(key) ?? { author: c.author, publication: c.publication, year: c.year, ids: new Set<string>() };
      item.ids.add(e.id);
      map.set(key, item);
    }
  }
  return [...map.values()]
    .map((x) => ({ author: x.author, publication: x.publication, year: x.year, count: x.ids.size }))
    .sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || (a.author ?? "").localeCompare(b.author ?? ""));
}
