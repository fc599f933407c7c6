/**
 * The WebAssembly run of a dual-free proof (solvers/leaper/proof/kernel-run.ts,
 * kernel solvers/wasm/assembly/freesquares.ts, which holds all of decideUnique:
 * the engine's first phase, the forced-edge reduction, the engine on the
 * reduced graph and searchReduced) against its TypeScript twin, PrefixRun:
 * identical positions, test rejections, symmetry skips, searches, engine
 * nodes, hits and hit examples on random small dual-free spaces (with the
 * engine's budgets cut to a few nodes, so that most searches reach the
 * reduction and searchReduced), on windows of the knight 8x8 space (the
 * census's heavy strata b2 and d3 with 9 empty squares, b1 and c3 with 8, and
 * random ones; no position goes back to TypeScript there), with a tampered
 * neighbour table (caught), and, with the symmetry skip off, hits equal to a
 * plain brute force's count of positions with exactly one Hamiltonian path
 * from the start.
 */
import assert from "node:assert/strict";
import { buildSpace, componentCandidates } from "../../solvers/leaper/proof/space.ts";
import { positionAt, type ProofCounts, type ProofRun } from "../../solvers/leaper/proof/run.ts";
import { PrefixRun } from "../../solvers/leaper/proof/prefix-run.ts";
import { KernelRun, kernelUnsupported, O_NBRMASK } from "../../solvers/leaper/proof/kernel-run.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { boardGraph } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { countPaths, leaperMatrix } from "../helpers/brute.ts";
import { mulberry32 } from "../helpers/random.ts";
import { stratifiedEstimate } from "../../solvers/leaper/proof/estimate.ts";

function runAll(r: ProofRun, chunk: number): ProofCounts {
  while (!r.done) r.step(chunk);
  return r.state().counts;
}

function randomSpace(seed: number, limit: number) {
  const rng = mulberry32(seed);
  for (;;) {
    const a = rng.int(0, 3);
    const b = rng.int(Math.max(1, a), 4);
    const dims = [rng.int(3, 6), rng.int(3, 6)];
    const g = boardGraph(makeBoard(dims), leaper(a, b));
    let m = 0;
    for (let s = 0; s < g.order; s++) m = Math.max(m, componentCandidates(g, s).length);
    if (m < 3) continue;
    const claimed = rng.int(Math.max(0, m - 6), m - 1);
    const space = buildSpace("dual-free", [a, b], dims, claimed);
    if (space.total > 0 && space.total <= limit && kernelUnsupported(space) === null) {
      return {
        space,
        dims,
        leap: [a, b] as [number, number],
        what: `dual-free [${a},${b}] ${dims.join("x")} claim ${claimed} (seed ${seed})`,
      };
    }
  }
}

Deno.test("kernel run = prefix run on 300 random small dual-free spaces (symmetry on and off, short budgets)", () => {
  let escalated = 0, hits = 0, searched = 0, reducedSearches = 0, fallbackSearches = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const { space, what } = randomSpace(seed, 20_000);
    const rng = mulberry32(seed * 7 + 1);
    // Budgets cut short (0: reduce first), so that many searches reach the reduction and searchReduced.
    const firstNodes = rng.int(0, 40);
    const chunk = rng.int(1, 5000);
    const fallbackNodes = rng.int(1, 30);
    // The engine's forced-edge count on two spaces in three (the run's default), off on the third.
    const forcedEdges = seed % 3 !== 0;
    for (const symmetry of [true, false]) {
      const o = { symmetry, firstNodes, fallbackNodes, forcedEdges };
      const ts = runAll(new PrefixRun(space, 0, space.total, undefined, o), chunk);
      const k = new KernelRun(space, 0, space.total, undefined, o);
      const wa = runAll(k, chunk);
      assert.deepEqual(
        wa,
        ts,
        `${what}, symmetry ${symmetry}, first ${firstNodes}, fallback ${fallbackNodes}, forced edges ${forcedEdges}, chunks of ${chunk}`,
      );
      escalated += k.escalated;
      hits += wa.hits;
      searched += wa.searched;
      reducedSearches += k.reducedSearches;
      fallbackSearches += k.fallbackSearches;
    }
  }
  // The kernel settles everything but the hits (and positions of fewer than 3 squares).
  assert.ok(
    hits > 0 && escalated >= hits && escalated - hits < searched / 20,
    `escalated ${escalated}, searched ${searched}, hits ${hits}`,
  );
  assert.ok(reducedSearches > 1000 && fallbackSearches > 300, `reduced ${reducedSearches}, searchReduced ${fallbackSearches}`);
});

Deno.test("kernel run: hits without symmetry = brute-force count of positions with one Hamiltonian path", () => {
  let checked = 0;
  for (let seed = 1000; checked < 40; seed++) {
    const { space, dims, leap, what } = randomSpace(seed, 3_000);
    // Budgets cut short every other space, so that the kernel's reduction and searchReduced decide most searches.
    const o = seed % 2 ? { symmetry: false, firstNodes: seed % 7, fallbackNodes: 1 + (seed % 5) } : { symmetry: false };
    const wa = runAll(new KernelRun(space, 0, space.total, undefined, o), 977);
    let brute = 0;
    for (let i = 0; i < space.total; i++) {
      const p = positionAt(space, i);
      if (p.men.length > 12) continue;
      if (countPaths(leaperMatrix(dims[0], leap, [p.start, ...p.men]), 0) === 1) brute++;
    }
    if (space.blocks.some((b) => b.men > 12)) continue;
    assert.equal(wa.hits, brute, what);
    assert.equal(wa.positions, space.total, what);
    checked++;
  }
});

