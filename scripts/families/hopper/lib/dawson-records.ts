/**
 * The Dawson tour records: the closed tour of diagram 22 completed by search, and the open tour over 11 hurdles
 * with its notes, both read from the finished runs of `atlas prove hopper dawson-open` (each tour replayed first).
 */
import { existsSync } from "node:fs";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import { hopper } from "../../../../solvers/pieces/hopper.ts";
import { occupancy } from "../../../../solvers/hopper/serienziel.ts";
import { countTours, tourGraph } from "../../../../solvers/hopper/tour.ts";
import { type HopperRecord, type HopperWitness } from "../../../../solvers/hopper/schema.ts";
import { fail } from "../../../lib/cli.ts";
import type { EnumRun } from "../prove.ts";
import { DAWSON_STARTS, dawsonRunPath, dawsonRunProblems } from "./dawson-runs.ts";
import { BOARD, claim, names, readJson } from "./booklet.ts";

/** What the Dawson-type 11-hurdle hunt searched (its record's budget until a tour is found). */
const DAWSON_OPEN_BUDGET =
  "diagram 21 is barely legible in the OCR; our lazy-placement hunt (solvers/hopper/dawson-hunt.ts: the path walked from c1, the start the booklet's text leaves for 11 hurdles, each square decided free or hurdle as a jump first needs it, cut when a free square can no longer be entered or two can no longer be left, fewest-exits order with random ties) ran 300 restarts of 100,000 nodes (30,000,001 nodes, 17.6 s CPU, seed 1) and reached at most 41 of the 52 moves; the same hunt finds 22-hurdle tours in 0.25 s and reaches 40-42 moves with 13-14 hurdles, but the 11-hurdle tour (unique up to symmetry by the booklet) is one placement among about 5.6e11 and was not reached. " +
  "A second hunt read 13 move numbers off the diagram's OCR rows (f1 8, a6 9, g4 33, e6 34, a2 35, h7 40, b7 41, d7 42, d1 44, a4 45, c2 46, g6 47, b1 52; our reading, not certain) and searched by placement (solvers/hopper/dawson-placements.ts: every placement of the hurdles not fixed, kept only when every free square but the start can be entered, at most one cannot be left and each pair of consecutive read moves is a jump, then a directed depth-first search with the read moves pinned; scripts/families/hopper/lib/dawson-placements.ts). " +
  "The read moves force the hurdles c7 (h7-b7-d7), b3 (e6-a2, d1-a4), f5 (g4-e6, c2-g6) and b5 (f1-a6) and make e7, f7, g7, d3, e4, d5, c4, e2 free; b1 52 was left out (it needs b2 a hurdle with b3 free, or c1 a hurdle). " +
  "With the other 12 read moves, none of the C(39,7) = 15,380,937 placements of the remaining 7 hurdles passes the filters, for each start symmetric to c1 that the reading leaves open (c1, c8, f8, a3, h3, h6: 92,285,622 placements, about 300 s at nice 10); without f1 8 (b5 no longer forced), start c1, none of the C(41,8) = 95,548,245 placements passes either (206 s CPU). " +
  "So at least one more of the read numbers is wrong (with c1 the start, each of nine disjoint groups of squares needs a hurdle beside the three forced ones, for h8, a8, a1, h1, d1, e8, h5, a5 and d4 are each a hurdle or entered over a hurdle that the read squares leave only in its group: g8 h8; a7 b8 a8; a1 b1 b2; h1 g1 g2 h2; d2 e1; e8 d8 f8; h4 h5 h6; a5 b4 b5 b6; d4 c3 e3 c5 e5; 12 hurdles in all); a witness needs a better reading of diagram 21 or the unrestricted search";

