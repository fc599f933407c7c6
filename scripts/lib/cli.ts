/**
 * Small helpers shared by the command-line scripts: the project's rule is one
 * clear line on stderr and a non-zero exit for bad input, never a stack trace,
 * and output files written atomically.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import process from "node:process";

/** Exit code for bad input (usage, unreadable or invalid files). */
export const EXIT_USAGE = 2;

/** An error whose message is meant for the user as it stands; scripts print it without a trace. */
export class CliError extends Error {
  override name = "CliError";
  constructor(message: string, readonly exitCode: number = EXIT_USAGE) {
    super(message);
  }
}

/** Collapse a message to one line (multi-line messages would break the one-line rule). */
export function oneLine(message: string): string {
  return message.trim().replace(/([.;:!?]?)\s*\n\s*/g, (_, end: string) => (end ? `${end} ` : "; "));
}

/**
 * The first problem of a zod validation error as "path: message" (duck-typed, so
 * this file needs no zod import); null when `e` is not one.
 */
export function firstIssue(e: unknown): string | null {
  const issues = (e as { issues?: unknown })?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const i = issues[0] as { path?: unknown[]; message?: string };
  const path = Array.isArray(i.path) && i.path.length > 0 ? i.path.join(".") : "(top level)";
  return `${path}: ${i.message ?? "invalid"}`;
}

/** A one-line description of any thrown value. */
export function errorMessage(e: unknown): string {
  const issue = firstIssue(e);
  if (issue) return issue;
  if (e instanceof Error) return oneLine(e.message);
  return oneLine(String(e));
}

/** Why a file could not be read, in words (not the runtime's error class). */
export function readFailure(e: unknown): string {
  const err = e as { name?: string; code?: string; message?: string };
  if (err?.name === "NotFound" || err?.code === "ENOENT") return "no such file";
  if (err?.name === "PermissionDenied" || err?.code === "EACCES") return "permission denied";
  if (err?.name === "IsADirectory" || err?.code === "EISDIR") return "it is a directory";
  return errorMessage(e);
}

/** Print `error: message` on stderr and exit (default code 2, bad input). */
export function fail(message: string, code: number = EXIT_USAGE): never {
  process.stderr.write(`error: ${oneLine(message)}\n`);
  process.exit(code);
}

/**
 * Write a text file atomically: a temporary file in the same directory (so the
 * rename stays on one file system and is atomic), then rename over the target.
 * Readers see the old file or the new one, never half of one. Missing parent
 * directories are created.
 */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const unique = `${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const tmp = join(dir, `.${basename(path)}.${unique}.tmp`);
  try {
    writeFileSync(tmp, text);
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
