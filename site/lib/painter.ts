/**
 * A raster painter of our own for board diagrams (build time only: resvg
 * through render.ts). resvg's cost per image is mostly its canvas (an empty
 * 480x480 render takes 4-8 ms, bench/site.json imageCosts.findings), and a
 * diagram is the same few things over and over: the board, and on its
 * squares marks, pieces and numbers, with the path's lines between them. So:
 *
 * - the board (squares, frame, coordinates, layer labels: everything that
 *   depends only on the board and the size) is painted by resvg once per
 *   board and size, from diagramSvg() with no pieces, numbers, marks or path,
 *   and copied;
 * - every mark, piece and number is painted by resvg once per size and
 *   sub-pixel position as a sprite (premultiplied RGBA, in batches: one resvg
 *   call paints every sprite a diagram lacks) from the very markup
 *   diagramSvg() draws (markMarkup, pieceMarkup, numberMarkup), and
 *   composited "over" in diagramSvg()'s order: marks, path, pieces, numbers.
 *   A square's corner lands at a fractional pixel; sprites are keyed by that
 *   fraction rounded to 1/phases px, so an element is drawn at most
 *   1/(2 phases) px from where resvg puts it (painterOptions.phases = 0:
 *   exact, one sprite per position);
 * - the path (segments centre to centre, round caps, one stroke at
 *   PATH_STYLE.opacity) is rasterized by our own code (path-raster.ts): each segment is a capsule of
 *   radius width / 2, a pixel's coverage is how much of a pixel-wide box
 *   across the line, at the pixel centre's distance from the segment, the
 *   stroke covers (the union of the segments taking the largest), and the
 *   start's dot is a disc alike; the jumps between the layers of a 3-D
 *   board, dashed, are capsules for each dash, stroked after the rest.
 *   A path thinner than a pixel is left to resvg (painterCanDraw).
 *
 * tests/site/painter_test.ts compares the painter with resvg's painting of the
 * same SVG over records of every family (mean difference per channel, the
 * worst square's mean, quiet square interiors exact), and shows that a piece
 * one square off or in another colour, or a number left out, fails it.
 */
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import {
  DIAGRAM_FONT,
  type DiagramLayout,
  diagramLayout,
  escapeXml,
  markMarkup,
  numberMarkup,
  NUMBERS_GROUP,
  PATH_STYLE,
  pieceMarkup,
  S,
} from "./diagram-svg.ts";
import { dashes, paintDot, strokeSegments } from "./path-raster.ts";

