/**
 * The checkpoint of a long `atlas records locust --scan` run: how far the
 * scan's order was decided (placements reached, the counts so far, CPU
 * seconds over every session). A rerun of the same command continues from it
 * (scan.ts `from`: the placements before it are enumerated, not decided), so
 * interrupted sessions add up to exactly one uninterrupted scan. A checkpoint
 * names the scan it belongs to; one written for other parameters is refused,
 * never continued, since its counts would describe another space. Written and
 * read by the run mechanism's checkpoint routines (scripts/lib/run/checkpoint.ts).
 */
import { join } from "node:path";
import type { ScanProgress } from "../../../../solvers/locust/scan.ts";
import { CliError } from "../../../lib/cli.ts";
import { readCheckpointFile, removeCheckpointFile, writeCheckpointFile } from "../../../lib/run/checkpoint.ts";
import { ROOT } from "../../../lib/paths.ts";

/** What makes two scans the same: the cell and the generator's restrictions (square names as given, normalised). */
export interface ScanParams {
  cell: string;
  start: string;
  menAt: string[];
  emptyAt: string[];
  first: string[];
  end: string | null;
}

export interface ScanCheckpoint {
  scan: ScanParams;
  /** Placements in the space (the scan's size). */
  size: number;
  progress: ScanProgress;
  /** CPU seconds of every session so far. */
  seconds: number;
  date: string;
}

export function defaultCheckpointPath(p: ScanParams): string {
  const parts = [
    p.cell,
    p.start,
    ...(p.menAt.length ? ["men", ...p.menAt] : []),
    ...(p.emptyAt.length ? ["empty", ...p.emptyAt] : []),
    ...(p.first.length ? ["first", ...p.first] : []),
    ...(p.end ? ["end", p.end] : []),
  ];
  return join(ROOT, "data", "locust", "scan-checkpoints", `${parts.join("-")}.json`);
}

const describe = (p: ScanParams) =>
  `${p.cell} from ${p.start}` + (p.menAt.length ? `, men ${p.menAt.join(",")}` : "") +
  (p.emptyAt.length ? `, empty ${p.emptyAt.join(",")}` : "") +
  (p.first.length ? `, first ${p.first.join(",")}` : "") + (p.end ? `, end ${p.end}` : "");

const count = (x: unknown) => typeof x === "number" && Number.isSafeInteger(x) && x >= 0;

/** The checkpoint to continue from (null: none, start at placement 0); CliError (exit 2) for another scan's or a damaged one. */
export function loadScanCheckpoint(path: string, params: ScanParams, size: number): ScanCheckpoint | null {
  const cp = readCheckpointFile(path, (why) => `checkpoint ${path} is not readable JSON (${why}): remove it to start over`) as
    | ScanCheckpoint
    | null;
  if (cp === null) return null;
  const p = cp?.progress;
  if (
    !p || !["placements", "withSequence", "unique", "closed", "nodes"].every((f) => count((p as unknown as Record<string, unknown>)[f])) ||
    !(cp.seconds >= 0) || !cp.scan
  ) {
    throw new CliError(`checkpoint ${path} is damaged (missing or bad progress fields): remove it to start over`);
  }
  if (JSON.stringify(cp.scan) !== JSON.stringify(params) || cp.size !== size) {
    throw new CliError(
      `checkpoint ${path} was written for another scan (${describe(cp.scan)}), not ${
        describe(params)
      }: give --checkpoint FILE or remove it`,
    );
  }
  if (p.placements > size) {
    throw new CliError(`checkpoint ${path} is past the end of its space (${p.placements} of ${size}): remove it to start over`);
  }
  return cp;
}

export function saveScanCheckpoint(path: string, cp: ScanCheckpoint): void {
  writeCheckpointFile(path, cp, 1);
}

export function removeScanCheckpoint(path: string): void {
  removeCheckpointFile(path);
}
