/**
 * The hopper family's words (site/families/hopper.ts): piece names and their
 * lines in both languages, Czech number agreement, record titles, the
 * stipulation and the note on a position credited to the booklet.
 */
import type { Bilingual } from "../../lib/entry.ts";
import type { Lang } from "../../i18n.ts";
import type { HopperKind } from "../../../solvers/pieces/hopper.ts";
import type { HopperRecord } from "../../../solvers/hopper/schema.ts";

export const both = (f: (lang: Lang) => string): Bilingual => ({ en: f("en"), cs: f("cs") });

export const NAME: Record<HopperKind, Bilingual> = {
  grasshopper: { en: "Grasshopper", cs: "Cvrček" },
  rookhopper: { en: "Rookhopper", cs: "Věžový cvrček" },
  bishophopper: { en: "Bishophopper", cs: "Střelcový cvrček" },
  nightriderhopper: { en: "Nightriderhopper", cs: "Tátošový cvrček" },
};
export const LINES: Record<HopperKind, Bilingual> = {
  grasshopper: { en: "queen lines", cs: "liniích dámy" },
  rookhopper: { en: "rook lines", cs: "liniích věže" },
  bishophopper: { en: "bishop lines", cs: "liniích střelce" },
  nightriderhopper: { en: "nightrider lines (repeated knight steps)", cs: "liniích tátoše (opakované skoky jezdce)" },
};

/** Czech accusative forms ("rozmístěte cvrčka", "přes 1 překážku"): the names as objects of a verb or of "přes". */
export const NAME_CS_ACC: Record<HopperKind, string> = {
  grasshopper: "cvrčka",
  rookhopper: "věžového cvrčka",
  bishophopper: "střelcového cvrčka",
  nightriderhopper: "tátošového cvrčka",
};

/** Czech numeral agreement in the accusative: 1 překážku, 2–4 překážky, 0 and 5+ překážek. */
export function csCount(k: number, one: string, few: string, many: string): string {
  return `${k} ${k === 1 ? one : k >= 2 && k <= 4 ? few : many}`;
}

/** "3 hurdles" / "3 překážky", as the object of "over" / "přes". */
export function hurdleWord(k: number, lang: Lang): string {
  if (lang === "en") return `${k} hurdle${k === 1 ? "" : "s"}`;
  return csCount(k, "překážku", "překážky", "překážek");
}

export function titleOf(r: HopperRecord): Bilingual {
  const n = NAME[r.piece];
  switch (r.kind) {
    case "serienziel-longest":
      return both((l) =>
        l === "en"
          ? `${n.en}, longest SerienZiel path over ${hurdleWord(r.hurdles, l)}`
          : `${n.cs}, nejdelší cesta SerienZiel přes ${hurdleWord(r.hurdles, l)}`
      );
    case "serienziel-dual-free":
      return both((l) =>
        l === "en"
          ? `${n.en}, longest dual-free SerienZiel path over ${hurdleWord(r.hurdles, l)}`
          : `${n.cs}, nejdelší jednoznačná cesta SerienZiel přes ${hurdleWord(r.hurdles, l)}`
      );
    case "access":
      return both((l) =>
        l === "en"
          ? `Grasshopper accessibility over ${hurdleWord(r.hurdles, l)}`
          : `Dostupnost polí pro cvrčka přes ${hurdleWord(r.hurdles, l)}`
      );
    case "access-minimum":
      return { en: "Fewest hurdles for a grasshopper to reach every square", cs: "Nejméně překážek, aby cvrček dosáhl všech polí" };
    case "tour-open":
      return { en: "Grasshopper tour of all free squares (open)", cs: "Cesta cvrčka přes všechna volná pole (otevřená)" };
    case "tour-closed":
      return { en: "Grasshopper tour of all free squares (closed)", cs: "Cesta cvrčka přes všechna volná pole (uzavřená)" };
  }
}

/** A contribution's title: its cell's, with its start square, author and year (a cell may hold several). */
export function contributionTitle(r: HopperRecord): Bilingual {
  const t = titleOf(r);
  const who = [r.claim?.author?.split(/\s+/).pop(), r.claim?.year].filter(Boolean).join(" ");
  const start = r.witness?.start;
  return {
    en: `${t.en}${start ? `, from ${start}` : ""}${who ? ` (${who})` : ""}`,
    cs: `${t.cs}${start ? `, z ${start}` : ""}${who ? ` (${who})` : ""}`,
  };
}

