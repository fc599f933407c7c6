/**
 * The witness scan (solvers/locust/scan.ts) against brute force:
 *   - it enumerates exactly the placements of m men that satisfy the edge
 *     lemmas (no corner, no two neighbouring men on an edge, for the
 *     rook-locust no full 2x2 square of the interior), leave the start empty
 *     and respect the fixed squares: compared with every subset of the board's
 *     squares on 4x4 (every m, start and a few random restrictions) and with a
 *     filtered enumeration on restricted 6x6 spaces;
 *   - each placement is decided as plain recursion decides it: the scan's hit
 *     is the first placement (in its order) whose brute-force count is what
 *     the cell asks, for longest, dual-free and dual-free closed, with and
 *     without a fixed first move and final square.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { capturesInto, type LineTable, lineTable, MAN } from "../../solvers/pieces/locust.ts";
import { seededRandom } from "../../solvers/random.ts";
import { bruteLocustCount } from "../helpers/locust-brute.ts";
import { scanSize, type ScanSpec, type ScanWant, scanWitness } from "../../solvers/locust/scan.ts";

const brute = bruteLocustCount;
const rng = seededRandom;

/** The lemmas and restrictions, checked square by square on a set of men. */
function allowed(s: ScanSpec, men: Set<number>): boolean {
  const n = s.n;
  if (men.size !== s.men || men.has(s.start)) return false;
  for (const q of s.fixedMen ?? []) if (!men.has(q)) return false;
  for (const q of s.fixedEmpty ?? []) if (men.has(q)) return false;
  const at = (x: number, y: number) => men.has(y * n + x);
  for (const [x, y] of [[0, 0], [n - 1, 0], [0, n - 1], [n - 1, n - 1]]) if (at(x, y)) return false;
  for (let i = 1; i < n - 2; i++) {
    if (
      (at(i, 0) && at(i + 1, 0)) || (at(i, n - 1) && at(i + 1, n - 1)) || (at(0, i) && at(0, i + 1)) || (at(n - 1, i) && at(n - 1, i + 1))
    ) return false;
  }
  if (s.kind === "rook-locust") {
    for (let y = 1; y < n - 2; y++) {
      for (let x = 1; x < n - 2; x++) if (at(x, y) && at(x + 1, y) && at(x, y + 1) && at(x + 1, y + 1)) return false;
    }
  }
  return true;
}

const key = (men: readonly number[]) => [...men].sort((a, b) => a - b).join(",");

Deno.test("scan enumerates exactly the placements the lemmas allow (4x4 every subset, restricted 6x6)", () => {
  const rnd = rng(77);
  let compared = 0;
  for (const kind of ["locust", "rook-locust"] as const) {
    // 4x4: all 2^16 subsets, bucketed by number of men once per start
    const n = 4;
    for (let start = 0; start < 16; start++) {
      const fixedMen: number[] = [], fixedEmpty: number[] = [];
      if (start % 3 === 0) {
        const q = Math.floor(rnd() * 16);
        if (q !== start && ![0, 3, 12, 15].includes(q)) (rnd() < 0.5 ? fixedMen : fixedEmpty).push(q);
      }
      const byMen: Set<string>[] = Array.from({ length: 17 }, () => new Set());
      for (let mask = 0; mask < 1 << 16; mask++) {
        const men = new Set<number>();
        for (let q = 0; q < 16; q++) if ((mask >> q) & 1) men.add(q);
        if (allowed({ kind, n, men: men.size, start, want: "longest", fixedMen, fixedEmpty }, men)) byMen[men.size].add(key([...men]));
      }
      for (let m = 1; m <= 8; m++) {
        const spec: ScanSpec = { kind, n, men: m, start, want: "longest", fixedMen, fixedEmpty };
        const all: string[] = [];
        scanWitness(spec, { visit: (men) => void all.push(key(men)), enumerateOnly: true });
        assert.equal(new Set(all).size, all.length, "a placement enumerated twice");
        assert.deepEqual(new Set(all), byMen[m], `${kind} 4x4 start ${start} m ${m}`);
        if (kind === "locust") assert.equal(scanSize(spec), byMen[m].size);
        compared += byMen[m].size;
      }
    }
  }
  // 6x6: half the squares fixed at random, the rest filtered one subset at a time
  for (const kind of ["locust", "rook-locust"] as const) {
    for (let trial = 0; trial < 6; trial++) {
      const n = 6, size = 36;
      const start = 7 + Math.floor(rnd() * 4);
      const fixedMen: number[] = [], fixedEmpty: number[] = [], free: number[] = [];
      for (let q = 0; q < size; q++) {
        if (q === start || [0, 5, 30, 35].includes(q)) continue;
        if (free.length < 14 && rnd() < 0.5) free.push(q);
        else if (rnd() < 0.7) fixedMen.push(q);
        else fixedEmpty.push(q);
      }
      const m = fixedMen.length + Math.floor(free.length / 2);
      const spec: ScanSpec = { kind, n, men: m, start, want: "longest", fixedMen, fixedEmpty };
      const want = new Set<string>();
      for (let mask = 0; mask < 1 << free.length; mask++) {
        const men = new Set(fixedMen);
        free.forEach((q, i) => (mask >> i) & 1 && men.add(q));
        if (allowed(spec, men)) want.add(key([...men]));
      }
      const all: string[] = [];
      scanWitness(spec, { visit: (men) => void all.push(key(men)), enumerateOnly: true });
      assert.equal(new Set(all).size, all.length);
      assert.deepEqual(new Set(all), want, `${kind} 6x6 trial ${trial}`);
      // random draws land inside the same space
      const drawn: string[] = [];
      scanWitness(spec, { visit: (men) => void drawn.push(key(men)), enumerateOnly: true, sample: { seed: trial + 1, draws: 50 } });
      for (const d of drawn) assert.ok(want.has(d), `drawn placement outside the space: ${d}`);
      compared += want.size;
    }
  }
  assert.ok(compared > 1000, `only ${compared} placements compared`);
});

