/**
 * A sharded run's prover and its place: the folder it writes, the code
 * version it stamps, and how a worker rebuilds the prover from plain data.
 */
import type { ShardedProver } from "../../../solvers/proof/sharded.ts";

export const EXIT_REFUSED = 1;
export const EXIT_INTERRUPTED = 130;

// deno-lint-ignore no-explicit-any
export type AnyProver = ShardedProver<any, any, any>;

/** Where a run lives and who runs it. */
export interface RunPlace {
  /** The run's folder (shards, checkpoints, certificate). */
  dir: string;
  codeVersion: string;
  /** No progress lines or warnings on stderr. */
  quiet: boolean;
}

/**
 * How a worker rebuilds the prover: a module and the name of an exported
 * function that returns it (given `args`), so that only plain data crosses to
 * the worker.
 */
export interface ProverRef {
  module: string;
  name: string;
  args: unknown[];
}

export async function loadProver(ref: ProverRef): Promise<{ prover: AnyProver; place: RunPlace }> {
  const mod = await import(ref.module);
  const make = mod[ref.name];
  if (typeof make !== "function") throw new Error(`${ref.module} exports no function ${ref.name}`);
  return await make(...ref.args);
}
