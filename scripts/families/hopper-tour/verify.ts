/**
 * Hopper tours over a movable hurdle (data/hopper-tour/records.json): every
 * witness replayed move by move from the geometry (solvers/hopper-tour/check.ts),
 * every move the booklet prints of a published tour checked for legality, and
 * each maximality argument re-checked: exhaustive runs rerun (they are
 * deterministic: same value, same node count), full tours counted, parity
 * bounds recomputed.
 */
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import type { Board } from "../../../solvers/types.ts";
import { parseHurdle, tourTable } from "../../../solvers/hopper-tour/table.ts";
import { hopperLanding, hurdleMoveLegal, replayTour } from "../../../solvers/hopper-tour/check.ts";
import { exhaustiveFrom } from "../../../solvers/hopper-tour/cell.ts";
import { type FullSplit, searchRoot, targetKind } from "./lib/target-proof.ts";
import { FULL_TOUR_RULES, fullTourSearch } from "../../../solvers/hopper-tour/full.ts";
import { fullTourSearchWasm } from "../../../solvers/hopper-tour/full-kernel.ts";
import { canonicalRoots, type TourMode } from "../../../solvers/hopper-tour/search.ts";
import type { TourTable } from "../../../solvers/hopper-tour/table.ts";
import { type HopperTourRecord, HopperTourRecordFile, type PrintedMove } from "../../../solvers/hopper-tour/schema.ts";
import type { CheckResult } from "../../../solvers/records/common.ts";
import { errorMessage } from "../../lib/cli.ts";
import { familyPaths } from "../../lib/paths.ts";
import { parityBound, toPath } from "../../../solvers/hopper-tour/witness.ts";
import { disagreement, disputeExplanation } from "../../../solvers/hopper-tour/dispute.ts";
import { checkEach, type FamilyVerifier, readRecordFile } from "../types.ts";
import { readingControls, readingResults, type ReadingRun, readingSummary } from "../../../solvers/hopper-tour/readings.ts";

/** Nodes of target-search certificates verify reruns (the cheapest start pairs first). */
export const TARGET_RECHECK_NODES = 500_000;

/**
 * A certificate of kind "target" or "full": one count per canonical start pair, summing to the total; the cheapest
 * pairs (by their recorded counts, within TARGET_RECHECK_NODES, and for "target" always the cheapest one) are searched again
 * with the certificate's search and must reproduce their counts exactly, complete and without a tour of value + 1.
 * A "full" certificate is only for a value one short of every square (a "target" one for any value); its split
 * (checkSplit) is re-checked too.
 * Returns the nodes searched.
 */
export function checkTargetCertificate(
  t: TourTable,
  mode: TourMode,
  value: number,
  m: { nodes: number; roots: number; perRoot?: number[]; search?: "target" | "full"; rules?: string; split?: FullSplit },
  errors: string[],
  budget = TARGET_RECHECK_NODES,
): number {
  const roots = canonicalRoots(t);
  const kind = m.search ?? "target";
  // The target search serves any value; the full search only a value one short of every square.
  if (kind === "full" && targetKind(t, value) !== "full") {
    errors.push(`a "full" certificate for ${value}, but a tour of ${value + 1} moves does not visit every square`);
    return 0;
  }
  if (kind === "full" && m.rules !== FULL_TOUR_RULES) {
    errors.push(
      `the full certificate's counts are for the rules "${m.rules ?? "(none named)"}"; this code searches with "${FULL_TOUR_RULES}"`,
    );
    return 0;
  }
  const per = m.perRoot ?? [];
  if (per.length !== roots.length || m.roots !== roots.length) {
    errors.push(`the target certificate counts ${per.length} start pairs (record: ${m.roots}); there are ${roots.length}`);
    return 0;
  }
  const sum = per.reduce((a, b) => a + b, 0);
  if (sum !== m.nodes) errors.push(`the target certificate's start pairs sum to ${sum} nodes, the record says ${m.nodes}`);
  let spent = 0;
  const order = per.map((n, i) => [n, i]).sort((a, b) => a[0] - b[0]);
  for (const [recorded, i] of order) {
    // A target certificate always has its cheapest pair searched again; a full one's pairs can each be far
    // beyond a build's budget (7x7: 2e7 nodes and more), so only those within it are.
    if ((spent > 0 || kind === "full") && spent + recorded > budget) break;
    const res = searchRoot(kind, t, mode, value, roots[i], recorded + 1);
    spent += res.nodes;
    if (res.found) errors.push(`start pair ${i}: the target search found a tour of ${value + 1} moves`);
    else if (!res.complete || res.nodes !== recorded) {
      errors.push(
        `start pair ${i}: the target search took ${res.nodes} nodes${
          res.complete ? "" : " (incomplete)"
        }, the certificate says ${recorded}`,
      );
    }
  }
  if (kind === "full" && m.split) spent += checkSplit(t, mode, value, m.split, per, roots, errors, Math.max(0, budget - spent));
  return spent;
}

