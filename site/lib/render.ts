/**
 * Rendered images of the atlas (build time only: Node APIs): PNG permalinks of
 * the diagrams (site/lib/painter.ts, from resvg's paintings) and the share
 * images /og/<lang>/<id>.png (Satori lays out the card; its words are painted
 * from sprites, site/lib/og-text.ts, its diagram by the painter). Renders are cached by content hash under
 * .cache/renders/ (gitignored): a PNG depends only on its SVG (or card
 * content) and RENDER_VERSION, so a rebuild re-renders only what changed.
 * Set ATLAS_NO_RENDER_CACHE=1 to render everything afresh, ATLAS_RENDER_CACHE
 * to use another cache folder.
 *
 * Build time: a fresh build paints ~3,500 PNGs, so the costs were measured
 * (CPU per image on this machine): a share card is ~8 ms Satori, ~20 ms resvg
 * painting and ~11 ms resvg's PNG encoding; a permalink ~6 ms painting and
 * ~3.5 ms encoding. encodePng() below writes the same pixels in about half
 * the time and a third fewer bytes, and permalinks are keyed by what is drawn
 * (not by their <title>/<desc>), so records showing the same position share one
 * render. scripts/commands/build.ts fills the cache with parallel workers
 * (scripts/lib/prerender.ts) that call these same functions before Astro runs.
 * Since issue 12: the board diagrams (permalinks, the cards' diagram half, the
 * animations' frames) are put together by site/lib/painter.ts from the board
 * and from each piece, number and mark painted by resvg once per size, and
 * the cards' words from sprites alike (site/lib/og-text.ts): a fresh build's
 * images went from 92 to 63.5 s of CPU (bench/site.json imageCosts).
 */
import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { type Lang, LANGS } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";
import { entryStatusWords } from "./status-words.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramLayout, diagramSvg } from "./diagram-svg.ts";
import { type DiagramForm, diagramOf, diagramTitle } from "./diagram-alt.ts";
import { FONT_FAMILY, resvgFontFiles, satoriFonts } from "./fonts.ts";
import { boardBase, boardOnly, paintDiagram, painterCanDraw, paintOver, type Pixels } from "./painter.ts";
import { paintTexts, type PlacedText, placedTexts } from "./og-text.ts";

/** Bump when the drawing changes so cached renders are not reused. */
export const RENDER_VERSION = "9";
// The project root is the working directory: Astro bundles this module, so import.meta.url
// points into the build output, not into site/lib/ (scripts/commands/build.ts runs Astro from the root).
const ROOT = process.cwd();
// ATLAS_RENDER_CACHE moves it (benchmarks of a fresh build use an empty one of their own).
const CACHE_DIR = process.env.ATLAS_RENDER_CACHE ? resolve(process.env.ATLAS_RENDER_CACHE) : join(ROOT, ".cache", "renders");

export const PERMALINK_WIDTH = 480;
/**
 * Palette colours of a PNG permalink: every 20th record's permalinks took
 * 12.1 kB each with 256 colours, 11.6 with 128 (the board's flat colours and
 * the commonest edge shades of the numbers and lines; the rest mapped to the
 * nearest).
 */
export const PERMALINK_COLOURS = 128;
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

/**
 * Whether `atlas build` renders the images itself (scripts/lib/prerender.ts,
 * in workers running beside Astro) and writes them into the site: then the
 * image endpoints (/og/…png, /diagrams/…png and …gif) give Astro no paths.
 * Unset (astro dev, `atlas build --workers 0`), Astro renders them.
 */
export function imagesByBuild(): boolean {
  return process.env.ATLAS_IMAGES_BY_BUILD === "1";
}

/** How many images this thread has painted (not taken from the cache): the prerender workers report it. */
export const renderStats = { painted: 0 };

function cacheEnabled(): boolean {
  return process.env.ATLAS_NO_RENDER_CACHE !== "1";
}

export function hashOf(parts: string[]): string {
  const h = createHash("sha256");
  h.update(RENDER_VERSION);
  for (const p of parts) h.update("\0" + p);
  return h.digest("hex");
}

