/**
 * Checks of tour records, independent of how they were made: witnesses go
 * through the tour checker, values are recomputed where that is cheap (5×5
 * counts, king tours up to 6×6, theorem verdicts), and claims must agree with
 * what we established.
 */
import { makeBoard } from "../board/board.ts";
import { parseSquare } from "../board/squares.ts";
import { checkTour } from "./check.ts";
import { tourVerdict } from "./theorem.ts";
import { countDirectedOpenTours } from "./count.ts";
import { countOrthogonal, kingLowerBound, kingTourWithin, longestKingTour } from "./king.ts";
import type { TourRecord } from "./schema.ts";
import type { Board, Square } from "../types.ts";
import { leaper } from "../pieces/leaper.ts";
import { moveGraph } from "../graph/graph.ts";
import { decideUnique } from "../hamiltonian/engine.ts";
import { freeSquaresPositions, freeSquaresSearch, maxPossibleLength } from "../leaper/dual-free-search.ts";

export interface TourRecordCheck {
  errors: string[];
  /** Witness checked and legal (null: no witness). */
  legal: boolean | null;
  /** Value recomputed here during the check. */
  recomputed: boolean;
}

/** Largest board whose count verify recomputes (5×5 takes about 30 ms). */
const RECOUNT_LIMIT = 25;
/**
 * Proven dual-free records whose refuted lengths total at most this many
 * free-squares positions are re-enumerated by verify (the small cubes' proofs
 * take milliseconds; the larger ones are checked for coverage only).
 */
export const DUAL_FREE_RERUN_POSITIONS = 20_000;
/** Largest king board verify re-searches (6×6: well under a second). */
const KING_RESEARCH_LIMIT = 6;

export function checkTourRecord(r: TourRecord): TourRecordCheck {
  const errors: string[] = [];
  let legal: boolean | null = null;
  let recomputed = false;
  const board = makeBoard(r.board);
  let order: number[] | null = null;
  if (r.witness) {
    try {
      order = r.witness.squares.map((s) => parseSquare(board, s));
    } catch (e) {
      errors.push(`witness: ${(e as Error).message}`);
    }
  }
  if (r.claim && r.established.value !== null && r.claim.value !== r.established.value && r.kind !== "longest-king-tour") {
    errors.push(`claim ${r.claim.value} differs from our value ${r.established.value}`);
  }
  if (r.kind === "longest-king-tour") {
    const n = r.board[0];
    if (order) {
      const c = kingCheck(n, order);
      legal = c.length === 0;
      errors.push(...c);
      if (legal && r.established.value !== null && String(countOrthogonal(n, order)) !== r.established.value) {
        errors.push(`the witness has ${countOrthogonal(n, order)} orthogonal steps, the record says ${r.established.value}`);
      }
    }
    // A claim the booklet calls absolute must agree with a value we proved; a probable one may be beaten.
    if (
      r.claim?.status === "absolute" && r.established.value !== null && r.established.settledHere && r.claim.value !== r.established.value
    ) {
      errors.push(`claim ${r.claim.value} orthogonal steps (absolute) differs from our proven ${r.established.value}`);
    }
    // A certificate whose every budget kingSearchErrors reruns repeats the whole search exactly: the re-search below is then skipped.
    const certificateRerun = r.established.settledHere && r.established.value !== null && r.kingSearch !== undefined &&
      r.kingSearch.every((b) => b.nodes <= KING_RERUN_NODES);
    if (r.established.settledHere && r.established.value !== null && r.kingSearch) {
      errors.push(...kingSearchErrors(n, Number(r.established.value), r.kingSearch));
      recomputed = certificateRerun;
    } else if (n > KING_RESEARCH_LIMIT && r.established.settledHere && (n % 2 === 0 || r.established.value !== String(kingLowerBound(n)))) {
      // Without a search certificate only the odd-n lower bound 2n (king.ts) can settle a value: the witness must meet it.
      errors.push(
        `settled here needs a search certificate, or odd n and the lower bound ${
          kingLowerBound(n)
        }; the record says ${r.established.value} on ${n}×${n}`,
      );
    }
    if (n <= KING_RESEARCH_LIMIT && r.established.settledHere && !certificateRerun) {
      const k = longestKingTour(n);
      recomputed = true;
      if (!k.exhaustiveBelow || String(k.orthogonal) !== r.established.value) {
        errors.push(
          `re-search found ${k.orthogonal} orthogonal steps (exhaustive below: ${k.exhaustiveBelow}), the record says ${r.established.value}`,
        );
      }
    }
    return { errors, legal, recomputed };
  }
  if (r.piece.type !== "leaper") return { errors: [...errors, "only leapers and the king have tour records"], legal, recomputed };
  const leap = r.piece.leap;
  if (r.kind === "dual-free") {
    const c = checkDualFree(r, board, leap, order);
    return { errors: [...errors, ...c.errors], legal: c.legal, recomputed: c.recomputed };
  }
  if (order) {
    const c = checkTour(board, leap, order, r.witness!.closed);
    legal = c.ok;
    errors.push(...c.errors.map((e) => `witness: ${e}`));
    if (r.witness!.closed !== r.closed) errors.push("the witness's closed flag differs from the record's");
  }
  if (r.kind === "smallest-closed-board") {
    const n = r.board[0];
    if (String(n) !== r.established.value) errors.push(`the record's board ${n}×${n} is not its value ${r.established.value}`);
    if (!order) errors.push("a smallest-board record needs its witness tour");
    for (let m = 1; m < n; m++) {
      const v = tourVerdict(makeBoard([m, m]), leap, true);
      if (v.exists !== false) errors.push(`no theorem excludes a closed tour on ${m}×${m}: minimality is not established`);
    }
    recomputed = true;
  } else if (r.kind === "cube-tour") {
    const v = tourVerdict(board, leap, r.closed);
    if (r.exists === true && !order) errors.push("the record says a tour exists but has no witness");
    if (r.exists === false) {
      recomputed = true;
      if (v.exists !== false) errors.push("the record says no tour exists, but no theorem excludes one");
      if (order) errors.push("the record says no tour exists but carries a witness");
    }
  } else if (r.kind === "tour-count") {
    if (board.size <= RECOUNT_LIMIT && !r.closed) {
      const c = countDirectedOpenTours(board, leap);
      recomputed = true;
      if (String(c.directedOpen) !== r.established.value) {
        errors.push(`recount gives ${c.directedOpen}, the record says ${r.established.value}`);
      }
    }
  }
  return { errors, legal, recomputed };
}

