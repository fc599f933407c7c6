/**
 * The share card's text column painted from word sprites (build time only).
 * Satori lays the column out (line breaks, sizes, where each word goes) but
 * is asked for positioned <text> words, not glyph outlines (embedFont:
 * false): the outlines were more than half of its ~8 ms a card, and resvg's
 * filling of them ~6 ms more. Each word is painted by resvg once per font
 * size, weight, colour and 1/8-px position as a sprite (in batches: one call
 * per weight for what a card lacks) and composited over the card's
 * background, itself painted once. resvg is given the faces of the word's
 * weight only, so the Czech letters (in the latin-ext subset) come in the
 * word's own weight (with every face loaded, resvg's fallback took the first
 * face holding the glyph, whatever its weight).
 *
 * tests/site/og_text_test.ts compares cards painted so with Satori's outlines
 * painted by resvg (Czech cards among them), and shows a changed letter fails.
 */
import { escapeXml } from "./diagram-svg.ts";
import { composite, cutSprite, type Pixels, type Rect, type Sprite } from "./painter.ts";

/** One word (or run) Satori placed: card units of the text column, y the baseline. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  weight: number;
  fill: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(
    /&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g,
    (_, e: string) => e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e],
  );

/**
 * The words of Satori's SVG made with embedFont: false: every <text>
 * element with its position and style. Anything else drawn (a rectangle, an
 * image, a path) answers null: the caller then paints the card as before.
 */
export function placedTexts(svg: string): PlacedText[] | null {
  const body = svg.replace(/<mask\b[^>]*>[\s\S]*?<\/mask>/g, "").replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  const out: PlacedText[] = [];
  const rest = body.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_, attrs: string, content: string) => {
    const a = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
    const t = {
      text: unescapeXml(content),
      x: Number(a("x")),
      y: Number(a("y")),
      width: Number(a("width")),
      size: Number(a("font-size")),
      weight: ({ normal: 400, bold: 700 } as Record<string, number>)[a("font-weight") ?? "normal"] ?? Number(a("font-weight")),
      fill: a("fill") ?? "black",
    };
    if (![t.x, t.y, t.width, t.size, t.weight].every(Number.isFinite)) out.push({ ...t, weight: NaN });
    else if (t.text.trim() !== "") out.push(t);
    return "";
  });
  if (rest.trim() !== "" || out.some((t) => !Number.isFinite(t.weight))) return null;
  // Only plain text: what else Satori might set (transforms, opacity, decoration) is not painted here.
  if (/\s(?:transform|opacity|text-decoration|clip-path|letter-spacing)=/.test(body)) return null;
  // Satori places punctuation as words of their own ("Grasshopper" ","), at their unkerned place, while
  // its outlines kern them: pieces that touch (same line and style) are painted as one run, kerned by resvg.
  const runs: PlacedText[] = [];
  for (const t of out) {
    const last = runs.at(-1);
    if (
      last && last.y === t.y && last.size === t.size && last.weight === t.weight && last.fill === t.fill &&
      Math.abs(last.x + last.width - t.x) < 0.01
    ) runs[runs.length - 1] = { ...last, text: last.text + t.text, width: t.x + t.width - last.x };
    else runs.push(t);
  }
  return runs;
}

const sprites = new Map<string, Sprite>();
let spriteBytes = 0;
const SPRITE_BUDGET = 128 << 20;
const PHASES = 8;
const PAD = 3;
export const ogTextStats = { batches: 0, sprites: 0 };

function snap(v: number): [number, number] {
  const q = Math.round(v * PHASES) / PHASES;
  const whole = Math.floor(q);
  return [whole, q - whole];
}

/** The word's cell in a batch: room above the baseline and below it, in px at `scale` px a unit. */
function cellOf(t: PlacedText, scale: number): { w: number; h: number; base: number } {
  const fs = t.size * scale;
  const base = Math.ceil(1.2 * fs) + PAD;
  return { w: Math.ceil(t.width * scale + 0.3 * fs) + 2 * PAD + 1, h: base + Math.ceil(0.45 * fs) + PAD, base };
}

function keyOf(t: PlacedText, fx: number, fy: number, scale: number): string {
  return `${scale}|${t.size}|${t.weight}|${t.fill}|${fx}|${fy}|${t.text}`;
}

/**
 * Paint the words over `dst` (which holds the card's background), a word's
 * unit (x, y) landing on pixel (ox + x * scale, oy + y * scale), clipped to
 * `clip`. `paint(svg, width, weight)` paints an SVG with the faces of one
 * weight only.
 */
export function paintTexts(
  dst: Pixels,
  texts: PlacedText[],
  scale: number,
  ox: number,
  oy: number,
  clip: Rect,
  paint: (svg: string, width: number, weight: number) => Pixels,
  fontFamily: string,
): void {
  const placed = texts.map((t) => {
    const [wx, fx] = snap(ox + t.x * scale);
    const [wy, fy] = snap(oy + t.y * scale);
    return { t, wx, wy, fx, fy, key: keyOf(t, fx, fy, scale) };
  });
  if (spriteBytes > SPRITE_BUDGET) {
    sprites.clear();
    spriteBytes = 0;
  }
  const byWeight = new Map<number, typeof placed>();
  const seen = new Set<string>();
  for (const p of placed) {
    if (sprites.has(p.key) || seen.has(p.key)) continue;
    seen.add(p.key);
    byWeight.set(p.t.weight, [...(byWeight.get(p.t.weight) ?? []), p]);
  }
  for (const [weight, want] of byWeight) {
    // One column of cells, each word at (PAD + fx, base + fy) in its cell.
    const cells = want.map((p) => cellOf(p.t, scale));
    const W = Math.max(...cells.map((c) => c.w));
    let H = 0;
    const tops = cells.map((c) => {
      const top = H;
      H += c.h;
      return top;
    });
    const parts = want.map((p, i) => {
      const x = (PAD + p.fx) / scale, y = (tops[i] + cells[i].base + p.fy) / scale;
      return `<text x="${x}" y="${y}" font-size="${p.t.size}" font-weight="${weight}" fill="${escapeXml(p.t.fill)}" xml:space="preserve">${
        escapeXml(p.t.text)
      }</text>`;
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W / scale} ${H / scale}" font-family="${
      escapeXml(fontFamily)
    }">${parts.join("")}</svg>`;
    const img = paint(svg, W, weight);
    if (img.width !== W || img.height !== H) throw new Error(`og text: painted ${img.width}x${img.height}, not ${W}x${H}`);
    ogTextStats.batches++;
    ogTextStats.sprites += want.length;
    const src = new Uint32Array(img.pixels.buffer, img.pixels.byteOffset, W * H);
    want.forEach((p, i) => {
      const sprite = cutSprite(src, W, 0, tops[i], cells[i].w, cells[i].h, PAD, cells[i].base);
      sprites.set(p.key, sprite);
      spriteBytes += sprite.pixels.length + 100;
    });
  }
  for (const p of placed) composite(dst, sprites.get(p.key)!, p.wx, p.wy, clip);
}
