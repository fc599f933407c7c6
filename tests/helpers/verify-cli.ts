/**
 * `atlas verify --family contributions` run for real on a folder of
 * contribution files, and the check both contribution test files make of its
 * output: one `FAILED contribution <file>: <check>: <why>` line per bad file,
 * naming the check the file was written to fail, and none for the others.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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

/** Exactly one FAILED line per bad file (name -> [content, check]), naming that check. */
export function assertOneLinePerBad(lines: string[], stderr: string, bad: Record<string, readonly [unknown, string]>): void {
  assert.equal(lines.length, Object.keys(bad).length, stderr);
  for (const [name, [, check]] of Object.entries(bad)) {
    const mine = lines.filter((l) => l.includes(`/${name}:`));
    assert.equal(mine.length, 1, `${name}: ${stderr}`);
    assert.match(mine[0], new RegExp(`^FAILED contribution \\S+/${name.replace(".", "\\.")}: ${check}: \\S`));
  }
}
