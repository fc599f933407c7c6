/** Small helpers shared by the command-line scripts. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Print one line `error: message` to stderr and exit with code 2 (bad input). */
export function fail(message: string, code = 2): never {
  console.error(`error: ${message}`);
  Deno.exit(code);
}

/** Write through a temporary file in the same folder and rename it: readers never see half a file. */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${Deno.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