/**
 * A full certificate's split: the pair's frontier at the split's depth, found again by the reference (full.ts),
 * must hold as many nodes as the split has counts, and the nodes above it with the counts must add up to the
 * pair's; then the largest subtrees that fit in the budget left (at least the smallest one) are searched again on
 * the kernel: a sample of the pair's real work, not only its dead ends.
 */
function checkSplit(
  t: TourTable,
  mode: TourMode,
  value: number,
  split: FullSplit,
  per: number[],
  roots: { start: number; hurdle: number }[],
  errors: string[],
  budget: number,
): number {
  const { pair, depth, counts } = split;
  if (pair >= roots.length) {
    errors.push(`the split names start pair ${pair}; there are ${roots.length}`);
    return 0;
  }
  const before = errors.length;
  const run = fullTourSearch(t, mode, roots[pair], { splitDepth: depth });
  const frontier = run.frontier!;
  const spent = run.nodes;
  if (frontier.length !== counts.length) {
    errors.push(`start pair ${pair} has ${frontier.length} nodes at depth ${depth}, the split counts ${counts.length}`);
  }
  const sum = run.nodes + counts.reduce((a, b) => a + b, 0);
  if (sum !== per[pair]) errors.push(`the split of start pair ${pair} adds up to ${sum} nodes, the pair's count is ${per[pair]}`);
  if (errors.length > before) return spent;
  const order = counts.map((c, i) => [c, i]).sort((a, b) => b[0] - a[0]);
  let searched = 0;
  for (const [k, [recorded, i]] of order.entries()) {
    const last = k === order.length - 1 && searched === 0;
    if (searched + recorded > budget && !last) continue;
    const res = fullTourSearchWasm(t, mode, roots[pair], { prefix: frontier[i], maxNodes: recorded + 1 });
    searched += res.nodes;
    if (res.found) errors.push(`start pair ${pair}, subtree ${i}: a tour of ${value + 1} moves`);
    else if (!res.complete || res.nodes !== recorded) {
      errors.push(`start pair ${pair}, subtree ${i}: ${res.nodes} nodes${res.complete ? "" : " (incomplete)"}, the split says ${recorded}`);
    }
  }
  return spent + searched;
}

export function loadHopperTourRecords(path: string): HopperTourRecord[] {
  return readRecordFile(path, HopperTourRecordFile, "hopper-tour records").records;
}

function checkPrinted(board: Board, r: HopperTourRecord, m: PrintedMove): string | null {
  const hurdle = parseHurdle(r.hurdle);
  if (m.piece === "hopper") {
    const from = parseSquare(board, m.from), over = parseSquare(board, m.over), to = parseSquare(board, m.to);
    return hopperLanding(board, r.hopper, from, over) === to
      ? null
      : `printed move ${m.from}-${m.to} over ${m.over} is not a ${r.hopper} jump`;
  }
  const ok = hurdleMoveLegal(board, hurdle, parseSquare(board, m.from), parseSquare(board, m.to), parseSquare(board, m.hopperOn));
  return ok ? null : `printed hurdle move ${m.from}-${m.to} (hopper on ${m.hopperOn}) is not a ${r.hurdle} move`;
}

/** Reading runs shared by the records checked in one process (deterministic: same table, reading and budget, same run). */
const READING_CACHE = new Map<string, ReadingRun>();

/**
 * A disputed record's readings rerun: every reading on the cell and on the same table's controls (taken from
 * `all`, the records file by default) must give what the record says, and its verdict must open with the summary
 * those results give.
 */
