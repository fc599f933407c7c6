/**
 * The domination search against a brute force that shares nothing with it:
 * attacks come from coordinate differences (not from the rider/leaper move
 * generators), square sets are two plain 32-bit numbers built here, the
 * subsets are enumerated without any pruning (every k-subset for k = 1, 2, ..
 * until one works), and classes come from our own list of board symmetries and
 * a Set of canonical strings. Compared: gamma, the number of minimum sets and
 * the number of classes, for all five pieces and the four kinds on every
 * n×n with n <= 6, rectangles up to 4x5, and the cubes 2x2x2, 3x3x3.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import { searchDomination } from "../../solvers/domination/search.ts";
import { buildDominationGraph } from "../../solvers/domination/graph.ts";
import { dominationPiece, type DominationPieceName } from "../../solvers/domination/pieces.ts";
import type { DominationKind } from "../../solvers/domination/types.ts";
import { mulberry32 } from "../helpers/random.ts";

type Kind = DominationKind;
const PIECES: DominationPieceName[] = ["queen", "rook", "bishop", "king", "knight"];
const KINDS: Kind[] = ["dominating", "independent", "total", "connected"];

/** Coordinates of square s on a box with sides dims (axis 0 fastest). */
function coords(dims: number[], s: number): number[] {
  const c: number[] = [];
  for (const d of dims) {
    c.push(s % d);
    s = Math.floor(s / d);
  }
  return c;
}

/** Does `piece` on a attack b (a != b), from the definitions: differences per coordinate. */
function attacksBrute(piece: DominationPieceName, a: number[], b: number[]): boolean {
  const diffs = a.map((x, i) => Math.abs(x - b[i])).filter((d) => d !== 0);
  if (diffs.length === 0) return false;
  const allEqual = diffs.every((d) => d === diffs[0]);
  switch (piece) {
    case "rook":
      return diffs.length === 1;
    case "bishop":
      return diffs.length >= 2 && allEqual;
    case "queen":
      return allEqual;
    case "king":
      return Math.max(...diffs) === 1;
    case "knight":
      return diffs.length === 2 && diffs.includes(1) && diffs.includes(2);
  }
}

interface BruteResult {
  gamma: number | null;
  count: number;
  classes: number;
}

/** Symmetries of the box as square permutations: flips of each axis, swaps of equal axes. */
function boxSymmetries(dims: number[]): number[][] {
  const d = dims.length;
  const size = dims.reduce((a, b) => a * b, 1);
  const perms: number[][] = [];
  const permute = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) perms.push(prefix);
    for (const r of rest) permute([...prefix, r], rest.filter((x) => x !== r));
  };
  permute([], dims.map((_, i) => i));
  const out: number[][] = [];
  for (const p of perms) {
    if (p.some((src, i) => dims[src] !== dims[i])) continue;
    for (let flips = 0; flips < 1 << d; flips++) {
      const map: number[] = [];
      for (let s = 0; s < size; s++) {
        const c = coords(dims, s);
        let idx = 0;
        let stride = 1;
        for (let i = 0; i < d; i++) {
          let v = c[p[i]];
          if ((flips >> i) & 1) v = dims[i] - 1 - v;
          idx += v * stride;
          stride *= dims[i];
        }
        map.push(idx);
      }
      out.push(map);
    }
  }
  return out;
}

