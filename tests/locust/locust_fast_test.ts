/**
 * The fast locust searches against plain brute force:
 *   - BitCaptureCounter (bitboards, memo kept across calls, event-flood test)
 *     gives the same capped counts, open and closed, as a recursion with no
 *     memo and no pruning, on random positions of 5x5 and 6x6 boards, for the
 *     locust and the rook-locust (one counter reused for all, so a wrong memo
 *     entry carried between calls would show);
 *   - LazySearch (decided-as-needed squares, the manless-square budget of
 *     Lemmas A-C, the reachability test, the explored-state memo) yields
 *     exactly the positions with a complete sequence of m men from each start,
 *     compared with every position of the 4x4 board, for every m, open and closed.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { capturesInto, type LineTable, lineTable, MAN } from "../../solvers/pieces/locust.ts";
import { BitCaptureCounter } from "../../solvers/locust/bitsearch.ts";
import { LazySearch } from "../../solvers/locust/lazy.ts";
import { buildEdgeSpace, EdgeRunner, emptyCounts, runEdgeRange, testedPlacements } from "../../solvers/locust/edge-space.ts";
import { backwardPosition, bruteLocustCount, rng } from "../helpers/locust-brute.ts";

/** Complete sequences by plain recursion, capped at `cap` (closed: ending on the start). */
function bruteCount(t: LineTable, start: number, men: number[], closed: boolean, cap: number, end = closed ? start : -1): number {
  return bruteLocustCount(t, start, men, cap, end);
}

/** A position with a sequence (built backwards), and every other time one man more anywhere free: usually no sequence then, sometimes a different count. */
function backwardOrOneMore(t: LineTable, steps: number, rnd: () => number, oneMore: boolean): { start: number; men: number[] } {
  const { start, men } = backwardPosition(t, steps, rnd);
  if (!oneMore) return { start, men };
  const free = Array.from({ length: t.board.size }, (_, q) => q).filter((q) => q !== start && !men.includes(q));
  return { start, men: free.length ? [...men, free[Math.floor(rnd() * free.length)]] : men };
}

Deno.test("BitCaptureCounter equals brute force on random 5x5 and 6x6 positions", () => {
  const rnd = rng(2026);
  let withSequence = 0, checked = 0;
  for (const n of [5, 6]) {
    for (const kind of ["locust", "rook-locust"] as const) {
      const t = lineTable(makeBoard([n, n]), kind);
      const counter = new BitCaptureCounter(t, 12);
      // two small tables (states with 7 or more men left in one, the others in the other): full buckets, replacement
      const twoTables = new BitCaptureCounter(t, 6, { bits: 5, split: 7 });
      for (let i = 0; i < 250; i++) {
        const size = n * n;
        let start: number, men: number[];
        if (i % 2 === 0) {
          ({ start, men } = backwardOrOneMore(t, 4 + Math.floor(rnd() * (n === 5 ? 12 : 16)), rnd, i % 4 === 0));
        } else {
          const perm = Array.from({ length: size }, (_, k) => k);
          for (let k = size - 1; k > 0; k--) {
            const j = Math.floor(rnd() * (k + 1));
            [perm[k], perm[j]] = [perm[j], perm[k]];
          }
          const m = 3 + Math.floor(rnd() * (n === 5 ? 13 : 14));
          start = perm[0];
          men = perm.slice(1, 1 + m);
        }
        if (men.length === 0) continue;
        for (const closed of [false, true]) {
          // The brute force capped at 3 answers every smaller cap too (a capped count is min(count, cap)).
          const upTo3 = bruteCount(t, start, men, closed, 3);
          for (const cap of [1, 2, 3]) {
            const want = Math.min(upTo3, cap);
            const got = counter.count(start, men, { limit: cap, closed });
            assert.ok(got.complete);
            assert.equal(got.count, want, `${kind} ${n}x${n} start ${start} men ${men} closed ${closed} cap ${cap}`);
            assert.equal(
              twoTables.count(start, men, { limit: cap, closed }).count,
              want,
              `two tables: ${kind} ${n}x${n} start ${start} men ${men} closed ${closed} cap ${cap}`,
            );
            if (want > 0) withSequence++;
            checked++;
          }
        }
        // a fixed final square (the scan's restriction), on the same counter and memo
        const end = Math.floor(rnd() * size);
        const endUpTo2 = bruteCount(t, start, men, false, 2, end);
        for (const cap of [1, 2]) {
          assert.equal(
            counter.count(start, men, { limit: cap, end }).count,
            Math.min(endUpTo2, cap),
            `end ${end} cap ${cap}`,
          );
        }
      }
    }
  }
  // the sample must contain positions with sequences, or the comparison says little
  assert.ok(withSequence > 100, `only ${withSequence} of ${checked} checks had a sequence`);
});

