/**
 * The full-tour search (solvers/hopper-tour/full.ts) and its WebAssembly twin
 * (full-kernel.ts): from each canonical start pair, a tour through every
 * square is found exactly when a plain brute force over the recheck.ts move
 * generator (no table, no pruning) finds one from that pair, and the tour
 * found replays; the kernel gives the same node counts and the same tours,
 * also when a node limit stops both; a "full" certificate re-checks, resumes
 * from its partial file, and tampering with it is caught.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { makeBoard } from "../../solvers/board/board.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { parseHurdle, tourTable } from "../../solvers/hopper-tour/table.ts";
import { canonicalRoots, type TourMode } from "../../solvers/hopper-tour/search.ts";
import { fullTourSearch } from "../../solvers/hopper-tour/full.ts";
import { fullTourSearchWasm, stateRules } from "../../solvers/hopper-tour/full-kernel.ts";
import { replayTour } from "../../solvers/hopper-tour/check.ts";
import { bruteLongest, type PlainHopper, plainHurdleMoves, plainJump, type PlainRules } from "../../solvers/hopper-tour/recheck.ts";
import { partialProofPath, proveByTargetSearch } from "../../scripts/families/hopper-tour/lib/target-proof.ts";
import { checkTargetCertificate, loadHopperTourRecords } from "../../scripts/families/hopper-tour/verify.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";
import { seededRandom } from "../../solvers/random.ts";

const HOPPERS: HopperKind[] = ["grasshopper", "rookhopper", "bishophopper", "nightriderhopper"];
const HURDLES = ["rook", "queen", "bishop", "king", "knight", "leaper-0-1", "leaper-1-1"];
const MODES: TourMode[] = ["open", "closed", "cyclic"];

type Sq = [number, number];

/** Is there a tour through every square from this start pair? Every move sequence, nothing cut. */
function bruteFullFrom(r: PlainRules, mode: TourMode, s0: Sq, h0: Sq): boolean {
  const seen = new Uint8Array(r.w * r.h), all = r.w * r.h;
  const id = (s: Sq) => s[1] * r.w + s[0];
  const go = (p: Sq, q: Sq, count: number): boolean => {
    for (const q2 of plainHurdleMoves(r, q, p)) {
      const land = plainJump(r, p, q2);
      if (!land) continue;
      if (land[0] === s0[0] && land[1] === s0[1]) {
        if (count === all && mode === "closed") return true;
        if (count === all && mode === "cyclic" && plainHurdleMoves(r, q2, s0).some((x) => x[0] === h0[0] && x[1] === h0[1])) return true;
        continue;
      }
      if (seen[id(land)]) continue;
      seen[id(land)] = 1;
      const done = count + 1 === all && mode === "open" ? true : go(land, q2, count + 1);
      seen[id(land)] = 0;
      if (done) return true;
    }
    return false;
  };
  const first = plainJump(r, s0, h0);
  if (!first) return false;
  if (all === 2) return mode === "open";
  seen[id(s0)] = seen[id(first)] = 1;
  return go(first, h0, 2);
}

/** Configurations with tours through every square (found by bruteLongest), beside the random ones. */
const FULL: [number, number, PlainHopper, string, TourMode][] = [
  [4, 4, "grasshopper", "queen", "closed"],
  [4, 4, "grasshopper", "king", "cyclic"],
  [4, 5, "grasshopper", "king", "closed"],
  [4, 5, "grasshopper", "rook", "open"],
  [4, 5, "rookhopper", "queen", "open"],
];

