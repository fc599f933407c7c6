/**
 * The in-repository copy of the reference transcription (data/reference/)
 * against the steering folder's shared/reference, where that exists: the copy
 * is what verify and the tests read, so it must not drift from its origin.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REFERENCE_DIR, SHARED_REFERENCE_DIR } from "./paths.ts";

/**
 * One line per file that differs, is missing from the copy, or is in the copy
 * only; null when there is no shared/reference to compare with (a clone on its own).
 */
export function referenceCopyDifferences(copyDir = REFERENCE_DIR, originDir = SHARED_REFERENCE_DIR): string[] | null {
  if (!existsSync(originDir)) return null;
  const files = (dir: string) => existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith(".")).sort() : [];
  const origin = files(originDir);
  const copy = new Set(files(copyDir));
  const out: string[] = [];
  for (const f of origin) {
    if (!copy.has(f)) out.push(`${f}: in ${originDir} but not in ${copyDir}`);
    else if (!readFileSync(join(originDir, f)).equals(readFileSync(join(copyDir, f)))) {
      out.push(`${f}: ${copyDir} differs from ${originDir}`);
    }
    copy.delete(f);
  }
  for (const f of copy) out.push(`${f}: in ${copyDir} but not in ${originDir}`);
  return out;
}
