/**
 * The share images /og/<lang>/<id>.png (build time only): Satori lays out the
 * card, its words are painted from sprites (site/lib/og-text.ts) and its
 * diagram by the painter (site/lib/painter.ts); cached like every render
 * (render-cache.ts).
 */
import satori from "satori";
import { type Lang, LANGS } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";
import { entryStatusWords } from "./status-words.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramLayout, diagramSvg } from "./diagram-svg.ts";
import { FONT_FAMILY, satoriFonts } from "./fonts.ts";
import { boardBase, boardOnly, painterCanDraw, paintOver, type Pixels } from "./painter.ts";
import { paintTexts, type PlacedText, placedTexts } from "./og-text.ts";
import { cached, hashOf } from "./render-cache.ts";
import { encodePng } from "./png.ts";
import { paintPixels, paintWeight } from "./render.ts";

/** The share card's layout box (Satori's and the card SVG's units). */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/**
 * The share image's pixels: the card painted at half its layout size. 1200x630
 * cost ~23 ms of CPU (painting and encoding) and 33 kB per card, ~2,000 cards
 * being a third of the site's bytes; 800x420 was 21 kB; 600x315, 16 kB
 * (measured on every 20th record), is the size Facebook gives as the least for
 * a large link image, in the 1.91:1 shape social sites crop to; the title
 * (48 units) is 24 px high.
 */
export const OG_PNG_WIDTH = 600;
/**
 * Palette colours of a share image: 64, not the 256 of the permalinks. Every
 * 20th record's cards took 16.4 kB each with 256 colours, 15.2 with 128, 13.8
 * with 64 and 12.6 with 32; at 64 the card (flat colours, anti-aliased text
 * and lines) looks the same at its size, the edge shades mapped to the nearest
 * of the 64 commonest colours.
 */
export const OG_COLOURS = 64;
export const OG_PNG_HEIGHT = (OG_HEIGHT * OG_PNG_WIDTH) / OG_WIDTH;

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
export async function ogTextSvg(entry: AtlasEntry, lang: Lang, statusLabel: string, missing?: string[], outlines = true): Promise<string> {
  return await satori(ogTextTree(entry, lang, statusLabel) as never, {
    width: TEXT_W,
    height: TEXT_H,
    // false: positioned <text> words instead of glyph outlines (site/lib/og-text.ts paints those).
    embedFont: outlines,
    fonts: satoriFonts(),
    loadAdditionalAsset: (code: string, segment: string) => {
      missing?.push(`${code}:${segment}`);
      return Promise.resolve([]);
    },
  });
}

/** Place a complete <svg> document inside another at (x, y), clipped to its box. */
function nested(svg: string, x: number, y: number): string {
  return svg.replace(/^\s*(<\?xml[^>]*>\s*)?<svg\b/, `<svg x="${x}" y="${y}"`);
}

/**
 * Place a complete <svg> document inside another at (x, y) as a plain group:
 * its viewBox mapped as the SVG default (preserveAspectRatio xMidYMid meet)
 * maps it. Why not nested(): resvg paints a nested <svg> into a layer of its
 * own and clips it to the viewport, which nearly doubled the time of a share
 * card (~20 ms -> ~11 ms per card without). The pixels are the same except
 * for the last-bit rounding of the layer's compositing, and where something
 * drew outside its box, which only the caller can rule out.
 */
function placed(svg: string, x: number, y: number): string {
  const m = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>/.exec(svg);
  const end = svg.lastIndexOf("</svg>");
  if (!m || end < m[0].length) throw new Error("placed(): not an <svg> document");
  const attrs = m[1];
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
  const w = Number(attr("width"));
  const h = Number(attr("height"));
  const vb = (attr("viewBox") ?? `0 0 ${w} ${h}`).trim().split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || ![w, h, ...vb].every(Number.isFinite) || vb[2] <= 0 || vb[3] <= 0 || attr("preserveAspectRatio") !== undefined) {
    return nested(svg, x, y);
  }
  const k = Math.min(w / vb[2], h / vb[3]);
  const tx = x + (w - vb[2] * k) / 2 - vb[0] * k;
  const ty = y + (h - vb[3] * k) / 2 - vb[1] * k;
  // The root's other attributes (font-family, namespaces) apply to the group alike.
  const rest = attrs.replace(/\s(?:width|height|viewBox|x|y)="[^"]*"/g, "");
  return `<g transform="matrix(${k} 0 0 ${k} ${tx} ${ty})"${rest}>${svg.slice(m[0].length, end)}</g>`;
}

