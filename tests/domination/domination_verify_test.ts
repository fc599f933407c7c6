/**
 * verify on the domination table: every record of data/domination/table.json
 * passes, and tampered records are caught — a witness piece moved, gamma
 * changed, the count changed, a claim's value changed, the comparisons with
 * the claims flipped — each alone and, where it can be, consistently in the
 * record and its certificate. Whether a moved witness still dominates is
 * judged here by a plain coordinate test written for this file, so the test
 * knows which moves must be rejected and which are just another minimum set.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { type DominationRecord, DominationTable } from "../../solvers/domination/schema.ts";
import { checkDominationRecord, rookNoteProblems } from "../../solvers/domination/check.ts";
import { rookPlacementsNote } from "../../solvers/domination/rook-placements.ts";
import { binomialBig as binomial } from "../../solvers/lib/binomial.ts";
import { dominationFamily, loadDominationTable } from "../../scripts/families/domination/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { CliError } from "../../scripts/lib/cli.ts";
import { mulberry32 } from "../helpers/random.ts";

const table = DominationTable.parse(JSON.parse(readFileSync(familyPaths("domination").records, "utf8")));
const byId = new Map(table.records.map((r) => [r.id, r]));
const clone = (r: DominationRecord): DominationRecord => structuredClone(r);

/** Square name -> coordinates (2-D algebraic, or digits per coordinate on 3-D boards of sides <= 9). */
function coords(board: number[], name: string): number[] {
  if (board.length === 2) return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
  return [...name].map((c) => Number(c) - 1);
}
function nameOf(board: number[], c: number[]): string {
  if (board.length === 2) return String.fromCharCode(97 + c[0]) + (c[1] + 1);
  return c.map((x) => x + 1).join("");
}
function allCoords(board: number[]): number[][] {
  let out: number[][] = [[]];
  for (const d of board) out = out.flatMap((c) => Array.from({ length: d }, (_, i) => [...c, i]));
  return out;
}
/** Plain attack test, written again here: differences per coordinate. */
function sees(piece: string, a: number[], b: number[]): boolean {
  const d = a.map((x, i) => Math.abs(x - b[i])).filter((x) => x !== 0);
  if (d.length === 0) return false;
  const same = d.every((x) => x === d[0]);
  if (piece === "rook") return d.length === 1;
  if (piece === "bishop") return d.length >= 2 && same;
  if (piece === "queen") return same;
  if (piece === "king") return Math.max(...d) === 1;
  return d.length === 2 && d.includes(1) && d.includes(2);
}
/** Is this set a dominating set of the record's kind (size not considered)? */
function validSet(r: DominationRecord, names: string[]): boolean {
  if (new Set(names).size !== names.length) return false;
  const ps = names.map((n) => coords(r.board, n));
  if (ps.some((p) => p.some((x, i) => !(x >= 0 && x < r.board[i])))) return false;
  for (const t of allCoords(r.board)) {
    const ok = ps.some((p) => (p.every((x, i) => x === t[i]) ? r.kind !== "total" : sees(r.piece, p, t)));
    if (!ok) return false;
  }
  if (r.kind === "independent") { for (const a of ps) for (const b of ps) if (a !== b && sees(r.piece, a, b)) return false; }
  if (r.kind === "connected") {
    const reached = new Set([0]);
    for (let grew = true; grew;) {
      grew = false;
      ps.forEach((p, i) => {
        if (!reached.has(i) && [...reached].some((j) => sees(r.piece, ps[j], p))) (reached.add(i), grew = true);
      });
    }
    if (reached.size !== ps.length) return false;
  }
  return true;
}

const failed = (r: DominationRecord, rerun = 0) => checkDominationRecord(r, { rerunBelowSeconds: rerun }).status === "failed";

Deno.test("every record of the table passes, and its witness is a set of its kind by this file's own test", () => {
  assert.ok(table.records.length >= 200);
  for (const r of table.records) {
    const res = checkDominationRecord(r);
    assert.notEqual(res.status, "failed", `${r.id}: ${res.errors.join("; ")}`);
    assert.equal(res.family, "domination");
    assert.equal(res.kind, r.kind);
    assert.deepEqual(res.board, r.board);
    if (r.established.status === "solved") {
      assert.equal(res.status, "proven-here", r.id);
      assert.ok(validSet(r, r.witness!), r.id);
      assert.equal(r.witness!.length, r.established.gamma);
    }
  }
});

const SAMPLE = [
  "domination-queen-8x8",
  "independent-domination-queen-8x8",
  "total-domination-queen-8x8",
  "connected-domination-queen-7x7",
  "domination-knight-8x8",
  "total-domination-king-6x6",
  "domination-bishop-6x6",
  "domination-queen-4x4x4",
  "total-domination-rook-3x3x3",
].map((id) => {
  const r = byId.get(id);
  assert.ok(r, `${id} missing from the table`);
  return r!;
});

