/**
 * The words of the embedding features (issue 16), kept apart from site/i18n.ts
 * and site/content.ts: the embeddable replay page, the snippets that paste it
 * and the animated solution, and the sections of the embed help page
 * (/en/embed/, /cs/vlozeni/) that explain them.
 */
import type { Lang } from "./i18n.ts";
import type { ProseSection } from "./content.ts";
import { DELAY_END, MAX_FRAME_STEPS } from "./lib/animation.ts";

export interface EmbedText {
  /** The embed page's link back to the record. */
  openRecord: string;
  newTab: string;
  /** Record page snippets. */
  animated: string;
  /** Alt text of the animation. */
  animatedAlt: (title: string) => string;
  animatedSize: (kB: string, frames: number, moves: number) => string;
  liveReplay: string;
  /** The iframe snippet's label for a record without a move sequence. */
  embeddedRecord: string;
  iframe: string;
  noMoves: string;
}

export const EMBED_TEXT: Record<Lang, EmbedText> = {
  en: {
    openRecord: "Open the record",
    newTab: "(opens in a new tab)",
    animated: "Animated solution",
    animatedAlt: (title) => `${title}: animated solution`,
    animatedSize: (kB, frames, moves) =>
      frames === moves + 1
        ? `${kB} kB, ${frames} frames (the start and every move)`
        : `${kB} kB, ${frames} frames (${moves} moves, several per frame)`,
    liveReplay: "Live replay",
    embeddedRecord: "Embedded record",
    iframe: "iframe (web pages)",
    noMoves: "This record has no move sequence, so the embedded page shows its diagram without a replay.",
  },
  cs: {
    openRecord: "Otevřít záznam",
    newTab: "(otevře se v nové kartě)",
    animated: "Animované řešení",
    animatedAlt: (title) => `${title}: animované řešení`,
    animatedSize: (kB, frames, moves) =>
      frames === moves + 1
        ? `${kB} kB, ${frames} snímků (start a každý tah)`
        : `${kB} kB, ${frames} snímků (${moves} tahů, několik na snímek)`,
    liveReplay: "Živé přehrávání",
    embeddedRecord: "Vložený záznam",
    iframe: "iframe (webové stránky)",
    noMoves: "Tento záznam nemá posloupnost tahů, vložená stránka proto ukáže jeho diagram bez přehrávání.",
  },
};

const pause = DELAY_END / 1000;

