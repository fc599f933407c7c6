/**
 * The workbench's pure code (solvers/workbench/, solvers/export/popeye-parse.ts):
 * - the atlas's notation and the permalink's query string round-trip random
 *   positions of every family, and bad input fails with a WorkbenchError;
 * - Popeye input written by the exporter reads back as the same position
 *   (leapers on smaller boards through Hole, hoppers, locusts), hand-written
 *   variants (abbreviations, several groups) read too, and bad input fails;
 * - solveWorkbench's counts equal a plain brute force (tests/helpers/brute.ts,
 *   tests/helpers/locust-brute.ts) on random small positions, and its first
 *   solution replays legally;
 * - the comparison with the record cells (site/lib/workbench-compare.ts).
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { HOPPER_KINDS } from "../../solvers/pieces/hopper.ts";
import { lineTable, LOCUST_KINDS, type LocustKind } from "../../solvers/pieces/locust.ts";
import {
  checkWorkbench,
  formatPosition,
  parsePosition,
  positionQuery,
  STIPULATIONS,
  WorkbenchError,
  type WorkbenchPosition,
} from "../../solvers/workbench/position.ts";
import { solutionNames, solveWorkbench } from "../../solvers/workbench/solve.ts";
import { contributionFile } from "../../solvers/workbench/contribution.ts";
import { Contribution } from "../../solvers/contributions/schema.ts";
import { popeyeForPosition } from "../../solvers/workbench/popeye.ts";
import { solutionDiagrams } from "../../solvers/workbench/diagrams.ts";
import { parsePopeye } from "../../solvers/export/popeye-parse.ts";
import { compareWithCells, type SolvedFacts, type WorkbenchCell } from "../../site/lib/workbench-compare.ts";
import { countCycles, countPaths, leaperMatrix, pathEndCounts } from "../helpers/brute.ts";
import { backwardPosition, bruteLocustCount } from "../helpers/locust-brute.ts";
import { leaperWalk, mulberry32, type Rng } from "../helpers/random.ts";
import { bruteSerienZiel, bruteSerienZielKind } from "../helpers/hopper-brute.ts";
import { verifyContributions } from "../../scripts/contributions/verify.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function randomPosition(rng: Rng, maxSide = 8): WorkbenchPosition {
  const family = rng.pick(["leaper", "hopper", "locust"] as const);
  const piece = family === "leaper"
    ? `${rng.int(0, 3)},${rng.int(1, 4)}`.split(",").map(Number).sort((a, b) => a - b).join(",")
    : family === "hopper"
    ? rng.pick(HOPPER_KINDS)
    : rng.pick(LOCUST_KINDS);
  const board: [number, number] = family === "leaper"
    ? [rng.int(2, maxSide), rng.int(2, maxSide)]
    : [rng.int(3, maxSide), rng.int(3, maxSide)];
  const b = makeBoard(board);
  const squares = rng.shuffle(Array.from({ length: b.size }, (_, i) => squareName(b, i)));
  const start = squares[0];
  const k = rng.int(1, Math.min(7, b.size - 2));
  const others = squares.slice(1, 1 + k);
  const stipulation = rng.pick(STIPULATIONS[family]);
  const p: WorkbenchPosition = {
    piece,
    board,
    start,
    men: family === "hopper" ? [] : others,
    hurdles: family === "hopper" ? others : [],
    stipulation,
  };
  if (stipulation === "fixed-end") p.end = rng.pick(others);
  if (stipulation === "ser-z") p.target = squares[1 + k];
  return p;
}

Deno.test("notation and query string round-trip random positions of every family", () => {
  const rng = mulberry32(27);
  for (let i = 0; i < 500; i++) {
    const p = randomPosition(rng);
    const line = formatPosition(p);
    assert.deepEqual(parsePosition(line), p, line);
    const query = positionQuery(p);
    assert.deepEqual(parsePosition("?" + query), p, query);
    assert.deepEqual(parsePosition(new URLSearchParams(query).toString()), p, "through URLSearchParams");
    checkWorkbench(p);
  }
});

Deno.test("notation: readers' spellings are normalised", () => {
  const p = parsePosition("piece=(3,2) board=5x6 start=B1 men=e3,h1");
  assert.equal(p.piece, "2,3");
  assert.equal(p.start, "b1");
  assert.deepEqual(p.men, ["e3", "h1"]);
  assert.equal(p.stipulation, "dual-free");
  assert.equal(parsePosition("piece=RL start=d4 men=d5").piece, "rook-locust");
  assert.equal(parsePosition("piece=G start=d4 hurdles=d5 target=d6").stipulation, "ser-z");
});

Deno.test("notation and positions: bad input fails with a message in both languages", () => {
  const bad: [string, RegExp][] = [
    ["", /nothing to read/],
    ["piece=2,3 board=8x8 start", /not a key=value/],
    ["piece=queen", /unknown piece/],
    ["piece=2,3 colour=white", /unknown field/],
    ["piece=2,3 piece=1,2", /given twice/],
    ["piece=2,3 board=8", /two sides/],
    ["piece=2,3 stip=ser-z", /not one of/],
    ["piece=grasshopper men=a1", /hurdles, not men/],
    ["piece=2,3 hurdles=a1", /only hoppers/],
    ["piece=2,3 end=a1", /fixed-end/],
    ["piece=2,3 target=a1", /ser-z/],
  ];
  for (const [text, re] of bad) {
    assert.throws(() => parsePosition(text), (e) => e instanceof WorkbenchError && re.test(e.text.en) && e.text.cs.length > 0, text);
  }
  const checks: [string, RegExp][] = [
    ["piece=2,3 board=8x8 men=a1", /place the piece/],
    ["piece=2,3 board=8x8 start=b1", /at least one man/],
    ["piece=2,3 board=8x8 start=b1 men=z9", /man: /],
    ["piece=2,3 board=8x8 start=b1 men=b1", /already stands/],
    ["piece=2,3 board=8x8 start=b1 men=c3,c3", /already stands/],
    ["piece=2,3 board=65x2 start=b1 men=c2", /beyond the solvers' limit/],
    ["piece=2,3 board=64x65 start=b1 men=c2", /beyond the solvers' limit/],
    ["piece=2,3 board=8x8 start=b1 men=c3 stip=fixed-end end=d4", /not one of the men/],
    ["piece=2,3 board=8x8 start=b1 men=c3 stip=fixed-end", /fixed last square/],
    ["piece=grasshopper board=8x8 start=b1 hurdles=c3", /square to reach/],
    ["piece=grasshopper board=8x8 start=b1 hurdles=c3 target=c3", /holds a hurdle/],
    ["piece=0,0 board=8x8 start=b1 men=c3", /does not move/],
  ];
  for (const [text, re] of checks) {
    assert.throws(
      () => checkWorkbench(parsePosition(text)),
      (e) => e instanceof WorkbenchError && re.test(e.text.en) && e.text.cs.length > 0,
      text,
    );
  }
  const many = Array.from({ length: 201 }, (_, i) => squareName(makeBoard([64, 64]), i + 1));
  assert.throws(
    () => checkWorkbench({ piece: "1,2", board: [64, 64], start: "a1", men: many, hurdles: [], stipulation: "dual-free" }),
    /201 men/,
  );
});

Deno.test("Popeye: the exporter's input reads back as the same position", () => {
  const rng = mulberry32(2027);
  const read = { leaper: 0, hopper: 0, locust: 0 };
  for (let i = 0; i < 1500; i++) {
    const p = randomPosition(rng, 8);
    // Popeye's lines need 8x8 (the exporter refuses holes for them): most line pieces get it.
    if (!p.piece.includes(",") && rng.chance(0.8)) p.board = [8, 8];
    let c;
    try {
      c = checkWorkbench(p);
    } catch {
      continue;
    }
    const out = popeyeForPosition(c);
    if (!out.ok) continue;
    const back = parsePopeye(out.input);
    assert.deepEqual(back, p, out.input);
    read[c.family]++;
  }
  for (const [family, n] of Object.entries(read)) assert.ok(n >= 20, `only ${n} ${family} positions had Popeye input`);
});

Deno.test("Popeye: hand-written input (abbreviations, several groups, other black pieces) reads", () => {
  const p = parsePopeye(`
    beginproblem
    author Someone
    pie whi zb1 bla wee3h1 pf4
    cond whitemustcapture
    stip ser-=3
    endp`);
  assert.deepEqual(p, { piece: "2,3", board: [8, 8], start: "b1", men: ["e3", "h1", "f4"], hurdles: [], stipulation: "dual-free" });
  const h = parsePopeye("Pieces White gd4 due5 duc3c4\nOption NoWk NoBk\nStipulation ser-zd83");
  assert.deepEqual(h, {
    piece: "grasshopper",
    board: [8, 8],
    start: "d4",
    men: [],
    hurdles: ["e5", "c3", "c4"],
    stipulation: "ser-z",
    target: "d8",
  });
  const small = parsePopeye(
    "Pieces White wea1 Black wea2b1\nCondition Hole c1c2a3b3c3d1d2d3e1e2e3f1f2f3g1g2g3h1h2h3a4b4c4d4e4f4g4h4a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8\nStipulation ser-=2",
  );
  assert.deepEqual(small.board, [2, 2]);
});

Deno.test("Popeye: bad input fails naming the problem", () => {
  const bad: [string, RegExp][] = [
    ["Stipulation ser-=1", /no white piece/],
    ["Pieces White zb1 Black wee3", /no stipulation/],
    ["Pieces White kb1 Black wee3 Stipulation ser-=1", /none of the atlas's pieces/],
    ["Pieces White zb1 zc1 Black wee3 Stipulation ser-=1", /one white piece/],
    ["Pieces White zb9 Black wee3 Stipulation ser-=1", /not a square/],
    ["Pieces White zb1 Black wee3 Stipulation ser-=2", /ser-=2 with 1 black men/],
    ["Pieces White zb1 Black wee3 Stipulation #2", /ser-=n/],
    ["Pieces White gb1 dud4 Stipulation ser-=1", /ser-z/],
    ["Pieces White zb1 Black wee3 Condition Circe Stipulation ser-=1", /condition "Circe"/],
    ["Pieces White zb1 Black wee3 Condition Hole h8 Stipulation ser-=1", /rectangle/],
    ["Pieces White gb1 dud4 Condition Hole h8 Stipulation ser-zd83", /only 8x8/],
    ["Pieces zb1 Stipulation ser-=0", /before White or Black/],
    ["Pieces White zb1 Black wee3 Stipulation ser-=1\nTwin Move b1 c1", /one problem at a time/],
  ];
  for (const [text, re] of bad) {
    assert.throws(() => parsePopeye(text), (e) => e instanceof WorkbenchError && re.test(e.text.en) && e.text.cs.length > 0, text);
  }
});

/** Squares of a checked position as indices of a w-wide board (the brute force's convention). */
Deno.test("solveWorkbench: leaper counts equal the brute force; the first solution is legal", () => {
  const rng = mulberry32(7);
  let unique = 0;
  for (let i = 0; i < 400; i++) {
    const w = rng.int(3, 6), h = rng.int(3, 6);
    const leap: [number, number] = rng.pick([[0, 1], [1, 1], [1, 2], [0, 2], [1, 3], [2, 3]]);
    const b = makeBoard([w, h]);
    let sq: number[];
    if (rng.chance(0.5)) sq = rng.sample(Array.from({ length: b.size }, (_, j) => j), rng.int(2, Math.min(10, b.size)));
    else {
      // A leaper walk with a few squares beside it, started from a square of least degree: dual-free positions are common there.
      sq = leaperWalk(rng, w, h, leap, [3, 10], [0, 2], 12);
      const m = leaperMatrix(w, leap, sq);
      const deg = m.map((row) => row.filter(Boolean).length);
      const k = deg.indexOf(Math.min(...deg));
      sq = [sq[k], ...sq.filter((_, j) => j !== k)];
      if (sq.length < 2) continue;
    }
    const stip = rng.pick(["dual-free", "fixed-end", "closed"] as const);
    const p: WorkbenchPosition = {
      piece: leap.join(","),
      board: [w, h],
      start: squareName(b, sq[0]),
      men: sq.slice(1).map((s) => squareName(b, s)),
      hurdles: [],
      stipulation: stip,
      ...(stip === "fixed-end" ? { end: squareName(b, sq[sq.length - 1]) } : {}),
    };
    const c = checkWorkbench(p);
    const r = solveWorkbench(c);
    const adj = leaperMatrix(w, leap, sq);
    const expect = stip === "closed"
      ? countCycles(adj, 0)
      : stip === "fixed-end"
      ? countPaths(adj, 0, sq.length - 1)
      : pathEndCounts(adj, 0).reduce((a, b) => a + b, 0);
    assert.equal(r.solutions, String(expect), formatPosition(p));
    assert.ok(r.complete);
    const perCycle = stip === "closed" && sq.length >= 3 ? 2 : 1;
    assert.equal(r.unique, expect === perCycle, formatPosition(p));
    if (r.unique) unique++;
    if (expect > 0) {
      const s = r.first!;
      // Every move is a leap onto a man (closed: the last one back to the start), each man once.
      let at = c.start;
      for (const to of s.to) {
        const dx = Math.abs((at % w) - (to % w)), dy = Math.abs(Math.floor(at / w) - Math.floor(to / w));
        assert.deepEqual([Math.min(dx, dy), Math.max(dx, dy)], leap);
        at = to;
      }
      const captured = stip === "closed" ? s.to.slice(0, -1) : s.to;
      assert.deepEqual([...captured].sort((a, b) => a - b), [...c.men].sort((a, b) => a - b));
      if (stip === "closed") assert.equal(at, c.start);
      if (stip === "fixed-end") assert.equal(captured.at(-1), c.end);
      const d = solutionDiagrams(c, s);
      assert.equal(d.replay.steps.length, s.to.length);
      assert.equal(r.value, c.men.length);
    } else assert.equal(r.value, null);
  }
  assert.ok(unique > 20, `only ${unique} dual-free positions among the random ones`);
});

