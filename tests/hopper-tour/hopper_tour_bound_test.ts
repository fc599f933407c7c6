/**
 * The group bound of solvers/hopper-tour/bound.ts against brute force: at
 * random states of random small tours it is never below the longest real
 * continuation (an exact depth-first search written here), and the
 * exhaustive target search that uses it (hunt.ts, exhaustive: true) agrees
 * with the plain brute force of recheck.ts: it finds the longest value and
 * proves, covering every root, that nothing longer exists.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { parseHurdle, type TourTable, tourTable } from "../../solvers/hopper-tour/table.ts";
import { allRoots, type TourMode } from "../../solvers/hopper-tour/search.ts";
import { groupBound } from "../../solvers/hopper-tour/bound.ts";
import { huntTour } from "../../solvers/hopper-tour/hunt.ts";
import { replayTour } from "../../solvers/hopper-tour/check.ts";
import { bruteLongest } from "../../solvers/hopper-tour/recheck.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const HOPPERS: HopperKind[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = ["rook", "queen", "bishop", "nightrider", "king", "knight", "leaper-0-1", "leaper-1-1", "leaper-0-2", "leaper-1-3"];
const MODES: TourMode[] = ["open", "closed", "cyclic"];

/** The most squares a continuation from (p, h) can still visit (closed: ending where it can jump home to s0); -1 when a closed one cannot close. */
function longestContinuation(t: TourTable, visited: Uint8Array, p: number, h: number, s0: number, mode: TourMode): number {
  const n = t.size;
  let best = mode === "open" ? 0 : -1;
  const go = (q: number, hh: number, k: number) => {
    const ph = q * n + hh;
    if (mode === "open") best = Math.max(best, k);
    else {
      for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) if (t.stepLand[i] === s0) best = Math.max(best, k);
    }
    for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) {
      const r = t.stepLand[i];
      if (visited[r]) continue;
      visited[r] = 1;
      go(r, t.stepHurdle[i], k + 1);
      visited[r] = 0;
    }
  };
  go(p, h, 0);
  return best;
}

Deno.test("the group bound is never below the longest continuation at random states of small boards", () => {
  const rng = mulberry32(1501);
  let checked = 0, tight = 0;
  for (let k = 0; k < 300; k++) {
    const w = rng.int(3, 5), hgt = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(1501, () => `#${k} ${w}x${hgt} ${hopper} over ${hurdle} ${mode}`, () => {
      const t = tourTable(makeBoard([w, hgt]), hopper, parseHurdle(hurdle));
      const roots = allRoots(t);
      if (roots.length === 0) return;
      const root = rng.pick(roots);
      const visited = new Uint8Array(t.size);
      const bound = groupBound(t, visited, mode);
      visited[root.start] = 1;
      let p = t.landing[root.start * t.size + root.hurdle], h = root.hurdle;
      visited[p] = 1;
      // A random walk of the tour, checking the bound at every state on the way.
      for (let step = 0; step < t.size; step++) {
        const truth = longestContinuation(t, visited, p, h, root.start, mode);
        const b = bound(p, h, root.start);
        assert.ok(b >= truth, `state ${step}: bound ${b} below the longest continuation ${truth}`);
        checked++;
        if (b === truth) tight++;
        const moves: number[] = [];
        for (let i = t.stepStart[p * t.size + h]; i < t.stepStart[p * t.size + h + 1]; i++) if (!visited[t.stepLand[i]]) moves.push(i);
        if (moves.length === 0) break;
        const i = rng.pick(moves);
        p = t.stepLand[i];
        h = t.stepHurdle[i];
        visited[p] = 1;
      }
    });
  }
  assert.ok(checked > 500, `${checked} states checked`);
  assert.ok(tight > checked / 4, `the bound is tight at ${tight} of ${checked} states`);
});

Deno.test("the exhaustive target search with the group bound agrees with the plain brute force", () => {
  const rng = mulberry32(1502);
  let proofs = 0;
  for (let k = 0; k < 120; k++) {
    const w = rng.int(3, 4), hgt = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(1502, () => `#${k} ${w}x${hgt} ${hopper} over ${hurdle} ${mode}`, () => {
      const brute = bruteLongest({ w, h: hgt, hopper, hurdle }, mode);
      assert.equal(brute.complete, true);
      const board = makeBoard([w, hgt]);
      const spec = parseHurdle(hurdle);
      const t = tourTable(board, hopper, spec);
      const roots = allRoots(t);
      // With the group bound at every node; with no bound but the hunt's predecessor counts, over the
      // geometric square graph and over the jumps reachable from the roots.
      for (
        const variant of [{ bound: "groups" as const, reachFrom: 0 }, { bound: "reach" as const, reachFrom: t.size }, {
          bound: "reach" as const,
          reachFrom: t.size,
          squareGraph: "reachable" as const,
        }]
      ) {
        const opts = { mode, restartNodes: 1, maxNodes: 1e7, seed: k + 1, roots, exhaustive: true, ...variant };
        if (brute.longest > 0) {
          const hit = huntTour(t, { ...opts, target: brute.longest });
          assert.equal(hit.value, brute.longest, "the exhaustive search finds the longest tour");
          assert.equal(hit.complete, true);
          const rep = replayTour(board, hopper, spec, hit.path!, mode);
          assert.ok(!("error" in rep) && rep.value === brute.longest, "its witness replays");
        }
        const over = huntTour(t, { ...opts, target: brute.longest + 1 });
        assert.equal(over.complete, true, "every root covered");
        assert.ok(over.value <= brute.longest, `found ${over.value} above the brute force's ${brute.longest}`);
      }
      proofs++;
    });
  }
  assert.equal(proofs, 120);
});

