/**
 * Noto Sans for the rendered images (build time only: Node APIs). The font
 * comes from @fontsource/noto-sans as WOFF files, split into subsets: Czech
 * letters (ř, ů, č, ě …) live in latin-ext and the domination number γ in
 * greek, so latin, latin-ext and greek are always loaded. Satori reads WOFF
 * directly; resvg reads only TrueType/OpenType, so the WOFF files are unwrapped into plain sfnt files under
 * .cache/fonts/ (WOFF 1.0 is the sfnt tables, each zlib-compressed when that
 * made it smaller: W3C WOFF File Format 1.0, sections 3-5).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import process from "node:process";

// The project root is the working directory: Astro bundles this module, so import.meta.url
// points into the build output, not into site/lib/ (scripts/commands/build.ts runs Astro from the root).
const ROOT = process.cwd();
const FONT_DIR = join(ROOT, "node_modules", "@fontsource", "noto-sans", "files");
const CACHE_DIR = join(ROOT, ".cache", "fonts");

export const FONT_FAMILY = "Noto Sans";
export type FontWeight = 400 | 700;
/** latin-ext carries the Czech letters, greek the domination numbers' γ (γ, γt, γc in the cards' text). */
const SUBSETS = ["latin", "latin-ext", "greek"] as const;

function woffPath(subset: string, weight: FontWeight): string {
  return join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`);
}

/** WOFF 1.0 -> the sfnt (TrueType/OpenType) font it wraps. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const dv = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (dv.getUint32(0) !== 0x774f4646) throw new Error("not a WOFF 1.0 file");
  const flavor = dv.getUint32(4);
  const numTables = dv.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = dv.getUint32(e);
    const offset = dv.getUint32(e + 4);
    const compLength = dv.getUint32(e + 8);
    const origLength = dv.getUint32(e + 12);
    const checksum = dv.getUint32(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(raw)) : raw;
    if (data.length !== origLength) throw new Error("WOFF table length mismatch");
    tables.push({ tag, checksum, data });
  }
  // sfnt offset table: searchRange etc. from the largest power of two <= numTables.
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  const headerLen = 12 + 16 * numTables;
  let total = headerLen;
  for (const t of tables) total += (t.data.length + 3) & ~3;
  const out = new Uint8Array(total);
  const ov = new DataView(out.buffer);
  ov.setUint32(0, flavor);
  ov.setUint16(4, numTables);
  ov.setUint16(6, pow * 16);
  ov.setUint16(8, log);
  ov.setUint16(10, numTables * 16 - pow * 16);
  let at = headerLen;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    ov.setUint32(e, t.tag);
    ov.setUint32(e + 4, t.checksum);
    ov.setUint32(e + 8, at);
    ov.setUint32(e + 12, t.data.length);
    out.set(t.data, at);
    at += (t.data.length + 3) & ~3;
  });
  return out;
}

export interface SatoriFont {
  name: string;
  data: ArrayBuffer;
  weight: FontWeight;
  style: "normal";
}

let satoriCache: SatoriFont[] | undefined;

/**
 * The WOFF files for Satori: both subsets of each weight, read once (Satori
 * parses a font per distinct buffer, so the same array is handed over every
 * time). The latin-ext subset gets its own family name: Satori keeps one font
 * per name and weight, and under one shared name the Czech letters were
 * reported missing; as a separate family it is a fallback Satori searches.
 */
export function satoriFonts(): SatoriFont[] {
  if (satoriCache) return satoriCache;
  const out: SatoriFont[] = [];
  for (const weight of [400, 700] as const) {
    for (const subset of SUBSETS) {
      const buf = readFileSync(woffPath(subset, weight));
      out.push({
        name: subset === "latin" ? FONT_FAMILY : subset === "latin-ext" ? `${FONT_FAMILY} Ext` : `${FONT_FAMILY} Greek`,
        data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer,
        weight,
        style: "normal",
      });
    }
  }
  return (satoriCache = out);
}

/** TrueType files for resvg (written once into .cache/fonts/, atomically). */
export function resvgFontFiles(weights: FontWeight[] = [400, 700]): string[] {
  mkdirSync(CACHE_DIR, { recursive: true });
  const files: string[] = [];
  for (const weight of weights) {
    for (const subset of SUBSETS) {
      const target = join(CACHE_DIR, `noto-sans-${subset}-${weight}.ttf`);
      if (!existsSync(target)) {
        const tmp = `${target}.${crypto.randomUUID()}.tmp`;
        writeFileSync(tmp, woffToSfnt(readFileSync(woffPath(subset, weight))));
        renameSync(tmp, target);
      }
      files.push(target);
    }
  }
  return files;
}
