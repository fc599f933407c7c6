/**
 * Weight and cost of the animated solutions (/diagrams/<id>/solution.gif,
 * site/lib/animation.ts) over every record of the data, written to
 * bench/animations.json with the machine and the date.
 *
 *   atlas bench animations [--sample N] [--out FILE]
 *
 * Each animation is made afresh (no render cache) and its CPU time taken
 * (CPU time, lib/cpu.ts: painting every frame with resvg, quantising, encoding);
 * the figures: how many records have one, total, largest and median size, the
 * 8x8 records apart (the limit: a few hundred kB at most), frames, and
 * CPU seconds. --sample N makes every Nth animation only (a quick estimate; the
 * totals are then of the sample and say so). The file is written only by a
 * full run unless --out is given.
 * Exit codes: 0 written, 2 bad arguments.
 */
import process from "node:process";
import { cpuTimer } from "./cpu.ts";
import { join } from "node:path";
import { intOption, parseArgs } from "./options.ts";
import { writeFileAtomic } from "./cli.ts";
import { ROOT } from "./paths.ts";
import { codeVersion } from "./version.ts";
import { machine } from "./machine.ts";
import { median } from "../../solvers/lib/stats.ts";

const USAGE = `usage: atlas bench animations [--sample N] [--out FILE]

Makes the animated solution of every record with a move sequence afresh and
writes their count, sizes and CPU time to bench/animations.json (or FILE).
--sample N makes every Nth one only (printed, written only with --out).`;

function parseCli(args: string[]): { sample: number; out: string | null } | null {
  const { values } = parseArgs({
    args,
    options: { sample: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const sample = intOption("sample", values.sample, { min: 1 }) ?? 1;
  const out = values.out ?? (sample === 1 ? join(ROOT, "bench", "animations.json") : null);
  return { sample, out };
}

export async function run(args: string[]): Promise<void> {
  const parsed = parseCli(args);
  if (!parsed) return;
  const { sample, out } = parsed;
  // Made afresh: the cache would time reading files, not making animations.
  process.env.ATLAS_NO_RENDER_CACHE = "1";
  const { allEntries } = await import("../../site/families/index.ts");
  const a = await import("../../site/lib/animation.ts");
  const all = allEntries().filter((e) => a.animationReplay(e) !== null);
  const chosen = all.filter((_, i) => i % sample === 0);
  const rows: { id: string; board: string; moves: number; frames: number; bytes: number; cpuSeconds: number }[] = [];
  const started = performance.now();
  for (const e of chosen) {
    const replay = a.animationReplay(e)!;
    const timer = cpuTimer();
    const gif = await a.animationGif(replay);
    const cpuSeconds = timer.seconds();
    rows.push({
      id: e.id,
      board: replay.initial.board.join("x"),
      moves: replay.steps.length,
      frames: a.animationPositions(replay.steps.length).length,
      bytes: gif.length,
      cpuSeconds,
    });
    if (rows.length % 50 === 0 || rows.length === chosen.length) {
      const s = (performance.now() - started) / 1000;
      const eta = (s / rows.length) * (chosen.length - rows.length);
      console.log(`  ${rows.length}/${chosen.length} animations (${s.toFixed(0)} s, ~${eta.toFixed(0)} s left)`);
    }
  }
  const summary = (rs: typeof rows) => {
    const largest = rs.reduce((m, r) => (r.bytes > m.bytes ? r : m), rs[0] ?? { id: "", bytes: 0 });
    return {
      count: rs.length,
      totalMB: Number((rs.reduce((n, r) => n + r.bytes, 0) / 1e6).toFixed(2)),
      medianKB: rs.length ? Number((median(rs.map((r) => r.bytes)) / 1e3).toFixed(1)) : 0,
      largest: { id: largest.id, kB: Number((largest.bytes / 1e3).toFixed(1)) },
      frames: rs.reduce((n, r) => n + r.frames, 0),
      cpuSeconds: Number(rs.reduce((n, r) => n + r.cpuSeconds, 0).toFixed(1)),
      medianCpuMs: rs.length ? Number((median(rs.map((r) => r.cpuSeconds)) * 1e3).toFixed(0)) : 0,
    };
  };
  const result = {
    note:
      "Animated solutions (site/lib/animation.ts): every record with a move sequence, each made afresh (no cache). Sizes of the GIFs; CPU = user + system of painting, quantising and encoding. The site's total-weight target (issue 12) is 120 MB.",
    date: new Date().toISOString(),
    codeVersion: codeVersion(),
    machine: machine(),
    settings: {
      width: a.ANIMATION_WIDTH,
      colours: a.ANIMATION_COLOURS + 1,
      maxFrameSteps: a.MAX_FRAME_STEPS,
      delaysMs: { start: a.DELAY_START, move: a.DELAY_MOVE, end: a.DELAY_END },
    },
    sample: sample === 1 ? "all" : `every ${sample}th of ${all.length}`,
    all: summary(rows),
    board8x8: summary(rows.filter((r) => r.board === "8x8")),
  };
  console.log(JSON.stringify({ sample: result.sample, all: result.all, board8x8: result.board8x8 }, null, 1));
  if (out) {
    writeFileAtomic(out, JSON.stringify(result, null, 1) + "\n");
    console.log(`written to ${out}`);
  }
}
