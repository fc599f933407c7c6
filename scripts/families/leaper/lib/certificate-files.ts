/** A merged leaper proof certificate checked on disk, with every shard file it lists. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type AtlasRecord } from "../../../../solvers/leaper/schema.ts";
import type { CheckResult } from "../../../../solvers/records/common.ts";
import {
  cellParams,
  checkCertificate,
  checkShard,
  MergedCertificate,
  readShardOf,
  ShardCertificate,
} from "../../../../solvers/leaper/proof/certificate.ts";
import { buildSpace } from "../../../../solvers/leaper/proof/space.ts";
import { shardRange } from "../../../../solvers/proof/sharded.ts";
import { errorMessage } from "../../../lib/cli.ts";
import { readListedShards, readRunProgress } from "../../../lib/sharded-run.ts";

/**
 * Full check of a merged certificate on disk against its record: the pure
 * checks of checkCertificate, then every shard file listed must exist beside
 * it with the listed SHA-256, be a consistent shard certificate of the same
 * claim, and agree with its entry. Returns the errors (empty = proven).
 */
export function checkCertificateFiles(record: AtlasRecord, certPath: string): Promise<string[]> {
  return Promise.resolve(certificateFileErrors(record, certPath));
}

function certificateFileErrors(record: AtlasRecord, certPath: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(certPath, "utf8"));
  } catch (e) {
    return [`cannot read certificate ${certPath}: ${errorMessage(e)}`];
  }
  const errs = checkCertificate(record, json);
  if (errs.length) return errs;
  const c = MergedCertificate.parse(json);
  const files = readListedShards(join(certPath, ".."), c.shards, (file, json) => {
    const parsed = ShardCertificate.safeParse(json);
    return parsed.success ? parsed.data : `${file} is not a shard certificate`;
  });
  errs.push(...files.errors);
  for (const { value: sc, ...s } of files.shards) {
    errs.push(...checkShard(sc).map((e) => `${s.file}: ${e}`));
    if (
      sc.cell !== c.cell || sc.claimed !== c.claimed || sc.total !== c.total || sc.shard.index !== s.index ||
      sc.shard.count !== c.shardCount
    ) {
      errs.push(`${s.file} is not shard ${s.index} of ${c.shardCount} of this claim`);
    }
    if (
      sc.range[0] !== s.range[0] || sc.range[1] !== s.range[1] || sc.positions !== s.positions ||
      sc.skippedBySymmetry !== s.skippedBySymmetry
    ) {
      errs.push(`${s.file} disagrees with its entry in the certificate`);
    }
    if (sc.hits !== 0) errs.push(`${s.file} has ${sc.hits} hit(s)`);
  }
  return errs;
}

/**
 * A cell's exhaustive run that is not merged yet, as its shard files in `dir`
 * stand: each read as a merge reads it (same cell, claim and space,
 * consistent counts, the split's range), the shards done of the run's split,
 * the positions they cover, their CPU time and the last one's finishing
 * moment. A shard that found a position disproving the claim, or a file a
 * merge would refuse, is an error. Null when the folder holds no shard file
 * (or the record's kind has no proof run).
 */
export function proofRunOf(record: AtlasRecord, dir: string): { run: NonNullable<CheckResult["proofRun"]>; errors: string[] } | null {
  const p = cellParams(record);
  if (typeof p === "string") return null;
  const space = buildSpace(p.kind, p.leap, p.board, p.claimed);
  const read = readRunProgress<ShardCertificate>({
    total: space.total,
    rangeOf: (i, n) => space.indexable ? shardRange(space.total, i, n) : [NaN, NaN],
    readShard: (file, json) => {
      const c = readShardOf(p, space, file, json);
      return typeof c === "string" ? c : { shard: c.shard, range: c.range, certificate: c };
    },
  }, dir);
  if (!read) return null;
  const errors = [...read.progress.errors];
  let cpu = 0, last: string | null = null;
  for (const { file, certificate: c } of read.shards) {
    if (c.hits > 0) errors.push(`${file}: ${c.hits} position(s) disprove the claim of ${p.claimed}`);
    cpu += c.cpuSeconds;
    if (!Number.isNaN(Date.parse(c.finishedAt)) && (last === null || Date.parse(c.finishedAt) > Date.parse(last))) last = c.finishedAt;
  }
  const { done, count, covered, total } = read.progress;
  return {
    run: { done, of: Math.max(1, count), covered, total, cpuSeconds: Math.round(cpu * 1000) / 1000, lastFinishedAt: last },
    errors,
  };
}
