/** The leaper table and the published leaper records (data/leaper/records.json). */
import { join } from "node:path";
import type { CheckResult } from "../../solvers/records/schema.ts";
import { checkRecord } from "../../solvers/records/check.ts";
import { LEAPER_RECORDS, ROOT } from "../lib/paths.ts";
import { fail } from "../lib/cli.ts";
import { checkCertificateFiles } from "../prove.ts";
import { loadRecords, referenceErrors } from "../lib/leaper-records.ts";
import type { FamilyVerifier } from "./types.ts";

export const leaperFamily: FamilyVerifier = {
  family: "leaper",
  files: [LEAPER_RECORDS],
  async verify({ only, files, progress }) {
    const records = (files ?? this.files).flatMap(loadRecords);
    const known = new Set(records.map((r) => r.id));
    const chosen = only ? records.filter((r) => r.id.includes(only)) : records;
    const refErrors = referenceErrors(records);
    if (!refErrors) console.error("warning: shared/reference not found beside the project; claims are not cross-checked against it");
    const results: CheckResult[] = [];
    for (const [i, r] of chosen.entries()) {
      const res: CheckResult = {
        ...checkRecord(r, known),
        family: "leaper",
        kind: r.kind,
        board: r.board,
        regenerated: !!r.established.regenerated && r.established.regenerated.value >= r.claim.value,
      };
      const extra = [...(refErrors?.get(r.id) ?? [])];
      // "proven here" stands only on a merged certificate whose coverage and shard hashes check out.
      if (r.established.maximality.status === "proven-here") {
        extra.push(...(await checkCertificateFiles(r, join(ROOT, r.established.maximality.certificate))).map((e) => `certificate: ${e}`));
      }
      results.push(extra.length ? { ...res, ok: false, status: "failed", errors: [...res.errors, ...extra] } : res);
      progress?.(i + 1, chosen.length, r.id);
    }
    if (chosen.length === 0 && only === undefined) fail("no leaper records");
    return results;
  },
};
