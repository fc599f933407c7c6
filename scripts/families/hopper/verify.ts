/** Hopper records (data/hopper/records.json): SerienZiel by hurdles, Marlow accessibility, Dawson tours. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type HopperRecord, HopperRecordFile } from "../../../solvers/hopper/schema.ts";
import type { CheckResult } from "../../../solvers/records/common.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { BOARD } from "./lib/booklet.ts";
import { printedSerienZiel, READ_BACK_LIMIT, readBack } from "./lib/credit.ts";
import { checkHopperRecord } from "../../../solvers/hopper/check.ts";
import { partialProgress } from "./lib/serienziel-proof.ts";
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

/**
 * A witness credited to a publication whose diagram is not legible (a citation and a `reference`): it must be
 * what the reference transcription says is printed (hopper, start, target, moves, hurdles, the citation's line),
 * and the only placement of that many hurdles that fits it, read back again here.
 */
export function creditErrors(r: HopperRecord): string[] {
  const w = r.witness;
  if (!w || (!w.reference && !w.citation)) return [];
  if (!w.reference || !w.citation) return ["witness: a credited position needs both its citation and its reference"];
  const p = printedSerienZiel().find((x) => x.id === w.reference);
  if (!p) return [`witness: ${w.reference} is not a published SerienZiel record of the reference transcription`];
  const errors: string[] = [];
  if (w.origin !== "reconstructed") errors.push(`witness: a position read back from ${p.id} is "reconstructed", not "${w.origin}"`);
  if (p.piece !== r.piece) errors.push(`witness: ${p.id} is a ${p.piece} record, this is a ${r.piece}`);
  if (p.hurdles !== r.hurdles || p.hurdles !== w.hurdles.length) {
    errors.push(`witness: ${p.id} has ${p.hurdles} hurdles, the witness ${w.hurdles.length}`);
  }
  if (p.start !== w.start || p.target !== w.target || p.claimedLength !== w.moves?.length) {
    errors.push(
      `witness: ${p.id} prints ${p.start} to ${p.target} in ${p.claimedLength}, the witness ${w.start} to ${w.target} in ${w.moves?.length}`,
    );
  }
  if (w.citation.source?.line !== p.seedLine) {
    errors.push(`witness: the citation's line ${w.citation.source?.line} is not ${p.id}'s line ${p.seedLine}`);
  }
  if (errors.length > 0) return errors;
  const fits = readBack(p);
  const ours = w.hurdles.map((h) => parseSquare(BOARD, h)).sort((a, b) => a - b).join();
  if (fits === null) errors.push(`witness: more than ${READ_BACK_LIMIT} placements to read ${p.id} back from`);
  else if (fits.length !== 1 || fits[0].join() !== ours) {
    errors.push(
      `witness: ${fits.length} placements fit what ${p.id} prints` +
        (fits.length === 1 ? ", and it is not the witness" : "; the position is not read back uniquely"),
    );
  }
  return errors;
}

function withCredit(r: HopperRecord, c: CheckResult): CheckResult {
  let more: string[];
  try {
    more = creditErrors(r);
  } catch (e) {
    more = [`witness: ${e instanceof Error ? e.message : String(e)}`];
  }
  return more.length === 0 ? c : { ...c, ok: false, status: "failed", errors: [...c.errors, ...more] };
}

/**
 * A SerienZiel row not proven yet whose proof is under way (a partial file in data/hopper/proofs/partial/):
 * how far it is, and the best value it has found so far in this record's column (recomputed from its position).
 * A partial file that does not add up fails the record.
 */
function withRun(r: HopperRecord, c: CheckResult): CheckResult {
  if ((r.kind !== "serienziel-longest" && r.kind !== "serienziel-dual-free") || r.established.proof) return c;
  const p = partialProgress(r.piece, r.hurdles, join(dirname(familyPaths("hopper").records), "proofs"));
  if (!p) return c;
  const best = r.kind === "serienziel-longest" ? p.best.longest : p.best.dualFree;
  const out: CheckResult = { ...c, proofRun: { ...p.run, best } };
  return p.errors.length === 0
    ? out
    : { ...out, ok: false, status: "failed", errors: [...c.errors, ...p.errors.map((e) => `proof run: ${e}`)] };
}

export const hopperFamily: FamilyVerifier = {
  family: "hopper",
  files: [familyPaths("hopper").records],
  verify(options) {
    const paths = options.files ?? this.files;
    // The family is optional until its data exists (a checkout before the hopper data landed).
    if (!options.files && !existsSync(paths[0])) return Promise.resolve([]);
    const records = paths.flatMap((p) => loadHopperRecords(p).records);
    return checkEach(records, options, (r) => withRun(r, withCredit(r, checkHopperRecord(r, { readCertificate }))));
  },
};
