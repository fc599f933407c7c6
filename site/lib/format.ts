/**
 * Numbers as each language writes them: 19,591,828,170,979,904 in English,
 * 19 591 828 170 979 904 in Czech (a no-break space, so a number never
 * wraps). Counts can exceed 2^53, so digit strings are formatted as BigInt.
 */
import type { Lang } from "../i18n.ts";

const LOCALES: Record<Lang, string> = { en: "en-GB", cs: "cs-CZ" };
const FORMATS: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, { maximumFractionDigits: 3 }),
  cs: new Intl.NumberFormat(LOCALES.cs, { maximumFractionDigits: 3 }),
};

export function formatNumber(n: number | bigint | string, lang: Lang): string {
  if (typeof n === "string") return /^-?\d+$/.test(n) ? FORMATS[lang].format(BigInt(n)) : n;
  return FORMATS[lang].format(n);
}

/** A measurement to `digits` significant digits, grouped as formatNumber groups ("1,230", "0.0123"). */
export function formatSignificant(n: number, lang: Lang, digits = 3): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumSignificantDigits: digits }).format(n);
}

/**
 * Groups the digits of every whole number of five or more digits in a
 * sentence our code wrote (established lines, problem statements). Four-digit
 * numbers are left alone: they are mostly years, and Czech does not group
 * them anyway. Digits that belong to a word, an id, a decimal or a path are
 * not touched. Not for transcription notes, whose digit strings are OCR.
 */
export function groupNumbers(text: string, lang: Lang): string {
  return text.replace(/(?<![\w.,/\\'-])(?!0)\d{5,}(?![\w/\\'-]|[.,]\d)/g, (d) => formatNumber(d, lang));
}

/** A file size in SI units (B, kB, MB), one decimal above 1 kB, in the page's language ("1.2 MB", "1,2 MB"). */
export function formatBytes(bytes: number, lang: Lang): string {
  const one = (v: number) => new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 1 }).format(v);
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${one(bytes / 1000)} kB`;
  return `${one(bytes / 1_000_000)} MB`;
}
