/**
 * Contributions (one claim per file, data/contributions/): every bad file
 * fails `atlas verify` with exactly one line naming the file and the check,
 * and a non-zero exit, while the good ones in the same folder are checked and
 * pass; an accepted file becomes a record of its family at the data layer (a
 * further record, or the table cell when it beats the cell's value); the
 * published JSON Schema agrees with the schema verify uses.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { Contribution, contributionJsonSchema } from "../../solvers/contributions/schema.ts";
import { type AtlasRecord, RecordFile } from "../../solvers/leaper/schema.ts";
import { allRecordIds, verifyContributions } from "../../scripts/contributions/verify.ts";
import { contributionsDir, familyPaths } from "../../scripts/lib/paths.ts";
import { loadAtlasData } from "../../site/data.ts";
import { LocustRecordFile } from "../../solvers/locust/schema.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { lineTable } from "../../solvers/pieces/locust.ts";
import { bruteLocustCount } from "../helpers/locust-brute.ts";
import { adapterView } from "../helpers/adapter-view.ts";
import { assertOneLinePerBad, verifyContributionsCli, writeReport } from "../helpers/verify-cli.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { symmetries } from "../../solvers/board/symmetry.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { decideUnique } from "../../solvers/hamiltonian/engine.ts";
import { generateLevels } from "../../solvers/locust/generate.ts";
import { findCaptureSequence } from "../../solvers/locust/capture.ts";

/** Independent of the engine: capture orders of [start, ...men] by a leaper, counted by plain depth-first search on coordinates. */
function countDualFree(leap: readonly [number, number], squares: string[]): number {
  const xy = squares.map((s) => [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1]);
  const jump = (a: number, b: number) => {
    const d = [Math.abs(xy[a][0] - xy[b][0]), Math.abs(xy[a][1] - xy[b][1])].sort((p, q) => p - q);
    return d[0] === Math.min(...leap) && d[1] === Math.max(...leap);
  };
  const seen = new Set([0]);
  const walk = (at: number): number => {
    if (seen.size === squares.length) return 1;
    let n = 0;
    for (let v = 1; v < squares.length; v++) {
      if (seen.has(v) || !jump(at, v)) continue;
      seen.add(v);
      n += walk(v);
      seen.delete(v);
    }
    return n;
  };
  return walk(0);
}

const REAL = join(contributionsDir(), "knight-8x8-sd46-d4.json");
const real = Contribution.parse(JSON.parse(readFileSync(REAL, "utf8")));
const REAL_LOCUST = join(contributionsDir(), "nightrider-locust-8x8-sd21-d2-switchback.json");
const realLocust = Contribution.parse(JSON.parse(readFileSync(REAL_LOCUST, "utf8")));
const locustFile = LocustRecordFile.parse(JSON.parse(readFileSync(familyPaths("locust").records, "utf8")));
const leaperFile = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
const knownIds = allRecordIds();

