/**
 * The domination family's words in both languages: piece and kind names with
 * the Czech cases, titles, problems, stipulations, citations, and what our
 * code established for a cell.
 */
import { publicVersion } from "../../lib/citation.ts";
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { DominationRecord } from "../../../solvers/domination/schema.ts";
import type { DominationPieceName } from "../../../solvers/domination/pieces.ts";
import type { DominationKind } from "../../../solvers/domination/types.ts";
import type { Bilingual, EntryCitation } from "../../lib/entry.ts";
import { boardLabel, type Lang } from "../../i18n.ts";
import { formatNumber } from "../../lib/format.ts";
import { uncheckedLine } from "../../lib/status-words.ts";

interface PieceWords {
  /** Singular, plural (English); Czech nominative singular, genitive plural ("5 dam"), instrumental plural ("dámami"). */
  en: string;
  enPlural: string;
  cs: string;
  csGenPlural: string;
  csInstrPlural: string;
}

export const PIECE_WORDS: Record<DominationPieceName, PieceWords> = {
  queen: { en: "queen", enPlural: "queens", cs: "dáma", csGenPlural: "dam", csInstrPlural: "dámami" },
  rook: { en: "rook", enPlural: "rooks", cs: "věž", csGenPlural: "věží", csInstrPlural: "věžemi" },
  bishop: { en: "bishop", enPlural: "bishops", cs: "střelec", csGenPlural: "střelců", csInstrPlural: "střelci" },
  king: { en: "king", enPlural: "kings", cs: "král", csGenPlural: "králů", csInstrPlural: "králi" },
  knight: { en: "knight", enPlural: "knights", cs: "jezdec", csGenPlural: "jezdců", csInstrPlural: "jezdci" },
};

export const KIND_WORDS: Record<DominationKind, Bilingual> = {
  dominating: { en: "domination", cs: "dominance" },
  independent: { en: "independent domination", cs: "nezávislá dominance" },
  total: { en: "total domination", cs: "totální dominance" },
  connected: { en: "connected domination", cs: "souvislá dominance" },
};

/** Symbol of the number asked for, per kind. */
export const KIND_SYMBOL: Record<DominationKind, string> = { dominating: "γ", independent: "i", total: "γt", connected: "γc" };

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const both = (f: (lang: Lang) => string): Bilingual => ({ en: f("en"), cs: f("cs") });

export function titleOf(r: DominationRecord): Bilingual {
  const w = PIECE_WORDS[r.piece];
  const b = boardLabel(r.board);
  const k = KIND_WORDS[r.kind];
  return {
    en: `${cap(w.en)} ${k.en} of ${b}`,
    cs: `${cap(k.cs)} šachovnice ${b} ${w.csInstrPlural}`,
  };
}

