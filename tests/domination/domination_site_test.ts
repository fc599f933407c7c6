/**
 * The domination adapter of the site: one entry per table record plus the rook
 * note, titles in both languages, the witness drawn as white pieces of the
 * right glyph with the attacked squares marked (checked here against a plain
 * coordinate test), no replay, and table specs that point at existing ids.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { DominationTable } from "../../solvers/domination/schema.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { dominationAdapter, witnessDiagram } from "../../site/families/domination.ts";

const table = DominationTable.parse(JSON.parse(readFileSync(familyPaths("domination").records, "utf8")));

Deno.test("entries: one per record (+ the rook note), bilingual, witness drawn, no replay", () => {
  const entries = dominationAdapter.entries();
  assert.equal(entries.length, table.records.length + (table.rookPlacements ? 1 : 0));
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const r of table.records) {
    const e = byId.get(r.id)!;
    assert.ok(e, r.id);
    assert.equal(e.family, "domination");
    assert.ok(e.title.en.length > 0 && e.title.cs.length > 0 && e.title.en !== e.title.cs);
    assert.equal(e.replay, null);
    assert.equal(e.ours, r.established.gamma);
    for (const id of e.neighbours) assert.ok(byId.has(id), `${r.id} -> ${id}`);
    if (r.witness) {
      assert.equal(e.solutionDiagram!.pieces.length, r.witness.length);
      assert.ok(e.solutionDiagram!.pieces.every((p) => p.glyph === r.piece && p.colour === "white"));
      assert.deepEqual(e.solutionDiagram!.board, r.board);
    } else assert.equal(e.solutionDiagram, null);
  }
  const q8 = byId.get("domination-queen-8x8")!;
  assert.match(q8.title.cs, /dámami/);
  assert.match(q8.problem.cs, /dam/);
  assert.equal(dominationAdapter.headline(), "domination-queen-8x8");
});

Deno.test("the marks are exactly the squares some queen attacks (plain coordinate test)", () => {
  const names = ["b1", "g2", "d4", "c5", "e6"];
  const d = witnessDiagram("queen", [8, 8], names);
  const xy = (s: number) => [s % 8, Math.floor(s / 8)];
  const queens = names.map((n) => [n.charCodeAt(0) - 97, Number(n[1]) - 1]);
  const expected: number[] = [];
  for (let s = 0; s < 64; s++) {
    const [x, y] = xy(s);
    const hit = queens.some(([qx, qy]) => !(qx === x && qy === y) && (qx === x || qy === y || Math.abs(qx - x) === Math.abs(qy - y)));
    if (hit) expected.push(s);
  }
  assert.deepEqual(d.marks!.map((m) => m.square), expected);
  assert.ok(d.marks!.every((m) => m.kind === "attacked"));
  assert.deepEqual(d.pieces.map((p) => xy(p.square)), queens);
});

Deno.test("tables: rows by n, columns piece × kind, every cell an existing id or empty", () => {
  const ids = new Set(dominationAdapter.entries().map((e) => e.id));
  const specs = dominationAdapter.tables();
  const byN = specs.find((t) => t.key === "by-n")!;
  assert.equal(byN.columns.length, 20);
  assert.equal(byN.rows[0].label.en, "1×1");
  for (const t of specs) {
    for (const row of t.rows) {
      assert.equal(row.cells.length, t.columns.length);
      for (const c of row.cells) if (c !== null) assert.ok(ids.has(c), c);
      assert.equal(row.display?.length, row.cells.length);
    }
  }
  // Each cell with counted minimum sets shows "count / classes" under its value, in each language's digits.
  const records = new Map(table.records.map((r) => [r.id, r]));
  let counted = 0;
  for (const t of specs) {
    for (const row of t.rows) {
      for (const [i, c] of row.cells.entries()) {
        if (c === null) continue;
        const r = records.get(c)!;
        const { text, detail } = row.display?.[i] ?? {};
        const e = r.established;
        if (e.status === "solved" && e.count !== null) {
          counted++;
          const digits = (n: number) => String(n).replace(/\D/g, "");
          assert.ok(detail, r.id);
          assert.deepEqual(
            detail.en.split(" / ").map((x) => x.replace(/\D/g, "")),
            e.classes !== null ? [digits(e.count), digits(e.classes)] : [digits(e.count)],
            r.id,
          );
          assert.equal(detail.cs.replace(/\D/g, ""), detail.en.replace(/\D/g, ""), r.id);
          assert.equal(text, undefined, r.id);
        }
        if (e.status === "none") assert.ok(text && detail, `${r.id}: no set says so`);
      }
    }
  }
  assert.ok(counted > 50, `only ${counted} cells with counts`);
  const cubes = specs.find((t) => t.key === "cubes");
  assert.ok(cubes && cubes.rows.some((r) => r.key === "3x3x3"));
  const q8 = byN.rows.find((r) => r.key === "n8")!.cells[byN.columns.findIndex((c) => c.key === "queen-dominating")];
  assert.equal(q8, "domination-queen-8x8");
});

Deno.test("the rook note: a failing placement drawn with its undominated square, counts in both languages", () => {
  assert.ok(table.rookPlacements, "data/domination/table.json has the rook note (deno task domination)");
  const e = dominationAdapter.entries().find((x) => x.id === table.rookPlacements!.id)!;
  assert.ok(e);
  const d = e.solutionDiagram!;
  assert.equal(d.pieces.length, 8);
  assert.ok(d.pieces.every((p) => p.glyph === "rook"));
  // h8 = square 63 on 8x8: neither occupied nor attacked, so it carries the "unreachable" mark and no "attacked" one.
  assert.deepEqual(d.marks!.filter((m) => m.kind === "unreachable").map((m) => m.square), [63]);
  assert.ok(!d.marks!.some((m) => m.kind === "attacked" && m.square === 63));
  assert.ok(e.established.some((l) => /4,392,651,256/.test(l.en) && /4\s392\s651\s256/.test(l.cs)));
});
