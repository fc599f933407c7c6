/**
 * What the booklet prints about the hopper tours over a movable hurdle, as
 * data for `atlas records hopper-tour`: the citation, the published tours'
 * move lists (with the lines they are read from), and the context each
 * disputed cell's page gives, in both languages; readingsOf runs the rule
 * readings of a disputed cell (solvers/hopper-tour/readings.ts).
 */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../../../solvers/hopper-tour/table.ts";
import { readingControls, readingResults, type ReadingRun, readingSummary } from "../../../../solvers/hopper-tour/readings.ts";
import { type HopperTourRecord, type PublishedTour } from "../../../../solvers/hopper-tour/schema.ts";
import { BOOKLET_FILE } from "../../../lib/paths.ts";

const BOOKLET = {
  author: "Václav Kotěšovec",
  publication: "Využití teorie grafů v šachových úlohách / Application of Graph Theory in Chess Problems (Prague)",
  year: 2009,
};

export const PIECES = ["Rook", "Queen", "Knight", "Nightrider", "Bishop", "King"] as const;

export function citeLine(
  line: number,
  status: "absolute" | "probable" | "example",
  value: number,
  note?: string,
): NonNullable<HopperTourRecord["claim"]> {
  return { ...BOOKLET, source: { file: BOOKLET_FILE, line }, value, status, ...(note ? { note } : {}) };
}

export function printed(spec: string): PublishedTour["printedMoves"] {
  // "G a1/f6-g7" = the hopper a1 over f6 to g7; "H f6-g4@g7" = the hurdle f6 to g4 with the hopper on g7.
  return spec.split(/\s*;\s*/).map((m) => {
    const g = /^G (\w+)\/(\w+)-(\w+)$/.exec(m);
    if (g) return { piece: "hopper" as const, from: g[1], over: g[2], to: g[3] };
    const h = /^H (\w+)-(\w+)@(\w+)$/.exec(m);
    if (h) return { piece: "hurdle" as const, from: h[1], to: h[2], hopperOn: h[3] };
    throw new Error(`bad printed move ${m}`);
  });
}

