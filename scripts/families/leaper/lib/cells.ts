/**
 * The leaper table cells a proof runs on: the run's environment (records file, proofs folder, options) and each
 * cell's record, parameters and space.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type AtlasRecord, RecordFile } from "../../../../solvers/leaper/schema.ts";
import { buildSpace, type ProofSpace } from "../../../../solvers/leaper/proof/space.ts";
import { type CellParams, cellParams } from "../../../../solvers/leaper/proof/certificate.ts";
import { CliError, errorMessage } from "../../../lib/cli.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { codeVersion } from "../../../lib/version.ts";

/** Largest space we agree to run (positions). */
export const MAX_TOTAL = 1e15;

export interface ProveEnv {
  proofsDir: string;
  recordsPath: string;
  /** Write progress lines on stderr. */
  quiet: boolean;
  /** Skip images under the start's stabilizer. */
  symmetry: boolean;
  /** Update the record's established.maximality after a successful merge. */
  updateRecords: boolean;
  codeVersion: string;
  /** Reject whole subtrees of the enumeration (prefix-run.ts; default true); false: position by position (run.ts). */
  prefix?: boolean;
}

export function defaultEnv(over: Partial<ProveEnv> = {}): ProveEnv {
  return {
    proofsDir: familyPaths("leaper").proofs,
    recordsPath: familyPaths("leaper").records,
    quiet: false,
    symmetry: true,
    updateRecords: true,
    codeVersion: over.codeVersion ?? codeVersion(),
    ...over,
  };
}

// ---------------------------------------------------------------------------
// Cells

export interface Cell {
  record: AtlasRecord;
  params: CellParams;
  space: ProofSpace;
}

export function readRecordFile(path: string): RecordFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new CliError(`cannot read records file ${path}: ${errorMessage(e)}`);
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`${path} does not match the record schema: ${errorMessage(parsed.error)}`);
  return parsed.data;
}

/** Table cells whose claims have maximality proofs. */
export function provableCells(recordsPath: string): AtlasRecord[] {
  return readRecordFile(recordsPath).records.filter((r) => r.tableCell && typeof cellParams(r) !== "string");
}

export function loadCell(env: ProveEnv, id: string, limit = MAX_TOTAL): Cell {
  const record = readRecordFile(env.recordsPath).records.find((r) => r.id === id);
  if (!record) {
    throw new CliError(`unknown cell ${id}: no record with that id in ${env.recordsPath} (ids look like leaper-1-2-dual-free-6x6)`);
  }
  if (!record.tableCell) throw new CliError(`${id} is not a table cell (it belongs to ${record.cell})`);
  const params = cellParams(record);
  if (typeof params === "string") throw new CliError(params);
  const space = buildSpace(params.kind, params.leap, params.board, params.claimed);
  if (space.totalBig > BigInt(limit)) {
    throw new CliError(
      `${id}: the space has ${space.totalBig} positions, above the limit of ${limit.toExponential()}: not run (use --estimate to see how long it would take)`,
    );
  }
  return { record, params, space };
}

export function cellDir(env: ProveEnv, cell: string): string {
  return join(env.proofsDir, cell);
}
