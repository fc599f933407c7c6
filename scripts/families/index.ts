/**
 * Every record family, registered once: this list is the single source of
 * truth for a family's data paths, its subcommands (`atlas records|prove|bench
 * <family>` and its own extras, `atlas <extra> <family>`), its part of `atlas
 * solve`, its task aliases in deno.json and its place in the CI proof workflow
 * (.github/workflows/prove.yml). deno.json and prove.yml are generated from it
 * (`deno run -A scripts/lib/sync-registry.ts`; tests/cli/registry_test.ts fails
 * when they differ, and when the record schema union in solvers/records/all.ts
 * or the site's adapters in site/families/index.ts name other families).
 *
 * A family's command-line side lives in its own folder, scripts/families/<family>/,
 * with the same file names for the same roles: `verify.ts` (what `atlas verify`
 * checks), `records.ts` (`atlas records <family>`), `prove.ts` (`atlas prove
 * <family>`), `bench.ts` (`atlas bench <family>`) and `solve.ts` (its part of
 * `atlas solve`), nothing else at the top; helpers in `lib/`, the family's own
 * subcommands in `extra/`. A new family is that folder plus one entry here
 * (then its schema in solvers/records/all.ts and its site adapter, which the
 * test checks against this list).
 *
 * Everything here is a lazy import: `atlas` reads this list for its help and
 * dispatch without loading any family's code.
 */
import type { FamilyVerifier } from "./types.ts";
import type { Command } from "../lib/command.ts";
import { isHopperName } from "../../solvers/pieces/hopper.ts";
import { isLocustKind, parseLocustKind } from "../../solvers/pieces/locust.ts";
import type { SolveIO } from "../commands/solve.ts";

/** The subcommands that take a family as their first argument. */
export type FamilyVerb = "records" | "prove" | "bench";

/** One solver of `atlas solve`: the exit code of a command line. */
export type Solver = (args: string[], io: SolveIO) => number;

export interface FamilySolve {
  /** The name `atlas solve` knows this solver by (solverKind). */
  kind: string;
  /**
   * When the line is this family's: "option" rules are tried first (an option
   * only this solver has, e.g. --dominate), then Popeye's --popeye, then
   * "piece" rules (what --piece names), and the family whose rule is
   * "fallback" (the leaper) takes every other line.
   */
  by: "option" | "piece" | "fallback";
  claims?: (args: readonly string[], piece: string | undefined) => boolean;
  /** Loads the solver; `args` lets a solver load optional parts only when the line needs them. */
  load: (args: readonly string[]) => Promise<Solver>;
}

export interface FamilyEntry {
  family: string;
  /** Relative to the project root: the family's record file and the folder its proof runs write. */
  paths: { records: string; proofs?: string };
  verify: () => Promise<FamilyVerifier>;
  records?: Command;
  prove?: Command;
  /** The CI proof workflow (.github/workflows/prove.yml) offers this family: its prover is sharded (`--shard-from-env`, `--merge`) and writes `<proofs>/<cell>/`. */
  ci?: { example: string };
  bench?: Command;
  /** Subcommands only this family has: `atlas <name> <family>`, and `atlas <name>` alone as the older alias. */
  extra?: Record<string, Command>;
  solve?: FamilySolve;
  /** deno.json task aliases: task name -> the atlas command line it runs (the older names of these commands). */
  tasks?: Record<string, string>;
}

function isLocust(piece: string): boolean {
  try {
    return isLocustKind(parseLocustKind(piece));
  } catch {
    return false;
  }
}

