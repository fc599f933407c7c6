/**
 * Checks one domination record (data/domination/table.json) for `verify`.
 * Pure: no I/O, so verify, the tamper tests and the site share it.
 *
 * What is re-done here rather than trusted:
 * - the witness: its squares are parsed and their coverage recomputed from
 *   coordinate differences (a second attack test, independent of the move
 *   generators the search and certificate.ts use): every square occupied or
 *   attacked (total: attacked by another piece, occupied ones included), no
 *   two pieces attacking each other (independent), the pieces' attack graph
 *   connected (connected); and its size must be gamma;
 * - the certificate (certificate.ts verifyCertificate) and its agreement with
 *   the record's own fields (gamma, witness, status, count, classes);
 * - the claims: what solvers/domination/claims.ts says today must be what the
 *   record carries, and agreesWithClaim / countAgreesWithClaim /
 *   classesAgreeWithClaim are recomputed from claim and established values;
 * - optionally the whole cell: cells whose certificate took less than
 *   `rerunBelowSeconds` are solved again (gamma, count and classes compared).
 *
 * Status: "proven-here" when everything agrees and the exhaustive run proving
 * that gamma-1 pieces never suffice finished (or, for "no set exists", when the
 * certificate's reason re-checks); "pending" when the search was cut short;
 * "disputed" when our gamma, count or classes differ from a published value
 * (never so far); "failed" on any error.
 */
import type { Board, Square } from "../types.ts";
import { coordsOf, makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import type { CheckResult } from "../records/common.ts";
import { type DominationCertificate, verifyCertificate } from "./certificate.ts";
import { classesClaim, countClaim, gammaClaim } from "./claims.ts";
import type { DominationRecord, RookPlacementsNote } from "./schema.ts";
import { solveDomination } from "./solve.ts";
import type { DominationPieceName } from "./pieces.ts";
import { type DominationKind, KIND_DEFINITIONS, KIND_ID_PREFIX } from "./types.ts";
import { bruteRookPlacements, formulaRookPlacements, MAX_BRUTE_ROOK_N, ROOK_NOTE_ID } from "./rook-placements.ts";

export interface DominationCheckOptions {
  /** Solve the cell again when its certificate took less than this many seconds (default 0: never). */
  rerunBelowSeconds?: number;
}

function now(): number {
  return globalThis.performance?.now?.() ?? Date.now();
}

/** Does `piece` on square a attack square b (a ≠ b) on the empty board? From coordinate differences only. */
export function attacksByCoordinates(piece: DominationPieceName, a: readonly number[], b: readonly number[]): boolean {
  let nonzero = 0;
  let first = 0;
  let equal = true;
  let largest = 0;
  let ones = 0;
  let twos = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (d === 0) continue;
    nonzero++;
    if (first === 0) first = d;
    else if (d !== first) equal = false;
    largest = Math.max(largest, d);
    if (d === 1) ones++;
    if (d === 2) twos++;
  }
  if (nonzero === 0) return false;
  switch (piece) {
    case "rook":
      return nonzero === 1;
    case "bishop":
      return nonzero >= 2 && equal;
    case "queen":
      return equal;
    case "king":
      return largest === 1;
    case "knight":
      return nonzero === 2 && ones === 1 && twos === 1;
  }
}

