/**
 * The replay island's pure model (site/islands/replay-model.ts and
 * try-model.ts): positions after p moves, URL fragments, and the "try it"
 * verdicts. Verdicts are checked against plain brute forces that share no code
 * with the solvers the island uses: tests/helpers/brute.ts for leaper captures,
 * and grasshopper hops and locust captures computed here from coordinates.
 */
import assert from "node:assert/strict";
import type { ReplaySpec } from "../../solvers/diagram/spec.ts";
import { clampPosition, fragmentOf, positionFromFragment, positionSpec } from "../../site/islands/replay-model.ts";
import {
  applyTryMove,
  judge,
  legalMoves,
  startTry,
  tryContext,
  tryLabels,
  trySpec,
  type TryState,
  undoTryMove,
} from "../../site/islands/try-model.ts";
import { countPaths, leaperMatrix } from "../helpers/brute.ts";
import { hopperTourAdapter } from "../../site/families/hopper-tour.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const W = 8;
const sq = (name: string) => name.charCodeAt(0) - 97 + W * (Number(name.slice(1)) - 1);

/** A capture replay built by hand: a knight on `start` takes the men in `order`. */
function captureReplay(start: number, order: number[], leap: [number, number] = [1, 2], board = [W, W]): ReplaySpec {
  return {
    initial: {
      board,
      pieces: [
        { square: start, glyph: `leaper:${leap[0]},${leap[1]}`, colour: "white" },
        ...order.map((s) => ({ square: s, glyph: "man", colour: "black" as const })),
      ],
    },
    steps: order.map((to, i) => ({ from: i === 0 ? start : order[i - 1], to, captured: to, label: `${i + 1}.S:${to}` })),
    tryIt: { type: "leaper-capture", leap, board, start, men: [...order].sort((a, b) => a - b) },
  };
}

Deno.test("fragments name positions and are clamped to the solution", () => {
  assert.equal(fragmentOf(17), "#move-17");
  assert.equal(positionFromFragment("#move-17", 52), 17);
  assert.equal(positionFromFragment("#move-0", 52), 0);
  assert.equal(positionFromFragment("#move-99", 52), 52);
  for (const bad of ["", "#", "#move-", "#move--1", "#move-1.5", "#moves-3", "#move-3x", "#top"]) {
    assert.equal(positionFromFragment(bad, 52), null, bad);
  }
  assert.equal(clampPosition(-4, 10), 0);
  assert.equal(clampPosition(NaN, 10), 10);
  assert.equal(clampPosition(3.7, 10), 3);
});

Deno.test("positions: captured men leave, hurdles stay, numbers and the current square follow the piece", () => {
  // b1 -> c3 -> e4 -> f6, capturing each.
  const order = ["c3", "e4", "f6"].map(sq);
  const replay = captureReplay(sq("b1"), order);
  const at0 = positionSpec(replay, 0);
  assert.deepEqual(at0.pieces.map((p) => p.square).sort((a, b) => a - b), [sq("b1"), ...order].sort((a, b) => a - b));
  assert.deepEqual(at0.numbers, [{ square: sq("b1"), label: "0" }]);
  assert.equal(at0.path, undefined);
  const at2 = positionSpec(replay, 2);
  const squares2 = at2.pieces.map((p) => p.square).sort((a, b) => a - b);
  assert.deepEqual(squares2, [sq("e4"), sq("f6")].sort((a, b) => a - b));
  assert.equal(at2.pieces.find((p) => p.square === sq("e4"))?.colour, "white");
  assert.deepEqual(at2.numbers?.map((n) => n.label), ["0", "1", "2"]);
  assert.deepEqual(at2.path, [sq("b1"), sq("c3"), sq("e4")]);
  assert.ok(at2.marks?.some((m) => m.square === sq("e4")));
  const end = positionSpec(replay, 99);
  assert.deepEqual(end.pieces.map((p) => p.square), [sq("f6")]);

  // A hopper: the hurdle is jumped, not captured.
  const hop: ReplaySpec = {
    initial: {
      board: [W, W],
      pieces: [
        { square: sq("a1"), glyph: "grasshopper", colour: "white" },
        { square: sq("a2"), glyph: "dummy", colour: "neutral" },
      ],
    },
    steps: [{ from: sq("a1"), to: sq("a3"), hurdle: sq("a2"), label: "1.G-a3" }],
  };
  const after = positionSpec(hop, 1);
  assert.deepEqual(after.pieces.map((p) => [p.square, p.glyph]).sort(), [[sq("a2"), "dummy"], [sq("a3"), "grasshopper"]].sort());
  // A locust removes the man it jumps over, not the landing square's.
  const loc: ReplaySpec = {
    initial: {
      board: [W, W],
      pieces: [
        { square: sq("a1"), glyph: "locust", colour: "white" },
        { square: sq("a2"), glyph: "man", colour: "black" },
      ],
    },
    steps: [{ from: sq("a1"), to: sq("a3"), captured: sq("a2"), label: "1.L:a2-a3" }],
  };
  assert.deepEqual(positionSpec(loc, 1).pieces.map((p) => p.square), [sq("a3")]);
});

