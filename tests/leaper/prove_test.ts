/**
 * The proof machinery (solvers/proof, scripts/families/leaper/prove.ts) against independent
 * computations:
 *
 * - combination ranking against a plain recursive enumeration sorted by colex;
 * - the fast position test against oneLevel + decideUnique (and the engine for
 *   cycles) on random positions reached by random add/remove sequences;
 * - whole spaces on 4x4 and 3x5 boards against a subset dynamic programme over
 *   bitmasks built from coordinates (it knows nothing of components, one-level
 *   tests, ranking or symmetry): the number of positions that disprove a claim,
 *   and T as a sum of binomials over independently computed components;
 * - sharded runs against the unsharded run, interrupted runs against
 *   uninterrupted ones, and merges that must refuse.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { canonicalSquares } from "../../solvers/board/symmetry.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { countHamiltonianPaths, decideUnique } from "../../solvers/hamiltonian/engine.ts";
import { oneLevel } from "../../solvers/hamiltonian/one-level.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import type { AtlasRecord } from "../../solvers/leaper/schema.ts";
import { binomial, colexRank, colexUnrank, nextColex } from "../../solvers/proof/combinations.ts";
import { popcount32 } from "../../solvers/lib/bits.ts";
import { InducedGraphBuffer, PositionTester, TEST_NAMES } from "../../solvers/leaper/proof/position-test.ts";
import { buildSpace, componentCandidates, type ProofKind } from "../../solvers/leaper/proof/space.ts";
import { shardRange } from "../../solvers/proof/sharded.ts";
import { emptyCounts, modeOf, positionAt, type ProofCounts, ProofRun } from "../../solvers/leaper/proof/run.ts";
import { checkCertificate, mergeShards, type ShardCertificate, type ShardFile } from "../../solvers/leaper/proof/certificate.ts";
import {
  checkCertificateFiles,
  loadCell,
  mergeCell,
  parseShard,
  proveCell,
  type ProveEnv,
  runShard,
} from "../../scripts/families/leaper/prove.ts";
import { countCycles, countPaths, leaperMatrix } from "../helpers/brute.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

// ---------------------------------------------------------------------------
// Helpers

function addCounts(a: ProofCounts, b: ProofCounts): ProofCounts {
  const r = { ...a, rejected: { ...a.rejected } };
  r.positions += b.positions;
  r.skippedBySymmetry += b.skippedBySymmetry;
  for (const t of ["K", "N", "D", "S", "3", "C"] as const) r.rejected[t] += b.rejected[t];
  r.searched += b.searched;
  r.nodes += b.nodes;
  r.hits += b.hits;
  r.hitExamples = [...a.hitExamples, ...b.hitExamples];
  return r;
}

function record(id: string, kind: ProofKind, leap: [number, number], dims: number[], value: number): AtlasRecord {
  return {
    id,
    family: "leaper",
    kind,
    piece: { type: "leaper", leap },
    board: dims,
    cell: id,
    tableCell: true,
    claim: { author: null, publication: null, year: null, value, status: "absolute" },
    witness: null,
    established: { regenerated: null, maximality: { status: "cited" } },
  };
}

function tempEnv(records: AtlasRecord[]): ProveEnv {
  const dir = mkdtempSync(join(tmpdir(), "prove-test-"));
  const recordsPath = join(dir, "records.json");
  writeFileSync(recordsPath, JSON.stringify({ family: "leaper", description: "test", records }, null, 1) + "\n");
  return { proofsDir: join(dir, "proofs"), recordsPath, quiet: true, symmetry: true, updateRecords: true, codeVersion: "test" };
}

function cleanup(env: ProveEnv): void {
  rmSync(join(env.proofsDir, ".."), { recursive: true, force: true });
}

const TIMING = new Set(["cpuSeconds", "startedAt", "finishedAt", "mergedAt"]);
function withoutTiming(json: unknown): unknown {
  return JSON.parse(JSON.stringify(json, (k, v) => (TIMING.has(k) ? undefined : v)));
}

/** Leaper adjacency of a w×h board from coordinates, as bit masks per square. */
function neighbourMasks(w: number, h: number, leap: readonly [number, number]): number[] {
  const n = w * h;
  const out = new Array<number>(n).fill(0);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const dx = Math.abs((a % w) - (b % w));
      const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
      if ((dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0])) out[a] |= 1 << b;
    }
  }
  return out;
}

/**
 * For one start: f[mask * n + v] = number of paths from s covering exactly the
 * squares of mask and ending on v, saturated at 2. Then the positions that
 * disprove a claim of L (start + men = mask, men outside the component
 * allowed) are counted directly from their definition.
 */
