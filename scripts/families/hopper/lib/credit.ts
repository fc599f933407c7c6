/**
 * Credit to the booklet for a SerienZiel witness our search found when the
 * booklet prints that very position (serienZielRecords). Its hopper diagrams
 * are not legible in our copy; what it prints in the caption (the hopper's
 * start, the target, the number of moves and of hurdles) is read back by
 * trying every placement of that many hurdles (solvers/hopper/reconstruct.ts).
 * When exactly one placement fits and it is our witness, the witness becomes
 * the reconstructed published position with the booklet's citation and the
 * reference id of the transcription; verify reads it back again (verify.ts).
 */
import { readFileSync } from "node:fs";
import { parseSquare } from "../../../../solvers/board/squares.ts";
import { HOPPER_KINDS, type HopperKind } from "../../../../solvers/pieces/hopper.ts";
import { readBackSerienZiel } from "../../../../solvers/hopper/reconstruct.ts";
import type { HopperWitness } from "../../../../solvers/hopper/schema.ts";
import type { Square } from "../../../../solvers/types.ts";
import { BOOKLET_FILE, REFERENCE_WITNESSES } from "../../../lib/paths.ts";
import { BOARD, BOOKLET } from "./booklet.ts";

/** What the reference transcription holds of a published SerienZiel record. */
export interface PrintedSerienZielRecord {
  id: string;
  piece: HopperKind;
  claimedLength: number;
  start: string;
  target: string;
  hurdles: number;
  diagram: number | null;
  author: string | null;
  /** Where it first appeared ("G6 Problemkiste 117/1998"), or "original". */
  source: string | null;
  seedLine: number;
}

let printed: PrintedSerienZielRecord[] | undefined;
/** The published SerienZiel records of the four hoppers whose number of hurdles is legible. */
export function printedSerienZiel(): PrintedSerienZielRecord[] {
  printed ??= (JSON.parse(readFileSync(REFERENCE_WITNESSES, "utf8")) as (PrintedSerienZielRecord & { kind: string })[])
    .filter((x) => x.kind === "series-target" && typeof x.hurdles === "number" && (HOPPER_KINDS as readonly string[]).includes(x.piece));
  return printed;
}

/** At most this many placements are tried (4 hurdles: 595,665 placements, about 3 s). */
export const READ_BACK_LIMIT = 1_000_000;
const readBacks = new Map<string, Square[][] | null>();
/** The hurdle sets fitting a published record's caption (cached); null when there are too many placements to try. */
export function readBack(p: PrintedSerienZielRecord): Square[][] | null {
  if (!readBacks.has(p.id)) {
    const q = (s: string) => parseSquare(BOARD, s);
    readBacks.set(
      p.id,
      readBackSerienZiel(
        BOARD,
        { piece: p.piece, start: q(p.start), target: q(p.target), moves: p.claimedLength, hurdles: p.hurdles },
        READ_BACK_LIMIT,
      ),
    );
  }
  return readBacks.get(p.id)!;
}

/** The booklet with the diagram's number, and where the problem first appeared. */
export function citationOf(p: PrintedSerienZielRecord): NonNullable<HopperWitness["citation"]> {
  const first = p.source && p.source !== "original" ? p.source.match(/^(\S+) (.+)$/) : null;
  return {
    author: p.author,
    publication: `${BOOKLET.publication}, No. ${p.diagram}${first ? ` (first published in ${first[2]}, ${first[1]})` : " (original)"}`,
    year: BOOKLET.year,
    source: { file: BOOKLET_FILE, line: p.seedLine },
  };
}

/**
 * The witness as the booklet's position, when a published record of this hopper and number of hurdles has the
 * witness's start, target and length and exactly one placement fits it: the witness's. Null otherwise.
 */
export function creditSerienZiel(piece: HopperKind, hurdles: number, w: HopperWitness): HopperWitness | null {
  if (!w.target || !w.moves) return null;
  const ours = w.hurdles.map((h) => parseSquare(BOARD, h)).sort((a, b) => a - b).join();
  for (const p of printedSerienZiel()) {
    if (p.piece !== piece || p.hurdles !== hurdles || p.start !== w.start || p.target !== w.target || p.claimedLength !== w.moves.length) {
      continue;
    }
    const fits = readBack(p);
    if (fits?.length !== 1 || fits[0].join() !== ours) continue;
    return { ...w, origin: "reconstructed", citation: citationOf(p), reference: p.id };
  }
  return null;
}
