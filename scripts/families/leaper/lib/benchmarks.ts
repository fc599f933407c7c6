/** The benchmarks `atlas bench leaper` runs. Each returns what it computed. */
import { readFileSync } from "node:fs";
import { parseBoard } from "../../../../solvers/board/board.ts";
import { checkRecord } from "../../../../solvers/leaper/check.ts";
import { RecordFile } from "../../../../solvers/leaper/schema.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { findDualFreeWitness } from "../../../../solvers/leaper/dual-free-search.ts";
import { cellOf, regenerateCell } from "../../../../solvers/leaper/regenerate.ts";
import {
  BOOKLET,
  certificateSeconds,
  countTours,
  HOUR,
  KNIGHT_8X8_ANCHOR,
  projected,
  projection,
  proveInProcess,
  recordsOf,
} from "./bench-measures.ts";
import { frontierProjections } from "./bench-frontier.ts";

export interface Benchmark {
  name: string;
  description: string;
  /** Repetitions, when the default would be too many for a long job. */
  runs?: number;
  anchor?: { what: string; seconds: number; source: string };
  /**
   * The figure set beside the anchor when it is not the run's own time: a
   * projection from a sample, or the CPU time a certificate measured. The ratio
   * is then anchor / figure (with the interval's bounds when there is one).
   */
  figure?: (output: Record<string, unknown>) => { seconds: number; interval?: [number, number]; basis: string };
  run(): Record<string, unknown>;
}

