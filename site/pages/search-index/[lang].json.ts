/** The static search index of each language (site/lib/search.ts). */
import type { APIRoute, GetStaticPaths } from "astro";
import { isLang, LANGS } from "../../i18n.ts";
import { ADAPTERS, allEntries } from "../../families/index.ts";
import { allPieces } from "../../lib/pieces.ts";
import { buildSearchIndex } from "../../lib/search.ts";

export const getStaticPaths = (() => LANGS.map((lang) => ({ params: { lang } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const lang = params.lang;
  if (!isLang(lang)) throw new Error(`unknown language ${lang}`);
  const index = buildSearchIndex(lang, ADAPTERS, allEntries(), allPieces(ADAPTERS));
  return new Response(JSON.stringify(index), { headers: { "content-type": "application/json; charset=utf-8" } });
};