function bruteHits(w: number, h: number, leap: readonly [number, number], s: number, kind: ProofKind, L: number): number {
  return bruteHitsAndOrbits(w, h, leap, s, kind, L).hits;
}

/** Square permutations of the w×h board's symmetries, from coordinates. */
function boardMaps(w: number, h: number): number[][] {
  const maps: number[][] = [];
  const fs: ((x: number, y: number) => [number, number])[] = [
    (x, y) => [x, y],
    (x, y) => [w - 1 - x, y],
    (x, y) => [x, h - 1 - y],
    (x, y) => [w - 1 - x, h - 1 - y],
  ];
  if (w === h) fs.push((x, y) => [y, x], (x, y) => [w - 1 - y, x], (x, y) => [y, w - 1 - x], (x, y) => [w - 1 - y, w - 1 - x]);
  for (const f of fs) {
    maps.push(Array.from({ length: w * h }, (_, q) => {
      const [x, y] = f(q % w, Math.floor(q / w));
      return x + w * y;
    }));
  }
  return maps;
}

/**
 * The hits, and their number of orbits under the symmetries fixing s (a run
 * with symmetry searches one position per orbit, and hitting is invariant).
 */
function bruteHitsAndOrbits(
  w: number,
  h: number,
  leap: readonly [number, number],
  s: number,
  kind: ProofKind,
  L: number,
): { hits: number; orbits: number } {
  const stab = boardMaps(w, h).filter((m) => m[s] === s);
  let orbits = 0;
  const n = w * h;
  const nb = neighbourMasks(w, h, leap);
  const f = new Uint8Array((1 << n) * n);
  f[(1 << s) * n + s] = 1;
  let hits = 0;
  for (let mask = 1; mask < 1 << n; mask++) {
    if (!(mask & (1 << s))) continue;
    if (mask !== 1 << s) {
      for (let v = 0; v < n; v++) {
        if (v === s || !(mask & (1 << v))) continue;
        const prev = mask ^ (1 << v);
        let c = 0;
        for (let u = 0; u < n; u++) if (prev & (1 << u) && nb[u] & (1 << v)) c += f[prev * n + u];
        f[mask * n + v] = Math.min(2, c);
      }
    }
    const size = popcount32(mask);
    if (size < L + 2) continue;
    let total = 0;
    let closes = false;
    for (let v = 0; v < n; v++) {
      total += f[mask * n + v];
      if (v !== s && f[mask * n + v] > 0 && nb[v] & (1 << s)) closes = true;
    }
    const hit = (kind === "dual-free" && total === 1) || (kind === "open" && size === L + 2 && total > 0) || (kind === "closed" && closes);
    if (!hit) continue;
    hits++;
    let least = true;
    for (const map of stab) {
      let img = 0;
      for (let v = 0; v < n; v++) if (mask & (1 << v)) img |= 1 << map[v];
      if (img < mask) least = false;
    }
    if (least) orbits++;
  }
  return { hits, orbits };
}

/** Component sizes from coordinates (flood fill over the masks), for T. */
function componentSize(w: number, h: number, leap: readonly [number, number], s: number): number {
  const nb = neighbourMasks(w, h, leap);
  let seen = 1 << s;
  let frontier = seen;
  while (frontier) {
    let next = 0;
    for (let v = 0; v < w * h; v++) if (frontier & (1 << v)) next |= nb[v];
    frontier = next & ~seen;
    seen |= next;
  }
  return popcount32(seen);
}

function pascal(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let row = [1n];
  for (let i = 0; i < n; i++) row = [...row.map((x, j) => x + (row[j - 1] ?? 0n)), 1n];
  return row[k];
}

// ---------------------------------------------------------------------------
// Combinations

