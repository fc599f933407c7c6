/** How far an enumeration run is and whether it is still going at build time, in words of both languages. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type MagicEnumeration, MagicRecordFile } from "../../../solvers/magic/schema.ts";
import type { Bilingual } from "../../lib/entry.ts";
import { dataDir, getAtlas } from "../../data.ts";
import { formatNumber } from "../../lib/format.ts";
import { formatDate, formatMoment } from "../../i18n.ts";

/** The share of the run's prefixes done, e.g. "0.42%" (the certified space is the split's prefixes). */
/** How far the run is, as each language writes a percentage ("0.17%", Czech "0,17 %" with a no-break space). */
export function percent(en: MagicEnumeration, lang: "en" | "cs"): string {
  const p = en.prefixes ? (100 * en.prefixesCovered) / en.prefixes : 0;
  const figure = formatNumber(Number(p === 0 || p >= 10 ? p.toFixed(0) : p.toPrecision(2)), lang);
  return lang === "cs" ? `${figure}\u00a0%` : `${figure}%`;
}

/** A run with no shard finished in this many hours before the build is paused, not running (a shard takes one to two minutes). */
export const PAUSED_AFTER_HOURS = 1;

/**
 * Where an unfinished run stands: when it last progressed (the latest
 * finishedAt of its committed shard files, data/magic/proofs/<key>/; the data
 * file's date when none is there) and whether it is still going at build
 * time (a shard finished within PAUSED_AFTER_HOURS) or paused.
 */
export function runState(en: MagicEnumeration, file: MagicRecordFile, builtAt: Date = getAtlas().builtAt): {
  paused: boolean;
  /** ISO moment of the last finished shard, or the data file's date. */
  last: string;
  /** Whether `last` is a shard's finishing moment (else only a day). */
  exact: boolean;
} {
  let last: string | null = null;
  const dir = join(dataDir(), "magic", "proofs", en.key);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!/^shard-\d+-of-\d+\.json$/.test(name)) continue;
      try {
        const at = (JSON.parse(readFileSync(join(dir, name), "utf8")) as { finishedAt?: unknown }).finishedAt;
        if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && (last === null || Date.parse(at) > Date.parse(last))) last = at;
      } catch {
        // A shard file verify would reject says nothing about when the run last progressed.
      }
    }
  }
  const exact = last !== null;
  const when = last ?? file.generated.date;
  const age = builtAt.getTime() - Date.parse(when);
  return { paused: !(age >= 0 && age < PAUSED_AFTER_HOURS * 3600_000), last: when, exact };
}

/** "paused since 28 November 2026 00:03 UTC" and its Czech: the run's state as words. */
export function stateWords(en: MagicEnumeration, file: MagicRecordFile): { short: Bilingual; since: Bilingual } {
  const st = runState(en, file);
  const moment = (lang: "en" | "cs") =>
    st.exact ? `${formatDate(st.last, lang)}, ${formatMoment(st.last).slice(11)}` : formatDate(st.last, lang);
  return st.paused
    ? {
      short: { en: "paused", cs: "pozastaveno" },
      since: {
        en: `Paused: the run is not going; it last progressed on ${moment("en")}${
          st.exact ? " (the last finished shard)" : ""
        }, and the same command continues it.`,
        cs: `Pozastaveno: výpočet neběží; naposledy pokročil ${moment("cs")}${
          st.exact ? " (poslední dokončená část)" : ""
        } a tentýž příkaz v něm pokračuje.`,
      },
    }
    : {
      short: { en: "under way", cs: "probíhá" },
      since: {
        en: `Under way: its last shard finished on ${moment("en")}.`,
        cs: `Probíhá: poslední část skončila ${moment("cs")}.`,
      },
    };
}

/** The day the run last progressed, in the language's style. */
export function lastDay(en: MagicEnumeration, file: MagicRecordFile, lang: "en" | "cs"): string {
  return formatDate(runState(en, file).last, lang);
}