function cacheFile(key: string, ext: string): string {
  return join(CACHE_DIR, key.slice(0, 2), `${key}.${ext}`);
}

/**
 * The image of `key` (a PNG, or another file type `ext`), from the cache or
 * made and stored. With `read: false` a cached image is only checked for, not
 * read (the prerender step fills the cache and needs no bytes back); the
 * result is then empty when it was cached.
 */
export async function cached(key: string, make: () => Promise<Uint8Array> | Uint8Array, read = true, ext = "png"): Promise<Uint8Array> {
  const file = cacheFile(key, ext);
  if (cacheEnabled() && existsSync(file)) {
    if (!read) return new Uint8Array(0);
    try {
      return new Uint8Array(readFileSync(file));
    } catch {
      // Gone since existsSync (someone emptied the cache): paint it again.
    }
  }
  const png = await make();
  renderStats.painted++;
  if (cacheEnabled()) {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, png);
    renameSync(tmp, file);
  }
  return png;
}

// ------------------------------------------------------------------ PNG encoding

/** The 8-byte PNG signature and one chunk (length, type, data, CRC of type + data): PNG spec, section 5. */
const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)) >>> 0);
  return out;
}

/** zlib level of the image data: 6 (zlib's default) was the best size for the time on our images. */
const PNG_ZLIB_LEVEL = 6;