Deno.test("colex rank, unrank and successor agree with a recursive enumeration", () => {
  for (let m = 0; m <= 10; m++) {
    for (let k = 0; k <= m; k++) {
      const all: number[][] = [];
      const rec = (from: number, acc: number[]) => {
        if (acc.length === k) return void all.push([...acc]);
        for (let v = from; v < m; v++) rec(v + 1, [...acc, v]);
      };
      rec(0, []);
      // Colex: compare from the largest element down.
      all.sort((a, b) => {
        for (let i = k - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i] - b[i];
        return 0;
      });
      assert.equal(all.length, Number(pascal(m, k)), `count C(${m},${k})`);
      assert.equal(binomial(m, k), Number(pascal(m, k)));
      const c = new Int32Array(Math.max(1, k));
      for (let r = 0; r < all.length; r++) {
        assert.equal(colexRank(all[r], k), r, `rank of ${all[r]} in C(${m},${k})`);
        colexUnrank(r, k, m, c);
        assert.deepEqual(Array.from(c.subarray(0, k)), all[r], `unrank ${r} in C(${m},${k})`);
        const i = nextColex(c, k, m);
        if (r + 1 < all.length) assert.deepEqual(Array.from(c.subarray(0, k)), all[r + 1], `successor of ${all[r]}`);
        else assert.equal(i, -1, `no successor after the last of C(${m},${k})`);
      }
    }
  }
  // Large ranks stay exact: the last 10-subset of 60 has rank C(60,10) - 1.
  const c = new Int32Array(10);
  colexUnrank(Number(pascal(60, 10)) - 1, 10, 60, c);
  assert.deepEqual(Array.from(c), [50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
  assert.equal(colexRank(c, 10), Number(pascal(60, 10)) - 1);
});

Deno.test("shard ranges tile [0, T) for any split", () => {
  for (const T of [0, 1, 7, 100, 12345, 2 ** 52 + 3]) {
    for (const N of [1, 2, 3, 7, 64]) {
      let at = 0;
      for (let i = 0; i < N; i++) {
        const [lo, hi] = shardRange(T, i, N);
        assert.equal(lo, at);
        assert.ok(hi >= lo);
        at = hi;
      }
      assert.equal(at, T);
    }
  }
  assert.throws(() => parseShard("3/3"), /below N/);
  assert.throws(() => parseShard("0/0"), /at least 1/);
  assert.throws(() => parseShard("1-4"), /expected i\/N/);
  assert.deepEqual(parseShard("2/5"), { index: 2, count: 5 });
});

// ---------------------------------------------------------------------------
// The fast position test

Deno.test("fast position test agrees with oneLevel + decideUnique on random positions", () => {
  const seed = 1040;
  const rng = mulberry32(seed);
  const leaps: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 3], [2, 2], [1, 4], [0, 3]];
  const fired = { unique: {} as Record<string, number>, path: {} as Record<string, number>, cycle: {} as Record<string, number> };
  let passedUnique = 0;
  let hitsUnique = 0;
  let cases = 0;
  while (cases < 4000) {
    const w = rng.int(3, 7);
    const h = rng.int(3, 7);
    const leap = rng.pick(leaps);
    const board = makeBoard([w, h]);
    const piece = leaper(leap[0], leap[1]);
    const g = moveGraph(board, piece, Array.from({ length: board.size }, (_, i) => i));
    const s = rng.int(0, board.size - 1);
    const cand = componentCandidates(g, s);
    if (cand.length === 0) continue;
    cases++;
    const mode = rng.pick(["unique", "unique", "path", "cycle"] as const);
    const p = rng.pick([0.5, 0.75, 0.9, 0.97]);
    const tester = new PositionTester(g, mode);
    tester.setStart(s, cand);
    const inPos = new Set<number>(cand);
    // Random removals (or two square patches, around the start and another
    // square: often disconnected with every degree >= 2, test C's ground), then
    // random toggles: exercises add and remove.
    const patches = rng.chance(0.25);
    const u = rng.pick(Array.from(cand));
    const r1 = rng.int(1, 2);
    const r2 = rng.int(1, 2);
    const near = (a: number, b: number, r: number) =>
      Math.max(Math.abs((a % w) - (b % w)), Math.abs(Math.floor(a / w) - Math.floor(b / w))) <= r;
    for (const v of cand) {
      const keep = patches ? near(v, s, r1) || near(v, u, r2) : rng.chance(p);
      if (!keep) {
        tester.remove(v);
        inPos.delete(v);
      }
    }
    for (let t = rng.int(0, 6); t > 0; t--) {
      const v = rng.pick(Array.from(cand));
      if (inPos.has(v)) {
        tester.remove(v);
        inPos.delete(v);
      } else {
        tester.add(v);
        inPos.add(v);
      }
    }
    if (inPos.size === 0) {
      const v = cand[0];
      tester.add(v);
      inPos.add(v);
    }
    const men = [...inPos].sort((a, b) => a - b);
    const ref = moveGraph(board, piece, [s, ...men]);
    withInstance(seed, () => `${w}x${h} [${leap}] ${mode} start ${s} men ${men.join(",")}`, () => {
      const code = tester.test();
      const got = TEST_NAMES[code] || null;
      const buf = new InducedGraphBuffer(g);
      if (mode !== "cycle") {
        const v = oneLevel({ graph: ref, start: 0, end: -1, uniqueOnly: mode === "unique" });
        assert.equal(got, v.rejectedBy, "same rejecting test as oneLevel");
        if (got) fired[mode][got] = (fired[mode][got] ?? 0) + 1;
        if (got) return;
        const mine = buf.build(tester);
        if (mode === "unique") {
          passedUnique++;
          const a = decideUnique(mine, { start: 0 });
          const b = decideUnique(ref, { start: 0 });
          assert.equal(a.unique, b.unique, "same uniqueness on the buffer graph");
          if (a.unique) hitsUnique++;
          if (men.length <= 11) assert.equal(a.unique, countPaths(leaperMatrix(w, leap, [s, ...men]), 0) === 1, "brute force agrees");
        } else {
          const a = countHamiltonianPaths(mine, { start: 0, limit: 1 }).solutions > 0;
          assert.equal(a, countHamiltonianPaths(ref, { start: 0, limit: 1 }).solutions > 0);
        }
      } else {
        const exists = countHamiltonianPaths(ref, { start: 0, closed: true, limit: 1 }).solutions > 0;
        if (men.length <= 11) assert.equal(exists, countCycles(leaperMatrix(w, leap, [s, ...men]), 0) > 0, "brute force agrees on cycles");
        if (got) {
          fired.cycle[got] = (fired.cycle[got] ?? 0) + 1;
          assert.equal(exists, false, `cycle test ${got} rejected a position with a cycle`);
        } else {
          const mine = buf.build(tester);
          assert.equal(countHamiltonianPaths(mine, { start: 0, closed: true, limit: 1 }).solutions > 0, exists);
        }
      }
    });
  }
  // The sample must exercise every test, and reach the engine with both outcomes.
  for (const t of ["K", "N", "D", "S", "3"]) {
    assert.ok((fired.unique[t] ?? 0) > 0, `test ${t} never fired for dual-free: ${JSON.stringify(fired.unique)}`);
  }
  for (const t of ["K", "D", "S", "3", "C"]) {
    assert.ok((fired.path[t] ?? 0) + (fired.unique[t] ?? 0) > 0, `test ${t} never fired: ${JSON.stringify(fired)}`);
  }
  for (const t of ["K", "S", "3"]) assert.ok((fired.cycle[t] ?? 0) > 0, `cycle test ${t} never fired: ${JSON.stringify(fired.cycle)}`);
  assert.ok(passedUnique > 20 && hitsUnique > 0 && hitsUnique < passedUnique, `engine outcomes: ${hitsUnique} of ${passedUnique}`);
});

