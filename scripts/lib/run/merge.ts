/**
 * The merge of a sharded run: one complete split of shard certificates into
 * certificate.json, with the SHA-256 of every shard file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSplit, type ShardedProver, type ShardInput } from "../../../solvers/proof/sharded.ts";
import { errorMessage, writeFileAtomic } from "../cli.ts";
import { shown } from "./checkpoint.ts";
import type { RunPlace } from "./prover.ts";
import { sha256Hex } from "./sha256.ts";

export interface MergeResult<M> {
  ok: boolean;
  errors: string[];
  certificatePath: string;
  certificate: M | null;
}

/**
 * Merge the shard certificates of one split (`shards`, or the only split in
 * the folder) into certificate.json: refused, with nothing written, when a
 * shard file is unreadable, foreign or of another prover version, when one is
 * missing or duplicated, or when the prover's combine refuses (e.g. a
 * counterexample).
 */
export async function mergeShardFiles<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  o: { shards?: number } = {},
): Promise<MergeResult<M>> {
  const certificatePath = join(place.dir, "certificate.json");
  const refused = (errors: string[]): MergeResult<M> => ({ ok: false, errors, certificatePath, certificate: null });
  const names = existsSync(place.dir) ? readdirSync(place.dir).filter((f) => /^shard-.*\.json$/.test(f)).sort() : [];
  const inputs: ShardInput<C>[] = [];
  const errors: string[] = [];
  for (const file of names) {
    const bytes = readFileSync(join(place.dir, file));
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch (e) {
      return refused([`${file} is not valid JSON: ${errorMessage(e)}`]);
    }
    if (o.shards !== undefined) {
      const count = (json as { shard?: { count?: unknown } })?.shard?.count;
      if (count !== o.shards && !file.endsWith(`-of-${o.shards}.json`)) continue;
    }
    const r = prover.readShard(file, json);
    if (typeof r === "string") {
      errors.push(r);
      continue;
    }
    inputs.push({ file, sha256: await sha256Hex(bytes), shard: r.shard, range: r.range, certificate: r.certificate });
  }
  if (names.length === 0 || (inputs.length === 0 && errors.length === 0)) {
    return refused([`no shard certificates${o.shards ? ` of a split into ${o.shards}` : ""} in ${shown(place.dir)}: run the shards first`]);
  }
  if (errors.length) return refused(errors);
  const split = checkSplit(prover, inputs);
  if (split.length) return refused(split);
  const ordered = [...inputs].sort((a, b) => a.shard.index - b.shard.index);
  const { certificate, errors: combineErrors } = prover.combine(ordered, new Date().toISOString());
  if (!certificate) return refused(combineErrors);
  writeFileAtomic(certificatePath, JSON.stringify(certificate, null, 1) + "\n");
  return { ok: true, errors: [], certificatePath, certificate };
}
