/**
 * Hopper tours over a movable hurdle (solvers/hopper-tour/): the precomputed
 * step table against the plain geometry of check.ts on every square pair; the
 * branch and bound (symmetry, reach bound, Warnsdorff order) against a plain
 * depth-first search over every start pair on small boards; the booklet's
 * 4x4 values; and tamper tests of the family's verify.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { Board } from "../../solvers/types.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { hurdleKey, type HurdleSpec, parseHurdle, tourTable } from "../../solvers/hopper-tour/table.ts";
import { allRoots, searchTours, type TourMode } from "../../solvers/hopper-tour/search.ts";
import { hopperLanding, hurdleMoveLegal, replayTour } from "../../solvers/hopper-tour/check.ts";
import { solveCell } from "../../solvers/hopper-tour/cell.ts";
import { checkHopperTourRecord } from "../../scripts/families/hopper-tour/verify.ts";
import { disputeExplanation } from "../../solvers/hopper-tour/dispute.ts";
import { readingResults, readingSummary } from "../../solvers/hopper-tour/readings.ts";
import type { HopperTourRecord } from "../../solvers/hopper-tour/schema.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const HOPPERS: HopperKind[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = ["rook", "queen", "bishop", "nightrider", "king", "knight", "wazir", "fers", "0,2", "1,3"];

/** Longest tour by plain depth-first search over every start pair: no symmetry, no bound, no table. */
function plainLongest(board: Board, kind: HopperKind, hurdle: HurdleSpec, mode: TourMode): number {
  const n = board.size;
  const seen = new Uint8Array(n);
  let best = 0;
  let s0 = 0, h0 = 0;
  const go = (p: number, h: number, depth: number) => {
    for (let to = 0; to < n; to++) {
      if (!hurdleMoveLegal(board, hurdle, h, to, p)) continue;
      const q = hopperLanding(board, kind, p, to);
      if (q < 0) continue;
      if (q === s0 && mode !== "open" && depth > best && (mode === "closed" || hurdleMoveLegal(board, hurdle, to, h0, s0))) best = depth;
      if (seen[q]) continue;
      seen[q] = 1;
      go(q, to, depth + 1);
      seen[q] = 0;
    }
    if (mode === "open" && depth > best) best = depth;
  };
  for (let s = 0; s < n; s++) {
    for (let h = 0; h < n; h++) {
      if (h === s) continue;
      const q = hopperLanding(board, kind, s, h);
      if (q < 0) continue;
      s0 = s;
      h0 = h;
      seen[s] = seen[q] = 1;
      go(q, h, 1);
      seen[s] = seen[q] = 0;
    }
  }
  return best;
}

Deno.test("step table equals the plain geometry on every (hopper, hurdle, move) triple", () => {
  for (const dims of [[4, 4], [3, 5], [5, 5]]) {
    const board = makeBoard(dims);
    const n = board.size;
    for (const hk of HOPPERS) {
      for (const hname of HURDLES) {
        const hurdle = parseHurdle(hname);
        const t = tourTable(board, hk, hurdle);
        for (let p = 0; p < n; p++) {
          for (let h = 0; h < n; h++) {
            if (h === p) continue;
            const got = new Set<string>();
            for (let i = t.stepStart[p * n + h]; i < t.stepStart[p * n + h + 1]; i++) got.add(`${t.stepHurdle[i]}>${t.stepLand[i]}`);
            const want = new Set<string>();
            for (let to = 0; to < n; to++) {
              if (!hurdleMoveLegal(board, hurdle, h, to, p)) continue;
              const q = hopperLanding(board, hk, p, to);
              if (q >= 0) want.add(`${to}>${q}`);
            }
            assert.deepEqual([...got].sort(), [...want].sort(), `${dims} ${hk} over ${hname}: hopper ${p}, hurdle ${h}`);
          }
        }
      }
    }
  }
});

