/**
 * Differential test of the Hamiltonian engine against the plain brute force of
 * helpers/brute.ts on random leaper instances: a w×h board (w, h in 1..6), a
 * leaper [x,y] (0 <= x <= y <= 5), and a set of squares (start + men) of at most
 * 13 squares. The engine's graph is built by solvers/graph, the brute force's
 * from coordinates alone; both must agree edge for edge, then on full counts for
 * a free end, a fixed end and closed tours, with and without pruning, on
 * decideUnique, on limit/complete, and on the paths enumerated.
 *
 * Three instance families: uniform random subsets; dense subsets (most of a
 * small board, where degree pruning and the one-level tests fire most); and a
 * random leaper walk plus a few extra squares, so that many instances do have
 * one or more solutions. The test prints how many instances had 0, 1 and more
 * solutions and requires each class to occur often.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { moveGraph } from "../../solvers/graph/graph.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import type { Graph } from "../../solvers/types.ts";
import { countHamiltonianPaths, decideUnique, enumerateHamiltonianPaths, findHamiltonianPath } from "../../solvers/hamiltonian/engine.ts";
import { type AdjMatrix, allPaths, countCycles, countPaths, edgesOf, leaperMatrix, pathEndCounts, toCsr } from "../helpers/brute.ts";
import { mulberry32, type Rng, withInstance } from "../helpers/random.ts";

const MAX_MEN = 13;

interface Instance {
  family: "uniform" | "dense" | "walk" | "blob";
  w: number;
  h: number;
  leap: [number, number];
  /** Vertex i is squares[i] (shuffled, so the start is not always vertex 0). */
  squares: number[];
  start: number;
  /** A fixed end for the fixed-end query (may equal the start). */
  end: number;
}

function describe(inst: Instance): string {
  return JSON.stringify(inst);
}

function randomLeap(rng: Rng): [number, number] {
  for (;;) {
    const x = rng.int(0, 5);
    const y = rng.int(x, 5);
    if (y > 0) return [x, y];
  }
}

/** Short leaps have edges on 6x6 and smaller boards; long ones mostly do not. */
function shortLeap(rng: Rng): [number, number] {
  return rng.pick<[number, number]>([[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 2], [2, 3], [0, 3], [1, 4]]);
}

function isLeap(w: number, leap: readonly [number, number], a: number, b: number): boolean {
  const dx = Math.abs((a % w) - (b % w));
  const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
}

function finish(
  rng: Rng,
  family: Instance["family"],
  w: number,
  h: number,
  leap: [number, number],
  chosen: number[],
  startSq: number,
): Instance {
  const squares = rng.shuffle(chosen);
  const start = squares.indexOf(startSq);
  // A sixth of the fixed-end queries ask for end == start (only the 1-square instance has such a path).
  const end = rng.chance(1 / 6) ? start : rng.int(0, squares.length - 1);
  return { family, w, h, leap, squares, start, end };
}

function uniformInstance(rng: Rng): Instance {
  const w = rng.int(1, 6);
  const h = rng.int(1, 6);
  const leap = randomLeap(rng);
  const k = rng.int(1, Math.min(w * h, MAX_MEN));
  const all = Array.from({ length: w * h }, (_, i) => i);
  const chosen = rng.sample(all, k);
  return finish(rng, "uniform", w, h, leap, chosen, rng.pick(chosen));
}

function denseInstance(rng: Rng): Instance {
  // Boards of 4..20 squares, nearly filled (capped at MAX_MEN), mostly with short leaps.
  let w: number, h: number;
  do {
    w = rng.int(1, 6);
    h = rng.int(1, 6);
  } while (w * h > 20 || w * h < 4);
  const leap = rng.chance(0.85) ? shortLeap(rng) : randomLeap(rng);
  const k = Math.max(1, Math.min(w * h - rng.pick([0, 0, 1, 2]), MAX_MEN));
  const all = Array.from({ length: w * h }, (_, i) => i);
  const chosen = rng.sample(all, k);
  return finish(rng, "dense", w, h, leap, chosen, rng.pick(chosen));
}

