/**
 * Hopper contributions (SerienZiel, data/contributions/): every bad file fails
 * `atlas verify` with one line naming the file and the check, the good ones
 * pass; the positions' values and kinds agree with an independent
 * breadth-first search (tests/helpers/hopper-brute.ts); a file changed after
 * verify is not published; an accepted file enters the hopper table (beating
 * a cell not proven maximal, it takes the cell and the old record keeps its
 * page; tying one, the cell is marked and both pages link each other).
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { Contribution, contributionJsonSchema } from "../../solvers/contributions/schema.ts";
import { HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { VerifyReport } from "../../solvers/records/common.ts";
import { allRecordIds, verifyContributions } from "../../scripts/contributions/verify.ts";
import { familyPaths, ROOT } from "../../scripts/lib/paths.ts";
import { acceptedContributions } from "../../site/data.ts";
import { bruteHops, bruteSerienZiel, bruteSerienZielKind } from "../helpers/hopper-brute.ts";
import { adapterView } from "../helpers/adapter-view.ts";
import { mulberry32 } from "../helpers/random.ts";
import { assertOneLinePerBad, verifyContributionsCli, writeReport } from "../helpers/verify-cli.ts";
import { type Contributed, contributionPlan, hopperCellOf, hopperRecordOf } from "../../solvers/contributions/records.ts";
import { t, ui } from "../../site/i18n.ts";

const hopperFile = HopperRecordFile.parse(JSON.parse(readFileSync(familyPaths("hopper").records, "utf8")));
const knownIds = allRecordIds();
const recordOf = (id: string) => hopperFile.records.find((r) => r.id === id)!;

const base = { family: "hopper", author: "A. Tester", source: { title: "Test Magazine", page: "p. 2" }, year: 2026 };
/** The grasshopper 2-hurdle dual-free cell's own position: it ties the cell's proven 6. */
const h2 = recordOf("grasshopper-8x8-serienziel-h2-dual-free");
const tie = {
  ...base,
  id: "test-grasshopper-h2-tie",
  piece: "grasshopper",
  board: [8, 8],
  kind: "serienziel-dual-free",
  start: h2.witness!.start,
  hurdles: h2.witness!.hurdles,
  moves: h2.witness!.moves!,
  value: 6,
};
/** Grasshopper a1 over b1, a2, c2, b3: c3 is the farthest square, two moves away by two routes (longest, not dual-free). */
const below = {
  ...base,
  id: "test-grasshopper-h4-below",
  piece: "grasshopper",
  board: [8, 8],
  kind: "serienziel-longest",
  start: "a1",
  hurdles: ["b1", "a2", "c2", "b3"],
  moves: ["c1", "c3"],
  value: 2,
};

