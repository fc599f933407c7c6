/**
 * Runs kept as one file of finished pieces: a Dawson run's slices
 * (scripts/families/hopper/prove.ts), a SerienZiel proof's starts
 * (scripts/families/hopper/lib/serienziel-proof.ts). The file is read back (or a fresh run
 * begun), every piece it does not hold is run and recorded in it, and after
 * each piece the file is rewritten by the one checkpoint write and the shared
 * progress line printed, so an interrupted run loses at most the piece in
 * progress and the same command continues it. The sharded runs (shard.ts) cut
 * their units finer; these keep their own file formats, which long runs under
 * way have written.
 */
import process from "node:process";
import { readCheckpointFile, writeCheckpointFile } from "./checkpoint.ts";
import { progressLine } from "./progress.ts";

export interface PieceRun<F> {
  /** The run file. */
  path: string;
  /** The line refusing a run file that is not JSON (the run stops, exit 2, the file left as it is). */
  notJson: (why: string) => string;
  /** The run to go on with, from the file's JSON (null: no file): the file's run, a fresh one, or a CliError refusing it. */
  open: (json: unknown | null) => F;
  /** Pieces in the whole run. */
  count: number;
  /** The pieces the run holds (their numbers). */
  finished: (run: F) => number[];
  /** Run piece i and record it in `run`: the progress line's label, its note, and whether to stop after this piece. */
  piece: (run: F, i: number) => { label: string; note?: string; stop?: boolean };
  /** What a piece is called on the progress line ("slices", "starts"). */
  unit: string;
  /** JSON indentation of the file (as JSON.stringify's; none by default). */
  indent?: number;
  quiet?: boolean;
  /**
   * The rate's basis: by default the pieces this session finished over its
   * wall seconds; a run that records each piece's CPU seconds may give every
   * piece finished over all their CPU seconds instead.
   */
  rate?: (run: F) => { fresh: number; seconds: number };
}

/** Run (or continue) a run of pieces to its end, or to the first piece that asks to stop; the run as it stands then. */
export function runPieces<F>(o: PieceRun<F>): F {
  const run = o.open(readCheckpointFile(o.path, o.notJson));
  const have = new Set(o.finished(run));
  const before = have.size, t0 = performance.now();
  for (let i = 0; i < o.count; i++) {
    if (have.has(i)) continue;
    const { label, note, stop } = o.piece(run, i);
    writeCheckpointFile(o.path, run, o.indent);
    if (!o.quiet) {
      const done = new Set(o.finished(run)).size;
      const { fresh, seconds } = o.rate?.(run) ?? { fresh: done - before, seconds: (performance.now() - t0) / 1000 };
      process.stderr.write(progressLine(label, o.unit, done, o.count, fresh, seconds, note) + "\n");
    }
    if (stop) break;
  }
  return run;
}
