/**
 * Certificates of maximality proofs: one per shard of a run, and the merged
 * certificate of a cell. Everything here is pure: the scripts read and hash
 * the files, these functions check what they contain.
 *
 * A merged certificate is accepted (checkCertificate) only when the space it
 * claims to cover is the one the record's claim needs (recomputed here from
 * the record: leap, board, kind, claim), its shards tile that space exactly,
 * every position is accounted for (decided or skipped by symmetry), and no
 * position disproved the claim.
 */
import { z } from "zod";
import type { AtlasRecord } from "../schema.ts";
import { buildSpace, describeSpace, type ProofKind, type ProofSpace, statement } from "./space.ts";
import type { ProofCounts, Rejected } from "./run.ts";
import { checkSplit, type ShardInput, shardRange } from "../../proof/sharded.ts";

export const SHARD_FORMAT = "chessboard-atlas-proof-shard/1";
export const CERTIFICATE_FORMAT = "chessboard-atlas-proof/1";

const Count = z.number().int().nonnegative();
// P (whole subtrees rejected by the prefix rules of prefix-run.ts) came later: certificates without it count none.
export const RejectedSchema = z.object({ K: Count, N: Count, D: Count, S: Count, "3": Count, C: Count, P: Count.default(0) });
export const HitExampleSchema = z.object({ index: Count, start: z.string(), men: z.array(z.string()), solution: z.array(z.string()) });
const KindSchema = z.enum(["dual-free", "open", "closed"]);
const Leap = z.tuple([Count, Count]);

export const ShardCertificate = z.object({
  format: z.literal(SHARD_FORMAT),
  cell: z.string(),
  kind: KindSchema,
  leap: Leap,
  board: z.array(z.number().int().positive()),
  claimed: Count,
  statement: z.string(),
  symmetry: z.boolean(),
  codeVersion: z.string(),
  shard: z.object({ index: Count, count: z.number().int().positive() }),
  range: z.tuple([Count, Count]),
  total: Count,
  positions: Count,
  skippedBySymmetry: Count,
  rejected: RejectedSchema,
  searched: Count,
  nodes: Count,
  hits: Count,
  hitExamples: z.array(HitExampleSchema),
  cpuSeconds: z.number().nonnegative(),
  startedAt: z.string(),
  finishedAt: z.string(),
});
export type ShardCertificate = z.infer<typeof ShardCertificate>;

export const MergedCertificate = z.object({
  format: z.literal(CERTIFICATE_FORMAT),
  cell: z.string(),
  kind: KindSchema,
  leap: Leap,
  board: z.array(z.number().int().positive()),
  claimed: Count,
  statement: z.string(),
  proven: z.literal(true),
  method: z.string(),
  space: z.array(z.object({
    start: z.string(),
    component: z.number().int().positive(),
    men: z.tuple([Count, Count]).nullable(),
    positions: z.string(),
  })),
  total: Count,
  positions: Count,
  skippedBySymmetry: Count,
  rejected: RejectedSchema,
  searched: Count,
  nodes: Count,
  hits: z.literal(0),
  shardCount: z.number().int().positive(),
  shards: z.array(z.object({
    file: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    index: Count,
    range: z.tuple([Count, Count]),
    positions: Count,
    skippedBySymmetry: Count,
    searched: Count,
    codeVersion: z.string(),
  })),
  codeVersions: z.array(z.string()),
  cpuSeconds: z.number().nonnegative(),
  mergedAt: z.string(),
});
export type MergedCertificate = z.infer<typeof MergedCertificate>;

/** The parameters a certificate is about. */
export interface CellParams {
  cell: string;
  kind: ProofKind;
  leap: [number, number];
  board: number[];
  claimed: number;
}

export const METHOD = "free squares (booklet method 2): every canonical start; every set of empty squares within the start's component " +
  "(colex order); one-level tests K, N, D, S, 3, C; then the engine; positions with an earlier image under the start's stabilizer skipped; " +
  "subtrees of the enumeration (as a tree of decisions) whose every position fails K/D or S/C counted at once (P)";

const TESTS = ["K", "N", "D", "S", "3", "C", "P"] as const;

function sumRejected(r: Rejected): number {
  return TESTS.reduce((a, t) => a + r[t], 0);
}

export function shardFileName(index: number, count: number): string {
  return `shard-${index}-of-${count}.json`;
}