function bruteForce(piece: DominationPieceName, dims: number[], kind: Kind): BruteResult {
  const size = dims.reduce((a, b) => a * b, 1);
  assert.ok(size <= 64, "brute force handles at most 64 squares");
  const cs = Array.from({ length: size }, (_, s) => coords(dims, s));
  const att: boolean[][] = cs.map((a) => cs.map((b) => attacksBrute(piece, a, b)));
  // Square sets as [low 32 bits, high 32 bits].
  const lo = new Array<number>(size).fill(0);
  const hi = new Array<number>(size).fill(0);
  for (let s = 0; s < size; s++) {
    for (let t = 0; t < size; t++) {
      const served = kind === "total" ? att[s][t] : (s === t || att[s][t]);
      if (!served) continue;
      if (t < 32) lo[s] |= 1 << t;
      else hi[s] |= 1 << (t - 32);
    }
  }
  const fullLo = size >= 32 ? -1 : (1 << size) - 1;
  const fullHi = size <= 32 ? 0 : size >= 64 ? -1 : (1 << (size - 32)) - 1;
  // Plain facts that end hopeless enumerations: a square nobody attacks is never attacked;
  // a disconnected attack graph has no connected dominating set.
  if (kind === "total" && cs.some((_, t) => !att.some((row) => row[t]))) return { gamma: null, count: 0, classes: 0 };
  if (kind === "connected") {
    const seen = new Set([0]);
    const stack = [0];
    while (stack.length) {
      const a = stack.pop()!;
      for (let b = 0; b < size; b++) if (att[a][b] && !seen.has(b)) (seen.add(b), stack.push(b));
    }
    if (seen.size !== size) return { gamma: null, count: 0, classes: 0 };
  }
  const chosen: number[] = [];
  const ok = (): boolean => {
    if (kind === "independent") {
      for (const a of chosen) for (const b of chosen) if (att[a][b]) return false;
    }
    if (kind === "connected" && chosen.length > 1) {
      const seen = new Set([chosen[0]]);
      const stack = [chosen[0]];
      while (stack.length) {
        const a = stack.pop()!;
        for (const b of chosen) if (att[a][b] && !seen.has(b)) (seen.add(b), stack.push(b));
      }
      if (seen.size !== chosen.length) return false;
    }
    return true;
  };
  const syms = boxSymmetries(dims);
  for (let k = 1; k <= size; k++) {
    let count = 0;
    const keys = new Set<string>();
    const rec = (from: number, curLo: number, curHi: number) => {
      if (chosen.length === k) {
        if ((curLo | 0) === (fullLo | 0) && (curHi | 0) === (fullHi | 0) && ok()) {
          count++;
          let best: string | null = null;
          for (const m of syms) {
            const key = chosen.map((s) => m[s]).sort((a, b) => a - b).join(",");
            if (best === null || compareLists(key, best) < 0) best = key;
          }
          keys.add(best!);
        }
        return;
      }
      for (let s = from; s <= size - (k - chosen.length); s++) {
        chosen.push(s);
        rec(s + 1, curLo | lo[s], curHi | hi[s]);
        chosen.pop();
      }
    };
    rec(0, 0, 0);
    if (count > 0) return { gamma: k, count, classes: keys.size };
  }
  return { gamma: null, count: 0, classes: 0 };
}