/** Report order of verify. */
export const FAMILIES: FamilyEntry[] = [
  {
    family: "leaper",
    paths: { records: "data/leaper/records.json", proofs: "data/leaper/proofs" },
    verify: () => import("./leaper/verify.ts").then((m) => m.leaperFamily),
    records: {
      summary: "rebuild data/leaper/records.json from the reference transcription",
      load: () => import("./leaper/records.ts"),
      help: new URL("./leaper/records.ts", import.meta.url),
    },
    prove: {
      summary: "prove a table cell maximal by sharded exhaustive enumeration",
      load: () => import("./leaper/prove.ts"),
      help: new URL("./leaper/prove.ts", import.meta.url),
    },
    ci: { example: "leaper-2-3-dual-free-6x6" },
    bench: {
      summary: "leaper searches and proof projections -> bench/results.json",
      load: () => import("./leaper/bench.ts"),
      help: new URL("./leaper/bench.ts", import.meta.url),
    },
    extra: {
      regenerate: {
        summary: "search every cell's value without the published witness",
        load: () => import("./leaper/extra/regenerate.ts"),
        help: new URL("./leaper/extra/regenerate.ts", import.meta.url),
      },
      witnesses: {
        summary: "search witnesses of the claimed value for cells without one",
        load: () => import("./leaper/extra/witnesses.ts"),
        help: new URL("./leaper/extra/witnesses.ts", import.meta.url),
      },
    },
    solve: {
      kind: "leaper",
      by: "fallback",
      load: async (args) => {
        const m = await import("./leaper/solve.ts");
        if (args.some((a) => /^--(record|list|batch)(=|$)/.test(a))) await m.loadRecordSupport();
        return m.runLeaperSolve;
      },
    },
    tasks: {
      prove: "prove leaper",
      import: "records leaper",
      bench: "bench leaper",
      regenerate: "regenerate leaper",
      witnesses: "witnesses leaper",
    },
  },
  {
    family: "domination",
    paths: { records: "data/domination/table.json", proofs: "data/domination/proofs" },
    verify: () => import("./domination/verify.ts").then((m) => m.dominationFamily),
    records: { summary: "rebuild data/domination/table.json", load: () => import("./domination/records.ts") },
    prove: { summary: "sharded count of minimum dominating sets", load: () => import("./domination/prove.ts") },
    ci: { example: "queen-14x14-dominating" },
    bench: {
      summary: "domination search times -> bench/domination.json",
      load: () => import("./domination/bench.ts"),
      help: new URL("./domination/bench.ts", import.meta.url),
    },
    // Domination has its own options; any --dominate hands the whole line over.
    solve: {
      kind: "dominate",
      by: "option",
      claims: (args) => args.some((a) => a === "--dominate" || a.startsWith("--dominate=")),
      load: () => import("./domination/solve.ts").then((m) => m.runDominate),
    },
    tasks: { "dominate-shards": "prove domination", domination: "records domination", "bench:domination": "bench domination" },
  },
  {
    family: "hopper",
    paths: { records: "data/hopper/records.json", proofs: "data/hopper/proofs" },
    verify: () => import("./hopper/verify.ts").then((m) => m.hopperFamily),
    records: { summary: "rebuild data/hopper/records.json", load: () => import("./hopper/records.ts") },
    prove: {
      summary: "exhaustive Dawson open-tour runs by placement enumeration",
      load: () => import("./hopper/prove.ts"),
      help: new URL("./hopper/prove.ts", import.meta.url),
    },
    bench: {
      summary: "hopper searches and projections -> bench/hopper.json",
      load: () => import("./hopper/bench.ts"),
      help: new URL("./hopper/bench.ts", import.meta.url),
    },
    // Hoppers over dummy pawns (SerienZiel): --hurdles, or a hopper as --piece.
    solve: {
      kind: "hopper",
      by: "piece",
      claims: (args, piece) =>
        args.some((a) => a === "--hurdles" || a.startsWith("--hurdles=")) || (piece !== undefined && isHopperName(piece)),
      load: () => import("./hopper/solve.ts").then((m) => m.runHopper),
    },
    tasks: { "hopper-records": "records hopper", "bench:hopper": "bench hopper" },
  },
  {
    family: "locust",
    paths: { records: "data/locust/records.json", proofs: "data/locust/proofs" },
    verify: () => import("./locust/verify.ts").then((m) => m.locustFamily),
    records: { summary: "rebuild data/locust/records.json", load: () => import("./locust/records.ts") },
    prove: { summary: "edge-method proofs of the locust and rook-locust, sharded", load: () => import("./locust/prove.ts") },
    ci: { example: "locust-exists-8x8-46" },
    bench: {
      summary: "locust generation and proof projections -> bench/locust.json",
      load: () => import("./locust/bench.ts"),
      help: new URL("./locust/bench.ts", import.meta.url),
    },
    solve: {
      kind: "locust",
      by: "piece",
      claims: (_args, piece) => piece !== undefined && isLocust(piece),
      load: () => import("./locust/solve.ts").then((m) => m.runLocust),
    },
    tasks: { "prove-locust": "prove locust", "locust-records": "records locust", "bench:locust": "bench locust" },
  },
  {
    family: "hopper-tour",
    paths: { records: "data/hopper-tour/records.json" },
    verify: () => import("./hopper-tour/verify.ts").then((m) => m.hopperTourFamily),
    records: { summary: "rebuild data/hopper-tour/records.json", load: () => import("./hopper-tour/records.ts") },
    bench: {
      summary: "hopper-tour branch and bound -> bench/hopper-tour.json",
      load: () => import("./hopper-tour/bench.ts"),
      help: new URL("./hopper-tour/bench.ts", import.meta.url),
    },
    tasks: { "hopper-tour-records": "records hopper-tour", "bench:hopper-tour": "bench hopper-tour" },
  },
  {
    family: "tour",
    paths: { records: "data/tours/records.json" },
    verify: () => import("./tour/verify.ts").then((m) => m.tourFamily),
    records: { summary: "rebuild data/tours/records.json (the cube dual-free records are kept)", load: () => import("./tour/records.ts") },
    bench: {
      summary: "tour finders and counts -> bench/tours.json",
      load: () => import("./tour/bench.ts"),
      help: new URL("./tour/bench.ts", import.meta.url),
    },
    extra: {
      "cube-records": {
        summary: "regenerate the dual-free records on the 3x3x3 and 4x4x4 cubes",
        load: () => import("./tour/extra/cube-records.ts"),
        help: new URL("./tour/extra/cube-records.ts", import.meta.url),
      },
    },
    solve: {
      kind: "tour",
      by: "option",
      claims: (args) => args.some((a) => a === "--tour" || a === "--king-tour" || a === "--moves"),
      load: () => import("./tour/solve.ts").then((m) => m.runTour),
    },
    tasks: { "tour-records": "records tour", "cube-records": "cube-records tour", "bench:tours": "bench tour" },
  },
  {
    family: "magic",
    paths: { records: "data/magic/records.json", proofs: "data/magic/proofs" },
    verify: () => import("./magic/verify.ts").then((m) => m.magicFamily),
    records: {
      summary: "magic knight's tours: enumeration shards, construction, data/magic/records.json",
      load: () => import("./magic/records.ts"),
    },
    prove: { summary: "the sharded enumeration of 8x8 semimagic knight's tours", load: () => import("./magic/prove.ts") },
    ci: { example: "magic-knight-8x8-all-d10" },
    bench: {
      summary: "magic enumeration engine versions on a fixed sample -> bench/magic.json",
      load: () => import("./magic/bench.ts"),
      help: new URL("./magic/bench.ts", import.meta.url),
    },
    extra: {
      crosscheck: {
        summary: "the independent enumeration of centrally symmetric tours",
        load: () => import("./magic/extra/crosscheck.ts"),
        help: new URL("./magic/extra/crosscheck.ts", import.meta.url),
      },
      "crosscheck-all": {
        summary: "re-run sampled prefixes of the full enumeration's shards independently and compare",
        load: () => import("./magic/extra/crosscheck-all.ts"),
        help: new URL("./magic/extra/crosscheck-all.ts", import.meta.url),
      },
    },
    tasks: { "magic-tours": "records magic" },
  },
];