export function makeShardCertificate(
  p: CellParams,
  space: ProofSpace,
  shard: { index: number; count: number },
  range: [number, number],
  counts: ProofCounts,
  meta: { codeVersion: string; symmetry: boolean; cpuSeconds: number; startedAt: string; finishedAt: string },
): ShardCertificate {
  return ShardCertificate.parse({
    format: SHARD_FORMAT,
    cell: p.cell,
    kind: p.kind,
    leap: p.leap,
    board: p.board,
    claimed: p.claimed,
    statement: statement(p.kind, p.claimed),
    symmetry: meta.symmetry,
    codeVersion: meta.codeVersion,
    shard,
    range,
    total: space.total,
    positions: counts.positions,
    skippedBySymmetry: counts.skippedBySymmetry,
    rejected: counts.rejected,
    searched: counts.searched,
    nodes: counts.nodes,
    hits: counts.hits,
    hitExamples: counts.hitExamples,
    cpuSeconds: meta.cpuSeconds,
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
  });
}

function sameParams(a: CellParams, b: CellParams): boolean {
  return a.cell === b.cell && a.kind === b.kind && a.claimed === b.claimed && a.leap.join() === b.leap.join() &&
    a.board.join("x") === b.board.join("x");
}

/** Internal consistency of one shard certificate (not its neighbours). */
export function checkShard(c: ShardCertificate): string[] {
  const errs: string[] = [];
  const [lo, hi] = c.range;
  const name = `shard ${c.shard.index} of ${c.shard.count}`;
  if (c.shard.index >= c.shard.count) errs.push(`${name}: index not below the count`);
  if (lo > hi || hi > c.total) errs.push(`${name}: range [${lo}, ${hi}) is not inside [0, ${c.total})`);
  if (c.positions + c.skippedBySymmetry !== hi - lo) {
    errs.push(`${name}: positions ${c.positions} + skipped ${c.skippedBySymmetry} != range size ${hi - lo}`);
  }
  if (sumRejected(c.rejected) + c.searched !== c.positions) errs.push(`${name}: rejected + searched != positions`);
  if (c.hitExamples.length > c.hits) errs.push(`${name}: more hit examples than hits`);
  if (!c.symmetry && c.skippedBySymmetry > 0) errs.push(`${name}: skips by symmetry in a run without symmetry`);
  return errs;
}

/**
 * Why a shard file is not a certificate this code can use, in one line (null
 * when it parses): another version of the prover (another format), or not a
 * shard certificate at all.
 */
export function shardFormatError(file: string, json: unknown): string | null {
  const format = (json as { format?: unknown })?.format;
  if (typeof format === "string" && format !== SHARD_FORMAT && format.startsWith("chessboard-atlas-proof-shard/")) {
    return `${file} was written by another version of the prover (format ${format}; this code reads ${SHARD_FORMAT}): rerun that shard with this code`;
  }
  const parsed = ShardCertificate.safeParse(json);
  if (parsed.success) return null;
  const i = parsed.error.issues[0];
  return `${file} is not a shard certificate (${i.path.join(".") || "top"}: ${i.message})`;
}

export interface ShardFile {
  /** File name (no folder). */
  file: string;
  sha256: string;
  /** Parsed JSON of the file. */
  json: unknown;
}

function formatHit(h: { start: string; men: string[]; solution: string[] }): string {
  return `start ${h.start}, men ${h.men.join(" ")}; solution ${h.solution.join(" ")}`;
}

/**
 * One shard file as a merge reads it: the certificate, or one line saying why
 * it is not a shard of this claim's space (another prover version, not a
 * certificate, another cell or claim, another space size, inconsistent counts).
 * Which shard of which split it is, and whether the set is complete, is
 * checkSplit's (solvers/proof/sharded.ts).
 */
export function readShardOf(p: CellParams, space: ProofSpace, file: string, json: unknown): ShardCertificate | string {
  const bad = shardFormatError(file, json);
  if (bad) return bad;
  const c = ShardCertificate.parse(json);
  if (!sameParams(p, c)) {
    return `${file} is about ${c.cell} (${c.kind} [${c.leap}] ${c.board.join("x")}, claim ${c.claimed}), not ${p.cell}`;
  }
  if (c.total !== space.total) return `${file}: total ${c.total}, but the space of this claim has ${space.total} positions`;
  const errs = checkShard(c);
  return errs.length ? `${file}: ${errs.join("; ")}` : c;
}

/**
 * Combine the shards of a complete split (checked by checkSplit, in index
 * order) into the cell's certificate; refused when any shard found a position
 * that disproves the claim.
 */
