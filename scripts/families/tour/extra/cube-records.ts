/**
 * atlas cube-records tour [--only NAME] [--side K] [--free-squares-limit N] — (re)generate the
 * dual-free records on the 3x3x3 and 4x4x4 cubes in data/tours/records.json
 * (kind "dual-free"; the other tour records are kept as they are): for every
 * table leaper that moves on the cube, the longest dual-free sequence by
 * solvers/tour/cube-dual-free.ts (local search with a fixed step count, then,
 * where the space is small enough, exhaustive free-squares enumeration of every
 * longer length). Deterministic: the step counts and seeds below decide the
 * result, not the clock. About two minutes of CPU in all. --only runs one
 * leaper (name or x,y) and keeps the other dual-free records; --side runs one
 * cube size; --free-squares-limit raises the exhaustive stage's limit (the fers
 * on 4x4x4 needs 4.6e7 positions, about 40 minutes), with a line of progress
 * per length.
 */
import { existsSync, readFileSync } from "node:fs";
import { choiceOption, numberOption, parseArgs } from "../../../lib/options.ts";
import { squareName } from "../../../../solvers/board/squares.ts";
import { parseLeaper } from "../../../../solvers/pieces/leaper.ts";
import { cube, cubeDualFree, cubeLeapers } from "../../../../solvers/tour/cube-dual-free.ts";
import { type TourRecord, TourRecordFile } from "../../../../solvers/tour/schema.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../../lib/cli.ts";
import { leapName, TOUR_DESCRIPTION } from "../records.ts";
import { familyPaths } from "../../../lib/paths.ts";

const SIDES = [3, 4];
/** Local search steps: 2000 by default; the big 4x4x4 graphs get more (their steps are slower but pay off). */
const STEPS: Record<string, number> = { "0,1@4": 4000, "1,2@4": 5000 };
const DEFAULT_STEPS = 2000;
/** Exhaustive stage when the positions above the local bound total at most this (3x3x3 knight: 6.0e6, 16 s). */
const FREE_SQUARES_LIMIT = 1.2e7;
const today = new Date().toISOString().slice(0, 10);
const secs = (ms: number) => +(ms / 1000).toFixed(3);

export function cubeRecord(k: number, leap: [number, number], limit = FREE_SQUARES_LIMIT, progress = false): TourRecord {
  const board = cube(k);
  const steps = STEPS[`${leap[0]},${leap[1]}@${k}`] ?? DEFAULT_STEPS;
  const t0 = Date.now();
  const onLength = progress
    ? (L: number, positions: number, left: number) =>
      console.log(
        `  [${leap}] ${k}x${k}x${k}: length ${L} (${positions.toExponential(2)} positions, ${left} lengths left) at ${
          secs(Date.now() - t0)
        } s`,
      )
    : undefined;
  const r = cubeDualFree(board, leap, { localSteps: steps, seed: 1, freeSquaresLimit: limit, onLength });
  const positions = r.refuted.reduce((a, c) => a + c.positions, 0);
  const calls = r.refuted.reduce((a, c) => a + c.engineCalls, 0);
  const argument = !r.proven
    ? null
    : r.value === r.bound
    ? `the value is the bound: no start's component has more than ${r.bound} other squares`
    : `every length ${
      r.value + 1
    }..${r.bound} enumerated exhaustively by free squares (${positions} positions, ${calls} decided by the engine): none has a dual-free position`;
  return {
    id: `tour-dual-free-${leapName(leap)}-${k}x${k}x${k}`,
    family: "tour",
    kind: "dual-free",
    piece: { type: "leaper", leap },
    board: [k, k, k],
    closed: false,
    claim: null,
    witness: {
      squares: [r.start, ...r.moves].map((s) => squareName(board, s)),
      closed: false,
      origin: "generated",
      generatedBy: {
        method: r.found ? `free-squares enumeration, length ${r.value}` : `local search (${r.local.steps} steps, seed ${r.local.seed})`,
        seconds: secs(r.found ? r.ms - r.local.ms : r.local.ms),
        date: today,
      },
    },
    established: {
      value: String(r.value),
      method: r.proven
        ? "local search for a lower bound, then exhaustive free-squares enumeration of every longer length (cube-dual-free.ts)"
        : "local search (cube-dual-free.ts): best found",
      argument,
      settledHere: r.proven,
      seconds: secs(r.ms),
      date: today,
    },
    dualFree: {
      maximality: r.proven ? "proven-here" : "best-found",
      bound: r.bound,
      refuted: r.refuted,
      found: r.found,
      local: { steps: r.local.steps, seed: r.local.seed, best: r.local.best, engineCalls: r.local.engineCalls, seconds: secs(r.local.ms) },
      positionsAbove: r.positionsAbove,
      ...(r.proven ? {} : {
        skipped: `the lengths above ${r.local.best} have ${r.positionsAbove.toExponential(2)} positions, over the limit ${
          limit.toExponential(1)
        }`,
      }),
      seconds: secs(r.ms),
    },
  };
}

export function run(args: string[]): void {
  try {
    const { values } = parseArgs({
      args: args,
      options: { only: { type: "string" }, side: { type: "string" }, "free-squares-limit": { type: "string" } },
      strict: true,
      allowPositionals: false,
    });
    const only = values.only === undefined ? null : parseLeaper(values.only).leap;
    const sideText = choiceOption("side", values.side, SIDES.map(String));
    const side = sideText === undefined ? null : Number(sideText);
    const limit = numberOption("free-squares-limit", values["free-squares-limit"], { above: 0 }) ?? FREE_SQUARES_LIMIT;
    if (!existsSync(familyPaths("tour").records)) {
      throw new CliError(`${familyPaths("tour").records} does not exist: run scripts/families/tour/records.ts first`);
    }
    const previous = TourRecordFile.parse(JSON.parse(readFileSync(familyPaths("tour").records, "utf8"))).records;
    const fresh: TourRecord[] = [];
    for (const k of SIDES) {
      if (side !== null && k !== side) continue;
      for (const leap of cubeLeapers(k)) {
        if (only && (only[0] !== leap[0] || only[1] !== leap[1])) continue;
        const rec = cubeRecord(k, leap, limit, true);
        fresh.push(rec);
        console.log(`${rec.id}: ${rec.established.value} (${rec.dualFree!.maximality}, ${rec.established.seconds} s)`);
      }
    }
    if (only && fresh.length === 0) {
      throw new CliError(`the [${only}] leaper moves on none of the cubes ${SIDES.map((k) => `${k}x${k}x${k}`).join(", ")}`);
    }
    const ids = new Set(fresh.map((r) => r.id));
    const partial = only !== null || side !== null;
    const kept = previous.filter((r) => r.kind !== "dual-free" || (partial && !ids.has(r.id)));
    const file = TourRecordFile.parse({ family: "tour", description: TOUR_DESCRIPTION, records: [...kept, ...fresh] });
    writeFileAtomic(familyPaths("tour").records, JSON.stringify(file, null, 1) + "\n");
    console.log(`wrote ${fresh.length} dual-free records (${file.records.length} tour records) to ${familyPaths("tour").records}`);
  } catch (e) {
    console.error(`error: ${errorMessage(e)}`);
    const usage = e instanceof CliError || (e as Error).name === "PieceError";
    Deno.exit(usage ? 2 : 1);
  }
}
