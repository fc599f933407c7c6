/**
 * The animations' GIF encoder: frames laid over white, one palette of
 * ANIMATION_COLOURS colours (gifenc's quantizer), each frame after the first
 * only the rectangle where it changed, with the unchanged pixels transparent.
 */
import * as gifencModule from "gifenc";

// gifenc ships CommonJS (main) and ESM (module): Deno sees the former, a bundler may pick the latter.
// deno-lint-ignore no-explicit-any
const gifenc: any = "quantize" in gifencModule ? gifencModule : (gifencModule as any).default;

/** Palette colours drawn (the GIF palette has one more: the transparent index). */
export const ANIMATION_COLOURS = 31;
/** Largest channel difference (0..255) between two palette colours that a frame does not redraw. */
export const SAME_COLOUR = 24;

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
export function overWhiteInto(frame: Uint8Array, pixels: Uint8Array, r: Box, w: number): void {
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
