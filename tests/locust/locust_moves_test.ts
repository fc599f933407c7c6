/**
 * Locust move generation and capture-sequence counting against a plain
 * reference written from the rules alone (booklet lines 4307-4313): walk each
 * line by coordinates until the first occupied square; it must be an enemy man
 * and the next square on the line must exist and be empty. The reference
 * builds its own direction sets from the definitions (queen = any nonzero
 * vector in {-1,0,1}^d, rook = one nonzero entry, bishop = at least two,
 * nightrider = one entry ±1 and another ±2), so it shares nothing with
 * solvers/pieces/locust.ts but the board indexing.
 *
 * Counting: a plain recursive enumeration of every capture sequence (no memo,
 * no pruning) on random small positions (4x4..6x6 and 3x3x3), compared with
 * the memoised counter for open and closed sequences, with and without caps.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { Board } from "../../solvers/types.ts";
import { capturesInto, lineTable, locust, LOCUST_KINDS, type LocustKind } from "../../solvers/pieces/locust.ts";
import { CaptureCounter, listCaptureSequences, replaySequence } from "../../solvers/locust/capture.ts";
import { mulberry32, type Rng } from "../helpers/random.ts";

function refDirections(kind: LocustKind, d: number): number[][] {
  const out: number[][] = [];
  const rec = (v: number[]) => {
    if (v.length === d) {
      const nz = v.filter((x) => x !== 0);
      const abs = nz.map(Math.abs).sort();
      const ok = kind === "locust"
        ? nz.length >= 1 && abs.every((x) => x === 1)
        : kind === "rook-locust"
        ? nz.length === 1 && abs[0] === 1
        : kind === "bishop-locust"
        ? nz.length >= 2 && abs.every((x) => x === 1)
        : nz.length === 2 && abs[0] === 1 && abs[1] === 2;
      if (ok) out.push(v);
      return;
    }
    for (const x of [-2, -1, 0, 1, 2]) rec([...v, x]);
  };
  rec([]);
  return out;
}

function coords(board: Board, sq: number): number[] {
  const c: number[] = [];
  for (const n of board.dims) {
    c.push(sq % n);
    sq = Math.floor(sq / n);
  }
  return c;
}
function index(board: Board, c: number[]): number {
  let s = 0;
  let m = 1;
  for (let i = 0; i < c.length; i++) {
    if (c[i] < 0 || c[i] >= board.dims[i]) return -1;
    s += c[i] * m;
    m *= board.dims[i];
  }
  return s;
}

/** Reference captures: [captured, landing] pairs, sorted. occ: 0 empty, 1 man, 2 blocker. */
function refCaptures(board: Board, kind: LocustKind, from: number, occ: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const v of refDirections(kind, board.dims.length)) {
    let c = coords(board, from);
    for (;;) {
      c = c.map((x, i) => x + v[i]);
      const sq = index(board, c);
      if (sq < 0) break;
      if (occ[sq] === 0) continue;
      if (occ[sq] === 1) {
        const beyond = index(board, c.map((x, i) => x + v[i]));
        if (beyond >= 0 && occ[beyond] === 0) out.push([sq, beyond]);
      }
      break;
    }
  }
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function randomBoard(rng: Rng): Board {
  const r = rng.int(0, 9);
  if (r === 0) return makeBoard([3, 3, 3]);
  if (r === 1) return makeBoard([4, 3, 3]);
  return makeBoard([rng.int(3, 9), rng.int(3, 9)]);
}

