/**
 * How a record page cites its source: the publication first (author, title,
 * year, from the record's claim), the document the atlas read it in (the
 * source texts of site/content.ts, by their bibliographic title), and our
 * transcription reference (text and line) only as a secondary detail — never
 * the folder the project keeps its transcriptions in. Also the public form
 * of a code version: a build from a tree with uncommitted changes names no
 * version rather than one nobody can check out.
 */
import { type Lang, REFERENCE } from "../i18n.ts";
import { SOURCES, type SourceText } from "../content.ts";

export interface TranscriptionRef {
  /** The source text the reference points into, with its index on the sources page; undefined for an address. */
  source?: SourceText;
  index?: number;
  /** "000_f7bf65ff92730977.txt, line 1699" in the page's language, or the address. */
  text: string;
  url?: string;
}

const REF = /^(?:.*\/)?([^/,\s]+\.txt)(?:,\s*(?:lines?|seed)\s+(\d+)(?:\s*[-–]\s*(\d+))?)?$/;

/** File name of a source text, without the folder. */
export function sourceFileName(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1);
}

/** Parses an adapter's sourceRef ("shared/sources/000_….txt, line 12", "…, lines 3-9", or an address). */
export function transcriptionRef(ref: string, lang: Lang): TranscriptionRef {
  const R = REFERENCE[lang];
  if (/^https?:\/\//.test(ref)) return { text: ref, url: ref };
  const m = REF.exec(ref.trim());
  if (!m) return { text: ref.replace(/(?:^|\S*\/)sources\//, "") };
  const index = SOURCES.findIndex((s) => sourceFileName(s.file) === m[1]);
  const where = m[2] ? (m[3] ? `, ${R.lines} ${m[2]}–${m[3]}` : `, ${R.line} ${m[2]}`) : "";
  return { source: index >= 0 ? SOURCES[index] : undefined, index: index >= 0 ? index : undefined, text: `${m[1]}${where}` };
}

/** A code version fit to publish: null for a dirty tree or an unknown version. */
export function publicVersion(v: string | null | undefined): string | null {
  if (!v || v === "unknown" || /dirty/.test(v)) return null;
  return v;
}
