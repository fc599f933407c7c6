/**
 * The animated solution (/diagrams/<id>/solution.gif): the replay's positions
 * (site/islands/replay-model.ts positionSpec: the squares numbered one by one,
 * captured men leaving the board) as the diagram renderer (diagram-svg.ts)
 * draws them, painted by the painter (painter.ts: the board, and sprites of
 * what diagram-svg.ts draws on the squares, painted by resvg once; resvg
 * paints the whole frame where the painter cannot) and encoded as an
 * animated GIF with gifenc. Build time only (Node APIs through render.ts).
 *
 * Size: the whole site is to stay small (every record with a move sequence has
 * one, 565 of them: 13.7 MB in all, median 17 kB, bench/animations.json), so:
 * - 256 px wide (an 8x8 board's squares are 28 px: two-digit numbers stay
 *   legible; larger boards keep that square size, animationWidth());
 * - one palette of 31 colours for all frames, taken from the first and the last
 *   frame (between them they hold every colour drawn: the men, the pieces, the
 *   numbers, the path), plus one transparent index;
 * - no frame around the piece's square (the replay's focus mark): the piece
 *   shows where it stands, and the moving frame cost a quarter of the bytes;
 * - each frame after the first repeats nothing: pixels that keep their colour
 *   are transparent and the frame is laid over the previous one (GIF disposal
 *   1, "do not dispose"), so LZW sees long runs of one index;
 * - long solutions are sampled: at most MAX_FRAME_STEPS steps between the start
 *   and the end; a solution of n > MAX_FRAME_STEPS moves advances
 *   ceil(n / MAX_FRAME_STEPS) moves per frame, and the last frame is always the
 *   full solution (animationPositions()).
 * Renders are cached like the PNG permalinks (render-cache.ts cached(), keyed by the
 * drawn SVGs of the frames and the encoder settings).
 */
import * as gifencModule from "gifenc";
import type { DiagramSpec, ReplaySpec } from "../../solvers/diagram/spec.ts";
import { positionSpec } from "../islands/replay-model.ts";
import type { AtlasEntry } from "./entry.ts";
import { diagramLayout, diagramSvg, S as SQUARE_UNITS } from "./diagram-svg.ts";
import { cached, hashOf } from "./render-cache.ts";
import { drawnPart, paintPixels } from "./render.ts";
import { boardBase, boardOnly, copyRect, paintDiagram, painterCanDraw, paintOver, placementOf, prepareSprites } from "./painter.ts";

// gifenc ships CommonJS (main) and ESM (module): Deno sees the former, a bundler may pick the latter.
// deno-lint-ignore no-explicit-any
const gifenc: any = "quantize" in gifencModule ? gifencModule : (gifencModule as any).default;

/** Bump when the animation's drawing or encoding changes. */
export const ANIMATION_VERSION = "3";
export const ANIMATION_WIDTH = 256;
/** At most this many steps between the first and the last frame (so at most MAX_FRAME_STEPS + 1 frames). */
export const MAX_FRAME_STEPS = 60;
/** Palette colours drawn (the GIF palette has one more: the transparent index). */
export const ANIMATION_COLOURS = 31;
/** Largest channel difference (0..255) between two palette colours that a frame does not redraw. */
export const SAME_COLOUR = 24;
/** Frame times in ms: the start is shown a little longer, the finished solution pauses. */
export const DELAY_START = 1200;
export const DELAY_MOVE = 500;
export const DELAY_END = 3000;

/** The replay an animation is made of, or null: records with a move sequence only. */
export function animationReplay(entry: AtlasEntry): ReplaySpec | null {
  return entry.replay && entry.replay.steps.length > 0 ? entry.replay : null;
}

/**
 * The positions (moves made) shown by the frames of a solution of n moves:
 * 0..n when n <= MAX_FRAME_STEPS, else 0, k, 2k, ... and n with
 * k = ceil(n / MAX_FRAME_STEPS).
 */
export function animationPositions(n: number): number[] {
  const k = Math.max(1, Math.ceil(n / MAX_FRAME_STEPS));
  const out: number[] = [];
  for (let p = 0; p < n; p += k) out.push(p);
  out.push(n);
  return out;
}

/** The diagram of each frame. */
export function animationSpecs(replay: ReplaySpec): DiagramSpec[] {
  // The frame around the piece's square (the replay's focus) is left out: the piece shows where it
  // stands, and the frame moving redraws two more squares a move (about a quarter of a frame's bytes).
  return animationPositions(replay.steps.length).map((p) => {
    const spec = positionSpec(replay, p);
    return { ...spec, marks: spec.marks?.filter((m) => m.kind !== "start") };
  });
}

