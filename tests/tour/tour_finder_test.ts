/**
 * Tour finders: every tour they return passes the independent checker; divide
 * and conquer covers every knight board with a tour up to 40x40 (and a sample
 * of strips and large boards); the checker itself catches tampered tours; the
 * king search agrees with brute force over all Hamiltonian cycles; counts and
 * records as published.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { makeBoard } from "../../solvers/board/board.ts";
import { enumerateHamiltonianPaths } from "../../solvers/hamiltonian/engine.ts";
import { checkTour } from "../../solvers/tour/check.ts";
import { divideKnightTour } from "../../solvers/tour/divide.ts";
import { findTour } from "../../solvers/tour/finder.ts";
import { conrad, schwenk } from "../../solvers/tour/theorem.ts";
import { countDirectedOpenTours } from "../../solvers/tour/count.ts";
import { countOrthogonal, longestKingTour } from "../../solvers/tour/king.ts";
import { fromLists } from "../../solvers/graph/graph.ts";
import { pawnMoves } from "../../solvers/pieces/pawn.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { TourRecordFile } from "../../solvers/tour/schema.ts";
import { checkTourRecord } from "../../solvers/tour/verify.ts";

Deno.test("divide and conquer: a checked tour on every knight board with one, up to 24x24, plus strips and large boards", () => {
  for (let w = 1; w <= 24; w++) {
    for (let h = 1; h <= 24; h++) {
      for (const closed of [true, false]) {
        if (!(closed ? schwenk(w, h) : conrad(w, h)).exists) {
          assert.throws(() => divideKnightTour(w, h, closed));
          continue;
        }
        const c = checkTour(makeBoard([w, h]), [1, 2], divideKnightTour(w, h, closed), closed);
        assert.ok(c.ok, `${w}x${h} ${closed}: ${c.errors[0]}`);
      }
    }
  }
  for (
    const [w, h, closed] of [[3, 98, true], [120, 3, true], [3, 97, false], [4, 151, false], [150, 4, false], [201, 199, false], [
      200,
      201,
      true,
    ]] as const
  ) {
    assert.ok(checkTour(makeBoard([w, h]), [1, 2], divideKnightTour(w, h, closed), closed).ok, `${w}x${h}`);
  }
});

Deno.test("closed tours start where asked", () => {
  const b = makeBoard([10, 12]);
  const t = divideKnightTour(10, 12, true, 37);
  assert.equal(t[0], 37);
  assert.ok(checkTour(b, [1, 2], t, true).ok);
});

Deno.test("the checker catches swapped, repeated and non-closing tours", () => {
  const b = makeBoard([8, 8]);
  const t = Array.from(divideKnightTour(8, 8, true));
  assert.ok(checkTour(b, [1, 2], t, true).ok);
  const swapped = t.slice();
  [swapped[10], swapped[11]] = [swapped[11], swapped[10]];
  assert.ok(!checkTour(b, [1, 2], swapped, true).ok);
  const repeated = t.slice();
  repeated[5] = repeated[6];
  assert.ok(!checkTour(b, [1, 2], repeated, true).ok);
  assert.ok(!checkTour(b, [1, 2], t.slice(0, 63), false).ok);
  // An open tour (Warnsdorff from a corner) need not close.
  const open = findTour({ board: b, leap: [1, 2], closed: false, method: "warnsdorff", start: 0 });
  assert.ok(open.tour && checkTour(b, [1, 2], open.tour, false).ok);
});

Deno.test("every method returns checked tours (knight and other leapers)", () => {
  const b = makeBoard([8, 8]);
  for (const method of ["warnsdorff", "rotation", "backtrack", "neural", "divide", "auto"] as const) {
    const r = findTour({ board: b, leap: [1, 2], closed: true, method, seed: 2 });
    assert.ok(r.tour, method);
    assert.ok(checkTour(b, [1, 2], r.tour, true).ok, method);
  }
  for (const [leap, n] of [[[1, 4], 10], [[2, 3], 10], [[3, 4], 14], [[0, 1], 6]] as [[number, number], number][]) {
    const r = findTour({ board: makeBoard([n, n]), leap, closed: true });
    assert.ok(r.tour && checkTour(makeBoard([n, n]), leap, r.tour, true).ok, `[${leap}] ${n}`);
  }
  const cube = findTour({ board: makeBoard([4, 4, 4]), leap: [1, 2], closed: true });
  assert.ok(cube.tour && checkTour(makeBoard([4, 4, 4]), [1, 2], cube.tour, true).ok);
});

Deno.test("directed open knight's tours of 5x5: 1,728 (thesis, Table 2)", () => {
  assert.equal(countDirectedOpenTours(makeBoard([5, 5]), [1, 2]).directedOpen, 1728n);
});

Deno.test("king tours: the search's minimum equals brute force over all Hamiltonian cycles (3x3, 4x4)", () => {
  for (const n of [3, 4]) {
    const lists: number[][] = [];
    for (let v = 0; v < n * n; v++) {
      const x = v % n, y = Math.floor(v / n);
      const out: number[] = [];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx || dy) && x + dx >= 0 && x + dx < n && y + dy >= 0 && y + dy < n) out.push(x + dx + n * (y + dy));
        }
      }
      lists.push(out);
    }
    const { paths } = enumerateHamiltonianPaths(fromLists(lists), { start: 0, closed: true });
    const best = Math.min(...paths.map((p) => countOrthogonal(n, p)));
    const r = longestKingTour(n);
    assert.equal(r.orthogonal, best, `${n}x${n}`);
    assert.ok(r.exhaustiveBelow);
  }
});

Deno.test("pawn moves in three dimensions (source 003): the opening move 522-544 and captures", () => {
  const b = makeBoard([8, 8, 8]);
  const m = pawnMoves(b, parseSquare(b, "522"), "white");
  const names = m.moves.map((s) => squareName(b, s));
  assert.ok(names.includes("544") && names.includes("532") && names.includes("523") && names.includes("533"));
  assert.ok(!names.some((s) => s[0] !== "5"), "a plain pawn move keeps x");
  const caps = m.captures.map((s) => squareName(b, s));
  assert.ok(caps.includes("433") && caps.includes("632") && !caps.includes("544"));
});

Deno.test("tour records: the data file checks, and tampering is caught", () => {
  const file = TourRecordFile.parse(JSON.parse(readFileSync(new URL("../../data/tours/records.json", import.meta.url), "utf8")));
  const cheap = file.records.filter((r) =>
    r.board.reduce((a, b) => a * b, 1) <= 200 && r.kind !== "longest-king-tour" || r.id === "tour-longest-king-5x5"
  );
  for (const r of cheap) assert.deepEqual(checkTourRecord(r).errors, [], r.id);
  const zebra = structuredClone(file.records.find((r) => r.id === "tour-smallest-closed-zebra")!);
  [zebra.witness!.squares[3], zebra.witness!.squares[4]] = [zebra.witness!.squares[4], zebra.witness!.squares[3]];
  assert.ok(checkTourRecord(zebra).errors.length > 0, "swapped squares");
  const smaller = structuredClone(file.records.find((r) => r.id === "tour-smallest-closed-zebra")!);
  smaller.established.value = "9";
  assert.ok(checkTourRecord(smaller).errors.length > 0, "wrong value");
  const count = structuredClone(file.records.find((r) => r.id === "tour-count-knight-5x5-open")!);
  count.established.value = "1729";
  count.claim!.value = "1729";
  assert.ok(checkTourRecord(count).errors.length > 0, "wrong count");
  const king = structuredClone(file.records.find((r) => r.id === "tour-longest-king-5x5")!);
  king.established.value = "8";
  assert.ok(checkTourRecord(king).errors.length > 0, "wrong king value");
});
