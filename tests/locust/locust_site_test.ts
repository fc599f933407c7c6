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
