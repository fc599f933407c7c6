/**
 * The PNG encoder of the atlas's images: resvg's or the painter's RGBA pixels
 * as an 8-bit palette PNG (why not resvg's own encoder: see encodePng). Pure
 * apart from node:zlib's deflate and CRC.
 */
import { crc32, deflateSync } from "node:zlib";

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
