/**
 * A small GIF reader for the tests, written from the GIF89a specification and
 * independent of the encoder the site uses: it walks the blocks (header,
 * logical screen, colour tables, extensions, images), decodes every image's
 * LZW data and composites the frames as a viewer does (disposal methods 0/1
 * keep the canvas; 2 clears the frame's area to transparent), so a test can
 * count frames, read their delays and compare what each frame shows.
 */

export interface GifFrame {
  /** Frame delay in ms (the graphic control extension's hundredths). */
  delay: number;
  disposal: number;
  transparentIndex: number | null;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Bytes of LZW data of this image. */
  dataBytes: number;
  /** The whole canvas after this frame, as RGB (3 bytes a pixel; transparent never shown stays 0). */
  canvas: Uint8Array;
}

export interface Gif {
  width: number;
  height: number;
  /** Loop count of the NETSCAPE2.0 extension (0 = forever), null without one. */
  loops: number | null;
  frames: GifFrame[];
}

function lzwDecode(data: Uint8Array, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let size = minCodeSize + 1;
  // The table as prefix links: entry i = the string of prefix[i] followed by suffix[i].
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < clear; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let next = end + 1;
  let old = -1;
  let at = 0;
  let bits = 0;
  let acc = 0;
  let pos = 0;
  const emit = (code: number) => {
    const n = length[code];
    if (at + n > pixels) throw new Error(`GIF: image data longer than ${pixels} pixels`);
    for (let i = n - 1, c = code; i >= 0; i--, c = prefix[c]) out[at + i] = suffix[c];
    at += n;
  };
  while (true) {
    while (bits < size) {
      if (pos >= data.length) throw new Error("GIF: image data ends without an end code");
      acc |= data[pos++] << bits;
      bits += 8;
    }
    const code = acc & ((1 << size) - 1);
    acc >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = end + 1;
      old = -1;
      continue;
    }
    if (code === end) break;
    if (old === -1) {
      if (code >= clear) throw new Error(`GIF: first code ${code} after a clear is not a colour`);
      emit(code);
      old = code;
      continue;
    }
    // A known code: its string; the code about to be added (KwKwK): the previous string and its own first letter.
    if (code > next) throw new Error(`GIF: code ${code} beyond the table (${next})`);
    const f = code < next ? first[code] : first[old];
    if (next < 4096) {
      prefix[next] = old;
      suffix[next] = f;
      first[next] = first[old];
      length[next] = length[old] + 1;
      next++;
    }
    emit(code);
    if (next === 1 << size && size < 12) size++;
    old = code;
  }
  if (at !== pixels) throw new Error(`GIF: image data has ${at} of ${pixels} pixels`);
  return out;
}

export function decodeGif(bytes: Uint8Array): Gif {
  const head = String.fromCharCode(...bytes.subarray(0, 6));
  if (head !== "GIF89a" && head !== "GIF87a") throw new Error(`not a GIF (${JSON.stringify(head)})`);
  const u16 = (i: number) => bytes[i] | (bytes[i + 1] << 8);
  const width = u16(6);
  const height = u16(8);
  const packed = bytes[10];
  let pos = 13;
  let globalTable: Uint8Array | null = null;
  if (packed & 0x80) {
    const n = 3 * (1 << ((packed & 7) + 1));
    globalTable = bytes.subarray(pos, pos + n);
    pos += n;
  }
  const canvas = new Uint8Array(width * height * 3);
  const frames: GifFrame[] = [];
  let loops: number | null = null;
  let gce = { delay: 0, disposal: 0, transparentIndex: null as number | null };
  const subBlocks = (): Uint8Array => {
    const parts: Uint8Array[] = [];
    let total = 0;
    while (true) {
      if (pos >= bytes.length) throw new Error("GIF: truncated sub-blocks");
      const n = bytes[pos++];
      if (n === 0) break;
      parts.push(bytes.subarray(pos, pos + n));
      total += n;
      pos += n;
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  while (true) {
    if (pos >= bytes.length) throw new Error("GIF: no trailer");
    const b = bytes[pos++];
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = bytes[pos++];
      const body = subBlocks();
      if (label === 0xf9) {
        gce = { delay: (body[1] | (body[2] << 8)) * 10, disposal: (body[0] >> 2) & 7, transparentIndex: body[0] & 1 ? body[3] : null };
      } else if (label === 0xff && String.fromCharCode(...body.subarray(0, 11)) === "NETSCAPE2.0") {
        loops = body[12] | (body[13] << 8);
      }
      continue;
    }
    if (b !== 0x2c) throw new Error(`GIF: unexpected block 0x${b.toString(16)} at ${pos - 1}`);
    const left = u16(pos), top = u16(pos + 2), w = u16(pos + 4), h = u16(pos + 6);
    const flags = bytes[pos + 8];
    pos += 9;
    let table = globalTable;
    if (flags & 0x80) {
      const n = 3 * (1 << ((flags & 7) + 1));
      table = bytes.subarray(pos, pos + n);
      pos += n;
    }
    if (!table) throw new Error("GIF: an image without a colour table");
    if (flags & 0x40) throw new Error("GIF: interlaced images are not read here");
    const minCodeSize = bytes[pos++];
    const data = subBlocks();
    const index = lzwDecode(data, minCodeSize, w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const c = index[y * w + x];
        if (c === gce.transparentIndex) continue;
        if (3 * c + 2 >= table.length) throw new Error(`GIF: colour ${c} outside the table`);
        const o = ((top + y) * width + left + x) * 3;
        canvas[o] = table[3 * c];
        canvas[o + 1] = table[3 * c + 1];
        canvas[o + 2] = table[3 * c + 2];
      }
    }
    frames.push({ ...gce, left, top, width: w, height: h, dataBytes: data.length, canvas: canvas.slice() });
    if (gce.disposal === 2) {
      for (let y = 0; y < h; y++) canvas.fill(0, ((top + y) * width + left) * 3, ((top + y) * width + left + w) * 3);
    }
    gce = { delay: 0, disposal: 0, transparentIndex: null };
  }
  return { width, height, loops, frames };
}
