/**
 * The searches `atlas records locust` runs for cells without a witness or a
 * proof: the witness search, the reverse search from a known end, and the
 * rook-locust scan with its checkpoints and progress line.
 */
import process from "node:process";
import { cpuTimer } from "../../../lib/cpu.ts";
import { intOption, numberOption } from "../../../lib/options.ts";
import { makeBoard } from "../../../../solvers/board/board.ts";
import { squareName } from "../../../../solvers/board/squares.ts";
import { lineTable, type LocustKind } from "../../../../solvers/pieces/locust.ts";
import { CliError, errorMessage } from "../../../lib/cli.ts";
import { parseSquare } from "../../../../solvers/board/squares.ts";
import { searchWitness, type WitnessWant } from "../../../../solvers/locust/witness.ts";
import { ReverseSearch } from "../../../../solvers/locust/reverse.ts";
import { type ScanProgress, scanSize, type ScanSpec, scanWitness } from "../../../../solvers/locust/scan.ts";
import { defaultCheckpointPath, loadScanCheckpoint, removeScanCheckpoint, saveScanCheckpoint, type ScanParams } from "./scan-checkpoint.ts";
import { watchInterrupt } from "../../../lib/interrupt.ts";
import { progressLine } from "../../../lib/run/progress.ts";
import { Hit, KINDS, TABLE } from "./published.ts";

export function runWitnessSearch(
  cell: string,
  startName: string | undefined,
  nodesText: string | undefined,
  seedsText: string | undefined,
): Hit {
  const m = cell.match(/^(locust|rook-locust)-8x8-(longest|dual-free|dual-free-closed)$/);
  if (!m) throw new CliError(`--search: ${cell} is not a locust or rook-locust 8x8 cell`);
  const kind = m[1] as LocustKind, want = m[2] as WitnessWant;
  const value = TABLE[kind].values[KINDS.indexOf(want)];
  const board = makeBoard([8, 8]);
  if (startName === undefined) throw new CliError("--search needs --start SQ");
  const start = parseSquare(board, startName);
  const maxNodes = numberOption("nodes", nodesText, { above: 0 }) ?? 5e6, runs = intOption("seeds", seedsText, { min: 1 }) ?? 1;
  const seeds = runs === 1 ? [undefined] : Array.from({ length: runs }, (_, i) => i + 1);
  const timer = cpuTimer();
  const r = searchWitness(lineTable(board, kind), { start, men: value, want, maxNodes, seeds });
  const seconds = Math.round(timer.micros() / 1000) / 1000;
  const method = `lazy sequence search from ${startName} (solvers/locust/witness.ts: squares decided as the sequence needs them, ` +
    `budget of manless squares from the corner, edge${
      kind === "rook-locust" ? " and 2x2" : ""
    } lemmas), ${r.runs} run(s) of at most ${maxNodes} nodes`;
  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `${cell} from ${startName}: ${
      r.hit ? "hit" : "no hit"
    }; ${r.nodes} nodes, ${r.positions} positions, ${r.withDuals} with 2+ sequences, ${seconds} s CPU`,
  );
  return hitOrMiss(
    cell,
    start,
    r.hit?.men,
    method,
    seconds,
    date,
    `${method}: ${r.nodes} nodes, ${r.positions} positions of ${value} men yielded, ${r.withDuals} of them with two or more complete sequences, ` +
      `deepest branch ${r.deepest} captures (${date}, ${seconds} s CPU)`,
  );
}

/**
 * --reverse: the reverse generation (solvers/locust/reverse.ts) from the last
 * landing square --end (for a closed cell also the start), optionally with
 * the start (--start) and the man captured last (--last) of the booklet's
 * diagram; K seeded depth-first runs (--seeds) of at most N counter calls
 * each (--calls), stopped by --budget (wall seconds) or Ctrl-C. Not
 * exhaustive with a budget: the miss says how far the runs went.
 */
