/**
 * Regeneration (solvers/leaper/regenerate.ts, scripts/families/leaper/extra/regenerate.ts) against an
 * independent brute force, resume after an interruption, and verify's check of
 * stored regeneration data.
 *
 * The brute force knows nothing of the engine, the one-level tests, symmetry or
 * canonical starts: for every square of the board it counts, by dynamic
 * programming over the subsets of the square's connected component (plain
 * coordinate arithmetic for the leaps), the paths from the square that visit
 * exactly a subset, capped at 2. A subset with exactly one such path is a
 * dual-free position; the longest over all squares is the cell's value.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { parseSquare } from "../../solvers/board/squares.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { type RegenerateCell, regenerateCell, regeneratedErrors } from "../../solvers/leaper/regenerate.ts";
import { longestClosedTour, longestOpenTour } from "../../solvers/leaper/longest-tour.ts";
import { directSearch } from "../../solvers/leaper/dual-free-search.ts";
import { type AtlasRecord, RecordFile } from "../../solvers/leaper/schema.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { readReport, runRegenerate } from "../../scripts/families/leaper/extra/regenerate.ts";
import { leaperFamily } from "../../scripts/families/leaper/verify.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";
import { bruteDualFree, componentSquares, isLeap, solutions } from "../helpers/dual-free-brute.ts";

// ---------------------------------------------------------------------------
// Brute force (tests/helpers/dual-free-brute.ts)

/** Longest simple path / cycle (moves, the booklet's convention) by plain DFS over every start. */
function bruteTours(w: number, h: number, leap: readonly [number, number]): { open: number; closed: number } {
  const n = w * h;
  const used = new Array<boolean>(n).fill(false);
  let open = 0;
  let closed = 0;
  const walk = (s: number, v: number, len: number) => {
    open = Math.max(open, len - 1);
    if (len >= 2 && isLeap(w, v, s, leap)) closed = Math.max(closed, len - 1);
    for (let u = 0; u < n; u++) {
      if (!used[u] && isLeap(w, v, u, leap)) {
        used[u] = true;
        walk(s, u, len + 1);
        used[u] = false;
      }
    }
  };
  for (let s = 0; s < n; s++) {
    used[s] = true;
    walk(s, s, 1);
    used[s] = false;
  }
  return { open, closed };
}

function checkDualFreeWitness(
  w: number,
  leap: readonly [number, number],
  dims: number[],
  wit: { start: string; moves: string[] },
  L: number,
) {
  const board = makeBoard(dims);
  const squares = [wit.start, ...wit.moves].map((x) => parseSquare(board, x));
  assert.equal(wit.moves.length, L, "witness length");
  assert.equal(new Set(squares).size, squares.length, "no square twice");
  for (let i = 1; i < squares.length; i++) assert.ok(isLeap(w, squares[i - 1], squares[i], leap), `move ${i} is a leap`);
  assert.equal(solutions(w, leap, squares), 1, "exactly one solution");
}

const LEAPS: [number, number][] = [[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 2], [2, 3], [0, 3], [1, 4], [3, 3], [0, 4], [2, 4]];

