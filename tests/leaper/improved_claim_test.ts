/**
 * A longer solution of ours refutes a leaper claim (schema established.improved,
 * solvers/leaper/check.ts): verify calls the record disputed exactly when the
 * solution is legal, has the moves it states, is unique where the kind needs
 * it (here against a brute-force path count on random positions), beats the
 * claim and says it is ours; the cell's proof then targets its value
 * (certificate.ts cellParams), and an unmerged run's progress is read from its
 * shard files (scripts/families/leaper/lib/certificate-files.ts proofRunOf).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AtlasRecord, Witness } from "../../solvers/leaper/schema.ts";
import { checkRecord } from "../../solvers/leaper/check.ts";
import { cellParams } from "../../solvers/leaper/proof/certificate.ts";
import { leaperRecordOf } from "../../solvers/contributions/records.ts";
import { proofRunOf } from "../../scripts/families/leaper/lib/certificate-files.ts";
import { runShard } from "../../scripts/families/leaper/prove.ts";
import { shardRange } from "../../solvers/proof/sharded.ts";
import { buildSpace } from "../../solvers/leaper/proof/space.ts";
import { countPaths, leaperMatrix } from "../helpers/brute.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const W = 5;
const name = (s: number) => `${"abcde"[s % W]}${Math.floor(s / W) + 1}`;

function cell(claim: number, improved?: { value: number; witness: Witness }): AtlasRecord {
  return {
    id: "leaper-1-2-dual-free-5x5",
    family: "leaper",
    kind: "dual-free",
    piece: { type: "leaper", leap: [1, 2] },
    board: [W, W],
    cell: "leaper-1-2-dual-free-5x5",
    tableCell: true,
    claim: { author: null, publication: null, year: null, value: claim, status: "probable" },
    witness: null,
    established: { regenerated: null, ...(improved ? { improved } : {}), maximality: { status: "cited" } },
  };
}

const ours = (start: number, moves: number[]): Witness => ({
  start: name(start),
  moves: moves.map(name),
  origin: "generated",
  generatedBy: { method: "proof-run", seconds: 1, date: "2026-11-29" },
});

/** A self-avoiding knight walk of up to `len` moves from `start` on 5x5. */
function walk(rng: ReturnType<typeof mulberry32>, start: number, len: number): number[] {
  const path = [start];
  for (let i = 0; i < len; i++) {
    const v = path[path.length - 1];
    const next = [...Array(W * W).keys()].filter((w) => {
      const dx = Math.abs((v % W) - (w % W)), dy = Math.abs(Math.floor(v / W) - Math.floor(w / W));
      return ((dx === 1 && dy === 2) || (dx === 2 && dy === 1)) && !path.includes(w);
    });
    if (next.length === 0) break;
    path.push(rng.pick(next));
  }
  return path.slice(1);
}

Deno.test("improved: disputed exactly when the longer solution is unique (brute force), on random positions", () => {
  let disputed = 0, failed = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const rng = mulberry32(seed);
    const start = rng.int(0, W * W - 1);
    const moves = walk(rng, start, rng.int(3, 10));
    if (moves.length < 2) continue;
    const unique = countPaths(leaperMatrix(W, [1, 2], [start, ...moves]), 0) === 1;
    withInstance(seed, () => `${name(start)}: ${moves.map(name).join(" ")}`, () => {
      const r = cell(moves.length - 1, { value: moves.length, witness: ours(start, moves) });
      const c = checkRecord(r);
      assert.equal(c.status, unique ? "disputed" : "failed", c.errors.join("; "));
      assert.equal(c.ok, unique);
      if (!unique) assert.match(c.errors.join("; "), /improved solution: not dual-free/);
      assert.equal((cellParams(r) as { claimed: number }).claimed, moves.length);
    });
    if (unique) disputed++;
    else failed++;
  }
  // Both outcomes must occur, or the test proves nothing.
  assert.ok(disputed > 10 && failed > 10, `disputed ${disputed}, failed ${failed}`);
});