Deno.test("scan decides each placement as brute force does (hit = first wanted placement)", () => {
  let hits = 0, cases = 0;
  for (const kind of ["locust", "rook-locust"] as const) {
    for (const n of [4, 6]) {
      const t = lineTable(makeBoard([n, n]), kind);
      const size = n * n;
      const ms = n === 4 ? [3, 4, 5, 6] : [5, 6, 7];
      for (const m of ms) {
        for (let start = 0; start < size; start += n === 4 ? 1 : 11) {
          for (const want of ["longest", "dual-free", "dual-free-closed"] as ScanWant[]) {
            const spec: ScanSpec = {
              kind,
              n,
              men: m,
              start,
              want,
              ...(n === 6 ? { fixedEmpty: [14, 15, 20, 21].filter((q) => q !== start) } : {}),
            };
            const order: number[][] = [];
            const r = scanWitness(spec, { visit: (men) => void order.push([...men]), maxPlacements: n === 6 ? 150 : Infinity });
            let expect: string | null = null;
            for (const men of order) {
              const c = brute(t, start, men, 2);
              const ok = want === "longest" ? c > 0 : want === "dual-free" ? c === 1 : c === 1 && brute(t, start, men, 1, start) === 1;
              if (ok) {
                expect = key(men);
                break;
              }
            }
            assert.equal(r.hit ? key(r.hit.men) : null, expect, `${kind} ${n}x${n} m ${m} start ${start} ${want}`);
            if (expect) hits++;
            cases++;
            // with a fixed first move and final square: the hit has a sequence of that shape and is the first such
            if (r.hit && n === 4) {
              const order2: number[][] = [];
              const first = firstMoveOf(t, start, r.hit.men);
              if (!first) continue;
              const end = want === "dual-free-closed" ? start : -1;
              const r2 = scanWitness({ ...spec, firstMove: first }, { visit: (men) => void order2.push([...men]) });
              let expect2: string | null = null;
              for (const men of order2) {
                if (brute(t, start, men, 1, end, first) === 0) continue;
                const c = brute(t, start, men, 2);
                const ok = want === "longest" ? c > 0 : want === "dual-free" ? c === 1 : c === 1 && brute(t, start, men, 1, start) === 1;
                if (ok) {
                  expect2 = key(men);
                  break;
                }
              }
              assert.equal(
                r2.hit ? key(r2.hit.men) : null,
                expect2,
                `${kind} 4x4 m ${m} start ${start} ${want} first ${first.man}-${first.land}`,
              );
              cases++;
            }
          }
        }
      }
    }
  }
  assert.ok(hits > 20, `only ${hits} hits among ${cases} cases`);
});

/** Some capture available from the start (the first of capturesInto's list). */
function firstMoveOf(t: LineTable, start: number, men: number[]): { man: number; land: number } | null {
  const occ = new Uint8Array(t.board.size);
  for (const m of men) occ[m] = MAN;
  const man = new Int32Array(t.dirs), land = new Int32Array(t.dirs);
  return capturesInto(t, start, occ, man, land) > 0 ? { man: man[0], land: land[0] } : null;
}

Deno.test("an interrupted scan resumed from its progress decides the same placements, hit and counts as one run", () => {
  const random = rng(7);
  let resumed = 0;
  for (const kind of ["locust", "rook-locust"] as const) {
    for (const want of ["longest", "dual-free", "dual-free-closed"] as ScanWant[]) {
      for (const [n, m, start] of [[4, 5, 1], [4, 6, 5], [6, 7, 11], [6, 6, 22]]) {
        const spec: ScanSpec = {
          kind,
          n,
          men: m,
          start,
          want,
          ...(n === 6 ? { fixedEmpty: [14, 15, 20, 21].filter((q) => q !== start) } : {}),
        };
        const cap = n === 6 ? 300 : Infinity;
        const whole: string[] = [];
        const one = scanWitness(spec, { visit: (men) => void whole.push(key(men)), maxPlacements: cap });
        if (one.placements < 2) continue;
        for (let trial = 0; trial < 3; trial++) {
          const k = 1 + Math.floor(random() * (one.placements - 1));
          const parts: string[] = [];
          // stopped either by a placement limit or by the progress callback, as --max and --budget/SIGINT stop it
          const first = trial === 0
            ? scanWitness(spec, { visit: (men) => void parts.push(key(men)), maxPlacements: k })
            : scanWitness(spec, { visit: (men) => void parts.push(key(men)), every: k, onProgress: () => false });
          let last = first;
          if (!first.hit) {
            assert.equal(first.complete, false);
            last = scanWitness(spec, { visit: (men) => void parts.push(key(men)), maxPlacements: cap, from: first });
            resumed++;
          }
          const what = `${kind} ${n}x${n} m ${m} start ${start} ${want} stopped at ${first.placements}`;
          assert.deepEqual(parts, whole, what);
          assert.equal(last.hit ? key(last.hit.men) : null, one.hit ? key(one.hit.men) : null, what);
          for (const f of ["placements", "withSequence", "unique", "closed"] as const) assert.equal(last[f], one[f], `${what}: ${f}`);
        }
      }
    }
  }
  assert.ok(resumed > 20, `only ${resumed} resumed runs`);
});