const base = {
  family: "leaper",
  author: "A. Tester",
  source: { title: "Test Magazine", page: "p. 1" },
  year: 2026,
};
/** A small valid claim: the knight a1, b3, c1 (the only order: a1 and c1 are not a knight's move apart). */
const small = {
  ...base,
  id: "test-knight-sd2",
  piece: "[1,2]",
  board: [8, 8],
  kind: "dual-free",
  start: "a1",
  moves: ["b3", "c1"],
  value: 2,
};
/** A locust on d2 takes d3 and lands on d4: its only capture. */
const locustSmall = {
  ...base,
  id: "test-locust-sd1",
  family: "locust",
  piece: "locust",
  board: [8, 8],
  kind: "dual-free",
  start: "d2",
  men: ["d3"],
  moves: ["d4"],
  value: 1,
};
const ALL = [..."abcdefgh"].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${f}${r}`));
const withoutAuthor: Record<string, unknown> = { ...small, id: "test-no-author" };
delete withoutAuthor.author;

/** Bad files: name -> [content, the check that must fail]. */
const BAD: Record<string, [unknown, string]> = {
  "broken.json": ['{"id": "broken", ', "json"],
  "no-author.json": [withoutAuthor, "schema"],
  "bad-kind.json": [{ ...small, id: "test-bad-kind", kind: "dual free" }, "schema"],
  "illegal.json": [{ ...small, id: "test-illegal", moves: ["b3", "c5", "c6"], value: 3 }, "legal"],
  "not-unique.json": [{ ...small, id: "test-not-unique", piece: "[0,1]", moves: ["a2", "b2", "b1"], value: 3 }, "unique"],
  "above-maximum.json": [{
    ...small,
    id: "test-above-maximum",
    board: [4, 4],
    start: "b1",
    moves: ["a3", "c4", "b2", "a4", "c3", "a2", "b4", "d3", "c1", "b3", "d4", "a1"],
    value: 12,
  }, "maximum"],
  "existing-id.json": [{ ...small, id: "knight-8x8-sd53-b1" }, "id"],
  "z-duplicate.json": [{ ...small }, "id"],
  "misspelt.json": [{ ...small, id: "test-misspelt", moves: ["b3", "c9"] }, "square"],
  "wrong-value.json": [{ ...small, id: "test-wrong-value", value: 3 }, "value"],
  "wrong-men.json": [{ ...small, id: "test-wrong-men", men: ["b3", "c2"] }, "men"],
  "open-not-closed.json": [{ ...small, id: "test-not-closed", kind: "closed", moves: ["b3", "c1"], value: 2 }, "closes"],
  // Locusts: 46 men beat the proven 45 (the certificate refutes it before any search).
  "locust-above-maximum.json": [{
    ...locustSmall,
    id: "test-locust-above",
    start: "a1",
    men: ALL.filter((q) => q !== "a1").slice(0, 46),
    moves: ALL.filter((q) => q !== "a1").slice(0, 46),
    value: 46,
  }, "maximum"],
  "locust-illegal.json": [{ ...locustSmall, id: "test-locust-illegal", moves: ["f4"] }, "legal"],
  // d4 takes d5 then runs back down the file over d3, or takes d3 first: two orders.
  "locust-not-unique.json": [{
    ...locustSmall,
    id: "test-locust-not-unique",
    start: "d4",
    men: ["d5", "d3"],
    moves: ["d6", "d2"],
    value: 2,
  }, "unique"],
  "locust-man-on-start.json": [{ ...locustSmall, id: "test-locust-man-on-start", men: ["d2"] }, "men"],
};
const GOOD: Record<string, unknown> = {
  "a-small.json": small,
  // The leap's order does not matter: [2,1] is the knight too.
  "b-reversed.json": { ...small, id: "test-reversed", piece: "[2,1]", men: ["c1", "b3"] },
  "c-locust.json": locustSmall,
  "knight-8x8-sd46-d4.json": null,
};

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-"));
  for (const [name, content] of Object.entries(files)) {
    if (content === null) copyFileSync(REAL, join(dir, name));
    else writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

Deno.test("the real contribution is a published position the atlas did not list, and it verifies", () => {
  assert.ok(!knownIds.has(real.id), "the contribution's id is already a record");
  const same = leaperFile.records.filter((r) =>
    r.witness?.start === real.start && r.board.join("x") === real.board.join("x") && r.witness.moves.join() === real.moves.join()
  );
  assert.deepEqual(same.map((r) => r.id), [], "the position is already in data/leaper/records.json");
  const out = verifyContributions({ dir: contributionsDir(), knownIds, leaperRecords: leaperFile.records });
  assert.deepEqual(out.failures, []);
  const res = out.results.find((r) => r.id === real.id);
  assert.ok(res, "no result for the real contribution");
  assert.equal(res.status, "verified");
  assert.equal(res.unique, true);
  assert.equal(res.contribution?.file, "data/contributions/knight-8x8-sd46-d4.json");
});

Deno.test("the real locust contribution ties its cell with the published position, whose only sequence returns to d2", () => {
  assert.equal(realLocust.family, "locust");
  if (realLocust.family !== "locust") return;
  const cell = locustFile.records.find((r) => r.id === "nightrider-locust-8x8-dual-free-closed")!;
  assert.equal(realLocust.value, cell.claim?.value, "not a tie with the table's value");
  assert.equal(cell.published?.start, realLocust.start, "not the booklet's start square");
  for (const r of locustFile.records) {
    assert.ok(!(r.witness?.start === realLocust.start && r.witness.men.join() === realLocust.men.join()), `already the witness of ${r.id}`);
  }
  // The booklet's first and last move, and one complete sequence only, by an independent brute force.
  const board = makeBoard([8, 8]);
  const t = lineTable(board, "nightrider-locust");
  const q = (n: string) => parseSquare(board, n);
  const men = realLocust.men.map(q);
  assert.equal(bruteLocustCount(t, q("d2"), men, 3), 1);
  assert.equal(bruteLocustCount(t, q("d2"), men, 3, q("d2"), { man: q("f3"), land: q("h4") }), 1);
  assert.equal(realLocust.moves[0], cell.published?.firstMove.land);
  assert.equal(realLocust.moves.at(-1), cell.published?.lastMove.land);
  const out = verifyContributions({
    dir: contributionsDir(),
    knownIds,
    leaperRecords: leaperFile.records,
    locustRecords: locustFile.records,
  });
  const res = out.results.find((r) => r.id === realLocust.id);
  assert.equal(res?.status, "verified", JSON.stringify(out.failures));
  assert.equal(res?.unique, true);
});

Deno.test("the knight's note: of the completions of the legible captures, only the file's is dual-free", () => {
  // Captures 1-19 and 32-46 as the booklet prints them; 20-31 are twelve knight moves over the unused squares.
  const board = makeBoard([8, 8]);
  const knight = leaper(1, 2);
  const q = (n: string) => parseSquare(board, n);
  const head = [real.start, ...real.moves.slice(0, 19)].map(q);
  const tail = real.moves.slice(31).map(q);
  const used = new Set([...head, ...tail]);
  const middle: number[] = [];
  const dualFree: string[][] = [];
  let completions = 0;
  const walk = (at: number) => {
    if (middle.length === 12) {
      if (!knight.destinations(board, at).includes(tail[0])) return;
      completions++;
      const path = [...head, ...middle, ...tail];
      const u = decideUnique(moveGraph(board, knight, path), { start: 0 });
      if (u.unique && (!u.solution || u.solution.every((v, i) => v === i))) dualFree.push(middle.map((m) => squareName(board, m)));
      return;
    }
    for (const d of knight.destinations(board, at)) {
      if (used.has(d) || middle.includes(d)) continue;
      middle.push(d);
      walk(d);
      middle.pop();
    }
  };
  walk(head[head.length - 1]);
  assert.equal(completions, 408);
  assert.deepEqual(dualFree, [real.moves.slice(19, 31)]);
  assert.match(real.note ?? "", /408 ways/);
});

Deno.test("the locust's note: of every dual-free 21-man position, only the file's fits the booklet's start, first and last move", () => {
  if (realLocust.family !== "locust") throw new Error("not a locust");
  const board = makeBoard([8, 8]);
  const t = lineTable(board, "nightrider-locust");
  const q = (n: string) => parseSquare(board, n);
  const canonical: { men: number[]; start: number }[] = [];
  generateLevels(t, { mode: "dual-free", maxMen: 21, onPosition: (p) => p.men.length === 21 && canonical.push(p) });
  assert.equal(canonical.length, 433);
  const fits = new Set<string>();
  for (const p of canonical) {
    for (const { map } of symmetries(board)) {
      if (map[p.start] !== q("d2")) continue;
      const men = p.men.map((m) => map[m]);
      const seq = findCaptureSequence({ table: t, start: q("d2"), men });
      const n = seq?.captured.length ?? 0;
      if (
        !seq || seq.captured[0] !== q("f3") || seq.landed[0] !== q("h4") || seq.captured[n - 1] !== q("e4") || seq.landed[n - 1] !== q("d2")
      ) {
        continue;
      }
      fits.add(men.map((m) => squareName(board, m)).sort().join());
    }
  }
  assert.deepEqual([...fits], [[...realLocust.men].sort().join()]);
  assert.match(realLocust.note ?? "", /433/);
});

Deno.test("each bad file fails with exactly one failure naming it and its check; the good ones pass", () => {
  for (const [name, [content, check]] of Object.entries(BAD)) {
    // The duplicate needs the file whose id it repeats beside it.
    const dir = folder({ [name]: content, ...(name === "z-duplicate.json" ? { "a-small.json": small } : {}) });
    try {
      const out = verifyContributions({ dir, knownIds, leaperRecords: leaperFile.records });
      const mine = out.failures.filter((f) => f.file.endsWith(`/${name}`));
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(out.failures)}`);
      assert.equal(mine[0].check, check, `${name}: ${mine[0].check}: ${mine[0].message}`);
      assert.equal(out.failures.length, 1, `${name}: other failures ${JSON.stringify(out.failures)}`);
      if (name === "above-maximum.json") assert.match(mine[0].message, /data\/leaper\/proofs\/leaper-1-2-dual-free-4x4\/certificate\.json/);
      if (name === "locust-above-maximum.json") {
        assert.match(mine[0].message, /data\/locust\/proofs\/locust-exists-8x8-46\/certificate\.json/);
      }
      if (name === "z-duplicate.json") assert.match(mine[0].message, /a-small\.json/);
      if (check === "square") assert.match(mine[0].message, /"c9"/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  }
});