/** Sections of the embed help page about the replay, oEmbed and the animation. */
export const EMBED_HELP: Record<Lang, ProseSection[]> = {
  en: [
    {
      id: "embed-replay",
      heading: "The replay on your page",
      paragraphs: [
        "Every record has a page made for an <iframe>: only the diagram, the replay's controls and move list, and a link back to the record, without the atlas's header and footer. The replay works there as on the record page: ← and → step, Home and End jump to the start and the end, space plays and pauses, and an address ending in #move-17 opens the position after move 17.",
        "The record page's section “Permalinks and snippets” gives the <iframe> to paste, with its width and height (720 px wide; the height follows the board). In a narrower column the frame shrinks and its page scrolls.",
      ],
      items: [
        { term: "/embed/en/<id>/ and /embed/cs/<id>/", text: "the embeddable replay of a record, in English or Czech" },
        { term: "/embed/en/<id>/#move-<n>", text: "the same, opened at the position after move n (0 is the problem position)" },
      ],
    },
    {
      id: "embed-oembed",
      heading: "oEmbed",
      paragraphs: [
        'Blogs and forums that support oEmbed discovery turn a pasted record address into the live replay by themselves: each record page names its oEmbed response in a <link rel="alternate" type="application/json+oembed"> in its head. The response is a static JSON file of type “rich”: the <iframe> as its html, its width and height, the record\'s title, the atlas as provider, and the record\'s share image as thumbnail.',
      ],
      items: [{ term: "/oembed/en/<id>.json and /oembed/cs/<id>.json", text: "the oEmbed response of a record in each language" }],
    },
    {
      id: "embed-animation",
      heading: "Animated solution",
      paragraphs: [
        `For forums that take only images, every record with a move sequence has its solution as an animated GIF: the squares are numbered one move after the other, captured men leave the board, and the last frame stays for ${pause} seconds before the animation starts again. It is drawn by the same code as the diagrams, 256 px wide for boards up to 8×8 (larger boards keep the same square size), in 32 colours.`,
        `A solution of up to ${MAX_FRAME_STEPS} moves has a frame for the start and one for every move. A longer one is shortened to at most ${MAX_FRAME_STEPS} steps: with n moves, each frame advances ⌈n / ${MAX_FRAME_STEPS}⌉ moves, and the last frame always shows the whole solution. Each record page states the size of its animation; they are small (tens of kilobytes for an 8×8 board).`,
      ],
      items: [{ term: "/diagrams/<id>/solution.gif", text: "the animated solution (records with a move sequence)" }],
    },
  ],
  cs: [
    {
      id: "embed-replay",
      heading: "Přehrávání na vaší stránce",
      paragraphs: [
        "Každý záznam má stránku určenou pro <iframe>: jen diagram, ovládání přehrávání se seznamem tahů a odkaz zpět na záznam, bez záhlaví a zápatí atlasu. Přehrávání tam funguje jako na stránce záznamu: ← a → krokují, Home a End skočí na začátek a na konec, mezerník spouští a zastavuje přehrávání a adresa končící #move-17 otevře pozici po 17. tahu.",
        "Oddíl „Trvalé odkazy a úryvky“ na stránce záznamu dává <iframe> ke vložení i s šířkou a výškou (šířka 720 px, výška podle šachovnice). V užším sloupci se rámec zúží a jeho stránka se posouvá.",
      ],
      items: [
        { term: "/embed/en/<id>/ a /embed/cs/<id>/", text: "vložitelné přehrávání záznamu, anglicky nebo česky" },
        { term: "/embed/cs/<id>/#move-<n>", text: "totéž, otevřené v pozici po n-tém tahu (0 je výchozí pozice)" },
      ],
    },
    {
      id: "embed-oembed",
      heading: "oEmbed",
      paragraphs: [
        'Blogy a fóra, které umějí vyhledat oEmbed, samy promění vloženou adresu záznamu v živé přehrávání: každá stránka záznamu uvádí svou odpověď oEmbed v hlavičce jako <link rel="alternate" type="application/json+oembed">. Odpověď je statický soubor JSON typu „rich“: <iframe> jako html, jeho šířka a výška, název záznamu, atlas jako poskytovatel a obrázek pro sdílení jako náhled.',
      ],
      items: [{ term: "/oembed/en/<id>.json a /oembed/cs/<id>.json", text: "odpověď oEmbed záznamu v každém jazyce" }],
    },
    {
      id: "embed-animation",
      heading: "Animované řešení",
      paragraphs: [
        `Pro fóra, která berou jen obrázky, má každý záznam s posloupností tahů řešení jako animovaný GIF: pole se čísluje tah po tahu, sebrané kameny mizí z šachovnice a poslední snímek zůstane ${pause} sekundy, než animace začne znovu. Kreslí ho týž kód jako diagramy, 256 px široký pro šachovnice do 8×8 (větší šachovnice mají pole stejně velká), ve 32 barvách.`,
        `Řešení nejvýše o ${MAX_FRAME_STEPS} tazích má snímek pro start a pro každý tah. Delší se zkrátí na nejvýše ${MAX_FRAME_STEPS} kroků: při n tazích každý snímek postoupí o ⌈n / ${MAX_FRAME_STEPS}⌉ tahů a poslední snímek vždy ukáže celé řešení. Každá stránka záznamu uvádí velikost své animace; jsou malé (desítky kilobajtů pro šachovnici 8×8).`,
      ],
      items: [{ term: "/diagrams/<id>/solution.gif", text: "animované řešení (záznamy s posloupností tahů)" }],
    },
  ],
};
