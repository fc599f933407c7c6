/**
 * Exhaustive runs of the Dawson-type grasshopper open tour (atlas prove hopper):
 * a grasshopper tours every free square of 8x8 once over k fixed hurdles. The
 * incremental placement enumeration of solvers/hopper/dawson-enum.ts (every
 * placement in which each free square but the start can be entered, then the
 * exit filter and a directed Hamiltonian path search) runs from one start, or
 * from each of the 10 starts up to symmetry, in slices of its search tree.
 *
 *   atlas prove hopper dawson-open --hurdles 11 --start c1
 *   atlas prove hopper dawson-open --hurdles 10 --all-starts
 *
 * Options:
 *   --hurdles K       hurdles (1-20, required)
 *   --start SQ        the grasshopper's start (a square of 8x8), or
 *   --all-starts      each start up to symmetry: a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
 *   --slices N        slices of the search tree (default 16)
 *   --depth D         depth at which the tree is cut into slices (default 6)
 *   --nodes N         path-search nodes per placement before it counts as
 *                     truncated (default: no limit, so the run is exhaustive)
 *   --first           stop at the first tour (a hunt, not an exhaustive run)
 *   --out FILE        the run file (default data/hopper/proofs/dawson/open-h<K>-<SQ>.json;
 *                     only with --start)
 *
 * The run file holds one entry per finished slice (counts, CPU seconds, every
 * placement with a tour) and is rewritten atomically after each slice (the run
 * mechanism's runs of pieces, scripts/lib/run/pieces.ts), so an
 * interrupted run loses at most the slice in progress: rerunning the same
 * command skips the slices the file holds. A file of other parameters is
 * refused. The run is exhaustive for its start when every slice is done and no
 * decision was truncated; `atlas records hopper` reads the runs, replays every
 * tour and publishes the witness and what the runs covered.
 */
import { relative } from "node:path";
import process from "node:process";
import { cpuTimer } from "../../lib/cpu.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../solvers/board/squares.ts";
import { enumeratePlacements, type EnumResult } from "../../../solvers/hopper/dawson-enum.ts";
import { CliError, headerUsage, parseCommandLine } from "../../lib/cli.ts";
import { codeVersion } from "../../lib/version.ts";
import { intOption } from "../../lib/options.ts";
import { runPieces } from "../../lib/run/pieces.ts";
import { DAWSON_STARTS, dawsonRunPath } from "./lib/dawson-runs.ts";

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

const METHOD =
  "incremental placement enumeration under the entry condition, exit filter, directed Hamiltonian path search (solvers/hopper/dawson-enum.ts)";

export interface DawsonRunOptions {
  hurdles: number;
  start: string;
  slices: number;
  depth: number;
  nodes: number | null;
  first: boolean;
  out: string;
  quiet?: boolean;
}

/** Run (or continue) one start's run file; returns it when every slice is done or the first tour stopped it. */
export function runDawson(o: DawsonRunOptions): EnumRun {
  const board = makeBoard([8, 8]);
  const start = parseSquare(board, o.start);
  const name = (s: number) => squareName(board, s);
  // Continue the run file of these parameters, refuse one of others, or begin afresh.
  const open = (json: unknown | null): EnumRun => {
    const run = json as EnumRun | null;
    if (!run) {
      return {
        method: METHOD,
        board: [8, 8],
        start: o.start,
        hurdles: o.hurdles,
        slices: o.slices,
        sliceDepth: o.depth,
        nodesPerPlacement: o.nodes,
        subtrees: null,
        codeVersion: codeVersion(),
        date: new Date().toISOString().slice(0, 10),
        done: [],
      };
    }
    if (
      run.start !== o.start || run.hurdles !== o.hurdles || run.slices !== o.slices || run.sliceDepth !== o.depth ||
      run.nodesPerPlacement !== o.nodes
    ) {
      throw new CliError(
        `${o.out} holds a run of start ${run.start}, ${run.hurdles} hurdles, ${run.slices} slices at depth ${run.sliceDepth}, node limit ${run.nodesPerPlacement}: ` +
          "continue it with those options, or give another --out",
      );
    }
    return run;
  };
  const slice = (run: EnumRun, s: number) => {
    const timer = cpuTimer();
    const tours: SliceResult["tours"] = [];
    const r = enumeratePlacements({
      w: 8,
      h: 8,
      hurdles: o.hurdles,
      start,
      slice: s,
      slices: o.slices,
      sliceDepth: o.depth,
      nodesPerPlacement: o.nodes ?? undefined,
      onTour: (hs, moves) => {
        tours.push({ hurdles: hs.map(name), moves: moves.map(name) });
        return !o.first;
      },
    });
    const cpuSeconds = +timer.seconds().toFixed(2);
    run.subtrees = r.subtrees;
    const { subtrees: _s, complete: _c, ...counts } = r;
    run.done.push({ slice: s, ...counts, cpuSeconds, tours });
    run.done.sort((a, b) => a.slice - b.slice);
    const entry = run.done.reduce((a, d) => a + d.entry, 0), found = run.done.reduce((a, d) => a + d.withTour, 0);
    return {
      label:
        `${o.start}, ${o.hurdles} hurdles: slice ${s} (${r.entry} placements pass the entry condition, ${r.withTour} with a tour, ${r.truncated} truncated, ${cpuSeconds} s CPU)`,
      note: `${entry} placements, ${found} with a tour`,
      stop: o.first && tours.length > 0,
    };
  };
  return runPieces({
    path: o.out,
    notJson: () => `${o.out} is not a run file (not JSON); move it away to start afresh`,
    open,
    count: o.slices,
    finished: (run) => run.done.map((d) => d.slice),
    piece: slice,
    unit: "slices",
    indent: 1,
    quiet: o.quiet,
  });
}

