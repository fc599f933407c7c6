/**
 * Zod schemas of the magic-tour family: the records file
 * (data/magic/records.json) and the shard certificates of the enumeration
 * (data/magic/proofs/<key>/shard-<i>-of-<N>.json).
 *
 * What counts as "the same" tour (the `counting` rule of the file): a tour is
 * its numbered board (numbers 1..N on the squares). Two tours are the same
 * when one becomes the other by one of the 16 transformations: a rotation or
 * reflection of the board (8), each with or without reversing the numbering
 * (k -> N+1-k). Classes are counted under these; "tours" counts numbered
 * boards (directed tours), so each class holds 16 of them unless a
 * transformation fixes a tour. A closed tour renumbered from another square is
 * a different numbered board (usually not magic at all).
 */
import { z } from "zod";

const Count = z.number().int().nonnegative();

export const MagicSourceRef = z.object({
  author: z.string().nullable(),
  publication: z.string().nullable(),
  year: z.number().int().nullable(),
  /** Path relative to the project's parent folder, with 1-based lines. */
  file: z.string().optional(),
  lines: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
  url: z.string().optional(),
});

/** What a source says about 8x8 semimagic knight's tours. */
export const MagicClaim = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  source: MagicSourceRef,
  /** The source's own words for what it counted, as we read them. */
  counted: z.string(),
  values: z.object({
    classes: Count.optional(),
    tours: Count.optional(),
    closedClasses: Count.optional(),
    openClasses: Count.optional(),
    symmetricClasses: Count.optional(),
    diagonallyMagic: Count.optional(),
    bestDiagonals: z.tuple([Count, Count]).optional(),
    geometryClasses: Count.optional(),
  }),
  note: z.string().optional(),
});
export type MagicClaim = z.infer<typeof MagicClaim>;

export const MagicTourRecord = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  board: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  /** numbers[x + y*width]: the number on each square, a1 first. */
  numbers: z.array(z.number().int().positive()),
  /** What the tour is claimed to be (the checker recomputes every field). */
  kind: z.enum(["semimagic", "magic"]),
  closed: z.boolean(),
  centralSymmetric: z.boolean(),
  diagonalSums: z.tuple([Count, Count]),
  /** Size of its class under the 16 transformations. */
  classSize: Count,
  /** The numbers are the class's canonical form (smallest image, a1 first). */
  canonical: z.boolean(),
  origin: z.enum(["enumeration-all", "enumeration-central", "construction", "source"]),
  method: z.string(),
  citation: MagicSourceRef.optional(),
  notes: z.array(z.string()).optional(),
});
export type MagicTourRecord = z.infer<typeof MagicTourRecord>;

/** Our counts from an enumeration (complete or not). */
export const MagicEnumeration = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  mode: z.enum(["all", "central"]),
  /** The split (enumeration key) the counts come from. */
  key: z.string(),
  statement: z.string(),
  complete: z.boolean(),
  shardCount: z.number().int().positive(),
  shardsDone: Count,
  /** Prefixes in the split (known once one shard has walked them all), and covered so far. */
  prefixes: Count.nullable(),
  prefixesCovered: Count,
  nodes: Count,
  /** Seconds inside the run's steps as the shared runner times them (clock time: longer than CPU time on a loaded machine). */
  cpuSeconds: z.number().nonnegative(),
  /** Counts over the tours found so far (ids in `tours`). */
  classes: Count,
  tours: Count,
  closedClasses: Count,
  centralSymmetricClasses: Count,
  diagonallyMagicClasses: Count,
  /** Best diagonal pair found (closest to the magic sum), or null. */
  bestDiagonals: z.tuple([Count, Count]).nullable(),
  tourIds: z.array(z.string()),
  /** certificate.json of the merged run (complete runs only), relative to the project root. */
  certificate: z.string().nullable(),
  /** Projected CPU time of what remains (seconds). */
  remainingCpuSeconds: z.number().nonnegative().nullable(),
  /** Where that projection comes from: the finished shards' nodes per prefix (times the measured time per node), or the probe estimate of bench/magic.json. */
  remainingBasis: z.enum(["finished-shards", "probe-estimate"]).nullable().optional(),
});
export type MagicEnumeration = z.infer<typeof MagicEnumeration>;

export const MagicRecordFile = z.object({
  $schema: z.string().optional(),
  family: z.literal("magic"),
  description: z.string(),
  counting: z.string(),
  generated: z.object({ date: z.string(), codeVersion: z.string() }),
  claims: z.array(MagicClaim),
  enumerations: z.array(MagicEnumeration),
  /** The tours found (the records of this family; each has its page). */
  records: z.array(MagicTourRecord),
});
export type MagicRecordFile = z.infer<typeof MagicRecordFile>;

export const MAGIC_SHARD_FORMAT = "chessboard-atlas-magic-shard/2";
export const MAGIC_CERTIFICATE_FORMAT = "chessboard-atlas-magic-certificate/1";

/** The split a run's shards share: the prefixes of the frozen walk (enumerate.ts), their count and digest. */
export const MagicSplit = z.object({
  prefixes: Count,
  digest: z.string().regex(/^[0-9a-f]{16}$/),
  rule: z.string(),
});
export type MagicSplit = z.infer<typeof MagicSplit>;

/**
 * A finished shard of the enumeration on the shared sharded-run mechanism
 * (solvers/proof/sharded.ts): it completed the prefixes of its range of the
 * strided order (prefix j = index + count * (position - range[0])), each once.
 */
export const MagicShardCertificate = z.object({
  format: z.literal(MAGIC_SHARD_FORMAT),
  key: z.string(),
  n: z.number().int().positive(),
  mode: z.enum(["all", "central"]),
  depth: z.number().int().positive(),
  split: MagicSplit,
  shard: z.object({ index: Count, count: z.number().int().positive() }),
  range: z.tuple([Count, Count]),
  /** Prefixes completed: range[1] - range[0]. */
  covered: Count,
  nodes: Count,
  solutions: Count,
  /** Tours found, as numbered boards. */
  tours: z.array(z.array(z.number().int().positive())),
  cpuSeconds: z.number().nonnegative(),
  codeVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type MagicShardCertificate = z.infer<typeof MagicShardCertificate>;

/** The merge of a complete split: certificate.json beside the shards, with the SHA-256 of each. */
export const MagicCertificate = z.object({
  format: z.literal(MAGIC_CERTIFICATE_FORMAT),
  key: z.string(),
  n: z.number().int().positive(),
  mode: z.enum(["all", "central"]),
  depth: z.number().int().positive(),
  split: MagicSplit,
  shardCount: z.number().int().positive(),
  covered: Count,
  nodes: Count,
  solutions: Count,
  /** Canonical boards of the classes found (check.ts canonicalForm), sorted. */
  classes: z.array(z.array(z.number().int().positive())),
  cpuSeconds: z.number().nonnegative(),
  codeVersions: z.array(z.string()),
  shards: z.array(z.object({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), index: Count })),
  mergedAt: z.string(),
});
export type MagicCertificate = z.infer<typeof MagicCertificate>;
