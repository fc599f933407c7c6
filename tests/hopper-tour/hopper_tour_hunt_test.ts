/**
 * The hopper-tour witness hunt (solvers/hopper-tour/hunt.ts), the independent
 * re-check behind the disputes (recheck.ts, dispute.ts) and the Dawson-type
 * hunt (solvers/hopper/dawson-hunt.ts): the plain brute force against the
 * table-based branch and bound on random small boards, the hunt against the
 * brute force (it reaches the true longest value and never more), and tamper
 * tests: a changed witness, dispute or hunt record is caught.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { parseHurdle, tourTable } from "../../solvers/hopper-tour/table.ts";
import { allRoots, searchTours, type TourMode } from "../../solvers/hopper-tour/search.ts";
import { huntSymmetricTour, huntTour } from "../../solvers/hopper-tour/hunt.ts";
import { replayTour } from "../../solvers/hopper-tour/check.ts";
import { bruteLongest, plainReplay } from "../../solvers/hopper-tour/recheck.ts";
import { disputeExplanation } from "../../solvers/hopper-tour/dispute.ts";
import { checkHopperTourRecord, loadHopperTourRecords } from "../../scripts/families/hopper-tour/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import type { HopperTourRecord } from "../../solvers/hopper-tour/schema.ts";
import { huntDawson } from "../../solvers/hopper/dawson-hunt.ts";
import { checkHopperRecord } from "../../solvers/hopper/check.ts";
import type { HopperRecord } from "../../solvers/hopper/schema.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const HOPPERS: HopperKind[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = ["rook", "queen", "bishop", "nightrider", "king", "knight", "leaper-0-1", "leaper-1-1", "leaper-0-2", "leaper-1-3"];
const MODES: TourMode[] = ["open", "closed", "cyclic"];

Deno.test("plain brute force equals the table-based branch and bound on random small boards", () => {
  const rng = mulberry32(1401);
  for (let k = 0; k < 60; k++) {
    const w = rng.int(3, 4), h = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(1401, () => `${w}x${h} ${hopper} over ${hurdle} ${mode}`, () => {
      const brute = bruteLongest({ w, h, hopper, hurdle }, mode);
      assert.equal(brute.complete, true);
      const t = tourTable(makeBoard([w, h]), hopper, parseHurdle(hurdle));
      const bb = searchTours(t, { mode, roots: allRoots(t), warnsdorff: false });
      assert.equal(bb.value, brute.longest);
      if (brute.example) {
        const e = brute.example;
        assert.deepEqual(plainReplay({ w, h, hopper, hurdle }, mode, e), { ok: true, value: brute.longest });
      }
    });
  }
});

Deno.test("the hunt reaches the brute-force longest on small boards and never claims more", () => {
  const rng = mulberry32(1402);
  for (let k = 0; k < 40; k++) {
    const n = rng.int(3, 4);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(1402, () => `${n}x${n} ${hopper} over ${hurdle} ${mode}`, () => {
      const brute = bruteLongest({ w: n, h: n, hopper, hurdle }, mode);
      const board = makeBoard([n, n]);
      const spec = parseHurdle(hurdle);
      const t = tourTable(board, hopper, spec);
      if (brute.longest === 0) return;
      const hit = huntTour(t, { mode, target: brute.longest, restartNodes: 5000, maxNodes: 400000, seed: k + 1 });
      assert.equal(hit.value, brute.longest, "the hunt finds the longest tour");
      const rep = replayTour(board, hopper, spec, hit.path!, mode);
      assert.ok(!("error" in rep) && rep.value === brute.longest, "its witness replays");
      // Above the maximum the cuts (exact for the target) leave nothing: the hunt finds no longer tour.
      const over = huntTour(t, { mode, target: brute.longest + 1, restartNodes: 2000, maxNodes: 20000, seed: k + 1 });
      assert.ok(over.value <= brute.longest);
    });
  }
});

function record(id: string): HopperTourRecord {
  const r = loadHopperTourRecords(familyPaths("hopper-tour").records).find((x) => x.id === id);
  if (!r) throw new Error(`no record ${id}`);
  return r;
}

Deno.test("the five disputes: the re-check's text is in the records, verify recomputes it, tampering is caught", () => {
  const ids = [
    "grasshopper-leaper-0-3-8x8-closed",
    "grasshopper-leaper-1-6-8x8-open",
    "grasshopper-leaper-1-6-8x8-closed",
    "bishophopper-queen-8x8-open",
    "bishophopper-queen-8x8-closed",
  ];
  for (const id of ids) {
    const r = record(id);
    assert.ok(r.dispute, `${id} carries a dispute`);
    assert.equal(r.dispute!.explanation, disputeExplanation(r, r.dispute!.check));
    const res = checkHopperTourRecord(r);
    assert.equal(res.status, "disputed", `${id}: ${res.errors.join("; ")}`);
    // The text must be the re-check's: any change is an error.
    assert.equal(
      checkHopperTourRecord({ ...r, dispute: { ...r.dispute!, explanation: r.dispute!.explanation.replace(/\d+/, "7") } }).ok,
      false,
    );
    // Without the dispute, the disagreement is an error.
    const { dispute: _d, ...bare } = r;
    assert.equal(checkHopperTourRecord(bare).ok, false);
  }
  // The brute force's numbers for the [1,6] leaper: at most 4 open moves, 3 closed (the booklet prints 11 and 8).
  assert.equal(bruteLongest({ w: 8, h: 8, hopper: "grasshopper", hurdle: "leaper-1-6" }, "open").longest, 4);
  assert.equal(bruteLongest({ w: 8, h: 8, hopper: "grasshopper", hurdle: "leaper-1-6" }, "closed").longest, 3);
  // A tampered witness: the plain replay names the move, the square and the rule.
  const b = record("bishophopper-queen-8x8-open");
  const w = b.witness!;
  const parse = (s: string): [number, number] => [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1];
  const tampered = {
    hopperStart: parse(w.hopperStart),
    hurdleStart: parse(w.hurdleStart),
    hopper: w.hopper.map(parse),
    hurdle: w.hurdle.map(parse),
  };
  tampered.hurdle[4] = parse("a8");
  const rep = plainReplay({ w: 8, h: 8, hopper: "bishophopper", hurdle: "queen" }, "open", tampered);
  assert.equal(rep.ok, false);
  if (!rep.ok) assert.equal(rep.move, 5);
  // An agreeing record may not carry a dispute.
  const agree = record("grasshopper-leaper-0-1-8x8-open");
  assert.equal(checkHopperTourRecord({ ...agree, dispute: { check: "maximum", explanation: "x" } }).ok, false);
});

Deno.test("a hunt record must match its witness", () => {
  const r = record("grasshopper-king-8x8-open");
  const v = r.witness!.hopper.length;
  const hunt = { method: "test", target: 63, best: v, nodes: 1, restarts: 1, restartNodes: 1, seed: 1, seconds: 0, date: "2026-01-01" };
  const missWithReason = { ...hunt, reason: "test" };
  if (v < 63) {
    assert.equal(checkHopperTourRecord({ ...r, established: { ...r.established, hunt: missWithReason } }).ok, true);
    assert.equal(checkHopperTourRecord({ ...r, established: { ...r.established, hunt } }).ok, false, "a miss needs its reason");
  } else {
    assert.equal(checkHopperTourRecord({ ...r, established: { ...r.established, hunt } }).ok, true);
    assert.equal(checkHopperTourRecord({ ...r, established: { ...r.established, hunt: missWithReason } }).ok, false, "a hit has no reason");
  }
  assert.equal(
    checkHopperTourRecord({ ...r, established: { ...r.established, hunt: { ...missWithReason, best: v + 1 } } }).ok,
    false,
    "best must be the witness's value",
  );
});

Deno.test("the Dawson-type hunt's tours pass the hopper family's check; a moved hurdle fails it", () => {
  const res = huntDawson({ w: 8, h: 8, hurdles: 22, start: 2, restartNodes: 100000, maxNodes: 2000000, seed: 1 });
  assert.ok(res.found, "22 hurdles (the booklet's count for Dawson's own tour) are found quickly");
  const board = makeBoard([8, 8]);
  const base: HopperRecord = {
    id: "grasshopper-8x8-tour-open-h22-test",
    family: "hopper",
    kind: "tour-open",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: 22,
    claim: null,
    witness: {
      start: "c1",
      hurdles: res.found!.hurdles.map((s) => squareName(board, s)),
      moves: res.found!.moves.map((s) => squareName(board, s)),
      origin: "generated",
      method: "test",
    },
    established: { value: 41, regenerated: false, proof: null },
  };
  const ok = checkHopperRecord(base);
  assert.equal(ok.errors.length, 0, ok.errors.join("; "));
  assert.equal(ok.legal, true);
  const w = base.witness!;
  const free = Array.from({ length: 64 }, (_, s) => squareName(board, s)).find((s) =>
    s !== "c1" && !w.hurdles.includes(s) && s !== w.moves![0]
  )!;
  const moved = { ...base, witness: { ...w, hurdles: [...w.hurdles.slice(1), free] } };
  assert.notEqual(checkHopperRecord(moved).legal, true);
});

Deno.test("half-turn symmetric hunt: its tours are closed, cyclic and symmetric under both replays; brute force agrees on 4x4", () => {
  let found = 0;
  for (const hopper of HOPPERS) {
    for (const hurdle of HURDLES) {
      const board = makeBoard([4, 4]);
      const spec = parseHurdle(hurdle);
      const t = tourTable(board, hopper, spec);
      const r = huntSymmetricTour(t, { restartNodes: 2000, maxNodes: 50000, seed: 3 });
      if (!r.path) continue;
      found++;
      const p = r.path;
      const cyc = { ...p, hurdleMoves: [...p.hurdleMoves, p.hurdle] };
      for (const [mode, path] of [["closed", p], ["cyclic", cyc]] as const) {
        const rep = replayTour(board, hopper, spec, path, mode);
        assert.ok(!("error" in rep) && rep.value === 15, `${hopper}/${hurdle} ${mode}`);
        const sq = (s: number): [number, number] => [s % 4, Math.floor(s / 4)];
        const plain = plainReplay({ w: 4, h: 4, hopper, hurdle }, mode, {
          hopperStart: sq(path.start),
          hurdleStart: sq(path.hurdle),
          hopper: path.hopper.map(sq),
          hurdle: path.hurdleMoves.map(sq),
        });
        assert.deepEqual(plain, { ok: true, value: 15 });
      }
      for (let k = 0; k < 8; k++) assert.equal(p.hopper[k + 8], 15 - p.hopper[k], "the second half is the first turned");
      assert.equal(bruteLongest({ w: 4, h: 4, hopper, hurdle }, "cyclic").longest, 15);
    }
  }
  assert.ok(found > 0, "some 4x4 cells have symmetric tours");
  assert.equal(
    huntSymmetricTour(tourTable(makeBoard([5, 5]), "grasshopper", parseHurdle("queen")), { restartNodes: 100, maxNodes: 1000, seed: 1 })
      .path,
    null,
    "no half-turn symmetric tour on an odd board",
  );
});

Deno.test("the Dawson-type hunt keeps every pin: pinned moves land where pinned, and an impossible pin finds nothing", () => {
  const base = huntDawson({ w: 8, h: 8, hurdles: 22, start: 2, restartNodes: 100000, maxNodes: 2000000, seed: 1 });
  assert.ok(base.found);
  const moves = base.found!.moves;
  // Pin four moves of that tour; another seed must still land on them (without the pins it takes another route).
  const pins = new Map([5, 12, 20, 30].map((k) => [moves[k - 1], k] as [number, number]));
  const free = huntDawson({ w: 8, h: 8, hurdles: 22, start: 2, restartNodes: 100000, maxNodes: 2000000, seed: 7 });
  assert.ok(free.found);
  assert.ok([...pins].some(([s, k]) => free.found!.moves[k - 1] !== s), "the unpinned hunt with this seed differs from the pins");
  const pinned = huntDawson({ w: 8, h: 8, hurdles: 22, start: 2, restartNodes: 100000, maxNodes: 2000000, seed: 7, pins });
  assert.ok(pinned.found, "the pinned hunt finds a tour");
  for (const [s, k] of pins) assert.equal(pinned.found!.moves[k - 1], s, `move ${k}`);
  // Move 1 pinned to e8 (x 4, y 7): no queen line joins c1 and e8, so no path agrees with it.
  const none = huntDawson({
    w: 8,
    h: 8,
    hurdles: 22,
    start: 2,
    restartNodes: 1000,
    maxNodes: 20000,
    seed: 1,
    pins: new Map([[4 + 7 * 8, 1]]),
  });
  assert.equal(none.found, null);
  assert.equal(none.deepest, 0);
});

Deno.test("the hunt's probe estimates the exhaustive tree it would walk (Knuth's estimator)", () => {
  const rng = mulberry32(1403);
  let checked = 0;
  for (let k = 0; k < 200 && checked < 12; k++) {
    const n = rng.int(5, 6);
    const hopper = rng.pick(HOPPERS), hurdle = rng.pick(HURDLES), mode = rng.pick(MODES);
    withInstance(1403, () => `${n}x${n} ${hopper} over ${hurdle} ${mode}`, () => {
      const t = tourTable(makeBoard([n, n]), hopper, parseHurdle(hurdle));
      const roots = allRoots(t);
      if (roots.length === 0) return;
      const root = rng.pick(roots);
      // Above the longest tour from this root nothing is found, so the exhaustive run walks its whole tree.
      const longest = searchTours(t, { mode, roots: [root], warnsdorff: false, maxNodes: 2e5 });
      if (!longest.complete) return;
      const opts = { mode, target: longest.value + 1, restartNodes: 1, maxNodes: 1e7, seed: 1, roots: [root], exhaustive: true };
      const exact = huntTour(t, opts);
      if (!exact.complete || exact.nodes < 30) return;
      const walks = 600;
      let sum = 0, sq = 0;
      for (let w = 0; w < walks; w++) {
        const e = huntTour(t, { ...opts, seed: 7 + w, probe: true }).estimate!;
        sum += e;
        sq += e * e;
      }
      const mean = sum / walks, se = Math.sqrt(Math.max(0, sq / walks - mean * mean) / walks);
      assert.ok(Math.abs(mean - exact.nodes) <= Math.max(5 * se, 0.15 * exact.nodes), `estimate ${mean} ± ${se}, exact ${exact.nodes}`);
      checked++;
    });
  }
  assert.ok(checked >= 8, `only ${checked} trees large enough`);
});
