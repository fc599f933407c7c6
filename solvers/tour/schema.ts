/**
 * Zod schema of the tour records (data/tours/records.json), one of the files of
 * the common record schema (solvers/records/all.ts). Kinds:
 *  - smallest-closed-board: the smallest n×n board with a closed tour of a
 *    leaper (booklet, after Knuth and Willcocks); witness = a closed tour found
 *    by our search; smaller boards excluded by theorem (theorem.ts);
 *  - tour-count: number of knight's tours of a board (thesis, Table 2); our
 *    exhaustive count where affordable;
 *  - longest-king-tour: fewest orthogonal steps of a closed king tour of n×n
 *    (booklet, King tours); witness tour; exhaustive below when searched;
 *  - cube-tour: open / closed tour of a leaper on a k×k×k board: a witness, or
 *    the theorem that excludes it.
 * Values are decimal strings: the counts exceed 2^53.
 */
import { z } from "zod";
import { Citation } from "../records/schema.ts";

export const TOUR_KINDS = ["smallest-closed-board", "tour-count", "longest-king-tour", "cube-tour"] as const;

export const TourPiece = z.discriminatedUnion("type", [
  z.object({ type: z.literal("leaper"), leap: z.tuple([z.number().int().nonnegative(), z.number().int().positive()]) }),
  z.object({ type: z.literal("king") }),
]);

export const TourClaim = Citation.extend({
  value: z.string().regex(/^\d+$/),
  status: z.enum(["absolute", "probable", "example", "exact"]),
  /** What the value counts, in words. */
  counts: z.string(),
  note: z.string().optional(),
});

export const TourWitness = z.object({
  /** Square names in tour order (algebraic on 2-D, numeric like 522 on 3-D); a closed tour does not repeat its first square. */
  squares: z.array(z.string()).min(1),
  closed: z.boolean(),
  origin: z.literal("generated"),
  generatedBy: z.object({ method: z.string(), seconds: z.number().nonnegative(), date: z.string() }),
});

export const TourEstablished = z.object({
  /** Our value (same unit as the claim), null when we did not compute it. */
  value: z.string().regex(/^\d+$/).nullable(),
  method: z.string(),
  /** Why the value is extreme (theorems, exhaustive search), in words. */
  argument: z.string().nullable(),
  /** The value was settled by exhaustive search or theorem here (not only cited). */
  settledHere: z.boolean(),
  seconds: z.number().nonnegative().nullable(),
  date: z.string(),
});

export const TourRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  family: z.literal("tour"),
  kind: z.enum(TOUR_KINDS),
  piece: TourPiece,
  board: z.array(z.number().int().positive()).min(1),
  /** Closed or open tours (tour-count: which tours are counted). */
  closed: z.boolean(),
  /** cube-tour and smallest-closed-board: whether such a tour exists on `board`. */
  exists: z.boolean().optional(),
  claim: TourClaim.nullable(),
  witness: TourWitness.nullable(),
  established: TourEstablished,
  notes: z.array(z.string()).optional(),
});
export type TourRecord = z.infer<typeof TourRecord>;

export const TourRecordFile = z.object({
  $schema: z.string().optional(),
  family: z.literal("tour"),
  description: z.string(),
  records: z.array(TourRecord),
});
export type TourRecordFile = z.infer<typeof TourRecordFile>;
