/**
 * The SerienZiel prover in pieces (records.ts --split, serienziel-proof.ts):
 * a run split into pieces, interrupted and resumed several times, must
 * write the certificates of the same run made in whole starts (same
 * positions per start and k, same maxima, same leaves where no bound and no
 * mirror piece runs; the starts with mirror pieces named); a partial run begun
 * with one split is refused under another, or without its mirror pieces.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { certificatePath, partialPath, partialProgress, proveSerienZiel } from "../../scripts/families/hopper/lib/serienziel-proof.ts";
import { binomial } from "../../solvers/lib/binomial.ts";
import type { HopperKind } from "../../solvers/pieces/hopper.ts";
import { CliError } from "../../scripts/lib/cli.ts";
import { hopper } from "../../solvers/pieces/hopper.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { makeScratch, occupancy, reachSummary } from "../../solvers/hopper/serienziel.ts";
import { BOARD } from "../../scripts/families/hopper/lib/booklet.ts";
import { mirrorPresets, splitPresets } from "../../solvers/hopper/lazy.ts";
import { enumerationSpace } from "../../solvers/hopper/search.ts";

/** A certificate without what depends on the machine, the moment or the code version. */
function content(path: string) {
  const c = JSON.parse(readFileSync(path, "utf8"));
  for (const k of ["cpuSeconds", "date", "codeVersion"]) delete c[k];
  return c;
}

function tmp(): string {
  return mkdtempSync(join(tmpdir(), "serienziel-split-"));
}

Deno.test("a SerienZiel proof run in pieces, stopped and resumed, writes the whole-start certificates", () => {
  // With mirror pieces (the default) on the starts the diagonal's reflection fixes, and without.
  const cases: [HopperKind, number, boolean, boolean][] = [
    ["rookhopper", 2, false, true],
    ["nightriderhopper", 2, true, true],
    ["grasshopper", 2, false, false],
  ];
  for (const [kind, K, bound, mirror] of cases) {
    const whole = tmp(), split = tmp();
    try {
      proveSerienZiel(kind, K, false, bound, [], "wasm", { dir: whole, quiet: true });
      let calls = 0;
      // Interrupted after 3 units, then after 5 more, then to the end: each call resumes from the partial file.
      for (const stopAfter of [3, 5, undefined]) {
        proveSerienZiel(kind, K, false, bound, [], calls % 2 ? "ts" : "wasm", { dir: split, split: 3, mirror, stopAfter, quiet: true });
        calls++;
        if (stopAfter !== undefined) {
          const partial = JSON.parse(readFileSync(partialPath(kind, K, split), "utf8"));
          assert.ok(partial.pieces.length + partial.done.length > 0, `${kind}: progress saved after ${stopAfter} units`);
        }
      }
      for (let k = 1; k <= K; k++) {
        const a = content(certificatePath(kind, k, whole)), b = content(certificatePath(kind, k, split));
        const engines = b.engine;
        delete a.engine, delete b.engine;
        // Witnesses of equal value may differ (the pieces meet the positions in another order): each must be real.
        for (const col of ["longest", "dualFree", "reach"] as const) {
          const w = b[col];
          const start = parseSquare(BOARD, w.start), hs = w.hurdles.map((h: string) => parseSquare(BOARD, h));
          const real = reachSummary(hopper(kind).rays(BOARD), start, occupancy(BOARD, hs), makeScratch(hopper(kind).rays(BOARD)), 2);
          assert.equal(real[col === "reach" ? "reached" : col], w.value, `${kind} h${k} ${col}: witness`);
          assert.equal(hs.length, k, `${kind} h${k} ${col}: witness size`);
          a[col] = a[col].value, b[col] = b[col].value;
        }
        // Mirror pieces: named per start and in the statement; the positions are the whole run's.
        const mirrored = b.starts.filter((x: { mirrored?: number }) => x.mirrored).map((x: { start: string }) => x.start);
        assert.deepEqual(mirrored, mirror ? ["a1", "b2", "c3", "d4"] : [], `${kind} h${k}: the starts with mirror pieces`);
        for (const x of b.starts) delete x.mirrored;
        b.statement = b.statement.replace(/; on the starts a reflection .*$/, "");
        // Mirror pieces are not walked (fewer leaves); with a bound, each piece starts from the seeds alone, so it may
        // cut at other nodes: leaves differ, nothing else.
        if (bound || mirror) { for (const c of [a, b]) c.statement = c.statement.replace(/\d+ leaves/, "N leaves"); }
        assert.deepEqual(b, a, `${kind} h${k}: split certificate differs`);
        assert.equal(engines, "ts+wasm", `${kind}: the pieces' engines are named`);
      }
      assert.deepEqual(readdirSync(join(split, "partial")), [], `${kind}: the partial file is gone`);
    } finally {
      rmSync(whole, { recursive: true, force: true });
      rmSync(split, { recursive: true, force: true });
    }
  }
});

