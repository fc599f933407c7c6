/**
 * atlas regenerate leaper (or atlas regenerate): for each leaper table cell, search for a witness of the
 * claimed value with our own code, never looking at the stored witness
 * (solvers/leaper/regenerate.ts), and store what was reached.
 *
 *   --budget 10m        total wall-clock budget (default 10m); each cell gets the
 *                       time left times the workers over the cells not yet
 *                       started, so what cheap cells do not use flows to later ones
 *   --max-cell 2m       cap on one cell's budget (default none)
 *   --workers N         cells searched in parallel Deno workers, one cell per
 *                       worker at a time (default 1; 0 = in this process)
 *   --method 1|2|local|auto
 *                       dual-free: direct generation, free squares, local search,
 *                       or auto: free squares when cheap, else local search then
 *                       direct generation (default auto)
 *   --only TEXT         cells whose id contains TEXT
 *   --cell ID           exactly this cell (repeatable)
 *   --force             also rerun cells already regenerated, and store the new
 *                       result even when it is lower than the stored one
 *   --data FILE         records file (default data/leaper/records.json)
 *   --report FILE       report (default regenerate-report.json beside the records)
 *   --quiet             no progress line
 *
 * After each cell, records.json is re-read, the cell's established.regenerated
 * = { value, method, seconds, date } set to the best value found (it counts as
 * regenerated when value >= claim; access values must be equal), and written
 * atomically; so is the report, which keeps for every cell the claim, our best,
 * method, seconds, nodes and the witness, and lists the cells not regenerated.
 * A stored result is replaced only by a better one (or with --force), in both
 * files together, so the witness in the report always supports the stored value
 * (verify checks that). An interrupted run (Ctrl-C, exit 130) loses nothing
 * already found; rerunning skips cells already regenerated.
 *
 * Cells run cheapest first (access, then by claimed value). Stored witnesses are
 * never touched: the regenerated witness lives in the report.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { badValue, choiceOption, durationOption, intOption, parseArgs } from "../../../lib/options.ts";
import process from "node:process";
import { type AtlasRecord, RecordFile } from "../../../../solvers/leaper/schema.ts";
import {
  cellOf,
  REGENERATE_METHODS,
  type RegenerateCell,
  regenerateCell,
  type RegenerateMethod,
  type RegenerateResult,
} from "../../../../solvers/leaper/regenerate.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../../lib/cli.ts";
import { familyPaths } from "../../../lib/paths.ts";
import { codeVersion } from "../../../lib/version.ts";
import { formatSeconds } from "../prove.ts";

export const EXIT_INTERRUPTED = 130;

export interface CellEntry {
  id: string;
  kind: AtlasRecord["kind"];
  leap: [number, number];
  board: number[];
  claim: number;
  /** Best value our search reached (null: nothing). */
  best: number | null;
  regenerated: boolean;
  method: string;
  seconds: number;
  /** Budget the cell was given. */
  budgetSeconds: number;
  nodes: number;
  /** No value above `best` exists (every longer length covered exhaustively). */
  exhaustive: boolean;
  phases: string[];
  witness: { start: string; moves: string[] } | null;
  date: string;
}

export interface RegenerateReport {
  generatedAt: string;
  codeVersion: string;
  summary: { cells: number; regenerated: number; notRegenerated: number; aboveClaim: number };
  /** Cells whose claim our search has not reached: our best and the budget spent. */
  notRegenerated: { id: string; claim: number; best: number | null; seconds: number; budgetSeconds: number }[];
  /** Cells where our search found more than the claim. */
  aboveClaim: { id: string; claim: number; best: number }[];
  cells: CellEntry[];
}

export interface RegenerateOptions {
  dataPath: string;
  reportPath: string;
  budgetMs: number;
  maxCellMs?: number;
  workers: number;
  method: RegenerateMethod;
  only?: string;
  cells?: string[];
  force: boolean;
  quiet: boolean;
  /** Set to stop starting new cells (Ctrl-C); running workers are terminated. */
  stop?: { requested: boolean };
}

export interface RunSummary {
  run: string[];
  skipped: string[];
  notRun: string[];
  regenerated: string[];
  notRegenerated: string[];
  interrupted: boolean;
}

function readRecordFile(path: string): RecordFile {
  if (!existsSync(path)) throw new CliError(`records file ${path} does not exist (run atlas records leaper first)`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new CliError(`${path} is not valid JSON: ${errorMessage(e)}`);
  }
  const parsed = RecordFile.safeParse(json);
  if (!parsed.success) throw new CliError(`${path} does not match the record schema: ${errorMessage(parsed.error)}`);
  return parsed.data;
}

