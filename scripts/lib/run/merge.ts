/**
 * The merge of a sharded run: one complete split of shard certificates into
 * certificate.json, with the SHA-256 of every shard file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSplit, type ShardedProver, type ShardInput, type SplitProgress, splitProgress } from "../../../solvers/proof/sharded.ts";
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
export function mergeShardFiles<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  o: { shards?: number } = {},
): Promise<MergeResult<M>> {
  return Promise.resolve(mergeNow(prover, place, o));
}

function mergeNow<S, C, M>(prover: ShardedProver<S, C, M>, place: RunPlace, o: { shards?: number }): MergeResult<M> {
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
    inputs.push({ file, sha256: sha256Hex(bytes), shard: r.shard, range: r.range, certificate: r.certificate });
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

/**
 * How far an unmerged run is: its folder's shard files, each read by the
 * prover's readShard (a file that is not JSON, or that readShard refuses, is
 * an error of the run), then splitProgress. The shards of the run's split
 * come back with it; null when the folder holds no shard file.
 */
export function readRunProgress<C>(
  prover: Pick<ShardedProver<unknown, C, unknown>, "total" | "rangeOf" | "readShard">,
  dir: string,
): { progress: SplitProgress; shards: ShardInput<C>[] } | null {
  const names = existsSync(dir) ? readdirSync(dir).filter((f) => /^shard-.*\.json$/.test(f)).sort() : [];
  if (names.length === 0) return null;
  const inputs: ShardInput<C>[] = [];
  const errors: string[] = [];
  for (const file of names) {
    const bytes = readFileSync(join(dir, file));
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch (e) {
      errors.push(`${file} is not valid JSON: ${errorMessage(e)}`);
      continue;
    }
    const r = prover.readShard(file, json);
    if (typeof r === "string") errors.push(r);
    else inputs.push({ file, sha256: sha256Hex(bytes), shard: r.shard, range: r.range, certificate: r.certificate });
  }
  const progress = splitProgress(prover, inputs) ??
    { count: 0, done: 0, covered: 0, total: prover.total, errors: [] };
  const shards = inputs.filter((s) => s.shard.count === progress.count);
  return { progress: { ...progress, errors: [...errors, ...progress.errors] }, shards };
}

/** A shard file as a merged certificate lists it. */
export interface ListedShard {
  file: string;
  sha256: string;
}

/**
 * The re-check of a merged certificate's shard files, the one every family's
 * verify uses: each listed file must be present in `dir`, have the listed
 * SHA-256 and be JSON that `read` (the prover's readShard, or a family's own
 * parse) accepts. The files read, in the listed order, and the errors.
 */
export function readListedShards<L extends ListedShard, T>(
  dir: string,
  listed: readonly L[],
  read: (file: string, json: unknown) => T | string,
): { shards: (L & { value: T })[]; errors: string[] } {
  const shards: (L & { value: T })[] = [];
  const errors: string[] = [];
  for (const s of listed) {
    const path = join(dir, s.file);
    if (!existsSync(path)) {
      errors.push(`shard file ${s.file} is missing`);
      continue;
    }
    const bytes = readFileSync(path);
    if (sha256Hex(bytes) !== s.sha256) {
      errors.push(`${s.file} does not match its SHA-256 in the certificate`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      errors.push(`${s.file} is not valid JSON`);
      continue;
    }
    const value = read(s.file, json);
    if (typeof value === "string") errors.push(value);
    else shards.push({ ...s, value });
  }
  return { shards, errors };
}

/** The SHA-256 of every shard file in a run's folder, by name (for checks that take the hashes as data). */
export function shardFileHashes(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const f of readdirSync(dir)) if (f.startsWith("shard-")) hashes.set(f, sha256Hex(readFileSync(join(dir, f))));
  return hashes;
}

/**
 * The certificate check of a sharded prover's merge: the listed shard files
 * read as readListedShards does, by the prover's readShard, and one complete
 * split (checkSplit). The shards in index order, ready for the prover's
 * combine to be compared with the certificate, or the errors.
 */
export function recheckShardFiles<C>(
  prover: Pick<ShardedProver<unknown, C, unknown>, "readShard" | "total" | "contiguous" | "rangeOf">,
  dir: string,
  listed: readonly ListedShard[],
): { inputs: ShardInput<C>[]; errors: string[] } {
  const { shards, errors } = readListedShards(dir, listed, (file, json) => prover.readShard(file, json));
  if (errors.length) return { inputs: [], errors };
  const inputs = shards.map(({ file, sha256, value }) => ({ file, sha256, ...value }));
  const split = checkSplit(prover, inputs);
  if (split.length) return { inputs: [], errors: split };
  return { inputs: inputs.sort((a, b) => a.shard.index - b.shard.index), errors: [] };
}