Deno.test("improved: an illegal move, a wrong length, no gain over the claim, or a published origin fail", () => {
  // A unique 5x5 knight series: the first random walk that the brute force calls unique.
  let start = -1, moves: number[] = [];
  for (let seed = 1; start < 0; seed++) {
    const rng = mulberry32(seed);
    const s = rng.int(0, W * W - 1), m = walk(rng, s, 8);
    if (m.length >= 6 && countPaths(leaperMatrix(W, [1, 2], [s, ...m]), 0) === 1) [start, moves] = [s, m];
  }
  const L = moves.length;
  assert.equal(checkRecord(cell(L - 1, { value: L, witness: ours(start, moves) })).status, "disputed");
  const cases: [string, AtlasRecord, RegExp][] = [
    [
      "two moves swapped",
      cell(L - 1, { value: L, witness: ours(start, [moves[1], moves[0], ...moves.slice(2)]) }),
      /improved solution: move \d+ \S+ is not a .* move/,
    ],
    ["a wrong length", cell(L - 1, { value: L + 1, witness: ours(start, moves) }), /has \d+ moves, stated/],
    ["no gain", cell(L, { value: L, witness: ours(start, moves) }), /does not beat the claim/],
    ["published", cell(L - 1, { value: L, witness: { ...ours(start, moves), origin: "published", generatedBy: undefined } }), /not marked/],
  ];
  for (const [what, r, why] of cases) {
    const c = checkRecord(r);
    assert.equal(c.status, "failed", what);
    assert.match(c.errors.join("; "), why, what);
  }
});