export async function runReverse(
  cell: string,
  v: { end?: string; start?: string; last?: string; calls?: string; seeds?: string; seed?: string; budget?: string },
): Promise<Hit> {
  const m = cell.match(/^(locust|rook-locust)-8x8-(dual-free|dual-free-closed)$/);
  if (!m) throw new CliError(`--reverse: ${cell} is not a locust or rook-locust 8x8 dual-free cell`);
  const kind = m[1] as LocustKind, want = m[2] as WitnessWant;
  const value = TABLE[kind].values[KINDS.indexOf(want)];
  const board = makeBoard([8, 8]);
  const one = (text: string | undefined, name: string) => {
    if (text === undefined) return undefined;
    try {
      return parseSquare(board, text.trim());
    } catch (e) {
      throw new CliError(`--${name}: ${errorMessage(e)}`);
    }
  };
  const end = one(v.end, "end");
  if (end === undefined) throw new CliError("--reverse needs --end SQ (the last landing square; the start too for a closed cell)");
  const start = want === "dual-free-closed" ? end : one(v.start, "start");
  if (want === "dual-free-closed" && v.start !== undefined && one(v.start, "start") !== end) {
    throw new CliError("a closed sequence starts on its --end square");
  }
  const last = one(v.last, "last");
  const calls = numberOption("calls", v.calls, { above: 0 }) ?? 1e6;
  const seeds = intOption("seeds", v.seeds, { min: 1 }) ?? 1;
  const seed0 = intOption("seed", v.seed, {}) ?? 1;
  const budget = numberOption("budget", v.budget, { above: 0 }) ?? Infinity;
  const name = (q: number) => squareName(board, q);
  const interrupt = await watchInterrupt();
  const wall0 = Date.now();
  const timer = cpuTimer();
  const search = new ReverseSearch(lineTable(board, kind), 22);
  let hit: number[] | undefined, hitStart = -1, totalCalls = 0, runs = 0, deepest = 0, states = 0, cut = 0, interrupted = false;
  let lastLine = 0;
  try {
    for (let s = seed0; s < seed0 + seeds && !hit; s++) {
      runs++;
      const r = search.run({
        end,
        men: value,
        ...(start !== undefined ? { start } : {}),
        ...(last !== undefined ? { lastMan: last } : {}),
        maxCalls: calls,
        seed: s,
        onPosition: (at, men) => {
          hit = [...men];
          hitStart = at;
          return false;
        },
        onProgress: (n, d) => {
          if (interrupt.requested()) interrupted = true;
          const now = Date.now();
          if (now - lastLine >= 10_000) {
            lastLine = now;
            console.error(`${cell}: seed ${s}, ${n} calls, deepest ${Math.max(d, deepest)} men`);
          }
          return !interrupted && (now - wall0) / 1000 < budget;
        },
      });
      totalCalls += r.calls;
      deepest = Math.max(deepest, r.deepest);
      states += r.states.reduce((a, b) => a + b, 0);
      cut += r.cut;
      if (interrupted || (Date.now() - wall0) / 1000 >= budget) break;
    }
  } finally {
    interrupt.close();
  }
  if (interrupted) process.exitCode = 130;
  const seconds = Math.round(timer.micros() / 1000) / 1000;
  const date = new Date().toISOString().slice(0, 10);
  const facts = [
    start !== undefined && want !== "dual-free-closed" ? `starting on ${name(start)}` : "",
    last !== undefined ? `the last capture taking ${name(last)}` : "",
  ]
    .filter(Boolean).join(", ");
  const method =
    `reverse generation from the last capture (solvers/locust/reverse.ts: captures prepended one at a time, every state dual-free, ` +
    `cut by the fillability and edge-lemma bound), ending on ${name(end)}${
      facts ? `, restricted as in the booklet's diagram to ${facts}` : ""
    }, ` +
    `depth first in seeded random order, seeds ${seed0}-${seed0 + runs - 1} of at most ${calls} counter calls each`;
  console.log(
    `${cell}: ${
      hit ? "hit" : "no hit"
    }; ${runs} run(s), ${totalCalls} counter calls, ${states} dual-free states, deepest ${deepest} men, ${seconds} s CPU`,
  );
  return hitOrMiss(
    cell,
    hit ? hitStart : start ?? end,
    hit,
    method,
    seconds,
    date,
    `${method}: ${runs} run(s), ${totalCalls} counter calls, ${states} dual-free states generated ` +
      `(${cut} cut by the bound), the deepest with ${deepest} of ${value} men; not exhaustive (${date}, ${seconds} s CPU)`,
  );
}

/** A search's entry for the hits file: the position found, or what was searched without one. */
function hitOrMiss(
  cell: string,
  start: number,
  men: number[] | undefined,
  method: string,
  seconds: number,
  date: string,
  searched: string,
): Hit {
  if (men) return { cell, start, men, method, seconds, date };
  return { cell, start, men: [], method, seconds, date, searched };
}

/**
 * --scan: every placement the lemmas allow with the given start (scan.ts),
 * restricted by the fixed squares, first move and final square given (facts
 * of the booklet's diagram used as a generator's restriction).
 */
export async function runScan(
  cell: string,
  v: {
    start?: string;
    "men-at"?: string;
    "empty-at"?: string;
    first?: string;
    end?: string;
    max?: string;
    budget?: string;
    draws?: string;
    seed?: string;
    checkpoint?: string;
  },
): Promise<Hit> {
  const m = cell.match(/^(locust|rook-locust)-8x8-(longest|dual-free|dual-free-closed)$/);
  if (!m) throw new CliError(`--scan: ${cell} is not a locust or rook-locust 8x8 cell`);
  const kind = m[1] as LocustKind, want = m[2] as WitnessWant;
  const value = TABLE[kind].values[KINDS.indexOf(want)];
  const board = makeBoard([8, 8]);
  if (v.start === undefined) throw new CliError("--scan needs --start SQ");
  const list = (text: string | undefined, name: string) => {
    if (text === undefined) return [];
    try {
      return text.split(",").map((x) => parseSquare(board, x.trim()));
    } catch (e) {
      throw new CliError(`--${name}: ${errorMessage(e)}`);
    }
  };
  const start = list(v.start, "start")[0];
  const first = list(v.first, "first");
  if (v.first !== undefined && first.length !== 2) {
    throw new CliError("--first takes two squares: the man captured first and the landing square, e.g. d1,e1");
  }
  const end = v.end === undefined ? undefined : list(v.end, "end")[0];
  const max = numberOption("max", v.max, { above: 0 }) ?? Infinity;
  const budget = numberOption("budget", v.budget, { above: 0 }) ?? Infinity;
  const wall0 = Date.now();
  const draws = intOption("draws", v.draws, { min: 1 });
  const seed = intOption("seed", v.seed, {}) ?? 1;
  const spec: ScanSpec = {
    kind: kind as "locust" | "rook-locust",
    n: 8,
    men: value,
    start,
    want,
    fixedMen: list(v["men-at"], "men-at"),
    fixedEmpty: list(v["empty-at"], "empty-at"),
    ...(first.length ? { firstMove: { man: first[0], land: first[1] } } : {}),
    ...(end !== undefined ? { end } : {}),
  };
  const size = scanSize(spec);
  const name = (q: number) => squareName(board, q);
  // an enumeration continues from its checkpoint (random draws are not resumable: each session is its own sample)
  const params: ScanParams = {
    cell,
    start: name(start),
    menAt: spec.fixedMen!.map(name),
    emptyAt: spec.fixedEmpty!.map(name),
    first: first.map(name),
    end: end === undefined ? null : name(end),
  };
  const cpPath = draws === undefined ? v.checkpoint ?? defaultCheckpointPath(params) : null;
  if (draws !== undefined && v.checkpoint !== undefined) throw new CliError("--checkpoint is for enumerating scans, not --draws");
  const cp = cpPath ? loadScanCheckpoint(cpPath, params, size) : null;
  const before = cp?.seconds ?? 0;
  if (cp) {
    console.error(
      `${cell}: continuing from ${cpPath} at placement ${cp.progress.placements} of ${size} (${before.toFixed(0)} s CPU before)`,
    );
  }
  const interrupt = await watchInterrupt();
  const timer = cpuTimer();
  const cpu = () => before + timer.seconds();
  const save = (p: ScanProgress) => {
    if (cpPath) {
      saveScanCheckpoint(cpPath, { scan: params, size, progress: { ...progressOf(p) }, seconds: cpu(), date: new Date().toISOString() });
    }
  };
  let lastSave = Date.now(), lastLine = 0, interrupted = false;
  const startAt = cp?.progress.placements ?? 0, cpu0 = before;
  // The placements counter only counts placements that pass the full-2x2 lemma, while the rook-locust's
  // size is taken before it (about 66x more): the progress line's total and ETA use the count after it.
  const total = draws ?? (kind === "rook-locust" ? afterLemmaC(spec) : size);
  let r;
  try {
    r = scanWitness(spec, {
      maxPlacements: max,
      ...(draws !== undefined ? { sample: { seed, draws } } : {}),
      ...(cp ? { from: cp.progress } : {}),
      every: 100,
      onProgress: (p) => {
        const now = Date.now();
        if (interrupt.requested()) interrupted = true;
        const going = !interrupted && (now - wall0) / 1000 < budget;
        if (now - lastSave >= 30_000 || !going) {
          save(p);
          lastSave = now;
        }
        if (now - lastLine >= 10_000 || !going) {
          lastLine = now;
          console.error(scanProgressLine(cell, p, total, startAt, cpu() - cpu0));
        }
        return going;
      },
    });
  } finally {
    interrupt.close();
  }
  const seconds = Math.round(cpu() * 1000) / 1000;
  if (cpPath) {
    // finished (hit or whole space): nothing to continue; stopped: the checkpoint holds the last placement reached
    if (r.complete) removeScanCheckpoint(cpPath);
    else save(r);
    if (!r.complete) {
      console.error(
        `${cell}: stopped at ${r.placements} of ${total}${
          interrupted ? " (Ctrl-C)" : ""
        }; rerun the same command to continue (checkpoint ${cpPath})`,
      );
    }
  }
  // Ctrl-C: the hits and records are still written below, then the exit says the run was stopped
  if (interrupted) process.exitCode = 130;
  const restriction = [
    spec.fixedMen!.length ? `men on ${spec.fixedMen!.map(name).join(", ")}` : "",
    spec.fixedEmpty!.length ? `empty ${spec.fixedEmpty!.map(name).join(", ")}` : "",
    spec.firstMove ? `a sequence opening ${name(spec.firstMove.man)}-${name(spec.firstMove.land)}` : "",
    end !== undefined ? `ending on ${name(end)}` : "",
  ].filter(Boolean).join(", ");
  const method =
    `scan of the placements of ${value} men the edge lemmas allow (solvers/locust/scan.ts: corners empty, no neighbouring edge men` +
    `${kind === "rook-locust" ? ", no full 2x2 square" : ""}), locust on ${v.start}` +
    (restriction ? `, restricted as in the booklet's diagram to ${restriction}` : "") +
    (draws !== undefined
      ? `, random draws (seed ${seed}, at most ${draws}), each drawn placement decided by the exact counter`
      : `, each placement decided by the exact counter`);
  const date = new Date().toISOString().slice(0, 10);
  // the rook-locust's count is taken before Lemma C across aligned 2x2 squares; the locust's is exact
  const spaceText = kind === "rook-locust"
    ? `${size} in the space before the full-2x2 test, ${afterLemmaC(spec)} after it`
    : `${size} in the space`;
  console.log(
    `${cell}: ${
      r.hit ? "hit" : "no hit"
    }; ${r.placements} placements decided (${spaceText}), ${r.withSequence} with the sequence asked, ${r.unique} unique, ${seconds} s CPU`,
  );
  const covered = draws !== undefined
    ? `${r.placements} drawn placements decided (draws breaking the full-2x2 lemma dropped; stopped by --max, --budget or the draws; ${spaceText})`
    : `${r.complete ? "all" : "the first"} ${r.placements} placements in the scan's order${
      r.complete ? "" : ` (stopped by --max, --budget or Ctrl-C; ${spaceText})`
    }`;
  return hitOrMiss(
    cell,
    start,
    r.hit?.men,
    method,
    seconds,
    date,
    `${method}: ${covered}, ` +
      `${r.withSequence} with ${
        spec.firstMove || end !== undefined ? "the restricted" : "a"
      } sequence, ${r.unique} of them with exactly one, none a witness (${date}, ${seconds} s CPU)`,
  );
}

/** The rook-locust scan's exact number of placements (its size is counted before Lemma C across aligned 2x2 squares): one pass deciding none. */
function afterLemmaC(spec: ScanSpec): number {
  let count = 0;
  scanWitness(spec, { enumerateOnly: true, visit: () => void count++ });
  return count;
}

const progressOf = (p: ScanProgress): ScanProgress => ({
  placements: p.placements,
  withSequence: p.withSequence,
  unique: p.unique,
  closed: p.closed,
  nodes: p.nodes,
});

/** The run mechanism's progress line (scripts/lib/run/progress.ts), the rate per CPU second of this session. */
function scanProgressLine(cell: string, p: ScanProgress, total: number, startAt: number, cpuSession: number): string {
  const note = `rate and ETA in CPU time; ${p.withSequence} with the sequence asked, ${p.unique} unique`;
  return progressLine(cell, "placements", p.placements, total, p.placements - startAt, cpuSession, note);
}