Deno.test("BitCaptureCounter equals brute force on 8x8 positions that differ only in squares 32-63 (the memo key's high word)", () => {
  // On 5x5 and 6x6 only squares 32-35 live in the high word, so a memo that
  // compared the low word alone would seldom be caught there. Here each
  // position is followed, on the same counter and memo, by its twin with one
  // man moved between free squares of ranks 5-8: the states the twins reach
  // agree on squares 0-31 and differ above.
  const rnd = rng(88);
  let differ = 0, checked = 0;
  for (const kind of ["locust", "rook-locust"] as const) {
    const t = lineTable(makeBoard([8, 8]), kind);
    const counters = [new BitCaptureCounter(t, 10), new BitCaptureCounter(t, 6, { bits: 4, split: 6 })];
    for (let i = 0; i < 120; i++) {
      const { start, men } = backwardPosition(t, 6 + Math.floor(rnd() * 8), rnd);
      const high = men.filter((q) => q >= 32);
      const freeHigh = Array.from({ length: 32 }, (_, k) => 32 + k).filter((q) => q !== start && !men.includes(q));
      if (high.length === 0 || freeHigh.length === 0) continue;
      const from = high[Math.floor(rnd() * high.length)], to = freeHigh[Math.floor(rnd() * freeHigh.length)];
      const twin = men.map((q) => (q === from ? to : q));
      for (const closed of [false, true]) {
        const want = [bruteCount(t, start, men, closed, 2), bruteCount(t, start, twin, closed, 2)];
        if (want[0] !== want[1]) differ++;
        for (const c of counters) {
          assert.equal(c.count(start, men, { limit: 2, closed }).count, want[0], `${kind} start ${start} men ${men} closed ${closed}`);
          assert.equal(
            c.count(start, twin, { limit: 2, closed }).count,
            want[1],
            `${kind} twin start ${start} men ${twin} closed ${closed}`,
          );
        }
        checked++;
      }
    }
  }
  // twins with different counts are what a key without the high word would confuse
  assert.ok(differ > 20, `only ${differ} of ${checked} twin pairs differ`);
});

Deno.test("the flood test changes no count (counter with and without it)", () => {
  const rnd = rng(77);
  const t = lineTable(makeBoard([6, 6]), "rook-locust");
  const a = new BitCaptureCounter(t, 12), b = new BitCaptureCounter(t, 12);
  let nonzero = 0;
  for (let i = 0; i < 300; i++) {
    const { start, men } = backwardPosition(t, 6 + (i % 14), rnd);
    if (a.count(start, men, { limit: 5 }).count > 0) nonzero++;
    assert.equal(a.count(start, men, { limit: 5 }).count, b.count(start, men, { limit: 5, noFlood: true }).count);
    assert.equal(
      a.count(start, men, { limit: 5, closed: true }).count,
      b.count(start, men, { limit: 5, closed: true, noFlood: true }).count,
    );
  }
  assert.equal(nonzero, 300, "backward positions always have a sequence");
});

const brute4x4Cache = new Map<string, Map<string, { open: number; closed: number }>>();
/**
 * Brute force over every start and every set of men of the 4x4 board, once per kind for the two tests that use it:
 * "start:mask" -> open sequences capped at 2 and closed ones capped at 1, for the positions with an open sequence
 * (a closed sequence is an open one, so the others have none).
 */
function brute4x4(kind: "locust" | "rook-locust"): Map<string, { open: number; closed: number }> {
  const cached = brute4x4Cache.get(kind);
  if (cached) return cached;
  const t = lineTable(makeBoard([4, 4]), kind);
  const brute = new Map<string, { open: number; closed: number }>();
  for (let start = 0; start < 16; start++) {
    for (let mask = 1; mask < 1 << 16; mask++) {
      if ((mask >> start) & 1) continue;
      const men: number[] = [];
      for (let q = 0; q < 16; q++) if ((mask >> q) & 1) men.push(q);
      const open = bruteCount(t, start, men, false, 2);
      if (open) brute.set(`${start}:${mask}`, { open, closed: bruteCount(t, start, men, true, 1) });
    }
  }
  brute4x4Cache.set(kind, brute);
  return brute;
}

