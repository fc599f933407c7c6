/**
 * Verify one hopper record (pure: the caller reads certificate files and
 * passes their JSON). Everything is recomputed from the witness position:
 *   serienziel: BFS with exact (BigInt) shortest-path counts; the witness
 *     target is at the recorded distance, the listed path is a legal
 *     shortest path to it, the value is the position's longest shortest path
 *     (longest) or the longest unique one with the target's count exactly 1
 *     (dual-free);
 *   access: squares reached by BFS; access-minimum: all other free squares;
 *   tours: every move legal, every free square once, closed tours return.
 * Then the claim: a proof's maximum differing from the claim, or a witness
 * beating a claim called absolute, must be recorded as a dispute (and a
 * dispute whose check no longer fails is an error).
 */
import type { Board, Square } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import { hopper, hopperMoves } from "../pieces/hopper.ts";
import type { CheckResult } from "../records/common.ts";
import { exactPathCounts, occupancy } from "./serienziel.ts";
import { binomial, enumerationSpace } from "./search.ts";
import { AccessCertificate, type HopperRecord, SerienZielCertificate } from "./schema.ts";

export interface HopperCheckOptions {
  /** The certificate JSON at a path relative to the project root (undefined: missing). */
  readCertificate?: (path: string) => unknown;
}

