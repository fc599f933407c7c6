/**
 * Hopper tours over a movable hurdle (booklet part II, chapter 5, lines
 * 4499-5048): data/hopper-tour/records.json. One record per table cell:
 * hopper × hurdle piece × board × kind, where kind is
 *   open    the most hopper moves, never landing twice on a square;
 *   closed  the same, then the hopper returns to its start square;
 *   cyclic  closed, and then the hurdle returns to its start square too
 *           (search.ts has the exact rules and counting).
 * The booklet's tables: grasshopper over rook, queen, knight, nightrider,
 * bishop, king on 4x4..8x8 (lines 4641-4652), over leapers on 8x8 (lines
 * 4592-4630), rookhopper (4900-4908), bishophopper (4970-4978) and
 * nightriderhopper (5029-5033) over pieces on 8x8. Cyclic records are the
 * booklet's existence statements (lines 4566-4584, 4654-4672, 4731-4732,
 * 4767, 4831, 4841-4844, 4920).
 */
import { z } from "zod";
import { Citation, Claim } from "../records/common.ts";

export const HopperTourKind = z.enum(["open", "closed", "cyclic"]);
export const TourHopperName = z.enum(["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"]);

export const HopperTourWitness = z.object({
  /** Start squares of the hopper and of the hurdle; the hopper moves first. */
  hopperStart: z.string(),
  hurdleStart: z.string(),
  /** Hopper landings in order (closed and cyclic: the last is the return to hopperStart). */
  hopper: z.array(z.string()),
  /** Hurdle destinations, each between two hopper moves (cyclic: then the hurdle's return to hurdleStart). */
  hurdle: z.array(z.string()),
  origin: z.enum(["published", "generated"]),
  citation: Citation.optional(),
  generatedBy: z.object({ method: z.string(), seconds: z.number().nonnegative(), date: z.string() }).optional(),
});
export type HopperTourWitness = z.infer<typeof HopperTourWitness>;

/** A move the booklet prints of a published tour (its full move list is not legible): checked for legality. */
export const PrintedMove = z.discriminatedUnion("piece", [
  /** The hopper jumps from `from` over the hurdle on `over` to `to`. */
  z.object({ piece: z.literal("hopper"), from: z.string(), over: z.string(), to: z.string() }),
  /** The hurdle moves from `from` to `to` while the hopper stands on `hopperOn`. */
  z.object({ piece: z.literal("hurdle"), from: z.string(), to: z.string(), hopperOn: z.string() }),
]);
export type PrintedMove = z.infer<typeof PrintedMove>;

export const PublishedTour = z.object({
  caption: z.string(),
  citation: Citation,
  /** Start square of the hurdle as the caption gives it ("Knight f6 - closed"). */
  hurdleStart: z.string().optional(),
  hopperStart: z.string().optional(),
  printedMoves: z.array(PrintedMove),
});
export type PublishedTour = z.infer<typeof PublishedTour>;

export const HopperTourMaximality = z.discriminatedUnion("status", [
  /** The witness visits every square: no tour can be longer. */
  z.object({ status: z.literal("all-squares"), argument: z.string() }),
  /**
   * Exhaustive branch and bound above `value` (search.ts, plain child order,
   * canonical start pairs): it is deterministic, so verify reruns it and
   * compares the node count.
   */
  z.object({
    status: z.literal("exhaustive"),
    nodes: z.number().int().positive(),
    roots: z.number().int().positive(),
    seconds: z.number().nonnegative(),
    argument: z.string(),
    /**
     * "target": instead of the branch and bound, cell.ts's targetSearch for a tour of value + 1 from each
     * canonical start pair on its own, `perRoot` its node counts in canonicalRoots order (summing to `nodes`).
     * Too long to rerun on every build: verify reruns the cheapest pairs within a node budget and checks that
     * the counts cover every pair. "full": the same with full.ts's fullTourSearch, the search for a tour through
     * every square (value + 1 is the number of squares less one), whose rules serve only that target.
     */
    search: z.enum(["target", "full"]).optional(),
    /** "full" only: the search's rules (full.ts FULL_TOUR_RULES); its counts hold for those rules alone. */
    rules: z.string().optional(),
    perRoot: z.array(z.number().int().positive()).optional(),
    /**
     * "full" only: the largest pair's subtrees at `depth` (full.ts splitDepth), each one's nodes in the search's
     * order; with the nodes above that depth they add up to the pair's count. Its pairs are far beyond a build's
     * budget, its subtrees are not: verify re-searches the largest that fit in it.
     */
    split: z.object({
      pair: z.number().int().nonnegative(),
      depth: z.number().int().positive(),
      counts: z.array(z.number().int().positive()),
    }).optional(),
  }),
  /** A counting argument checked by verify (e.g. the knight's colour change on an odd board). */
  z.object({ status: z.literal("parity"), bound: z.number().int().nonnegative(), argument: z.string() }),
  z.object({ status: z.literal("cited") }),
  /** The source leaves the value open (the booklet's star), and so do we. */
  z.object({ status: z.literal("open"), argument: z.string() }),
]);

