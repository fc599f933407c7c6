/**
 * atlas solve: one position of any kind. The arguments say which solver it is
 * (--dominate, --tour/--king-tour/--moves, --popeye, a hopper or a locust as
 * --piece, else a leaper); only that solver's module is loaded, so a small
 * problem answers about as fast as the runtime starts. Each solver keeps its
 * own options and --help (the leaper's --help is the overview). The rules and
 * the loaders are each family's `solve` entry in scripts/families/index.ts.
 */
import { FAMILIES, type FamilySolve, type Solver } from "../families/index.ts";
import { CliError, errorMessage } from "../lib/errors.ts";

export interface SolveIO {
  stdout(s: string): void;
  stderr(s: string): void;
  readFile(path: string): string;
}

/** The solvers' names: each family's solve.kind (scripts/families/index.ts) and Popeye's export. */
export type SolverKind = "dominate" | "tour" | "popeye" | "hopper" | "locust" | "leaper";

/** Popeye's export is no family's: it takes any record or position. */
const POPEYE: FamilySolve = {
  kind: "popeye",
  by: "option",
  claims: (args) => args.includes("--popeye"),
  load: () => import("../lib/solve-popeye.ts").then((m) => m.runPopeye),
};

/** The order rules are tried in: the families' option rules, Popeye, the piece rules, the fallback. */
const RULES: FamilySolve[] = (() => {
  const solves = FAMILIES.flatMap((f) => f.solve ? [f.solve] : []);
  const by = (b: FamilySolve["by"]) => solves.filter((s) => s.by === b);
  return [...by("option"), POPEYE, ...by("piece"), ...by("fallback")];
})();

const SOLVERS: Record<string, FamilySolve> = Object.fromEntries(RULES.map((s) => [s.kind, s]));

function pieceArg(args: readonly string[]): string | undefined {
  const i = args.findIndex((a) => a === "--piece");
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith("--piece="))?.slice(8);
}

/** Which solver a command line is for; the first rule that matches wins. */
export function solverKind(args: readonly string[]): SolverKind {
  const piece = pieceArg(args);
  const rule = RULES.find((s) => s.by === "fallback" || s.claims?.(args, piece));
  return rule!.kind as SolverKind;
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
  const loaded = Object.fromEntries(await Promise.all(RULES.map(async (s) => [s.kind, await s.load(all)]))) as Record<SolverKind, Solver>;
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
  return guarded(await SOLVERS[solverKind(args)].load(args), args, io);
}
