/**
 * deno task prove: prove a leaper table cell's claim maximal by exhaustive
 * free-squares enumeration (solvers/proof), sharded, resumable, with
 * certificates that can be checked without rerunning the search.
 *
 *   prove <cell>                     whole space (shard 0/1), then merge
 *   prove <cell> --shard i/N         one shard: data/leaper/proofs/<cell>/shard-<i>-of-<N>.json
 *   prove <cell> --shard-from-env VAR/N   the shard index from environment variable VAR (job arrays)
 *   prove <cell> --merge [--shards N]     merge the shard certificates into certificate.json
 *   prove <cell> --workers W [--shards M] M shards (default 4W), W at a time in workers, then merge
 *   prove <cell> --budget 9m         stop cleanly (checkpoints, exit 130) when the time is up; rerun to continue
 *   prove --estimate <cell> [--strata 200] [--window 200000] [--windows 3] [--seed 1]   T and a stratified projection (CPU time)
 *                                    with its 95% interval and the heaviest strata (--no-prefix: the old sample, --samples 3000)
 *   prove --all-cheap --budget 5m [--max-total 1e7] [--only TEXT] [--workers W]
 *
 * Other options: --checkpoint-seconds S (default 30), --quiet, --force (rerun
 * shards that already have a certificate), --no-symmetry, --no-prefix (decide
 * every position one by one instead of rejecting whole subtrees), --stop-after N
 * (stop after N positions as if interrupted: for tests), --records FILE,
 * --proofs-dir DIR, --no-record-update.
 *
 * Exit codes: 0 proven (or shard done), 1 merge refused (missing shard, hit…),
 * 2 bad request, 130 interrupted (checkpoint written; rerun the same command to
 * continue). A shard file or checkpoint already on disk that this run cannot
 * use (another cell, another prover version, corrupt) stops it with exit 2 and
 * is left in place: nothing written is overwritten unless --force asks to rerun
 * a shard over its certificate.
 */
import { durationOption, intOption, numberOption } from "../../lib/options.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { cpuMs } from "../../lib/cpu.ts";
import { type AtlasRecord } from "../../../solvers/leaper/schema.ts";
import { buildSpace, describeSpace, statement } from "../../../solvers/leaper/proof/space.ts";
import { type StratifiedEstimate, stratifiedEstimate } from "../../../solvers/leaper/proof/estimate.ts";
import { type CellParams, cellParams, MergedCertificate } from "../../../solvers/leaper/proof/certificate.ts";
import { CliError, errorMessage } from "../../lib/cli.ts";
import {
  EXIT_INTERRUPTED,
  EXIT_REFUSED,
  formatSeconds,
  IN_PROCESS_TOTAL,
  parseProverArgs,
  runShardCommand,
} from "../../lib/sharded-run.ts";
import { cellDir, defaultEnv, MAX_TOTAL, provableCells, type ProveEnv, readRecordFile } from "./lib/cells.ts";
import { leaperProver, markProven, onKernel, proveCell, proverRef, recordPath } from "./lib/prover.ts";
import { checkCertificateFiles } from "./lib/certificate-files.ts";
import { estimate } from "./lib/estimate.ts";

export { EXIT_INTERRUPTED, EXIT_REFUSED, IN_PROCESS_TOTAL };
export { formatSeconds, parseShard, shardFromEnv } from "../../lib/sharded-run.ts";
// The names the tests and the other commands import from here.
export { loadCell, type ProveEnv } from "./lib/cells.ts";
export { mergeCell, proveCell, runShard } from "./lib/prover.ts";
export { checkCertificateFiles } from "./lib/certificate-files.ts";

// ---------------------------------------------------------------------------
// CLI

function provenLine(c: MergedCertificate, seconds: number): string {
  return `proven: ${c.cell} ${c.statement} (${c.total} positions, ${c.searched} searched, ${c.nodes} nodes, ${seconds.toFixed(2)} s)`;
}