/** Delays of the frames (ms). */
export function animationDelays(frames: number): number[] {
  return Array.from({ length: frames }, (_, i) => (i === frames - 1 ? DELAY_END : i === 0 ? DELAY_START : DELAY_MOVE));
}

/**
 * Width in px of the animation of a board: ANIMATION_WIDTH for an 8x8 board
 * or a smaller one; larger boards (and the layers of 3-D boards side by side)
 * keep an 8x8 board's square size, so their numbers stay as legible.
 */
export function animationWidth(board: readonly number[]): number {
  const unit = ANIMATION_WIDTH / diagramLayout([8, 8], { size: ANIMATION_WIDTH }).viewWidth;
  return Math.max(ANIMATION_WIDTH, Math.round(diagramLayout(board, { size: ANIMATION_WIDTH }).viewWidth * unit));
}

/** Pixel size of the animation of a board. */
export function animationSize(board: readonly number[]): { width: number; height: number } {
  const L = diagramLayout(board, { size: animationWidth(board) });
  return { width: L.width, height: L.height };
}

/** resvg's premultiplied RGBA laid over white, so every pixel is opaque (a GIF has no partial transparency). */
export function overWhite(pixels: Uint8Array): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const rest = 255 - pixels[i + 3];
    out[i] = pixels[i] + rest;
    out[i + 1] = pixels[i + 1] + rest;
    out[i + 2] = pixels[i + 2] + rest;
    out[i + 3] = 255;
  }
  return out;
}

/** overWhite() of the rectangle `r` of `pixels` (width w) written into the same rectangle of `frame`. */
function overWhiteInto(frame: Uint8Array, pixels: Uint8Array, r: Box, w: number): void {
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let i = (y * w + r.x) * 4, end = i + r.w * 4; i < end; i += 4) {
      const rest = 255 - pixels[i + 3];
      frame[i] = pixels[i] + rest;
      frame[i + 1] = pixels[i + 1] + rest;
      frame[i + 2] = pixels[i + 2] + rest;
      frame[i + 3] = 255;
    }
  }
}

const nearestOf = new Int16Array(65536);

/**
 * gifenc's applyPalette (format "rgb565"), the same indices faster: each
 * pixel takes the palette colour nearest (squared RGB distance, the last of
 * equals) to the first pixel of its RGB565 bin, as there; the bins' answers
 * are kept in a typed array instead of a new 65,536-element JavaScript array
 * looked up with `in` on every call (30 calls an animation), and a pixel of
 * the colour before it takes its index at once. tests/site/animation_test.ts
 * compares it with gifenc's.
 */
export function applyPalette(rgba: Uint8Array, palette: number[][]): Uint8Array {
  nearestOf.fill(-1);
  const n = rgba.length >> 2;
  const data = new Uint32Array(rgba.buffer, rgba.byteOffset, n);
  const index = new Uint8Array(n);
  const pr = palette.map((p) => p[0]), pg = palette.map((p) => p[1]), pb = palette.map((p) => p[2]);
  let lastColour = -1, lastIndex = 0;
  for (let i = 0; i < n; i++) {
    const c = data[i];
    if (c === lastColour) {
      index[i] = lastIndex;
      continue;
    }
    const r = c & 255, g = (c >> 8) & 255, b = (c >> 16) & 255;
    const key = ((r << 8) & 63488) | ((g << 2) & 992) | (b >> 3);
    let k = nearestOf[key];
    if (k < 0) {
      let best = 1e100;
      k = 0;
      for (let j = 0; j < pr.length; j++) {
        let d = (pr[j] - r) * (pr[j] - r);
        if (d > best) continue;
        d += (pg[j] - g) * (pg[j] - g);
        if (d > best) continue;
        d += (pb[j] - b) * (pb[j] - b);
        if (d > best) continue;
        best = d;
        k = j;
      }
      nearestOf[key] = k;
    }
    index[i] = lastIndex = k;
    lastColour = c;
  }
  return index;
}

/** A rectangle of pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The smallest rectangle holding every pixel where two frames (one element a
 * pixel) differ; null when none does. Only the pixels inside `within` are
 * compared (the caller knows the frames are equal outside it).
 */