interface DawsonRunSummary {
  start: string;
  entry: number;
  exit: number;
  withTour: number;
  nodes: number;
  cpuSeconds: number;
  tours: { hurdles: string[]; moves: string[] }[];
}
/** The finished runs for k hurdles, every start up to symmetry; null when one is missing, unfinished or truncated. */
function dawsonRuns(k: number): DawsonRunSummary[] | null {
  const out: DawsonRunSummary[] = [];
  for (const start of DAWSON_STARTS) {
    const path = dawsonRunPath(k, start);
    if (!existsSync(path)) return null;
    const run = readJson(path) as EnumRun;
    if (dawsonRunProblems(run, k, start).length) return null;
    const sum = (f: (d: EnumRun["done"][number]) => number) => run.done.reduce((a, d) => a + f(d), 0);
    out.push({
      start,
      entry: sum((d) => d.entry),
      exit: sum((d) => d.exit),
      withTour: sum((d) => d.withTour),
      nodes: sum((d) => d.nodes),
      cpuSeconds: +sum((d) => d.cpuSeconds).toFixed(1),
      tours: run.done.flatMap((d) => d.tours),
    });
  }
  return out;
}
/**
 * Every directed tour of all free squares from a run's start over its hurdles: how many, where they end,
 * and whether one ends on a square that jumps back to the start (a closed tour), after replaying the run's
 * own tour on the position's jump graph (each move a jump, every free square once).
 */
function dawsonPosition(t: { start: string; hurdles: string[]; moves: string[] }): { tours: number; ends: string[]; closes: boolean } {
  const g = tourGraph(
    hopper("grasshopper").rays(BOARD),
    parseSquare(BOARD, t.start),
    occupancy(BOARD, t.hurdles.map((h) => parseSquare(BOARD, h))),
  );
  const at = new Map(g.squares.map((q, v) => [squareName(BOARD, q), v]));
  const outOf = (v: number) => g.out.subarray(g.outStart[v], g.outStart[v + 1]);
  const path = [t.start, ...t.moves].map((m) => at.get(m) ?? -1);
  const jumps = path.every((v, i) => v >= 0 && (i === 0 || outOf(path[i - 1]).includes(v)));
  if (!jumps || new Set(path).size !== g.squares.length || path.length !== g.squares.length) {
    fail(`a Dawson run's tour from ${t.start} over ${t.hurdles.join(" ")} does not replay`);
  }
  const ends = new Set<string>();
  let closes = false;
  const c = countTours(g, {
    reach: true,
    onTour: (o) => {
      const last = o[o.length - 1];
      ends.add(squareName(BOARD, g.squares[last]));
      if (outOf(last).includes(o[0])) closes = true;
    },
  });
  return { tours: c.tours, ends: [...ends].sort(), closes };
}
const fmt = (n: number) => n.toLocaleString("en-US");