/** Published tours whose captions or moves the booklet prints (the move lists themselves are not legible). */
export const PUBLISHED: Record<string, PublishedTour> = {
  "grasshopper-knight-8x8-closed": {
    caption: "Knight f6 - closed (Kotěšovec, found 21.4.2009)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4534 },
    },
    hurdleStart: "f6",
    hopperStart: "a1",
    // Lines 4534-4537: knight on f6, the grasshopper jumps to g7, knight g4, grasshopper g3, knight e3, ...; last knight d2-b1, grasshopper e1-a1.
    printedMoves: printed("G a1/f6-g7; H f6-g4@g7; G g7/g4-g3; H g4-e3@g3; H d2-b1@e1; G e1/b1-a1"),
  },
  "grasshopper-knight-8x8-open": {
    caption: "64-square open G/S tour (Willcocks), 63 grasshopper moves, 125 with the knight",
    citation: { author: "T. H. Willcocks", publication: "Chessics 23/1985, p. 84", year: 1985, source: { file: BOOKLET_FILE, line: 4509 } },
    printedMoves: [],
  },
  "grasshopper-nightrider-8x8-cyclic": {
    caption: "Nightrider c2 - cyclic (Kotěšovec, original)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4667 },
    },
    hurdleStart: "c2",
    hopperStart: "d1",
    // Lines 4667-4672: the nightrider's first move c2-e6 lets the grasshopper jump b3-f7; at the end nightrider f4-g2, grasshopper g5-g1, nightrider e1, grasshopper back to d1, nightrider back to c2.
    printedMoves: printed("G d1/c2-b3; H c2-e6@b3; G b3/e6-f7; H f4-g2@g5; G g5/g2-g1; H g2-e1@g1; G g1/e1-d1; H e1-c2@d1"),
  },
  "grasshopper-nightrider-7x7-cyclic": {
    caption: "Nightrider f4 - cyclic (Kotěšovec, original)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4686 },
    },
    hurdleStart: "f4",
    // Line 4703: at the end of the tour the nightrider can go from b2 to f4 (its start). The hopper then jumps home over
    // b2, so its start is a neighbour of b2 from which a jump over f4 exists: only c1 (first jump c1-g5, last square a3).
    // Found backwards from that end with knight moves during the tour (the text: a knight could make it too):
    // atlas records hopper-tour --only grasshopper-nightrider-7x7-cyclic --witness-hunt 200000000 --exhaustive --hurdle-start f4
    //   --hopper-start c1 --reverse-from b2 --hurdle-steps knight --reach-from 0 --square-graph reachable
    printedMoves: [],
  },
  "grasshopper-rook-8x8-closed": {
    caption: "Rook a2 - 63 (closed), not cyclic (Kotěšovec, original)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4778 },
    },
    hurdleStart: "a2",
    hopperStart: "a1",
    // Lines 4779-4782: after the 63rd move the grasshopper is on a6, the rook on a5; rook a2, grasshopper back to a1 (it could go on to a3, but the rook is to move).
    printedMoves: printed("G a1/a2-a3; H a5-a2@a6; G a6/a2-a1"),
  },
  "grasshopper-rook-8x8-cyclic": {
    caption: "Rook b2 - 63, closed symmetric tour, cyclic (T. R. Dawson)",
    citation: {
      author: "T. R. Dawson",
      publication: "Fairy Chess Review 1938, No. 3179",
      year: 1938,
      source: { file: BOOKLET_FILE, line: 4765 },
    },
    hurdleStart: "b2",
    printedMoves: [],
  },
  "grasshopper-king-8x8-cyclic": {
    caption: "Symmetric closed grasshopper tour over king as hurdle, cyclic (C. M. B. Tylor)",
    citation: { author: "C. M. B. Tylor", publication: "Chessics 5/1978, No. 183", year: 1978, source: { file: BOOKLET_FILE, line: 4838 } },
    printedMoves: [],
  },
  "grasshopper-leaper-0-1-8x8-open": {
    caption: "Wazir f5 - 49 (Kotěšovec)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4605 },
    },
    hurdleStart: "f5",
    // Lines 4605-4606: the wazir starts on f5, the grasshopper jumps over it to g6, wazir f6, grasshopper e6.
    printedMoves: printed("H f5-f6@g6; G g6/f6-e6"),
  },
  "grasshopper-leaper-0-1-8x8-closed": {
    caption: "Wazir c5 - 48 (closed) (Kotěšovec)",
    citation: {
      author: "Václav Kotěšovec",
      publication: "original (booklet, 2009)",
      year: 2009,
      source: { file: BOOKLET_FILE, line: 4607 },
    },
    hurdleStart: "c5",
    hopperStart: "d4",
    // Lines 4607-4609: in move 48 the grasshopper goes to f2 over the wazir on f3; after wazir e3 it returns to its start d4.
    printedMoves: printed("H f3-e3@f2; G f2/e3-d4"),
  },
  "nightriderhopper-rook-8x8-open": {
    caption: "Rook d2 - 29 (T. R. Dawson + F. Douglas)",
    citation: {
      author: "T. R. Dawson, F. Douglas",
      publication: "Chess Amateur 1928, No. 1259",
      year: 1928,
      source: { file: BOOKLET_FILE, line: 5020 },
    },
    hurdleStart: "d2",
    printedMoves: [],
  },
};

/**
 * What the booklet's page and our copy of it say about each disputed cell, in both languages: the second half of
 * the verdict on the record page, after the computed summary of the readings (readings.ts readingSummary).
 */
const LEAPER_ROWS_EN =
  'the OCR of the leaper table is unreliable around it: numbers of the diagrams printed beside the table run through its lines, and neighbouring rows read pairs that cannot be right, an open value below the closed one (Alfil "1 | 3", line 4611; "Korsar 1 8", line 4615; "[2,3] 1 8", line 4630; Kotěšovec 2009)';
const LEAPER_ROWS_CS =
  "OCR tabulky skokanů je kolem něj nespolehlivé: jejími řádky procházejí čísla z diagramů vytištěných vedle tabulky a sousední řádky dávají dvojice, které platit nemohou, otevřenou hodnotu menší než uzavřenou (Alfil „1 | 3“, ř. 4611; „Korsar 1 8“, ř. 4615; „[2,3] 1 8“, ř. 4630; Kotěšovec 2009)";
const FLAMINGO_EN =
  `The row is read as [1,6] by its name, Flamingo, and its place after [1,5]; its label is illegible in the OCR (line 4610: "H'% Flamingo 11 8"), and ${LEAPER_ROWS_EN}. Under our reading no other leaper row gives 11 and 8 either (the table on this site), so a shifted row does not explain it. The values may be misread; our copy of the page cannot settle it. We use our reading and keep our values, 4 open and 3 closed, which the brute force confirms.`;
const FLAMINGO_CS =
  `Řádek čteme jako [1,6] podle jména Flamingo a místa za [1,5]; jeho popisek je v OCR nečitelný (ř. 4610: „H'% Flamingo 11 8“) a ${LEAPER_ROWS_CS}. Podle našeho výkladu nedává 11 a 8 ani žádný jiný řádek skokanů (tabulka na tomto webu), posunutý řádek to tedy nevysvětluje. Hodnoty mohou být špatně přečtené; naše kopie stránky to nerozhodne. Používáme náš výklad a ponecháváme naše hodnoty, 4 pro otevřenou a 3 pro uzavřenou cestu, které potvrzuje i kontrola hrubou silou.`;
