/**
 * Certificates: every solved cell's certificate verifies, and each kind of
 * tampering is caught (the verifier recomputes the witness from the piece's
 * moves, so it does not trust the search). The record schema accepts them.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import { type DominationCertificate, makeCertificate, verifyCertificate } from "../../solvers/domination/certificate.ts";
import { DominationCertificateSchema, DominationRecord, DominationTable } from "../../solvers/domination/schema.ts";
import { DOMINATION_PIECES } from "../../solvers/domination/pieces.ts";
import { DOMINATION_KINDS, KIND_DEFINITIONS } from "../../solvers/domination/types.ts";

function cert(piece: (typeof DOMINATION_PIECES)[number], dims: number[], kind: (typeof DOMINATION_KINDS)[number]): DominationCertificate {
  const board = makeBoard(dims);
  return makeCertificate(solveDomination({ board, piece, kind, count: true }), board, "abc123", true);
}

Deno.test("certificates of all pieces and kinds on small boards verify and match the schema", () => {
  for (const piece of DOMINATION_PIECES) {
    for (const kind of DOMINATION_KINDS) {
      for (const dims of [[1, 1], [3, 3], [5, 5], [4, 6], [3, 3, 3]]) {
        const c = cert(piece, dims, kind);
        const check = verifyCertificate(c);
        assert.deepEqual(check.problems, [], `${piece} ${dims.join("x")} ${kind}`);
        DominationCertificateSchema.parse(JSON.parse(JSON.stringify(c)));
      }
    }
  }
});

Deno.test("tampered certificates are rejected", () => {
  const good = cert("queen", [8, 8], "dominating");
  assert.ok(verifyCertificate(good).ok);
  const tamper = (f: (c: DominationCertificate) => void, pattern: RegExp) => {
    const c: DominationCertificate = structuredClone(good);
    f(c);
    const check = verifyCertificate(c);
    assert.equal(check.ok, false, `not caught: ${pattern}`);
    assert.ok(check.problems.some((p) => pattern.test(p)), `${check.problems.join(" | ")} does not match ${pattern}`);
  };
  tamper((c) => c.witness!.pop(), /witness has 4 squares|does not dominate/);
  tamper((c) => (c.witness![0] = c.witness![1]), /repeats/);
  tamper((c) => (c.witness![0] = "z9"), /witness/);
  tamper((c) => {
    c.witness!.pop();
    c.gamma = 4;
    c.impossibility!.limit = 3;
    c.components[0].gamma = 4;
  }, /does not dominate/);
  tamper((c) => (c.impossibility!.limit = 3), /limit 3/);
  tamper((c) => (c.impossibility = null), /gamma-1 run/);
  tamper((c) => (c.count!.classes = c.count!.value! + 1), /classes/);
  tamper((c) => (c.count!.classes = 1), /cannot hold/);
  tamper((c) => (c.count!.symmetries = 4), /symmetries/);
  tamper((c) => (c.kind = "independent"), /definition|not independent/);
  tamper((c) => (c.definition = "anything"), /definition/);
  tamper((c) => (c.components[0].count = 1), /multiply/);
  tamper((c) => (c.board = [8, 0]), /board/);

  // A witness that dominates but is not independent, certified as independent.
  const ind = cert("queen", [8, 8], "independent");
  const fake: DominationCertificate = structuredClone(good);
  fake.kind = "independent";
  fake.definition = KIND_DEFINITIONS.independent;
  fake.witness = ["a1", "b1", "c1", "d1", "e1"].slice(0, fake.gamma!);
  assert.equal(verifyCertificate(fake).ok, false);
  assert.ok(verifyCertificate(ind).ok);

  // "none" only where it is true.
  const none = cert("queen", [1, 1], "total");
  assert.equal(none.status, "none");
  assert.ok(verifyCertificate(none).ok);
  const falseNone: DominationCertificate = { ...structuredClone(none), board: [2, 2] };
  assert.equal(verifyCertificate(falseNone).ok, false);
});

Deno.test("record schema: ids, claims, witnesses", () => {
  const c = cert("queen", [8, 8], "dominating");
  const record = {
    id: "domination-queen-8x8",
    family: "domination",
    kind: "dominating",
    piece: "queen",
    board: [8, 8],
    definition: KIND_DEFINITIONS.dominating,
    claim: { value: 5, bound: "exact", author: "Boštjan Brešar", publication: "Presek", year: 1999 },
    countClaim: null,
    classesClaim: null,
    witness: c.witness,
    established: {
      status: "solved",
      gamma: 5,
      lower: 5,
      upper: 5,
      count: c.count!.value,
      classes: c.count!.classes,
      agreesWithClaim: true,
      countAgreesWithClaim: null,
      classesAgreeWithClaim: null,
      certificate: c,
    },
  };
  DominationRecord.parse(record);
  assert.throws(() => DominationRecord.parse({ ...record, id: "domination-pawn-8x8" }));
  assert.throws(() => DominationRecord.parse({ ...record, family: "leaper" }));
  assert.throws(() => DominationRecord.parse({ ...record, claim: { ...record.claim, bound: "maybe" } }));
});

Deno.test("data/domination/table.json, when present, matches the schema and every certificate verifies", () => {
  const path = new URL("../../data/domination/table.json", import.meta.url);
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch {
    return; // not generated yet: nothing to check
  }
  const table = DominationTable.parse(JSON.parse(text));
  const ids = new Set<string>();
  for (const r of table.records) {
    assert.ok(!ids.has(r.id), `${r.id} twice`);
    ids.add(r.id);
    const c = r.established.certificate;
    assert.deepEqual(verifyCertificate(c).problems, [], r.id);
    assert.equal(r.established.gamma, c.gamma, r.id);
    assert.deepEqual(r.witness, c.witness, r.id);
    assert.equal(r.piece, c.piece, r.id);
    assert.equal(r.kind, c.kind, r.id);
    assert.deepEqual(r.board, c.board, r.id);
    if (c.count !== null) {
      assert.equal(r.established.count, c.count.value, r.id);
      assert.equal(r.established.classes, c.count.classes, r.id);
    }
  }
});