function printStratified(e: StratifiedEstimate, workers: number): void {
  console.log(
    `sampled ${e.sampled} positions in ${e.strata} strata (windows of ${e.window}, ${e.windowsPerStratum} per stratum, seed ${e.seed}; ` +
      `${e.cpuSeconds.toFixed(1)} s CPU): ${(100 * e.prunedShare).toFixed(2)}% rejected in whole subtrees, ${e.searched} searched; ` +
      `${(e.microsPerPosition * 1000).toFixed(3)} ns per position`,
  );
  console.log(
    `projected: ${formatSeconds(e.projectedSeconds)} CPU on one core (95% interval ${formatSeconds(e.interval[0])} – ${
      formatSeconds(e.interval[1])
    })` +
      (workers > 1 ? `; ${formatSeconds(e.projectedSeconds / workers)} with ${workers} workers` : ""),
  );
  for (const c of e.heaviest) {
    console.log(`  heaviest: ${c.label} [${c.lo}, ${c.hi}): ${formatSeconds(c.projectedSeconds)} (± ${formatSeconds(1.96 * c.stdError)})`);
  }
}

function printRefused(id: string, errors: string[]): void {
  process.stderr.write(`error: ${id} not proven: ${errors.join("; ")}\n`);
}

async function main(args: string[]): Promise<number> {
  const parsed = parseProverArgs(args, {
    estimate: { type: "boolean" },
    samples: { type: "string" },
    "all-cheap": { type: "boolean" },
    "max-total": { type: "string" },
    only: { type: "string" },
    "no-symmetry": { type: "boolean" },
    "no-record-update": { type: "boolean" },
    records: { type: "string" },
    "proofs-dir": { type: "string" },
    "no-prefix": { type: "boolean" },
    strata: { type: "string" },
    window: { type: "string" },
    windows: { type: "string" },
    seed: { type: "string" },
  });
  const v = parsed.values;
  const positionals = parsed.positionals;
  const workers = intOption("workers", v.workers, { min: 1 });
  const checkpointSeconds = numberOption("checkpoint-seconds", v["checkpoint-seconds"], { min: 0 });
  const env = defaultEnv({
    quiet: v.quiet ?? false,
    symmetry: !v["no-symmetry"],
    prefix: !v["no-prefix"],
    updateRecords: !v["no-record-update"],
    ...(v.records ? { recordsPath: v.records } : {}),
    ...(v["proofs-dir"] ? { proofsDir: v["proofs-dir"] } : {}),
  });

  const stop = { requested: false };
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    stop.requested = true;
  };
  Deno.addSignalListener("SIGINT", onSigint);
  try {
    if (v["all-cheap"]) {
      if (positionals.length) throw new CliError("--all-cheap takes no cell");
      const budgetMs = durationOption("budget", v.budget) ?? 5 * 60e3;
      const maxTotal = numberOption("max-total", v["max-total"], { min: 0 }) ?? 1e7;
      return await allCheap(env, { budgetMs, maxTotal, only: v.only, workers, checkpointSeconds, force: v.force, stop });
    }
    if (positionals.length !== 1) throw new CliError("give exactly one cell id, e.g. prove leaper-1-2-dual-free-6x6 (or --all-cheap)");
    const id = positionals[0];
    if (v.estimate) {
      const record = readRecordFile(env.recordsPath).records.find((r) => r.id === id);
      if (!record) throw new CliError(`unknown cell ${id}: no record with that id in ${env.recordsPath}`);
      const params = cellParams(record);
      if (typeof params === "string") throw new CliError(params);
      const space = buildSpace(params.kind, params.leap, params.board, params.claimed);
      const desc = describeSpace(space).filter((d) => d.men);
      console.log(
        `${id}: ${statement(params.kind, params.claimed)}; T = ${space.totalBig} positions from ${desc.length} start(s)` +
          (desc.length ? `, men ${Math.min(...desc.map((d) => d.men![0]))}..${Math.max(...desc.map((d) => d.men![1]))}` : ""),
      );
      if (!space.indexable) throw new CliError(`T = ${space.totalBig} is too large to index (above 2^53)`);
      const w = workers ?? 1;
      if (env.prefix) {
        const e = stratifiedEstimate(space, {
          strata: intOption("strata", v.strata, { min: 1 }),
          window: intOption("window", v.window, { min: 1 }),
          windows: intOption("windows", v.windows, { min: 2 }),
          seed: intOption("seed", v.seed, { min: 0 }),
          symmetry: env.symmetry,
          // The run's own core: the cells that run on the WebAssembly kernel are projected on it.
          kernel: onKernel(space),
          clock: cpuMs,
        });
        printStratified(e, w);
        return 0;
      }
      const samples = intOption("samples", v.samples, { min: 10 }) ?? 3000;
      const e = estimate(space, samples, env.symmetry);
      console.log(
        `sampled ${e.sampled} positions: ${((100 * e.passed) / Math.max(1, e.sampled)).toFixed(1)}% passed the one-level tests; ` +
          `${e.microsPerPosition.toFixed(2)} µs per position (95% interval ${e.interval[0].toFixed(2)}–${e.interval[1].toFixed(2)})`,
      );
      console.log(
        `projected: ${formatSeconds(e.projectedSeconds)} on one core (${formatSeconds(e.projectedInterval[0])} – ${
          formatSeconds(e.projectedInterval[1])
        })` +
          (w > 1 ? `; ${formatSeconds(e.projectedSeconds / w)} with ${w} workers` : "") +
          (space.total > MAX_TOTAL ? `; above the run limit of ${MAX_TOTAL.toExponential()} positions` : ""),
      );
      return 0;
    }
    // --shard, --shard-from-env, --merge and --workers: the mechanism every prover shares.
    const { prover, place } = leaperProver(env, id);
    return await runShardCommand(prover, place, proverRef(env, id), v, {
      afterMerge: (path) => {
        if (env.updateRecords) markProven(env.recordsPath, id, recordPath(path));
      },
      proven: (c, seconds) => provenLine(c, seconds),
    }, stop);
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
    if (interrupted) process.stderr.write("interrupted\n");
  }
}