function checkReadings(r: HopperTourRecord, all: HopperTourRecord[] | undefined, errors: string[]): number {
  if (r.dispute && r.claim && r.kind !== "cyclic" && !r.readings) {
    errors.push("the record is disputed but states no readings of the rules (atlas records hopper-tour writes them)");
  }
  const rd = r.readings;
  if (!rd) return 0;
  if (!r.claim || rd.booklet !== r.claim.value) {
    errors.push(`the readings quote the booklet's value as ${rd.booklet}, the claim is ${r.claim?.value ?? "none"}`);
  }
  if (r.kind === "cyclic") {
    errors.push("readings are defined for open and closed tours only");
    return 0;
  }
  const records = all ?? loadHopperTourRecords(familyPaths("hopper-tour").records);
  const cellOf = (o: HopperTourRecord) => ({
    id: o.id,
    t: tourTable(makeBoard(o.board), o.hopper, parseHurdle(o.hurdle)),
    mode: o.kind as "open" | "closed",
    claim: o.claim?.value ?? 0,
  });
  const { controls, leftOut } = readingControls(r, records);
  const results = readingResults(cellOf(r), controls.map(cellOf), READING_CACHE);
  for (const want of results) {
    const got = rd.results.find((x) => x.key === want.key);
    if (!got) errors.push(`the readings lack "${want.key}"`);
    else if (JSON.stringify(got) !== JSON.stringify(want)) {
      errors.push(
        `reading "${want.key}" reruns to ${want.value}${
          want.complete ? "" : " (incomplete)"
        } in ${want.nodes} nodes, keeping ${want.controls.kept} of ${want.controls.of} controls; the record says ${got.value} in ${got.nodes} nodes, ${got.controls.kept} of ${got.controls.of}`,
      );
    }
  }
  if (rd.results.length !== results.length) errors.push(`the record states ${rd.results.length} readings, there are ${results.length}`);
  if (JSON.stringify(rd.leftOut) !== JSON.stringify(leftOut)) {
    errors.push(`the controls left out are ${leftOut.join(", ") || "none"}, the record says ${rd.leftOut.join(", ") || "none"}`);
  }
  const summary = readingSummary(rd.booklet, results);
  if (!rd.verdict.en.startsWith(summary.en) || !rd.verdict.cs.startsWith(summary.cs)) {
    errors.push(`the verdict must open with what the readings give now: ${summary.en}`);
  }
  return results.reduce((a, x) => a + x.nodes, 0);
}

