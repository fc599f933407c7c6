/**
 * solvers/hopper/dawson-enum.ts against a brute force on random small boards:
 * every placement of k hurdles off the start, its jump graph from the hopper
 * module (tour.ts's tourGraph over pieces/hopper.ts, not the enumeration's own
 * options), and a plain depth-first search with no cut.
 *  - The ENTRY survivors must be exactly the placements in which every free
 *    square but the start has a jump into it (the rule is an equivalence: a
 *    free B = S - 2d jumps over the hurdle S - d onto S), each once.
 *  - The EXIT survivors must be exactly those of them with at most one free
 *    square without a jump out and the start with one.
 *  - The placements with a tour must be exactly the brute force's.
 *  - Slices must partition the survivors.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { hopper } from "../../solvers/pieces/hopper.ts";
import { occupancy } from "../../solvers/hopper/serienziel.ts";
import { tourGraph } from "../../solvers/hopper/tour.ts";
import { enumeratePlacements } from "../../solvers/hopper/dawson-enum.ts";
import { mulberry32 } from "../helpers/random.ts";

function combos(n: number, k: number, from = 0, acc: number[] = [], out: number[][] = []): number[][] {
  if (acc.length === k) out.push([...acc]);
  else for (let i = from; i < n; i++) combos(n, k, i + 1, [...acc, i], out);
  return out;
}

interface Brute {
  entry: Set<string>;
  exit: Set<string>;
  tours: Set<string>;
}

/** For every start square at once: each placement's jump graph is built once (vertex 0 its first free square). */
function brute(w: number, h: number, k: number): Map<number, Brute> {
  const board = makeBoard([w, h]);
  const rays = hopper("grasshopper").rays(board);
  const all = new Map<number, Brute>();
  for (let s = 0; s < w * h; s++) all.set(s, { entry: new Set(), exit: new Set(), tours: new Set() });
  for (const hs of combos(w * h, k)) {
    const first = [...Array(w * h).keys()].find((s) => !hs.includes(s))!;
    const g = tourGraph(rays, first, occupancy(board, hs));
    const n = g.squares.length;
    const key = hs.join(",");
    const noIn = [], noOut = [];
    for (let v = 0; v < n; v++) {
      if (g.inStart[v + 1] === g.inStart[v]) noIn.push(v);
      if (g.outStart[v + 1] === g.outStart[v]) noOut.push(v);
    }
    for (let v0 = 0; v0 < n; v0++) {
      const out = all.get(g.squares[v0])!;
      if (noIn.some((v) => v !== v0)) continue;
      out.entry.add(key);
      if (noOut.length > 1 || (n > 1 && noOut.includes(v0))) continue;
      out.exit.add(key);
      const seen = new Uint8Array(n);
      seen[v0] = 1;
      let len = 1;
      const go = (v: number): boolean => {
        if (len === n) return true;
        for (let i = g.outStart[v]; i < g.outStart[v + 1]; i++) {
          const t = g.out[i];
          if (seen[t]) continue;
          seen[t] = 1;
          len++;
          if (go(t)) return true;
          len--;
          seen[t] = 0;
        }
        return false;
      };
      if (go(v0)) out.tours.add(key);
    }
  }
  return all;
}

