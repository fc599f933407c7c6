/**
 * Merging shard certificates of one split (pure): the split is accepted as
 * complete only when every shard 0..N-1 is present once, all are finished,
 * all walked the same number of prefixes P, and shard i covered exactly the
 * indices k < P with k ≡ i (mod N) — so every prefix was completed exactly
 * once. Partial states (checkpoints, missing shards) give progress, not a
 * certificate.
 */
import type { MagicShardCertificate } from "./schema.ts";

/** How many of the indices 0..P-1 are ≡ i (mod N). */
export function expectedCovered(prefixes: number, index: number, count: number): number {
  return index < prefixes ? Math.floor((prefixes - 1 - index) / count) + 1 : 0;
}

export interface MergeSummary {
  complete: boolean;
  errors: string[];
  shardCount: number;
  shardsDone: number;
  prefixes: number | null;
  covered: number;
  nodes: number;
  cpuSeconds: number;
  /** Every tour found (numbered boards), as reported by the shards. */
  tours: number[][];
}

export function mergeShardCertificates(key: string, count: number, certs: MagicShardCertificate[]): MergeSummary {
  const errors: string[] = [];
  const byIndex = new Map<number, MagicShardCertificate[]>();
  for (const c of certs) {
    if (c.key !== key) errors.push(`shard ${c.shard.index}/${c.shard.count} belongs to ${c.key}, not ${key}`);
    if (c.shard.count !== count) errors.push(`shard ${c.shard.index}/${c.shard.count} is of another split than ${count}`);
    byIndex.set(c.shard.index, [...(byIndex.get(c.shard.index) ?? []), c]);
  }
  const prefixesSeen = new Set(certs.filter((c) => c.prefixes !== null).map((c) => c.prefixes));
  if (prefixesSeen.size > 1) errors.push(`shards disagree on the number of prefixes: ${[...prefixesSeen].join(", ")}`);
  const prefixes = prefixesSeen.size === 1 ? [...prefixesSeen][0]! : null;
  let done = 0, covered = 0, nodes = 0, cpu = 0;
  const tours: number[][] = [];
  for (let i = 0; i < count; i++) {
    const got = byIndex.get(i) ?? [];
    if (got.length > 1) errors.push(`shard ${i} of ${count} occurs ${got.length} times`);
    const c = got[0];
    if (!c) continue;
    if (c.done) {
      done++;
      if (prefixes !== null && c.covered !== expectedCovered(prefixes, i, count)) {
        errors.push(`shard ${i} of ${count} covered ${c.covered} prefixes, expected ${expectedCovered(prefixes, i, count)}`);
      }
      if (c.next !== c.prefixes) errors.push(`shard ${i} of ${count} is marked done but stopped at prefix ${c.next} of ${c.prefixes}`);
    }
    if (c.tours.length !== c.solutions) errors.push(`shard ${i} of ${count} reports ${c.solutions} tours but lists ${c.tours.length}`);
    covered += c.covered;
    nodes += c.nodes;
    cpu += c.cpuSeconds;
    tours.push(...c.tours);
  }
  const complete = errors.length === 0 && done === count && prefixes !== null && covered === prefixes;
  if (done === count && prefixes !== null && covered !== prefixes) errors.push(`shards cover ${covered} prefixes of ${prefixes}`);
  return { complete, errors, shardCount: count, shardsDone: done, prefixes, covered, nodes, cpuSeconds: cpu, tours };
}
