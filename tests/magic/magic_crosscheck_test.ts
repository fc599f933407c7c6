import assert from "node:assert/strict";
import {
  canonicalNumbers,
  classSize,
  type CrosscheckOptions,
  enumerateCentral,
  squareSymmetries,
  startRepresentatives,
} from "../../solvers/magic/crosscheck.ts";

const all6 = Array.from({ length: 36 }, (_, s) => s);

function collect(opts: CrosscheckOptions): string[] {
  const out: string[] = [];
  enumerateCentral({ ...opts, onBoard: (b) => out.push(Array.from(b).join(",")) });
  return out;
}

function isKnight(a: number, b: number, n: number): boolean {
  const dx = Math.abs((a % n) - (b % n)), dy = Math.abs(Math.floor(a / n) - Math.floor(b / n));
  return dx * dy === 2;
}

function lineSums(board: number[], n: number): number[] {
  const sums = new Array(2 * n).fill(0);
  board.forEach((v, s) => {
    sums[Math.floor(s / n)] += v;
    sums[n + (s % n)] += v;
  });
  return sums;
}

// Seeded generator so a failure can be reproduced.
function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

// The plain walk: every start, no dead-end rules, no line condition.
const walk6 = collect({ n: 6, magic: false, deadEnds: false, starts: all6 });

Deno.test("6x6 centrally symmetric closed knight's tours match the published counts", () => {
  // Known counts (quoted from the knight's-tour literature, not from a source in
  // shared/): 9862 closed tours on 6x6 (our engine recounts 19,724 directed ones
  // through a1: bench engine-knight-6x6-closed-tours), 1245 up to the 8 board
  // symmetries, 5 of them with quaternary symmetry; none symmetric in a line.
  // The search below shares no code with any of those counts.
  // Burnside: 1245 = (9862 + fixed(half turn) + 2 * fixed(quarter turn)) / 8
  // with fixed(quarter turn) = 5 * 2, so 78 tours have central symmetry.
  // Each is 36 starts x 2 directions numbered boards.
  const central = 8 * 1245 - 9862 - 2 * 10;
  assert.equal(central, 78);
  assert.equal(walk6.length, central * 72);
  assert.equal(new Set(walk6).size, walk6.length);
  for (const key of walk6) {
    const b = key.split(",").map(Number);
    const sq = new Array(37);
    b.forEach((v, s) => (sq[v] = s));
    for (let v = 1; v < 36; v++) assert.ok(isKnight(sq[v], sq[v + 1], 6));
    assert.ok(isKnight(sq[36], sq[1], 6));
    for (let v = 1; v <= 18; v++) assert.equal(sq[v + 18], 35 - sq[v]);
  }
});

Deno.test("dead-end rules keep exactly the walk's boards (6x6, every start)", () => {
  const got = collect({ n: 6, magic: false, deadEnds: true, starts: all6 });
  assert.deepEqual(got.slice().sort(), walk6.slice().sort());
});

Deno.test("start representatives: one per square orbit, 10 on 8x8 (y <= x <= 3)", () => {
  for (const n of [4, 6, 8]) {
    const reps = startRepresentatives(n);
    const maps = squareSymmetries(n);
    for (let s = 0; s < n * n; s++) {
      const orbit = new Set(maps.map((m) => m[s]));
      assert.equal(reps.filter((r) => orbit.has(r)).length, 1, `n=${n} square ${s}`);
    }
  }
  const tri: number[] = [];
  for (let y = 0; y < 4; y++) for (let x = y; x < 4; x++) tri.push(y * 8 + x);
  assert.deepEqual(startRepresentatives(8), tri);
});

