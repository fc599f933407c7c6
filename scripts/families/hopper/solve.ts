/**
 * `solve` for hoppers over fixed hurdles (dummy pawns): the SerienZiel
 * stipulation "ser-z SQUARE" (reach the square in the fewest series moves).
 * Prints the distance, the exact number of shortest paths and, when there
 * are at most --limit of them (default 10, --all for every one), the paths in
 * the booklet's notation; --json prints one object. Without --stipulation it
 * reports the position's record: the longest shortest path and the longest
 * unique one (the hopper family's table values).
 *
 *   atlas solve --piece grasshopper --hurdles d4,e5 --start a1 --stipulation "ser-z e4"
 */
import type { Board, Square } from "../../../solvers/types.ts";
import { BoardError, makeBoard, parseBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { type Hopper, parseHopper } from "../../../solvers/pieces/hopper.ts";
import { exactPathCounts, type Hop, makeScratch, occupancy, reachSummary, shortestPaths } from "../../../solvers/hopper/serienziel.ts";
import { CliError } from "../../lib/cli.ts";

export interface HopperSolveArgs {
  piece: string;
  board?: string;
  start?: string;
  hurdles?: string;
  stipulation?: string;
  limit?: number;
  all?: boolean;
  json?: boolean;
}

function square(board: Board, name: string, what: string): Square {
  try {
    return parseSquare(board, name);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`${what}: ${e.message}`);
    throw e;
  }
}

function hopText(board: Board, h: Hopper, hops: readonly Hop[]): string {
  return hops.map((hp, i) => `${i + 1}.${h.symbol}${squareName(board, hp.to)}`).join(" ");
}

/** Run the hopper solve; returns the exit code. Output through `out`. */
export function solveHopper(a: HopperSolveArgs, out: (s: string) => void): number {
  let h: Hopper;
  try {
    h = parseHopper(a.piece);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  let board: Board;
  try {
    board = a.board ? parseBoard(a.board) : makeBoard([8, 8]);
  } catch (e) {
    if (e instanceof BoardError) throw new CliError(`board: ${e.message}`);
    throw e;
  }
  if (board.size > 64 * 64) throw new CliError(`refusing board ${board.dims.join("x")}: hopper positions are limited to 4096 squares`);
  if (a.start === undefined) throw new CliError("give the hopper's square with --start (e.g. --start a1)");
  if (a.hurdles === undefined) throw new CliError("give the hurdles (dummy pawns) with --hurdles (e.g. --hurdles d4,e5)");
  const start = square(board, a.start, "start");
  const hurdles: Square[] = [];
  for (const name of squareListOption("hurdles", a.hurdles)) {
    const s = square(board, name, "hurdle");
    if (s === start) throw new CliError(`hurdle ${name} stands on the hopper's square`);
    if (hurdles.includes(s)) throw new CliError(`hurdle ${name} is given twice`);
    hurdles.push(s);
  }
  const rays = h.rays(board);
  const occ = occupancy(board, hurdles);
  const limit = a.all ? Infinity : (a.limit ?? 10);
  const heading = `${h.name} ${squareName(board, start)}, ${hurdles.length} dummy pawn${hurdles.length === 1 ? "" : "s"} (${
    hurdles.map((s) => squareName(board, s)).join(", ")
  }) on ${board.dims.join("x")}`;

  if (a.stipulation === undefined) {
    const r = reachSummary(rays, start, occ, makeScratch(rays));
    const ans = {
      longest: r.longest,
      longestTarget: squareName(board, r.longestTarget),
      dualFree: r.dualFree,
      dualFreeTarget: squareName(board, r.dualFreeTarget),
      reached: r.reached,
    };
    if (a.json) out(JSON.stringify(ans) + "\n");
    else {
      out(heading + "\n");
      out(
        `longest shortest path: ${ans.longest} (to ${ans.longestTarget}); longest unique shortest path: ${ans.dualFree} (to ${ans.dualFreeTarget}); squares reached: ${ans.reached}\n`,
      );
    }
    return 0;
  }
  const m = /^\s*ser-?z\s+(\S+)\s*$/i.exec(a.stipulation);
  if (!m) {
    throw new CliError(
      `unknown stipulation "${a.stipulation}" for a hopper: use "ser-z SQUARE" (reach the square in the fewest series moves)`,
    );
  }
  const target = square(board, m[1], "target");
  if (occ[target]) throw new CliError(`the target ${m[1]} holds a hurdle`);
  const { dist, count } = exactPathCounts(rays, start, occ);
  const paths = dist[target] >= 0 ? shortestPaths(rays, start, occ, target, Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER) : [];
  const shown = paths.length;
  if (a.json) {
    out(
      JSON.stringify({
        reachable: dist[target] >= 0,
        distance: dist[target] >= 0 ? dist[target] : null,
        solutions: count[target].toString(),
        unique: count[target] === 1n,
        paths: paths.map((p) => p.map((hp) => ({ to: squareName(board, hp.to), hurdle: squareName(board, hp.hurdle) }))),
        complete: BigInt(shown) === count[target],
      }) + "\n",
    );
    return 0;
  }
  out(`${heading}\nser-z ${squareName(board, target)}: `);
  if (dist[target] < 0) {
    out("the target cannot be reached\n");
    return 0;
  }
  out(
    `${dist[target]} move${dist[target] === 1 ? "" : "s"}, ${count[target]} shortest path${count[target] === 1n ? "" : "s"}${
      count[target] === 1n ? " (unique: a correct SerienZiel problem)" : ""
    }\n`,
  );
  paths.forEach((p, i) => out(`${String(i + 1).padStart(3)}) ${hopText(board, h, p)}\n`));
  if (BigInt(shown) < count[target]) out(`     … ${count[target] - BigInt(shown)} more (--all prints every one)\n`);
  return 0;
}

import { intOption, parseArgs, squareListOption } from "../../lib/options.ts";
import { errorMessage } from "../../lib/cli.ts";

const HOPPER_HELP = `atlas solve --piece HOPPER — a hopper over dummy pawns (SerienZiel)

  --piece P         grasshopper, rookhopper, bishophopper or nightriderhopper
  --board B         default 8x8 (more dimensions allowed: 4x4x4, squares 123)
  --start S         the hopper's square
  --hurdles LIST    the dummy pawns, comma separated
  --stipulation T   "ser-z SQUARE": fewest series moves to reach SQUARE; prints
                    the distance, the exact number of shortest paths and the
                    paths (up to --limit, default 10; --all for every one).
                    Without it: the position's longest shortest path and
                    longest unique one (the record values).
  --json            one JSON object
`;

export function runHopper(args: string[], io: { stdout(s: string): void }): number {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        piece: { type: "string" },
        board: { type: "string" },
        start: { type: "string" },
        hurdles: { type: "string" },
        stipulation: { type: "string" },
        limit: { type: "string" },
        all: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new CliError(`${errorMessage(e).replace(/\.\s*$/, "")} (see --piece grasshopper --help)`);
  }
  if (values.help) {
    io.stdout(HOPPER_HELP);
    return 0;
  }
  const limit = intOption("limit", values.limit, { min: 1 });
  if (values.piece === undefined) throw new CliError("give the hopper with --piece (e.g. --piece grasshopper)");
  return solveHopper({ ...values, piece: values.piece, limit }, (s) => io.stdout(s));
}
