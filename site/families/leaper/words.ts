/**
 * The leaper family's words in both languages: piece names, problems,
 * stipulations, titles, citations and the names of our search methods.
 */
import type { AtlasRecord } from "../../../solvers/leaper/schema.ts";
import type { Board, Piece } from "../../../solvers/types.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { LEAPER_NAMES } from "../../../solvers/pieces/names.ts";
import { problemHeading } from "../../../solvers/notation.ts";
import type { Bilingual, EntryCitation } from "../../lib/entry.ts";
import { boardLabel } from "../../i18n.ts";
import { formatSignificant } from "../../lib/format.ts";

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function sortedLeap(r: AtlasRecord): [number, number] {
  const [a, b] = r.piece.leap;
  return a <= b ? [a, b] : [b, a];
}

/** "Zebra [2,3]" / "Zebra [2,3]"; unnamed leapers by their leap alone. */
export function leaperName(leap: readonly [number, number]): Bilingual {
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const bracket = `[${leap[0]},${leap[1]}]`;
  if (!named) return { en: `Leaper ${bracket}`, cs: `Skokan ${bracket}` };
  return { en: `${named.name} ${bracket}`, cs: `${cap(named.nameCs ?? named.name)} ${bracket}` };
}

/** The piece's plain name for running text: "zebra" / "zebra", or "leaper [2,6]". */
function plainName(leap: readonly [number, number]): Bilingual {
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const bracket = `[${leap[0]},${leap[1]}]`;
  if (!named) return { en: `leaper ${bracket}`, cs: `skokan ${bracket}` };
  return { en: named.name.toLowerCase(), cs: (named.nameCs ?? named.name).toLowerCase() };
}

function sourceRef(c: { source?: { file: string; line?: number; lines?: [number, number] } }): string | undefined {
  const s = c.source;
  if (!s) return undefined;
  if (s.lines) return `${s.file}, lines ${s.lines[0]}–${s.lines[1]}`;
  return s.line ? `${s.file}, line ${s.line}` : s.file;
}

export function citation(
  c: { author: string | null; publication: string | null; year: number | null; source?: AtlasRecord["claim"]["source"] },
): EntryCitation {
  return { author: c.author, publication: c.publication, year: c.year, sourceRef: sourceRef(c) };
}

export const isDualFree = (r: AtlasRecord) => r.kind === "dual-free" || r.kind === "dual-free-fixed-end";

/** The problem in the booklet's terms. */
export function problemOf(r: AtlasRecord, board: Board, piece: Piece): Bilingual {
  const leap = sortedLeap(r);
  const name = leaperName(leap);
  const b = boardLabel(r.board);
  const w = r.witness;
  const v = r.claim.value;
  if (isDualFree(r)) {
    if (!w) {
      return {
        en: `sd=${v} ${name.en} on ${b} (1+${v}), position not known`,
        cs: `sd=${v} ${name.cs} na ${b} (1+${v}), postavení neznámé`,
      };
    }
    const start = parseSquare(board, w.start);
    const end = w.end ? parseSquare(board, w.end) : undefined;
    const en = problemHeading(board, piece, start, w.moves.length, { lang: "en", end });
    const cs = problemHeading(board, { ...piece, nameCs: cap(piece.nameCs) }, start, w.moves.length, { lang: "cs", end });
    return { en: b === "8×8" ? en : `${en}, ${b}`, cs: b === "8×8" ? cs : `${cs}, ${b}` };
  }
  const from = w?.start ?? r.from;
  if (r.kind === "open") {
    return {
      en: `Open tour of the ${plainName(leap).en} on ${b}: ${v} moves${from ? ` from ${from}` : ""}`,
      cs: `Otevřená cesta (${plainName(leap).cs}) na ${b}: ${v} tahů${from ? ` z ${from}` : ""}`,
    };
  }
  if (r.kind === "closed") {
    return {
      en: `Closed tour of the ${plainName(leap).en} on ${b}: ${v} moves before the return${from ? `, through ${from}` : ""}`,
      cs: `Uzavřená cesta (${plainName(leap).cs}) na ${b}: ${v} tahů před návratem${from ? `, přes ${from}` : ""}`,
    };
  }
  const at = r.from ?? "a1";
  return {
    en: `Access of the ${plainName(leap).en} from ${at} on ${b}: ${v} squares`,
    cs: `Dostupnost (${plainName(leap).cs}) z ${at} na ${b}: ${v} polí`,
  };
}

