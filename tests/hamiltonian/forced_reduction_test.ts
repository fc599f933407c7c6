/**
 * Differential test of the forced-edge reduction (solvers/hamiltonian/forced.ts)
 * against the plain brute force of helpers/brute.ts: on random graphs and
 * random leaper positions (dense ones, where degree-2 chains are common, as on
 * the knight's 8x8 board), with a start and an end, the reduction must
 * - reject only when the brute force finds no Hamiltonian start-end path;
 * - otherwise keep every edge of every such path (the brute force's paths on
 *   the original graph, all checked against the reduced edge set) and so have
 *   the same paths;
 * and decideUnique must answer the same with and without it and when it
 * switches early to searchReduced (the search that reduces at every node), and
 * when it first tries a few engine nodes on the unreduced graph (firstNodes),
 * whose full count and first path must be the brute force's; the swap test
 * (engine.ts hasSwap) and the segment moves (hasSegmentMove) may only see a second path where there are two,
 * and decideUnique's second phase from the other end (otherEndNodes) changes no answer. The test also
 * requires the reduction to fire often, and to reject positions that the
 * booklet's one-level tests pass, so that it cannot pass as a no-op.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import type { Graph } from "../../solvers/types.ts";
import { decideUnique, hasSegmentMove, hasSwap } from "../../solvers/hamiltonian/engine.ts";
import { FORCED_REJECT, ForcedReducer, searchReduced } from "../../solvers/hamiltonian/forced.ts";
import { oneLevel } from "../../solvers/hamiltonian/one-level.ts";
import { type AdjMatrix, allPaths, edgesOf, leaperMatrix, toCsr } from "../helpers/brute.ts";
import { leaperWalk, mulberry32, type Rng, withInstance } from "../helpers/random.ts";

interface Tally {
  instances: number;
  rejected: number;
  rejectedPastOneLevel: number;
  reducedEdges: number;
  withPaths: number;
  uniqueCases: number;
  reducedNodes: number;
  swaps: number;
}

function hasEdge(g: Graph, a: number, b: number): boolean {
  for (let e = g.start[a]; e < g.start[a + 1]; e++) if (g.adj[e] === b) return true;
  return false;
}

/** An end other than the start: often one where some Hamiltonian path from the start ends. */
function chooseEnd(rng: Rng, adj: AdjMatrix, start: number): number {
  const n = adj.length;
  const real = [...new Set(allPaths(adj, start).map((p) => p[p.length - 1]))].filter((v) => v !== start);
  if (real.length > 0 && rng.chance(0.6)) return rng.pick(real);
  const end = rng.int(0, n - 2);
  return end >= start ? end + 1 : end;
}

function check(rng: Rng, reducer: ForcedReducer, adj: AdjMatrix, g: Graph, start: number, end: number, t: Tally): void {
  const n = adj.length;
  const paths = allPaths(adj, start).filter((p) => p[p.length - 1] === end);
  t.instances++;
  if (paths.length > 0) t.withPaths++;
  const verdict = reducer.reduce(g, start, end);
  if (verdict === FORCED_REJECT) {
    assert.equal(paths.length, 0, `rejected, but the brute force has ${paths.length} paths, e.g. ${paths[0]}`);
    t.rejected++;
    if (!oneLevel({ graph: g, start, end, uniqueOnly: false }).rejectedBy) t.rejectedPastOneLevel++;
  } else {
    const r = reducer.graph;
    assert.equal(r.order, n, "the reduced graph keeps every vertex");
    // Symmetric, and a subset of the original edges.
    for (let a = 0; a < n; a++) {
      for (let e = r.start[a]; e < r.start[a + 1]; e++) {
        const b = r.adj[e];
        assert.ok(adj[a][b], `reduced edge ${a}-${b} is not in the graph`);
        assert.ok(hasEdge(r, b, a), `reduced edge ${a}-${b} is one-way`);
      }
    }
    for (const p of paths) {
      for (let i = 1; i < p.length; i++) assert.ok(hasEdge(r, p[i - 1], p[i]), `path ${p} uses deleted edge ${p[i - 1]}-${p[i]}`);
    }
    t.reducedEdges += (g.start[n] - r.start[n]) / 2;
  }
  // decideUnique with the reduction (default) and without must agree with the brute force.
  const q = { start, end };
  const want = paths.length === 1;
  const on = decideUnique(g, q, { probes: rng.chance(0.5) ? 2 : 0, probeNodes: rng.int(1, 10) });
  const off = decideUnique(g, q, { reduce: false });
  assert.equal(on.unique, want, "decideUnique with the reduction");
  assert.equal(off.unique, want, "decideUnique without the reduction");
  assert.equal(on.solutions, Math.min(2, paths.length), "decideUnique.solutions with the reduction");
  if (want) {
    t.uniqueCases++;
    assert.deepEqual(on.solution, paths[0], "the unique path, with the reduction");
  }
  // The swap test: a second path read off any path means there are two or more.
  for (const p of paths.slice(0, 20)) {
    if (hasSwap(g, Int32Array.from(p))) {
      assert.ok(paths.length >= 2, `hasSwap found a second path beside the only one, ${p}`);
      t.swaps++;
    }
    if (hasSegmentMove(g, Int32Array.from(p))) assert.ok(paths.length >= 2, `hasSegmentMove found a second path beside the only one, ${p}`);
  }
  // The search that reduces at every node: the full count, and its first path is one of the brute force's.
  if (n >= 3) {
    const full = searchReduced(g, start, end, 40);
    assert.equal(full.solutions, Math.min(40, paths.length), "searchReduced count (at most 40)");
    assert.equal(full.complete, paths.length < 40, "searchReduced complete unless the limit stopped it");
    if (paths.length > 0) {
      assert.ok(paths.some((p) => p.join() === full.solution!.join()), `searchReduced path ${full.solution} is not a path`);
    } else assert.equal(full.solution, null, "searchReduced: a path where there is none");
    t.reducedNodes += full.nodes;
  }
  // decideUnique switching to searchReduced after a few engine nodes: the same answer.
  const fb = decideUnique(g, q, { fallbackNodes: rng.int(1, 4) });
  assert.equal(fb.unique, want, "decideUnique with an early switch to searchReduced");
  assert.equal(fb.complete, true, "decideUnique complete with the switch");
  assert.equal(fb.solutions, Math.min(2, paths.length), "decideUnique.solutions with the switch");
  if (want) assert.deepEqual(fb.solution, paths[0], "the unique path, with the switch");
  // As the proof run calls it: a few engine nodes first, then the reduction and the switch.
  const pr = decideUnique(g, q, { firstNodes: rng.int(1, 6), otherEndNodes: rng.int(0, 6), fallbackNodes: rng.int(1, 6) });
  assert.equal(pr.unique, want, "decideUnique with firstNodes");
  assert.equal(pr.complete, true, "decideUnique complete with firstNodes");
  assert.equal(pr.solutions, Math.min(2, paths.length), "decideUnique.solutions with firstNodes");
  if (want) assert.deepEqual(pr.solution, paths[0], "the unique path, with firstNodes");
}

