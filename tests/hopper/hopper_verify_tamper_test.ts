/**
 * The hopper verifier (solvers/hopper/check.ts) accepts a correct record and
 * catches tampering: a moved hurdle, a changed value, a changed target, a
 * shortened path, a claim that disagrees without a dispute, a dispute that no
 * longer holds, and certificates that do not cover their space. The records
 * are built here from our searches on small hurdle counts (the values are
 * then checked against the booklet's table, data independent of our code),
 * and the committed data file must verify without failures.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { hopper } from "../../solvers/pieces/hopper.ts";
import { exhaustive } from "../../solvers/hopper/search.ts";
import { occupancy, shortestPaths } from "../../solvers/hopper/serienziel.ts";
import { checkHopperRecord } from "../../solvers/hopper/check.ts";
import { type HopperRecord, HopperRecordFile, type SerienZielCertificate } from "../../solvers/hopper/schema.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const B = makeBoard([8, 8]);
const n = (s: number) => squareName(B, s);

function grasshopperRecord(k: number, column: "longest" | "dual-free"): { rec: HopperRecord; cert: SerienZielCertificate } {
  const r = exhaustive("grasshopper", B, k);
  const p = column === "longest" ? r.longest! : r.dualFree!;
  const target = column === "longest" ? p.longestTarget : p.dualFreeTarget;
  const value = column === "longest" ? p.longest : p.dualFree;
  const path = shortestPaths(hopper("grasshopper").rays(B), p.start, occupancy(B, p.hurdles), target, 1)[0];
  const pos = (q: typeof p, v: number, t?: number) => ({
    start: n(q.start),
    hurdles: q.hurdles.map(n),
    value: v,
    ...(t !== undefined ? { target: n(t) } : {}),
  });
  const cert: SerienZielCertificate = {
    format: "hopper-serienziel-exhaustive/1",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: k,
    statement: "test",
    starts: r.starts.map((s) => ({ start: n(s.start), positions: s.positions })),
    positions: r.positions,
    longest: pos(r.longest!, r.longest!.longest, r.longest!.longestTarget),
    dualFree: pos(r.dualFree!, r.dualFree!.dualFree, r.dualFree!.dualFreeTarget),
    reach: pos(r.reach!, r.reach!.reached),
    codeVersion: "test",
    cpuSeconds: 0,
    date: "2026-01-01",
  };
  const rec: HopperRecord = {
    id: `grasshopper-8x8-serienziel-h${k}-${column}`,
    family: "hopper",
    kind: column === "longest" ? "serienziel-longest" : "serienziel-dual-free",
    piece: "grasshopper",
    board: [8, 8],
    hurdles: k,
    claim: { author: "Václav Kotěšovec", publication: "booklet", year: 2009, value, status: "absolute" },
    witness: {
      start: n(p.start),
      hurdles: p.hurdles.map(n),
      target: n(target),
      moves: path.map((h) => n(h.to)),
      origin: "generated",
      method: "test",
    },
    established: { value, regenerated: true, proof: { certificate: "cert.json", maximum: value } },
  };
  return { rec, cert };
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

Deno.test("a correct SerienZiel record verifies and matches the booklet's values for 2 and 3 hurdles", () => {
  for (const [k, claimed] of [[2, 6], [3, 13]] as const) {
    for (const column of ["longest", "dual-free"] as const) {
      const { rec, cert } = grasshopperRecord(k, column);
      assert.equal(rec.established.value, claimed); // booklet table, p. 59
      const res = checkHopperRecord(rec, { readCertificate: () => clone(cert) });
      assert.deepEqual(res.errors, []);
      assert.equal(res.status, "proven-here");
      if (column === "dual-free") assert.equal(res.solutions, 1);
    }
  }
});

Deno.test("tampering with a SerienZiel record is caught", () => {
  const { rec, cert } = grasshopperRecord(3, "dual-free");
  const read = () => clone(cert);
  const fails = (r: HopperRecord, what: string, readCert: (p: string) => unknown = read) => {
    const res = checkHopperRecord(r, { readCertificate: readCert });
    assert.equal(res.ok, false, `${what} was not caught`);
    assert.equal(res.status, "failed", what);
  };
  // A hurdle moved to each other free square: either the value or the path breaks.
  let caught = 0, tried = 0;
  for (let s = 0; s < 64; s++) {
    const name = n(s);
    if (rec.witness!.hurdles.includes(name) || name === rec.witness!.start) continue;
    const t = clone(rec);
    t.witness!.hurdles[0] = name;
    tried++;
    if (!checkHopperRecord(t, { readCertificate: read }).ok) caught++;
  }
  assert.equal(caught, tried, "every moved hurdle must be caught");
  const v = clone(rec);
  v.established.value = 12;
  fails(v, "changed value");
  const t = clone(rec);
  t.witness!.target = t.witness!.moves![0];
  fails(t, "changed target");
  const p = clone(rec);
  p.witness!.moves!.pop();
  fails(p, "shortened path");
  const c = clone(rec);
  c.claim!.value = 14;
  fails(c, "claim above the proven maximum without a dispute");
  const d = clone(c);
  d.dispute = { check: "maximum", explanation: "test" };
  d.established.regenerated = false;
  assert.equal(checkHopperRecord(d, { readCertificate: read }).status, "disputed");
  const stale = clone(rec);
  stale.dispute = { check: "maximum", explanation: "no longer true" };
  fails(stale, "stale dispute");
  fails(rec, "missing certificate", () => undefined);
  fails(rec, "certificate covering fewer positions", () => ({ ...clone(cert), positions: cert.positions - 1 }));
  fails(rec, "certificate with a start dropped", () => ({ ...clone(cert), starts: cert.starts.slice(1) }));
  fails(rec, "certificate with a higher maximum", () => {
    const x = clone(cert);
    x.dualFree.value++;
    return x;
  });
  const h = clone(rec);
  h.hurdles = 4;
  fails(h, "hurdle count");
});

Deno.test("the committed hopper records verify without failures", () => {
  const path = join(ROOT, "data", "hopper", "records.json");
  if (!existsSync(path)) return;
  const file = HopperRecordFile.parse(JSON.parse(readFileSync(path, "utf8")));
  assert.ok(file.records.length >= 176);
  const read = (rel: string) => {
    const p = join(ROOT, rel);
    return existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : undefined;
  };
  for (const r of file.records) {
    const res = checkHopperRecord(r, { readCertificate: read });
    assert.deepEqual(res.errors, [], r.id);
  }
});

Deno.test("a certificate with mirror pieces (nightriderhopper 12) checks out, and its coverage is still checked", () => {
  const file = HopperRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "hopper", "records.json"), "utf8")));
  const rec = file.records.find((r) => r.id === "nightriderhopper-8x8-serienziel-h12-longest")!;
  const cert = JSON.parse(readFileSync(join(ROOT, rec.established.proof!.certificate), "utf8")) as SerienZielCertificate;
  assert.ok(cert.starts.some((s) => (s.mirrored ?? 0) > 0), "the certificate names mirror pieces");
  assert.equal(checkHopperRecord(rec, { readCertificate: () => structuredClone(cert) }).ok, true);
  const short = structuredClone(cert);
  short.starts[1].positions -= 1;
  assert.match(checkHopperRecord(rec, { readCertificate: () => short }).errors.join("; "), /starts or position counts differ/);
});
