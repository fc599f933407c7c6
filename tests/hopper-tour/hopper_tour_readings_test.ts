/**
 * The readings of the rules (solvers/hopper-tour/readings.ts) searched by
 * searchTours against the plain brute force of recheck-readings.ts on random
 * small boards: the same longest open and closed tour under every reading.
 * Each reading must also change the value on some instance (else the option
 * would test nothing), and the default must give what the search gives
 * without the option.
 */
import { familyPaths } from "../../scripts/lib/paths.ts";
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseHurdle, tourTable } from "../../solvers/hopper-tour/table.ts";
import { searchTours } from "../../solvers/hopper-tour/search.ts";
import { READINGS, readingValue } from "../../solvers/hopper-tour/readings.ts";
import { bruteReading } from "../../solvers/hopper-tour/recheck-readings.ts";
import type { PlainHopper } from "../../solvers/hopper-tour/recheck.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const HOPPERS: PlainHopper[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = [
  "rook",
  "bishop",
  "queen",
  "nightrider",
  "king",
  "knight",
  "leaper-0-1",
  "leaper-1-1",
  "leaper-0-2",
  "leaper-0-3",
  "leaper-1-3",
];
const SEARCHED = READINGS.filter((r) => r.count === "hopper");

Deno.test("every reading: the search's longest tour equals the brute force's on random small boards", () => {
  const rng = mulberry32(2609);
  const changed = new Map<string, number>(SEARCHED.map((r) => [r.key, 0]));
  let compared = 0, skipped = 0;
  for (let k = 0; k < 160; k++) {
    const w = rng.int(3, 5), h = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS);
    const hurdle = rng.pick(HURDLES);
    const mode = rng.pick(["open", "closed"] as const);
    const board = makeBoard([w, h]);
    const t = tourTable(board, hopper, parseHurdle(hurdle));
    const plain = searchTours(t, { mode, warnsdorff: false });
    for (const r of SEARCHED) {
      withInstance(2609, () => `${hopper} over ${hurdle} ${w}x${h} ${mode}, reading ${r.key}`, () => {
        const brute = bruteReading({ w, h, hopper, hurdle }, mode, r.reading, 3e5);
        if (!brute.complete) {
          skipped++;
          return;
        }
        const got = searchTours(t, { mode, warnsdorff: false, reading: r.reading });
        assert.ok(got.complete);
        assert.equal(got.value, brute.longest);
        if (r.key === "ours") assert.equal(got.value, plain.value);
        if (got.value !== plain.value) changed.set(r.key, changed.get(r.key)! + 1);
        compared++;
      });
    }
  }
  assert.ok(compared > 1000, `only ${compared} comparisons (${skipped} skipped)`);
  for (const r of SEARCHED) if (r.key !== "ours") assert.ok(changed.get(r.key)! > 0, `reading ${r.key} never changed a value`);
});

Deno.test("the counting readings count the moves of the tour the search returns", () => {
  const board = makeBoard([5, 5]);
  for (const [hurdle, mode] of [["king", "open"], ["king", "closed"], ["rook", "open"], ["leaper-0-1", "closed"]] as const) {
    const t = tourTable(board, "grasshopper", parseHurdle(hurdle));
    for (const hurdleFirst of [false, true]) {
      const res = searchTours(t, { mode, reading: hurdleFirst ? { hurdleFirst } : undefined, warnsdorff: true, maxNodes: 2e5 });
      const p = res.path!;
      assert.ok(p, `${hurdle} ${mode}`);
      assert.equal(readingValue(res.value, mode, "both", hurdleFirst), p.hopper.length + p.hurdleMoves.length);
      assert.equal(readingValue(res.value, mode, "squares"), new Set([p.start, ...p.hopper]).size);
      assert.equal(readingValue(res.value, mode, "withReturn"), p.hopper.length);
    }
  }
});

