/**
 * Published records whose value is their cell's proven maximum are maximal,
 * proven here, on the cell's certificate: the link is checked by verify (the
 * cell is proven, same kind, piece and board, the value equals the maximum,
 * the certificate is the cell's and its files check out), and each way of
 * breaking it is caught.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AtlasRecord, RecordFile } from "../../solvers/leaper/schema.ts";
import { inheritedProofErrors } from "../../solvers/leaper/proof/certificate.ts";
import { leaperFamily } from "../../scripts/families/leaper/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";

const file = RecordFile.parse(JSON.parse(readFileSync(familyPaths("leaper").records, "utf8")));
const byId = new Map(file.records.map((r) => [r.id, r]));
const get = (id: string) => structuredClone(byId.get(id)!);

Deno.test("every published record at its cell's proven maximum is marked proven here, and only those", () => {
  let inherited = 0;
  for (const r of file.records.filter((x) => !x.tableCell)) {
    const cell = byId.get(r.cell);
    const can = inheritedProofErrors({ ...r, established: { ...r.established, maximality: { status: "cited" } } }, cell).length === 0;
    const marked = r.established.maximality.status === "proven-here";
    assert.equal(marked, can, `${r.id}: marked ${marked}, at its proven cell maximum ${can}`);
    if (marked) {
      assert.deepEqual(inheritedProofErrors(r, cell), [], r.id);
      inherited++;
    }
  }
  // The wazir 59s and the giraffe 57 among them (at least these cells are proven).
  for (const id of ["wazir-8x8-sd59-a1", "wazir-8x8-sd59-b1", "giraffe-8x8-sd57-a1"]) {
    assert.equal(byId.get(id)!.established.maximality.status, "proven-here", id);
  }
  assert.ok(inherited >= 3);
});

Deno.test("inheritedProofErrors names each broken link", () => {
  const r = get("wazir-8x8-sd59-a1");
  const cell = get("leaper-0-1-dual-free-8x8");
  assert.deepEqual(inheritedProofErrors(r, cell), []);
  const cases: [string, (r: AtlasRecord, c: AtlasRecord) => void, RegExp][] = [
    ["value below the maximum", (r) => void (r.claim.value = 58), /value 58 is not the cell's proven maximum 59/],
    ["another kind", (r) => void (r.kind = "dual-free-fixed-end"), /dual-free-fixed-end record/],
    ["another piece", (r) => void (r.piece = { type: "leaper", leap: [1, 1] }), /piece differs/],
    ["another board", (r) => void (r.board = [7, 8]), /board 7x8 differs/],
    ["cell not proven", (_r, c) => void (c.established.maximality = { status: "cited" }), /is not proven here/],
    [
      "another certificate",
      (r) =>
        void (r.established.maximality = {
          status: "proven-here",
          certificate: "data/leaper/proofs/leaper-0-1-dual-free-7x7/certificate.json",
        }),
      /links data\/leaper\/proofs\/leaper-0-1-dual-free-7x7.*not its cell's certificate/,
    ],
  ];
  for (const [what, tamper, pattern] of cases) {
    const [a, c] = [structuredClone(r), structuredClone(cell)];
    tamper(a, c);
    const errs = inheritedProofErrors(a, c);
    assert.ok(errs.some((e) => pattern.test(e)), `${what}: ${errs.join("; ")}`);
  }
  assert.match(inheritedProofErrors(r, undefined)[0], /is not a table-cell record/);
  assert.match(inheritedProofErrors(cell, cell)[0], /is a table cell/);
});

Deno.test("verify: the link to the cell's certificate is re-checked, and tampering with it fails the record", async () => {
  const ids = ["leaper-0-1-dual-free-8x8", "leaper-0-1-dual-free-7x7", "wazir-8x8-sd59-a1", "wazir-8x8-sd55-h8-final-g2"];
  const dir = mkdtempSync(join(tmpdir(), "inherited-"));
  const verify = async (records: AtlasRecord[]) => {
    const path = join(dir, "records.json");
    writeFileSync(path, JSON.stringify({ ...file, records }, null, 1));
    const results = await leaperFamily.verify({ files: [path] });
    return new Map(results.map((x) => [x.id, x]));
  };
  try {
    const clean = await verify(ids.map(get));
    const w = clean.get("wazir-8x8-sd59-a1")!;
    assert.equal(w.status, "proven-here", w.errors.join("; "));
    assert.equal(w.maximality, "proven-here");

    const tampered: [string, (rs: Map<string, AtlasRecord>) => void, string, RegExp][] = [
      [
        "another cell's certificate",
        (rs) =>
          void (rs.get("wazir-8x8-sd59-a1")!.established.maximality = {
            status: "proven-here",
            certificate: "data/leaper/proofs/leaper-0-1-dual-free-7x7/certificate.json",
          }),
        "wazir-8x8-sd59-a1",
        /maximality: it links .*not its cell's certificate/,
      ],
      [
        "the cell no longer proven",
        (rs) => void (rs.get("leaper-0-1-dual-free-8x8")!.established.maximality = { status: "cited" }),
        "wazir-8x8-sd59-a1",
        /maximality: its cell leaper-0-1-dual-free-8x8 is not proven here/,
      ],
      [
        "a missing certificate file",
        (rs) => {
          for (const id of ["leaper-0-1-dual-free-8x8", "wazir-8x8-sd59-a1"]) {
            rs.get(id)!.established.maximality = {
              status: "proven-here",
              certificate: "data/leaper/proofs/leaper-0-1-dual-free-8x8/gone.json",
            };
          }
        },
        "wazir-8x8-sd59-a1",
        /certificate: cannot read certificate/,
      ],
      [
        "a record below the maximum marked proven",
        (rs) =>
          void (rs.get("wazir-8x8-sd55-h8-final-g2")!.established.maximality = {
            status: "proven-here",
            certificate: "data/leaper/proofs/leaper-0-1-dual-free-8x8/certificate.json",
          }),
        "wazir-8x8-sd55-h8-final-g2",
        /maximality: .*value 55 is not the cell's proven maximum 59/,
      ],
    ];
    for (const [what, tamper, id, pattern] of tampered) {
      const rs = new Map(ids.map((i) => [i, get(i)]));
      tamper(rs);
      const res = (await verify([...rs.values()])).get(id)!;
      assert.equal(res.status, "failed", `${what}: status ${res.status}`);
      assert.ok(res.errors.some((e) => pattern.test(e)), `${what}: ${res.errors.join("; ")}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
