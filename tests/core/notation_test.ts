/**
 * Booklet notation (solvers/notation.ts) and text diagrams
 * (solvers/diagram-text.ts): the fixed strings are written from the booklet's
 * printed examples (shared/sources/000, e.g. line 2526 "1.Z:e3 2.Z:h1 3.Z:f4",
 * line 2934 "sd=48 Leaper [2,5]a1 (1+48) … 48.(2,5).f6="), round trips run on
 * random sequences, and diagrams are read back cell by cell.
 */
import assert from "node:assert/strict";
import { makeBoard, parseBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { leaper, parseLeaper } from "../../solvers/pieces/leaper.ts";
import type { Board, Square } from "../../solvers/types.ts";
import { formatCaptures, formatTour, NotationError, parseNotation, parseSolution, problemHeading } from "../../solvers/notation.ts";
import { diagramText } from "../../solvers/diagram-text.ts";
import { mulberry32, withInstance } from "../helpers/random.ts";

const b8 = parseBoard("8x8");
const sq = (board: Board, names: string) => names.split(" ").map((n) => parseSquare(board, n));

Deno.test("captures in the booklet's notation", () => {
  const zebra = parseLeaper("zebra");
  assert.equal(formatCaptures(b8, zebra, sq(b8, "b1")[0], sq(b8, "e3 h1 f4")), "1.Z:e3 2.Z:h1 3.Z:f4=");
  assert.equal(formatCaptures(b8, zebra, sq(b8, "b1")[0], sq(b8, "e3 h1 f4"), { stalemate: false }), "1.Z:e3 2.Z:h1 3.Z:f4");
  assert.equal(formatCaptures(b8, parseLeaper("knight"), 0, sq(b8, "b3 c5")), "1.S:b3 2.S:c5=");
  assert.equal(formatCaptures(b8, parseLeaper("wazir"), 0, sq(b8, "b1")), "1.WA:b1=");
  assert.equal(formatCaptures(b8, parseLeaper("2,5"), 0, sq(b8, "f3 h8")), "1.(2,5):f3 2.(2,5):h8=");
  // Closed: the return to the emptied start is one more move, not a capture.
  assert.equal(formatCaptures(b8, zebra, sq(b8, "d4")[0], sq(b8, "b1 e3"), { closed: true }), "1.Z:b1 2.Z:e3 3.Z-d4=");
  assert.equal(formatCaptures(b8, zebra, 0, []), "");
});

Deno.test("tours as plain move lists", () => {
  const zebra = parseLeaper("zebra");
  assert.equal(formatTour(b8, zebra, sq(b8, "e3 h1")), "1.Z-e3 2.Z-h1");
  assert.equal(formatTour(b8, zebra, sq(b8, "b1 e3"), { closed: true, start: sq(b8, "d4")[0] }), "1.Z-b1 2.Z-e3 3.Z-d4");
  assert.throws(() => formatTour(b8, zebra, sq(b8, "b1"), { closed: true }), NotationError);
});

Deno.test("problem headings in English and Czech", () => {
  const b1 = sq(b8, "b1")[0];
  assert.equal(problemHeading(b8, parseLeaper("zebra"), b1, 52), "sd=52 Zebra b1 (1+52)");
  assert.equal(problemHeading(b8, parseLeaper("zebra"), b1, 52, { lang: "cs" }), "sd=52 zebra b1 (1+52)");
  assert.equal(problemHeading(b8, parseLeaper("fers"), b1, 28), "sd=28 Fers b1 (1+28)");
  assert.equal(problemHeading(b8, parseLeaper("knight"), b1, 53, { lang: "cs" }), "sd=53 jezdec b1 (1+53)");
  assert.equal(problemHeading(b8, leaper(2, 6), 0, 3), "sd=3 Leaper [2,6] a1 (1+3)");
  assert.equal(problemHeading(b8, leaper(2, 6), 0, 3, { lang: "cs" }), "sd=3 Skokan [2,6] a1 (1+3)");
  const d4 = sq(b8, "d4")[0];
  assert.equal(problemHeading(b8, parseLeaper("zebra"), d4, 53, { closed: true }), "sd=53 Zebra d4 (1+53), closed tour");
  assert.equal(problemHeading(b8, parseLeaper("zebra"), d4, 53, { closed: true, lang: "cs" }), "sd=53 zebra d4 (1+53), uzavřená cesta");
  const [h8, g2] = sq(b8, "h8 g2");
  assert.equal(problemHeading(b8, parseLeaper("wazir"), h8, 55, { end: g2 }), "sd=55 Wazir h8 (1+55), final square g2");
  assert.equal(problemHeading(b8, parseLeaper("wazir"), h8, 55, { end: g2, lang: "cs" }), "sd=55 vezír h8 (1+55), koncové pole g2");
  const cube = parseBoard("4x4x4");
  assert.equal(problemHeading(cube, parseLeaper("knight"), parseSquare(cube, "123"), 5), "sd=5 Knight 123 (1+5)");
});

Deno.test("parsing tolerates the ways people write solutions", () => {
  const want = sq(b8, "e3 h1 f4");
  for (
    const text of [
      "1.Z:e3 2.Z:h1 3.Z:f4=",
      "1. Z:e3  2. Z:h1\n3. Z:f4",
      "1.Zxe3 2.Zxh1 3.Zxf4",
      "1.Z-e3 2.Z-h1 3.Z-f4",
      "Ze3 Zh1 Zf4",
      "e3 h1 f4",
      "e3,h1,f4",
      "E3 H1 F4",
      '["e3", "h1", "f4"]',
      "1.Zb1-e3 2.Ze3-h1 3.Zh1:f4+",
      "1.(2,3):e3 2.( 2, 3 )xh1 3.[2,3]-f4 …",
      "1.Z×e3 2.Z–h1 3.Z:f4#",
    ]
  ) assert.deepEqual(parseNotation(b8, text), want, text);
  assert.deepEqual(parseNotation(b8, ""), []);
  // A start-first list drops the start; a final return marks a closed tour.
  const b1 = sq(b8, "b1")[0];
  assert.deepEqual(parseSolution(b8, b1, "b1 e3 h1 f4"), { moves: want, closed: false });
  assert.deepEqual(parseSolution(b8, b1, "1.Z:e3 2.Z:h1 3.Z:f4 4.Z-b1="), { moves: want, closed: true });
  for (const bad of ["1.Z:e9", "1.Z:e3 hello", "1.Z:e3 2.Z:", "Z:?", "e3/h1"]) {
    assert.throws(() => parseNotation(b8, bad), NotationError, bad);
  }
});

/** Random distinct squares, start first. */
function randomSequence(rng: ReturnType<typeof mulberry32>, board: Board, k: number): Square[] {
  return rng.sample(Array.from({ length: board.size }, (_, i) => i), Math.min(k, board.size));
}

Deno.test("format then parse returns the squares (random sequences, many boards)", () => {
  const seed = 20260611;
  const rng = mulberry32(seed);
  const boards = ["8x8", "5x7", "12x3", "30x30", "26x2", "1x9", "4x4x4", "3x5x2", "10x3x3", "2x2x2x2", "9", "12"];
  const pieces = ["zebra", "wazir", "knight", "antelope", "2,5", "2,6", "0,7"];
  for (let t = 0; t < 600; t++) {
    const board = parseBoard(rng.pick(boards));
    const piece = parseLeaper(rng.pick(pieces));
    const seq = randomSequence(rng, board, rng.int(1, 40));
    const [start, ...moves] = seq;
    withInstance(seed, () => `t=${t} ${board.dims.join("x")} ${piece.id} ${seq.join(",")}`, () => {
      const closed = rng.chance(0.3);
      const text = formatCaptures(board, piece, start, moves, { closed });
      const tour = formatTour(board, piece, moves);
      assert.deepEqual(parseNotation(board, tour), moves);
      const back = parseNotation(board, text);
      assert.deepEqual(back, closed && moves.length > 0 ? [...moves, start] : moves);
      assert.deepEqual(parseSolution(board, start, text), { moves, closed: closed && moves.length > 0 });
      if (moves.length === 0) return;

      // The same moves written differently must read the same.
      const names = text.replace(/=$/, "").split(" ").map((m) => m.slice(m.search(/[:-]/) + 1));
      const wide = board.dims[0] > 23; // files starting with x exist: a bare "x" is ambiguous there
      const variants = [
        names.join(" "),
        names.map((n, i) => `${i + 1}. ${n}`).join("  "),
        names.map((n) => `${piece.symbol}:${n}`).join(",\n"),
        JSON.stringify(names),
      ];
      if (!wide) variants.push(names.map((n, i) => `${i + 1}.${piece.symbol}x${n}`).join(" "));
      if (board.dims.length === 2) variants.push(names.map((n) => n.toUpperCase()).join(" "));
      for (const v of variants) {
        const got = parseNotation(board, v);
        assert.deepEqual(got, back, v);
      }
    });
  }
});

/** Read a diagram back: square -> label, using only the printed rows and file line. */
function readDiagram(board: Board, text: string): Map<Square, string> {
  const out = new Map<Square, string>();
  const blocks = text.trimEnd().split("\n\n");
  const nx = board.dims[0];
  const ny = board.dims.length >= 2 ? board.dims[1] : 1;
  assert.equal(blocks.length, board.size / (nx * ny));
  blocks.forEach((block, layer) => {
    let lines = block.split("\n");
    if (board.dims.length > 2) {
      const want = board.dims.slice(2).map((_, i) => {
        let rest = layer;
        for (let j = 0; j < i; j++) rest = Math.floor(rest / board.dims[2 + j]);
        return `${["z", "w"][i] ?? `axis${i + 3}`}=${(rest % board.dims[2 + i]) + 1}`;
      }).join(" ");
      assert.equal(lines[0], want);
      lines = lines.slice(1);
    }
    assert.equal(lines.length, ny + 1);
    const fileCells = lines[ny].trim().split(/\s+/);
    assert.equal(fileCells.length, nx);
    const widths = new Set<number>();
    for (let r = 0; r < ny; r++) {
      const cells = lines[r].trim().split(/\s+/);
      const row = board.dims.length >= 2 ? cells.slice(1) : cells;
      if (board.dims.length >= 2) assert.equal(cells[0], String(ny - r));
      assert.equal(row.length, nx);
      // Columns line up: every row has the length of the file line.
      widths.add(lines[r].length);
      row.forEach((cell, x) => {
        if (cell !== ".") out.set(layer * nx * ny + (ny - 1 - r) * nx + x, cell);
      });
    }
    widths.add(lines[ny].length);
    assert.equal(widths.size, 1, "ragged columns");
  });
  return out;
}

Deno.test("diagram of a small solution, exactly", () => {
  const b = makeBoard([3, 3]);
  const [a1, b3, c1] = sq(b, "a1 b3 c1");
  assert.equal(diagramText(b, [a1, b3, c1]), "3 . 1 .\n2 . . .\n1 0 . 2\n  a b c\n");
  const cube = makeBoard([2, 2, 2]);
  assert.equal(
    diagramText(cube, [parseSquare(cube, "111"), parseSquare(cube, "122")], { others: [parseSquare(cube, "212")] }),
    "z=1\n2 . .\n1 0 .\n  1 2\n\nz=2\n2 1 .\n1 . *\n  1 2\n",
  );
});

Deno.test("diagrams read back to the numbered squares (random)", () => {
  const seed = 77;
  const rng = mulberry32(seed);
  const boards = ["8x8", "3x12", "30x4", "10x10", "4x4x4", "3x2x2x2", "7", "2x1"];
  for (let t = 0; t < 200; t++) {
    const board = parseBoard(rng.pick(boards));
    const order = randomSequence(rng, board, rng.int(1, 120));
    const rest = Array.from({ length: board.size }, (_, i) => i).filter((s) => !order.includes(s));
    const others = rng.sample(rest, rng.int(0, 3));
    withInstance(seed, () => `t=${t} ${board.dims.join("x")} ${order.join(",")}`, () => {
      const got = readDiagram(board, diagramText(board, order, { others }));
      const want = new Map<Square, string>(order.map((s, i) => [s, String(i)]));
      for (const s of others) want.set(s, "*");
      assert.deepEqual(new Map([...got].sort((a, b) => a[0] - b[0])), new Map([...want].sort((a, b) => a[0] - b[0])));
    });
  }
});