/** The closed and the open Dawson tour records. */
export function dawsonRecords(old: Map<string, HopperRecord>): HopperRecord[] {
  const records: HopperRecord[] = [];
  const closedId = "grasshopper-8x8-tour-closed-h12";
  // Diagram 22 (lines 3757-3791): 34 numbers legible; the 12 hurdles follow from the legible moves, and
  // exactly one closed tour of that position agrees with every legible number (see the note).
  const start = parseSquare(BOARD, "a1");
  const hs = "a2 b4 b7 c2 d6 d8 e1 e3 f5 g2 g7 h5".split(" ").map((s) => parseSquare(BOARD, s));
  const legible: Record<string, number> = {
    a8: 48,
    b8: 42,
    c8: 50,
    e8: 49,
    f8: 37,
    g8: 21,
    h8: 13,
    a6: 51,
    b6: 43,
    c6: 27,
    e6: 28,
    f6: 26,
    g6: 22,
    h6: 36,
    a4: 15,
    c4: 16,
    d4: 12,
    e4: 23,
    f4: 38,
    g4: 29,
    h4: 14,
    a3: 1,
    b3: 44,
    c3: 18,
    d3: 32,
    f3: 25,
    g3: 31,
    h3: 35,
    b1: 33,
    c1: 17,
    d1: 45,
    f1: 34,
    g1: 30,
    h1: 24,
  };
  const g = tourGraph(hopper("grasshopper").rays(BOARD), start, occupancy(BOARD, hs));
  const matches: string[][] = [];
  const t0 = performance.now();
  const all = countTours(g, {
    closed: true,
    onTour: (o) => {
      const sq = Array.from(o, (v) => squareName(BOARD, g.squares[v]));
      if (Object.entries(legible).every(([s, n]) => sq[n] === s)) matches.push(sq);
    },
  });
  const secs = (performance.now() - t0) / 1000;
  const w: HopperWitness | null = matches.length === 1
    ? {
      start: "a1",
      hurdles: names(BOARD, hs),
      moves: matches[0].slice(1),
      origin: "reconstructed",
      method: "published diagram 22 completed by search",
      notes: [
        `The OCR of diagram 22 shows 34 of the 51 move numbers (rows 8, 6, 4, 3 and 1). The moves between them force the 12 hurdles a2, b4, b7, c2, d6, d8, e1, e3, f5, g2, g7, h5; of the ${all.tours} directed closed tours of that position (${
          secs.toFixed(1)
        } s), exactly one agrees with every legible number.`,
      ],
    }
    : null;
  // A closed tour of all free squares is an open one from any of its squares whose last square jumps back to the
  // start, so the open-tour runs for every start up to symmetry decide it too: with k <= 11 hurdles the only
  // positions with an open tour are the 11-hurdle ones the runs list, and a closed tour needs one of their tours to close.
  // The runs for 1-11 hurdles, read once; each position with a tour replayed and counted once (both records use them).
  const dawson = Array.from({ length: 11 }, (_, i) => dawsonRuns(i + 1));
  const decidedOf = (k: number) =>
    (dawson[k - 1] ?? []).flatMap((r) => r.tours.map((t) => ({ k, start: r.start, ...t }))).map((t) => ({ t, p: dawsonPosition(t) }));
  const decided11 = decidedOf(11);
  const closedNotes: string[] = [];
  if (dawson.every((r) => r !== null)) {
    const decided = [...Array.from({ length: 10 }, (_, i) => decidedOf(i + 1)).flat(), ...decided11];
    const positions = decided.map((x) => x.t);
    const closing = decided.filter((x) => x.p.closes).map((x) => x.t);
    const tours = decided.reduce((a, x) => a + x.p.tours, 0);
    closedNotes.push(
      closing.length === 0
        ? `No closed tour of all free squares exists over 11 or fewer hurdles, so 51 moves over 12 hurdles is the longest closed tour: a closed tour is an open one, from any of its squares, whose last square jumps back to the start; our open-tour enumeration for every start up to symmetry and 1 to 11 hurdles finds ${positions.length} position${
          positions.length === 1 ? "" : "s"
        } with an open tour (${[...new Set(positions.map((t) => `${t.k} hurdles from ${t.start}`))].join(", ")}), and none of ${
          positions.length === 1 ? "its" : "their"
        } ${tours} tours ends on a square with a jump back to the start.`
        : `The open-tour enumeration finds ${closing.length} position${
          closing.length === 1 ? "" : "s"
        } of at most 11 hurdles with a closed tour (${closing.map((t) => `${t.start} over ${t.hurdles.join(" ")}`).join("; ")}).`,
    );
  }
  records.push({
    id: closedId,
    family: "hopper",
    kind: "tour-closed",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: 12,
    claim: claim(51, "probable", 3757, "longest closed tour; ends on a6, from where the grasshopper returns to a1"),
    witness: w,
    established: { value: w ? 51 : null, regenerated: false, proof: null },
    notes: [
      "Published by the booklet as diagram 22; the booklet calls it the longest closed tour without saying it was proven.",
      `The move order is not unique (not required for this task): ${all.tours} directed closed tours of all free squares exist in this position.`,
      ...closedNotes,
    ],
  });
  const openId = "grasshopper-8x8-tour-open-h11";
  const runs11 = dawson[10], runs10 = dawson[9];
  const openNotes: string[] = [];
  let found: HopperWitness | null = null;
  if (runs11) {
    const c1 = runs11.find((r) => r.start === "c1")!;
    const all = decided11.map((x) => x.t);
    const counts = decided11.map(({ p }) => `${p.tours} tours ending on ${p.ends.join(" or ")}`);
    const cpu = runs11.reduce((a, r) => a + r.cpuSeconds, 0);
    if (all.length > 0) {
      const t = all[0];
      found = {
        start: t.start,
        hurdles: t.hurdles,
        moves: t.moves,
        origin: "generated",
        method:
          `incremental placement enumeration (solvers/hopper/dawson-enum.ts): from ${t.start}, every placement of 11 hurdles in which each free square but the start can be entered (a hurdle next to it with a free square behind) is generated without visiting the others (${
            fmt(c1.nodes)
          } tree nodes, summed over 16 slices, among the C(63,11) = 6.2e11 placements): ${fmt(c1.entry)} placements, ${
            fmt(c1.exit)
          } of them with at most one free square that cannot be left, each decided by a directed Hamiltonian path search with a reachability cut; ${c1.withTour} have a tour; ${c1.cpuSeconds} s CPU`,
      };
    }
    openNotes.push(
      `Exhaustive here for every start up to symmetry (${DAWSON_STARTS.join(", ")}; ${
        fmt(runs11.reduce((a, r) => a + r.entry, 0))
      } placements pass the entry condition, ${cpu.toFixed(1)} s CPU in all): ` +
        `${all.length} placement${all.length === 1 ? "" : "s"} of 11 hurdles ${all.length === 1 ? "has" : "have"} a tour, ` +
        (all.length
          ? `from ${[...new Set(all.map((t) => t.start))].join(", ")} (hurdles ${all.map((t) => t.hurdles.join(" ")).join("; ")}); `
          : "") +
        `no other start has one, as the booklet says of a1, b1, b2, c2, c3, d1, d2, d3 and d4. ` +
        (all.length > 1 && new Set(all.map((t) => t.start)).size === 1
          ? `No symmetry of the board but the identity fixes ${
            all[0].start
          }, so these ${all.length} positions are different up to symmetry, against the booklet's "unique up to symmetry" (the witness is the first; the run's certificate holds a tour of each, and each replays as legal). The move order is not unique (nor asked to be): the positions have ${
            counts.join(" and ")
          }, in that order.`
          : ""),
    );
  }
  if (runs10) {
    const n10 = runs10.reduce((a, r) => a + r.withTour, 0);
    openNotes.push(
      `10 hurdles, every start up to symmetry, the same enumeration: ${
        fmt(runs10.reduce((a, r) => a + r.entry, 0))
      } placements pass the entry condition, ${n10} ${n10 === 1 ? "has" : "have"} a tour (${
        runs10.reduce((a, r) => a + r.cpuSeconds, 0).toFixed(1)
      } s CPU)` +
        (n10 === 0 ? ': the booklet\'s "10 hurdles allow no tour" holds.' : "."),
    );
  }
  const below = dawson.slice(0, 9);
  if (below.every((r) => r !== null)) {
    const sum = (runs: DawsonRunSummary[], f: (r: DawsonRunSummary) => number) => runs.reduce((a, r) => a + f(r), 0);
    const withTour = below.reduce((a, runs) => a + sum(runs!, (r) => r.withTour), 0);
    const passing = below.map((runs, i) => ({ k: i + 1, entry: sum(runs!, (r) => r.entry) })).filter((x) => x.entry > 0);
    openNotes.push(
      `1 to 9 hurdles, every start up to symmetry, the same enumeration: ${
        withTour === 0 ? "no placement has a tour" : `${withTour} placements have a tour`
      } ` +
        `(${
          passing.length
            ? passing.map((x) => `${x.k} hurdles: ${fmt(x.entry)} placements pass the entry condition`).join(", ") +
              "; fewer hurdles: none, "
            : ""
        }` +
        `${below.reduce((a, runs) => a + sum(runs!, (r) => r.cpuSeconds), 0).toFixed(1)} s CPU)` +
        (withTour === 0 ? ", so 11 is the fewest hurdles for a tour of all free squares." : "."),
    );
  }
  const prev = old.get(openId)?.witness ?? found;
  records.push({
    id: openId,
    family: "hopper",
    kind: "tour-open",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: 11,
    claim: claim(52, "absolute", 3747, "unique up to symmetry; 10 hurdles allow no tour of all free squares"),
    witness: prev,
    established: {
      value: prev ? 52 : null,
      regenerated: prev !== null,
      proof: null,
      ...(prev ? {} : { budget: DAWSON_OPEN_BUDGET }),
    },
    notes: ["Diagram 21 of the booklet; its hurdle squares and most move numbers are not legible in the OCR.", ...openNotes],
  });
  return records;
}
