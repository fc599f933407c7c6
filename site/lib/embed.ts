/**
 * Embedding a record elsewhere: the addresses and sizes of the embeddable
 * replay (/embed/<lang>/<id>/, a page without the site's frame, made for an
 * <iframe>), its oEmbed response (/oembed/<lang>/<id>.json, discovered from
 * the record page's <link rel="alternate" type="application/json+oembed">),
 * and the snippets that paste them. Addresses are stable like every other
 * (site/lib/paths.ts): ids are language-neutral, the language is a path
 * segment.
 *
 * oEmbed (https://oembed.com, section 2.3): a "rich" response holds the HTML
 * to embed (our iframe) with its width and height, and may name a thumbnail,
 * which is the record's share image (/og/<lang>/<id>.png, 1200x630).
 */
import type { Lang } from "../i18n.ts";
import { t } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";
import { diagramLayout } from "./diagram-svg.ts";
import { absoluteUrl, FILES, siteOrigin, withBase } from "./paths.ts";
import { OG_PNG_HEIGHT, OG_PNG_WIDTH } from "./og-card.ts";

/** Width of the iframe: the replay's 400 px board beside its controls and move list. */
export const EMBED_WIDTH = 720;
/** The replay island draws its board 400 px wide (site/islands/Replay.tsx SIZE). */
export const EMBED_BOARD = 400;
/** Room above and below the board: the title line and the margins. */
const EMBED_CHROME = 64;
const EMBED_MIN_HEIGHT = 360;

export function embedPath(lang: Lang, id: string): string {
  return withBase(`/embed/${lang}/${id}/`);
}

export function oembedPath(lang: Lang, id: string): string {
  return withBase(`/oembed/${lang}/${id}.json`);
}

/** What the embed page shows: the replay, else the solution or problem diagram, else only the record's text. */
export function embedKind(entry: AtlasEntry): "replay" | "diagram" | "text" {
  if (entry.replay && entry.replay.steps.length > 0) return "replay";
  return entry.solutionDiagram || entry.problemDiagram ? "diagram" : "text";
}

/** The iframe's size in px: the board's height (its proportions) plus the title line. */
export function embedSize(entry: AtlasEntry): { width: number; height: number } {
  const kind = embedKind(entry);
  const board = kind === "replay" ? entry.replay!.initial.board : (entry.solutionDiagram ?? entry.problemDiagram)?.board;
  const boardHeight = board ? diagramLayout(board, { size: EMBED_BOARD }).height : 0;
  return { width: EMBED_WIDTH, height: Math.max(EMBED_MIN_HEIGHT, boardHeight + EMBED_CHROME) };
}

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The accessible name of the iframe. */
export function embedTitle(entry: AtlasEntry, lang: Lang): string {
  return `${entry.title[lang]} · ${t(lang).siteName}`;
}

/** The <iframe> to paste (absolute address; it shrinks to a narrow column, and the page inside scrolls then). */
export function iframeHtml(entry: AtlasEntry, lang: Lang): string {
  const { width, height } = embedSize(entry);
  return `<iframe src="${attr(absoluteUrl(embedPath(lang, entry.id)))}" width="${width}" height="${height}" title="${
    attr(embedTitle(entry, lang))
  }" loading="lazy" style="max-width:100%;border:0"></iframe>`;
}

/** The oEmbed response of a record in a language (oEmbed 1.0, type "rich"). */
export interface OEmbedRich {
  type: "rich";
  version: "1.0";
  title: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
}

export function oembedOf(entry: AtlasEntry, lang: Lang): OEmbedRich {
  const { width, height } = embedSize(entry);
  return {
    type: "rich",
    version: "1.0",
    title: entry.title[lang],
    provider_name: t(lang).siteName,
    provider_url: siteOrigin() + withBase(`/${lang}/`),
    html: iframeHtml(entry, lang),
    width,
    height,
    thumbnail_url: absoluteUrl(FILES.og(lang, entry.id)),
    thumbnail_width: OG_PNG_WIDTH,
    thumbnail_height: OG_PNG_HEIGHT,
  };
}

/** The animated solution's permalink (site/lib/animation.ts). */
export function animationPath(id: string): string {
  return withBase(`/diagrams/${id}/solution.gif`);
}
