/**
 * A SerienZiel start split into pieces (lazy.ts opts.preset, the prover's
 * --split): on random small cases (hopper, board 3x3..6x6, K, every engine
 * mode, seeded or not), the pieces of every assignment of a random set of a
 * start's hurdle squares must count, k by k, exactly the positions of the
 * unsplit start (and C(squares, k)), give its maxima, and carry witnesses
 * an independent BFS confirms; the compiled kernel must equal lazy.ts on
 * every piece. The prover's pieces (splitPresets) must split the positions
 * and cost no leaf without a bound, and so must its mirror pieces
 * (mirrorPresets), each with the counts and maxima of the piece it mirrors.
 * Bad presets are refused.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS, type HopperKind } from "../../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, type HopperPosition } from "../../solvers/hopper/search.ts";
import { exhaustiveLazy, type LazyOptions, type LazyResult, mirrorPresets, splitPresets } from "../../solvers/hopper/lazy.ts";
import { exhaustiveKernel } from "../../solvers/hopper/kernel.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";
import { lcg } from "../helpers/hopper-cases.ts";

const rnd = lcg(17_2026);
const COLS = [["longest", "longest"], ["dualFree", "dualFree"], ["reach", "reached"]] as const;

/** Every assignment of hurdle (bit set) or empty to the squares f. */
function pieces(f: readonly number[]): { empty: number[]; hurdles: number[] }[] {
  return Array.from({ length: 2 ** f.length }, (_, p) => ({
    empty: f.filter((_, j) => ((p >> j) & 1) === 0),
    hurdles: f.filter((_, j) => ((p >> j) & 1) === 1),
  }));
}

function value(p: HopperPosition | null, field: "longest" | "dualFree" | "reached"): number {
  return p ? p[field] : -1;
}

Deno.test("the pieces of a split start count its positions once and give its maxima, kernel = lazy.ts", () => {
  let compared = 0, multi = 0;
  const modes = new Set<string>();
  for (let i = 0; i < 120; i++) {
    const kind: HopperKind = HOPPER_KINDS[rnd(HOPPER_KINDS.length)];
    let dims: number[];
    do dims = [3 + rnd(4), 3 + rnd(4)]; while (kind === "bishophopper" && dims.every((x) => x % 2 === 1));
    const board = makeBoard(dims);
    const size = dims[0] * dims[1];
    const K = 1 + rnd(size <= 12 ? 5 : size <= 20 ? 4 : 3);
    const space = enumerationSpace(kind, board);
    const si = rnd(space.length);
    const sp = space[si];
    if (sp.hurdleSquares.length < 2) continue;
    const mode = rnd(5);
    const base: LazyOptions = { only: [si] };
    if (mode === 1 || mode === 2) (base.lastHurdle = true, mode === 2 && (base.onlyK = K));
    if (mode === 3 || mode === 4) (base.bound = true, mode === 4 && (base.onlyK = K));
    if (mode > 0 && rnd(2) === 0) {
      // Seeds from a smaller tree: real positions, below or at the maxima.
      const warm = exhaustiveLazy(kind, board, Math.max(1, K - 1), { only: [si] });
      base.seeds = warm.perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p): p is HopperPosition => p !== null);
    }
    modes.add(`${mode}${base.seeds ? "s" : ""}`);
    // A random set of 1..3 of the start's hurdle squares.
    const f = new Set<number>();
    const want = Math.min(sp.hurdleSquares.length, 1 + rnd(3));
    while (f.size < want) f.add(sp.hurdleSquares[rnd(sp.hurdleSquares.length)]);
    const where = `${kind} ${dims.join("x")} K=${K} start ${sp.start} mode ${mode} preset ${[...f].join(",")}`;
    const whole = exhaustiveLazy(kind, board, K, base);
    const parts: LazyResult[] = [];
    for (const preset of pieces([...f])) {
      const ref = exhaustiveLazy(kind, board, K, { ...base, preset });
      const got = exhaustiveKernel(kind, board, K, { ...base, preset });
      assert.deepEqual({ ...got, seconds: 0 }, { ...ref, seconds: 0 }, `${where} piece ${JSON.stringify(preset)}: kernel differs`);
      parts.push(ref);
    }
    const rays = hopper(kind).rays(board);
    const sc = makeScratch(rays);
    for (let k = 0; k <= K; k++) {
      const counted = base.onlyK === undefined || base.onlyK === k;
      const sum = parts.reduce((a, r) => a + r.perK[k].positions, 0);
      assert.equal(sum, whole.perK[k].positions, `${where} k=${k}: pieces count ${sum}`);
      if (counted && k > 0) assert.equal(sum, binomial(sp.hurdleSquares.length, k), `${where} k=${k}: coverage`);
      for (const [col, field] of COLS) {
        const best = Math.max(...parts.map((r) => value(r.perK[k][col], field)));
        assert.equal(best, value(whole.perK[k][col], field), `${where} k=${k} ${col}`);
        for (const r of parts) {
          const w = r.perK[k][col];
          if (!w) continue;
          assert.equal(w.hurdles.length, k, `${where}: witness size`);
          assert.equal(reachSummary(rays, w.start, occupancy(board, w.hurdles), sc, 2)[field], w[field], `${where}: witness`);
        }
      }
    }
    if (f.size > 1) multi++;
    compared++;
  }
  assert.ok(compared >= 80 && multi >= 20, `cases compared: ${compared} (${multi} with several preset squares)`);
  assert.ok(modes.size >= 8, `modes covered: ${[...modes].join(" ")}`);
});

