/**
 * `atlas verify --family contributions` run for real on a folder of
 * contribution files, and the check both contribution test files make of its
 * output: one `FAILED contribution <file>: <check>: <why>` line per bad file,
 * naming the check the file was written to fail, and none for the good ones;
 * and a verify report written the way verify writes it, for the data folders
 * the site's adapters read in these tests.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/paths.ts";
import { VerifyReport } from "../../solvers/records/common.ts";

/** Runs verify on `dir`, writing its report beside the files; exit code, stderr, its FAILED lines, the report. */
export async function verifyContributionsCli(dir: string) {
  const report = join(dir, "report.json");
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "scripts", "atlas.ts"),
      "verify",
      "--family",
      "contributions",
      "--contributions",
      dir,
      "--report",
      report,
      "--quiet",
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  const lines = stderr.split("\n").filter((l) => l.startsWith("FAILED"));
  return { code: out.code, stderr, lines, report: () => VerifyReport.parse(JSON.parse(readFileSync(report, "utf8"))) };
}

/** Exactly one FAILED line per bad file (name -> [content, check]), naming that check; none for the good files named. */
export function assertOneLinePerBad(
  lines: string[],
  stderr: string,
  bad: Record<string, readonly [unknown, string]>,
  good: readonly string[] = [],
): void {
  assert.equal(lines.length, Object.keys(bad).length, stderr);
  for (const [name, [, check]] of Object.entries(bad)) {
    const mine = lines.filter((l) => l.includes(`/${name}:`));
    assert.equal(mine.length, 1, `${name}: ${stderr}`);
    assert.match(mine[0], new RegExp(`^FAILED contribution \\S+/${name.replace(".", "\\.")}: ${check}: \\S`));
  }
  for (const name of good) assert.ok(!lines.some((l) => l.includes(`/${name}: `)), `${name} failed: ${stderr}`);
}

/** Writes <dir>/reports/verify.json with these results (the site reads the results, not the summary). */
export function writeReport(dir: string, results: unknown[]): void {
  mkdirSync(join(dir, "reports"), { recursive: true });
  const summary = { records: 0, verified: 0, pending: 0, failed: 0, disputed: 0, regenerated: 0, provenHere: 0, citedOnly: 0 };
  writeFileSync(
    join(dir, "reports", "verify.json"),
    JSON.stringify({ generatedAt: "2026-01-01T00:00:00Z", codeVersion: "test", seconds: 0, summary, results }),
  );
}
