/**
 * Certificates of the locust proofs (edge method, edge-space.ts): one file per
 * shard of the placement space and a merged certificate, in the style of
 * solvers/leaper/proof/certificate.ts (format tag, shard ranges that must tile the
 * space, per-shard sha256 recorded at merge, no hits). Pure: scripts read and
 * hash the files, these functions check their content.
 */
import { z } from "zod";
import { buildEdgeSpace, type EdgeKind, type EdgeMode } from "./edge-space.ts";
import { tilingErrors } from "../proof/sharded.ts";

export const LOCUST_SHARD_FORMAT = "chessboard-atlas-locust-proof-shard/1";
export const LOCUST_CERTIFICATE_FORMAT = "chessboard-atlas-locust-proof/1";

const Count = z.number().int().nonnegative();
const Counts = z.object({
  placements: Count,
  droppedByLemmaC: Count,
  skippedBySymmetry: Count,
  tested: Count,
  starts: Count,
  nodes: Count,
  hits: Count,
});

export const LocustShard = z.object({
  format: z.literal(LOCUST_SHARD_FORMAT),
  kind: z.enum(["locust", "rook-locust"]),
  mode: z.enum(["exists", "closed-unique"]),
  n: z.number().int().positive(),
  men: Count,
  statement: z.string(),
  codeVersion: z.string(),
  shard: z.object({ index: Count, count: z.number().int().positive() }),
  range: z.tuple([Count, Count]),
  total: Count,
  counts: Counts,
  firstHit: z.object({ index: Count, start: Count, men: z.array(Count) }).nullable(),
  /** closed-unique runs: starts with a complete sequence / exactly one, and the first of each (longest and dual-free witnesses). */
  byProducts: z.object({
    withSequence: Count,
    unique: Count,
    firstSequence: z.object({ index: Count, start: Count, men: z.array(Count) }).nullable(),
    firstUnique: z.object({ index: Count, start: Count, men: z.array(Count) }).nullable(),
  }).optional(),
  cpuSeconds: z.number().nonnegative(),
  finishedAt: z.string(),
});
export type LocustShard = z.infer<typeof LocustShard>;

export const LocustCertificate = z.object({
  format: z.literal(LOCUST_CERTIFICATE_FORMAT),
  kind: z.enum(["locust", "rook-locust"]),
  mode: z.enum(["exists", "closed-unique"]),
  n: z.number().int().positive(),
  men: Count,
  statement: z.string(),
  method: z.string(),
  proven: z.literal(true),
  total: Count,
  counts: Counts.extend({ hits: z.literal(0) }),
  shards: z.array(z.object({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), range: z.tuple([Count, Count]) })),
  codeVersions: z.array(z.string()),
  cpuSeconds: z.number().nonnegative(),
  mergedAt: z.string(),
});
export type LocustCertificate = z.infer<typeof LocustCertificate>;

export const EDGE_METHOD = "booklet's combinatorial method (lines 4413-4453): corners empty, no two neighbouring men on an edge, " +
  "for the rook-locust no full 2x2 square; every remaining placement in canonical form under the 8 symmetries, every empty square as start, " +
  "exact capture-sequence search (solvers/locust/capture.ts)";

export function edgeStatement(kind: EdgeKind, mode: EdgeMode, n: number, men: number): string {
  const who = kind === "locust" ? "locust" : "rook-locust";
  return mode === "exists"
    ? `no ${n}x${n} position of one ${who} and ${men} men has a complete capture sequence`
    : `no ${n}x${n} position of one ${who} and ${men} men has exactly one complete capture sequence that returns to its start`;
}

/** Problems with a merged certificate for (kind, mode, n, men); [] when it proves the statement. */
export function checkLocustCertificate(
  json: unknown,
  want: { kind: EdgeKind; mode: EdgeMode; n: number; men: number },
  shardHashes?: Map<string, string>,
): string[] {
  const parsed = LocustCertificate.safeParse(json);
  if (!parsed.success) return [`not a locust certificate: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`];
  const c = parsed.data;
  const errs: string[] = [];
  if (c.kind !== want.kind || c.mode !== want.mode || c.n !== want.n || c.men !== want.men) {
    errs.push(
      `certificate is about ${c.kind} ${c.mode} ${c.n}x${c.n} ${c.men} men, the record needs ${want.kind} ${want.mode} ${want.n}x${want.n} ${want.men}`,
    );
  }
  if (c.statement !== edgeStatement(want.kind, want.mode, want.n, want.men)) errs.push("statement does not match");
  // A record whose value was changed asks for a space that may not exist (the
  // rook-locust space is built for its bound of 39 only): that is a failed
  // check, not a crash of the verifier.
  let total: number;
  try {
    total = buildEdgeSpace(want.kind, want.n, want.men).total;
  } catch (e) {
    errs.push(`no edge space for ${want.kind} ${want.n}x${want.n} with ${want.men} men (${e instanceof Error ? e.message : String(e)})`);
    return errs;
  }
  if (c.total !== total) errs.push(`space size ${c.total}, recomputed ${total}`);
  errs.push(...tilingErrors(c.shards, total));
  if (c.counts.placements !== total) errs.push(`placements ${c.counts.placements} != ${total}`);
  if (c.counts.placements !== c.counts.droppedByLemmaC + c.counts.skippedBySymmetry + c.counts.tested) {
    errs.push("placements are not all accounted for");
  }
  if (shardHashes) {
    for (const s of c.shards) {
      const h = shardHashes.get(s.file);
      if (h === undefined) errs.push(`shard file ${s.file} missing`);
      else if (h !== s.sha256) errs.push(`shard file ${s.file} changed since the merge`);
    }
  }
  return errs;
}
