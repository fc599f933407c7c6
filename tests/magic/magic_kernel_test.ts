/**
 * The compiled magic kernel (solvers/wasm/assembly/magic.ts through
 * solvers/magic/kernel.ts) against its TypeScript twin (MagicSearch.complete)
 * and against a plain brute force: on random small boards, line sets, rule
 * sets and allowed last squares, from every start and from random deeper
 * states, the kernel must report the same nodes, the same tours in the same
 * order, and stop where the engine stops; on prefixes of the 8x8
 * enumeration, the same nodes and tours.
 */
import assert from "node:assert/strict";
import { diagonalLines, type MagicLine, type MagicRules, MagicSearch, rowColumnLines, semimagicLines } from "../../solvers/magic/engine.ts";
import { MagicKernel } from "../../solvers/magic/kernel.ts";
import { numbersOfPath } from "../../solvers/magic/check.ts";
import { ENUMERATION_RULES, makeSearch, seededRandom } from "../../solvers/magic/enumerate.ts";
import { passingChildren, sampleStates } from "../../solvers/magic/sample.ts";
import { allowedEnds, canonicalStarts } from "../../solvers/magic/reduce.ts";
import { plainTours, sumsOk } from "../helpers/magic-plain.ts";

const RULE_NAMES = ["gap", "reach", "end", "forced", "three"] as const;

function randomRules(rand: () => number): MagicRules {
  return Object.fromEntries(RULE_NAMES.map((k) => [k, rand() < 0.6])) as MagicRules;
}

/** Lines with the sums of a given tour: some rows and columns (and diagonals), plus random square sets. */
function linesOf(w: number, h: number, tour: number[], rand: () => number, density = 0.6, extra = 2): MagicLine[] {
  const num = numbersOfPath(w * h, tour);
  const all = rowColumnLines(w, h, 0, 0);
  if (w === h) all.push(...diagonalLines(w, 0));
  const chosen = all.filter(() => rand() < density);
  for (let k = 0; k < extra; k++) {
    const squares = [...Array(w * h).keys()].filter(() => rand() < 0.25);
    if (squares.length) chosen.push({ squares, target: 0 });
  }
  return chosen.map((l) => ({ squares: l.squares, target: l.squares.reduce((a, s) => a + num[s], 0) }));
}

/** Complete the engine's current state both ways: tours (in order) and nodes. */
function both(search: MagicSearch, kernel: MagicKernel, nodeLimit?: number) {
  const a: string[] = [], b: string[] = [];
  const ra = search.complete((p) => void a.push(p.join(",")), { nodeLimit });
  const stoppedA = search.stopped;
  const rb = kernel.complete((p) => void b.push(p.join(",")), { nodeLimit });
  return { ts: { ...ra, tours: a, stopped: stoppedA }, wasm: { ...rb, tours: b, stopped: kernel.stopped } };
}

Deno.test("kernel equals the engine and the brute force on random boards, lines, rules and allowed ends", () => {
  const rand = seededRandom(2026);
  let cases = 0, withTours = 0;
  for (const [w, h] of [[4, 5], [3, 8], [5, 5], [3, 7]]) {
    const tours = plainTours(w, h), N = w * h;
    for (let trial = 0; trial < 8; trial++) {
      const lines = linesOf(w, h, tours[Math.floor(rand() * tours.length)], rand);
      const rules = randomRules(rand);
      const search = new MagicSearch({ width: w, height: h, lines, rules, connectivity: false });
      const kernel = new MagicKernel(search);
      const pattern = Math.floor(rand() * 4);
      const found: string[] = [];
      for (let s = 0; s < N; s++) {
        const allowed = pattern === 0
          ? null
          : Uint8Array.from({ length: N }, (_, e) => (e !== s && (e * 7 + s) % (pattern + 1) !== 0 ? 1 : 0));
        if (search.start(s, allowed)) {
          const r = both(search, kernel);
          assert.equal(r.wasm.nodes, r.ts.nodes, `${w}x${h} trial ${trial} start ${s}: nodes`);
          assert.deepEqual(r.wasm.tours, r.ts.tours, `${w}x${h} trial ${trial} start ${s}: tours`);
          assert.equal(r.wasm.solutions, r.ts.tours.length);
          found.push(...r.wasm.tours);
          cases++;
        }
        search.clear();
      }
      const ok = (t: number[]) => pattern === 0 || (t[N - 1] !== t[0] && (t[N - 1] * 7 + t[0]) % (pattern + 1) !== 0);
      const expected = tours.filter((t) => sumsOk(t, lines) && ok(t)).map((t) => t.join(",")).sort();
      assert.deepEqual(found.sort(), expected, `${w}x${h} trial ${trial}: the brute force's tours`);
      if (expected.length) withTours++;
    }
  }
  assert(cases > 100 && withTours > 20, `${cases} cases, ${withTours} with tours`);
});

