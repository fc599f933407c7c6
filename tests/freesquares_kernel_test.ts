/**
 * The WebAssembly run of a dual-free proof (solvers/leaper/proof/kernel-run.ts,
 * kernel solvers/wasm/assembly/freesquares.ts) against its TypeScript twin,
 * PrefixRun: identical positions, test rejections, symmetry skips, searches,
 * engine nodes, hits and hit examples on random small dual-free spaces (with
 * the engine's first phase cut to a few nodes, so that many positions go
 * back to TypeScript), on windows of the knight 8x8 space, and, with the
 * symmetry skip off, hits equal to a plain brute force's count of positions
 * with exactly one Hamiltonian path from the start.
 */
import assert from "node:assert/strict";
import { buildSpace, componentCandidates } from "../solvers/leaper/proof/space.ts";
import { positionAt, type ProofCounts, type ProofRun } from "../solvers/leaper/proof/run.ts";
import { PrefixRun } from "../solvers/leaper/proof/prefix-run.ts";
import { KernelRun, kernelUnsupported } from "../solvers/leaper/proof/kernel-run.ts";
import { makeBoard } from "../solvers/board/board.ts";
import { boardGraph } from "../solvers/graph/graph.ts";
import { leaper } from "../solvers/pieces/leaper.ts";
import { countPaths, leaperMatrix } from "./helpers/brute.ts";
import { mulberry32 } from "./helpers/random.ts";
import { stratifiedEstimate } from "../solvers/leaper/proof/estimate.ts";

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

Deno.test("kernel run = prefix run on 300 random small dual-free spaces (symmetry on and off, first phase 1-40 nodes)", () => {
  let escalated = 0, hits = 0, searched = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const { space, what } = randomSpace(seed, 20_000);
    const rng = mulberry32(seed * 7 + 1);
    const firstNodes = rng.int(1, 40);
    const chunk = rng.int(1, 5000);
    for (const symmetry of [true, false]) {
      const o = { symmetry, firstNodes };
      const ts = runAll(new PrefixRun(space, 0, space.total, undefined, o), chunk);
      const k = new KernelRun(space, 0, space.total, undefined, o);
      const wa = runAll(k, chunk);
      assert.deepEqual(wa, ts, `${what}, symmetry ${symmetry}, first ${firstNodes}, chunks of ${chunk}`);
      escalated += k.escalated;
      hits += wa.hits;
      searched += wa.searched;
    }
  }
  assert.ok(escalated > 1000 && searched > escalated && hits > 0, `escalated ${escalated}, searched ${searched}, hits ${hits}`);
});

Deno.test("kernel run: hits without symmetry = brute-force count of positions with one Hamiltonian path", () => {
  let checked = 0;
  for (let seed = 1000; checked < 40; seed++) {
    const { space, dims, leap, what } = randomSpace(seed, 3_000);
    const wa = runAll(new KernelRun(space, 0, space.total, undefined, { symmetry: false }), 977);
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

Deno.test("kernel run = prefix run on windows of the knight 8x8 sd=53 space", () => {
  const space = buildSpace("dual-free", [1, 2], [8, 8], 53);
  assert.equal(kernelUnsupported(space), null);
  const rng = mulberry32(53);
  let escalated = 0;
  for (let t = 0; t < 8; t++) {
    const b = space.blocks[rng.int(0, space.blocks.length - 1)];
    const lo = b.offset + rng.int(0, Math.max(0, b.count - 20_000));
    const hi = Math.min(space.total, lo + 20_000);
    const ts = runAll(new PrefixRun(space, lo, hi), 6_000);
    const k = new KernelRun(space, lo, hi);
    assert.deepEqual(runAll(k, 6_000), ts, `window [${lo}, ${hi})`);
    escalated += k.escalated;
  }
  assert.ok(escalated > 0);
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