/** Problems of a set of pieces as a minimum set of its kind: coverage, independence, connectedness. */
export function witnessProblems(board: Board, piece: DominationPieceName, kind: DominationKind, names: readonly string[]): string[] {
  const problems: string[] = [];
  const squares: Square[] = [];
  for (const name of names) {
    try {
      squares.push(parseSquare(board, name));
    } catch (e) {
      problems.push(`witness square ${name}: ${(e as Error).message}`);
    }
  }
  if (problems.length > 0) return problems;
  if (new Set(squares).size !== squares.length) problems.push("witness repeats a square");
  const coords = squares.map((s) => coordsOf(board, s));
  const missing: string[] = [];
  for (let t = 0; t < board.size; t++) {
    const ct = coordsOf(board, t);
    let served = false;
    for (let i = 0; i < squares.length && !served; i++) {
      if (squares[i] === t) served = kind !== "total";
      else served = attacksByCoordinates(piece, coords[i], ct);
    }
    if (!served) missing.push(squareName(board, t));
  }
  if (missing.length > 0) {
    const verb = kind === "total" ? "attack" : "dominate";
    problems.push(
      `witness does not ${verb} ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? `, .. (${missing.length} squares)` : ""}`,
    );
  }
  if (kind === "independent") {
    for (let i = 0; i < squares.length; i++) {
      for (let j = i + 1; j < squares.length; j++) {
        if (attacksByCoordinates(piece, coords[i], coords[j])) {
          problems.push(`witness not independent: ${names[i]} and ${names[j]} attack each other`);
        }
      }
    }
  }
  if (kind === "connected" && squares.length > 1) {
    const reached = new Uint8Array(squares.length);
    const stack = [0];
    reached[0] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      for (let j = 0; j < squares.length; j++) {
        if (!reached[j] && attacksByCoordinates(piece, coords[i], coords[j])) {
          reached[j] = 1;
          stack.push(j);
        }
      }
    }
    if (reached.includes(0)) problems.push("witness pieces are not connected by attacks");
  }
  return problems;
}