Deno.test("incremental placement enumeration = brute force (ENTRY survivors, EXIT survivors, tours, slices) on random small boards", () => {
  const rng = mulberry32(1411);
  let cases = 0, withTours = 0, entryTotal = 0;
  // [w, h, hurdle counts, starts per count]; the brute force walks C(wh, k) placements.
  const boards: [number, number, number[], number][] = [
    [4, 4, [3, 4, 5, 6, 7, 8], 2],
    [3, 5, [3, 4, 5, 6], 2],
    [3, 6, [4, 5, 6], 2],
    [5, 5, [4, 5], 1],
    [4, 6, [5], 2],
    [5, 6, [4], 1],
  ];
  for (const [w, h, ks, reps] of boards) {
    for (const k of ks) {
      const byStart = brute(w, h, k);
      // Every start that has a tour, and `reps` random others.
      const starts = new Set([...byStart].filter(([, b]) => b.tours.size > 0).map(([s]) => s));
      for (let rep = 0; rep < reps; rep++) starts.add(rng.int(0, w * h - 1));
      for (const start of starts) {
        const want = byStart.get(start)!;
        const entry: string[] = [], exit: string[] = [], tours: string[] = [];
        const got = enumeratePlacements({
          w,
          h,
          hurdles: k,
          start,
          onLeaf: (hs, ok) => {
            entry.push(hs.join(","));
            if (ok) exit.push(hs.join(","));
          },
          onTour: (hs, moves) => {
            tours.push(hs.join(","));
            // The reported path is a real tour: every free square once.
            assert.equal(moves.length, w * h - k - 1);
            assert.equal(new Set([start, ...moves, ...hs]).size, w * h);
          },
        });
        const tag = `${w}x${h} k=${k} start ${start}`;
        assert.equal(entry.length, new Set(entry).size, `${tag}: a placement generated twice`);
        assert.deepEqual(entry.sort(), [...want.entry].sort(), `${tag}: ENTRY survivors`);
        assert.deepEqual(exit.sort(), [...want.exit].sort(), `${tag}: EXIT survivors`);
        assert.deepEqual(tours.sort(), [...want.tours].sort(), `${tag}: placements with a tour`);
        assert.equal(got.entry, want.entry.size);
        assert.equal(got.withTour, want.tours.size);
        // Slices partition the leaves.
        const m = rng.int(2, 5), depth = rng.int(1, 6);
        const sliced: string[] = [];
        let subtrees = -1;
        for (let s = 0; s < m; s++) {
          const r = enumeratePlacements({
            w,
            h,
            hurdles: k,
            start,
            slice: s,
            slices: m,
            sliceDepth: depth,
            decide: false,
            onLeaf: (hs) => void sliced.push(hs.join(",")),
          });
          if (subtrees >= 0) assert.equal(r.subtrees, subtrees);
          subtrees = r.subtrees;
        }
        assert.deepEqual(sliced.sort(), [...want.entry].sort(), `${tag}: ${m} slices at depth ${depth}`);
        cases++;
        entryTotal += want.entry.size;
        if (want.tours.size > 0) withTours++;
      }
    }
  }
  console.log(`${cases} cases, ${withTours} with tours, ${entryTotal} ENTRY survivors`);
  assert.ok(withTours >= 10, `enough cases with tours (${withTours} of ${cases})`);
  assert.ok(entryTotal >= 200, `enough ENTRY survivors (${entryTotal})`);
});

Deno.test("committed 8x8 run files: recomputed slices give the same counts and tours (h11 c1 slice 8, h10 c1 every slice)", () => {
  const board = makeBoard([8, 8]);
  const check = (k: number, start: string, only: number[] | null) => {
    const run = JSON.parse(Deno.readTextFileSync(`data/hopper/proofs/dawson/open-h${k}-${start}.json`));
    assert.equal(run.done.length, run.slices, `${k} ${start}: every slice done`);
    for (const d of run.done) {
      if (only && !only.includes(d.slice)) continue;
      const tours: string[] = [];
      const r = enumeratePlacements({
        w: 8,
        h: 8,
        hurdles: k,
        start: parseSquare(board, start),
        slice: d.slice,
        slices: run.slices,
        sliceDepth: run.sliceDepth,
        onTour: (hs) => void tours.push(hs.map((s) => squareName(board, s)).join(" ")),
      });
      const tag = `h${k} ${start} slice ${d.slice}`;
      assert.equal(r.subtrees, run.subtrees, tag);
      for (const f of ["nodes", "entry", "exit", "withTour", "truncated", "taken"] as const) assert.equal(r[f], d[f], `${tag}: ${f}`);
      assert.deepEqual(tours, d.tours.map((t: { hurdles: string[] }) => t.hurdles.join(" ")), `${tag}: tours`);
    }
  };
  check(11, "c1", [8]);
  check(10, "c1", null);
});
