/**
 * Rendered images of the atlas (build time only: Node APIs): resvg's painting
 * of an SVG and the PNG permalinks of the diagrams (site/lib/painter.ts, from
 * resvg's paintings). The share images /og/<lang>/<id>.png are og-card.ts's,
 * the PNG encoder png.ts's, the cache by content hash (.cache/renders/)
 * render-cache.ts's.
 *
 * Build time: a fresh build paints ~3,500 PNGs, so the costs were measured
 * (CPU per image on this machine): a share card is ~8 ms Satori, ~20 ms resvg
 * painting and ~11 ms resvg's PNG encoding; a permalink ~6 ms painting and
 * ~3.5 ms encoding. encodePng() (png.ts) writes the same pixels in about half
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
import { Resvg } from "@resvg/resvg-js";
import type { AtlasEntry } from "./entry.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramSvg } from "./diagram-svg.ts";
import { type DiagramForm, diagramOf, diagramTitle } from "./diagram-alt.ts";
import { FONT_FAMILY, resvgFontFiles } from "./fonts.ts";
import { paintDiagram, type Pixels } from "./painter.ts";
import { cached, hashOf } from "./render-cache.ts";
import { encodePng } from "./png.ts";

export const PERMALINK_WIDTH = 480;
/**
 * Palette colours of a PNG permalink: every 20th record's permalinks took
 * 12.1 kB each with 256 colours, 11.6 with 128 (the board's flat colours and
 * the commonest edge shades of the numbers and lines; the rest mapped to the
 * nearest).
 */
export const PERMALINK_COLOURS = 128;

/** Paint an SVG with resvg: RGBA pixels, premultiplied by alpha. */
export function paintPixels(svg: string, width: number): { pixels: Uint8Array; width: number; height: number } {
  const image = new Resvg(svg, resvgOptions(width)).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Paint an SVG with resvg and encode it with encodePng() in `colours` colours. */
export function paint(svg: string, width: number, colours = 256): Uint8Array {
  const image = paintPixels(svg, width);
  return encodePng(image.pixels, image.width, image.height, colours);
}

let fontFiles: string[] | undefined;
const fontFilesByWeight = new Map<number, string[]>();

/** Paint an SVG with resvg given the faces of one weight only (site/lib/og-text.ts: Czech letters in the word's weight). */
export function paintWeight(svg: string, width: number, weight: number): Pixels {
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
