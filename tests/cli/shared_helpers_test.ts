/**
 * The helpers every family shares, one definition each (issue 28): the
 * statistics, bit counts, binomial coefficients, the stamped reach count with
 * its wrap guard, the leaper graph, the machine description, the process CPU
 * clock and the site's number formatting. Each is checked against a plain independent computation.
 */
import assert from "node:assert/strict";
import { mean, median, roundTo } from "../../solvers/lib/stats.ts";
import { popcount32, popcount64, popcountPair } from "../../solvers/lib/bits.ts";
import { binomial, binomialBig, MAX_BINOMIAL_TABLE_N } from "../../solvers/lib/binomial.ts";
import { MAX_STAMP, Reach, Stamps } from "../../solvers/graph/reach.ts";
import { leaperGraph } from "../../solvers/graph/leaper-graph.ts";
import { boardGraph, fromLists } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { machine } from "../../scripts/lib/machine.ts";
import { cpuMicros, cpuMs, cpuSeconds, cpuTimer } from "../../scripts/lib/cpu.ts";
import process from "node:process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { formatNumber, formatSignificant } from "../../site/lib/format.ts";
import { mulberry32 } from "../helpers/random.ts";

Deno.test("median: the middle value, or the mean of the middle pair; empty input refused", () => {
  assert.throws(() => median([]), RangeError);
  assert.throws(() => mean([]), RangeError);
  assert.equal(median([7]), 7);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([10, 0]), 5);
  const xs = [5, 3, 9, 1];
  median(xs);
  assert.deepEqual(xs, [5, 3, 9, 1], "the input is not reordered");
  // Against a count: for odd n, as many values below as above.
  const rng = mulberry32(28);
  for (let t = 0; t < 200; t++) {
    const n = 1 + Math.floor(rng.next() * 12);
    const v = Array.from({ length: n }, () => Math.floor(rng.next() * 10));
    const m = median(v);
    assert.ok(v.filter((x) => x < m).length <= n / 2 && v.filter((x) => x > m).length <= n / 2, `${v} -> ${m}`);
    if (n % 2 === 1) assert.ok(v.includes(m));
    assert.equal(mean(v), v.reduce((a, b) => a + b, 0) / n);
  }
  assert.equal(roundTo(1.23456, 2), 1.23);
  assert.equal(roundTo(1.235, 0), 1);
  assert.equal(roundTo(-2.5, 0), -2);
});

Deno.test("popcount: 32-bit words, word pairs and 64-bit values against a bit-by-bit count", () => {
  const naive = (x: bigint) => [...x.toString(2)].filter((c) => c === "1").length;
  assert.equal(popcount32(0), 0);
  assert.equal(popcount32(0xffffffff), 32);
  assert.equal(popcount32(-1), 32);
  assert.equal(popcount32(0x80000000), 1);
  assert.equal(popcount64(0n), 0);
  assert.equal(popcount64(2n ** 64n - 1n), 64);
  assert.equal(popcount64(2n ** 63n), 1);
  assert.equal(popcount64(0x8000000000000001n), 2);
  assert.throws(() => popcount64(2n ** 64n), RangeError);
  assert.throws(() => popcount64(-1n), RangeError);
  const rng = mulberry32(64);
  for (let t = 0; t < 2000; t++) {
    const lo = Math.floor(rng.next() * 2 ** 32), hi = Math.floor(rng.next() * 2 ** 32);
    assert.equal(popcount32(lo), naive(BigInt(lo)));
    const x = (BigInt(hi) << 32n) | BigInt(lo);
    assert.equal(popcount64(x), naive(x), x.toString(16));
    assert.equal(popcountPair(lo | 0, hi | 0), naive(x));
  }
});

