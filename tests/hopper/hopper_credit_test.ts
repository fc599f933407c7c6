/**
 * SerienZiel witnesses credited to the booklet (Nos. 23, 24, 25 and 38: their
 * captions read back to exactly one placement of the hurdles, our witness;
 * scripts/families/hopper/lib/credit.ts). Verify accepts them and rejects
 * every altered one; the records builder credits them again from
 * uncredited witnesses; the page cites the diagram; and the read-back
 * (solvers/hopper/reconstruct.ts) equals a brute force that counts routes by
 * plain recursion on small boards.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { symmetries } from "../../solvers/board/symmetry.ts";
import { hopper, HOPPER_KINDS, hopperMoves } from "../../solvers/pieces/hopper.ts";
import { readBackSerienZiel } from "../../solvers/hopper/reconstruct.ts";
import { checkHopperRecord } from "../../solvers/hopper/check.ts";
import { occupancy, shortestPaths } from "../../solvers/hopper/serienziel.ts";
import { type HopperRecord, HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { creditErrors, readCertificate } from "../../scripts/families/hopper/verify.ts";
import { serienZielRecords } from "../../scripts/families/hopper/lib/serienziel-records.ts";
import { readJson, type Tables } from "../../scripts/families/hopper/lib/booklet.ts";
import { hopperAdapter } from "../../site/families/hopper.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { REFERENCE_TABLES, ROOT } from "../../scripts/lib/paths.ts";

const file = HopperRecordFile.parse(JSON.parse(readFileSync(join(ROOT, "data", "hopper", "records.json"), "utf8")));
const credited = file.records.filter((r) => r.witness?.reference);
const board = makeBoard([8, 8]);
const verify = (r: HopperRecord) => {
  const c = checkHopperRecord(r, { readCertificate });
  return { ok: c.ok && creditErrors(r).length === 0, errors: [...c.errors, ...creditErrors(r)], status: c.status };
};

Deno.test("the booklet's Nos. 23, 24, 25 and 38 are credited and verify accepts them", () => {
  assert.deepEqual(
    credited.map((r) => `${r.id} ${r.witness!.reference}`).sort(),
    [
      "grasshopper-8x8-serienziel-h2-dual-free grasshopper-8x8-sz-e4-6-a1",
      "grasshopper-8x8-serienziel-h2-longest grasshopper-8x8-sz-e4-6-a1",
      "grasshopper-8x8-serienziel-h3-dual-free grasshopper-8x8-sz-c3-13-b1",
      "grasshopper-8x8-serienziel-h3-longest grasshopper-8x8-sz-c3-13-b1",
      "grasshopper-8x8-serienziel-h4-dual-free grasshopper-8x8-sz-d3-16-b1",
      "grasshopper-8x8-serienziel-h4-longest grasshopper-8x8-sz-d3-16-b1",
      "nightriderhopper-8x8-serienziel-h3-dual-free nightriderhopper-8x8-sz-d4-7-d1",
      "nightriderhopper-8x8-serienziel-h3-longest nightriderhopper-8x8-sz-d4-7-d1",
    ],
  );
  for (const r of credited) {
    const v = verify(r);
    assert.deepEqual(v.errors, [], r.id);
    assert.equal(v.status, "proven-here", r.id);
    assert.equal(r.witness!.origin, "reconstructed", r.id);
    assert.match(
      r.witness!.citation!.publication!,
      /^Využití teorie grafů v šachových úlohách .*, No\. (23|24|25|38) \((original|first published in Problemkiste 117\/1998, G[678])\)$/,
    );
  }
});

Deno.test("an altered credited SerienZiel witness fails verify", () => {
  for (const r of credited) {
    const fails = (x: HopperRecord, what: string) => assert.equal(verify(x).ok, false, `${r.id}: ${what}`);
    const rays = hopper(r.piece).rays(board);
    // every other orientation of the same position, its route recomputed: a sound SerienZiel, not the printed one
    for (const { map } of symmetries(board).slice(1)) {
      const q = (s: string) => map[parseSquare(board, s)];
      const x = structuredClone(r);
      const w = x.witness!;
      const start = q(w.start), target = q(w.target!), hs = w.hurdles.map(q);
      const path = shortestPaths(rays, start, occupancy(board, hs), target, 1)[0];
      Object.assign(w, {
        start: squareName(board, start),
        target: squareName(board, target),
        hurdles: hs.map((h) => squareName(board, h)),
        moves: path.map((h) => squareName(board, h.to)),
      });
      if (
        w.start === r.witness!.start && w.target === r.witness!.target &&
        [...w.hurdles].sort().join() === [...r.witness!.hurdles].sort().join()
      ) {
        continue;
      }
      fails(x, "turned");
    }
    const reference = structuredClone(r);
    reference.witness!.reference = credited.find((o) => o.witness!.reference !== r.witness!.reference)!.witness!.reference;
    fails(reference, "another published record named");
    const unknown = structuredClone(r);
    unknown.witness!.reference = "grasshopper-8x8-sz-a1-99-h8";
    fails(unknown, "a reference the transcription lacks");
    const line = structuredClone(r);
    line.witness!.citation!.source!.line! += 1;
    fails(line, "the citation's line");
    const bare = structuredClone(r);
    delete bare.witness!.citation;
    fails(bare, "no citation");
    const origin = structuredClone(r);
    origin.witness!.origin = "generated";
    fails(origin, "origin generated");
  }
});

Deno.test("the records builder credits the booklet's positions again, and nothing else", () => {
  const tables = readJson(REFERENCE_TABLES) as Tables;
  // the committed records with every credit taken away
  const old = new Map(file.records.map((r) => {
    const x = structuredClone(r);
    if (x.witness?.reference) {
      delete x.witness.reference;
      delete x.witness.citation;
      x.witness.origin = "generated";
    }
    return [x.id, x];
  }));
  const built = serienZielRecords(tables, old, new Map(), new Map(), { generateSeconds: 0, annealSeconds: 0 });
  const byId = new Map(built.map((r) => [r.id, r]));
  for (const r of file.records.filter((x) => x.kind.startsWith("serienziel"))) {
    assert.deepEqual(byId.get(r.id)!.witness, r.witness, r.id);
  }
});

Deno.test("hopper pages cite the diagram of a credited position, in both languages", () => {
  const byId = new Map(hopperAdapter.entries().map((e) => [e.id, e]));
  for (const r of credited) {
    const e = byId.get(r.id)!;
    assert.equal(e.witnessCitation?.publication, r.witness!.citation!.publication, r.id);
    const note = e.statusNotes?.[0];
    assert.ok(note, r.id);
    const no = r.witness!.citation!.publication!.match(/No\. (\d+)/)![1];
    assert.ok(note.en.startsWith(`The position shown is No. ${no} of Kotěšovec's booklet`), r.id);
    assert.ok(note.cs.startsWith(`Zobrazená pozice je č. ${no} z Kotěšovcovy brožury`), r.id);
    assert.doesNotMatch(`${note.en} ${note.cs}`, /data\/|solvers\/|\.json/, r.id);
  }
});

/** Shortest routes from start to target by plain recursion over walks of growing length (no BFS): [length, count]. */
function bruteRoutes(piece: (typeof HOPPER_KINDS)[number], b: ReturnType<typeof makeBoard>, start: number, target: number, hs: number[]) {
  const rays = hopper(piece).rays(b);
  const occ = occupancy(b, hs);
  const dest = new Int32Array(rays.directions);
  const walks = (at: number, left: number): number => {
    if (left === 0) return at === target ? 1 : 0;
    const m = hopperMoves(rays, at, occ, dest);
    const next = Array.from(dest.subarray(0, m));
    return next.reduce((a, to) => a + walks(to, left - 1), 0);
  };
  for (let len = 0; len <= 7; len++) {
    const c = walks(start, len);
    if (c > 0) return [len, c];
  }
  return [-1, 0];
}