/**
 * Whether everything Satori drew lies within its w x h box, give or take
 * `slack` px (a glyph's overhang, such as the hook of "j" at the start of a
 * line, may reach a few px past the layout box; the card's margins are 33 px
 * or more). Satori draws our text column as glyph outlines: <path> elements
 * with absolute M/L/Q/C/Z commands, whose numbers are x, y pairs. Anything
 * else (another element, another command) answers false, so the caller
 * clips: only text that provably stays in its box goes unclipped.
 */
function inkInside(svg: string, w: number, h: number, slack: number): boolean {
  const drawn = svg.replace(/<mask\b[^>]*>[\s\S]*?<\/mask>/g, "");
  for (const tag of drawn.matchAll(/<([a-zA-Z]+)/g)) if (!["svg", "g", "path"].includes(tag[1])) return false;
  for (const d of drawn.matchAll(/\sd="([^"]*)"/g)) {
    if (/[^MLQCZ0-9.,\s-]/.test(d[1])) return false;
    const nums = d[1].match(/-?\d*\.?\d+/g) ?? [];
    if (nums.length % 2 !== 0) return false;
    for (let i = 0; i < nums.length; i += 2) {
      const px = Number(nums[i]);
      const py = Number(nums[i + 1]);
      if (px < -slack || px > w + slack || py < -slack || py > h + slack) return false;
    }
  }
  return true;
}

/** Share-image pixels per card unit. */
const OG_SCALE = OG_PNG_WIDTH / OG_WIDTH;
/**
 * Where a card with a diagram is cut in two (card units, a whole pixel at
 * OG_SCALE): the diagram lies left of it (45 + 540 = 585), the text column
 * right of it (TEXT_X = 625, less the 8 units of overhang inkInside() allows,
 * or clipped at TEXT_X).
 */
const OG_SPLIT = 600;