// ---------------------------------------------------------------------------
// Whole spaces

const SMALL_CASES: { kind: ProofKind; leap: [number, number]; dims: [number, number]; claimed: number }[] = [
  { kind: "dual-free", leap: [1, 2], dims: [4, 4], claimed: 11 },
  { kind: "dual-free", leap: [1, 2], dims: [4, 4], claimed: 9 },
  { kind: "dual-free", leap: [0, 1], dims: [4, 4], claimed: 12 },
  { kind: "dual-free", leap: [1, 1], dims: [4, 4], claimed: 4 },
  { kind: "dual-free", leap: [1, 2], dims: [5, 3], claimed: 8 },
  { kind: "open", leap: [1, 2], dims: [4, 4], claimed: 12 },
  { kind: "open", leap: [0, 1], dims: [4, 4], claimed: 14 },
  { kind: "open", leap: [1, 2], dims: [5, 3], claimed: 10 },
  { kind: "closed", leap: [0, 1], dims: [4, 4], claimed: 13 },
  { kind: "closed", leap: [1, 2], dims: [4, 4], claimed: 5 },
  { kind: "closed", leap: [1, 1], dims: [4, 4], claimed: 1 },
];

Deno.test("T and the hits agree with a bitmask brute force over all positions", () => {
  let sawOrbits = false;
  for (const c of SMALL_CASES) {
    const [w, h] = c.dims;
    const space = buildSpace(c.kind, c.leap, c.dims, c.claimed);
    const starts = canonicalSquares(makeBoard(c.dims));
    let T = 0n;
    let hits = 0;
    let orbits = 0;
    for (const s of starts) {
      const m = componentSize(w, h, c.leap, s) - 1;
      const jMin = c.claimed + 1;
      const jMax = c.kind === "open" ? c.claimed + 1 : m;
      for (let j = jMin; j <= jMax; j++) T += pascal(m, j);
      const b = bruteHitsAndOrbits(w, h, c.leap, s, c.kind, c.claimed);
      hits += b.hits;
      orbits += b.orbits;
    }
    const what = `${c.kind} [${c.leap}] ${c.dims.join("x")} claim ${c.claimed}`;
    assert.equal(space.totalBig, T, `T of ${what}`);
    const plain = new ProofRun(space, 0, space.total, undefined, { symmetry: false });
    plain.step(Infinity);
    const p = plain.state().counts;
    assert.equal(p.hits, hits, `hits of ${what} without symmetry`);
    assert.equal(p.positions, space.total);
    const sym = new ProofRun(space, 0, space.total);
    sym.step(Infinity);
    const q = sym.state().counts;
    assert.equal(q.hits, orbits, `with symmetry, one hit per orbit: ${what}`);
    if (orbits < hits) sawOrbits = true;
    assert.equal(q.positions + q.skippedBySymmetry, space.total);
    assert.deepEqual(q.rejected, p.rejected, "one-level counts do not depend on symmetry");
  }
  // The cases include true claims and refuted ones, and hits in orbits of size 2 or more.
  const outcomes = SMALL_CASES.map((c) => {
    const sp = buildSpace(c.kind, c.leap, c.dims, c.claimed);
    const r = new ProofRun(sp, 0, sp.total);
    r.step(Infinity);
    return r.state().counts.hits > 0;
  });
  assert.ok(outcomes.includes(true) && outcomes.includes(false));
  assert.ok(sawOrbits, "some hits come in orbits of two or more");
});