function sq(board: Board, name: string, what: string, errors: string[]): Square | null {
  try {
    return parseSquare(board, name);
  } catch (e) {
    errors.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** Value of a position as the record kind defines it, plus details; null when the witness is malformed. */
export function witnessValue(
  r: HopperRecord,
  errors: string[],
): { value: number; legal: boolean; solutions: number | null; unique: boolean | null; reached: number } | null {
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const rays = hopper(r.piece).rays(board);
  const start = sq(board, w.start, "start", errors);
  const hs = w.hurdles.map((h) => sq(board, h, "hurdle", errors));
  if (start === null || hs.some((h) => h === null)) return null;
  const hurdles = hs as Square[];
  if (new Set(hurdles).size !== hurdles.length) errors.push("a hurdle is listed twice");
  if (hurdles.includes(start)) errors.push("the hopper stands on a hurdle");
  if (hurdles.length !== r.hurdles) errors.push(`the witness has ${hurdles.length} hurdles, the record ${r.hurdles}`);
  if (r.kind === "serienziel-dual-free" || r.kind === "serienziel-longest") {
    const b = new Set(hurdles);
    if (r.piece === "bishophopper") {
      const colour = (s: Square) => (s % board.dims[0] + Math.floor(s / board.dims[0])) & 1;
      if ([...b].some((h) => colour(h) !== colour(start))) {
        errors.push("a bishophopper hurdle stands on the other colour (the booklet's convention puts them on the hopper's colour)");
      }
    }
  }
  const occ = occupancy(board, hurdles);
  const { dist, count } = exactPathCounts(rays, start, occ);
  let reached = 0;
  for (let s = 0; s < board.size; s++) if (s !== start && dist[s] >= 0) reached++;
  const dest = new Int32Array(rays.directions);
  const isMove = (a: Square, b: Square) => {
    const m = hopperMoves(rays, a, occ, dest);
    for (let i = 0; i < m; i++) if (dest[i] === b) return true;
    return false;
  };
  const movesOf = (): Square[] | null => {
    const out: Square[] = [];
    for (const m of w.moves ?? []) {
      const s = sq(board, m, "move", errors);
      if (s === null) return null;
      out.push(s);
    }
    return out;
  };
  const legalPath = (moves: Square[]): boolean => {
    let at = start;
    for (const [i, m] of moves.entries()) {
      if (!isMove(at, m)) {
        errors.push(`move ${i + 1} ${squareName(board, at)}-${squareName(board, m)} is not a ${r.piece} move over these hurdles`);
        return false;
      }
      at = m;
    }
    return true;
  };

  switch (r.kind) {
    case "serienziel-longest":
    case "serienziel-dual-free": {
      if (!w.target) {
        errors.push("a SerienZiel witness needs its target square");
        return null;
      }
      const target = sq(board, w.target, "target", errors);
      const moves = movesOf();
      if (target === null || moves === null) return null;
      if (dist[target] < 0) {
        errors.push(`the target ${w.target} is not reached`);
        return { value: 0, legal: false, solutions: 0, unique: false, reached };
      }
      let legal = legalPath(moves);
      if (legal && (moves.length !== dist[target] || moves[moves.length - 1] !== target)) {
        errors.push(
          `the listed path has ${moves.length} moves ending on ${w.moves?.at(-1) ?? w.start}; the shortest path to ${w.target} has ${
            dist[target]
          }`,
        );
        legal = false;
      }
      let longest = 0, dualFree = 0;
      for (let s = 0; s < board.size; s++) {
        if (dist[s] < 0) continue;
        longest = Math.max(longest, dist[s]);
        if (count[s] === 1n) dualFree = Math.max(dualFree, dist[s]);
      }
      const c = count[target];
      const solutions = c > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(c);
      if (r.kind === "serienziel-longest") {
        if (dist[target] !== longest) {
          errors.push(`the target ${w.target} is at distance ${dist[target]}, but the position's longest shortest path is ${longest}`);
        }
        return { value: longest, legal, solutions, unique: c === 1n, reached };
      }
      if (c !== 1n) errors.push(`the target ${w.target} has ${c} shortest paths, not one`);
      if (dist[target] !== dualFree) {
        errors.push(`the target ${w.target} is at distance ${dist[target]}, but the longest unique shortest path is ${dualFree}`);
      }
      return { value: dualFree, legal, solutions, unique: c === 1n, reached };
    }
    case "access":
      return { value: reached, legal: true, solutions: null, unique: null, reached };
    case "access-minimum": {
      const free = board.size - hurdles.length - 1;
      if (reached !== free) errors.push(`the grasshopper reaches ${reached} of the ${free} other free squares`);
      return { value: reached === free ? hurdles.length : 0, legal: true, solutions: null, unique: null, reached };
    }
    case "tour-open":
    case "tour-closed": {
      const moves = movesOf();
      if (moves === null) return null;
      let legal = legalPath(moves);
      const free = board.size - hurdles.length - 1;
      const seen = new Set([start, ...moves]);
      if (seen.size !== moves.length + 1) {
        errors.push("the tour visits a square twice");
        legal = false;
      }
      if (moves.some((m) => occ[m])) legal = false;
      if (moves.length !== free) {
        errors.push(`the tour has ${moves.length} moves; the free squares other than the start are ${free}`);
        legal = false;
      }
      if (r.kind === "tour-closed" && moves.length > 0 && !isMove(moves[moves.length - 1], start)) {
        errors.push(`the last square ${w.moves?.at(-1)} has no move back to the start`);
        legal = false;
      }
      return { value: legal ? moves.length : 0, legal, solutions: null, unique: null, reached };
    }
  }
}

/** Check a SerienZiel or access certificate against the record; returns errors. */
export function certificateErrors(r: HopperRecord, json: unknown): string[] {
  const proof = r.established.proof;
  if (!proof) return [];
  const board = makeBoard(r.board);
  const errors: string[] = [];
  if (
    r.kind === "serienziel-longest" || r.kind === "serienziel-dual-free" ||
    (r.kind === "access" && proof.certificate.includes("serienziel-"))
  ) {
    const p = SerienZielCertificate.safeParse(json);
    if (!p.success) return [`certificate ${proof.certificate} does not match its schema`];
    const c = p.data;
    if (c.piece !== r.piece || c.hurdles !== r.hurdles || c.board.join("x") !== r.board.join("x")) {
      return [`certificate ${proof.certificate} is for another cell`];
    }
    // The space it claims to cover is recomputed here, start by start.
    const space = enumerationSpace(r.piece, board);
    const expected = space.map((s) => ({ start: squareName(board, s.start), positions: binomial(s.hurdleSquares.length, r.hurdles) }));
    // A start's mirror pieces (counted, not walked) change how it was run, not what it covers.
    const covered = c.starts.map(({ start, positions }) => ({ start, positions }));
    if (JSON.stringify(expected) !== JSON.stringify(covered)) {
      errors.push("the certificate's starts or position counts differ from the reduced space");
    }
    const total = expected.reduce((a, s) => a + s.positions, 0);
    if (c.positions !== total) errors.push(`the certificate covers ${c.positions} positions, the space has ${total}`);
    const col = r.kind === "serienziel-longest" ? c.longest : r.kind === "serienziel-dual-free" ? c.dualFree : c.reach;
    if (col.value !== proof.maximum) errors.push(`the certificate's maximum is ${col.value}, the record says ${proof.maximum}`);
    // Its position must reach the maximum it states.
    const probe: HopperRecord = {
      ...r,
      witness: { start: col.start, hurdles: col.hurdles, target: col.target, origin: "generated", method: "certificate" },
    };
    const e2: string[] = [];
    const kindOf = r.kind === "access" ? "access" : r.kind;
    const v = witnessValueLoose({ ...probe, kind: kindOf }, e2);
    if (v === null || v !== col.value) errors.push(`the certificate's position reaches ${v}, not ${col.value}`);
    return errors;
  }
  const p = AccessCertificate.safeParse(json);
  if (!p.success) return [`certificate ${proof.certificate} does not match its schema`];
  const c = p.data;
  const k = r.kind === "access-minimum" ? r.hurdles - 1 : r.hurdles;
  const target = r.kind === "access-minimum" ? board.size - k - 1 : proof.maximum + 1;
  if (c.hurdles !== k || c.target !== target || c.exists) {
    errors.push(`certificate ${proof.certificate} does not state that no ${k}-hurdle position reaches ${target} squares`);
  }
  return errors;
}

/** Value of a position for a kind, without path checks (certificate positions carry no path). */
function witnessValueLoose(r: HopperRecord, errors: string[]): number | null {
  const w = r.witness!;
  const board = makeBoard(r.board);
  const rays = hopper(r.piece).rays(board);
  const start = sq(board, w.start, "start", errors);
  const hs = w.hurdles.map((h) => sq(board, h, "hurdle", errors));
  if (start === null || hs.some((h) => h === null)) return null;
  const { dist, count } = exactPathCounts(rays, start, occupancy(board, hs as Square[]));
  let longest = 0, dualFree = 0, reached = 0;
  for (let s = 0; s < board.size; s++) {
    if (dist[s] < 0) continue;
    if (s !== start) reached++;
    longest = Math.max(longest, dist[s]);
    if (count[s] === 1n) dualFree = Math.max(dualFree, dist[s]);
  }
  return r.kind === "serienziel-longest" ? longest : r.kind === "serienziel-dual-free" ? dualFree : reached;
}

export function checkHopperRecord(r: HopperRecord, opts: HopperCheckOptions = {}): CheckResult {
  const t0 = performance.now();
  const errors: string[] = [];
  const v = r.witness ? witnessValue(r, errors) : null;
  if (r.witness && v && r.established.value !== v.value) {
    errors.push(`the witness gives ${v.value}, the record says ${r.established.value}`);
  }
  if (!r.witness && r.established.value !== null) errors.push("a value without a witness");
  const proof = r.established.proof;
  if (proof) {
    const json = opts.readCertificate?.(proof.certificate);
    if (json === undefined) errors.push(`certificate ${proof.certificate} is missing`);
    else errors.push(...certificateErrors(r, json));
    if (v && v.value > proof.maximum) errors.push(`the witness (${v.value}) beats the proven maximum ${proof.maximum}`);
  }
  // Disagreements with the claim must be recorded as disputes, and recorded disputes must still hold.
  const claimed = r.claim?.value ?? null;
  let disagreement: "maximum" | "value" | null = null;
  if (claimed !== null && proof && proof.maximum !== claimed) disagreement = "maximum";
  else if (claimed !== null && v && v.value > claimed && r.claim?.status === "absolute") disagreement = "value";
  if (disagreement && r.dispute?.check !== disagreement) {
    errors.push(`our code disagrees with the claim (${disagreement}) but the record has no such dispute`);
  }
  if (!disagreement && r.dispute) errors.push(`the record disputes the claim (${r.dispute.check}) but our code no longer disagrees`);
  if (r.established.regenerated && (!v || claimed === null || v.value < claimed)) {
    errors.push("marked regenerated, but the witness does not reach the claim");
  }

  const failed = errors.length > 0;
  const value = v?.value ?? null;
  // our own search found the witness: a generated one, or a published position credited to its source that our search also found
  const ours = r.witness?.origin === "generated" || (r.witness?.reference !== undefined && r.established.regenerated);
  let status: CheckResult["status"];
  if (failed) status = "failed";
  else if (disagreement) status = "disputed";
  else if (proof && value !== null && value === proof.maximum) status = "proven-here";
  else if (value !== null && claimed !== null && value >= claimed) status = ours ? "regenerated" : "verified";
  else if (value !== null) status = "cited";
  else status = "pending";
  return {
    id: r.id,
    family: "hopper",
    kind: r.kind,
    board: r.board,
    regenerated: value !== null && claimed !== null && value >= claimed && ours,
    ok: !failed,
    legal: v ? v.legal : null,
    lengthMatches: value !== null && claimed !== null ? value === claimed : null,
    solutions: v?.solutions ?? null,
    unique: v?.unique ?? null,
    access: v ? v.reached : null,
    nodes: 0,
    milliseconds: Math.round((performance.now() - t0) * 1000) / 1000,
    errors,
    maximality: proof ? "proven-here" : r.claim?.status === "example" ? "not-applicable" : "cited",
    ...(proof ? { maximalityArgument: `exhaustive search, certificate ${proof.certificate}` } : {}),
    status,
  };
}