/**
 * A random leaper walk (so at least one path exists from its first square when
 * nothing is added) plus a few extra squares, preferably next to the walk so
 * that they open alternatives rather than just isolated squares.
 */
function walkInstance(rng: Rng): Instance {
  const w = rng.int(2, 6);
  const h = rng.int(2, 6);
  const leap = rng.chance(0.85) ? shortLeap(rng) : randomLeap(rng);
  const size = w * h;
  const target = rng.int(1, Math.min(size, 12));
  const first = rng.int(0, size - 1);
  const walk = [first];
  const used = new Set(walk);
  while (walk.length < target) {
    const here = walk[walk.length - 1];
    const next: number[] = [];
    for (let s = 0; s < size; s++) if (!used.has(s) && isLeap(w, leap, here, s)) next.push(s);
    if (next.length === 0) break;
    const s = rng.pick(next);
    walk.push(s);
    used.add(s);
  }
  const extras = rng.pick([0, 0, 1, 1, 2, 3]);
  for (let i = 0; i < extras && used.size < Math.min(size, MAX_MEN); i++) {
    const near: number[] = [];
    for (let s = 0; s < size; s++) if (!used.has(s) && walk.some((v) => isLeap(w, leap, v, s))) near.push(s);
    let s: number;
    if (near.length > 0 && rng.chance(0.8)) s = rng.pick(near);
    else do s = rng.int(0, size - 1); while (used.has(s));
    used.add(s);
  }
  const inst = finish(rng, "walk", w, h, leap, [...used], first);
  // Half of the fixed ends are the walk's last square, which is then a real end.
  if (rng.chance(0.5)) inst.end = inst.squares.indexOf(walk[walk.length - 1]);
  return inst;
}

/**
 * A connected blob: grown from one square by adding random squares a leap away
 * from the blob. Induced subgraphs of this kind are as dense as the leaper allows
 * and often have many paths.
 */
function blobInstance(rng: Rng): Instance {
  const w = rng.int(2, 6);
  const h = rng.int(2, 6);
  const leap = rng.pick<[number, number]>([[0, 1], [0, 1], [1, 2], [1, 2], [1, 2], [1, 1], [0, 2], [1, 3], [2, 3]]);
  const size = w * h;
  const k = rng.int(2, Math.min(size, MAX_MEN));
  const first = rng.int(0, size - 1);
  const used = new Set([first]);
  while (used.size < k) {
    const near: number[] = [];
    for (let s = 0; s < size; s++) if (!used.has(s) && [...used].some((v) => isLeap(w, leap, v, s))) near.push(s);
    if (near.length === 0) break;
    used.add(rng.pick(near));
  }
  return finish(rng, "blob", w, h, leap, [...used], rng.chance(0.5) ? first : rng.pick([...used]));
}

/** A valid Hamiltonian path of the matrix from start, each vertex once. */
function assertHamiltonian(adj: AdjMatrix, start: number, path: readonly number[], what: string): void {
  const n = adj.length;
  assert.equal(path.length, n, `${what}: path ${path} has ${path.length} vertices, graph ${n}`);
  assert.equal(path[0], start, `${what}: path ${path} does not begin at ${start}`);
  const seen = new Set(path);
  assert.equal(seen.size, n, `${what}: path ${path} repeats a vertex`);
  for (const v of path) assert.ok(Number.isInteger(v) && v >= 0 && v < n, `${what}: path ${path} has a non-vertex`);
  for (let i = 1; i < n; i++) assert.ok(adj[path[i - 1]][path[i]], `${what}: ${path[i - 1]}-${path[i]} in ${path} is not an edge`);
}

interface Tally {
  free: [number, number, number];
  fixed: [number, number, number];
  closed: [number, number, number];
  families: Record<string, number>;
  rejected: Record<string, number>;
  pathsChecked: number;
  /** Queries where the forced-edge count (PathQuery.forcedEdges) cut nodes. */
  forcedCuts: number;
}