Deno.test("solveWorkbench: a node cap gives a lower bound, never a wrong exact count", () => {
  // The wazir on a full 6x6 board from a1: many paths, far more than a 1,000-node search finds.
  const b = makeBoard([6, 6]);
  const men = Array.from({ length: 35 }, (_, i) => squareName(b, i + 1));
  const c = checkWorkbench({ piece: "0,1", board: [6, 6], start: "a1", men, hurdles: [], stipulation: "dual-free" });
  const progress: number[] = [];
  const r = solveWorkbench(c, { maxNodes: 1_000, onProgress: (n) => progress.push(n) });
  assert.equal(r.complete, false);
  assert.ok(progress.length >= 1 && progress.every((n, i) => i === 0 || n >= progress[i - 1]));
  assert.ok(Number(r.solutions) >= 0);
  const limited = solveWorkbench(c, { limit: 5 });
  assert.equal(limited.solutions, "5");
  assert.equal(limited.complete, false);
  assert.equal(limited.unique, false);
});

Deno.test("solveWorkbench: locust counts equal the brute force", () => {
  const rng = mulberry32(11);
  for (let i = 0; i < 200; i++) {
    const kind = rng.pick(LOCUST_KINDS);
    const w = rng.int(3, 6), h = rng.int(3, 6);
    const b = makeBoard([w, h]);
    const sq = rng.sample(Array.from({ length: b.size }, (_, j) => j), rng.int(2, Math.min(8, b.size)));
    const closed = rng.chance(0.3);
    const p: WorkbenchPosition = {
      piece: kind,
      board: [w, h],
      start: squareName(b, sq[0]),
      men: sq.slice(1).map((s) => squareName(b, s)),
      hurdles: [],
      stipulation: closed ? "capture-closed" : "capture",
    };
    const c = checkWorkbench(p);
    const r = solveWorkbench(c);
    const expect = bruteLocustCount(lineTable(b, kind), sq[0], sq.slice(1), 1e9, closed ? sq[0] : -1);
    assert.equal(r.solutions, String(expect), formatPosition(p));
    assert.equal(r.unique, expect === 1);
    if (expect > 0) {
      assert.equal(r.first!.to.length, c.men.length);
      assert.deepEqual([...r.first!.captured!].sort((a, b) => a - b), [...c.men].sort((a, b) => a - b));
      assert.equal(solutionDiagrams(c, r.first!).replay.steps.length, c.men.length);
    }
  }
});

