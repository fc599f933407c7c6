/**
 * The Dawson-type grasshopper open tour over k fixed hurdles on 8x8 from one
 * start, by the incremental placement enumeration of
 * solvers/hopper/dawson-enum.ts, run in slices and resumable: the state file
 * holds one entry per finished slice (counts, CPU seconds, every placement
 * with a tour) and is rewritten atomically after each slice; a rerun skips the
 * slices it holds. The run is exhaustive for that start when every slice is
 * done and no decision was truncated.
 *
 *   deno run -A scripts/families/hopper/dawson-enum.ts --start c1 --hurdles 11 \
 *     --slices 64 --depth 8 --out .cache/dawson/open-h11-c1.json [--nodes N] [--first]
 */
import { parseArgs } from "node:util";
import { existsSync, readFileSync } from "node:fs";
import process from "node:process";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { type EnumResult, enumeratePlacements } from "../../../solvers/hopper/dawson-enum.ts";
import { writeFileAtomic } from "../../lib/cli.ts";
import { codeVersion } from "../../lib/version.ts";

export type SliceResult = Omit<EnumResult, "subtrees" | "complete"> & {
  slice: number;
  cpuSeconds: number;
  tours: { hurdles: string[]; moves: string[] }[];
};
export interface EnumRun {
  method: string;
  board: [number, number];
  start: string;
  hurdles: number;
  slices: number;
  sliceDepth: number;
  nodesPerPlacement: number | null;
  subtrees: number | null;
  /** The code that started the run, and when. */
  codeVersion: string;
  date: string;
  done: SliceResult[];
}

const { values } = parseArgs({
  options: {
    start: { type: "string", default: "c1" },
    hurdles: { type: "string", default: "11" },
    slices: { type: "string", default: "64" },
    depth: { type: "string", default: "8" },
    nodes: { type: "string" },
    out: { type: "string" },
    first: { type: "boolean", default: false },
  },
});
const board = makeBoard([8, 8]);
const start = parseSquare(board, values.start!);
const k = Number(values.hurdles), slices = Number(values.slices), depth = Number(values.depth);
const out = values.out ?? `.cache/dawson/open-h${k}-${values.start}.json`;
const nodesPer = values.nodes ? Number(values.nodes) : null;
const run: EnumRun = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : {
  method: "incremental placement enumeration under the entry condition, exit filter, directed Hamiltonian path search (solvers/hopper/dawson-enum.ts)",
  board: [8, 8],
  start: values.start!,
  hurdles: k,
  slices,
  sliceDepth: depth,
  nodesPerPlacement: nodesPer,
  subtrees: null,
  codeVersion: codeVersion(),
  date: new Date().toISOString().slice(0, 10),
  done: [],
};
if (run.start !== values.start || run.hurdles !== k || run.slices !== slices || run.sliceDepth !== depth || run.nodesPerPlacement !== nodesPer) {
  throw new Error(`${out} holds a run with other parameters`);
}
const name = (s: number) => squareName(board, s);
const have = new Set(run.done.map((d) => d.slice));
const total = () => run.done.reduce((a, d) => ({ entry: a.entry + d.entry, tours: a.tours + d.withTour, cpu: a.cpu + d.cpuSeconds }), { entry: 0, tours: 0, cpu: 0 });
for (let s = 0; s < slices; s++) {
  if (have.has(s)) continue;
  const before = process.cpuUsage();
  const tours: SliceResult["tours"] = [];
  const r = enumeratePlacements({
    w: 8,
    h: 8,
    hurdles: k,
    start,
    slice: s,
    slices,
    sliceDepth: depth,
    nodesPerPlacement: nodesPer ?? undefined,
    onTour: (hs, moves) => {
      tours.push({ hurdles: hs.map(name), moves: moves.map(name) });
      return !values.first;
    },
  });
  const used = process.cpuUsage(before);
  const cpuSeconds = +((used.user + used.system) / 1e6).toFixed(2);
  run.subtrees = r.subtrees;
  const { subtrees: _s, complete: _c, ...counts } = r;
  run.done.push({ slice: s, ...counts, cpuSeconds, tours });
  run.done.sort((a, b) => a.slice - b.slice);
  writeFileAtomic(out, JSON.stringify(run, null, 1) + "\n");
  const t = total();
  console.error(`slice ${s}/${slices}: entry ${r.entry}, exit ${r.exit}, tours ${r.withTour}, truncated ${r.truncated}, ${cpuSeconds} s CPU; ${run.done.length}/${slices} done, ${t.entry} survivors, ${t.tours} tours, ${t.cpu.toFixed(1)} s CPU`);
  if (tours.length) console.error(JSON.stringify(tours[0]));
  if (values.first && tours.length) break;
}
