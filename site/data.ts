/**
 * Build-time data of the atlas: reads the record file and the verify report
 * with node:fs, validates them with the project's zod schemas and shapes them
 * for the pages. A malformed file stops the build with a message naming the
 * file and its first problem; a missing verify report does not (the cells are
 * then shown as "not verified in this build").
 *
 * Data folder: $ATLAS_DATA_DIR if set (tests point it at fixtures), else
 * ./data of the working directory (the project root: scripts/commands/build.ts
 * runs the build from there).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import process from "node:process";
import type { z } from "zod";
import { type CheckResult, VerifyReport } from "../solvers/records/common.ts";
import { type AtlasRecord, RecordFile } from "../solvers/leaper/schema.ts";
import { LEAPER_NAMES, type LeaperName, tableLeapers } from "../solvers/pieces/names.ts";
import { Contribution } from "../solvers/contributions/schema.ts";
import { contributionStandings, leaperRecordOf, mergeContributions, type TableStanding } from "../solvers/contributions/records.ts";
import type { CellStatus } from "./i18n.ts";

export class DataError extends Error {
  override name = "DataError";
}

export const RECORDS_FILE = join("leaper", "records.json");
export const VERIFY_FILE = join("reports", "verify.json");
/** The contribution files (the registry's data/contributions, below the data folder). */
export const CONTRIBUTIONS_DIR = "contributions";

export function dataDir(): string {
  const fromEnv = process.env.ATLAS_DATA_DIR;
  return fromEnv ? resolve(fromEnv) : resolve(process.cwd(), "data");
}

