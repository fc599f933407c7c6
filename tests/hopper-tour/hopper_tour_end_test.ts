/**
 * The search from a known end (solvers/hopper-tour: huntTour's `end`, table.ts reversedTable and
 * restrictSteps) against a plain brute force written here from check.ts's geometry (no table):
 * on small boards it lists, for every start pair, the longest cyclic tour ending with each
 * (last square, hurdle square for the jump home); the forward search with that end and the
 * backward search from it must find exactly those values (a tour at the value, none above),
 * and every tour they return must replay under the forward rules.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import type { Board } from "../../solvers/types.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import {
  type HurdleSpec,
  parseHurdle,
  restrictSteps,
  reverseCyclicTour,
  reversedTable,
  tourTable,
} from "../../solvers/hopper-tour/table.ts";
import { huntTour } from "../../solvers/hopper-tour/hunt.ts";
import { hopperLanding, hurdleMoveLegal, replayTour } from "../../solvers/hopper-tour/check.ts";

/** key "s0,h0,last,closing" -> the longest cyclic tour with that start and end (plain depth-first, geometry only). */
function bruteEnds(board: Board, kind: HopperKind, hurdle: HurdleSpec, inner?: HurdleSpec): Map<string, number> {
  const n = board.size, out = new Map<string, number>();
  const seen = new Uint8Array(n);
  const tourMove = (h: number, to: number, p: number) => hurdleMoveLegal(board, inner ?? hurdle, h, to, p);
  const go = (s0: number, h0: number, p: number, h: number, depth: number) => {
    // End here: the hurdle moves to c (a tour move), the hopper jumps home, the hurdle returns to h0 (its own move).
    for (let c = 0; c < n; c++) {
      if (depth >= 1 && tourMove(h, c, p) && hopperLanding(board, kind, p, c) === s0 && hurdleMoveLegal(board, hurdle, c, h0, s0)) {
        const key = `${s0},${h0},${p},${c}`;
        out.set(key, Math.max(out.get(key) ?? 0, depth));
      }
    }
    for (let c = 0; c < n; c++) {
      if (!tourMove(h, c, p)) continue;
      const q = hopperLanding(board, kind, p, c);
      if (q < 0 || seen[q]) continue;
      seen[q] = 1;
      go(s0, h0, q, c, depth + 1);
      seen[q] = 0;
    }
  };
  for (let s0 = 0; s0 < n; s0++) {
    for (let h0 = 0; h0 < n; h0++) {
      if (s0 === h0) continue;
      const s1 = hopperLanding(board, kind, s0, h0);
      if (s1 < 0) continue;
      seen[s0] = seen[s1] = 1;
      go(s0, h0, s1, h0, 1);
      seen[s0] = seen[s1] = 0;
    }
  }
  return out;
}

const CASES: { dims: number[]; kind: HopperKind; hurdle: string; inner?: string }[] = [
  { dims: [4, 4], kind: "grasshopper", hurdle: "king" },
  { dims: [4, 4], kind: "grasshopper", hurdle: "rook" },
  { dims: [3, 5], kind: "grasshopper", hurdle: "nightrider", inner: "knight" },
  { dims: [4, 4], kind: "grasshopper", hurdle: "nightrider", inner: "knight" },
  { dims: [4, 4], kind: "rookhopper", hurdle: "queen" },
];

Deno.test("the search with a required end, forwards and backwards, matches the brute force on small boards", () => {
  let checked = 0;
  for (const cs of CASES) {
    const board = makeBoard(cs.dims);
    const hurdle = parseHurdle(cs.hurdle), inner = cs.inner ? parseHurdle(cs.inner) : undefined;
    const brute = bruteEnds(board, cs.kind, hurdle, inner);
    const fwdFull = tourTable(board, cs.kind, hurdle);
    const fwd = inner ? restrictSteps(fwdFull, tourTable(board, cs.kind, inner)) : fwdFull;
    const rev = inner ? restrictSteps(reversedTable(fwdFull), reversedTable(tourTable(board, cs.kind, inner))) : reversedTable(fwdFull);
    const n = board.size;
    for (const [key, value] of brute) {
      const [s0, h0, last, closing] = key.split(",").map(Number);
      for (const target of [value, value + 1]) {
        const f = huntTour(fwd, {
          mode: "cyclic",
          target,
          restartNodes: 1,
          maxNodes: 1e7,
          seed: 1,
          exhaustive: true,
          roots: [{ start: s0, hurdle: h0 }],
          end: { last, closing },
          reachFrom: 0,
        });
        assert.equal(f.complete, true);
        assert.equal(f.value >= target, target === value, `forwards ${cs.hurdle} ${cs.dims} ${key} target ${target}: found ${f.value}`);
        if (f.path) assert.ok(!("error" in replayTour(board, cs.kind, hurdle, f.path, "cyclic")), "forward tour replays");
        // Backwards: the root is the hopper's start with the hurdle on `closing`, when the jump home has a single origin.
        if (rev.landing[s0 * n + closing] !== last) continue;
        const b = huntTour(rev, {
          mode: "cyclic",
          target,
          restartNodes: 1,
          maxNodes: 1e7,
          seed: 1,
          exhaustive: true,
          roots: [{ start: s0, hurdle: closing }],
          end: { last: fwdFull.landing[s0 * n + h0], closing: h0 },
          reachFrom: 0,
        });
        assert.equal(b.complete, true);
        assert.equal(b.value >= target, target === value, `backwards ${cs.hurdle} ${cs.dims} ${key} target ${target}: found ${b.value}`);
        if (b.path) {
          const tour = reverseCyclicTour(b.path);
          const rep = replayTour(board, cs.kind, hurdle, tour, "cyclic");
          assert.ok(!("error" in rep) && rep.value >= target, `backward tour replays forwards: ${JSON.stringify(rep)}`);
          assert.equal(tour.hopper[tour.hopper.length - 2], last);
          assert.equal(tour.hurdleMoves[tour.hurdleMoves.length - 2], closing);
        }
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `only ${checked} backward checks`);
});

Deno.test("restrictSteps refuses a hurdle whose moves are not the outer hurdle's", () => {
  const board = makeBoard([5, 5]);
  assert.throws(() =>
    restrictSteps(tourTable(board, "grasshopper", parseHurdle("rook")), tourTable(board, "grasshopper", parseHurdle("knight")))
  );
  assert.doesNotThrow(() =>
    restrictSteps(tourTable(board, "grasshopper", parseHurdle("nightrider")), tourTable(board, "grasshopper", parseHurdle("knight")))
  );
});
