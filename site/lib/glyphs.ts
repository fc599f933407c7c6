/**
 * The atlas's piece glyphs: names of each glyph in both languages (for alt
 * text and <desc>) and the documented convention, shown on the site's
 * "diagrams" section (the pages import GLYPH_CONVENTION) and mirrored in the
 * comment at the top of site/lib/diagram-svg.ts, which draws them.
 *
 * Czech names of hoppers other than the grasshopper (cvrček) and of locusts
 * stay in English, as the 2009 booklet writes them in its Czech text.
 *
 * Pure data: no Node or DOM APIs (the replay island imports it in the browser).
 */
import type { Lang } from "../i18n.ts";
import { LEAPER_NAMES } from "../../solvers/pieces/names.ts";

export type Bilingual = Record<Lang, string>;

/** Names of the glyphs of solvers/diagram/spec.ts (leapers are named by leapName). */
export const GLYPH_NAMES: Record<string, Bilingual> = {
  king: { en: "king", cs: "král" },
  queen: { en: "queen", cs: "dáma" },
  rook: { en: "rook", cs: "věž" },
  bishop: { en: "bishop", cs: "střelec" },
  knight: { en: "knight", cs: "jezdec" },
  pawn: { en: "pawn", cs: "pěšec" },
  nightrider: { en: "nightrider", cs: "tátoš" },
  grasshopper: { en: "grasshopper", cs: "cvrček" },
  rookhopper: { en: "rookhopper", cs: "rookhopper" },
  bishophopper: { en: "bishophopper", cs: "bishophopper" },
  nightriderhopper: { en: "nightriderhopper", cs: "nightriderhopper" },
  locust: { en: "locust", cs: "locust" },
  "rook-locust": { en: "rook-locust", cs: "rook-locust" },
  "bishop-locust": { en: "bishop-locust", cs: "bishop-locust" },
  "nightrider-locust": { en: "nightrider-locust", cs: "nightrider-locust" },
  dummy: { en: "dummy", cs: "figurína" },
  man: { en: "man", cs: "kámen" },
};

export const COLOUR_NAMES: Record<"white" | "black" | "neutral", Bilingual> = {
  white: { en: "white", cs: "bílý" },
  black: { en: "black", cs: "černý" },
  neutral: { en: "neutral", cs: "neutrální" },
};

