/**
 * Differential tests of the two-ended completion (solvers/magic/bidir.ts): on
 * small boards it must find exactly the tours of a plain search (every
 * knight's tour by bare backtracking, filtered by the prefix, the line sums
 * and the allowed last squares), and exactly the tours MagicSearch finds below
 * the same prefixes of the 6x6 semimagic-style enumeration.
 */
import assert from "node:assert/strict";
import { bandTables, BidirSearch } from "../../solvers/magic/bidir.ts";
import { diagonalLines, type MagicLine, MagicSearch, rowColumnLines, semimagicLines } from "../../solvers/magic/engine.ts";
import { type EnumerationSpec, listPrefixes, makeSearch, seededRandom } from "../../solvers/magic/enumerate.ts";
import { allowedEnds } from "../../solvers/magic/reduce.ts";
import { numbersOfPath } from "../../solvers/magic/check.ts";
import { knightNeighbours, plainTours, sumsOk } from "../helpers/magic-plain.ts";

/** Lines whose targets are those of a given tour: some rows, some columns, maybe a diagonal, maybe a random square set. */
function linesOf(w: number, h: number, tour: number[], rand: () => number): MagicLine[] {
  const num = numbersOfPath(w * h, tour);
  const all = rowColumnLines(w, h, 0, 0).map((l) => l.squares);
  if (w === h) all.push(...diagonalLines(w, 0).map((l) => l.squares));
  const chosen = all.filter(() => rand() < 0.6);
  if (rand() < 0.5) chosen.push(Array.from({ length: w * h }, (_, i) => i).filter(() => rand() < 0.3));
  return chosen.filter((sq) => sq.length).map((squares) => ({ squares, target: squares.reduce((a, s) => a + num[s], 0) }));
}

function bidirTours(search: BidirSearch, prefix: number[], allowed: Uint8Array | null): string[] {
  const out: string[] = [];
  search.completePrefix(prefix, allowed, (p) => void out.push(Array.from(p).join(",")));
  return out.sort();
}

Deno.test("bidir: exactly the tours of a plain search below random prefixes, with random lines and allowed last squares", () => {
  const rand = seededRandom(53);
  let nonEmpty = 0, checks = 0;
  for (const [w, h] of [[5, 5], [4, 5], [3, 8], [3, 7]]) {
    const tours = plainTours(w, h), N = w * h, nb = knightNeighbours(w, h);
    assert(tours.length > 0);
    for (let trial = 0; trial < 8; trial++) {
      const lines = linesOf(w, h, tours[Math.floor(rand() * tours.length)], rand);
      const search = new BidirSearch({ width: w, height: h, lines });
      const keep = tours.filter((t) => sumsOk(t, lines));
      for (let k = 0; k < 6; k++) {
        // A prefix: the start of a kept tour (so some answers are non-empty), or a random walk.
        let prefix: number[];
        const len = 1 + Math.floor(rand() * (N - 1));
        if (keep.length && rand() < 0.5) prefix = keep[Math.floor(rand() * keep.length)].slice(0, len);
        else {
          prefix = [Math.floor(rand() * N)];
          while (prefix.length < len) {
            const next = nb[prefix[prefix.length - 1]].filter((u) => !prefix.includes(u));
            if (!next.length) break;
            prefix.push(next[Math.floor(rand() * next.length)]);
          }
        }
        const allowed = rand() < 0.3 ? null : Uint8Array.from({ length: N }, (_, e) => ((e * 5 + trial + k) % 3 !== 0 ? 1 : 0));
        const want = keep
          .filter((t) => prefix.every((s, i) => t[i] === s) && (allowed === null || allowed[t[N - 1]] === 1))
          .map((t) => t.join(","))
          .sort();
        assert.deepEqual(bidirTours(search, prefix, allowed), want, `${w}x${h} trial ${trial} prefix ${prefix.join(",")}`);
        if (want.length) nonEmpty++;
        checks++;
      }
    }
  }
  assert(nonEmpty > checks / 5, `enough non-empty answers (${nonEmpty} of ${checks})`);
});

