/**
 * Tours and move listings for `atlas solve`:
 *
 *   --tour --piece knight --board 50x50 [--closed] [--method auto|divide|warnsdorff|backtrack|rotation|neural]
 *          [--start a1] [--seed N] [--max-nodes N] [--json]
 *   --king-tour --board 6x6 [--json]          geometrically longest closed king tour
 *   --moves --piece pawn|king|queen|rook|bishop|LEAPER --board 8x8x8 --from 522 [--black]
 *
 * --tour prints the theorem's verdict (which theorem decides existence), then
 * the tour: a numbered diagram (0 = first square) on boards up to 16x16, the
 * square list otherwise; --json prints {exists, theorem, reason, method,
 * tour, seconds, closed}. Exit codes: 0 answered (also "no tour exists"),
 * 2 bad input, 1 the method gave up.
 */
import { intOption, parseArgs } from "../../lib/options.ts";
import { CliError } from "../../lib/cli.ts";
import { BoardError, boardName, parseBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { parseLeaper, PieceError } from "../../../solvers/pieces/leaper.ts";
import { king, rider, type RiderKind } from "../../../solvers/pieces/rider.ts";
import { pawnMoves } from "../../../solvers/pieces/pawn.ts";
import { diagramText } from "../../../solvers/diagram-text.ts";
import { findTour, TOUR_METHODS, type TourMethod } from "../../../solvers/tour/finder.ts";
import { TourError } from "../../../solvers/tour/divide.ts";
import { kingTourLength, longestKingTour } from "../../../solvers/tour/king.ts";

export interface TourIo {
  stdout(s: string): void;
  stderr(s: string): void;
}

const USAGE =
  "usage: --tour --piece knight --board 8x8 [--closed] [--method auto|divide|warnsdorff|backtrack|rotation|neural] [--start a1] [--json]";
/** Boards beyond this side print the square list instead of a diagram. */
const DIAGRAM_SIDE = 16;

export function runTour(args: string[], io: TourIo): number {
  const err = (m: string, code = 2) => {
    io.stderr(`error: ${m.replace(/\s*\n\s*/g, "; ")}\n`);
    return code;
  };
  let v: Record<string, string | boolean | undefined>;
  try {
    v = parseArgs({
      args,
      options: {
        tour: { type: "boolean" },
        "king-tour": { type: "boolean" },
        moves: { type: "boolean" },
        piece: { type: "string" },
        board: { type: "string" },
        closed: { type: "boolean" },
        method: { type: "string" },
        start: { type: "string" },
        from: { type: "string" },
        black: { type: "boolean" },
        seed: { type: "string" },
        "max-nodes": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    }).values;
  } catch (e) {
    return err(`${(e as Error).message}; ${USAGE}`);
  }
  if (v.help) {
    io.stdout(
      USAGE +
        "\n       --king-tour --board 6x6 [--json]\n       --moves --piece pawn|king|queen|rook|bishop|LEAPER --board 8x8x8 --from 522 [--black]\n",
    );
    return 0;
  }
  try {
    const board = parseBoard(String(v.board ?? "8x8"));
    if (v.moves) return listMoves(io, board, v);
    if (v["king-tour"]) return kingTour(io, board, v);
    const piece = parseLeaper(String(v.piece ?? "knight"));
    const method = String(v.method ?? "auto") as TourMethod;
    if (!TOUR_METHODS.includes(method)) return err(`unknown method "${v.method}": expected ${TOUR_METHODS.join(", ")}`);
    const num = (name: string) => intOption(name, v[name] === undefined ? undefined : String(v[name]), { min: 0 });
    // No limit of its own: the board rule (solvers/board/board.ts, at most 4096 a side and 2^22 squares) holds for tours too.
    if (method !== "divide" && method !== "auto" && board.size > 250_000 && method !== "warnsdorff") {
      return err(`the ${method} method is for boards up to 250,000 squares; use --method divide or warnsdorff`);
    }
    const start = v.start !== undefined ? parseSquare(board, String(v.start)) : undefined;
    const closed = v.closed === true;
    const t0 = performance.now();
    const r = findTour({ board, leap: piece.leap, closed, method, start, seed: num("seed"), maxNodes: num("max-nodes") });
    const seconds = (performance.now() - t0) / 1000;
    const names = r.tour ? Array.from(r.tour, (s) => squareName(board, s)) : null;
    if (v.json) {
      io.stdout(
        JSON.stringify({
          piece: piece.leap,
          board: board.dims,
          closed,
          exists: r.tour ? true : r.verdict.exists,
          theorem: r.verdict.theorem,
          reason: r.verdict.reason,
          citation: r.verdict.citation,
          method: r.method,
          tour: names,
          note: r.note,
          seconds: +seconds.toFixed(4),
        }) + "\n",
      );
    } else {
      const kind = closed ? "closed" : "open";
      io.stdout(`${piece.name} ${piece.leap.join(",")}, ${kind} tour on ${boardName(board)}\n`);
      const verdict = r.verdict.exists === null ? "undecided by theory" : r.verdict.exists ? "exists" : "does not exist";
      io.stdout(`theorem: ${r.verdict.theorem === "none" ? "none applies" : r.verdict.theorem} — ${verdict} (${r.verdict.reason})\n`);
      if (r.verdict.citation) io.stdout(`  ${r.verdict.citation}\n`);
      if (r.tour && names) {
        io.stdout(`method: ${r.method}, ${seconds.toFixed(3)} s\n`);
        if (board.dims.every((d) => d <= DIAGRAM_SIDE)) io.stdout(diagramText(board, Array.from(r.tour)) + "\n");
        else io.stdout(names.join(" ") + "\n");
      } else if (r.verdict.exists !== false) {
        io.stdout(`no tour found: ${r.note ?? "the method gave up"}\n`);
        return r.exhaustive ? 0 : 1;
      }
    }
    return r.tour || r.verdict.exists === false || r.exhaustive ? 0 : 1;
  } catch (e) {
    if (e instanceof BoardError || e instanceof PieceError || e instanceof TourError || e instanceof CliError) return err(e.message);
    return err(`unexpected failure: ${(e as Error).message}`, 1);
  }
}

function kingTour(io: TourIo, board: ReturnType<typeof parseBoard>, v: Record<string, unknown>): number {
  const n = board.dims[0];
  if (board.dims.length !== 2 || board.dims[1] !== n) throw new BoardError("--king-tour needs a square 2-D board, e.g. 6x6");
  if (n > 6) throw new BoardError("--king-tour searches exhaustively up to 6x6 only (7x7 and 8x8 take hours)");
  const t0 = performance.now();
  const r = longestKingTour(n);
  const seconds = (performance.now() - t0) / 1000;
  const names = r.tour ? Array.from(r.tour, (s) => squareName(board, s)) : null;
  if (v.json) {
    io.stdout(
      JSON.stringify({
        board: board.dims,
        orthogonal: r.orthogonal,
        length: r.orthogonal === null ? null : kingTourLength(n, r.orthogonal),
        longest: r.exhaustiveBelow,
        tour: names,
        seconds,
      }) + "\n",
    );
    return 0;
  }
  if (!r.tour || r.orthogonal === null) {
    io.stdout(`no closed king tour on ${n}x${n}\n`);
    return 0;
  }
  io.stdout(
    `longest closed king tour on ${n}x${n}: ${r.orthogonal} orthogonal + ${n * n - r.orthogonal} diagonal steps, length ${
      kingTourLength(n, r.orthogonal).toFixed(3)
    }${r.exhaustiveBelow ? " (longest: fewer orthogonal steps searched exhaustively)" : ""}\n`,
  );
  io.stdout(diagramText(board, Array.from(r.tour)) + "\n");
  return 0;
}

function listMoves(io: TourIo, board: ReturnType<typeof parseBoard>, v: Record<string, unknown>): number {
  if (v.from === undefined) throw new BoardError("--moves needs --from SQUARE");
  const from = parseSquare(board, String(v.from));
  const name = String(v.piece ?? "knight").toLowerCase();
  const fromName = squareName(board, from);
  const numeric = board.dims.length > 2;
  const fmt = (to: number) => numeric ? fromName + squareName(board, to) : squareName(board, to);
  if (name === "pawn") {
    const m = pawnMoves(board, from, v.black ? "black" : "white");
    io.stdout(
      `${v.black ? "black" : "white"} pawn on ${fromName}: moves ${m.moves.map(fmt).join(" ") || "-"}; captures ${
        m.captures.map(fmt).join(" ") || "-"
      }\n`,
    );
    return 0;
  }
  const piece = name === "king" ? king() : ["queen", "rook", "bishop"].includes(name) ? rider(name as RiderKind) : parseLeaper(name);
  const dest = piece.destinations(board, from);
  io.stdout(`${piece.name} on ${fromName}: ${dest.length} moves\n${dest.map(fmt).join(" ")}\n`);
  return 0;
}
