/**
 * Certificates of domination results: plain JSON that says what was computed
 * (piece, board, kind, gamma, a witness, count and classes), how much work the
 * proof took (nodes of the exhaustive "gamma-1 never suffices" run and of the
 * count run), with which code and how long. verifyCertificate re-checks what
 * can be re-checked cheaply and independently of the search: the witness is
 * recomputed square by square from the piece's moves (no bitsets), its size
 * must be gamma, and the fields must agree with each other.
 */
import type { Board, Square } from "../types.ts";
import { BoardError, makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import { symmetries } from "../board/symmetry.ts";
import type { DominationResult } from "./solve.ts";
import { DOMINATION_KINDS, type DominationKind, KIND_DEFINITIONS } from "./types.ts";
import { DOMINATION_PIECES, dominationPiece, type DominationPieceName } from "./pieces.ts";
import { roundTo } from "../lib/stats.ts";

export const CERTIFICATE_FORMAT = "domination-certificate/1";

export const SEARCH_METHOD =
  "exact branch and bound: branch on the first unserved square over the squares serving it, ban earlier siblings (each set once), " +
  "gain (for connected sets capped by what a piece joining next to another can add), packing and rook-line bounds; root symmetry breaking in decision runs only; components solved separately";

export interface DominationCertificate {
  format: typeof CERTIFICATE_FORMAT;
  piece: DominationPieceName;
  board: number[];
  kind: DominationKind;
  definition: string;
  status: "solved" | "none" | "undecided";
  reason: string | null;
  gamma: number | null;
  /** A minimum set, square names ascending by index. */
  witness: string[] | null;
  /** The exhaustive run with gamma-1 pieces (summed over components): finds nothing. */
  impossibility: { limit: number; nodes: number; seconds: number; exhaustive: true } | null;
  /** Nodes of every decision run (witness searches included). */
  decisionNodes: number;
  /** Per component of the attack graph: its size and gamma. */
  components: { squares: number; gamma: number | null; count: number | null }[];
  count: {
    value: number | null;
    classes: number | null;
    nodes: number;
    seconds: number;
    /** Order of the symmetry group the classes are taken under. */
    symmetries: number;
    note: string | null;
  } | null;
  method: string;
  codeVersion: string;
  seconds: number;
}

export function makeCertificate(result: DominationResult, board: Board, codeVersion: string, counted: boolean): DominationCertificate {
  const solved = result.status === "solved";
  return {
    format: CERTIFICATE_FORMAT,
    piece: result.piece,
    board: [...result.board],
    kind: result.kind,
    definition: KIND_DEFINITIONS[result.kind],
    status: result.status,
    reason: result.reason,
    gamma: result.gamma,
    // Only a solved cell has a minimum set; an undecided one keeps just its bounds.
    witness: solved && result.witness ? result.witness.map((s) => squareName(board, s)) : null,
    impossibility: solved
      ? { limit: result.gamma! - 1, nodes: result.impossibilityNodes, seconds: round(result.impossibilitySeconds), exhaustive: true }
      : null,
    decisionNodes: result.decisionNodes,
    components: result.components.map((c) => ({ squares: c.squares, gamma: c.gamma, count: c.count })),
    count: counted
      ? {
        value: result.count,
        classes: result.classes,
        nodes: result.countNodes,
        seconds: round(result.countSeconds),
        symmetries: result.symmetryCount,
        note: result.countNote,
      }
      : null,
    method: SEARCH_METHOD,
    codeVersion,
    seconds: round(result.seconds),
  };
}

const round = (x: number) => roundTo(x, 4);

export interface CertificateCheck {
  ok: boolean;
  problems: string[];
}

/** Attack test from the piece's own move generation (independent of the bitset masks). */
function attackTable(board: Board, piece: DominationPieceName): Set<number>[] {
  const p = dominationPiece(piece);
  const out: Set<number>[] = [];
  for (let s = 0; s < board.size; s++) out.push(new Set(p.destinations(board, s).filter((t) => t !== s)));
  return out;
}

function connectedSets(members: readonly Square[], att: readonly Set<number>[]): boolean {
  if (members.length <= 1) return true;
  const inSet = new Set(members);
  const seen = new Set<number>([members[0]]);
  const stack = [members[0]];
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (const b of att[a]) {
      if (inSet.has(b) && !seen.has(b)) {
        seen.add(b);
        stack.push(b);
      }
    }
  }
  return seen.size === members.length;
}

