/**
 * Checks one record against our own move rules and engine: the witness is
 * legal, its length is the claimed value, dual-free witnesses have exactly one
 * solution, closed witnesses close, access values match breadth-first search.
 * Pure: no I/O, so verify, tests and the site use the same code.
 */
import type { Board, Square } from "../types.ts";
import { boardName, makeBoard } from "../board/board.ts";
import { parseSquare } from "../board/squares.ts";
import { type Leaper, leaper } from "../pieces/leaper.ts";
import { accessCount, boardGraph, components, moveGraph } from "../graph/graph.ts";
import { decideUnique } from "../hamiltonian/engine.ts";
import type { AtlasRecord } from "./schema.ts";
import type { CheckResult } from "../records/common.ts";

/** Positions with more men than this are refused: the uniqueness check is exhaustive. */
export const MAX_WITNESS_MEN = 400;

type Maximality = CheckResult["maximality"];

interface Context {
  errors: string[];
  nodes: number;
}

/** Parse squares; record errors instead of throwing. Returns null when any square is bad. */
function squaresOf(board: Board, names: readonly string[], ctx: Context, what: string): Square[] | null {
  const out: Square[] = [];
  for (const name of names) {
    try {
      out.push(parseSquare(board, name));
    } catch (e) {
      ctx.errors.push(`${what}: ${(e as Error).message}`);
      return null;
    }
  }
  return out;
}

/** Every step a move of the piece, no square twice. Adds errors; true when legal. */
export function checkPath(board: Board, piece: Leaper, path: readonly Square[], names: readonly string[], ctx: Context): boolean {
  const seen = new Set<number>();
  let ok = true;
  path.forEach((sq, i) => {
    if (seen.has(sq)) {
      ctx.errors.push(`square ${names[i]} occurs twice (move ${i})`);
      ok = false;
    }
    seen.add(sq);
    if (i > 0 && !piece.destinations(board, path[i - 1]).includes(sq)) {
      ctx.errors.push(`move ${i} ${names[i - 1]}-${names[i]} is not a ${piece.name} move`);
      ok = false;
    }
  });
  return ok;
}

/** Size of the largest connected component of the piece's graph on the empty board. */
function largestComponent(board: Board, piece: Leaper): number {
  const { comp, count } = components(boardGraph(board, piece));
  const sizes = new Array<number>(count).fill(0);
  for (const c of comp) sizes[c]++;
  return Math.max(...sizes);
}

/** Is the witness uniquely solvable? Counts nodes; adds errors. */
function checkUnique(
  board: Board,
  piece: Leaper,
  path: Square[],
  ctx: Context,
  opts: { end?: boolean },
): { solutions: number | null; unique: boolean } {
  if (path.length - 1 > MAX_WITNESS_MEN) {
    ctx.errors.push(`refused: ${path.length - 1} men exceed the limit ${MAX_WITNESS_MEN} for an exhaustive uniqueness check`);
    return { solutions: null, unique: false };
  }
  const g = moveGraph(board, piece, path);
  const u = decideUnique(g, { start: 0, ...(opts.end ? { end: path.length - 1 } : {}) });
  ctx.nodes += u.nodes;
  if (!u.unique) {
    const why = u.rejectedBy ? ` (one-level test ${u.rejectedBy})` : "";
    ctx.errors.push(
      `not dual-free: ${u.solutions === null ? "0 or at least 2" : u.solutions >= 2 ? "at least 2" : u.solutions} solutions${why}`,
    );
  } else if (u.solution && u.solution.some((v, i) => v !== i)) {
    ctx.errors.push("the unique solution is not the witness order");
  }
  return { solutions: u.solutions, unique: u.unique };
}

