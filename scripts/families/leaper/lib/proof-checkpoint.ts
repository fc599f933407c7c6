/** The checkpoint of a leaper proof shard: its file format, and the checks before a run resumes from it. */
import { z } from "zod";
import { type RunState } from "../../../../solvers/leaper/proof/run.ts";
import { type CellParams, HitExampleSchema, RejectedSchema } from "../../../../solvers/leaper/proof/certificate.ts";

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  cell: string;
  kind: string;
  leap: [number, number];
  board: number[];
  claimed: number;
  symmetry: boolean;
  codeVersion: string;
  shard: { index: number; count: number };
  range: [number, number];
  total: number;
  state: RunState;
  cpuSeconds: number;
  startedAt: string;
  savedAt: string;
}

export const CHECKPOINT_FORMAT = "chessboard-atlas-proof-checkpoint/1";
const Int = z.number().int().nonnegative();
/** What a checkpoint file must hold before a run resumes from it. */
export const CheckpointFile = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  cell: z.string(),
  kind: z.string(),
  leap: z.tuple([Int, Int]),
  board: z.array(Int),
  claimed: Int,
  symmetry: z.boolean(),
  codeVersion: z.string(),
  shard: z.object({ index: Int, count: Int }),
  range: z.tuple([Int, Int]),
  total: Int,
  state: z.object({
    next: Int,
    counts: z.object({
      positions: Int,
      skippedBySymmetry: Int,
      rejected: RejectedSchema,
      searched: Int,
      nodes: Int,
      hits: Int,
      hitExamples: z.array(HitExampleSchema),
    }),
  }),
  cpuSeconds: z.number().nonnegative(),
  startedAt: z.string(),
  savedAt: z.string(),
});

/** The counts of a checkpoint must account for exactly the positions before its next index. */
export function countsError(cp: Checkpoint): string | null {
  const c = cp.state.counts;
  if (c.positions + c.skippedBySymmetry !== cp.state.next - cp.range[0]) {
    return `positions ${c.positions} + skipped ${c.skippedBySymmetry} != ${cp.state.next - cp.range[0]} positions done`;
  }
  const rejected = Object.values(c.rejected).reduce((a, b) => a + b, 0);
  if (rejected + c.searched !== c.positions) return "rejected + searched != positions";
  return null;
}

export function describeCheckpoint(json: unknown): string {
  const c = json as Partial<Checkpoint> | null;
  if (c?.format !== CHECKPOINT_FORMAT) return `format ${JSON.stringify(c?.format ?? null)}`;
  return `it is for ${c.cell}, claim ${c.claimed}, shard ${c.shard?.index} of ${c.shard?.count}, range [${c.range}), ` +
    `symmetry ${c.symmetry ? "on" : "off"}, at position ${c.state?.next}`;
}

export function sameCheckpoint(
  c: Checkpoint,
  p: CellParams,
  shard: { index: number; count: number },
  range: [number, number],
  total: number,
  symmetry: boolean,
): boolean {
  return c.format === CHECKPOINT_FORMAT && c.cell === p.cell && c.kind === p.kind && c.claimed === p.claimed &&
    c.leap.join() === p.leap.join() && c.board.join() === p.board.join() && c.shard.index === shard.index &&
    c.shard.count === shard.count &&
    c.range[0] === range[0] && c.range[1] === range[1] && c.total === total && c.symmetry === symmetry &&
    c.state.next >= range[0] && c.state.next <= range[1];
}
