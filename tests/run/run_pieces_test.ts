/**
 * Runs kept as one file of finished pieces (scripts/lib/run/pieces.ts, the
 * loop of Dawson runs and SerienZiel proofs): a run stopped after any piece
 * and continued by the same call ends with the file an uninterrupted run
 * writes; pieces already in the file are not run again; a file that is not
 * JSON is refused in one line and left as it is.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPieces } from "../../scripts/lib/run/pieces.ts";
import { CliError } from "../../scripts/lib/cli.ts";

interface Toy {
  n: number;
  done: { i: number; square: number }[];
}

/** A toy run of `count` pieces (piece i records i*i), stopping after `stopAfter` pieces run in this call. */
function toy(path: string, count: number, stopAfter = Infinity, ran: number[] = []) {
  let session = 0;
  return runPieces<Toy>({
    path,
    notJson: (why) => `${path} is not a toy run (${why})`,
    open: (json) => {
      const run = json as Toy | null;
      if (run && run.n !== count) throw new CliError(`${path} holds a toy run of ${run.n} pieces`);
      return run ?? { n: count, done: [] };
    },
    count,
    finished: (run) => run.done.map((d) => d.i),
    piece: (run, i) => {
      ran.push(i);
      run.done.push({ i, square: i * i });
      return { label: `piece ${i}`, stop: ++session >= stopAfter };
    },
    unit: "pieces",
    indent: 1,
    quiet: true,
  });
}

Deno.test("runPieces: stopped anywhere and continued, the file of an uninterrupted run; done pieces not rerun", () => {
  const dir = mkdtempSync(join(tmpdir(), "run-pieces-"));
  try {
    const whole = join(dir, "whole.json");
    assert.deepEqual(toy(whole, 7).done.map((d) => d.square), [0, 1, 4, 9, 16, 25, 36]);
    const want = readFileSync(whole, "utf8");
    for (const stopAfter of [1, 2, 3, 6]) {
      const path = join(dir, `stopped-${stopAfter}.json`);
      const ran: number[] = [];
      let sessions = 0;
      while (toy(path, 7, stopAfter, ran).done.length < 7) sessions++;
      assert.equal(sessions, Math.ceil(7 / stopAfter) - 1);
      assert.deepEqual(ran, [0, 1, 2, 3, 4, 5, 6], "every piece run once");
      assert.equal(readFileSync(path, "utf8"), want);
    }
    // a file with pieces 1 and 4 done (edited down, as after a stop): only the others run
    const holey = join(dir, "holey.json");
    writeFileSync(holey, JSON.stringify({ n: 7, done: [{ i: 1, square: 1 }, { i: 4, square: 16 }] }));
    const ran: number[] = [];
    assert.equal(toy(holey, 7, Infinity, ran).done.length, 7);
    assert.deepEqual(ran, [0, 2, 3, 5, 6]);
    assert.throws(() => toy(holey, 8), /holds a toy run of 7 pieces/);
    writeFileSync(holey, "{ not json");
    assert.throws(() => toy(holey, 7), (e) => e instanceof CliError && e.exitCode === 2 && /is not a toy run/.test(e.message));
    assert.equal(readFileSync(holey, "utf8"), "{ not json", "a refused file is left as it is");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
