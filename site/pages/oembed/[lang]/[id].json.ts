/**
 * oEmbed responses, one static JSON per record and language:
 * /oembed/<lang>/<id>.json (type "rich": the embeddable replay's <iframe>;
 * site/lib/embed.ts). Record pages name theirs in a discovery <link>.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { allEntries } from "../../../families/index.ts";
import type { AtlasEntry } from "../../../lib/entry.ts";
import { type Lang, LANGS } from "../../../i18n.ts";
import { oembedOf } from "../../../lib/embed.ts";

export const getStaticPaths =
  (() =>
    LANGS.flatMap((lang) =>
      allEntries().map((entry) => ({ params: { lang, id: entry.id }, props: { entry, lang } }))
    )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { entry, lang } = props as { entry: AtlasEntry; lang: Lang };
  return new Response(JSON.stringify(oembedOf(entry, lang)) + "\n", { headers: { "Content-Type": "application/json; charset=utf-8" } });
};
