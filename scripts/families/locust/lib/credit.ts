/**
 * Credit to the booklet for a witness our exhaustive generation found when the
 * booklet prints that very position (buildRecords). The booklet's locust
 * diagrams are not legible in our copy; what it prints in words (the start,
 * the first and the last capture) singles out its position among every
 * dual-free position of that many men, which the generation lists. When
 * exactly one fits and it is the position our generation chose as the cell's
 * witness (in any orientation), the witness becomes the published one, as
 * printed, with the booklet's citation; our generation's finding stays beside
 * it (`generatedBy`). Verify checks the same (verify.ts, publishedWitnessErrors).
 */
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import { lineTable, type LocustKind } from "../../../../solvers/pieces/locust.ts";
import { fitsPrinted, type PrintedFacts, sameUpToSymmetry } from "../../../../solvers/locust/reconstruct.ts";
import type { LocustNote, LocustWitness } from "../../../../solvers/locust/schema.ts";
import type { Square } from "../../../../solvers/types.ts";
import { BOOKLET_FILE } from "../../../lib/paths.ts";
import { BOOKLET, PUBLISHED } from "./published.ts";

type Published = (typeof PUBLISHED)[string][number];

/** The number of men of a published record, from its caption ("sd=25 ..."). */
export function publishedValue(p: { caption: string }): number {
  return Number(p.caption.match(/sd=? ?(\d+)/)?.[1]);
}

/** The printed facts of a published record as squares of the 8x8 board. */
export function printedFacts(p: Published): PrintedFacts {
  const board = makeBoard([8, 8]);
  const q = (s: string) => parseSquare(board, s);
  return { start: q(p.start), first: [q(p.first[0]), q(p.first[1])], last: [q(p.last[0]), q(p.last[1])] };
}

const KIND_WORDS: Record<string, LocustNote> = {
  "dual-free": { en: "dual-free record", cs: "jednoznačná otevřená cesta" },
  "dual-free-closed": { en: "closed dual-free record", cs: "jednoznačná uzavřená cesta" },
};

export interface Credit {
  witness: LocustWitness;
  note: LocustNote;
}

/**
 * The booklet's position for a generated witness of the row of `kind`, when a
 * published record of that row has the witness's number of men, exactly one
 * position of the generated dual-free level `positions` fits its printed facts,
 * and that position is the witness turned by a symmetry of the board (or
 * itself). Null otherwise: the witness stays ours.
 */
export function creditFor(
  kind: LocustKind,
  recordKind: string,
  witness: LocustWitness,
  positions: ReadonlyMap<number, { start: Square; men: Square[] }[]>,
): Credit | null {
  const board = makeBoard([8, 8]);
  const t = lineTable(board, kind);
  const ours = { start: parseSquare(board, witness.start), men: witness.men.map((m) => parseSquare(board, m)) };
  for (const [cell, pubs] of Object.entries(PUBLISHED)) {
    if (!cell.startsWith(`${kind}-8x8-`)) continue;
    for (const p of pubs) {
      const men = publishedValue(p);
      const level = positions.get(men);
      if (men !== ours.men.length || !level) continue;
      const fits = fitsPrinted(t, level, printedFacts(p));
      if (fits.length !== 1 || !sameUpToSymmetry(board, ours, fits[0])) continue;
      const fit = fits[0];
      const turned = fit.start !== ours.start || fit.men.some((m) => !ours.men.includes(m));
      const pubKind = cell.slice(`${kind}-8x8-`.length);
      const name = (s: Square) => squareName(board, s);
      const original = p.publication.startsWith("original");
      return {
        witness: {
          start: name(fit.start),
          men: fit.men.map(name),
          sequence: fit.landed.map(name),
          origin: "published",
          citation: {
            author: BOOKLET.author,
            publication: `${BOOKLET.publication}, No. ${p.diagram}${original ? " (original)" : `, from ${p.publication}`}`,
            year: BOOKLET.year,
            source: { file: BOOKLET_FILE, line: p.line },
          },
          reference: p.reference,
          ...(witness.generatedBy ? { generatedBy: witness.generatedBy } : {}),
        },
        note: creditNote(p, men, level.length, turned, pubKind === recordKind ? null : pubKind),
      };
    }
  }
  return null;
}

/** What the page says of a credited witness: where it is printed, how it was read back, that our generation found it too. */
function creditNote(p: Published, men: number, levelSize: number, turned: boolean, printedAs: string | null): LocustNote {
  const as = printedAs ? KIND_WORDS[printedAs] : null;
  const en = [
    `The position shown is No. ${p.diagram} of Kotěšovec's booklet (${p.year})`,
    as ? `, printed there as its ${as.en}; a dual-free sequence is a complete one, so it is a longest sequence too` : "",
    `. Its diagram is not legible in our copy of the booklet, which prints the start ${p.start}, `,
    `the first capture (${p.first[0]}, landing on ${p.first[1]}) and the last (${p.last[0]}, landing on ${p.last[1]}). `,
    `Our exhaustive generation lists every position with ${men} men and exactly one complete capture sequence `,
    `(${levelSize === 1 ? "there is only one" : `${levelSize} of them`}, up to the board's symmetries); `,
    `${levelSize === 1 ? "it fits these" : "exactly one fits these"}: the position shown. Our generation found it on its own${
      turned ? ", rotated or reflected" : ""
    }.`,
  ];
  const cs = [
    `Zobrazená pozice je č. ${p.diagram} z Kotěšovcovy brožury (${p.year})`,
    as ? `, kde je uvedena jako ${as.cs}; jednoznačná posloupnost je i úplná, takže je to zároveň nejdelší cesta` : "",
    `. Diagram není v naší kopii brožury čitelný; brožura uvádí výchozí pole ${p.start}, `,
    `první braní (${p.first[0]}, dopad na ${p.first[1]}) a poslední (${p.last[0]}, dopad na ${p.last[1]}). `,
    `Naše úplné generování vyjmenuje všechny pozice s ${men} kameny a právě jednou úplnou posloupností braní `,
    `(až na symetrie šachovnice ${levelSize === 1 ? "je jen jedna)" : `jich je ${levelSize});`} `,
    `${
      levelSize === 1 ? "a těmto údajům odpovídá" : "těmto údajům odpovídá právě jedna"
    }: zobrazená pozice. Naše generování ji našlo i samo${turned ? " (otočenou nebo zrcadlenou)" : ""}.`,
  ];
  return { en: en.join(""), cs: cs.join("") };
}