/** Certificate budgets rerun by verify when their search is this small (the 8×8 budget 6 run, ~1e8 nodes, is not). */
export const KING_RERUN_NODES = 5_000_000;

/**
 * A king search certificate must cover every even budget from the proven lower
 * bound up to the value, each searched to the end, none but the last with a
 * tour; budgets small enough are searched again and must take exactly the
 * recorded nodes (the search is deterministic).
 */
export function kingSearchErrors(n: number, value: number, runs: NonNullable<TourRecord["kingSearch"]>): string[] {
  const errors: string[] = [];
  const lo = kingLowerBound(n) + (kingLowerBound(n) % 2);
  const want: number[] = [];
  for (let b = lo; b <= value; b += 2) want.push(b);
  const got = runs.map((b) => b.orthogonal);
  if (JSON.stringify(got) !== JSON.stringify(want)) errors.push(`king search covers budgets ${got.join(",")}, needs ${want.join(",")}`);
  runs.forEach((b, i) => {
    const last = i === runs.length - 1;
    if (!b.complete && !last) errors.push(`budget ${b.orthogonal} was not searched to the end`);
    if (b.found !== last) errors.push(`budget ${b.orthogonal} ${b.found ? "has" : "has no"} tour in the certificate`);
    if (b.nodes <= KING_RERUN_NODES) {
      const again = kingTourWithin(n, b.orthogonal, b.nodes + 1);
      if (again.nodes !== b.nodes || (again.tour !== null) !== b.found || !again.complete) {
        errors.push(
          `budget ${b.orthogonal}: rerun took ${again.nodes} nodes (tour: ${
            again.tour !== null
          }), the certificate says ${b.nodes} (tour: ${b.found})`,
        );
      }
    }
  });
  return errors;
}

function kingCheck(n: number, order: number[]): string[] {
  const errors: string[] = [];
  if (order.length !== n * n) errors.push(`the tour has ${order.length} squares, the board ${n * n}`);
  if (new Set(order).size !== order.length) errors.push("a square is visited twice");
  try {
    countOrthogonal(n, order);
  } catch (e) {
    errors.push((e as Error).message);
  }
  return errors;
}

