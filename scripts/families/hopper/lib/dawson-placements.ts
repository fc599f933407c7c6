/**
 * The Dawson-type 11-hurdle open tour by placement, restricted by our reading
 * of the booklet's diagram 21 (solvers/hopper/dawson-placements.ts). Prints
 * one JSON line: what was enumerated, how much passed the filters, any tour.
 *
 *   deno run -A scripts/families/hopper/lib/dawson-placements.ts --start c1 \
 *     --pins a6=9,g4=33,... --hurdles c7,b3,f5 --free e7,f7,... [--total 11] [--nodes 20000]
 */
import { intOption, parseArgs } from "../../../lib/options.ts";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import { searchPlacements } from "../../../../solvers/hopper/dawson-placements.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    start: { type: "string", default: "c1" },
    pins: { type: "string", default: "" },
    hurdles: { type: "string", default: "" },
    free: { type: "string", default: "" },
    total: { type: "string", default: "11" },
    nodes: { type: "string", default: "20000" },
  },
});
const board = makeBoard([8, 8]);
const list = (s: string) => s.split(",").filter(Boolean);
const pins = new Map(
  list(values.pins).map((t) => {
    const [s, m] = t.split("=");
    return [parseSquare(board, s), intOption("pins", m ?? "", { min: 1 })] as [number, number];
  }),
);
const t0 = performance.now();
const r = searchPlacements({
  w: 8,
  h: 8,
  hurdles: intOption("total", values.total, { min: 1 }),
  start: parseSquare(board, values.start),
  pins,
  fixedHurdles: list(values.hurdles).map((s) => parseSquare(board, s)),
  fixedFree: list(values.free).map((s) => parseSquare(board, s)),
  nodesPerPlacement: intOption("nodes", values.nodes, { min: 1 }),
});
const name = (s: number) => squareName(board, s);
console.log(JSON.stringify({
  ...values,
  placements: r.placements,
  passed: r.passed,
  truncated: r.truncated,
  seconds: +((performance.now() - t0) / 1000).toFixed(1),
  found: r.found && { hurdles: r.found.hurdles.map(name), moves: r.found.moves.map(name) },
}));
