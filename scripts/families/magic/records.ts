/**
 * Magic knight's tours: the records file, the cost projection of the 8x8
 * enumeration and the construction of larger diagonally magic tours. The
 * enumeration itself runs on the shared sharded mechanism: atlas prove magic
 * (scripts/families/magic/prove.ts).
 *
 *   atlas records magic --records                                       write data/magic/records.json (counts, the
 *                                                                       run's percentage done and projection)
 *   atlas records magic --estimate [--mode all|central] [--probes 20000] projection -> bench/magic.json
 *   atlas records magic --construct 16 [--seed S] [--tuples T] [--nodes X]  find a diagonally magic tour by biaxial
 *                                                                       quarters (side a multiple of 8, at least 16)
 *
 * Options: --depth D (prefix depth of the estimate's split; default 10 for
 * all, 6 for central). Exit codes: 0 done, 1 nothing found, 2 bad input.
 */
import { MagicKernel } from "../../../solvers/magic/kernel.ts";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { choiceOption, intOption, numberOption, parseArgs } from "../../lib/options.ts";
import process from "node:process";
import { enumerationKey, type EnumerationMode, type EnumerationSpec, makeSearch, probeEstimate } from "../../../solvers/magic/enumerate.ts";
import { type MagicClaim, type MagicEnumeration, MagicRecordFile, type MagicTourRecord } from "../../../solvers/magic/schema.ts";
import { canonicalForm, checkMagicTour } from "../../../solvers/magic/check.ts";
import { findBiaxialMagicTour, templateName } from "../../../solvers/magic/biaxial.ts";
import { CliError, errorMessage, headerUsage, writeFileAtomic } from "../../lib/cli.ts";
import { familyPaths, ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { formatSeconds } from "../../lib/sharded-run.ts";
import { DEFAULT_DEPTH, DEFAULT_SHARDS, magicProgress } from "./prove.ts";
import { machine } from "../../lib/machine.ts";
import { cpuMs } from "../../lib/cpu.ts";

export const MAGIC_DIR = join(ROOT, "data", "magic");

export const MAGIC_BENCH = join(ROOT, "bench", "magic.json");
const SOURCE_FILE = "shared/sources/001_ff08ca94de13cfce.txt";

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new CliError(`cannot read ${relative(ROOT, path)}: ${errorMessage(e)}`);
  }
}

// ---------------------------------------------------------------------------
// Estimate

export interface MagicBenchEntry {
  mode: EnumerationMode;
  key: string;
  probes: number;
  estimatedNodes: number;
  nodesInterval95: [number, number];
  nsPerNode: number;
  nodesTimed: number;
  projectedCpuSeconds: number;
  projectedInterval95: [number, number];
  widthByDepth: number[];
  branchingByDepth: number[];
  prefixWidth: number;
}

/**
 * Knuth probes for the tree size; the time per node from completing random
 * deep states (prefixes of the probes at a depth where subtrees are small) for
 * about `sampleSeconds`.
 */
