/**
 * A contribution becomes a record of its family here, so that verify checks it
 * with the family's own checks and the site shows it with the family's own
 * pages (one conversion, used by both). Pure: the family's records are passed in.
 *
 * Where it stands among the table's records: its cell is the table cell of the
 * same piece, kind and board. A contribution below the cell's value, or tying
 * it, is a further record of that cell (as the published further records are);
 * one above it takes the cell's place in the table (`beats`), the old record
 * staying as a further record. Above a proven maximum it is refused (verify's
 * "maximum" check, which names the certificate).
 *
 * Each cell's standing is kept for the pages (`contributionStandings`): the
 * records that tie the value the table shows (the cell says so, its page links
 * them, and each of them links the cell), and which record a contribution
 * replaced in the table (kept, with its page saying by which).
 */
import type { AtlasRecord, RecordKind } from "../leaper/schema.ts";
import { bestValue } from "../leaper/proof/certificate.ts";
import type { HopperRecord } from "../hopper/schema.ts";
import type { LocustRecord } from "../locust/schema.ts";
import type { Contribution, HopperContribution, LeaperContribution, LocustContribution } from "./schema.ts";

/** Dual-free and dual-free-fixed-end share the table's dual-free column. */
function column(kind: RecordKind): string {
  return kind === "dual-free-fixed-end" ? "dual-free" : kind;
}

export function contributionLeap(c: LeaperContribution): [number, number] {
  const [x, y] = c.piece.slice(1, -1).split(",").map(Number);
  return [x, y];
}

const sorted = (l: readonly number[]) => [...l].sort((a, b) => a - b).join(",");

/** The table cell record of the contribution's piece, kind and board, if the table has one. */
export function leaperCellOf(c: LeaperContribution, records: readonly AtlasRecord[]): AtlasRecord | undefined {
  const leap = sorted(contributionLeap(c));
  return records.find((r) =>
    r.tableCell && column(r.kind) === column(c.kind) && sorted(r.piece.leap) === leap && r.board.join("x") === c.board.join("x")
  );
}

/** How the citation names the publication: its title, and where in it. */
export function publicationOf(c: Contribution): string {
  return c.source.page ? `${c.source.title}, ${c.source.page}` : c.source.title;
}

export interface Contributed<R> {
  record: R;
  /** The table cell it belongs to (undefined: the table has no such cell). */
  cell?: R;
  /** Its value compared with the cell's: below, tie or beats (beats also when there is no cell). */
  standing: "below" | "tie" | "beats";
}
export type ContributedRecord = Contributed<AtlasRecord>;

function standingOf(value: number, cellValue: number | undefined): Contributed<unknown>["standing"] {
  return cellValue === undefined || value > cellValue ? "beats" : value === cellValue ? "tie" : "below";
}

/** The claim's citation, as the families' records hold it (an address, when given, as the source reference). */
function citationOf(c: Contribution) {
  return { author: c.author, publication: publicationOf(c), year: c.year, ...(c.source.url ? { source: { file: c.source.url } } : {}) };
}

/** The leaper record a contribution stands for (the file name is kept in a note, so the page can say where it came from). */
export function leaperRecordOf(c: LeaperContribution, records: readonly AtlasRecord[], file: string): ContributedRecord {
  const cell = leaperCellOf(c, records);
  // Against the best value the cell has: the claim's, or our longer solution's where we refuted it.
  const standing = standingOf(c.value, cell ? bestValue(cell) : undefined);
  const citation = citationOf(c);
  const record: AtlasRecord = {
    id: c.id,
    family: "leaper",
    kind: c.kind,
    piece: { type: "leaper", leap: contributionLeap(c) },
    board: [...c.board],
    cell: cell && standing !== "beats" ? cell.id : c.id,
    tableCell: false,
    claim: { ...citation, value: c.value, status: c.status ?? "example" },
    witness: {
      start: c.start,
      moves: [...c.moves],
      ...(c.kind === "dual-free-fixed-end" ? { end: c.moves[c.moves.length - 1] } : {}),
      origin: "published",
      citation,
    },
    established: { regenerated: null, maximality: { status: "cited" } },
    notes: [`Entered through the contribution file ${file}.`, ...(c.note ? [c.note] : [])],
  };
  return { record, cell, standing };
}

/** How a record stands in its table because of contributions, for its page and its cell. */
export interface TableStanding {
  /**
   * tied-by: the table shows this record, and these records reach the same value;
   * ties: this record reaches the value of the table's record (ids: that record);
   * replaces: this contribution took the table cell of that record (ids), by beating its value;
   * replaced-by: this record was the table's, until that contribution (ids) beat it.
   */
  relation: "tied-by" | "ties" | "replaces" | "replaced-by";
  ids: string[];
}

/**
 * Which contribution takes each cell (the best one above the cell's value, the
 * first in file order among equals), and every record's standing: by record id.
 */
