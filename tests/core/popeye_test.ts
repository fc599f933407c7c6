/**
 * Popeye export (solvers/export/popeye.ts) against the facts of Popeye's input
 * language stated in issue 3 (from py-engl.txt): walk codes, the squares of
 * one walk glued into one token, ser-=n with black wazirs, WhiteMustCapture,
 * NoWk NoBk, Hole for smaller boards, and refusals with a reason.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  holesFor,
  pieceGroup,
  popeyeForHopperRecord,
  popeyeForLeaperRecord,
  popeyeForLocustRecord,
  popeyeHopperReach,
  popeyeLeaperCapture,
  popeyeLocustCapture,
  popeyeTour,
} from "../../solvers/export/popeye.ts";
import { loadRunSolve } from "../../scripts/commands/solve.ts";

const runSolve = await loadRunSolve();

const line = (input: string, head: string) => input.split("\n").find((l) => l.startsWith(head));

Deno.test("walk codes of the issue's list", () => {
  const expect: [number, number, string][] = [
    [0, 1, "we"],
    [1, 1, "fe"],
    [0, 2, "da"],
    [2, 2, "al"],
    [1, 2, "s"],
    [1, 3, "ca"],
    [2, 3, "z"],
    [1, 4, "gi"],
    [3, 4, "an"],
    [1, 5, "15"],
    [1, 6, "16"],
    [2, 4, "24"],
    [2, 5, "25"],
    [3, 5, "35"],
    [3, 6, "36"],
    [3, 7, "37"],
  ];
  for (const [x, y, code] of expect) {
    // Given in either order: [y,x] is the same leaper.
    const r = popeyeLeaperCapture({ leap: [y, x], board: [8, 8], start: "a1", men: ["h8"] });
    assert.ok(r.ok, `[${x},${y}]`);
    assert.equal(line(r.input, "Pieces"), `Pieces White ${code}a1 Black weh8`);
  }
});

Deno.test("squares of one walk are one token; the parser's parity rule reads them back", () => {
  assert.equal(pieceGroup("we", ["a2", "a3", "b3"]), "wea2a3b3");
  // Popeye takes a one-letter code when the token length is odd, two letters when even.
  for (const code of ["z", "s", "we", "15"]) {
    const tok = pieceGroup(code, ["b1", "c3"]);
    assert.equal(tok.length % 2 === 1 ? 1 : 2, code.length);
  }
});

Deno.test("sd=n on 8x8: black wazirs, ser-=n, WhiteMustCapture, no kings, no holes", () => {
  const r = popeyeLeaperCapture({ leap: [2, 3], board: [8, 8], start: "b1", men: ["e3", "h1", "f4"] });
  assert.ok(r.ok);
  assert.equal(line(r.input, "Pieces"), "Pieces White zb1 Black wee3h1f4");
  assert.equal(line(r.input, "Condition"), "Condition WhiteMustCapture");
  assert.equal(line(r.input, "Option"), "Option NoWk NoBk");
  assert.equal(line(r.input, "Stipulation"), "Stipulation ser-=3");
  assert.ok(r.input.startsWith("BeginProblem\n") && r.input.trimEnd().endsWith("EndProblem"));
  assert.ok(!r.input.includes(" we "), "a walk must not stand apart from its squares");
});

Deno.test("smaller boards: Hole on exactly the squares outside", () => {
  const holes = holesFor([5, 3]);
  assert.equal(holes.length, 64 - 15);
  assert.ok(holes.includes("f1") && holes.includes("a4") && holes.includes("h8"));
  assert.ok(!holes.includes("e3") && !holes.includes("a1"));
  const r = popeyeLeaperCapture({ leap: [0, 1], board: [4, 4], start: "b1", men: ["a1", "a2"] });
  assert.ok(r.ok);
  assert.match(line(r.input, "Condition")!, /^Condition WhiteMustCapture Hole ([a-h][1-8]){48}$/);
});

Deno.test("refusals carry a reason in both languages", () => {
  for (const leap of [[0, 3], [1, 7], [4, 5]] as [number, number][]) {
    const r = popeyeLeaperCapture({ leap, board: [8, 8], start: "a1", men: ["h8"] });
    assert.ok(!r.ok);
    assert.match(r.reason.en, new RegExp(`\\[${leap[0]},${leap[1]}\\]`));
    assert.ok(r.reason.cs.length > 0 && r.reason.cs !== r.reason.en);
  }
  const big = popeyeLeaperCapture({ leap: [1, 2], board: [10, 10], start: "a1", men: ["b3"] });
  assert.ok(!big.ok && /8×8/.test(big.reason.en));
  const cube = popeyeLeaperCapture({ leap: [1, 2], board: [4, 4, 4], start: "111", men: ["123"] });
  assert.ok(!cube.ok);
  assert.ok(!popeyeLeaperCapture({ leap: [1, 2], board: [8, 8], start: "a1", men: ["b3"], end: "b3" }).ok);
  assert.ok(!popeyeTour({ leap: [1, 2], board: [8, 8], start: "a1", closed: true }).ok);
  // Hoppers and locusts: only on 8x8 (holes do not end their lines).
  assert.ok(!popeyeHopperReach({ hopper: "grasshopper", board: [6, 6], start: "a1", hurdles: ["b2"], target: "c3", moves: 1 }).ok);
  assert.ok(!popeyeLocustCapture({ locust: "locust", board: [7, 7], start: "a1", men: ["b2"] }).ok);
});

Deno.test("hoppers and locusts: codes and stipulations", () => {
  const h = popeyeHopperReach({ hopper: "rookhopper", board: [8, 8], start: "d2", hurdles: ["d4", "f2"], target: "c7", moves: 28 });
  assert.ok(h.ok);
  assert.equal(line(h.input, "Pieces"), "Pieces White rhd2 dud4f2");
  assert.equal(line(h.input, "Stipulation"), "Stipulation ser-zc728");
  const l = popeyeLocustCapture({ locust: "nightrider-locust", board: [8, 8], start: "a1", men: ["c2", "e3"] });
  assert.ok(l.ok);
  assert.equal(line(l.input, "Pieces"), "Pieces White lna1 Black wec2e3");
  assert.equal(line(l.input, "Stipulation"), "Stipulation ser-=2");
});

Deno.test("every leaper record: input or a reason; inputs list the witness's men in order", () => {
  const recs = JSON.parse(readFileSync(new URL("../../data/leaper/records.json", import.meta.url), "utf8")).records;
  let exported = 0;
  for (const r of recs) {
    const p = popeyeForLeaperRecord(r);
    if (!p.ok) {
      assert.ok(p.reason.en && p.reason.cs, r.id);
      continue;
    }
    exported++;
    assert.ok(r.kind === "dual-free", r.id);
    assert.equal(line(p.input, "Stipulation"), `Stipulation ser-=${r.witness.moves.length}`, r.id);
    assert.ok(line(p.input, "Pieces")!.endsWith(` Black we${r.witness.moves.join("")}`), r.id);
  }
  assert.ok(exported > 50, `only ${exported} records exported`);
});

Deno.test("every hopper record: SerienZiel positions as ser-z with dummies, the rest a reason; 8x8 only", () => {
  const recs = JSON.parse(readFileSync(new URL("../../data/hopper/records.json", import.meta.url), "utf8")).records;
  let exported = 0;
  for (const r of recs) {
    const p = popeyeForHopperRecord(r);
    const reach = r.kind.startsWith("serienziel") && r.witness?.target;
    assert.equal(p.ok, !!reach, r.id);
    if (!p.ok) {
      assert.ok(p.reason.en && p.reason.cs && p.reason.en !== p.reason.cs, r.id);
      continue;
    }
    exported++;
    assert.equal(line(p.input, "Stipulation"), `Stipulation ser-z${r.witness.target}${r.witness.moves.length}`, r.id);
    const pieces = line(p.input, "Pieces")!;
    assert.ok(pieces.startsWith(`Pieces White `), r.id);
    if (r.witness.hurdles.length > 0) assert.ok(pieces.endsWith(` du${r.witness.hurdles.join("")}`), r.id);
    assert.ok(p.input.includes(`record ${r.id}`), r.id);
  }
  assert.ok(exported >= 100, `only ${exported} hopper records exported`);
  // The same position on a smaller board: holes would not stop the hopper's lines, so no input.
  const r = recs.find((x: { kind: string; witness: unknown }) => x.kind === "serienziel-longest" && x.witness);
  const small = popeyeForHopperRecord({ ...r, board: [7, 7] });
  assert.ok(!small.ok && /8×8/.test(small.reason.en));
});

Deno.test("every locust record: ser-=n with black wazirs where a witness exists; the closed kind and missing positions a reason", () => {
  const recs = JSON.parse(readFileSync(new URL("../../data/locust/records.json", import.meta.url), "utf8")).records;
  let exported = 0;
  for (const r of recs) {
    const p = popeyeForLocustRecord(r);
    assert.equal(p.ok, !!r.witness && r.kind !== "dual-free-closed", r.id);
    if (!p.ok) {
      assert.ok(p.reason.en && p.reason.cs, r.id);
      continue;
    }
    exported++;
    assert.equal(line(p.input, "Stipulation"), `Stipulation ser-=${r.witness.men.length}`, r.id);
    assert.ok(line(p.input, "Pieces")!.endsWith(` Black we${r.witness.men.join("")}`), r.id);
    assert.equal(line(p.input, "Condition"), "Condition WhiteMustCapture");
  }
  assert.ok(exported >= 2, `only ${exported} locust records exported`);
  const r = recs.find((x: { witness: unknown; kind: string }) => x.witness && x.kind === "dual-free");
  assert.ok(!popeyeForLocustRecord({ ...r, board: [6, 6] }).ok);
});

Deno.test("solve --popeye prints the input; refusals exit 1 with one line", () => {
  let out = "";
  let err = "";
  const io = {
    stdout: (s: string) => void (out += s),
    stderr: (s: string) => void (err += s),
    readFile: (p: string) => readFileSync(p, "utf8"),
  };
  assert.equal(runSolve(["--popeye", "--piece", "zebra", "--start", "b1", "--men", "e3,h1"], io), 0);
  assert.equal(line(out, "Pieces"), "Pieces White zb1 Black wee3h1");
  out = "";
  assert.equal(runSolve(["--popeye", "--piece", "0,3", "--start", "a1", "--men", "a4"], io), 1);
  assert.equal(out, "");
  assert.equal(err.trim().split("\n").length, 1);
  assert.match(err, /\[0,3\]/);
  err = "";
  assert.equal(runSolve(["--popeye", "--record", "no-such-record"], io), 2);
  assert.match(err, /no record/);
  // Hopper and locust records are found too, and printed as the site offers them.
  const hoppers = JSON.parse(readFileSync(new URL("../../data/hopper/records.json", import.meta.url), "utf8")).records;
  const h = hoppers.find((r: { kind: string; witness: unknown }) => r.kind === "serienziel-dual-free" && r.witness);
  out = "";
  assert.equal(runSolve(["--popeye", "--record", h.id], io), 0);
  assert.equal(out, (popeyeForHopperRecord(h) as { input: string }).input);
  assert.equal(line(out, "Stipulation"), `Stipulation ser-z${h.witness.target}${h.witness.moves.length}`);
  const locusts = JSON.parse(readFileSync(new URL("../../data/locust/records.json", import.meta.url), "utf8")).records;
  const closed = locusts.find((r: { kind: string; witness: unknown }) => r.kind === "dual-free-closed" && r.witness);
  out = "";
  err = "";
  assert.equal(runSolve(["--popeye", "--record", closed.id], io), 1);
  assert.equal(out, "");
  assert.match(err, /start square/);
});