export function checkHopperTourRecord(r: HopperTourRecord, all?: HopperTourRecord[]): CheckResult {
  const t0 = performance.now();
  const errors: string[] = [];
  let legal: boolean | null = null, lengthMatches: boolean | null = null;
  let nodes = 0;
  let value: number | null = null;
  let board: Board;
  try {
    board = makeBoard(r.board);
    const hurdle = parseHurdle(r.hurdle);
    for (const m of r.published?.printedMoves ?? []) {
      const e = checkPrinted(board, r, m);
      if (e) errors.push(e);
    }
    if (r.witness) {
      const rep = replayTour(board, r.hopper, hurdle, toPath(board, r.witness), r.kind);
      if ("error" in rep) {
        legal = false;
        errors.push(`witness: ${rep.error}`);
      } else {
        legal = true;
        value = rep.value;
        const said = r.established.regenerated?.value;
        if (said !== undefined && said !== value) errors.push(`witness replays to ${value}, the record says ${said}`);
        if (r.claim) lengthMatches = value === r.claim.value;
      }
    }
    const h = r.established.hunt;
    if (h) {
      // What the hunt says it met must be what the record holds: its best is the witness's value, and only a miss has a reason.
      if (h.best !== (value ?? 0)) errors.push(`the witness hunt says it met ${h.best}, the witness replays to ${value ?? "nothing"}`);
      if ((h.best < h.target) !== (h.reason !== undefined)) {
        errors.push(
          h.reason
            ? `the witness hunt reached its target ${h.target} but still gives a reason for missing it`
            : `the witness hunt missed its target ${h.target} without saying why`,
        );
      }
    }
    const m = r.established.maximality;
    if (m.status === "all-squares") {
      if (value === null || value !== board.size - 1) {
        errors.push(`all-squares needs a witness of ${board.size - 1} moves, have ${value ?? "none"}`);
      }
    } else if (m.status === "exhaustive") {
      // No witness: the run shows that no tour with a move exists at all (value 0).
      if (value === null && !r.witness) value = 0;
      if (value === null) errors.push("an exhaustive bound needs a witness attaining it");
      else if (m.search) nodes += checkTargetCertificate(tourTable(board, r.hopper, hurdle), r.kind, value, m, errors);
      else {
        const res = exhaustiveFrom(tourTable(board, r.hopper, hurdle), r.kind, value, m.nodes + 1);
        nodes += res.nodes;
        if (!res.complete || res.nodes !== m.nodes) {
          errors.push(`exhaustive rerun covered ${res.nodes} nodes${res.complete ? "" : " (incomplete)"}, the certificate says ${m.nodes}`);
        }
        if (res.value !== value) errors.push(`exhaustive rerun found a tour of ${res.value} moves, longer than the record's ${value}`);
      }
    } else if (m.status === "parity") {
      const b = parityBound({ hurdle, board: r.board, kind: r.kind });
      if (b !== m.bound) errors.push(`parity bound recomputed as ${b}, the record says ${m.bound}`);
      if (value !== m.bound) errors.push(`the parity bound ${m.bound} is not attained (witness ${value ?? "none"})`);
    }
  } catch (e) {
    errors.push(errorMessage(e));
  }
  const m = r.established.maximality;
  const proven = m.status === "all-squares" || m.status === "exhaustive" || m.status === "parity";
  const maximality: CheckResult["maximality"] = m.status === "exhaustive"
    ? "proven-here"
    : m.status === "all-squares" || m.status === "parity"
    ? "by-construction"
    : r.claim && r.claim.status !== "example"
    ? "cited"
    : "not-applicable";
  const claimValue = r.claim?.value ?? null;
  const regenerated = value !== null && claimValue !== null && value >= claimValue;
  // Ours beats a value the booklet calls absolute, or our proof caps it below the booklet's: the two disagree,
  // and the record must say so in the words of the independent brute-force re-check run now.
  const against = errors.length === 0 ? disagreement(r, value, proven) : null;
  if (against) {
    let expected: string | null = null;
    try {
      expected = disputeExplanation(r, against);
    } catch (e) {
      errors.push(`dispute re-check: ${errorMessage(e)}`);
    }
    if (!r.dispute || r.dispute.check !== against) {
      errors.push(`our code disagrees with the claim (${against}) but the record has no such dispute`);
    } else if (expected !== null && r.dispute.explanation !== expected) {
      errors.push(`the dispute's text is not what the re-check finds now: ${expected}`);
    }
  } else if (r.dispute && errors.length === 0) {
    errors.push(`the record disputes the claim (${r.dispute.check}) but our code no longer disagrees`);
  }
  try {
    nodes += checkReadings(r, all, errors);
  } catch (e) {
    errors.push(`readings: ${errorMessage(e)}`);
  }
  const ok = errors.length === 0;
  const disputed = ok && against !== null;
  let status: CheckResult["status"];
  if (!ok) status = "failed";
  else if (disputed) status = "disputed";
  else if (value === null || (claimValue !== null && value < claimValue)) status = r.claim ? "pending" : "pending";
  else if (proven) status = "proven-here";
  else status = regenerated ? "regenerated" : "verified";
  return {
    id: r.id,
    family: "hopper-tour",
    kind: r.kind,
    board: r.board,
    regenerated,
    ok,
    legal,
    lengthMatches,
    solutions: null,
    unique: null,
    access: null,
    nodes,
    milliseconds: performance.now() - t0,
    errors,
    maximality,
    maximalityArgument: "argument" in m ? m.argument : undefined,
    status,
  };
}

export const hopperTourFamily: FamilyVerifier = {
  family: "hopper-tour",
  files: [familyPaths("hopper-tour").records],
  verify(options) {
    const all = (options.files ?? this.files).flatMap(loadHopperTourRecords);
    return checkEach(all, options, (r) => checkHopperTourRecord(r, all));
  },
};
