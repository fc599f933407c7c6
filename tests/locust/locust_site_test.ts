/**
 * The locust adapter's maximality line in Czech says what the certificate
 * proves: an "exists" certificate that no position with one man more has any
 * complete sequence, a "closed-unique" one only that none has exactly one
 * closed sequence (the rook-locust's 39-man positions with complete sequences
 * exist: its longest is 39), with the bound that rules out more men.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { locustAdapter } from "../../site/families/locust.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const file = JSON.parse(readFileSync(join(ROOT, "data", "locust", "records.json"), "utf8"));

Deno.test("locust entries: the Czech maximality line matches the kind of certificate", () => {
  const byId = new Map(locustAdapter.entries().map((e) => [e.id, e]));
  let closed = 0, exists = 0;
  for (const r of file.records) {
    const m = r.established.maximality;
    if (m.status !== "proven-here") continue;
    const line = byId.get(r.id)!.established.find((l) => l.en.startsWith("Maximality proven here"));
    assert.ok(line, r.id);
    if (m.certificate.includes("-closed-unique-")) {
      closed++;
      const men = r.established.regenerated.value + 1;
      assert.match(
        line.cs,
        new RegExp(`žádná pozice s ${men} kameny nemá právě jednu úplnou posloupnost braní, která se vrací na výchozí pole`),
        r.id,
      );
      assert.match(line.cs, new RegExp(`nepřesáhne ${men - 1}\\.$`), r.id);
      assert.doesNotMatch(line.cs, /o jeden kámen více nemá úplnou posloupnost/, r.id);
    } else {
      exists++;
      assert.match(line.cs, /žádná pozice s o jeden kámen více nemá úplnou posloupnost braní/, r.id);
    }
  }
  assert.ok(closed >= 1 && exists >= 1, `closed-unique ${closed}, exists ${exists}`);
});

Deno.test("locust entries: the solution shown is cited only when it is the published position", () => {
  const byId = new Map(locustAdapter.entries().map((e) => [e.id, e]));
  let credited = 0, ours = 0;
  for (const r of file.records) {
    const e = byId.get(r.id)!;
    if (r.witness?.origin === "published") {
      credited++;
      assert.equal(e.witnessCitation?.publication, r.witness.citation.publication, r.id);
      assert.match(e.witnessCitation!.publication!, /Application of Graph Theory in Chess Problems.*, No\. \d+/, r.id);
      assert.equal(e.witnessCitation?.year, 2009, r.id);
      assert.ok(
        e.statusNotes?.some((n) => n.en.startsWith(`The position shown is No. `) && n.cs.startsWith("Zobrazená pozice je č. ")),
        r.id,
      );
    } else if (r.witness) {
      ours++;
      assert.equal(e.witnessCitation, null, `${r.id}: our search's witness is not the publication's`);
      if (r.published) {
        const own = e.statusNotes?.find((n) => n.en.startsWith("The booklet prints a position of its own"));
        assert.ok(own, r.id);
        assert.ok(own.en.includes(`from ${r.published.start}, first capture ${r.published.firstMove.capture}`), r.id);
        assert.ok(own.cs.includes(`z pole ${r.published.start}, první braní ${r.published.firstMove.capture}`), r.id);
      }
    }
    for (const n of e.statusNotes ?? []) assert.doesNotMatch(`${n.en} ${n.cs}`, /data\/locust|solvers\/|scripts\//, r.id);
  }
  assert.ok(credited >= 3 && ours >= 6, `credited ${credited}, ours ${ours}`);
});