function classOf(count: number): 0 | 1 | 2 {
  return count === 0 ? 0 : count === 1 ? 1 : 2;
}

function emptyTally(): Tally {
  return { free: [0, 0, 0], fixed: [0, 0, 0], closed: [0, 0, 0], families: {}, rejected: {}, pathsChecked: 0, forcedCuts: 0 };
}

function checkLeaperInstance(rng: Rng, inst: Instance, tally: Tally): void {
  const { w, h, leap, squares } = inst;
  const n = squares.length;
  const g: Graph = moveGraph(makeBoard([w, h]), leaper(leap[0], leap[1]), squares);
  const adj = leaperMatrix(w, leap, squares);

  // The two graph constructions agree edge for edge (else a mismatch below would be the graph's fault).
  for (let a = 0; a < n; a++) {
    const nb = Array.from(g.adj.subarray(g.start[a], g.start[a + 1])).sort((x, y) => x - y);
    const want: number[] = [];
    for (let b = 0; b < n; b++) if (adj[a][b]) want.push(b);
    assert.deepEqual(nb, want, `neighbours of vertex ${a}`);
  }
  tally.families[inst.family] = (tally.families[inst.family] ?? 0) + 1;
  checkQueries(rng, adj, g, inst.start, inst, tally);
}

/**
 * Every engine query on one graph against the brute force. `query.end` proposes
 * a fixed end; the one used is written back there (for the failure message).
 */