Deno.test("binomial: exact below 2^53, symmetric, Pascal's rule, zero outside, no limit on n", () => {
  assert.equal(binomial(0, 0), 1);
  assert.equal(binomial(5, -1), 0);
  assert.equal(binomial(5, 6), 0);
  assert.equal(binomial(-1, 0), 0);
  assert.equal(binomialBig(5, 6), 0n);
  assert.equal(binomialBig(64, 8), 4426165368n);
  assert.equal(binomialBig(100, 50), 100891344545564193334812497256n);
  // Exact values by Pascal's rule in BigInt, independent of both functions.
  const N = 200;
  let row = [1n];
  for (let n = 0; n <= N; n++) {
    for (let k = 0; k <= n; k++) {
      const exact = row[k];
      assert.equal(binomialBig(n, k), exact, `C(${n},${k})`);
      assert.equal(binomial(n, k), binomial(n, n - k), `symmetry C(${n},${k})`);
      if (exact < 2n ** 53n) assert.equal(binomial(n, k), Number(exact), `C(${n},${k}) exact below 2^53`);
      else {
        // Above 2^53: never below it (what the colex ranking relies on) and within rounding of the exact value.
        assert.ok(binomial(n, k) >= 2 ** 53, `C(${n},${k}) stays above 2^53`);
        assert.ok(Math.abs(binomial(n, k) - Number(exact)) / Number(exact) < 1e-12, `C(${n},${k}) close`);
        if (n > MAX_BINOMIAL_TABLE_N) assert.equal(binomial(n, k), Number(exact), `C(${n},${k}) beyond the table: rounded exact`);
      }
    }
    row = [1n, ...row.slice(1).map((x, i) => x + row[i]), 1n];
  }
  // Where the central coefficients leave the safe integers: C(56, 28) < 2^53 < C(57, 28).
  assert.equal(binomial(56, 28), 7648690600760440);
  assert.ok(!Number.isSafeInteger(binomial(57, 28)));
});

/** Reachable vertices by a plain BFS with a Set, for comparison. */
function naiveReach(lists: number[][], from: number, blocked: Set<number>): number {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of lists[v]) {
      if (seen.has(w) || blocked.has(w)) continue;
      seen.add(w);
      queue.push(w);
    }
  }
  return seen.size - 1;
}

Deno.test("reach: stamped BFS counts what a plain BFS counts, across the stamp wrap", () => {
  const rng = mulberry32(5);
  for (const limit of [MAX_STAMP, 3, 7]) {
    const reach = new Reach(30, limit);
    for (let t = 0; t < 300; t++) {
      const n = 1 + Math.floor(rng.next() * 30);
      const lists: number[][] = Array.from({ length: n }, () => []);
      for (let e = 0; e < n * 1.5; e++) {
        const a = Math.floor(rng.next() * n), b = Math.floor(rng.next() * n);
        if (a !== b && !lists[a].includes(b)) lists[a].push(b), lists[b].push(a);
      }
      const blocked = new Set<number>();
      for (let v = 0; v < n; v++) if (rng.next() < 0.3) blocked.add(v);
      const from = Math.floor(rng.next() * n);
      assert.equal(
        reach.count(fromLists(lists), from, (v) => blocked.has(v)),
        naiveReach(lists, from, blocked),
        `limit ${limit}, try ${t}`,
      );
    }
  }
});

Deno.test("stamps: a fresh stamp is one no mark holds, and the marks are cleared at the limit", () => {
  const a = new Int32Array(4), b = new Int32Array(2);
  const s = new Stamps([a, b], 4);
  assert.deepEqual([s.next(), s.next(), s.next()], [1, 2, 3]);
  a.fill(3);
  b.fill(2);
  assert.equal(s.next(), 1, "at the limit the counter starts again");
  assert.deepEqual([...a, ...b], [0, 0, 0, 0, 0, 0], "and every mark array is cleared");
  // Without the guard an Int32Array mark of 2^31 reads back negative and never equals its stamp.
  const m = new Int32Array(1);
  m[0] = MAX_STAMP + 1;
  assert.notEqual(m[0], MAX_STAMP + 1);
});

