/**
 * Small helpers shared by the command-line scripts: the project's rule is one
 * clear line on stderr and a non-zero exit for bad input, never a stack trace,
 * and output files written atomically.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import { errorMessage, EXIT_USAGE, oneLine } from "./errors.ts";
import { type OptionConfig, type OptionValues, parseArgs } from "./options.ts";

export { CliError, errorMessage, EXIT_USAGE, firstIssue, oneLine, readFailure } from "./errors.ts";

/** Print `error: message` on stderr and exit (default code 2, bad input). */
export function fail(message: string, code: number = EXIT_USAGE): never {
  process.stderr.write(`error: ${oneLine(message)}\n`);
  process.exit(code);
}

/**
 * A subcommand's options read strictly: bad input is one line (with a pointer
 * to --help) and exit 2; `--help` prints the usage and exits 0. `atlas`
 * answers --help before it loads a subcommand, but a test or another script
 * that calls a module's run() directly gets the same answer from here.
 */
export function parseCommandLine<const O extends Record<string, OptionConfig>>(
  args: readonly string[],
  options: O,
  usage: string,
  allowPositionals = false,
): { values: OptionValues<O & { help: { type: "boolean"; short: "h" } }>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } } as O & { help: { type: "boolean"; short: "h" } },
      allowPositionals,
    });
  } catch (e) {
    fail(`${errorMessage(e)} (try --help)`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/**
 * Write a text file atomically: a temporary file in the same directory (so the
 * rename stays on one file system and is atomic), then rename over the target.
 * Readers see the old file or the new one, never half of one. Missing parent
 * directories are created. `beforeRename` runs between the two (a test hook:
 * scripts/lib/run/checkpoint.ts).
 */
export function writeFileAtomic(path: string, text: string, o: { beforeRename?: () => void } = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const unique = `${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dir, `.${basename(path)}.${unique}.tmp`);
  try {
    writeFileSync(tmp, text);
    o.beforeRename?.();
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * The opening doc comment of a script, as plain text: the scripts that keep
 * their usage and options there print it for --help (one source of truth).
 */
export function headerUsage(scriptUrl: string | URL): string {
  const text = readFileSync(new URL(scriptUrl), "utf8");
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(text);
  if (!m) return "";
  return m[1].split("\n").map((line) => line.replace(/^\s*\* ?/, "")).join("\n").trim();
}
