/**
 * `solve` for locusts (booklet part II, chapter 4):
 *
 *   atlas solve --piece locust --start d4 --men c3,e5 --stipulation capture-all [--board 8x8]
 *                   [--closed] [--limit N] [--max-nodes N] [--list N] [--json]
 *
 * Prints the number of complete capture sequences (every move captures, all
 * men taken; --closed: the locust must end on its start square), and lists
 * them when there are at most --list (default 10).
 */
import { intOption, numberOption, parseArgs, squareListOption } from "../../lib/options.ts";
import { parseBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { lineTable, NAMES_FOR_CLI, parseLocustKind } from "../../../solvers/pieces/locust.ts";
import { countCaptureSequences, listCaptureSequences } from "../../../solvers/locust/capture.ts";
import { CliError, errorMessage } from "../../lib/cli.ts";

export function runLocust(args: string[], io: { stdout(s: string): void }): number {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        piece: { type: "string" },
        board: { type: "string", default: "8x8" },
        start: { type: "string" },
        men: { type: "string" },
        stipulation: { type: "string", default: "capture-all" },
        closed: { type: "boolean", default: false },
        limit: { type: "string" },
        "max-nodes": { type: "string", default: "100000000" },
        list: { type: "string", default: "10" },
        json: { type: "boolean", default: false },
      },
    }).values;
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const kind = parseLocustKind(values.piece!);
  if (values.stipulation !== "capture-all") {
    throw new CliError(`locusts know the stipulation capture-all only, got "${values.stipulation}"`);
  }
  if (!values.start) throw new CliError("--start is required (the locust's square)");
  if (!values.men) throw new CliError("--men is required (comma-separated squares of the black men)");
  let board, start, men;
  try {
    board = parseBoard(values.board);
    start = parseSquare(board, values.start);
    men = squareListOption("men", values.men).map((s) => parseSquare(board!, s));
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const listMax = intOption("list", values.list, { min: 0 });
  const limit = intOption("limit", values.limit, { min: 1 });
  const maxNodes = numberOption("max-nodes", values["max-nodes"], { min: 0 });
  const pos = { table: lineTable(board, kind), start, men };
  let res;
  try {
    res = countCaptureSequences(pos, { closed: values.closed, limit, maxNodes });
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const seqs = res.complete && res.count <= listMax ? listCaptureSequences(pos, listMax, values.closed) : [];
  const sym = NAMES_FOR_CLI[kind];
  const text = seqs.map((s) =>
    s.landed.map((l, i) => `${i + 1}.${sym}:${squareName(board!, s.captured[i])}-${squareName(board!, l)}`).join(" ")
  );
  if (values.json) {
    io.stdout(
      JSON.stringify({
        piece: kind,
        board: board.dims,
        start: values.start,
        men: men.map((m) => squareName(board!, m)),
        closed: values.closed,
        count: res.count,
        complete: res.complete,
        nodes: res.nodes,
        sequences: seqs.map((s) => ({
          captured: s.captured.map((c) => squareName(board!, c)),
          landed: s.landed.map((c) => squareName(board!, c)),
        })),
      }) + "\n",
    );
    return 0;
  }
  const exact = res.complete ? "" : " (search stopped early: at least)";
  io.stdout(
    `${kind} ${values.start}, ${men.length} men on ${board.dims.join("x")}: ${res.count} complete capture sequence(s)${
      values.closed ? " returning to the start" : ""
    }${exact}\n`,
  );
  if (res.count === 1 && res.complete) io.stdout("dual-free: the solution is unique\n");
  for (const t of text) io.stdout(t + "\n");
  return 0;
}