Deno.test("reading a SerienZiel position back equals a brute force on small boards", () => {
  const b = makeBoard([4, 4]);
  let fitted = 0;
  for (const piece of HOPPER_KINDS) {
    for (const start of [0, 1, 5]) {
      for (const k of [1, 2, 3]) {
        const colour = (s: number) => (s % 4 + Math.floor(s / 4)) & 1;
        const squares = [...Array(16).keys()].filter((s) => s !== start && (piece !== "bishophopper" || colour(s) === colour(start)));
        // every placement of k hurdles, by brute force: its [length, count] to every target
        const sets: number[][] = [];
        const rec = (from: number, acc: number[]) => {
          if (acc.length === k) return void sets.push([...acc]);
          for (let i = from; i < squares.length; i++) rec(i + 1, [...acc, squares[i]]);
        };
        rec(0, []);
        for (const target of [...Array(16).keys()].filter((s) => s !== start)) {
          for (const moves of [1, 2, 3, 4, 5]) {
            const want = sets.filter((hs) => {
              if (hs.includes(target)) return false;
              const [len, count] = bruteRoutes(piece, b, start, target, hs);
              return len === moves && count === 1;
            }).map((hs) => hs.join()).sort();
            const got = readBackSerienZiel(b, { piece, start, target, moves, hurdles: k })!.map((hs) => hs.join()).sort();
            assert.deepEqual(got, want, `${piece} start ${start} target ${target} in ${moves} over ${k}`);
            fitted += want.length;
          }
        }
      }
    }
  }
  assert.ok(fitted > 100, `${fitted}`);
});
