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
 *    the theorem that excludes it;
 *  - dual-free: the longest dual-free sequence of a leaper on a k×k×k cube
 *    (cube-dual-free.ts): witness = start + men in capture order, value = the
 *    number of men; `dualFree` says whether maximality was proven here (and
 *    what the exhaustive enumeration covered) or the value is the best found.
 * Values are decimal strings: the counts exceed 2^53.
 */
import { z } from "zod";
import { Citation } from "../records/common.ts";

export const TOUR_KINDS = ["smallest-closed-board", "tour-count", "longest-king-tour", "cube-tour", "dual-free"] as const;

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
  /**
   * Square names in tour order (algebraic on 2-D, numeric like 522 on 3-D); a closed tour does not repeat its first square.
   * dual-free: the start, then the men in capture order.
   */
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

const count = z.number().int().nonnegative();

/** What the free-squares enumeration of one length covered (leaper/dual-free-search.ts, method 2). */
export const DualFreeLength = z.object({
  /** Number of men. */
  length: count,
  /** Placements of the empty squares enumerated, over all canonical starts (symmetric images included). */
  positions: count,
  /** Positions that passed the one-level tests and the symmetry filter and were decided by the engine. */
  engineCalls: count,
  engineNodes: count,
});

/** How a dual-free value was reached, and whether it is proven maximal here. */
export const DualFreeSearch = z.object({
  maximality: z.enum(["proven-here", "best-found"]),
  /** Largest conceivable length: the biggest component of a canonical start on the empty board, minus the start. */
  bound: count,
  /** Lengths shown by exhaustive enumeration to have no dual-free position (all of value+1..bound when proven). */
  refuted: z.array(DualFreeLength),
  /** The enumeration that found the witness (null: the local search found it). */
  found: DualFreeLength.nullable(),
  /** The local search that gave the lower bound: a fixed step count and seed (reproducible). */
  local: z.object({ steps: count, seed: z.number().int(), best: count, engineCalls: count, seconds: z.number().nonnegative() }),
  /** Free-squares positions of every length above the local bound: the cost of the exhaustive stage. */
  positionsAbove: z.number().nonnegative(),
  /** Why the exhaustive stage was not run (best-found only). */
  skipped: z.string().optional(),
  seconds: z.number().nonnegative(),
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
  /** dual-free records: how the value was searched. */
  dualFree: DualFreeSearch.optional(),
  /**
   * longest-king-tour records settled by search (king.ts): each budget of
   * orthogonal steps tried, from the lower bound up; every one below the value
   * searched to the end without a tour. The search is deterministic, so the
   * node counts reproduce exactly on a rerun.
   */
  kingSearch: z.array(z.object({ orthogonal: count, complete: z.boolean(), found: z.boolean(), nodes: count })).optional(),
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
