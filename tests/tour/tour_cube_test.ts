/**
 * Dual-free leaper sequences on cubes (kind "dual-free" of the tour family):
 * the search (solvers/tour/cube-dual-free.ts) against an independent brute force
 * on small 3-D boards, the verifier on the stored records and on tampered ones,
 * and the site adapter's capture-series diagrams, replays and table.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { cubeDualFree, cubeLeapers } from "../../solvers/tour/cube-dual-free.ts";
import { type TourRecord, TourRecordFile } from "../../solvers/tour/schema.ts";
import { checkTourRecord } from "../../solvers/tour/verify.ts";
import { tourCheckResult } from "../../scripts/families/tour/verify.ts";
import { tourAdapter } from "../../site/families/tour.ts";
import { tourSpecs } from "../../site/families/tour/diagrams.ts";
import { ROOT } from "../helpers/site.ts";

const DATA = TourRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "tours", "records.json"), "utf8")));
const DUAL = DATA.records.filter((r) => r.kind === "dual-free");
const clone = (r: TourRecord): TourRecord => JSON.parse(JSON.stringify(r));

// ------------------------------------------------------------ brute force

/** Coordinates of square i on dims (x fastest), written out independently of the solvers. */
function coordsOf(i: number, dims: readonly number[]): number[] {
  const c: number[] = [];
  for (const d of dims) {
    c.push(i % d);
    i = Math.floor(i / d);
  }
  return c;
}

/** Plain coordinate test: exactly two axes change, by x and y, or one axis by y when x = 0. */
function leaps(a: number[], b: number[], leap: readonly [number, number]): boolean {
  const d = a.map((v, i) => Math.abs(v - b[i])).filter((v) => v !== 0).sort((p, q) => p - q);
  const [x, y] = leap;
  return x === 0 ? d.length === 1 && d[0] === y : d.length === 2 && d[0] === x && d[1] === y;
}

/**
 * Longest dual-free length on the board by dynamic programming over the subsets
 * of each square's component: f[mask][v] = paths from s visiting exactly mask
 * and ending on v, capped at 2; a mask whose paths total exactly 1 is a
 * dual-free position of popcount - 1 men. No engine, no symmetry, no pruning.
 */
function bruteLongest(dims: number[], leap: readonly [number, number]): number {
  const n = dims.reduce((a, b) => a * b, 1);
  const cs = Array.from({ length: n }, (_, i) => coordsOf(i, dims));
  const adj = cs.map((a) => cs.map((b) => leaps(a, b, leap)));
  let best = 0;
  for (let s = 0; s < n; s++) {
    const comp = [s];
    for (let i = 0; i < comp.length; i++) for (let u = 0; u < n; u++) if (adj[comp[i]][u] && !comp.includes(u)) comp.push(u);
    const m = comp.length;
    assert.ok(m <= 16, "brute force limited to components of 16 squares");
    const f = new Uint8Array((1 << m) * m);
    f[1 * m + 0] = 1; // comp[0] = s
    for (let mask = 1; mask < 1 << m; mask += 2) {
      let total = 0;
      for (let v = 0; v < m; v++) {
        if (!(mask & (1 << v))) continue;
        if (v !== 0) {
          const prev = mask ^ (1 << v);
          let c = 0;
          for (let u = 0; u < m; u++) if (prev & (1 << u) && adj[comp[u]][comp[v]]) c += f[prev * m + u];
          f[mask * m + v] = Math.min(2, c);
        }
        total += f[mask * m + v];
      }
      if (total === 1) {
        let bits = 0;
        for (let t = mask; t; t &= t - 1) bits++;
        best = Math.max(best, bits - 1);
      }
    }
  }
  return best;
}