Deno.test("bidir: no lines gives every tour from every start (rules D and M alone lose nothing)", () => {
  for (const [w, h] of [[5, 5], [3, 8]]) {
    const want = plainTours(w, h).map((t) => t.join(",")).sort();
    const search = new BidirSearch({ width: w, height: h, lines: [] });
    const got: string[] = [];
    for (let s = 0; s < w * h; s++) got.push(...bidirTours(search, [s], null));
    assert.deepEqual(got.sort(), want);
  }
});

Deno.test("bidir: the same tours as MagicSearch below prefixes of a 6x6 enumeration with the rows and columns of a tour", () => {
  // 6x6 has no semimagic knight's tour; the targets of one tour make a non-empty answer possible.
  const e: EnumerationSpec = { n: 6, mode: "all", depth: 8 };
  const rand = seededRandom(59);
  const split = listPrefixes(e, makeSearch(e));
  const old = new MagicSearch({ width: 6, height: 6, lines: [] });
  const some: number[][] = [];
  if (old.start(0)) {
    old.complete((p) => {
      some.push(Array.from(p));
      return some.length >= 400;
    });
  }
  old.clear();
  for (let trial = 0; trial < 3; trial++) {
    const num = numbersOfPath(36, some[Math.floor(rand() * some.length)]);
    const lines = rowColumnLines(6, 6, 0, 0).map((l) => ({ squares: l.squares, target: l.squares.reduce((a, s) => a + num[s], 0) }));
    const engine = new MagicSearch({ width: 6, height: 6, lines, connectivity: false });
    const search = new BidirSearch({ width: 6, height: 6, lines });
    // Prefixes of the tour itself (non-empty answers) and of the semimagic split (typical ones).
    const tour = some[Math.floor(rand() * some.length)];
    const prefixes = [tour.slice(0, 8)];
    for (let k = 0; k < 6; k++) {
      const i = Math.floor(rand() * (split.length / 8));
      prefixes.push(Array.from(split.subarray(i * 8, i * 8 + 8)));
    }
    for (const prefix of prefixes) {
      const allowed = allowedEnds(6, 6, prefix[0]);
      const want: string[] = [];
      let ok = engine.start(prefix[0], allowed);
      for (let j = 1; j < prefix.length && ok; j++) ok = engine.place(prefix[j]);
      if (ok) engine.complete((p) => void want.push(Array.from(p).join(",")));
      engine.clear();
      assert.deepEqual(bidirTours(search, prefix, allowed), want.sort(), `trial ${trial} prefix ${prefix.join(",")}`);
    }
  }
  // And the real semimagic lines (no tour on 6x6): both find nothing on the same prefixes.
  const search = new BidirSearch({ width: 6, height: 6, lines: semimagicLines(6) });
  for (let i = 0; i < split.length / 8; i += 97) {
    const prefix = Array.from(split.subarray(i * 8, i * 8 + 8));
    assert.deepEqual(bidirTours(search, prefix, allowedEnds(6, 6, prefix[0])), []);
  }
});

Deno.test("bidir: the band tables equal a brute force over subsets of every band, with and without rule K", () => {
  const n = 11, m1 = 4, MM = m1 * m1;
  for (const gap of [false, true]) {
    const { min, max } = bandTables(n, m1, gap);
    for (let lo = 1; lo <= n + 1; lo++) {
      for (let hi = lo - 1; hi <= n; hi++) {
        const nums = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
        const want = new Map<number, [number, number]>();
        for (let mask = 0; mask < 1 << nums.length; mask++) {
          const pick = nums.filter((_, i) => mask & (1 << i));
          if (gap && pick.some((v, i) => i > 0 && v - pick[i - 1] === 1)) continue;
          const a = pick.filter((v) => v & 1).length, b = pick.length - a;
          if (a >= m1 || b >= m1) continue;
          const sum = pick.reduce((x, y) => x + y, 0), k = a * m1 + b, w = want.get(k);
          want.set(k, w ? [Math.min(w[0], sum), Math.max(w[1], sum)] : [sum, sum]);
        }
        for (let k = 0; k < MM; k++) {
          const base = (lo * (n + 1) + hi) * MM + k, w = want.get(k);
          assert.deepEqual([min[base], max[base]], w ?? [0x3fffffff, -0x3fffffff], `gap=${gap} band ${lo}..${hi} cell ${k}`);
        }
      }
    }
  }
});
