/** Where things live, relative to the project root (this file is scripts/lib/paths.ts). */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CONTRIBUTIONS, familyEntry } from "../families/index.ts";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/**
 * The reference transcription (published tables and witnesses as data, with
 * their line references) is part of the atlas's data, so a clone alone can
 * cross-check every claim: data/reference/. It is a copy of the steering
 * folder's shared/reference, which sits beside the checkout (SHARED_DIR
 * overrides); tests/cli/reference_copy_test.ts keeps the two equal where both exist.
 */
export const REFERENCE_DIR = join(ROOT, "data", "reference");
export const REFERENCE_TABLES = join(REFERENCE_DIR, "tables.json");
export const REFERENCE_WITNESSES = join(REFERENCE_DIR, "witnesses.json");
/** The shared folder beside the checkout, when there is one (only the copy check reads it). */
export const SHARED = resolve(Deno.env.get("SHARED_DIR") ?? join(ROOT, "..", "shared"));
export const SHARED_REFERENCE_DIR = join(SHARED, "reference");
export const VERIFY_REPORT = join(ROOT, "data", "reports", "verify.json");
/** How records cite the booklet: paths as seen from the project's parent folder. */
export const BOOKLET_FILE = "shared/sources/000_f7bf65ff92730977.txt";

/**
 * A family's record file and proof folder, as absolute paths. They are
 * declared once, in the family's entry of the registry (scripts/families/index.ts,
 * `paths`); a family without a proof folder of its own gets data/<family>/proofs.
 */
export function familyPaths(family: string): { records: string; proofs: string } {
  const { paths } = familyEntry(family);
  return { records: join(ROOT, paths.records), proofs: join(ROOT, paths.proofs ?? join("data", family, "proofs")) };
}

/** The folder of contribution files (declared in the registry, scripts/families/index.ts), as an absolute path. */
export function contributionsDir(): string {
  return join(ROOT, CONTRIBUTIONS.dir);
}
