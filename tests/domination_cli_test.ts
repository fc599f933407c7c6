/**
 * The --dominate command: answers agree with the solver and with the
 * article's 8x8 value, the diagram is consistent with the witness, and bad
 * input gives one line on stderr with exit 2.
 */
import assert from "node:assert/strict";
import { runDominate } from "../scripts/lib/dominate-cli.ts";
import { makeBoard } from "../solvers/board/board.ts";
import { parseSquare } from "../solvers/board/squares.ts";
import { solveDomination } from "../solvers/domination/solve.ts";

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
    [["--dominate", "queen", "--board", "8x8", "--colour"], /Unknown option/],
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
