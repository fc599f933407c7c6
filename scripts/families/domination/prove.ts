/**
 * Sharded count of the minimum dominating sets of one piece, board and kind
 * (solvers/domination/shard.ts has the split and the argument), on the shared
 * mechanism for long runs (scripts/lib/sharded-run.ts): checkpointed,
 * resumable, with the scheduler's array index and local workers.
 *
 *   atlas prove domination --piece queen --board 14x14 --shard i/N [--kind K] [--depth D] [--gamma G] [--dir DIR]
 *       runs subproblems j ≡ i (mod N), writes DIR/shard-<i>-of-<N>.json (or --shard-from-env VAR/N);
 *       the run can also be named queen-14x14-dominating (<piece>-<board>-<kind>), as cluster/prove.sbatch does
 *   atlas prove domination --piece queen --board 14x14 --shards N [--workers W]
 *       every shard, then the merge
 *   atlas prove domination --piece queen --board 14x14 --merge --shards N [--dir DIR] [--check-unsharded]
 *       checks every shard 0..N-1 is there once, sums, writes DIR/certificate.json with the
 *       SHA-256 of each shard; --check-unsharded also runs the unsharded count and compares
 *   atlas prove domination --piece queen --board 14x14 --sample K [--seed S] [--bench FILE]
 *       runs K random subproblems and projects the whole run's CPU time (and a
 *       16-core wall time) from them; --bench writes the projection into FILE
 *
 * Without --gamma, gamma is computed first (the decision runs of solve.ts) and
 * the certificate says "proved"; with it, "given" (a merge takes gamma from
 * its shards). DIR defaults to data/domination/proofs/<piece>-<board>-<kind>.
 * Also: --budget, --checkpoint-seconds, --force, --quiet (atlas prove
 * domination --help lists them).
 *
 * Exit codes: 0 done; 1 merge refused, count mismatch or node budget; 2 bad input; 130 stopped (checkpoint written).
 */
import { seededRandom } from "../../../solvers/random.ts";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { cpuSeconds } from "../../lib/cpu.ts";
import { boardName, makeBoard, parseBoard } from "../../../solvers/board/board.ts";
import { symmetries } from "../../../solvers/board/symmetry.ts";
import { coordsOf } from "../../../solvers/board/board.ts";
import type { Board } from "../../../solvers/types.ts";
import { buildDominationGraph } from "../../../solvers/domination/graph.ts";
import { dominationPiece, type DominationPieceName, parseDominationPiece } from "../../../solvers/domination/pieces.ts";
import { solveDomination } from "../../../solvers/domination/solve.ts";
import { isDominationKind } from "../../../solvers/domination/types.ts";
import {
  addResult,
  isShardableKind,
  mergeShards,
  runSubproblem,
  type ShardableKind,
  type ShardCertificate,
  shardSubproblems,
  splitDigest,
  splitSubproblems,
} from "../../../solvers/domination/shard.ts";
import { CliError, errorMessage, headerUsage, writeFileAtomic } from "../../lib/cli.ts";
import { familyPaths } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { additiveSlice, envelopeCheckpoints, type ShardedProver, stridedRange, stridedUnit } from "../../../solvers/proof/sharded.ts";
import { parseProverArgs, parseShard, runShardCommand, SHARD_USAGE, shardFromEnv } from "../../lib/sharded-run.ts";
import { intOption } from "../../lib/options.ts";

const USAGE =
  "usage: atlas prove domination --piece P --board NxN [--kind K] (--shard i/N | --shards N [--workers W] | --merge --shards N [--check-unsharded] | --sample K [--seed S] [--bench FILE]) [--depth D] [--gamma G] [--dir DIR]";
const SPLIT_RULE = "lowest undominated square first, its servers ascending, earlier servers banned; shard i runs subproblems j ≡ i mod N";
const CHECKPOINT_FORMAT = "domination-checkpoint/1";

function rookLinesOf(board: Board) {
  const rowOf = new Int32Array(board.size);
  const colOf = new Int32Array(board.size);
  for (let s = 0; s < board.size; s++) {
    const c = coordsOf(board, s);
    colOf[s] = c[0];
    rowOf[s] = c[1];
  }
  return { rowOf, colOf, rows: board.dims[1], cols: board.dims[0] };
}

