/**
 * Locust capture-sequence records (booklet part II, chapter 4, table at lines
 * 4320-4333): data/locust/records.json. One record per table cell (piece ×
 * kind on 8x8) plus further published records linked to a cell.
 *
 * Kinds (columns of the booklet's table, lines 4324-4333):
 *   longest           the most men one locust can capture, every move a capture,
 *                     in some complete sequence (not necessarily unique);
 *   dual-free         the position has exactly one complete capture sequence;
 *   dual-free-closed  exactly one complete sequence, and it ends on the start
 *                     square (the booklet's "navrat — switchback", lines 4315-4318,
 *                     4400).
 * The value is the number of men (= moves).
 */
import { z } from "zod";
import { Citation, Claim } from "../records/common.ts";

export const LocustKindName = z.enum(["locust", "rook-locust", "bishop-locust", "nightrider-locust"]);
export const LocustRecordKind = z.enum(["longest", "dual-free", "dual-free-closed"]);

export const LocustWitness = z.object({
  start: z.string(),
  /** The men (squares), any order. */
  men: z.array(z.string()),
  /** The capture sequence as landing squares in order (the captured man of each move follows from the rules). */
  sequence: z.array(z.string()),
  /**
   * "published": the position a publication prints (citation); when its diagram is not legible and the
   * position was read back from its printed facts, `reference` names that published record in the
   * reference transcription (data/reference/witnesses.json) and verify checks the witness against it.
   * `generatedBy` may stay beside it: our own search found the same position.
   */
  origin: z.enum(["published", "generated"]),
  citation: Citation.optional(),
  reference: z.string().optional(),
  generatedBy: z.object({
    method: z.string(),
    seconds: z.number().nonnegative(),
    date: z.string(),
  }).optional(),
  notes: z.array(z.string()).optional(),
});
export type LocustWitness = z.infer<typeof LocustWitness>;

/** What the booklet prints of a published record when its full position is not legible. */
export const PublishedFacts = z.object({
  reference: z.string(),
  caption: z.string(),
  start: z.string(),
  firstMove: z.object({ capture: z.string(), land: z.string() }),
  lastMove: z.object({ capture: z.string(), land: z.string() }),
  citation: Citation,
});

export const LocustMaximality = z.discriminatedUnion("status", [
  /** A merged certificate of an exhaustive run (edge method), re-checked by verify. */
  z.object({ status: z.literal("proven-here"), certificate: z.string(), argument: z.string() }),
  /** Exhaustive generation of all positions level by level (generate.ts), rerun by verify. */
  z.object({ status: z.literal("proven-by-generation"), mode: z.enum(["dual-free", "any"]), argument: z.string() }),
  /** An upper bound that the witness attains. */
  z.object({ status: z.literal("by-construction"), bound: z.number().int(), argument: z.string() }),
  z.object({
    status: z.literal("cited"),
    projection: z.string().optional(),
    /** How far our own exhaustive run has got (finished shards of its split, none with a hit), when one is under way. */
    run: z.object({ shardsDone: z.number().int().nonnegative(), shardCount: z.number().int().positive() }).optional(),
  }),
]);

/**
 * A remark on a record for its public page, in both languages of the atlas;
 * it names no file of ours (publications by author, title and year).
 */
export const LocustNote = z.object({ en: z.string().min(1), cs: z.string().min(1) });
export type LocustNote = z.infer<typeof LocustNote>;

export const LocustRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  family: z.literal("locust"),
  kind: LocustRecordKind,
  piece: z.object({ type: z.literal("locust"), locust: LocustKindName }),
  board: z.array(z.number().int().positive()).min(1),
  cell: z.string(),
  tableCell: z.boolean(),
  claim: Claim.nullable(),
  published: PublishedFacts.optional(),
  witness: LocustWitness.nullable(),
  established: z.object({
    regenerated: z.object({
      value: z.number().int().nonnegative(),
      method: z.string(),
      seconds: z.number().nonnegative(),
      date: z.string(),
    }).nullable(),
    maximality: LocustMaximality,
  }),
  notes: z.array(LocustNote).optional(),
});
export type LocustRecord = z.infer<typeof LocustRecord>;

export const LocustRecordFile = z.object({
  $schema: z.string().optional(),
  family: z.literal("locust"),
  description: z.string(),
  records: z.array(LocustRecord),
});
export type LocustRecordFile = z.infer<typeof LocustRecordFile>;