export function estimateMagic(e: EnumerationSpec, probes: number, sampleSeconds: number): MagicBenchEntry {
  const search = makeSearch(e);
  const kernel = e.mode === "central" ? null : new MagicKernel(search);
  const est = probeEstimate(e, probes, 1, search);
  // Time per node: complete subtrees below random states at the depth where the
  // estimated subtree size is about 1e5 nodes.
  let sampleDepth = 1;
  for (let d = 1; d < est.width.length; d++) {
    if (est.width[d] > 0 && est.nodes / est.width[d] < 1e5) {
      sampleDepth = d;
      break;
    }
  }
  const rand = (() => {
    let s = 12345;
    return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  })();
  let nodes = 0, ms = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < sampleSeconds * 1000) {
    const starts = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27].filter((s) => s < e.n * e.n);
    search.start(starts[Math.floor(rand() * starts.length)], null);
    let alive = true;
    while (alive && search.t < sampleDepth) {
      const cur = search.path[search.t - 1];
      const kids: number[] = [];
      for (let j = search.nbrStart[cur]; j < search.nbrStart[cur + 1]; j++) {
        const v = search.nbr[j];
        if (search.visited[v]) continue;
        if (search.place(v)) kids.push(v);
        search.unplace();
      }
      if (!kids.length) alive = false;
      else search.place(kids[Math.floor(rand() * kids.length)]);
    }
    if (alive) {
      // Process CPU, not wall time: the machine is shared, and wall time stretches with its load. Timed on what the
      // run completes prefixes with (the compiled kernel in path mode; same nodes as the engine).
      const t1 = cpuMs();
      const r = kernel ? kernel.complete(undefined, { nodeLimit: 5e6 }) : search.complete(undefined, { nodeLimit: 5e6 });
      ms += cpuMs() - t1;
      nodes += r.nodes;
    }
    search.clear();
  }
  const nsPerNode = nodes > 0 ? (ms * 1e6) / nodes : 0;
  const lo = Math.max(0, est.nodes - 1.96 * est.standardError), hi = est.nodes + 1.96 * est.standardError;
  const depthWidth = est.width[e.depth] ?? 0;
  return {
    mode: e.mode,
    key: enumerationKey(e),
    probes,
    estimatedNodes: Math.round(est.nodes),
    nodesInterval95: [Math.round(lo), Math.round(hi)],
    nsPerNode: Math.round(nsPerNode * 10) / 10,
    nodesTimed: nodes,
    projectedCpuSeconds: Math.round((est.nodes * nsPerNode) / 1e9),
    projectedInterval95: [Math.round((lo * nsPerNode) / 1e9), Math.round((hi * nsPerNode) / 1e9)],
    widthByDepth: est.width.map((w) => Number(w.toPrecision(4))),
    branchingByDepth: est.branching.map((b) => Math.round(b * 1000) / 1000),
    prefixWidth: Math.round(depthWidth),
  };
}

// ---------------------------------------------------------------------------
// Records

const COUNTING =
  "A tour is its numbered board (1..64 on the squares). Two tours are the same when a rotation or reflection of the board (8), with or without reversing the numbering k -> 65-k, turns one into the other: classes are counted under these 16 transformations, and 'tours' counts numbered boards (each class holds 16). Semimagic: every row and column sums to 260 (Jelliss: 'magic'); diagonally magic: both main diagonals too. Centrally symmetric: the half turn maps the route onto itself, so k and k+32 (mod 64) stand on antipodal squares (such a tour is closed: source lines 37-39). A closed tour renumbered from another square is another numbered board.";

export const MAGIC_CLAIMS: MagicClaim[] = [
  {
    id: "claim-2022-source",
    source: {
      author: "0xBAD (Habr article author)",
      publication: "article on magic knight's tours (source 001)",
      // Published in 2023 (the article's comments are dated 4 April 2023); the run it reports was made in August 2022.
      year: 2023,
      file: SOURCE_FILE,
      lines: [201, 211],
    },
    counted:
      "'principally different' tours with conditions 1-4 (knight's tour, every square once, columns and rows 260); symmetric (central, conditions 1-6) and closed counted among them",
    values: { classes: 158, symmetricClasses: 18, closedClasses: 65, diagonallyMagic: 0, bestDiagonals: [256, 264] },
    note:
      "Published in 2023 (comments dated 4 April 2023, lines 229, 242); the run was made in August 2022 on a 12-core Xeon, about 5 days (lines 112, 185); reduction to 10 starts and a finishing-square table (lines 160-168).",
  },
  {
    id: "claim-2003-stertenbrink",
    source: {
      author: "G. Stertenbrink, J.-C. Meyrignac, H. Mackay",
      publication: "Computing Magic Knight Tours (project report, 5 August 2003)",
      year: 2003,
      url: "http://magictour.free.fr/magict.txt",
    },
    counted:
      "symmetry classes under rotation, reflection and reverse numbering (16 tours per class); closed and open classes; geometry classes identify closed tours renumbered cyclically",
    values: { classes: 140, tours: 2240, closedClasses: 63, openClasses: 77, diagonallyMagic: 0, geometryClasses: 108 },
    note:
      "Quoted in issue 7 as 140 classes and 2240 tours with no diagonally magic tour; the closed/open split (1008 closed tours from 63 classes, 1232 open from 77) is from the same report.",
  },
];

function bestDiagonals(tours: MagicTourRecord[]): [number, number] | null {
  let best: [number, number] | null = null;
  let bestDev = Infinity;
  for (const t of tours) {
    const dev = Math.abs(t.diagonalSums[0] - 260) + Math.abs(t.diagonalSums[1] - 260);
    if (dev < bestDev) {
      bestDev = dev;
      best = [...t.diagonalSums].sort((a, b) => a - b) as [number, number];
    }
  }
  return best;
}