Deno.test("LazySearch yields exactly the 4x4 positions with a complete sequence, every m, open and closed", () => {
  for (const kind of ["locust", "rook-locust"] as const) {
    const t = lineTable(makeBoard([4, 4]), kind);
    const lazy = new LazySearch(t);
    lazy.setMemo(12);
    const brute = brute4x4(kind);
    let positions = 0;
    for (const closed of [false, true]) {
      const found = new Set<string>();
      for (let start = 0; start < 16; start++) {
        for (let m = 1; m <= 16; m++) {
          lazy.run({
            start,
            men: m,
            closed,
            onSequence: (captured) => {
              let mask = 0;
              for (const q of captured) mask |= 1 << q;
              found.add(`${start}:${mask}`);
            },
          });
        }
      }
      const want = [...brute.entries()].filter(([, v]) => (closed ? v.closed : v.open) > 0).map(([k]) => k).sort();
      assert.deepEqual([...found].sort(), want, `${kind} closed=${closed}`);
      positions += want.length;
    }
    assert.ok(positions > 50, `${kind}: ${positions} positions`);
  }
});

Deno.test("edge method (EdgeRunner on the fast counter) agrees with brute-force maxima on 4x4", () => {
  for (const kind of ["locust", "rook-locust"] as const) {
    const brute = brute4x4(kind);
    let maxAny = 0, maxClosedUnique = 0;
    for (let start = 0; start < 16; start++) {
      for (let mask = 1; mask < 1 << 16; mask++) {
        if ((mask >> start) & 1) continue;
        const men: number[] = [];
        for (let q = 0; q < 16; q++) if ((mask >> q) & 1) men.push(q);
        if (men.length <= maxClosedUnique && men.length <= maxAny) continue;
        const counts = brute.get(`${start}:${mask}`);
        const all = counts?.open ?? 0;
        if (all > 0) maxAny = Math.max(maxAny, men.length);
        if (all === 1 && counts!.closed === 1) maxClosedUnique = Math.max(maxClosedUnique, men.length);
      }
    }
    const sizes = kind === "locust" ? [maxAny, maxAny + 1, maxClosedUnique, maxClosedUnique + 1] : [7];
    for (const men of sizes) {
      if (men > 8) continue;
      const space = buildEdgeSpace(kind, 4, men);
      const exists = runEdgeRange(space, "exists", 0, space.total);
      const cu = runEdgeRange(space, "closed-unique", 0, space.total);
      assert.equal(exists.hits > 0, maxAny >= men, `${kind} exists ${men} (max ${maxAny})`);
      assert.equal(cu.hits > 0, maxClosedUnique >= men, `${kind} closed-unique ${men} (max ${maxClosedUnique})`);
      assert.equal(exists.placements, space.total);
    }
  }
});

