/**
 * The errors of the command line, without imports: the project's rule is one
 * clear line on stderr and a non-zero exit for bad input, never a stack trace.
 * Kept apart from cli.ts (which needs node:fs) so that `atlas solve` loads
 * nothing it does not use.
 */
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
