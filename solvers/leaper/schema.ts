/**
 * The leaper family's record schema, as stored in data/leaper/records.json and
 * read by scripts, site and tests. A record has a claim (what the literature
 * says), a witness (a position and its solution), and what our code
 * established (filled by scripts, never by hand). The parts every family
 * shares (citations, claims, check results, the verify report) are in
 * solvers/records/common.ts.
 */
import { z } from "zod";
import { Citation, Claim } from "../records/common.ts";

export const LeaperPiece = z.object({
  type: z.literal("leaper"),
  leap: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]),
});
export const Piece = z.discriminatedUnion("type", [LeaperPiece]);

export const Witness = z.object({
  /** Start square name (algebraic on 2-D boards). */
  start: z.string(),
  /** Destination squares in order; for dual-free kinds these squares are also the men. */
  moves: z.array(z.string()),
  /** Fixed final square (kind dual-free-fixed-end). */
  end: z.string().optional(),
  /** Where the witness comes from. */
  origin: z.enum(["published", "generated"]),
  /** For published witnesses: who and where. */
  citation: Citation.optional(),
  /** For copies of a published record: that record's id. */
  ref: z.string().optional(),
  /** For generated witnesses: how our search found it. */
  generatedBy: z.object({
    method: z.string(),
    seconds: z.number().nonnegative(),
    nodes: z.number().int().nonnegative().optional(),
    date: z.string(),
  }).optional(),
  notes: z.array(z.string()).optional(),
});

export const RecordKind = z.enum(["dual-free", "dual-free-fixed-end", "open", "closed", "access"]);

export const Established = z.object({
  /** Our own search, started without the published witness, reached this value (null: not yet run). */
  regenerated: z.object({
    value: z.number().int().nonnegative(),
    method: z.string(),
    seconds: z.number().nonnegative(),
    date: z.string(),
  }).nullable(),
  /**
   * A solution longer than the claim, found by our own code: the claim is refuted, not merely unproven.
   * Its witness (origin "generated") must check out as the claim's would (legal, this many moves, unique
   * for the dual-free kinds), and verify then reports the record disputed. The cell's proof run targets
   * this value instead of the claim's (proof/certificate.ts cellParams): "proven-here" is then about it.
   */
  improved: z.object({
    value: z.number().int().nonnegative(),
    witness: Witness,
  }).optional(),
  /** Maximality: "proven-here" only with a merged certificate of a finished exhaustive run. */
  maximality: z.discriminatedUnion("status", [
    z.object({ status: z.literal("proven-here"), certificate: z.string() }),
    z.object({ status: z.literal("by-construction"), argument: z.string() }),
    z.object({ status: z.literal("cited") }),
  ]),
});

export const AtlasRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  family: z.enum(["leaper"]),
  kind: RecordKind,
  piece: Piece,
  board: z.array(z.number().int().positive()).min(1),
  /** Table cell this record belongs to (its own id for the cell records). */
  cell: z.string(),
  /** true for the record that stands in the table cell; false for further published records linked to it. */
  tableCell: z.boolean(),
  claim: Claim,
  /** null: witness pending. */
  witness: Witness.nullable(),
  /** For access records: the square the count is taken from. */
  from: z.string().optional(),
  established: Established,
  notes: z.array(z.string()).optional(),
  /** Alternative completions of a partially legible published witness (each must verify). */
  candidates: z.array(z.object({ start: z.string(), moves: z.array(z.string()) })).optional(),
  /**
   * Where our code finds a published witness wrong: which check fails and why. verify
   * then reports the record as disputed (shown with both sides in the atlas) instead
   * of failing, and fails if the check no longer fails.
   */
  dispute: z.object({
    check: z.enum(["legal", "length", "unique", "closes", "access"]),
    explanation: z.string(),
  }).optional(),
});
export type AtlasRecord = z.infer<typeof AtlasRecord>;
export type Witness = z.infer<typeof Witness>;
export type RecordKind = z.infer<typeof RecordKind>;

export const RecordFile = z.object({
  $schema: z.string().optional(),
  family: z.string(),
  description: z.string(),
  records: z.array(AtlasRecord),
});
export type RecordFile = z.infer<typeof RecordFile>;