async function allCheap(
  env: ProveEnv,
  o: {
    budgetMs: number;
    maxTotal: number;
    only?: string;
    workers?: number;
    checkpointSeconds?: number;
    force?: boolean;
    stop: { requested: boolean };
  },
): Promise<number> {
  const deadline = Date.now() + o.budgetMs;
  const cells: { id: string; total: number; record: AtlasRecord }[] = [];
  for (const r of provableCells(env.recordsPath)) {
    if (o.only && !r.id.includes(o.only)) continue;
    const p = cellParams(r) as CellParams;
    const space = buildSpace(p.kind, p.leap, p.board, p.claimed);
    if (space.totalBig > BigInt(Math.floor(o.maxTotal))) continue;
    cells.push({ id: r.id, total: space.total, record: r });
  }
  cells.sort((a, b) => a.total - b.total || (a.id < b.id ? -1 : 1));
  let proven = 0, already = 0, refused = 0;
  const refusedIds: string[] = [];
  for (const c of cells) {
    if (o.stop.requested) return EXIT_INTERRUPTED;
    if (Date.now() > deadline) {
      console.log(`budget used up: ${cells.length - proven - already - refused} cell(s) left`);
      break;
    }
    const certPath = join(cellDir(env, c.id), "certificate.json");
    if (!o.force && existsSync(certPath) && (await checkCertificateFiles(c.record, certPath)).length === 0) {
      if (env.updateRecords && c.record.established.maximality.status !== "proven-here") {
        markProven(env.recordsPath, c.id, recordPath(certPath));
      }
      already++;
      continue;
    }
    const workers = o.workers && c.total > 1_000_000 ? o.workers : 1;
    const r = await proveCell(env, c.id, {
      workers,
      inProcess: c.total <= IN_PROCESS_TOTAL,
      checkpointSeconds: o.checkpointSeconds,
      force: o.force,
      deadline,
      stop: o.stop,
    });
    if (r.status === "stopped") {
      console.log(`stopped in ${c.id} (budget or interrupt): checkpoint written`);
      return o.stop.requested ? EXIT_INTERRUPTED : 0;
    }
    if (r.status === "refused") {
      refused++;
      refusedIds.push(c.id);
      printRefused(c.id, r.merge!.errors);
    } else {
      proven++;
      console.log(provenLine(r.merge!.certificate!, r.seconds));
    }
  }
  console.log(
    `${cells.length} cheap cell(s) (T <= ${o.maxTotal}): ${proven} proven now, ${already} already proven, ${refused} refused${
      refusedIds.length ? ` (${refusedIds.join(", ")})` : ""
    }`,
  );
  return refused > 0 ? EXIT_REFUSED : 0;
}

export async function run(args: string[]): Promise<void> {
  try {
    const code = await main(args);
    Deno.exit(code);
  } catch (e) {
    const code = e instanceof CliError ? e.exitCode : 2;
    process.stderr.write(`error: ${errorMessage(e)}\n`);
    Deno.exit(code);
  }
}