Deno.test("solveWorkbench: a hopper's SerienZiel counts shortest paths (a hand-checked case)", () => {
  // Grasshopper a1 over a hurdle on b2 lands on c3: one move, one way; c3 over d4 to e5: two moves.
  const c = checkWorkbench(parsePosition("piece=grasshopper board=8x8 start=a1 hurdles=b2,d4 target=e5"));
  const r = solveWorkbench(c);
  assert.equal(r.value, 2);
  assert.equal(r.solutions, "1");
  assert.equal(r.unique, true);
  const b = makeBoard([8, 8]);
  assert.deepEqual(r.first!.to, [parseSquare(b, "c3"), parseSquare(b, "e5")]);
  assert.deepEqual(r.first!.hurdle, [parseSquare(b, "b2"), parseSquare(b, "d4")]);
  const none = solveWorkbench(checkWorkbench(parsePosition("piece=grasshopper board=8x8 start=a1 hurdles=b2 target=h7")));
  assert.equal(none.solutions, "0");
  assert.equal(none.value, null);
  assert.equal(none.first, null);
});

Deno.test("compareWithCells: the cell of piece, board, kind (and hurdles); ties, beats, stays under; the failing check", () => {
  const cell = (over: Partial<WorkbenchCell>): WorkbenchCell => ({
    id: "c",
    family: "leaper",
    piece: "0,1",
    board: "4x4",
    kind: "dual-free",
    claim: 14,
    max: 14,
    ...over,
  });
  const cells = [
    cell({ id: "wazir-4" }),
    cell({ id: "wazir-5", board: "5x5", claim: 20, max: null }),
    cell({ id: "knight-4", piece: "1,2", claim: 9, max: null }),
    cell({ id: "wazir-closed-8", board: "8x8", kind: "closed", claim: 63, max: 63 }),
    cell({
      id: "g-h2-longest",
      family: "hopper",
      piece: "grasshopper",
      board: "8x8",
      kind: "serienziel-longest",
      hurdles: 2,
      claim: 6,
      max: 6,
    }),
    cell({
      id: "g-h2-dual-free",
      family: "hopper",
      piece: "grasshopper",
      board: "8x8",
      kind: "serienziel-dual-free",
      hurdles: 2,
      claim: 6,
      max: null,
    }),
    cell({
      id: "g-h3-longest",
      family: "hopper",
      piece: "grasshopper",
      board: "8x8",
      kind: "serienziel-longest",
      hurdles: 3,
      claim: 13,
      max: 13,
    }),
    cell({ id: "rl-closed", family: "locust", piece: "rook-locust", board: "8x8", kind: "dual-free-closed", claim: 38, max: 38 }),
    cell({ id: "rl-longest", family: "locust", piece: "rook-locust", board: "8x8", kind: "longest", claim: 46, max: null }),
  ];
  const base: SolvedFacts = {
    piece: "0,1",
    board: [4, 4],
    stipulation: "dual-free",
    pieces: 14,
    distance: null,
    solutions: "1",
    complete: true,
    unique: true,
  };
  const [tie] = compareWithCells(cells, base);
  assert.deepEqual([tie.cell.id, tie.qualifies, tie.failing, tie.vsClaim, tie.vsMax], ["wazir-4", true, null, "ties", "ties"]);
  const [under] = compareWithCells(cells, { ...base, pieces: 12 });
  assert.deepEqual([under.vsClaim, under.vsMax], ["under", "under"]);
  // Above a proven maximum: never sound; the verdict names the check the position fails.
  const [dual] = compareWithCells(cells, { ...base, pieces: 15, solutions: "3", unique: false });
  assert.deepEqual([dual.qualifies, dual.failing, dual.vsMax], [false, "unique", "beats"]);
  const [none] = compareWithCells(cells, { ...base, pieces: 15, solutions: "0", unique: false });
  assert.equal(none.failing, "solution");
  const [open] = compareWithCells(cells, { ...base, pieces: 15, solutions: "1", complete: false, unique: null });
  assert.equal(open.failing, "undecided");
  // No proven maximum: beating the published value is a claim to check, not a contradiction.
  const [beat] = compareWithCells(cells, { ...base, board: [5, 5], pieces: 21 });
  assert.deepEqual([beat.cell.id, beat.qualifies, beat.vsClaim, beat.vsMax], ["wazir-5", true, "beats", null]);
  assert.deepEqual(compareWithCells(cells, { ...base, board: [6, 6] }), [], "no cell for the board");
  assert.deepEqual(compareWithCells(cells, { ...base, piece: "1,3" }), [], "no cell for the piece");
  // Fixed end compares with the same column; closed with the closed tours (any closed solution counts).
  assert.equal(compareWithCells(cells, { ...base, stipulation: "fixed-end" })[0].cell.id, "wazir-4");
  const closed = compareWithCells(cells, { ...base, board: [8, 8], stipulation: "closed", pieces: 63, solutions: "8", unique: false });
  assert.deepEqual(closed.map((v) => [v.cell.id, v.qualifies, v.vsClaim]), [["wazir-closed-8", true, "ties"]]);
  // Hoppers: the number of hurdles picks the row, the distance is the value; dual-free needs one shortest path.
  const hop = compareWithCells(cells, {
    piece: "grasshopper",
    board: [8, 8],
    stipulation: "ser-z",
    pieces: 2,
    distance: 6,
    solutions: "2",
    complete: true,
    unique: false,
  });
  assert.deepEqual(hop.map((v) => [v.cell.id, v.qualifies, v.failing, v.vsClaim]), [["g-h2-longest", true, null, "ties"], [
    "g-h2-dual-free",
    false,
    "unique",
    "ties",
  ]]);
  assert.deepEqual(
    compareWithCells(cells, {
      piece: "grasshopper",
      board: [8, 8],
      stipulation: "ser-z",
      pieces: 2,
      distance: null,
      solutions: "0",
      complete: true,
      unique: false,
    }),
    [],
  );
  // Locusts: a closed dual-free sequence enters the closed cell and the longest one.
  const loc = compareWithCells(cells, {
    piece: "rook-locust",
    board: [8, 8],
    stipulation: "capture-closed",
    pieces: 38,
    distance: null,
    solutions: "1",
    complete: true,
    unique: true,
  });
  assert.deepEqual(loc.map((v) => [v.cell.id, v.qualifies, v.vsClaim, v.vsMax]).sort(), [["rl-closed", true, "ties", "ties"], [
    "rl-longest",
    true,
    "under",
    null,
  ]]);
});

