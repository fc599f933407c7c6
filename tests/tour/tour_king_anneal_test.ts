/**
 * Simulated annealing for long closed king tours (solvers/tour/king-anneal.ts)
 * against the exact search of king.ts on 2×2 … 6×6: it reaches the exhaustive
 * optimum and never returns a tour below it (a tour below the optimum could
 * only be an illegal one). Odd boards 7×7 and 9×9 reach the proven lower
 * bound 2n. Every tour is checked here with plain coordinates.
 */
import assert from "node:assert/strict";
import { annealKingTour } from "../../solvers/tour/king-anneal.ts";
import { kingLowerBound, longestKingTour } from "../../solvers/tour/king.ts";
import { readFileSync } from "node:fs";
import { TourRecordFile } from "../../solvers/tour/schema.ts";
import { checkTourRecord } from "../../solvers/tour/verify.ts";

/** Orthogonal steps of a closed king tour, or an error: every square once, every step a king step. */
function plainCheck(n: number, tour: ArrayLike<number>): number {
  assert.equal(tour.length, n * n);
  assert.equal(new Set(Array.from(tour)).size, n * n);
  let ort = 0;
  for (let i = 0; i < tour.length; i++) {
    const a = tour[i], b = tour[(i + 1) % tour.length];
    assert.ok(a >= 0 && a < n * n);
    const dx = Math.abs((a % n) - (b % n)), dy = Math.abs(Math.floor(a / n) - Math.floor(b / n));
    assert.ok(dx <= 1 && dy <= 1 && dx + dy > 0, `step ${a} -> ${b} on ${n}x${n}`);
    if (dx + dy === 1) ort++;
  }
  return ort;
}

Deno.test("small boards: the exact optimum is reached, nothing below it is ever returned", () => {
  for (let n = 2; n <= 6; n++) {
    const exact = longestKingTour(n);
    assert.ok(exact.exhaustiveBelow && exact.orthogonal !== null);
    const best = exact.orthogonal!;
    const r = annealKingTour(n, best, { seed: 3 });
    assert.ok(r.tour, `${n}x${n}: no tour with ${best}`);
    assert.equal(plainCheck(n, r.tour!), best);
    assert.equal(r.orthogonal, best);
    assert.equal(r.tour![0], 0, "tours start at a1");
    if (best >= 2) {
      const below = annealKingTour(n, best - 2, { seed: 5, steps: 20_000, restarts: 3 });
      assert.equal(below.tour, null, `${n}x${n}: a tour below the proven optimum ${best}`);
    }
  }
});

Deno.test("odd boards reach the lower bound 2n", () => {
  for (const n of [7, 9]) {
    const r = annealKingTour(n, kingLowerBound(n), { seed: 1 });
    assert.ok(r.tour, `${n}x${n}`);
    assert.equal(plainCheck(n, r.tour!), 2 * n);
  }
});

Deno.test("bad sizes are refused", () => {
  assert.throws(() => annealKingTour(1, 0), RangeError);
  assert.throws(() => annealKingTour(2.5, 2), RangeError);
});

Deno.test("king records past 6x6: settled only at the odd lower bound or by a search certificate, and verify says so", () => {
  const file = TourRecordFile.parse(JSON.parse(readFileSync(new URL("../../data/tours/records.json", import.meta.url), "utf8")));
  const big = file.records.filter((r) => r.kind === "longest-king-tour" && r.board[0] > 6);
  assert.ok(big.length >= 2);
  for (const r of big) {
    assert.deepEqual(checkTourRecord(r).errors, [], r.id);
    const n = r.board[0];
    if (r.established.settledHere && n % 2 === 1) assert.equal(r.established.value, String(2 * n), r.id);
    if (r.established.settledHere && n % 2 === 0) assert.ok(r.kingSearch, `${r.id}: an even board is settled only by a search certificate`);
  }
  const seven = big.find((r) => r.id === "tour-longest-king-7x7")!;
  assert.ok(seven.established.settledHere && seven.witness);
  const even = structuredClone(big.find((r) => r.id === "tour-longest-king-8x8")!);
  even.established.settledHere = true;
  delete even.kingSearch;
  assert.ok(
    checkTourRecord(even).errors.some((e) => /certificate/.test(e)),
    "an even board cannot be settled without a search certificate",
  );
  const above = structuredClone(seven);
  above.established.value = "16";
  assert.ok(checkTourRecord(above).errors.length > 0, "a settled value above 2n");
});
