/**
 * The biaxial-quarters construction (solvers/magic/biaxial.ts) against the
 * independent checker (check.ts): for many pairs of seeds found on 16x16, the
 * assembled tour is a legal knight's tour, every row and column is magic (the
 * symmetry argument of the module), and both diagonals are magic exactly when
 * δ(S1) + δ(S2) = 0. Also: the published 16x16 record is fully magic and a
 * tampered copy is caught, and the CLI refuses sides the method cannot do.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assembleTour, biaxialBoard, chainTemplates, endpointTuples, seedDelta, SeedSearch } from "../../solvers/magic/biaxial.ts";
import { checkMagicTour } from "../../solvers/magic/check.ts";
import { seededRandom } from "../../solvers/magic/enumerate.ts";
import { checkMagicFile } from "../../solvers/magic/verify.ts";
import { MagicRecordFile } from "../../solvers/magic/schema.ts";

Deno.test("biaxial: chain templates keep p_A + p_C = p_B + p_D in both groups and use every segment once", () => {
  const templates = chainTemplates();
  assert.ok(templates.length > 0);
  for (const t of templates) {
    assert.deepEqual([...t].sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
    const pos = (j: number) => t.indexOf(j);
    assert.equal(pos(0) + pos(2), pos(1) + pos(3));
    assert.equal(pos(4) + pos(6), pos(5) + pos(7));
  }
});

Deno.test("biaxial: every half of the orbits holds n/4 orbits of each quarter row, column and the quarter diagonal", () => {
  for (const n of [16, 24]) {
    for (let split = 0; split < 4; split++) {
      const b = biaxialBoard(n, split), h = n / 2;
      for (let i = 0; i < h; i++) {
        let row = 0, col = 0;
        for (let j = 0; j < h; j++) {
          row += b.half[j + i * h] === 0 ? 1 : 0;
          col += b.half[i + j * h] === 0 ? 1 : 0;
        }
        assert.equal(row, n / 4);
        assert.equal(col, n / 4);
      }
      let diag = 0;
      for (let i = 0; i < h; i++) diag += b.half[i + i * h] === 0 ? 1 : 0;
      assert.equal(diag, n / 4);
    }
  }
});

Deno.test("biaxial: assembled tours are legal and semimagic; diagonals magic iff the seeds' deltas cancel", () => {
  const n = 16, b = biaxialBoard(n, 0), search = new SeedSearch(b), rand = seededRandom(11);
  let pairs = 0, magic = 0, tuplesUsed = 0;
  for (const t of chainTemplates()) {
    for (const e of endpointTuples(b, t, false, 40)) {
      // 4 randomised runs a half: 140 pairs (2 magic) from 70 endpoint tuples in ~11 s; 20 took ~56 s for the same check.
      const opts = { want: 10, attempts: 4, nodeLimit: 40_000, rand };
      const first = search.find(e[0], e[1], opts);
      if (first.length < 2) continue;
      const second = search.find(e[2], e[3], opts);
      if (second.length < 2) continue;
      tuplesUsed++;
      for (const s1 of first) {
        for (const s2 of second) {
          const numbers = new Array<number>(n * n).fill(0);
          assembleTour(n, [s1, s2], t).forEach((sq, k) => numbers[sq] = k + 1);
          const f = checkMagicTour(n, n, numbers);
          assert.ok(f.ok, f.errors.join("; "));
          assert.ok(f.semimagic, `rows ${f.rowSums} columns ${f.columnSums}`);
          const cancel = seedDelta(n, s1) + seedDelta(n, s2) === 0;
          assert.equal(f.magic, cancel, `diagonals ${f.diagonalSums}, deltas ${seedDelta(n, s1)} ${seedDelta(n, s2)}`);
          pairs++;
          if (f.magic) magic++;
        }
      }
      if (pairs >= 60 && magic > 0) break;
    }
    if (pairs >= 60 && magic > 0) break;
  }
  assert.ok(pairs >= 50, `only ${pairs} seed pairs assembled`);
  assert.ok(magic > 0, `no pair with cancelling deltas among ${pairs}`);
});

Deno.test("biaxial: the published 16x16 tour is fully magic, and a tampered copy is caught", () => {
  const file = MagicRecordFile.parse(JSON.parse(readFileSync(new URL("../../data/magic/records.json", import.meta.url), "utf8")));
  const tour = file.records.find((r) => r.board[0] === 16);
  assert.ok(tour, "no 16x16 record in data/magic/records.json");
  const f = checkMagicTour(16, 16, tour.numbers);
  assert.ok(f.magic);
  assert.deepEqual(f.diagonalSums, [2056, 2056]);
  const good = checkMagicFile({ ...file, records: [tour], enumerations: [] }, {});
  assert.ok(good.every((r) => r.ok), JSON.stringify(good));
  // Swap the numbers on two squares of the same row: row sums stay, the route breaks.
  const numbers = [...tour.numbers];
  [numbers[0], numbers[1]] = [numbers[1], numbers[0]];
  const bad = checkMagicFile({ ...file, records: [{ ...tour, numbers }], enumerations: [] }, {});
  assert.ok(bad.some((r) => !r.ok), JSON.stringify(bad));
});

Deno.test("biaxial: the CLI refuses a side the method cannot do", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../scripts/atlas.ts", import.meta.url).pathname, "records", "magic", "--construct", "20"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  assert.match(new TextDecoder().decode(out.stderr), /multiple of 8/);
});
