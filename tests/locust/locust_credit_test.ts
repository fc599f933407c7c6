/**
 * Witnesses credited to the booklet (origin "published" with a reference: Nos.
 * 59 and 61, read back from what the booklet prints, scripts/families/locust/
 * lib/credit.ts). Verify accepts them as they are and rejects every altered
 * one (turned, a man moved, another generated position, a wrong reference or
 * line, no citation); the builder gives them again on a rerun and credits
 * nothing where our witness is another position than the booklet's (No. 60);
 * and the read-back (solvers/locust/reconstruct.ts) equals a brute force over
 * every position of small boards.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { symmetries } from "../../solvers/board/symmetry.ts";
import { lineTable, LOCUST_KINDS } from "../../solvers/pieces/locust.ts";
import { generateLevels } from "../../solvers/locust/generate.ts";
import { findCaptureSequence } from "../../solvers/locust/capture.ts";
import { fitsPrinted, keepSmallLevels } from "../../solvers/locust/reconstruct.ts";
import { type LocustRecord, LocustRecordFile } from "../../solvers/locust/schema.ts";
import { checkLocustRecord } from "../../scripts/families/locust/verify.ts";
import { buildRecords, generation } from "../../scripts/families/locust/lib/build.ts";
import { creditFor } from "../../scripts/families/locust/lib/credit.ts";
import type { Board } from "../../solvers/types.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const file = LocustRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "locust", "records.json"), "utf8")));
const credited = file.records.filter((r) => r.witness?.origin === "published" && r.witness.reference);
const board = makeBoard([8, 8]);
let nightriderGeneration: ReturnType<typeof generation> | undefined;
const nightrider = () => nightriderGeneration ??= generation("nightrider-locust");

Deno.test("the booklet's Nos. 59 and 61 are credited, as printed, and verify accepts them", () => {
  assert.deepEqual(credited.map((r) => [r.id, r.witness!.reference, r.witness!.start]), [
    ["bishop-locust-8x8-dual-free", "bishop-locust-8x8-sd11-h1", "h1"],
    ["nightrider-locust-8x8-longest", "nightrider-locust-8x8-sd25-c2", "c2"],
    ["nightrider-locust-8x8-dual-free", "nightrider-locust-8x8-sd25-c2", "c2"],
  ]);
  for (const r of credited) {
    const c = r.witness!.citation!;
    assert.equal(c.author, "Václav Kotěšovec", r.id);
    assert.equal(c.year, 2009, r.id);
    assert.match(c.publication!, /^Využití teorie grafů v šachových úlohách .*, No\. (59|61) \(original\)$/, r.id);
    assert.equal(c.source?.line, 4471, r.id);
    assert.ok(r.witness!.generatedBy, `${r.id}: our generation's finding stays beside the credit`);
    const check = checkLocustRecord(r);
    assert.deepEqual(check.errors, [], r.id);
    assert.equal(check.status, "proven-here", r.id);
    // the page's note names no file of ours
    for (const n of r.notes ?? []) assert.doesNotMatch(`${n.en} ${n.cs}`, /\.(ts|json|txt)\b|data\/|solvers\//, r.id);
  }
});

/** The witness turned by a symmetry of the board (its sequence recomputed): legal and dual-free still. */
function turned(r: LocustRecord, map: Int32Array): LocustRecord {
  const t = lineTable(board, r.piece.locust);
  const q = (s: string) => map[parseSquare(board, s)];
  const start = q(r.witness!.start), men = r.witness!.men.map(q);
  const seq = findCaptureSequence({ table: t, start, men })!;
  const out = structuredClone(r);
  out.witness!.start = squareName(board, start);
  out.witness!.men = men.map((m) => squareName(board, m));
  out.witness!.sequence = seq.landed.map((s) => squareName(board, s));
  return out;
}

Deno.test("an altered credited witness fails verify", () => {
  for (const r of credited) {
    const fails = (x: LocustRecord, what: string) => assert.equal(checkLocustRecord(x).ok, false, `${r.id}: ${what}`);
    // every other orientation of the same position: legal, dual-free, the same value, but not what the booklet prints
    for (const { map } of symmetries(board).slice(1)) {
      const x = turned(r, map);
      if (x.witness!.start === r.witness!.start && [...x.witness!.men].sort().join() === [...r.witness!.men].sort().join()) continue;
      assert.deepEqual(checkLocustRecord({ ...x, witness: { ...x.witness!, origin: "generated", reference: undefined } }).errors, []);
      fails(x, "turned");
    }
    const moved = structuredClone(r);
    const free = ["a1", "h8", "a8", "h1", "d4", "e5"].find((s) => s !== r.witness!.start && !r.witness!.men.includes(s))!;
    moved.witness!.men[0] = free;
    fails(moved, "a man moved");
    const reference = structuredClone(r);
    reference.witness!.reference = r.piece.locust === "bishop-locust" ? "nightrider-locust-8x8-sd25-c2" : "bishop-locust-8x8-sd11-h1";
    fails(reference, "another published record named");
    const unknown = structuredClone(r);
    unknown.witness!.reference = "bishop-locust-8x8-sd12-a1";
    fails(unknown, "a reference the transcription lacks");
    const line = structuredClone(r);
    line.witness!.citation!.source!.line = 4467;
    fails(line, "the citation's line");
    const bare = structuredClone(r);
    delete bare.witness!.citation;
    fails(bare, "no citation");
  }
  // the other nightrider-locust position with 25 men and one sequence, in every orientation
  const nr = credited.find((r) => r.id === "nightrider-locust-8x8-dual-free")!;
  const t = lineTable(board, "nightrider-locust");
  const top = nightrider().dfPositions.get(25)!;
  assert.equal(top.length, 2);
  let others = 0;
  for (const p of top) {
    for (const { map } of symmetries(board)) {
      const men = p.men.map((m) => map[m]);
      if (men.map((m) => squareName(board, m)).sort().join() === [...nr.witness!.men].sort().join()) continue;
      const seq = findCaptureSequence({ table: t, start: map[p.start], men })!;
      const x = structuredClone(nr);
      x.witness!.start = squareName(board, map[p.start]);
      x.witness!.men = men.map((m) => squareName(board, m));
      x.witness!.sequence = seq.landed.map((s) => squareName(board, s));
      assert.equal(checkLocustRecord(x).ok, false, "another generated 25");
      others++;
    }
  }
  assert.ok(others >= 1);
});