Deno.test("forced-edge reduction keeps exactly the Hamiltonian start-end paths (random graphs)", () => {
  const seed = 4101;
  const rng = mulberry32(seed);
  const reducer = new ForcedReducer();
  const t: Tally = {
    instances: 0,
    rejected: 0,
    rejectedPastOneLevel: 0,
    reducedEdges: 0,
    withPaths: 0,
    uniqueCases: 0,
    reducedNodes: 0,
    swaps: 0,
  };
  for (let i = 0; i < 3000; i++) {
    const n = rng.int(3, 10);
    const p = rng.pick([0.25, 0.35, 0.5, 0.65]);
    const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(p)) adj[a][b] = adj[b][a] = true;
    const start = rng.int(0, n - 1);
    const end = chooseEnd(rng, adj, start);
    const g = toCsr(adj, (l) => rng.shuffle(l));
    withInstance(
      seed,
      () => `#${i} n=${n} ${start}->${end} edges ${JSON.stringify(edgesOf(adj))}`,
      () => check(rng, reducer, adj, g, start, end, t),
    );
  }
  console.log(`random graphs: ${JSON.stringify(t)}`);
  assert.ok(t.rejectedPastOneLevel >= 15, `only ${t.rejectedPastOneLevel} rejections beyond the one-level tests`);
  assert.ok(t.reducedEdges >= 1000, `only ${t.reducedEdges} edges deleted`);
  assert.ok(t.withPaths >= 500 && t.uniqueCases >= 200, `too few instances with paths: ${JSON.stringify(t)}`);
  assert.ok(t.swaps >= 200, `the swap test found a second path only ${t.swaps} times`);
});

Deno.test("forced-edge reduction keeps exactly the Hamiltonian start-end paths (dense knight and leaper positions)", () => {
  const seed = 4102;
  const rng = mulberry32(seed);
  const reducer = new ForcedReducer();
  const t: Tally = {
    instances: 0,
    rejected: 0,
    rejectedPastOneLevel: 0,
    reducedEdges: 0,
    withPaths: 0,
    uniqueCases: 0,
    reducedNodes: 0,
    swaps: 0,
  };
  for (let i = 0; i < 1500; i++) {
    // A random leaper walk (so paths often exist) plus a few squares next to it: dense, with degree-2 chains.
    const w = rng.int(3, 6);
    const h = rng.int(3, 6);
    const leap = rng.pick<[number, number]>([[1, 2], [1, 2], [1, 2], [0, 1], [1, 1], [2, 3], [0, 2]]);
    const squares = leaperWalk(rng, w, h, leap, [5, 11], [0, 3], 13);
    const adj = leaperMatrix(w, leap, squares);
    const g = moveGraph(makeBoard([w, h]), leaper(leap[0], leap[1]), squares);
    const n = squares.length;
    if (n < 3) continue;
    const start = rng.int(0, n - 1);
    const end = chooseEnd(rng, adj, start);
    withInstance(
      seed,
      () => `#${i} ${w}x${h} [${leap}] squares ${squares} ${start}->${end}`,
      () => check(rng, reducer, adj, g, start, end, t),
    );
  }
  console.log(`leaper positions: ${JSON.stringify(t)}`);
  assert.ok(t.rejectedPastOneLevel >= 10, `only ${t.rejectedPastOneLevel} rejections beyond the one-level tests`);
  assert.ok(t.reducedEdges >= 500, `only ${t.reducedEdges} edges deleted`);
  assert.ok(t.withPaths >= 100, `too few instances with paths: ${JSON.stringify(t)}`);
});
