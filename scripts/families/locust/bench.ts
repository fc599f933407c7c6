/**
 * atlas bench locust — locust searches beside the booklet's anchors
 * (chapter 4): exhaustive generation of the bishop- and nightrider-locust
 * tables (booklet: "times nearly zero", line 4456), and sampled projections of
 * the edge-method proofs (locust "no 46", rook-locust "no closed dual-free
 * 39"; booklet: about 60 h for the rook-locust, line 4443). Writes
 * bench/locust.json atomically. --samples N sets the sample size (default 200).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { mkdirSync } from "node:fs";
import { makeBoard } from "../../../solvers/board/board.ts";
import { lineTable } from "../../../solvers/pieces/locust.ts";
import { generateLevels } from "../../../solvers/locust/generate.ts";
import { estimate } from "./prove.ts";
import { writeFileAtomic } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";

export function run(args: string[]): void {
  const { values } = parseArgs({ args: args, options: { samples: { type: "string", default: "200" } } });
  const samples = Number(values.samples);
  const rows: Record<string, unknown>[] = [];
  for (const kind of ["bishop-locust", "nightrider-locust"] as const) {
    for (const mode of ["any", "dual-free"] as const) {
      const g = generateLevels(lineTable(makeBoard([8, 8]), kind), { mode });
      rows.push({ task: `${kind} 8x8 exhaustive generation (${mode})`, seconds: g.seconds, result: g.levels.at(-1)!.men, booklet: "nearly zero (line 4456)" });
    }
  }
  const l46 = estimate("locust", "exists", 8, 46, samples);
  rows.push({ task: "locust 8x8: no complete sequence with 46 men (edge space, sampled)", ...l46, projectedHours: l46.projectedSeconds / 3600, booklet: "161,280 cases; time not printed (lines 4431-4435)" });
  const r39 = estimate("rook-locust", "closed-unique", 8, 39, Math.max(20, Math.floor(samples / 4)));
  const anchor = 60 * 3600;
  rows.push({
    task: "rook-locust 8x8: no closed dual-free 39 (edge space, sampled)",
    ...r39,
    projectedHours: r39.projectedSeconds / 3600,
    bookletHours: 60,
    ratio: anchor / Math.max(r39.projectedSeconds, 1e-9),
    booklet: "< 67,108,864 placements, about 60 h (lines 4441-4443)",
  });
  const out = { generatedAt: new Date().toISOString(), codeVersion: codeVersion(), note: "shared machine (2 cores, other jobs running): times are upper bounds", rows };
  mkdirSync(join(ROOT, "bench"), { recursive: true });
  writeFileAtomic(join(ROOT, "bench", "locust.json"), JSON.stringify(out, null, 1) + "\n");
  console.log(JSON.stringify(rows, null, 1));
}