Deno.test("the builder gives the credited witnesses again, and credits No. 60 nowhere", () => {
  const empty = mkdtempSync(join(tmpdir(), "locust-credit-"));
  try {
    const built = new Map(buildRecords([], empty).records.map((r) => [r.id, r]));
    for (const r of credited) {
      const b = built.get(r.id)!;
      const { generatedBy: _g, ...mine } = r.witness!;
      const { generatedBy: _b, ...theirs } = b.witness!;
      assert.deepEqual(theirs, mine, r.id);
      assert.deepEqual(b.notes, r.notes, r.id);
    }
    // our closed nightrider-locust 21 is another position than the booklet's No. 60 (a contribution brings that one)
    const closed = built.get("nightrider-locust-8x8-dual-free-closed")!;
    assert.equal(closed.witness!.origin, "generated");
    assert.equal(closed.published?.reference, "nightrider-locust-8x8-sd21-d2-switchback");
    assert.equal(built.get("bishop-locust-8x8-longest")!.witness!.origin, "generated");
  } finally {
    rmSync(empty, { recursive: true });
  }
  // no credit without the level to read the booklet's position back from, or for another position
  const nr = credited.find((r) => r.id === "nightrider-locust-8x8-dual-free")!;
  const { dfPositions } = nightrider();
  const generated = { ...nr.witness!, origin: "generated" as const, citation: undefined, reference: undefined };
  assert.ok(creditFor("nightrider-locust", "dual-free", generated, dfPositions));
  assert.equal(creditFor("nightrider-locust", "dual-free", generated, new Map()), null);
  const other = structuredClone(generated);
  other.men[0] = "a1";
  assert.equal(creditFor("nightrider-locust", "dual-free", other, dfPositions), null);
});

/** Plain recursion: every complete capture sequence (capped), as [man, land] moves. */
function sequences(board: Board, kind: (typeof LOCUST_KINDS)[number], start: number, men: number[], cap: number): [number, number][][] {
  const t = lineTable(board, kind);
  const occ = new Uint8Array(board.size);
  for (const m of men) occ[m] = 1;
  const out: [number, number][][] = [];
  const path: [number, number][] = [];
  const rec = (at: number, left: number) => {
    if (out.length >= cap) return;
    if (left === 0) return void out.push([...path]);
    for (let d = 0; d < t.dirs; d++) {
      const a = t.off[at * t.dirs + d], b = t.off[at * t.dirs + d + 1];
      for (let p = a; p < b; p++) {
        if (occ[t.ray[p]] === 0) continue;
        if (p + 1 < b && occ[t.ray[p + 1]] === 0) {
          occ[t.ray[p]] = 0;
          path.push([t.ray[p], t.ray[p + 1]]);
          rec(t.ray[p + 1], left - 1);
          path.pop();
          occ[t.ray[p]] = 1;
        }
        break;
      }
    }
  };
  rec(start, men.length);
  return out;
}

Deno.test("reading a position back from its printed facts equals a brute force over every position", () => {
  const checked = new Map<string, number>();
  for (const dims of [[3, 4], [3, 3], [2, 5], [3, 5]]) {
    const b = makeBoard(dims);
    for (const kind of LOCUST_KINDS) {
      const t = lineTable(b, kind);
      const kept = keepSmallLevels(Infinity);
      generateLevels(t, { mode: "dual-free", onLevel: kept.onLevel, onPosition: kept.onPosition });
      // brute force: every dual-free position, grouped by its printed facts
      const byFacts = new Map<string, string[]>();
      for (let start = 0; start < b.size; start++) {
        const others = [...Array(b.size).keys()].filter((s) => s !== start);
        for (let mask = 1; mask < 1 << others.length; mask++) {
          const men = others.filter((_, i) => (mask >> i) & 1);
          const seqs = sequences(b, kind, start, men, 2);
          if (seqs.length !== 1) continue;
          const s = seqs[0];
          const key = [men.length, start, ...s[0], ...s[s.length - 1]].join();
          byFacts.set(key, [...(byFacts.get(key) ?? []), `${start}:${men.join()}`]);
        }
      }
      for (const [key, want] of byFacts) {
        const [k, start, f0, f1, l0, l1] = key.split(",").map(Number);
        const fits = fitsPrinted(t, kept.byMen.get(k) ?? [], { start, first: [f0, f1], last: [l0, l1] });
        assert.deepEqual(fits.map((f) => `${f.start}:${f.men.join()}`).sort(), want.sort(), `${dims.join("x")} ${kind} ${key}`);
        checked.set(kind, (checked.get(kind) ?? 0) + 1);
      }
    }
  }
  // the nightrider-locust needs three squares in a knight's line, so small boards give it few positions
  for (const kind of LOCUST_KINDS) assert.ok((checked.get(kind) ?? 0) >= 4, `${kind}: ${checked.get(kind)} sets of facts`);
  assert.ok([...checked.values()].reduce((a, b) => a + b) >= 100, `${[...checked.values()]}`);
});
