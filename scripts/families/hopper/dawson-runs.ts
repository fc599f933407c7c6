/**
 * Where the Dawson open-tour runs live and which starts they cover, shared by
 * the runner (prove.ts, `atlas prove hopper dawson-open`) and the records
 * builder that reads them (records.ts), so neither loads the other.
 */
import { join } from "node:path";
import { ROOT } from "../../lib/paths.ts";

/** The starts of 8x8 up to symmetry: every square is the image of exactly one of these under the 8 symmetries. */
export const DAWSON_STARTS = ["a1", "b1", "c1", "d1", "b2", "c2", "d2", "c3", "d3", "d4"];
export const dawsonRunPath = (k: number, start: string) => join(ROOT, "data", "hopper", "proofs", "dawson", `open-h${k}-${start}.json`);
