/**
 * atlas solve — count the solutions of a leaper capture problem (the
 * booklet's sd=n: one leaper, men on some squares, capture them all), print
 * them in the booklet's notation, or answer thousands of positions as JSON lines.
 * Run with --help for every option. The logic is runLeaperSolve(), which tests call
 * in-process with their own I/O.
 */
import { intOption, parseArgs, squareListOption } from "../../lib/options.ts";
import type { Square } from "../../../solvers/types.ts";
import { LEAPER_NAMES } from "../../../solvers/pieces/names.ts";
import { formatCaptures, problemHeading } from "../../../solvers/notation.ts";
import { diagramText } from "../../../solvers/diagram-text.ts";
import { CliError, errorMessage } from "../../lib/errors.ts";
import type { SolveIO } from "../../commands/solve.ts";
import {
  checkPosition,
  MAX_MEN,
  MAX_SIDE_WITH_MEN,
  MAX_SQUARES_WITH_MEN,
  type Position,
  type PositionSpec,
  solvePosition,
} from "./lib/capture-position.ts";
import { listRecords, loadRecords, records, recordSpec, runBatch } from "./lib/solve-inputs.ts";

/** Solutions printed without --all. */
export const DEFAULT_SHOWN = 10;

export type { SolveIO };
// What the registry (scripts/families/index.ts) and the tests import from here.
export { loadRecordSupport } from "./lib/solve-inputs.ts";
export { MAX_MEN } from "./lib/capture-position.ts";

