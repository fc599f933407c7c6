/**
 * The magic-tour records and their checks (solvers/magic/verify.ts): a correct
 * file passes; tampering — two numbers swapped, a wrong diagonal-sum claim, a
 * wrong count — is caught. The fixture tour is the one printed in the 2022
 * source (shared/sources/001_ff08ca94de13cfce.txt, lines 216-223).
 */
import assert from "node:assert/strict";
import { canonicalForm, checkMagicTour } from "../../solvers/magic/check.ts";
import { checkMagicFile } from "../../solvers/magic/verify.ts";
import { MagicRecordFile, type MagicTourRecord } from "../../solvers/magic/schema.ts";
import { AnyRecordFile } from "../../solvers/records/all.ts";

const PRINTED = [
  "43,46,01,24,41,20,63,22",
  "02,25,42,45,64,23,40,19",
  "47,44,27,04,17,38,21,62",
  "26,03,48,37,28,61,18,39",
  "07,50,29,60,05,16,35,58",
  "30,53,06,49,36,59,12,15",
  "51,08,55,32,13,10,57,34",
  "54,31,52,09,56,33,14,11",
].map((r) => r.split(",").map(Number));

function sourceTour(): number[] {
  const nums = new Array<number>(64);
  for (let r = 0; r < 8; r++) for (let x = 0; x < 8; x++) nums[x + (7 - r) * 8] = PRINTED[r][x];
  return nums;
}

function file(): MagicRecordFile {
  const c = canonicalForm(8, sourceTour());
  const tour: MagicTourRecord = {
    id: "magic-8x8-source",
    board: [8, 8],
    numbers: c.canonical,
    kind: "semimagic",
    closed: true,
    centralSymmetric: true,
    diagonalSums: [256, 264],
    classSize: 16,
    canonical: true,
    origin: "source",
    method: "printed in the source",
  };
  const f = checkMagicTour(8, 8, c.canonical);
  tour.diagonalSums = [f.diagonalSums[0], f.diagonalSums[1]];
  return MagicRecordFile.parse({
    family: "magic",
    description: "test",
    counting: "16 transformations",
    generated: { date: "2024-01-01", codeVersion: "test" },
    claims: [],
    enumerations: [{
      id: "magic-8x8-enumeration-central",
      mode: "central",
      key: "k",
      statement: "s",
      complete: false,
      shardCount: 8,
      shardsDone: 1,
      prefixes: null,
      prefixesCovered: 10,
      nodes: 1,
      cpuSeconds: 1,
      classes: 1,
      tours: 16,
      closedClasses: 1,
      centralSymmetricClasses: 1,
      diagonallyMagicClasses: 0,
      bestDiagonals: [256, 264],
      tourIds: ["magic-8x8-source"],
      certificate: null,
      remainingCpuSeconds: null,
    }],
    records: [tour],
  });
}

Deno.test("the source's printed tour is semimagic, closed, centrally symmetric, diagonals 256 and 264", () => {
  const f = checkMagicTour(8, 8, sourceTour());
  assert.ok(f.ok && f.semimagic && f.closed && f.centralSymmetric && !f.magic);
  assert.deepEqual([...f.diagonalSums].sort(), [256, 264]);
  assert.equal(canonicalForm(8, sourceTour()).classSize, 16);
});

Deno.test("a correct file passes and validates against the union schema", () => {
  const f = file();
  assert.ok(AnyRecordFile.safeParse(f).success);
  const results = checkMagicFile(f);
  assert.ok(results.every((r) => r.ok), JSON.stringify(results.filter((r) => !r.ok)));
});

Deno.test("tampering is caught: swapped numbers, a wrong diagonal claim, wrong counts", () => {
  const swapped = file();
  const nums = swapped.records[0].numbers;
  [nums[0], nums[1]] = [nums[1], nums[0]];
  assert.ok(checkMagicFile(swapped).some((r) => !r.ok));

  const diag = file();
  diag.records[0].diagonalSums = [260, 260];
  assert.ok(checkMagicFile(diag).some((r) => !r.ok && r.errors.some((e) => e.includes("diagonal"))));

  const count = file();
  count.enumerations[0].closedClasses = 2;
  assert.ok(checkMagicFile(count).some((r) => !r.ok && r.errors.some((e) => e.includes("closedClasses"))));

  const kind = file();
  kind.records[0].kind = "magic";
  assert.ok(checkMagicFile(kind).some((r) => !r.ok));
});