Deno.test("proofRunOf: an unmerged run's shards toward our value, and a shard that beats it named", async () => {
  const dir = mkdtempSync(join(tmpdir(), "improved-run-"));
  try {
    // Claim 19, our 20: the run asks whether anything beats 20 (knight 5x5's maximum is 21, so shards find hits).
    const r = cell(19, { value: 20, witness: ours(0, [7]) });
    const recordsPath = join(dir, "records.json");
    writeFileSync(recordsPath, JSON.stringify({ family: "leaper", description: "test", records: [r] }));
    const env = { proofsDir: join(dir, "proofs"), recordsPath, quiet: true, symmetry: true, updateRecords: false, codeVersion: "test" };
    const runDir = join(env.proofsDir, r.id);
    assert.equal(proofRunOf(r, runDir), null);
    for (const i of [0, 3]) assert.equal((await runShard(env, r.id, { index: i, count: 4 })).status, "done");
    const space = buildSpace("dual-free", [1, 2], [W, W], 20);
    const got = proofRunOf(r, runDir)!;
    const size = (i: number) => shardRange(space.total, i, 4)[1] - shardRange(space.total, i, 4)[0];
    assert.equal(got.run.done, 2);
    assert.equal(got.run.of, 4);
    assert.equal(got.run.covered, size(0) + size(3));
    assert.equal(got.run.total, space.total);
    const shards = [0, 3].map((i) => JSON.parse(readFileSync(join(runDir, `shard-${i}-of-4.json`), "utf8")));
    assert.equal(shards.every((s) => s.claimed === 20), true);
    const hits = shards.reduce((a, s) => a + s.hits, 0);
    assert.equal(got.errors.filter((e) => /disprove the claim of 20/.test(e)).length, shards.filter((s) => s.hits > 0).length);
    assert.ok(hits > 0, "knight 5x5 has dual-free 21s: some shard must meet one");
    // A shard edited to cover more than it did is refused, not counted.
    const s0 = shards[0];
    writeFileSync(join(runDir, "shard-0-of-4.json"), JSON.stringify({ ...s0, positions: s0.positions + 1 }));
    const tampered = proofRunOf(r, runDir)!;
    assert.equal(tampered.run.done, 1);
    assert.match(tampered.errors.join("; "), /shard-0-of-4\.json: .*positions/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("improved: a contribution is measured against our longer solution, not the refuted claim", () => {
  const r = cell(19, { value: 20, witness: ours(0, [7]) });
  const c = (value: number) =>
    ({
      id: "test",
      family: "leaper",
      piece: "[1,2]",
      kind: "dual-free",
      board: [W, W],
      start: "a1",
      moves: Array.from({ length: value }, () => "c2"),
      value,
      author: "Test",
      year: 2026,
      source: { title: "Test" },
    }) as unknown as Parameters<typeof leaperRecordOf>[0];
  assert.equal(leaperRecordOf(c(20), [r], "t.json").standing, "tie");
  assert.equal(leaperRecordOf(c(21), [r], "t.json").standing, "beats");
  assert.equal(leaperRecordOf(c(20), [cell(19)], "t.json").standing, "beats");
});

/**
 * Hamiltonian paths from `start` through every square of `men` (coordinates only, no engine code), counted up to 2.
 * Pruning: after each step, a man no unvisited square leads to (and not next to the head) can never be taken,
 * and a man with exactly one way in left must be the last one taken, so two such men end the branch.
 */
function plainCount(start: [number, number], men: [number, number][], leap: [number, number]): number {
  const squares = [start, ...men];
  const near = (a: [number, number], b: [number, number]) => {
    const dx = Math.abs(a[0] - b[0]), dy = Math.abs(a[1] - b[1]);
    return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
  };
  // Vertex 0 is the start, 1..n the men.
  const nb = squares.map((v) => squares.flatMap((w, j) => (j > 0 && near(v, w) ? [j] : [])));
  const visited = new Uint8Array(squares.length);
  visited[0] = 1;
  let count = 0;
  const walk = (v: number, left: number): void => {
    if (count >= 2) return;
    if (left === 0) {
      count++;
      return;
    }
    for (const w of nb[v]) {
      if (visited[w]) continue;
      visited[w] = 1;
      let ends = 0;
      for (let u = 1; u < squares.length && ends <= 1; u++) {
        if (visited[u]) continue;
        let ways = 0;
        for (const x of nb[u]) if (!visited[x] || x === w) ways++;
        if (ways === 0) ends = 2;
        else if (ways === 1) ends++;
      }
      if (ends <= 1) walk(w, left - 1);
      visited[w] = 0;
    }
  };
  walk(0, men.length);
  return count;
}

const coords = (name: string): [number, number] => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

Deno.test("plainCount agrees with the brute force on random 5x5 knight positions", () => {
  for (let seed = 1; seed <= 100; seed++) {
    const rng = mulberry32(seed);
    const start = rng.int(0, W * W - 1);
    const moves = walk(rng, start, rng.int(2, 9));
    const expected = Math.min(2, countPaths(leaperMatrix(W, [1, 2], [start, ...moves]), 0));
    const got = plainCount(coords(name(start)), moves.map((m) => coords(name(m))), [1, 2]);
    assert.equal(got, expected, `seed ${seed}`);
  }
});

Deno.test("the knight 8x8 54 of the records has exactly one capture order by a plain count, beside the engine", () => {
  const records = JSON.parse(readFileSync(new URL("../../data/leaper/records.json", import.meta.url), "utf8")).records as AtlasRecord[];
  const r = records.find((x) => x.id === "leaper-1-2-dual-free-8x8")!;
  const w = r.established.improved!.witness;
  assert.equal(w.moves.length, 54);
  assert.equal(plainCount(coords(w.start), w.moves.map(coords), [1, 2]), 1);
  // And a man moved to a free square makes it fail or gain solutions: the count is not a constant.
  const free = [...Array(64).keys()].map((i) => `${"abcdefgh"[i % 8]}${Math.floor(i / 8) + 1}`).find((s) =>
    s !== w.start && !w.moves.includes(s)
  )!;
  assert.notEqual(plainCount(coords(w.start), [...w.moves.slice(0, -1), free].map(coords), [1, 2]), 1);
});

Deno.test("verify: a further record that claims a maximum the cell's longer solution beats is disputed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "improved-verify-"));
  try {
    const { leaperFamily } = await import("../../scripts/families/leaper/verify.ts");
    const text = readFileSync(new URL("../../data/leaper/records.json", import.meta.url), "utf8");
    const statusOf = async (records: string) => {
      const path = join(dir, "records.json");
      writeFileSync(path, records);
      const results = await leaperFamily.verify({ files: [path], only: "knight-8x8-sd5" });
      return results.find((c) => c.id === "knight-8x8-sd53-b1")?.status;
    };
    // The real data: the booklet's further 53 falls with the cell's refuted 53.
    assert.equal(await statusOf(text), "disputed");
    // Without our longer solution in the cell, the same record is merely verified.
    const file = JSON.parse(text) as { records: AtlasRecord[] };
    for (const r of file.records) if (r.id === "leaper-1-2-dual-free-8x8") delete r.established.improved;
    assert.equal(await statusOf(JSON.stringify(file)), "verified");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
