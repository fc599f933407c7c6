/** A merged leaper proof certificate checked on disk, with every shard file it lists. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type AtlasRecord } from "../../../../solvers/leaper/schema.ts";
import { checkCertificate, checkShard, MergedCertificate, ShardCertificate } from "../../../../solvers/leaper/proof/certificate.ts";
import { errorMessage } from "../../../lib/cli.ts";
import { readListedShards } from "../../../lib/sharded-run.ts";

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