Deno.test("cubeDualFree agrees with the brute force on small 3-D boards, and proves it", () => {
  const cases: [number[], [number, number]][] = [
    [[2, 2, 2], [0, 1]],
    [[2, 2, 3], [0, 1]],
    [[2, 2, 3], [1, 2]],
    [[2, 3, 3], [1, 1]],
    [[3, 3, 3], [0, 2]],
    [[3, 3, 3], [1, 1]],
    [[3, 3, 3], [2, 2]],
    [[2, 2, 2], [1, 1]],
  ];
  for (const [dims, leap] of cases) {
    const want = bruteLongest(dims, leap);
    const r = cubeDualFree(makeBoard(dims), leap, { localSteps: 200 });
    assert.equal(r.value, want, `${dims.join("x")} [${leap}]`);
    assert.ok(r.proven, `${dims.join("x")} [${leap}] proven`);
    assert.equal(r.moves.length, r.value);
    // A proof refutes exactly the lengths above the value.
    assert.deepEqual(
      r.refuted.map((c) => c.length).sort((a, b) => a - b),
      Array.from({ length: r.bound - r.value }, (_, i) => r.value + 1 + i),
    );
  }
});

Deno.test("cubeDualFree without the exhaustive stage says best found", () => {
  const r = cubeDualFree(makeBoard([3, 3, 3]), [1, 1], { localSteps: 200, freeSquaresLimit: 0 });
  assert.equal(r.proven, false);
  assert.deepEqual(r.refuted, []);
  assert.ok(r.value >= 1 && r.value <= 8);
});

Deno.test("the cube leapers: every table leaper that moves on the cube", () => {
  assert.deepEqual(cubeLeapers(3), [[0, 1], [0, 2], [1, 1], [1, 2], [2, 2]]);
  assert.equal(cubeLeapers(4).length, 9);
  assert.ok(cubeLeapers(4).every(([, y]) => y <= 3));
});

// ------------------------------------------------------------ records and verifier

Deno.test("stored dual-free records: one per cube leaper and side, all pass the verifier", () => {
  const want = [3, 4].flatMap((k) => cubeLeapers(k).map((l) => `${l}@${k}`)).sort();
  const have = DUAL.map((r) => `${r.piece.type === "leaper" ? r.piece.leap : ""}@${r.board[0]}`).sort();
  assert.deepEqual(have, want);
  for (const r of DUAL) {
    const c = checkTourRecord(r);
    assert.deepEqual(c.errors, [], r.id);
    assert.equal(c.legal, true, r.id);
    assert.equal(r.established.settledHere, r.dualFree!.maximality === "proven-here");
  }
  // The small proofs are re-enumerated by verify.
  assert.ok(checkTourRecord(DUAL.find((r) => r.id === "tour-dual-free-zebra-4x4x4")!).recomputed);
});

function firstErrors(r: TourRecord): string {
  return checkTourRecord(r).errors.join("; ");
}

Deno.test("tampered dual-free records are caught", () => {
  const zebra = DUAL.find((r) => r.id === "tour-dual-free-zebra-4x4x4")!;
  assert.equal(firstErrors(zebra), "");

  // A man moved to another square: the leap chain breaks.
  const moved = clone(zebra);
  moved.witness!.squares[3] = moved.witness!.squares[3] === "111" ? "112" : "111";
  assert.match(firstErrors(moved), /not a \[2,3\] move|occurs twice/);

  // Two men swapped: same position, but the witness order is no longer a path of it (or not the unique one).
  const swapped = clone(zebra);
  const sq = swapped.witness!.squares;
  [sq[1], sq[2]] = [sq[2], sq[1]];
  assert.notEqual(firstErrors(swapped), "");

  // The value raised: the witness has fewer men.
  const raised = clone(zebra);
  raised.established.value = String(Number(zebra.established.value) + 1);
  assert.match(firstErrors(raised), /captures \d+ men, the record says/);

  // A legal but not dual-free sequence: the wazir round a square of four (two solutions).
  const wazir = clone(DUAL.find((r) => r.id === "tour-dual-free-wazir-3x3x3")!);
  wazir.witness!.squares = ["111", "211", "221", "121"];
  wazir.established.value = "3";
  wazir.dualFree!.maximality = "best-found";
  wazir.established.settledHere = false;
  wazir.dualFree!.refuted = [];
  assert.match(firstErrors(wazir), /not dual-free/);

  // A proof that skips a length, or claims less coverage than the space.
  const gap = clone(zebra);
  gap.dualFree!.refuted = gap.dualFree!.refuted.slice(1);
  assert.match(firstErrors(gap), /refuted/);
  const thin = clone(zebra);
  thin.dualFree!.refuted[0].positions -= 1;
  assert.match(firstErrors(thin), /positions recorded/);

  // Best found dressed up as proven.
  const knight = clone(DUAL.find((r) => r.id === "tour-dual-free-knight-4x4x4")!);
  assert.equal(firstErrors(knight), "");
  knight.dualFree!.maximality = "proven-here";
  knight.established.settledHere = true;
  assert.match(firstErrors(knight), /proven maximal needs lengths/);

  // A wrong bound.
  const bound = clone(zebra);
  bound.dualFree!.bound += 1;
  assert.match(firstErrors(bound), /bound/);
});

