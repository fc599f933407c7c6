/**
 * atlas solve — count the solutions of a leaper capture problem (the
 * booklet's sd=n: one leaper, men on some squares, capture them all), print
 * them in the booklet's notation, or answer thousands of positions as JSON lines.
 * Run with --help for every option. The logic is runLeaperSolve(), which tests call
 * in-process with their own I/O.
 */
import { intOption, parseArgs, squareListOption } from "../../lib/options.ts";
import type { Board, Square } from "../../../solvers/types.ts";
import { BoardError, makeBoard, parseBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { type Leaper, parseLeaper, PieceError } from "../../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES } from "../../../solvers/pieces/names.ts";
import { moveGraph } from "../../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../../solvers/hamiltonian/engine.ts";
import type { AtlasRecord } from "../../../solvers/leaper/schema.ts";
import { formatCaptures, problemHeading } from "../../../solvers/notation.ts";
import { diagramText } from "../../../solvers/diagram-text.ts";
import { CliError, errorMessage, firstIssue, readFailure } from "../../lib/errors.ts";

/**
 * The record and batch schemas (zod, and the paths module) are loaded only for
 * --record, --list and --batch: zod alone costs more start-up time than a small
 * solve may take. scripts/commands/solve.ts calls loadRecordSupport() first
 * when the arguments ask for one of them.
 */
let support: typeof import("./lib/solve-records.ts") | undefined;
export async function loadRecordSupport(): Promise<void> {
  support ??= await import("./lib/solve-records.ts");
}
function records(): typeof import("./lib/solve-records.ts") {
  if (!support) throw new Error("record support was not loaded (scripts/commands/solve.ts loads it for --record, --list and --batch)");
  return support;
}

/**
 * Refusals. The search is exponential in the number of men: the largest
 * published dual-free positions have about 60, and a count over more than 200
 * would not finish in any useful time (it would only look hung). Boards beyond
 * 64x64 (4096 squares) concern no record, and every position of a batch
 * allocates arrays over the whole board, so absurd boards are refused too.
 */
export const MAX_MEN = 200;
export const MAX_SIDE_WITH_MEN = 64;
export const MAX_SQUARES_WITH_MEN = 64 * 64;
/** Solutions printed without --all. */
export const DEFAULT_SHOWN = 10;

import type { SolveIO } from "../../commands/solve.ts";
export type { SolveIO };

/** A checked position: vertex 0 of its graph is the start, vertex i the i-th man. */
export interface Position {
  board: Board;
  piece: Leaper;
  start: Square;
  men: Square[];
  end?: Square;
  closed: boolean;
}

export interface PositionSpec {
  piece: string | readonly number[];
  board: string | readonly number[];
  start: string;
  men: readonly string[];
  end?: string;
  closed?: boolean;
}

/** The JSON answer (--json, and each line of --batch). */
export interface SolveAnswer {
  /** Directed solutions found (closed: directed cycles, a cycle of 3+ squares counts twice). */
  solutions: number;
  /** false: stopped by the limit (or max nodes), so `solutions` is a lower bound. */
  complete: boolean;
  seconds: number;
  /** Square names of the first solution, start first (closed: the return is not repeated). */
  solution: string[] | null;
  nodes: number;
  /** Exactly one solution (closed: one cycle up to direction); null when the search stopped too early to know. */
  unique: boolean | null;
  /** The booklet's one-level test that rejected the position without search, if any. */
  rejectedBy: string | null;
}

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

function square(board: Board, name: string, what: string): Square {
  try {
    return parseSquare(board, name);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`${what}: ${e.message}`);
    throw e;
  }
}

