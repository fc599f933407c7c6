/**
 * The hopper adapter of the site: a tour's status line speaks of a tour
 * replayed move by move (not of the SerienZiel's breadth-first search), and
 * the tours' notes, which carry what our enumerations covered (the Dawson
 * open tour's second position, the 10-hurdle run), reach the page.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hopperAdapter } from "../../site/families/hopper.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const file = JSON.parse(readFileSync(join(ROOT, "data", "hopper", "records.json"), "utf8"));

Deno.test("hopper entries: tours are described as tours, in both languages, with their notes", () => {
  const byId = new Map(hopperAdapter.entries().map((e) => [e.id, e]));
  let tours = 0;
  for (const r of file.records) {
    const e = byId.get(r.id);
    assert.ok(e, r.id);
    const first = e.established[0];
    const isTour = r.kind === "tour-open" || r.kind === "tour-closed";
    if (isTour && r.established.value !== null) {
      tours++;
      assert.match(
        first.en,
        new RegExp(`^Our witness is an? ${r.kind === "tour-open" ? "open" : "closed"} tour of ${r.established.value} moves`),
        r.id,
      );
      assert.match(
        first.cs,
        new RegExp(`${r.kind === "tour-open" ? "otevřenou" : "uzavřenou"} cestu o ${r.established.value} tazích`),
        r.id,
      );
      assert.deepEqual(e.notes?.map((n) => n.text), r.notes ?? [], r.id);
    } else {
      assert.doesNotMatch(first.en, /tour of/, r.id);
      if (!isTour) assert.deepEqual(e.notes ?? [], [], r.id);
    }
  }
  assert.ok(tours >= 2, "the open and the closed Dawson tours have witnesses");
  const dawson = byId.get("grasshopper-8x8-tour-open-h11")!;
  assert.ok(dawson.notes!.some((n) => /10 hurdles/.test(n.text)), "the 10-hurdle run is on the page");
});