/** Random cells on 4x4 and 5x5 whose components stay small enough for the subset DP (16 squares). */
function randomCases(seed: number, count: number): { dims: [number, number]; leap: [number, number] }[] {
  const rng = mulberry32(seed);
  const out: { dims: [number, number]; leap: [number, number] }[] = [];
  while (out.length < count) {
    const n = rng.pick([4, 5]);
    const leap = rng.pick(LEAPS);
    let big = 0;
    for (let s = 0; s < n * n; s++) big = Math.max(big, componentSquares(n, n, leap, s).length);
    if (big > 16) continue;
    out.push({ dims: [n, n], leap });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Methods against the brute force

Deno.test("method 2 finds the brute-force maximum exactly; method 1 reaches it and nothing longer", () => {
  const seed = 4711;
  for (const { dims, leap } of randomCases(seed, 18)) {
    withInstance(seed, () => `board ${dims.join("x")} leap [${leap}]`, () => {
      const [w, h] = dims;
      const achievable = bruteDualFree(w, h, leap);
      const max = achievable.lastIndexOf(true);
      const cell = (claim: number): RegenerateCell => ({ kind: "dual-free", leap, board: dims, claim });

      // Method 2 goes from the top down: its value is the maximum whatever the claim.
      for (const claim of [max, Math.max(0, max - 1), max + 1]) {
        const r2 = regenerateCell(cell(claim), { method: "2" });
        assert.equal(r2.value, max, `method 2 value (claim ${claim})`);
        assert.equal(r2.reached, max >= claim, "method 2 reached");
        assert.ok(r2.exhaustive, "method 2 without a budget is exhaustive");
        checkDualFreeWitness(w, leap, dims, r2.witness!, max);
      }
      // Method 1 aims at the claim: it finds every achievable length and refutes the rest.
      for (let claim = 1; claim <= max + 1; claim++) {
        const r1 = regenerateCell(cell(claim), { method: "1" });
        assert.equal(r1.reached, achievable[claim] === true, `method 1 reached claim ${claim}`);
        if (r1.reached) {
          assert.equal(r1.value, claim);
          checkDualFreeWitness(w, leap, dims, r1.witness!, claim);
        } else if (r1.witness) {
          // The lower bound met on the way is a real dual-free sequence, shorter than the claim.
          assert.ok(r1.value! < claim && achievable[r1.value!], `method 1 lower bound ${r1.value}`);
          checkDualFreeWitness(w, leap, dims, r1.witness, r1.value!);
        }
      }
      const auto = regenerateCell(cell(max), {});
      assert.ok(auto.reached, "auto reaches the maximum");
      checkDualFreeWitness(w, leap, dims, auto.witness!, auto.value!);
    });
  }
});

Deno.test("far-from-centre tie-break: direct generation still finds the exact maximum", () => {
  const seed = 99;
  for (const { dims, leap } of randomCases(seed, 6)) {
    withInstance(seed, () => `board ${dims.join("x")} leap [${leap}]`, () => {
      const max = bruteDualFree(dims[0], dims[1], leap).lastIndexOf(true);
      const r = directSearch(makeBoard(dims), leap, { farFirst: true });
      assert.ok(r.coverage.exhaustive);
      assert.equal(r.witness?.moves.length ?? 0, max);
    });
  }
});

Deno.test("tours with a target stop at a real tour of at least the target; without one they equal the brute force", () => {
  const seed = 31337;
  const rng = mulberry32(seed);
  for (let i = 0; i < 14; i++) {
    const dims: [number, number] = [rng.int(3, 4), rng.int(3, 4)];
    const leap = rng.pick(LEAPS.slice(0, 8));
    withInstance(seed, () => `board ${dims.join("x")} leap [${leap}]`, () => {
      const [w, h] = dims;
      const brute = bruteTours(w, h, leap);
      const board = makeBoard(dims);
      for (const kind of ["open", "closed"] as const) {
        const solve = kind === "open" ? longestOpenTour : longestClosedTour;
        const exact = solve(board, leap, { farFirst: true });
        assert.equal(exact.value, brute[kind], `${kind} with the tie-break`);
        for (const target of [1, brute[kind], brute[kind] + 1]) {
          const r = regenerateCell({ kind, leap, board: dims, claim: target }, {});
          assert.equal(r.reached, brute[kind] >= target, `${kind} target ${target}`);
          assert.ok(r.value! <= brute[kind], "never above the maximum");
          const sq = [r.witness!.start, ...r.witness!.moves].map((x) => parseSquare(board, x));
          assert.equal(sq.length - 1, r.value);
          assert.equal(new Set(sq).size, sq.length);
          for (let k = 1; k < sq.length; k++) assert.ok(isLeap(w, sq[k - 1], sq[k], leap));
          if (kind === "closed" && sq.length > 1) assert.ok(isLeap(w, sq[sq.length - 1], sq[0], leap), "closes");
        }
      }
    });
  }
});

// ---------------------------------------------------------------------------
// The CLI's runs on a copy of the real records

const CELLS_4X4 = [
  "leaper-0-1-dual-free-4x4",
  "leaper-1-1-dual-free-4x4",
  "leaper-1-2-dual-free-4x4",
  "leaper-0-2-dual-free-4x4",
  "leaper-1-3-dual-free-4x4",
];

function tempRecords(ids: string[]): { dir: string; data: string; report: string } {
  const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
  const records = file.records.filter((r) => ids.includes(r.id)).map((r) => ({
    ...r,
    established: { ...r.established, regenerated: null },
  }));
  assert.equal(records.length, ids.length, "test cells exist");
  const dir = mkdtempSync(join(tmpdir(), "regenerate-test-"));
  const data = join(dir, "records.json");
  writeFileSync(data, JSON.stringify({ ...file, records }, null, 1));
  return { dir, data, report: join(dir, "regenerate-report.json") };
}

const readRecords = (path: string): AtlasRecord[] => RecordFile.parse(JSON.parse(readFileSync(path, "utf8"))).records;
/** What a run decided, without timing or dates. */
const outcome = (path: string, report: string) => ({
  records: readRecords(path).map((r) => ({
    id: r.id,
    value: r.established.regenerated?.value ?? null,
    method: r.established.regenerated?.method,
  })),
  report: readReport(report)!.cells.map(({ seconds: _s, budgetSeconds: _b, date: _d, ...rest }) => rest),
});

const base = { budgetMs: 600_000, workers: 0, method: "auto" as const, force: false, quiet: true };

Deno.test("an interrupted run resumed gives the same records and report as a straight run", async () => {
  const a = tempRecords(CELLS_4X4);
  const b = tempRecords(CELLS_4X4);
  try {
    const straight = await runRegenerate({ ...base, dataPath: a.data, reportPath: a.report });
    assert.equal(straight.run.length, CELLS_4X4.length);
    assert.deepEqual(straight.notRegenerated, []);
    // Interrupted before any cell: nothing is written and nothing lost.
    const none = await runRegenerate({ ...base, dataPath: b.data, reportPath: b.report, stop: { requested: true } });
    assert.equal(none.run.length, 0);
    assert.equal(none.interrupted, true);
    assert.ok(!existsSync(b.report));
    // Two cells, then a budget that runs out before the next cell can start.
    const first = await runRegenerate({ ...base, dataPath: b.data, reportPath: b.report, cells: CELLS_4X4.slice(0, 2) });
    assert.equal(first.run.length, 2);
    const spent = await runRegenerate({ ...base, budgetMs: 1e-9, dataPath: b.data, reportPath: b.report });
    assert.equal(spent.run.length, 0);
    assert.equal(spent.notRun.length, CELLS_4X4.length - 2);
    const resumed = await runRegenerate({ ...base, dataPath: b.data, reportPath: b.report });
    assert.deepEqual(resumed.skipped.sort(), CELLS_4X4.slice(0, 2).sort(), "finished cells are skipped");
    assert.equal(resumed.run.length, CELLS_4X4.length - 2);
    assert.deepEqual(outcome(b.data, b.report), outcome(a.data, a.report));
    // Regenerated values are the claims (4x4 cells are proven here) and verify accepts them.
    for (const r of readRecords(b.data)) assert.equal(r.established.regenerated!.value, r.claim.value, r.id);
    const results = await leaperFamily.verify({ files: [b.data] });
    for (const res of results) {
      assert.equal(res.ok, true, `${res.id}: ${res.errors.join("; ")}`);
      assert.equal(res.regenerated, true, res.id);
    }
  } finally {
    rmSync(a.dir, { recursive: true, force: true });
    rmSync(b.dir, { recursive: true, force: true });
  }
});

Deno.test("a worker run stores the same results as an in-process run", async () => {
  const a = tempRecords(CELLS_4X4.slice(0, 3));
  const b = tempRecords(CELLS_4X4.slice(0, 3));
  try {
    await runRegenerate({ ...base, dataPath: a.data, reportPath: a.report });
    await runRegenerate({ ...base, workers: 2, dataPath: b.data, reportPath: b.report });
    assert.deepEqual(outcome(b.data, b.report), outcome(a.data, a.report));
  } finally {
    rmSync(a.dir, { recursive: true, force: true });
    rmSync(b.dir, { recursive: true, force: true });
  }
});

Deno.test("verify catches tampered regeneration data", async () => {
  const ids = ["leaper-1-2-dual-free-4x4", "leaper-0-1-access-8x8", "leaper-1-1-open-8x8"];
  const t = tempRecords(ids);
  try {
    await runRegenerate({ ...base, dataPath: t.data, reportPath: t.report });
    const good = readRecords(t.data);
    const goodReport = readFileSync(t.report, "utf8");
    const verifyIds = async () =>
      (await leaperFamily.verify({ files: [t.data] })).filter((r) => !r.ok).map((r) => `${r.id}: ${r.errors.join("; ")}`);
    assert.deepEqual(await verifyIds(), []);

    const tamper = (edit: (rs: AtlasRecord[]) => void) => {
      const rs = structuredClone(good);
      edit(rs);
      const file = JSON.parse(readFileSync(t.data, "utf8"));
      writeFileSync(t.data, JSON.stringify({ ...file, records: rs }, null, 1));
    };
    const byId = (rs: AtlasRecord[], id: string) => rs.find((r) => r.id === id)!;

    // A regenerated value above what the stored witness shows.
    tamper((rs) => void (byId(rs, ids[0]).established.regenerated!.value += 1));
    const bad = await verifyIds();
    assert.equal(bad.length, 1);
    assert.match(bad[0], /leaper-1-2-dual-free-4x4: .*regeneration witness has/);
    // An access value that is not the breadth-first count.
    tamper((rs) => void (byId(rs, ids[1]).established.regenerated!.value -= 1));
    assert.match((await verifyIds()).join(" "), /regenerated access/);
    // A witness removed from the report.
    tamper(() => {});
    const report = JSON.parse(goodReport);
    report.cells = report.cells.filter((c: { id: string }) => c.id !== ids[2]);
    writeFileSync(t.report, JSON.stringify(report));
    assert.match((await verifyIds()).join(" "), /leaper-1-1-open-8x8: .*no witness in the regeneration report/);
    // A witness that is not a tour any more.
    const moved = JSON.parse(goodReport);
    const cell = moved.cells.find((c: { id: string }) => c.id === ids[2]);
    cell.witness.moves = [...cell.witness.moves.slice(0, -1), cell.witness.moves[0]];
    writeFileSync(t.report, JSON.stringify(moved));
    assert.match((await verifyIds()).join(" "), /leaper-1-1-open-8x8: .*regeneration witness: square/);
    writeFileSync(t.report, goodReport);
    assert.deepEqual(await verifyIds(), []);
  } finally {
    rmSync(t.dir, { recursive: true, force: true });
  }
});

Deno.test("regeneratedErrors: a dual-free witness with two solutions and a value above a proven claim are refused", () => {
  const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
  const r = structuredClone(file.records.find((x) => x.id === "leaper-0-1-dual-free-4x4")!);
  assert.equal(r.established.maximality.status, "proven-here");
  r.established.regenerated = { value: 3, method: "test", seconds: 0, date: "2026-01-01" };
  // Wazir a1 b1 b2 a2: the position also has the solution a1 a2 b2 b1.
  assert.match(regeneratedErrors(r, { start: "a1", moves: ["b1", "b2", "a2"] }).join(" "), /not dual-free/);
  assert.deepEqual(regeneratedErrors(r, { start: "a1", moves: ["b1", "c1", "d1"] }), []);
  r.established.regenerated.value = r.claim.value + 1;
  assert.match(regeneratedErrors(r, null).join(" "), /exceeds the claim/);
});

Deno.test("CLI: bad options are one line with exit 2", async () => {
  for (const args of [["--method", "3"], ["--budget", "soon"], ["--workers", "-1"], ["--cell", "leaper-9-9-dual-free-4x4"]]) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/atlas.ts", "regenerate", ...args, "--quiet"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr).trim();
    assert.equal(out.code, 2, `${args.join(" ")}: ${err}`);
    assert.equal(err.split("\n").length, 1, err);
    assert.match(err, /^error: /);
  }
});