Deno.test("tight cases (tours over all or nearly all squares): the exhaustive target search with each bound matches the brute force", () => {
  // Instances where the longest tour leaves at most two squares out, so a cut one square too eager loses it.
  const cases: [number, number, HopperKind, string, TourMode][] = [
    [4, 4, "grasshopper", "queen", "open"],
    [4, 4, "grasshopper", "queen", "closed"],
    [4, 4, "grasshopper", "king", "open"],
    [4, 4, "grasshopper", "king", "cyclic"],
    [4, 4, "rookhopper", "queen", "open"],
    [4, 4, "rookhopper", "king", "open"],
    [5, 4, "grasshopper", "rook", "open"],
    [5, 4, "grasshopper", "rook", "closed"],
  ];
  for (const [w, hgt, hopper, hurdle, mode] of cases) {
    withInstance(1503, () => `${w}x${hgt} ${hopper} over ${hurdle} ${mode}`, () => {
      const brute = bruteLongest({ w, h: hgt, hopper, hurdle }, mode);
      assert.ok(brute.complete && brute.longest >= w * hgt - 3);
      const t = tourTable(makeBoard([w, hgt]), hopper, parseHurdle(hurdle));
      for (
        const variant of [{ bound: "groups" as const, reachFrom: 0 }, { bound: "reach" as const, reachFrom: t.size }, {
          bound: "reach" as const,
          reachFrom: t.size,
          squareGraph: "reachable" as const,
        }]
      ) {
        const opts = { mode, restartNodes: 1, maxNodes: 1e7, seed: 1, roots: allRoots(t), exhaustive: true, ...variant };
        const hit = huntTour(t, { ...opts, target: brute.longest });
        assert.equal(hit.value, brute.longest, `${variant.bound}: the longest tour is found`);
        const over = huntTour(t, { ...opts, target: brute.longest + 1 });
        assert.ok(over.complete && over.value <= brute.longest);
      }
    });
  }
});

Deno.test("per start pair: the exhaustive target search reaches each root's own longest tour, and nothing above it", () => {
  // Each root separately, so the cuts are exercised on the hard roots too (a tour over all roots is found on an easy one).
  const rng = mulberry32(1504);
  let roots = 0;
  for (let k = 0; k < 40; k++) {
    const w = rng.int(3, 4), hgt = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    const t = tourTable(makeBoard([w, hgt]), hopper, parseHurdle(hurdle));
    for (const root of allRoots(t)) {
      withInstance(1504, () => `#${k} ${w}x${hgt} ${hopper} over ${hurdle} ${mode}, root ${root.start}/${root.hurdle}`, () => {
        const visited = new Uint8Array(t.size);
        const s1 = t.landing[root.start * t.size + root.hurdle];
        visited[root.start] = visited[s1] = 1;
        // Cyclic tours are closed tours with one more condition: the truth for closed bounds them from above.
        const rest = longestContinuation(t, visited, s1, root.hurdle, root.start, mode === "open" ? "open" : "closed");
        const longest = rest < 0 ? 0 : 1 + rest;
        for (
          const variant of [{ bound: "groups" as const, reachFrom: 0 }, {
            bound: "reach" as const,
            reachFrom: 0,
            squareGraph: "reachable" as const,
          }]
        ) {
          const opts = { mode, restartNodes: 1, maxNodes: 1e7, seed: 1, roots: [root], exhaustive: true, ...variant };
          if (mode !== "cyclic" && longest > 0) {
            const hit = huntTour(t, { ...opts, target: longest });
            assert.equal(hit.value, longest, `${variant.bound}: the root's longest tour is found`);
          }
          const over = huntTour(t, { ...opts, target: longest + 1 });
          assert.ok(over.complete && over.value <= longest);
        }
        roots++;
      });
    }
  }
  assert.ok(roots > 500, `${roots} roots`);
});
