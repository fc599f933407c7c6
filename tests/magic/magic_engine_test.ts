/**
 * Differential tests of the magic-tour engine (solvers/magic/engine.ts): on
 * boards small enough for a plain search — every knight's tour by bare
 * backtracking, then filtered by the line sums — the pruned engine must find
 * exactly the same tours. Targets are taken from random tours of the plain
 * list (so the expected set is never empty) or are symmetric line sets.
 */
import assert from "node:assert/strict";
import {
  diagonalLines,
  extremeSums,
  type MagicLine,
  type MagicRules,
  MagicSearch,
  NO_RULES,
  rowColumnLines,
} from "../../solvers/magic/engine.ts";
import { allowedEnds, canonicalStarts } from "../../solvers/magic/reduce.ts";
import { canonicalForm, checkMagicTour, numbersOfPath } from "../../solvers/magic/check.ts";
import { seededRandom } from "../../solvers/magic/enumerate.ts";
import { knightNeighbours, plainTours, sumsOk } from "../helpers/magic-plain.ts";

/** Every closed tour symmetric under the half turn (k+N/2 on the antipode of k), numbered from each square. */
function plainCentralTours(w: number, h: number): number[][] {
  const N = w * h, H = N / 2, nb = knightNeighbours(w, h), seen = new Uint8Array(N), path: number[] = [], out: number[][] = [];
  const anti = (s: number) => (w - 1 - (s % w)) + (h - 1 - Math.floor(s / w)) * w;
  const go = (s: number) => {
    seen[s] = 1;
    seen[anti(s)] = 1;
    path.push(s);
    if (path.length === H) {
      if (nb[s].includes(anti(path[0]))) out.push([...path, ...path.map(anti)]);
    } else for (const u of nb[s]) if (!seen[u]) go(u);
    path.pop();
    seen[s] = 0;
    seen[anti(s)] = 0;
  };
  for (let s = 0; s < N; s++) go(s);
  return out;
}

function engineTours(
  w: number,
  h: number,
  lines: MagicLine[],
  mode: "path" | "central",
  connectivity: boolean,
  rules?: MagicRules,
): string[] {
  const N = w * h;
  const search = new MagicSearch({
    width: w,
    height: h,
    lines,
    mode,
    rules,
    connectivity: connectivity ? { minOpen: 2, maxOpen: N } : false,
  });
  const found: string[] = [];
  for (let s = 0; s < N; s++) {
    if (search.start(s)) search.complete((p) => void found.push(Array.from(p).join(",")));
    search.clear();
  }
  return found.sort();
}

/** Lines whose targets are those of a given tour: some rows, some columns, maybe a diagonal. */
function linesOf(w: number, h: number, tour: number[], rand: () => number): MagicLine[] {
  const num = numbersOfPath(w * h, tour);
  const all = rowColumnLines(w, h, 0, 0);
  if (w === h) all.push(...diagonalLines(w, 0));
  const chosen = all.filter(() => rand() < 0.6);
  return chosen.map((l) => ({ squares: l.squares, target: l.squares.reduce((a, s) => a + num[s], 0) }));
}

const cache = new Map<string, number[][]>();
function toursOf(w: number, h: number, central: boolean): number[][] {
  const key = `${w}x${h}${central ? "c" : ""}`;
  if (!cache.has(key)) cache.set(key, central ? plainCentralTours(w, h) : plainTours(w, h));
  return cache.get(key)!;
}

Deno.test("engine finds exactly the tours of a plain search with the same line sums (path mode)", () => {
  const rand = seededRandom(7);
  for (const [w, h] of [[5, 5], [4, 5], [3, 7], [3, 8]]) {
    const tours = toursOf(w, h, false);
    assert(tours.length > 0, `${w}x${h} has tours`);
    for (let trial = 0; trial < 6; trial++) {
      const lines = linesOf(w, h, tours[Math.floor(rand() * tours.length)], rand);
      const expected = tours.filter((t) => sumsOk(t, lines)).map((t) => t.join(",")).sort();
      assert(expected.length > 0);
      const got = engineTours(w, h, lines, "path", trial % 2 === 0);
      assert.deepEqual(got, expected, `${w}x${h} trial ${trial}: ${lines.length} lines`);
    }
  }
});

