/**
 * The reverse generation (solvers/locust/reverse.ts) against brute force:
 * run without a budget, it must yield exactly the dual-free positions with m
 * men whose one sequence ends on E (and starts on the given square, when one
 * is given), each once — on 4x4 for every kind, every E and every m (all
 * 2^16 subsets decided by plain recursion), and on 5x5 and 4x6 boards for a
 * few men. The same runs with the fillability bound switched off must yield
 * the same positions (the bound cuts only states that cannot reach m men).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { type LineTable, lineTable, LOCUST_KINDS } from "../../solvers/pieces/locust.ts";
import { ReverseSearch } from "../../solvers/locust/reverse.ts";
import { bruteLocustCount } from "../helpers/locust-brute.ts";

const key = (start: number, men: readonly number[]) => `${start}:${[...men].sort((a, b) => a - b).join(",")}`;

/** Brute force: every dual-free position with up to maxMen men, keyed by its final square and number of men. */
function bruteDualFree(t: LineTable, maxMen: number): Map<string, Set<string>> {
  const size = t.board.size;
  const out = new Map<string, Set<string>>();
  const men: number[] = [];
  const isMan = new Uint8Array(size);
  const visit = () => {
    for (let start = 0; start < size; start++) {
      if (isMan[start]) continue;
      if (bruteLocustCount(t, start, men, 2) !== 1) continue;
      let end = -1;
      // the last landing square may have held a man captured earlier
      for (let e = 0; e < size && end < 0; e++) if (bruteLocustCount(t, start, men, 1, e) === 1) end = e;
      const k = `${end}/${men.length}`;
      if (!out.has(k)) out.set(k, new Set());
      out.get(k)!.add(key(start, men));
    }
  };
  const rec = (from: number) => {
    if (men.length > 0) visit();
    if (men.length === maxMen) return;
    for (let q = from; q < size; q++) {
      men.push(q);
      isMan[q] = 1;
      rec(q + 1);
      men.pop();
      isMan[q] = 0;
    }
  };
  rec(0);
  return out;
}

function reverseAll(t: LineTable, end: number, m: number, noBound: boolean, start?: number): { found: string[]; cut: number } {
  const r = new ReverseSearch(t, 12);
  const found: string[] = [];
  const res = r.run({
    end,
    men: m,
    noBound,
    ...(start !== undefined ? { start } : {}),
    onPosition: (s, men) => void found.push(key(s, men)),
  });
  assert.equal(res.complete, true);
  return { found, cut: res.cut };
}

function compare(dims: [number, number], maxMen: number): { positions: number; cut: number } {
  let positions = 0, cut = 0;
  for (const kind of LOCUST_KINDS) {
    const t = lineTable(makeBoard(dims), kind);
    const want = bruteDualFree(t, maxMen);
    const size = t.board.size;
    for (let end = 0; end < size; end++) {
      for (let m = 1; m <= maxMen; m++) {
        const expected = want.get(`${end}/${m}`) ?? new Set<string>();
        const got = reverseAll(t, end, m, false);
        cut += got.cut;
        assert.equal(new Set(got.found).size, got.found.length, `${kind} ${dims} end ${end} m ${m}: a position yielded twice`);
        assert.deepEqual(new Set(got.found), expected, `${kind} ${dims} end ${end} m ${m}`);
        const plain = reverseAll(t, end, m, true);
        assert.deepEqual(new Set(plain.found), expected, `${kind} ${dims} end ${end} m ${m} (no bound)`);
        // a fixed start keeps exactly the positions starting there
        const s = (end * 7 + m) % size;
        const fixed = reverseAll(t, end, m, false, s);
        assert.deepEqual(
          new Set(fixed.found),
          new Set([...expected].filter((x) => x.startsWith(`${s}:`))),
          `${kind} ${dims} end ${end} m ${m} start ${s}`,
        );
        positions += expected.size;
      }
    }
  }
  return { positions, cut };
}

Deno.test("reverse generation yields exactly the dual-free positions (4x4, every kind, end and number of men)", () => {
  const { positions, cut } = compare([4, 4], 16);
  assert.ok(positions > 100, `only ${positions} dual-free positions compared`);
  assert.ok(cut > 0, "the bound never cut a state: the test does not exercise it");
});

Deno.test("reverse generation yields exactly the dual-free positions (5x5 and 4x6, up to 3 men)", () => {
  let positions = 0;
  for (const dims of [[5, 5], [4, 6]] as [number, number][]) positions += compare(dims, 3).positions;
  assert.ok(positions > 100, `only ${positions} dual-free positions compared`);
});

Deno.test("positions of an 8x8 run are dual-free, and a run stops at its callback or its budget", () => {
  const t = lineTable(makeBoard([8, 8]), "locust");
  const r = new ReverseSearch(t, 16);
  const seen: string[] = [];
  const res = r.run({
    end: 0,
    men: 12,
    maxCalls: 3000,
    onPosition: (s, men) => {
      assert.equal(bruteLocustCount(t, s, men, 2), 1);
      assert.equal(bruteLocustCount(t, s, men, 1, 0), 1);
      seen.push(key(s, men));
      return seen.length < 5;
    },
  });
  // five positions found, then the callback stopped the run
  assert.equal(seen.length, 5);
  assert.equal(res.complete, false);
  assert.ok(res.calls <= 3000);
  const budgeted = r.run({ end: 0, men: 45, maxCalls: 500, onPosition: () => false });
  assert.equal(budgeted.calls, 500);
  assert.equal(budgeted.complete, false);
  const d = res.deepestState!;
  assert.equal(d.men.length, res.deepest);
  assert.equal(bruteLocustCount(t, d.start, d.men, 2), 1);
});