Deno.test("a movable hurdle's moves move it but visit and number nothing", () => {
  // Grasshopper a1, knight hurdle a2: G a1-a3 (over a2), N a2-b4, G a3-c5 (over b4).
  const tour: ReplaySpec = {
    initial: {
      board: [W, W],
      pieces: [
        { square: sq("a1"), glyph: "grasshopper", colour: "white" },
        { square: sq("a2"), glyph: "knight", colour: "white" },
      ],
    },
    steps: [
      { from: sq("a1"), to: sq("a3"), hurdle: sq("a2"), label: "1.G-a3" },
      { from: sq("a2"), to: sq("b4"), piece: "hurdle", label: "1...S-b4" },
      { from: sq("a3"), to: sq("c5"), hurdle: sq("b4"), label: "2.G-c5" },
    ],
  };
  const at2 = positionSpec(tour, 2);
  assert.deepEqual(at2.pieces.map((p) => [p.square, p.glyph]).sort(), [[sq("a3"), "grasshopper"], [sq("b4"), "knight"]].sort());
  assert.deepEqual(at2.numbers, [{ square: sq("a1"), label: "0" }, { square: sq("a3"), label: "1" }]);
  assert.deepEqual(at2.path, [sq("a1"), sq("a3")]);
  // The framed square stays with the hopper while the hurdle moves.
  assert.deepEqual(at2.marks?.filter((m) => m.kind === "start").map((m) => m.square), [sq("a3")]);
  const end = positionSpec(tour, 3);
  assert.deepEqual(end.numbers?.map((n) => [n.square, n.label]), [[sq("a1"), "0"], [sq("a3"), "1"], [sq("c5"), "2"]]);
  assert.deepEqual(end.path, [sq("a1"), sq("a3"), sq("c5")]);
});

Deno.test("hopper-tour records: the replay's last position numbers the hopper's squares as the solution diagram does", () => {
  let checked = 0;
  for (const e of hopperTourAdapter.entries()) {
    if (!e.replay || !e.solutionDiagram) continue;
    checked++;
    const end = positionSpec(e.replay, e.replay.steps.length);
    const key = (ns: { square: number; label: string }[] | undefined) => (ns ?? []).map((n) => `${n.square}:${n.label}`).sort();
    assert.deepEqual(key(end.numbers), key(e.solutionDiagram.numbers), e.id);
    // Every hop lands on a new square (a closed tour's last hop returns to the start).
    const hops = e.replay.steps.filter((s) => s.piece !== "hurdle").length;
    assert.equal(end.numbers!.length, hops + (e.solutionDiagram.closed ? 0 : 1), e.id);
  }
  assert.ok(checked > 10, `only ${checked} hopper-tour replays`);
});

Deno.test("try it: following the solution, undo, a dead end and the final verdict", () => {
  const order = ["c3", "e4", "f6"].map(sq);
  const replay = captureReplay(sq("b1"), order);
  const ctx = tryContext(replay.tryIt as never, order);
  let s: TryState = startTry(ctx.rules);
  assert.deepEqual(legalMoves(ctx, s), [sq("c3")]);
  assert.equal(applyTryMove(ctx, s, sq("e4")), null, "a leaper cannot capture out of reach");
  assert.equal(judge(ctx, s).kind, "start");
  s = applyTryMove(ctx, s, sq("c3"))!;
  assert.deepEqual(judge(ctx, s), { kind: "on-solution", ways: 1 });
  assert.deepEqual(tryLabels(ctx, s), ["1.S:c3"]);
  s = applyTryMove(ctx, s, sq("e4"))!;
  s = applyTryMove(ctx, s, sq("f6"))!;
  assert.deepEqual(judge(ctx, s), { kind: "solved" });
  assert.deepEqual(legalMoves(ctx, s), []);
  s = undoTryMove(undoTryMove(s));
  assert.equal(s.visited.length, 2);
  const spec = trySpec(ctx, s, replay.initial);
  assert.equal(spec.pieces.length, 3, "piece and two men");
  assert.ok(spec.marks?.some((m) => m.kind === "target" && m.square === sq("e4")));
});