/**
 * resvg's pixels (RGBA, premultiplied by alpha: tiny-skia's pixmap) as an
 * 8-bit palette PNG (encodeIndexedPng). Why not resvg's asPng(): it writes
 * truecolour with adaptive filtering, ~11 ms per share card, while our images
 * (flat colours, anti-aliased edges) fit a palette of 256 colours, exactly or
 * all but some edge shades: a third of the bytes, and unfiltered rows (filter
 * type 0) at zlib level 6 compress them best. Transparent images (the diagram
 * permalinks) keep their alpha in the palette (tRNS chunk); they were written
 * as truecolour with alpha before, at about three times the bytes.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number, colours = 256): Uint8Array {
  if (pixels.length !== width * height * 4) throw new Error(`encodePng: ${pixels.length} bytes for ${width}x${height} RGBA`);
  return encodeIndexedPng(pixels, width, height, colours);
}

/** The PNG file: signature, IHDR (8-bit samples of the colour type), extra chunks (PLTE), the deflated rows, IEND. */
function assemblePng(width: number, height: number, colourType: number, extra: Uint8Array[], raw: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  // compression 0 (deflate), filter method 0, interlace 0: already zero
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    chunk("IHDR", ihdr),
    ...extra,
    chunk("IDAT", new Uint8Array(deflateSync(raw, { level: PNG_ZLIB_LEVEL }))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Counts of the distinct colours of an image (Uint32 RGBA words) and, once
 * the palette is chosen, each colour's palette index: an open-addressing hash
 * table in typed arrays (linear probing, doubled when half full). The Map it
 * replaces cost most of a share card's encoding; the PNG is the same byte
 * for byte (the same counts, sorted the same way).
 */
function colourTable() {
  let bits = 12;
  let keys = new Uint32Array(1 << bits);
  let counts = new Float64Array(1 << bits); // 0: an empty slot (a colour seen counts 1 or more)
  let index = new Uint8Array(1 << bits);
  let used = 0;
  const slot = (c: number): number => {
    const mask = (1 << bits) - 1;
    let h = Math.imul(c, 0x9e3779b1) >>> (32 - bits);
    while (counts[h] !== 0 && keys[h] !== c) h = (h + 1) & mask;
    return h;
  };
  const grow = () => {
    const [oldKeys, oldCounts] = [keys, counts];
    bits++;
    keys = new Uint32Array(1 << bits);
    counts = new Float64Array(1 << bits);
    index = new Uint8Array(1 << bits);
    for (let h = 0; h < oldKeys.length; h++) {
      if (oldCounts[h] === 0) continue;
      const k = slot(oldKeys[h]);
      keys[k] = oldKeys[h];
      counts[k] = oldCounts[h];
    }
  };
  return {
    add(c: number, k: number) {
      let h = slot(c);
      if (counts[h] === 0) {
        if (2 * (used + 1) > keys.length) {
          grow();
          h = slot(c);
        }
        used++;
        keys[h] = c;
      }
      counts[h] += k;
    },
    entries(): [number, number][] {
      const out: [number, number][] = [];
      for (let h = 0; h < keys.length; h++) if (counts[h] !== 0) out.push([keys[h], counts[h]]);
      return out;
    },
    setIndex(c: number, i: number) {
      index[slot(c)] = i;
    },
    indexOf: (c: number): number => index[slot(c)],
  };
}

/**
 * An image as an 8-bit palette PNG (colour type 3). Our images are flat
 * colours plus anti-aliased edges; when they hold `colours` (at most 256)
 * colours or fewer the palette is exact, otherwise it is the most frequent
 * `colours` colours (every flat
 * colour of board, text and background, and the commonest edge shades) and
 * each other colour, all of them edge shades, takes the nearest palette colour
 * (squared distance of the premultiplied RGBA, computed once per distinct
 * colour, so the cost is per colour, not per pixel). Palette entries are
 * stored as PNG wants them, straight (not premultiplied) colour with the
 * alpha in a tRNS chunk, which is left out when every entry is opaque.
 * Measured on the share cards of the full site: the whole dist/ drops from
 * 256 MB to the figure in bench/site.json.
 */
export function encodeIndexedPng(pixels: Uint8Array, width: number, height: number, colours = 256): Uint8Array {
  if (!Number.isInteger(colours) || colours < 1 || colours > 256) throw new Error(`encodeIndexedPng: ${colours} colours`);
  const n = width * height;
  const view = new Uint32Array(pixels.buffer, pixels.byteOffset, n);
  const table = colourTable();
  // Runs of one colour are long in flat images: count a run at once.
  for (let i = 0; i < n;) {
    const c = view[i];
    let j = i + 1;
    while (j < n && view[j] === c) j++;
    table.add(c, j - i);
    i = j;
  }
  const byCount = table.entries().sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const palette = byCount.slice(0, colours).map(([c]) => c);
  palette.forEach((c, i) => table.setIndex(c, i));
  // The colour's bytes (RGBA in memory order) from its Uint32 (platform byte order: read them back through a byte view).
  const bytes = new Uint8Array(4);
  const word = new Uint32Array(bytes.buffer);
  const rgba = palette.map((c) => {
    word[0] = c;
    return [bytes[0], bytes[1], bytes[2], bytes[3]];
  });
  for (const [c] of byCount.slice(colours)) {
    word[0] = c;
    let best = 0;
    let bestD = Infinity;
    for (let k = 0; k < rgba.length; k++) {
      const p = rgba[k];
      const dr = p[0] - bytes[0], dg = p[1] - bytes[1], db = p[2] - bytes[2], da = p[3] - bytes[3];
      const d = dr * dr + dg * dg + db * db + da * da;
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    table.setIndex(c, best);
  }
  const stride = width + 1;
  const raw = new Uint8Array(stride * height); // each row: filter byte 0, then one index per pixel
  for (let y = 0, i = 0; y < height; y++) {
    let j = y * stride + 1;
    let last = -1, k = 0;
    for (let x = 0; x < width; x++, i++, j++) {
      if (view[i] !== last) {
        last = view[i];
        k = table.indexOf(last);
      }
      raw[j] = k;
    }
  }
  const plte = new Uint8Array(rgba.length * 3);
  const trns = new Uint8Array(rgba.length);
  rgba.forEach(([r, g, b, a], k) => {
    trns[k] = a;
    // Straight colour = premultiplied * 255 / alpha, rounded (as tiny-skia's demultiply); alpha 0 keeps colour 0.
    if (a === 255) plte.set([r, g, b], k * 3);
    else if (a !== 0) plte.set([r, g, b].map((v) => Math.min(255, Math.round((v * 255) / a))), k * 3);
  });
  const extra = [chunk("PLTE", plte)];
  if (trns.some((a) => a !== 255)) extra.push(chunk("tRNS", trns));
  return assemblePng(width, height, 3, extra, raw); // colour type 3: palette
}

/** Paint an SVG with resvg: RGBA pixels, premultiplied by alpha. */
export function paintPixels(svg: string, width: number): { pixels: Uint8Array; width: number; height: number } {
  const image = new Resvg(svg, resvgOptions(width)).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Paint an SVG with resvg and encode it with encodePng() in `colours` colours. */
function paint(svg: string, width: number, colours = 256): Uint8Array {
  const image = paintPixels(svg, width);
  return encodePng(image.pixels, image.width, image.height, colours);
}

let fontFiles: string[] | undefined;
const fontFilesByWeight = new Map<number, string[]>();

/** Paint an SVG with resvg given the faces of one weight only (site/lib/og-text.ts: Czech letters in the word's weight). */
function paintWeight(svg: string, width: number, weight: number): Pixels {
  let files = fontFilesByWeight.get(weight);
  if (!files) fontFilesByWeight.set(weight, files = resvgFontFiles([weight === 700 ? 700 : 400]));
  const image = new Resvg(svg, {
    fitTo: { mode: "width" as const, value: width },
    font: { loadSystemFonts: false, fontFiles: files, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

function resvgOptions(width: number) {
  fontFiles ??= resvgFontFiles();
  return {
    fitTo: { mode: "width" as const, value: width },
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  };
}

/**
 * What of an SVG is drawn: without its <title> and <desc> (never painted), so
 * diagrams of the same position under different titles share one render.
 * escapeXml() in diagram-svg.ts escapes "<" inside them, so [^<]* is exact.
 */
export function drawnPart(svg: string): string {
  return svg.replace(/<title>[^<]*<\/title>/g, "").replace(/<desc>[^<]*<\/desc>/g, "");
}

/** An SVG string as PNG, `width` px wide, PERMALINK_COLOURS colours (cached by what is drawn). */
export function svgToPng(svg: string, width: number, read = true): Promise<Uint8Array> {
  const drawn = drawnPart(svg);
  return cached(hashOf(["svg", String(width), `colours ${PERMALINK_COLOURS}`, drawn]), () => paint(drawn, width, PERMALINK_COLOURS), read);
}

/** The standalone SVG of a diagram permalink (language-neutral: English title and description). */
export function permalinkSvg(spec: DiagramSpec, title: string): string {
  return diagramSvg(spec, { size: PERMALINK_WIDTH, title, lang: "en", xmlDeclaration: true });
}

/**
 * The PNG permalink of a diagram, cached by its drawn SVG like svgToPng(),
 * painted by the painter (site/lib/painter.ts: the board once per board,
 * marks, pieces and numbers as sprites, the path rasterized) where it can,
 * else by resvg.
 */
export function permalinkPng(spec: DiagramSpec, title: string, read = true): Promise<Uint8Array> {
  const drawn = drawnPart(permalinkSvg(spec, title));
  return cached(hashOf(["svg", String(PERMALINK_WIDTH), `colours ${PERMALINK_COLOURS}`, drawn]), () => {
    const image = permalinkPixels(spec) ?? paintPixels(drawn, PERMALINK_WIDTH);
    return encodePng(image.pixels, image.width, image.height, PERMALINK_COLOURS);
  }, read);
}

/** A permalink's pixels by the painter, or null when the painter cannot draw the spec (resvg paints it then). */
export function permalinkPixels(spec: DiagramSpec): Pixels | null {
  return paintDiagram(spec, PERMALINK_WIDTH, paintPixels, (board) => drawnPart(diagramSvg(board, { size: PERMALINK_WIDTH, desc: "" })));
}

/**
 * The PNG of /diagrams/<id>/<form>.png, or null when the entry has no such
 * diagram. The page and the prerender step both call this, so they ask for
 * the same cache key.
 */
export function diagramPngOf(entry: AtlasEntry, form: DiagramForm, read = true): Promise<Uint8Array> | null {
  const spec = diagramOf(entry, form);
  return spec ? permalinkPng(spec, diagramTitle(entry, form, "en"), read) : null;
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
 * card's painting. tests/diagram_svg_test.ts compares a card made so with
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