Deno.test("engine with no lines finds every tour (dead-end and connectivity rules alone lose nothing)", () => {
  for (const [w, h] of [[5, 5], [3, 7]]) {
    const expected = toursOf(w, h, false).map((t) => t.join(",")).sort();
    assert.deepEqual(engineTours(w, h, [], "path", true), expected);
    assert.deepEqual(engineTours(w, h, [], "path", false), expected);
  }
});

Deno.test("central mode finds exactly the half-turn symmetric closed tours of a plain search (6x6)", () => {
  const rand = seededRandom(11);
  const tours = toursOf(6, 6, true);
  assert(tours.length > 0);
  assert.deepEqual(engineTours(6, 6, [], "central", false), tours.map((t) => t.join(",")).sort());
  for (let trial = 0; trial < 5; trial++) {
    const lines = linesOf(6, 6, tours[Math.floor(rand() * tours.length)], rand);
    const expected = tours.filter((t) => sumsOk(t, lines)).map((t) => t.join(",")).sort();
    assert.deepEqual(engineTours(6, 6, lines, "central", trial % 2 === 1), expected, `trial ${trial}`);
  }
});

Deno.test("symmetry reduction (canonical starts, allowed ends) finds every class exactly (5x5, lines through the centre)", () => {
  const n = 5, N = 25;
  // Middle row, middle column and both diagonals at 65: invariant under the 16 transformations.
  const mid = rowColumnLines(n, n, 65, 65).filter((_, i) => i === 2 || i === 7);
  const lines = [...mid, ...diagonalLines(n, 65)];
  const plain = toursOf(n, n, false).filter((t) => sumsOk(t, lines));
  assert(plain.length > 0, "some 5x5 tours have the four central lines at 65");
  const plainClasses = new Set(plain.map((t) => canonicalForm(n, numbersOfPath(N, t)).canonical.join(",")));
  const search = new MagicSearch({ width: n, height: n, lines, connectivity: false });
  const classes = new Map<string, number>();
  for (const s of canonicalStarts(n, n)) {
    if (search.start(s, allowedEnds(n, n, s))) {
      search.complete((p) => {
        const c = canonicalForm(n, numbersOfPath(N, p));
        classes.set(c.canonical.join(","), c.classSize);
      });
    }
    search.clear();
  }
  assert.deepEqual([...classes.keys()].sort(), [...plainClasses].sort());
  assert.deepEqual([...classes.values()].reduce((a, b) => a + b, 0), plain.length, "class sizes add up to all directed tours");
});

Deno.test("every tour the engine reports passes the independent checker", () => {
  const tours = toursOf(5, 5, false).slice(0, 50);
  for (const t of tours) {
    const f = checkMagicTour(5, 5, numbersOfPath(25, t));
    assert(f.ok, f.errors.join("; "));
  }
});

/** Each optional rule alone, then all together (the default), each against the plain search. */
const RULE_SETS: [string, MagicRules][] = [
  ["none", NO_RULES],
  ["K", { ...NO_RULES, gap: true }],
  ["R", { ...NO_RULES, reach: true }],
  [
    "M",
    { ...NO_RULES, forced: true },
  ],
  ["3", { ...NO_RULES, three: true }],
  [
    "all",
    {},
  ],
];