export function run(args: string[]): number {
  const usage = headerUsage(import.meta.url);
  const { values, positionals } = parseCommandLine(
    args,
    {
      hurdles: { type: "string" },
      start: { type: "string" },
      "all-starts": { type: "boolean" },
      slices: { type: "string" },
      depth: { type: "string" },
      nodes: { type: "string" },
      first: { type: "boolean" },
      out: { type: "string" },
    },
    usage,
    true,
  );
  if (positionals.length !== 1 || positionals[0] !== "dawson-open") {
    throw new CliError(
      `atlas prove hopper: name the run (dawson-open), got ${positionals.length ? `"${positionals.join(" ")}"` : "nothing"} (try --help)`,
    );
  }
  const hurdles = intOption("hurdles", values.hurdles, { min: 1, max: 20 });
  if (hurdles === undefined) throw new CliError("--hurdles K is required (try --help)");
  if ((values.start === undefined) === !values["all-starts"]) throw new CliError("give either --start SQ or --all-starts");
  if (values["all-starts"] && values.out) throw new CliError("--out names one start's run file: use it with --start");
  if (values.start !== undefined && !/^[a-h][1-8]$/.test(values.start)) {
    throw new CliError(`--start wants a square of 8x8 (a1-h8), got "${values.start}"`);
  }
  const slices = intOption("slices", values.slices, { min: 1, max: 1 << 20 }) ?? 16;
  const depth = intOption("depth", values.depth, { min: 0, max: 64 }) ?? 6;
  const nodes = intOption("nodes", values.nodes, { min: 1 }) ?? null;
  const starts = values.start !== undefined ? [values.start] : DAWSON_STARTS;
  let found = 0, truncated = 0;
  for (const start of starts) {
    const out = values.out ?? dawsonRunPath(hurdles, start);
    const r = runDawson({ hurdles, start, slices, depth, nodes, first: values.first ?? false, out });
    const t = r.done.reduce(
      (a, d) => ({
        entry: a.entry + d.entry,
        tours: a.tours + d.withTour,
        truncated: a.truncated + d.truncated,
        cpu: a.cpu + d.cpuSeconds,
      }),
      { entry: 0, tours: 0, truncated: 0, cpu: 0 },
    );
    found += t.tours;
    truncated += t.truncated;
    console.log(
      `${start}, ${hurdles} hurdles: ${r.done.length}/${r.slices} slices, ${t.entry} placements pass the entry condition, ${t.tours} with a tour, ${t.truncated} truncated, ${
        t.cpu.toFixed(1)
      } s CPU (${relative(process.cwd(), out) || out})`,
    );
    if (values.first && t.tours > 0) break;
  }
  if (!values.first && truncated === 0) {
    console.log(`exhaustive: ${found} placement(s) with a tour from ${starts.length === 1 ? starts[0] : "every start up to symmetry"}`);
  }
  return 0;
}