export function stipulationOf(r: AtlasRecord): Bilingual {
  const leap = sortedLeap(r);
  const n = plainName(leap);
  const v = r.claim.value;
  const b = boardLabel(r.board);
  const start = r.witness?.start;
  switch (r.kind) {
    case "dual-free":
    case "dual-free-fixed-end": {
      const end = r.witness?.end;
      const uniqueEn = end
        ? `The order of captures is unique once the last capture is fixed on ${end}; without that condition it is not.`
        : "The problem is dual-free: the order of captures is the only one that takes every man, wherever the last capture falls.";
      const uniqueCs = end
        ? `Pořadí braní je jednoznačné, když je poslední braní pevně na ${end}; bez této podmínky není.`
        : "Úloha je jednoznačná (bez duálů): uvedené pořadí braní je jediné, kterým lze sebrat všechny kameny, ať poslední braní padne kamkoli.";
      return {
        en: `Series stalemate in ${v} (sd=${v}) on ${b}: the white ${n.en}${
          start ? ` on ${start}` : ""
        } plays ${v} moves in a row while Black, who has only the ${v} men, never moves. Every move captures a man; after the last capture Black has nothing left and is stalemated. ${uniqueEn}`,
        cs: `Sériový pat v ${v} tazích (sd=${v}) na ${b}: bílý kámen (${n.cs})${
          start ? ` na ${start}` : ""
        } táhne ${v}krát za sebou, černý, který má jen ${v} kamenů, netáhne. Každý tah bere jeden kámen; po posledním braní černému nic nezbude a je v patu. ${uniqueCs}`,
      };
    }
    case "open":
      return {
        en:
          `The longest path of the ${n.en} over the empty ${b} board that never visits a square twice, starting anywhere. The value counts moves.`,
        cs:
          `Nejdelší cesta (${n.cs}) po prázdné šachovnici ${b}, která žádné pole nenavštíví dvakrát, z libovolného výchozího pole. Hodnota udává počet tahů.`,
      };
    case "closed":
      return {
        en:
          `The longest tour of the ${n.en} on the empty ${b} board that returns to its first square without visiting any square twice. The value counts the moves before the return; a leap out and straight back counts as 1.`,
        cs:
          `Nejdelší cesta (${n.cs}) po prázdné šachovnici ${b}, která se vrátí na své první pole a žádné pole nenavštíví dvakrát. Hodnota udává tahy před návratem; skok tam a hned zpět se počítá jako 1.`,
      };
    case "access": {
      const at = r.from ?? "a1";
      return {
        en:
          `How many squares the ${n.en} can reach from ${at} on the empty ${b} board in any number of moves; ${at} itself is not counted.`,
        cs: `Kolik polí kámen (${n.cs}) dosáhne z ${at} na prázdné šachovnici ${b} libovolným počtem tahů; samotné pole ${at} se nepočítá.`,
      };
    }
  }
}

function kindTitle(r: AtlasRecord): Bilingual {
  const v = r.claim.value;
  const b = boardLabel(r.board);
  switch (r.kind) {
    case "dual-free":
      return { en: `dual-free sd=${v} on ${b}`, cs: `jednoznačná cesta sd=${v} na ${b}` };
    case "dual-free-fixed-end":
      return { en: `sd=${v} with a fixed final square on ${b}`, cs: `sd=${v} s pevným koncovým polem na ${b}` };
    case "open":
      return { en: `open tour of ${v} on ${b}`, cs: `otevřená cesta ${v} na ${b}` };
    case "closed":
      return { en: `closed tour of ${v} on ${b}`, cs: `uzavřená cesta ${v} na ${b}` };
    case "access":
      return { en: `access ${v} from ${r.from ?? "a1"} on ${b}`, cs: `dostupnost ${v} z ${r.from ?? "a1"} na ${b}` };
  }
}

export function titleOf(r: AtlasRecord): Bilingual {
  const name = leaperName(sortedLeap(r));
  const kind = kindTitle(r);
  let en = `${name.en}: ${kind.en}`;
  let cs = `${name.cs}: ${kind.cs}`;
  if (!r.tableCell) {
    // Further records share a cell: tell them apart by start and author.
    const start = r.witness?.start;
    const who = [r.claim.author?.split(/\s+/).pop(), r.claim.year].filter(Boolean).join(" ");
    if (start) {
      en += `, from ${start}`;
      cs += `, z ${start}`;
    }
    if (who) {
      en += ` (${who})`;
      cs += ` (${who})`;
    }
  }
  return { en, cs };
}

const METHOD_NAMES: Record<string, Bilingual> = {
  "free-squares": { en: "the free-squares search (the booklet's method 2)", cs: "hledání volných polí (metoda 2 brožury)" },
  direct: { en: "direct generation (the booklet's method 1)", cs: "přímé generování (metoda 1 brožury)" },
  "direct-capped": { en: "direct generation with limited branching", cs: "přímé generování s omezeným větvením" },
  trivial: { en: "taking every square of the component", cs: "všechna pole komponenty" },
  bfs: { en: "breadth-first search", cs: "prohledávání do šířky" },
  "proof-run": {
    en: "our exhaustive proof run, which met it while testing every position with more men",
    cs: "náš úplný důkazový výpočet, který na ně narazil při zkoušení všech pozic s více kameny",
  },
};

export function methodName(method: string): Bilingual {
  if (METHOD_NAMES[method]) return METHOD_NAMES[method];
  const [kind, how] = method.split(":");
  if (how) {
    const tour = kind === "closed-tour"
      ? { en: "closed-tour search", cs: "hledání uzavřené cesty" }
      : { en: "open-tour search", cs: "hledání otevřené cesty" };
    const by: Record<string, Bilingual> = {
      hamiltonian: { en: "a Hamiltonian path of the whole component", cs: "hamiltonovská cesta celou komponentou" },
      "exhaustive-dfs": { en: "exhaustive depth-first search", cs: "úplné prohledání do hloubky" },
      trivial: { en: "the component is too small to need a search", cs: "komponenta je tak malá, že hledání není třeba" },
      "removal-sets": { en: "removal sets", cs: "množiny vynechaných polí" },
    };
    const b = by[how] ?? { en: how, cs: how };
    return { en: `${tour.en}, ${b.en}`, cs: `${tour.cs}, ${b.cs}` };
  }
  return { en: method, cs: method };
}

export const fmtMs = (ms: number, lang: "en" | "cs") => `${formatSignificant(ms, lang)} ms`;
export const fmtS = (s: number, lang: "en" | "cs") => `${formatSignificant(s, lang)} s`;
export const yesNo = (b: boolean): Bilingual => (b ? { en: "yes", cs: "ano" } : { en: "no", cs: "ne" });
