/**
 * The command line every sharded prover shares: --shard, --shard-from-env,
 * --block, --merge, --workers, --budget, --checkpoint-seconds, --force,
 * --quiet, --stop-after, and what they do (runShardCommand).
 */
import { join } from "node:path";
import process from "node:process";
import { durationOption, intOption, numberOption, type OptionConfig, parseArgs } from "../options.ts";
import {
  parseShardBlock,
  parseShardRef,
  type ShardBlock,
  type ShardedProver,
  shardFileName,
  type ShardRef,
} from "../../../solvers/proof/sharded.ts";
import { CliError } from "../cli.ts";
import { readJson, shown } from "./checkpoint.ts";
import { mergeShardFiles } from "./merge.ts";
import { runShards, type RunShardsOptions } from "./pool.ts";
import { EXIT_INTERRUPTED, EXIT_REFUSED, type ProverRef, type RunPlace } from "./prover.ts";

/** "--shard-from-env VAR/N": the index is read from the environment variable VAR (job arrays). */
export function shardFromEnv(text: string, getEnv: (k: string) => string | undefined = (k) => Deno.env.get(k)): ShardRef {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CliError(`bad --shard-from-env "${text}": expected VAR/N, e.g. SLURM_ARRAY_TASK_ID/64`);
  const value = getEnv(m[1]);
  if (value === undefined || value.trim() === "") throw new CliError(`environment variable ${m[1]} is not set`);
  return parseShard(`${value.trim()}/${m[2]}`);
}

/** "i/N" → shard; CliError on bad syntax or values. */
export function parseShard(text: string): ShardRef {
  const r = parseShardRef(text);
  if (typeof r === "string") throw new CliError(r);
  return r;
}

/** The options of a sharded run, for parseArgs. */
export const SHARD_OPTIONS = {
  shard: { type: "string" },
  "shard-from-env": { type: "string" },
  block: { type: "string" },
  shards: { type: "string" },
  merge: { type: "boolean" },
  workers: { type: "string" },
  budget: { type: "string" },
  "checkpoint-seconds": { type: "string" },
  "stop-after": { type: "string" },
  force: { type: "boolean" },
  quiet: { type: "boolean" },
} as const;

export const SHARD_USAGE = `  --shard i/N              run shard i of N (0-based) and write shard-<i>-of-<N>.json
  --shard-from-env VAR/N   the same, the index read from $VAR (SLURM_ARRAY_TASK_ID, a matrix index, …)
  --block a-b/N            run shards a..b of N (W at a time with --workers W), no merge: one job of a matrix
  --merge [--shards N]     merge one split's shard certificates into certificate.json
  --workers W [--shards M] M shards (default 4W), W at a time in local workers, then merge
  --budget 3h50m           stop cleanly with checkpoints when the time is up (exit 130); rerun to continue
  --checkpoint-seconds S   checkpoint every S seconds (default 30)
  --force                  rerun shards that already have a certificate
  --quiet                  no progress lines
  --stop-after K           stop after K units as if interrupted (tests)`;

/** parseArgs with the shared options and a prover's own, positionals allowed; a bad option is a CliError (one line, exit 2). */
export function parseProverArgs<const T extends Record<string, OptionConfig>>(args: string[], own: T) {
  return parseArgs({ args, allowPositionals: true, options: { ...SHARD_OPTIONS, ...own } });
}

export interface ShardArgs {
  shard?: string;
  "shard-from-env"?: string;
  block?: string;
  shards?: string;
  merge?: boolean;
  workers?: string;
  budget?: string;
  "checkpoint-seconds"?: string;
  "stop-after"?: string;
  force?: boolean;
  quiet?: boolean;
}

/** Below this many units a run stays in this thread (a worker's start-up would cost more than the run). */
export const IN_PROCESS_TOTAL = 100_000;

export interface RunCommandHooks<M> {
  /** After a successful merge (e.g. mark the record proven). */
  afterMerge?: (certificatePath: string, certificate: M) => void;
  /** The line printed for a proven merge. */
  proven: (certificate: M, seconds: number) => string;
}

/**
 * What `--shard`, `--shard-from-env`, `--merge` and `--workers` do, for any
 * prover: one shard (exit 0, or 1 when it disproves the claim), a merge (0,
 * or 1 refused), or every shard of a split then the merge; 130 when stopped
 * (checkpoints written).
 */