Deno.test("a moved witness piece: caught when the set no longer dominates (also when the certificate is changed alike)", () => {
  const rnd = mulberry32(6);
  let rejected = 0;
  let stillValid = 0;
  for (const r of SAMPLE) {
    const squares = allCoords(r.board).map((c) => nameOf(r.board, c));
    for (let trial = 0; trial < 30; trial++) {
      const t = clone(r);
      const i = rnd.int(0, t.witness!.length - 1);
      const free = squares.filter((s) => !t.witness!.includes(s));
      t.witness![i] = rnd.pick(free);
      // Alone: the record no longer matches its certificate.
      assert.ok(failed(t), `${r.id}: moved piece not caught`);
      // Consistently in the certificate too: only coverage can tell.
      t.established.certificate.witness = [...t.witness!];
      if (validSet(r, t.witness!)) {
        stillValid++;
        assert.ok(!failed(t), `${r.id}: ${t.witness} is a valid set of the kind, yet rejected`);
      } else {
        rejected++;
        const res = checkDominationRecord(t);
        assert.equal(res.status, "failed", `${r.id}: ${t.witness} does not dominate, yet passed`);
        assert.ok(res.errors.some((e) => /witness/.test(e)), res.errors.join("; "));
      }
    }
  }
  assert.ok(rejected > 100, `only ${rejected} rejected moves`);
  assert.ok(stillValid >= 0);
});

Deno.test("wrong gamma: caught alone and when record and certificate are changed together", () => {
  for (const r of SAMPLE) {
    const up = clone(r);
    up.established.gamma! += 1;
    assert.ok(failed(up), `${r.id}: gamma+1 in the record`);
    // gamma - 1 everywhere, one witness piece dropped: the set must stop dominating (gamma is the minimum).
    const down = clone(r);
    const e = down.established;
    e.gamma! -= 1;
    e.lower = e.upper = e.gamma;
    down.witness!.pop();
    const c = e.certificate;
    c.gamma = e.gamma;
    c.witness = [...down.witness!];
    c.impossibility!.limit -= 1;
    c.components[0].gamma! -= 1;
    if (e.gamma! >= 1) {
      assert.ok(!validSet(r, down.witness!), `${r.id}: this file's test finds a smaller set`);
      const res = checkDominationRecord(down);
      assert.equal(res.status, "failed", `${r.id}: gamma-1 with a smaller witness passed`);
    }
  }
});

Deno.test("wrong count: caught alone; caught consistently by the certificate or, for cheap cells, by solving again", () => {
  let caughtByRerun = 0;
  for (const r of SAMPLE) {
    if (r.established.count === null) continue;
    const alone = clone(r);
    alone.established.count! += 1;
    assert.ok(failed(alone), `${r.id}: count+1 in the record`);
    const both = clone(r);
    both.established.count! += 1;
    both.established.certificate.count!.value! += 1;
    assert.ok(failed(both), `${r.id}: count+1 in record and certificate (components no longer multiply)`);
    // Consistent everywhere, component counts included: only the re-run can tell.
    const deep = clone(r);
    deep.established.count! += 1;
    deep.established.certificate.count!.value! += 1;
    const comps = deep.established.certificate.components;
    if (comps.length !== 1) continue;
    comps[0].count! += 1;
    const claimed = deep.countClaim;
    if (claimed !== null) deep.established.countAgreesWithClaim = claimed.value === deep.established.count;
    const blind = checkDominationRecord(deep);
    // Without a re-run a consistent count is caught only by the classes bound (classes × group order >= count)
    // or shows as disputed against a published count.
    if (blind.status !== "failed") {
      assert.equal(blind.status, claimed !== null ? "disputed" : "proven-here", `${r.id}: ${blind.errors.join("; ")}`);
    } else assert.ok(blind.errors.some((e) => /cannot hold/.test(e)), blind.errors.join("; "));
    const res = checkDominationRecord(deep, { rerunBelowSeconds: Infinity });
    assert.equal(res.status, "failed", `${r.id}: re-run did not catch the count`);
    assert.ok(res.errors.some((e) => /re-run: count|cannot hold/.test(e)), res.errors.join("; "));
    if (res.errors.some((e) => /re-run: count/.test(e))) caughtByRerun++;
  }
  assert.ok(caughtByRerun >= 3, `${caughtByRerun} caught by the re-run`);
  const classes = clone(byId.get("domination-queen-8x8")!);
  classes.established.classes! += 1;
  classes.established.certificate.count!.classes! += 1;
  assert.ok(failed(classes, Infinity), "classes+1 in record and certificate (caught by solving again)");
});

