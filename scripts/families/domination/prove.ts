/**
 * Sharded count of the minimum dominating sets of one piece, board and kind
 * (solvers/domination/shard.ts has the split and the argument):
 *
 *   dominate-shards --piece queen --board 14x14 --shard i/N [--kind K] [--depth D] [--gamma G] [--dir DIR]
 *       runs subproblems j ≡ i (mod N), writes DIR/shard-<i>-of-<N>.json
 *   dominate-shards --piece queen --board 14x14 --merge --shards N [--dir DIR] [--check-unsharded]
 *       checks every shard 0..N-1 is there once and sums; --check-unsharded also
 *       runs the unsharded count and compares
 *   dominate-shards --piece queen --board 14x14 --sample K [--seed S] [--bench FILE]
 *       runs K random subproblems and projects the whole run's CPU time (and a
 *       16-core wall time) from them; --bench writes the projection into FILE
 *
 * Without --gamma, gamma is computed first (the decision runs of solve.ts) and
 * the certificate says "proved"; with it, "given".
 * DIR defaults to data/domination/shards/<piece>-<board>-<kind>.
 *
 * Exit codes: 0 done; 1 merge refused, count mismatch or node budget; 2 bad input.
 */
import { parseArgs } from "../../lib/options.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { boardName, parseBoard } from "../../../solvers/board/board.ts";
import { symmetries } from "../../../solvers/board/symmetry.ts";
import { coordsOf } from "../../../solvers/board/board.ts";
import type { Board } from "../../../solvers/types.ts";
import { buildDominationGraph } from "../../../solvers/domination/graph.ts";
import { dominationPiece, type DominationPieceName, parseDominationPiece } from "../../../solvers/domination/pieces.ts";
import { solveDomination } from "../../../solvers/domination/solve.ts";
import { isDominationKind } from "../../../solvers/domination/types.ts";
import {
  isShardableKind,
  mergeShards,
  runShard,
  runSubproblem,
  type ShardableKind,
  type ShardCertificate,
  splitDigest,
  splitSubproblems,
} from "../../../solvers/domination/shard.ts";
import { CliError, errorMessage, writeFileAtomic } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";

const USAGE =
  "usage: dominate-shards --piece P --board NxN [--kind K] (--shard i/N | --merge --shards N [--check-unsharded] | --sample K [--seed S] [--bench FILE]) [--depth D] [--gamma G] [--dir DIR]";

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

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

function parseShard(text: string): { index: number; of: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) throw new CliError(`bad shard "${text}": expected i/N, e.g. 3/16`);
  const index = Number(m[1]);
  const of = Number(m[2]);
  if (of < 1) throw new CliError(`bad shard "${text}": N must be at least 1`);
  if (index >= of) throw new CliError(`bad shard "${text}": i must be below N (shards are numbered 0..N-1)`);
  return { index, of };
}

function positiveInt(name: string, text: string | undefined, dflt: number, min = 1): number {
  if (text === undefined) return dflt;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new CliError(`--${name} must be an integer >= ${min}, got "${text}"`);
  return Number(text);
}

