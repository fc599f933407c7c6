/**
 * The domination command, for `atlas solve`:
 *
 *   --dominate PIECE --board 8x8 [--kind dominating|independent|total|connected] [--count] [--json] [--max-nodes N]
 *
 * PIECE: queen, rook, bishop, king, knight. Prints gamma, a minimum set as a
 * diagram (the piece letter on the pieces, '+' on attacked squares, '.'
 * elsewhere; boards of 3+ dimensions layer by layer) and, with --count, the
 * number of minimum sets and of classes up to the board's symmetries. --json
 * prints {gamma, witness, count?, classes?, seconds, nodes} instead.
 * Attacks are taken on the empty board (blocking ignored).
 *
 * Exit codes: 0 answered (also "no such set exists"); 2 bad input or a board
 * refused as too big for an exhaustive run; 1 the node budget ran out.
 */
import { intOption, parseArgs } from "../../lib/options.ts";
import { errorMessage } from "../../lib/errors.ts";
import { boardName, parseBoard } from "../../../solvers/board/board.ts";
import { squareName } from "../../../solvers/board/squares.ts";
import type { Board } from "../../../solvers/types.ts";
import { buildDominationGraph } from "../../../solvers/domination/graph.ts";
import { MAX_SQUARES_DOMINATION } from "../../../solvers/domination/bitset.ts";
import { dominationPiece, parseDominationPiece, PIECE_LETTER } from "../../../solvers/domination/pieces.ts";
import { solveDomination } from "../../../solvers/domination/solve.ts";
import { dominationDiagram } from "../../../solvers/domination/diagram.ts";
import { DOMINATION_KINDS, type DominationKind, isDominationKind, KIND_DEFINITIONS } from "../../../solvers/domination/types.ts";
import { rookDominatingPlacements } from "../../../solvers/domination/formulas.ts";

export interface DominateIo {
  stdout(s: string): void;
  stderr(s: string): void;
}

/** Default node budget per search run: minutes on one core. */
export const DEFAULT_MAX_NODES = 500_000_000;

/** Counting stops being an enumeration one can wait for beyond this many sets. */
const MAX_ENUMERATED_SETS = 100_000_000n;

const USAGE =
  "usage: --dominate queen|rook|bishop|king|knight --board 8x8 [--kind dominating|independent|total|connected] [--count] [--json] [--max-nodes N]";

export function runDominate(args: string[], io: DominateIo): number {
  const err = (m: string, code = 2) => {
    io.stderr(`error: ${m.replace(/\s*\n\s*/g, "; ")}\n`);
    return code;
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        dominate: { type: "string" },
        board: { type: "string" },
        kind: { type: "string" },
        count: { type: "boolean" },
        json: { type: "boolean" },
        "max-nodes": { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    return err(`${(e as Error).message.split("\n")[0]} (${USAGE})`);
  }
  if (values.help) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  if (typeof values.dominate !== "string") return err(`--dominate PIECE is required (${USAGE})`);
  if (typeof values.board !== "string") return err(`--board is required, e.g. --board 8x8 (${USAGE})`);
  let pieceName;
  try {
    pieceName = parseDominationPiece(values.dominate);
  } catch (e) {
    return err((e as Error).message);
  }
  let board: Board;
  try {
    board = parseBoard(values.board);
  } catch (e) {
    return err((e as Error).message);
  }
  const kindText = typeof values.kind === "string" ? values.kind.trim().toLowerCase() : "dominating";
  if (!isDominationKind(kindText)) return err(`unknown kind "${values.kind}": expected one of ${DOMINATION_KINDS.join(", ")}`);
  const kind: DominationKind = kindText;
  let maxNodes = DEFAULT_MAX_NODES;
  try {
    maxNodes = intOption("max-nodes", values["max-nodes"] as string | undefined, { min: 1 }) ?? DEFAULT_MAX_NODES;
  } catch (e) {
    return err(errorMessage(e));
  }
  const counting = values.count === true;

  // Refusals before any search.
  if (board.size > MAX_SQUARES_DOMINATION) {
    return err(
      `board ${
        boardName(board)
      } has ${board.size} squares: too big for an exhaustive run (the search keeps square sets of at most ${MAX_SQUARES_DOMINATION} squares, 25x25)`,
    );
  }
  if (counting && pieceName === "rook" && board.dims.length === 2 && board.dims[0] === board.dims[1]) {
    const sets = rookDominatingPlacements(board.dims[0]);
    if (sets > MAX_ENUMERATED_SETS) {
      return err(
        `refusing --count for rooks on ${
          boardName(board)
        }: there are 2n^n - n! = ${sets} minimum sets (every row or every column occupied), too many to enumerate`,
      );
    }
  }

  const t0 = performance.now();
  const graph = buildDominationGraph(board, dominationPiece(pieceName));
  let result;
  try {
    result = solveDomination({ board, piece: pieceName, kind, count: counting, maxNodes, graph });
  } catch (e) {
    return err((e as Error).message);
  }
  const seconds = (performance.now() - t0) / 1000;
  const nodes = result.decisionNodes + result.countNodes;
  if (result.status === "undecided") {
    return err(`no answer within the node budget: ${result.reason}; bounds ${result.lower}..${result.upper} (raise --max-nodes)`, 1);
  }
  if (counting && result.count === null && result.status === "solved") {
    return err(`gamma = ${result.gamma}, but the count did not finish: ${result.countNote} (raise --max-nodes)`, 1);
  }
  const names = result.witness ? result.witness.map((s) => squareName(board, s)) : null;
  if (values.json) {
    const out: Record<string, unknown> = {
      piece: pieceName,
      board: boardName(board),
      kind,
      gamma: result.gamma,
      witness: names,
    };
    if (counting) {
      out.count = result.status === "none" ? 0 : result.count;
      out.classes = result.status === "none" ? 0 : result.classes;
    }
    if (result.status === "none") out.reason = result.reason;
    out.seconds = Math.round(seconds * 1000) / 1000;
    out.nodes = nodes;
    io.stdout(JSON.stringify(out) + "\n");
    return 0;
  }
  const lines: string[] = [];
  lines.push(`${pieceName} on ${boardName(board)}, ${kind} (${KIND_DEFINITIONS[kind]})`);
  if (result.status === "none") {
    lines.push(`no such set exists: ${result.reason}`);
    if (counting) lines.push("minimum sets: 0");
  } else {
    const gamma = result.gamma!;
    lines.push(`gamma = ${gamma}: ${gamma - 1} never suffice (exhaustive search, ${result.impossibilityNodes} nodes)`);
    lines.push(`witness: ${names!.join(" ")}`);
    lines.push(dominationDiagram(graph, result.witness!, PIECE_LETTER[pieceName]));
    if (counting) {
      lines.push(
        `minimum sets: ${result.count}; up to the board's ${result.symmetryCount} symmetries: ${
          result.classes ?? "not computed (" + result.countNote + ")"
        }`,
      );
    }
  }
  lines.push(`nodes: ${nodes}, seconds: ${seconds.toFixed(3)}`);
  io.stdout(lines.join("\n") + "\n");
  return 0;
}