Deno.test("rules K (no consecutive numbers in a line), R (reach) and F (final square) alone and together lose no tour (path mode, rows, columns, diagonals)", () => {
  const rand = seededRandom(23);
  for (const [w, h] of [[5, 5], [4, 5], [3, 8], [4, 4]]) {
    const tours = toursOf(w, h, false);
    if (!tours.length) continue;
    for (let trial = 0; trial < 8; trial++) {
      const lines = linesOf(w, h, tours[Math.floor(rand() * tours.length)], rand);
      const expected = tours.filter((t) => sumsOk(t, lines)).map((t) => t.join(",")).sort();
      for (const [name, rules] of RULE_SETS) {
        assert.deepEqual(engineTours(w, h, lines, "path", false, rules), expected, `${w}x${h} trial ${trial} rules ${name}`);
      }
    }
  }
});

Deno.test("rules K and R with arbitrary square sets as lines (some hold two squares a leap apart, where K must stand aside)", () => {
  const rand = seededRandom(29);
  for (const [w, h] of [[5, 5], [3, 7]]) {
    const tours = toursOf(w, h, false), N = w * h;
    let leapLines = 0;
    for (let trial = 0; trial < 10; trial++) {
      const num = numbersOfPath(N, tours[Math.floor(rand() * tours.length)]);
      const lines: MagicLine[] = [];
      for (let k = 0; k < 4; k++) {
        const squares = Array.from({ length: N }, (_, i) => i).filter(() => rand() < 0.25);
        if (!squares.length) continue;
        lines.push({ squares, target: squares.reduce((a, s) => a + num[s], 0) });
        const nb = knightNeighbours(w, h);
        if (squares.some((u) => nb[u].some((v) => squares.includes(v)))) leapLines++;
      }
      const expected = tours.filter((t) => sumsOk(t, lines)).map((t) => t.join(",")).sort();
      for (const [name, rules] of RULE_SETS) {
        assert.deepEqual(engineTours(w, h, lines, "path", false, rules), expected, `${w}x${h} trial ${trial} rules ${name}`);
      }
    }
    assert(leapLines > 0, "some lines hold two squares a leap apart");
  }
});

Deno.test("rule K in central mode loses no half-turn symmetric tour (6x6)", () => {
  const rand = seededRandom(31);
  const tours = toursOf(6, 6, true);
  for (let trial = 0; trial < 4; trial++) {
    const lines = linesOf(6, 6, tours[Math.floor(rand() * tours.length)], rand);
    const expected = tours.filter((t) => sumsOk(t, lines)).map((t) => t.join(",")).sort();
    for (const [name, rules] of RULE_SETS) {
      assert.deepEqual(engineTours(6, 6, lines, "central", false, rules), expected, `trial ${trial} rules ${name}`);
    }
  }
});

Deno.test("rules K, R and F prune: fewer nodes than L alone on the same search (so the tests above exercise them)", () => {
  const tours = toursOf(5, 5, false);
  const lines = linesOf(5, 5, tours[0], () => 0);
  const count = (rules: MagicRules) => {
    const search = new MagicSearch({ width: 5, height: 5, lines, rules, connectivity: false });
    let nodes = 0;
    for (let s = 0; s < 25; s++) {
      if (search.start(s)) nodes += search.complete().nodes;
      search.clear();
    }
    return nodes;
  };
  const none = count(NO_RULES);
  assert(count({ ...NO_RULES, gap: true }) < none);
  assert(count({ ...NO_RULES, reach: true }) < none);
  assert(count({ ...NO_RULES, end: true }) < none);
});