/** One count, as a worker can rebuild it (plain data). */
export interface DominationRun {
  piece: DominationPieceName;
  board: number[];
  kind: ShardableKind;
  depth: number;
  gamma: number;
  gammaSource: "proved" | "given";
  dir: string;
  codeVersion: string;
  quiet: boolean;
}

type Totals = Pick<ShardCertificate, "count" | "canonical" | "stabilizerSum" | "minSize" | "maxSize" | "nodes">;
interface DomState {
  next: number;
  counts: Totals;
}

/** The merged certificate of a sharded count. */
export interface DominationCountCertificate {
  format: "domination-count/1";
  piece: string;
  board: number[];
  kind: ShardableKind;
  gamma: number;
  gammaSource: "proved" | "given";
  split: ShardCertificate["split"];
  count: number;
  classes: number | null;
  nodes: number;
  cpuSeconds: number;
  shardCount: number;
  shards: { file: string; sha256: string; index: number }[];
  codeVersions: string[];
  mergedAt: string;
}

/**
 * The count as a ShardedProver: the units are the split's subproblems, shard
 * i takes j ≡ i (mod N) (stridedRange: neighbouring subproblems have similar
 * costs), a slice runs subproblems one by one and adds their results, and the
 * merge is solvers/domination/shard.ts's (every subproblem once, all sets of
 * size gamma, Burnside on the classes).
 */
export function dominationProver(
  o: DominationRun,
): {
  prover: ShardedProver<DomState, ShardCertificate, DominationCountCertificate>;
  place: { dir: string; codeVersion: string; quiet: boolean };
} {
  const board = makeBoard(o.board);
  const g = buildDominationGraph(board, dominationPiece(o.piece));
  const subs = splitSubproblems(g, { kind: o.kind, limit: o.gamma, depth: o.depth });
  const syms = symmetries(board).map((s) => s.map);
  const runOpts = {
    kind: o.kind,
    limit: o.gamma,
    symmetries: syms,
    rookLines: o.piece === "rook" && board.dims.length === 2 ? rookLinesOf(board) : undefined,
  };
  const S = subs.length;
  const split = { depth: o.depth, subproblems: S, digest: splitDigest(subs), rule: SPLIT_RULE };
  const id = `${o.piece}-${boardName(board)}-${o.kind}`;
  const about = { piece: o.piece, board: [...o.board], kind: o.kind, gamma: o.gamma, gammaSource: o.gammaSource, split };
  const zero = (): Totals => ({ count: 0, canonical: 0, stabilizerSum: 0, minSize: 0, maxSize: 0, nodes: 0 });
  const prover: ShardedProver<DomState, ShardCertificate, DominationCountCertificate> = {
    label: id,
    total: S,
    contiguous: true,
    rangeOf: (index, count) => stridedRange(S, index, count),
    open: (range, resume, shard) =>
      additiveSlice<Totals>(
        range,
        (lo, hi) => {
          const t = zero();
          for (let p = lo; p < hi; p++) {
            const j = stridedUnit(S, shard, p);
            const r = runSubproblem(g, subs[j], runOpts);
            if (r.aborted) throw new CliError(`subproblem ${j} stopped on the node budget`, 1);
            addResult(t, r);
          }
          return t;
        },
        zero,
        (a, b) => {
          const t = { ...a };
          addResult(t, { ...b, aborted: false });
          return t;
        },
        resume && { next: resume.next, counts: resume.counts },
      ),
    finish: (shard, _range, state, meta) => ({
      format: "domination-shard/1",
      ...about,
      shard: { index: shard.index, of: shard.count },
      subproblems: shardSubproblems(S, shard.index, shard.count),
      ...state.counts,
      symmetryCount: syms.length,
      cpuSeconds: meta.cpuSeconds,
      codeVersion: meta.codeVersion,
      date: meta.finishedAt,
    }),
    readShard: (file, json) => {
      const c = json as ShardCertificate;
      const format: unknown = (json as { format?: unknown })?.format;
      if (typeof format === "string" && format !== "domination-shard/1" && format.startsWith("domination-shard/")) {
        return `${file} was written by another version of the prover (format ${format}; this code reads domination-shard/1): rerun that shard with this code`;
      }
      if (
        c?.format !== "domination-shard/1" || typeof c.shard?.index !== "number" || typeof c.shard?.of !== "number" ||
        !Array.isArray(c.subproblems)
      ) {
        return `${file} is not a domination shard certificate`;
      }
      if (c.piece !== o.piece || JSON.stringify(c.board) !== JSON.stringify(o.board) || c.kind !== o.kind || c.gamma !== o.gamma) {
        return `${file} is about ${c.piece}-${(c.board ?? []).join("x")}-${c.kind} at gamma ${c.gamma}, not ${id} at gamma ${o.gamma}`;
      }
      if (c.split?.depth !== o.depth || c.split?.subproblems !== S || c.split?.digest !== split.digest || c.symmetryCount !== syms.length) {
        return `${file} belongs to another split (depth ${c.split?.depth}, ${c.split?.subproblems} subproblems)`;
      }
      const want = c.shard.index < c.shard.of ? shardSubproblems(S, c.shard.index, c.shard.of) : [];
      if (want.length !== c.subproblems.length || want.some((j, k) => c.subproblems[k] !== j)) {
        return `${file} does not cover exactly its subproblems (j ≡ ${c.shard.index} mod ${c.shard.of})`;
      }
      return { shard: { index: c.shard.index, count: c.shard.of }, range: stridedRange(S, c.shard.index, c.shard.of), certificate: c };
    },
    combine: (shards, mergedAt) => {
      try {
        const m = mergeShards(shards.map((s) => s.certificate));
        return {
          errors: [],
          certificate: {
            format: "domination-count/1",
            ...about,
            count: m.count,
            classes: m.classes,
            nodes: m.nodes,
            cpuSeconds: Number(m.cpuSeconds.toFixed(3)),
            shardCount: m.shards,
            shards: shards.map((s) => ({ file: s.file, sha256: s.sha256, index: s.shard.index })),
            codeVersions: [...new Set(shards.map((s) => s.certificate.codeVersion))],
            mergedAt,
          },
        };
      } catch (e) {
        return { certificate: null, errors: [errorMessage(e)] };
      }
    },
    ...envelopeCheckpoints<DomState>(
      CHECKPOINT_FORMAT,
      `${id}-gamma${o.gamma}-depth${o.depth}`,
      (st) => (st.counts && typeof st.counts.count === "number" ? null : "no counts"),
    ),
    failure: () => null,
    describe: (c) => `${c.subproblems.length} subproblems, ${c.count} sets, ${c.nodes} nodes, ${c.cpuSeconds} s`,
  };
  return { prover, place: { dir: o.dir, codeVersion: o.codeVersion, quiet: o.quiet } };
}

