/**
 * Zod schema of the domination records (data/domination/table.json), to be
 * merged into the common record schema. One record per table cell: piece,
 * board, kind; the literature's claim when there is one (else null); our
 * witness (square names); and what our code established, with the full
 * certificate of the run (certificate.ts).
 */
import { z } from "zod";
import { Citation } from "../records/common.ts";
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

/** A count too big for a double, as decimal digits. */
const bigCount = z.string().regex(/^\d+$/);

/** One board size of the rook question: placements of n rooks on n×n (rook-placements.ts). */
export const RookPlacementRow = z.object({
  n: z.number().int().positive(),
  /** From the closed forms: C(n², n), 2n^n - n!, and the difference. */
  placements: bigCount,
  dominating: bigCount,
  failing: bigCount,
  /** Brute force over every placement by the definition; null when not run for this n. */
  bruteForce: z.object({ placements: bigCount, failing: bigCount, mismatches: bigCount, seconds: z.number().nonnegative() }).nullable(),
});

/** Brešar's exercise 2: which placements of n rooks fail to dominate n×n, and how many. */
export const RookPlacementsNote = z.object({
  id: z.literal("domination-rook-failing-placements"),
  question: z.string(),
  characterisation: z.string(),
  source: Citation,
  rows: z.array(RookPlacementRow).min(1),
  /** A failing placement and the squares it leaves undominated. */
  example: z.object({ n: z.number().int().min(3), rooks: z.array(z.string()), undominated: z.array(z.string()).min(1) }),
  codeVersion: z.string(),
});
export type RookPlacementsNote = z.infer<typeof RookPlacementsNote>;

export const DominationTable = z.object({
  $schema: z.string().optional(),
  family: z.literal("domination"),
  description: z.string(),
  generated: z.object({ date: z.string(), codeVersion: z.string(), seconds: z.number().nonnegative(), complete: z.boolean() }),
  records: z.array(DominationRecord),
  /** The rook question of the article (absent in tables written before it was added). */
  rookPlacements: RookPlacementsNote.optional(),
});
export type DominationTable = z.infer<typeof DominationTable>;
