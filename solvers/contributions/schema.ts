/**
 * A contribution: one claim in one small JSON file (data/contributions/<id>.json),
 * the way a reader adds a record to the atlas: the position, its solution, the
 * author, where it was published and when. `atlas verify` checks it like any
 * record of its family (scripts/contributions/verify.ts) and the site shows it
 * as one (site/data.ts), after solvers/contributions/records.ts has turned it
 * into a record of that family. The JSON Schema published at
 * /downloads/contribution.schema.json is generated from this one.
 *
 * Field names are shared with the workbench's "download as a contribution
 * file": {id, family, piece, board, kind, start, men, hurdles, moves, value,
 * author, source, year}, plus `status`, `note` and `$schema`. Pure: no I/O.
 */
import { z } from "zod";
import { HOPPER_KINDS } from "../pieces/hopper.ts";

/** The families that accept contributions so far (each has a converter in records.ts). */
export const CONTRIBUTION_FAMILIES = ["leaper", "locust", "hopper"] as const;

/** The record kinds a leaper contribution may claim: the ones with a position and a solution. */
export const LEAPER_CONTRIBUTION_KINDS = ["dual-free", "dual-free-fixed-end", "open", "closed"] as const;
/** The locust's kinds (solvers/locust/schema.ts). */
export const LOCUST_CONTRIBUTION_KINDS = ["longest", "dual-free", "dual-free-closed"] as const;

/** The hopper's kinds that take contributions: SerienZiel (solvers/hopper/schema.ts). */
export const HOPPER_CONTRIBUTION_KINDS = ["serienziel-longest", "serienziel-dual-free"] as const;

/** A square as written (algebraic on 2-D boards); whether it is on the board is verify's "square" check. */
const SquareName = z.string().min(1).max(16);

export const ContributionSource = z.object({
  /** The publication: a book, a magazine issue, an article, a web page. */
  title: z.string().min(1),
  /** An address where the claim can be read, when there is one. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Where in it: "p. 12", "No. 3477", "section Comparison of solving times". */
  page: z.string().min(1).optional(),
}).strict();

/** The fields every family's contribution has. */
const common = {
  /** Where to find this schema (optional; editors use it for completion). */
  $schema: z.string().optional(),
  /** The record's id, for ever: it becomes the record page's URL. Lower case, digits and hyphens. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower case letters, digits and hyphens, starting with a letter or digit").max(80),
  /** Board sides, e.g. [8, 8]. */
  board: z.array(z.number().int().min(1).max(4096)).min(1).max(4),
  /** The piece's square. */
  start: SquareName,
  /** The solution: the squares the piece moves to, in order. */
  moves: z.array(SquareName).min(1),
  /** The claimed value: the number of moves (men captured, for capture kinds; closed tours: moves before the return; a hopper's moves to its target). */
  value: z.number().int().min(1),
  /** absolute: the author says it is maximal and proven; probable: maximal, not proven; example: not claimed maximal (default). */
  status: z.enum(["absolute", "probable", "example"]).optional(),
  /** Who composed or found it. */
  author: z.string().min(1),
  source: ContributionSource,
  /** Year of publication. */
  year: z.number().int().min(1500).max(2100),
  /** A remark shown on the record page (e.g. how an illegible part of the source was read). */
  note: z.string().min(1).optional(),
};

export const LeaperContribution = z.object({
  ...common,
  family: z.literal("leaper"),
  /** A leaper as "[x,y]" (e.g. "[1,2]" for the knight). */
  piece: z.string().regex(/^\[\d+,\d+\]$/, 'a leaper as "[x,y]", e.g. "[1,2]"'),
  /**
   * dual-free: the capture order is the only one (free last square);
   * dual-free-fixed-end: the only one once the last square (the last move) is fixed;
   * open: a path over the empty board; closed: a cycle (the last square leaps back to start).
   */
  kind: z.enum(LEAPER_CONTRIBUTION_KINDS),
  /** Dual-free kinds: the men, in any order (optional: they are the squares of `moves`; when given they must be the same squares). */
  men: z.array(SquareName).optional(),
  /** Hoppers' hurdles; a leaper has none. */
  hurdles: z.array(SquareName).max(0, "a leaper has no hurdles").optional(),
}).strict();

export const LocustContribution = z.object({
  ...common,
  family: z.literal("locust"),
  piece: z.enum(["locust", "rook-locust", "bishop-locust", "nightrider-locust"]),
  /** longest: every man captured (not necessarily in one way); dual-free: in exactly one way; dual-free-closed: one way, ending on the start. */
  kind: z.enum(LOCUST_CONTRIBUTION_KINDS),
  /** The men the locust jumps and captures, in any order (`moves` are the squares it lands on). */
  men: z.array(SquareName).min(1),
  /** A locust has no hurdles of its own (the men are its hurdles). */
  hurdles: z.array(SquareName).max(0, "a locust's hurdles are its men: list them as men").optional(),
}).strict();

export const HopperContribution = z.object({
  ...common,
  family: z.literal("hopper"),
  piece: z.enum(HOPPER_KINDS),
  /**
   * SerienZiel over fixed hurdles (dummy pawns): the moves are a shortest route from the start to the
   * last square of `moves` (the target). serienziel-longest: no square of the position is farther;
   * serienziel-dual-free: that route is the only shortest one, and no square with one only is farther.
   */
  kind: z.enum(HOPPER_CONTRIBUTION_KINDS),
  /** The hurdles, in any order: their number is the table's row (k hurdles). */
  hurdles: z.array(SquareName).min(1),
  /** A hopper captures nothing. */
  men: z.array(SquareName).max(0, "a hopper captures no men: list its hurdles as hurdles").optional(),
}).strict();

export const Contribution = z.discriminatedUnion("family", [LeaperContribution, LocustContribution, HopperContribution]);
export type Contribution = z.infer<typeof Contribution>;
export type LeaperContribution = z.infer<typeof LeaperContribution>;
export type LocustContribution = z.infer<typeof LocustContribution>;
export type HopperContribution = z.infer<typeof HopperContribution>;

/** JSON Schema (draft 2020-12) of a contribution file, as published in the downloads. */
export function contributionJsonSchema(id?: string): Record<string, unknown> {
  const schema = z.toJSONSchema(Contribution, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;
  return {
    ...schema,
    ...(id ? { $id: id } : {}),
    title: "Chessboard Record Atlas: a contribution",
    description:
      "One claim in one file (data/contributions/<id>.json): the position, its solution, the author, the publication and the year. atlas verify checks it like any record of its family.",
  };
}
