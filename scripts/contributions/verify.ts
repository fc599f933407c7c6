/**
 * What `atlas verify` checks of the contribution files (data/contributions/*.json,
 * the folder declared in scripts/families/index.ts): each file is read,
 * validated against the contribution schema (solvers/contributions/schema.ts),
 * turned into a record of its family (solvers/contributions/records.ts) and
 * checked with that family's own checks (solvers/leaper/check.ts), in this
 * order, stopping at the first check that fails (leapers; locusts alike, with
 * their own checks: solvers/locust/capture.ts through the locust's verify;
 * hoppers with solvers/hopper/check.ts):
 *
 *   json     the file can be read and is JSON
 *   schema   it matches the contribution schema (the first problem, with its field)
 *   id       its id is no other record's and no other contribution's
 *   board    the board is one our solvers accept
 *   square   every square (start, moves, men, hurdles) is a square of the board
 *   men      the men, when listed, are the squares the moves capture (a locust's: no
 *            man twice, none on the start)
 *   hurdles  a hopper's hurdles are distinct, none on its start (a bishophopper's on
 *            its own colour, the booklet's convention)
 *   value    the value is the number of moves (and of men, for a locust)
 *   maximum  the value is not above the proven maximum of its table cell (names the certificate)
 *   legal    every move is a move of the piece, no square twice
 *   shortest a hopper's moves are a shortest route to their last square (the target)
 *   closes   a closed tour's last square leaps back to its start (a locust's
 *            dual-free-closed sequence ends on its start)
 *   unique   a dual-free claim has exactly one solution (with its last square fixed, for
 *            dual-free-fixed-end; a hopper's: one shortest route to its target); a
 *            locust's longest has at least one
 *   farthest a hopper's target is the farthest square of the position (serienziel-longest),
 *            or the farthest with a single shortest route (serienziel-dual-free)
 *
 * A failing file is one failure (its file, its check, why); the other files
 * and every other record are still checked.
 */
import { sha256Hex } from "../lib/run/sha256.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import type { Board } from "../../solvers/types.ts";
import { checkRecord } from "../../solvers/leaper/check.ts";
import { bestValue } from "../../solvers/leaper/proof/certificate.ts";
import type { AtlasRecord } from "../../solvers/leaper/schema.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import { NO_WITNESS_SEARCH } from "../../solvers/records/common.ts";
import {
  Contribution,
  type HopperContribution,
  type LeaperContribution,
  type LocustContribution,
} from "../../solvers/contributions/schema.ts";
import { hopperRecordOf, leaperRecordOf, locustRecordOf, locustValue } from "../../solvers/contributions/records.ts";
import type { HopperRecord } from "../../solvers/hopper/schema.ts";
import { checkHopperRecord, witnessValue } from "../../solvers/hopper/check.ts";
import { loadHopperRecords } from "../families/hopper/verify.ts";
import type { LocustRecord } from "../../solvers/locust/schema.ts";
import { errorMessage, firstIssue, readFailure } from "../lib/cli.ts";
import { contributionsDir, familyPaths, ROOT } from "../lib/paths.ts";
import { FAMILIES } from "../families/index.ts";
import { loadRecords } from "../families/leaper/lib/load.ts";
import { checkLocustRecord, loadLocustRecords } from "../families/locust/verify.ts";

export interface ContributionFailure {
  /** The file as the user names it: relative to the project root when inside it. */
  file: string;
  check: string;
  message: string;
}

export interface ContributionsOutcome {
  /** One result per file, for the report: the record's check, or a failed result named after the file. */
  results: CheckResult[];
  failures: ContributionFailure[];
}

export interface ContributionsOptions {
  /** The folder to read (default: the registry's data/contributions). */
  dir?: string;
  /** Only files whose name or id contains this text. */
  only?: string;
  /** Record ids the contributions must not take (default: every family's record file). */
  knownIds?: ReadonlySet<string>;
  /** The leaper records (default: the registry's file). */
  leaperRecords?: readonly AtlasRecord[];
  /** The locust records (default: the registry's file). */
  locustRecords?: readonly LocustRecord[];
  /** The hopper records (default: the registry's file). */
  hopperRecords?: readonly HopperRecord[];
}