Deno.test("from every start pair the full-tour search finds a tour exactly when the brute force does", () => {
  const rng = mulberry32(4099);
  // Beside them, two where rule S cuts what the other rules leave (a mutation of S shows in the counts).
  const cases: [number, number, PlainHopper, string, TourMode][] = [
    ...FULL,
    [4, 4, "rookhopper", "queen", "open"],
    [4, 4, "rookhopper", "king", "open"],
  ];
  for (let k = 0; k < 30; k++) {
    cases.push([rng.int(3, 4), rng.int(3, 4), rng.pick(HOPPERS) as PlainHopper, rng.pick(HURDLES), rng.pick(MODES)]);
  }
  let found = 0, none = 0;
  for (const [w, h, hopper, hurdle, mode] of cases) {
    withInstance(4099, () => `${w}x${h} ${hopper} over ${hurdle} ${mode}`, () => {
      const board = makeBoard([w, h]);
      const t = tourTable(board, hopper, parseHurdle(hurdle));
      for (const root of canonicalRoots(t)) {
        const brute = bruteFullFrom({ w, h, hopper, hurdle }, mode, [root.start % w, Math.floor(root.start / w)], [
          root.hurdle % w,
          Math.floor(root.hurdle / w),
        ]);
        const ts = fullTourSearch(t, mode, root), wasm = fullTourSearchWasm(t, mode, root);
        assert.equal(ts.found !== null, brute, `start pair ${root.start}/${root.hurdle}`);
        assert.deepEqual(wasm, ts, "the kernel walks the same tree");
        assert.equal(ts.complete, true);
        if (ts.found) {
          const replay = replayTour(board, hopper, parseHurdle(hurdle), ts.found, mode);
          assert.ok(!("error" in replay), JSON.stringify(replay));
          assert.equal(replay.value, w * h - 1);
          found++;
        } else none++;
      }
    });
  }
  assert.ok(found >= 10 && none >= 100, `${found} start pairs with a tour, ${none} without`);
});

Deno.test("the kernel's node counts equal the reference's on larger boards, also when a node limit stops both", () => {
  const rng = mulberry32(77);
  let stopped = 0;
  for (let k = 0; k < 24; k++) {
    // Hoppers and hurdles that reach every square often, so that the trees are large.
    const w = rng.int(5, 7), h = rng.int(5, 7);
    const hopper = rng.pick(["grasshopper", "rookhopper", "nightriderhopper"] as HopperKind[]);
    const hurdle = rng.pick(["king", "queen", "rook", "knight"]), mode = rng.pick(MODES);
    withInstance(77, () => `${w}x${h} ${hopper} over ${hurdle} ${mode}`, () => {
      const t = tourTable(makeBoard([w, h]), hopper, parseHurdle(hurdle));
      const roots = canonicalRoots(t);
      if (roots.length === 0) return;
      const root = rng.pick(roots), limit = rng.int(1, 20000);
      const ts = fullTourSearch(t, mode, root, { maxNodes: limit }), wasm = fullTourSearchWasm(t, mode, root, { maxNodes: limit });
      assert.deepEqual(wasm, ts);
      if (!ts.complete) stopped++;
    });
  }
  assert.ok(stopped >= 5, `${stopped} runs stopped by the limit`);
});

Deno.test("the state rules encode exactly the table's steps from every reachable state", () => {
  const t = tourTable(makeBoard([7, 7]), "grasshopper", parseHurdle("king"));
  const n = t.size, root = canonicalRoots(t)[3];
  const rules = stateRules(t, root);
  // Rebuild every step from the rules and compare with the table, state by state.
  for (let st = 0; st < n * n; st++) {
    const c = rules.classOf[st];
    if (c < 0) continue;
    const p = Math.floor(st / n);
    const fromRules: number[] = [];
    for (let r = 0; r < rules.from.length; r++) {
      if (rules.from[r] !== c || ((rules.mask[r] >> BigInt(p)) & 1n) === 0n) continue;
      const q = p + rules.shift[r];
      fromRules.push(q * n + q + rules.offsets[rules.to[r]]);
    }
    const fromTable: number[] = [];
    for (let i = t.stepStart[st]; i < t.stepStart[st + 1]; i++) fromTable.push(t.stepLand[i] * n + t.stepHurdle[i]);
    assert.deepEqual(fromRules.sort((a, b) => a - b), fromTable.sort((a, b) => a - b), `state ${p}/${st % n}`);
  }
  assert.equal(rules.offsets.length, 8, "the grasshopper's hurdle stands next to it: eight classes");
});

