/** Where things live, relative to the project root (this file is scripts/lib/paths.ts). */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The shared reference folder sits beside the project checkout; SHARED_DIR overrides. */
export const SHARED = resolve(Deno.env.get("SHARED_DIR") ?? join(ROOT, "..", "shared"));
export const REFERENCE_TABLES = join(SHARED, "reference", "tables.json");
export const REFERENCE_WITNESSES = join(SHARED, "reference", "witnesses.json");
export const LEAPER_RECORDS = join(ROOT, "data", "leaper", "records.json");
export const VERIFY_REPORT = join(ROOT, "data", "reports", "verify.json");
/** How records cite the booklet: paths as seen from the project's parent folder. */
export const BOOKLET_FILE = "shared/sources/000_f7bf65ff92730977.txt";