type Outcome = { check: string; message: string } | { result: CheckResult };

/** The one line verify prints for a failure. */
export function failureLine(f: ContributionFailure): string {
  return `FAILED contribution ${f.file}: ${f.check}: ${f.message}`;
}

/** Every record id of every family's data file (ids are URLs, so a contribution may take none of them). */
export function allRecordIds(): Set<string> {
  const ids = new Set<string>();
  for (const f of FAMILIES) {
    const path = familyPaths(f.family).records;
    if (!existsSync(path)) continue;
    try {
      const records = JSON.parse(readFileSync(path, "utf8"))?.records;
      if (Array.isArray(records)) { for (const r of records) if (typeof r?.id === "string") ids.add(r.id); }
    } catch {
      // An unreadable family file is that family's verify failure, reported there.
    }
  }
  return ids;
}

function shown(path: string): string {
  const rel = relative(ROOT, path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/** The board, and every square named on it: the first that is not a square of the board. */
function squaresCheck(c: Contribution): { check: string; message: string } | null {
  let board: Board;
  try {
    board = makeBoard(c.board);
  } catch (e) {
    return { check: "board", message: errorMessage(e) };
  }
  const named: [string, string][] = [["start", c.start], ...c.moves.map((m, i): [string, string] => [`move ${i + 1}`, m])];
  for (const [i, m] of (c.men ?? []).entries()) named.push([`man ${i + 1}`, m]);
  for (const [i, h] of (c.hurdles ?? []).entries()) named.push([`hurdle ${i + 1}`, h]);
  for (const [where, name] of named) {
    try {
      parseSquare(board, name);
    } catch {
      return { check: "square", message: `${where}: "${name}" is not a square of the ${c.board.join("x")} board` };
    }
  }
  return null;
}

/** Which check a family's failed result stands for, and its errors in one line. */
function failedCheck(result: CheckResult): { check: string; message: string } {
  const closes = result.errors.some((e) => /does not close|does not return/.test(e));
  const check = closes
    ? "closes"
    : result.legal === false
    ? "legal"
    : result.lengthMatches === false
    ? "value"
    : result.unique === false || result.solutions === 0
    ? "unique"
    : "check";
  const message = result.errors.slice(0, 3).join("; ") + (result.errors.length > 3 ? ` (and ${result.errors.length - 3} more)` : "");
  return { check, message };
}

type Maximality = AtlasRecord["established"]["maximality"] | LocustRecord["established"]["maximality"];

/** How our code established a cell's maximum (null: it did not, the maximum is only cited). */
function proofOf(m: Maximality): string | null {
  switch (m.status) {
    case "proven-here":
      return `proven by the exhaustive run of certificate ${m.certificate}`;
    case "proven-by-generation":
      return `proven by exhaustive generation (${m.argument})`;
    case "by-construction":
      return "bound" in m ? `by the upper bound ${m.bound} (${m.argument})` : `by construction: ${m.argument}`;
    default:
      return null;
  }
}

/** A value above the cell's maximum as our code established it: the certificate, or the argument, that refutes it. */
function aboveMaximum(value: number, cellId: string, cellValue: number, m: Maximality): { check: string; message: string } | null {
  const proof = proofOf(m);
  if (proof === null || value <= cellValue) return null;
  return { check: "maximum", message: `${value} is above ${cellValue}, the maximum of ${cellId} ${proof}` };
}

/** Checks one parsed leaper contribution: the first failing check, or the record's check result. */
function checkLeaper(c: LeaperContribution, file: string, leaperRecords: readonly AtlasRecord[]): Outcome {
  const bad = squaresCheck(c);
  if (bad) return bad;
  if (c.men) {
    const moves = new Set(c.moves);
    const men = new Set(c.men);
    const missing = [...moves].filter((m) => !men.has(m));
    const extra = [...men].filter((m) => !moves.has(m));
    if (c.kind === "open" || c.kind === "closed") return { check: "men", message: `a ${c.kind} tour has no men; leave "men" out` };
    if (missing.length || extra.length || men.size !== c.men.length) {
      return {
        check: "men",
        message: `the men are not the squares the moves capture${missing.length ? ` (captured but not a man: ${missing.join(", ")})` : ""}${
          extra.length ? ` (a man never captured: ${extra.join(", ")})` : ""
        }${men.size !== c.men.length ? " (a man listed twice)" : ""}`,
      };
    }
  }
  if (c.moves.length !== c.value) return { check: "value", message: `${c.moves.length} moves, the value claimed is ${c.value}` };
  const { record, cell } = leaperRecordOf(c, leaperRecords, file);
  // The cell's maximum is our longer solution's value where we refuted the claim (certificate.ts bestValue).
  const above = cell && aboveMaximum(c.value, cell.id, bestValue(cell), cell.established.maximality);
  if (above) return above;
  const result = checkRecord(record, new Set([record.id, ...(cell ? [cell.id] : [])]));
  if (result.ok) return { result: { ...result, family: "leaper", kind: record.kind, board: record.board } };
  return failedCheck(result);
}

/** Checks one parsed locust contribution: the first failing check, or the record's check result. */
function checkLocust(c: LocustContribution, file: string, locustRecords: readonly LocustRecord[]): Outcome {
  const bad = squaresCheck(c);
  if (bad) return bad;
  const men = new Set(c.men);
  if (men.size !== c.men.length) return { check: "men", message: "a man is listed twice" };
  if (men.has(c.start)) return { check: "men", message: `the locust's square ${c.start} is also a man's` };
  if (c.moves.length !== c.value || c.men.length !== c.value) {
    return { check: "value", message: `${c.moves.length} moves and ${c.men.length} men, the value claimed is ${c.value}` };
  }
  const { record, cell } = locustRecordOf(c, locustRecords, file);
  const above = cell && aboveMaximum(c.value, cell.id, locustValue(cell), cell.established.maximality);
  if (above) return above;
  const result = checkLocustRecord(record);
  return result.ok ? { result } : failedCheck(result);
}

/**
 * Which check a hopper witness fails, from solvers/hopper/check.ts's errors, in
 * the order the checks are meant (the first error that names one decides).
 */
const HOPPER_CHECKS: [RegExp, string][] = [
  [/is listed twice|stands on a hurdle|other colour/, "hurdles"],
  [/is not a \S+ move over these hurdles|is not reached/, "legal"],
  [/the listed path has/, "shortest"],
  [/shortest paths, not one/, "unique"],
  [/longest shortest path is|longest unique shortest path is/, "farthest"],
];

/** Checks one parsed hopper contribution: the first failing check, or the record's check result. */
function checkHopper(c: HopperContribution, file: string, hopperRecords: readonly HopperRecord[]): Outcome {
  const bad = squaresCheck(c);
  if (bad) return bad;
  const hurdles = new Set(c.hurdles);
  if (hurdles.size !== c.hurdles.length) return { check: "hurdles", message: "a hurdle is listed twice" };
  if (hurdles.has(c.start)) return { check: "hurdles", message: `the hopper's square ${c.start} is also a hurdle's` };
  if (c.moves.length !== c.value) return { check: "value", message: `${c.moves.length} moves, the value claimed is ${c.value}` };
  const { record, cell } = hopperRecordOf(c, hopperRecords, file);
  const proof = cell?.established.proof;
  if (cell && proof && c.value > proof.maximum) {
    return {
      check: "maximum",
      message:
        `${c.value} is above ${proof.maximum}, the maximum of ${cell.id} proven by the exhaustive run of certificate ${proof.certificate}`,
    };
  }
  // The position's own value, recomputed (breadth-first search with exact path counts): the first error decides the check.
  const errors: string[] = [];
  const v = witnessValue(record, errors);
  if (errors.length > 0 || v === null) {
    const check = HOPPER_CHECKS.find(([re]) => errors.some((e) => re.test(e)))?.[1] ?? "check";
    const first = HOPPER_CHECKS.flatMap(([re, name]) => name === check ? errors.filter((e) => re.test(e)) : []);
    const shownErrors = first.length ? first : errors;
    return { check, message: shownErrors.slice(0, 3).join("; ") || "the position cannot be read" };
  }
  if (v.value !== c.value) return { check: "value", message: `the position gives ${v.value}, the value claimed is ${c.value}` };
  const result = checkHopperRecord(record);
  return result.ok ? { result } : failedCheck(result);
}

/** The SHA-256 of a file's text, as the report records it for a contribution. */
export function textDigest(text: string): string {
  return sha256Hex(text);
}

function failedResult(file: string, sha256: string, check: string, message: string, c?: Contribution): CheckResult {
  return {
    id: `contribution:${file}`,
    family: c?.family,
    kind: c?.kind,
    contribution: { file, sha256, failedCheck: check },
    ok: false,
    ...NO_WITNESS_SEARCH,
    milliseconds: 0,
    errors: [`${check}: ${message}`],
    maximality: "not-applicable",
    status: "failed",
  };
}

/** Checks every contribution file of the folder (none there: nothing to do). */
export function verifyContributions(options: ContributionsOptions = {}): ContributionsOutcome {
  const dir = options.dir ?? contributionsDir();
  const out: ContributionsOutcome = { results: [], failures: [] };
  if (!existsSync(dir)) return out;
  const names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  if (names.length === 0) return out;
  const known = options.knownIds ?? allRecordIds();
  // Each family's records are read only when a contribution of that family needs them.
  let leaperRecords = options.leaperRecords;
  let locustRecords = options.locustRecords;
  let hopperRecords = options.hopperRecords;
  const seen = new Map<string, string>();
  for (const name of names) {
    const file = shown(join(dir, name));
    let sha256 = "";
    const fail = (check: string, message: string, c?: Contribution) => {
      out.failures.push({ file, check, message });
      out.results.push(failedResult(file, sha256, check, message, c));
    };
    let raw: unknown;
    try {
      const text = readFileSync(join(dir, name), "utf8");
      sha256 = textDigest(text);
      raw = JSON.parse(text);
    } catch (e) {
      fail("json", e instanceof SyntaxError ? `not valid JSON (${errorMessage(e)})` : `cannot read it: ${readFailure(e)}`);
      continue;
    }
    const parsed = Contribution.safeParse(raw);
    if (!parsed.success) {
      fail("schema", firstIssue(parsed.error) ?? "does not match the contribution schema");
      continue;
    }
    const c = parsed.data;
    if (options.only && !name.includes(options.only) && !c.id.includes(options.only)) continue;
    if (known.has(c.id)) {
      fail("id", `"${c.id}" is already a record of the atlas; choose another id`, c);
      continue;
    }
    const first = seen.get(c.id);
    if (first) {
      fail("id", `"${c.id}" is also the id of ${first}; each contribution needs its own id`, c);
      continue;
    }
    seen.set(c.id, file);
    let outcome: Outcome;
    try {
      outcome = c.family === "leaper"
        ? checkLeaper(c, file, leaperRecords ??= loadRecords(familyPaths("leaper").records))
        : c.family === "locust"
        ? checkLocust(c, file, locustRecords ??= loadLocustRecords(familyPaths("locust").records))
        : checkHopper(c, file, hopperRecords ??= loadHopperRecords(familyPaths("hopper").records).records);
    } catch (e) {
      outcome = { check: "check", message: errorMessage(e) };
    }
    if ("result" in outcome) out.results.push({ ...outcome.result, contribution: { file, sha256 } });
    else fail(outcome.check, outcome.message, c);
  }
  return out;
}