Deno.test("verify report lines: proven-here only for proven records, best found is regenerated without a maximality claim", () => {
  for (const r of DUAL) {
    const line = tourCheckResult(r);
    assert.equal(line.ok, true, r.id);
    assert.equal(line.unique, true);
    const proven = r.dualFree!.maximality === "proven-here";
    assert.equal(line.status, proven ? "proven-here" : "regenerated", r.id);
    assert.equal(line.maximality, proven ? "proven-here" : "not-applicable", r.id);
  }
  const bad = clone(DUAL[0]);
  bad.witness!.squares.pop();
  assert.equal(tourCheckResult(bad).status, "failed");
});

// ------------------------------------------------------------ site

Deno.test("site: dual-free entries are capture series numbered from 0, with a leaper-capture try-it", () => {
  const entries = new Map(tourAdapter.entries().map((e) => [e.id, e]));
  for (const r of DUAL) {
    const e = entries.get(r.id)!;
    assert.ok(e, r.id);
    for (const f of [e.title, e.problem, e.stipulation]) assert.ok(f.en && f.cs && f.en !== f.cs, `${r.id}: ${f.en}`);
    assert.ok(e.established.length >= 2);
    for (const line of e.established) assert.ok(line.en && line.cs && line.en !== line.cs, r.id);
    assert.equal(e.ours, Number(r.established.value));
    const s = tourSpecs(r)!;
    const order = s.solution.path!;
    const men = order.slice(1);
    assert.equal(men.length, Number(r.established.value));
    const leap = r.piece.type === "leaper" ? r.piece.leap : [0, 0];
    assert.deepEqual(s.problem.pieces[0], { square: order[0], glyph: `leaper:${leap[0]},${leap[1]}`, colour: "white" });
    assert.deepEqual(s.problem.pieces.slice(1).map((p) => [p.square, p.glyph, p.colour]), men.map((m) => [m, "man", "black"]));
    assert.deepEqual(s.solution.numbers!.map((n) => n.label), order.map((_, i) => String(i)));
    assert.deepEqual(s.replay!.steps.map((st) => [st.from, st.to, st.captured]), men.map((m, i) => [order[i], m, m]));
    assert.deepEqual(s.replay!.tryIt, { type: "leaper-capture", leap: [leap[0], leap[1]], board: r.board, start: order[0], men });
    assert.match(s.text, /=$/);
    assert.match(e.problem.en, /^sd=\d+ /);
  }
  const proven = entries.get("tour-dual-free-knight-3x3x3")!;
  assert.ok(proven.established.some((l) => /Maximality proven here/.test(l.en)));
  const best = entries.get("tour-dual-free-wazir-4x4x4")!;
  assert.ok(best.established.some((l) => /Best found/.test(l.en) && /Nejlepší nalezená/.test(l.cs)));
});

Deno.test("site: the dual-free table has a row per leaper and the two cubes as columns", () => {
  const t = tourAdapter.tables().find((x) => x.key === "dual-free-cubes")!;
  assert.ok(t);
  assert.deepEqual(t.columns.map((c) => c.key), ["3x3x3", "4x4x4"]);
  assert.equal(t.rows.length, cubeLeapers(4).length);
  const wazir = t.rows.find((r) => r.key === "leaper-0-1")!;
  assert.deepEqual(wazir.cells, ["tour-dual-free-wazir-3x3x3", "tour-dual-free-wazir-4x4x4"]);
  const camel = t.rows.find((r) => r.key === "leaper-1-3")!;
  assert.deepEqual(camel.cells, [null, "tour-dual-free-camel-4x4x4"]);
});