/** JSON equality of plain data (key order ignored, undefined members dropped). */
function sameData(a: unknown, b: unknown): boolean {
  const norm = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(norm);
    if (x !== null && typeof x === "object") {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(x as object).sort()) {
        const v = (x as Record<string, unknown>)[k];
        if (v !== undefined) out[k] = norm(v);
      }
      return out;
    }
    return x;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export function checkDominationRecord(r: DominationRecord, opts: DominationCheckOptions = {}): CheckResult {
  const t0 = now();
  const errors: string[] = [];
  const bad = (m: string) => errors.push(m);
  const e = r.established;
  const cert = e.certificate as DominationCertificate;
  let nodes = 0;
  let board: Board | null = null;
  try {
    board = makeBoard(r.board);
  } catch (err) {
    bad(`board ${JSON.stringify(r.board)}: ${(err as Error).message}`);
  }

  const expectedId = `${KIND_ID_PREFIX[r.kind]}-${r.piece}-${r.board.join("x")}`;
  if (r.id !== expectedId) bad(`id ${r.id} does not match its piece, board and kind (expected ${expectedId})`);
  if (r.definition !== KIND_DEFINITIONS[r.kind]) bad("definition text does not match the kind");

  // The record and its certificate must say the same thing.
  if (cert.piece !== r.piece || cert.kind !== r.kind || !sameData(cert.board, r.board)) {
    bad(`certificate is for ${cert.piece} ${cert.board.join("x")} ${cert.kind}, the record for ${r.piece} ${r.board.join("x")} ${r.kind}`);
  }
  if (cert.status !== e.status) bad(`status ${e.status}, certificate ${cert.status}`);
  if (cert.gamma !== e.gamma) bad(`gamma ${e.gamma}, certificate ${cert.gamma}`);
  if (!sameData(cert.witness, r.witness)) bad("witness differs from the certificate's");
  const certCount = cert.count?.value ?? null;
  const certClasses = cert.count?.classes ?? null;
  if (e.count !== certCount) bad(`count ${e.count}, certificate ${certCount}`);
  if (e.classes !== certClasses) bad(`classes ${e.classes}, certificate ${certClasses}`);
  if (e.status === "solved" && (e.lower !== e.gamma || e.upper !== e.gamma)) {
    bad(`solved with bounds ${e.lower}..${e.upper}, gamma ${e.gamma}`);
  }
  if (e.status === "undecided" && e.lower !== null && e.upper !== null && e.lower > e.upper) bad(`bounds ${e.lower}..${e.upper} cross`);
  for (const p of verifyCertificate(cert).problems) bad(`certificate: ${p}`);

  // The witness, recomputed here.
  let legal: boolean | null = null;
  let lengthMatches: boolean | null = null;
  if (board !== null) {
    if (e.status === "solved") {
      if (r.witness === null) {
        bad("solved without a witness");
        legal = false;
      } else {
        const problems = witnessProblems(board, r.piece, r.kind, r.witness);
        errors.push(...problems);
        legal = problems.length === 0;
        lengthMatches = r.witness.length === e.gamma;
        if (!lengthMatches) bad(`witness has ${r.witness.length} pieces, gamma is ${e.gamma}`);
      }
    } else if (r.witness !== null) bad(`status ${e.status} but a witness is given`);
  }

  // Claims: today's claims.ts, and the comparisons recomputed.
  const claim = gammaClaim(r.piece, r.kind, r.board);
  const cClaim = countClaim(r.piece, r.kind, r.board);
  const kClaim = classesClaim(r.piece, r.kind, r.board);
  if (!sameData(r.claim, claim)) bad(`claim ${r.claim?.value ?? "none"} is not the literature's (${claim?.value ?? "none"}, claims.ts)`);
  if (!sameData(r.countClaim, cClaim)) {
    bad(`count claim ${r.countClaim?.value ?? "none"} is not the literature's (${cClaim?.value ?? "none"})`);
  }
  if (!sameData(r.classesClaim, kClaim)) {
    bad(`classes claim ${r.classesClaim?.value ?? "none"} is not the literature's (${kClaim?.value ?? "none"})`);
  }
  const agrees = r.claim === null || e.status === "undecided"
    ? null
    : r.claim.bound === "exact"
    ? e.gamma === r.claim.value
    : e.gamma !== null && e.gamma <= r.claim.value;
  let countAgrees: boolean | null = null;
  if (r.countClaim !== null) {
    if (e.status === "none") countAgrees = r.countClaim.value === 0;
    else if (e.count !== null) countAgrees = e.count === r.countClaim.value;
  }
  const classesAgree = r.classesClaim === null || e.classes === null ? null : e.classes === r.classesClaim.value;
  if (e.agreesWithClaim !== agrees) bad(`agreesWithClaim is ${e.agreesWithClaim}, recomputed ${agrees}`);
  if (e.countAgreesWithClaim !== countAgrees) bad(`countAgreesWithClaim is ${e.countAgreesWithClaim}, recomputed ${countAgrees}`);
  if (e.classesAgreeWithClaim !== classesAgree) bad(`classesAgreeWithClaim is ${e.classesAgreeWithClaim}, recomputed ${classesAgree}`);

  // The whole cell again, when cheap.
  let rerun = false;
  const limit = opts.rerunBelowSeconds ?? 0;
  if (board !== null && errors.length === 0 && e.status !== "undecided" && cert.seconds < limit) {
    rerun = true;
    const res = solveDomination({ board, piece: r.piece, kind: r.kind, count: cert.count !== null && certCount !== null });
    nodes += res.decisionNodes + res.countNodes;
    if (res.status !== e.status) bad(`re-run: status ${res.status}, recorded ${e.status}`);
    if (res.gamma !== e.gamma) bad(`re-run: gamma ${res.gamma}, recorded ${e.gamma}`);
    if (certCount !== null && res.count !== e.count) bad(`re-run: count ${res.count}, recorded ${e.count}`);
    if (certClasses !== null && res.classes !== e.classes) bad(`re-run: classes ${res.classes}, recorded ${e.classes}`);
  }

  let status: CheckResult["status"];
  let maximality: CheckResult["maximality"];
  let maximalityArgument: string | undefined;
  if (errors.length > 0) {
    status = "failed";
    maximality = e.status === "solved" ? "proven-here" : "not-applicable";
  } else if (e.status === "undecided") {
    status = "pending";
    maximality = "not-applicable";
    maximalityArgument = `search cut short: ${cert.reason ?? "node budget"}; bounds ${e.lower}..${e.upper}`;
  } else if (e.status === "none") {
    status = "proven-here";
    maximality = "by-construction";
    maximalityArgument = `no set exists: ${cert.reason}` + (rerun ? "; cell solved again by verify" : "");
  } else {
    maximality = "proven-here";
    maximalityArgument = `exhaustive search: no set of ${e.gamma! - 1} pieces (${cert.impossibility!.nodes} nodes)` +
      (rerun ? "; cell solved again by verify" : "");
    const gammaDiffers = agrees === false && r.claim?.bound === "exact";
    status = gammaDiffers || countAgrees === false || classesAgree === false ? "disputed" : "proven-here";
  }
  const disputeNote: string[] = [];
  if (status === "disputed") {
    if (agrees === false) disputeNote.push(`our gamma ${e.gamma} differs from the published ${r.claim!.value}`);
    if (countAgrees === false) disputeNote.push(`our count ${e.count} differs from the published ${r.countClaim!.value}`);
    if (classesAgree === false) disputeNote.push(`our classes ${e.classes} differ from the published ${r.classesClaim!.value}`);
  }
  return {
    id: r.id,
    family: "domination",
    kind: r.kind,
    board: [...r.board],
    regenerated: r.claim !== null && agrees === true && errors.length === 0,
    ok: status !== "failed",
    legal,
    lengthMatches,
    // Leaper fields (solutions of a witness position, access) have no meaning here.
    solutions: null,
    unique: null,
    access: null,
    nodes,
    milliseconds: Math.round((now() - t0) * 1000) / 1000,
    errors: [...errors, ...disputeNote],
    maximality,
    ...(maximalityArgument ? { maximalityArgument } : {}),
    status,
  };
}

