import type { Lang } from "./lang.ts";

/**
 * Strings of the reference pass (issue 12: table scrolling, citations, number
 * formats, replay controls, downloads, home diagrams).
 */
export interface ReferenceStrings {
  scrollHint: string;
  /** "line" in a transcription reference ("file, line 12"). */
  line: string;
  lines: string;
  transcription: string;
  /** The document a record was read in (the booklet that reports a problem first published elsewhere). */
  citedIn: string;
  /** Marks a note kept in the language it was written in. */
  noteInEnglish: string;
  page: string;
  diagram: string;
  featuredHeading: string;
  featuredIntro: string;
  openRecord: string;
  /** Names a scrolling table box apart from the section heading that says the same. */
  tableBox: (caption: string) => string;
}

export const REFERENCE: Record<Lang, ReferenceStrings> = {
  en: {
    scrollHint: "The table is wider than the screen: scroll it sideways (swipe, or focus it and use the arrow keys).",
    line: "line",
    lines: "lines",
    transcription: "Our transcription",
    citedIn: "Reported in",
    noteInEnglish: "(in English)",
    page: "p.",
    diagram: "diagram",
    tableBox: (c) => `Table: ${c}`,
    featuredHeading: "Featured record",
    featuredIntro: "Step through a record move by move: the arrow keys, the buttons or the move list.",
    openRecord: "The record, its sources and what our code established",
  },
  cs: {
    scrollHint: "Tabulka je širší než obrazovka: posuňte ji do strany (tažením, nebo ji vyberte a použijte šipky).",
    line: "řádek",
    lines: "řádky",
    transcription: "Náš přepis",
    citedIn: "Uvedeno v",
    noteInEnglish: "(anglicky)",
    page: "s.",
    diagram: "diagram",
    tableBox: (c) => `Tabulka: ${c}`,
    featuredHeading: "Vybraný rekord",
    featuredIntro: "Projděte rekord tah po tahu: šipkami, tlačítky nebo seznamem tahů.",
    openRecord: "Rekord, jeho prameny a co zjistil náš kód",
  },
};
