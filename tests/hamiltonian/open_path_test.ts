/**
 * Differential test of findOpenPath (solvers/hamiltonian/open-path.ts: the
 * forced-edge reduction through a virtual last vertex, the open proofs'
 * search) against the plain brute force of helpers/brute.ts, on random graphs
 * (bipartite and not) and random leaper positions, free end and forced end:
 * a path is found exactly when the brute force has one, and what it returns is
 * a Hamiltonian path from the start (to the forced end). The test also
 * requires the reduction to decide many graphs that the booklet's one-level
 * tests pass, including ones whose search the engine needs nodes for, so that
 * a no-op (or an engine-only fallback) cannot pass as the rule.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import type { Graph } from "../../solvers/types.ts";
import { findOpenPath } from "../../solvers/hamiltonian/open-path.ts";
import { PrefixRun } from "../../solvers/leaper/proof/prefix-run.ts";
import { buildSpace } from "../../solvers/leaper/proof/space.ts";
import { oneLevel } from "../../solvers/hamiltonian/one-level.ts";
import { type AdjMatrix, countPaths, edgesOf, leaperMatrix, toCsr } from "../helpers/brute.ts";
import { leaperWalk, mulberry32, type Rng, withInstance } from "../helpers/random.ts";

interface Tally {
  instances: number;
  withPaths: number;
  forcedOut: number;
  forcedOutPastOneLevel: number;
  /** Decided by the reduction where the engine alone needed more than 10 nodes. */
  forcedOutSavingNodes: number;
  searchedAfterReduction: number;
}

function isPath(adj: AdjMatrix, p: number[], start: number, end: number): boolean {
  const n = adj.length;
  if (p.length !== n || p[0] !== start || new Set(p).size !== n) return false;
  if (end >= 0 && p[n - 1] !== end) return false;
  for (let i = 1; i < n; i++) if (!adj[p[i - 1]][p[i]]) return false;
  return true;
}

function check(rng: Rng, adj: AdjMatrix, g: Graph, t: Tally): void {
  const n = adj.length;
  const start = rng.int(0, n - 1);
  // A forced end as the proof run passes it (a non-start vertex of degree 1), else sometimes any vertex, else free.
  const ones = [];
  for (let v = 0; v < n; v++) if (v !== start && adj[v].filter(Boolean).length === 1) ones.push(v);
  const end = ones.length === 1 && rng.chance(0.7) ? ones[0] : rng.chance(0.15) ? rng.int(0, n - 1) : -1;
  const want = countPaths(adj, start, end);
  t.instances++;
  if (want > 0) t.withPaths++;
  const r = findOpenPath(g, start, { end, fallbackNodes: rng.pick([0, 1, 3, 2000]) });
  if (want > 0) {
    assert.ok(r.path !== null, `no path found, but the brute force has ${want}`);
    assert.ok(
      isPath(adj, r.path!, start, end),
      `returned ${r.path} is not a Hamiltonian path from ${start}${end >= 0 ? ` to ${end}` : ""}`,
    );
  } else assert.equal(r.path, null, `a path ${r.path} where the brute force has none`);
  if (r.forcedOut) {
    t.forcedOut++;
    if (!oneLevel({ graph: g, start, end, uniqueOnly: false }).rejectedBy) t.forcedOutPastOneLevel++;
  } else if (want === 0 && r.nodes > 0) t.searchedAfterReduction++;
  // The engine alone (reduce: false) is the reference path of the same function.
  const off = findOpenPath(g, start, { end, reduce: false });
  assert.equal(off.path !== null, want > 0, "findOpenPath without the reduction");
  if (r.forcedOut && off.nodes > 10) t.forcedOutSavingNodes++;
}

const tally = (): Tally => ({
  instances: 0,
  withPaths: 0,
  forcedOut: 0,
  forcedOutPastOneLevel: 0,
  forcedOutSavingNodes: 0,
  searchedAfterReduction: 0,
});