Deno.test("every position's verdict matches oneLevel + the engine on the position rebuilt from its index", () => {
  for (
    const [kind, leap, dims, claimed] of [
      ["dual-free", [1, 2], [5, 5], 20],
      ["open", [1, 2], [5, 5], 21],
      ["closed", [1, 2], [5, 5], 21],
      ["dual-free", [2, 3], [5, 5], 12],
    ] as [ProofKind, [number, number], number[], number][]
  ) {
    const space = buildSpace(kind, leap, dims, claimed);
    const run = new ProofRun(space, 0, space.total, undefined, { symmetry: false });
    run.step(Infinity);
    const got = run.state().counts;
    const want = emptyCounts();
    const piece = leaper(leap[0], leap[1]);
    const mode = modeOf(kind);
    for (let i = 0; i < space.total; i++) {
      const pos = positionAt(space, i);
      const g = moveGraph(space.board, piece, [pos.start, ...pos.men]);
      want.positions++;
      if (mode !== "cycle") {
        const v = oneLevel({ graph: g, start: 0, end: -1, uniqueOnly: mode === "unique" });
        if (v.rejectedBy) {
          want.rejected[v.rejectedBy]++;
          continue;
        }
        want.searched++;
        const hit = mode === "unique"
          ? decideUnique(g, { start: 0 }).unique
          : countHamiltonianPaths(g, { start: 0, limit: 1 }).solutions > 0;
        if (hit) want.hits++;
      } else if (countHamiltonianPaths(g, { start: 0, closed: true, limit: 1 }).solutions > 0) want.hits++;
    }
    const what = `${kind} [${leap}] ${dims.join("x")} claim ${claimed}`;
    assert.equal(got.positions, want.positions, what);
    assert.equal(got.hits, want.hits, `hits of ${what}`);
    if (mode !== "cycle") {
      assert.deepEqual(got.rejected, want.rejected, `rejections of ${what}`);
      assert.equal(got.searched, want.searched, `searched of ${what}`);
    }
    // A hit example is a real position with a real solution.
    for (const h of got.hitExamples) {
      const b = space.board;
      const sq = [h.start, ...h.men].map((x) => parseSquare(b, x));
      const adj = leaperMatrix(dims[0], leap, sq);
      const path = [h.start, ...h.solution].map((x) => sq.indexOf(parseSquare(b, x)));
      assert.equal(new Set(path).size, sq.length, "solution visits every square once");
      for (let i = 1; i < path.length; i++) assert.ok(adj[path[i - 1]][path[i]], "solution moves are leaps");
      if (mode === "cycle") assert.ok(adj[path[path.length - 1]][path[0]], "cycle closes");
    }
  }
});

