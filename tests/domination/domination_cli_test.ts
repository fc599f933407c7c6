/**
 * The --dominate command: answers agree with the solver and with the
 * article's 8x8 value, the diagram is consistent with the witness, and bad
 * input gives one line on stderr with exit 2.
 */
import assert from "node:assert/strict";
import { runDominate } from "../../scripts/families/domination/solve.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";

function run(args: string[]): { code: number; out: string; err: string } {
  let out = "";
  let err = "";
  const code = runDominate(args, { stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}

Deno.test("--json for queens on 8x8: the article's five, count and classes as the solver's", () => {
  const r = run(["--dominate", "queen", "--board", "8x8", "--count", "--json"]);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.equal(j.gamma, 5); // Brešar 1999: five queens, four cannot.
  assert.equal(j.witness.length, 5);
  const direct = solveDomination({ board: makeBoard([8, 8]), piece: "queen", kind: "dominating", count: true });
  assert.equal(j.count, direct.count);
  assert.equal(j.classes, direct.classes);
  assert.ok(j.nodes > 0 && j.seconds >= 0);
  assert.deepEqual(Object.keys(j).filter((k) => ["gamma", "witness", "count", "classes", "seconds", "nodes"].includes(k)).length, 6);
});

Deno.test("text output: diagram rows hold the witness letters and no unattacked square", () => {
  const r = run(["--dominate", "knight", "--board", "5x5"]);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.split("\n");
  const witness = lines.find((l) => l.startsWith("witness:"))!.slice(9).trim().split(" ");
  const board = makeBoard([5, 5]);
  const grid = lines.filter((l) => /^\d /.test(l));
  assert.equal(grid.length, 5);
  const cells = grid.map((l) => l.slice(2).split(" "));
  let letters = 0;
  for (let row = 0; row < 5; row++) {
    for (let x = 0; x < 5; x++) {
      const y = 4 - row;
      const name = String.fromCharCode(97 + x) + (y + 1);
      const c = cells[row][x];
      assert.ok(c === "N" || c === "+", `square ${name} drawn as ${c}`);
      if (c === "N") {
        letters++;
        assert.ok(witness.includes(name));
        parseSquare(board, name);
      }
    }
  }
  assert.equal(letters, witness.length);
});

Deno.test("cubes are drawn layer by layer", () => {
  const r = run(["--dominate", "rook", "--board", "3x3x3", "--kind", "independent"]);
  assert.equal(r.code, 0, r.err);
  assert.equal((r.out.match(/^layer z=/gm) ?? []).length, 3);
});

Deno.test("bad input: one line on stderr, exit 2", () => {
  const cases: [string[], RegExp][] = [
    [["--dominate", "pawn", "--board", "8x8"], /unknown piece/],
    [["--dominate", "queen", "--board", "8by8"], /cannot read board/],
    [["--dominate", "queen", "--board", "0x8"], /not a positive integer/],
    [["--dominate", "queen", "--board", "26x26"], /too big for an exhaustive run/],
    [["--dominate", "queen", "--board", "8x8", "--kind", "perfect"], /unknown kind/],
    [["--dominate", "rook", "--board", "10x10", "--count"], /too many to enumerate/],
    [["--dominate", "queen"], /--board is required/],
    [["--board", "8x8"], /--dominate PIECE is required/],
    [["--dominate", "queen", "--board", "8x8", "--max-nodes", "-3"], /max-nodes/],
    [["--dominate", "queen", "--board", "8x8", "--colour"], /unknown option/i],
  ];
  for (const [args, pattern] of cases) {
    const r = run(args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.out, "");
    assert.match(r.err, pattern);
    assert.equal(r.err.trim().split("\n").length, 1, r.err);
    assert.ok(r.err.startsWith("error: "));
  }
});

Deno.test("a node budget that runs out: exit 1 with the bounds", () => {
  const r = run(["--dominate", "queen", "--board", "14x14", "--max-nodes", "50"]);
  assert.equal(r.code, 1);
  assert.match(r.err, /node budget/);
});

Deno.test("no set exists: answered, exit 0", () => {
  const r = run(["--dominate", "knight", "--board", "3x3", "--kind", "total", "--json", "--count"]);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.equal(j.gamma, null);
  assert.equal(j.count, 0);
});

// Through `deno task solve` (scripts/commands/solve.ts hands any --dominate line to runDominate).
import { loadRunSolve } from "../../scripts/commands/solve.ts";

const runSolve = await loadRunSolve();

function solveCli(args: string[]): { code: number; out: string; err: string } {
  let out = "";
  let err = "";
  const code = runSolve(args, {
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
    readFile: () => {
      throw new Error("no file expected");
    },
  });
  return { code, out, err };
}

/** Queen attack on the empty board, written out plainly: same file, rank or diagonal. */
function queenSees(a: string, b: string): boolean {
  const [ax, ay] = [a.charCodeAt(0) - 97, Number(a.slice(1)) - 1];
  const [bx, by] = [b.charCodeAt(0) - 97, Number(b.slice(1)) - 1];
  return ax === bx || ay === by || Math.abs(ax - bx) === Math.abs(ay - by);
}

function allSquares(n: number): string[] {
  const out: string[] = [];
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) out.push(String.fromCharCode(97 + x) + (y + 1));
  return out;
}

Deno.test("solve --dominate queen --board 8x8 --json: gamma 5 and a witness that covers the board", () => {
  const r = solveCli(["--dominate", "queen", "--board", "8x8", "--json"]);
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.equal(j.gamma, 5);
  assert.equal(j.witness.length, 5);
  assert.equal(j.count, undefined, "no count without --count");
  for (const s of allSquares(8)) assert.ok(j.witness.some((q: string) => q === s || queenSees(q, s)), `${s} not dominated`);
});

Deno.test("solve --dominate with --kind independent|total|connected and --count: the witness has the kind's property", () => {
  // Counts from OEIS A002568 (independent, n = 8: 728) and A002566 (total, n = 8: 352): claims, not our output.
  const cases: [string, number, number][] = [["independent", 5, 728], ["total", 5, 352]];
  for (const [kind, gamma, count] of cases) {
    const r = solveCli(["--dominate", "queen", "--board", "8x8", "--kind", kind, "--count", "--json"]);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.kind, kind);
    assert.equal(j.gamma, gamma);
    assert.equal(j.count, count);
    assert.ok(Number.isInteger(j.classes) && j.classes >= count / 8 && j.classes <= count);
    const w: string[] = j.witness;
    for (const a of w) {
      const others = w.filter((b) => b !== a);
      if (kind === "independent") assert.ok(others.every((b) => !queenSees(a, b)), `${a} attacked`);
      if (kind === "total") assert.ok(others.some((b) => queenSees(a, b)), `${a} not attacked`);
    }
    for (const s of allSquares(8)) {
      const served = (q: string) => (kind === "total" ? q !== s && queenSees(q, s) : q === s || queenSees(q, s));
      assert.ok(w.some(served), `${s} (${kind})`);
    }
  }
  const c = solveCli(["--dominate=king", "--board=5x5", "--kind=connected", "--json"]);
  assert.equal(c.code, 0, c.err);
  const j = JSON.parse(c.out);
  assert.equal(j.gamma, solveDomination({ board: makeBoard([5, 5]), piece: "king", kind: "connected" }).gamma);
  assert.equal(j.witness.length, j.gamma);
  // The kings' attack graph among the witness is connected (king step: both offsets at most 1).
  const xy = (q: string) => [q.charCodeAt(0) - 97, Number(q.slice(1)) - 1];
  const near = (a: string, b: string) => Math.max(Math.abs(xy(a)[0] - xy(b)[0]), Math.abs(xy(a)[1] - xy(b)[1])) === 1;
  const reached = new Set([j.witness[0]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const q of j.witness) if (!reached.has(q) && [...reached].some((r) => near(q, r))) (reached.add(q), grew = true);
  }
  assert.equal(reached.size, j.witness.length);
});

Deno.test("solve --dominate: bad input is one line on stderr with exit 2, through the solve command too", () => {
  const cases: [string[], RegExp][] = [
    [["--dominate", "pawn", "--board", "8x8"], /unknown piece/],
    [["--dominate", "queen", "--board", "8x8", "--kind", "perfect"], /unknown kind/],
    [["--dominate", "queen", "--board", "x"], /board/],
    [["--dominate", "queen", "--board", "8x8", "--men", "a1"], /unknown option/i],
    [["--piece", "zebra", "--dominate", "queen", "--board", "8x8"], /unknown option/i],
    [["--dominate", "--board", "8x8"], /dominate/],
  ];
  for (const [args, pattern] of cases) {
    const r = solveCli(args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.err}`);
    assert.equal(r.out, "");
    assert.match(r.err, pattern);
    assert.equal(r.err.trim().split("\n").length, 1, r.err);
    assert.ok(r.err.startsWith("error: "));
  }
  const help = solveCli(["--help"]);
  assert.match(help.out, /--dominate/);
});