Deno.test("branch and bound equals plain search on small boards (open, closed, cyclic)", () => {
  const rng = mulberry32(5151);
  let nonTrivial = 0;
  for (let k = 0; k < 80; k++) {
    const dims = rng.pick([[3, 3], [3, 4], [4, 3], [2, 5], [3, 5], [4, 4]]);
    const hk = rng.pick(HOPPERS);
    const hname = rng.pick(HURDLES);
    const mode = rng.pick(["open", "closed", "cyclic"] as const);
    withInstance(5151, () => `${dims.join("x")} ${hk} over ${hname} ${mode}`, () => {
      const board = makeBoard(dims);
      const hurdle = parseHurdle(hname);
      const want = plainLongest(board, hk, hurdle, mode);
      const t = tourTable(board, hk, hurdle);
      const sym = searchTours(t, { mode });
      const all = searchTours(t, { mode, roots: allRoots(t), warnsdorff: false });
      assert.ok(sym.complete && all.complete);
      assert.equal(sym.value, want, "canonical roots + bound");
      assert.equal(all.value, want, "all roots, plain order");
      const cell = solveCell(t, { mode, proofNodes: 1e7, huntNodes: 50 });
      assert.equal(cell.value, want, "hunt + exhaustive");
      if (want > 0) {
        nonTrivial++;
        assert.ok(sym.path);
        const rep = replayTour(board, hk, hurdle, sym.path!, mode);
        assert.ok(!("error" in rep) && rep.value === want, JSON.stringify(rep));
      }
    });
  }
  assert.ok(nonTrivial > 30, `only ${nonTrivial} instances had a tour`);
});

Deno.test("4x4 grasshopper over pieces: the booklet's row (lines 4644-4649), open | closed", () => {
  const board = makeBoard([4, 4]);
  const booklet: Record<string, [number, number]> = {
    rook: [10, 6],
    queen: [15, 15],
    knight: [4, 3],
    nightrider: [4, 3],
    bishop: [6, 3],
    king: [15, 15],
  };
  for (const [name, [open, closed]] of Object.entries(booklet)) {
    const t = tourTable(board, "grasshopper", parseHurdle(name));
    assert.equal(searchTours(t, { mode: "open" }).value, open, `${name} open`);
    assert.equal(searchTours(t, { mode: "closed" }).value, closed, `${name} closed`);
    // Independent of the table: the plain search agrees.
    assert.equal(plainLongest(board, "grasshopper", parseHurdle(name), "closed"), closed, `${name} closed (plain)`);
  }
});

Deno.test("replay rejects broken tours", () => {
  const board = makeBoard([5, 5]);
  const hurdle = parseHurdle("king");
  const t = tourTable(board, "grasshopper", hurdle);
  const r = searchTours(t, { mode: "closed" });
  assert.ok(r.path && r.value === 24);
  const p = r.path!;
  assert.ok(!("error" in replayTour(board, "grasshopper", hurdle, p, "closed")));
  const bad1 = { ...p, hopper: [...p.hopper] };
  bad1.hopper[3] = bad1.hopper[1];
  assert.ok("error" in replayTour(board, "grasshopper", hurdle, bad1, "closed"), "revisit");
  const bad2 = { ...p, hurdleMoves: [...p.hurdleMoves] };
  bad2.hurdleMoves[2] = p.hopper[2];
  assert.ok("error" in replayTour(board, "grasshopper", hurdle, bad2, "closed"), "hurdle onto the hopper");
  assert.ok(
    "error" in
      replayTour(board, "grasshopper", hurdle, { ...p, hopper: p.hopper.slice(0, -1), hurdleMoves: p.hurdleMoves.slice(0, -1) }, "closed"),
    "no return",
  );
});

function record(board: number[], hurdle: string, kind: TourMode, mode: "exhaustive" | "all-squares"): HopperTourRecord {
  const b = makeBoard(board);
  const spec = parseHurdle(hurdle);
  const t = tourTable(b, "grasshopper", spec);
  const cell = solveCell(t, { mode: kind, proofNodes: 1e7 });
  assert.equal(cell.proven, mode);
  const p = cell.path!;
  return {
    id: `test-${hurdle}-${kind}`,
    family: "hopper-tour",
    kind,
    hopper: "grasshopper",
    hurdle: hurdleKey(spec),
    board,
    cell: "test",
    tableCell: true,
    claim: { author: "x", publication: null, year: null, value: cell.value, status: "absolute" },
    witness: {
      hopperStart: squareName(b, p.start),
      hurdleStart: squareName(b, p.hurdle),
      hopper: p.hopper.map((s) => squareName(b, s)),
      hurdle: p.hurdleMoves.map((s) => squareName(b, s)),
      origin: "generated",
    },
    established: {
      regenerated: { value: cell.value, method: "test", seconds: 0, date: "2026-01-01", nodes: 0 },
      maximality: mode === "exhaustive"
        ? { status: "exhaustive", nodes: cell.certificateNodes!, roots: cell.roots, seconds: 0, argument: "test" }
        : { status: "all-squares", argument: "test" },
    },
  };
}