Deno.test("claim value altered, or a comparison with the claim flipped: caught", () => {
  let claims = 0;
  for (const r of table.records) {
    if (r.claim !== null) {
      claims++;
      const t = clone(r);
      t.claim!.value += 1;
      const res = checkDominationRecord(t);
      assert.equal(res.status, "failed", `${r.id}: claim+1`);
      assert.ok(res.errors.some((e) => /claim/.test(e)));
      const f = clone(r);
      f.established.agreesWithClaim = !f.established.agreesWithClaim;
      assert.ok(failed(f), `${r.id}: agreesWithClaim flipped`);
    }
    if (r.countClaim !== null) {
      const t = clone(r);
      t.countClaim!.value += 1;
      assert.ok(failed(t), `${r.id}: count claim+1`);
      if (t.established.countAgreesWithClaim !== null) {
        const f = clone(r);
        f.established.countAgreesWithClaim = !f.established.countAgreesWithClaim;
        assert.ok(failed(f), `${r.id}: countAgreesWithClaim flipped`);
      }
    }
    if (r.classesClaim !== null && r.established.classesAgreeWithClaim !== null) {
      const f = clone(r);
      f.established.classesAgreeWithClaim = !f.established.classesAgreeWithClaim;
      assert.ok(failed(f), `${r.id}: classesAgreeWithClaim flipped`);
    }
  }
  assert.ok(claims >= 20, `${claims} claims`);
  // A claim dropped, or one added where the literature has none.
  const q8 = clone(byId.get("domination-queen-8x8")!);
  q8.claim = null;
  q8.established.agreesWithClaim = null;
  assert.ok(failed(q8));
  const k8 = clone(byId.get("domination-king-8x8")!);
  k8.claim = { value: 9, bound: "exact", author: null, publication: "invented", year: null };
  k8.established.agreesWithClaim = true;
  assert.ok(failed(k8));
});

Deno.test("other tampering: id, definition, status and board", () => {
  const r = byId.get("domination-queen-8x8")!;
  const cases: [string, (t: DominationRecord) => void][] = [
    ["id", (t) => (t.id = "domination-queen-9x9")],
    ["definition", (t) => (t.definition = "anything")],
    ["status", (t) => (t.established.status = "undecided")],
    ["board", (t) => (t.board = [8, 9])],
    ["kind", (t) => (t.kind = "independent")],
  ];
  for (const [what, f] of cases) {
    const t = clone(r);
    f(t);
    assert.ok(failed(t), what);
  }
});

Deno.test("rook note: closed forms and brute force re-checked; tampering caught", () => {
  const note = rookPlacementsNote({ formulaMaxN: 8, bruteMaxN: 5, codeVersion: "test" });
  // Hand counts: n = 3: C(9,3) = 84 placements; 2·27 − 6 = 48 dominate, 36 fail.
  assert.equal(note.rows[2].failing, "36");
  assert.equal(note.rows[7].placements, String(binomial(64, 8)));
  const ok = rookNoteProblems(note, { bruteMaxN: 5 });
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(ok.rerun, [1, 2, 3, 4, 5]);
  const tamper = (f: (n: typeof note) => void) => {
    const t = structuredClone(note);
    f(t);
    return rookNoteProblems(t, { bruteMaxN: 5 }).errors;
  };
  assert.ok(tamper((t) => (t.rows[4].failing = "46999")).length > 0);
  assert.ok(tamper((t) => (t.rows[4].bruteForce!.failing = "46999")).length > 0);
  assert.ok(tamper((t) => (t.rows[3].bruteForce!.mismatches = "1")).length > 0);
  assert.ok(tamper((t) => (t.rows[7].dominating = "1")).length > 0);
  // Consistent change of a brute-force row (closed form not involved) is caught by the re-run.
  assert.ok(tamper((t) => (t.rows[4].bruteForce!.placements = t.rows[4].placements = "53131")).length > 0);
  assert.ok(tamper((t) => (t.example.rooks[0] = "h8")).length > 0, "example that dominates");
  assert.ok(tamper((t) => (t.example.undominated = ["g8"])).length > 0);
});

Deno.test("the family on a file: a tampered record fails by id, a malformed file is a one-line CliError", async () => {
  const dir = mkdtempSync(join(tmpdir(), "domination-verify-"));
  try {
    const t = structuredClone(table);
    t.records = t.records.filter((r) => r.established.certificate.seconds < 0.01).slice(0, 20);
    const victim = t.records.find((r) => r.established.status === "solved")!;
    victim.established.gamma! += 1;
    const path = join(dir, "table.json");
    writeFileSync(path, JSON.stringify(t));
    const results = await dominationFamily.verify({ files: [path] });
    assert.equal(results.filter((x) => x.id !== "domination-rook-failing-placements").length, 20);
    const bad = results.filter((x) => x.status === "failed").map((x) => x.id);
    assert.deepEqual(bad, [victim.id]);
    writeFileSync(path, JSON.stringify({ ...t, records: [{ id: "x" }] }));
    assert.throws(
      () => loadDominationTable(path),
      (e) => e instanceof CliError && /records\.0/.test(e.message) && !e.message.includes("\n"),
    );
    writeFileSync(path, "{");
    assert.throws(() => loadDominationTable(path), (e) => e instanceof CliError && /not valid JSON/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
