/**
 * The one-level tests (K, N, D, S, 3, C of solvers/hamiltonian/one-level.ts)
 * must be exact: on arbitrary random graphs of 1..9 vertices, a rejection for
 * existence (uniqueOnly = false) means the brute force finds no path, and a
 * rejection by N (uniqueOnly = true) means the count is not 1. The end the
 * verdict reports as forced must be the end of every path. Hand-made graphs
 * show each test firing by name.
 */
import assert from "node:assert/strict";
import { ONE_LEVEL_TESTS, oneLevel, type OneLevelTest } from "../../solvers/hamiltonian/one-level.ts";
import { type AdjMatrix, edgesOf, matrixFromEdges, pathEndCounts, toCsr } from "../helpers/brute.ts";
import { mulberry32, type Rng, withInstance } from "../helpers/random.ts";

function randomGraph(rng: Rng): { adj: AdjMatrix; kind: string } {
  const n = rng.int(1, 9);
  const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const join = (a: number, b: number) => {
    if (a !== b) adj[a][b] = adj[b][a] = true;
  };
  const kind = rng.pick(["gnp", "gnp", "bipartite", "path+", "sparse", "components"]);
  if (kind === "gnp") {
    const p = rng.pick([0.15, 0.3, 0.45, 0.6, 0.8]);
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(p)) join(a, b);
  } else if (kind === "bipartite") {
    // Random two colours of random sizes: test S's ground.
    const side = Array.from({ length: n }, () => rng.int(0, 1));
    const p = rng.pick([0.3, 0.5, 0.8]);
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (side[a] !== side[b] && rng.chance(p)) join(a, b);
  } else if (kind === "path+") {
    // A Hamiltonian path in random order plus a few chords: many graphs with solutions.
    const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
    for (let i = 1; i < n; i++) join(order[i - 1], order[i]);
    const chords = rng.int(0, n);
    for (let i = 0; i < chords; i++) join(rng.int(0, n - 1), rng.int(0, n - 1));
  } else if (kind === "sparse") {
    // Vertices of degree 1 and 2 abound: tests K and 3.
    const m = rng.int(n - 1, n + 2);
    for (let i = 0; i < m; i++) join(rng.int(0, n - 1), rng.int(0, n - 1));
  } else {
    // Two dense parts with a few or no edges between them: test C.
    const cut = rng.int(1, Math.max(1, n - 1));
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const same = (a < cut) === (b < cut);
        if (rng.chance(same ? 0.75 : 0.03)) join(a, b);
      }
    }
  }
  return { adj, kind };
}

Deno.test("one-level tests are exact on random graphs", () => {
  const seed = 922;
  const rng = mulberry32(seed);
  const graphs = 20_000;
  const fired: Record<string, number> = {};
  const firedUnique: Record<string, number> = {};
  let passedWithPath = 0;
  let forcedEnds = 0;
  for (let i = 0; i < graphs; i++) {
    const { adj, kind } = randomGraph(rng);
    const n = adj.length;
    const start = rng.int(0, n - 1);
    const fixedEnd = rng.int(0, n - 1);
    withInstance(seed, () => `#${i} (${kind}) n=${n} start=${start} end=${fixedEnd} edges ${JSON.stringify(edgesOf(adj))}`, () => {
      const g = toCsr(adj, (l) => rng.shuffle(l));
      const ends = pathEndCounts(adj, start);
      const free = ends.reduce((s, c) => s + c, 0);

      for (const end of [-1, fixedEnd]) {
        const total = end === -1 ? free : ends[end];
        const v = oneLevel({ graph: g, start, end, uniqueOnly: false });
        assert.notEqual(v.rejectedBy, "N", `N fired without uniqueOnly (end ${end})`);
        if (v.rejectedBy !== null) {
          fired[v.rejectedBy] = (fired[v.rejectedBy] ?? 0) + 1;
          assert.equal(total, 0, `test ${v.rejectedBy} rejected (end ${end}) but the brute force finds ${total} paths`);
        } else {
          if (total > 0) passedWithPath++;
          if (v.end !== -1) {
            // A reported end must be the end of every path.
            if (end !== -1) assert.equal(v.end, end, "the verdict changed a fixed end");
            else {
              forcedEnds++;
              for (let w = 0; w < n; w++) if (w !== v.end) assert.equal(ends[w], 0, `a path ends on ${w}, not on the forced end ${v.end}`);
            }
          }
        }

        const u = oneLevel({ graph: g, start, end, uniqueOnly: true });
        if (u.rejectedBy === "N") {
          firedUnique.N = (firedUnique.N ?? 0) + 1;
          assert.equal(end, -1, "N fired with a fixed end");
          assert.notEqual(total, 1, "test N rejected a graph with exactly one path");
        } else if (u.rejectedBy !== null) {
          firedUnique[u.rejectedBy] = (firedUnique[u.rejectedBy] ?? 0) + 1;
          assert.equal(total, 0, `test ${u.rejectedBy} (uniqueOnly) rejected but the brute force finds ${total} paths`);
        }
        // N is the only test that asks about uniqueness: without it the verdict is the same.
        if (u.rejectedBy !== "N") assert.deepEqual(u, v, "uniqueOnly changed a verdict other than N");
      }
    });
  }
  console.log(
    `${graphs} random graphs (free end and a fixed end each); rejections for existence ${JSON.stringify(fired)}, ` +
      `with uniqueOnly ${JSON.stringify(firedUnique)}; passed with a path ${passedWithPath}; forced ends ${forcedEnds}`,
  );
  // Every test must actually be exercised.
  for (const t of ONE_LEVEL_TESTS) {
    const count = t === "N" ? firedUnique.N ?? 0 : fired[t] ?? 0;
    assert.ok(count >= 30, `test ${t} fired only ${count} times`);
  }
  assert.ok(passedWithPath >= 1000, `only ${passedWithPath} verdicts let a graph with a path through`);
});