/**
 * Ids are the board's first eight numbers in base 36; two classes can share
 * them (two of the centrally symmetric ones do). The lexicographically
 * smallest board keeps the short id — ids already published never change —
 * and the others get -2, -3, … in board order.
 */
export function uniqueIds(records: { id: string; numbers: number[] }[]): void {
  // Called once, on records fresh from tourRecord (ids without suffixes).
  const groups = new Map<string, { id: string; numbers: number[] }[]>();
  for (const r of records) groups.set(r.id, [...(groups.get(r.id) ?? []), r]);
  for (const group of groups.values()) {
    group.sort((a, b) => {
      for (let i = 0; i < a.numbers.length; i++) if (a.numbers[i] !== b.numbers[i]) return a.numbers[i] - b.numbers[i];
      return 0;
    });
    group.forEach((r, i) => r.id = i === 0 ? r.id : `${r.id}-${i + 1}`);
  }
}

function tourRecord(n: number, numbers: number[], origin: MagicTourRecord["origin"], method: string, idPrefix: string): MagicTourRecord {
  const c = canonicalForm(n, numbers);
  const f = checkMagicTour(n, n, c.canonical);
  if (!f.semimagic) throw new Error(`a ${idPrefix} tour is not semimagic: ${f.errors.join("; ")}`);
  const short = c.canonical.slice(0, 8).map((v) => v.toString(36)).join("");
  return {
    id: `${idPrefix}-${short}`,
    board: [n, n],
    numbers: c.canonical,
    kind: f.magic ? "magic" : "semimagic",
    closed: f.closed,
    centralSymmetric: f.centralSymmetric,
    diagonalSums: [f.diagonalSums[0], f.diagonalSums[1]],
    classSize: c.classSize,
    canonical: true,
    origin,
    method,
  };
}

interface ConstructedTour {
  n: number;
  numbers: number[];
  method: string;
}

/** data/magic/constructed.json: { tours: [{ n, numbers, method }] }. */
function constructedTours(json: unknown): ConstructedTour[] {
  const tours = (json as { tours?: unknown }).tours;
  const ok = Array.isArray(tours) &&
    tours.every((t) => Number.isInteger(t?.n) && Array.isArray(t?.numbers) && typeof t?.method === "string");
  if (!ok) throw new CliError("data/magic/constructed.json is not { tours: [{ n, numbers, method }] }");
  return tours as ConstructedTour[];
}

/** Finished shards needed before their CPU per prefix replaces the probe estimate as the projection. */
const MIN_SHARDS_FOR_PROJECTION = 4;

