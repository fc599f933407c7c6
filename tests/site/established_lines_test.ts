/**
 * What a leaper record page says our code established when the claim is
 * refuted by a longer solution of ours, and while a proof run is under way
 * (site/families/leaper/established.ts, site/lib/proof-run.ts): the lines in
 * both languages follow the check, not the data alone, so a longer solution
 * verify did not accept is not announced, and a failed check shows no
 * progress line. No build.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { AtlasRecord } from "../../solvers/leaper/schema.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import { establishedOf } from "../../site/families/leaper/established.ts";
import { proofRunLine } from "../../site/lib/proof-run.ts";

const records = JSON.parse(readFileSync(new URL("../../data/leaper/records.json", import.meta.url), "utf8")).records as AtlasRecord[];
const knight = records.find((r) => r.id === "leaper-1-2-dual-free-8x8")!;
const further = records.find((r) => r.id === "knight-8x8-sd53-b1")!;

function check(over: Partial<CheckResult>): CheckResult {
  return {
    id: knight.id,
    ok: true,
    legal: true,
    lengthMatches: true,
    solutions: 1,
    unique: true,
    access: null,
    nodes: 1,
    milliseconds: 1,
    errors: [],
    maximality: "cited",
    status: "disputed",
    ...over,
  };
}

const run = { done: 19, of: 128, covered: 6682325425, total: 45017771290, cpuSeconds: 1439.7, lastFinishedAt: null };
const unproven: AtlasRecord = { ...knight, established: { ...knight.established, maximality: { status: "cited" } } };
const text = (lines: { en: string; cs: string }[], lang: "en" | "cs") => lines.map((l) => l[lang]).join("\n");

Deno.test("established: a refuted claim names our value, the claim's solution keeps its own checks", () => {
  const lines = establishedOf(unproven, check({ proofRun: run }), unproven.witness, true, null);
  const en = text(lines, "en"), cs = text(lines, "cs");
  assert.match(en, /The published solution \(53 moves\), checked:/);
  assert.match(en, /Claim refuted: our code found a solution of 54 moves, longer than the claimed 53/);
  assert.match(en, /Maximality: 54 is the longest known/);
  assert.match(en, /Proof run under way: 19 of 128 shards finished, covering 6,682,325,425 of 45,017,771,290 positions \(15%\)/);
  assert.match(en, /none found a dual-free sequence longer than 54/);
  assert.match(cs, /Tvrzení vyvráceno: náš kód našel řešení o 54 tazích/);
  assert.match(cs, /hotovo 19 z 128 částí/);
  assert.match(cs, /\(15\u00a0%\)/);
  assert.doesNotMatch(en, /cited from the source/);
});

Deno.test("established: without verify's acceptance nothing is refuted, and a failed check shows no progress", () => {
  const failed = establishedOf(
    unproven,
    check({ ok: false, status: "failed", proofRun: run, errors: ["x"] }),
    unproven.witness,
    true,
    null,
  );
  const en = text(failed, "en");
  assert.doesNotMatch(en, /Claim refuted/);
  assert.doesNotMatch(en, /Proof run under way/);
  assert.match(en, /cited from the source/);
});

Deno.test("established: the proven 54 names its value; the further 53 falls with its cell", () => {
  const proven = text(establishedOf(knight, check({ maximality: "proven-here" }), knight.witness, true, "/c.json"), "en");
  assert.match(proven, /Maximality: proven here — an exhaustive run of ours found nothing longer than 54/);
  const f = text(establishedOf(further, check({ id: further.id }), further.witness, true, null, knight), "en");
  assert.match(
    f,
    /Maximality: refuted — the table cell's solution of 54 moves, found and proven maximal by our code, is longer than this record's 53/,
  );
  const notDisputed = text(
    establishedOf(further, check({ id: further.id, status: "verified" }), further.witness, true, null, knight),
    "en",
  );
  assert.doesNotMatch(notDisputed, /refuted/);
});

Deno.test("proofRunLine: shares as each language writes them", () => {
  const line = (covered: number) =>
    proofRunLine({ ...run, covered }, { en: "parts", cs: "částí" }, { en: "x", cs: "x" }, { en: "", cs: "" });
  assert.match(line(0).en, /\(0%\)/);
  assert.match(line(45017771290).cs, /\(100\u00a0%\)/);
  assert.match(line(45017771).en, /\(0\.1%\)/);
  assert.match(line(45017771).cs, /\(0,1\u00a0%\)/);
});
