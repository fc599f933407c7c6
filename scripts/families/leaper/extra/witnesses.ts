/**
 * atlas witnesses leaper (or atlas witnesses): generate witnesses for the leaper table cells that have
 * none, by our own searches, for the claimed value of each cell.
 *
 * Scope (table-cell records with witness null):
 *   - dual-free on 4x4, 5x5 and 6x6, every leaper;
 *   - open, closed and access on 8x8 for the board-limited leapers (all but the
 *     free and large ones, solvers/pieces/names.ts).
 *
 * A witness of exactly the claimed value is written into the record as
 * { start, moves, origin: "generated", generatedBy: { method, seconds, nodes, date } }.
 * Closed tours list the cycle's squares after the start, the return implied.
 * Access records get { start: <from square>, moves: [], generatedBy.method "bfs" }:
 * an access value has no move list to show; the count is recomputed by verify
 * from `from`, and the witness only records that our breadth-first search
 * reproduced the claim (nodes = squares visited).
 *
 * After a dual-free witness, the rest of the cell's budget looks for a longer
 * dual-free sequence (free squares from the top down, or direct generation).
 * A longer sequence, a claim not reached within the budget, or a claim refuted
 * by an exhaustive search is never written into a cell: it is printed and listed
 * in the side report data/leaper/witness-report.json with claimed, found, seconds,
 * method and whether the search was exhaustive.
 *
 *   --budget SECONDS   per cell (default 30)
 *   --only TEXT        only records whose id contains TEXT
 *   --dry-run          search and print, write nothing
 *   --all-cells        every table cell without a witness (also dual-free 7x7 and
 *                      8x8, and the free and large leapers' tours), not only the scope above
 *   --data FILE        records file (default data/leaper/records.json)
 *   --report FILE      side report (default data/leaper/witness-report.json)
 *
 * records.json is re-read just before each write (every 20 cells and at the end)
 * and only records that still have no witness are filled, so concurrent edits of
 * other records survive; the result is validated with the schema and written
 * atomically.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { numberOption, parseArgs } from "../../../lib/options.ts";
import { type AtlasRecord, RecordFile, type Witness } from "../../../../solvers/leaper/schema.ts";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../../../solvers/board/squares.ts";
import type { Board, Square } from "../../../../solvers/types.ts";
import { FREE_LEAPERS, LARGE_LEAPERS } from "../../../../solvers/pieces/names.ts";
import { findDualFreeWitness, longestDualFree } from "../../../../solvers/leaper/dual-free-search.ts";
import { longestClosedTour, longestOpenTour } from "../../../../solvers/leaper/longest-tour.ts";
import { access } from "../../../../solvers/leaper/access.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { errorMessage, fail, writeFileAtomic } from "../../../lib/cli.ts";

export const DEFAULT_REPORT = join(dirname(familyPaths("leaper").records), "witness-report.json");
const DUAL_FREE_BOARDS = ["4x4", "5x5", "6x6"];
const FLUSH_EVERY = 20;

export type CellStatus = "witnessed" | "longer" | "not-reached" | "impossible" | "mismatch";

export interface CellReport {
  id: string;
  kind: AtlasRecord["kind"];
  leap: [number, number];
  board: number[];
  claimed: number;
  /** Longest value our searches reached (null: nothing reached the claim and nothing longer was found). */
  found: number | null;
  status: CellStatus;
  /** Method that produced the witness of the claim (or of `found`). */
  method: string | null;
  seconds: number;
  /** Is `found` proven maximal (or, when nothing was found, is the claim refuted) by an exhaustive search? */
  exhaustive: boolean;
  /** Whether a witness of the claimed value was (or, in a dry run, would be) written. */
  written: boolean;
  /** A sequence longer than the claim, for the record's reviewers. */
  longerWitness?: { start: string; moves: string[] };
  /** Search for longer dual-free sequences after the witness. */
  above?: { value: number; exhaustive: boolean; seconds: number; methods: string[] };
  note?: string;
}

const isIn = (leap: readonly number[], list: readonly (readonly number[])[]) => list.some((l) => l[0] === leap[0] && l[1] === leap[1]);

/** Is this record one the script fills? `allCells`: every table cell without a witness, any board. */
export function inScope(r: AtlasRecord, allCells = false): boolean {
  if (!r.tableCell || r.witness !== null || r.family !== "leaper") return false;
  if (allCells) return true;
  const boardText = r.board.join("x");
  if (r.kind === "dual-free") return DUAL_FREE_BOARDS.includes(boardText);
  if (r.kind === "open" || r.kind === "closed" || r.kind === "access") {
    return boardText === "8x8" && !isIn(r.piece.leap, FREE_LEAPERS) && !isIn(r.piece.leap, LARGE_LEAPERS);
  }
  return false;
}