const QUEEN_EN =
  `The booklet's 28 is legible twice, in the table (line 4974) and in the caption "Queen c3 - 28 (closed)" (line 4982; Kotěšovec 2009), so it is no misreading. Our tour of 31 replays legally under the independent move generator, and with the queen starting on c3, as in the booklet's diagram, our search finds tours of 31 too, open and closed. Every reading that lowers the value below 31 lowers it below 28 as well and changes undisputed cells of the same table. We take the booklet's 28 for the longest tour its program found, its search being incomplete or its rules different in a way the text does not state; our value stands.`;
const QUEEN_CS =
  `Hodnota 28 je v brožuře čitelná dvakrát, v tabulce (ř. 4974) i v popisku diagramu „Queen c3 - 28 (closed)“ (ř. 4982; Kotěšovec 2009), nejde tedy o chybu čtení. Naše cesta o 31 tazích je legální i podle nezávislého generátoru tahů a i s dámou na c3 jako na diagramu brožury najde náš program cesty o 31 tazích, otevřenou i uzavřenou. Každý výklad, který hodnotu sníží pod 31, ji sníží i pod 28 a změní nesporná pole téže tabulky. Hodnotu 28 chápeme jako nejdelší cestu, kterou našel program brožury, ať už jeho prohledávání nebylo úplné, nebo se jeho pravidla liší způsobem, který text neuvádí; naše hodnota platí.`;
export const DISPUTE_CONTEXT: Record<string, { en: string; cs: string }> = {
  "grasshopper-leaper-0-3-8x8-closed": {
    en:
      `What the booklet prints in this cell is uncertain: the OCR reads "[0.3] s 5" (line 4600), the open value illegible, and ${LEAPER_ROWS_EN}. Where our open value is 3, for [0,3] and for [0,4] (line 4601), both rows show an "s". The 5 may be a misread digit or a diagram's number drawn into the row; our copy of the page cannot settle it. We use our reading and keep our value 2, which the brute force confirms.`,
    cs:
      `Co brožura v tomto poli tiskne, není jisté: OCR čte „[0.3] s 5“ (ř. 4600), otevřená hodnota je nečitelná a ${LEAPER_ROWS_CS}. Kde je naše otevřená hodnota 3, pro [0,3] i pro [0,4] (ř. 4601), ukazují oba řádky „s“. Pětka může být špatně přečtená číslice nebo číslo z diagramu vtažené do řádku; naše kopie stránky to nerozhodne. Používáme náš výklad a ponecháváme naši hodnotu 2, kterou potvrzuje i kontrola hrubou silou.`,
  },
  "grasshopper-leaper-1-6-8x8-open": { en: FLAMINGO_EN, cs: FLAMINGO_CS },
  "grasshopper-leaper-1-6-8x8-closed": { en: FLAMINGO_EN, cs: FLAMINGO_CS },
  "bishophopper-queen-8x8-open": { en: QUEEN_EN, cs: QUEEN_CS },
  "bishophopper-queen-8x8-closed": { en: QUEEN_EN, cs: QUEEN_CS },
};

/**
 * The readings of a disputed record (solvers/hopper-tour/readings.ts): every reading searched on the cell and on
 * the same table's undisputed cells, the computed summary and the cell's context as the verdict.
 */
export function readingsOf(r: HopperTourRecord, all: HopperTourRecord[], cache: Map<string, ReadingRun>): HopperTourRecord["readings"] {
  if (!r.dispute || !r.claim || r.kind === "cyclic") return undefined;
  const context = DISPUTE_CONTEXT[r.id];
  if (!context) throw new Error(`${r.id} is disputed but has no context text (DISPUTE_CONTEXT in records.ts)`);
  const cellOf = (o: HopperTourRecord) => ({
    id: o.id,
    t: tourTable(makeBoard(o.board), o.hopper, parseHurdle(o.hurdle)),
    mode: o.kind as "open" | "closed",
    claim: o.claim!.value,
  });
  const { controls, leftOut } = readingControls(r, all);
  const results = readingResults(cellOf(r), controls.map(cellOf), cache);
  const summary = readingSummary(r.claim.value, results);
  return {
    used: "ours",
    booklet: r.claim.value,
    results,
    leftOut,
    verdict: { en: `${summary.en} ${context.en}`, cs: `${summary.cs} ${context.cs}` },
  };
}

export const PARITY_ARGUMENT =
  "the hurdle, a colour-changing leaper, needs an even number of moves to come back; a cyclic tour over all squares of an odd board would take an odd number";
