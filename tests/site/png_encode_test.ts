/**
 * The PNG encoder of the rendered images (site/lib/png.ts encodePng): its
 * files are read back here by an independent decoder (chunks with their CRCs,
 * the inflated rows, palette and tRNS) and compared pixel by pixel with what
 * was given: exactly (as straight colour) when the image has 256 colours or
 * fewer, with or without transparency; with more, the most frequent 256 stay
 * exact and every other pixel gets its nearest palette colour. A painted
 * diagram (resvg, transparent margins) must come back within rounding.
 */
import assert from "node:assert/strict";
import { crc32, inflateSync } from "node:zlib";
import { encodePng } from "../../site/lib/png.ts";
import { paintPixels } from "../../site/lib/render.ts";
import { diagramSvg } from "../../site/lib/diagram-svg.ts";
import { seededRandom } from "../../solvers/random.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";

interface Decoded {
  width: number;
  height: number;
  colourType: number;
  /** Straight RGBA, 4 bytes a pixel. */
  rgba: Uint8Array;
  chunks: string[];
}

function decodePng(png: Uint8Array): Decoded {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: string[] = [];
  let width = 0, height = 0, colourType = -1;
  let plte: Uint8Array = new Uint8Array(0);
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.length;) {
    const len = dv.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + len);
    assert.equal(dv.getUint32(at + 8 + len), crc32(png.subarray(at + 4, at + 8 + len)) >>> 0, `CRC of ${type}`);
    chunks.push(type);
    if (type === "IHDR") {
      width = dv.getUint32(at + 8);
      height = dv.getUint32(at + 12);
      assert.equal(data[8], 8, "bit depth 8");
      colourType = data[9];
    } else if (type === "PLTE") plte = data;
    else if (type === "tRNS") trns = data;
    else if (type === "IDAT") idat.push(data);
    at += 12 + len;
  }
  assert.equal(chunks.at(-1), "IEND");
  assert.equal(colourType, 3, "palette image");
  const raw = new Uint8Array(inflateSync(Buffer.concat(idat)));
  assert.equal(raw.length, (width + 1) * height);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    assert.equal(raw[y * (width + 1)], 0, "filter type 0");
    for (let x = 0; x < width; x++) {
      const k = raw[y * (width + 1) + 1 + x];
      assert.ok(k * 3 + 2 < plte.length, "index inside the palette");
      const o = (y * width + x) * 4;
      rgba.set([plte[k * 3], plte[k * 3 + 1], plte[k * 3 + 2], trns && k < trns.length ? trns[k] : 255], o);
    }
  }
  return { width, height, colourType, rgba, chunks };
}

/** Premultiplied RGBA (resvg's pixels) -> straight, rounded as the encoder documents. */
function straight(p: ArrayLike<number>, i: number): number[] {
  const a = p[i + 3];
  if (a === 0) return [0, 0, 0, 0];
  if (a === 255) return [p[i], p[i + 1], p[i + 2], 255];
  return [0, 1, 2].map((c) => Math.min(255, Math.round((p[i + c] * 255) / a))).concat([a]);
}

/** A random premultiplied colour (channels never above alpha), opaque or not. */
function colour(rand: () => number, opaque: boolean): number[] {
  const a = opaque ? 255 : Math.floor(rand() * 256);
  return [0, 1, 2].map(() => Math.floor(rand() * (a + 1))).concat([a]);
}

function image(width: number, height: number, colours: number[][], rand: () => number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  // Runs of one colour, as in a flat drawing.
  for (let i = 0; i < width * height;) {
    const c = colours[Math.floor(rand() * colours.length)];
    const run = 1 + Math.floor(rand() * 12);
    for (let r = 0; r < run && i < width * height; r++, i++) px.set(c, i * 4);
  }
  return px;
}

