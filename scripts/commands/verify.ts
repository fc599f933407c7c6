/**
 * atlas verify: check every record of every family (scripts/families/)
 * with our own code and write the report the site reads
 * (data/reports/verify.json). Exits 1 naming each failing record and why; 2 on
 * unreadable input. Also checks that data/reference is still equal to
 * ../shared/reference where that exists.
 *
 *   --data FILE     leaper records file (default data/leaper/records.json); repeatable
 *   --family NAME   check only this family; repeatable (default: all); "contributions"
 *                   checks only the contribution files
 *   --contributions DIR
 *                   the folder of contribution files (default data/contributions,
 *                   checked on every run that is not limited by --family; each
 *                   failing file is one line: FAILED contribution <file>: <check>: <why>)
 *   --report FILE   where to write the report (default data/reports/verify.json; runs
 *                   limited by --family/--only/--data write verify.partial.json instead)
 *   --only TEXT     check only records whose id contains TEXT
 *   --quiet         no progress line
 */
import { parseArgs } from "../lib/options.ts";
import { type CheckResult, VerifyReport } from "../../solvers/records/common.ts";
import { VERIFY_REPORT } from "../lib/paths.ts";
import { CliError, fail, writeFileAtomic } from "../lib/cli.ts";
import { codeVersion } from "../lib/version.ts";
import { FAMILIES } from "../families/index.ts";
import { referenceCopyDifferences } from "../lib/reference.ts";
import { failureLine, verifyContributions } from "../contributions/verify.ts";

function pad(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

export async function run(args: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: args,
      options: {
        data: { type: "string", multiple: true },
        family: { type: "string", multiple: true },
        contributions: { type: "string" },
        report: { type: "string" },
        only: { type: "string" },
        quiet: { type: "boolean" },
      },
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const known = FAMILIES.map((f) => f.family);
  for (const f of values.family ?? []) {
    if (!known.includes(f) && f !== "contributions") fail(`unknown family "${f}" (known: ${known.join(", ")}, contributions)`);
  }
  const families = await Promise.all(
    (values.family ? FAMILIES.filter((f) => values.family!.includes(f.family)) : FAMILIES).map((f) => f.verify()),
  );
  // Contributions are checked on a full run, with --family contributions, or when a folder is named.
  const withContributions = !values.family || values.family.includes("contributions") || values.contributions !== undefined;
  const t0 = performance.now();
  const tty = Deno.stderr.isTerminal();
  const results: CheckResult[] = [];
  for (const fam of families) {
    const progress = (done: number, total: number, id: string) => {
      if (values.quiet || !(tty || done === total || done % 50 === 1)) return;
      const line = `verify ${fam.family} ${done}/${total} ${id}`;
      Deno.stderr.writeSync(new TextEncoder().encode(tty ? `\r\x1b[K${line}` : `${line}\n`));
    };
    try {
      results.push(...await fam.verify({ only: values.only, files: fam.family === "leaper" ? values.data : undefined, progress }));
    } catch (e) {
      if (e instanceof CliError) throw e;
      fail(`${fam.family}: ${(e as Error).message}`);
    }
    if (!values.quiet && tty) Deno.stderr.writeSync(new TextEncoder().encode("\n"));
  }
  // Each contribution is checked as a record of its family; a failing file is one line, and nothing else is skipped.
  const contributions = withContributions
    ? verifyContributions({ dir: values.contributions, only: values.only })
    : { results: [], failures: [] };
  results.push(...contributions.results);
  if (results.length === 0) fail(values.only ? `no record id contains "${values.only}"` : "no records to verify");
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
      regenerated: results.filter((r) => r.regenerated).length,
      provenHere: count("proven-here"),
      citedOnly: count("cited"),
    },
    results,
  });
  // A partial run (--family, --only, --data) must not replace the full report the site is built from.
  const partial = !!(values.family || values.only || values.data || values.contributions);
  const reportPath = values.report ?? (partial ? VERIFY_REPORT.replace(/\.json$/, ".partial.json") : VERIFY_REPORT);
  writeFileAtomic(reportPath, JSON.stringify(report, null, 1) + "\n");
  if (partial && !values.report && !values.quiet) {
    console.error(`partial run: report written to ${reportPath} (the full report is left as it was)`);
  }

  const byKind = new Map<string, Record<string, number>>();
  for (const res of results) {
    const k = `${res.contribution ? "contribution " : ""}${res.family ?? "leaper"} ${res.kind ?? ""} ${res.board?.join("x") ?? ""}`;
    const row = byKind.get(k) ?? {};
    row[res.status] = (row[res.status] ?? 0) + 1;
    byKind.set(k, row);
  }
  const cols = ["proven-here", "regenerated", "verified", "pending", "cited", "disputed", "failed"];
  const width = Math.max(36, ...[...byKind.keys()].map((k) => k.length + 2));
  console.log(`${pad("family kind board", width)}${cols.map((c) => pad(c, 13)).join("")}`);
  for (const [k, row] of [...byKind].sort()) console.log(`${pad(k, width)}${cols.map((c) => pad(row[c] ?? 0, 13)).join("")}`);
  const s = report.summary;
  console.log(
    `${s.records} records: ${s.verified} verified (${s.provenHere} proven here), ${s.pending} pending, ${s.disputed} disputed, ${s.failed} failed in ${
      seconds.toFixed(2)
    } s`,
  );
  const failed = results.filter((r) => r.status === "failed");
  for (const f of failed) if (!f.contribution) console.error(`FAILED ${f.id}: ${f.errors.join("; ")}`);
  for (const f of contributions.failures) console.error(failureLine(f));
  // The claims above were checked against data/reference; it must still be the transcription it was copied from.
  const drift = referenceCopyDifferences() ?? [];
  for (const d of drift) console.error(`FAILED reference copy ${d}`);
  if (failed.length || drift.length) Deno.exit(1);
}
