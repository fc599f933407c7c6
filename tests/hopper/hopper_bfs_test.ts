/**
 * Shortest-path distances and counts of solvers/hopper/serienziel.ts against
 * brute force written here: enumerate every simple path of the hopper (moves
 * from the reference generator of hopper_moves_test's kind: coordinates,
 * first occupied square, empty landing) up to the board size, and for every
 * square take the least length and how many paths have it. Small boards,
 * random hurdles, all four hoppers; also the saturated counts and the listing
 * of shortest paths.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { hopper, HOPPER_KINDS } from "../../solvers/pieces/hopper.ts";
import { exactPathCounts, makeScratch, reachSummary, shortestPaths } from "../../solvers/hopper/serienziel.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const VEC: Record<string, number[][]> = {
  grasshopper: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  rookhopper: [[1, 0], [-1, 0], [0, 1], [0, -1]],
  bishophopper: [[1, 1], [1, -1], [-1, 1], [-1, -1]],
  nightriderhopper: [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]],
};

function movesRef(kind: string, w: number, h: number, from: number, occ: Uint8Array): number[] {
  const x0 = from % w, y0 = Math.floor(from / w);
  const out: number[] = [];
  for (const [dx, dy] of VEC[kind]) {
    let x = x0 + dx, y = y0 + dy;
    while (x >= 0 && x < w && y >= 0 && y < h && !occ[y * w + x]) {
      x += dx;
      y += dy;
    }
    if (!(x >= 0 && x < w && y >= 0 && y < h)) continue;
    const lx = x + dx, ly = y + dy;
    if (lx >= 0 && lx < w && ly >= 0 && ly < h && !occ[ly * w + lx]) out.push(ly * w + lx);
  }
  return out;
}

/** Least length and number of walks of that length, by enumerating all simple paths. */
function brute(kind: string, w: number, h: number, start: number, occ: Uint8Array) {
  const n = w * h;
  const best = new Array<number>(n).fill(Infinity);
  const ways = new Array<number>(n).fill(0);
  const seen = new Uint8Array(n);
  const go = (v: number, len: number) => {
    if (len < best[v]) {
      best[v] = len;
      ways[v] = 1;
    } else if (len === best[v]) ways[v]++;
    seen[v] = 1;
    for (const u of movesRef(kind, w, h, v, occ)) if (!seen[u]) go(u, len + 1);
    seen[v] = 0;
  };
  go(start, 0);
  return { best, ways };
}

Deno.test("BFS distances and exact shortest-path counts equal brute-force enumeration", () => {
  const rng = mulberry32(777);
  let instances = 0, multi = 0;
  for (let t = 0; t < 2000; t++) {
    const kind = HOPPER_KINDS[t % 4];
    const w = rng.int(3, 6), h = rng.int(3, 6);
    const board = makeBoard([w, h]);
    const rays = hopper(kind).rays(board);
    const occ = new Uint8Array(board.size);
    const k = rng.int(1, Math.min(10, board.size - 2));
    for (const s of rng.sample([...Array(board.size).keys()], k)) occ[s] = 1;
    const free = [...Array(board.size).keys()].filter((s) => !occ[s]);
    const start = rng.pick(free);
    withInstance(777, () => `${kind} ${w}x${h} start ${start} hurdles ${[...occ].join("")}`, () => {
      const ref = brute(kind, w, h, start, occ);
      const { dist, count } = exactPathCounts(rays, start, occ);
      const sc = makeScratch(rays);
      const sum = reachSummary(rays, start, occ, sc);
      let longest = 0, dualFree = 0, reached = 0;
      for (let s = 0; s < board.size; s++) {
        if (ref.best[s] === Infinity) {
          assert.equal(dist[s], -1);
          assert.equal(sc.dist[s], -1);
          continue;
        }
        assert.equal(dist[s], ref.best[s]);
        assert.equal(count[s], BigInt(ref.ways[s]));
        assert.equal(sc.count[s], ref.ways[s]);
        if (s !== start) reached++;
        longest = Math.max(longest, ref.best[s]);
        if (ref.ways[s] === 1) dualFree = Math.max(dualFree, ref.best[s]);
        if (ref.ways[s] > 1) multi++;
        // Every listed shortest path is a real path of the right length ending on s, all distinct, as many as counted.
        const paths = shortestPaths(rays, start, occ, s, 1000);
        assert.equal(paths.length, ref.ways[s]);
        assert.equal(new Set(paths.map((p) => p.map((hp) => hp.to).join())).size, paths.length);
        for (const p of paths) {
          assert.equal(p.length, ref.best[s]);
          let at = start;
          for (const hp of p) {
            assert.equal(hp.from, at);
            assert.ok(movesRef(kind, w, h, at, occ).includes(hp.to));
            assert.equal(occ[hp.hurdle], 1);
            at = hp.to;
          }
          assert.equal(at, s);
        }
      }
      assert.equal(sum.longest, longest);
      assert.equal(sum.dualFree, dualFree);
      assert.equal(sum.reached, reached);
      assert.equal(sc.dist[sum.longestTarget], longest);
    });
    instances++;
  }
  assert.equal(instances, 2000);
  assert.ok(multi > 50, "the instances must include squares with several shortest paths");
});

Deno.test("saturated counts: exact below the cap, the cap when there are at least that many", () => {
  const rng = mulberry32(31);
  const board = makeBoard([8, 8]);
  const rays = hopper("grasshopper").rays(board);
  const sc = makeScratch(rays);
  let saturated = 0;
  for (let t = 0; t < 200; t++) {
    const occ = new Uint8Array(64);
    for (const s of rng.sample([...Array(64).keys()], rng.int(4, 20))) occ[s] = 1;
    const start = rng.pick([...Array(64).keys()].filter((s) => !occ[s]));
    const { count } = exactPathCounts(rays, start, occ);
    reachSummary(rays, start, occ, sc, 2);
    for (let s = 0; s < 64; s++) {
      if (count[s] === 0n) continue;
      assert.equal(sc.count[s], count[s] >= 2n ? 2 : Number(count[s]));
      if (count[s] > 2n) saturated++;
    }
  }
  assert.ok(saturated > 0);
});
