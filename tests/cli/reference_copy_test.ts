/**
 * The reference transcription travels with the repository (data/reference/),
 * so a clone alone runs the same checks as a checkout beside shared/. Here:
 * the copy is complete and readable, it is equal to ../shared/reference where
 * that exists, and the comparison catches a changed, missing or extra file.
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REFERENCE_DIR, REFERENCE_TABLES, REFERENCE_WITNESSES, SHARED_REFERENCE_DIR } from "../../scripts/lib/paths.ts";
import { referenceCopyDifferences } from "../../scripts/lib/reference.ts";
import { importRecords } from "../../scripts/families/leaper/records.ts";

Deno.test("data/reference holds the transcription: 280 leaper table cells and the published witnesses", () => {
  const tables = JSON.parse(readFileSync(REFERENCE_TABLES, "utf8"));
  const witnesses = JSON.parse(readFileSync(REFERENCE_WITNESSES, "utf8"));
  assert.equal(tables.leaperTable.rows.length, 35);
  assert.ok(Array.isArray(witnesses) && witnesses.length > 0);
  // Every line reference is a positive line number, the form records cite.
  for (const w of witnesses) assert.ok(Number.isInteger(w.seedLine) && w.seedLine > 0, `witness ${w.id ?? "?"} has a line reference`);
  // 35 leapers x 8 columns, each a cell of its own, as the data file holds them.
  const records = importRecords(tables, witnesses, []);
  assert.equal(records.filter((r) => r.id.startsWith("leaper-")).length, 280);
});

Deno.test("data/reference equals ../shared/reference where that exists", () => {
  const diff = referenceCopyDifferences();
  if (diff === null) {
    // A clone on its own: nothing to compare with, and nothing else depends on it.
    assert.equal(existsSync(SHARED_REFERENCE_DIR), false);
    return;
  }
  assert.deepEqual(diff, []);
});

Deno.test("the copy check catches a changed, a missing and an extra file", () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-ref-"));
  try {
    const origin = join(dir, "origin");
    const copy = join(dir, "copy");
    cpSync(REFERENCE_DIR, origin, { recursive: true });
    cpSync(REFERENCE_DIR, copy, { recursive: true });
    assert.deepEqual(referenceCopyDifferences(copy, origin), []);
    const tables = join(copy, "tables.json");
    writeFileSync(tables, readFileSync(tables, "utf8").replace(/\d/, (d) => String((Number(d) + 1) % 10)));
    assert.match(referenceCopyDifferences(copy, origin)!.join("\n"), /tables\.json: .* differs/);
    cpSync(join(origin, "tables.json"), tables);
    rmSync(join(copy, "witnesses.json"));
    writeFileSync(join(copy, "extra.json"), "[]");
    const lines = referenceCopyDifferences(copy, origin)!;
    assert.ok(lines.some((l) => /^witnesses\.json: in .* but not in /.test(l)), lines.join("\n"));
    assert.ok(lines.some((l) => /^extra\.json: in .* but not in /.test(l)), lines.join("\n"));
    assert.equal(referenceCopyDifferences(copy, join(dir, "absent")), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
