/**
 * Share images (Open Graph, 600x315: og-card.ts OG_PNG_WIDTH) per record and language: /og/<lang>/<id>.png.
 * Satori lays out the text in Noto Sans (latin + latin-ext, so Czech letters
 * render), the numbered diagram sits beside it; the words are painted from
 * sprites (site/lib/og-text.ts) and the diagram by the painter
 * (site/lib/painter.ts), both from resvg's paintings (site/lib/og-card.ts;
 * cached by content under .cache/renders/, which a full build fills
 * beforehand in parallel: scripts/lib/prerender.ts).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { allEntries } from "../../../families/index.ts";
import type { AtlasEntry } from "../../../lib/entry.ts";
import { type Lang, LANGS } from "../../../i18n.ts";
import { imagesByBuild } from "../../../lib/render-cache.ts";
import { ogPngOf } from "../../../lib/og-card.ts";

export const getStaticPaths =
  (() =>
    imagesByBuild()
      ? []
      : LANGS.flatMap((lang) =>
        allEntries().map((entry) => ({ params: { lang, id: entry.id }, props: { entry, lang } }))
      )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { entry, lang } = props as { entry: AtlasEntry; lang: Lang };
  const png = await ogPngOf(entry, lang);
  return new Response(png as BodyInit, { headers: { "Content-Type": "image/png" } });
};
