/**
 * The compiled SerienZiel tree (solvers/hopper/kernel.ts, kernel
 * solvers/wasm/assembly/hopper.ts) against the TypeScript tree it twins
 * (exhaustiveLazy with onlyK and lastHurdle): on random small boards, kinds,
 * K and onlyK, start by start with the seeds growing as --prove-piece feeds
 * them, the whole results (counts per start, leaves, cuts, maxima and their
 * witnesses) must be equal; the maxima must equal the plain enumeration's
 * (search.ts) and every witness is re-valued by an independent BFS. One real
 * 8x8 start at small K as well.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../solvers/board/board.ts";
import { hopper, HOPPER_KINDS } from "../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive, type HopperPosition } from "../solvers/hopper/search.ts";
import { betterPosition, exhaustiveLazy, type LazyOptions, type LazyResult } from "../solvers/hopper/lazy.ts";
import { exhaustiveKernel } from "../solvers/hopper/kernel.ts";
import { makeScratch, occupancy, reachSummary } from "../solvers/hopper/serienziel.ts";
import type { Board } from "../solvers/types.ts";
import { hopperCases, lcg } from "./helpers/hopper-cases.ts";

const rnd = lcg(26_2026);

const strip = (r: LazyResult) => ({ ...r, seconds: 0 });

/** Both engines start by start, seeded with the maxima so far (as records.ts's proveStart); the merged maxima. */
function byStart(kind: (typeof HOPPER_KINDS)[number], board: Board, K: number, onlyK: number, seeds: LazyOptions["seeds"]) {
  const space = enumerationSpace(kind, board);
  let best: (HopperPosition | null)[] = [null, null, null];
  let leaves = 0;
  for (let si = 0; si < space.length; si++) {
    const known = best.filter((p): p is HopperPosition => p !== null);
    const o: LazyOptions = { only: [si], lastHurdle: true, onlyK, seeds: [...(seeds ?? []), ...known] };
    const ts = exhaustiveLazy(kind, board, K, o), wa = exhaustiveKernel(kind, board, K, o);
    assert.deepEqual(strip(wa), strip(ts), `${kind} ${board.dims.join("x")} K=${K} onlyK=${onlyK} start ${si}`);
    const m = ts.perK[onlyK];
    best = [
      betterPosition(best[0], m.longest, "longest"),
      betterPosition(best[1], m.dualFree, "dualFree"),
      betterPosition(best[2], m.reach, "reached"),
    ];
    leaves += ts.leaves;
  }
  return { best, leaves };
}

for (const kind of HOPPER_KINDS) {
  Deno.test(`compiled hopper tree equals the TypeScript tree and the plain enumeration: ${kind}`, () => {
    let compared = 0, cuts = 0;
    for (const [dims, K0] of hopperCases(kind, 5, rnd)) {
      const board = makeBoard(dims);
      const K = Math.min(K0, 4);
      const onlyK = 1 + rnd(K);
      const rays = hopper(kind).rays(board);
      const sc = makeScratch(rays);
      const where = `${kind} ${dims.join("x")} K=${K} onlyK=${onlyK}`;
      // Whole runs, unseeded and seeded with the plain maxima (where the bound cuts most).
      const plain = exhaustive(kind, board, onlyK);
      const exact = [plain.longest, plain.dualFree, plain.reach].filter((p): p is HopperPosition => p !== null);
      for (const seeds of [[], exact]) {
        const o: LazyOptions = { lastHurdle: true, onlyK, seeds };
        const ts = exhaustiveLazy(kind, board, K, o), wa = exhaustiveKernel(kind, board, K, o);
        assert.deepEqual(strip(wa), strip(ts), `${where} seeds ${seeds.length}`);
        if (seeds.length) cuts += wa.cuts;
        const space = enumerationSpace(kind, board);
        const total = space.reduce((s, x) => s + binomial(x.hurdleSquares.length, onlyK), 0);
        assert.equal(wa.perK[onlyK].positions, total, `${where}: coverage`);
      }
      const { best } = byStart(kind, board, K, onlyK, []);
      const cols = ["longest", "dualFree", "reached"] as const;
      best.forEach((p, i) => {
        const want = [plain.longest, plain.dualFree, plain.reach][i];
        assert.equal(p?.[cols[i]] ?? -1, want?.[cols[i]] ?? -1, `${where}: maximum ${cols[i]}`);
        if (!p) return;
        assert.equal(new Set(p.hurdles).size, onlyK, `${where}: witness size`);
        assert.ok(!p.hurdles.includes(p.start));
        assert.equal(reachSummary(rays, p.start, occupancy(board, p.hurdles), sc, 2)[cols[i]], p[cols[i]], `${where}: witness`);
      });
      compared++;
    }
    assert.equal(compared, 5);
    assert.ok(cuts > 0, `${kind}: the last-hurdle bound never cut`);
  });
}

Deno.test("compiled hopper tree: a real 8x8 start equals the TypeScript tree", () => {
  const board = makeBoard([8, 8]);
  for (const [kind, K] of [["rookhopper", 4], ["grasshopper", 3], ["nightriderhopper", 3]] as const) {
    const o: LazyOptions = { only: [1], lastHurdle: true, onlyK: K };
    const ts = exhaustiveLazy(kind, board, K, o), wa = exhaustiveKernel(kind, board, K, o);
    assert.deepEqual(strip(wa), strip(ts), `${kind} 8x8 K=${K}`);
    assert.equal(wa.perK[K].positions, binomial(63, K));
    assert.ok(wa.leaves > 0);
  }
});

Deno.test("the compiled hopper tree refuses configurations it does not compile", () => {
  const board = makeBoard([4, 4]);
  assert.throws(() => exhaustiveKernel("grasshopper", board, 3, { onlyK: 3 }), /onlyK with lastHurdle/);
  assert.throws(() => exhaustiveKernel("grasshopper", board, 3, { lastHurdle: true }), /onlyK with lastHurdle/);
});