Deno.test("a partial SerienZiel run begun with one split is refused under another", () => {
  const dir = tmp();
  try {
    proveSerienZiel("grasshopper", 1, false, false, [], "wasm", { dir, split: 2, stopAfter: 1, quiet: true });
    const of = (split: number, mirror: boolean) =>
      (mirror ? mirrorPresets : splitPresets)("grasshopper", BOARD, enumerationSpace("grasshopper", BOARD)[0], split).length;
    for (const [split, mirror] of [[3, true], [2, false]] as const) {
      const said = new RegExp(`split into ${of(2, true)} pieces.*makes ${of(split, mirror)}`);
      assert.notEqual(of(2, true), of(split, mirror));
      assert.throws(
        () => proveSerienZiel("grasshopper", 1, false, false, [], "wasm", { dir, split, mirror, quiet: true }),
        (e) => e instanceof CliError && said.test(e.message),
      );
    }
    // The same split continues it to the certificate.
    proveSerienZiel("grasshopper", 1, false, false, [], "wasm", { dir, split: 2, quiet: true });
    assert.equal(content(certificatePath("grasshopper", 1, dir)).hurdles, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("partialProgress: an unfinished row's starts, positions and best values, and a file that does not add up", () => {
  const dir = tmp();
  try {
    const [kind, K] = ["rookhopper", 2] as const;
    assert.equal(partialProgress(kind, K, dir), null);
    proveSerienZiel(kind, K, false, false, [], "wasm", { dir, split: 3, stopAfter: 9, quiet: true });
    const path = partialPath(kind, K, dir);
    const partial = JSON.parse(readFileSync(path, "utf8"));
    const space = enumerationSpace(kind, BOARD);
    const per = (i: number) => binomial(space[i].hurdleSquares.length, K);
    const p = partialProgress(kind, K, dir)!;
    assert.deepEqual(p.errors, []);
    assert.equal(p.run.done, partial.done.length);
    assert.ok(p.run.done > 0 && p.run.done < space.length, `${p.run.done} starts done`);
    assert.equal(p.run.of, space.length);
    assert.equal(p.run.total, space.reduce((a, _, i) => a + per(i), 0));
    const expected = partial.done.reduce((a: number, d: { index: number }) => a + per(d.index), 0) +
      (partial.pieces ?? []).reduce((a: number, x: { positions: number[] }) => a + x.positions[K], 0);
    assert.equal(p.run.covered, expected);
    // The best values are recomputed from the stored positions, not read.
    const rays = hopper(kind).rays(BOARD);
    const best = partial.perK[K].longest;
    assert.equal(p.best.longest, reachSummary(rays, best.start, occupancy(BOARD, best.hurdles), makeScratch(rays)).longest);
    // Tampered: a best value raised, a start counted twice, a start's positions changed.
    const tamper = (edit: (x: typeof partial) => void, why: RegExp) => {
      const x = JSON.parse(JSON.stringify(partial));
      edit(x);
      writeFileSync(path, JSON.stringify(x));
      assert.match(partialProgress(kind, K, dir)!.errors.join("; "), why);
    };
    tamper((x) => x.perK[K].longest.longest++, /best longest position gives \d+, the file says \d+/);
    tamper((x) => x.done.push(x.done[0]), /listed twice/);
    tamper((x) => x.done[0].positions[K]--, /counts \d+ positions with 2 hurdles, its space has \d+/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
