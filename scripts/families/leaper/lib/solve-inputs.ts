/**
 * Where `atlas solve` takes its positions from besides the command line: a record of the leaper records file
 * (--record, --list) or a file of JSON lines (--batch), with the record support loaded only when asked for.
 */
import type { AtlasRecord } from "../../../../solvers/leaper/schema.ts";
import { CliError, errorMessage, firstIssue, readFailure } from "../../../lib/errors.ts";
import type { SolveIO } from "../../../commands/solve.ts";
import { checkPosition, type PositionSpec, solvePosition } from "./capture-position.ts";

/**
 * The record and batch schemas (zod, and the paths module) are loaded only for
 * --record, --list and --batch: zod alone costs more start-up time than a small
 * solve may take. scripts/commands/solve.ts calls loadRecordSupport() first
 * when the arguments ask for one of them.
 */
let support: typeof import("./solve-records.ts") | undefined;
export async function loadRecordSupport(): Promise<void> {
  support ??= await import("./solve-records.ts");
}
export function records(): typeof import("./solve-records.ts") {
  if (!support) throw new Error("record support was not loaded (scripts/commands/solve.ts loads it for --record, --list and --batch)");
  return support;
}

function readText(io: SolveIO, path: string, what: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new CliError(`cannot read ${what} ${path}: ${readFailure(e)}`);
  }
}

export function loadRecords(io: SolveIO, path: string): AtlasRecord[] {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new CliError(
      `cannot read the records file ${path}: ${readFailure(e)} (atlas records leaper writes it; --data FILE reads another)`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(`records file ${path} is not valid JSON: ${errorMessage(e)}`);
  }
  const parsed = records().RecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`records file ${path} does not match the record schema: ${firstIssue(parsed.error)}`);
  return parsed.data.records;
}

export function recordSpec(records: AtlasRecord[], id: string, path: string): { spec: PositionSpec; record: AtlasRecord } {
  const record = records.find((r) => r.id === id);
  if (!record) {
    const near = records.filter((r) => r.id.includes(id) || id.includes(r.id)).slice(0, 3).map((r) => r.id);
    throw new CliError(
      `no record with id "${id}" in ${path}${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}; --list prints every id`,
    );
  }
  if (record.kind === "open" || record.kind === "access") {
    const what = record.kind === "open" ? "an open tour on the empty board" : "an access count";
    throw new CliError(
      `record ${id} is ${what}: it has no men, so there is no capture problem to count (only dual-free and closed records have one)`,
    );
  }
  const w = record.witness;
  if (!w) throw new CliError(`record ${id} has no witness yet, so it has no position to count`);
  const closed = record.kind === "closed";
  // A closed witness may list the return to the start at the end; it is no man.
  const moves = closed && w.moves.length > 1 && w.moves[w.moves.length - 1] === w.start ? w.moves.slice(0, -1) : w.moves;
  const spec: PositionSpec = {
    piece: record.piece.leap,
    board: record.board,
    start: w.start,
    men: moves,
    closed,
    end: record.kind === "dual-free-fixed-end" ? (w.end ?? moves[moves.length - 1]) : undefined,
  };
  return { spec, record };
}

export function listRecords(io: SolveIO, records: AtlasRecord[]): void {
  const width = Math.max(2, ...records.map((r) => r.id.length));
  for (const r of records) {
    const note = r.kind === "open" || r.kind === "access" ? "  (no men: not for --record)" : r.witness ? "" : "  (no witness yet)";
    io.stdout(`${r.id.padEnd(width)}  ${r.kind.padEnd(19)} [${r.piece.leap.join(",")}] ${r.board.join("x")} ${r.claim.value}${note}\n`);
  }
}

export function runBatch(io: SolveIO, path: string, defaults: { limit?: number; maxNodes?: number }): number {
  const text = readText(io, path, "batch file");
  let failed = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    let id: string | number | undefined;
    try {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch (e) {
        throw new CliError(`not valid JSON: ${errorMessage(e)}`);
      }
      const rawId = (json as { id?: unknown })?.id;
      if (typeof rawId === "string" || typeof rawId === "number") id = rawId;
      const parsed = records().BatchLine.safeParse(json);
      if (!parsed.success) throw new CliError(firstIssue(parsed.error) ?? "not a position");
      const b = parsed.data;
      const position = checkPosition({ ...b, board: b.board ?? "8x8" });
      const { answer } = solvePosition(position, { limit: b.limit ?? defaults.limit, maxNodes: b.maxNodes ?? defaults.maxNodes });
      io.stdout(JSON.stringify(id === undefined ? answer : { id, ...answer }) + "\n");
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      failed++;
      const err: Record<string, unknown> = { error: `line ${i + 1}: ${e.message}`, line: i + 1 };
      if (id !== undefined) err.id = id;
      io.stdout(JSON.stringify(err) + "\n");
    }
  }
  return failed > 0 ? 1 : 0;
}
