/**
 * Zod schema of the domination records (data/domination/table.json), to be
 * merged into the common record schema. One record per table cell: piece,
 * board, kind; the literature's claim when there is one (else null); our
 * witness (square names); and what our code established, with the full
 * certificate of the run (certificate.ts).
 */
import { z } from "zod";
import { Citation } from "../records/schema.ts";
import { DOMINATION_KINDS } from "./types.ts";
import { DOMINATION_PIECES } from "./pieces.ts";

export const DominationKindSchema = z.enum(DOMINATION_KINDS as unknown as ["dominating", "independent", "total", "connected"]);
export const DominationPieceSchema = z.enum(DOMINATION_PIECES as unknown as ["queen", "rook", "bishop", "king", "knight"]);

const count = z.number().int().nonnegative();

/** What a publication says about gamma of the cell. */
export const DominationClaim = Citation.extend({
  value: z.number().int().positive(),
  /** exact: the source gives the minimum; upper: it only says this many suffice. */
  bound: z.enum(["exact", "upper"]),
  url: z.string().optional(),
  note: z.string().optional(),
});

/** What a publication (or database) says about the number of minimum sets. */
export const DominationCountClaim = Citation.extend({
  value: count,
  url: z.string().optional(),
  note: z.string().optional(),
});

/** What a publication (or database) says about the number of classes of minimum sets up to symmetry. */
export const DominationClassesClaim = DominationCountClaim;

export const DominationCertificateSchema = z.object({
  format: z.literal("domination-certificate/1"),
  piece: DominationPieceSchema,
  board: z.array(z.number().int().positive()).min(1),
  kind: DominationKindSchema,
  definition: z.string(),
  status: z.enum(["solved", "none", "undecided"]),
  reason: z.string().nullable(),
  gamma: z.number().int().positive().nullable(),
  witness: z.array(z.string()).nullable(),
  impossibility: z.object({
    limit: count,
    nodes: count,
    seconds: z.number().nonnegative(),
    exhaustive: z.literal(true),
  }).nullable(),
  decisionNodes: count,
  components: z.array(
    z.object({ squares: z.number().int().positive(), gamma: z.number().int().positive().nullable(), count: count.nullable() }),
  ),
  count: z.object({
    value: count.nullable(),
    classes: count.nullable(),
    nodes: count,
    seconds: z.number().nonnegative(),
    symmetries: z.number().int().positive(),
    note: z.string().nullable(),
  }).nullable(),
  method: z.string(),
  codeVersion: z.string(),
  seconds: z.number().nonnegative(),
});

export const DominationRecord = z.object({
  /** domination-queen-8x8, independent-domination-queen-8x8, total-domination-queen-8x8, connected-domination-queen-8x8 */
  id: z.string().regex(
    /^(domination|independent-domination|total-domination|connected-domination)-(queen|rook|bishop|king|knight)-\d+(x\d+)*$/,
  ),
  family: z.literal("domination"),
  kind: DominationKindSchema,
  piece: DominationPieceSchema,
  board: z.array(z.number().int().positive()).min(1),
  /** The definition the value refers to (attacks on the empty board, blocking ignored). */
  definition: z.string(),
  claim: DominationClaim.nullable(),
  countClaim: DominationCountClaim.nullable(),
  classesClaim: DominationClassesClaim.nullable(),
  /** A minimum set as square names (null when none exists or the search was cut short). */
  witness: z.array(z.string()).nullable(),
  established: z.object({
    status: z.enum(["solved", "none", "undecided"]),
    gamma: z.number().int().positive().nullable(),
    /** Bounds when undecided. */
    lower: count.nullable(),
    upper: count.nullable(),
    count: count.nullable(),
    classes: count.nullable(),
    /** Does our gamma (count) agree with the claim (count claim)? null when there is none. */
    agreesWithClaim: z.boolean().nullable(),
    countAgreesWithClaim: z.boolean().nullable(),
    classesAgreeWithClaim: z.boolean().nullable(),
    certificate: DominationCertificateSchema,
  }),
  notes: z.array(z.string()).optional(),
});
export type DominationRecord = z.infer<typeof DominationRecord>;

export const DominationTable = z.object({
  $schema: z.string().optional(),
  family: z.literal("domination"),
  description: z.string(),
  generated: z.object({ date: z.string(), codeVersion: z.string(), seconds: z.number().nonnegative(), complete: z.boolean() }),
  records: z.array(DominationRecord),
});
export type DominationTable = z.infer<typeof DominationTable>;