/** The test that rejects, on a graph given by its edges. */
function verdict(n: number, edges: [number, number][], start: number, end = -1, uniqueOnly = false): OneLevelTest | null {
  return oneLevel({ graph: toCsr(matrixFromEdges(n, edges)), start, end, uniqueOnly }).rejectedBy;
}

function bruteCount(n: number, edges: [number, number][], start: number, end = -1): number {
  const ends = pathEndCounts(matrixFromEdges(n, edges), start);
  return end === -1 ? ends.reduce((s, c) => s + c, 0) : ends[end];
}

Deno.test("K: two vertices of degree 1 besides the start", () => {
  // A star: centre 0, leaves 1..3; from the centre three leaves would all have to be last.
  const star: [number, number][] = [[0, 1], [0, 2], [0, 3]];
  assert.equal(verdict(4, star, 0), "K");
  assert.equal(bruteCount(4, star, 0), 0);
  // From a leaf, two other leaves still remain.
  assert.equal(verdict(4, star, 1), "K");
  // One leaf besides the start, but a fixed end elsewhere.
  const path: [number, number][] = [[0, 1], [1, 2], [2, 3]];
  assert.equal(verdict(4, path, 1, 2), "K");
  assert.equal(bruteCount(4, path, 1, 2), 0);
  // The same leaf as the fixed end, or a free end, is fine: the verdict forces it.
  assert.equal(verdict(4, path, 0, 3), null);
  const v = oneLevel({ graph: toCsr(matrixFromEdges(4, path)), start: 0, end: -1, uniqueOnly: false });
  assert.deepEqual(v, { rejectedBy: null, end: 3 });
});

Deno.test("N: no vertex of degree 1 besides the start means never a unique path", () => {
  const cycle: [number, number][] = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]];
  assert.equal(verdict(5, cycle, 0, -1, true), "N");
  assert.equal(bruteCount(5, cycle, 0), 2, "a 5-cycle has its two directions");
  // N is no existence test, and does not apply to a fixed end.
  assert.equal(verdict(5, cycle, 0, -1, false), null);
  assert.equal(verdict(5, cycle, 0, 4, true), null);
  // A pendant vertex (forced end) switches N off.
  const lollipop: [number, number][] = [...cycle, [2, 5]];
  assert.notEqual(verdict(6, lollipop, 0, -1, true), "N");
});

Deno.test("D: an isolated vertex", () => {
  // Path 0-1-2 and vertex 3 alone.
  const edges: [number, number][] = [[0, 1], [1, 2]];
  assert.equal(verdict(4, edges, 0), "D");
  assert.equal(bruteCount(4, edges, 0), 0);
  // One vertex: the empty path exists, but no other end.
  assert.equal(verdict(1, [], 0), null);
  assert.equal(verdict(1, [], 0, 0), null);
});

Deno.test("S: bipartite graph with unbalanced colours, or an end of the wrong colour", () => {
  // K(2,3) from the smaller side: 2 vertices of the start's colour, 3 wanted.
  const k23: [number, number][] = [];
  for (const a of [0, 1]) for (const b of [2, 3, 4]) k23.push([a, b]);
  assert.equal(verdict(5, k23, 0), "S");
  assert.equal(bruteCount(5, k23, 0), 0);
  // From the larger side it has paths (and is not rejected).
  assert.equal(verdict(5, k23, 2), null);
  assert.ok(bruteCount(5, k23, 2) > 0);
  // A 4-cycle: balanced, but a path of 4 vertices ends on the other colour.
  const c4: [number, number][] = [[0, 1], [1, 2], [2, 3], [3, 0]];
  assert.equal(verdict(4, c4, 0, 2), "S");
  assert.equal(bruteCount(4, c4, 0, 2), 0);
  assert.equal(verdict(4, c4, 0, 1), null);
});

Deno.test("3: a vertex with more forced path edges than it can carry", () => {
  // Theta graph: three paths v-a-b-w of length 3 between v = 0 and w = 1; from v
  // (free end) the three degree-2 neighbours all need an edge at the start.
  const theta: [number, number][] = [];
  for (const [a, b] of [[2, 3], [4, 5], [6, 7]]) theta.push([0, a], [a, b], [b, 1]);
  assert.equal(verdict(8, theta, 0), "3");
  assert.equal(bruteCount(8, theta, 0), 0);
  // Fixed end: s=0, t=5; v=2 has three degree-2 neighbours a=1, b=3, c=4 that are
  // neither start nor end; the odd cycle 0-1-2-3-5-0 makes test S silent.
  const fixed: [number, number][] = [[0, 1], [1, 2], [2, 3], [2, 4], [3, 5], [4, 5], [0, 5]];
  assert.equal(verdict(6, fixed, 0, 5), "3");
  assert.equal(bruteCount(6, fixed, 0, 5), 0);
  // Free end, not at the start: four degree-2 neighbours of a hub (one could be the end, three cannot).
  const hub: [number, number][] = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 5], [2, 6], [3, 7], [4, 8], [5, 6], [6, 7], [7, 8], [8, 9], [9, 5]];
  assert.equal(verdict(10, hub, 9), "3");
  assert.equal(bruteCount(10, hub, 9), 0);
});

Deno.test("C: a graph in two components", () => {
  const twoTriangles: [number, number][] = [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3]];
  assert.equal(verdict(6, twoTriangles, 0), "C");
  assert.equal(bruteCount(6, twoTriangles, 0), 0);
});