export function problemOf(r: DominationRecord): Bilingual {
  const w = PIECE_WORDS[r.piece];
  const b = boardLabel(r.board);
  const sym = KIND_SYMBOL[r.kind];
  switch (r.kind) {
    case "dominating":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b}`,
        cs: `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b}`,
      };
    case "independent":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b}, no two attacking each other`,
        cs:
          `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b}, přičemž žádné dvě figury se nenapadají`,
      };
    case "total":
      return {
        en: `${sym}: the fewest ${w.enPlural} that attack every square of ${b}, the occupied ones included`,
        cs: `${sym}: nejmenší počet ${w.csGenPlural}, které napadají každé pole šachovnice ${b}, i pole obsazená`,
      };
    case "connected":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b} while attacking one another in a connected chain`,
        cs:
          `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b} a jejichž graf vzájemného napadení je souvislý`,
      };
  }
}

export function stipulationOf(r: DominationRecord): Bilingual {
  const common = {
    en: "Attacks are taken on the empty board: other pieces do not block (as in Brešar's article).",
    cs: "Napadení se počítá na prázdné šachovnici: ostatní figury neblokují (jako v Brešarově článku).",
  };
  const kind: Record<DominationKind, Bilingual> = {
    dominating: {
      en: "A set of pieces dominates the board when every square is occupied by one of them or attacked by one.",
      cs: "Množina figur dominuje šachovnici, když je každé pole některou z nich obsazeno nebo napadeno.",
    },
    independent: {
      en: "Independent domination: the pieces dominate the board and no piece attacks another.",
      cs: "Nezávislá dominance: figury dominují šachovnici a žádná nenapadá jinou.",
    },
    total: {
      en:
        "Total domination: every square, the occupied ones included, is attacked by some piece; so every piece is attacked by another (the article's 'mutually attacking' queens).",
      cs:
        "Totální dominance: každé pole, i obsazené, je napadeno některou figurou; každou figuru tedy napadá jiná (vzájemně se napadající dámy z článku).",
    },
    connected: {
      en: "Connected domination: the pieces dominate the board and the graph of their attacks on one another is connected.",
      cs: "Souvislá dominance: figury dominují šachovnici a graf jejich vzájemného napadení je souvislý.",
    },
  };
  return { en: `${kind[r.kind].en} ${common.en}`, cs: `${kind[r.kind].cs} ${common.cs}` };
}

export function sourceRef(c: { source?: { file: string; line?: number; lines?: [number, number] }; url?: string }): string | undefined {
  const s = c.source;
  if (!s) return c.url;
  if (s.lines) return `${s.file}, lines ${s.lines[0]}–${s.lines[1]}`;
  return s.line ? `${s.file}, line ${s.line}` : s.file;
}

export function citation(c: DominationRecord["claim"] & object): EntryCitation {
  return { author: c.author, publication: c.publication, year: c.year, sourceRef: sourceRef(c) };
}

export function establishedOf(r: DominationRecord, check: CheckResult | null, hasReport: boolean): Bilingual[] {
  const out: Bilingual[] = [];
  const e = r.established;
  const c = e.certificate;
  const version = publicVersion(c.codeVersion);
  const w = PIECE_WORDS[r.piece];
  if (e.status === "solved") {
    const g = e.gamma!;
    out.push(
      both((l) =>
        l === "en"
          ? `${KIND_SYMBOL[r.kind]} = ${g}: an exhaustive search shows that ${g - 1} ${g - 1 === 1 ? w.en : w.enPlural} never suffice (${
            formatNumber(c.impossibility!.nodes, l)
          } search nodes).`
          : `${KIND_SYMBOL[r.kind]} = ${g}: úplné prohledání ukazuje, že menší počet (${g - 1}) nikdy nestačí (${
            formatNumber(c.impossibility!.nodes, l)
          } uzlů hledání).`
      ),
    );
    if (e.count !== null) {
      const sym = c.count!.symmetries;
      out.push(
        both((l) =>
          l === "en"
            ? `${formatNumber(e.count!, l)} minimum ${e.count === 1 ? "set" : "sets"}${
              e.classes !== null ? `; ${formatNumber(e.classes, l)} up to the ${sym} symmetries of the board` : ""
            }.`
            : `Minimálních množin: ${formatNumber(e.count!, l)}${
              e.classes !== null ? `; až na ${sym} symetrií šachovnice: ${formatNumber(e.classes, l)}` : ""
            }.`
        ),
      );
    } else {
      out.push({
        en: "The minimum sets were not counted (too many to enumerate, or the count ran out of its node budget).",
        cs: "Minimální množiny nebyly spočítány (je jich příliš mnoho, nebo počítání vyčerpalo limit uzlů).",
      });
    }
  } else if (e.status === "none") {
    out.push(
      r.kind === "total"
        ? {
          en: `No set of ${w.enPlural} attacks every square: ${c.reason}.`,
          cs: `Žádná množina ${w.csGenPlural} nenapadá všechna pole: některé pole nenapadá žádná figura odnikud.`,
        }
        : {
          en: `No connected set of ${w.enPlural} dominates: ${c.reason}.`,
          cs: `Žádná souvislá množina ${w.csGenPlural} nedominuje: graf napadení není souvislý.`,
        },
    );
  } else {
    out.push(
      both((l) =>
        l === "en"
          ? `Undecided: ${e.lower} ≤ ${KIND_SYMBOL[r.kind]} ≤ ${e.upper}; the search stopped at its node budget.`
          : `Nerozhodnuto: ${e.lower} ≤ ${KIND_SYMBOL[r.kind]} ≤ ${e.upper}; hledání se zastavilo na limitu uzlů.`
      ),
    );
  }
  const agree = (v: boolean | null, what: Bilingual, claim: { value: number; publication: string | null } | null) => {
    if (v === null || claim === null) return;
    out.push(
      both((l) =>
        l === "en"
          ? `${cap(what.en)} ${v ? "agrees" : "DISAGREES"} with ${claim.publication} (${formatNumber(claim.value, l)}).`
          : `${cap(what.cs)} ${v ? "souhlasí" : "NESOUHLASÍ"} s ${claim.publication} (${formatNumber(claim.value, l)}).`
      ),
    );
  };
  agree(e.agreesWithClaim, { en: "our value", cs: "naše hodnota" }, r.claim);
  agree(e.countAgreesWithClaim, { en: "our count", cs: "náš počet" }, r.countClaim);
  agree(e.classesAgreeWithClaim, { en: "our number of classes", cs: "náš počet tříd" }, r.classesClaim);
  if (!check) {
    out.push(uncheckedLine(hasReport));
  } else {
    const rerun = (check.maximalityArgument ?? "").includes("solved again");
    out.push(
      both((l) =>
        l === "en"
          ? `Verify recomputed the witness's coverage from the piece's moves${rerun ? " and solved the cell again from scratch" : ""} (${
            formatNumber(Math.round(check.milliseconds), l)
          } ms).`
          : `Ověření přepočítalo pokrytí svědka z tahů figury${rerun ? " a celou úlohu vyřešilo znovu" : ""} (${
            formatNumber(Math.round(check.milliseconds), l)
          } ms).`
      ),
    );
    for (const err of check.errors) out.push({ en: `Problem found: ${err}`, cs: `Nalezený problém: ${err}` });
  }
  out.push(
    both((l) =>
      l === "en"
        ? `Computed${version ? ` by code version ${version}` : ""} in ${c.seconds} s.`
        : `Spočteno${version ? ` kódem verze ${version}` : ""} za ${String(c.seconds).replace(".", ",")} s.`
    ),
  );
  return out;
}
