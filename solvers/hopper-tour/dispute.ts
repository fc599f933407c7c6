/**
 * The dispute of a hopper-tour record whose claim our code contradicts, in
 * words computed from the independent re-check (recheck.ts): the records
 * builder writes it, verify recomputes it and requires the same text, so a
 * dispute always says what the plain brute force finds today.
 *
 *   maximum  the booklet's value is above ours, which an exhaustive run proves
 *            maximal: the brute force over every start pair confirms that no
 *            tour longer than ours exists, and says where every attempt ends;
 *   value    our witness beats a value the booklet calls absolute: the plain
 *            generator replays it move by move.
 */
import type { HopperTourRecord } from "./schema.ts";
import { bruteLongest, type PlainHopper, plainReplay, type PlainRules } from "./recheck.ts";

/** Brute force beyond this many nodes is not run by verify (the dispute is then an error to look at). */
export const RECHECK_NODES = 2e7;

const fileOf = (x: number) => String.fromCharCode(97 + x);
const nameOf = (s: [number, number]) => `${fileOf(s[0])}${s[1] + 1}`;
const parse = (name: string): [number, number] => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

export type DisputeCheck = "maximum" | "value";

/** Which check our code fails the claim on, or null when it agrees (value: our tour; proven: a maximality argument holds). */
export function disagreement(r: HopperTourRecord, value: number | null, proven: boolean): DisputeCheck | null {
  const c = r.claim;
  if (!c || c.status !== "absolute" || value === null) return null;
  if (value > c.value) return "value";
  if (proven && value < c.value) return "maximum";
  return null;
}

function rulesOf(r: HopperTourRecord): PlainRules {
  if (r.board.length !== 2) throw new Error("the re-check knows two-dimensional boards only");
  return { w: r.board[0], h: r.board[1], hopper: r.hopper as PlainHopper, hurdle: r.hurdle };
}

const hurdleWord = (key: string) => key.startsWith("leaper-") ? `[${key.slice(7).replace("-", ",")}] leaper` : key;

/** The dispute's text, from the re-check run now. */
export function disputeExplanation(r: HopperTourRecord, check: DisputeCheck): string {
  const rules = rulesOf(r);
  const claim = r.claim!.value;
  const hurdle = hurdleWord(r.hurdle);
  if (check === "value") {
    const w = r.witness!;
    const rep = plainReplay(rules, r.kind, {
      hopperStart: parse(w.hopperStart),
      hurdleStart: parse(w.hurdleStart),
      hopper: w.hopper.map(parse),
      hurdle: w.hurdle.map(parse),
    });
    if (!rep.ok) {
      throw new Error(`the re-check rejects our own witness: move ${rep.move}, ${rep.piece} to ${nameOf(rep.square)}: ${rep.rule}`);
    }
    return `the booklet's ${claim}, called absolute, fails the value check: our ${r.kind} tour of ${rep.value} moves (${r.hopper} from ${w.hopperStart}, ${hurdle} from ${w.hurdleStart}) replays legally at every one of its ${w.hopper.length} ${r.hopper} and ${w.hurdle.length} ${hurdle} moves under the independent plain move generator`;
  }
  const b = bruteLongest(rules, r.kind, RECHECK_NODES);
  if (!b.complete) throw new Error(`the brute-force re-check needs more than ${RECHECK_NODES} nodes`);
  const head =
    `the booklet's ${claim}, called absolute, fails the length check: a brute force from the rules alone (every one of the ${b.startPairs} start pairs, no symmetry, no bound, ${b.nodes} positions) finds no ${r.kind} tour longer than ${b.longest} ${r.hopper} moves (${b.attaining} tours of ${b.longest})`;
  if (r.kind === "open") {
    return `${head}: after ${b.longest} moves no position has a ${hurdle} move that lets the ${r.hopper} jump on to an unvisited square, so move ${
      b.longest + 1
    } never exists`;
  }
  return `${head}: sequences without a repeated square end by move ${b.deepest}, and after none of ${
    b.longest + 1
  } or more moves can a ${hurdle} move place the hurdle so that the ${r.hopper} jumps back to its start square`;
}