Deno.test("locust captures equal the reference on random positions (2-D rectangles and 3-D boxes)", () => {
  const rng = mulberry32(0x10c057);
  let moves = 0;
  for (let trial = 0; trial < 3000; trial++) {
    const board = randomBoard(rng);
    const kind = rng.pick(LOCUST_KINDS);
    const density = rng.next();
    const occ: number[] = Array.from({ length: board.size }, () => (rng.chance(density) ? (rng.chance(0.85) ? 1 : 2) : 0));
    const from = rng.int(0, board.size - 1);
    occ[from] = 0;
    const t = lineTable(board, kind);
    const man = new Int32Array(t.dirs);
    const land = new Int32Array(t.dirs);
    const n = capturesInto(t, from, Uint8Array.from(occ), man, land);
    const got = Array.from({ length: n }, (_, i) => [man[i], land[i]] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const want = refCaptures(board, kind, from, occ);
    assert.deepEqual(got, want, `trial ${trial} ${board.dims.join("x")} ${kind} from ${from}`);
    const dest = locust(kind).destinations(board, from, Uint8Array.from(occ)).sort((a, b) => a - b);
    assert.deepEqual(dest, want.map((p) => p[1]).sort((a, b) => a - b));
    moves += n;
  }
  assert.ok(moves > 1000, `too few captures exercised: ${moves}`);
});

Deno.test("direction counts in d dimensions match the rider definitions", () => {
  for (const d of [2, 3, 4]) {
    const board = makeBoard(Array(d).fill(3));
    for (const kind of LOCUST_KINDS) assert.equal(lineTable(board, kind).dirs, refDirections(kind, d).length, `${kind} d=${d}`);
  }
  // 3^d - 1 queen lines, 2d rook lines, 3^d - 2d - 1 bishop lines, 4 d(d-1) knight steps.
  const b3 = makeBoard([3, 3, 3]);
  assert.deepEqual(LOCUST_KINDS.map((k) => lineTable(b3, k).dirs), [26, 6, 20, 24]);
});

/** Every complete capture sequence by plain recursion, as lists of landing squares. */
function refSequences(board: Board, kind: LocustKind, start: number, men: number[], closed: boolean): number[][] {
  const occ = Array<number>(board.size).fill(0);
  for (const m of men) occ[m] = 1;
  const out: number[][] = [];
  const rec = (at: number, left: number, seq: number[]) => {
    if (left === 0) {
      if (!closed || at === start) out.push([...seq]);
      return;
    }
    for (const [m, l] of refCaptures(board, kind, at, occ)) {
      occ[m] = 0;
      seq.push(l);
      rec(l, left - 1, seq);
      seq.pop();
      occ[m] = 1;
    }
  };
  rec(start, men.length, []);
  return out;
}

Deno.test("capture-sequence counts equal a plain enumeration on random small positions", () => {
  const rng = mulberry32(0xca7c4);
  const tally = { zero: 0, one: 0, more: 0, closedHits: 0 };
  for (let trial = 0; trial < 3000; trial++) {
    const board = rng.int(0, 7) === 0 ? makeBoard([3, 3, 3]) : makeBoard([rng.int(4, 6), rng.int(4, 6)]);
    const kind = rng.pick(LOCUST_KINDS);
    const squares = rng.shuffle(Array.from({ length: board.size }, (_, i) => i));
    const start = squares[0];
    let men: number[];
    if (rng.chance(0.5)) {
      men = squares.slice(1, 1 + rng.int(1, Math.min(12, board.size - 2)));
    } else {
      // Grow a position backwards from a random walk so that many have solutions.
      men = [];
      const occ = new Uint8Array(board.size);
      const t = lineTable(board, kind);
      let at = start;
      const want = rng.int(2, 11);
      const manB = new Int32Array(t.dirs);
      const landB = new Int32Array(t.dirs);
      // Forward random captures on a dense random position, keeping only captured men.
      const dense = squares.slice(1).filter(() => rng.chance(0.6));
      for (const s of dense) occ[s] = 1;
      for (let i = 0; i < want; i++) {
        const n = capturesInto(t, at, occ, manB, landB);
        if (n === 0) break;
        const k = rng.int(0, n - 1);
        occ[manB[k]] = 0;
        men.push(manB[k]);
        at = landB[k];
      }
      if (men.length === 0) men = [squares[1]];
      if (rng.chance(0.3)) men.push(...squares.slice(1).filter((s) => !men.includes(s) && rng.chance(0.05)));
    }
    const counter = new CaptureCounter(lineTable(board, kind), rng.chance(0.5) ? 1 << 10 : 7);
    const pos = { table: lineTable(board, kind), start, men };
    for (const closed of [false, true]) {
      const ref = refSequences(board, kind, start, men, closed);
      const got = counter.count(pos, { closed });
      assert.equal(got.count, ref.length, `trial ${trial} ${board.dims.join("x")} ${kind} start ${start} men ${men} closed ${closed}`);
      assert.ok(got.complete);
      const capped = counter.count(pos, { closed, limit: 2 });
      assert.equal(capped.count, Math.min(2, ref.length));
      const listed = listCaptureSequences(pos, 1000, closed).map((s) => s.landed.join(","));
      assert.deepEqual(listed.sort(), ref.map((s) => s.join(",")).sort());
      if (closed) tally.closedHits += ref.length > 0 ? 1 : 0;
      else if (ref.length === 0) tally.zero++;
      else if (ref.length === 1) tally.one++;
      else tally.more++;
      for (const s of ref.slice(0, 2)) {
        const r = replaySequence(pos, s);
        assert.ok("captured" in r && r.captured.length === men.length);
      }
    }
  }
  console.log("capture counts:", tally);
  assert.ok(tally.zero > 100 && tally.one > 100 && tally.more > 50 && tally.closedHits > 20, JSON.stringify(tally));
});