Deno.test("kernel equals the engine from random deeper states, with node limits and early stops", () => {
  const rand = seededRandom(99);
  const tours = plainTours(5, 5);
  let limited = 0;
  const kids = new Int32Array(16);
  for (let trial = 0; trial < 60; trial++) {
    // Every third trial on 6x6 with every row and column summing to 111 (big trees, for the node limits).
    const n = trial % 3 === 0 ? 6 : 5;
    const lines = n === 6 ? semimagicLines(6) : linesOf(5, 5, tours[Math.floor(rand() * tours.length)], rand, 0.3, trial % 2);
    const search = new MagicSearch({ width: n, height: n, lines, rules: randomRules(rand), connectivity: false });
    const kernel = new MagicKernel(search);
    // Half the trials with the reduction's allowed ends (from a canonical start), half with any end.
    const starts = canonicalStarts(n, n), reduced = trial % 2 === 0;
    const start = reduced ? starts[Math.floor(rand() * starts.length)] : Math.floor(rand() * n * n);
    let ok = search.start(start, reduced ? allowedEnds(n, n, start) : null);
    // Walk a few random passing steps down.
    for (let d = 0, depth = Math.floor(rand() * (n === 6 ? 14 : 8)); ok && d < depth; d++) {
      const m = passingChildren(search, kids);
      if (m === 0) break;
      ok = search.place(kids[Math.floor(rand() * m)]);
    }
    if (ok) {
      const full = both(search, kernel);
      assert.equal(full.wasm.nodes, full.ts.nodes);
      assert.deepEqual(full.wasm.tours, full.ts.tours);
      // The engine's state is untouched: completing again gives the same answer.
      assert.deepEqual(kernel.complete().nodes, full.ts.nodes);
      const limit = Math.floor(full.ts.nodes / 2);
      if (limit > 0) {
        const half = both(search, kernel, limit);
        assert.equal(half.wasm.nodes, half.ts.nodes, "node limit");
        assert.equal(half.wasm.stopped, half.ts.stopped, `stopped: ${JSON.stringify(half)}`);
        if (half.ts.stopped) {
          assert(half.wasm.nodes < full.ts.nodes);
          limited++;
        }
      }
      if (full.ts.tours.length > 1) {
        let seen = 0;
        const r = kernel.complete(() => ++seen === 1);
        assert.equal(r.solutions, 1);
        assert.equal(kernel.stopped, true);
      }
    }
    search.clear();
  }
  assert(limited >= 10, `${limited} states cut by a node limit`);
});

Deno.test("kernel equals the engine on states of the 8x8 enumeration", () => {
  const e = { n: 8, mode: "all" as const, depth: 10 };
  const search = makeSearch(e, ENUMERATION_RULES);
  const states = sampleStates(e, 10, 19, 5, search);
  const kernel = new MagicKernel(search);
  let compared = 0;
  for (const st of states) {
    if (!st.path.length) continue;
    let ok = search.start(st.path[0], allowedEnds(8, 8, st.path[0]));
    for (let j = 1; j < st.path.length && ok; j++) ok = search.place(st.path[j]);
    if (ok) {
      const r = both(search, kernel);
      assert.equal(r.wasm.nodes, r.ts.nodes, st.path.join(","));
      assert.deepEqual(r.wasm.tours, r.ts.tours);
      compared++;
    }
    search.clear();
  }
  assert(compared >= 5, `${compared} states compared`);
});

Deno.test("kernel refuses what it does not implement", () => {
  const lines = rowColumnLines(4, 4, 34, 34);
  assert.throws(() => new MagicKernel(new MagicSearch({ width: 4, height: 4, lines, mode: "central" })), /path mode/);
  assert.throws(
    () => new MagicKernel(new MagicSearch({ width: 4, height: 4, lines, connectivity: { minOpen: 1, maxOpen: 16 } })),
    /rule C/,
  );
  assert.throws(() => new MagicKernel(new MagicSearch({ width: 9, height: 8, lines: [] })), /64 squares/);
  const search = new MagicSearch({ width: 4, height: 4, lines });
  assert.throws(() => new MagicKernel(search).complete(), /start placed/);
});

Deno.test("kernel loads and runs in a worker with the same counts", async () => {
  const tours = plainTours(5, 5);
  const num = numbersOfPath(25, tours[7]);
  const targets = rowColumnLines(5, 5, 0, 0).map((l) => l.squares.reduce((a, q) => a + num[q], 0));
  const start = tours[7][0];
  const search = new MagicSearch({
    width: 5,
    height: 5,
    lines: rowColumnLines(5, 5, 0, 0).map((l, i) => ({ ...l, target: targets[i] })),
    connectivity: false,
  });
  assert.ok(search.start(start));
  const here = search.complete();
  assert.ok(here.solutions >= 1, "the tour the targets come from is found");
  const worker = new Worker(new URL("../helpers/magic-kernel-worker.ts", import.meta.url), { type: "module" });
  try {
    const there = await new Promise<{ nodes: number; solutions: number }>((resolve, reject) => {
      worker.onmessage = (ev) => resolve(ev.data);
      worker.onerror = (ev) => reject(new Error(ev.message));
      worker.postMessage({ targets, start });
    });
    assert.deepEqual(there, here);
  } finally {
    worker.terminate();
  }
});