/** Compare two comma-joined ascending square lists lexicographically as numbers. */
function compareLists(a: string, b: string): number {
  const x = a.split(",").map(Number);
  const y = b.split(",").map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

function boards(): number[][] {
  const out: number[][] = [];
  for (let n = 1; n <= 6; n++) out.push([n, n]);
  for (let w = 1; w <= 4; w++) for (let h = 1; h <= 5; h++) if (w !== h) out.push([w, h]);
  out.push([2, 2, 2], [3, 3, 3]);
  return out;
}

for (const piece of PIECES) {
  Deno.test(`domination search = brute force: ${piece}, all kinds, boards up to 6x6, 4x5, 3x3x3`, () => {
    let compared = 0;
    let none = 0;
    const cases = boards();
    for (const dims of cases) {
      const board = makeBoard(dims);
      for (const kind of KINDS) {
        const ours = solveDomination({ board, piece, kind, count: true });
        const brute = bruteForce(piece, dims, kind);
        const where = `${piece} ${dims.join("x")} ${kind}`;
        assert.equal(ours.gamma, brute.gamma, `${where}: gamma`);
        if (brute.gamma === null) {
          assert.equal(ours.status, "none", `${where}: status`);
          none++;
          continue;
        }
        assert.equal(ours.count, brute.count, `${where}: number of minimum sets`);
        assert.equal(ours.classes, brute.classes, `${where}: classes up to symmetry`);
        // The same answers without root symmetry breaking and without the optional bounds.
        const plain = solveDomination({ board, piece, kind, count: true, rootSymmetry: false, packing: false });
        assert.equal(plain.gamma, brute.gamma, `${where}: gamma without symmetry breaking`);
        assert.equal(plain.count, brute.count, `${where}: count without packing bound`);
        compared++;
      }
    }
    assert.equal(compared + none, cases.length * KINDS.length);
    assert.ok(compared >= cases.length * 2, `only ${compared} cases had a set`);
  });
}

Deno.test("domination search on random targets = brute force over all subsets", () => {
  // Serving only a random part of the board (pieces anywhere): exercises the bounds on shapes
  // no whole board produces. Minimum size and number of minimum sets are compared.
  const rng = mulberry32(20240606);
  const shapes = [[3, 3], [4, 4], [5, 4], [5, 5], [3, 3, 2], [2, 2, 3]];
  for (let trial = 0; trial < 120; trial++) {
    const dims = rng.pick(shapes);
    const piece = rng.pick(PIECES);
    const kind = rng.pick(["dominating", "total", "connected"] as Kind[]);
    const board = makeBoard(dims);
    const size = board.size;
    const target: number[] = [];
    for (let s = 0; s < size; s++) if (rng.chance(0.5)) target.push(s);
    if (target.length === 0) target.push(rng.int(0, size - 1));
    const cs = Array.from({ length: size }, (_, s) => coords(dims, s));
    const att = cs.map((a) => cs.map((b) => attacksBrute(piece, a, b)));
    const serves = (s: number, t: number) => (kind === "total" ? att[s][t] : s === t || att[s][t]);
    const connected = (set: number[]) => {
      const seen = new Set([set[0]]);
      const stack = [set[0]];
      while (stack.length) {
        const a = stack.pop()!;
        for (const b of set) if (att[a][b] && !seen.has(b)) (seen.add(b), stack.push(b));
      }
      return seen.size === set.length;
    };
    // Brute force: every subset of the board by size.
    let bruteMin: number | null = null;
    let bruteCount = 0;
    const chosen: number[] = [];
    for (let k = 1; k <= Math.min(size, 6) && bruteMin === null; k++) {
      const rec = (from: number) => {
        if (chosen.length === k) {
          if (target.every((t) => chosen.some((s) => serves(s, t))) && (kind !== "connected" || connected(chosen))) bruteCount++;
          return;
        }
        for (let s = from; s < size; s++) (chosen.push(s), rec(s + 1), chosen.pop());
      };
      rec(0);
      if (bruteCount > 0) bruteMin = k;
    }
    const g = buildDominationGraph(board, dominationPiece(piece));
    const all = Array.from({ length: size }, (_, i) => i);
    const where = `trial ${trial}: ${piece} ${dims.join("x")} ${kind} target [${target.join(",")}]`;
    if (bruteMin === null) {
      // No set of at most 6 pieces: the search with limit 6 must agree.
      const r = searchDomination(g, { kind, target, universe: all, limit: Math.min(size, 6), mode: "decide" });
      assert.equal(r.found, false, where);
      continue;
    }
    const below = searchDomination(g, { kind, target, universe: all, limit: bruteMin - 1, mode: "decide" });
    assert.equal(below.found, false, `${where}: found a set below the brute-force minimum ${bruteMin}`);
    const at = searchDomination(g, { kind, target, universe: all, limit: bruteMin, mode: "count" });
    assert.equal(at.count, bruteCount, `${where}: number of minimum sets`);
    assert.equal(at.minSize, bruteMin, where);
  }
});
