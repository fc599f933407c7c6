/**
 * Zod schema of the hopper records (data/hopper/records.json) and of their
 * proof certificates (data/hopper/proofs/). Three kinds of record, all on
 * fixed hurdles (dummy pawns):
 *   serienziel-longest / serienziel-dual-free: one hopper, k hurdles; the
 *     value is the longest shortest path from the hopper's square to a free
 *     square (dual-free: that shortest path is the only one);
 *   access / access-minimum: grasshopper, k hurdles, squares reached (the
 *     Marlow type); access-minimum: the least k reaching every free square;
 *   tour-open / tour-closed: a grasshopper tour of every free square (the
 *     Dawson type), value in moves.
 * A record carries the literature's claim (with citation and booklet line),
 * our witness position (square names), what our code established, and a
 * dispute when our code disagrees with the claim.
 */
import { z } from "zod";
import { Citation, Claim } from "../records/common.ts";
import { HOPPER_KINDS } from "../pieces/hopper.ts";

export const HopperKindSchema = z.enum(HOPPER_KINDS as unknown as ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"]);
export const HopperRecordKind = z.enum([
  "serienziel-longest",
  "serienziel-dual-free",
  "access",
  "access-minimum",
  "tour-open",
  "tour-closed",
]);
export type HopperRecordKind = z.infer<typeof HopperRecordKind>;

export const HopperWitness = z.object({
  start: z.string(),
  hurdles: z.array(z.string()),
  /** SerienZiel: the square reached last. */
  target: z.string().optional(),
  /** SerienZiel: one shortest path; tours: the whole tour (destinations in order, start not repeated). */
  moves: z.array(z.string()).optional(),
  origin: z.enum(["published", "generated", "reconstructed"]),
  /** How our search found it. */
  method: z.string(),
  /**
   * A reconstructed position's publication, and the published record of the reference transcription
   * (data/reference/witnesses.json) it was read back from; verify reads it back again (reconstruct.ts).
   */
  citation: Citation.optional(),
  reference: z.string().optional(),
  notes: z.array(z.string()).optional(),
});
export type HopperWitness = z.infer<typeof HopperWitness>;

export const HopperEstablished = z.object({
  /** Value of our witness (null: no witness). */
  value: z.number().int().nonnegative().nullable(),
  /** Our search reached the claimed value (or more) without a published position. */
  regenerated: z.boolean(),
  /** Exhaustive proof here: the certificate's path (relative to the project root). */
  proof: z.object({ certificate: z.string(), maximum: z.number().int().nonnegative() }).nullable(),
  /** Search effort spent on this cell when the claim was not reached (what was run, how long). */
  budget: z.string().optional(),
});

export const HopperRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  family: z.literal("hopper"),
  kind: HopperRecordKind,
  piece: HopperKindSchema,
  board: z.array(z.number().int().positive()).min(1),
  /** Number of hurdles (dummy pawns). */
  hurdles: z.number().int().nonnegative(),
  claim: Claim.nullable(),
  witness: HopperWitness.nullable(),
  established: HopperEstablished,
  /** Our code disagrees with the claim: which check and why (verify then reports "disputed"). */
  dispute: z.object({ check: z.enum(["value", "maximum", "legal", "unique"]), explanation: z.string() }).optional(),
  notes: z.array(z.string()).optional(),
});
export type HopperRecord = z.infer<typeof HopperRecord>;

export const HopperRecordFile = z.object({
  $schema: z.string().optional(),
  family: z.literal("hopper"),
  description: z.string(),
  generated: z.object({ date: z.string(), codeVersion: z.string() }),
  records: z.array(HopperRecord),
});
export type HopperRecordFile = z.infer<typeof HopperRecordFile>;

const Count = z.number().int().nonnegative();
const PositionSchema = z.object({ start: z.string(), hurdles: z.array(z.string()), value: Count, target: z.string().optional() });

/** Certificate of the combinatorial method for one hopper and k hurdles. */
export const SerienZielCertificate = z.object({
  format: z.literal("hopper-serienziel-exhaustive/1"),
  piece: HopperKindSchema,
  board: z.array(z.number().int().positive()),
  hurdles: Count,
  statement: z.string(),
  /** Every start of the reduced space and how many hurdle sets it had. */
  starts: z.array(z.object({
    start: z.string(),
    positions: Count,
    /** Pieces of the start counted as the mirror image of a walked one (lazy.ts mirrorPresets), when any. */
    mirrored: Count.optional(),
  })),
  positions: Count,
  /** Maxima over all positions, each with a position reaching it. */
  longest: PositionSchema,
  dualFree: PositionSchema,
  reach: PositionSchema,
  /**
   * Which engine walked the tree (absent: certificates from before the kernel, all TypeScript): lazy.ts's
   * exhaustiveLazy ("ts"), its WebAssembly twin kernel.ts ("wasm"), or both over different starts of a resumed run.
   */
  engine: z.enum(["ts", "wasm", "ts+wasm"]).optional(),
  codeVersion: z.string(),
  cpuSeconds: z.number().nonnegative(),
  date: z.string(),
});
export type SerienZielCertificate = z.infer<typeof SerienZielCertificate>;

/** Certificate of a Marlow search: no k-hurdle position reaches `target` squares (or one does). */
export const AccessCertificate = z.object({
  format: z.literal("hopper-access-search/1"),
  hurdles: Count,
  board: z.array(z.number().int().positive()),
  target: Count,
  statement: z.string(),
  exists: z.boolean(),
  /** The position found (exists = true). */
  position: z.object({ start: z.string(), hurdles: z.array(z.string()), reached: Count }).nullable(),
  leaves: Count,
  skippedBySymmetry: Count,
  nodes: Count,
  codeVersion: z.string(),
  cpuSeconds: z.number().nonnegative(),
  date: z.string(),
});
export type AccessCertificate = z.infer<typeof AccessCertificate>;