Deno.test("atlas verify: one line per bad file, the good ones verified, exit 1", async () => {
  const dir = folder({ ...Object.fromEntries(Object.entries(BAD).map(([n, [c]]) => [n, c])), ...GOOD });
  try {
    const run = await verifyContributionsCli(dir);
    assert.equal(run.code, 1, run.stderr);
    assertOneLinePerBad(run.lines, run.stderr, BAD, Object.keys(GOOD));
    assert.deepEqual(
      run.report().results.filter((r) => r.status !== "failed").map((r) => r.id).sort(),
      ["knight-8x8-sd46-d4", "test-knight-sd2", "test-locust-sd1", "test-reversed"],
    );
    assert.equal(run.report().summary.failed, Object.keys(BAD).length);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("the small claims' uniqueness agrees with an independent brute force", () => {
  // On 8x8: the good ones have one capture order, the not-unique ones two.
  assert.equal(countDualFree([1, 2], ["a1", "b3", "c1"]), 1);
  assert.equal(countDualFree([0, 1], ["a1", "a2", "b2", "b1"]), 2);
  const board = makeBoard([8, 8]);
  const t = lineTable(board, "locust");
  const q = (n: string) => parseSquare(board, n);
  assert.equal(bruteLocustCount(t, q("d2"), [q("d3")], 3), 1);
  assert.equal(bruteLocustCount(t, q("d4"), [q("d5"), q("d3")], 3), 2);
});

Deno.test("the published JSON Schema accepts and rejects what verify's schema does", () => {
  const fromJson = z.fromJSONSchema(contributionJsonSchema());
  const cases: unknown[] = [
    real,
    realLocust,
    small,
    locustSmall,
    { ...locustSmall, piece: "[1,2]" },
    withoutAuthor,
    BAD["bad-kind.json"][0],
    { ...small, year: "2026" },
    { ...small, extra: 1 },
  ];
  for (const c of cases) assert.equal(fromJson.safeParse(c).success, Contribution.safeParse(c).success, JSON.stringify(c));
  assert.equal(fromJson.safeParse(real).success, true);
  assert.equal(fromJson.safeParse(realLocust).success, true);
});

/** A data folder: the leaper records (the knight 4x4 cell lowered to 10 and unproven), contributions and the verify report of them. */
function dataFolder(contribs: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-data-"));
  const records: AtlasRecord[] = structuredClone(leaperFile.records);
  const cell = records.find((r) => r.id === "leaper-1-2-dual-free-4x4")!;
  cell.claim.value = 10;
  cell.established.maximality = { status: "cited" };
  mkdirSync(join(dir, "leaper"));
  writeFileSync(join(dir, "leaper", "records.json"), JSON.stringify({ ...leaperFile, records }));
  mkdirSync(join(dir, "locust"));
  copyFileSync(familyPaths("locust").records, join(dir, "locust", "records.json"));
  const cdir = join(dir, "contributions");
  mkdirSync(cdir);
  for (const [name, c] of Object.entries(contribs)) writeFileSync(join(cdir, name), JSON.stringify(c));
  const out = verifyContributions({ dir: cdir, knownIds, leaperRecords: records });
  writeReport(dir, out.results);
  return dir;
}

Deno.test("accepted contributions become records: below and tie as further records, one that beats takes the table cell", () => {
  const cell4 = leaperFile.records.find((r) => r.id === "leaper-1-2-dual-free-4x4")!;
  const cell5 = leaperFile.records.find((r) => r.id === "leaper-1-2-dual-free-5x5")!;
  const beats = { ...small, id: "test-beats", board: [4, 4], start: cell4.witness!.start, moves: cell4.witness!.moves, value: 11 };
  const tie = { ...small, id: "test-tie", board: [5, 5], start: cell5.witness!.start, moves: cell5.witness!.moves, value: 21 };
  const rejected = BAD["illegal.json"][0];
  const dir = dataFolder({ "beats.json": beats, "tie.json": tie, "real.json": real, "rejected.json": rejected });
  try {
    const atlas = loadAtlasData(dir);
    const byId = new Map(atlas.records.records.map((r) => [r.id, r]));
    const knight = atlas.leaperTable.find((row) => row.leap[0] === 1 && row.leap[1] === 2)!;
    const cellOf = (key: string) => knight.cells.find((c) => c.column.key === key)!;
    assert.equal(cellOf("dual-free-4x4").record?.id, "test-beats", "the contribution that beats the cell is not in the table");
    assert.equal(cellOf("dual-free-4x4").record?.claim.author, "A. Tester");
    assert.equal(cellOf("dual-free-4x4").status, "verified");
    assert.equal(byId.get("leaper-1-2-dual-free-4x4")?.tableCell, false, "the beaten record still claims the cell");
    assert.equal(byId.get("leaper-1-2-dual-free-4x4")?.cell, "test-beats");
    assert.equal(cellOf("dual-free-5x5").record?.id, "leaper-1-2-dual-free-5x5", "a tie must not replace the cell");
    assert.equal(byId.get("test-tie")?.cell, "leaper-1-2-dual-free-5x5");
    assert.equal(byId.get("test-tie")?.tableCell, false);
    assert.equal(byId.get(real.id)?.cell, "leaper-1-2-dual-free-8x8");
    assert.equal(byId.get(real.id)?.claim.author, "Václav Kotěšovec");
    assert.equal(byId.get(real.id)?.witness?.citation?.year, 2009);
    assert.ok(!byId.has("test-illegal"), "a rejected contribution reached the data layer");
    // The standings the table and the pages show: the tie marks its cell, the beaten record says by which.
    assert.deepEqual(atlas.standings.get("leaper-1-2-dual-free-5x5"), [{ relation: "tied-by", ids: ["test-tie"] }]);
    assert.deepEqual(atlas.standings.get("test-tie"), [{ relation: "ties", ids: ["leaper-1-2-dual-free-5x5"] }]);
    assert.deepEqual(atlas.standings.get("leaper-1-2-dual-free-4x4"), [{ relation: "replaced-by", ids: ["test-beats"] }]);
    assert.deepEqual(atlas.standings.get("test-beats"), [{ relation: "replaces", ids: ["leaper-1-2-dual-free-4x4"] }]);
    assert.equal(atlas.standings.has(real.id), false, "46 is below the knight's 53: no tie");
    assert.equal(atlas.standings.has("leaper-1-2-dual-free-8x8"), false);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("a contribution is published only as verify checked it: not changed since, not without a report", () => {
  const dir = dataFolder({ "a.json": small });
  const shown = () => loadAtlasData(dir).records.records.some((r) => r.id === small.id);
  try {
    assert.ok(shown());
    // Changed after verify (here: a move that is no knight's move): the report's digest no longer matches.
    const file = join(dir, "contributions", "a.json");
    const checked = readFileSync(file, "utf8");
    writeFileSync(file, JSON.stringify({ ...small, moves: ["b3", "c6"] }));
    assert.ok(!shown(), "a file changed since verify was published");
    writeFileSync(file, checked);
    assert.ok(shown());
    rmSync(join(dir, "reports", "verify.json"));
    assert.ok(!shown());
    // A file verify has not seen (added after the report) stays out too.
    writeFileSync(join(dir, "contributions", "b.json"), JSON.stringify({ ...small, id: "test-other" }));
    assert.ok(!loadAtlasData(dir).records.records.some((r) => r.id === "test-other"));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("the families' page adapters show accepted contributions as credited records, and in the table", async () => {
  const cell4 = leaperFile.records.find((r) => r.id === "leaper-1-2-dual-free-4x4")!;
  const beats = { ...small, id: "test-beats", board: [4, 4], start: cell4.witness!.start, moves: cell4.witness!.moves, value: 11 };
  const dir = dataFolder({ "beats.json": beats, "real.json": real, "locust.json": realLocust });
  try {
    const view = await adapterView(dir, [
      real.id,
      "leaper-1-2-dual-free-8x8",
      "leaper-1-2-dual-free-4x4",
      "test-beats",
      realLocust.id,
      "nightrider-locust-8x8-dual-free-closed",
    ], ["leaper", "locust"]);
    const entries = new Map(Object.entries(view.leaper.entries));
    const e = entries.get(real.id);
    assert.ok(e, "no entry for the contribution");
    assert.equal(e.status, "verified");
    assert.equal(e.claim?.author, "Václav Kotěšovec");
    assert.equal(e.claim?.year, 2009);
    assert.match(e.claim?.publication ?? "", /Application of Graph Theory in Chess Problems.*Comparison of solving times/);
    assert.equal(e.witnessCitation?.author, "Václav Kotěšovec");
    assert.match(e.title.en, /sd=46 on 8×8, from d4 \(Kotěšovec 2009\)/);
    assert.ok(e.problemDiagram && e.solutionDiagram && e.replay, "the contribution has no diagrams or replay");
    assert.ok(e.notes?.some((n) => n.text.includes("data/contributions/real.json")));
    assert.ok(entries.get("leaper-1-2-dual-free-8x8")?.neighbours.includes(real.id), "the cell's record does not link the contribution");
    assert.equal(entries.get("leaper-1-2-dual-free-8x8")?.tableStanding, undefined, "a record below the cell marks it");
    assert.deepEqual(entries.get("leaper-1-2-dual-free-4x4")?.tableStanding, [{ relation: "replaced-by", ids: ["test-beats"] }]);
    assert.deepEqual(entries.get("test-beats")?.tableStanding, [{ relation: "replaces", ids: ["leaper-1-2-dual-free-4x4"] }]);
    const table = view.leaper.table;
    const row = table.rows.find((r) => r.key === "leaper-1-2")!;
    const col = table.columns.findIndex((c) => c.key === "dual-free-4x4");
    assert.equal(row.cells[col], "test-beats", "the table does not show the contribution that beats its cell");
    // The locust's: a tie, a further record of its cell, credited, with its diagrams; the table keeps the cell's record.
    const locusts = new Map(Object.entries(view.locust.entries));
    const l = locusts.get(realLocust.id);
    assert.ok(l, "no entry for the locust contribution");
    assert.equal(l.status, "verified");
    assert.equal(l.ours, 21);
    assert.equal(l.claim?.author, "Václav Kotěšovec");
    assert.equal(l.witnessCitation?.year, 2009);
    assert.match(l.title.en, /Nightrider-Locust, dual-free sequence returning to the start on 8x8, from d2 \(Kotěšovec 2009\)/);
    assert.ok(l.problemDiagram && l.replay, "the locust contribution has no diagram or replay");
    const ltable = view.locust.table;
    const lrow = ltable.rows.find((r) => r.key === "nightrider-locust")!;
    assert.equal(lrow.cells[ltable.columns.findIndex((c) => c.key === "dual-free-closed")], "nightrider-locust-8x8-dual-free-closed");
    assert.ok(!ltable.rows.some((r) => r.cells.includes(realLocust.id)), "a tie must not take the cell");
    // The tie is marked on the cell's record (its table cell and page) and on the contribution's page.
    assert.deepEqual(locusts.get("nightrider-locust-8x8-dual-free-closed")?.tableStanding, [{
      relation: "tied-by",
      ids: [realLocust.id],
    }]);
    assert.deepEqual(l.tableStanding, [{ relation: "ties", ids: ["nightrider-locust-8x8-dual-free-closed"] }]);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
