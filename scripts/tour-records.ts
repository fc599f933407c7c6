/**
 * deno run -A scripts/tour-records.ts [--count-6x6] — (re)generate
 * data/tours/records.json: the smallest boards with closed tours of the booklet's
 * leapers (witnesses by our search), the knight's tour counts of the thesis
 * (5×5 counted here; 6×6 counted with --count-6x6, about a minute, else kept
 * from the existing file), the longest closed king tours (exhaustive up to 6×6;
 * beyond, simulated annealing, king-anneal.ts: odd n up to 15 reach the proven
 * lower bound 2n, which settles them and checks the booklet's conjecture),
 * and tours on cubes. Written atomically; verify checks the result.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBoard } from "../solvers/board/board.ts";
import { squareName } from "../solvers/board/squares.ts";
import { findTour } from "../solvers/tour/finder.ts";
import { countDirectedOpenTours } from "../solvers/tour/count.ts";
import { kingLowerBound, longestKingTour } from "../solvers/tour/king.ts";
import { annealKingTour } from "../solvers/tour/king-anneal.ts";
import { type TourRecord, TourRecordFile } from "../solvers/tour/schema.ts";
import { tourVerdict } from "../solvers/tour/theorem.ts";
import { LEAPER_NAMES } from "../solvers/pieces/names.ts";
import { errorMessage, writeFileAtomic } from "./lib/cli.ts";
import { BOOKLET_FILE, ROOT } from "./lib/paths.ts";

export const TOUR_RECORDS = join(ROOT, "data", "tours", "records.json");
const THESIS_FILE = "shared/sources/002_e8a1774bd7a09214.txt";
const today = new Date().toISOString().slice(0, 10);
const booklet = (line: number) => ({ author: "Václav Kotěšovec", publication: "Application of Graph Theory in Chess Problems", year: 2009, source: { file: BOOKLET_FILE, line } });
const thesis = (line: number) => ({ author: "diploma thesis (Univerzita Hradec Králové), after its source [33]", publication: "Hamiltonian graphs and the knight's tour (CheGra)", year: null, source: { file: THESIS_FILE, line } });

function leapName(leap: readonly [number, number]): string {
  return LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1])?.name.toLowerCase() ?? `leaper-${leap[0]}-${leap[1]}`;
}

function witnessOf(board: ReturnType<typeof makeBoard>, leap: readonly [number, number], closed: boolean): TourRecord["witness"] {
  const t0 = performance.now();
  const r = findTour({ board, leap, closed, seed: 1 });
  if (!r.tour) return null;
  return {
    squares: Array.from(r.tour, (s) => squareName(board, s)),
    closed,
    origin: "generated",
    generatedBy: { method: `findTour (${r.method})`, seconds: +((performance.now() - t0) / 1000).toFixed(3), date: today },
  };
}

function smallestBoards(): TourRecord[] {
  const cells: [[number, number], number, number][] = [
    [[1, 4], 10, 2258],
    [[2, 3], 10, 2794],
    [[1, 6], 14, 2327],
    [[3, 4], 14, 3225],
    [[2, 5], 14, 2955],
    [[4, 5], 18, 3374],
    [[5, 6], 22, 3462],
    [[6, 7], 26, 3584],
  ];
  return cells.map(([leap, n, line]) => {
    const board = makeBoard([n, n]);
    return {
      id: `tour-smallest-closed-${leapName(leap)}`,
      family: "tour",
      kind: "smallest-closed-board",
      piece: { type: "leaper", leap },
      board: [n, n],
      closed: true,
      exists: true,
      claim: { ...booklet(line), value: String(n), status: "absolute", counts: "side of the smallest square board with a closed tour through all squares" },
      witness: witnessOf(board, leap, true),
      established: {
        value: String(n),
        method: "closed tour found by our search on n×n; every smaller side excluded by theorem",
        argument: `sides below ${2 * leap[1]}: the centre square has no move; sides ${2 * leap[1]}..${2 * (leap[0] + leap[1]) - 1}: Knuth (1994) or the colour count (theorem.ts)`,
        settledHere: true,
        seconds: null,
        date: today,
      },
    };
  });
}

function counts(previous: TourRecord[], count6: boolean): TourRecord[] {
  const out: TourRecord[] = [];
  const t5 = performance.now();
  const c5 = countDirectedOpenTours(makeBoard([5, 5]), [1, 2]);
  const s5 = (performance.now() - t5) / 1000;
  let v6: string | null = previous.find((r) => r.id === "tour-count-knight-6x6-open")?.established.value ?? null;
  let s6: number | null = previous.find((r) => r.id === "tour-count-knight-6x6-open")?.established.seconds ?? null;
  if (count6) {
    const t = performance.now();
    v6 = String(countDirectedOpenTours(makeBoard([6, 6]), [1, 2]).directedOpen);
    s6 = (performance.now() - t) / 1000;
  }
  const row = (n: number, value: string, ours: string | null, seconds: number | null): TourRecord => ({
    id: `tour-count-knight-${n}x${n}-open`,
    family: "tour",
    kind: "tour-count",
    piece: { type: "leaper", leap: [1, 2] },
    board: [n, n],
    closed: false,
    claim: { ...thesis(680), value, status: "exact", counts: "directed open knight's tours (each path once per direction)" },
    witness: null,
    established: {
      value: ours,
      method: ours ? "exhaustive count with the exact engine, one start per symmetry orbit" : "cited only",
      argument: null,
      settledHere: ours !== null,
      seconds: seconds === null ? null : +seconds.toFixed(3),
      date: today,
    },
  });
  out.push(row(5, "1728", String(c5.directedOpen), s5));
  out.push(row(6, "6637920", v6, s6));
  out.push(row(7, "165575218320", null, null));
  out.push(row(8, "19591828170979904", null, null));
  out.push({
    id: "tour-count-knight-8x8-closed",
    family: "tour",
    kind: "tour-count",
    piece: { type: "leaper", leap: [1, 2] },
    board: [8, 8],
    closed: true,
    claim: { ...thesis(650), value: "13267364410532", status: "exact", counts: "undirected closed knight's tours (McKay; Wegener)" },
    witness: null,
    established: { value: null, method: "cited only", argument: null, settledHere: false, seconds: null, date: today },
  });
  return out;
}

function kingTours(): TourRecord[] {
  // The booklet's table (000 lines 3612–3626): orthogonal steps and status per n.
  const claims: [number, number, "absolute" | "probable", number][] = [
    [2, 2, "absolute", 3615],
    [3, 6, "absolute", 3617],
    [4, 4, "absolute", 3619],
    [5, 10, "absolute", 3621],
    [6, 6, "absolute", 3623],
    [7, 14, "probable", 3625],
    [8, 10, "probable", 3627],
  ];
  // The booklet's conjecture (000 lines 3644–3654): ort(n) = 2n for odd n, n + 2 for even n > 6. Odd boards past its table.
  const conjecture: [number, number, "probable", number][] = [9, 11, 13, 15].map((n) => [n, 2 * n, "probable", 3653]);
  return [...claims, ...conjecture].map(([n, ort, status, line]) => {
    const t0 = performance.now();
    let tour: Int32Array | null = null;
    let value: string | null = null;
    let settled = false;
    let argument: string | null = null;
    if (n <= 6) {
      const r = longestKingTour(n);
      tour = r.tour;
      value = String(r.orthogonal);
      settled = r.exhaustiveBelow;
      argument = "every smaller even number of orthogonal steps searched exhaustively (exact pruning, king.ts)";
    } else {
      // Beyond 6×6: annealing towards the claimed value; for odd n that value is the proven lower bound 2n.
      const r = annealKingTour(n, ort, { seed: 1 });
      if (r.tour) {
        tour = r.tour;
        value = String(r.orthogonal);
        settled = n % 2 === 1 && r.orthogonal === kingLowerBound(n);
        argument = settled ? `odd n: at least 2n = ${2 * n} orthogonal steps by the run-parity argument (king.ts), and the witness has ${2 * n}` : null;
      }
    }
    const board = makeBoard([n, n]);
    return {
      id: `tour-longest-king-${n}x${n}`,
      family: "tour",
      kind: "longest-king-tour",
      piece: { type: "king" },
      board: [n, n],
      closed: true,
      claim: {
        ...booklet(line),
        value: String(ort),
        status,
        counts: "orthogonal steps of the geometrically longest closed king tour (length = ort + (n² − ort)·√2)",
        ...(n > 8 ? { note: "the booklet's conjecture for odd n (ort(n) = 2n), beyond its table" } : {}),
      },
      witness: tour
        ? {
          squares: Array.from(tour, (s) => squareName(board, s)),
          closed: true,
          origin: "generated",
          generatedBy: { method: n <= 6 ? "king.ts depth-first search with orthogonal-step budget" : "king-anneal.ts simulated annealing (2-opt)", seconds: +((performance.now() - t0) / 1000).toFixed(3), date: today },
        }
        : null,
      established: { value, method: value ? (n <= 6 ? "search (king.ts)" : "simulated annealing (king-anneal.ts)") : "not reached by our search", argument, settledHere: settled, seconds: +((performance.now() - t0) / 1000).toFixed(3), date: today },
    };
  });
}

function cubeTours(): TourRecord[] {
  const out: TourRecord[] = [];
  const cases: [[number, number], number[]][] = [[[1, 2], [2, 3, 4, 5, 6]], [[0, 1], [2, 3]], [[2, 3], [5, 6]], [[1, 4], [7, 8]], [[3, 4], [7, 8]]];
  for (const [leap, sides] of cases) {
    for (const k of sides) {
      for (const closed of [false, true]) {
        const board = makeBoard([k, k, k]);
        const v = tourVerdict(board, leap, closed);
        const witness = v.exists === false ? null : witnessOf(board, leap, closed);
        if (v.exists !== false && !witness) continue;
        out.push({
          id: `tour-cube-${leapName(leap)}-${k}x${k}x${k}-${closed ? "closed" : "open"}`,
          family: "tour",
          kind: "cube-tour",
          piece: { type: "leaper", leap },
          board: [k, k, k],
          closed,
          exists: v.exists !== false,
          claim: null,
          witness,
          established: {
            value: null,
            method: v.exists === false ? `theorem: ${v.theorem}` : "tour found by our search",
            argument: v.exists === false ? v.reason : null,
            settledHere: true,
            seconds: null,
            date: today,
          },
        });
      }
    }
  }
  return out;
}

if (import.meta.main) {
  try {
    const previous = existsSync(TOUR_RECORDS) ? TourRecordFile.parse(JSON.parse(readFileSync(TOUR_RECORDS, "utf8"))).records : [];
    const file = TourRecordFile.parse({
      family: "tour",
      description:
        "Tours beyond the leaper table: smallest boards with closed leaper tours, knight's tour counts, longest closed king tours, tours on cubes. Generated by scripts/tour-records.ts; checked by deno task verify.",
      records: [...smallestBoards(), ...counts(previous, Deno.args.includes("--count-6x6")), ...kingTours(), ...cubeTours()],
    });
    writeFileAtomic(TOUR_RECORDS, JSON.stringify(file, null, 1) + "\n");
    console.log(`wrote ${file.records.length} tour records to ${TOUR_RECORDS}`);
  } catch (e) {
    console.error(`error: ${errorMessage(e)}`);
    Deno.exit(1);
  }
}
