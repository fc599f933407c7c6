/**
 * Locust records: the data file verifies, and tampering is caught (a man
 * moved, the claimed value changed, an extra man added). Also the exhaustive
 * generation (solvers/locust/generate.ts) against a plain count over every
 * position of small boards: the top level of S_k (any complete sequence), of
 * D_k (exactly one) and of closed D_k must equal the brute-force maxima.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { lineTable, LOCUST_KINDS } from "../../solvers/pieces/locust.ts";
import { generateLevels } from "../../solvers/locust/generate.ts";
import { type LocustRecord, LocustRecordFile } from "../../solvers/locust/schema.ts";
import { checkLocustRecord, rookLocustBound } from "../../scripts/families/locust/verify.ts";
import type { Board } from "../../solvers/types.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const file = LocustRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "locust", "records.json"), "utf8")));

Deno.test("every locust record with a witness verifies; cells without one are pending", () => {
  for (const r of file.records) {
    const c = checkLocustRecord(r);
    assert.deepEqual(c.errors, [], r.id);
    assert.equal(c.status, r.witness ? (c.maximality === "proven-here" ? "proven-here" : "regenerated") : "pending", r.id);
  }
  assert.ok(file.records.filter((r) => r.witness).length >= 6);
});

function withWitness(): LocustRecord[] {
  return file.records.filter((r) => r.witness && r.kind !== "longest");
}

Deno.test("tampering with a locust record is caught", () => {
  for (const r of withWitness()) {
    const w = r.witness!;
    // moved man: a man to a free square
    const free = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a8", "h8", "d5", "e4"].find((s) => s !== w.start && !w.men.includes(s))!;
    const moved: LocustRecord = structuredClone(r);
    moved.witness!.men[Math.floor(w.men.length / 2)] = free;
    assert.equal(checkLocustRecord(moved).ok, false, `${r.id} moved man`);
    const value: LocustRecord = structuredClone(r);
    value.claim!.value += 1;
    assert.equal(checkLocustRecord(value).ok, false, `${r.id} changed value`);
    const extra: LocustRecord = structuredClone(r);
    extra.witness!.men.push(free);
    assert.equal(checkLocustRecord(extra).ok, false, `${r.id} extra man`);
    const start: LocustRecord = structuredClone(r);
    start.witness!.sequence.reverse();
    assert.equal(checkLocustRecord(start).ok, false, `${r.id} reordered sequence`);
  }
});

Deno.test("rook-locust bound (n-2)(3n+2)/4 of line 4449", () => {
  for (const n of [4, 6, 8, 10, 12]) assert.equal(rookLocustBound(n), (n - 2) * (3 * n + 2) / 4);
});

/** Plain reference: every position (start, men ⊆ other squares) by brute-force recursion. */
function bruteMaxima(board: Board, kind: (typeof LOCUST_KINDS)[number]): { any: number; unique: number; closed: number } {
  const t = lineTable(board, kind);
  const n = board.size;
  const occ = new Uint8Array(n);
  let best = { any: 0, unique: 0, closed: 0 };
  const ends: number[] = [];
  const rec = (at: number, left: number, cap: number): number => {
    if (left === 0) {
      ends.push(at);
      return 1;
    }
    let total = 0;
    for (let d = 0; d < t.dirs && total < cap; d++) {
      const a = t.off[at * t.dirs + d], b = t.off[at * t.dirs + d + 1];
      for (let p = a; p < b; p++) {
        const sq = t.ray[p];
        if (occ[sq] === 0) continue;
        if (p + 1 < b && occ[t.ray[p + 1]] === 0) {
          occ[sq] = 0;
          total += rec(t.ray[p + 1], left - 1, cap - total);
          occ[sq] = 1;
        }
        break;
      }
    }
    return total;
  };
  for (let start = 0; start < n; start++) {
    const others = [...Array(n).keys()].filter((s) => s !== start);
    for (let mask = 0; mask < 1 << others.length; mask++) {
      occ.fill(0);
      let m = 0;
      for (let i = 0; i < others.length; i++) if ((mask >> i) & 1) (occ[others[i]] = 1, m++);
      ends.length = 0;
      const c = rec(start, m, 2);
      if (c >= 1 && m > best.any) best = { ...best, any: m };
      if (c === 1 && m > best.unique) best = { ...best, unique: m };
      if (c === 1 && ends[0] === start && m > best.closed) best = { ...best, closed: m };
    }
  }
  return best;
}

Deno.test("exhaustive generation equals brute-force maxima on small boards", () => {
  for (const dims of [[3, 4], [4, 3], [3, 3], [2, 5]]) {
    const board = makeBoard(dims);
    for (const kind of LOCUST_KINDS) {
      const t = lineTable(board, kind);
      const any = generateLevels(t, { mode: "any" });
      const df = generateLevels(t, { mode: "dual-free" });
      const want = bruteMaxima(board, kind);
      const closed = [...df.levels].reverse().find((l) => l.closed > 0)?.men ?? 0;
      assert.deepEqual(
        { any: any.levels.at(-1)!.men, unique: df.levels.at(-1)!.men, closed },
        want,
        `${dims.join("x")} ${kind}`,
      );
    }
  }
});

Deno.test("every locust witness's count agrees with plain recursion (no memo, no pruning)", async () => {
  // The verifier counts with the memoised counter of solvers/locust/capture.ts; this re-counts each
  // published witness with the brute force the searches are tested against, so a memo or pruning bug
  // that made a position with two sequences look dual-free would show here.
  const { bruteLocustCount } = await import("../helpers/locust-brute.ts");
  const { squareAt } = await import("../../solvers/board/board.ts");
  let checked = 0;
  for (const r of file.records) {
    const w = r.witness;
    if (!w) continue;
    const board = makeBoard(r.board);
    const sq = (s: string) => squareAt(board, [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1]);
    const t = lineTable(board, r.piece.locust);
    const count = bruteLocustCount(t, sq(w.start), w.men.map(sq), 2);
    if (r.kind === "longest") assert.ok(count >= 1, `${r.id}: no complete sequence`);
    else assert.equal(count, 1, `${r.id}: a dual-free witness needs exactly one complete sequence`);
    if (r.kind === "dual-free-closed") {
      assert.equal(bruteLocustCount(t, sq(w.start), w.men.map(sq), 2, sq(w.start)), 1, `${r.id}: the sequence must return to ${w.start}`);
    }
    // tampered: one man removed from a dual-free witness leaves no complete sequence of all men
    if (r.kind !== "longest") {
      const fewer = w.men.filter((_, i) => i !== 0).map(sq);
      assert.notEqual(
        bruteLocustCount(t, sq(w.start), [...fewer, sq(w.start) === 0 ? 63 : 0], 2),
        1,
        `${r.id}: tampered position still counted as dual-free`,
      );
    }
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} witnesses checked`);
});