export function buildRecords(): MagicRecordFile {
  const bench = existsSync(MAGIC_BENCH) ? (readJson(MAGIC_BENCH) as { estimates?: MagicBenchEntry[] }) : {};
  const tours: MagicTourRecord[] = [];
  const enumerations: MagicEnumeration[] = [];
  const listed: MagicTourRecord[][] = [];
  for (const mode of ["all", "central"] as EnumerationMode[]) {
    const e: EnumerationSpec = { n: 8, mode, depth: DEFAULT_DEPTH[mode] };
    const count = DEFAULT_SHARDS[mode];
    const m = magicProgress(e, count);
    if (m.certificateErrors.length) throw new CliError(`${m.key}: certificate.json does not re-check: ${m.certificateErrors.join("; ")}`);
    const complete = m.certificate !== null;
    // One record per class, keyed by the whole canonical board (ids alone are short and can collide).
    const byBoard = new Map<string, MagicTourRecord>();
    // Published from finished shards only: a checkpoint is local (not committed), so counting it would publish
    // progress that a clean clone cannot see or verify.
    for (const nums of m.doneTours) {
      const r = tourRecord(
        8,
        nums,
        mode === "all" ? "enumeration-all" : "enumeration-central",
        `exhaustive search ${enumerationKey(e)}`,
        "magic-8x8",
      );
      if (!byBoard.has(r.numbers.join())) byBoard.set(r.numbers.join(), r);
    }
    // A class both enumerations found is one record.
    const found = [...byBoard.values()].map((r) => {
      const same = tours.find((t) => t.numbers.join() === r.numbers.join());
      if (!same) tours.push(r);
      return same ?? r;
    });
    const est = bench.estimates?.find((x) => x.key === enumerationKey(e));
    // The rest projected from the finished shards' nodes per prefix (the strided split gives every shard a sample
    // of the whole order) times the measured CPU time per node of bench/magic.json, once enough shards have
    // finished; before that, the probe estimate's. Not from the shards' seconds: the shared runner times its steps
    // by the clock, which a nice-19 run on a loaded machine stretches several times over.
    const left = m.prefixes - m.doneCovered;
    const fromShards = m.shardsDone >= MIN_SHARDS_FOR_PROJECTION && m.doneCovered > 0 && !!est?.nsPerNode;
    const remaining = complete
      ? 0
      : fromShards
      ? Math.round((m.doneNodes / m.doneCovered) * left * est!.nsPerNode / 1e9)
      : est
      ? Math.round(est.projectedCpuSeconds * (left / m.prefixes))
      : null;
    listed.push(found);
    enumerations.push({
      id: `magic-8x8-enumeration-${mode}`,
      mode,
      key: enumerationKey(e),
      statement: mode === "all"
        ? "every semimagic knight's tour of 8x8 (rows and columns 260), up to the 16 transformations"
        : "every semimagic knight's tour of 8x8 whose route is symmetric under the half turn (closed), up to the 16 transformations",
      complete,
      shardCount: count,
      shardsDone: m.shardsDone,
      prefixes: m.prefixes,
      prefixesCovered: m.doneCovered,
      nodes: m.doneNodes,
      cpuSeconds: Math.round(m.doneCpuSeconds),
      classes: found.length,
      tours: found.reduce((a, t) => a + t.classSize, 0),
      closedClasses: found.filter((t) => t.closed).length,
      centralSymmetricClasses: found.filter((t) => t.centralSymmetric).length,
      diagonallyMagicClasses: found.filter((t) => t.kind === "magic").length,
      bestDiagonals: bestDiagonals(found),
      // Filled in once every record has its final id (below).
      tourIds: [],
      certificate: m.certificate ? relative(ROOT, m.certificate) : null,
      remainingCpuSeconds: remaining,
      remainingBasis: complete ? null : fromShards ? "finished-shards" : remaining !== null ? "probe-estimate" : null,
    });
  }
  const constructed = join(MAGIC_DIR, "constructed.json");
  if (existsSync(constructed)) {
    for (const c of constructedTours(readJson(constructed))) {
      const f = checkMagicTour(c.n, c.n, c.numbers);
      if (!f.magic) throw new Error(`${constructed}: the ${c.n}x${c.n} tour is not magic: ${f.errors.join("; ")}`);
      tours.push(tourRecord(c.n, c.numbers, "construction", c.method, `magic-${c.n}x${c.n}`));
    }
  }
  uniqueIds(tours);
  tours.sort((a, b) => a.board[0] - b.board[0] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  enumerations.forEach((en, i) => en.tourIds = listed[i].map((t) => t.id).sort());
  const file: MagicRecordFile = {
    family: "magic",
    description:
      "Magic knight's tours: the 8x8 semimagic enumeration (claims of 2023 and 2003, our counts) and diagonally magic tours on larger boards.",
    counting: COUNTING,
    generated: { date: new Date().toISOString().slice(0, 10), codeVersion: codeVersion() },
    claims: MAGIC_CLAIMS,
    enumerations,
    records: tours,
  };
  return MagicRecordFile.parse(file);
}

// ---------------------------------------------------------------------------
// CLI

function main(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        mode: { type: "string" },
        depth: { type: "string" },
        estimate: { type: "boolean" },
        probes: { type: "string" },
        "sample-seconds": { type: "string" },
        construct: { type: "string" },
        seed: { type: "string" },
        tuples: { type: "string" },
        nodes: { type: "string" },
        records: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  const v = parsed.values;
  if (v.help) {
    console.log(headerUsage(import.meta.url));
    return 0;
  }
  if (parsed.positionals.length > 0) {
    throw new CliError(`unexpected argument "${parsed.positionals[0]}" (the enumeration runs with atlas prove magic)`);
  }
  const mode: EnumerationMode = choiceOption("mode", v.mode, ["all", "central"] as const) ?? "all";
  const e: EnumerationSpec = { n: 8, mode, depth: intOption("depth", v.depth, { min: 1 }) ?? DEFAULT_DEPTH[mode] };

  if (v.estimate) {
    const modes: EnumerationMode[] = v.mode ? [mode] : ["central", "all"];
    const probes = intOption("probes", v.probes, { min: 10 }) ?? 20000;
    const sampleSeconds = numberOption("sample-seconds", v["sample-seconds"], { above: 0 }) ?? 20;
    // Other sections of the file (the engine comparison of atlas bench magic) are kept.
    const old = existsSync(MAGIC_BENCH) ? (readJson(MAGIC_BENCH) as { estimates?: MagicBenchEntry[]; [k: string]: unknown }) : {};
    const estimates = (old.estimates ?? []).filter((x) => !modes.includes(x.mode));
    for (const m of modes) {
      const em: EnumerationSpec = m === e.mode ? e : { n: 8, mode: m, depth: DEFAULT_DEPTH[m] };
      const r = estimateMagic(em, probes, sampleSeconds);
      estimates.push(r);
      console.log(
        `${r.key}: ~${r.estimatedNodes.toExponential(2)} nodes (95%: ${r.nodesInterval95[0].toExponential(2)}-${
          r.nodesInterval95[1].toExponential(2)
        }), ` +
          `${r.nsPerNode} ns/node -> ${formatSeconds(r.projectedCpuSeconds)} on one core (95%: ${
            formatSeconds(r.projectedInterval95[0])
          } - ${formatSeconds(r.projectedInterval95[1])}); ${r.prefixWidth} prefixes at depth ${em.depth}`,
      );
    }
    const out = {
      ...old,
      about:
        "Projected CPU time of the 8x8 semimagic knight's tour enumeration (scripts/magic-tours.ts --estimate): Knuth probes for the tree size, measured time per node; heavy-tailed, so the interval is rough.",
      date: new Date().toISOString(),
      machine: machine(),
      codeVersion: codeVersion(),
      estimates,
    };
    writeFileAtomic(MAGIC_BENCH, JSON.stringify(out, null, 1) + "\n");
    return 0;
  }
  if (v.construct) {
    const n = intOption("construct", v.construct, { min: 16 })!;
    if (n % 8 !== 0) throw new CliError(`--construct needs a side that is a multiple of 8 (biaxial quarters), got ${n}`);
    const t0 = performance.now();
    const r = findBiaxialMagicTour(n, {
      seed: intOption("seed", v.seed, { min: 0 }) ?? 1,
      tuples: intOption("tuples", v.tuples, { min: 1 }) ?? 200,
      nodeLimit: intOption("nodes", v.nodes, { min: 1 }) ?? 200_000,
    });
    const secs = (performance.now() - t0) / 1000;
    if (!r.numbers) {
      console.log(
        `no diagonally magic ${n}x${n} tour found: ${r.tuplesTried} of ${r.tuples} endpoint choices tried, ${r.seedsFound} seeds, ${r.nodes} nodes, ${
          secs.toFixed(1)
        } s`,
      );
      return 1;
    }
    const f = checkMagicTour(n, n, r.numbers);
    if (!f.magic) throw new CliError(`internal error: the construction is not magic (${f.errors.join("; ")})`);
    const file = join(MAGIC_DIR, "constructed.json");
    const old = existsSync(file) ? constructedTours(readJson(file)) : [];
    const method = `biaxial quarters, split ${r.split}, chain ${templateName(r.template!)}, ` +
      `${r.nodes} nodes, ${secs.toFixed(1)} s`;
    const tours = [...old.filter((t) => t.n !== n), { n, numbers: r.numbers, method }].sort((a, b) => a.n - b.n);
    writeFileAtomic(file, JSON.stringify({ tours }) + "\n");
    console.log(`found a diagonally magic ${n}x${n} knight's tour (${method}); run --records to publish it`);
    return 0;
  }
  if (v.records) {
    const file = buildRecords();
    writeFileAtomic(familyPaths("magic").records, JSON.stringify(file, null, 1) + "\n");
    for (const en of file.enumerations) {
      console.log(
        `${en.id}: ${
          en.complete ? "complete" : "partial"
        }, ${en.shardsDone}/${en.shardCount} shards, ${en.prefixesCovered} prefixes, ${en.classes} classes (${en.closedClasses} closed, ${en.centralSymmetricClasses} symmetric)`,
      );
    }
    return 0;
  }
  throw new CliError("nothing to do: give --estimate, --construct N or --records (the enumeration itself: atlas prove magic)");
}

export function run(args: string[]): void {
  try {
    Deno.exit(main(args));
  } catch (e) {
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    Deno.exit(e instanceof CliError ? e.exitCode : 2);
  }
}
