/**
 * The target certificate (cell.ts targetSearch, lib/target-proof.ts, verify's
 * checkTargetCertificate): on random small boards the target search from the
 * canonical start pairs finds a tour one longer than ours exactly when the
 * plain brute force of recheck.ts has one; a certificate made for the
 * brute-force longest value re-checks, and a tampered one does not.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { parseHurdle, tourTable } from "../../solvers/hopper-tour/table.ts";
import { canonicalRoots, type TourMode } from "../../solvers/hopper-tour/search.ts";
import { targetSearch } from "../../solvers/hopper-tour/cell.ts";
import { bruteLongest } from "../../solvers/hopper-tour/recheck.ts";
import { proveByTargetSearch } from "../../scripts/families/hopper-tour/lib/target-proof.ts";
import { checkTargetCertificate } from "../../scripts/families/hopper-tour/verify.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const HOPPERS: HopperKind[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = ["rook", "queen", "bishop", "king", "knight", "leaper-0-1", "leaper-1-1"];
const MODES: TourMode[] = ["open", "closed", "cyclic"];

Deno.test("the target search finds a longer tour exactly when the brute force has one", () => {
  const rng = mulberry32(2613);
  let proofs = 0, refuted = 0;
  for (let k = 0; k < 60; k++) {
    const w = rng.int(3, 4), h = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(2613, () => `${w}x${h} ${hopper} over ${hurdle} ${mode}`, () => {
      const brute = bruteLongest({ w, h, hopper, hurdle }, mode);
      if (brute.longest === 0) return;
      const t = tourTable(makeBoard([w, h]), hopper, parseHurdle(hurdle));
      const roots = canonicalRoots(t);
      // At the longest value: nothing longer from any start pair, every search complete.
      for (const root of roots) {
        const r = targetSearch(t, mode, brute.longest, root);
        assert.equal(r.found, null);
        assert.equal(r.complete, true);
      }
      proofs++;
      // One below: some start pair has a tour of the longest value.
      const below = roots.map((root) => targetSearch(t, mode, brute.longest - 1, root));
      assert.ok(below.some((r) => r.found !== null && r.complete === false), "a tour of the longest value is found");
      refuted++;
    });
  }
  assert.ok(proofs >= 30 && refuted >= 30, `${proofs} proofs, ${refuted} refutations`);
});

Deno.test("a target certificate re-checks, and tampering with it is caught", () => {
  // 17 of the 19 moves a closed tour could have: the certificate has real work to do.
  const t = tourTable(makeBoard([5, 4]), "rookhopper", parseHurdle("queen"));
  const longest = bruteLongest({ w: 5, h: 4, hopper: "rookhopper", hurdle: "queen" }, "closed").longest;
  assert.equal(longest, 17);
  const lines: string[] = [];
  const res = proveByTargetSearch(t, "closed", longest, 1e7, (l) => lines.push(l));
  assert.ok("maximality" in res, "the longest value is proven");
  const m = res.maximality;
  assert.ok(m.status === "exhaustive" && m.search === "target" && m.perRoot);
  assert.equal(lines.length, canonicalRoots(t).length, "one progress line a start pair");
  const check = (mm: typeof m, budget = Infinity) => {
    const errors: string[] = [];
    checkTargetCertificate(t, "closed", longest, mm, errors, budget);
    return errors;
  };
  assert.deepEqual(check(m), []);
  const per = m.perRoot!;
  // One count changed (and the sum with it): the rerun of that pair disagrees.
  const i = per.indexOf(Math.min(...per));
  const bumped = per.map((n, j) => (j === i ? n + 1 : n));
  assert.match(check({ ...m, perRoot: bumped, nodes: m.nodes + 1 }).join("\n"), /certificate says/);
  // The sum no longer matches.
  assert.match(check({ ...m, nodes: m.nodes + 5 }).join("\n"), /sum to/);
  // A start pair left out.
  assert.match(check({ ...m, perRoot: per.slice(1), nodes: m.nodes - per[0] }).join("\n"), /start pairs/);
  // A value one too low: a tour of one more exists, and the rerun finds it.
  const low: string[] = [];
  checkTargetCertificate(t, "closed", longest - 1, m, low);
  assert.ok(low.length > 0);
  // Within a small budget only the cheapest pair is searched again, and that is enough to pass.
  assert.deepEqual(check(m, 1), []);
});