/** Premultiplied RGBA pixels. */
export interface Pixels {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A rectangle of pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the diagram's user units land: pixel = t + unit * k. */
export interface Placement {
  k: number;
  tx: number;
  ty: number;
}

/** How the painter gets an SVG painted (render.ts: resvg), `width` px wide. */
export type PaintSvg = (svg: string, width: number) => Pixels;

/**
 * Sub-pixel positions per pixel that sprites are painted at (0: every
 * position exactly). With 8 an element lands at most 1/16 px from where
 * resvg puts it: over records of every family no square's box differs from
 * resvg's painting by more than 1.9 levels a channel on average (2.7 with 4,
 * which failed at the share card's 31 px squares; tests/site/painter_test.ts);
 * an 8x8 board has only 8 positions a row anyway.
 */
export const painterOptions = { phases: 8 };
/** Pixels of room around a square in its sprite (anti-aliased edges, halos). */
const PAD = 2;

/** A sprite: premultiplied RGBA of its inked box, placed relative to an origin pixel. */
export interface Sprite {
  /** Premultiplied RGBA of the sprite's inked box only. */
  pixels: Uint8Array;
  /** The inked box relative to the square's sprite origin. */
  x: number;
  y: number;
  w: number;
  h: number;
}

const sprites = new Map<string, Sprite>();
/** What the painter asked resvg for (benchmarks): sprite batches, sprites, their pixels, boards. */
export const painterStats = { batches: 0, sprites: 0, spritePixels: 0, boards: 0 };
let spriteBytes = 0;
/** Sprites are dropped (all of them) past this many bytes: a worker paints a few thousand per size. */
const SPRITE_BUDGET = 256 << 20;

/** A pixel position as a whole pixel and the fraction sprites are painted at (rounded to 1/painterOptions.phases). */
function snap(v: number): [number, number] {
  const p = painterOptions.phases;
  const q = p === 0 ? v : Math.round(v * p) / p;
  const whole = Math.floor(q);
  return [whole, q - whole];
}

/** One element to composite: its markup at the square corner (0, 0), and the square's corner in pixels. */
interface Item {
  markup: string;
  /** The markup's id (element()). */
  id: number;
  /** The square's top-left corner in pixels (fractional). */
  px: number;
  py: number;
}

/** Sprites of the items that have none yet, painted in one resvg call (a grid of cells, one per sprite). */
function paintSprites(items: { key: string; markup: string; fx: number; fy: number }[], k: number, paint: PaintSvg): void {
  if (items.length === 0) return;
  const cw = Math.ceil(S * k) + 2 * PAD + 2;
  const cols = Math.max(1, Math.min(items.length, Math.floor(2048 / cw)));
  const rows = Math.ceil(items.length / cols);
  const W = cols * cw, H = rows * cw;
  const parts = items.map((it, i) => {
    const ox = (i % cols) * cw + PAD + it.fx, oy = Math.floor(i / cols) * cw + PAD + it.fy;
    return `<g transform="translate(${ox / k} ${oy / k})">${it.markup}</g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W / k} ${H / k}" font-family="${
    escapeXml(DIAGRAM_FONT)
  }">${parts.join("")}</svg>`;
  const img = paint(svg, W);
  painterStats.batches++;
  painterStats.sprites += items.length;
  painterStats.spritePixels += W * H;
  if (img.width !== W || img.height !== H) throw new Error(`painter: sprites painted ${img.width}x${img.height}, not ${W}x${H}`);
  const src = new Uint32Array(img.pixels.buffer, img.pixels.byteOffset, W * H);
  items.forEach((it, i) => {
    // The sprite's origin is PAD px up and left of the square's (floored) corner.
    const sprite = cutSprite(src, W, (i % cols) * cw, Math.floor(i / cols) * cw, cw, cw, PAD, PAD);
    sprites.set(it.key, sprite);
    spriteBytes += sprite.pixels.length + 100;
  });
}

/**
 * The inked part (pixels not 0) of the w x h cell at (cx, cy) of a batch of
 * sprites (`src`: its pixels as Uint32 words, W wide), as a sprite whose
 * origin lies (ox, oy) into the cell.
 */
export function cutSprite(src: Uint32Array, W: number, cx: number, cy: number, cw: number, ch: number, ox: number, oy: number): Sprite {
  let x0 = cw, y0 = ch, x1 = -1, y1 = -1;
  for (let y = 0; y < ch; y++) {
    for (let x = 0, j = (cy + y) * W + cx; x < cw; x++, j++) {
      if (src[j] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  const w = x1 < 0 ? 0 : x1 - x0 + 1, h = x1 < 0 ? 0 : y1 - y0 + 1;
  const pixels = new Uint8Array(w * h * 4);
  const out = new Uint32Array(pixels.buffer);
  for (let y = 0; y < h; y++) out.set(src.subarray((cy + y0 + y) * W + cx + x0, (cy + y0 + y) * W + cx + x0 + w), y * w);
  return { pixels, x: x0 - ox, y: y0 - oy, w, h };
}

/** dst = src over dst (premultiplied), the sprite's origin at pixel (ox, oy), inside the clip. */
export function composite(dst: Pixels, s: Sprite, ox: number, oy: number, clip: Rect): void {
  const x0 = Math.max(clip.x, ox + s.x), y0 = Math.max(clip.y, oy + s.y);
  const x1 = Math.min(clip.x + clip.w, ox + s.x + s.w), y1 = Math.min(clip.y + clip.h, oy + s.y + s.h);
  const d = dst.pixels, p = s.pixels, W = dst.width;
  for (let y = y0; y < y1; y++) {
    let j = ((y - oy - s.y) * s.w + (x0 - ox - s.x)) * 4;
    let i = (y * W + x0) * 4;
    for (let x = x0; x < x1; x++, i += 4, j += 4) {
      const a = p[j + 3];
      if (a === 0) continue;
      if (a === 255) {
        d[i] = p[j];
        d[i + 1] = p[j + 1];
        d[i + 2] = p[j + 2];
        d[i + 3] = 255;
        continue;
      }
      const inv = 255 - a;
      d[i] = p[j] + div255(d[i] * inv);
      d[i + 1] = p[j + 1] + div255(d[i + 1] * inv);
      d[i + 2] = p[j + 2] + div255(d[i + 2] * inv);
      d[i + 3] = a + div255(d[i + 3] * inv);
    }
  }
}

/** Rounded v / 255 for v in [0, 255 * 255]. */
function div255(v: number): number {
  v += 128;
  return (v + (v >> 8)) >> 8;
}

/**
 * Whether the painter draws this spec at k px a unit: every spec diagramSvg()
 * draws (the dashed jumps between the layers of 3-D boards too: they were
 * left to resvg at first, 24 animations at ~120 ms each), unless its path's
 * stroke is thinner than a pixel (a share card of a 6x6x6 board: 0.6 px):
 * there many lines share a pixel, and the painter's union of them (the
 * largest coverage) came out a square 12 levels lighter than resvg's.
 */
export function painterCanDraw(spec: DiagramSpec, k = Infinity): boolean {
  if (!Array.isArray(spec.board) || spec.board.length === 0) return false;
  return (spec.path?.length ?? 0) < 2 || PATH_STYLE.width * k >= 1;
}

/** The spec without what the painter draws: the board alone (what paintDiagram's base shows). */
export function boardOnly(spec: DiagramSpec): DiagramSpec {
  return { board: spec.board, pieces: [] };
}

/** Markup of an element by a short name (glyph and colour, label, mark kind), and the element's id in sprite keys. */
const markups = new Map<string, { markup: string; id: number }>();
function element(name: string, make: () => string): { markup: string; id: number } {
  let m = markups.get(name);
  if (!m) {
    m = { markup: make(), id: markups.size };
    markups.set(name, m);
  }
  return m;
}

/**
 * The marks, pieces and numbers of `spec` as sprites to composite, in
 * diagramSvg()'s order, each group in spec order; only those on squares
 * `keep` accepts (the corner in pixels) when given.
 */
function itemsOf(
  spec: DiagramSpec,
  L: DiagramLayout,
  at: Placement,
  keep?: (px: number, py: number) => boolean,
): { marks: Item[]; pieces: Item[]; numbers: Item[] } {
  const { k, tx, ty } = at;
  const total = spec.board.reduce((a, b) => a * b, 1);
  const onBoard = (sq: number) => Number.isInteger(sq) && sq >= 0 && sq < total;
  const item = (sq: number, e: { markup: string; id: number }, out: Item[]) => {
    const [x, y] = L.corner(sq);
    const px = tx + x * k, py = ty + y * k;
    if (!keep || keep(px, py)) out.push({ markup: e.markup, id: e.id, px, py });
  };
  const marks: Item[] = [];
  for (const m of spec.marks ?? []) {
    if (onBoard(m.square)) item(m.square, element(`mark ${m.kind}`, () => markMarkup(m.kind, 0, 0)), marks);
  }
  const occupied = new Set<number>();
  const pieces: Item[] = [];
  for (const p of spec.pieces) {
    if (!onBoard(p.square)) continue;
    occupied.add(p.square);
    item(p.square, element(`piece ${p.glyph} ${p.colour}`, () => pieceMarkup(p, 0, 0)), pieces);
  }
  const numbers: Item[] = [];
  for (const n of spec.numbers ?? []) {
    if (!onBoard(n.square)) continue;
    const occ = occupied.has(n.square);
    const e = element(
      `number ${occ ? "corner" : "centre"} ${n.label}`,
      () => `<g ${NUMBERS_GROUP}>${numberMarkup({ square: 0, label: n.label }, 0, 0, occ)}</g>`,
    );
    item(n.square, e, numbers);
  }
  return { marks, pieces, numbers };
}

/** The sprite cache key of an item at scale k. */
function keyOf(it: Item, k: number): string {
  return `${k}|${snap(it.px)[1]}|${snap(it.py)[1]}|${it.id}`;
}

/** Paint, in one resvg call, every sprite the items lack (a diagram's, or all the frames' of an animation). */
function ensureSprites(items: Item[], k: number, paint: PaintSvg): void {
  const want: { key: string; markup: string; fx: number; fy: number }[] = [];
  const seen = new Set<string>();
  for (const it of items) {
    const key = keyOf(it, k);
    if (sprites.has(key) || seen.has(key)) continue;
    seen.add(key);
    want.push({ key, markup: it.markup, fx: snap(it.px)[1], fy: snap(it.py)[1] });
  }
  if (want.length === 0) return;
  if (spriteBytes > SPRITE_BUDGET) {
    sprites.clear();
    spriteBytes = 0;
    return ensureSprites(items, k, paint);
  }
  paintSprites(want, k, paint);
}

/**
 * Paint beforehand, in one resvg call, every sprite the specs need (the
 * frames of an animation: else each frame's new number costs a call).
 */
export function prepareSprites(specs: DiagramSpec[], L: DiagramLayout, at: Placement, paint: PaintSvg): void {
  const all: Item[] = [];
  for (const spec of specs) {
    const { marks, pieces, numbers } = itemsOf(spec, L, at);
    all.push(...marks, ...pieces, ...numbers);
  }
  ensureSprites(all, at.k, paint);
}

/**
 * Paint the marks, path, pieces and numbers of `spec` over `dst` (which holds
 * the board already: boardOnly()'s painting), inside `clip` (default: all of
 * dst), with the diagram's units placed by `at` (layout `L`). Returns false
 * when the painter cannot draw the spec (painterCanDraw).
 */
export function paintOver(
  dst: Pixels,
  spec: DiagramSpec,
  L: DiagramLayout,
  at: Placement,
  paint: PaintSvg,
  clip: Rect = { x: 0, y: 0, w: dst.width, h: dst.height },
): boolean {
  if (!painterCanDraw(spec, at.k)) return false;
  const { k, tx, ty } = at;
  // A square's sprite reaches PAD px (and the rounding of its corner) past the square: skip squares outside the clip.
  const reach = Math.ceil(S * k) + PAD + 2;
  const touches = (px: number, py: number) =>
    px - PAD - 1 < clip.x + clip.w && px + reach > clip.x && py - PAD - 1 < clip.y + clip.h && py + reach > clip.y;
  const { marks, pieces, numbers } = itemsOf(spec, L, at, touches);
  ensureSprites([...marks, ...pieces, ...numbers], k, paint);
  const layer = (items: Item[]) => {
    for (const it of items) composite(dst, sprites.get(keyOf(it, k))!, snap(it.px)[0], snap(it.py)[0], clip);
  };
  layer(marks);
  const total = spec.board.reduce((a, b) => a * b, 1);
  const sqs = (spec.path ?? []).filter((sq) => Number.isInteger(sq) && sq >= 0 && sq < total);
  if (sqs.length > 1) {
    const centre = (sq: number): [number, number] => {
      const [x, y] = L.centre(sq);
      return [tx + x * k, ty + y * k];
    };
    const pairs: [number, number][] = [];
    for (let i = 1; i < sqs.length; i++) pairs.push([sqs[i - 1], sqs[i]]);
    if (spec.closed && sqs.length > 2) pairs.push([sqs[sqs.length - 1], sqs[0]]);
    // Within a layer solid, between layers dashed (diagramSvg's two paths, in that order), then the start's dot.
    const solid = pairs.filter(([a, b]) => L.layerOf(a) === L.layerOf(b)).map(([a, b]) => [...centre(a), ...centre(b)]);
    const dashed = pairs.filter(([a, b]) => L.layerOf(a) !== L.layerOf(b)).flatMap(([a, b]) => {
      const [[ax, ay], [bx, by]] = [L.centre(a), L.centre(b)];
      return dashes(ax, ay, bx, by).map(([x0, y0, x1, y1]) => [tx + x0 * k, ty + y0 * k, tx + x1 * k, ty + y1 * k]);
    });
    if (solid.length) strokeSegments(dst, solid, k, clip);
    if (dashed.length) strokeSegments(dst, dashed, k, clip);
    paintDot(dst, centre(sqs[0]), k, clip);
  }
  layer(pieces);
  layer(numbers);
  return true;
}

/** Copy the rectangle `clip` of `src` into `dst` (same size). */
export function copyRect(dst: Pixels, src: Pixels, clip: Rect): void {
  const W = dst.width;
  for (let y = clip.y; y < clip.y + clip.h; y++) {
    dst.pixels.set(src.pixels.subarray((y * W + clip.x) * 4, (y * W + clip.x + clip.w) * 4), (y * W + clip.x) * 4);
  }
}

/**
 * The placement resvg gives an SVG of the layout `L` painted `width` px wide
 * (fitTo width; the viewBox mapped by preserveAspectRatio xMidYMid meet): the
 * rounded pixel height makes the scale the smaller of the two ratios, and
 * centres the drawing along the other axis.
 */
export function placementOf(L: DiagramLayout, width: number, height: number): Placement {
  const k = Math.min(width / L.viewWidth, height / L.viewHeight);
  return { k, tx: (width - L.viewWidth * k) / 2, ty: (height - L.viewHeight * k) / 2 };
}

const bases = new Map<string, Pixels>();

/**
 * The board of `spec` painted once (resvg, through `paintBoard`) and kept by
 * `key` (the caller's: what the board's painting depends on): the painter's
 * base. At most 64 are kept.
 */
export function boardBase(key: string, paintBoard: () => Pixels): Pixels {
  let b = bases.get(key);
  if (!b) {
    if (bases.size >= 64) bases.clear();
    const painted = paintBoard();
    painterStats.boards++;
    // A copy (resvg's pixels are a Node Buffer, whose slice() is a view, not a copy).
    b = { pixels: new Uint8Array(painted.pixels), width: painted.width, height: painted.height };
    bases.set(key, b);
  }
  return b;
}

/**
 * A whole diagram as diagramSvg(spec, { size }) draws it, painted by the
 * painter (premultiplied RGBA, a fresh buffer), or null when the painter
 * cannot draw it (painterCanDraw: the caller paints with resvg).
 */
export function paintDiagram(spec: DiagramSpec, size: number, paint: PaintSvg, boardSvg: (spec: DiagramSpec) => string): Pixels | null {
  const L = diagramLayout(spec.board, { size });
  if (!painterCanDraw(spec, placementOf(L, L.width, L.height).k)) return null;
  const base = boardBase(`diagram|${size}|${spec.board.join("x")}`, () => paint(boardSvg(boardOnly(spec)), size));
  const out = { pixels: new Uint8Array(base.pixels), width: base.width, height: base.height };
  paintOver(out, spec, L, placementOf(L, out.width, out.height), paint);
  return out;
}
