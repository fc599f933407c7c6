/**
 * A record family as `verify` sees it: where its records live and how to check
 * them. Each family (leaper, hopper, locust, domination, tour, ...) has one
 * module in scripts/families/ and one line in scripts/families/index.ts; the
 * report is one list of CheckResults over all families.
 */
import type { CheckResult } from "../../solvers/records/schema.ts";

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
