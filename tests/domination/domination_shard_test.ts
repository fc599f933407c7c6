import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { symmetries } from "../../solvers/board/symmetry.ts";
import { buildDominationGraph } from "../../solvers/domination/graph.ts";
import { dominationPiece, type DominationPieceName } from "../../solvers/domination/pieces.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import {
  MergeError,
  mergeShards,
  runShard,
  type ShardableKind,
  type ShardCertificate,
  splitDigest,
  splitSubproblems,
} from "../../solvers/domination/shard.ts";

function shardCerts(
  piece: DominationPieceName,
  n: number,
  kind: ShardableKind,
  gamma: number,
  depth: number,
  of: number,
): ShardCertificate[] {
  const board = makeBoard([n, n]);
  const g = buildDominationGraph(board, dominationPiece(piece));
  const syms = symmetries(board).map((s) => s.map);
  const subs = splitSubproblems(g, { kind, limit: gamma, depth });
  const certs: ShardCertificate[] = [];
  for (let i = 0; i < of; i++) {
    const t = runShard(g, subs, i, of, { kind, limit: gamma, symmetries: syms });
    assert.equal(t.abortedAt, null);
    certs.push({
      format: "domination-shard/1",
      piece,
      board: [n, n],
      kind,
      gamma,
      gammaSource: "given",
      split: { depth, subproblems: subs.length, digest: splitDigest(subs), rule: "test" },
      shard: { index: i, of },
      subproblems: t.subproblems,
      count: t.count,
      canonical: t.canonical,
      stabilizerSum: t.stabilizerSum,
      symmetryCount: syms.length,
      minSize: t.minSize,
      maxSize: t.maxSize,
      nodes: t.nodes,
      cpuSeconds: 0,
      codeVersion: "test",
      date: "test",
    });
  }
  return certs;
}

const CASES: [DominationPieceName, number, ShardableKind][] = [
  ["queen", 5, "dominating"],
  ["queen", 6, "dominating"],
  ["queen", 7, "dominating"],
  ["queen", 8, "dominating"],
  ["queen", 5, "independent"],
  ["queen", 6, "total"],
  ["rook", 4, "dominating"],
  ["rook", 5, "dominating"],
  ["rook", 5, "total"],
  ["king", 4, "dominating"],
  ["king", 5, "dominating"],
  ["king", 5, "independent"],
  ["king", 6, "total"],
];

Deno.test("sharded count and classes equal the unsharded ones (several depths and shard counts)", () => {
  for (const [piece, n, kind] of CASES) {
    const whole = solveDomination({ board: makeBoard([n, n]), piece, kind, count: true });
    assert.equal(whole.status, "solved", `${piece} ${n} ${kind}`);
    for (const [depth, of] of [[0, 1], [1, 3], [2, 7], [3, 5]]) {
      const m = mergeShards(shardCerts(piece, n, kind, whole.gamma!, depth, of));
      const what = `${piece} ${n}x${n} ${kind} depth ${depth} shards ${of}`;
      assert.equal(m.count, whole.count, what);
      assert.equal(m.classes, whole.classes, what);
    }
  }
});

Deno.test("every subproblem belongs to exactly one shard, and the split is deterministic", () => {
  const g = buildDominationGraph(makeBoard([7, 7]), dominationPiece("queen"));
  const a = splitSubproblems(g, { kind: "dominating", limit: 4, depth: 2 });
  const b = splitSubproblems(g, { kind: "dominating", limit: 4, depth: 2 });
  assert.equal(splitDigest(a), splitDigest(b));
  assert.ok(a.length > 10);
  const certs = shardCerts("queen", 7, "dominating", 4, 2, 6);
  const seen = new Array(a.length).fill(0);
  for (const c of certs) for (const j of c.subproblems) seen[j]++;
  assert.ok(seen.every((x) => x === 1));
});

Deno.test("merge refuses a missing, duplicated, foreign or incomplete shard", () => {
  const certs = shardCerts("queen", 6, "dominating", 3, 2, 4);
  assert.equal(
    mergeShards(certs).count,
    solveDomination({ board: makeBoard([6, 6]), piece: "queen", kind: "dominating", count: true }).count,
  );
  assert.throws(() => mergeShards(certs.slice(1)), (e) => e instanceof MergeError && /missing shard 0/.test(e.message));
  assert.throws(() => mergeShards([...certs, certs[2]]), (e) => e instanceof MergeError && /present twice/.test(e.message));
  const other = shardCerts("queen", 6, "dominating", 3, 1, 4);
  assert.throws(() => mergeShards([...certs.slice(0, 3), other[3]]), (e) => e instanceof MergeError && /another run/.test(e.message));
  const short = { ...certs[1], subproblems: certs[1].subproblems.slice(1) };
  assert.throws(
    () => mergeShards([certs[0], short, certs[2], certs[3]]),
    (e) => e instanceof MergeError && /exactly its subproblems/.test(e.message),
  );
  // gamma too large: sets of several sizes turn up, which the merge must not add up as minimum sets
  const loose = shardCerts("queen", 6, "dominating", 4, 2, 2);
  assert.throws(() => mergeShards(loose), (e) => e instanceof MergeError && /not all of size gamma/.test(e.message));
});