/** Words of `text` in lines of at most `width` characters, each indented by `indent`. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => " ".repeat(indent) + l).join("\n");
}

const HELP = `atlas solve — count the solutions of a leaper capture problem (sd=n)

A leaper stands on the start square; men stand on the given squares. Every move
captures a man, and all men must be captured. The count is exact (every
Hamiltonian path from the start in the graph of start + men), or a lower bound
when --limit stops it. One solution = the position is dual-free (unique).

Usage:
  atlas solve --piece zebra --board 8x8 --start b1 --men e3,h1,f4,...
  atlas solve --record zebra-8x8-sd52-b1 --diagram
  atlas solve --batch positions.jsonl > answers.jsonl
  (the same without the task runner: npx deno run -A scripts/atlas.ts solve --help)

Position:
  --piece P     the leaper: its leap "x,y", e.g. --piece 2,3, or a name:
${wrap(LEAPER_NAMES.map((n) => `${n.aliases[0]} (${n.leap.join(",")})`).join(", "), 16, 80)}
  --board B     board sides joined by x (default 8x8); more dimensions allowed,
                e.g. 4x4x4 (squares then named by 1-based coordinates: 123)
  --start S     the leaper's square, e.g. b1
  --men LIST    the men, comma separated, e.g. e3,h1,f4 (order does not matter)
  --end S       fixed final square: count only solutions ending there (one of the men)
  --closed      count closed solutions: after the last capture the leaper must be
                able to leap back to the start (directed: each cycle of 3+ squares
                is counted once per direction; unique = one cycle)
  --record ID   take the position from a record: its piece, board, witness start
                and witness moves as men (fixed end / closed as the record's kind
                says). Open-tour and access records have no men: nothing to count.
  --data FILE   records file for --record and --list (default data/leaper/records.json)
  --list        list the record ids of the records file and exit

Counting:
  --limit K       stop after K solutions; the count is then "at least K"
  --max-nodes N   stop after N search nodes (count is then a lower bound)

Output:
  (default)     heading, up to ${DEFAULT_SHOWN} solutions in the booklet's notation
                (1.Z:e3 2.Z:h1 ... =), the count, "unique (dual-free)" when there
                is exactly one, the time taken
  --all         print every solution (as they are found)
  --diagram     also print the board with the first solution numbered
                (0 = start, 1.. = capture order)
  --json        print one JSON object instead:
                {"solutions", "complete", "seconds", "solution" (square names of
                the first solution, start first, or null), "nodes", "unique"
                (true/false, or null if the search stopped too early to know),
                "rejectedBy" (the booklet's test that settled 0 without search)}
  --batch FILE  read one position per line as JSON and print one JSON answer per
                line, in order. A line looks like
                  {"piece": [2,3], "board": [8,8], "start": "b1", "men": ["e3","h1"]}
                with optional "end": "h1", "closed": true, "limit": 5,
                "maxNodes": 100000 and "id" (echoed back); "piece" may be a name,
                "board" may be "8x8". Blank lines are skipped. A bad line prints
                {"error": "...", "line": N} and the batch goes on; the exit code
                is then 1. --limit and --max-nodes set defaults for every line.
  -h, --help    this text

Domination (issue 6): fewest pieces that occupy or attack every square
  --dominate P  queen, rook, bishop, king or knight, with --board 8x8; prints
                gamma, a minimum set as a diagram and the proof's node count
  --kind K      dominating (default), independent, total or connected
  --count       also count the minimum sets and their classes up to symmetry
  --json        one object {gamma, witness, count, classes, seconds, nodes}
  (atlas solve --dominate queen --help lists its options)

Hoppers (issue 5): --piece grasshopper --hurdles d4,e5 --start a1
                --stipulation "ser-z e4" (--piece grasshopper --help for more)

Popeye export:
  --popeye      print the position (--record ID or --piece/--start/--men) as
                Popeye input instead of counting (--popeye --help for more)

Limits: at most ${MAX_MEN} men, boards up to ${MAX_SIDE_WITH_MEN} per side and ${MAX_SQUARES_WITH_MEN} squares.
Exit codes: 0 done, 1 some batch lines failed, 2 bad input (one line on stderr).
`;

const OPTIONS = {
  piece: { type: "string" },
  board: { type: "string" },
  start: { type: "string" },
  men: { type: "string" },
  end: { type: "string" },
  closed: { type: "boolean" },
  record: { type: "string" },
  data: { type: "string" },
  list: { type: "boolean" },
  limit: { type: "string" },
  "max-nodes": { type: "string" },
  all: { type: "boolean" },
  diagram: { type: "boolean" },
  json: { type: "boolean" },
  batch: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function humanReport(
  io: SolveIO,
  p: Position,
  opts: { limit?: number; maxNodes?: number; all: boolean; diagram: boolean; title?: string },
): void {
  const { board, piece, start } = p;
  if (opts.title) io.stdout(opts.title + "\n");
  io.stdout(problemHeading(board, piece, start, p.men.length, { end: p.end, closed: p.closed }) + "\n");
  const squares = [start, ...p.men];
  const line = (order: ArrayLike<number>, n: number) => {
    const moves: Square[] = [];
    for (let i = 1; i < order.length; i++) moves.push(squares[order[i]]);
    const text = moves.length > 0 ? formatCaptures(board, piece, start, moves, { closed: p.closed }) : "(no men, no moves)";
    return `${String(n).padStart(3)}) ${text}\n`;
  };
  let printed = 0;
  const { answer: a, kept } = solvePosition(p, {
    limit: opts.limit,
    maxNodes: opts.maxNodes,
    keep: opts.all ? 1 : DEFAULT_SHOWN,
    each: opts.all ? (order) => io.stdout(line(order, ++printed)) : undefined,
  });
  if (!opts.all) { for (const order of kept) io.stdout(line(order, ++printed)); }
  const more = a.solutions - printed;
  if (more > 0) io.stdout(`     … ${a.complete ? "" : "at least "}${more} more (--all prints every solution)\n`);

  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  let count = a.complete ? plural(a.solutions, "solution") : `at least ${plural(a.solutions, "solution")}`;
  if (p.closed && a.solutions > 0 && a.complete) {
    // Directed count: a cycle through 3+ squares is found once per direction, the leap out and back once.
    const cycles = p.men.length >= 2 ? Math.floor(a.solutions / 2) : a.solutions;
    count += p.men.length >= 2 ? ` = ${plural(cycles, "cycle")}, each in both directions` : " (out and back)";
  }
  let verdict = "";
  if (a.unique === true) verdict = p.closed ? ": unique up to direction (dual-free closed)" : ": unique (dual-free)";
  else if (a.complete && a.solutions === 0) {
    verdict = a.rejectedBy ? ` (ruled out before search by the booklet's test ${a.rejectedBy})` : "";
  } else if (a.unique === false) verdict = ": not unique";
  if (!a.complete) {
    const why = opts.limit !== undefined && a.solutions >= opts.limit
      ? `stopped at --limit ${opts.limit}`
      : `stopped after --max-nodes ${opts.maxNodes}`;
    verdict += ` (${why}${a.unique === null ? "; uniqueness not decided" : ""})`;
  }
  io.stdout(count + verdict + "\n");
  io.stdout(`time ${(a.seconds * 1000).toFixed(1)} ms, ${a.nodes} search nodes\n`);
  if (opts.diagram) {
    io.stdout("\n");
    if (kept.length > 0) io.stdout(diagramText(board, kept[0].map((v) => squares[v])));
    else {
      io.stdout("no solution to draw; the position (0 = start, * = men):\n");
      io.stdout(diagramText(board, [start], { others: p.men }));
    }
  }
}

function main(args: string[], io: SolveIO): number {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    throw new CliError(`${errorMessage(e).replace(/\.\s*$/, "")} (see --help)`);
  }
  const v = values as {
    piece?: string;
    board?: string;
    start?: string;
    men?: string;
    end?: string;
    closed?: boolean;
    record?: string;
    data?: string;
    list?: boolean;
    limit?: string;
    "max-nodes"?: string;
    all?: boolean;
    diagram?: boolean;
    json?: boolean;
    batch?: string;
    help?: boolean;
  };
  if (v.help) {
    io.stdout(HELP);
    return 0;
  }
  const limit = intOption("limit", v.limit, { min: 1 });
  const maxNodes = intOption("max-nodes", v["max-nodes"], { min: 1 });
  const positionOptions = (["piece", "board", "start", "men", "end", "closed"] as const).filter((k) => v[k] !== undefined);
  const dataPath = () => v.data ?? records().familyPaths("leaper").records;

  if (v.list) {
    listRecords(io, loadRecords(io, dataPath()));
    return 0;
  }
  if (v.batch !== undefined) {
    const clash = [
      ...positionOptions,
      ...(v.record !== undefined ? ["record"] : []),
      ...(v.all ? ["all"] : []),
      ...(v.diagram ? ["diagram"] : []),
    ];
    if (clash.length) throw new CliError(`--batch reads the positions from its file: drop --${clash.join(", --")}`);
    return runBatch(io, v.batch, { limit, maxNodes });
  }
  if (v.json && (v.all || v.diagram)) throw new CliError("--json prints one JSON object: it cannot be combined with --all or --diagram");

  let spec: PositionSpec;
  let title: string | undefined;
  if (v.record !== undefined) {
    if (positionOptions.length) {
      throw new CliError(`--record takes the whole position from the record: drop --${positionOptions.join(", --")}`);
    }
    const r = recordSpec(loadRecords(io, dataPath()), v.record, dataPath());
    spec = r.spec;
    title = `record ${r.record.id}: ${r.record.kind}, claim ${r.record.claim.value}`;
  } else {
    if (v.piece === undefined) {
      throw new CliError("give the piece with --piece (e.g. --piece zebra), or a record with --record ID (see --help)");
    }
    if (v.start === undefined) throw new CliError("give the start square with --start (e.g. --start b1)");
    if (v.men === undefined) throw new CliError("give the men with --men (e.g. --men e3,h1,f4)");
    spec = { piece: v.piece, board: v.board ?? "8x8", start: v.start, men: squareListOption("men", v.men), end: v.end, closed: v.closed };
  }
  const position = checkPosition(spec);
  if (v.json) {
    const { answer } = solvePosition(position, { limit, maxNodes });
    io.stdout(JSON.stringify(answer) + "\n");
    return 0;
  }
  humanReport(io, position, { limit, maxNodes, all: v.all ?? false, diagram: v.diagram ?? false, title });
  return 0;
}

/** `atlas solve` for leapers (the default kind): returns the exit code; scripts/commands/solve.ts turns a CliError into one line. */
export function runLeaperSolve(args: string[], io: SolveIO): number {
  return main(args, io);
}