Deno.test("verify reruns the disputed records' readings and rejects a changed one", async () => {
  const { checkHopperTourRecord, loadHopperTourRecords } = await import(
    "../../scripts/families/hopper-tour/verify.ts"
  );
  const all = loadHopperTourRecords(familyPaths("hopper-tour").records);
  const disputed = all.filter((r) => r.dispute);
  assert.equal(disputed.length, 5);
  for (const r of disputed) {
    assert.ok(r.readings, `${r.id} states its readings`);
    assert.equal(r.readings!.used, "ours");
    assert.equal(r.readings!.results.find((x) => x.key === "ours")!.value, r.established.regenerated!.value);
    const res = checkHopperTourRecord(r, all);
    assert.equal(res.status, "disputed", `${r.id}: ${res.errors.join("; ")}`);
  }
  const r = disputed[0];
  const rd = r.readings!;
  const bump = { ...rd, results: rd.results.map((x, i) => i === 1 ? { ...x, value: x.value + 1 } : x) };
  assert.equal(checkHopperTourRecord({ ...r, readings: bump }, all).ok, false, "a reading's value changed");
  const kept = { ...rd, results: rd.results.map((x, i) => i === 2 ? { ...x, controls: { ...x.controls, kept: x.controls.kept + 1 } } : x) };
  assert.equal(checkHopperTourRecord({ ...r, readings: kept }, all).ok, false, "a control count changed");
  assert.equal(
    checkHopperTourRecord({ ...r, readings: { ...rd, verdict: { ...rd.verdict, en: "Some reading explains it." } } }, all).ok,
    false,
    "a verdict that does not open with the summary",
  );
  const { readings: _r, ...bare } = r;
  assert.equal(checkHopperTourRecord(bare, all).ok, false, "a dispute without readings");
});

Deno.test("bishophopper over a queen: tours of 31 with the queen starting on c3, as in the booklet's diagram", async () => {
  const { allRoots } = await import("../../solvers/hopper-tour/search.ts");
  const t = tourTable(makeBoard([8, 8]), "bishophopper", parseHurdle("queen"));
  const c3 = 2 + 2 * 8;
  for (const mode of ["open", "closed"] as const) {
    const res = searchTours(t, { mode, roots: allRoots(t).filter((r) => r.hurdle === c3), floor: 28, maxNodes: 1e6 });
    assert.equal(res.value, 31, mode);
    assert.equal(res.path!.hurdle, c3);
  }
});

Deno.test("the record page states the reading we use, the booklet's value and every reading's value, in English and Czech", async () => {
  const { readingLines } = await import("../../site/families/hopper-tour.ts");
  const { loadHopperTourRecords } = await import("../../scripts/families/hopper-tour/verify.ts");
  const all = loadHopperTourRecords(familyPaths("hopper-tour").records);
  for (const r of all.filter((x) => x.dispute)) {
    const lines = readingLines(r);
    assert.equal(lines.length, 2, r.id);
    const [list, verdict] = lines;
    assert.ok(list.en.includes(`we use "${READINGS[0].en}"; the booklet prints ${r.claim!.value}.`), `${r.id} en`);
    assert.ok(list.cs.includes(`používáme „${READINGS[0].cs}“; brožura uvádí ${r.claim!.value}.`), `${r.id} cs`);
    for (const x of r.readings!.results) {
      const w = READINGS.find((y) => y.key === x.key)!;
      assert.ok(list.en.includes(`${w.en}: ${x.value} (`), `${r.id} en ${x.key}`);
      assert.ok(list.cs.includes(`${w.cs}: ${x.value} (`), `${r.id} cs ${x.key}`);
    }
    assert.ok(verdict.en.startsWith("Verdict: ") && verdict.en.includes("Kotěšovec 2009"), r.id);
    assert.ok(verdict.cs.startsWith("Závěr: ") && verdict.cs.includes("Kotěšovec 2009"), r.id);
  }
  assert.deepEqual(readingLines(all.find((x) => !x.dispute)!), []);
});