Deno.test("verify: genuine records pass, tampered ones fail", () => {
  const ex = record([5, 5], "knight", "closed", "exhaustive");
  const ok = checkHopperTourRecord(ex);
  assert.equal(ok.ok, true, ok.errors.join("; "));
  assert.equal(ok.status, "proven-here");
  // A claimed value above the proven one is a dispute, not a pass.
  const above = { ...ex, claim: { ...ex.claim!, value: ex.claim!.value + 1 } };
  assert.equal(checkHopperTourRecord(above).ok, false, "a disagreement must be recorded as a dispute");
  const disputed = { ...above, dispute: { check: "maximum" as const, explanation: disputeExplanation(above, "maximum") } };
  // A disputed record states the readings of the rules (readings.ts); with no other record of its table, no controls.
  const results = readingResults({
    id: disputed.id,
    t: tourTable(makeBoard([5, 5]), "grasshopper", parseHurdle("knight")),
    mode: "closed",
    claim: disputed.claim.value,
  }, []);
  const summary = readingSummary(disputed.claim.value, results);
  const readings = {
    used: "ours",
    booklet: disputed.claim.value,
    results,
    leftOut: [],
    verdict: { en: `${summary.en} Test.`, cs: `${summary.cs} Test.` },
  };
  const higher = checkHopperTourRecord({ ...disputed, readings }, [{ ...disputed, readings }]);
  assert.equal(higher.status, "disputed", higher.errors.join("; "));
  assert.equal(checkHopperTourRecord(disputed, [disputed]).ok, false, "a dispute without readings");
  // Wrong certificate node count.
  const m = ex.established.maximality as { status: "exhaustive"; nodes: number };
  const badNodes = checkHopperTourRecord({
    ...ex,
    established: { ...ex.established, maximality: { ...m, nodes: m.nodes + 1 } as HopperTourRecord["established"]["maximality"] },
  });
  assert.equal(badNodes.ok, false);
  // A witness square changed.
  const w = ex.witness!;
  const moved = checkHopperTourRecord({ ...ex, witness: { ...w, hopper: [w.hopper[1], w.hopper[0], ...w.hopper.slice(2)] } });
  assert.equal(moved.ok, false);
  // A shorter witness under an exhaustive claim: the rerun finds longer tours (a different node count and value).
  const short = { ...w, hopper: [...w.hopper.slice(0, -2), w.hopperStart], hurdle: w.hurdle.slice(0, -1) };
  assert.equal(checkHopperTourRecord({ ...ex, witness: short }).ok, false);
  const full = record([4, 4], "queen", "open", "all-squares");
  assert.equal(checkHopperTourRecord(full).ok, true);
  assert.equal(
    checkHopperTourRecord({
      ...full,
      witness: { ...full.witness!, hopper: full.witness!.hopper.slice(0, -1), hurdle: full.witness!.hurdle.slice(0, -1) },
    }).ok,
    false,
    "all-squares needs every square",
  );
  // A printed move that is not legal.
  const printedBad = checkHopperTourRecord({
    ...full,
    published: {
      caption: "x",
      citation: { author: null, publication: null, year: null },
      printedMoves: [{ piece: "hopper", from: "a1", over: "b3", to: "c4" }],
    },
  });
  assert.equal(printedBad.ok, false);
  // The cyclic mode: a closed witness replayed as cyclic lacks the hurdle's return.
  assert.equal(checkHopperTourRecord({ ...full, kind: "cyclic" }).ok, false);
});
