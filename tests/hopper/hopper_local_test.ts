/**
 * Local search for SerienZiel positions (solvers/hopper/local.ts): every
 * position it returns is legal (k distinct hurdles, none on the hopper's
 * square, the bishophopper's on its colour) and carries the values an
 * independent BFS (the reference generator of hopper_bfs_test, re-written
 * here on coordinates) gives; annealing never returns a position worse than
 * its seed; adding and removing a hurdle change the count by one.
 */
import assert from "node:assert/strict";
import { colourOf, makeBoard } from "../../solvers/board/board.ts";
import { HOPPER_KINDS } from "../../solvers/pieces/hopper.ts";
import { addHurdle, anneal, improveColumn, removeHurdle, Scorer, type TableCell } from "../../solvers/hopper/local.ts";
import type { HopperPosition } from "../../solvers/hopper/search.ts";
import { mulberry32 } from "../helpers/random.ts";

const VEC: Record<string, number[][]> = {
  grasshopper: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  rookhopper: [[1, 0], [-1, 0], [0, 1], [0, -1]],
  bishophopper: [[1, 1], [1, -1], [-1, 1], [-1, -1]],
  nightriderhopper: [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]],
};

/** Longest shortest distance, and longest one with a unique shortest path, by a plain BFS with exact counts. */
function reference(kind: string, w: number, h: number, start: number, hurdles: number[]) {
  const occ = new Set(hurdles);
  const dist = new Map<number, number>([[start, 0]]);
  const ways = new Map<number, number>([[start, 1]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const [dx, dy] of VEC[kind]) {
      let x = v % w + dx, y = Math.floor(v / w) + dy;
      while (x >= 0 && x < w && y >= 0 && y < h && !occ.has(y * w + x)) (x += dx, y += dy);
      const lx = x + dx, ly = y + dy;
      if (!(x >= 0 && x < w && y >= 0 && y < h) || !(lx >= 0 && lx < w && ly >= 0 && ly < h) || occ.has(ly * w + lx)) continue;
      const u = ly * w + lx;
      if (!dist.has(u)) {
        dist.set(u, dist.get(v)! + 1);
        ways.set(u, ways.get(v)!);
        queue.push(u);
      } else if (dist.get(u) === dist.get(v)! + 1) ways.set(u, ways.get(u)! + ways.get(v)!);
    }
  }
  let longest = 0, dualFree = 0;
  for (const [s, d] of dist) {
    longest = Math.max(longest, d);
    if (ways.get(s) === 1) dualFree = Math.max(dualFree, d);
  }
  return { longest, dualFree, reached: dist.size - 1 };
}

function checkPosition(kind: string, w: number, h: number, p: HopperPosition, k: number, where: string) {
  const board = makeBoard([w, h]);
  assert.equal(p.hurdles.length, k, `${where}: hurdle count`);
  assert.equal(new Set(p.hurdles).size, k, `${where}: distinct hurdles`);
  assert.ok(!p.hurdles.includes(p.start), `${where}: a hurdle on the hopper`);
  for (const q of [p.start, ...p.hurdles]) assert.ok(q >= 0 && q < w * h);
  if (kind === "bishophopper") {
    for (const q of p.hurdles) {
      assert.equal(colourOf(board, q), colourOf(board, p.start), `${where}: colour`);
    }
  }
  const r = reference(kind, w, h, p.start, p.hurdles);
  assert.equal(p.longest, r.longest, `${where}: longest`);
  assert.equal(p.dualFree, r.dualFree, `${where}: dual-free`);
  assert.equal(p.reached, r.reached, `${where}: reached`);
}

Deno.test("annealing, adding and removing hurdles return legal positions with the values of a plain BFS", () => {
  const rng = mulberry32(4242);
  let checked = 0;
  for (let t = 0; t < 40; t++) {
    const kind = HOPPER_KINDS[t % 4];
    const w = rng.int(4, 7), h = rng.int(4, 7);
    const board = makeBoard([w, h]);
    const s = new Scorer(kind, board);
    const start = rng.int(0, w * h - 1);
    const pool = [...Array(w * h).keys()].filter((q) =>
      q !== start && (kind !== "bishophopper" || colourOf(board, q) === colourOf(board, start))
    );
    const k = rng.int(1, Math.min(6, pool.length - 1));
    const seed = s.position(start, rng.sample(pool, k));
    const where = `${kind} ${w}x${h} seed ${start}/${seed.hurdles}`;
    checkPosition(kind, w, h, seed, k, where);
    for (const column of ["longest", "dualFree"] as const) {
      const a = anneal(s, seed, { column, iterations: 3000, seed: t });
      checkPosition(kind, w, h, a, k, `${where} anneal ${column}`);
      assert.ok(a[column] >= seed[column], `${where}: annealing lost value`);
      const up = addHurdle(s, a, column);
      if (up) checkPosition(kind, w, h, up, k + 1, `${where} add`);
      const down = removeHurdle(s, a, column);
      if (down) checkPosition(kind, w, h, down, k - 1, `${where} remove`);
      checked++;
    }
  }
  assert.equal(checked, 80);
});

Deno.test("improveColumn fills every hurdle count and never loses a seed's value", () => {
  const board = makeBoard([6, 6]);
  for (const kind of HOPPER_KINDS) {
    const s = new Scorer(kind, board);
    const seed = s.position(14, [kind === "bishophopper" ? 21 : 15]);
    const cells: TableCell[] = [{ best: null, target: 0 }, { best: seed, target: 99 }];
    for (let k = 2; k <= 6; k++) cells.push({ best: null, target: 99 });
    improveColumn(s, cells, { column: "dualFree", iterations: 2000, attempts: 1, sweeps: 1, cellBudgetMs: 10_000, seed: 3 });
    for (let k = 1; k <= 6; k++) {
      const p = cells[k].best;
      assert.ok(p, `${kind} k=${k}: no position`);
      checkPosition(kind, 6, 6, p, k, `${kind} k=${k}`);
    }
    assert.ok(cells[1].best!.dualFree >= seed.dualFree);
  }
});