function checkQueries(rng: Rng, adj: AdjMatrix, g: Graph, start: number, query: { end: number }, tally: Tally): void {
  const n = adj.length;
  const ends = pathEndCounts(adj, start);
  const free = countPaths(adj, start);
  // Many fixed ends are chosen among the real ends (ends of several paths first,
  // when there are any), so that fixed-end queries with one and with several
  // paths are common too; small leaper graphs seldom have the latter.
  const realEnds = ends.flatMap((c, v) => (c > 0 ? [v] : []));
  const richEnds = ends.flatMap((c, v) => (c > 1 ? [v] : []));
  if (richEnds.length > 0 && rng.chance(0.6)) query.end = rng.pick(richEnds);
  else if (realEnds.length > 0 && rng.chance(0.4)) query.end = rng.pick(realEnds);
  const end = query.end;
  const fixed = ends[end];
  const closed = countCycles(adj, start);
  tally.free[classOf(free)]++;
  tally.fixed[classOf(fixed)]++;
  tally.closed[classOf(n >= 3 ? closed / 2 : closed)]++;

  const queries = [
    { name: "free", q: { start }, total: free },
    { name: "fixed", q: { start, end }, total: fixed },
    { name: "closed", q: { start, closed: true }, total: closed },
  ] as const;

  for (const { name, q, total } of queries) {
    const pruned = countHamiltonianPaths(g, q);
    assert.equal(pruned.solutions, total, `${name} count (pruned)`);
    assert.equal(pruned.complete, true, `${name} complete (pruned)`);
    if (pruned.rejectedBy) tally.rejected[pruned.rejectedBy] = (tally.rejected[pruned.rejectedBy] ?? 0) + 1;
    // The forced-edge count only cuts branches: the same count, never more nodes than without it.
    const forced = countHamiltonianPaths(g, { ...q, forcedEdges: true });
    assert.equal(forced.solutions, total, `${name} count (forcedEdges)`);
    assert.equal(forced.complete, true, `${name} complete (forcedEdges)`);
    assert.ok(forced.nodes <= pruned.nodes, `${name}: forcedEdges took ${forced.nodes} nodes, ${pruned.nodes} without`);
    if (forced.nodes < pruned.nodes) tally.forcedCuts++;
    // Checked incrementally or over the whole graph at every node: the same cuts at the same nodes.
    const scanned = countHamiltonianPaths(g, { ...q, forcedEdges: "scan" });
    assert.deepEqual(scanned, forced, `${name}: forcedEdges "scan" and incremental differ`);
    const plain = countHamiltonianPaths(g, { ...q, prune: false });
    assert.equal(plain.solutions, total, `${name} count (prune: false)`);
    assert.equal(plain.complete, true, `${name} complete (prune: false)`);
    assert.equal(plain.rejectedBy, null, `${name}: no one-level test without pruning`);

    // limit caps the count; the engine stops at the limit-th solution and then
    // reports complete = false even when that was the last one (documented:
    // "false when limit ... stopped the search"), so complete == (total < limit).
    const limit = rng.int(1, Math.max(1, Math.min(total + 2, 6)));
    const capped = countHamiltonianPaths(g, { ...q, limit, prune: rng.chance(0.8) });
    assert.equal(capped.solutions, Math.min(limit, total), `${name} solutions with limit ${limit}`);
    assert.equal(capped.complete, total < limit, `${name} complete with limit ${limit}`);

    // A node budget may stop the search, but a search that says it is complete is exact.
    const budget = countHamiltonianPaths(g, { ...q, maxNodes: rng.int(1, 40) });
    if (budget.complete) assert.equal(budget.solutions, total, `${name} complete under maxNodes`);
    else assert.ok(budget.solutions <= total, `${name} incomplete count exceeds the total`);

    // onSolution returning false stops the search after that solution.
    let calls = 0;
    const stopped = countHamiltonianPaths(g, { ...q, onSolution: () => (++calls, false) });
    assert.equal(calls, Math.min(total, 1), `${name}: onSolution calls after returning false`);
    assert.equal(stopped.solutions, Math.min(total, 1), `${name}: solutions after onSolution returned false`);

    // decideUnique: free and fixed ends want exactly one path; closed wants exactly
    // one cycle up to direction: 2 directed cycles on 3+ vertices, 1 on 2 vertices.
    const uniqueWanted = name !== "closed" ? total === 1 : n >= 3 ? total === 2 : total === 1;
    const distinct = name === "closed" && n >= 3 ? total / 2 : total;
    const u = decideUnique(g, q, { forcedEdges: rng.chance(0.75) });
    assert.equal(u.unique, uniqueWanted, `${name} decideUnique.unique (brute total ${total})`);
    assert.equal(u.complete, true, `${name} decideUnique.complete`);
    if (u.solutions !== null) assert.equal(u.solutions, Math.min(2, distinct), `${name} decideUnique.solutions`);
    else assert.equal(u.rejectedBy, "N", `${name}: solutions null only when test N decided`);
    if (u.rejectedBy === "N") assert.notEqual(total, 1, `${name}: test N rejected a unique instance`);
    if (u.unique) {
      assert.ok(u.solution, `${name}: unique without a solution`);
      assertHamiltonian(adj, start, u.solution!, `${name} decideUnique.solution`);
    } else assert.equal(u.solution, null, `${name}: a solution given while not unique`);

    // With randomised probes (tiny budgets, so that every step of them runs): the same answer.
    const up = decideUnique(g, q, { probes: 3, probeNodes: rng.int(1, 8) });
    assert.equal(up.unique, uniqueWanted, `${name} decideUnique.unique with probes`);
    assert.equal(up.complete, true, `${name} decideUnique.complete with probes`);
    if (up.solutions !== null) assert.equal(up.solutions, Math.min(2, distinct), `${name} decideUnique.solutions with probes`);
    if (up.unique) assertHamiltonian(adj, start, up.solution!, `${name} decideUnique.solution with probes`);
    else assert.equal(up.solution, null, `${name}: a solution given with probes while not unique`);

    // Under a node budget the answer may be open, but "unique" needs a finished search.
    const ub = decideUnique(g, { ...q, maxNodes: rng.int(1, 30) });
    if (ub.complete) assert.equal(ub.unique, uniqueWanted, `${name} decideUnique.unique under maxNodes`);
    else assert.equal(ub.unique, false, `${name}: unique claimed by an unfinished search`);

    const found = findHamiltonianPath(g, q);
    assert.equal(found.path !== null, total > 0, `${name} findHamiltonianPath found`);
    assert.equal(found.complete, true, `${name} findHamiltonianPath complete`);
    if (found.path) assertHamiltonian(adj, start, found.path, `${name} findHamiltonianPath`);
  }

  // Enumeration: each path valid, pairwise distinct, and (small totals) exactly the
  // brute force's set. Beyond 2000 paths only the first 200 are listed (limit).
  const brutePaths = free <= 500 ? allPaths(adj, start) : null;
  const wanted: Record<string, (p: number[]) => boolean> = {
    free: () => true,
    fixed: (p) => p[p.length - 1] === end,
    closed: (p) => n >= 2 && adj[p[p.length - 1]][start],
  };
  for (const { name, q, total } of queries) {
    const limit = total > 2000 ? 200 : undefined;
    const { paths, result } = enumerateHamiltonianPaths(g, { ...q, limit, prune: rng.chance(0.85) });
    assert.equal(result.solutions, Math.min(total, limit ?? Infinity), `${name} enumerate count`);
    assert.equal(paths.length, result.solutions, `${name} enumerate paths`);
    const keys = new Set<string>();
    for (const p of paths) {
      assertHamiltonian(adj, start, p, `${name} enumerate`);
      if (name === "fixed") assert.equal(p[p.length - 1], end, `fixed path ${p} does not end on ${end}`);
      if (name === "closed") assert.ok(adj[p[p.length - 1]][start], `closed path ${p} does not end next to the start`);
      keys.add(p.join(","));
    }
    assert.equal(keys.size, paths.length, `${name}: enumerated paths repeat`);
    tally.pathsChecked += paths.length;
    if (brutePaths) {
      const want = brutePaths.filter(wanted[name]).map((p) => p.join(",")).sort();
      assert.deepEqual([...keys].sort(), want, `${name}: enumerated set differs from the brute force's`);
    }
  }
}