Deno.test("representative starts give the same classes as every start (6x6 walk)", () => {
  for (const deadEnds of [false, true]) {
    const every = enumerateCentral({ n: 6, magic: false, deadEnds, starts: all6 });
    const reps = enumerateCentral({ n: 6, magic: false, deadEnds });
    assert.deepEqual(reps.starts, startRepresentatives(6));
    assert.ok(reps.found < every.found);
    assert.deepEqual(reps.canonical, every.canonical);
    assert.deepEqual(reps.classSizes, every.classSizes);
    // With every start the search reaches each board of each class once, so
    // the summed class sizes must equal what it found: 5616 numbered boards.
    assert.equal(every.found, walk6.length);
    assert.equal(every.boards, every.found);
    assert.equal(reps.boards, every.found);
    // Classes independently: group the plain walk's boards by canonical form.
    const byClass = new Map<string, number>();
    for (const key of walk6) {
      const c = canonicalNumbers(key.split(",").map(Number), 6).join(",");
      byClass.set(c, (byClass.get(c) ?? 0) + 1);
    }
    assert.equal(reps.classes, byClass.size);
    reps.canonical.forEach((c, i) => assert.equal(byClass.get(c.join(",")), reps.classSizes[i]));
  }
  // Magic target (111 on 6x6): representative starts with every rule against
  // the plain walk filtered by the line sums.
  const magic6 = new Set(
    walk6.map((k) => k.split(",").map(Number))
      .filter((b) => lineSums(b, 6).every((s) => s === 111))
      .map((b) => canonicalNumbers(b, 6).join(",")),
  );
  const got = enumerateCentral({ n: 6 });
  assert.deepEqual(new Set(got.canonical.map((c) => c.join(","))), magic6);
});

Deno.test("every pruning combination keeps exactly the boards a plain filter keeps (6x6, random targets)", () => {
  const next = rng(20261121);
  const combos: CrosscheckOptions[] = [];
  for (const valueBounds of [false, true]) {
    for (const pairBounds of [false, true]) {
      if (!valueBounds && !pairBounds) continue; // that is the plain walk itself
      for (const paritySplit of [false, true]) {
        for (const deadEnds of [false, true]) combos.push({ valueBounds, pairBounds, paritySplit, deadEnds });
      }
    }
  }
  let nonEmpty = 0;
  for (let trial = 0; trial < 16; trial++) {
    const pick = walk6[Math.floor(next() * walk6.length)].split(",").map(Number);
    const targets = lineSums(pick, 6);
    if (trial % 2 === 1) {
      // Perturb two lines (total kept): often no board at all, sometimes
      // targets the pair rule must declare impossible or not.
      const a = Math.floor(next() * 12), b = Math.floor(next() * 12), d = [1, 2, 18, 36][trial % 4];
      targets[a] += d;
      targets[b] -= d;
    }
    const expected = walk6.filter((k) => lineSums(k.split(",").map(Number), 6).every((s, i) => s === targets[i])).sort();
    if (expected.length > 0) nonEmpty++;
    for (const combo of combos) {
      const got = collect({ n: 6, lineTargets: targets, ...combo }).sort();
      assert.deepEqual(got, expected, JSON.stringify({ trial, combo }));
    }
  }
  assert.ok(nonEmpty >= 8);
});

Deno.test("canonical form is the same for all 16 images and class sizes divide 16", () => {
  const next = rng(7);
  for (let trial = 0; trial < 20; trial++) {
    const b = walk6[Math.floor(next() * walk6.length)].split(",").map(Number);
    const canon = canonicalNumbers(b, 6).join(",");
    for (const m of squareSymmetries(6)) {
      for (const rev of [false, true]) {
        const img = new Array(36);
        b.forEach((v, s) => (img[m[s]] = rev ? 37 - v : v));
        assert.equal(canonicalNumbers(img, 6).join(","), canon);
      }
    }
    assert.equal(16 % classSize(b, 6), 0);
  }
});

Deno.test("CLI: one-line errors and exit code 2 on bad input", async () => {
  const atlas = new URL("../../scripts/atlas.ts", import.meta.url).pathname;
  for (
    const args of [["--n", "7"], ["--n", "x"], ["--starts", "some"], ["--bogus"], ["--records", "/nonexistent.json"]]
  ) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", atlas, "crosscheck", ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr).trim().split("\n")
      .filter((l) => !l.includes("nodedir"));
    assert.equal(out.code, 2, args.join(" "));
    assert.equal(err.length, 1, err.join("\n"));
    assert.match(err[0], /^magic-central-crosscheck: /);
  }
});