/** Problems of the rook note: closed forms recomputed for every row, brute force re-run for n <= bruteMaxN. */
export function rookNoteProblems(note: RookPlacementsNote, opts: { bruteMaxN?: number } = {}): { errors: string[]; rerun: number[] } {
  const errors: string[] = [];
  const rerun: number[] = [];
  const bruteMax = Math.min(opts.bruteMaxN ?? 6, MAX_BRUTE_ROOK_N);
  if (note.id !== ROOK_NOTE_ID) errors.push(`id ${note.id}, expected ${ROOK_NOTE_ID}`);
  const seen = new Set<number>();
  for (const row of note.rows) {
    if (seen.has(row.n)) errors.push(`n = ${row.n} occurs twice`);
    seen.add(row.n);
    const f = formulaRookPlacements(row.n);
    for (const k of ["placements", "dominating", "failing"] as const) {
      if (row[k] !== String(f[k])) errors.push(`n = ${row.n}: ${k} ${row[k]}, the closed form gives ${f[k]}`);
    }
    if (row.bruteForce !== null) {
      if (row.bruteForce.placements !== row.placements || row.bruteForce.failing !== row.failing) {
        errors.push(
          `n = ${row.n}: brute force ${row.bruteForce.failing} of ${row.bruteForce.placements} disagrees with ${row.failing} of ${row.placements}`,
        );
      }
      if (row.bruteForce.mismatches !== "0") {
        errors.push(`n = ${row.n}: ${row.bruteForce.mismatches} placements contradict the characterisation`);
      }
      if (row.n <= bruteMax) {
        rerun.push(row.n);
        const b = bruteRookPlacements(row.n);
        if (String(b.failing) !== row.bruteForce.failing || String(b.placements) !== row.bruteForce.placements) {
          errors.push(`n = ${row.n}: brute force re-run gives ${b.failing} of ${b.placements}, recorded ${row.bruteForce.failing}`);
        }
        if (b.mismatches !== 0n) errors.push(`n = ${row.n}: re-run finds ${b.mismatches} placements contradicting the characterisation`);
      }
    }
  }
  // The example must fail, leaving exactly the named squares undominated, with n rooks on distinct squares.
  const ex = note.example;
  try {
    const board = makeBoard([ex.n, ex.n]);
    if (ex.rooks.length !== ex.n) errors.push(`example has ${ex.rooks.length} rooks on ${ex.n}x${ex.n}`);
    const rooks = ex.rooks.map((s) => coordsOf(board, parseSquare(board, s)));
    if (new Set(ex.rooks).size !== ex.rooks.length) errors.push("example repeats a square");
    const open: string[] = [];
    for (let t = 0; t < board.size; t++) {
      const c = coordsOf(board, t);
      if (!rooks.some((q) => (q[0] === c[0] && q[1] === c[1]) || attacksByCoordinates("rook", q, c))) open.push(squareName(board, t));
    }
    if (!sameData(open, ex.undominated)) {
      errors.push(`example leaves ${open.join(", ") || "nothing"} undominated, recorded ${ex.undominated.join(", ")}`);
    }
  } catch (err) {
    errors.push(`example: ${(err as Error).message}`);
  }
  return { errors, rerun };
}
