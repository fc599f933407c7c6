/** Hopper records (data/hopper/records.json): SerienZiel by hurdles, Marlow accessibility, Dawson tours. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HopperRecordFile } from "../../../solvers/hopper/schema.ts";
import { checkHopperRecord } from "../../../solvers/hopper/check.ts";
import { familyPaths, ROOT } from "../../lib/paths.ts";
import { checkEach, type FamilyVerifier, readRecordFile } from "../types.ts";

export function loadHopperRecords(path: string): HopperRecordFile {
  return readRecordFile(path, HopperRecordFile, "hopper records");
}

/** Certificates are read relative to the project root; undefined when missing or unreadable. */
export function readCertificate(rel: string): unknown {
  const path = join(ROOT, rel);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

export const hopperFamily: FamilyVerifier = {
  family: "hopper",
  files: [familyPaths("hopper").records],
  verify(options) {
    const paths = options.files ?? this.files;
    // The family is optional until its data exists (a checkout before the hopper data landed).
    if (!options.files && !existsSync(paths[0])) return Promise.resolve([]);
    const records = paths.flatMap((p) => loadHopperRecords(p).records);
    return checkEach(records, options, (r) => checkHopperRecord(r, { readCertificate }));
  },
};
