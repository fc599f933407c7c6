/**
 * A toy space for the shared run mechanism's tests (tests/run/sharded_run_test.ts),
 * in its own module so that workers can load it: units 0..T-1, each worth
 * (u * 7919) mod 101; the "claim" is that no unit is worth more than 100.
 */
import { additiveSlice, contiguousRange, type ShardedProver } from "../../solvers/proof/sharded.ts";
import type { RunPlace } from "../../scripts/lib/sharded-run.ts";

interface ToyState {
  next: number;
  counts: { units: number; sum: number; hits: number };
}
interface ToyShard {
  format: "toy/1";
  total: number;
  shard: { index: number; count: number };
  range: [number, number];
  counts: ToyState["counts"];
}

const worth = (u: number) => (u * 7919) % 101;

export function toyRange(lo: number, hi: number): ToyState["counts"] {
  let sum = 0, hits = 0;
  for (let u = lo; u < hi; u++) {
    sum += worth(u);
    if (worth(u) > 100) hits++;
  }
  return { units: hi - lo, sum, hits };
}

export function toyProver(
  total: number,
  dir: string,
): { prover: ShardedProver<ToyState, ToyShard, { sum: number; shards: string[] }>; place: RunPlace } {
  const prover: ShardedProver<ToyState, ToyShard, { sum: number; shards: string[] }> = {
    label: `toy-${total}`,
    total,
    contiguous: true,
    rangeOf: (i, n) => contiguousRange(total, i, n),
    open: (range, resume) =>
      additiveSlice(range, toyRange, () => ({ units: 0, sum: 0, hits: 0 }), (a, b) => ({
        units: a.units + b.units,
        sum: a.sum + b.sum,
        hits: a.hits + b.hits,
      }), resume),
    finish: (shard, range, state) => ({ format: "toy/1", total, shard, range, counts: state.counts }),
    readShard: (file, json) => {
      const c = json as ToyShard;
      if (c?.format !== "toy/1") return `${file} is not a toy shard`;
      if (c.total !== total) return `${file} is about another space (total ${c.total})`;
      return { shard: c.shard, range: c.range, certificate: c };
    },
    combine: (shards) => {
      const hits = shards.filter((s) => s.certificate.counts.hits > 0);
      if (hits.length) return { certificate: null, errors: hits.map((s) => `${s.file} has hits`) };
      return {
        certificate: { sum: shards.reduce((a, s) => a + s.certificate.counts.sum, 0), shards: shards.map((s) => s.sha256) },
        errors: [],
      };
    },
    saveCheckpoint: (c) => ({ format: "toy-checkpoint/1", ...c }),
    loadCheckpoint: (json) => {
      const c = json as { format?: string; state: ToyState; cpuSeconds: number; startedAt: string; codeVersion: string };
      return c?.format === "toy-checkpoint/1" ? c : "is not a toy checkpoint";
    },
    failure: (c) => (c.counts.hits ? "hits" : null),
    describe: (c) => `${c.counts.units} units`,
  };
  return { prover, place: { dir, codeVersion: "test", quiet: true } };
}
