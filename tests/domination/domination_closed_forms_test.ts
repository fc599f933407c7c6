/**
 * The search against closed forms and published values, beyond the boards the
 * brute force reaches: rook gamma = min(m, n), king gamma = ceil(n/3)^2,
 * bishop gamma = n, and the queen values 1,1,1,2,3,3,4,5,5,5,5 for n = 1..11
 * (claims of the literature, checked here, not assumed by the search).
 * Every witness is re-checked by the certificate verifier, which recomputes the
 * coverage from the piece's moves.
 */
import assert from "node:assert/strict";
import { makeBoard } from "../../solvers/board/board.ts";
import { solveDomination } from "../../solvers/domination/solve.ts";
import { makeCertificate, verifyCertificate } from "../../solvers/domination/certificate.ts";
import { kingGamma } from "../../solvers/domination/formulas.ts";
import type { DominationPieceName } from "../../solvers/domination/pieces.ts";

function solvedGamma(piece: DominationPieceName, dims: number[]): number {
  const board = makeBoard(dims);
  const r = solveDomination({ board, piece, kind: "dominating" });
  assert.equal(r.status, "solved");
  const check = verifyCertificate(makeCertificate(r, board, "test", false));
  assert.deepEqual(check.problems, [], `${piece} ${dims.join("x")}`);
  return r.gamma!;
}

Deno.test("rook: gamma = min(m, n)", () => {
  for (let n = 1; n <= 10; n++) assert.equal(solvedGamma("rook", [n, n]), n, `${n}x${n}`);
  for (let m = 1; m <= 6; m++) for (let n = 1; n <= 6; n++) assert.equal(solvedGamma("rook", [m, n]), Math.min(m, n), `${m}x${n}`);
});

Deno.test("king: gamma = ceil(n/3)^2 for n <= 9, ceil(m/3)·ceil(n/3) on rectangles", () => {
  for (let n = 1; n <= 9; n++) assert.equal(solvedGamma("king", [n, n]), kingGamma(n), `${n}x${n}`);
  for (const [m, n] of [[2, 7], [4, 5], [5, 7], [3, 8]]) {
    assert.equal(solvedGamma("king", [m, n]), Math.ceil(m / 3) * Math.ceil(n / 3), `${m}x${n}`);
  }
});

Deno.test("bishop: gamma = n on n×n", () => {
  for (let n = 1; n <= 9; n++) assert.equal(solvedGamma("bishop", [n, n]), n, `${n}x${n}`);
});

Deno.test("queen: gamma(Q_n) for n = 1..11 is 1,1,1,2,3,3,4,5,5,5,5", () => {
  const claimed = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5];
  for (let n = 1; n <= 11; n++) assert.equal(solvedGamma("queen", [n, n]), claimed[n - 1], `${n}x${n}`);
});

Deno.test("knight: gamma on small boards with a hand proof: 1x1 = 1, 2x2 = 4 (no moves), 3x3 = 4", () => {
  assert.equal(solvedGamma("knight", [1, 1]), 1);
  assert.equal(solvedGamma("knight", [2, 2]), 4);
  // 3x3: the centre is attacked by nobody (needs its own knight), the 8 others form one 8-cycle
  // in which a knight dominates itself and its 2 neighbours: at least ceil(8/3) = 3 more.
  assert.equal(solvedGamma("knight", [3, 3]), 4);
});

// Published bounds (OEIS A075458 comments): gamma(Q_n) >= ceil((n-1)/2) always, and gamma(Q_n) is ceil(n/2) or
// ceil(n/2)+1 for n <= 132 except n = 3 and 11, where it is (n-1)/2.
Deno.test("queen: the published bounds ceil((n-1)/2) <= gamma(Q_n), ceil(n/2) <= gamma(Q_n) <= ceil(n/2)+1 except n = 3, 11", () => {
  for (let n = 1; n <= 11; n++) {
    const g = solvedGamma("queen", [n, n]);
    assert.ok(g >= Math.ceil((n - 1) / 2), `n=${n}: ${g} below the (n-1)/2 bound`);
    assert.ok(g <= Math.ceil(n / 2) + 1, `n=${n}: ${g}`);
    if (n === 3 || n === 11) assert.equal(g, (n - 1) / 2, `n=${n}`);
    else assert.ok(g >= Math.ceil(n / 2), `n=${n}: ${g}`);
  }
});