function changedBox(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  width: number,
  height: number,
  within: Box = { x: 0, y: 0, w: width, h: height },
): Box | null {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = within.y; y < within.y + within.h; y++) {
    for (let x = within.x, i = y * width + x; x < within.x + within.w; x++, i++) {
      if (a[i] === b[i]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * Opaque RGBA frames of equal size as an animated GIF (looping), with the
 * delays given. Every frame after the first covers only the rectangle where
 * it differs from the one before (a 1x1 frame when nothing changed), with the
 * unchanged pixels inside it transparent. `regions[i]`, when given, is a
 * rectangle outside which frame i equals frame i - 1 (null: equal
 * everywhere), as animationFrames() knows them: then only that rectangle is
 * searched for changes (the same GIF, with less work; the whole frame was
 * compared twice per frame).
 */
export function encodeAnimation(
  frames: Uint8Array[],
  width: number,
  height: number,
  delays: number[],
  regions?: (Box | null)[],
): Uint8Array {
  if (frames.length === 0) throw new Error("encodeAnimation: no frames");
  const first = frames[0];
  const last = frames[frames.length - 1];
  const both = new Uint8Array(first.length + last.length);
  both.set(first);
  both.set(last, first.length);
  const palette: number[][] = gifenc.quantize(both, ANIMATION_COLOURS);
  const transparent = palette.length;
  palette.push([255, 0, 255]);
  const depth = Math.max(2, Math.ceil(Math.log2(palette.length)));
  const gif = gifenc.GIFEncoder();
  // Two palette entries this close count as the same colour (see below).
  const alike = new Uint8Array(palette.length * palette.length);
  for (let a = 0; a < palette.length; a++) {
    for (let b = 0; b < palette.length; b++) {
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(palette[a][c] - palette[b][c])));
      alike[a * palette.length + b] = d <= SAME_COLOUR ? 1 : 0;
    }
  }
  let previous: Uint8Array | null = null;
  frames.forEach((rgba, i) => {
    let index: Uint8Array;
    if (!previous) index = applyPalette(rgba, palette);
    else {
      // Only the pixels that changed are matched to the palette (the others keep their index).
      index = previous.slice();
      const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
      const before = frames[i - 1];
      const region = regions ? regions[i] : undefined;
      const box = region === null
        ? null
        : changedBox(new Uint32Array(before.buffer, before.byteOffset, width * height), pixels, width, height, region);
      if (box) {
        const sub = new Uint8Array(box.w * box.h * 4);
        for (let y = 0; y < box.h; y++) {
          sub.set(rgba.subarray(((box.y + y) * width + box.x) * 4, ((box.y + y) * width + box.x + box.w) * 4), y * box.w * 4);
        }
        const subIndex: Uint8Array = applyPalette(sub, palette);
        // resvg's anti-aliasing of a longer path moves edge pixels by a level or two, which can tip
        // them into a neighbouring palette colour: those keep the colour shown, so the frame covers
        // only what the move changed. A pixel shown is never further than SAME_COLOUR from its own
        // frame's colour (compared with this frame, not the shown one).
        for (let y = 0, j = 0; y < box.h; y++) {
          for (let x = 0, k = (box.y + y) * width + box.x; x < box.w; x++, j++, k++) {
            index[k] = alike[subIndex[j] * palette.length + previous[k]] ? previous[k] : subIndex[j];
          }
        }
      }
    }
    const options = { delay: delays[i], repeat: 0, colorDepth: depth, transparentIndex: transparent, dispose: 1 };
    if (!previous) {
      gif.writeFrame(index, width, height, { ...options, palette, transparent: false });
    } else {
      // The indices changed only where the pixels did (inside the frame's region).
      const region = regions ? regions[i] : undefined;
      const box = (region === null ? null : changedBox(previous, index, width, height, region)) ?? { x: 0, y: 0, w: 1, h: 1 };
      const part = new Uint8Array(box.w * box.h);
      for (let y = 0, j = 0; y < box.h; y++) {
        for (let x = 0, i = (box.y + y) * width + box.x; x < box.w; x++, i++, j++) {
          part[j] = index[i] === previous[i] ? transparent : index[i];
        }
      }
      const start = gif.bytesView().length;
      gif.writeFrame(part, box.w, box.h, { ...options, transparent: true });
      // gifenc places every image at (0, 0): set the image descriptor's left and top, which follow
      // the 8-byte graphic control extension (checked, so a changed encoder fails loudly, not silently).
      const out: Uint8Array = gif.bytesView();
      const at = start + 8;
      if (out[start] !== 0x21 || out[start + 1] !== 0xf9 || out[at] !== 0x2c) {
        throw new Error("encodeAnimation: unexpected gifenc frame layout");
      }
      out[at + 1] = box.x & 0xff;
      out[at + 2] = box.x >> 8;
      out[at + 3] = box.y & 0xff;
      out[at + 4] = box.y >> 8;
    }
    previous = index;
  });
  gif.finish();
  return gif.bytes();
}

/** The drawn SVG of every frame (without <title> and <desc>, which are never painted). */
function frameSvgs(replay: ReplaySpec): string[] {
  const size = animationWidth(replay.initial.board);
  return animationSpecs(replay).map((spec) => drawnPart(diagramSvg(spec, { size, desc: "" })));
}

/** Anti-aliased edges reach this far (px) past a square; a repainted rectangle is this much larger. */
const EDGE_PX = 2;
/**
 * How far (user units) the ink of a number of one or two digits centred on an
 * empty square stays inside the square, at least: diagram-svg.ts writes it
 * 20 units high (Noto Sans Bold digits are 0.57 em wide: two are 23 units of
 * the square's 40, so 8.5 units are left on each side), with a halo of 1.5
 * units and anti-aliasing under 1.4 units (a pixel at 0.74 px a unit): 5.6
 * units. Animations are drawn at 0.74 px a unit or more (animationWidth()).
 */
const NUMBER_INSET = 5;

/**
 * The squares whose drawing differs between the positions after a and after b
 * moves (a < b): what each move in between changes is its from square (the
 * piece leaves, a number appears), its to square (the piece arrives, a man
 * goes) and the captured square (a locust's man), and the path segment
 * between from and to, which runs inside the rectangle of those two squares.
 * Marks (targets) stay, and the moving focus frame is not drawn
 * (animationSpecs()).
 */
export function changedSquares(replay: ReplaySpec, a: number, b: number): number[] {
  const out = new Set<number>();
  for (const st of replay.steps.slice(a, b)) {
    out.add(st.from);
    out.add(st.to);
    if (st.captured !== undefined) out.add(st.captured);
  }
  return [...out];
}

/**
 * The drawing cut down to what can reach the user-unit rectangle [x0, x1] x
 * [y0, y1]: resvg parses, lays out and strokes every element of a drawing
 * whatever its viewBox shows, which made a cut frame cost nearly as much as
 * a whole one. Removed, each only when its ink provably misses the
 * rectangle:
 * - coordinate labels (diagram-svg.ts: a "13" font-size group of <text x y
 *   text-anchor>): a label's ink stays within 4 + 8 units a character of its
 *   anchor point sideways (13-unit Noto Sans digits and letters are under 8
 *   units wide, anchored at their middle or end) and from 16 above to 6 below
 *   its baseline;
 * - dark squares (the one path of "M x y h40 v40 h-40 z" squares) outside it;
 * - path segments ("M ax ay L bx by", stroke 2.5 wide with round caps: ink
 *   within 1.25 units of the segment) whose box grown by 2 units misses it.
 *   Each segment is a closed stroke outline of its own, so one that lies
 *   wholly outside the viewBox adds nothing to the winding inside it: the
 *   pixels inside are those of the whole path (the tests compare every frame
 *   with a whole painting).
 * Pieces and numbers are left out before (animationFrames() draws only those
 * on squares that reach the rectangle).
 */
export function cutDrawing(svg: string, x0: number, y0: number, x1: number, y1: number): string {
  const misses = (ax: number, ay: number, bx: number, by: number, pad: number) =>
    Math.max(ax, bx) + pad < x0 || Math.min(ax, bx) - pad > x1 || Math.max(ay, by) + pad < y0 || Math.min(ay, by) - pad > y1;
  let out = svg.replace(
    /(<g font-size="13" fill="[^"]*">)((?:<text [^>]*>[^<]*<\/text>)*)(<\/g>)/,
    (_, open: string, texts: string, close: string) => {
      const kept = texts.replace(/<text x="([^"]*)" y="([^"]*)"[^>]*>([^<]*)<\/text>/g, (t, xs: string, ys: string, label: string) => {
        const x = Number(xs), y = Number(ys), reach = 4 + 8 * label.length;
        return x + reach < x0 || x - reach > x1 || y + 6 < y0 || y - 16 > y1 ? "" : t;
      });
      return open + kept + close;
    },
  );
  out = out.replace(/<path d="((?:M-?[\d.]+ -?[\d.]+h40v40h-40z)+)"/, (_, d: string) => {
    const kept = d.replace(/M(-?[\d.]+) (-?[\d.]+)h40v40h-40z/g, (sq, xs: string, ys: string) => {
      const x = Number(xs), y = Number(ys);
      return misses(x, y, x + 40, y + 40, 0) ? "" : sq;
    });
    return `<path d="${kept || "M0 0"}"`;
  });
  out = out.replace(/(<g class="path">)([\s\S]*?)(<\/g>)/, (_, open: string, body: string, close: string) => {
    const cut = body.replace(/<path d="((?:M-?[\d.]+ -?[\d.]+L-?[\d.]+ -?[\d.]+)+)"/g, (_p, d: string) => {
      const kept = d.replace(
        /M(-?[\d.]+) (-?[\d.]+)L(-?[\d.]+) (-?[\d.]+)/g,
        (seg, a: string, b: string, c: string, e: string) => misses(Number(a), Number(b), Number(c), Number(e), 2) ? "" : seg,
      );
      return `<path d="${kept || "M0 0"}"`;
    });
    return open + cut + close;
  });
  return out;
}

/**
 * Every frame painted, opaque RGBA (what encodeAnimation() is given), by the
 * painter (painter.ts) when it can draw every frame: the first whole, each
 * later one only inside the rectangle of the squares its moves changed (the
 * board's pixels copied there, then what the position draws over it); every
 * sprite of every frame is painted beforehand in one resvg call. Frames of
 * every 2nd animation took 46 ms each by resvg, 15 by the painter (CPU,
 * load ~5). `usePainter` false, or a path jumping between layers: resvg, as
 * follows. Only the first is painted whole: painting was four fifths of an animation's CPU time,
 * so each later frame repaints just the rectangle of the squares its moves
 * changed (changedSquares(), plus EDGE_PX) into a copy of the frame before,
 * by giving resvg the same drawing with its viewBox cut down to that rectangle
 * (a shift by whole pixels). This took the painting of 60 records from 4.2 to
 * 2.6 CPU s; most of the rest is resvg's fixed cost per call (~2 ms, its font
 * database). (One call for all the rectangles of an animation, as nested
 * <svg>s in a strip, was slower: resvg paints each nested <svg> on a layer as
 * large as the strip.) The tests compare every frame with a whole painting.
 */
export function animationFrames(
  replay: ReplaySpec,
  firstSvg?: string,
  usePainter = true,
): { frames: Uint8Array[]; width: number; height: number; regions: (Box | null)[] } {
  const size = animationWidth(replay.initial.board);
  const specs = animationSpecs(replay);
  const positions = animationPositions(replay.steps.length);
  const L = diagramLayout(replay.initial.board, { size });
  // The painter (site/lib/painter.ts) draws every frame when it can draw them all: the board once,
  // then the marks, path, pieces and numbers of each frame's rectangle over the board's pixels.
  const painter = usePainter && specs.every((spec) => painterCanDraw(spec, placementOf(L, L.width, L.height).k));
  const boardSvg = (spec: DiagramSpec) => drawnPart(diagramSvg(spec, { size, desc: "" }));
  // Every sprite of every frame in one resvg call (the layout's size is the painting's: diagramLayout rounds as resvg).
  if (painter) prepareSprites(specs, L, placementOf(L, L.width, L.height), paintPixels);
  const first = painter
    ? paintDiagram(specs[0], size, paintPixels, boardSvg)!
    : paintPixels(firstSvg ?? drawnPart(diagramSvg(specs[0], { size, desc: "" })), size);
  const { width, height } = first;
  const base = painter
    ? boardBase(`diagram|${size}|${specs[0].board.join("x")}`, () => paintPixels(boardSvg(boardOnly(specs[0])), size))
    : null;
  const work = base ? { pixels: new Uint8Array(base.pixels.length), width, height } : null;
  // The viewBox as resvg maps it (preserveAspectRatio xMidYMid meet): the rounded pixel height makes
  // the scale the smaller of the two ratios, and centres the drawing along the other axis.
  const k = Math.min(width / L.viewWidth, height / L.viewHeight);
  const tx = (width - L.viewWidth * k) / 2;
  const ty = (height - L.viewHeight * k) / 2;
  const frames = [overWhite(first.pixels)];
  // Where each frame may differ from the one before: the repainted rectangle (null: nothing repainted).
  const regions: (Box | null)[] = [null];
  for (let i = 1; i < specs.length; i++) {
    const frame = frames[i - 1].slice();
    const squares = changedSquares(replay, positions[i - 1], positions[i]);
    regions.push(null);
    if (squares.length > 0) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const sq of squares) {
        const [x, y] = L.corner(sq);
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + SQUARE_UNITS);
        y1 = Math.max(y1, y + SQUARE_UNITS);
      }
      const bx = Math.max(0, Math.floor(tx + x0 * k) - EDGE_PX);
      const by = Math.max(0, Math.floor(ty + y0 * k) - EDGE_PX);
      const bw = Math.min(width, Math.ceil(tx + x1 * k) + EDGE_PX) - bx;
      const bh = Math.min(height, Math.ceil(ty + y1 * k) + EDGE_PX) - by;
      // resvg lays out every <text> of a drawing whatever its viewBox shows, which made long tours
      // cost the square of their length: the cut drawing keeps only the pieces and numbers on squares
      // that reach into the rectangle (the path stays whole: its lines may cross it from outside).
      if (base && work) {
        const clip = { x: bx, y: by, w: bw, h: bh };
        copyRect(work, base, clip);
        paintOver(work, specs[i], L, { k, tx, ty }, paintPixels, clip);
        overWhiteInto(frame, work.pixels, clip, width);
        regions[i] = clip;
        frames.push(frame);
        continue;
      }
      const [ux0, uy0, ux1, uy1] = [(bx - tx) / k, (by - ty) / k, (bx + bw - tx) / k, (by + bh - ty) / k];
      const seen = (sq: number, inset = 0) => {
        const [x, y] = L.corner(sq);
        return x + inset < ux1 && x + SQUARE_UNITS - inset > ux0 && y + inset < uy1 && y + SQUARE_UNITS - inset > uy0;
      };
      const spec = specs[i];
      const occupied = new Set(spec.pieces.map((p) => p.square));
      // Numbers of one or two digits centred on an empty square keep their ink NUMBER_INSET inside it,
      // so those on the squares around the rectangle, which it enters by EDGE_PX and the rounding to
      // whole pixels (at most 3 px, 4.1 units at the smallest scale, an 8x8 board's 256 px), are left
      // out; longer numbers and corner numbers beside a piece are kept with their square as before.
      const numbers = spec.numbers?.filter((n) => seen(n.square, !occupied.has(n.square) && n.label.length <= 2 ? NUMBER_INSET : 0));
      const inside = { ...spec, pieces: spec.pieces.filter((p) => seen(p.square)), numbers };
      const drawn = cutDrawing(drawnPart(diagramSvg(inside, { size, desc: "" })), ux0, uy0, ux1, uy1);
      const cut = drawn.replace(
        /^<svg([^>]*?) width="[^"]*" height="[^"]*" viewBox="[^"]*"/,
        `<svg$1 width="${bw}" height="${bh}" viewBox="${ux0} ${uy0} ${bw / k} ${bh / k}"`,
      );
      if (cut === drawn) throw new Error("animationFrames: unexpected <svg> root");
      const part = paintPixels(cut, bw);
      if (part.width !== bw || part.height !== bh) {
        throw new Error(`animationFrames: painted ${part.width}x${part.height}, not ${bw}x${bh}`);
      }
      const rgba = overWhite(part.pixels);
      for (let y = 0; y < bh; y++) frame.set(rgba.subarray(y * bw * 4, (y + 1) * bw * 4), ((by + y) * width + bx) * 4);
      regions[i] = { x: bx, y: by, w: bw, h: bh };
    }
    frames.push(frame);
  }
  return { frames, width, height, regions };
}

/** The animated GIF of a replay (cached by what its frames draw). */
export function animationGif(replay: ReplaySpec, read = true): Promise<Uint8Array> {
  const svgs = frameSvgs(replay);
  const delays = animationDelays(svgs.length);
  const size = animationWidth(replay.initial.board);
  const key = hashOf(["gif", ANIMATION_VERSION, String(size), String(ANIMATION_COLOURS), String(SAME_COLOUR), delays.join(","), ...svgs]);
  return cached(
    key,
    () => {
      const { frames, width, height, regions } = animationFrames(replay, svgs[0]);
      return encodeAnimation(frames, width, height, delays, regions);
    },
    read,
    "gif",
  );
}

/** The GIF of /diagrams/<id>/solution.gif, or null when the record has no move sequence (page, endpoint and prerender call this). */
export function animationGifOf(entry: AtlasEntry, read = true): Promise<Uint8Array> | null {
  const replay = animationReplay(entry);
  return replay ? animationGif(replay, read) : null;
}