/** A path as the user will recognise it: relative to the working directory when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `${out ? "." : ""}${String(p)}`;
  return out || "(top level)";
}

/** Reads and parses a JSON file; a missing or unparsable file is a DataError naming it. */
function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new DataError(`${shown(path)}: ${code === "ENOENT" ? "file not found" : `cannot read (${(e as Error).message})`}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new DataError(`${shown(path)}: not valid JSON (${(e as Error).message})`);
  }
}

/** Validates with a zod schema; the error names the file, the path of the first issue and, inside records[i], that record's id. */
function validate<T>(path: string, raw: unknown, schema: z.ZodType<T>): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  let where = formatIssuePath(first.path);
  if (first.path[0] === "records" && typeof first.path[1] === "number") {
    const rec = (raw as { records?: unknown[] }).records?.[first.path[1]] as { id?: unknown } | undefined;
    if (typeof rec?.id === "string") where += ` (record "${rec.id}")`;
  }
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  return failWith(`${shown(path)}: ${where}: ${first.message}${more}`);
}

function failWith(message: string): never {
  throw new DataError(message);
}

export function loadRecordFile(path: string): RecordFile {
  const file = validate(path, readJson(path), RecordFile);
  const seen = new Set<string>();
  for (const r of file.records) {
    // Record ids become element ids and URL segments: they must be unique.
    if (seen.has(r.id)) failWith(`${shown(path)}: record id "${r.id}" occurs more than once`);
    seen.add(r.id);
  }
  return file;
}

/** The verify report, or null when the file does not exist (a malformed one is an error). */
export function loadVerifyReport(path: string): VerifyReport | null {
  if (!existsSync(path)) return null;
  return validate(path, readJson(path), VerifyReport);
}

/** The columns of the booklet's leaper table, left to right. */
export interface TableColumn {
  key: string;
  kinds: readonly AtlasRecord["kind"][];
  board: readonly [number, number];
}
export const TABLE_COLUMNS: readonly TableColumn[] = [
  ...[4, 5, 6, 7, 8].map((n): TableColumn => ({ key: `dual-free-${n}x${n}`, kinds: ["dual-free", "dual-free-fixed-end"], board: [n, n] })),
  { key: "open-8x8", kinds: ["open"], board: [8, 8] },
  { key: "closed-8x8", kinds: ["closed"], board: [8, 8] },
  { key: "access-8x8", kinds: ["access"], board: [8, 8] },
];

export interface TableCell {
  column: TableColumn;
  record: AtlasRecord | null;
  check: CheckResult | null;
  status: CellStatus;
  /** Our regenerated value where it differs from the claim. */
  ours: number | null;
}

export interface TableRow {
  leap: readonly [number, number];
  name: LeaperName | null;
  cells: TableCell[];
}

export interface AtlasData {
  builtAt: Date;
  records: RecordFile;
  recordsPath: string;
  report: VerifyReport | null;
  reportPath: string;
  leaperTable: TableRow[];
  /** Table-cell records that fit no column of the table (shown nowhere yet). */
  unplaced: AtlasRecord[];
  /** Records the verify report has no result for. */
  notInReport: AtlasRecord[];
  /** How records stand in the table because of accepted contributions (ties, replacements), by record id. */
  standings: Map<string, TableStanding[]>;
}

function slotKey(leap: readonly number[], column: string): string {
  return `${leap[0]},${leap[1]}:${column}`;
}

function columnOf(r: AtlasRecord): TableColumn | undefined {
  if (r.board.length !== 2) return undefined;
  return TABLE_COLUMNS.find((c) => c.kinds.includes(r.kind) && c.board[0] === r.board[0] && c.board[1] === r.board[1]);
}

export function buildLeaperTable(
  records: RecordFile,
  report: VerifyReport | null,
  path = "records",
): Pick<AtlasData, "leaperTable" | "unplaced"> {
  const results = new Map(report?.results.map((c) => [c.id, c]) ?? []);
  const bySlot = new Map<string, AtlasRecord>();
  const unplaced: AtlasRecord[] = [];
  for (const r of records.records) {
    if (!r.tableCell || r.family !== "leaper" || r.piece.type !== "leaper") continue;
    const col = columnOf(r);
    // The table lists each leaper once as [x,y] with x <= y.
    const leap = [...r.piece.leap].sort((a, b) => a - b);
    if (!col || leap[1] > 7 || leap[1] === 0) {
      unplaced.push(r);
      continue;
    }
    const key = slotKey(leap, col.key);
    const other = bySlot.get(key);
    if (other) failWith(`${shown(path)}: records "${other.id}" and "${r.id}" both claim the table cell [${leap}] ${col.key}`);
    bySlot.set(key, r);
  }
  const leaperTable = tableLeapers().map((leap): TableRow => ({
    leap,
    name: LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]) ?? null,
    cells: TABLE_COLUMNS.map((column): TableCell => {
      const record = bySlot.get(slotKey(leap, column.key)) ?? null;
      const check = record ? results.get(record.id) ?? null : null;
      const status: CellStatus = !record ? "missing" : check ? check.status : "unverified";
      const regen = record?.established.regenerated?.value;
      // Our longer solution shows once verify has accepted it (the record is then disputed).
      const improved = check?.status === "disputed" && check.ok ? record?.established.improved?.value : undefined;
      const best = improved ?? regen;
      const ours = record && best !== undefined && best !== record.claim.value ? best : null;
      return { column, record, check, status, ours };
    }),
  }));
  return { leaperTable, unplaced };
}

/** A contribution file verify accepted: its content and its path as verify names it (data/contributions/<name>). */
export interface AcceptedContribution {
  contribution: Contribution;
  file: string;
}

/**
 * The contributions verify accepted (solvers/contributions/): a file is
 * published only when the verify report has its record's result, not failed.
 * A file verify rejected, or one it never saw (no report, or a newer file),
 * stays out of the atlas, and so does one changed since verify checked it (the
 * report holds the SHA-256 of the text it checked). Each family turns its own into records
 * (solvers/contributions/records.ts): the leaper's in loadAtlasData, the
 * locust's in its adapter.
 */
export function acceptedContributions(dir: string, report: VerifyReport | null): AcceptedContribution[] {
  const folder = join(dir, CONTRIBUTIONS_DIR);
  if (!report || !existsSync(folder)) return [];
  const accepted = new Map(
    report.results.filter((r) => r.contribution && r.status !== "failed").map((r) => [r.id, r.contribution!]),
  );
  const digest = (text: string) => createHash("sha256").update(text).digest("hex");
  const out: AcceptedContribution[] = [];
  for (const name of readdirSync(folder).filter((n) => n.endsWith(".json")).sort()) {
    let raw: unknown, text: string;
    try {
      text = readFileSync(join(folder, name), "utf8");
      raw = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = Contribution.safeParse(raw);
    if (!parsed.success) continue;
    // Only the text verify checked: the same file, unchanged since.
    const checked = accepted.get(parsed.data.id);
    if (!checked || !checked.file.endsWith(`/${name}`) || checked.sha256 !== digest(text)) continue;
    accepted.delete(parsed.data.id);
    out.push({ contribution: parsed.data, file: `data/${CONTRIBUTIONS_DIR}/${name}` });
  }
  return out;
}

/** The leaper records with the accepted leaper contributions merged in (a further record, or the cell when it beats it). */
export function withLeaperContributions(records: readonly AtlasRecord[], accepted: readonly AcceptedContribution[]): AtlasRecord[] {
  return leaperContributions(records, accepted).records;
}

/** The leaper records with the accepted contributions merged in, and how the table's records stand because of them. */
export function leaperContributions(
  records: readonly AtlasRecord[],
  accepted: readonly AcceptedContribution[],
): { records: AtlasRecord[]; standings: Map<string, TableStanding[]> } {
  const taken = new Set(records.map((r) => r.id));
  const mine = accepted.flatMap(({ contribution: c, file }) =>
    c.family === "leaper" && !taken.has(c.id) ? [leaperRecordOf(c, records, file)] : []
  );
  const value = (r: AtlasRecord) => r.claim.value;
  return { records: mergeContributions(records, mine, value), standings: contributionStandings(mine, value) };
}

let acceptedCache: { key: string; value: AcceptedContribution[] } | undefined;

/** The accepted contributions of this build's data folder (read once per build). */
export function buildContributions(): AcceptedContribution[] {
  const dir = dataDir();
  if (acceptedCache?.key !== dir) acceptedCache = { key: dir, value: acceptedContributions(dir, loadVerifyReport(join(dir, VERIFY_FILE))) };
  return acceptedCache.value;
}

/** Reads and shapes everything the pages need; throws DataError on bad data. */
export function loadAtlasData(dir = dataDir()): AtlasData {
  const recordsPath = join(dir, RECORDS_FILE);
  const reportPath = join(dir, VERIFY_FILE);
  const stored = loadRecordFile(recordsPath);
  const report = loadVerifyReport(reportPath);
  // Accepted contributions are records of the family from here on: the table, the pages and the downloads show them.
  const merged = leaperContributions(stored.records, acceptedContributions(dir, report));
  const records = { ...stored, records: merged.records };
  const { leaperTable, unplaced } = buildLeaperTable(records, report, recordsPath);
  const inReport = new Set(report?.results.map((c) => c.id) ?? []);
  return {
    builtAt: buildTime(),
    records,
    recordsPath,
    report,
    reportPath,
    leaperTable,
    unplaced,
    notInReport: report ? records.records.filter((r) => !inReport.has(r.id)) : [],
    standings: merged.standings,
  };
}

/** SOURCE_DATE_EPOCH (seconds) pins the build date for reproducible builds. */
function buildTime(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}

let cached: AtlasData | undefined;

/** The atlas data of this build, loaded once and shared by all pages. */
export function getAtlas(): AtlasData {
  return (cached ??= loadAtlasData());
}

const familyFiles = new Map<string, unknown>();

/**
 * A family's data file below the data folder, validated by its schema, read
 * once per build (pages call the adapters many times); null when the file does
 * not exist yet. Bad JSON or a schema mismatch is a DataError naming the file.
 */
export function readFamilyFile<T>(relativePath: string, schema: z.ZodType<T>): T | null {
  const path = join(dataDir(), relativePath);
  if (familyFiles.has(path)) return familyFiles.get(path) as T | null;
  const value = existsSync(path) ? validate(path, readJson(path), schema) : null;
  familyFiles.set(path, value);
  return value;
}

const familyReports = new Map<string, Map<string, CheckResult>>();

/** The verify report's results of one family, by record id (empty when there is no report). */
export function familyResults(family: string): Map<string, CheckResult> {
  const path = join(dataDir(), VERIFY_FILE);
  const key = `${path}\0${family}`;
  let results = familyReports.get(key);
  if (!results) {
    results = new Map();
    for (const r of loadVerifyReport(path)?.results ?? []) if ((r.family ?? "leaper") === family) results.set(r.id, r);
    familyReports.set(key, results);
  }
  return results;
}