function report(what: string, instances: number, ms: number, tally: Tally): void {
  const fam = Object.keys(tally.families).length > 0 ? `; families ${JSON.stringify(tally.families)}` : "";
  console.log(
    `${what}: ${instances} instances in ${ms} ms${fam}\n` +
      `  solutions 0/1/>1: free end ${tally.free.join("/")}, fixed end ${tally.fixed.join("/")}, ` +
      `closed (cycles up to direction) ${tally.closed.join("/")}\n` +
      `  one-level rejections (pruned counts): ${JSON.stringify(tally.rejected)}; enumerated paths checked: ${tally.pathsChecked}; ` +
      `forced-edge cuts in ${tally.forcedCuts} queries`,
  );
}

function assertCoverage(what: string, cls: readonly number[], atLeast: number): void {
  for (let c = 0; c < 3; c++) {
    assert.ok(cls[c] >= atLeast, `${what}: only ${cls[c]} instances with ${["0", "1", ">1"][c]} solutions (want ${atLeast})`);
  }
}

Deno.test("engine equals the brute force on random leaper instances", () => {
  const seed = 20090001;
  const rng = mulberry32(seed);
  const instances = 10_500;
  const tally = emptyTally();
  const t0 = performance.now();
  for (let i = 0; i < instances; i++) {
    const r = rng.next();
    const inst = r < 0.25 ? uniformInstance(rng) : r < 0.45 ? denseInstance(rng) : r < 0.7 ? walkInstance(rng) : blobInstance(rng);
    withInstance(
      seed,
      () => `#${i} ${describe(inst)}\nedges ${JSON.stringify(edgesOf(leaperMatrix(inst.w, inst.leap, inst.squares)))}`,
      () => checkLeaperInstance(rng, inst, tally),
    );
  }
  report("leaper instances", instances, Math.round(performance.now() - t0), tally);
  // Coverage: the comparison means little unless every outcome occurs often. Leaper
  // graphs of at most 13 squares rarely have several paths to one fixed end or
  // several cycles; the random graphs below cover those classes.
  assertCoverage("leaper, free end", tally.free, 500);
  assert.ok(tally.fixed[0] >= 300 && tally.fixed[1] >= 300, `leaper, fixed end: ${tally.fixed}`);
  assert.ok(tally.closed[0] >= 300 && tally.closed[1] >= 300, `leaper, closed: ${tally.closed}`);
  assert.ok(tally.forcedCuts >= 15, `the forced-edge count cut nodes in only ${tally.forcedCuts} queries`);
  for (const t of ["K", "D", "S", "3"]) {
    assert.ok((tally.rejected[t] ?? 0) >= 20, `one-level test ${t} settled only ${tally.rejected[t] ?? 0} counts`);
  }
});

