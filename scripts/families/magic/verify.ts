/** Magic knight's tours (data/magic/records.json): every tour rechecked, enumeration counts recounted, complete runs' certificates re-checked against their shards. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { MagicCertificate, MagicRecordFile } from "../../../solvers/magic/schema.ts";
import { checkMagicFile } from "../../../solvers/magic/verify.ts";
import { recheckCertificate } from "./prove.ts";
import { canonicalForm } from "../../../solvers/magic/check.ts";
import { ROOT } from "../../lib/paths.ts";
import { type FamilyVerifier, readRecordFile } from "../types.ts";

export const MAGIC_RECORDS_FILE = join(ROOT, "data", "magic", "records.json");
/** Output of scripts/families/magic/crosscheck.ts --out: the independent enumerator's classes. */
export const MAGIC_CROSSCHECK_FILE = join(ROOT, "data", "magic", "crosscheck-central.json");

/** The boards of an enumeration's listed classes (an unknown id stands for itself, so it never matches a board). */
function listedBoards(file: MagicRecordFile, en: MagicRecordFile["enumerations"][number]): Set<string> {
  return new Set(en.tourIds.map((id) => file.records.find((r) => r.id === id)?.numbers.join() ?? id));
}

/**
 * The central enumeration against the independent enumerator's stored result:
 * the same classes (compared by our own canonical form, so the two programs'
 * conventions need not agree). Empty when there is no stored result.
 */
export function crosscheckErrors(file: MagicRecordFile, path = MAGIC_CROSSCHECK_FILE): string[] {
  if (!existsSync(path)) return [];
  const cc = JSON.parse(readFileSync(path, "utf8")) as { n?: number; canonical?: number[][] };
  if (cc.n !== 8 || !Array.isArray(cc.canonical)) return [`${path} is not a cross-check result for 8x8`];
  const en = file.enumerations.find((e) => e.mode === "central" && e.complete);
  if (!en) return [];
  const theirs = new Set(cc.canonical.map((b) => canonicalForm(8, b).canonical.join()));
  const ours = listedBoards(file, en);
  const onlyTheirs = [...theirs].filter((b) => !ours.has(b)).length;
  const onlyOurs = [...ours].filter((b) => !theirs.has(b)).length;
  return onlyTheirs || onlyOurs
    ? [
      `the independent cross-check finds ${theirs.size} classes: ${onlyTheirs} not in our enumeration, ${onlyOurs} of ours not found by it`,
    ]
    : [];
}

export function loadMagicRecords(path: string): MagicRecordFile {
  return readRecordFile(path, MagicRecordFile, "magic-tour records");
}

export const magicFamily: FamilyVerifier = {
  family: "magic",
  files: [MAGIC_RECORDS_FILE],
  // deno-lint-ignore require-await
  async verify({ only, files, progress }) {
    const paths = files ?? this.files;
    if (!files && !existsSync(paths[0])) return [];
    const results = paths.flatMap((p) => {
      const file = loadMagicRecords(p);
      return checkMagicFile(file, {
        only,
        certificateErrors: (en) => {
          // A complete run's certificate.json must still re-check: every shard file with its SHA-256, one complete
          // split of the prefixes, and the merge of the shards equal to the certificate.
          const path = join(ROOT, en.certificate ?? "");
          if (!en.certificate || !existsSync(path)) return [`certificate ${en.certificate} is missing`];
          const json = JSON.parse(readFileSync(path, "utf8"));
          const errs = recheckCertificate(dirname(path), json);
          if (errs.length) return errs.map((e) => `certificate: ${e}`);
          const cert = MagicCertificate.parse(json);
          if (cert.key !== en.key) return [`the certificate is about ${cert.key}, the enumeration ${en.key}`];
          const m = { tours: cert.classes };
          // The listed classes must be exactly the classes of the tours the shards found (whole canonical boards).
          const found = new Set(m.tours.map((t) => canonicalForm(8, t).canonical.join()));
          const listed = listedBoards(file, en);
          const missing = [...found].filter((b) => !listed.has(b)).length;
          const extra = [...listed].filter((b) => !found.has(b)).length;
          const own = missing || extra
            ? [`the shards found ${found.size} classes; ${missing} of them are not listed, ${extra} listed ones were not found`]
            : [];
          return [...own, ...(en.mode === "central" ? crosscheckErrors(file) : [])];
        },
      });
    });
    results.forEach((r, i) => progress?.(i + 1, results.length, r.id));
    return results;
  },
};
