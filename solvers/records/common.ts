/**
 * What the records of every family share: citations (with their source line),
 * the claim (value, author, publication, year, status), the result of checking
 * one record and the verify report (what the last `atlas verify` checked) that
 * the site reads. Each family's record schema is beside its solver
 * (solvers/<family>/schema.ts; the leaper's in solvers/leaper/schema.ts).
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
export type Claim = z.infer<typeof Claim>;

export const CheckResult = z.object({
  id: z.string(),
  /** Record family (absent in reports written before families were added: leaper). */
  family: z.string().optional(),
  kind: z.string().optional(),
  board: z.array(z.number().int().positive()).optional(),
  /** Our own search reached the claimed value without the published witness. */
  regenerated: z.boolean().optional(),
  /**
   * For a contribution (data/contributions/): its file, relative to the project root, the SHA-256 of
   * the text verify checked (the site publishes the file only while it is unchanged), and for a
   * rejected one the check that failed (schema, id, square, value, maximum, legal, unique, ...).
   */
  contribution: z.object({ file: z.string(), sha256: z.string(), failedCheck: z.string().optional() }).optional(),
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
  /**
   * An exhaustive run toward maximality that has not finished (no merged certificate yet), as verify
   * found its committed parts: `done` of `of` parts (a sharded run's shards), covering `covered` of the
   * `total` positions of its space, none disproving the claim (a part that does is an error of the
   * check), `cpuSeconds` spent on them, the last one finished at `lastFinishedAt`. The claim stays
   * cited until the run is merged.
   */
  proofRun: z.object({
    done: z.number().int().nonnegative(),
    of: z.number().int().positive(),
    covered: z.number().nonnegative(),
    total: z.number().nonnegative(),
    cpuSeconds: z.number().nonnegative(),
    lastFinishedAt: z.string().nullable(),
    /** The best value the run has found so far in the record's column, recomputed by verify from the position it stored. */
    best: z.number().int().nonnegative().nullable().optional(),
  }).optional(),
  /** Status shown in the atlas. */
  status: z.enum(["verified", "regenerated", "proven-here", "cited", "pending", "disputed", "failed"]),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** The fields of a check that ran no witness search of its own (no legality, length, solution or access test). */
export const NO_WITNESS_SEARCH = {
  legal: null,
  lengthMatches: null,
  solutions: null,
  unique: null,
  access: null,
  nodes: 0,
} as const satisfies Partial<CheckResult>;

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