/**
 * Contributions (one claim per file, solvers/contributions/schema.ts): the
 * folder they live in, relative to the project root, declared here like the
 * families' paths (read it with contributionsDir() in scripts/lib/paths.ts).
 * `atlas verify` checks each file as a record of its family
 * (scripts/contributions/verify.ts); the families that accept them are
 * CONTRIBUTION_FAMILIES in the schema.
 */
export const CONTRIBUTIONS = { dir: "data/contributions" } as const;

/** The deno.json tasks that are no family's: the test commands and the general subcommands' aliases (task name -> atlas command line, or a whole command line for "test"). */
export const GENERAL_TASKS: Record<string, string> = {
  verify: "verify",
  solve: "solve",
  build: "build",
  serve: "serve",
  "bench:site": "bench site",
  "bench:cli": "bench cli",
};

/**
 * A family's entry; throws for a name that is not registered. (The absolute
 * paths of its files: familyPaths in scripts/lib/paths.ts, kept there so that
 * reading this list loads no node: module.)
 */
export function familyEntry(family: string): FamilyEntry {
  const entry = FAMILIES.find((f) => f.family === family);
  if (!entry) throw new Error(`no family "${family}" in scripts/families/index.ts`);
  return entry;
}

/** Every family's verifier, in report order. */
export function loadVerifiers(): Promise<FamilyVerifier[]> {
  return Promise.all(FAMILIES.map((f) => f.verify()));
}
