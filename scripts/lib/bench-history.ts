/**
 * The history kept in bench/site.json (scripts/lib/bench-site.ts): each run
 * of `atlas bench site` replaces the file's measured figures, and what the
 * file held before must not be lost with them. So the new file carries:
 * - `history`: the old file's `history`, then the old file's own run in
 *   short (date, code version, machine, build medians, site size by folder
 *   and file type: historyEntry()), oldest first;
 * - every other top-level key of the old file that this script does not write
 *   itself (figures measured by hand, such as a `pageWeight` block, with
 *   their own notes), unchanged.
 * Files written before there was a `history` held a hand-written `before`
 * block and a `previous` block: both become history entries (marked with
 * where they came from), in that order, ahead of the old run.
 * Pure (no file access), so tests/cli/bench_history_test.ts checks it directly.
 */

/** Top-level keys `atlas bench site` writes itself on every run. */
export const MEASURED_KEYS = [
  "note",
  "what",
  "date",
  "codeVersion",
  "machine",
  "browser",
  "build",
  "weights",
  "vitals",
  "history",
] as const;
/** Keys of files written before `history` existed, turned into history entries. */
const LEGACY_KEYS = ["before", "previous"] as const;

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === "object" && x !== null && !Array.isArray(x);

/** A run's figures in short, as kept in the history. */
export function historyEntry(run: Json): Json {
  const build = isObject(run.build) ? run.build : null;
  const median = (b: unknown) =>
    isObject(b)
      ? {
        runs: b.runs ?? null,
        medianSeconds: b.medianSeconds ?? null,
        medianCpuSeconds: b.medianCpuSeconds ?? null,
        medianLoad1: b.medianLoad1 ?? null,
      }
      : null;
  const weights = isObject(run.weights) ? run.weights : null;
  const site = weights && isObject(weights.site) ? weights.site : null;
  const html = weights && isObject(weights.html) ? weights.html : null;
  return {
    source: "atlas bench site",
    what: run.what ?? null,
    date: run.date ?? null,
    codeVersion: run.codeVersion ?? null,
    machine: run.machine ?? null,
    pages: build?.pages ?? html?.pages ?? null,
    fresh: median(build?.fresh),
    cached: median(build?.cached),
    siteBytes: site?.bytes ?? null,
    siteMegabytes: site?.megabytes ?? null,
    siteFolders: site?.folders ?? null,
    siteKinds: site?.kinds ?? null,
  };
}

/** Whether a file holds a run of this script (not only carried keys). */
function hasRun(old: Json): boolean {
  return typeof old.date === "string" && (isObject(old.build) || isObject(old.weights));
}

/**
 * The file to write: `run` (this run's measured keys) with the history and the
 * carried keys of `old` (the file it replaces; null when there is none).
 */
export function withHistory(old: Json | null, run: Json): Json {
  const history: unknown[] = [];
  const carried: Json = {};
  if (old) {
    if (Array.isArray(old.history)) history.push(...old.history);
    for (const key of LEGACY_KEYS) {
      if (isObject(old[key])) history.push({ source: `hand-written "${key}" block of an earlier file`, ...old[key] });
    }
    if (hasRun(old)) history.push(historyEntry(old));
    for (const [key, value] of Object.entries(old)) {
      if (!(MEASURED_KEYS as readonly string[]).includes(key) && !(LEGACY_KEYS as readonly string[]).includes(key)) carried[key] = value;
    }
  }
  const out: Json = { ...carried };
  for (const [key, value] of Object.entries(run)) if (key !== "history") out[key] = value;
  out.history = history;
  return out;
}
