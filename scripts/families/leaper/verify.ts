/** The leaper table and the published leaper records (data/leaper/records.json). */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CheckResult } from "../../../solvers/records/common.ts";
import { checkRecord } from "../../../solvers/leaper/check.ts";
import { familyPaths, REFERENCE_TABLES, REFERENCE_WITNESSES, ROOT } from "../../lib/paths.ts";
import { CliError, fail } from "../../lib/cli.ts";
import { checkCertificateFiles, proofRunOf } from "./lib/certificate-files.ts";
import { loadRecords, referenceErrors } from "./lib/load.ts";
import { regeneratedErrors } from "../../../solvers/leaper/regenerate.ts";
import { inheritedProofErrors } from "../../../solvers/leaper/proof/certificate.ts";

type RegenWitness = { start: string; moves: string[] } | null;

/**
 * Witnesses of the regeneration report beside each records file (scripts/families/leaper/extra/regenerate.ts),
 * by record id: a stored regenerated value must be backed by one of them.
 */
function regenerationWitnesses(files: string[]): Map<string, RegenWitness> {
  const out = new Map<string, RegenWitness>();
  for (const f of files) {
    // Beside the records file; a copy of the records elsewhere (tests, --data) falls back to the project's report.
    let path = join(dirname(f), "regenerate-report.json");
    if (!existsSync(path)) path = join(dirname(familyPaths("leaper").records), "regenerate-report.json");
    if (!existsSync(path)) continue;
    let cells: unknown;
    try {
      cells = JSON.parse(readFileSync(path, "utf8")).cells;
    } catch (e) {
      fail(`${path} is not valid JSON: ${(e as Error).message}`);
    }
    if (!Array.isArray(cells)) fail(`${path} has no cells list`);
    for (const c of cells as { id?: unknown; witness?: RegenWitness }[]) {
      if (typeof c?.id === "string") out.set(c.id, c.witness ?? null);
    }
  }
  return out;
}
import type { FamilyVerifier } from "../types.ts";

export const leaperFamily: FamilyVerifier = {
  family: "leaper",
  files: [familyPaths("leaper").records],
  async verify({ only, files, progress }) {
    const perFile = (files ?? this.files).map((f) => ({ f, records: loadRecords(f) }));
    const records = perFile.flatMap((x) => x.records);
    // A cell's proof run lives beside its records file: <data>/leaper/proofs/<cell>/.
    const proofsDir = new Map(perFile.flatMap(({ f, records }) => records.map((r) => [r.id, join(dirname(f), "proofs")] as const)));
    const regenWitness = regenerationWitnesses(files ?? this.files);
    const known = new Set(records.map((r) => r.id));
    const byId = new Map(records.map((r) => [r.id, r]));
    const chosen = only ? records.filter((r) => r.id.includes(only)) : records;
    const refErrors = referenceErrors(records);
    if (!refErrors) {
      throw new CliError(
        `the reference transcription is missing (${REFERENCE_TABLES}, ${REFERENCE_WITNESSES}): claims cannot be cross-checked`,
      );
    }
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
      extra.push(...regeneratedErrors(r, regenWitness.get(r.id) ?? null));
      // "proven here" stands only on a merged certificate whose coverage and shard hashes check out;
      // a further record stands on its cell's, when its value is the cell's proven maximum.
      if (r.established.maximality.status === "proven-here") {
        const cell = r.tableCell ? r : byId.get(r.cell);
        const link = r.tableCell ? [] : inheritedProofErrors(r, cell);
        extra.push(...link.map((e) => `maximality: ${e}`));
        if (cell && link.length === 0) {
          extra.push(
            ...(await checkCertificateFiles(cell, join(ROOT, r.established.maximality.certificate))).map((e) => `certificate: ${e}`),
          );
        }
      }
      // A run toward maximality that is not merged yet: how far it is, and anything wrong with its shards.
      const ongoing = r.tableCell && r.established.maximality.status !== "proven-here" && r.claim.status !== "example"
        ? proofRunOf(r, join(proofsDir.get(r.id) ?? familyPaths("leaper").proofs, r.id))
        : null;
      if (ongoing) {
        res.proofRun = ongoing.run;
        extra.push(...ongoing.errors.map((e) => `proof run: ${e}`));
      }
      // A further record that claims maximality falls with its cell's claim: our longer solution beats it too.
      const cellOf = r.tableCell ? undefined : byId.get(r.cell);
      const beaten = cellOf?.established.improved && r.claim.status !== "example" &&
        cellOf.established.improved.value > r.claim.value;
      if (beaten && res.ok && (res.status === "verified" || res.status === "regenerated")) res.status = "disputed";
      results.push(extra.length ? { ...res, ok: false, status: "failed", errors: [...res.errors, ...extra] } : res);
      progress?.(i + 1, chosen.length, r.id);
    }
    if (chosen.length === 0 && only === undefined) fail("no leaper records");
    return results;
  },
};
