/**
 * atlas bench locust — locust searches beside the booklet's anchors
 * (chapter 4): exhaustive generation of the bishop- and nightrider-locust
 * tables (booklet: "times nearly zero", line 4456), and sampled projections of
 * the edge-method proofs (locust "no 46", rook-locust "no closed dual-free
 * 39"; booklet: about 60 h for the rook-locust, line 4443). Writes
 * bench/locust.json atomically. --samples N sets the sample size of the
 * locust "no 46" projection (default 200); the rook-locust projection takes
 * 20,000 random placement indices three times (seeds 1-3) and reports the
 * median (about 2% of indices survive Lemma C and 1/8 of those are canonical,
 * so smaller samples hold only a handful of searched placements). Also times
 * the lazy witness search for the locust 45 from a1. Times are CPU seconds.
 */
import { join } from "node:path";
import { intOption, parseArgs } from "../../lib/options.ts";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { LocustShard } from "../../../solvers/locust/certificate.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { lineTable } from "../../../solvers/pieces/locust.ts";
import { generateLevels } from "../../../solvers/locust/generate.ts";
import { estimate } from "./prove.ts";
import { machine } from "../../lib/machine.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { searchWitness } from "../../../solvers/locust/witness.ts";
import { ReverseSearch } from "../../../solvers/locust/reverse.ts";
import { type ScanSpec, scanWitness } from "../../../solvers/locust/scan.ts";
import { cpuTimer } from "../../lib/cpu.ts";
import { loadavg } from "node:os";
import { writeFileAtomic } from "../../lib/cli.ts";
import { familyPaths, ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { median } from "../../../solvers/lib/stats.ts";

/** Top-level blocks of bench/locust.json measured by hand, kept by every run. */
const HAND_BLOCKS = ["rookLocust39Engine", "rookLocust39Engine2"];

/** What the finished shards of an edge-method run measured (CPU seconds), and the projection they give. */
export function proofProgressRow(
  proofsRoot = familyPaths("locust").proofs,
  name = "rook-locust-closed-unique-8x8-39",
  task = "rook-locust 8x8: no closed dual-free 39, finished proof shards (nice 19 on the shared machine)",
  anchorHours: number | null = 60,
): Record<string, unknown> | null {
  const dir = join(proofsRoot, name);
  if (!existsSync(dir)) return null;
  const shards = readdirSync(dir).filter((f) => /^shard-\d+-of-\d+\.json$/.test(f)).map((f) =>
    LocustShard.parse(JSON.parse(readFileSync(join(dir, f), "utf8")))
  )
    .sort((a, b) => a.shard.index - b.shard.index);
  if (shards.length === 0) return null;
  const of = shards[0].shard.count;
  const cpu = shards.reduce((a, s) => a + s.cpuSeconds, 0);
  const placements = shards.reduce((a, s) => a + s.counts.placements, 0);
  const tested = shards.reduce((a, s) => a + s.counts.tested, 0);
  const projected = cpu / placements * shards[0].total;
  // CPU spent up to the shard holding each by-product (shards run in index order)
  const upTo = (has: (s: LocustShard) => boolean) => {
    const i = shards.findIndex(has);
    return i < 0 ? null : { shard: shards[i].shard.index, cpuSeconds: shards.slice(0, i + 1).reduce((a, s) => a + s.cpuSeconds, 0) };
  };
  return {
    task,
    shards: `${shards.length} of ${of}`,
    placements,
    tested,
    nodes: shards.reduce((a, s) => a + s.counts.nodes, 0),
    cpuSeconds: cpu,
    msPerTestedPlacement: cpu / Math.max(1, tested) * 1000,
    withSequence: shards.reduce((a, s) => a + (s.byProducts?.withSequence ?? 0), 0),
    unique: shards.reduce((a, s) => a + (s.byProducts?.unique ?? 0), 0),
    hits: shards.reduce((a, s) => a + s.counts.hits, 0),
    firstUniqueAt: upTo((s) => !!s.byProducts?.firstUnique),
    firstHitAt: upTo((s) => !!s.firstHit),
    projectedHoursFromShards: projected / 3600,
    ...(anchorHours !== null ? { bookletHours: anchorHours, ratio: anchorHours * 3600 / projected } : {}),
    note: "shards are contiguous index ranges, not a random sample: placements in canonical form cluster in some index ranges, so the " +
      "extrapolation from the shards done so far is not a projection of the whole; the cost per tested placement is what carries over",
  };
}

/**
 * The locust 45 edge-method run (closed-unique mode, every placement of 45
 * men the corner and edge lemmas allow): CPU per placement on random indices
 * of the space, three seeds, and the projection for the whole space. The
 * booklet prints no time for its 45-move search (it found the record "by
 * computer in 2009", lines 4360-4365), so no ratio.
 */
function locust45Projection(): Record<string, unknown> {
  const runs = [1, 2, 3].map((seed) => estimate("locust", "closed-unique", 8, 45, 20000, seed));
  const projected = median(runs.map((r) => r.projectedSeconds));
  return {
    task:
      "locust 8x8 dual-free and closed dual-free 45: edge space of 45 men, closed-unique mode (sampled, 20,000 random indices per seed, seeds 1-3)",
    total: runs[0].total,
    cpuSecondsPerRun: runs.map((r) => r.seconds),
    projectedSecondsPerRun: runs.map((r) => r.projectedSeconds),
    projectedSecondsMedian: projected,
    projectedHours: projected / 3600,
    booklet: "no time printed (the 45 was found by computer in 2009 while the booklet was prepared, lines 4360-4365)",
  };
}

/**
 * The reverse generation (solvers/locust/reverse.ts): counter calls per CPU
 * second and the deepest dual-free state, three seeds each (median), for the
 * rook-locust 39 from h6 (last capture g6, start c1: the booklet's No. 57)
 * and the locust 45 closed on a1 (last capture a2: No. 56). The booklet
 * prints no time for its dual-free searches; its one figure is the edge
 * method's 60 h for the rook-locust space (lines 4441-4443).
 */
function reverseRows(): Record<string, unknown>[] {
  const board = makeBoard([8, 8]);
  const sq = (s: string) => parseSquare(board, s);
  const cases = [
    { kind: "rook-locust" as const, men: 39, end: "h6", start: "c1", last: "g6", calls: 20000 },
    { kind: "locust" as const, men: 45, end: "a1", start: "a1", last: "a2", calls: 3000 },
  ];
  return cases.map((c) => {
    const search = new ReverseSearch(lineTable(board, c.kind), 20);
    const runs = [1, 2, 3].map((seed) => {
      const timer = cpuTimer();
      const r = search.run({
        end: sq(c.end),
        men: c.men,
        start: sq(c.start),
        lastMan: sq(c.last),
        maxCalls: c.calls,
        seed,
        onPosition: () => false,
      });
      const seconds = timer.seconds();
      return { seconds, callsPerSecond: r.calls / seconds, deepest: r.deepest };
    });
    return {
      task:
        `${c.kind} 8x8 dual-free ${c.men}: reverse generation from ${c.end} (start ${c.start}, last capture ${c.last}), ${c.calls} counter calls per seed, seeds 1-3`,
      cpuSecondsPerRun: runs.map((r) => r.seconds),
      callsPerCpuSecondMedian: median(runs.map((r) => r.callsPerSecond)),
      deepestPerRun: runs.map((r) => r.deepest),
      booklet: "no time printed for the dual-free searches; the edge method took about 60 h for the rook-locust space (lines 4441-4443)",
    };
  });
}

/**
 * What the committed witness-scan checkpoints measured: placements decided,
 * CPU, the cost per placement and the CPU the rest of the space would take
 * at that cost (the space counted exactly: the rook-locust's size is taken
 * before the full-2x2 test, so its placements are enumerated once, deciding
 * none). The booklet prints no time for these restricted spaces.
 */
function scanCheckpointRows(root = ROOT): Record<string, unknown>[] {
  const dir = join(root, "data", "locust", "scan-checkpoints");
  if (!existsSync(dir)) return [];
  const board = makeBoard([8, 8]);
  return readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => {
    const cp = JSON.parse(readFileSync(join(dir, f), "utf8"));
    const [, kind, want] = cp.scan.cell.match(/^(locust|rook-locust)-8x8-(.+)$/);
    const sq = (x: string) => parseSquare(board, x);
    const spec: ScanSpec = {
      kind,
      n: 8,
      men: { "locust": 45, "rook-locust": want === "dual-free-closed" ? 38 : 39 }[kind as string]!,
      start: sq(cp.scan.start),
      want,
      fixedMen: cp.scan.menAt.map(sq),
      fixedEmpty: cp.scan.emptyAt.map(sq),
      ...(cp.scan.first.length ? { firstMove: { man: sq(cp.scan.first[0]), land: sq(cp.scan.first[1]) } } : {}),
      ...(cp.scan.end ? { end: sq(cp.scan.end) } : {}),
    };
    let space = 0;
    scanWitness(spec, { enumerateOnly: true, visit: () => void space++ });
    const ms = cp.seconds / Math.max(1, cp.progress.placements) * 1000;
    return {
      task: `witness scan checkpoint ${f.replace(/\.json$/, "")} (nice 19 on the shared machine)`,
      placements: cp.progress.placements,
      space,
      cpuSeconds: cp.seconds,
      msPerPlacement: ms,
      projectedCpuHoursForTheRest: ms * (space - cp.progress.placements) / 3.6e6,
      booklet:
        "no time printed for this restricted space; the edge method's whole rook-locust list of 67,108,864 placements (every start) took about 60 h " +
        "on a 2009 machine (lines 4441-4443), a different task, so no ratio",
    };
  });
}

