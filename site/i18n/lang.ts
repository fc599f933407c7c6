/** The atlas's two languages, and dates and board names as each prints them. */

export const LANGS = ["en", "cs"] as const;
export type Lang = typeof LANGS[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function otherLang(lang: Lang): Lang {
  return lang === "en" ? "cs" : "en";
}

/** Board name as printed in the table, e.g. 8×8. */
export function boardLabel(board: readonly number[]): string {
  return board.join("×");
}

/** A date (ISO string or Date) as a day in the language's style, in UTC so a build gives the same text anywhere. */
export function formatDate(value: string | Date, lang: Lang): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang === "cs" ? "cs-CZ" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(d);
}

/** A moment as "YYYY-MM-DD HH:MM UTC" (language-neutral, for build info). */
export function formatMoment(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}
