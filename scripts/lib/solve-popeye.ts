/**
 * `atlas solve --popeye`: print a problem as Popeye input (solvers/export/popeye.ts),
 * from a leaper, hopper or locust record (--record ID [--data FILE]) or from a position (--piece, --board,
 * --start, --men, --end, --closed as for the count). Where Popeye cannot state
 * the problem, one line on stderr gives the reason and the exit code is 1.
 */
import { listOption, parseArgs } from "./options.ts";
import { parseBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { parseLeaper } from "../../solvers/pieces/leaper.ts";
import { RecordFile } from "../../solvers/leaper/schema.ts";
import {
  popeyeForHopperRecord,
  popeyeForLeaperRecord,
  popeyeForLocustRecord,
  popeyeLeaperCapture,
  type PopeyeResult,
} from "../../solvers/export/popeye.ts";
import { HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { LocustRecordFile } from "../../solvers/locust/schema.ts";
import { CliError, errorMessage, firstIssue, readFailure } from "./cli.ts";
import { familyPaths } from "./paths.ts";

export interface PopeyeIo {
  stdout(s: string): void;
  stderr(s: string): void;
  readFile(path: string): string;
}

const HELP = `atlas solve --popeye — print a problem as Popeye input

  atlas solve --popeye --record leaper-2-3-dual-free-8x8
  atlas solve --popeye --record grasshopper-8x8-serienziel-h8-dual-free
  atlas solve --popeye --piece zebra --board 8x8 --start b1 --men e3,h1,...

--record looks in the leaper, hopper and locust records (or in --data FILE).
Hopper SerienZiel records become ser-z<square><n> with the hurdles as dummies
(du); locust records ser-=n like the leapers'; both on 8x8 only.

The men become black wazirs (no kings: option NoWk NoBk), the stipulation is
ser-=n (series stalemate in n = capture all n men), condition WhiteMustCapture
prunes non-captures; boards smaller than 8x8 are cut out of 8x8 with the
condition Hole. Leapers Popeye has no walk code for, boards larger than 8x8 or
of other dimensions, fixed final squares and tours cannot be exported: the
reason is printed instead (exit code 1).
`;

function exportedOrFail(io: PopeyeIo, r: PopeyeResult): number {
  if (r.ok) {
    io.stdout(r.input);
    return 0;
  }
  io.stderr(`cannot export to Popeye: ${r.reason.en}\n`);
  return 1;
}

/** The Popeye export of record `id` in a records file of the leaper, hopper or locust family (by its "family"); null when the id is not there. */
function recordExport(path: string, text: string, id: string): PopeyeResult | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(`${path} is not valid JSON: ${errorMessage(e)}`);
  }
  const family = json !== null && typeof json === "object" ? (json as { family?: unknown }).family : undefined;
  if (family === "hopper") {
    const parsed = HopperRecordFile.safeParse(json);
    if (!parsed.success) throw new CliError(`${path}: ${firstIssue(parsed.error) ?? "not a hopper records file"}`);
    const r = parsed.data.records.find((x) => x.id === id);
    return r ? popeyeForHopperRecord(r) : null;
  }
  if (family === "locust") {
    const parsed = LocustRecordFile.safeParse(json);
    if (!parsed.success) throw new CliError(`${path}: ${firstIssue(parsed.error) ?? "not a locust records file"}`);
    const r = parsed.data.records.find((x) => x.id === id);
    return r ? popeyeForLocustRecord(r) : null;
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`${path}: ${firstIssue(parsed.error) ?? "not a records file"}`);
  const r = parsed.data.records.find((x) => x.id === id);
  return r ? popeyeForLeaperRecord(r) : null;
}

export function runPopeye(args: string[], io: PopeyeIo): number {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        popeye: { type: "boolean" },
        record: { type: "string" },
        data: { type: "string" },
        piece: { type: "string" },
        board: { type: "string" },
        start: { type: "string" },
        men: { type: "string" },
        end: { type: "string" },
        closed: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new CliError(`${errorMessage(e).replace(/\.\s*$/, "")} (see --popeye --help)`);
  }
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const position = ["piece", "board", "start", "men", "end", "closed"].filter((k) => values[k] !== undefined);
  if (values.record !== undefined) {
    if (position.length) throw new CliError(`--record takes the whole position from the record: drop --${position.join(", --")}`);
    const id = values.record as string;
    const given = values.data as string | undefined;
    // Without --data the leaper file is searched first, then the hopper and locust files (when they exist).
    const paths = given !== undefined ? [given] : ["leaper", "hopper", "locust"].map((f) => familyPaths(f).records);
    for (const [i, path] of paths.entries()) {
      const optional = given === undefined && i > 0;
      let text: string;
      try {
        text = io.readFile(path);
      } catch (e) {
        if (optional) continue;
        throw new CliError(`cannot read the records file ${path}: ${readFailure(e)}`);
      }
      const found = recordExport(path, text, id);
      if (found) return exportedOrFail(io, found);
    }
    const where = given ?? "the leaper, hopper and locust records";
    throw new CliError(`no record with id "${id}" in ${where} (atlas solve --list prints every id)`);
  }
  if (values.piece === undefined) throw new CliError("give a record with --record ID, or the piece with --piece (see --popeye --help)");
  if (values.start === undefined) throw new CliError("give the start square with --start (e.g. --start b1)");
  if (values.men === undefined) throw new CliError("give the men with --men (e.g. --men e3,h1,f4)");
  try {
    const piece = parseLeaper(values.piece as string);
    const board = parseBoard((values.board as string | undefined) ?? "8x8");
    // Names are read and written back so that "E3" or "522" come out as the board names them.
    const name = (s: string) => squareName(board, parseSquare(board, s));
    const men = listOption("men", values.men as string).map(name);
    return exportedOrFail(
      io,
      popeyeLeaperCapture({
        leap: piece.leap,
        board: [...board.dims],
        start: name(values.start as string),
        men,
        end: values.end !== undefined ? name(values.end as string) : undefined,
        closed: values.closed === true,
        remarks: [`sd=${men.length} ${piece.name} ${name(values.start as string)} (1+${men.length})`],
      }),
    );
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(errorMessage(e));
  }
}