Deno.test("try it: a second order of capture is reported as a dual, a dead end as such", () => {
  // Knight on a1; men on b3, c1, d3? a1-b3, b3-c1, c1-d3, b3-d4... choose a square
  // reached both ways: a1 -> c2 -> e1 and a1 -> c2 -> e3 with men on c2, e1, e3, so
  // after c2 either man is reachable but neither leads to the other (e1-e3 is no knight move).
  const men = ["c2", "e1", "e3"].map(sq);
  const replay = captureReplay(sq("a1"), men);
  const ctx = tryContext(replay.tryIt as never, men);
  let s = applyTryMove(ctx, startTry(ctx.rules), sq("c2"))!;
  assert.deepEqual(judge(ctx, s), { kind: "on-solution", ways: 0 }, "no order takes all three");
  s = applyTryMove(ctx, s, sq("e3"))!;
  assert.deepEqual(judge(ctx, s), { kind: "dead-end" });

  // Two complete orders: a1 -> b3 -> d4 and a1 -> c2 -> ... ; knight men b3, c2, d4? b3-d4 yes, c2-d4 yes,
  // b3-c2 no. a1->b3->d4->c2 and a1->c2->d4->b3: two solutions, the replay shows the first.
  const men2 = ["b3", "d4", "c2"].map(sq);
  const r2 = captureReplay(sq("a1"), men2);
  const c2 = tryContext(r2.tryIt as never, men2);
  let t = startTry(c2.rules);
  assert.deepEqual(legalMoves(c2, t), [sq("c2"), sq("b3")].sort((a, b) => a - b));
  t = applyTryMove(c2, t, sq("c2"))!;
  assert.equal(judge(c2, t).kind, "dual");
  t = applyTryMove(c2, t, sq("d4"))!;
  t = applyTryMove(c2, t, sq("b3"))!;
  assert.deepEqual(judge(c2, t), { kind: "solved-other" });
});

Deno.test("try it: verdicts agree with a plain brute force on random capture positions", () => {
  const rng = mulberry32(20261121);
  const leaps: [number, number][] = [[1, 2], [0, 1], [1, 1], [1, 3], [0, 2]];
  for (let trial = 0; trial < 300; trial++) {
    const w = rng.int(3, 5);
    const leap = rng.pick(leaps);
    const cells = Array.from({ length: w * w }, (_, i) => i);
    const picked = rng.sample(cells, rng.int(2, Math.min(9, w * w)));
    const [start, ...men] = picked;
    const closed = rng.chance(0.25);
    // Some open problems fix the last square (dual-free-fixed-end).
    const end = !closed && men.length > 0 && rng.chance(0.3) ? rng.pick(men) : undefined;
    const replay: ReplaySpec = {
      initial: { board: [w, w], pieces: [] },
      steps: [],
      tryIt: { type: "leaper-capture", leap, board: [w, w], start, men, closed, end },
    };
    withInstance(20261121, () => JSON.stringify({ trial, w, leap, start, men, closed, end }), () => {
      const ctx = tryContext(replay.tryIt as never, []);
      // Walk a random game; at each step compare the engine's count of ways to finish with the brute force.
      let s = startTry(ctx.rules);
      for (;;) {
        const taken = new Set(s.visited);
        const left = men.filter((m) => !taken.has(m));
        const cur = s.visited[s.visited.length - 1];
        if (s.visited.length > 1) {
          let expected: number;
          if (closed) {
            const squares = [cur, ...left, start];
            expected = cur === start ? (left.length === 0 ? 1 : 0) : countPaths(leaperMatrix(w, leap, squares), 0, squares.length - 1);
          } else if (end !== undefined) {
            const squares = [cur, ...left];
            const at = squares.indexOf(end);
            expected = at < 0 ? 0 : countPaths(leaperMatrix(w, leap, squares), 0, at);
          } else {
            expected = countPaths(leaperMatrix(w, leap, [cur, ...left]), 0);
          }
          const v = judge(ctx, s);
          if (v.kind === "solved-other" || v.kind === "solved") assert.equal(expected, 1);
          else if (v.kind === "dead-end") assert.equal(expected, 0);
          else if (v.kind === "dual") assert.equal(Math.min(2, expected), v.ways);
          else assert.fail(`unexpected verdict ${v.kind} after leaving an empty solution`);
        }
        // Legal moves: the men in reach (plus the way home when closed and no man is left).
        const reach = (a: number, b: number) => {
          const dx = Math.abs((a % w) - (b % w));
          const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
          return (dx === leap[0] && dy === leap[1]) || (dx === leap[1] && dy === leap[0]);
        };
        const homeward = closed && left.length === 0 && s.visited.length > 1 && cur !== start && reach(cur, start) ? [start] : [];
        const expectedMoves = [...left.filter((m) => reach(cur, m)), ...homeward].sort((a, b) => a - b);
        const moves = legalMoves(ctx, s);
        assert.deepEqual(moves, cur === start && s.visited.length > 1 ? [] : expectedMoves);
        if (moves.length === 0) break;
        s = applyTryMove(ctx, s, rng.pick(moves))!;
      }
    });
  }
});

