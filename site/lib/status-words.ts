/**
 * What a status means depends on what the record asks for: "proven here" is
 * a longest tour for a leaper tour, a smallest set for domination, a longest
 * shortest path for SerienZiel, a complete count for an enumeration. These are
 * the words of each status per family and record kind, in both languages; the
 * plain words of site/i18n.ts stay the fallback (cells without a record, a
 * build without a verify report).
 */
import { type CellStatus, type Lang, t } from "../i18n.ts";
import type { AtlasEntry, Bilingual } from "./entry.ts";

export interface StatusWords {
  label: string;
  text: string;
}

type Words = Record<Lang, StatusWords>;

/** The question a record settles when it is "proven here", by what its value means. */
type Claim =
  | "dual-free"
  | "tour"
  | "access"
  | "access-minimum"
  | "serienziel-longest"
  | "serienziel-dual-free"
  | "dominating"
  | "independent"
  | "total"
  | "connected"
  | "exact-count"
  | "capture"
  | "capture-dual-free"
  | "enumeration"
  | "smallest-board"
  | "cube-tour";

/** Maps a family and the verify report's record kind to what "proven here" says about it; null: the plain words. */
export function claimOf(family: string, kind: string | undefined): Claim | null {
  if (kind === undefined) return null;
  switch (family) {
    case "leaper":
      if (kind === "dual-free" || kind === "dual-free-fixed-end") return "dual-free";
      if (kind === "access") return "access";
      return "tour";
    case "hopper":
      if (kind === "serienziel-longest" || kind === "serienziel-dual-free" || kind === "access" || kind === "access-minimum") return kind;
      return "tour";
    case "hopper-tour":
      return "tour";
    case "locust":
      return kind === "longest" ? "capture" : "capture-dual-free";
    case "domination":
      if (kind === "dominating" || kind === "independent" || kind === "total" || kind === "connected") return kind;
      return "exact-count";
    case "tour":
      if (kind === "dual-free") return "dual-free";
      if (kind === "smallest-closed-board") return "smallest-board";
      if (kind === "tour-count") return "exact-count";
      if (kind === "cube-tour") return "cube-tour";
      return "tour";
    case "magic":
      return kind.startsWith("enumeration") ? "enumeration" : "exact-count";
    default:
      return "tour";
  }
}

const MAX = { en: "maximality proven here", cs: "maximalita dokázána zde" };
const MIN = { en: "minimality proven here", cs: "minimalita dokázána zde" };
const EXACT = { en: "exact value, computed here", cs: "přesná hodnota, spočtena zde" };

function proven(label: Record<Lang, string>, en: string, cs: string): Words {
  return { en: { label: label.en, text: en }, cs: { label: label.cs, text: cs } };
}

