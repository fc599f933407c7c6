/**
 * atlas solve: one position of any kind. The arguments say which solver it is
 * (--dominate, --tour/--king-tour/--moves, --popeye, a hopper or a locust as
 * --piece, else a leaper); only that solver's module is loaded, so a small
 * problem answers about as fast as the runtime starts. Each solver keeps its
 * own options and --help (the leaper's --help is the overview).
 */
import { isHopperName } from "../../solvers/pieces/hopper.ts";
import { isLocustKind, parseLocustKind } from "../../solvers/pieces/locust.ts";
import { CliError, errorMessage } from "../lib/errors.ts";

export interface SolveIO {
  stdout(s: string): void;
  stderr(s: string): void;
  readFile(path: string): string;
}

type Solver = (args: string[], io: SolveIO) => number;
export type SolverKind = "dominate" | "tour" | "popeye" | "hopper" | "locust" | "leaper";

const SOLVERS: Record<SolverKind, (args: readonly string[]) => Promise<Solver>> = {
  dominate: () => import("../families/domination/solve.ts").then((m) => m.runDominate),
  tour: () => import("../families/tour/solve.ts").then((m) => m.runTour),
  popeye: () => import("../lib/solve-popeye.ts").then((m) => m.runPopeye),
  hopper: () => import("../families/hopper/solve.ts").then((m) => m.runHopper),
  locust: () => import("../families/locust/solve.ts").then((m) => m.runLocust),
  leaper: async (args) => {
    const m = await import("../families/leaper/solve.ts");
    if (args.some((a) => /^--(record|list|batch)(=|$)/.test(a))) await m.loadRecordSupport();
    return m.runLeaperSolve;
  },
};

function pieceArg(args: readonly string[]): string | undefined {
  const i = args.findIndex((a) => a === "--piece");
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--piece="))?.slice(8);
}

/** Which solver a command line is for; the first rule that matches wins. */
export function solverKind(args: readonly string[]): SolverKind {
  // Domination has its own options; any --dominate hands the whole line over.
  if (args.some((a) => a === "--dominate" || a.startsWith("--dominate="))) return "dominate";
  if (args.some((a) => a === "--tour" || a === "--king-tour" || a === "--moves")) return "tour";
  if (args.includes("--popeye")) return "popeye";
  const piece = pieceArg(args);
  // Hoppers over dummy pawns (SerienZiel): --hurdles, or a hopper as --piece.
  if (args.some((a) => a === "--hurdles" || a.startsWith("--hurdles=")) || (piece !== undefined && isHopperName(piece))) return "hopper";
  if (piece !== undefined && isLocust(piece)) return "locust";
  return "leaper";
}

function isLocust(piece: string): boolean {
  try {
    return isLocustKind(parseLocustKind(piece));
  } catch {
    return false;
  }
}

/** Bad input is one line on stderr and exit 2; nothing escapes as a trace. */
function guarded(solver: Solver, args: string[], io: SolveIO): number {
  try {
    return solver(args, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr(`error: ${e.message}\n`);
      return e.exitCode;
    }
    io.stderr(`error: unexpected failure: ${errorMessage(e)}\n`);
    return 1;
  }
}

/** Every solver loaded, for callers that solve many lines in one process (the tests): a synchronous runSolve. */
export async function loadRunSolve(): Promise<(args: string[], io: SolveIO) => number> {
  const all = ["--record", "--list", "--batch"];
  const loaded = Object.fromEntries(await Promise.all(Object.entries(SOLVERS).map(async ([k, load]) => [k, await load(all)]))) as Record<SolverKind, Solver>;
  return (args, io) => guarded(loaded[solverKind(args)], args, io);
}

function writeAll(fd: { writeSync(p: Uint8Array): number }, s: string): void {
  let bytes = new TextEncoder().encode(s);
  while (bytes.length > 0) bytes = bytes.subarray(fd.writeSync(bytes));
}

export async function run(args: string[]): Promise<number> {
  const io: SolveIO = {
    stdout: (s) => {
      try {
        writeAll(Deno.stdout, s);
      } catch (e) {
        // Output closed early (e.g. piped into head): nothing left to say.
        if (e instanceof Deno.errors.BrokenPipe) Deno.exit(0);
        throw e;
      }
    },
    stderr: (s) => writeAll(Deno.stderr, s),
    readFile: (path) => Deno.readTextFileSync(path),
  };
  return guarded(await SOLVERS[solverKind(args)](args), args, io);
}