/** A random hopper, board of 3x3 to 6x6 (one with squares of both colours for the bishophopper), K <= 3 and start. */
function smallCase() {
  const kind: HopperKind = HOPPER_KINDS[rnd(HOPPER_KINDS.length)];
  let dims: number[];
  do dims = [3 + rnd(4), 3 + rnd(4)]; while (kind === "bishophopper" && dims.every((x) => x % 2 === 1));
  const board = makeBoard(dims);
  const space = enumerationSpace(kind, board);
  return { kind, dims, board, K: 1 + rnd(3), space, si: rnd(space.length) };
}

Deno.test("the prover's pieces split a start's positions and cost no leaf without a bound", () => {
  let compared = 0, deep = 0;
  for (let i = 0; i < 60; i++) {
    const { kind, dims, board, K, space, si } = smallCase();
    const presets = splitPresets(kind, board, space[si], 1 + rnd(10));
    if (presets.length < 2) continue;
    const onlyK = rnd(2) === 0 ? K : undefined;
    const whole = exhaustiveLazy(kind, board, K, { only: [si], onlyK });
    const parts = presets.map((preset) => exhaustiveKernel(kind, board, K, { only: [si], onlyK, preset }));
    const where = `${kind} ${dims.join("x")} K=${K} start ${space[si].start} pieces ${JSON.stringify(presets)}`;
    assert.equal(parts.reduce((a, r) => a + r.leaves, 0), whole.leaves, `${where}: leaves`);
    for (let k = 0; k <= K; k++) {
      assert.equal(parts.reduce((a, r) => a + r.perK[k].positions, 0), whole.perK[k].positions, `${where}: k=${k}`);
    }
    if (presets.length > 5) deep++;
    compared++;
  }
  assert.ok(compared >= 40 && deep >= 10, `cases: ${compared} (${deep} past the second ring)`);
  // And a square the BFS may never look at does cost leaves: the argument is needed, not a tautology.
  const board = makeBoard([6, 6]);
  const space = enumerationSpace("rookhopper", board);
  const far = space[0].hurdleSquares[space[0].hurdleSquares.length - 1];
  const whole = exhaustiveLazy("rookhopper", board, 2, { only: [0] });
  const split = pieces([far]).reduce((a, preset) => a + exhaustiveLazy("rookhopper", board, 2, { only: [0], preset }).leaves, 0);
  assert.ok(split > whole.leaves, `a far square split: ${split} leaves against ${whole.leaves}`);
});

Deno.test("mirror pieces: each has the counts and maxima of the piece it mirrors, and all split the start", () => {
  let mirrored = 0, plain = 0;
  for (let i = 0; i < 80; i++) {
    const { kind, dims, board, K, space, si } = smallCase();
    const presets = mirrorPresets(kind, board, space[si], 1 + rnd(10));
    const where = `${kind} ${dims.join("x")} K=${K} start ${space[si].start} pieces ${JSON.stringify(presets)}`;
    if (!presets.some((p) => p.mirrorOf !== undefined)) {
      // No reflection fixes the start, or its rays hold no pair: the plain pieces (or the same split by singletons).
      if (!presets.some((p) => p.hurdles.length > 1)) plain++;
      continue;
    }
    const onlyK = rnd(2) === 0 ? K : undefined;
    const whole = exhaustiveLazy(kind, board, K, { only: [si], onlyK });
    const parts = presets.map((preset) => exhaustiveKernel(kind, board, K, { only: [si], onlyK, preset }));
    // Every piece walked, mirrors too: they split the positions and, without a bound, cost no leaf.
    assert.equal(parts.reduce((a, r) => a + r.leaves, 0), whole.leaves, `${where}: leaves`);
    for (let k = 0; k <= K; k++) {
      assert.equal(parts.reduce((a, r) => a + r.perK[k].positions, 0), whole.perK[k].positions, `${where}: k=${k}`);
    }
    presets.forEach((p, j) => {
      if (p.mirrorOf === undefined) return;
      const a = parts[j], b = parts[p.mirrorOf];
      for (let k = 0; k <= K; k++) {
        assert.equal(a.perK[k].positions, b.perK[k].positions, `${where}: piece ${j} and its mirror ${p.mirrorOf}, k=${k}`);
        for (const [col, field] of COLS) {
          assert.equal(value(a.perK[k][col], field), value(b.perK[k][col], field), `${where}: piece ${j}, k=${k}, ${col}`);
        }
      }
      mirrored++;
    });
  }
  assert.ok(mirrored >= 40 && plain >= 10, `mirror pairs compared: ${mirrored}; starts without: ${plain}`);
  // On 8x8 the starts of the long diagonal get mirror pieces, the others the plain ones.
  const board = makeBoard([8, 8]);
  enumerationSpace("rookhopper", board).forEach((sp) => {
    const m = mirrorPresets("rookhopper", board, sp, 10);
    const onDiagonal = sp.start % 8 === Math.floor(sp.start / 8);
    assert.equal(m.some((p) => p.mirrorOf !== undefined), onDiagonal, `start ${sp.start}`);
    if (!onDiagonal) assert.deepEqual(m, splitPresets("rookhopper", board, sp, 10));
  });
});

Deno.test("a preset off the start's hurdle squares, or twice, is refused", () => {
  const board = makeBoard([5, 5]);
  const sp = enumerationSpace("grasshopper", board)[0];
  assert.throws(
    () => exhaustiveLazy("grasshopper", board, 2, { only: [0], preset: { empty: [sp.start], hurdles: [] } }),
    /not a hurdle square/,
  );
  const q = sp.hurdleSquares[0];
  assert.throws(() => exhaustiveKernel("grasshopper", board, 2, { only: [0], preset: { empty: [q], hurdles: [q] } }), /twice/);
});