/**
 * A dual-free record: the witness (start + men in capture order) is legal, its
 * position has exactly one Hamiltonian path from the start (decideUnique, free
 * end) and that path is the witness order, and it has `value` men. A proven
 * record must account for every longer length: each of value+1 .. bound (bound
 * recomputed from the board) refuted once, with exactly the positions the
 * free-squares enumeration of that length has (recomputed: a record cannot
 * claim less coverage than the whole space); small proofs are re-run.
 */
function checkDualFree(r: TourRecord, board: Board, leap: readonly [number, number], order: Square[] | null): TourRecordCheck {
  const errors: string[] = [];
  let legal: boolean | null = null;
  let recomputed = false;
  const info = r.dualFree;
  const value = r.established.value === null ? null : Number(r.established.value);
  if (!info) errors.push("a dual-free record needs its search summary (dualFree)");
  if (!r.witness || !order) errors.push("a dual-free record needs its witness");
  if (r.closed || r.witness?.closed) errors.push("dual-free sequences here have a free end: closed must be false");
  if (value === null) errors.push("a dual-free record needs our value");
  if (order) {
    const piece = leaper(leap[0], leap[1]);
    legal = true;
    const seen = new Set<number>();
    order.forEach((sq, i) => {
      if (seen.has(sq)) {
        errors.push(`witness: square ${r.witness!.squares[i]} occurs twice`);
        legal = false;
      }
      seen.add(sq);
      if (i > 0 && !piece.destinations(board, order[i - 1]).includes(sq)) {
        errors.push(`witness: ${r.witness!.squares[i - 1]}-${r.witness!.squares[i]} is not a [${leap}] move`);
        legal = false;
      }
    });
    if (value !== null && order.length - 1 !== value) errors.push(`the witness captures ${order.length - 1} men, the record says ${value}`);
    if (legal) {
      const u = decideUnique(moveGraph(board, piece, order), { start: 0 });
      if (!u.unique) {
        errors.push(
          `witness: not dual-free (${
            u.solutions === null ? "test N: 0 or at least 2" : u.solutions >= 2 ? "at least 2" : u.solutions
          } solutions)`,
        );
      } else if (u.solution && u.solution.some((v, i) => v !== i)) errors.push("witness: the unique solution is not the witness order");
    }
  }
  if (info && value !== null) {
    const proven = info.maximality === "proven-here";
    if (proven !== r.established.settledHere) errors.push(`maximality ${info.maximality} but settledHere is ${r.established.settledHere}`);
    const bound = maxPossibleLength(board, leap);
    if (info.bound !== bound) errors.push(`the record's bound is ${info.bound}, the board gives ${bound}`);
    if (value > bound) errors.push(`the value ${value} exceeds the bound ${bound}`);
    if (info.found && info.found.length !== value) {
      errors.push(`the enumeration that found the witness ran length ${info.found.length}, not ${value}`);
    }
    if (proven) {
      const lengths = info.refuted.map((c) => c.length).sort((a, b) => a - b);
      const want = Array.from({ length: Math.max(0, bound - value) }, (_, i) => value + 1 + i);
      if (JSON.stringify(lengths) !== JSON.stringify(want)) {
        errors.push(`proven maximal needs lengths ${value + 1}..${bound} refuted, the record has [${lengths.join(",")}]`);
      }
      let total = 0;
      for (const c of info.refuted) {
        const space = freeSquaresPositions(board, leap, c.length);
        total += space;
        if (c.positions !== space) errors.push(`length ${c.length}: ${c.positions} positions recorded, the enumeration has ${space}`);
      }
      if (errors.length === 0 && total <= DUAL_FREE_RERUN_POSITIONS) {
        recomputed = true;
        for (const c of info.refuted) {
          const again = freeSquaresSearch(board, leap, c.length);
          if (again.witness) errors.push(`re-enumeration finds a dual-free sequence of ${c.length} men: the value is not maximal`);
          else if (!again.coverage.exhaustive) errors.push(`re-enumeration of length ${c.length} was not exhaustive`);
        }
      }
    } else if (info.refuted.length > 0 && info.refuted.some((c) => c.length <= value)) {
      errors.push("a refuted length is not above the value");
    }
  }
  return { errors, legal, recomputed };
}