function names(board: Board, squares: readonly Square[]): string[] {
  return squares.map((s) => squareName(board, s));
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Search one cell. Returns the report line and the witness to write (null: write nothing). */
export function solveCell(r: AtlasRecord, budgetSeconds: number, date: string): { report: CellReport; witness: Witness | null } {
  const t0 = performance.now();
  const board = makeBoard(r.board);
  const leap = [r.piece.leap[0], r.piece.leap[1]] as [number, number];
  const claimed = r.claim.value;
  const budgetMs = budgetSeconds * 1000;
  const seconds = () => round3((performance.now() - t0) / 1000);
  const base = { id: r.id, kind: r.kind, leap, board: [...r.board], claimed };
  const generated = (start: Square, moves: Square[], method: string, nodes: number, secs: number): Witness => ({
    start: squareName(board, start),
    moves: names(board, moves),
    origin: "generated",
    generatedBy: { method, seconds: secs, nodes: Math.round(nodes), date },
  });

  if (r.kind === "access") {
    const from = parseSquare(board, r.from ?? "a1");
    const value = access(board, leap, from);
    const secs = seconds();
    const ok = value === claimed;
    return {
      report: { ...base, found: value, status: ok ? "witnessed" : "mismatch", method: "bfs", seconds: secs, exhaustive: true, written: ok },
      witness: ok ? generated(from, [], "bfs", value + 1, secs) : null,
    };
  }

  if (r.kind === "open" || r.kind === "closed") {
    const res = r.kind === "open" ? longestOpenTour(board, leap, { budgetMs }) : longestClosedTour(board, leap, { budgetMs });
    const secs = seconds();
    const method = `${r.kind}-tour:${res.method}`;
    if (res.value === claimed) {
      return {
        report: { ...base, found: res.value, status: "witnessed", method, seconds: secs, exhaustive: res.exhaustive, written: true },
        witness: generated(res.path[0], res.path.slice(1), method, res.nodes, secs),
      };
    }
    if (res.value > claimed) {
      return {
        report: {
          ...base,
          found: res.value,
          status: "longer",
          method,
          seconds: secs,
          exhaustive: res.exhaustive,
          written: false,
          longerWitness: { start: squareName(board, res.path[0]), moves: names(board, res.path.slice(1)) },
        },
        witness: null,
      };
    }
    return {
      report: {
        ...base,
        found: res.value,
        status: res.exhaustive ? "impossible" : "not-reached",
        method,
        seconds: secs,
        exhaustive: res.exhaustive,
        written: false,
        note: res.exhaustive ? `an exhaustive search shows the longest ${r.kind} tour is ${res.value}` : "budget ran out below the claim",
      },
      witness: null,
    };
  }

  // dual-free
  const w = findDualFreeWitness(board, leap, claimed, { budgetMs });
  const wSecs = seconds();
  if (!w.witness) {
    const exhaustive = w.coverage.exhaustive;
    return {
      report: {
        ...base,
        found: null,
        status: exhaustive ? "impossible" : "not-reached",
        method: w.phases.map((p) => p.method).join("+"),
        seconds: wSecs,
        exhaustive,
        written: false,
        note: exhaustive
          ? `no dual-free sequence of ${claimed} exists (exhaustive ${w.coverage.method})`
          : `not found within ${budgetSeconds} s`,
      },
      witness: null,
    };
  }
  const witness = generated(w.witness.start, w.witness.moves, w.witness.method, w.witness.nodes, wSecs);
  const left = Math.max(0, budgetMs - (performance.now() - t0));
  const tAbove = performance.now();
  const above = longestDualFree(board, leap, { budgetMs: left, known: claimed, knownWitness: w.witness });
  const aboveReport = {
    value: above.value,
    exhaustive: above.exhaustive,
    seconds: round3((performance.now() - tAbove) / 1000),
    methods: above.phases.map((p) => `${p.method}${p.exhaustive ? "" : p.stoppedBy ? `(${p.stoppedBy})` : "(found)"}`),
  };
  const longer = above.value > claimed && above.witness;
  return {
    report: {
      ...base,
      found: above.value,
      status: longer ? "longer" : "witnessed",
      method: w.witness.method,
      seconds: seconds(),
      exhaustive: above.exhaustive,
      written: true,
      above: aboveReport,
      ...(longer ? { longerWitness: { start: squareName(board, above.witness!.start), moves: names(board, above.witness!.moves) } } : {}),
    },
    witness,
  };
}

function readRecordFile(path: string): RecordFile {
  if (!existsSync(path)) fail(`records file ${path} does not exist (run atlas records leaper first)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    fail(`${path} is not valid JSON: ${errorMessage(e)}`);
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) fail(`${path} does not match the record schema: ${errorMessage(parsed.error)}`);
  return parsed.data;
}

/**
 * Re-read the records file and fill the given witnesses into records that still
 * have none; validate and write atomically. Returns how many were filled.
 */
export function writeWitnesses(path: string, witnesses: ReadonlyMap<string, Witness>): { filled: number; skipped: string[] } {
  const file = readRecordFile(path);
  let filled = 0;
  const skipped: string[] = [];
  for (const r of file.records) {
    const w = witnesses.get(r.id);
    if (!w) continue;
    if (r.witness !== null) {
      skipped.push(r.id);
      continue;
    }
    r.witness = w;
    filled++;
  }
  const text = JSON.stringify(RecordFile.parse(file), null, 1) + "\n";
  writeFileAtomic(path, text);
  return { filled, skipped };
}

function describe(c: CellReport): string {
  const found = c.found === null ? "-" : String(c.found);
  switch (c.status) {
    case "witnessed": {
      const proof = c.exhaustive ? ", maximal (exhaustive)" : ", maximality not settled within the budget";
      const above = c.above && c.above.methods.length ? ` [longer lengths: ${c.above.methods.join(", ")}]` : "";
      return `witness ${c.claimed} by ${c.method}${proof}${above}`;
    }
    case "longer":
      return `LONGER THAN CLAIMED: found ${found} > ${c.claimed} (${c.longerWitness!.start}: ${c.longerWitness!.moves.join(" ")})`;
    case "impossible":
      return `CLAIM REFUTED: ${c.note}`;
    case "not-reached":
      return `not reached: ${c.note ?? ""} (best ${found})`;
    case "mismatch":
      return `MISMATCH: computed ${found}, claimed ${c.claimed}`;
  }
}

export function run(args: string[]): void {
  let values;
  try {
    ({ values } = parseArgs({
      args: args,
      options: {
        budget: { type: "string", default: "30" },
        only: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        "all-cells": { type: "boolean", default: false },
        data: { type: "string" },
        report: { type: "string" },
      },
    }));
  } catch (e) {
    fail(errorMessage(e));
  }
  const budget = numberOption("budget", values.budget, { above: 0 });
  const dataPath = values.data ?? familyPaths("leaper").records;
  const reportPath = values.report ?? (values.data ? join(dirname(values.data), "witness-report.json") : DEFAULT_REPORT);
  const dry = values["dry-run"];

  const file = readRecordFile(dataPath);
  const cells = file.records.filter((r) => inScope(r, values["all-cells"]) && (!values.only || r.id.includes(values.only)));
  if (cells.length === 0) {
    fail(
      values.only
        ? `no table cell without a witness in scope has an id containing "${values.only}"`
        : "every in-scope table cell already has a witness",
    );
  }
  const date = new Date().toISOString().slice(0, 10);
  const t0 = performance.now();
  const reports: CellReport[] = [];
  const pending = new Map<string, Witness>();
  let written = 0;
  const flush = () => {
    if (dry || pending.size === 0) return;
    try {
      const { filled, skipped } = writeWitnesses(dataPath, pending);
      written += filled;
      for (const id of skipped) console.log(`  note: ${id} got a witness from elsewhere meanwhile; left as it is`);
    } catch (e) {
      fail(`could not write ${dataPath}: ${errorMessage(e)}`, 1);
    }
    pending.clear();
  };

  for (const [i, r] of cells.entries()) {
    let result;
    try {
      result = solveCell(r, budget, date);
    } catch (e) {
      fail(`${r.id}: ${errorMessage(e)}`, 1);
    }
    reports.push(result.report);
    if (result.witness) pending.set(r.id, result.witness);
    console.log(`[${i + 1}/${cells.length}] ${r.id}: ${describe(result.report)} — ${result.report.seconds.toFixed(2)} s`);
    if ((i + 1) % FLUSH_EVERY === 0) flush();
  }
  flush();

  const count = (s: CellStatus) => reports.filter((c) => c.status === s).length;
  const seconds = round3((performance.now() - t0) / 1000);
  const summary = {
    cells: reports.length,
    witnessed: count("witnessed"),
    longer: count("longer"),
    notReached: count("not-reached"),
    impossible: count("impossible"),
    mismatch: count("mismatch"),
    provenMaximal: reports.filter((c) => c.exhaustive && c.found === c.claimed).length,
  };
  if (!dry) {
    const report = {
      generatedAt: new Date().toISOString(),
      budgetSeconds: budget,
      only: values.only ?? null,
      seconds,
      summary,
      problems: reports.filter((c) => c.status !== "witnessed").map((c) => c.id),
      cells: reports,
    };
    try {
      writeFileAtomic(reportPath, JSON.stringify(report, null, 1) + "\n");
    } catch (e) {
      fail(`could not write ${reportPath}: ${errorMessage(e)}`, 1);
    }
  }
  console.log(
    `${summary.cells} cells in ${seconds.toFixed(1)} s: ${summary.witnessed} witnessed (${summary.provenMaximal} proven maximal here), ` +
      `${summary.longer} longer than claimed, ${summary.notReached} not reached, ${summary.impossible} refuted, ${summary.mismatch} mismatched` +
      (dry ? " (dry run: nothing written)" : `; ${written} witnesses written to ${dataPath}, report ${reportPath}`),
  );
  for (const c of reports.filter((c) => c.status !== "witnessed")) console.log(`  ${c.status.toUpperCase()} ${c.id}: ${describe(c)}`);
}
