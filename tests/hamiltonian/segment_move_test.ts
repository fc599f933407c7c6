/**
 * The second-path tests decideUnique runs on its first path (engine.ts hasSwap, the 2-opt, and
 * hasSegmentMove, the 3-opt segment moves), held to a brute force: for every three cuts (i, j, k) of the
 * path, every way of putting the two middle segments back between the same ends (exchanged or not, each
 * reversed or not) is built as a vertex sequence and checked edge by edge against the adjacency matrix,
 * and kept when it differs from the path. The two tests together must see such a sequence exactly when
 * the brute force does, hasSegmentMove alone only where a pure segment move (one that is not a single
 * reversal) exists, and every instance where either says yes must have two or more paths between the ends
 * by the plain enumeration of helpers/brute.ts. Random graphs built around a random path, and knight
 * positions along a random walk (the proof run's graphs), where segment moves are common and swaps miss.
 */
import assert from "node:assert/strict";
import { hasSegmentMove, hasSwap } from "../../solvers/hamiltonian/engine.ts";
import { type AdjMatrix, allPaths, edgesOf, leaperMatrix, toCsr } from "../helpers/brute.ts";
import { leaperWalk, mulberry32, type Rng, withInstance } from "../helpers/random.ts";

/** Every reconnection of P cut after i, j, k (B = P[i+1..j], C = P[j+1..k]) that is a path and differs from P. */
function bruteMoves(adj: AdjMatrix, p: number[]): { any: boolean; pure: boolean } {
  const n = p.length;
  let any = false, pure = false;
  const isPath = (q: number[]) => q.every((v, t) => t === 0 || adj[q[t - 1]][v]);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n - 1; k++) {
        const A = p.slice(0, i + 1), B = p.slice(i + 1, j + 1), C = p.slice(j + 1, k + 1), D = p.slice(k + 1);
        const rB = [...B].reverse(), rC = [...C].reverse();
        const options: [number[], boolean][] = [
          [[...A, ...rB, ...C, ...D], false],
          [[...A, ...B, ...rC, ...D], false],
          [[...A, ...rC, ...rB, ...D], false], // B C reversed together
          [[...A, ...rB, ...rC, ...D], true],
          [[...A, ...C, ...B, ...D], true],
          [[...A, ...rC, ...B, ...D], true],
          [[...A, ...C, ...rB, ...D], true],
        ];
        for (const [q, isPure] of options) {
          if (q.join() === p.join() || !isPath(q)) continue;
          any = true;
          // A pure move is one that is not also a single reversal of P (those are hasSwap's).
          if (isPure && !isReversal(p, q)) pure = true;
        }
      }
    }
  }
  return { any, pure };
}

/** Does q come from p by reversing one stretch? */
function isReversal(p: number[], q: number[]): boolean {
  let a = 0;
  while (a < p.length && p[a] === q[a]) a++;
  let b = p.length - 1;
  while (b > a && p[b] === q[b]) b--;
  for (let t = a; t <= b; t++) if (p[t] !== q[a + b - t]) return false;
  return true;
}

interface Tally {
  paths: number;
  swaps: number;
  segmentOnly: number;
  none: number;
}

function check(adj: AdjMatrix, g: ReturnType<typeof toCsr>, p: number[], t: Tally, all?: number[][]): void {
  const path = Int32Array.from(p);
  const swap = hasSwap(g, path);
  const seg = hasSegmentMove(g, path);
  const brute = bruteMoves(adj, p);
  t.paths++;
  assert.equal(swap || seg, brute.any, `2-opt or 3-opt second path on ${p}: engine ${swap}/${seg}, brute force ${brute.any}`);
  if (seg) assert.ok(brute.pure || swap, `hasSegmentMove on ${p} where only a reversal exists, and hasSwap says no`);
  if (brute.pure && !swap) assert.ok(seg, `hasSegmentMove missed a segment move on ${p}`);
  if (swap) t.swaps++;
  else if (seg) t.segmentOnly++;
  else t.none++;
  if (swap || seg) {
    const ends = (all ?? allPaths(adj, p[0])).filter((q) => q[q.length - 1] === p[p.length - 1]);
    assert.ok(ends.length >= 2, `a second path claimed on ${p}, but the ends have ${ends.length}`);
  }
}

function randomAround(rng: Rng, n: number, density: number): { adj: AdjMatrix; p: number[] } {
  const p = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const adj: AdjMatrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let t = 1; t < n; t++) adj[p[t - 1]][p[t]] = adj[p[t]][p[t - 1]] = true;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rng.chance(density)) adj[a][b] = adj[b][a] = true;
  return { adj, p };
}

Deno.test("swap and segment moves = the brute force over every three cuts (random graphs around a path)", () => {
  const seed = 3303;
  const rng = mulberry32(seed);
  const t: Tally = { paths: 0, swaps: 0, segmentOnly: 0, none: 0 };
  for (let i = 0; i < 2500; i++) {
    const n = rng.int(4, 13);
    const { adj, p } = randomAround(rng, n, rng.pick([0.05, 0.1, 0.2, 0.3]));
    const g = toCsr(adj, (l) => rng.shuffle(l));
    withInstance(seed, () => `#${i} path ${p} edges ${JSON.stringify(edgesOf(adj))}`, () => check(adj, g, p, t));
  }
  console.log(`random graphs: ${JSON.stringify(t)}`);
  assert.ok(t.segmentOnly >= 80 && t.swaps >= 300 && t.none >= 300, JSON.stringify(t));
});

Deno.test("swap and segment moves = the brute force on knight positions, every path of each", () => {
  const seed = 3304;
  const rng = mulberry32(seed);
  const t: Tally = { paths: 0, swaps: 0, segmentOnly: 0, none: 0 };
  for (let i = 0; i < 400; i++) {
    const w = rng.int(4, 6);
    const h = rng.int(4, 6);
    const squares = leaperWalk(rng, w, h, [1, 2], [6, 12], [0, 4], 14);
    const adj = leaperMatrix(w, [1, 2], squares);
    const g = toCsr(adj, (l) => rng.shuffle(l));
    const start = rng.int(0, squares.length - 1);
    const all = allPaths(adj, start).filter((q) => q.length === squares.length);
    for (const p of all.slice(0, 30)) {
      withInstance(seed, () => `#${i} ${w}x${h} squares ${squares} path ${p}`, () => check(adj, g, p, t, all));
    }
  }
  console.log(`knight positions: ${JSON.stringify(t)}`);
  assert.ok(t.segmentOnly >= 50 && t.swaps >= 100, JSON.stringify(t));
});