export const BENCHMARKS: Benchmark[] = [
  ...frontierProjections(),
  {
    name: "proof-knight-6x6-dual-free-32",
    description: "prove knight 6x6 dual-free 32 maximal: the whole free-squares enumeration in this process (no files)",
    anchor: { what: "knight 6x6 sd=32 by free squares, 2009", seconds: 17, source: `${BOOKLET}:900` },
    run: () => proveInProcess("leaper-1-2-dual-free-6x6"),
  },
  {
    name: "regenerate-all-cells-up-to-6x6",
    description: "regenerate every dual-free cell of 4x4, 5x5 and 6x6 (105 cells) from scratch, method auto, in this process",
    runs: 3,
    run() {
      let cells = 0;
      let regenerated = 0;
      let nodes = 0;
      for (const size of ["4x4", "5x5", "6x6"]) {
        for (const r of recordsOf((x) => x.tableCell && x.kind === "dual-free" && x.board.join("x") === size)) {
          const res = regenerateCell(cellOf(r), { budgetMs: 60_000 });
          cells++;
          if (res.reached) regenerated++;
          nodes += res.nodes;
        }
      }
      return { cells, regenerated, nodes };
    },
  },
  {
    name: "proof-wazir-7x7-dual-free-44",
    description: "prove wazir 7x7 dual-free 44 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-0-1-dual-free-7x7"),
  },
  {
    name: "proof-leaper-1-6-8x8-dual-free-42",
    description: "prove [1,6]-leaper 8x8 dual-free 42 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-1-6-dual-free-8x8"),
  },
  {
    name: "proof-leaper-1-3-7x7-dual-free-19",
    description: "prove [1,3]-leaper 7x7 dual-free 19 maximal, in this process",
    runs: 3,
    run: () => proveInProcess("leaper-1-3-dual-free-7x7"),
  },
  {
    name: "proof-knight-7x7-dual-free-41-certificate",
    description: "knight 7x7 dual-free 41 proven maximal here: the CPU time summed over the 8 shards of its certificate (not rerun)",
    runs: 1,
    anchor: {
      what: "knight 7x7 sd=41 full enumeration, estimated in 2009 (>2000 h; left probable)",
      seconds: 2000 * HOUR,
      source: `${BOOKLET}:1147`,
    },
    figure: (o) => ({ seconds: o.cpuSeconds as number, basis: "CPU seconds measured by the shards (certificate)" }),
    run: () => certificateSeconds("leaper-1-2-dual-free-7x7"),
  },
  {
    name: "projection-knight-7x7-dual-free-41",
    description:
      "projected total of the knight 7x7 sd=41 proof from a random sample (checks the projection against the measured certificate)",
    runs: 1,
    anchor: { what: "knight 7x7 sd=41 full enumeration, estimated in 2009 (>2000 h)", seconds: 2000 * HOUR, source: `${BOOKLET}:1147` },
    figure: projected,
    run: () => projection("leaper-1-2-dual-free-7x7", 100_000),
  },
  {
    name: "projection-knight-8x8-dual-free-53",
    description:
      "projected total of a proof that knight 8x8 sd=53 is maximal (free squares, k <= 9), from a random sample. Unreliable: the cost per position is heavy-tailed (most take microseconds, rare ones seconds), so the sample mean swings by orders of magnitude between seeds; prove --estimate with 7,170 other samples projected 164 years (0 s - 488 years). Read the ratio as a range, not a speed-up",
    runs: 1,
    anchor: KNIGHT_8X8_ANCHOR,
    figure: projected,
    // Positions cost ~18 ms each on average (heavy tail): 300,000 samples would take 1.5 h; 5,000 take about 2 minutes.
    run: () => projection("leaper-1-2-dual-free-8x8", 5_000),
  },
  {
    name: "projection-zebra-8x8-dual-free-52",
    description: "projected total of the zebra 8x8 sd=52 proof, from a random sample",
    runs: 1,
    anchor: { what: "zebra 8x8 sd=52 proven (free squares k <= 10), 2009", seconds: 2250 * HOUR, source: `${BOOKLET}:1071` },
    figure: projected,
    run: () => projection("leaper-2-3-dual-free-8x8", 300_000),
  },
  {
    name: "projection-giraffe-8x8-dual-free-57",
    description: "projected total of the giraffe 8x8 sd=57 proof, from a random sample",
    runs: 1,
    anchor: { what: "giraffe 8x8 sd=57 proven (free squares k <= 5), 2009", seconds: 150 * HOUR, source: `${BOOKLET}:2073` },
    figure: projected,
    run: () => projection("leaper-1-4-dual-free-8x8", 300_000),
  },
  {
    name: "projection-zebra-8x8-open-54",
    description: "projected total of the proof that no zebra open tour of 55 moves exists on 8x8, from a random sample",
    runs: 1,
    anchor: { what: "zebra 8x8 open tour 55 impossible, 2009", seconds: 260 * HOUR, source: `${BOOKLET}:1056` },
    figure: projected,
    run: () => projection("leaper-2-3-open-8x8", 300_000),
  },
  {
    name: "witness-knight-6x6-dual-free-32",
    description:
      "find a dual-free knight sequence of 32 men on 6x6 from scratch (free squares over the canonical starts); the booklet's 17 s is for the whole proof, not this",
    run() {
      const r = findDualFreeWitness(parseBoard("6x6"), [1, 2], 32, { budgetMs: 60_000 });
      return { found: r.witness !== null, men: r.witness?.moves.length ?? null, nodes: r.witness?.nodes ?? null };
    },
  },
  {
    name: "verify-leaper-table",
    description: "check every leaper record (legality, length, uniqueness of dual-free witnesses, access by BFS), in process",
    run() {
      const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
      const known = new Set(file.records.map((r) => r.id));
      let nodes = 0;
      let failed = 0;
      let checked = 0;
      for (const r of file.records) {
        const res = checkRecord(r, known);
        nodes += res.nodes;
        if (res.status === "failed") failed++;
        if (res.legal !== null || res.access !== null) checked++;
      }
      return { records: file.records.length, withWitnessOrAccess: checked, failed, nodes };
    },
  },
  {
    name: "engine-knight-5x5-open-tours",
    description: "count all directed open knight's tours of 5x5 (every start) with the engine's pruning",
    run: () => countTours("5x5", "knight", false, true),
  },
  {
    name: "engine-knight-5x5-open-tours-plain",
    description: "the same count by plain backtracking (no one-level tests, no degree pruning): the pruning's speed-up",
    runs: 3,
    run: () => countTours("5x5", "knight", false, false),
  },
  {
    name: "engine-knight-6x6-closed-tours",
    description: "count directed closed knight's tours of 6x6 through a1 (twice the undirected count)",
    runs: 3,
    run: () => countTours("6x6", "knight", true, true),
  },
];