Deno.test("the union of the shards equals the unsharded run (N = 1, 2, 3, 7)", () => {
  for (
    const [kind, leap, dims, claimed] of [
      ["dual-free", [1, 2], [6, 6], 31],
      ["closed", [1, 2], [5, 5], 20],
    ] as [ProofKind, [number, number], number[], number][]
  ) {
    const space = buildSpace(kind, leap, dims, claimed);
    const whole = new ProofRun(space, 0, space.total);
    whole.step(Infinity);
    const w = whole.state().counts;
    assert.ok(w.hits > 0 && w.skippedBySymmetry > 0, "the case has hits and symmetric skips");
    for (const N of [1, 2, 3, 7]) {
      let sum = emptyCounts();
      for (let i = 0; i < N; i++) {
        const [lo, hi] = shardRange(space.total, i, N);
        const r = new ProofRun(space, lo, hi);
        // Uneven steps: the chunking must not matter.
        while (!r.done) r.step(1 + ((r.next * 7919) % 97));
        const c = r.state().counts;
        assert.equal(c.positions + c.skippedBySymmetry, hi - lo);
        sum = addCounts(sum, c);
      }
      const what = `${kind} ${dims.join("x")} claim ${claimed}, ${N} shards`;
      assert.equal(sum.positions, w.positions, what);
      assert.equal(sum.skippedBySymmetry, w.skippedBySymmetry, what);
      assert.deepEqual(sum.rejected, w.rejected, what);
      assert.equal(sum.searched, w.searched, what);
      assert.equal(sum.nodes, w.nodes, what);
      assert.equal(sum.hits, w.hits, what);
      assert.deepEqual(sum.hitExamples.slice(0, 3).map((h) => h.index), w.hitExamples.slice(0, 3).map((h) => h.index));
    }
  }
});

// ---------------------------------------------------------------------------
// Scripts: shards on disk, resume, merge, certificates

const KNIGHT_4 = "leaper-1-2-dual-free-4x4";
const KNIGHT_5 = "leaper-1-2-dual-free-5x5";

Deno.test("end to end: a true claim is proven, an understated one refused with a hit", async () => {
  const env = tempEnv([
    record(KNIGHT_4, "dual-free", [1, 2], [4, 4], 11),
    record(KNIGHT_5, "dual-free", [1, 2], [5, 5], 20),
    record("leaper-1-2-open-4x4", "open", [1, 2], [4, 4], 14),
  ]);
  try {
    const ok = await proveCell(env, KNIGHT_4, { inProcess: true });
    assert.equal(ok.status, "proven");
    const certPath = join(env.proofsDir, KNIGHT_4, "certificate.json");
    const cert = JSON.parse(readFileSync(certPath, "utf8"));
    const rec = JSON.parse(readFileSync(env.recordsPath, "utf8")).records.find((r: AtlasRecord) => r.id === KNIGHT_4);
    assert.equal(rec.established.maximality.status, "proven-here");
    assert.match(rec.established.maximality.certificate, /leaper-1-2-dual-free-4x4\/certificate\.json$/);
    assert.deepEqual(checkCertificate(rec, cert), []);
    assert.deepEqual(await checkCertificateFiles(rec, certPath), []);
    assert.equal(cert.total, Number(pascal(15, 15) + pascal(15, 14) + pascal(15, 13) + pascal(15, 12)) * 3);
    assert.ok(!existsSync(join(env.proofsDir, KNIGHT_4, "checkpoints", "shard-0-of-1.json")), "checkpoint removed");

    // The same certificate does not prove another claim, and tampering shows.
    assert.ok(checkCertificate({ ...rec, claim: { ...rec.claim, value: 12 } }, cert).length > 0);
    assert.ok(checkCertificate(rec, { ...cert, total: cert.total - 1 }).length > 0);
    assert.ok(checkCertificate(rec, { ...cert, shards: [] }).length > 0);
    assert.ok(checkCertificate(rec, { ...cert, positions: cert.positions - 1, skippedBySymmetry: cert.skippedBySymmetry + 1 }).length > 0);
    const shardPath = join(env.proofsDir, KNIGHT_4, "shard-0-of-1.json");
    writeFileSync(shardPath, readFileSync(shardPath, "utf8").replace('"searched":', '"searched": '));
    assert.match((await checkCertificateFiles(rec, certPath)).join(" "), /SHA-256/);

    // Knight 5x5 has dual-free sequences of 21: the claim 20 must fall.
    const bad = await proveCell(env, KNIGHT_5, { inProcess: true });
    assert.equal(bad.status, "refused");
    assert.match(bad.merge!.errors.join(" "), /disprove the claim of 20/);
    assert.ok(!existsSync(join(env.proofsDir, KNIGHT_5, "certificate.json")));
    const rec5 = JSON.parse(readFileSync(env.recordsPath, "utf8")).records.find((r: AtlasRecord) => r.id === KNIGHT_5);
    assert.equal(rec5.established.maximality.status, "cited", "a refused proof leaves the record alone");
    const shard = JSON.parse(readFileSync(join(env.proofsDir, KNIGHT_5, "shard-0-of-1.json"), "utf8")) as ShardCertificate;
    const h = shard.hitExamples[0];
    const b = makeBoard([5, 5]);
    const sq = [h.start, ...h.men].map((x) => parseSquare(b, x));
    assert.equal(h.men.length, 21);
    assert.equal(countPaths(leaperMatrix(5, [1, 2], sq), 0), 1, "the hit is a dual-free position of 21 men");

    // An open claim on 4x4: proven exactly when the brute force finds no path of 15 moves.
    const open = await proveCell(env, "leaper-1-2-open-4x4", { inProcess: true });
    let anyOpen = 0;
    for (const s of canonicalSquares(makeBoard([4, 4]))) anyOpen += bruteHits(4, 4, [1, 2], s, "open", 14);
    assert.equal(open.status, anyOpen === 0 ? "proven" : "refused");
  } finally {
    cleanup(env);
  }
});