Deno.test("findOpenPath finds a free-end Hamiltonian path exactly when there is one (random graphs)", () => {
  const seed = 5301;
  const rng = mulberry32(seed);
  const t = tally();
  for (let i = 0; i < 3000; i++) {
    const n = rng.int(1, 10);
    const p = rng.pick([0.2, 0.3, 0.45, 0.6]);
    // Half bipartite (edges only across a random 2-colouring), so the colour restriction of the ends is exercised.
    const bip = rng.chance(0.5);
    const side = Array.from({ length: n }, () => rng.int(0, 1));
    const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) if ((!bip || side[a] !== side[b]) && rng.chance(bip ? 2 * p : p)) adj[a][b] = adj[b][a] = true;
    }
    const g = toCsr(adj, (l) => rng.shuffle(l));
    withInstance(seed, () => `#${i} n=${n} edges ${JSON.stringify(edgesOf(adj))}`, () => check(rng, adj, g, t));
  }
  console.log(`random graphs: ${JSON.stringify(t)}`);
  assert.ok(t.withPaths >= 600, `too few instances with paths: ${JSON.stringify(t)}`);
  assert.ok(t.forcedOutPastOneLevel >= 20, `only ${t.forcedOutPastOneLevel} graphs decided by the reduction past the one-level tests`);
});

Deno.test("findOpenPath on leaper positions (zebra, knight, and leapers whose graph is not bipartite)", () => {
  const seed = 5302;
  const rng = mulberry32(seed);
  const t = tally();
  for (let i = 0; i < 1500; i++) {
    const w = rng.int(3, 7);
    const h = rng.int(3, 7);
    const leap = rng.pick<[number, number]>([[2, 3], [2, 3], [1, 2], [1, 2], [0, 1], [1, 1], [0, 2], [1, 3]]);
    // A random leaper walk (so paths often exist) plus a few squares next to it: the open proofs' positions in
    // miniature (connected, with degree-2 chains), where paths are rare but the one-level tests often pass.
    const squares = leaperWalk(rng, w, h, leap, [5, 12], [0, 4], 15);
    const adj = leaperMatrix(w, leap, squares);
    const g = moveGraph(makeBoard([w, h]), leaper(leap[0], leap[1]), squares);
    withInstance(seed, () => `#${i} ${w}x${h} [${leap}] squares ${squares}`, () => check(rng, adj, g, t));
  }
  console.log(`leaper positions: ${JSON.stringify(t)}`);
  assert.ok(t.withPaths >= 150, `too few instances with paths: ${JSON.stringify(t)}`);
  assert.ok(t.forcedOutPastOneLevel >= 20, `only ${t.forcedOutPastOneLevel} positions decided by the reduction past the one-level tests`);
});

Deno.test("open proof runs count the same with and without the reduction (shards of either kind merge), hits included", () => {
  // Claims below the true maximum, so that positions with paths (hits) exist: knight 5x5 (24) and [1,3] 6x6.
  for (const [leap, dims, claim] of [[[1, 2], [5, 5], 20], [[1, 3], [6, 6], 12]] as [[number, number], number[], number][]) {
    const space = buildSpace("open", leap, dims, claim);
    const counts = [false, true].map((reduce) => {
      const r = new PrefixRun(space, 0, space.total, undefined, { reduce });
      while (!r.done) r.step(100_000);
      return r.state().counts;
    });
    const [off, on] = counts;
    assert.ok(off.hits > 0, `[${leap}] ${dims.join("x")} claim ${claim}: the test needs hits`);
    assert.ok(on.nodes < off.nodes, `[${leap}] ${dims.join("x")}: the reduction saved no nodes (${on.nodes} vs ${off.nodes})`);
    const { nodes: _a, hitExamples: ha, ...restOff } = off;
    const { nodes: _b, hitExamples: hb, ...restOn } = on;
    assert.deepEqual(restOn, restOff, `[${leap}] ${dims.join("x")} claim ${claim}: counts differ`);
    assert.deepEqual(hb.map((h) => h.index), ha.map((h) => h.index), "the same positions are hits");
    for (const h of hb) {
      assert.equal(h.solution.length, claim + 1, `hit ${h.index}: a path of ${h.solution.length} moves, not ${claim + 1}`);
    }
  }
});