export function combineShards(
  p: CellParams,
  space: ProofSpace,
  shards: ShardInput<ShardCertificate>[],
  mergedAt: string,
): { certificate: MergedCertificate | null; errors: string[] } {
  const errors: string[] = [];
  for (const { file, certificate: c } of shards) {
    if (c.hits > 0) {
      errors.push(
        `${file}: ${c.hits} position(s) disprove the claim of ${p.claimed}, e.g. ${
          c.hitExamples[0] ? formatHit(c.hitExamples[0]) : "(no example kept)"
        }`,
      );
    }
  }
  if (errors.length) return { certificate: null, errors };
  const rejected: Rejected = { K: 0, N: 0, D: 0, S: 0, "3": 0, C: 0, P: 0 };
  let positions = 0, skipped = 0, searched = 0, nodes = 0, cpu = 0;
  for (const { certificate: c } of shards) {
    for (const t of TESTS) rejected[t] += c.rejected[t];
    positions += c.positions;
    skipped += c.skippedBySymmetry;
    searched += c.searched;
    nodes += c.nodes;
    cpu += c.cpuSeconds;
  }
  const ordered = [...shards].sort((a, b) => a.shard.index - b.shard.index);
  const certificate = MergedCertificate.parse({
    format: CERTIFICATE_FORMAT,
    cell: p.cell,
    kind: p.kind,
    leap: p.leap,
    board: p.board,
    claimed: p.claimed,
    statement: statement(p.kind, p.claimed),
    proven: true,
    method: METHOD,
    space: describeSpace(space),
    total: space.total,
    positions,
    skippedBySymmetry: skipped,
    rejected,
    searched,
    nodes,
    hits: 0,
    shardCount: ordered[0].shard.count,
    shards: ordered.map(({ file, sha256, certificate: c }) => ({
      file,
      sha256,
      index: c.shard.index,
      range: c.range,
      positions: c.positions,
      skippedBySymmetry: c.skippedBySymmetry,
      searched: c.searched,
      codeVersion: c.codeVersion,
    })),
    codeVersions: [...new Set(ordered.map((s) => s.certificate.codeVersion))],
    cpuSeconds: Math.round(cpu * 1000) / 1000,
    mergedAt,
  });
  return { certificate, errors: [] };
}

/**
 * Merge shard certificates into the cell's certificate: each file read
 * (readShardOf), the split checked (complete, no duplicates, tiling), then
 * combined. Returns the errors (and no certificate) when the shards are not one
 * complete, consistent, hit-free split of the space.
 */
export function mergeShards(
  p: CellParams,
  space: ProofSpace,
  files: ShardFile[],
  mergedAt: string,
): { certificate: MergedCertificate | null; errors: string[] } {
  if (files.length === 0) return { certificate: null, errors: [`no shard certificates for ${p.cell}`] };
  const errors: string[] = [];
  const inputs: ShardInput<ShardCertificate>[] = [];
  for (const f of files) {
    const c = readShardOf(p, space, f.file, f.json);
    if (typeof c === "string") errors.push(c);
    else inputs.push({ file: f.file, sha256: f.sha256, shard: c.shard, range: c.range, certificate: c });
  }
  if (errors.length) return { certificate: null, errors };
  const split = checkSplit(
    { total: space.total, contiguous: true, rangeOf: (i, n) => space.indexable ? shardRange(space.total, i, n) : [NaN, NaN] },
    inputs,
  );
  if (split.length) return { certificate: null, errors: split };
  return combineShards(p, space, inputs, mergedAt);
}

/** The proof parameters of a table-cell record, or an error. */
export function cellParams(record: AtlasRecord): CellParams | string {
  if (record.kind !== "dual-free" && record.kind !== "open" && record.kind !== "closed") {
    return `${record.id} is a ${record.kind} record: only dual-free, open and closed claims have maximality proofs`;
  }
  if (record.piece.type !== "leaper") return `${record.id} is not a leaper record`;
  return {
    cell: record.id,
    kind: record.kind,
    leap: [record.piece.leap[0], record.piece.leap[1]],
    board: [...record.board],
    // A longer solution of ours refutes the claim: the run then asks whether anything beats ours.
    claimed: bestValue(record),
  };
}

/** The value a cell's proof is about: our longer solution where we found one, else the claim's. */
export function bestValue(record: AtlasRecord): number {
  return Math.max(record.claim.value, record.established.improved?.value ?? 0);
}

/**
 * Check a merged certificate against the record it is meant to prove: the
 * errors, empty when the certificate proves the record's claim maximal. Pure:
 * the shard files' hashes are checked by the caller (scripts/families/leaper/lib/certificate-files.ts,
 * checkCertificateFiles), which reads them.
 */