export function stipulationOf(r: HopperRecord): Bilingual {
  const n = NAME[r.piece], lines = LINES[r.piece];
  switch (r.kind) {
    case "serienziel-longest":
    case "serienziel-dual-free": {
      const uniq = r.kind === "serienziel-dual-free";
      return {
        en:
          `Place one ${n.en.toLowerCase()} (it moves along ${lines.en}, jumps over exactly one man and lands right behind it) and ${r.hurdles} dummy pawns so that its shortest path to some free square is as long as possible${
            uniq
              ? ", and that shortest path is the only one: a correct series-mover 'reach the square in n moves' (SerienZiel)"
              : " (several shortest paths allowed)"
          }.`,
        cs: `Rozmístěte ${NAME_CS_ACC[r.piece]} (táhne po ${lines.cs}, přeskočí právě jeden kámen a dopadne hned za něj) a ${
          csCount(r.hurdles, "zdánlivého pěšce", "zdánlivé pěšce", "zdánlivých pěšců")
        } tak, aby jeho nejkratší cesta na některé volné pole byla co nejdelší${
          uniq ? " a byla jediná: korektní úloha SerienZiel (dosáhnout pole v n tazích série)" : " (nejkratších cest může být více)"
        }.`,
      };
    }
    case "access":
      return {
        en:
          `Place a grasshopper and ${r.hurdles} hurdles so that it can reach as many squares as possible by some sequence of moves (the start not counted; Marlow type).`,
        cs: `Rozmístěte cvrčka a ${
          hurdleWord(r.hurdles, "cs")
        } tak, aby mohl nějakou posloupností tahů dosáhnout co nejvíce polí (počáteční pole se nepočítá; typ Marlow).`,
      };
    case "access-minimum":
      return {
        en: "The fewest hurdles that let a grasshopper reach every free square of the board.",
        cs: "Nejmenší počet překážek, s nimiž cvrček dosáhne všech volných polí šachovnice.",
      };
    case "tour-open":
    case "tour-closed":
      return {
        en: `Place a grasshopper and ${r.hurdles} hurdles so that it visits every free square once in one ${
          r.kind === "tour-closed" ? "closed " : ""
        }tour (Dawson type).`,
        cs: `Rozmístěte cvrčka a ${hurdleWord(r.hurdles, "cs")} tak, aby jednou ${
          r.kind === "tour-closed" ? "uzavřenou " : ""
        }cestou navštívil každé volné pole právě jednou (typ Dawson).`,
      };
  }
}

/** How a credited SerienZiel position was read back from the booklet's caption (its diagram is not legible in our copy). */
export function creditNote(r: HopperRecord): Bilingual {
  const w = r.witness!;
  const no = w.citation?.publication?.match(/No\. (\d+)/)?.[1] ?? "?";
  const n = w.moves?.length ?? 0, k = r.hurdles;
  return {
    en:
      `The position shown is No. ${no} of Kotěšovec's booklet, printed there as a series to ${w.target} with a unique shortest route. Its diagram is not legible in our copy; the caption gives the start ${w.start}, the target ${w.target}, ${n} moves and ${k} dummy pawns. Our exhaustive check of every placement of ${k} dummy pawns finds exactly one in which ${w.target} is reached in ${n} moves by exactly one shortest route: the position shown, which our own search had found too.`,
    cs:
      `Zobrazená pozice je č. ${no} z Kotěšovcovy brožury, kde je uvedena jako série na pole ${w.target} s jedinou nejkratší cestou. Diagram není v naší kopii čitelný; popisek uvádí výchozí pole ${w.start}, cíl ${w.target}, ${
        csCount(n, "tah", "tahy", "tahů")
      } a ${csCount(k, "zdánlivého pěšce", "zdánlivé pěšce", "zdánlivých pěšců")}. Naše úplné prověření všech rozestavení ${k} ${
        k === 1 ? "zdánlivého pěšce" : "zdánlivých pěšců"
      } najde právě jedno, v němž na pole ${w.target} vede právě jedna nejkratší cesta, a to o ${n} ${
        n === 1 ? "tahu" : "tazích"
      }: zobrazenou pozici, kterou našlo i naše vlastní hledání.`,
  };
}
