/**
 * Hopper contributions (SerienZiel, data/contributions/): a valid file enters
 * verify and its row; each bad one fails `atlas verify` with exactly one line
 * naming the file and the check (schema, hurdles, legal, shortest, unique,
 * value, maximum, id, square); the claims' shortest paths agree with an
 * independent breadth-first search on coordinates.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { Contribution, contributionJsonSchema } from "../../solvers/contributions/schema.ts";
import { HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { allRecordIds, verifyContributions } from "../../scripts/contributions/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { hopperCellOf, hopperRecordOf } from "../../solvers/contributions/records.ts";
import { grasshopperTie } from "../helpers/hopper-contribution.ts";
import { assertOneLinePerBad, verifyContributionsCli } from "../helpers/verify-cli.ts";

const hopperFile = HopperRecordFile.parse(JSON.parse(readFileSync(familyPaths("hopper").records, "utf8")));
const knownIds = allRecordIds();

/** Independent of solvers/: a grasshopper's shortest paths from start, counted by breadth-first search on coordinates. */
function bruteGrasshopper(start: string, hurdles: string[]): Map<string, { dist: number; paths: number }> {
  const xy = (s: string) => [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1];
  const name = (x: number, y: number) => `${String.fromCharCode(97 + x)}${y + 1}`;
  const blocked = new Set(hurdles);
  const on = (x: number, y: number) => x >= 0 && x < 8 && y >= 0 && y < 8;
  const hops = (s: string): string[] => {
    const out: string[] = [];
    const [x0, y0] = xy(s);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      let x = x0 + dx, y = y0 + dy;
      while (on(x, y) && !blocked.has(name(x, y))) (x += dx, y += dy);
      if (on(x, y) && on(x + dx, y + dy) && !blocked.has(name(x + dx, y + dy))) out.push(name(x + dx, y + dy));
    }
    return out;
  };
  const seen = new Map([[start, { dist: 0, paths: 1 }]]);
  let layer = [start];
  while (layer.length) {
    const next: string[] = [];
    for (const s of layer) {
      for (const t of hops(s)) {
        const here = seen.get(s)!;
        const there = seen.get(t);
        if (!there) {
          seen.set(t, { dist: here.dist + 1, paths: here.paths });
          next.push(t);
        } else if (there.dist === here.dist + 1) there.paths += here.paths;
      }
    }
    layer = next;
  }
  return seen;
}

/** The grasshopper h2 dual-free record's position mirrored (a1 -> h1): 6 moves, the proven maximum of its row, a tie. */
const good = grasshopperTie;
/** The same position as a longest claim: d4 is also a farthest square. */
const goodLongest = { ...good, id: "test-grasshopper-h2-longest", kind: "serienziel-longest" };

/** Bad files: name -> [content, the check that must fail]. */
const BAD: Record<string, [unknown, string]> = {
  "h-schema.json": [{ ...good, id: "test-h-schema", piece: "cricket" }, "schema"],
  "h-no-hurdles.json": [{ ...good, id: "test-h-no-hurdles", hurdles: [] }, "schema"],
  "h-illegal.json": [{ ...good, id: "test-h-illegal", moves: ["c6", "e5", "b1", "d3", "d6", "d4"] }, "legal"],
  // c6 is one hop from h1; this path hops there, on to e4 and back over d5: three moves.
  "h-not-shortest.json": [{ ...good, id: "test-h-not-shortest", moves: ["c6", "e4", "c6"], value: 3 }, "shortest"],
  // c7 is five hops from d2 over these hurdles, by two paths (the second through e7).
  "h-not-unique.json": [{
    ...good,
    id: "test-h-not-unique",
    start: "d2",
    hurdles: ["d6", "g4", "f5"],
    moves: ["d7", "d5", "g5", "e5", "c7"],
    value: 5,
  }, "unique"],
  "h-above-maximum.json": [{ ...good, id: "test-h-above", moves: ["c6", "e4", "b1", "d3", "d6", "d4", "d7"], value: 7 }, "maximum"],
  "h-existing-id.json": [{ ...good, id: "grasshopper-8x8-serienziel-h2-dual-free" }, "id"],
  "z-h-duplicate.json": [{ ...good }, "id"],
  "h-misspelt.json": [{ ...good, id: "test-h-misspelt", hurdles: ["c2", "d9"] }, "square"],
  "h-hurdle-twice.json": [{ ...good, id: "test-h-hurdle-twice", hurdles: ["c2", "c2"] }, "hurdles"],
  "h-wrong-value.json": [{ ...good, id: "test-h-wrong-value", value: 5 }, "value"],
};

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "atlas-contrib-hopper-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content, null, 2));
  return dir;
}

