/**
 * A record family as `verify` sees it: where its records live and how to check
 * them. Each family (leaper, hopper, locust, domination, tour, ...) has its
 * verify.ts in scripts/families/<family>/ and one entry in the registry,
 * scripts/families/index.ts (which also declares its data file); the report is
 * one list of CheckResults over all families.
 */
import { readFileSync } from "node:fs";
import type { z } from "zod";
import type { CheckResult } from "../../solvers/records/common.ts";
import { CliError, errorMessage, firstIssue, readFailure } from "../lib/cli.ts";

export interface VerifyOptions {
  /** Check only records whose id contains this text. */
  only?: string;
  /** Data files to read instead of the family's default (leaper: --data). */
  files?: string[];
  /** Called after each record. */
  progress?: (done: number, total: number, id: string) => void;
}

export interface FamilyVerifier {
  family: string;
  /** Default data file(s), relative to the project root. */
  files: string[];
  /**
   * Check the family's records. Must validate the file against the family's
   * schema (throw CliError with a clear message when it does not match), set
   * `family`, `kind` and `board` on each result, and `regenerated` when our own
   * search reached the claimed value without the published witness.
   */
  verify(options: VerifyOptions): Promise<CheckResult[]>;
}

/**
 * Check each record (those whose id contains `only`, when given) in file
 * order, reporting progress after each: the loop every family's verify shares.
 */
export async function checkEach<R extends { id: string }>(
  records: readonly R[],
  { only, progress }: VerifyOptions,
  check: (record: R) => CheckResult | Promise<CheckResult>,
): Promise<CheckResult[]> {
  const chosen = only ? records.filter((r) => r.id.includes(only)) : records;
  const results: CheckResult[] = [];
  for (const [i, r] of chosen.entries()) {
    results.push(await check(r));
    progress?.(i + 1, chosen.length, r.id);
  }
  return results;
}

/**
 * Read a family's data file and validate it with the family's schema: one
 * line naming the file and the first problem when it cannot be read, is not
 * JSON, does not match, or repeats a record id (ids are URLs in the atlas).
 */
export function readRecordFile<T extends { records: readonly { id: string }[] }>(path: string, schema: z.ZodType<T>, what: string): T {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new CliError(`cannot read the ${what} ${path}: ${readFailure(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(`${what} ${path}: not valid JSON (${errorMessage(e)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new CliError(`${what} ${path} does not match the schema: ${firstIssue(parsed.error)}`);
  const ids = new Set<string>();
  for (const r of parsed.data.records) {
    if (ids.has(r.id)) throw new CliError(`${what} ${path}: record id "${r.id}" occurs more than once`);
    ids.add(r.id);
  }
  return parsed.data;
}
