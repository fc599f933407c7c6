/** The benchmarks `deno task bench` runs. Each returns what it computed. */
import { readFileSync } from "node:fs";
import { parseBoard } from "../../solvers/board/board.ts";
import { parseLeaper } from "../../solvers/pieces/leaper.ts";
import { boardGraph } from "../../solvers/graph/graph.ts";
import { countHamiltonianPaths } from "../../solvers/hamiltonian/engine.ts";
import { checkRecord } from "../../solvers/records/check.ts";
import { RecordFile } from "../../solvers/records/schema.ts";
import { LEAPER_RECORDS } from "./paths.ts";
import { findDualFreeWitness } from "../../solvers/leaper/dual-free-search.ts";

export interface Benchmark {
  name: string;
  description: string;
  /** Repetitions, when the default would be too many for a long job. */
  runs?: number;
  anchor?: { what: string; seconds: number; source: string };
  run(): Record<string, unknown>;
}

function countTours(board: string, piece: string, closed: boolean, prune: boolean) {
  const b = parseBoard(board);
  const g = boardGraph(b, parseLeaper(piece));
  let solutions = 0;
  let nodes = 0;
  const starts = closed ? [0] : Array.from({ length: b.size }, (_, i) => i);
  for (const start of starts) {
    const r = countHamiltonianPaths(g, { start, closed, prune });
    solutions += r.solutions;
    nodes += r.nodes;
  }
  return { solutions, nodes };
}

export const BENCHMARKS: Benchmark[] = [
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
      const file = RecordFile.parse(JSON.parse(readFileSync(LEAPER_RECORDS, "utf8")));
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