export function verifyCertificate(cert: DominationCertificate): CertificateCheck {
  const problems: string[] = [];
  const bad = (m: string) => problems.push(m);
  if (cert.format !== CERTIFICATE_FORMAT) bad(`format is "${cert.format}", expected ${CERTIFICATE_FORMAT}`);
  if (!DOMINATION_PIECES.includes(cert.piece)) bad(`unknown piece ${cert.piece}`);
  if (!DOMINATION_KINDS.includes(cert.kind)) bad(`unknown kind ${cert.kind}`);
  let board: Board | null = null;
  try {
    board = makeBoard(cert.board);
  } catch (e) {
    bad(`board ${JSON.stringify(cert.board)}: ${(e as BoardError).message}`);
  }
  if (problems.length > 0 || board === null) return { ok: false, problems };
  if (cert.definition !== KIND_DEFINITIONS[cert.kind]) bad("definition text does not match the kind");
  const att = attackTable(board, cert.piece);
  const total = cert.kind === "total";

  if (cert.status === "solved") {
    if (cert.gamma === null || !Number.isInteger(cert.gamma) || cert.gamma < 1) bad(`gamma ${cert.gamma} is not a positive integer`);
    if (cert.witness === null) bad("solved but no witness");
    if (cert.witness !== null && cert.gamma !== null) {
      let squares: Square[] = [];
      try {
        squares = cert.witness.map((n) => parseSquare(board!, n));
      } catch (e) {
        bad(`witness: ${(e as Error).message}`);
      }
      if (new Set(squares).size !== squares.length) bad("witness repeats a square");
      if (squares.length !== cert.gamma) bad(`witness has ${squares.length} squares, gamma is ${cert.gamma}`);
      const served = new Uint8Array(board.size);
      for (const s of squares) {
        if (!total) served[s] = 1;
        for (const t of att[s]) served[t] = 1;
      }
      const missing: string[] = [];
      for (let s = 0; s < board.size; s++) if (!served[s]) missing.push(squareName(board, s));
      if (missing.length > 0) {
        bad(`witness does not ${total ? "attack" : "dominate"} ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", .." : ""}`);
      }
      if (cert.kind === "independent") {
        for (const a of squares) {
          for (const b of squares) {
            if (a !== b && att[a].has(b)) bad(`witness is not independent: ${squareName(board, a)} attacks ${squareName(board, b)}`);
          }
        }
      }
      if (cert.kind === "connected" && !connectedSets(squares, att)) bad("witness pieces are not connected by attacks");
    }
    if (cert.impossibility === null) bad("solved without the gamma-1 run");
    else {
      if (cert.gamma !== null && cert.impossibility.limit !== cert.gamma - 1) {
        bad(`impossibility run has limit ${cert.impossibility.limit}, expected gamma-1 = ${cert.gamma - 1}`);
      }
      if (cert.impossibility.exhaustive !== true) bad("impossibility run not exhaustive");
      if (!(cert.impossibility.nodes >= 1)) bad("impossibility run has no nodes");
    }
    const compSum = cert.components.reduce((a, c) => a + (c.gamma ?? NaN), 0);
    if (cert.components.length > 0 && compSum !== cert.gamma) bad(`component gammas add up to ${compSum}, not ${cert.gamma}`);
    const compSquares = cert.components.reduce((a, c) => a + c.squares, 0);
    if (compSquares !== board.size) bad(`components hold ${compSquares} squares, the board ${board.size}`);
  } else if (cert.status === "none") {
    if (cert.gamma !== null || cert.witness !== null) bad("no set exists, yet gamma or witness given");
    if (!cert.reason) bad("no set exists, but no reason given");
    if (total) {
      let isolated = false;
      for (let s = 0; s < board.size; s++) if (att[s].size === 0) isolated = true;
      if (!isolated) bad("total domination said impossible, but every square is attacked from somewhere");
    } else if (cert.kind === "connected") {
      const all = Array.from({ length: board.size }, (_, i) => i);
      if (connectedSets(all, att)) bad("connected domination said impossible, but the attack graph is connected");
    } else {
      bad(`${cert.kind} sets always exist (all squares work), status none is wrong`);
    }
  } else if (cert.status !== "undecided") {
    bad(`unknown status ${cert.status}`);
  }

  if (cert.count !== null) {
    const c = cert.count;
    const group = symmetries(board).length;
    if (c.symmetries !== group) bad(`count says ${c.symmetries} symmetries, the board has ${group}`);
    if (c.value !== null) {
      if (cert.status !== "solved") bad("a count without gamma");
      if (!Number.isSafeInteger(c.value) || c.value < 1) bad(`count ${c.value} is not a positive integer`);
      const product = cert.components.reduce((a, x) => a * (x.count ?? NaN), 1);
      if (cert.components.length > 0 && product !== c.value) bad(`component counts multiply to ${product}, not ${c.value}`);
      if (c.classes !== null) {
        if (!Number.isInteger(c.classes) || c.classes < 1 || c.classes > c.value) bad(`classes ${c.classes} not in 1..count`);
        else if (c.classes * group < c.value) bad(`${c.classes} classes of at most ${group} sets cannot hold ${c.value} sets`);
      }
    } else if (c.classes !== null) bad("classes without a count");
    if (!(c.nodes >= 0)) bad("count nodes missing");
  }
  if (typeof cert.codeVersion !== "string" || cert.codeVersion.length === 0) bad("code version missing");
  if (!(cert.seconds >= 0)) bad("seconds missing");
  return { ok: problems.length === 0, problems };
}