/** The card's opening (background and bottom bar) with its viewBox cut to the columns [x, x + w) of the card. */
function cardOpen(x = 0, w = OG_WIDTH): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${OG_HEIGHT}" viewBox="${x} 0 ${w} ${OG_HEIGHT}">`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#fdfcf9"/>`,
    `<rect y="${OG_HEIGHT - 12}" width="${OG_WIDTH}" height="12" fill="#6b4f2a"/>`,
  ].join("");
}

/** Satori's text column placed at x: as a group when its ink provably stays in its box, else clipped (nested()). */
function textPart(text: string, x: number): string {
  return inkInside(text, TEXT_W, TEXT_H, 8) ? placed(text, x, 45) : nested(text, x, 45);
}

/**
 * The whole card as one SVG: the numbered diagram (vector, drawn by
 * diagram-svg.ts) on the left, Satori's text column on the right. Both are
 * placed as groups, not nested <svg> (see placed()): the diagram draws inside
 * its viewBox by construction (its size is computed from what it draws), the
 * text is checked (inkInside) and clipped as before if it overflows.
 */
export async function ogSvg(entry: AtlasEntry, lang: Lang, statusLabel: string, missing?: string[]): Promise<string> {
  const spec = entry.solutionDiagram ?? entry.problemDiagram;
  const text = await ogTextSvg(entry, lang, statusLabel, missing);
  const parts = [cardOpen()];
  if (spec) parts.push(placed(fitDiagram(spec), 45, 45));
  parts.push(textPart(text, spec ? TEXT_X : 45), "</svg>");
  return parts.join("");
}

/** The diagram at the largest size that fits a 540 x 540 box (its drawing does not depend on the language). */
function fitDiagram(spec: DiagramSpec): string {
  return diagramSvg(spec, { size: fitSize(spec) });
}

/** The diagram's width in the card: 540, or less when it would be taller than 540. */
function fitSize(spec: DiagramSpec): number {
  const h = diagramLayout(spec.board, { size: 540 }).height;
  return h <= 540 ? 540 : Math.floor((540 * 540) / h);
}

/** The cache key of a share image: its inputs, not Satori's output, so a cached card costs no layout. */
function ogKey(entry: AtlasEntry, lang: Lang, statusLabel: string, spec: DiagramSpec | null): string {
  return hashOf([
    "og",
    String(OG_PNG_WIDTH),
    `colours ${OG_COLOURS}`,
    spec ? `split ${OG_SPLIT}` : "whole",
    lang,
    entry.title[lang],
    entry.problem[lang],
    String(entry.claim?.value ?? ""),
    String(entry.ours ?? ""),
    statusLabel,
    spec ? JSON.stringify(spec) : "",
  ]);
}

/**
 * Share images of a record in the languages asked for (OG_PNG_WIDTH x
 * OG_PNG_HEIGHT PNGs, cached by content). The diagram half is the same in
 * every language: a card with a diagram is painted as two parts, the
 * diagram half (left of OG_SPLIT) once for all the languages and each
 * language's text half on its own, its viewBox cut to those columns (a
 * shift by whole pixels, so its pixels are those of the whole card's), and
 * the halves are put side by side. Painting the diagram was about half of a
 * card's painting. tests/site/diagram_svg_test.ts compares a card made so with
 * the whole card painted at once.
 */
export async function ogPngs(
  entry: AtlasEntry,
  labels: Partial<Record<Lang, string>>,
  read = true,
): Promise<Partial<Record<Lang, Uint8Array>>> {
  const spec = entry.solutionDiagram ?? entry.problemDiagram ?? null;
  const out: Partial<Record<Lang, Uint8Array>> = {};
  const halves: { left?: Pixels } = {};
  for (const [lang, label] of Object.entries(labels) as [Lang, string][]) {
    out[lang] = await cached(ogKey(entry, lang, label, spec), async () => {
      const card = await ogPixels(entry, lang, label, halves);
      return encodePng(card.pixels, card.width, card.height, OG_COLOURS);
    }, read);
  }
  return out;
}

/**
 * The share image's pixels (RGBA, premultiplied), painted in halves when it has
 * a diagram (see ogPngs); `halves.left` keeps the diagram half for the next
 * language. The text from word sprites (ogTextPixels: Satori places the
 * words, 7.2 ms a card in all against 13.2 with Satori's outlines painted by
 * resvg, every 4th record, CPU, load ~5); `sprites` false, or Satori drawing
 * anything but plain words: the outlines painted by resvg.
 */
export async function ogPixels(
  entry: AtlasEntry,
  lang: Lang,
  statusLabel: string,
  halves: { left?: Pixels } = {},
  sprites = true,
): Promise<Pixels> {
  const spec = entry.solutionDiagram ?? entry.problemDiagram ?? null;
  const words = sprites ? placedTexts(await ogTextSvg(entry, lang, statusLabel, undefined, false)) : null;
  const right = words ? ogTextPixels(words, spec !== null) : ogTextPixelsByResvg(await ogTextSvg(entry, lang, statusLabel), spec !== null);
  if (!spec) return right;
  const left = halves.left ??= ogLeftHalf(spec);
  return { pixels: sideBySide(left, right), width: left.width + right.width, height: left.height };
}

/** The card's text part (right of OG_SPLIT beside a diagram, else the whole card): its columns and where the text column starts (card units). */
function textColumns(withDiagram: boolean): { x0: number; width: number; textX: number } {
  return withDiagram ? { x0: OG_SPLIT, width: OG_WIDTH - OG_SPLIT, textX: TEXT_X } : { x0: 0, width: OG_WIDTH, textX: 45 };
}

/**
 * The card's text part painted from Satori's placed words (site/lib/og-text.ts):
 * the card's background painted once, each word a sprite over it, clipped
 * where inkInside() lets ink go unclipped (the column's box and 8 units
 * around it).
 */
export function ogTextPixels(words: PlacedText[], withDiagram: boolean): Pixels {
  const { x0, width, textX } = textColumns(withDiagram);
  const base = boardBase(`og-card|${x0}`, () => paintPixels(cardOpen(x0, width) + "</svg>", width * OG_SCALE));
  const out = { pixels: new Uint8Array(base.pixels), width: base.width, height: base.height };
  const cx = Math.max(0, Math.floor((textX - 8 - x0) * OG_SCALE)), cy = Math.floor((45 - 8) * OG_SCALE);
  const cw = Math.min(out.width, Math.ceil((textX + TEXT_W + 8 - x0) * OG_SCALE)) - cx;
  const clip = { x: cx, y: cy, w: cw, h: Math.ceil((TEXT_H + 16) * OG_SCALE) };
  paintTexts(out, words, OG_SCALE, (textX - x0) * OG_SCALE, 45 * OG_SCALE, clip, paintWeight, FONT_FAMILY);
  return out;
}

/** The card's text part as before the word sprites: Satori's outlines (`text`) painted by resvg. */
export function ogTextPixelsByResvg(text: string, withDiagram: boolean): Pixels {
  const { x0, width, textX } = textColumns(withDiagram);
  return paintPixels(cardOpen(x0, width) + textPart(text, textX) + "</svg>", width * OG_SCALE);
}

/**
 * The card's diagram half: painted by the painter where it can (the card's
 * background and the empty board once per board by resvg, then marks, path,
 * pieces and numbers over it, site/lib/painter.ts), else all by resvg.
 */
export function ogLeftHalf(spec: DiagramSpec, painter = true): Pixels {
  const whole = (s: DiagramSpec) => paintPixels(cardOpen(0, OG_SPLIT) + placed(fitDiagram(s), 45, 45) + "</svg>", OG_SPLIT * OG_SCALE);
  const { size, at } = ogDiagramPlacement(spec);
  if (!painter || !painterCanDraw(spec, at.k)) return whole(spec);
  const base = boardBase(`og|${spec.board.join("x")}`, () => whole(boardOnly(spec)));
  const out = { pixels: new Uint8Array(base.pixels), width: base.width, height: base.height };
  paintOver(out, spec, diagramLayout(spec.board, { size }), at, paintPixels);
  return out;
}

/** The diagram's size in the card and where placed() puts its units in the share image's pixels (its viewBox scaled by k, centred in its box, at OG_SCALE px a card unit). */
export function ogDiagramPlacement(spec: DiagramSpec): { size: number; at: { k: number; tx: number; ty: number } } {
  const size = fitSize(spec);
  const L = diagramLayout(spec.board, { size });
  const k = Math.min(L.width / L.viewWidth, L.height / L.viewHeight);
  return {
    size,
    at: {
      k: k * OG_SCALE,
      tx: (45 + (L.width - L.viewWidth * k) / 2) * OG_SCALE,
      ty: (45 + (L.height - L.viewHeight * k) / 2) * OG_SCALE,
    },
  };
}

/** Two RGBA images of one height as one, the first on the left. */
export function sideBySide(a: Pixels, b: Pixels): Uint8Array {
  if (a.height !== b.height) throw new Error(`sideBySide: heights ${a.height} and ${b.height}`);
  const w = a.width + b.width;
  const out = new Uint8Array(w * a.height * 4);
  for (let y = 0; y < a.height; y++) {
    out.set(a.pixels.subarray(y * a.width * 4, (y + 1) * a.width * 4), y * w * 4);
    out.set(b.pixels.subarray(y * b.width * 4, (y + 1) * b.width * 4), (y * w + a.width) * 4);
  }
  return out;
}

/** Share image of a record in a language (ogPngs() for one language). */
export async function ogPng(entry: AtlasEntry, lang: Lang, statusLabel: string, read = true): Promise<Uint8Array> {
  return (await ogPngs(entry, { [lang]: statusLabel }, read))[lang]!;
}

/** The PNG of /og/<lang>/<id>.png (the endpoint calls this). */
export function ogPngOf(entry: AtlasEntry, lang: Lang, read = true): Promise<Uint8Array> {
  return ogPng(entry, lang, entryStatusWords(entry, lang).label, read);
}

/** The share images of a record in every language, the diagram painted once (the build's workers call this). */
export function ogPngsOf(entry: AtlasEntry, read = true): Promise<Partial<Record<Lang, Uint8Array>>> {
  return ogPngs(entry, Object.fromEntries(LANGS.map((lang) => [lang, entryStatusWords(entry, lang).label])), read);
}