export function readReport(path: string): RegenerateReport | null {
  if (!existsSync(path)) return null;
  try {
    const json = JSON.parse(readFileSync(path, "utf8"));
    if (!Array.isArray(json?.cells)) throw new Error("no cells list");
    return json as RegenerateReport;
  } catch (e) {
    throw new CliError(`${path} is not a regeneration report: ${errorMessage(e)}`);
  }
}

/** Does the stored result count as regenerated? Access counts are exact, so they must be equal. */
export function countsAsRegenerated(kind: AtlasRecord["kind"], value: number | null, claim: number): boolean {
  return value !== null && (kind === "access" ? value === claim : value >= claim);
}

function isRegenerated(r: AtlasRecord): boolean {
  return countsAsRegenerated(r.kind, r.established.regenerated?.value ?? null, r.claim.value);
}

/** The report rebuilt from its cells (summaries derived, cells in records order). */
function buildReport(cells: Map<string, CellEntry>, order: string[]): RegenerateReport {
  const list = order.filter((id) => cells.has(id)).map((id) => cells.get(id)!);
  const not = list.filter((c) => !c.regenerated);
  const above = list.filter((c) => c.best !== null && c.best > c.claim && c.kind !== "access");
  return {
    generatedAt: new Date().toISOString(),
    codeVersion: codeVersion(),
    summary: { cells: list.length, regenerated: list.length - not.length, notRegenerated: not.length, aboveClaim: above.length },
    notRegenerated: not.map((c) => ({ id: c.id, claim: c.claim, best: c.best, seconds: c.seconds, budgetSeconds: c.budgetSeconds })),
    aboveClaim: above.map((c) => ({ id: c.id, claim: c.claim, best: c.best! })),
    cells: list,
  };
}

/**
 * Store one cell's result in both files: records.json (re-read first, so other
 * edits survive) and the report. A stored result is replaced only by a higher
 * value, or by any value with `force`. Returns whether anything was stored.
 */
