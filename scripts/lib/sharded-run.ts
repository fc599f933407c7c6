/**
 * The file side of the one mechanism for long exhaustive runs
 * (solvers/proof/sharded.ts has the pure side and the ShardedProver interface
 * each family implements), gathered from its parts in scripts/lib/run/:
 *
 *   prover.ts      the prover, its place (folder, code version) and how a worker rebuilds it
 *   progress.ts    the progress line (done/total, rate, ETA) every long run prints
 *   checkpoint.ts  the one atomic checkpoint write and read, shard checkpoint paths
 *   shard.ts       one shard, resumable, to its certificate
 *   pool.ts        many shards in workers (worker.ts) or in this thread, stops with checkpoints
 *   merge.ts       the merge into certificate.json and the re-check of a merged certificate
 *   sha256.ts      the one SHA-256
 *   command.ts     the command line every prover shares
 *
 * A run's folder holds shard-<i>-of-<N>.json (finished shards),
 * checkpoints/shard-<i>-of-<N>.json (unfinished ones, rewritten every
 * checkpointSeconds and on stop) and certificate.json (the merge). Files are
 * written atomically, and a file this run cannot use (another cell, another
 * prover version, corrupt) is never overwritten: the run stops with one line
 * naming it (exit 2), and --force is the only way to rerun a finished shard.
 */
export * from "./run/prover.ts";
export * from "./run/progress.ts";
export * from "./run/checkpoint.ts";
export * from "./run/shard.ts";
export * from "./run/pool.ts";
export * from "./run/merge.ts";
export * from "./run/sha256.ts";
export * from "./run/command.ts";