export async function runShardCommand<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  ref: ProverRef,
  v: ShardArgs,
  hooks: RunCommandHooks<M>,
  stop?: { requested: boolean },
): Promise<number> {
  // Without a caller's stop flag, Ctrl-C here stops the run at the next chunk (checkpoints written).
  if (!stop) {
    const own = { requested: false };
    const onSigint = () => void (own.requested = true);
    Deno.addSignalListener("SIGINT", onSigint);
    try {
      return await runShardCommand(prover, place, ref, v, hooks, own);
    } finally {
      Deno.removeSignalListener("SIGINT", onSigint);
    }
  }
  const shards = intOption("shards", v.shards, { min: 1 });
  const workers = intOption("workers", v.workers, { min: 1 });
  const checkpointSeconds = numberOption("checkpoint-seconds", v["checkpoint-seconds"], { min: 0 });
  const stopAfter = intOption("stop-after", v["stop-after"], { min: 0 });
  const budget = durationOption("budget", v.budget);
  const deadline = budget !== undefined ? Date.now() + budget : undefined;
  if (v.shard !== undefined && v["shard-from-env"] !== undefined) throw new CliError("give --shard or --shard-from-env, not both");
  const one = v.shard !== undefined ? parseShard(v.shard) : v["shard-from-env"] !== undefined ? shardFromEnv(v["shard-from-env"]) : null;
  if (v.merge && one) throw new CliError("--merge merges every shard: give it without --shard");
  const block = v.block !== undefined ? parseBlock(v.block) : null;
  if (block && (one || v.merge)) throw new CliError("--block runs a block of shards: give it without --shard, --shard-from-env or --merge");
  if (block && shards !== undefined && shards !== block.count) {
    throw new CliError(`--block ${v.block} is a block of a split into ${block.count}, --shards says ${shards}`);
  }
  const refuse = (errors: string[]) => {
    process.stderr.write(`error: ${prover.label} not proven: ${errors.join("; ")}\n`);
    return EXIT_REFUSED;
  };
  const merge = async (count?: number, seconds = 0) => {
    const r = await mergeShardFiles(prover, place, { shards: count });
    if (!r.ok) return refuse(r.errors);
    hooks.afterMerge?.(r.certificatePath, r.certificate!);
    console.log(hooks.proven(r.certificate!, seconds));
    return 0;
  };
  if (v.merge) return await merge(shards);
  const common = { checkpointSeconds, stopAfter, force: v.force, stop, deadline };
  if (one) {
    const inProcess = prover.total <= IN_PROCESS_TOTAL;
    const r = await runShards(
      prover,
      place,
      ref,
      [one.index],
      one.count,
      { ...common, workers: 1, inProcess },
      `${prover.label} shard ${one.index}/${one.count}`,
    );
    if (r === "stopped") {
      process.stderr.write(`stopped: checkpoint written; rerun the same command to continue\n`);
      return EXIT_INTERRUPTED;
    }
    const path = join(place.dir, shardFileName(one.index, one.count));
    const c = prover.readShard(shown(path), readJson(path));
    if (typeof c === "string") throw new CliError(c);
    console.log(`done: ${prover.label} shard ${one.index}/${one.count}: ${prover.describe(c.certificate)} -> ${shown(path)}`);
    return prover.failure(c.certificate) ? EXIT_REFUSED : 0;
  }
  if (block) return await runBlock(prover, place, ref, block, { ...common, workers: Math.max(1, workers ?? 1) });
  const t0 = performance.now();
  const w = Math.max(1, workers ?? 1);
  const count = shards ?? (w > 1 ? w * 4 : 1);
  const inProcess = workers === undefined && prover.total <= IN_PROCESS_TOTAL;
  const label = `${prover.label}` + (count > 1 ? ` (${count} shards${w > 1 ? `, ${w} workers` : ""})` : "");
  const indices = Array.from({ length: count }, (_, i) => i);
  const r = await runShards(prover, place, ref, indices, count, { ...common, workers: w, inProcess }, label);
  if (r === "stopped") {
    process.stderr.write(`stopped${stop.requested ? "" : " (budget used up)"}: checkpoints written; rerun the same command to continue\n`);
    return EXIT_INTERRUPTED;
  }
  return await merge(count, (performance.now() - t0) / 1000);
}

function parseBlock(text: string): ShardBlock {
  const r = parseShardBlock(text);
  if (typeof r === "string") throw new CliError(r);
  return r;
}

/**
 * `--block a-b/N`: shards a..b of a split into N, W at a time, and no merge
 * (the other blocks run elsewhere: one job of a CI matrix or a batch array
 * takes a block when the split has more shards than the matrix has jobs).
 * Shards with a certificate already are skipped (unless --force), so a
 * dispatch that repeats a block continues it. Exit 0, 1 when a shard
 * disproves the claim, 130 when stopped (checkpoints written).
 */
async function runBlock<S, C, M>(
  prover: ShardedProver<S, C, M>,
  place: RunPlace,
  ref: ProverRef,
  block: ShardBlock,
  o: Omit<RunShardsOptions, "inProcess">,
): Promise<number> {
  const indices = Array.from({ length: block.last - block.first + 1 }, (_, i) => block.first + i);
  const label = `${prover.label} shards ${block.first}-${block.last}/${block.count}`;
  const inProcess = o.workers === 1 && prover.total <= IN_PROCESS_TOTAL;
  const r = await runShards(prover, place, ref, indices, block.count, { ...o, inProcess }, label);
  if (r === "stopped") {
    process.stderr.write(
      `stopped${o.stop?.requested ? "" : " (budget used up)"}: checkpoints written; rerun the same command to continue\n`,
    );
    return EXIT_INTERRUPTED;
  }
  let failures = 0;
  for (const i of indices) {
    const path = join(place.dir, shardFileName(i, block.count));
    const c = prover.readShard(shown(path), readJson(path));
    if (typeof c === "string") throw new CliError(c);
    if (prover.failure(c.certificate)) failures++;
  }
  console.log(
    `done: ${label}: ${indices.length} shard certificates in ${shown(place.dir)}` +
      (failures ? `; ${failures} disprove the claim` : "") + `; merge with --merge --shards ${block.count} once every shard is done`,
  );
  return failures ? EXIT_REFUSED : 0;
}
