/**
 * Reading the leaper record file and cross-checking it against the reference
 * transcription in data/reference (used by verify and its tests).
 */
import { existsSync, readFileSync } from "node:fs";
import { type AtlasRecord, RecordFile } from "../../../../solvers/leaper/schema.ts";
import { REFERENCE_TABLES, REFERENCE_WITNESSES } from "../../../lib/paths.ts";
import { importRecords } from "../records.ts";
import { fail } from "../../../lib/cli.ts";

export function loadRecords(path: string): AtlasRecord[] {
  if (!existsSync(path)) fail(`records file ${path} does not exist (run atlas records leaper)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    fail(`${path} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`${path} does not match the record schema at ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  const ids = new Set<string>();
  for (const r of parsed.data.records) {
    if (ids.has(r.id)) fail(`${path}: record id ${r.id} occurs twice`);
    ids.add(r.id);
  }
  return parsed.data.records;
}

/**
 * Compare claims and published witnesses with what a fresh import of the
 * reference transcription gives: data that drifted from its source (a tampered
 * witness that happens to stay legal, a changed value) is caught here.
 * Returns per-record errors, or null when the reference is not available.
 */
export function referenceErrors(
  records: AtlasRecord[],
  tablesPath = REFERENCE_TABLES,
  witnessesPath = REFERENCE_WITNESSES,
): Map<string, string[]> | null {
  if (!existsSync(tablesPath) || !existsSync(witnessesPath)) return null;
  const expected = new Map(
    importRecords(JSON.parse(readFileSync(tablesPath, "utf8")), JSON.parse(readFileSync(witnessesPath, "utf8")), []).map((r) => [r.id, r]),
  );
  const out = new Map<string, string[]>();
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const r of records) {
    const e = expected.get(r.id);
    const errs: string[] = [];
    if (!e) errs.push("not in the reference transcription (data/reference)");
    else {
      if (!same(r.claim, e.claim)) errs.push(`claim differs from the reference (value ${r.claim.value}, reference ${e.claim.value})`);
      if (r.kind !== e.kind || !same(r.board, e.board) || !same(r.piece, e.piece)) {
        errs.push("kind, board or piece differs from the reference");
      }
      const w = r.witness;
      if (w?.origin === "published") {
        const ref = w.ref ? expected.get(w.ref)?.witness : e.witness;
        if (!ref || ref.start !== w.start || !same(ref.moves, w.moves) || ref.end !== w.end) {
          errs.push("published witness differs from its transcription in data/reference");
        }
      }
      if (!same(r.candidates, e.candidates)) errs.push("candidates differ from the reference");
    }
    if (errs.length) out.set(r.id, errs);
  }
  return out;
}