export const HopperTourRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  family: z.literal("hopper-tour"),
  kind: HopperTourKind,
  hopper: TourHopperName,
  /** Hurdle piece key (solvers/hopper-tour/table.ts hurdleKey): rook, queen, bishop, knight, nightrider, king, leaper-a-b. */
  hurdle: z.string(),
  board: z.array(z.number().int().positive()).min(1),
  /** The table and cell, e.g. "grasshopper over pieces, King 7x7 closed". */
  cell: z.string(),
  tableCell: z.boolean(),
  claim: Claim.nullable(),
  published: PublishedTour.optional(),
  witness: HopperTourWitness.nullable(),
  established: z.object({
    regenerated: z.object({
      value: z.number().int().nonnegative(),
      method: z.string(),
      seconds: z.number().nonnegative(),
      date: z.string(),
      nodes: z.number().int().nonnegative(),
    }).nullable(),
    maximality: HopperTourMaximality,
    /**
     * The last witness hunt (hunt.ts) run on the cell: what was searched and the best
     * value met. When `best` is below `target`, `reason` says why the target was not reached.
     */
    hunt: z.object({
      method: z.string(),
      target: z.number().int().nonnegative(),
      best: z.number().int().nonnegative(),
      nodes: z.number().int().nonnegative(),
      restarts: z.number().int().nonnegative(),
      restartNodes: z.number().int().positive(),
      seed: z.number().int(),
      seconds: z.number().nonnegative(),
      date: z.string(),
      reason: z.string().optional(),
    }).optional(),
  }),
  notes: z.array(z.string()).optional(),
  /**
   * Our code contradicts the claim (dispute.ts): `maximum` when an exhaustive run caps the
   * value below the booklet's, `value` when our witness beats a value called absolute. The
   * explanation is the independent re-check's (recheck.ts) text; verify recomputes it.
   */
  dispute: z.object({ check: z.enum(["maximum", "value"]), explanation: z.string() }).optional(),
  /**
   * A disputed record's readings of the rules (readings.ts): the one we use, what each gives here
   * (searched exactly, verify reruns them) and on the same table's undisputed cells, and our
   * verdict in both languages (the computed summary, then what the booklet's page and our copy of
   * it say about the cell).
   */
  readings: z.object({
    used: z.string(),
    booklet: z.number().int().nonnegative(),
    results: z.array(z.object({
      key: z.string(),
      value: z.number().int().nonnegative(),
      complete: z.boolean(),
      nodes: z.number().int().nonnegative(),
      controls: z.object({ of: z.number().int().nonnegative(), kept: z.number().int().nonnegative(), broken: z.array(z.string()) }),
    })),
    /** Undisputed cells of the table left out of the controls: their exhaustive runs exceed CONTROL_NODES (readings.ts) per reading. */
    leftOut: z.array(z.string()),
    verdict: z.object({ en: z.string(), cs: z.string() }),
  }).optional(),
});
export type HopperTourRecord = z.infer<typeof HopperTourRecord>;

export const HopperTourRecordFile = z.object({
  $schema: z.string().optional(),
  family: z.literal("hopper-tour"),
  description: z.string(),
  records: z.array(HopperTourRecord),
});
export type HopperTourRecordFile = z.infer<typeof HopperTourRecordFile>;