export function contributionPlan<R extends { id: string }>(
  contributed: readonly Contributed<R>[],
  value: (r: R) => number,
): { winners: Map<string, Contributed<R>>; standings: Map<string, TableStanding[]> } {
  const winners = new Map<string, Contributed<R>>();
  const byCell = new Map<string, Contributed<R>[]>();
  for (const c of contributed) {
    if (!c.cell) continue;
    byCell.set(c.cell.id, [...byCell.get(c.cell.id) ?? [], c]);
    if (c.standing !== "beats") continue;
    const best = winners.get(c.cell.id);
    if (!best || value(c.record) > value(best.record)) winners.set(c.cell.id, c);
  }
  const standings = new Map<string, TableStanding[]>();
  const add = (id: string, s: TableStanding) => standings.set(id, [...standings.get(id) ?? [], s]);
  for (const [cellId, list] of byCell) {
    const winner = winners.get(cellId);
    const shown = winner ? winner.record : list[0].cell!;
    if (winner) {
      add(shown.id, { relation: "replaces", ids: [cellId] });
      add(cellId, { relation: "replaced-by", ids: [shown.id] });
    }
    const ties = list.filter((c) => c !== winner && value(c.record) === value(shown)).map((c) => c.record.id);
    if (ties.length === 0) continue;
    add(shown.id, { relation: "tied-by", ids: ties });
    for (const id of ties) add(id, { relation: "ties", ids: [shown.id] });
  }
  return { winners, standings };
}

/** The standings of the records of a family's table once its contributions are merged in (see contributionPlan). */
export function contributionStandings<R extends { id: string }>(
  contributed: readonly Contributed<R>[],
  value: (r: R) => number,
): Map<string, TableStanding[]> {
  return contributionPlan(contributed, value).standings;
}

/**
 * The family's records with the contributions merged in: each a further
 * record, except one that beats its cell, which takes the cell's place in the
 * table (the best such, the first in file order on a tie) while the old cell
 * record stays as a further record of it.
 */
export function mergeContributions<R extends { id: string; cell: string; tableCell: boolean }>(
  records: readonly R[],
  contributed: readonly Contributed<R>[],
  value: (r: R) => number,
): R[] {
  const out = [...records];
  const { winners } = contributionPlan(contributed, value);
  for (const c of contributed) {
    const winner = c.cell ? winners.get(c.cell.id) : undefined;
    if (winner === c) {
      const i = out.findIndex((r) => r.id === c.cell!.id);
      out[i] = { ...out[i], tableCell: false, cell: c.record.id };
      out.push({ ...c.record, tableCell: true, cell: c.record.id });
    } else if (winner) out.push({ ...c.record, cell: winner.record.id });
    else out.push(c.record);
  }
  return out;
}

/** The locust's table cell of the contribution's piece, kind and board. */
export function locustCellOf(c: LocustContribution, records: readonly LocustRecord[]): LocustRecord | undefined {
  return records.find((r) => r.tableCell && r.piece.locust === c.piece && r.kind === c.kind && r.board.join("x") === c.board.join("x"));
}

/** The value a locust record stands for in its table (claimed, else our own). */
export function locustValue(r: LocustRecord): number {
  return r.claim?.value ?? r.established.regenerated?.value ?? 0;
}

/** The locust record a contribution stands for. */
export function locustRecordOf(c: LocustContribution, records: readonly LocustRecord[], file: string): Contributed<LocustRecord> {
  const cell = locustCellOf(c, records);
  const standing = standingOf(c.value, cell ? locustValue(cell) : undefined);
  const citation = citationOf(c);
  const record: LocustRecord = {
    id: c.id,
    family: "locust",
    kind: c.kind,
    piece: { type: "locust", locust: c.piece },
    board: [...c.board],
    cell: cell && standing !== "beats" ? cell.id : c.id,
    tableCell: false,
    claim: { ...citation, value: c.value, status: c.status ?? "example" },
    witness: { start: c.start, men: [...c.men], sequence: [...c.moves], origin: "published", citation },
    established: { regenerated: null, maximality: { status: "cited" } },
    notes: [{
      en: `Entered through the contribution file ${file}.${c.note ? ` ${c.note}` : ""}`,
      cs: `Přidáno souborem s příspěvkem ${file}.${c.note ? ` (Poznámka přispěvatele v angličtině: ${c.note})` : ""}`,
    }],
  };
  return { record, cell, standing };
}

/** The hopper's table cell of the contribution's piece, kind, board and number of hurdles (the SerienZiel tables). */
export function hopperCellOf(c: HopperContribution, records: readonly HopperRecord[]): HopperRecord | undefined {
  return records.find((r) =>
    r.piece === c.piece && r.kind === c.kind && r.hurdles === c.hurdles.length && r.board.join("x") === c.board.join("x")
  );
}

/**
 * The value a hopper record stands for in its table: the best of the claim and
 * our own witness (the table shows the claim, and ours beside it where it is
 * more: a contribution must reach the better of the two to tie).
 */
export function hopperValue(r: HopperRecord): number {
  return Math.max(r.claim?.value ?? 0, r.established.value ?? 0);
}

/** The hopper record a contribution stands for: its witness is the position and the route, the target its last square. */
export function hopperRecordOf(c: HopperContribution, records: readonly HopperRecord[], file: string): Contributed<HopperRecord> {
  const cell = hopperCellOf(c, records);
  const standing = standingOf(c.value, cell ? hopperValue(cell) : undefined);
  const citation = citationOf(c);
  const record: HopperRecord = {
    id: c.id,
    family: "hopper",
    kind: c.kind,
    piece: c.piece,
    board: [...c.board],
    hurdles: c.hurdles.length,
    claim: { ...citation, value: c.value, status: c.status ?? "example" },
    witness: {
      start: c.start,
      hurdles: [...c.hurdles],
      target: c.moves[c.moves.length - 1],
      moves: [...c.moves],
      origin: "published",
      method: `contribution file ${file}`,
    },
    established: { value: c.value, regenerated: false, proof: null },
    notes: [`Entered through the contribution file ${file}.`, ...(c.note ? [c.note] : [])],
  };
  return { record, cell, standing };
}
