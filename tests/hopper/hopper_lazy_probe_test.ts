/**
 * The probes of solvers/hopper/lazy.ts (Knuth's estimator, header "Probes")
 * against the exact trees, on random small boards for all four hoppers and
 * the three trees the provers walk (plain, branch and bound, one k with the
 * last-hurdle bound; seeded with the exact maxima, so the bounds are those of
 * a proof that already knows them and the tree does not change under the
 * walks):
 * - every leaf is reached by exactly one sequence of choices: walking every
 *   choice sequence (a scripted generator, 0 for a hurdle, just below 1 for
 *   an empty square) reaches as many leaves as the exact tree has, and the
 *   probabilities of those sequences, 1 / the weight at the leaf, sum to 1
 *   over all sequences together with those that end at a cut node;
 * - the mean weight of seeded random walks lies within five standard errors
 *   (or 15%) of the exact leaf count.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { HOPPER_KINDS } from "../../solvers/pieces/hopper.ts";
import { exhaustiveLazy, type LazyOptions } from "../../solvers/hopper/lazy.ts";
import { seededRandom } from "../../solvers/random.ts";
import { hopperCases, lcg } from "../helpers/hopper-cases.ts";
import type { Board } from "../../solvers/types.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";

const rnd = lcg(20261129);

function treeOptions(kind: HopperKind, board: Board, K: number, mode: number): LazyOptions {
  const exact = exhaustiveLazy(kind, board, K);
  const seeds = exact.perK.flatMap((m) => [m.longest, m.dualFree, m.reach]).filter((p) => p !== null)
    .map((p) => ({ start: p.start, hurdles: p.hurdles }));
  return mode === 0 ? {} : mode === 1 ? { bound: true, seeds } : { onlyK: K, lastHurdle: true, seeds };
}

/**
 * Every choice sequence of one start's tree, depth first: each walk follows the script and goes empty past
 * it; a walk that asked for more choices than scripted is split on its next choice. Returns the leaves
 * reached and the sum of 1 / weight over the sequences that reached a leaf.
 */
function everyWalk(kind: HopperKind, board: Board, K: number, opts: LazyOptions, si: number) {
  let leaves = 0, probability = 0, sequences = 0;
  const stack: number[][] = [[]];
  while (stack.length > 0) {
    const script = stack.pop()!;
    let calls = 0;
    let weight = 0;
    const random = () => (calls < script.length ? script[calls++] : (calls++, 1 - 1e-12));
    exhaustiveLazy(kind, board, K, { ...opts, only: [si], probe: { random, walks: 1, onWalk: (_s, l) => (weight = l) } });
    if (calls > script.length) {
      stack.push([...script, 0], [...script, 1 - 1e-12]);
      continue;
    }
    sequences++;
    if (weight > 0) (leaves++, probability += 1 / weight);
  }
  return { leaves, probability, sequences };
}

Deno.test("probe walks: each leaf is one choice sequence, and leaf probabilities sum to at most 1", () => {
  let checked = 0;
  for (const kind of HOPPER_KINDS) {
    for (const [dims, K0] of hopperCases(kind, 2, rnd)) {
      const board = makeBoard(dims);
      const K = Math.min(K0, 3);
      for (let mode = 0; mode < 3; mode++) {
        const opts = treeOptions(kind, board, K, mode);
        const exact = exhaustiveLazy(kind, board, K, { ...opts, only: [0] });
        if (exact.leaves > 1500) continue;
        const all = everyWalk(kind, board, K, opts, 0);
        const where = `${kind} ${dims.join("x")} K=${K} mode ${mode}`;
        assert.equal(all.leaves, exact.leaves, `${where}: leaves reached by the walks`);
        // Sequences ending at a cut node carry the rest of the probability (the plain tree has none).
        assert.ok(all.probability <= 1 + 1e-9, `${where}: probability ${all.probability}`);
        if (mode === 0) assert.ok(Math.abs(all.probability - 1) < 1e-9, `${where}: probability ${all.probability}`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 10, `only ${checked} small trees checked`);
});

Deno.test("probe walks: the mean weight estimates the exact leaf count", () => {
  let checked = 0;
  for (const kind of HOPPER_KINDS) {
    for (const [dims, K] of hopperCases(kind, 1, rnd)) {
      const board = makeBoard(dims);
      for (let mode = 0; mode < 3; mode++) {
        const opts = treeOptions(kind, board, K, mode);
        const exact = exhaustiveLazy(kind, board, K, opts);
        const walks = 6000;
        const perStart = new Map<number, number[]>();
        const r = exhaustiveLazy(kind, board, K, {
          ...opts,
          probe: {
            random: seededRandom(checked + 1),
            walks,
            onWalk: (si, l) => perStart.set(si, [...(perStart.get(si) ?? []), l]),
          },
        });
        let mean = 0, variance = 0;
        for (const ws of perStart.values()) {
          const m = ws.reduce((a, x) => a + x, 0) / ws.length;
          mean += m;
          variance += ws.reduce((a, x) => a + (x - m) ** 2, 0) / (ws.length - 1) / ws.length;
        }
        assert.ok(Math.abs(r.leaves / walks - mean) < 1e-6 * Math.max(1, mean), "leaves is the sum of the walks' weights");
        assert.ok(r.branchNodes !== undefined && r.branchNodes > 0);
        const where = `${kind} ${dims.join("x")} K=${K} mode ${mode}: estimate ${mean.toFixed(1)}, exact ${exact.leaves}`;
        // Heavy tails make the walks' own spread understate the error at times: 15% of the count is also allowed
        // (a wrong weight on either child shifts the mean far more: a factor 2 on the hurdle child fails here).
        assert.ok(Math.abs(mean - exact.leaves) <= Math.max(5 * Math.sqrt(variance), 0.15 * exact.leaves), where);
        checked++;
      }
    }
  }
  assert.ok(checked >= 12);
});