Deno.test("encodePng: up to 256 colours, opaque or transparent, decode to exactly the pixels given", () => {
  const rand = seededRandom(12);
  for (let trial = 0; trial < 40; trial++) {
    const opaque = trial % 2 === 0;
    const width = 1 + Math.floor(rand() * 60), height = 1 + Math.floor(rand() * 40);
    const colours = Array.from({ length: 1 + Math.floor(rand() * 256) }, () => colour(rand, opaque));
    const px = image(width, height, colours, rand);
    const d = decodePng(encodePng(px, width, height));
    assert.equal(d.width, width);
    assert.equal(d.height, height);
    assert.equal(d.chunks.includes("tRNS"), !opaque && colours.some((c) => c[3] !== 255) && hasTranslucent(px));
    for (let i = 0; i < width * height; i++) assert.deepEqual([...d.rgba.subarray(i * 4, i * 4 + 4)], straight(px, i * 4), `pixel ${i}`);
  }
});

function hasTranslucent(px: Uint8Array): boolean {
  for (let i = 3; i < px.length; i += 4) if (px[i] !== 255) return true;
  return false;
}

Deno.test("encodePng: more than 256 colours keep the 256 most frequent and map the others to the nearest", () => {
  const rand = seededRandom(99);
  const width = 128, height = 128;
  const common = Array.from({ length: 256 }, () => colour(rand, false));
  const px = image(width, height, common, rand);
  // 2200 rare colours, one pixel each (the common ones have many more pixels each; past 2048 colours the
  // encoder's colour table grows).
  const rare: number[] = [];
  for (let r = 0; r < 2200; r++) {
    const i = Math.floor(rand() * width * height);
    px.set(colour(rand, false), i * 4);
    rare.push(i);
  }
  const d = decodePng(encodePng(px, width, height));
  const isRare = new Set(rare);
  const seen = new Set<string>();
  for (let i = 0; i < width * height; i++) if (!isRare.has(i)) seen.add(String([...px.subarray(i * 4, i * 4 + 4)]));
  for (let i = 0; i < width * height; i++) {
    const got = [...d.rgba.subarray(i * 4, i * 4 + 4)];
    if (!isRare.has(i)) {
      assert.deepEqual(got, straight(px, i * 4), `common pixel ${i}`);
      continue;
    }
    // A rare pixel shows the palette colour nearest to it, in premultiplied RGBA.
    const want = [...px.subarray(i * 4, i * 4 + 4)];
    let best = Infinity;
    for (const key of seen) {
      const c = key.split(",").map(Number);
      best = Math.min(best, c.reduce((s, v, k) => s + (v - want[k]) ** 2, 0));
    }
    const shown = d.rgba.subarray(i * 4, i * 4 + 4);
    // Re-premultiply what is shown (rounding of the straight colour: at most 1 per channel after this).
    const pre = [0, 1, 2].map((c) => Math.round((shown[c] * shown[3]) / 255)).concat([shown[3]]);
    const dist = pre.reduce((s, v, k) => s + (v - want[k]) ** 2, 0);
    assert.ok(Math.sqrt(dist) <= Math.sqrt(best) + 2, `rare pixel ${i}: distance ${Math.sqrt(dist)} > nearest ${Math.sqrt(best)}`);
  }
});

Deno.test("encodePng: a painted diagram (transparent margin, anti-aliased numbers) comes back within rounding", () => {
  const spec: DiagramSpec = {
    board: [5, 5],
    pieces: [{ square: 0, glyph: "N", colour: "white" }],
    numbers: [{ square: 7, label: "1" }, { square: 14, label: "12" }],
    path: [0, 7, 14],
  };
  const svg = diagramSvg(spec, { size: 200, lang: "en" });
  const { pixels, width, height } = paintPixels(svg, 200);
  const d = decodePng(encodePng(pixels, width, height));
  let worst = 0;
  for (let i = 0; i < width * height; i++) {
    const want = straight(pixels, i * 4);
    for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(d.rgba[i * 4 + c] - want[c]) * (c < 3 ? want[3] / 255 : 1));
  }
  assert.ok(worst <= 48, `largest channel difference (weighted by alpha) ${worst}`);
});