export function checkCertificate(record: AtlasRecord, certificateJson: unknown): string[] {
  const p = cellParams(record);
  if (typeof p === "string") return [p];
  const parsed = MergedCertificate.safeParse(certificateJson);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return [`not a merged proof certificate (${i.path.join(".") || "top"}: ${i.message})`];
  }
  const c = parsed.data;
  const errs: string[] = [];
  if (!sameParams(p, c)) {
    errs.push(
      `certificate is about ${c.cell} (${c.kind} [${c.leap}] ${
        c.board.join("x")
      }, claim ${c.claimed}), not ${p.cell} (${p.kind} [${p.leap}] ${p.board.join("x")}, claim ${p.claimed})`,
    );
    return errs;
  }
  let space: ProofSpace;
  try {
    space = buildSpace(p.kind, p.leap, p.board, p.claimed);
  } catch (e) {
    return [`cannot rebuild the proof space: ${(e as Error).message}`];
  }
  if (!space.indexable || c.total !== space.total) errs.push(`total ${c.total}, but the claim's space has ${space.totalBig} positions`);
  if (JSON.stringify(c.space) !== JSON.stringify(describeSpace(space))) {
    errs.push("the per-start description of the space differs from the claim's space");
  }
  if (c.statement !== statement(p.kind, p.claimed)) errs.push("statement differs from the claim");
  if (c.positions + c.skippedBySymmetry !== c.total) {
    errs.push(`positions ${c.positions} + skipped ${c.skippedBySymmetry} != total ${c.total}`);
  }
  if (sumRejected(c.rejected) + c.searched !== c.positions) errs.push("rejected + searched != positions");
  if (c.shardCount !== c.shards.length) errs.push(`${c.shards.length} shards listed, ${c.shardCount} expected`);
  const seen = new Set<number>();
  let at = 0;
  let pos = 0, skip = 0, searched = 0;
  for (const s of [...c.shards].sort((a, b) => a.range[0] - b.range[0])) {
    if (seen.has(s.index)) errs.push(`shard ${s.index} listed twice`);
    seen.add(s.index);
    if (s.index >= c.shardCount) errs.push(`shard index ${s.index} not below ${c.shardCount}`);
    if (s.range[0] !== at) errs.push(`shard ${s.index} starts at ${s.range[0]}, expected ${at}: gap or overlap`);
    if (s.positions + s.skippedBySymmetry !== s.range[1] - s.range[0]) errs.push(`shard ${s.index}: positions + skipped != its range size`);
    if (s.file !== shardFileName(s.index, c.shardCount)) errs.push(`shard ${s.index} has file name ${s.file}`);
    at = s.range[1];
    pos += s.positions;
    skip += s.skippedBySymmetry;
    searched += s.searched;
  }
  if (at !== c.total) errs.push(`shards end at ${at}, not at the total ${c.total}`);
  if (pos !== c.positions || skip !== c.skippedBySymmetry || searched !== c.searched) errs.push("shard counts do not add up to the totals");
  return errs;
}

/**
 * Whether a further (published) record can lean on its table cell's proof: a
 * record of the same kind, piece and board whose value equals the cell's
 * proven maximum is maximal itself, because the cell's certificate covers every
 * start and every set of men (or every path or cycle), this record's among
 * them. The reasons it cannot (empty = it can); the certificate's files are
 * checked by the caller.
 */
export function inheritedProofErrors(r: AtlasRecord, cell: AtlasRecord | undefined): string[] {
  if (r.tableCell) return [`${r.id} is a table cell: it has its own certificate`];
  if (!cell || cell.id !== r.cell || !cell.tableCell) return [`its table cell ${r.cell} is not a table-cell record`];
  const errs: string[] = [];
  const p = cellParams(cell);
  if (typeof p === "string") return [p];
  if (r.kind !== cell.kind) errs.push(`it is a ${r.kind} record, its cell ${cell.id} a ${cell.kind} one`);
  const leap = (x: AtlasRecord) => [...x.piece.leap].sort((a, b) => a - b).join(",");
  if (r.piece.type !== cell.piece.type || leap(r) !== leap(cell)) errs.push(`its piece differs from the cell's`);
  if (r.board.join("x") !== cell.board.join("x")) {
    errs.push(`its board ${r.board.join("x")} differs from the cell's ${cell.board.join("x")}`);
  }
  if (r.claim.value !== p.claimed) {
    errs.push(`its value ${r.claim.value} is not the cell's proven maximum ${p.claimed}`);
  }
  const m = cell.established.maximality;
  if (m.status !== "proven-here") errs.push(`its cell ${cell.id} is not proven here`);
  const own = r.established.maximality;
  if (m.status === "proven-here" && own.status === "proven-here" && own.certificate !== m.certificate) {
    errs.push(`it links ${own.certificate}, not its cell's certificate ${m.certificate}`);
  }
  return errs;
}
