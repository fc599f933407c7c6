/**
 * The king-tour search's certificates (solvers/tour/king.ts, verify.ts): its
 * budget-by-budget answer agrees with a plain depth-first search that prunes
 * only by the budget, on boards where that is affordable; a certificate with a
 * budget missing, a node count changed or a tour claimed where there is none is
 * refused; the 8×8 record (8 orthogonal steps, below the booklet's 10) holds.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { countOrthogonal, kingTourWithin, longestKingTour } from "../../solvers/tour/king.ts";
import { checkTourRecord, KING_RERUN_NODES, kingSearchErrors } from "../../solvers/tour/verify.ts";
import { TourRecordFile } from "../../solvers/tour/schema.ts";

/** Is there a closed king tour of n×n with at most `budget` orthogonal steps? No pruning but the budget. */
function plainSearch(n: number, budget: number): boolean {
  const N = n * n, seen = new Uint8Array(N);
  const go = (head: number, count: number, used: number): boolean => {
    if (count === N) {
      const dx = Math.abs(head % n), dy = Math.floor(head / n);
      return dx <= 1 && dy <= 1 && used + (dx + dy === 1 ? 1 : 0) <= budget;
    }
    const x = head % n, y = Math.floor(head / n);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const X = x + dx, Y = y + dy, w = X + Y * n;
        if ((!dx && !dy) || X < 0 || Y < 0 || X >= n || Y >= n || seen[w]) continue;
        const cost = dx && dy ? 0 : 1;
        if (used + cost > budget) continue;
        seen[w] = 1;
        const ok = go(w, count + 1, used + cost);
        seen[w] = 0;
        if (ok) return true;
      }
    }
    return false;
  };
  seen[0] = 1;
  return go(0, 1, 0);
}

Deno.test("king search: every budget's answer agrees with a search pruned only by the budget (3x3, 4x4, some of 5x5)", () => {
  // 5×5 budgets 6 and 8 take the plain search tens of seconds: left out.
  const cases: [number, number[]][] = [[3, [2, 4, 6]], [4, [2, 4, 6, 8]], [5, [2, 4, 10]]];
  for (const [n, budgets] of cases) {
    for (const budget of budgets) {
      const r = kingTourWithin(n, budget);
      assert.ok(r.complete);
      assert.equal(r.tour !== null, plainSearch(n, budget), `${n}x${n} budget ${budget}`);
      if (r.tour) assert.ok(countOrthogonal(n, r.tour) <= budget);
    }
  }
});

Deno.test("king search: certificates are checked for coverage and rerun where small", () => {
  const r = longestKingTour(6);
  assert.ok(r.exhaustiveBelow && r.orthogonal !== null);
  const runs = r.budgets;
  assert.ok(runs.every((b) => b.nodes <= KING_RERUN_NODES), "6x6 budgets should all be rerun");
  assert.deepEqual(kingSearchErrors(6, r.orthogonal, runs), []);
  assert.ok(kingSearchErrors(6, r.orthogonal, runs.slice(1)).length > 0, "a missing budget");
  assert.ok(
    kingSearchErrors(6, r.orthogonal, runs.map((b, i) => i === 0 ? { ...b, nodes: b.nodes + 1 } : b)).length > 0,
    "a changed node count",
  );
  assert.ok(
    kingSearchErrors(6, r.orthogonal, runs.map((b, i) => i === 0 ? { ...b, found: true } : b)).length > 0,
    "a tour claimed where none is",
  );
  assert.ok(kingSearchErrors(6, r.orthogonal + 2, runs).length > 0, "a value above the last budget searched");
});

Deno.test("king 8x8: the record's tour has 8 orthogonal steps, below the booklet's 10, and tampering is caught", () => {
  const file = TourRecordFile.parse(JSON.parse(readFileSync(new URL("../../data/tours/records.json", import.meta.url), "utf8")));
  const rec = file.records.find((r) => r.id === "tour-longest-king-8x8");
  assert.ok(rec && rec.witness && rec.kingSearch);
  assert.equal(rec.established.value, "8");
  assert.equal(rec.claim?.value, "10");
  assert.deepEqual(checkTourRecord(rec).errors, []);
  const lessSearched = structuredClone(rec);
  lessSearched.kingSearch = rec.kingSearch.filter((b) => b.orthogonal !== 6);
  assert.ok(checkTourRecord(lessSearched).errors.length > 0, "budget 6 removed from the certificate");
  const claimed6 = structuredClone(rec);
  claimed6.established.value = "6";
  assert.ok(checkTourRecord(claimed6).errors.length > 0, "value 6 with a tour of 8");
});