/** Gamma as the merge needs it: given, else the one the shards in the folder agree on. */
function gammaOfShards(dir: string, count: number | undefined): { gamma: number; gammaSource: "proved" | "given" } {
  const names = existsSync(dir)
    ? readdirSync(dir).filter((f) => /^shard-\d+-of-\d+\.json$/.test(f) && (count === undefined || f.endsWith(`-of-${count}.json`)))
    : [];
  for (const f of names) {
    try {
      const c = JSON.parse(readFileSync(join(dir, f), "utf8"));
      if (typeof c?.gamma === "number") return { gamma: c.gamma, gammaSource: c.gammaSource === "given" ? "given" : "proved" };
    } catch {
      // the merge reports unreadable shards by name
    }
  }
  throw new CliError(`no shard certificates${count ? ` of ${count} shards` : ""} in ${dir}: run the shards first (or give --gamma)`, 1);
}

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseProverArgs(args, {
    piece: { type: "string" },
    board: { type: "string" },
    kind: { type: "string" },
    depth: { type: "string" },
    gamma: { type: "string" },
    "check-unsharded": { type: "boolean" },
    sample: { type: "string" },
    seed: { type: "string" },
    bench: { type: "string" },
    dir: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    console.log(headerUsage(import.meta.url) + "\n\nShared options:\n" + SHARD_USAGE);
    return 0;
  }
  // A run's id, as cluster/prove.sbatch passes it: <piece>-<board>-<kind> (queen-14x14-dominating).
  if (positionals.length > 1) throw new CliError(`give at most one run id, got ${positionals.length}`);
  if (positionals.length === 1) {
    const m = /^([a-z]+)-(\d+(?:x\d+)+)-([a-z]+)$/.exec(positionals[0]);
    if (!m) throw new CliError(`bad run id "${positionals[0]}": expected <piece>-<board>-<kind>, e.g. queen-14x14-dominating`);
    if (values.piece !== undefined || values.board !== undefined || values.kind !== undefined) {
      throw new CliError("give the run id or --piece/--board/--kind, not both");
    }
    [values.piece, values.board, values.kind] = [m[1], m[2], m[3]];
  }
  if (!values.piece || !values.board) throw new CliError(USAGE);
  const pieceName: DominationPieceName = parseDominationPiece(values.piece);
  const board = parseBoard(values.board);
  const kindText = values.kind ?? "dominating";
  if (!isDominationKind(kindText)) throw new CliError(`unknown kind "${kindText}"`);
  if (!isShardableKind(kindText)) {
    throw new CliError("connected domination is not sharded (connectivity ties the later pieces to the prefix)");
  }
  const kind: ShardableKind = kindText;
  const shardMode = values.shard !== undefined || values["shard-from-env"] !== undefined || values.block !== undefined;
  if (values.sample !== undefined && (shardMode || values.merge)) throw new CliError(`--sample runs alone; ${USAGE}`);
  const depth = intOption("depth", values.depth, { min: 0 }) ?? 2;
  const dir = values.dir ?? join(familyPaths("domination").proofs, `${pieceName}-${boardName(board)}-${kind}`);
  const g = buildDominationGraph(board, dominationPiece(pieceName));
  if (g.components.length !== 1) {
    throw new CliError(`the ${pieceName} graph on ${boardName(board)} has ${g.components.length} components; sharding needs one`);
  }
  // Bad shard syntax is reported before the (possibly long) gamma run.
  if (values.shard !== undefined) parseShard(values.shard);
  if (values["shard-from-env"] !== undefined) shardFromEnv(values["shard-from-env"]);

  let gamma: number;
  let gammaSource: "proved" | "given";
  let gammaCpu = 0;
  if (values.gamma !== undefined) {
    gamma = intOption("gamma", values.gamma, { min: 1 }) ?? 0;
    gammaSource = "given";
  } else if (values.merge) {
    ({ gamma, gammaSource } = gammaOfShards(
      dir,
      intOption("shards", values.shards, { min: 1 }),
    ));
  } else {
    const c0 = cpuSeconds();
    const r = solveDomination({ board, piece: pieceName, kind, graph: g });
    if (r.status !== "solved" || r.gamma === null) throw new CliError(`gamma not found: ${r.reason ?? r.status}`, 1);
    gamma = r.gamma;
    gammaSource = "proved";
    gammaCpu = cpuSeconds() - c0;
  }

  if (values.sample !== undefined) {
    const subs = splitSubproblems(g, { kind, limit: gamma, depth });
    const syms = symmetries(board).map((s) => s.map);
    const runOpts = {
      kind,
      limit: gamma,
      symmetries: syms,
      rookLines: pieceName === "rook" && board.dims.length === 2 ? rookLinesOf(board) : undefined,
    };
    const k = Math.min(intOption("sample", values.sample, { min: 1 }) ?? 1, subs.length);
    const rand = seededRandom(intOption("seed", values.seed, { min: 0 }) ?? 1);
    const order = subs.map((_, j) => j);
    for (let i = order.length - 1; i > 0; i--) { // Fisher-Yates: a uniform sample without repeats
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const picked = order.slice(0, k).sort((a, b) => a - b);
    const secs: number[] = [];
    let count = 0;
    let nodes = 0;
    for (const j of picked) {
      const c0 = cpuSeconds();
      const r = runSubproblem(g, subs[j], runOpts);
      secs.push(cpuSeconds() - c0);
      count += r.count;
      nodes += r.nodes;
      process.stderr.write(`subproblem ${j}: ${r.count} sets, ${r.nodes} nodes, ${secs[secs.length - 1].toFixed(2)} s\n`);
    }
    const mean = secs.reduce((a, b) => a + b, 0) / secs.length;
    const sd = Math.sqrt(secs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, secs.length - 1));
    const total = mean * subs.length;
    // Standard error of the estimated total (sampling without replacement, finite population correction).
    const se = subs.length * sd / Math.sqrt(secs.length) *
      Math.sqrt(Math.max(0, (subs.length - secs.length) / Math.max(1, subs.length - 1)));
    const entry = {
      n: board.dims[0],
      board: boardName(board),
      piece: pieceName,
      kind,
      gamma,
      gammaSource,
      gammaCpuSeconds: Number(gammaCpu.toFixed(2)),
      split: { depth, subproblems: subs.length, digest: splitDigest(subs) },
      sample: {
        size: picked.length,
        seed: intOption("seed", values.seed, { min: 0 }) ?? 1,
        subproblems: picked,
        cpuSeconds: secs.map((s) => Number(s.toFixed(3))),
        sets: count,
        nodes,
      },
      projectedCountCpuSeconds: Math.round(total),
      standardErrorCpuSeconds: Math.round(se),
      projected16CoreWallSeconds: Math.round(total / 16),
      slowestSampledSubproblemSeconds: Number(Math.max(...secs).toFixed(3)),
      method:
        "sharded count (scripts/dominate-shards.ts): the minimum-set count split into subproblems by the first `depth` branchings of the search (lowest undominated square, its servers in ascending order, earlier ones banned); a uniform random sample of subproblems run on one core, CPU time per subproblem measured (user+system), total = mean × number of subproblems; 16-core wall = total / 16 assuming shards j ≡ i mod 16 balance (many small subproblems per shard; the slowest sampled subproblem bounds the granularity)",
      codeVersion: codeVersion(),
      date: new Date().toISOString(),
    };
    console.log(JSON.stringify(entry, null, 1));
    if (values.bench) {
      const file = values.bench;
      const doc = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
      const list: Record<string, unknown>[] = Array.isArray(doc.shardedSamples) ? doc.shardedSamples : [];
      // One day of 16 cores, extrapolated with the growth per n from the unsharded count of n-1 in the same file (when measured there).
      const prev = Array.isArray(doc.rows) ? doc.rows.find((r: { n?: number }) => r.n === entry.n - 1) : undefined;
      let dayOf16: Record<string, unknown> | null = null;
      if (prev && typeof prev.countMedian === "number" && prev.countMedian > 0) {
        const factor = total / prev.countMedian;
        const budget = 16 * 86400;
        let n = entry.n;
        let secs = total;
        while (factor > 1 && secs * factor <= budget) {
          secs *= factor;
          n++;
        }
        dayOf16 = {
          growthFactorPerN: Number(factor.toFixed(2)),
          fromN: [entry.n - 1, entry.n],
          budgetCoreSeconds: budget,
          largestFeasibleN: n,
          projectedCoreSecondsAtThatN: Math.round(secs),
          method:
            "growth factor = projected count CPU seconds at n / measured unsharded count median at n-1 (the rows above), applied per n from n on; count run only (the gamma run is extra and smaller)",
        };
      }
      const full = { ...entry, dayOf16Cores: dayOf16 };
      doc.shardedSamples = [...list.filter((e) => !(e.board === entry.board && e.piece === entry.piece && e.kind === entry.kind)), full];
      writeFileAtomic(file, JSON.stringify(doc, null, 1) + "\n");
    }
    return 0;
  }

  const o: DominationRun = {
    piece: pieceName,
    board: [...board.dims],
    kind,
    depth,
    gamma,
    gammaSource,
    dir,
    codeVersion: codeVersion(),
    quiet: values.quiet ?? false,
  };
  const { prover, place } = dominationProver(o);
  let unshardedFails = false;
  const code = await runShardCommand(prover, place, { module: import.meta.url, name: "dominationProver", args: [o] }, values, {
    afterMerge: (path, m) => {
      if (!values["check-unsharded"]) return;
      const r = solveDomination({ board, piece: pieceName, kind, count: true, graph: g });
      if (r.gamma !== m.gamma || r.count !== m.count || (m.classes !== null && r.classes !== m.classes)) {
        // A merge the unsharded count contradicts is no certificate.
        rmSync(path, { force: true });
        unshardedFails = true;
      }
    },
    proven: (m, seconds) =>
      `counted: ${m.count} minimum ${kind} sets of ${gamma} ${pieceName}s on ${boardName(board)}${
        m.classes !== null ? ` (${m.classes} classes)` : ""
      }, ` +
      `${m.shardCount} shards, ${m.cpuSeconds} s CPU, ${seconds.toFixed(1)} s`,
  });
  if (unshardedFails) {
    process.stderr.write(`error: sharded and unsharded results differ\n`);
    return 1;
  }
  return code;
}

/** `atlas prove domination ...`: atlas prints errors (one line) and exits with their code. */
export async function run(args: string[]): Promise<number> {
  return await main(args);
}