Deno.test("rules M (forced move) and 3 (forced edges) with the reduction's allowed ends lose no tour and prune (4x5, 3x8 and 5x5, random line sets)", () => {
  // With allowed ends, M also fires before the last square is known (a square that may not be last).
  const rand = seededRandom(41);
  for (const [w, h] of [[4, 5], [3, 8], [5, 5]]) {
    const tours = toursOf(w, h, false);
    const N = w * h;
    for (let trial = 0; trial < 6; trial++) {
      const lines = linesOf(w, h, tours[Math.floor(rand() * tours.length)], rand);
      const run = (rules: MagicRules) => {
        const search = new MagicSearch({ width: w, height: h, lines, rules, connectivity: false });
        const found: string[] = [];
        let nodes = 0;
        for (let s = 0; s < N; s++) {
          // Every other end square allowed, by a pattern that depends on the start.
          const allowed = Uint8Array.from({ length: N }, (_, e) => (e !== s && (e * 7 + s) % 3 !== 0 ? 1 : 0));
          if (search.start(s, allowed)) nodes += search.complete((p) => void found.push(Array.from(p).join(","))).nodes;
          search.clear();
        }
        return { found: found.sort(), nodes };
      };
      const expected = tours.filter((t) => sumsOk(t, lines) && (t[N - 1] * 7 + t[0]) % 3 !== 0).map((t) => t.join(",")).sort();
      const plain = run(NO_RULES), m = run({ ...NO_RULES, forced: true }), three = run({ ...NO_RULES, three: true }), all = run({});
      assert.deepEqual(plain.found, expected, `${w}x${h} trial ${trial} plain`);
      assert.deepEqual(m.found, expected, `${w}x${h} trial ${trial} M`);
      assert.deepEqual(three.found, expected, `${w}x${h} trial ${trial} rule 3`);
      assert(three.nodes <= plain.nodes);
      assert.deepEqual(all.found, expected, `${w}x${h} trial ${trial} all`);
      assert(m.nodes <= plain.nodes);
    }
  }
  // On 5x5 with no lines (every tour), M must cut nodes.
  const count = (rules: MagicRules) => {
    const search = new MagicSearch({ width: 5, height: 5, lines: [], rules, connectivity: false });
    let nodes = 0;
    for (let s = 0; s < 25; s++) {
      if (search.start(s, Uint8Array.from({ length: 25 }, (_, e) => (e > s ? 1 : 0)))) nodes += search.complete().nodes;
      search.clear();
    }
    return nodes;
  };
  assert(count({ ...NO_RULES, forced: true }) < count(NO_RULES));
  assert(count({ ...NO_RULES, three: true }) < count(NO_RULES));
});

Deno.test("the bound tables (extremeSums) equal a brute force over subsets, with and without rule K", () => {
  const rand = seededRandom(37);
  for (let trial = 0; trial < 12; trial++) {
    const n = 8 + Math.floor(rand() * 6), m1 = 4;
    const free = Array.from({ length: n + 1 }, () => rand() < 0.7);
    const nums = Array.from({ length: n }, (_, i) => i + 1).filter((v) => free[v]);
    for (const gap of [false, true]) {
      const lo = extremeSums(n, m1, (v) => free[v], gap, false), hi = extremeSums(n, m1, (v) => free[v], gap, true);
      const want = new Map<string, [number, number]>();
      for (let mask = 0; mask < 1 << nums.length; mask++) {
        const pick = nums.filter((_, i) => mask & (1 << i));
        if (gap && pick.some((v, i) => i > 0 && v - pick[i - 1] === 1)) continue;
        const a = pick.filter((v) => v & 1).length, b = pick.length - a;
        if (a >= m1 || b >= m1) continue;
        const sum = pick.reduce((x, y) => x + y, 0), k = `${a},${b}`, w = want.get(k);
        want.set(k, w ? [Math.min(w[0], sum), Math.max(w[1], sum)] : [sum, sum]);
      }
      for (let a = 0; a < m1; a++) {
        for (let b = 0; b < m1; b++) {
          const w = want.get(`${a},${b}`);
          if (w) assert.deepEqual([lo[a * m1 + b], hi[a * m1 + b]], w, `n=${n} gap=${gap} a=${a} b=${b}`);
          else assert(lo[a * m1 + b] > 1e8 && hi[a * m1 + b] < -1e8, `n=${n} gap=${gap} a=${a} b=${b}: no such set`);
        }
      }
    }
  }
});
