/**
 * Every record family, registered once. A family's command-line side lives in
 * its own folder (scripts/families/<family>/): `verify.ts` (what `atlas verify`
 * checks), and where it has them `records.ts` (`atlas records <family>`),
 * `prove.ts` (`atlas prove <family>`), `bench.ts` (`atlas bench <family>`) and
 * `solve.ts` (its part of `atlas solve`). A new family adds its folder and one
 * entry here, plus its lines in solvers/records/all.ts and site/families/index.ts.
 *
 * Everything here is a lazy import: `atlas` reads this list for its help and
 * dispatch without loading any family's code.
 */
import type { FamilyVerifier } from "./types.ts";
import type { Command } from "../lib/command.ts";

/** The subcommands that take a family as their first argument. */
export type FamilyVerb = "records" | "prove" | "bench";

export interface FamilyEntry {
  family: string;
  verify: () => Promise<FamilyVerifier>;
  records?: Command;
  prove?: Command;
  bench?: Command;
  /** Subcommands only this family has (`atlas <name>`), e.g. the leaper's regenerate. */
  extra?: Record<string, Command>;
}

/** Report order of verify. */
export const FAMILIES: FamilyEntry[] = [
  {
    family: "leaper",
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
    bench: {
      summary: "leaper searches and proof projections -> bench/results.json",
      load: () => import("./leaper/bench.ts"),
      help: new URL("./leaper/bench.ts", import.meta.url),
    },
    extra: {
      regenerate: {
        summary: "(leaper) search every cell's value without the published witness",
        load: () => import("./leaper/extra/regenerate.ts"),
        help: new URL("./leaper/extra/regenerate.ts", import.meta.url),
      },
      witnesses: {
        summary: "(leaper) search witnesses of the claimed value for cells without one",
        load: () => import("./leaper/extra/witnesses.ts"),
        help: new URL("./leaper/extra/witnesses.ts", import.meta.url),
      },
    },
  },
  {
    family: "domination",
    verify: () => import("./domination/verify.ts").then((m) => m.dominationFamily),
    records: { summary: "rebuild data/domination/table.json", load: () => import("./domination/records.ts") },
    prove: { summary: "sharded count of minimum dominating sets", load: () => import("./domination/prove.ts") },
    bench: {
      summary: "domination search times -> bench/domination.json",
      load: () => import("./domination/bench.ts"),
      help: new URL("./domination/bench.ts", import.meta.url),
    },
  },
  {
    family: "hopper",
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
  },
  {
    family: "locust",
    verify: () => import("./locust/verify.ts").then((m) => m.locustFamily),
    records: { summary: "rebuild data/locust/records.json", load: () => import("./locust/records.ts") },
    prove: { summary: "edge-method proofs of the locust and rook-locust, sharded", load: () => import("./locust/prove.ts") },
    bench: {
      summary: "locust generation and proof projections -> bench/locust.json",
      load: () => import("./locust/bench.ts"),
      help: new URL("./locust/bench.ts", import.meta.url),
    },
  },
  {
    family: "hopper-tour",
    verify: () => import("./hopper-tour/verify.ts").then((m) => m.hopperTourFamily),
    records: { summary: "rebuild data/hopper-tour/records.json", load: () => import("./hopper-tour/records.ts") },
    bench: {
      summary: "hopper-tour branch and bound -> bench/hopper-tour.json",
      load: () => import("./hopper-tour/bench.ts"),
      help: new URL("./hopper-tour/bench.ts", import.meta.url),
    },
  },
  {
    family: "tour",
    verify: () => import("./tour/verify.ts").then((m) => m.tourFamily),
    records: { summary: "rebuild data/tours/records.json (the cube dual-free records are kept)", load: () => import("./tour/records.ts") },
    bench: {
      summary: "tour finders and counts -> bench/tours.json",
      load: () => import("./tour/bench.ts"),
      help: new URL("./tour/bench.ts", import.meta.url),
    },
    extra: {
      "cube-records": {
        summary: "(tour) regenerate the dual-free records on the 3x3x3 and 4x4x4 cubes",
        load: () => import("./tour/extra/cube-records.ts"),
        help: new URL("./tour/extra/cube-records.ts", import.meta.url),
      },
    },
  },
  {
    family: "magic",
    verify: () => import("./magic/verify.ts").then((m) => m.magicFamily),
    records: {
      summary: "magic knight's tours: enumeration shards, construction, data/magic/records.json",
      load: () => import("./magic/records.ts"),
    },
    prove: { summary: "the sharded enumeration of 8x8 semimagic knight's tours", load: () => import("./magic/prove.ts") },
    bench: {
      summary: "magic enumeration engine versions on a fixed sample -> bench/magic.json",
      load: () => import("./magic/bench.ts"),
      help: new URL("./magic/bench.ts", import.meta.url),
    },
    extra: {
      crosscheck: {
        summary: "(magic) the independent enumeration of centrally symmetric tours",
        load: () => import("./magic/extra/crosscheck.ts"),
        help: new URL("./magic/extra/crosscheck.ts", import.meta.url),
      },
      "crosscheck-all": {
        summary: "(magic) re-run sampled prefixes of the full enumeration's shards independently and compare",
        load: () => import("./magic/extra/crosscheck-all.ts"),
        help: new URL("./magic/extra/crosscheck-all.ts", import.meta.url),
      },
    },
  },
];

/** Every family's verifier, in report order. */
export function loadVerifiers(): Promise<FamilyVerifier[]> {
  return Promise.all(FAMILIES.map((f) => f.verify()));
}