Deno.test("try it on a tour: free squares, the return of a closed tour, and the record's length", () => {
  // Wazir on a 2x2 board: a1 b1 b2 a2 and back.
  const replay: ReplaySpec = {
    initial: { board: [2, 2], pieces: [{ square: 0, glyph: "leaper:0,1", colour: "white" }] },
    steps: [],
    tryIt: { type: "tour", leap: [0, 1], board: [2, 2], start: 0, closed: true },
  };
  const ctx = tryContext(replay.tryIt as never, [1, 3, 2, 0]);
  let s = startTry(ctx.rules);
  assert.deepEqual(legalMoves(ctx, s), [1, 2]);
  s = applyTryMove(ctx, s, 1)!;
  assert.deepEqual(legalMoves(ctx, s), [0, 3], "out and back is a closed tour of 1");
  s = applyTryMove(ctx, s, 3)!;
  s = applyTryMove(ctx, s, 2)!;
  s = applyTryMove(ctx, s, 0)!;
  assert.deepEqual(judge(ctx, s), { kind: "tour", following: true, moves: 3, record: 3, stuck: true });
});

// ---------------------------------------------------------------- hoppers and locusts, from coordinates alone

const QUEEN_LINES: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** Grasshopper hops on a w×w board over fixed hurdles: the first man on a queen line, landing just behind it on an empty square. */
function grasshopperHops(w: number, hurdles: Set<number>, from: number): number[] {
  const out: number[] = [];
  for (const [dx, dy] of QUEEN_LINES) {
    let x = (from % w) + dx, y = Math.floor(from / w) + dy;
    while (x >= 0 && y >= 0 && x < w && y < w && !hurdles.has(x + w * y)) (x += dx, y += dy);
    if (!(x >= 0 && y >= 0 && x < w && y < w)) continue;
    const lx = x + dx, ly = y + dy;
    if (lx >= 0 && ly >= 0 && lx < w && ly < w && !hurdles.has(lx + w * ly)) out.push(lx + w * ly);
  }
  return out.sort((a, b) => a - b);
}

/** Distances and shortest-path counts by plain BFS. */
function bfs(w: number, hurdles: Set<number>, from: number): { dist: number[]; count: number[]; parent: number[] } {
  const dist = new Array<number>(w * w).fill(-1), count = new Array<number>(w * w).fill(0), parent = new Array<number>(w * w).fill(-1);
  dist[from] = 0;
  count[from] = 1;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const u of grasshopperHops(w, hurdles, v)) {
      if (dist[u] < 0) (dist[u] = dist[v] + 1, count[u] = count[v], parent[u] = v, queue.push(u));
      else if (dist[u] === dist[v] + 1) count[u] += count[v];
    }
  }
  return { dist, count, parent };
}

