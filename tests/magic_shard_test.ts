/**
 * The split of the enumeration into shards (solvers/magic/enumerate.ts) and
 * their merge (merge.ts): shards together find what one run finds, node for
 * node; a stopped and resumed shard ends like an uninterrupted one; the merge
 * refuses missing, doubled or short shards.
 */
import assert from "node:assert/strict";
import { enumerationKey, type EnumerationSpec, runShard, type ShardOutcome } from "../solvers/magic/enumerate.ts";
import { MAGIC_SHARD_FORMAT, type MagicShardCertificate } from "../solvers/magic/schema.ts";
import { expectedCovered, mergeShardCertificates } from "../solvers/magic/merge.ts";

const SPEC: EnumerationSpec = { n: 6, mode: "central", depth: 3 };
const fresh = { next: 0, covered: 0, nodes: 0, solutions: 0 };

function cert(o: ShardOutcome, index: number, count: number, tours: number[][]): MagicShardCertificate {
  return {
    format: MAGIC_SHARD_FORMAT,
    key: enumerationKey(SPEC),
    n: SPEC.n,
    mode: SPEC.mode,
    depth: SPEC.depth,
    shard: { index, count },
    done: o.done,
    next: o.done ? o.prefixes : o.next,
    prefixes: o.done ? o.prefixes : null,
    covered: o.covered,
    nodes: o.nodes,
    solutions: o.solutions,
    tours,
    cpuSeconds: 0,
    codeVersion: "test",
    startedAt: "",
    savedAt: "",
  };
}

function run(index: number, count: number): { out: ShardOutcome; tours: string[]; c: MagicShardCertificate } {
  const tours: number[][] = [];
  const out = runShard(SPEC, index, count, fresh, (sq) => void tours.push(Array.from(sq)));
  return { out, tours: tours.map((t) => t.join(",")), c: cert(out, index, count, tours) };
}

Deno.test("shards cover every prefix once and add up to the single run", () => {
  const whole = run(0, 1);
  assert.ok(whole.out.prefixes > 10, "the split has prefixes");
  for (const count of [2, 5]) {
    const parts = Array.from({ length: count }, (_, i) => run(i, count));
    assert.equal(parts.reduce((a, p) => a + p.out.covered, 0), whole.out.prefixes);
    assert.equal(parts.reduce((a, p) => a + p.out.nodes, 0), whole.out.nodes);
    assert.deepEqual(parts.flatMap((p) => p.tours).sort(), [...whole.tours].sort());
    parts.forEach((p, i) => assert.equal(p.out.covered, expectedCovered(whole.out.prefixes, i, count)));
    const m = mergeShardCertificates(enumerationKey(SPEC), count, parts.map((p) => p.c));
    assert.ok(m.complete, m.errors.join("; "));
    // Missing, doubled and short shards are refused.
    assert.equal(mergeShardCertificates(enumerationKey(SPEC), count, parts.slice(1).map((p) => p.c)).complete, false);
    const doubled = [...parts.map((p) => p.c), parts[0].c];
    assert.equal(mergeShardCertificates(enumerationKey(SPEC), count, doubled).complete, false);
    const short = parts.map((p, i) => (i === 0 ? { ...p.c, covered: p.c.covered - 1 } : p.c));
    assert.equal(mergeShardCertificates(enumerationKey(SPEC), count, short).complete, false);
  }
});

Deno.test("a stopped shard resumed from its progress ends with the same counts", () => {
  const whole = run(1, 3);
  let calls = 0;
  const first = runShard(SPEC, 1, 3, fresh, () => {}, () => ++calls >= 4);
  assert.equal(first.done, false);
  assert.equal(first.covered, 4);
  const rest = runShard(SPEC, 1, 3, first, () => {});
  assert.equal(rest.done, true);
  assert.equal(rest.covered, whole.out.covered);
  assert.equal(rest.nodes, whole.out.nodes);
  assert.equal(rest.solutions, whole.out.solutions);
});