const PROVEN: Record<Claim, Words> = {
  "dual-free": proven(
    MAX,
    "our exhaustive search proved that no dual-free sequence with more men exists on this board.",
    "naše úplné prohledání dokázalo, že na této šachovnici neexistuje jednoznačná cesta s více kameny.",
  ),
  tour: proven(
    MAX,
    "our exhaustive search (or a counting argument given on the record) proved that no longer tour exists.",
    "naše úplné prohledání (nebo početní argument uvedený u záznamu) dokázalo, že delší cesta neexistuje.",
  ),
  access: proven(
    EXACT,
    "our code visited every square the piece can reach from its start: the number is exact.",
    "náš kód prošel všechna pole, na která kámen ze svého výchozího pole dosáhne: počet je přesný.",
  ),
  "access-minimum": proven(
    EXACT,
    "our code counted the reachable squares from every start: the minimum is exact.",
    "náš kód spočítal dosažitelná pole ze všech výchozích polí: minimum je přesné.",
  ),
  "serienziel-longest": proven(
    MAX,
    "our exhaustive search proved that no position with that many hurdles has a longer shortest path to the target.",
    "naše úplné prohledání dokázalo, že žádná pozice s tímto počtem překážek nemá delší nejkratší cestu k cíli.",
  ),
  "serienziel-dual-free": proven(
    MAX,
    "our exhaustive search proved that no position with that many hurdles has a longer unique shortest path to the target.",
    "naše úplné prohledání dokázalo, že žádná pozice s tímto počtem překážek nemá delší jednoznačnou nejkratší cestu k cíli.",
  ),
  dominating: proven(
    MIN,
    "our exhaustive search proved that no smaller set of these pieces dominates the board.",
    "naše úplné prohledání dokázalo, že žádná menší sestava těchto kamenů šachovnici neovládá.",
  ),
  independent: proven(
    MIN,
    "our exhaustive search proved that no smaller independent set (no piece attacking another) dominates the board.",
    "naše úplné prohledání dokázalo, že žádná menší nezávislá sestava (žádný kámen nenapadá jiný) šachovnici neovládá.",
  ),
  total: proven(
    MIN,
    "our exhaustive search proved that no smaller set attacks every square, the occupied ones included.",
    "naše úplné prohledání dokázalo, že žádná menší sestava nenapadá všechna pole včetně obsazených.",
  ),
  connected: proven(
    MIN,
    "our exhaustive search proved that no smaller connected set dominates the board.",
    "naše úplné prohledání dokázalo, že žádná menší souvislá sestava šachovnici neovládá.",
  ),
  "exact-count": proven(
    EXACT,
    "the number is an exact count: our enumeration went through every case.",
    "číslo je přesný počet: náš výčet prošel všechny případy.",
  ),
  capture: proven(
    MAX,
    "our exhaustive search proved that no longer capture sequence exists.",
    "naše úplné prohledání dokázalo, že delší braní neexistuje.",
  ),
  "capture-dual-free": proven(
    MAX,
    "our exhaustive search proved that no dual-free capture sequence with more men exists.",
    "naše úplné prohledání dokázalo, že jednoznačné braní s více kameny neexistuje.",
  ),
  enumeration: proven(
    { en: "enumeration complete", cs: "výčet úplný" },
    "our enumeration has covered every case: every tour of this kind is found and counted.",
    "náš výčet prošel všechny případy: každá procházka tohoto druhu je nalezena a započtena.",
  ),
  "smallest-board": proven(
    MIN,
    "our code showed that no smaller board has a closed tour of this piece (the argument is given on the record).",
    "náš kód ukázal, že na žádné menší šachovnici tento kámen uzavřenou cestu nemá (argument je uveden u záznamu).",
  ),
  "cube-tour": proven(
    { en: "settled here", cs: "rozhodnuto zde" },
    "our code settled the question: the witness visits every square, or the record gives the argument that no tour exists.",
    "náš kód otázku rozhodl: řešení projde všechna pole, nebo záznam uvádí argument, proč cesta neexistuje.",
  ),
};

/** "verified" for a witness that is ours (a construction or an enumeration's tour), not a published one. */
const VERIFIED_OURS: Words = {
  en: { label: "verified", text: "our code checked this witness of ours move by move." },
  cs: { label: "ověřeno", text: "náš kód zkontroloval toto naše řešení tah po tahu." },
};

/** The words of a status for a record of a family and kind; `ours`: the witness is not a published one. */
export function statusWords(lang: Lang, status: CellStatus, family?: string, kind?: string, ours = false): StatusWords {
  if (status === "proven-here" && family !== undefined) {
    const claim = claimOf(family, kind);
    if (claim) return PROVEN[claim][lang];
  }
  if (status === "verified" && ours) return VERIFIED_OURS[lang];
  return t(lang).status[status];
}

/** The words of an entry's status. */
export function entryStatusWords(entry: AtlasEntry, lang: Lang): StatusWords {
  return statusWords(lang, entry.status, entry.family, entry.check?.kind, entry.claim === null && entry.witnessCitation === null);
}

/** The established line of a record the build's verify report says nothing about (or of a build without one). */
export function uncheckedLine(hasReport: boolean): Bilingual {
  return hasReport
    ? {
      en: "The verify report of this build has no result for this record.",
      cs: "Zpráva o ověření tohoto sestavení pro tento záznam nemá výsledek.",
    }
    : {
      en: "This build had no verify report: nothing was checked.",
      cs: "Toto sestavení nemělo zprávu o ověření: nic nebylo zkontrolováno.",
    };
}