/** Bad files: name -> [content, the check that must fail]. */
const BAD: Record<string, [unknown, string]> = {
  "schema-kind.json": [{ ...tie, id: "test-h-schema", kind: "serienziel" }, "schema"],
  "schema-men.json": [{ ...tie, id: "test-h-men", men: ["c3"] }, "schema"],
  "schema-no-hurdles.json": [{ ...tie, id: "test-h-no-hurdles", hurdles: [] }, "schema"],
  // a1-f7 is no grasshopper hop over f2 and e5.
  "illegal.json": [{ ...tie, id: "test-h-illegal", moves: ["f7", ...tie.moves.slice(1)] }, "legal"],
  // a1-c1-a3 reaches a3 in two hops, but a1 reaches it in one (over a2).
  "not-shortest.json": [{ ...below, id: "test-h-not-shortest", hurdles: ["b1", "b2", "a2"], moves: ["c1", "a3"] }, "shortest"],
  "not-unique.json": [{ ...below, id: "test-h-not-unique", kind: "serienziel-dual-free" }, "unique"],
  "not-farthest.json": [{ ...below, id: "test-h-not-farthest", moves: ["c1"], value: 1 }, "farthest"],
  // Seven moves over two hurdles: the certificate proves 6 at most (before any move is looked at).
  "above-maximum.json": [{ ...tie, id: "test-h-above", moves: [...tie.moves, "a1"], value: 7 }, "maximum"],
  "existing-id.json": [{ ...tie, id: "grasshopper-8x8-serienziel-h2-dual-free" }, "id"],
  "z-duplicate.json": [{ ...tie }, "id"],
  "misspelt.json": [{ ...tie, id: "test-h-misspelt", hurdles: ["f2", "e9"] }, "square"],
  "hurdle-twice.json": [{ ...below, id: "test-h-twice", hurdles: ["b1", "a2", "c2", "b1"] }, "hurdles"],
  "hurdle-on-start.json": [{ ...below, id: "test-h-on-start", hurdles: ["b1", "a2", "c2", "a1"] }, "hurdles"],
  // The booklet's bishophoppers have their hurdles on their own colour; b1 is not a1's.
  "bishop-colour.json": [
    { ...below, id: "test-h-colour", piece: "bishophopper", hurdles: ["b2", "b1"], moves: ["c3"], value: 1 },
    "hurdles",
  ],
  "wrong-value.json": [{ ...tie, id: "test-h-value", value: 5 }, "value"],
};
const GOOD: Record<string, unknown> = { "a-tie.json": tie, "b-below.json": below };

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-hopper-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content, null, 2));
  return dir;
}

Deno.test("hopper contributions: the positions' values and kinds are what an independent search finds", () => {
  const t = bruteSerienZiel("grasshopper", [8, 8], tie.start, tie.hurdles);
  assert.deepEqual(t.get(tie.moves.at(-1)!), { dist: 6, count: 1n });
  assert.equal(bruteSerienZielKind(t, tie.moves.at(-1)!), "serienziel-dual-free");
  const b = bruteSerienZiel("grasshopper", [8, 8], below.start, below.hurdles);
  assert.deepEqual(b.get("c3"), { dist: 2, count: 2n });
  assert.equal(bruteSerienZielKind(b, "c3"), "serienziel-longest");
  // c1 is one move away by one route, and no farther square has a single route: a dual-free target, not a longest one.
  assert.equal(bruteSerienZielKind(b, "c1"), "serienziel-dual-free");
  assert.equal(bruteSerienZielKind(b, "a3"), "serienziel-dual-free");
  const s = bruteSerienZiel("grasshopper", [8, 8], "a1", ["b1", "b2", "a2"]);
  assert.equal(s.get("a3")?.dist, 1);
  assert.equal(s.get("c1")?.dist, 1);
  // The above-maximum file's value is more than any 2-hurdle position gives: its row is proven.
  assert.equal(recordOf("grasshopper-8x8-serienziel-h2-dual-free").established.proof?.maximum, 6);
});