export function run(args: string[]): void {
  const { values } = parseArgs({ args: args, options: { samples: { type: "string", default: "200" } } });
  const samples = intOption("samples", values.samples, { min: 1 });
  const rows: Record<string, unknown>[] = [];
  for (const kind of ["bishop-locust", "nightrider-locust"] as const) {
    for (const mode of ["any", "dual-free"] as const) {
      const g = generateLevels(lineTable(makeBoard([8, 8]), kind), { mode });
      rows.push({
        task: `${kind} 8x8 exhaustive generation (${mode})`,
        seconds: g.seconds,
        result: g.levels.at(-1)!.men,
        booklet: "nearly zero (line 4456)",
      });
    }
  }
  const l46 = estimate("locust", "exists", 8, 46, samples);
  rows.push({
    task: "locust 8x8: no complete sequence with 46 men (edge space, sampled)",
    ...l46,
    projectedHours: l46.projectedSeconds / 3600,
    booklet: "161,280 cases; time not printed (lines 4431-4435)",
  });
  const runs = [1, 2, 3].map((seed) => estimate("rook-locust", "closed-unique", 8, 39, 20000, seed));
  const projected = median(runs.map((r) => r.projectedSeconds));
  const anchor = 60 * 3600;
  rows.push({
    task: "rook-locust 8x8: no closed dual-free 39 (edge space, sampled; fast counter, open count first, flood at <= 8 men)",
    total: runs[0].total,
    sampledPerRun: 20000,
    cpuSecondsPerRun: runs.map((r) => r.seconds),
    projectedSecondsPerRun: runs.map((r) => r.projectedSeconds),
    projectedSecondsMedian: projected,
    projectedHours: projected / 3600,
    bookletHours: 60,
    ratio: anchor / Math.max(projected, 1e-9),
    booklet: "< 67,108,864 placements, about 60 h on a 2009 machine (lines 4441-4443)",
    before:
      "1,063 h projected on 2026-11-21 (20 samples, a new counter and memo allocated per sample; same space): the allocation, not the search, dominated",
    sharedMemo:
      "2026-11-25: the counter's memo kept across calls of different limits (it was reset at each switch between the open count, " +
      "limit 2, and the closed count, limit 1): paired runs of 20,000 samples (seed 1, old and new code alternating, nice 10, load about 12): " +
      "old 4.33 / 4.34 / 4.82 s, new 4.16 / 4.39 / 4.83 s CPU, medians 4.34 and 4.39 s: no measurable change (the closed count follows only " +
      "the rare starts with exactly one sequence)",
  });
  const board = makeBoard([8, 8]);
  const timer = cpuTimer();
  const w = searchWitness(lineTable(board, "locust"), {
    start: parseSquare(board, "a1"),
    men: 45,
    want: "longest",
    maxNodes: 3e6,
    seeds: [undefined],
  });
  const cpuSeconds = timer.seconds();
  rows.push({
    task: "locust 8x8 longest 45: lazy witness search from a1 (line order)",
    cpuSeconds,
    nodes: w.nodes,
    result: w.hit ? w.hit.men.length : null,
    booklet: "45 found by computer in 2009 while preparing the booklet (edge method); time not printed",
  });
  rows.push(...reverseRows(), ...scanCheckpointRows());
  rows.push(locust45Projection());
  for (
    const progress of [
      proofProgressRow(),
      proofProgressRow(
        undefined,
        "locust-closed-unique-8x8-45",
        "locust 8x8 dual-free and closed dual-free 45: edge-method run, finished shards (nice 19 on the shared machine)",
        null,
      ),
    ]
  ) if (progress) rows.push(progress);
  // Hand-measured blocks (paired engine comparisons, projections) are carried over unchanged.
  const file = join(ROOT, "bench", "locust.json");
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> : {};
  const hand = Object.fromEntries(HAND_BLOCKS.filter((k) => previous[k] !== undefined).map((k) => [k, previous[k]]));
  const out = {
    generatedAt: new Date().toISOString(),
    codeVersion: codeVersion(),
    machine: machine(),
    loadAverage: loadavg(),
    note:
      "shared machine (2 cores, other jobs running): CPU seconds, which a loaded machine still inflates (cache); times are upper bounds",
    rows,
    ...hand,
  };
  mkdirSync(join(ROOT, "bench"), { recursive: true });
  writeFileAtomic(file, JSON.stringify(out, null, 1) + "\n");
  console.log(JSON.stringify(rows, null, 1));
}
