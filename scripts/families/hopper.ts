/** Hopper records (data/hopper/records.json): SerienZiel by hurdles, Marlow accessibility, Dawson tours. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { checkHopperRecord } from "../../solvers/hopper/check.ts";
import { ROOT } from "../lib/paths.ts";
import { CliError, errorMessage, firstIssue, readFailure } from "../lib/cli.ts";
import { checkEach, type FamilyVerifier } from "./types.ts";

export const HOPPER_RECORDS_FILE = join(ROOT, "data", "hopper", "records.json");

export function loadHopperRecords(path: string): HopperRecordFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new CliError(`cannot read the hopper records ${path}: ${readFailure(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(`hopper records ${path} are not valid JSON: ${errorMessage(e)}`);
  }
  const parsed = HopperRecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`hopper records ${path} do not match the schema: ${firstIssue(parsed.error)}`);
  return parsed.data;
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
  files: [HOPPER_RECORDS_FILE],
  verify(options) {
    const paths = options.files ?? this.files;
    // The family is optional until its data exists (a checkout before the hopper data landed).
    if (!options.files && !existsSync(paths[0])) return Promise.resolve([]);
    const records = paths.flatMap((p) => loadHopperRecords(p).records);
    return checkEach(records, options, (r) => checkHopperRecord(r, { readCertificate }));
  },
};