Deno.test("contributionFile: solved positions of the three families give files the contributions' schema takes; refusals say why", () => {
  const rng = mulberry32(99);
  let files = 0;
  const hopperFiles = new Map<string, Record<string, unknown>>();
  const credit = { author: "A. Composer", title: "A forum post", url: "https://example.org/p", year: 2026 };
  for (let i = 0; i < 300; i++) {
    // Positions with a solution: a leaper's walk (its squares the men), a locust's series built backwards; some random ones.
    let p = randomPosition(rng, 6);
    const b = makeBoard(p.board);
    if (i % 3 === 0 && p.piece.includes(",")) {
      const leap = p.piece.split(",").map(Number) as [number, number];
      const walk = leaperWalk(rng, p.board[0], p.board[1], leap, [2, 9], [0, 0], 9);
      if (walk.length >= 2) {
        p = {
          ...p,
          start: squareName(b, walk[0]),
          men: walk.slice(1).map((q) => squareName(b, q)),
          end: p.stipulation === "fixed-end" ? squareName(b, walk[walk.length - 1]) : undefined,
        };
      }
      if (p.end === undefined) delete p.end;
    } else if (i % 3 === 1 && !p.piece.includes(",") && p.stipulation !== "ser-z") {
      const back = backwardPosition(lineTable(b, p.piece as LocustKind), rng.int(1, 6), () => rng.next());
      if (back.men.length > 0) p = { ...p, start: squareName(b, back.start), men: back.men.map((q) => squareName(b, q)) };
    } else if (i % 2 === 0 && p.stipulation === "ser-z" && p.start) {
      // Half the hoppers aim at a farthest square (by the independent search), so that some positions are records.
      const reach = [...bruteSerienZiel(p.piece, p.board, p.start, p.hurdles)];
      const far = reach.reduce((a, x) => x[1].dist > a[1].dist ? x : a, reach[0]);
      if (far[0] !== p.start) p = { ...p, target: far[0] };
    }
    let c;
    try {
      c = checkWorkbench(p);
    } catch {
      continue;
    }
    const r = solveWorkbench(c);
    const moves = r.first ? solutionNames(c, r.first) : [];
    const out = contributionFile(
      { position: p, moves, solutions: r.solutions, complete: r.complete, unique: r.unique },
      credit,
      "https://example.org/schema.json",
    );
    if (r.solutions === "0") {
      assert.ok(!out.ok && /no solution/.test(out.reason.en));
      continue;
    }
    if (c.family === "hopper") {
      // The kind, by the independent search: a record kind or a refusal that says why.
      const reach = bruteSerienZiel(p.piece, p.board, p.start!, p.hurdles);
      const colour = (q: string) => (q.charCodeAt(0) + Number(q.slice(1))) % 2;
      const offColour = p.piece === "bishophopper" && p.hurdles.some((h) => colour(h) !== colour(p.start!));
      const kind = offColour ? null : bruteSerienZielKind(reach, p.target!);
      if (kind === null) {
        assert.ok(!out.ok && /farthest|colour/.test(out.reason.en) && out.reason.cs.length > 0, formatPosition(p));
        continue;
      }
      assert.ok(out.ok, `${formatPosition(p)}: ${!out.ok && out.reason.en}`);
      const parsed = Contribution.safeParse(out.file);
      assert.ok(parsed.success, `${formatPosition(p)}: ${JSON.stringify(parsed.error?.issues)}`);
      assert.equal(out.file.kind, kind, formatPosition(p));
      assert.equal(out.file.value, reach.get(p.target!)!.dist);
      assert.deepEqual(out.file.hurdles, p.hurdles);
      hopperFiles.set(String(out.file.id), out.file);
      continue;
    }
    if ((p.stipulation === "dual-free" || p.stipulation === "fixed-end") && r.unique !== true) {
      assert.ok(!out.ok && /exactly one solution/.test(out.reason.en), formatPosition(p));
      continue;
    }
    assert.ok(out.ok, formatPosition(p));
    const parsed = Contribution.safeParse(out.file);
    assert.ok(parsed.success, `${formatPosition(p)}: ${JSON.stringify(parsed.error?.issues)}`);
    assert.equal(out.file.value, c.men.length);
    files++;
  }
  assert.ok(files >= 30, `only ${files} files`);
  // The hoppers' files pass verify's own checks too (no table cell on these small boards: nothing to compare with).
  assert.ok(hopperFiles.size >= 10, `only ${hopperFiles.size} hopper files`);
  const dir = mkdtempSync(join(tmpdir(), "atlas-wb-hopper-"));
  try {
    for (const [id, file] of hopperFiles) writeFileSync(join(dir, `${id}.json`), JSON.stringify(file));
    const verified = verifyContributions({ dir, knownIds: new Set(), hopperRecords: [] });
    assert.deepEqual(verified.failures, []);
    assert.equal(verified.results.filter((r) => r.ok).length, hopperFiles.size);
  } finally {
    rmSync(dir, { recursive: true });
  }
  const p = parsePosition("piece=0,1 board=2x2 start=a1 men=a2,b2,b1 stip=closed");
  const r = solveWorkbench(checkWorkbench(p));
  const solved = {
    position: p,
    moves: solutionNames(checkWorkbench(p), r.first!),
    solutions: r.solutions,
    complete: r.complete,
    unique: r.unique,
  };
  const missing = contributionFile(solved, { ...credit, author: " " });
  assert.ok(!missing.ok && /author/.test(missing.reason.en) && missing.reason.cs.length > 0);
  const badYear = contributionFile(solved, { ...credit, year: 99 });
  assert.ok(!badYear.ok && /year/.test(badYear.reason.en));
  const badUrl = contributionFile(solved, { ...credit, url: "example.org" });
  assert.ok(!badUrl.ok && /http/.test(badUrl.reason.en));
});