/** [x,y] of a "leaper:x,y" glyph, or null. */
export function leapOfGlyph(glyph: string): [number, number] | null {
  const m = /^leaper:(\d+),(\d+)$/.exec(glyph);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The text written in a leaper's disc: its notation symbol (Z, CA, WA) or its leap "1,5". */
export function leaperMark(leap: readonly [number, number]): string {
  const [a, b] = [Math.min(leap[0], leap[1]), Math.max(leap[0], leap[1])];
  const known = LEAPER_NAMES.find((n) => n.leap[0] === a && n.leap[1] === b);
  if (known && !known.symbol.startsWith("(")) return known.symbol;
  return `${a},${b}`;
}

/** A leaper's name in the language ("Zebra [2,3]", "leaper [0,3]"). */
export function leaperName(leap: readonly [number, number], lang: Lang): string {
  const [a, b] = [Math.min(leap[0], leap[1]), Math.max(leap[0], leap[1])];
  const known = LEAPER_NAMES.find((n) => n.leap[0] === a && n.leap[1] === b);
  const bracket = `[${a},${b}]`;
  if (!known) return lang === "cs" ? `skokan ${bracket}` : `leaper ${bracket}`;
  const name = lang === "cs" ? known.nameCs ?? known.name : known.name;
  return `${name} ${bracket}`;
}

/** Name of any glyph of the spec in the language; unknown glyphs are named as they are written. */
export function glyphName(glyph: string, lang: Lang): string {
  const leap = leapOfGlyph(glyph);
  if (leap) return leaperName(leap, lang);
  return GLYPH_NAMES[glyph]?.[lang] ?? glyph;
}

/** The convention as the site's "how diagrams are drawn" section shows it: a heading, an intro and one item per glyph class. */
export const GLYPH_CONVENTION: { heading: Bilingual; intro: Bilingual; items: { term: Bilingual; text: Bilingual }[] } = {
  heading: { en: "How the diagrams are drawn", cs: "Jak jsou kresleny diagramy" },
  intro: {
    en:
      "Files are lettered a, b, c… from the left and ranks numbered 1, 2, 3… from the bottom; a1 is a dark square. In a numbered solution the start square carries 0 and every square the number of the move that reaches it, as in the 2009 booklet. Boards of three or more dimensions are drawn as a row of two-dimensional layers, each labelled with its remaining coordinates (z=1, z=2, …); their squares are named by coordinates (e.g. 522). The piece symbols are our own drawings and follow the usual practice of problemists:",
    cs:
      "Sloupce jsou označeny a, b, c… zleva a řady 1, 2, 3… zdola; a1 je tmavé pole. V číslovaném řešení má výchozí pole číslo 0 a každé další pole číslo tahu, kterým je kámen dosažen, stejně jako v brožuře z roku 2009. Desky o třech a více rozměrech jsou kresleny jako řada dvojrozměrných vrstev, každá označená zbývajícími souřadnicemi (z=1, z=2, …); pole se jmenují souřadnicemi (např. 522). Symboly kamenů jsou naše vlastní kresby a drží se obvyklé praxe skladatelů úloh:",
  },
  items: [
    {
      term: { en: "Orthodox pieces", cs: "Ortodoxní kameny" },
      text: {
        en: "king, queen, rook, bishop, knight and pawn upright; white pieces light with a dark outline, black pieces dark.",
        cs: "král, dáma, věž, střelec, jezdec a pěšec stojí vzpřímeně; bílé kameny světlé s tmavým obrysem, černé tmavé.",
      },
    },
    {
      term: { en: "Nightrider", cs: "Tátoš" },
      text: {
        en:
          "the knight with a small disc lettered N in its corner (N is the problemists' letter for the nightrider, which repeats the knight's step along a line; the inverted and the turned knight stand for the nightriderhopper and the nightrider-locust).",
        cs:
          "jezdec s malým kotoučem s písmenem N v rohu (N je značka tátoše, který opakuje skok jezdce po přímce; obrácený a otočený jezdec patří tátošovému cvrčkovi a nightrider-locustu).",
      },
    },
    {
      term: { en: "Leapers [x,y]", cs: "Skokani [x,y]" },
      text: {
        en:
          "a disc with the leaper's notation symbol (Z zebra, CA camel, WA wazir, S knight-leaper, …) or, for leapers without a symbol, its leap (e.g. 1,5).",
        cs: "kotouč se značkou skokana z notace (Z zebra, CA velbloud, WA vezír, S jezdec, …), u skokanů bez značky jeho skok (např. 1,5).",
      },
    },
    {
      term: { en: "Hoppers", cs: "Přeskakující kameny" },
      text: {
        en:
          "the line piece they move along, turned upside down: grasshopper = inverted queen, rookhopper = inverted rook, bishophopper = inverted bishop, nightriderhopper = inverted knight.",
        cs:
          "kámen, po jehož liniích se pohybují, obrácený vzhůru nohama: cvrček (grasshopper) = obrácená dáma, rookhopper = obrácená věž, bishophopper = obrácený střelec, nightriderhopper = obrácený jezdec.",
      },
    },
    {
      term: { en: "Locusts", cs: "Kameny typu Locust" },
      text: {
        en:
          "the line piece turned a quarter turn to the right: locust = queen on its side, rook-locust = rook on its side, bishop-locust = bishop on its side, nightrider-locust = knight on its side.",
        cs:
          "kámen otočený o čtvrt otáčky doprava: locust = dáma na boku, rook-locust = věž na boku, bishop-locust = střelec na boku, nightrider-locust = jezdec na boku.",
      },
    },
    {
      term: { en: "Men and hurdles", cs: "Kameny a překážky" },
      text: {
        en:
          "a black man to be captured is a black disc; a dummy (a hurdle that never moves) is a grey pawn crossed out. Marks: a ring for the target square, a dot for an attacked square, a frame for the start.",
        cs:
          "černý kámen, který se má sebrat, je černý kotouč; figurína (překážka, která se nikdy nepohne) je šedý přeškrtnutý pěšec. Značky: kroužek pro cílové pole, tečka pro napadené pole, rámeček pro výchozí pole.",
      },
    },
  ],
};