Deno.test("LazySearch with a fixed end square or first move yields exactly the matching 4x4 positions", () => {
  const t = lineTable(makeBoard([4, 4]), "rook-locust");
  const lazy = new LazySearch(t);
  lazy.setMemo(12);
  // brute force: for every position, the end squares and first moves of its complete sequences
  const ends = new Set<string>(), firsts = new Set<string>();
  const occ = new Uint8Array(16);
  const man = new Int32Array(t.dirs * 17), land = new Int32Array(t.dirs * 17);
  for (let start = 0; start < 16; start++) {
    for (let mask = 1; mask < 1 << 16; mask++) {
      if ((mask >> start) & 1) continue;
      let m = 0;
      for (let q = 0; q < 16; q++) {
        occ[q] = (mask >> q) & 1 ? MAN : 0;
        m += occ[q];
      }
      const rec = (at: number, left: number, depth: number, first: string): void => {
        if (left === 0) {
          ends.add(`${start}:${mask}:${at}`);
          firsts.add(`${start}:${mask}:${first}`);
          return;
        }
        const n = capturesInto(t, at, occ, man, land, depth * t.dirs);
        for (let k = 0; k < n; k++) {
          const c = man[depth * t.dirs + k];
          occ[c] = 0;
          rec(land[depth * t.dirs + k], left - 1, depth + 1, depth === 0 ? `${c}>${land[k]}` : first);
          occ[c] = MAN;
        }
      };
      rec(start, m, 0, "");
    }
  }
  const gotEnds = new Set<string>(), gotFirsts = new Set<string>();
  const maskOf = (captured: Int32Array) => {
    let mask = 0;
    for (const q of captured) mask |= 1 << q;
    return mask;
  };
  for (let start = 0; start < 16; start++) {
    for (let m = 1; m <= 15; m++) {
      for (let end = 0; end < 16; end++) {
        lazy.run({ start, men: m, end, onSequence: (c) => void gotEnds.add(`${start}:${maskOf(c)}:${end}`) });
      }
      for (let a = 0; a < 16; a++) {
        for (let b = 0; b < 16; b++) {
          lazy.run({ start, men: m, first: { man: a, land: b }, onSequence: (c) => void gotFirsts.add(`${start}:${maskOf(c)}:${a}>${b}`) });
        }
      }
    }
  }
  assert.deepEqual([...gotEnds].sort(), [...ends].sort());
  assert.deepEqual([...gotFirsts].sort(), [...firsts].sort());
  assert.ok(ends.size > 20);
});

Deno.test("the zone test changes no count: every locust kind against brute force, positions rich in edge men", () => {
  const rnd = rng(4242);
  let cuts = 0, checked = 0, withSequence = 0;
  for (const n of [5, 6]) {
    for (const kind of ["locust", "rook-locust", "bishop-locust", "nightrider-locust"] as const) {
      const t = lineTable(makeBoard([n, n]), kind);
      // flood off, so that the zone test alone decides the states it cuts
      const counter = new BitCaptureCounter(t, 12);
      const size = n * n;
      const edge: number[] = [], inner: number[] = [];
      for (let q = 0; q < size; q++) {
        const x = q % n, y = Math.floor(q / n);
        (x === 0 || y === 0 || x === n - 1 || y === n - 1 ? edge : inner).push(q);
      }
      for (let i = 0; i < 300; i++) {
        let start: number, men: number[];
        if (i % 3 === 0) {
          ({ start, men } = backwardPosition(t, 3 + Math.floor(rnd() * (n === 5 ? 12 : 16)), rnd));
        } else {
          // a few edge men (as in the edge method's spaces) and a random interior
          const occ = new Uint8Array(size);
          for (const q of edge) if (rnd() < 0.3) occ[q] = 1;
          for (const q of inner) if (rnd() < 0.5) occ[q] = 1;
          const free = Array.from({ length: size }, (_, q) => q).filter((q) => !occ[q]);
          if (free.length === 0) continue;
          start = free[Math.floor(rnd() * free.length)];
          men = Array.from({ length: size }, (_, q) => q).filter((q) => occ[q]);
        }
        if (men.length === 0) continue;
        for (const closed of [false, true]) {
          const upTo2 = bruteCount(t, start, men, closed, 2);
          for (const cap of [1, 2]) {
            const want = Math.min(upTo2, cap);
            const got = counter.count(start, men, { limit: cap, closed, noFlood: true });
            assert.ok(got.complete);
            assert.equal(got.count, want, `${kind} ${n}x${n} start ${start} men ${men} closed ${closed} cap ${cap}`);
            if (want > 0) withSequence++;
            checked++;
          }
        }
      }
      cuts += counter.zoneCuts;
    }
  }
  // the rule must have fired often, and positions with sequences must be present, or the comparison says little
  assert.ok(cuts > 1000, `the zone test cut only ${cuts} states`);
  assert.ok(withSequence > 100, `only ${withSequence} of ${checked} checks had a sequence`);
});

