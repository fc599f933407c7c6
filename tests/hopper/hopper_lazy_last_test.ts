/**
 * The last-hurdle bound and the one-k tree of solvers/hopper/lazy.ts
 * (opts.lastHurdle, opts.onlyK) against the plain combinatorial method
 * (search.ts: every k-subset, one full BFS each) on random small boards for
 * all four hoppers: positions for every k and the three maxima must match,
 * unseeded, seeded with the exact maxima (the tightest seeds, where the bound
 * cuts most and a cut at "<= best" must still keep the best) and seeded with
 * weaker positions; every witness is re-valued by an independent BFS.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS, type HopperKind } from "../../solvers/pieces/hopper.ts";
import { binomial, enumerationSpace, exhaustive, type HopperPosition } from "../../solvers/hopper/search.ts";
import { exhaustiveLazy, type LazyResult } from "../../solvers/hopper/lazy.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";
import { hopperCases, lcg } from "../helpers/hopper-cases.ts";

const rnd = lcg(977_2026);
const cases = (kind: HopperKind, count: number) => hopperCases(kind, count, rnd);

for (const kind of HOPPER_KINDS) {
  Deno.test(`last-hurdle bound and one-k tree equal the plain enumeration: ${kind}`, () => {
    let compared = 0, cuts = 0;
    for (const [dims, K] of cases(kind, 6)) {
      const board = makeBoard(dims);
      const rays = hopper(kind).rays(board);
      const sc = makeScratch(rays);
      const space = enumerationSpace(kind, board);
      const plains = Array.from({ length: K + 1 }, (_, k) => (k === 0 ? null : exhaustive(kind, board, k)));
      const exact = plains.flatMap((p) => (p ? [p.longest, p.dualFree, p.reach].filter((x): x is HopperPosition => x !== null) : []));
      const weak = plains.flatMap((
        p,
        k,
      ) => (p?.longest && k % 2 === 1
        ? [{ start: p.longest.start, hurdles: p.longest.hurdles.slice(1).concat(p.longest.hurdles[0]) }]
        : [])
      );
      // Near seeds: per k the best of random positions that stay below the maximum, so a bound that cut one move too
      // early (at best + 1) would lose the maximum.
      const near: HopperPosition[] = [];
      for (let k = 1; k <= K; k++) {
        let best: HopperPosition | null = null;
        for (let i = 0; i < 300; i++) {
          const sp = space[rnd(space.length)];
          const hs = new Set<number>();
          while (hs.size < Math.min(k, sp.hurdleSquares.length)) hs.add(sp.hurdleSquares[rnd(sp.hurdleSquares.length)]);
          const p = { start: sp.start, hurdles: [...hs], ...reachSummary(rays, sp.start, occupancy(board, [...hs]), sc, 2) };
          if (p.hurdles.length === k && p.longest < (plains[k]!.longest?.longest ?? 0) && (!best || p.longest > best.longest)) best = p;
        }
        if (best) near.push(best);
      }
      const runs: [string, LazyResult, number | null][] = [
        ["onlyK=K last+near seeds", exhaustiveLazy(kind, board, K, { lastHurdle: true, onlyK: K, seeds: near }), K],
        ["last", exhaustiveLazy(kind, board, K, { lastHurdle: true }), null],
        ["last+exact seeds", exhaustiveLazy(kind, board, K, { lastHurdle: true, seeds: exact }), null],
        ["last+weak seeds", exhaustiveLazy(kind, board, K, { lastHurdle: true, seeds: weak }), null],
        ["onlyK=K last+exact seeds", exhaustiveLazy(kind, board, K, { lastHurdle: true, onlyK: K, seeds: exact }), K],
        // The X carried from one hurdle before the last must never fall below a recount at the last hurdle.
        ["onlyK=K last, carried X checked", exhaustiveLazy(kind, board, K, { lastHurdle: true, onlyK: K, checkCarriedX: true }), K],
        ["onlyK=K-1", exhaustiveLazy(kind, board, K, { onlyK: K - 1 }), K - 1],
        // One k with the branch and bound instead (the prover's mode for the rookhopper once only the top k is missing).
        ["onlyK=K bound+exact seeds", exhaustiveLazy(kind, board, K, { bound: true, onlyK: K, seeds: exact }), K],
        ["onlyK=K bound+near seeds", exhaustiveLazy(kind, board, K, { bound: true, onlyK: K, seeds: near }), K],
      ];
      for (const [name, run, only] of runs) {
        if (name.includes("exact") || name.includes("near")) cuts += run.cuts;
        for (let k = 1; k <= K; k++) {
          const got = run.perK[k];
          if (only !== null && k !== only) {
            assert.equal(got.positions, 0, `${name}: k=${k} is not counted`);
            continue;
          }
          const plain = plains[k]!;
          const where = `${kind} ${dims.join("x")} K=${K} k=${k} ${name}`;
          const total = space.reduce((s, x) => s + binomial(x.hurdleSquares.length, k), 0);
          assert.equal(got.positions, total, `${where}: coverage`);
          assert.equal(got.longest?.longest ?? -1, plain.longest?.longest ?? -1, `${where}: longest`);
          assert.equal(got.dualFree?.dualFree ?? -1, plain.dualFree?.dualFree ?? -1, `${where}: dual-free`);
          assert.equal(got.reach?.reached ?? -1, plain.reach?.reached ?? -1, `${where}: reach`);
          for (const [p, col] of [[got.longest, "longest"], [got.dualFree, "dualFree"], [got.reach, "reached"]] as const) {
            if (!p) continue;
            assert.equal(new Set(p.hurdles).size, k, `${where}: witness size`);
            assert.ok(!p.hurdles.includes(p.start));
            assert.equal(reachSummary(rays, p.start, occupancy(board, p.hurdles), sc, 2)[col], p[col], `${where}: witness ${col}`);
          }
          compared++;
        }
      }
    }
    assert.ok(compared >= 6 * 3 * 4);
    assert.ok(cuts > 0, `${kind}: the exact seeds never let the last-hurdle bound cut`);
  });
}

Deno.test("onlyK and lastHurdle refuse what they cannot mean", () => {
  const board = makeBoard([5, 5]);
  assert.throws(() => exhaustiveLazy("grasshopper", board, 3, { onlyK: 4 }), /onlyK/);
  assert.throws(() => exhaustiveLazy("grasshopper", board, 3, { onlyK: 1.5 }), /onlyK/);
  assert.throws(() => exhaustiveLazy("grasshopper", board, 3, { lastHurdle: true, bound: true }), /choose one/);
});