export function storeCell(o: Pick<RegenerateOptions, "dataPath" | "reportPath" | "force">, entry: CellEntry): boolean {
  const file = readRecordFile(o.dataPath);
  const r = file.records.find((x) => x.id === entry.id);
  if (!r) throw new CliError(`${entry.id} disappeared from ${o.dataPath}`);
  const report = readReport(o.reportPath);
  const cells = new Map((report?.cells ?? []).map((c) => [c.id, c]));
  const old = r.established.regenerated;
  const oldEntry = cells.get(entry.id);
  const better = entry.best !== null && (old === null || entry.best > old.value || (oldEntry?.witness ?? null) === null);
  if (entry.best === null || !(o.force || better)) {
    // Nothing better: keep the stored value, but note the attempt when the report has nothing for the cell.
    if (!oldEntry && old === null) {
      cells.set(entry.id, entry);
      writeFileAtomic(o.reportPath, JSON.stringify(buildReport(cells, file.records.map((x) => x.id)), null, 1) + "\n");
    }
    return false;
  }
  r.established.regenerated = { value: entry.best, method: entry.method, seconds: entry.seconds, date: entry.date };
  cells.set(entry.id, entry);
  const text = JSON.stringify(RecordFile.parse(file), null, 1) + "\n";
  // Report first: a witness beside a not-yet-stored value is harmless, a stored value without its witness is not.
  writeFileAtomic(o.reportPath, JSON.stringify(buildReport(cells, file.records.map((x) => x.id)), null, 1) + "\n");
  writeFileAtomic(o.dataPath, text);
  return true;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function entryOf(r: AtlasRecord, res: RegenerateResult, budgetMs: number, date: string): CellEntry {
  return {
    id: r.id,
    kind: r.kind,
    leap: [r.piece.leap[0], r.piece.leap[1]],
    board: [...r.board],
    claim: r.claim.value,
    best: res.value,
    regenerated: res.reached,
    method: res.method,
    seconds: round3(res.ms / 1000),
    budgetSeconds: round3(budgetMs / 1000),
    nodes: Math.round(res.nodes),
    exhaustive: res.exhaustive,
    phases: res.phases,
    witness: res.witness,
    date,
  };
}

type WorkerMessage =
  | { type: "progress"; id: string; best: number }
  | { type: "done"; id: string; result: RegenerateResult }
  | { type: "error"; id: string; message: string };

/** Run the chosen cells; writes after each. */
export async function runRegenerate(o: RegenerateOptions): Promise<RunSummary> {
  const file = readRecordFile(o.dataPath);
  readReport(o.reportPath); // refuse a broken report before spending any time
  let chosen = file.records.filter((r) => r.tableCell && r.family === "leaper" && r.kind !== "dual-free-fixed-end");
  if (o.cells?.length) {
    for (const id of o.cells) {
      const r = file.records.find((x) => x.id === id);
      if (!r) throw new CliError(`unknown cell ${id} (ids look like leaper-1-2-dual-free-6x6)`);
      if (!r.tableCell) throw new CliError(`${id} is not a table cell (it belongs to ${r.cell})`);
    }
    chosen = chosen.filter((r) => o.cells!.includes(r.id));
  }
  if (o.only) chosen = chosen.filter((r) => r.id.includes(o.only!));
  if (chosen.length === 0) throw new CliError(o.only ? `no table cell id contains "${o.only}"` : "no table cells to regenerate");
  const skipped = o.force ? [] : chosen.filter(isRegenerated).map((r) => r.id);
  const queue = chosen
    .filter((r) => o.force || !isRegenerated(r))
    .sort((a, b) => (a.kind === "access" ? 0 : 1) - (b.kind === "access" ? 0 : 1) || a.claim.value - b.claim.value);
  const summary: RunSummary = { run: [], skipped, notRun: [], regenerated: [], notRegenerated: [], interrupted: false };
  const stop = o.stop ?? { requested: false };
  const date = new Date().toISOString().slice(0, 10);
  const t0 = performance.now();
  const deadline = t0 + o.budgetMs;
  const lanes = Math.max(1, o.workers);
  const total = queue.length;
  const tty = process.stderr.isTTY;
  let done = 0;
  let started = 0;
  const running = new Map<string, { claim: number; best: number | null; since: number }>();

  const progress = (force = false) => {
    if (o.quiet || (!tty && !force)) return;
    const elapsed = (performance.now() - t0) / 1000;
    const rate = done / Math.max(elapsed, 1e-3);
    const left = Math.max(0, (deadline - performance.now()) / 1000);
    // The rate is dominated by the many cheap cells; the budget left bounds the rest.
    const eta = Math.min(left, rate > 0 ? (total - done) / rate : left);
    const now = [...running].map(([id, c]) =>
      `${id} best ${c.best ?? "-"}/${c.claim} ${((performance.now() - c.since) / 1000).toFixed(0)} s`
    ).join(", ");
    const line = `regenerate ${done}/${total} cells${now ? `, running ${now}` : ""}, ${rate.toFixed(2)} cells/s, ETA ${
      formatSeconds(eta)
    } (at most ${formatSeconds(left)})`;
    process.stderr.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
  };
  const ticker = o.quiet || !tty ? null : setInterval(() => progress(), 1000);

  const cellBudget = (): number => {
    const left = deadline - performance.now();
    const waiting = total - started;
    let ms = Math.min(left, (left * lanes) / Math.max(1, waiting));
    if (o.maxCellMs !== undefined) ms = Math.min(ms, o.maxCellMs);
    return Math.max(0, ms);
  };

  const finish = (r: AtlasRecord, res: RegenerateResult, budgetMs: number) => {
    const entry = entryOf(r, res, budgetMs, date);
    storeCell(o, entry);
    summary.run.push(r.id);
    (entry.regenerated ? summary.regenerated : summary.notRegenerated).push(r.id);
    done++;
    running.delete(r.id);
    if (!o.quiet) {
      if (tty) process.stderr.write("\r\x1b[K");
      const mark = entry.regenerated ? "regenerated" : "NOT regenerated";
      console.log(
        `[${done}/${total}] ${r.id}: ${mark}, best ${entry.best ?? "-"} (claim ${entry.claim}) by ${entry.method} in ${
          entry.seconds.toFixed(2)
        } s` +
          (entry.regenerated ? "" : ` of ${entry.budgetSeconds.toFixed(1)} s`),
      );
      progress(true);
    }
  };

  let failure: string | null = null;
  const next = (): AtlasRecord | null => {
    if (stop.requested || failure || queue.length === 0) return null;
    if (deadline - performance.now() <= 0) return null;
    started++;
    return queue.shift()!;
  };

  try {
    if (o.workers === 0) {
      for (let r = next(); r; r = next()) {
        const budgetMs = cellBudget();
        running.set(r.id, { claim: r.claim.value, best: null, since: performance.now() });
        progress();
        const res = regenerateCell(cellOf(r), {
          method: o.method,
          budgetMs,
          onProgress: (best) => void (running.get(r!.id)!.best = best),
        });
        finish(r, res, budgetMs);
      }
    } else {
      const workers: Worker[] = [];
      const lane = async () => {
        let w: Worker | null = null;
        for (let r = next(); r; r = next()) {
          const rec = r;
          const budgetMs = cellBudget();
          if (!w) {
            w = new Worker(new URL("./regenerate-worker.ts", import.meta.url), { type: "module" });
            workers.push(w);
          }
          const worker = w;
          running.set(rec.id, { claim: rec.claim.value, best: null, since: performance.now() });
          const msg = await new Promise<WorkerMessage | null>((resolve) => {
            const poll = setInterval(() => {
              if (stop.requested) {
                clearInterval(poll);
                resolve(null);
              }
            }, 100);
            worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
              const m = e.data;
              if (m.type === "progress") {
                const c = running.get(rec.id);
                if (c) c.best = m.best;
                return;
              }
              clearInterval(poll);
              resolve(m);
            };
            worker.onerror = (e) => {
              e.preventDefault();
              clearInterval(poll);
              resolve({ type: "error", id: rec.id, message: e.message });
            };
            const cell: RegenerateCell = cellOf(rec);
            worker.postMessage({ type: "run", id: rec.id, cell, budgetMs, method: o.method });
          });
          if (msg === null) {
            // Interrupted: the running cell is dropped (nothing of it was written).
            worker.terminate();
            w = null;
            running.delete(rec.id);
            summary.notRun.push(rec.id);
            break;
          }
          if (msg.type === "error") {
            failure = `${rec.id}: ${msg.message}`;
            break;
          }
          if (msg.type === "done") finish(rec, msg.result, budgetMs);
        }
        if (w) w.terminate();
      };
      await Promise.all(Array.from({ length: Math.min(lanes, Math.max(1, queue.length)) }, lane));
    }
  } finally {
    if (ticker !== null) clearInterval(ticker);
    if (tty && !o.quiet) process.stderr.write("\r\x1b[K");
  }
  if (failure) throw new CliError(failure, 1);
  summary.notRun.push(...queue.map((r) => r.id));
  summary.interrupted = stop.requested;
  return summary;
}