/** The heavy strata of the knight 8x8 sd=53 census: start and empty squares. */
const HEAVY = [["b2", 9], ["d3", 9], ["b1", 8], ["c3", 8]] as const;

Deno.test("kernel run = prefix run on windows of the knight 8x8 sd=53 space, the heavy strata first", () => {
  const space = buildSpace("dual-free", [1, 2], [8, 8], 53);
  assert.equal(kernelUnsupported(space), null);
  const rng = mulberry32(53);
  const blocks = HEAVY.map(([sq, k]) => {
    const b = space.blocks.find((b) => squareName(space.board, b.start) === sq && b.k === k);
    assert.ok(b, `${sq} with ${k} empty squares`);
    return b;
  });
  for (let t = 0; t < 4; t++) blocks.push(space.blocks[rng.int(0, space.blocks.length - 1)]);
  let escalated = 0, reduced = 0, fallback = 0, reducedAtRunBudgets = 0;
  for (const [i, b] of blocks.entries()) {
    // The run's budgets, and (every other window) budgets cut short (the other end's phase among them) so that
    // searchReduced gets many 8x8 positions.
    const o = i % 2 ? { firstNodes: rng.int(0, 40), otherEndNodes: rng.int(0, 40), fallbackNodes: rng.int(1, 30) } : {};
    const lo = b.offset + rng.int(0, Math.max(0, b.count - 6_000));
    const hi = Math.min(space.total, lo + 6_000);
    const ts = runAll(new PrefixRun(space, lo, hi, undefined, o), 2_500);
    const k = new KernelRun(space, lo, hi, undefined, o);
    assert.deepEqual(runAll(k, 2_500), ts, `window [${lo}, ${hi}) ${JSON.stringify(o)}`);
    // Shards run with and without the forced-edge count merge into one certificate: only the nodes may differ.
    const without = runAll(new KernelRun(space, lo, hi, undefined, { ...o, forcedEdges: false }), 2_500);
    assert.deepEqual({ ...without, nodes: 0 }, { ...ts, nodes: 0 }, `window [${lo}, ${hi}) without the forced-edge count`);
    assert.ok(without.nodes >= ts.nodes, `window [${lo}, ${hi}): ${without.nodes} nodes without the forced-edge count, ${ts.nodes} with`);
    escalated += k.escalated;
    reduced += k.reducedSearches;
    fallback += k.fallbackSearches;
    if (i % 2 === 0) reducedAtRunBudgets += k.reducedSearches;
  }
  assert.equal(escalated, 0, "no 8x8 position goes back to TypeScript");
  assert.ok(reduced > 100 && fallback > 50, `reduced ${reduced}, searchReduced ${fallback}`);
  assert.ok(reducedAtRunBudgets > 0, "the run's own budgets reach the reduction too");
});

Deno.test("kernel run: a tampered neighbour table is caught by the comparison with the prefix run", () => {
  const space = buildSpace("dual-free", [1, 2], [8, 8], 53);
  const b = space.blocks.find((b) => squareName(space.board, b.start) === "b2" && b.k === 9)!;
  const lo = b.offset + 1_000_000, hi = lo + 3_000;
  // Short budgets: every search that passes the tests goes through the reduction and searchReduced.
  const o = { firstNodes: 5, fallbackNodes: 5 };
  const ts = runAll(new PrefixRun(space, lo, hi, undefined, o), 1_000);
  assert.deepEqual(runAll(new KernelRun(space, lo, hi, undefined, o), 1_000), ts, "untampered");
  // Drop the knight move d4-e6 from the kernel's masks (its move lists, which the one-level tests read, stay).
  const k = new KernelRun(space, lo, hi, undefined, o);
  const masks = new BigUint64Array(k.memory.buffer, O_NBRMASK, 64);
  const [d4, e6] = [27, 44];
  assert.ok(masks[d4] & (1n << BigInt(e6)), "d4-e6 is a knight move");
  masks[d4] &= ~(1n << BigInt(e6));
  masks[e6] &= ~(1n << BigInt(d4));
  const wa = runAll(k, 1_000);
  assert.notDeepEqual(wa, ts, "the tampered run differs");
  assert.notEqual(wa.nodes, ts.nodes, "in its engine nodes");
});

Deno.test("kernel run: resumed from a saved state ends with the counts of an uninterrupted run", () => {
  const space = buildSpace("dual-free", [1, 2], [8, 8], 53);
  const b = space.blocks[space.blocks.length - 3];
  const lo = b.offset + 123_456, hi = lo + 30_000;
  const whole = runAll(new KernelRun(space, lo, hi), 1e9);
  const first = new KernelRun(space, lo, hi);
  first.step(11_111);
  const rest = runAll(new KernelRun(space, lo, hi, first.state()), 5_000);
  assert.deepEqual(rest, whole);
});

Deno.test("stratifiedEstimate with kernel: the same sample, searches and rejected share as with PrefixRun", () => {
  const space = buildSpace("dual-free", [1, 2], [8, 8], 53);
  let clock = 0;
  const o = { strata: 10, window: 2_000, windows: 1, seed: 3, clock: () => (clock += 1) };
  const ts = stratifiedEstimate(space, o);
  const wa = stratifiedEstimate(space, { ...o, kernel: true });
  assert.equal(wa.sampled, ts.sampled);
  assert.equal(wa.searched, ts.searched);
  assert.equal(wa.prunedShare, ts.prunedShare);
  assert.ok(ts.searched > 0);
});