Deno.test("leaper graph: the same graph, in the same order, as the generic board graph", () => {
  for (const dims of [[8, 8], [5, 7], [1, 6], [3, 3, 3], [2, 3, 4]]) {
    const board = makeBoard(dims);
    for (const leap of [[0, 1], [1, 1], [1, 2], [2, 3], [0, 3], [1, 4]] as [number, number][]) {
      const a = leaperGraph(board, leap), b = boardGraph(board, leaper(leap[0], leap[1]));
      assert.deepEqual([a.order, [...a.start], [...a.adj]], [b.order, [...b.start], [...b.adj]], `${dims} ${leap}`);
    }
  }
  // Vectors in another order give the same edges in that order.
  const board = makeBoard([5, 5]);
  const g = leaperGraph(board, [1, 2], [[-2, -1], [2, 1], [1, 2], [-1, -2], [2, -1], [-2, 1], [1, -2], [-1, 2]]);
  const c = 2 + 2 * 5; // c3
  assert.deepEqual([...g.adj.subarray(g.start[c], g.start[c + 1])], [
    c - 2 - 5,
    c + 2 + 5,
    c + 1 + 10,
    c - 1 - 10,
    c + 2 - 5,
    c - 2 + 5,
    c + 1 - 10,
    c - 1 + 10,
  ]);
});

Deno.test("machine: one description with every field", () => {
  const m = machine();
  assert.deepEqual(Object.keys(m).sort(), ["cores", "cpu", "deno", "hostname", "memoryGiB", "os"]);
  assert.ok(m.cores >= 1 && Number.isInteger(m.cores));
  assert.ok(m.cpu.length > 0 && m.os.length > 0 && m.hostname.length > 0);
  assert.equal(m.deno, Deno.version.deno);
});

Deno.test("site number formatting: grouping per language, significant digits", () => {
  assert.equal(formatNumber(1234567, "en"), "1,234,567");
  assert.equal(formatNumber(1234567, "cs"), "1\u00a0234\u00a0567");
  assert.equal(formatNumber("19591828170979904", "en"), "19,591,828,170,979,904");
  assert.equal(formatSignificant(1234.5, "en"), "1,230");
  assert.equal(formatSignificant(0.012345, "cs"), "0,0123");
  assert.equal(formatSignificant(12.345, "en", 2), "12");
});

Deno.test("cpu clock: user + system microseconds of this process, a stopwatch that counts work", () => {
  const total = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const before = total(), read = cpuMicros(), after = total();
  assert.ok(before <= read && read <= after, `${before} <= ${read} <= ${after}`);
  assert.ok(Number.isInteger(read));
  const s = cpuSeconds(), ms = cpuMs();
  assert.ok(s * 1e6 >= read - 1e-3 && ms * 1000 >= s * 1e6 - 1e-3, "seconds and milliseconds read the same clock");
  const timer = cpuTimer();
  const t0 = performance.now();
  let x = 0;
  while (performance.now() - t0 < 60) x += Math.sqrt(x + 1);
  assert.ok(x > 0);
  const m = timer.micros();
  assert.ok(Number.isInteger(m) && m > 0, `a busy loop uses CPU (${m} µs)`);
  assert.ok(m <= total() - before, "no more than the whole process used meanwhile");
  assert.ok(timer.ms() >= m / 1000 && timer.seconds() >= m / 1e6, "later readings never go back");
});

Deno.test("cpu clock: scripts/ read the process CPU time only through scripts/lib/cpu.ts", () => {
  const root = new URL("../..", import.meta.url).pathname;
  const readers: string[] = [];
  for (const e of readdirSync(join(root, "scripts"), { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith(".ts")) continue;
    const rel = relative(root, join(e.parentPath, e.name));
    if (rel !== "scripts/lib/cpu.ts" && /\bcpuUsage\s*\(/.test(readFileSync(join(root, rel), "utf8"))) readers.push(rel);
  }
  assert.deepEqual(readers, []);
});