Deno.test("hopper contributions: each bad file fails with one failure naming it and its check; the good ones pass", () => {
  for (const [name, [content, check]] of Object.entries(BAD)) {
    const dir = folder({ [name]: content, ...(name === "z-duplicate.json" ? { "a-tie.json": tie } : {}) });
    try {
      const out = verifyContributions({ dir, knownIds, hopperRecords: hopperFile.records });
      const mine = out.failures.filter((f) => f.file.endsWith(`/${name}`));
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(out.failures)}`);
      assert.equal(mine[0].check, check, `${name}: ${mine[0].check}: ${mine[0].message}`);
      assert.equal(out.failures.length, 1, `${name}: other failures ${JSON.stringify(out.failures)}`);
      if (name === "above-maximum.json") assert.match(mine[0].message, /data\/hopper\/proofs\/serienziel-grasshopper-8x8-h2\.json/);
      if (name === "misspelt.json") assert.match(mine[0].message, /"e9"/);
      if (name === "z-duplicate.json") assert.match(mine[0].message, /a-tie\.json/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  }
  const dir = folder(GOOD);
  try {
    const out = verifyContributions({ dir, knownIds, hopperRecords: hopperFile.records });
    assert.deepEqual(out.failures, []);
    assert.deepEqual(out.results.map((r) => [r.id, r.status, r.family]), [
      [tie.id, "verified", "hopper"],
      [below.id, "verified", "hopper"],
    ]);
    assert.equal(out.results[0].unique, true);
    assert.equal(out.results[1].unique, false);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("atlas verify: one line per bad hopper file, the good ones verified, exit 1", async () => {
  const dir = folder({ ...Object.fromEntries(Object.entries(BAD).map(([n, [c]]) => [n, c])), ...GOOD });
  try {
    const run = await verifyContributionsCli(dir);
    assert.equal(run.code, 1, run.stderr);
    assertOneLinePerBad(run.lines, run.stderr, BAD, Object.keys(GOOD));
    assert.deepEqual(run.report().results.filter((r) => r.status !== "failed").map((r) => r.id).sort(), [tie.id, below.id].sort());
    assert.equal(run.report().summary.failed, Object.keys(BAD).length);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("the published JSON Schema accepts and rejects the hopper files as verify's schema does", () => {
  const fromJson = z.fromJSONSchema(contributionJsonSchema());
  const cases = [tie, below, BAD["schema-kind.json"][0], BAD["schema-men.json"][0], BAD["schema-no-hurdles.json"][0], { ...tie, x: 1 }];
  for (const c of cases) assert.equal(fromJson.safeParse(c).success, Contribution.safeParse(c).success, JSON.stringify(c));
  assert.equal(fromJson.safeParse(tie).success, true);
  assert.equal(fromJson.safeParse(BAD["schema-men.json"][0]).success, false);
});

Deno.test("tampering: a hopper file changed after verify is not published, and verify refuses the changed file", () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-hopper-data-"));
  try {
    const cdir = join(dir, "contributions");
    mkdirSync(cdir);
    const file = join(cdir, "tie.json");
    writeFileSync(file, JSON.stringify(tie));
    const out = verifyContributions({ dir: cdir, knownIds, hopperRecords: hopperFile.records });
    writeReport(dir, out.results);
    const report = () => VerifyReport.parse(JSON.parse(readFileSync(join(dir, "reports", "verify.json"), "utf8")));
    assert.deepEqual(acceptedContributions(dir, report()).map((a) => a.contribution.id), [tie.id]);
    // A hurdle moved after verify: the digest no longer matches, and verify itself refuses the new text.
    writeFileSync(file, JSON.stringify({ ...tie, hurdles: ["f2", "e6"] }));
    assert.deepEqual(acceptedContributions(dir, report()), []);
    const again = verifyContributions({ dir: cdir, knownIds, hopperRecords: hopperFile.records });
    assert.equal(again.failures.length, 1);
    assert.equal(again.failures[0].check, "legal");
    // Verified again, the failed result is what the report holds: the file stays out.
    writeReport(dir, again.results);
    assert.deepEqual(acceptedContributions(dir, report()), []);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("the hopper page adapter: a contribution beating a cell not proven takes it, a tie marks the cell, both credited", async () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-hopper-site-"));
  const cellId = "grasshopper-8x8-serienziel-h9-longest";
  const records = structuredClone(hopperFile.records);
  const cell = records.find((r) => r.id === cellId)!;
  assert.equal(cell.established.proof, null, "the 9-hurdle row is proven now: choose another row for this test");
  const w = structuredClone(cell.witness!);
  // The cell lowered to 27 (claim and witness value): its own 28-move position, contributed, beats it.
  cell.claim!.value = 27;
  cell.established.value = 27;
  const beats = {
    ...base,
    id: "test-grasshopper-h9-beats",
    piece: "grasshopper",
    board: [8, 8],
    kind: "serienziel-longest",
    start: w.start,
    hurdles: w.hurdles,
    moves: w.moves!,
    value: w.moves!.length,
  };
  try {
    mkdirSync(join(dir, "hopper"));
    writeFileSync(join(dir, "hopper", "records.json"), JSON.stringify({ ...hopperFile, records }));
    const cdir = join(dir, "contributions");
    mkdirSync(cdir);
    for (const [name, c] of Object.entries({ "beats.json": beats, "tie.json": tie, "below.json": below })) {
      writeFileSync(join(cdir, name), JSON.stringify(c));
    }
    const out = verifyContributions({ dir: cdir, knownIds, hopperRecords: records });
    assert.deepEqual(out.failures, []);
    writeReport(dir, out.results);
    const view = await adapterView(dir, [beats.id, cellId, h2.id, tie.id, below.id, "grasshopper-8x8-serienziel-h4-longest"], [
      "hopper",
    ]);
    const table = view.hopper.table;
    const at = (row: string, col: string) => table.rows.find((r) => r.key === row)!.cells[table.columns.findIndex((c) => c.key === col)];
    assert.equal(at("h9", "grasshopper-longest"), beats.id, "the contribution that beats the cell is not in the table");
    assert.equal(at("h2", "grasshopper-dual-free"), h2.id, "a tie must not take the cell");
    assert.equal(at("h4", "grasshopper-longest"), "grasshopper-8x8-serienziel-h4-longest");
    const entries = new Map(Object.entries(view.hopper.entries));
    const b = entries.get(beats.id)!;
    assert.equal(b.status, "verified");
    assert.equal(b.claim?.author, "A. Tester");
    assert.equal(b.claim?.year, 2026);
    assert.equal(b.claim?.publication, "Test Magazine, p. 2");
    assert.equal(b.witnessCitation?.author, "A. Tester");
    assert.match(b.title.en, /Grasshopper, longest SerienZiel path over 9 hurdles, from \w\d \(Tester 2026\)/);
    assert.match(b.title.cs, /z \w\d \(Tester 2026\)/);
    assert.ok(b.problemDiagram && b.solutionDiagram && b.replay, "the contribution has no diagrams or replay");
    assert.ok(b.statusNotes?.some((n) => n.en.includes("beats.json") && n.cs.includes("beats.json")));
    assert.deepEqual(b.tableStanding, [{ relation: "replaces", ids: [cellId] }]);
    // The beaten record keeps its page, saying what replaced it.
    const old = entries.get(cellId)!;
    assert.deepEqual(old.tableStanding, [{ relation: "replaced-by", ids: [beats.id] }]);
    assert.ok(!table.rows.some((r) => r.cells.includes(cellId)));
    // The tie: the cell keeps its record and is marked; the two pages link each other.
    assert.deepEqual(entries.get(h2.id)?.tableStanding, [{ relation: "tied-by", ids: [tie.id] }]);
    assert.deepEqual(entries.get(tie.id)?.tableStanding, [{ relation: "ties", ids: [h2.id] }]);
    assert.ok(entries.get(h2.id)?.neighbours.includes(tie.id));
    // At the row's proven maximum, the tie is maximal on the row's certificate; the beating one (row not proven) is not.
    const tied = entries.get(tie.id)!;
    assert.equal(tied.certificate, "/data/hopper/proofs/serienziel-grasshopper-8x8-h2.json");
    assert.ok(tied.established.some((l) => /^Maximal: 6 is the maximum of its row/.test(l.en) && /^Maximální: 6/.test(l.cs)));
    assert.equal(b.certificate, null);
    assert.ok(!b.established.some((l) => l.en.startsWith("Maximal")));
    // Below the cell: a further record, no mark, linked from its cell.
    assert.equal(entries.get(below.id)?.tableStanding, undefined);
    assert.equal(entries.get("grasshopper-8x8-serienziel-h4-longest")?.tableStanding, undefined);
    assert.equal(entries.get(below.id)?.neighbours[0], "grasshopper-8x8-serienziel-h4-longest");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("contributionPlan: the best of several that beat a cell takes it, the first among equals; equals of the shown value tie it", () => {
  type R = { id: string; v: number };
  const cell = { id: "cell", v: 5 };
  const c = (id: string, v: number): Contributed<R> => ({
    record: { id, v },
    cell,
    standing: v > 5 ? "beats" : v === 5 ? "tie" : "below",
  });
  const { winners, standings } = contributionPlan([c("a", 6), c("b", 7), c("c", 7), c("d", 5), c("e", 4)], (r) => r.v);
  assert.equal(winners.get("cell")?.record.id, "b");
  assert.deepEqual(standings.get("b"), [{ relation: "replaces", ids: ["cell"] }, { relation: "tied-by", ids: ["c"] }]);
  assert.deepEqual(standings.get("cell"), [{ relation: "replaced-by", ids: ["b"] }]);
  assert.deepEqual(standings.get("c"), [{ relation: "ties", ids: ["b"] }]);
  // 6 and 5 are below the 7 the table now shows; 5 tied the old value only.
  for (const id of ["a", "d", "e"]) assert.equal(standings.has(id), false, id);
  const tieOnly = contributionPlan([c("d", 5), c("f", 5)], (r) => r.v).standings;
  assert.deepEqual(tieOnly.get("cell"), [{ relation: "tied-by", ids: ["d", "f"] }]);
});

Deno.test("the tie mark's words, in both languages (Czech numerals agree)", () => {
  assert.equal(t("en").leapers.tieWords(1), "tied by 1 further record");
  assert.equal(t("en").leapers.tieWords(2), "tied by 2 further records");
  assert.match(t("cs").leapers.tieWords(1), /1 další záznam$/);
  assert.match(t("cs").leapers.tieWords(3), /3 další záznamy$/);
  assert.match(t("cs").leapers.tieWords(5), /5 dalších záznamů$/);
  for (const lang of ["en", "cs"] as const) {
    assert.equal(t(lang).leapers.tieMark(2), "= 2");
    for (const words of Object.values(ui(lang).record.standing)) assert.ok(words.length > 0);
  }
});

Deno.test("CONTRIBUTING.md's hopper example verifies, ties its cell, and fails as the guide says when changed", () => {
  const guide = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");
  const block = [...guide.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('"family": "hopper"'));
  assert.ok(block, "no hopper example in CONTRIBUTING.md");
  const example = Contribution.parse(JSON.parse(block));
  assert.equal(example.family, "hopper");
  if (example.family !== "hopper") return;
  const reach = bruteSerienZiel(example.piece, example.board, example.start, example.hurdles);
  assert.equal(bruteSerienZielKind(reach, example.moves.at(-1)!), example.kind);
  assert.equal(hopperRecordOf(example, hopperFile.records, "example.json").standing, "tie");
  const files = {
    "example.json": example,
    "moved.json": { ...example, id: "test-moved", hurdles: ["c2", "d6"] },
    "seven.json": { ...example, id: "test-seven", moves: [...example.moves, "h1"], value: 7 },
  };
  const dir = folder(files);
  try {
    const out = verifyContributions({ dir, knownIds, hopperRecords: hopperFile.records });
    assert.deepEqual(out.failures.map((f) => [f.file.split("/").pop(), f.check, f.message]), [
      ["moved.json", "legal", "the target d4 is not reached"],
      [
        "seven.json",
        "maximum",
        "7 is above 6, the maximum of grasshopper-8x8-serienziel-h2-dual-free proven by the exhaustive run of certificate data/hopper/proofs/serienziel-grasshopper-8x8-h2.json",
      ],
    ]);
    assert.ok(guide.includes("legal: the target d4 is not reached") && guide.includes("serienziel-grasshopper-8x8-h2.json"));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("a hopper claim's row is the record of its piece, kind, board and number of hurdles", () => {
  const c = Contribution.parse({ ...tie, hurdles: ["c2", "d5", "a8"], id: "test-row" });
  if (c.family !== "hopper") throw new Error("not a hopper");
  assert.equal(hopperCellOf(c, hopperFile.records)?.id, "grasshopper-8x8-serienziel-h3-dual-free");
  assert.equal(hopperCellOf({ ...c, board: [7, 7] }, hopperFile.records), undefined, "a 7x7 claim has a row of 8x8");
});

/** One shortest route from the start to `target`, walked back through the brute force's layers (the last hop first). */
function routeTo(piece: string, board: number[], hurdles: string[], reach: Map<string, { dist: number }>, target: string): string[] {
  const hs = new Set(hurdles);
  const route = [target];
  for (let at = target; reach.get(at)!.dist > 1;) {
    at = [...reach].find(([q, v]) => v.dist === reach.get(at)!.dist - 1 && bruteHops(piece, board, hs, q).includes(at))![0];
    route.unshift(at);
  }
  return route;
}

Deno.test("random SerienZiel claims: verify accepts exactly the targets the independent search calls farthest", () => {
  const rng = mulberry32(2027);
  const files: Record<string, unknown> = {};
  const expected = new Map<string, string | null>();
  for (let i = 0; i < 400 && expected.size < 80; i++) {
    const piece = rng.pick(["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"]);
    const board = [rng.int(4, 7), rng.int(4, 7)];
    const squares = Array.from(
      { length: board[0] * board[1] },
      (_, q) => `${String.fromCharCode(97 + q % board[0])}${Math.floor(q / board[0]) + 1}`,
    );
    const [start, ...hurdles] = rng.sample(squares, 1 + rng.int(2, 10));
    const reach = bruteSerienZiel(piece, board, start, hurdles);
    const reached = [...reach.keys()].filter((q) => q !== start);
    if (reached.length === 0) continue;
    // A third of the targets among the farthest squares (longest claims pass there), a third among the squares with
    // several shortest routes (dual-free claims fail there), a third anywhere.
    const top = Math.max(...reached.map((q) => reach.get(q)!.dist));
    const several = reached.filter((q) => reach.get(q)!.count > 1n);
    const pool = [reached.filter((q) => reach.get(q)!.dist === top), several.length ? several : reached, reached][rng.int(0, 2)];
    const target = rng.pick(pool);
    const kind = rng.pick(["serienziel-longest", "serienziel-dual-free"]);
    const { dist, count } = reach.get(target)!;
    const all = [...reach.values()];
    const farthest = kind === "serienziel-longest"
      ? dist === Math.max(...all.map((v) => v.dist))
      : count === 1n && dist === Math.max(...all.filter((v) => v.count === 1n).map((v) => v.dist));
    const colour = (q: string) => (q.charCodeAt(0) + Number(q.slice(1))) % 2;
    const offColour = piece === "bishophopper" && hurdles.some((h) => colour(h) !== colour(start));
    // The first check the claim fails, by the independent search: hurdles, then unique, then farthest (null: accepted).
    const check = offColour ? "hurdles" : kind === "serienziel-dual-free" && count > 1n ? "unique" : farthest ? null : "farthest";
    const moves = routeTo(piece, board, hurdles, reach, target);
    assert.equal(moves.length, dist);
    const id = `test-random-${i}`;
    files[`${id}.json`] = { ...base, id, piece, board, kind, start, hurdles, moves, value: dist };
    expected.set(id, check);
  }
  assert.equal(expected.size, 80, `only ${expected.size} claims`);
  const checks = new Set(expected.values());
  for (const c of [null, "unique", "farthest", "hurdles"]) assert.ok(checks.has(c), `no claim expected to end with ${c}`);
  const dir = folder(files);
  try {
    const out = verifyContributions({ dir, knownIds: new Set(), hopperRecords: hopperFile.records });
    for (const [id, check] of expected) {
      const failure = out.failures.find((f) => f.file.endsWith(`/${id}.json`));
      assert.equal(failure?.check ?? null, check, `${JSON.stringify(files[`${id}.json`])}: ${failure?.message}`);
    }
    assert.equal(out.failures.length, [...expected.values()].filter((c) => c !== null).length);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