Deno.test("an interrupted shard resumes to the same certificate", async () => {
  const recs = [record(KNIGHT_5, "dual-free", [1, 2], [5, 5], 21)];
  const a = tempEnv(recs);
  const b = tempEnv(recs);
  try {
    const shard = { index: 1, count: 2 };
    const straight = await runShard(a, KNIGHT_5, shard, {});
    assert.equal(straight.status, "done");
    const cp = join(b.proofsDir, KNIGHT_5, "checkpoints", "shard-1-of-2.json");
    const first = await runShard(b, KNIGHT_5, shard, { stopAfter: 137, checkpointSeconds: 0 });
    assert.equal(first.status, "stopped");
    assert.ok(existsSync(cp), "checkpoint written on stop");
    const saved = JSON.parse(readFileSync(cp, "utf8"));
    assert.equal(saved.state.next, shardRange(Number(saved.total), 1, 2)[0] + 137);
    const second = await runShard(b, KNIGHT_5, shard, { stopAfter: 300, checkpointSeconds: 0 });
    assert.equal(second.status, "stopped");
    // A stop requested from outside (as on Ctrl-C) at the first chunk boundary.
    const stop = { requested: true };
    assert.equal((await runShard(b, KNIGHT_5, shard, { stop })).status, "stopped");
    const last = await runShard(b, KNIGHT_5, shard, { checkpointSeconds: 0 });
    assert.equal(last.status, "done");
    assert.ok(!existsSync(cp), "checkpoint deleted at the end");
    assert.deepEqual(withoutTiming(last.certificate), withoutTiming(straight.certificate));
    assert.deepEqual(
      withoutTiming(JSON.parse(readFileSync(last.certificatePath, "utf8"))),
      withoutTiming(JSON.parse(readFileSync(straight.certificatePath, "utf8"))),
    );
  } finally {
    cleanup(a);
    cleanup(b);
  }
});