/** Check a position given by names; every problem is a CliError with one line. */
export function checkPosition(spec: PositionSpec): Position {
  let piece: Leaper;
  try {
    piece = parseLeaper(spec.piece);
  } catch (e) {
    if (e instanceof PieceError) throw new CliError(e.message);
    throw e;
  }
  let board: Board;
  try {
    board = typeof spec.board === "string" ? parseBoard(spec.board) : makeBoard(spec.board);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`board: ${e.message}`);
    throw e;
  }
  const name = board.dims.join("x");
  if (board.dims.some((d) => d > MAX_SIDE_WITH_MEN) || board.size > MAX_SQUARES_WITH_MEN) {
    throw new CliError(
      `refusing board ${name}: capture problems are limited to ${MAX_SIDE_WITH_MEN} squares per side and ${MAX_SQUARES_WITH_MEN} squares in all`,
    );
  }
  if (spec.men.length > MAX_MEN) {
    throw new CliError(`refusing ${spec.men.length} men: an exhaustive count over more than ${MAX_MEN} men would not finish`);
  }
  const start = square(board, spec.start, "start");
  const seen = new Map<Square, string>();
  const men = spec.men.map((m) => {
    const sq = square(board, m, "man");
    if (sq === start) throw new CliError(`man ${m} stands on the start square ${spec.start}: the leaper is there`);
    const before = seen.get(sq);
    if (before !== undefined) throw new CliError(`man ${m} is given twice${before !== m ? ` (also as ${before})` : ""}`);
    seen.set(sq, m);
    return sq;
  });
  const closed = spec.closed ?? false;
  let end: Square | undefined;
  if (spec.end !== undefined) {
    if (closed) throw new CliError("--end and --closed exclude each other: a closed solution ends next to the start");
    end = square(board, spec.end, "end");
    if (!seen.has(end)) throw new CliError(`end square ${spec.end} is not one of the men: the last capture happens on a man`);
  }
  return { board, piece, start, men, end, closed };
}

interface SolveRun {
  answer: SolveAnswer;
  /** Solutions kept (vertex orders, start first), at most `keep`. */
  kept: number[][];
}

/**
 * Count the position's solutions: Hamiltonian paths from vertex 0 (the start)
 * in the leaper's graph on start + men. `each` sees every solution as found.
 */
export function solvePosition(
  p: Position,
  opts: { limit?: number; maxNodes?: number; keep?: number; each?: (order: Int32Array) => void } = {},
): SolveRun {
  const squares = [p.start, ...p.men];
  const g = moveGraph(p.board, p.piece, squares);
  const keep = opts.keep ?? 1;
  const kept: number[][] = [];
  const t0 = performance.now();
  const r = countHamiltonianPaths(g, {
    start: 0,
    end: p.end === undefined ? undefined : 1 + p.men.indexOf(p.end),
    closed: p.closed,
    limit: opts.limit,
    maxNodes: opts.maxNodes,
    onSolution: (order) => {
      if (kept.length < keep) kept.push(Array.from(order));
      opts.each?.(order);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  // A closed cycle through 3+ squares is found once per direction.
  const perCycle = p.closed && squares.length >= 3 ? 2 : 1;
  const unique = r.complete ? r.solutions === perCycle : r.solutions > perCycle ? false : null;
  const first = kept[0];
  return {
    answer: {
      solutions: r.solutions,
      complete: r.complete,
      seconds: Math.round(seconds * 1e6) / 1e6,
      solution: first ? first.map((v) => squareName(p.board, squares[v])) : null,
      nodes: r.nodes,
      unique,
      rejectedBy: r.rejectedBy,
    },
    kept,
  };
}

function readText(io: SolveIO, path: string, what: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new CliError(`cannot read ${what} ${path}: ${readFailure(e)}`);
  }
}

function loadRecords(io: SolveIO, path: string): AtlasRecord[] {
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

function recordSpec(records: AtlasRecord[], id: string, path: string): { spec: PositionSpec; record: AtlasRecord } {
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

function listRecords(io: SolveIO, records: AtlasRecord[]): void {
  const width = Math.max(2, ...records.map((r) => r.id.length));
  for (const r of records) {
    const note = r.kind === "open" || r.kind === "access" ? "  (no men: not for --record)" : r.witness ? "" : "  (no witness yet)";
    io.stdout(`${r.id.padEnd(width)}  ${r.kind.padEnd(19)} [${r.piece.leap.join(",")}] ${r.board.join("x")} ${r.claim.value}${note}\n`);
  }
}

function runBatch(io: SolveIO, path: string, defaults: { limit?: number; maxNodes?: number }): number {
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
