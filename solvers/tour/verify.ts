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
import { countOrthogonal, kingLowerBound, longestKingTour } from "./king.ts";
import type { TourRecord } from "./schema.ts";

export interface TourRecordCheck {
  errors: string[];
  /** Witness checked and legal (null: no witness). */
  legal: boolean | null;
  /** Value recomputed here during the check. */
  recomputed: boolean;
}

/** Largest board whose count verify recomputes (5×5 takes about 30 ms). */
const RECOUNT_LIMIT = 25;
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
    if (r.claim && r.established.value !== null && r.established.settledHere && r.claim.value !== r.established.value) {
      errors.push(`claim ${r.claim.value} orthogonal steps differs from our proven ${r.established.value}`);
    }
    // Beyond the re-searched sizes only the odd-n lower bound 2n (king.ts) can settle a value: the witness must meet it.
    if (n > KING_RESEARCH_LIMIT && r.established.settledHere && (n % 2 === 0 || r.established.value !== String(kingLowerBound(n)))) {
      errors.push(`settled here needs odd n and the lower bound ${kingLowerBound(n)}, the record says ${r.established.value} on ${n}×${n}`);
    }
    if (n <= KING_RESEARCH_LIMIT && r.established.settledHere) {
      const k = longestKingTour(n);
      recomputed = true;
      if (!k.exhaustiveBelow || String(k.orthogonal) !== r.established.value) {
        errors.push(`re-search found ${k.orthogonal} orthogonal steps (exhaustive below: ${k.exhaustiveBelow}), the record says ${r.established.value}`);
      }
    }
    return { errors, legal, recomputed };
  }
  if (r.piece.type !== "leaper") return { errors: [...errors, "only leapers and the king have tour records"], legal, recomputed };
  const leap = r.piece.leap;
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
      if (String(c.directedOpen) !== r.established.value) errors.push(`recount gives ${c.directedOpen}, the record says ${r.established.value}`);
    }
  }
  return { errors, legal, recomputed };
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