Deno.test("merge refuses a missing shard, a duplicate, an overlap and a hit", async () => {
  const env = tempEnv([record(KNIGHT_5, "dual-free", [1, 2], [5, 5], 21)]);
  try {
    for (let i = 0; i < 3; i++) assert.equal((await runShard(env, KNIGHT_5, { index: i, count: 3 })).status, "done");
    const dir = join(env.proofsDir, KNIGHT_5);
    const { params, space } = loadCell(env, KNIGHT_5);
    const files = (): ShardFile[] =>
      readdirSync(dir).filter((f) => f.startsWith("shard-")).sort().map((file) => ({
        file,
        sha256: "0".repeat(64),
        json: JSON.parse(readFileSync(join(dir, file), "utf8")),
      }));
    const good = files();
    assert.deepEqual(mergeShards(params, space, good, "now").errors, []);

    const missing = mergeShards(params, space, good.filter((f) => f.file !== "shard-1-of-3.json"), "now");
    assert.equal(missing.certificate, null);
    assert.match(missing.errors.join(" "), /shard 1 of 3 is missing/);

    const dup = mergeShards(params, space, [...good, { ...good[0], file: "shard-0-of-3-copy.json" }], "now");
    assert.match(dup.errors.join(" "), /shard 0 of 3 occurs 2 times/);

    const s1 = good[1].json as ShardCertificate;
    const overlapping = {
      ...s1,
      range: [s1.range[0] - 1, s1.range[1]],
      positions: s1.positions + 1,
      rejected: { ...s1.rejected, K: s1.rejected.K + 1 },
    };
    const over = mergeShards(params, space, [good[0], { ...good[1], json: overlapping }, good[2]], "now");
    assert.match(over.errors.join(" "), /overlaps/);

    const hit = {
      ...s1,
      hits: 1,
      searched: s1.searched,
      hitExamples: [{ index: s1.range[0], start: "a1", men: ["b3"], solution: ["b3"] }],
    };
    const withHit = mergeShards(params, space, [good[0], { ...good[1], json: hit }, good[2]], "now");
    assert.match(withHit.errors.join(" "), /disprove the claim of 21/);

    // On disk, through mergeCell: a missing shard file refuses and writes nothing.
    rmSync(join(dir, "shard-2-of-3.json"));
    const r = await mergeCell(env, KNIGHT_5);
    assert.equal(r.ok, false);
    assert.match(r.errors.join(" "), /shard 2 of 3 is missing/);
    assert.ok(!existsSync(join(dir, "certificate.json")));
    // A second split beside the first is refused unless one is chosen.
    assert.equal((await runShard(env, KNIGHT_5, { index: 0, count: 1 })).status, "done");
    assert.match((await mergeCell(env, KNIGHT_5)).errors.join(" "), /different splits/);
    assert.equal((await mergeCell(env, KNIGHT_5, { shards: 1 })).ok, true);
  } finally {
    cleanup(env);
  }
});

Deno.test("workers: a split run in two workers merges to the in-process totals", async () => {
  const env = tempEnv([record(KNIGHT_5, "dual-free", [1, 2], [5, 5], 21)]);
  const ref = tempEnv([record(KNIGHT_5, "dual-free", [1, 2], [5, 5], 21)]);
  try {
    const w = await proveCell(env, KNIGHT_5, { workers: 2, shards: 5 });
    const p = await proveCell(ref, KNIGHT_5, { inProcess: true });
    assert.equal(w.status, "proven");
    assert.equal(p.status, "proven");
    const a = w.merge!.certificate!;
    const b = p.merge!.certificate!;
    assert.equal(a.shardCount, 5);
    for (const k of ["total", "positions", "skippedBySymmetry", "searched", "nodes"] as const) assert.equal(a[k], b[k], k);
    assert.deepEqual(a.rejected, b.rejected);
  } finally {
    cleanup(env);
    cleanup(ref);
  }
});

Deno.test("CLI: refusals are one line with exit 2, a refused merge exits 1", async () => {
  const env = tempEnv([
    record(KNIGHT_4, "dual-free", [1, 2], [4, 4], 11),
    record("leaper-1-2-dual-free-8x8", "dual-free", [1, 2], [8, 8], 20),
  ]);
  try {
    const run = async (...args: string[]) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "scripts/atlas.ts",
          "prove",
          "leaper",
          "--records",
          env.recordsPath,
          "--proofs-dir",
          env.proofsDir,
          "--quiet",
          ...args,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, err: new TextDecoder().decode(out.stderr).trim(), out: new TextDecoder().decode(out.stdout).trim() };
    };
    const unknown = await run("leaper-9-9-dual-free-4x4");
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /^error: unknown cell/);
    assert.equal(unknown.err.split("\n").length, 1);
    const badShard = await run(KNIGHT_4, "--shard", "4/4");
    assert.equal(badShard.code, 2);
    assert.match(badShard.err, /^error: bad shard "4\/4"/);
    const huge = await run("leaper-1-2-dual-free-8x8");
    assert.equal(huge.code, 2);
    assert.match(huge.err, /above the limit/);
    const shard = await run(KNIGHT_4, "--shard", "0/2");
    assert.equal(shard.code, 0, shard.err);
    const merge = await run(KNIGHT_4, "--merge");
    assert.equal(merge.code, 1);
    assert.match(merge.err, /shard 1 of 2 is missing/);
    assert.equal(merge.err.split("\n").length, 1);
    const rest = await run(KNIGHT_4, "--shard-from-env", "PROVE_TEST_INDEX/2");
    assert.equal(rest.code, 2, "unset variable");
    const full = await run(KNIGHT_4, "--shard", "1/2");
    assert.equal(full.code, 0);
    const merged = await run(KNIGHT_4, "--merge");
    assert.equal(merged.code, 0, merged.err);
    assert.match(merged.out, /^proven: leaper-1-2-dual-free-4x4 no dual-free sequence longer than 11/);
  } finally {
    cleanup(env);
  }
});