/** A small deterministic generator for the sample (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main(args: string[]): number {
  const { values } = parseArgs({
    args,
    options: {
      piece: { type: "string" },
      board: { type: "string" },
      kind: { type: "string" },
      depth: { type: "string" },
      gamma: { type: "string" },
      shard: { type: "string" },
      merge: { type: "boolean" },
      shards: { type: "string" },
      "check-unsharded": { type: "boolean" },
      sample: { type: "string" },
      seed: { type: "string" },
      bench: { type: "string" },
      dir: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.piece || !values.board) throw new CliError(USAGE);
  const pieceName: DominationPieceName = parseDominationPiece(values.piece);
  const board = parseBoard(values.board);
  const kindText = values.kind ?? "dominating";
  if (!isDominationKind(kindText)) throw new CliError(`unknown kind "${kindText}"`);
  if (!isShardableKind(kindText)) throw new CliError("connected domination is not sharded (connectivity ties the later pieces to the prefix)");
  const kind: ShardableKind = kindText;
  const modes = [values.shard !== undefined, values.merge === true, values.sample !== undefined].filter((x) => x).length;
  if (modes !== 1) throw new CliError(`give exactly one of --shard, --merge, --sample; ${USAGE}`);
  const depth = positiveInt("depth", values.depth, 2, 0);
  const dir = values.dir ?? join(ROOT, "data", "domination", "shards", `${pieceName}-${boardName(board)}-${kind}`);
  const g = buildDominationGraph(board, dominationPiece(pieceName));
  if (g.components.length !== 1) throw new CliError(`the ${pieceName} graph on ${boardName(board)} has ${g.components.length} components; sharding needs one`);

  if (values.merge) {
    const of = positiveInt("shards", values.shards, 0);
    const names = existsSync(dir) ? readdirSync(dir).filter((f) => new RegExp(`^shard-\\d+-of-${of}\\.json$`).test(f)).sort() : [];
    const certs = names.map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ShardCertificate);
    if (certs.length === 0) throw new CliError(`no shard certificates of ${of} shards in ${dir}`);
    let merged;
    try {
      merged = mergeShards(certs);
    } catch (e) {
      process.stderr.write(`merge refused: ${errorMessage(e)}\n`);
      return 1;
    }
    const out: Record<string, unknown> = { ...merged };
    if (values["check-unsharded"]) {
      const r = solveDomination({ board, piece: pieceName, kind, count: true, graph: g });
      out.unsharded = { gamma: r.gamma, count: r.count, classes: r.classes };
      if (r.gamma !== merged.gamma || r.count !== merged.count || (merged.classes !== null && r.classes !== merged.classes)) {
        console.log(JSON.stringify(out));
        process.stderr.write(`error: sharded and unsharded results differ\n`);
        return 1;
      }
    }
    console.log(JSON.stringify(out));
    return 0;
  }

  // Bad shard syntax is reported before the (possibly long) gamma run.
  const shardArg = values.shard !== undefined ? parseShard(values.shard) : null;
  let gamma: number;
  let gammaSource: "proved" | "given";
  let gammaCpu = 0;
  if (values.gamma !== undefined) {
    gamma = positiveInt("gamma", values.gamma, 0);
    gammaSource = "given";
  } else {
    const c0 = cpuSeconds();
    const r = solveDomination({ board, piece: pieceName, kind, graph: g });
    if (r.status !== "solved" || r.gamma === null) throw new CliError(`gamma not found: ${r.reason ?? r.status}`, 1);
    gamma = r.gamma;
    gammaSource = "proved";
    gammaCpu = cpuSeconds() - c0;
  }
  const subs = splitSubproblems(g, { kind, limit: gamma, depth });
  const syms = symmetries(board).map((s) => s.map);
  const runOpts = {
    kind,
    limit: gamma,
    symmetries: syms,
    rookLines: pieceName === "rook" && board.dims.length === 2 ? rookLinesOf(board) : undefined,
  };

  if (values.sample !== undefined) {
    const k = Math.min(positiveInt("sample", values.sample, 1), subs.length);
    const rand = rng(positiveInt("seed", values.seed, 1, 0));
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
    const se = subs.length * sd / Math.sqrt(secs.length) * Math.sqrt(Math.max(0, (subs.length - secs.length) / Math.max(1, subs.length - 1)));
    const entry = {
      n: board.dims[0],
      board: boardName(board),
      piece: pieceName,
      kind,
      gamma,
      gammaSource,
      gammaCpuSeconds: Number(gammaCpu.toFixed(2)),
      split: { depth, subproblems: subs.length, digest: splitDigest(subs) },
      sample: { size: picked.length, seed: positiveInt("seed", values.seed, 1, 0), subproblems: picked, cpuSeconds: secs.map((s) => Number(s.toFixed(3))), sets: count, nodes },
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
          method: "growth factor = projected count CPU seconds at n / measured unsharded count median at n-1 (the rows above), applied per n from n on; count run only (the gamma run is extra and smaller)",
        };
      }
      const full = { ...entry, dayOf16Cores: dayOf16 };
      doc.shardedSamples = [...list.filter((e) => !(e.board === entry.board && e.piece === entry.piece && e.kind === entry.kind)), full];
      writeFileAtomic(file, JSON.stringify(doc, null, 1) + "\n");
    }
    return 0;
  }

  const shard = shardArg!;
  const c0 = cpuSeconds();
  const t = runShard(g, subs, shard.index, shard.of, runOpts);
  if (t.abortedAt !== null) throw new CliError(`subproblem ${t.abortedAt} stopped on the node budget`, 1);
  const cert: ShardCertificate = {
    format: "domination-shard/1",
    piece: pieceName,
    board: [...board.dims],
    kind,
    gamma,
    gammaSource,
    split: {
      depth,
      subproblems: subs.length,
      digest: splitDigest(subs),
      rule: "lowest undominated square first, its servers ascending, earlier servers banned; shard i runs subproblems j ≡ i mod N",
    },
    shard,
    subproblems: t.subproblems,
    count: t.count,
    canonical: t.canonical,
    stabilizerSum: t.stabilizerSum,
    symmetryCount: syms.length,
    minSize: t.minSize,
    maxSize: t.maxSize,
    nodes: t.nodes,
    cpuSeconds: Number((cpuSeconds() - c0).toFixed(3)),
    codeVersion: codeVersion(),
    date: new Date().toISOString(),
  };
  const path = join(dir, `shard-${shard.index}-of-${shard.of}.json`);
  writeFileAtomic(path, JSON.stringify(cert, null, 1) + "\n");
  console.log(`shard ${shard.index}/${shard.of}: ${t.subproblems.length} subproblems, ${t.count} sets, ${t.nodes} nodes, ${cert.cpuSeconds} s -> ${path}`);
  return 0;
}

export function run(args: string[]): void {
  let code: number;
  try {
    code = main(args);
  } catch (e) {
    const exit = e instanceof CliError ? e.exitCode : 2;
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    code = exit;
  }
  process.exit(code);
}
