/**
 * The magic records file against its shard certificates: two classes whose
 * ids collide (the first eight numbers agree) both stay, with distinct ids and
 * the published one unchanged; and verify refuses a file whose complete
 * enumeration lists fewer classes than its shards found (the bug that once
 * showed 16 centrally symmetric classes instead of 17); the stored result of
 * the independent cross-check agrees with the enumeration, and a cross-check
 * result missing a class is reported.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { uniqueIds } from "../../scripts/families/magic/records.ts";
import { crosscheckErrors, MAGIC_CROSSCHECK_FILE, magicFamily } from "../../scripts/families/magic/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { MagicRecordFile } from "../../solvers/magic/schema.ts";

Deno.test("magic records: colliding ids get -2, -3 in board order; the smallest board keeps the short id", () => {
  const recs = [
    { id: "magic-8x8-abc", numbers: [1, 2, 3, 9] },
    { id: "magic-8x8-xyz", numbers: [5, 5, 5, 5] },
    { id: "magic-8x8-abc", numbers: [1, 2, 3, 4] },
    { id: "magic-8x8-abc", numbers: [1, 2, 3, 7] },
  ];
  uniqueIds(recs);
  assert.deepEqual(recs.map((r) => r.id), ["magic-8x8-abc-3", "magic-8x8-xyz", "magic-8x8-abc", "magic-8x8-abc-2"]);
  assert.equal(new Set(recs.map((r) => r.id)).size, recs.length);
});

Deno.test("magic records: every class of the complete central enumeration is listed, and dropping one is caught", async () => {
  const file = JSON.parse(readFileSync(familyPaths("magic").records, "utf8"));
  const good = await magicFamily.verify({ files: [familyPaths("magic").records] });
  const central = good.find((r) => r.id === "magic-8x8-enumeration-central");
  assert.ok(central?.ok, JSON.stringify(central?.errors));
  // Drop one listed class and make the counts agree with the shorter list: only the certificate can tell.
  const en = file.enumerations.find((e: { id: string }) => e.id === "magic-8x8-enumeration-central");
  const dropped = en.tourIds.pop();
  const gone = file.records.find((r: { id: string }) => r.id === dropped);
  en.classes -= 1;
  en.tours -= gone.classSize;
  en.closedClasses -= gone.closed ? 1 : 0;
  en.centralSymmetricClasses -= 1;
  const dir = mkdtempSync(join(tmpdir(), "magic-"));
  try {
    const path = join(dir, "records.json");
    writeFileSync(path, JSON.stringify(file));
    const bad = await magicFamily.verify({ files: [path] });
    const r = bad.find((x) => x.id === "magic-8x8-enumeration-central");
    assert.ok(r && !r.ok, JSON.stringify(r));
    assert.ok(r.errors.some((e) => /not listed/.test(e)), JSON.stringify(r.errors));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("magic records: the stored independent cross-check agrees, and a cross-check missing a class is reported", () => {
  const file = MagicRecordFile.parse(JSON.parse(readFileSync(familyPaths("magic").records, "utf8")));
  assert.deepEqual(crosscheckErrors(file), []);
  const cc = JSON.parse(readFileSync(MAGIC_CROSSCHECK_FILE, "utf8"));
  cc.canonical.pop();
  const dir = mkdtempSync(join(tmpdir(), "magic-cc-"));
  try {
    const path = join(dir, "crosscheck.json");
    writeFileSync(path, JSON.stringify(cc));
    const errs = crosscheckErrors(file, path);
    assert.equal(errs.length, 1);
    assert.match(errs[0], /1 of ours not found/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("magic page: the run's figures are written in the page's language, four-digit ones too (3,618 / 3 618, not 3618)", async () => {
  const { ADAPTERS } = await import("../../site/families/index.ts");
  const { formatNumber } = await import("../../site/lib/format.ts");
  const file = MagicRecordFile.parse(JSON.parse(readFileSync(familyPaths("magic").records, "utf8")));
  const run = file.enumerations.find((e) => e.mode === "all")!;
  const entry = ADAPTERS.flatMap((a) => a.entries()).find((e) => e.id === run.id);
  assert.ok(entry, `the page of ${run.id}`);
  for (const lang of ["en", "cs"] as const) {
    const line = entry.established[0][lang];
    for (const figure of [run.prefixesCovered, run.shardCount, run.nodes, run.cpuSeconds]) {
      assert.ok(line.includes(formatNumber(figure, lang)), `${lang}: ${figure} as ${formatNumber(figure, lang)} in "${line}"`);
    }
    // no run of four or more bare digits is left (the 16,384 shards, the prefixes, the nodes, the seconds)
    assert.doesNotMatch(line, /\d{4,}/, `${lang}: "${line}"`);
  }
  // the share done: 0.17% in English, 0,17 % in Czech (decimal comma, a no-break space before the sign)
  if (!run.complete && run.prefixesCovered > 0 && run.prefixesCovered * 10 < run.prefixes!) {
    assert.match(entry.established[0].en, /Done: \d+\.\d+% of the prefixes/);
    assert.match(entry.established[0].cs, /Hotovo: \d+,\d+\u00a0% začátků/);
  }
});