Deno.test("try it with a grasshopper: hops and verdicts agree with a plain BFS on random hurdle positions", () => {
  const rng = mulberry32(7331);
  let games = 0;
  for (let trial = 0; trial < 300; trial++) {
    const w = rng.int(4, 6);
    const cells = rng.shuffle(Array.from({ length: w * w }, (_, i) => i));
    const start = cells[0];
    const hurdles = new Set(cells.slice(1, 1 + rng.int(1, 7)));
    const from0 = bfs(w, hurdles, start);
    const targets = from0.dist.map((d, sq) => (d >= 2 ? sq : -1)).filter((sq) => sq >= 0);
    if (targets.length === 0) continue;
    const target = rng.pick(targets);
    const solution: number[] = [];
    for (let v = target; v !== start; v = from0.parent[v]) solution.unshift(v);
    const rules = { type: "hopper-reach" as const, hopper: "grasshopper", board: [w, w], start, hurdles: [...hurdles], target };
    withInstance(7331, () => JSON.stringify({ trial, rules, solution }), () => {
      const ctx = tryContext(rules, solution);
      let s = startTry(rules);
      for (let step = 0; step < solution.length + 2; step++) {
        const cur = s.visited[s.visited.length - 1];
        const moves = legalMoves(ctx, s);
        const done = cur === target && s.visited.length > 1;
        assert.deepEqual(moves, done ? [] : grasshopperHops(w, hurdles, cur));
        if (s.visited.length > 1) {
          const made = s.visited.length - 1;
          const following = s.visited.slice(1).every((sq, i) => solution[i] === sq);
          const left = bfs(w, hurdles, cur);
          const v = judge(ctx, s);
          if (done) {
            assert.deepEqual(
              v,
              made > solution.length
                ? { kind: "reached-late", moves: made, shortest: solution.length }
                : { kind: following ? "solved" : "solved-other" },
            );
          } else if (left.dist[target] < 0 || made + left.dist[target] > solution.length) {
            assert.deepEqual(v, { kind: "dead-end" });
          } else {
            assert.deepEqual(v, { kind: following ? "on-solution" : "dual", ways: Math.min(2, left.count[target]) });
          }
        }
        if (moves.length === 0) break;
        // Follow the solution half of the time, so games stay on it for a while.
        const next = rng.chance(0.5) && moves.includes(solution[s.visited.length - 1]) ? solution[s.visited.length - 1] : rng.pick(moves);
        s = applyTryMove(ctx, s, next)!;
      }
      games++;
    });
  }
  assert.ok(games >= 100, `${games} games played`);
});

/** Locust captures on a w×w board: along a queen line past empty squares, a man, then an empty landing square. */
function locustCaptures(w: number, men: Set<number>, from: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [dx, dy] of QUEEN_LINES) {
    let x = (from % w) + dx, y = Math.floor(from / w) + dy;
    while (x >= 0 && y >= 0 && x < w && y < w && !men.has(x + w * y)) (x += dx, y += dy);
    if (!(x >= 0 && y >= 0 && x < w && y < w)) continue;
    const lx = x + dx, ly = y + dy;
    if (lx >= 0 && ly >= 0 && lx < w && ly < w && !men.has(lx + w * ly)) out.push([x + w * y, lx + w * ly]);
  }
  return out;
}

/** Complete capture sequences from `from`; with `home`, only those whose last landing is `home`. */
function countSequences(w: number, men: Set<number>, from: number, home = -1): number {
  if (men.size === 0) return home < 0 || from === home ? 1 : 0;
  let total = 0;
  for (const [man, land] of locustCaptures(w, men, from)) {
    men.delete(man);
    total += countSequences(w, men, land, home);
    men.add(man);
  }
  return total;
}

Deno.test("try it with a locust: captures and verdicts agree with a plain count of capture sequences", () => {
  const rng = mulberry32(4242);
  for (let trial = 0; trial < 150; trial++) {
    const w = rng.int(4, 5);
    const cells = rng.shuffle(Array.from({ length: w * w }, (_, i) => i));
    const start = cells[0];
    const menList = cells.slice(1, 1 + rng.int(2, 6));
    const closed = rng.chance(0.3);
    const rules = { type: "locust-capture" as const, locust: "locust", board: [w, w], start, men: menList, closed };
    withInstance(4242, () => JSON.stringify({ trial, rules }), () => {
      const ctx = tryContext(rules, []);
      let s = startTry(rules);
      const men = new Set(menList);
      for (;;) {
        const cur = s.visited[s.visited.length - 1];
        const expected = locustCaptures(w, men, cur).sort((a, b) => a[1] - b[1]);
        assert.deepEqual(legalMoves(ctx, s), expected.map(([, land]) => land));
        if (s.visited.length > 1) {
          const v = judge(ctx, s);
          const ways = countSequences(w, men, cur, closed ? start : -1);
          if (men.size === 0) assert.deepEqual(v, ways === 1 ? { kind: "solved-other" } : { kind: "dead-end" });
          else assert.deepEqual(v, ways === 0 ? { kind: "dead-end" } : { kind: "dual", ways: Math.min(2, ways) });
        }
        if (expected.length === 0) break;
        const [man, land] = rng.pick(expected);
        s = applyTryMove(ctx, s, land)!;
        assert.equal(s.captured[s.captured.length - 1], man, "the man jumped is the one captured");
        men.delete(man);
      }
      assert.ok(tryLabels(ctx, s).every((l, i) => l.startsWith(`${i + 1}.`) && l.includes(":")));
    });
  }
});