export async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        budget: { type: "string", default: "10m" },
        "max-cell": { type: "string" },
        workers: { type: "string", default: "1" },
        method: { type: "string", default: "auto" },
        only: { type: "string" },
        cell: { type: "string", multiple: true },
        force: { type: "boolean", default: false },
        data: { type: "string" },
        report: { type: "string" },
        quiet: { type: "boolean", default: false },
      },
    }));
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const budgetMs = durationOption("budget", values.budget);
  if (budgetMs <= 0) throw badValue("budget", "a positive duration such as 10m", values.budget);
  const maxCellMs = durationOption("max-cell", values["max-cell"]);
  const workers = intOption("workers", values.workers, { min: 0 });
  const method: RegenerateMethod = choiceOption("method", values.method, REGENERATE_METHODS);
  const dataPath = values.data ?? familyPaths("leaper").records;
  const reportPath = values.report ?? join(dirname(dataPath), "regenerate-report.json");
  const stop = { requested: false };
  const onSigint = () => {
    if (stop.requested) Deno.exit(EXIT_INTERRUPTED);
    stop.requested = true;
    process.stderr.write("\ninterrupted: stopping; cells already finished are stored (Ctrl-C again to quit at once)\n");
  };
  Deno.addSignalListener("SIGINT", onSigint);
  try {
    const t0 = performance.now();
    const s = await runRegenerate({
      dataPath,
      reportPath,
      budgetMs,
      maxCellMs,
      workers,
      method,
      only: values.only,
      cells: values.cell,
      force: values.force,
      quiet: values.quiet,
      stop,
    });
    const secs = (performance.now() - t0) / 1000;
    console.log(
      `${s.run.length} cells run in ${formatSeconds(secs)}: ${s.regenerated.length} regenerated, ${s.notRegenerated.length} not; ` +
        `${s.skipped.length} skipped (already regenerated), ${s.notRun.length} not run${
          s.interrupted ? " (interrupted)" : s.notRun.length ? " (budget spent)" : ""
        }; ` +
        `report ${reportPath}`,
    );
    const report = readReport(reportPath);
    if (report && report.notRegenerated.length) {
      console.log(`not regenerated (${report.notRegenerated.length}):`);
      for (const c of report.notRegenerated) {
        console.log(
          `  ${c.id}: best ${c.best ?? "-"} of claim ${c.claim} after ${c.seconds.toFixed(1)} s (budget ${c.budgetSeconds.toFixed(1)} s)`,
        );
      }
    }
    for (const c of report?.aboveClaim ?? []) console.log(`  ABOVE CLAIM ${c.id}: found ${c.best} > ${c.claim}`);
    return s.interrupted ? EXIT_INTERRUPTED : 0;
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
  }
}

export async function run(args: string[]): Promise<void> {
  try {
    Deno.exit(await main(args));
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`error: ${errorMessage(e)}\n`);
      Deno.exit(e.exitCode);
    }
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    Deno.exit(1);
  }
}