Deno.test("a full certificate re-checks, resumes from its partial file, and tampering is caught", () => {
  // 5x5, rookhopper over a queen, cyclic: 23 moves, and no cyclic tour through all 25 squares.
  const spec = { w: 5, h: 5, hopper: "rookhopper" as const, hurdle: "queen" };
  const longest = bruteLongest(spec, "cyclic").longest;
  assert.equal(longest, 23);
  const t = tourTable(makeBoard([5, 5]), "rookhopper", parseHurdle("queen"));
  const dir = mkdtempSync("/tmp/atlas-full-");
  try {
    const lines: string[] = [];
    const partial = { dir, id: "test-cell" };
    const res = proveByTargetSearch(t, "cyclic", longest, 1e7, (l) => lines.push(l), partial);
    assert.ok("maximality" in res);
    const m = res.maximality;
    assert.ok(m.status === "exhaustive" && m.search === "full" && m.perRoot);
    assert.equal(m.perRoot.length, canonicalRoots(t).length);
    // The partial file holds every count; a run cut after two pairs resumes there and ends the same.
    const file = JSON.parse(readFileSync(partialProofPath(dir, "test-cell"), "utf8"));
    assert.deepEqual(file.perRoot, m.perRoot);
    writeFileSync(partialProofPath(dir, "test-cell"), JSON.stringify({ ...file, perRoot: file.perRoot.slice(0, 2) }));
    const again: string[] = [];
    const res2 = proveByTargetSearch(t, "cyclic", longest, 1e7, (l) => again.push(l), partial);
    assert.match(again[0], /resuming after start pair 2 of/);
    assert.equal(again.length, 1 + m.perRoot.length - 2 + 1, "resumed, the pairs left, and the split");
    assert.ok("maximality" in res2 && res2.maximality.status === "exhaustive");
    assert.deepEqual(res2.maximality.perRoot, m.perRoot);
    // A partial file of another value, or of other rules, is not taken; nor is a certificate of other rules.
    writeFileSync(partialProofPath(dir, "test-cell"), JSON.stringify({ ...file, rules: "P S", perRoot: [1] }));
    const older: string[] = [];
    proveByTargetSearch(t, "cyclic", longest, 1e7, (l) => older.push(l), partial);
    assert.match(older[0], /another run/);
    writeFileSync(partialProofPath(dir, "test-cell"), JSON.stringify({ ...file, value: 17, perRoot: [1] }));
    const other: string[] = [];
    proveByTargetSearch(t, "cyclic", longest, 1e7, (l) => other.push(l), partial);
    assert.match(other[0], /another run/);

    const check = (mm: typeof m, value = longest) => {
      const errors: string[] = [];
      checkTargetCertificate(t, "cyclic", value, mm, errors);
      return errors;
    };
    assert.deepEqual(check(m), []);
    assert.match(check({ ...m, rules: "P S" }).join("\n"), /counts are for the rules/);
    const per = m.perRoot;
    const i = per.indexOf(Math.min(...per));
    assert.match(check({ ...m, perRoot: per.map((x, j) => (j === i ? x + 1 : x)), nodes: m.nodes + 1 }).join("\n"), /certificate says/);
    assert.match(check({ ...m, nodes: m.nodes + 3 }).join("\n"), /sum to/);
    // A full certificate's counts passed off as the target search's: its re-searched pairs disagree.
    assert.match(check({ ...m, search: "target" }).join("\n"), /certificate says/);
    // The split: its cheapest pair's subtrees add up, are re-searched, and a changed one is caught.
    const split = m.split!;
    assert.ok(split.counts.length >= 2, "the pair splits into subtrees");
    assert.equal(split.pair, per.indexOf(Math.max(...per)), "the largest pair");
    const j = split.counts.indexOf(Math.max(...split.counts));
    const bent = split.counts.map((x, k) => (k === j ? x + 1 : x));
    const perBent = per.map((x, k) => (k === split.pair ? x + 1 : x));
    assert.match(check({ ...m, perRoot: perBent, nodes: m.nodes + 1, split: { ...split, counts: bent } }).join("\n"), /the split says/);
    assert.match(check({ ...m, split: { ...split, counts: bent } }).join("\n"), /adds up to/);
    assert.match(check({ ...m, split: { ...split, counts: split.counts.slice(1) } }).join("\n"), /nodes at depth/);
    assert.match(check({ ...m, split: { ...split, depth: split.depth + 1 } }).join("\n"), /nodes at depth|adds up to/);
    // A full certificate is only for a value one short of every square.
    assert.match(check(m, longest - 1).join("\n"), /does not visit every square/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("the probe's walks estimate the full search's tree (Knuth), without bias on a small one", () => {
  const t = tourTable(makeBoard([6, 6]), "grasshopper", parseHurdle("king"));
  const root = canonicalRoots(t)[4];
  const exact = fullTourSearchWasm(t, "closed", root).nodes;
  const rand = seededRandom(5);
  let sum = 0;
  const walks = 2000;
  for (let w = 0; w < walks; w++) {
    const r = fullTourSearch(t, "closed", root, { probe: rand });
    assert.ok(r.nodes < 40, "a probe walks one path");
    sum += r.estimate!;
  }
  const mean = sum / walks;
  assert.ok(Math.abs(mean - exact) / exact < 0.25, `estimate ${mean.toFixed(0)} against ${exact} nodes`);
});

Deno.test("a search split at a depth adds up: nodes above plus every subtree, on the reference and on the kernel", () => {
  // A tree of 271,675 nodes (grasshopper over a king, 6x6 closed, pair 4) and random small ones.
  const cases: [number, number, HopperKind, string, TourMode, number][] = [[6, 6, "grasshopper", "king", "closed", 4]];
  const rng = mulberry32(31);
  for (let k = 0; k < 10; k++) {
    cases.push([
      rng.int(4, 6),
      rng.int(4, 6),
      rng.pick(["grasshopper", "rookhopper", "nightriderhopper"] as HopperKind[]),
      rng.pick(["king", "queen", "rook", "knight"]),
      rng.pick(MODES),
      rng.int(0, 3),
    ]);
  }
  let splits = 0;
  for (const [w, h, hopper, hurdle, mode, pair] of cases) {
    withInstance(31, () => `${w}x${h} ${hopper} over ${hurdle} ${mode} pair ${pair}`, () => {
      const t = tourTable(makeBoard([w, h]), hopper, parseHurdle(hurdle));
      const root = canonicalRoots(t)[pair];
      if (!root) return;
      const whole = fullTourSearchWasm(t, mode, root, { maxNodes: 5e5 });
      if (!whole.complete || whole.found) return;
      for (const depth of [2, 4]) {
        const run = fullTourSearch(t, mode, root, { splitDepth: depth });
        let sum = run.nodes;
        for (const [k, prefix] of run.frontier!.entries()) {
          const b = fullTourSearchWasm(t, mode, root, { prefix });
          // The reference on a few small subtrees (it is the slower of the two).
          if (k < 3 && b.nodes < 20000) assert.deepEqual(fullTourSearch(t, mode, root, { prefix }), b);
          sum += b.nodes;
        }
        assert.equal(sum, whole.nodes, `depth ${depth}`);
        if (run.frontier!.length > 1) splits++;
      }
    });
  }
  assert.ok(splits >= 3, `${splits} searches split into several subtrees`);
  // A prefix that is not a way from the start pair is refused.
  const t = tourTable(makeBoard([5, 5]), "grasshopper", parseHurdle("king"));
  const root = canonicalRoots(t)[0];
  const first = fullTourSearch(t, "closed", root, { splitDepth: 3 }).frontier![0];
  assert.throws(() => fullTourSearch(t, "closed", root, { prefix: { ...first, squares: [...first.squares].reverse() } }), /prefix/);
  assert.throws(() => fullTourSearchWasm(t, "closed", root, { prefix: { squares: first.squares, hurdles: [] } }), /prefix/);
});

Deno.test("every target and full certificate in the records re-checks (the cheapest pair or subtree)", () => {
  const records = loadHopperTourRecords(familyPaths("hopper-tour").records);
  let checked = 0;
  for (const r of records) {
    const m = r.established.maximality;
    if (m.status !== "exhaustive" || !m.search) continue;
    const t = tourTable(makeBoard(r.board), r.hopper, parseHurdle(r.hurdle));
    const value = r.established.regenerated!.value;
    const errors: string[] = [];
    checkTargetCertificate(t, r.kind, value, m, errors, 1);
    assert.deepEqual(errors, [], r.id);
    checked++;
  }
  assert.ok(checked >= 5, `${checked} certificates`);
});
