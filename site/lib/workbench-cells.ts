/**
 * The record cells the workbench compares a position with, gathered at build
 * time from the site's data layer (site/data.ts and the family data files it
 * validates) and written by the build to /workbench/cells.json
 * (site/pages/workbench/cells.json.ts), which the workbench fetches from the
 * site: the browser reads nothing else. One row per table cell of the three capture families: its piece,
 * board, kind (and a hopper's number of hurdles), the published value and the
 * proven maximum when an exhaustive run (or a construction) of ours settled
 * it; the record's page is its family page (workbenchFamilyPaths) + its id.
 */
import { join } from "node:path";
import { getAtlas, readFamilyFile } from "../data.ts";
import { HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { LocustRecordFile } from "../../solvers/locust/schema.ts";
import { ADAPTERS } from "../families/index.ts";
import type { Lang } from "../i18n.ts";
import { familyPath } from "./paths.ts";
import type { WorkbenchCell } from "./workbench-compare.ts";

/** The family pages each record path starts with (a record's page is its family page + id + "/"). */
export function workbenchFamilyPaths(): Record<WorkbenchCell["family"], Record<Lang, string>> {
  const of = (family: string) => {
    const a = ADAPTERS.find((x) => x.family === family);
    if (!a) throw new Error(`no adapter for ${family}`);
    return { en: familyPath(a.slug, "en"), cs: familyPath(a.slug, "cs") };
  };
  return { leaper: of("leaper"), hopper: of("hopper"), locust: of("locust") };
}

const two = (board: readonly number[]) => board.length === 2;

/** Every capture-problem cell of the build's data (leapers' dual-free and closed columns, hoppers' SerienZiel, locusts). */
export function workbenchCells(): WorkbenchCell[] {
  const out: WorkbenchCell[] = [];
  const atlas = getAtlas();
  const leaperChecks = new Map((atlas.report?.results ?? []).map((c) => [c.id, c]));
  for (const r of atlas.records.records) {
    if (!r.tableCell || !two(r.board) || !["dual-free", "dual-free-fixed-end", "closed"].includes(r.kind)) continue;
    const check = leaperChecks.get(r.id) ?? null;
    const ours = r.established.regenerated?.value ?? null;
    const m = r.established.maximality.status;
    const proven = check?.maximality === "proven-here" || m === "proven-here" || m === "by-construction";
    const [x, y] = [...r.piece.leap].sort((a, b) => a - b);
    out.push({
      id: r.id,
      family: "leaper",
      piece: `${x},${y}`,
      board: `${r.board[0]}x${r.board[1]}`,
      kind: r.kind,
      claim: r.claim.value,
      max: proven ? ours ?? r.claim.value : null,
    });
  }
  const hoppers = readFamilyFile(join("hopper", "records.json"), HopperRecordFile)?.records ?? [];
  for (const r of hoppers) {
    if (!two(r.board) || (r.kind !== "serienziel-longest" && r.kind !== "serienziel-dual-free")) continue;
    out.push({
      id: r.id,
      family: "hopper",
      piece: r.piece,
      board: `${r.board[0]}x${r.board[1]}`,
      kind: r.kind,
      hurdles: r.hurdles,
      claim: r.claim?.value ?? null,
      max: r.established.proof?.maximum ?? null,
    });
  }
  const locusts = readFamilyFile(join("locust", "records.json"), LocustRecordFile)?.records ?? [];
  for (const r of locusts) {
    if (!r.tableCell || !two(r.board)) continue;
    const m = r.established.maximality;
    const ours = r.established.regenerated?.value ?? null;
    out.push({
      id: r.id,
      family: "locust",
      piece: r.piece.locust,
      board: `${r.board[0]}x${r.board[1]}`,
      kind: r.kind,
      claim: r.claim?.value ?? null,
      max: m.status === "by-construction" ? m.bound : m.status === "cited" ? null : ours ?? r.claim?.value ?? null,
    });
  }
  return out;
}
