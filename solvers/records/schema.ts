/**
 * The one record schema: every record of every family, as stored in data/ and
 * read by scripts, site and tests. A record has a claim (what the literature
 * says), a witness (a position and its solution), and what our code
 * established (filled by scripts, never by hand). The verify report (what the
 * last `atlas verify` checked) has its schema here too.
 */
import { z } from "zod";

export const SourceRef = z.object({
  /** Path relative to the project's parent folder, e.g. shared/sources/000_f7bf65ff92730977.txt */
  file: z.string(),
  /** 1-based line (or first line) in that file. */
  line: z.number().int().positive().optional(),
  lines: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
});

export const Citation = z.object({
  author: z.string().nullable(),
  publication: z.string().nullable(),
  year: z.number().int().nullable(),
  source: SourceRef.optional(),
});

export const Claim = Citation.extend({
  value: z.number().int().nonnegative(),
  /**
   * "absolute": the source says maximality was proven; "probable": it says not all
   * possibilities were tested; "example": a published position not claimed maximal.
   */
  status: z.enum(["absolute", "probable", "example"]),
  note: z.string().optional(),
});

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
export type Claim = z.infer<typeof Claim>;
export type RecordKind = z.infer<typeof RecordKind>;

export const RecordFile = z.object({
  $schema: z.string().optional(),
  family: z.string(),
  description: z.string(),
  records: z.array(AtlasRecord),
});
export type RecordFile = z.infer<typeof RecordFile>;

export const CheckResult = z.object({
  id: z.string(),
  /** Record family (absent in reports written before families were added: leaper). */
  family: z.string().optional(),
  kind: z.string().optional(),
  board: z.array(z.number().int().positive()).optional(),
  /** Our own search reached the claimed value without the published witness. */
  regenerated: z.boolean().optional(),
  ok: z.boolean(),
  /** Witness legal: every move a move of the piece on the board, no square twice. */
  legal: z.boolean().nullable(),
  /** Witness length equals the claimed value. */
  lengthMatches: z.boolean().nullable(),
  /** Solutions of the witness position (dual-free kinds; capped at 2) or cycles up to direction (closed). */
  solutions: z.number().int().nullable(),
  unique: z.boolean().nullable(),
  /** Access recomputed by breadth-first search. */
  access: z.number().int().nullable(),
  nodes: z.number().int().nonnegative(),
  milliseconds: z.number().nonnegative(),
  errors: z.array(z.string()),
  /**
   * Maximality as our code stands: proven-here (merged certificate of an exhaustive
   * run), by-construction (the witness uses every square reachable from its start, or
   * the value is an exact count), cited (only the source says so), not-applicable
   * (examples).
   */
  maximality: z.enum(["proven-here", "by-construction", "cited", "not-applicable"]),
  maximalityArgument: z.string().optional(),
  /** Status shown in the atlas. */
  status: z.enum(["verified", "regenerated", "proven-here", "cited", "pending", "disputed", "failed"]),
});
export type CheckResult = z.infer<typeof CheckResult>;

export const VerifyReport = z.object({
  generatedAt: z.string(),
  codeVersion: z.string(),
  seconds: z.number().nonnegative(),
  summary: z.object({
    records: z.number().int(),
    verified: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    disputed: z.number().int(),
    regenerated: z.number().int(),
    provenHere: z.number().int(),
    citedOnly: z.number().int(),
  }),
  results: z.array(CheckResult),
});
export type VerifyReport = z.infer<typeof VerifyReport>;