Deno.test("the claims' paths agree with an independent breadth-first search", () => {
  const g = bruteGrasshopper(good.start, good.hurdles);
  assert.deepEqual(g.get("d4"), { dist: 6, paths: 1 });
  const farthest = Math.max(...[...g.values()].map((v) => v.dist));
  assert.equal(farthest, 6, "d4 is not the farthest square of the good claim");
  const n = bruteGrasshopper("d2", ["d6", "g4", "f5"]).get("c7");
  assert.equal(n?.dist, 5);
  assert.ok(n && n.paths > 1, "the not-unique claim's target has one shortest path");
  assert.equal(
    bruteGrasshopper(good.start, good.hurdles).get("d7"),
    undefined,
    "d7 is reached: the above-maximum claim is not refuted by the proof only",
  );
});

Deno.test("a valid hopper contribution verifies and ties its row's proven maximum", () => {
  const dir = folder({ "a-good.json": good, "b-longest.json": goodLongest });
  try {
    const out = verifyContributions({ dir, knownIds, hopperRecords: hopperFile.records });
    assert.deepEqual(out.failures, []);
    for (const c of [good, goodLongest]) {
      const res = out.results.find((r) => r.id === c.id);
      assert.equal(res?.status, "verified", JSON.stringify(res));
      assert.equal(res?.family, "hopper");
      const parsed = Contribution.parse(c);
      if (parsed.family !== "hopper") throw new Error("not a hopper");
      const { cell, standing, record } = hopperRecordOf(parsed, hopperFile.records, "x.json");
      assert.equal(cell?.id, `grasshopper-8x8-serienziel-h2-${c.kind.replace("serienziel-", "")}`);
      assert.equal(standing, "tie");
      assert.equal(record.claim?.author, "A. Tester");
    }
    assert.equal(out.results.find((r) => r.id === good.id)?.unique, true);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("each bad hopper file fails with exactly one failure naming it and its check", () => {
  for (const [name, [content, check]] of Object.entries(BAD)) {
    const dir = folder({ [name]: content, ...(name === "z-h-duplicate.json" ? { "a-good.json": good } : {}) });
    try {
      const out = verifyContributions({ dir, knownIds, hopperRecords: hopperFile.records });
      const mine = out.failures.filter((f) => f.file.endsWith(`/${name}`));
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(out.failures)}`);
      assert.equal(mine[0].check, check, `${name}: ${mine[0].check}: ${mine[0].message}`);
      assert.equal(out.failures.length, 1, `${name}: other failures ${JSON.stringify(out.failures)}`);
      if (check === "maximum") assert.match(mine[0].message, /data\/hopper\/proofs\/serienziel-grasshopper-8x8-h2\.json/);
      if (check === "square") assert.match(mine[0].message, /"d9"/);
      if (name === "z-h-duplicate.json") assert.match(mine[0].message, /a-good\.json/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  }
});

Deno.test("atlas verify: one line per bad hopper file, the good one verified, exit 1", async () => {
  const dir = folder({ ...Object.fromEntries(Object.entries(BAD).map(([n, [c]]) => [n, c])), "a-good.json": good });
  try {
    const { code, stderr, lines, report } = await verifyContributionsCli(dir);
    assert.equal(code, 1, stderr);
    assertOneLinePerBad(lines, stderr, BAD);
    const rep = report();
    assert.deepEqual(rep.results.filter((r) => r.status !== "failed").map((r) => r.id), [good.id]);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("the published JSON Schema agrees with verify's on hopper files", () => {
  const fromJson = z.fromJSONSchema(contributionJsonSchema());
  for (
    const c of [good, goodLongest, BAD["h-schema.json"][0], BAD["h-no-hurdles.json"][0], { ...good, men: ["a2"] }, { ...good, extra: 1 }]
  ) {
    assert.equal(fromJson.safeParse(c).success, Contribution.safeParse(c).success, JSON.stringify(c));
  }
  assert.equal(fromJson.safeParse(good).success, true);
});

Deno.test("a hopper claim's row is the record of its piece, kind, board and number of hurdles", () => {
  const c = Contribution.parse({ ...good, hurdles: ["c2", "d5", "a8"], id: "test-row" });
  if (c.family !== "hopper") throw new Error("not a hopper");
  assert.equal(hopperCellOf(c, hopperFile.records)?.id, "grasshopper-8x8-serienziel-h3-dual-free");
});
