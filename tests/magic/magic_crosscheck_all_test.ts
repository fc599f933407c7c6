import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  checkPrefix,
  completePrefix,
  countedEnds,
  shardPrefixes,
  type ShardRecord,
} from "../../scripts/families/magic/extra/crosscheck-all.ts";
import { squareSymmetries } from "../../solvers/magic/crosscheck.ts";
import { completeUnit, type EnumerationSpec, listPrefixes, makeSearch } from "../../solvers/magic/enumerate.ts";
import { canonicalStarts } from "../../solvers/magic/reduce.ts";
import { numbersOfPath, pathOfNumbers } from "../../solvers/magic/check.ts";

/** The engine's tours below one prefix, as joined numbered boards. */
function engineTours(e: EnumerationSpec, prefixes: Int8Array, i: number): string[] {
  const out: string[] = [];
  completeUnit(e, prefixes, i, makeSearch(e), (sq) => void out.push(numbersOfPath(e.n * e.n, sq).join(",")));
  return out.sort();
}

function ourTours(n: number, prefix: ArrayLike<number>): string[] {
  const out: string[] = [];
  completePrefix(n, prefix, (b) => void out.push(b.join(",")));
  return out.sort();
}

Deno.test("6x6: the independent completion agrees with the engine on a slice of the depth-6 prefixes", () => {
  const e: EnumerationSpec = { n: 6, mode: "all", depth: 6 };
  const prefixes = listPrefixes(e);
  const P = prefixes.length / e.depth;
  for (let i = 0; i < P; i += 41) {
    assert.deepEqual(ourTours(6, prefixes.subarray(i * 6, i * 6 + 6)), engineTours(e, prefixes, i), `prefix ${i}`);
  }
});

// Deep prefixes of a stored 8x8 semimagic tour, oriented as the enumeration
// counts it (canonical start, counted end), so both searches must find it.
function orientedTours(): number[][] {
  const records = JSON.parse(readFileSync("data/magic/records.json", "utf8")).records as { numbers: number[] }[];
  const starts = new Set(canonicalStarts(8, 8));
  const out: number[][] = [];
  for (const r of records) {
    for (const m of squareSymmetries(8)) {
      for (const rev of [false, true]) {
        const img = new Array<number>(64);
        for (let s = 0; s < 64; s++) img[m[s]] = rev ? 65 - r.numbers[s] : r.numbers[s];
        const path = pathOfNumbers(img);
        if (starts.has(path[0]) && countedEnds(8, path[0])[path[63]]) out.push(path);
      }
    }
  }
  return out;
}

Deno.test("8x8: on deep prefixes of known tours both searches find the same tours, the known one among them", () => {
  const paths = orientedTours();
  assert.ok(paths.length >= 2, "expected oriented images of the stored tours");
  let total = 0;
  for (const path of paths.slice(0, 6)) {
    const depth = 20;
    const e: EnumerationSpec = { n: 8, mode: "all", depth };
    const prefixes = Int8Array.from(path.slice(0, depth));
    const ours = ourTours(8, prefixes);
    assert.deepEqual(ours, engineTours(e, prefixes, 0));
    assert.ok(ours.includes(numbersOfPath(64, path).join(",")));
    total += ours.length;
  }
  assert.ok(total >= paths.slice(0, 6).length, `${total} tours`);
  console.log(`${total} tours below ${paths.slice(0, 6).length} depth-20 prefixes`);
});

Deno.test("a tampered shard outcome is caught", () => {
  const path = orientedTours()[0];
  const depth = 34;
  const e: EnumerationSpec = { n: 8, mode: "all", depth };
  const prefixes = Int8Array.from(path.slice(0, depth));
  const tours = engineTours(e, prefixes, 0).map((t) => t.split(",").map(Number));
  const honest: ShardRecord = { shard: { index: 0, count: 1 }, solutions: tours.length, tours };
  assert.equal(checkPrefix(8, prefixes, depth, 0, honest).agree, true);
  // A tour dropped (count kept consistent), a count that does not match the list, a forged extra tour.
  const dropped: ShardRecord = { ...honest, solutions: tours.length - 1, tours: tours.slice(1) };
  const miscounted: ShardRecord = { ...honest, solutions: tours.length + 1 };
  const forged = tours[0].slice();
  [forged[path[62]], forged[path[63]]] = [forged[path[63]], forged[path[62]]];
  const extra: ShardRecord = { ...honest, solutions: tours.length + 1, tours: [...tours, forged] };
  for (const bad of [dropped, miscounted, extra]) {
    const r = checkPrefix(8, prefixes, depth, 0, bad);
    assert.equal(r.agree, false);
    assert.ok(r.why);
  }
  // A search stopped at the node cap claims nothing (neither agreement nor the reverse).
  const capped = checkPrefix(8, prefixes, depth, 0, honest, 5);
  assert.equal(capped.finished, false);
  assert.equal(capped.agree, false);
  assert.equal(completePrefix(8, prefixes, undefined, 5).finished, false);
  assert.equal(completePrefix(8, prefixes).finished, true);
  // A prefix that is not a knight path is refused, not counted as empty.
  assert.throws(() => completePrefix(8, [0, 1]));
});

Deno.test("shardPrefixes lists prefix j in shard j mod N", () => {
  const got = shardPrefixes(100, 3, 16);
  assert.deepEqual(got, [3, 19, 35, 51, 67, 83, 99]);
});