Deno.test("engine equals the brute force on random graphs (shuffled adjacency lists)", () => {
  const seed = 77;
  const rng = mulberry32(seed);
  const instances = 4000;
  const tally = emptyTally();
  const t0 = performance.now();
  for (let i = 0; i < instances; i++) {
    const p = rng.pick([0.2, 0.35, 0.5, 0.7]);
    const n = rng.int(1, p > 0.5 ? 8 : 9);
    const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(p)) adj[a][b] = adj[b][a] = true;
    const start = rng.int(0, n - 1);
    const query = { end: rng.chance(1 / 6) ? start : rng.int(0, n - 1) };
    // Neighbour lists in random order: no count may depend on the order edges are listed in.
    const g = toCsr(adj, (l) => rng.shuffle(l));
    withInstance(
      seed,
      () => `#${i} n=${n} start=${start} end=${query.end} edges ${JSON.stringify(edgesOf(adj))}`,
      () => checkQueries(rng, adj, g, start, query, tally),
    );
  }
  report("random graphs", instances, Math.round(performance.now() - t0), tally);
  assertCoverage("random graphs, free end", tally.free, 300);
  assertCoverage("random graphs, fixed end", tally.fixed, 300);
  assertCoverage("random graphs, closed", tally.closed, 300);
  assert.ok(tally.forcedCuts >= 100, `the forced-edge count cut nodes in only ${tally.forcedCuts} queries`);
});

Deno.test("engine conventions on tiny graphs", () => {
  const single = toCsr([[false]]);
  assert.equal(countHamiltonianPaths(single, { start: 0 }).solutions, 1, "one vertex: one path of length 0");
  assert.equal(countHamiltonianPaths(single, { start: 0, end: 0 }).solutions, 1, "one vertex, end = start");
  assert.equal(countHamiltonianPaths(single, { start: 0, closed: true }).solutions, 0, "one vertex: no cycle");
  const pair = toCsr([[false, true], [true, false]]);
  assert.equal(countHamiltonianPaths(pair, { start: 0, closed: true }).solutions, 1, "out and back counts once");
  assert.equal(decideUnique(pair, { start: 0, closed: true }).unique, true, "out and back is a unique closed tour");
  assert.equal(countHamiltonianPaths(pair, { start: 0, end: 0 }).solutions, 0, "two vertices, end = start");
  const triangle = toCsr([[false, true, true], [true, false, true], [true, true, false]]);
  assert.equal(countHamiltonianPaths(triangle, { start: 0, closed: true }).solutions, 2, "a triangle is one cycle, two directions");
  assert.equal(decideUnique(triangle, { start: 0, closed: true }).unique, true);
  assert.equal(decideUnique(triangle, { start: 0 }).unique, false, "two paths from a triangle corner");
  assert.throws(() => countHamiltonianPaths(triangle, { start: 3 }), /not a vertex/);
  assert.throws(() => countHamiltonianPaths(triangle, { start: 0, end: -2 }), /not a vertex/);
});
