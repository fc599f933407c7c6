/**
 * `atlas prove hopper dawson-open`: a run resumed from a file that holds only
 * some slices ends with exactly the counts and tours of the committed run, a
 * run file of other parameters is refused, and bad command lines are one line
 * and exit 2.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EnumRun, runDawson } from "../../scripts/families/hopper/prove.ts";
import { DAWSON_STARTS, dawsonRunPath, dawsonRunProblems } from "../../scripts/families/hopper/lib/dawson-runs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const committed = (k: number, start: string): EnumRun => JSON.parse(readFileSync(dawsonRunPath(k, start), "utf8"));
const counts = (r: EnumRun) => r.done.map(({ cpuSeconds: _c, ...rest }) => rest);

Deno.test("a Dawson run resumed from some of its slices ends with the committed counts and tours; other parameters are refused", () => {
  const dir = mkdtempSync(join(tmpdir(), "dawson-"));
  try {
    const want = committed(10, "c1");
    const out = join(dir, "open-h10-c1.json");
    // every other slice kept, as if the run had been stopped and its file edited down
    writeFileSync(out, JSON.stringify({ ...want, done: want.done.filter((d) => d.slice % 2 === 0) }));
    const o = {
      hurdles: 10,
      start: "c1",
      slices: want.slices,
      depth: want.sliceDepth,
      nodes: want.nodesPerPlacement,
      first: false,
      out,
      quiet: true,
    };
    const r = runDawson(o);
    assert.equal(r.done.length, want.slices);
    assert.deepEqual(counts(r), counts(want));
    assert.deepEqual(counts(JSON.parse(readFileSync(out, "utf8"))), counts(want), "the file on disk is the finished run");
    assert.throws(() => runDawson({ ...o, slices: want.slices / 2 }), /holds a run of start c1, 10 hurdles, 16 slices/);
    assert.throws(() => runDawson({ ...o, start: "d4" }), /holds a run of start c1/);
    writeFileSync(out, "{ not json");
    assert.throws(() => runDawson(o), /not a run file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

async function atlas(...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr).trim() };
}

Deno.test("atlas prove hopper: bad command lines are refused in one line (exit 2)", async () => {
  for (
    const [args, why] of [
      [["prove", "hopper", "--hurdles", "11", "--start", "c1"], /name the run \(dawson-open\)/],
      [["prove", "hopper", "dawson-open", "--start", "c1"], /--hurdles K is required/],
      [["prove", "hopper", "dawson-open", "--hurdles", "11"], /either --start SQ or --all-starts/],
      [["prove", "hopper", "dawson-open", "--hurdles", "11", "--start", "c1", "--all-starts"], /either --start SQ or --all-starts/],
      [["prove", "hopper", "dawson-open", "--hurdles", "11", "--start", "z9"], /--start wants a square/],
      [["prove", "hopper", "dawson-open", "--hurdles", "eleven", "--start", "c1"], /--hurdles must be a whole number/],
      [["prove", "hopper", "dawson-open", "--hurdles", "11", "--all-starts", "--out", "x.json"], /--out names one start's run file/],
    ] as const
  ) {
    const r = await atlas(...args);
    assert.equal(r.code, 2, `${args.join(" ")}: exit ${r.code} ${r.stderr}`);
    assert.equal(r.stderr.split("\n").length, 1, r.stderr);
    assert.match(r.stderr, why);
  }
});

Deno.test("the committed Dawson runs are exhaustive for every start up to symmetry, agree with the record, and a tampered run is named", () => {
  const record = JSON.parse(readFileSync(join(ROOT, "data", "hopper", "records.json"), "utf8")).records
    .find((r: { id: string }) => r.id === "grasshopper-8x8-tour-open-h11");
  const fmt = (n: number) => n.toLocaleString("en-US");
  for (let k = 1; k <= 11; k++) {
    let entry = 0, withTour = 0;
    const tours: { hurdles: string[]; moves: string[] }[] = [];
    for (const start of DAWSON_STARTS) {
      const run = committed(k, start);
      assert.deepEqual(dawsonRunProblems(run, k, start), [], `${k} hurdles from ${start}`);
      entry += run.done.reduce((a, d) => a + d.entry, 0);
      withTour += run.done.reduce((a, d) => a + d.withTour, 0);
      tours.push(...run.done.flatMap((d) => d.tours));
    }
    // the record's notes state these sums, and its witness is the first tour found
    if (entry > 0) {
      assert.ok(
        record.notes.some((n: string) => n.includes(`${fmt(entry)} placements pass the entry condition`)),
        `${k}: ${entry} in the notes`,
      );
    }
    if (k <= 10) assert.equal(withTour, 0, `${k} hurdles`);
    else {
      assert.equal(withTour, tours.length);
      assert.deepEqual(record.witness.hurdles, tours[0].hurdles);
      assert.deepEqual(record.witness.moves, tours[0].moves);
    }
  }
  const closed = JSON.parse(readFileSync(join(ROOT, "data", "hopper", "records.json"), "utf8")).records
    .find((r: { id: string }) => r.id === "grasshopper-8x8-tour-closed-h12");
  assert.ok(
    closed.notes.some((n: string) => /^No closed tour of all free squares exists over 11 or fewer hurdles/.test(n)),
    "the closed record says what the runs decide",
  );
  const run = committed(11, "c1");
  const tamper = (f: (r: EnumRun) => void) => {
    const r = structuredClone(run);
    f(r);
    return dawsonRunProblems(r, 11, "c1").join("; ");
  };
  assert.match(tamper((r) => r.done.splice(3, 1)), /slice 3 of 16 not done/);
  assert.match(tamper((r) => (r.done[5] = { ...r.done[4] })), /slice 5 of 16 not done.*slice 4 recorded 2 times/);
  assert.match(tamper((r) => (r.done[2].truncated = 1)), /slice 2: 1 placement\(s\) not decided/);
  const withTours = run.done.find((d) => d.withTour > 0)!.slice;
  assert.match(tamper((r) => r.done[withTours].tours.pop()), /placement\(s\) with a tour but/);
  assert.match(tamper((r) => (r.done[0].exit = r.done[0].entry + 1)), /counts do not nest/);
  assert.match(tamper((r) => (r.hurdles = 10)), /10 hurdles, not 11/);
  assert.deepEqual(dawsonRunProblems(run, 11, "c1"), []);
});
