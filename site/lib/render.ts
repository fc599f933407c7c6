/**
 * Rendered images of the atlas (build time only: Node APIs): PNG permalinks of
 * the diagrams (resvg) and the share images /og/<lang>/<id>.png (Satori lays
 * out the card, resvg paints it). Renders are cached by content hash under
 * .cache/renders/ (gitignored): a PNG depends only on its SVG (or card
 * content) and RENDER_VERSION, so a rebuild re-renders only what changed.
 * Set ATLAS_NO_RENDER_CACHE=1 to render everything afresh.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import type { Lang } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramSvg } from "./diagram-svg.ts";
import { FONT_FAMILY, resvgFontFiles, satoriFonts } from "./fonts.ts";

/** Bump when the drawing changes so cached renders are not reused. */
export const RENDER_VERSION = "1";
// The project root is the working directory: Astro bundles this module, so import.meta.url
// points into the build output, not into site/lib/ (scripts/build-site.ts runs Astro from the root).
const ROOT = process.cwd();
const CACHE_DIR = join(ROOT, ".cache", "renders");

export const PERMALINK_WIDTH = 480;
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

function cacheEnabled(): boolean {
  return process.env.ATLAS_NO_RENDER_CACHE !== "1";
}

function hashOf(parts: string[]): string {
  const h = createHash("sha256");
  h.update(RENDER_VERSION);
  for (const p of parts) h.update("\0" + p);
  return h.digest("hex");
}

async function cached(key: string, make: () => Promise<Uint8Array> | Uint8Array): Promise<Uint8Array> {
  const file = join(CACHE_DIR, key.slice(0, 2), `${key}.png`);
  if (cacheEnabled() && existsSync(file)) return new Uint8Array(readFileSync(file));
  const png = await make();
  if (cacheEnabled()) {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, png);
    renameSync(tmp, file);
  }
  return png;
}

let fontFiles: string[] | undefined;

function resvgOptions(width: number) {
  fontFiles ??= resvgFontFiles();
  return {
    fitTo: { mode: "width" as const, value: width },
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  };
}

/** An SVG string as PNG, `width` px wide (cached). */
export function svgToPng(svg: string, width: number): Promise<Uint8Array> {
  return cached(hashOf(["svg", String(width), svg]), () => new Resvg(svg, resvgOptions(width)).render().asPng());
}

/** The standalone SVG of a diagram permalink (language-neutral: English title and description). */
export function permalinkSvg(spec: DiagramSpec, title: string): string {
  return diagramSvg(spec, { size: PERMALINK_WIDTH, title, lang: "en", xmlDeclaration: true });
}

export function permalinkPng(spec: DiagramSpec, title: string): Promise<Uint8Array> {
  return svgToPng(permalinkSvg(spec, title), PERMALINK_WIDTH);
}

// ------------------------------------------------------------------ share images

const OG_TEXT: Record<Lang, { site: string; published: string; ours: string }> = {
  en: { site: "Chessboard Record Atlas", published: "published", ours: "our code" },
  cs: { site: "Atlas šachovnicových rekordů", published: "publikováno", ours: "náš kód" },
};

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, ...(children !== undefined ? { children } : {}) },
});

const TEXT_X = 625;
const TEXT_W = OG_WIDTH - TEXT_X - 45;
const TEXT_H = OG_HEIGHT - 90;

/** The card's text column (Satori takes React-like objects; no JSX needed). */
function ogTextTree(entry: AtlasEntry, lang: Lang, statusLabel: string): Node {
  const t = OG_TEXT[lang];
  const facts: string[] = [];
  if (entry.claim) facts.push(`${t.published}: ${entry.claim.value}`);
  if (entry.ours !== null) facts.push(`${t.ours}: ${entry.ours}`);
  return el("div", {
    display: "flex",
    flexDirection: "column",
    width: TEXT_W,
    height: TEXT_H,
    fontFamily: `${FONT_FAMILY}, ${FONT_FAMILY} Ext`,
  }, [
    el("div", { fontSize: 28, color: "#6b4f2a", fontWeight: 700 }, t.site),
    el("div", { fontSize: 48, fontWeight: 700, color: "#1d1d1f", marginTop: 24, lineHeight: 1.15 }, entry.title[lang]),
    el("div", { fontSize: 32, color: "#33333a", marginTop: 20, lineHeight: 1.25 }, entry.problem[lang]),
    el("div", { display: "flex", flexDirection: "column", fontSize: 28, color: "#1f4f8f", marginTop: "auto", lineHeight: 1.3 }, [
      el("div", {}, facts.join(" · ")),
      el("div", {}, statusLabel),
    ]),
  ]);
}

/**
 * Satori's SVG of the card's text (text as outlines). `missing` collects text
 * Satori found no glyph for (it asks loadAdditionalAsset for a fallback font):
 * the tests require none, which shows the latin + latin-ext subsets cover Czech.
 */
export async function ogTextSvg(entry: AtlasEntry, lang: Lang, statusLabel: string, missing?: string[]): Promise<string> {
  return await satori(ogTextTree(entry, lang, statusLabel) as never, {
    width: TEXT_W,
    height: TEXT_H,
    fonts: satoriFonts(),
    loadAdditionalAsset: (code: string, segment: string) => {
      missing?.push(`${code}:${segment}`);
      return Promise.resolve([]);
    },
  });
}

/** Place a complete <svg> document inside another at (x, y). */
function nested(svg: string, x: number, y: number): string {
  return svg.replace(/^\s*(<\?xml[^>]*>\s*)?<svg\b/, `<svg x="${x}" y="${y}"`);
}

/**
 * The whole card as one SVG: the numbered diagram (vector, drawn by
 * diagram-svg.ts) on the left, Satori's text column on the right, so resvg
 * paints the card in one pass (one PNG encoding instead of two).
 */
export async function ogSvg(entry: AtlasEntry, lang: Lang, statusLabel: string, missing?: string[]): Promise<string> {
  const spec = entry.solutionDiagram ?? entry.problemDiagram;
  const text = await ogTextSvg(entry, lang, statusLabel, missing);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#fdfcf9"/>`,
    `<rect y="${OG_HEIGHT - 12}" width="${OG_WIDTH}" height="12" fill="#6b4f2a"/>`,
  ];
  if (spec) parts.push(nested(fitDiagram(spec, lang), 45, 45));
  parts.push(nested(text, spec ? TEXT_X : 45, 45), "</svg>");
  return parts.join("");
}

/** The diagram at the largest size that fits a 540 x 540 box. */
function fitDiagram(spec: DiagramSpec, lang: Lang): string {
  const probe = diagramSvg(spec, { size: 540, lang });
  const m = /height="(\d+)"/.exec(probe);
  const h = m ? Number(m[1]) : 540;
  return h <= 540 ? probe : diagramSvg(spec, { size: Math.floor((540 * 540) / h), lang });
}

/** Share image of a record in a language, 1200x630 PNG (cached by the card's SVG). */
export async function ogPng(entry: AtlasEntry, lang: Lang, statusLabel: string): Promise<Uint8Array> {
  const spec = entry.solutionDiagram ?? entry.problemDiagram;
  // The key is taken from the inputs, not from Satori's output, so a cached card costs no layout.
  const key = hashOf(["og", lang, entry.title[lang], entry.problem[lang], String(entry.claim?.value ?? ""), String(entry.ours ?? ""), statusLabel, spec ? JSON.stringify(spec) : ""]);
  return await cached(key, async () => new Resvg(await ogSvg(entry, lang, statusLabel), resvgOptions(OG_WIDTH)).render().asPng());
}