Deno.test("the reach test changes no count: every locust kind against brute force, open, closed and a fixed end", () => {
  const rnd = rng(9090);
  let checked = 0, withSequence = 0, cuts = 0, cutsAtSequence = 0;
  for (const n of [5, 6]) {
    for (const kind of ["locust", "rook-locust", "bishop-locust", "nightrider-locust"] as const) {
      const t = lineTable(makeBoard([n, n]), kind);
      // flood and zones off, so that the reach test alone decides the states it cuts
      const counter = new BitCaptureCounter(t, 12);
      const size = n * n;
      for (let i = 0; i < 200; i++) {
        let start: number, men: number[];
        if (i % 2 === 0) {
          ({ start, men } = backwardOrOneMore(t, 3 + Math.floor(rnd() * (n === 5 ? 14 : 20)), rnd, i % 4 === 0));
        } else {
          const occ = new Uint8Array(size);
          for (let q = 0; q < size; q++) if (rnd() < 0.6) occ[q] = 1;
          const free = Array.from({ length: size }, (_, q) => q).filter((q) => !occ[q]);
          if (free.length === 0) continue;
          start = free[Math.floor(rnd() * free.length)];
          men = Array.from({ length: size }, (_, q) => q).filter((q) => occ[q]);
        }
        if (men.length === 0) continue;
        const end = Math.floor(rnd() * size);
        for (const [closed, e] of [[false, -1], [true, start], [false, end]] as const) {
          const upTo2 = bruteCount(t, start, men, closed, 2, e);
          for (const cap of [1, 2]) {
            const want = Math.min(upTo2, cap);
            const before = counter.reachCuts;
            const got = counter.count(start, men, {
              limit: cap,
              closed,
              ...(e >= 0 && !closed ? { end: e } : {}),
              noFlood: true,
              noZones: true,
              reachFrom: 0,
            });
            assert.ok(got.complete);
            assert.equal(got.count, want, `${kind} ${n}x${n} start ${start} men ${men} closed ${closed} end ${e} cap ${cap}`);
            if (want > 0) {
              withSequence++;
              if (counter.reachCuts > before) cutsAtSequence++;
            }
            checked++;
          }
        }
      }
      cuts += counter.reachCuts;
    }
  }
  // the rule must have fired often, also inside searches that found sequences, or the comparison says little
  assert.ok(cuts > 2000, `the reach test cut only ${cuts} states`);
  assert.ok(cutsAtSequence > 50, `the reach test cut inside only ${cutsAtSequence} searches with a sequence`);
  assert.ok(withSequence > 300, `only ${withSequence} of ${checked} checks had a sequence`);
});

Deno.test("edge-method ranges give the same counts with and without the zone and reach tests, two memo tables or one (slices of 6x6 rook-locust 20, 6x6 locust 22 and 8x8 rook-locust 39)", () => {
  for (
    const [kind, n, men, from, to] of [["rook-locust", 6, 20, 0, 8192], ["locust", 6, 22, 1600, 2100], [
      "rook-locust",
      8,
      39,
      786432,
      786432 + 96,
    ]] as const
  ) {
    const space = buildEdgeSpace(kind, n, men);
    for (const mode of ["exists", "closed-unique"] as const) {
      // the prover's runner (two memo tables, zone and reach tests off) against one large table with both tests on
      const withRule = new EdgeRunner(space, mode, 20, { zones: true, reachFrom: 0 }), without = new EdgeRunner(space, mode);
      const a = emptyCounts(), b = emptyCounts();
      withRule.run(from, Math.min(to, space.total), a);
      without.run(from, Math.min(to, space.total), b);
      assert.equal(without.zoneCuts + without.reachCuts, 0);
      assert.ok(
        a.tested > 0 && withRule.zoneCuts > 0 && withRule.reachCuts > 0,
        `${kind} ${n}x${n} ${men} ${mode}: ${a.tested} tested, ${withRule.zoneCuts} zone cuts, ${withRule.reachCuts} reach cuts`,
      );
      // main counts and by-products (positions with a sequence, with exactly one) alike; some sequences must be present
      const { nodes: _a, ...ca } = a, { nodes: _b, ...cb } = b;
      assert.deepEqual(ca, cb, `${kind} ${n}x${n} ${men} ${mode}`);
      // (the 6x6 rook-locust 20 space holds none at all; the other two slices do)
      if (mode === "closed-unique" && !(kind === "rook-locust" && n === 6)) {
        assert.ok((b.withSequence ?? 0) > 0, `${kind} ${n}x${n} ${men}: no position with a sequence in the range`);
        if (kind === "locust") {
          assert.ok((b.unique ?? 0) > 0, `${kind} ${n}x${n} ${men}: no position with exactly one sequence in the range`);
        }
      }
      // the strata of the stratified projection are exactly the placements a run tests
      assert.equal(testedPlacements(space, from, Math.min(to, space.total)).length, a.tested);
    }
  }
});