export function checkRecord(r: AtlasRecord, known?: ReadonlySet<string>): CheckResult {
  const t0 = performance.now();
  const ctx: Context = { errors: [], nodes: 0 };
  const res: Omit<CheckResult, "id" | "ok" | "nodes" | "milliseconds" | "errors" | "status" | "maximality"> = {
    legal: null,
    lengthMatches: null,
    solutions: null,
    unique: null,
    access: null,
  };
  let maximality: Maximality = r.claim.status === "example" ? "not-applicable" : "cited";
  let maximalityArgument: string | undefined;

  let board: Board | null = null;
  let piece: Leaper | null = null;
  try {
    board = makeBoard(r.board);
    piece = leaper(r.piece.leap[0], r.piece.leap[1]);
  } catch (e) {
    ctx.errors.push((e as Error).message);
  }
  if (known) {
    if (!known.has(r.cell)) ctx.errors.push(`cell ${r.cell} is not a record`);
    if (r.witness?.ref && !known.has(r.witness.ref)) ctx.errors.push(`witness refers to unknown record ${r.witness.ref}`);
  }

  if (board && piece) {
    const value = r.claim.value;
    if (r.kind === "access") {
      const from = squaresOf(board, [r.from ?? "a1"], ctx, "access square");
      if (from) {
        res.access = accessCount(boardGraph(board, piece), from[0]);
        if (res.access !== value) ctx.errors.push(`access from ${r.from} is ${res.access}, claimed ${value}`);
        maximality = "by-construction";
        maximalityArgument = "an exact count by breadth-first search";
      }
    } else if (r.witness) {
      const w = r.witness;
      const names = [w.start, ...w.moves];
      const path = squaresOf(board, names, ctx, "witness");
      if (path) {
        res.legal = checkPath(board, piece, path, names, ctx);
        res.lengthMatches = w.moves.length === value;
        if (!res.lengthMatches) ctx.errors.push(`witness has ${w.moves.length} moves, claimed ${value}`);
        if (r.kind === "closed" && path.length > 1 && !piece.destinations(board, path[path.length - 1]).includes(path[0])) {
          ctx.errors.push(`closed tour does not close: ${names[names.length - 1]} does not leap back to ${w.start}`);
          res.legal = false;
        }
        if (r.kind === "dual-free-fixed-end") {
          if (!w.end || w.end !== names[names.length - 1]) {
            ctx.errors.push(`fixed final square ${w.end ?? "missing"} is not the witness's last square`);
          }
        }
        if (res.legal && (r.kind === "dual-free" || r.kind === "dual-free-fixed-end")) {
          Object.assign(res, checkUnique(board, piece, path, ctx, { end: r.kind === "dual-free-fixed-end" }));
        }
        // A path through every square of the largest component cannot be beaten:
        // any sequence, path or cycle stays inside one component.
        if (res.legal && maximality === "cited" && r.kind !== "dual-free-fixed-end" && path.length === largestComponent(board, piece)) {
          maximality = "by-construction";
          maximalityArgument = `the witness visits all ${path.length} squares of the largest component of the ${piece.name}'s graph on ${
            boardName(board)
          }`;
        }
      }
    }
    for (const [i, cand] of (r.candidates ?? []).entries()) {
      const c: Context = { errors: [], nodes: 0 };
      const names = [cand.start, ...cand.moves];
      const path = squaresOf(board, names, c, `candidate ${i + 1}`);
      if (path && checkPath(board, piece, path, names, c)) {
        if (cand.moves.length !== value) c.errors.push(`has ${cand.moves.length} moves, claimed ${value}`);
        checkUnique(board, piece, path, c, {});
      }
      ctx.nodes += c.nodes;
      ctx.errors.push(...c.errors.map((e) => (e.startsWith("candidate") ? e : `candidate ${i + 1}: ${e}`)));
    }
  }
  // Our longer solution, checked as a claim's witness is; when it holds, the claim is refuted.
  const improved = r.established.improved;
  let refuted = false;
  if (improved && board && piece) {
    const c: Context = { errors: [], nodes: 0 };
    const w = improved.witness;
    const names = [w.start, ...w.moves];
    const path = squaresOf(board, names, c, "square");
    if (path && checkPath(board, piece, path, names, c)) {
      if (w.moves.length !== improved.value) c.errors.push(`has ${w.moves.length} moves, stated ${improved.value}`);
      if (r.kind === "closed" && !piece.destinations(board, path[path.length - 1]).includes(path[0])) c.errors.push("does not close");
      if (r.kind === "dual-free" || r.kind === "dual-free-fixed-end") {
        checkUnique(board, piece, path, c, { end: r.kind === "dual-free-fixed-end" });
      }
    }
    if (improved.value <= r.claim.value) c.errors.push(`${improved.value} does not beat the claim ${r.claim.value}`);
    if (w.origin !== "generated" || !w.generatedBy) c.errors.push("is not marked as found by our code (origin generated, generatedBy)");
    ctx.nodes += c.nodes;
    ctx.errors.push(...c.errors.map((e) => `improved solution: ${e}`));
    refuted = c.errors.length === 0;
  }
  if (r.established.maximality.status === "proven-here") {
    maximality = "proven-here";
    maximalityArgument = `exhaustive run, certificate ${r.established.maximality.certificate}`;
  }

  // A disputed record keeps its errors: they are the explanation the atlas shows.
  let errors = ctx.errors;
  let status: CheckResult["status"];
  if (r.dispute) {
    const reproduced = errors.length > 0 && disputeReproduced(r.dispute.check, res, errors);
    if (reproduced) status = "disputed";
    else {
      errors = [...errors, `dispute (${r.dispute.check}) no longer reproduces: our code now accepts the witness`];
      status = "failed";
    }
  } else if (errors.length) status = "failed";
  else if (refuted) status = "disputed";
  else if (r.witness === null && r.kind !== "access") status = r.tableCell ? "pending" : "cited";
  else if (maximality === "proven-here" || maximality === "by-construction") status = "proven-here";
  else if (r.established.regenerated && r.established.regenerated.value >= r.claim.value) status = "regenerated";
  else status = "verified";
  return {
    id: r.id,
    ok: status !== "failed",
    ...res,
    nodes: ctx.nodes,
    milliseconds: Math.round((performance.now() - t0) * 1000) / 1000,
    errors,
    maximality,
    ...(maximalityArgument ? { maximalityArgument } : {}),
    status,
  };
}

function disputeReproduced(check: NonNullable<AtlasRecord["dispute"]>["check"], res: Partial<CheckResult>, errors: string[]): boolean {
  switch (check) {
    case "legal":
      return res.legal === false;
    case "length":
      return res.lengthMatches === false;
    case "unique":
      return res.unique === false;
    case "closes":
      return errors.some((e) => e.includes("does not close"));
    case "access":
      return errors.some((e) => e.startsWith("access"));
  }
}
