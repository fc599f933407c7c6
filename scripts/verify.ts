/**
 * deno task verify: check every record with our own code and write the report
 * the site reads (data/reports/verify.json). Exits 1 naming each failing
 * record and why; 2 on unreadable input.
 *
 *   --data FILE     records file (default data/leaper/records.json); repeatable
 *   --report FILE   where to write the report (default data/reports/verify.json)
 *   --only TEXT     check only records whose id contains TEXT
 *   --quiet         no progress line
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type AtlasRecord, type CheckResult, RecordFile, VerifyReport } from "../solvers/records/schema.ts";
import { checkRecord } from "../solvers/records/check.ts";
import { LEAPER_RECORDS, REFERENCE_TABLES, REFERENCE_WITNESSES, VERIFY_REPORT } from "./lib/paths.ts";
import { importRecords } from "./import-reference.ts";
import { fail, writeFileAtomic } from "./lib/cli.ts";
import { codeVersion } from "./lib/version.ts";
import { checkCertificateFiles } from "./prove.ts";
import { join } from "node:path";
import { ROOT } from "./lib/paths.ts";

export function loadRecords(path: string): AtlasRecord[] {
  if (!existsSync(path)) fail(`records file ${path} does not exist (run deno task import)`);
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
export function referenceErrors(records: AtlasRecord[], tablesPath = REFERENCE_TABLES, witnessesPath = REFERENCE_WITNESSES): Map<string, string[]> | null {
  if (!existsSync(tablesPath) || !existsSync(witnessesPath)) return null;
  const expected = new Map(
    importRecords(JSON.parse(readFileSync(tablesPath, "utf8")), JSON.parse(readFileSync(witnessesPath, "utf8")), []).map((r) => [r.id, r]),
  );
  const out = new Map<string, string[]>();
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const r of records) {
    const e = expected.get(r.id);
    const errs: string[] = [];
    if (!e) errs.push("not in the reference transcription (shared/reference)");
    else {
      if (!same(r.claim, e.claim)) errs.push(`claim differs from the reference (value ${r.claim.value}, reference ${e.claim.value})`);
      if (r.kind !== e.kind || !same(r.board, e.board) || !same(r.piece, e.piece)) errs.push("kind, board or piece differs from the reference");
      const w = r.witness;
      if (w?.origin === "published") {
        const ref = w.ref ? expected.get(w.ref)?.witness : e.witness;
        if (!ref || ref.start !== w.start || !same(ref.moves, w.moves) || ref.end !== w.end) {
          errs.push("published witness differs from its transcription in shared/reference");
        }
      }
      if (!same(r.candidates, e.candidates)) errs.push("candidates differ from the reference");
    }
    if (errs.length) out.set(r.id, errs);
  }
  return out;
}

function pad(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

if (import.meta.main) {
  let values;
  try {
    ({ values } = parseArgs({
      args: Deno.args,
      options: {
        data: { type: "string", multiple: true },
        report: { type: "string" },
        only: { type: "string" },
        quiet: { type: "boolean" },
      },
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const t0 = performance.now();
  const records = (values.data ?? [LEAPER_RECORDS]).flatMap(loadRecords);
  const known = new Set(records.map((r) => r.id));
  const chosen = values.only ? records.filter((r) => r.id.includes(values.only!)) : records;
  if (chosen.length === 0) fail(`no record id contains "${values.only}"`);
  const refErrors = referenceErrors(records);
  if (!refErrors && !values.quiet) console.error("warning: shared/reference not found beside the project; claims are not cross-checked against it");
  const results: CheckResult[] = [];
  const tty = Deno.stderr.isTerminal();
  for (const [i, r] of chosen.entries()) {
    const res = checkRecord(r, known);
    const extra = [...(refErrors?.get(r.id) ?? [])];
    // "proven here" stands only on a merged certificate whose coverage and shard hashes check out.
    if (r.established.maximality.status === "proven-here") {
      extra.push(...(await checkCertificateFiles(r, join(ROOT, r.established.maximality.certificate))).map((e) => `certificate: ${e}`));
    }
    if (extra.length) results.push({ ...res, ok: false, status: "failed", errors: [...res.errors, ...extra] });
    else results.push(res);
    if (!values.quiet && (tty || i === chosen.length - 1 || i % 50 === 0)) {
      const line = `verify ${i + 1}/${chosen.length} ${r.id}`;
      Deno.stderr.writeSync(new TextEncoder().encode(tty ? `\r\x1b[K${line}` : `${line}\n`));
    }
  }
  if (!values.quiet && tty) Deno.stderr.writeSync(new TextEncoder().encode("\n"));
  const count = (s: CheckResult["status"]) => results.filter((r) => r.status === s).length;
  const seconds = (performance.now() - t0) / 1000;
  const report: VerifyReport = VerifyReport.parse({
    generatedAt: new Date().toISOString(),
    codeVersion: codeVersion(),
    seconds: Math.round(seconds * 1000) / 1000,
    summary: {
      records: results.length,
      verified: results.filter((r) => ["verified", "regenerated", "proven-here"].includes(r.status)).length,
      pending: count("pending"),
      failed: count("failed"),
      disputed: count("disputed"),
      regenerated: chosen.filter((r) => r.established.regenerated && r.established.regenerated.value >= r.claim.value).length,
      provenHere: count("proven-here"),
      citedOnly: count("cited"),
    },
    results,
  });
  writeFileAtomic(values.report ?? VERIFY_REPORT, JSON.stringify(report, null, 1) + "\n");

  const byKind = new Map<string, Record<string, number>>();
  for (const [i, res] of results.entries()) {
    const k = `${chosen[i].kind} ${chosen[i].board.join("x")}`;
    const row = byKind.get(k) ?? {};
    row[res.status] = (row[res.status] ?? 0) + 1;
    byKind.set(k, row);
  }
  const cols = ["proven-here", "regenerated", "verified", "pending", "cited", "disputed", "failed"];
  console.log(`${pad("kind", 28)}${cols.map((c) => pad(c, 13)).join("")}`);
  for (const [k, row] of [...byKind].sort()) console.log(`${pad(k, 28)}${cols.map((c) => pad(row[c] ?? 0, 13)).join("")}`);
  const s = report.summary;
  console.log(
    `${s.records} records: ${s.verified} verified (${s.provenHere} proven here), ${s.pending} pending, ${s.disputed} disputed, ${s.failed} failed in ${seconds.toFixed(2)} s`,
  );
  const failed = results.filter((r) => r.status === "failed");
  for (const f of failed) console.error(`FAILED ${f.id}: ${f.errors.join("; ")}`);
  if (failed.length) Deno.exit(1);
}
