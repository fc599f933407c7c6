/**
 * The raster painter (site/lib/painter.ts) against resvg: the PNG permalinks,
 * the share cards' diagram half and the animation frames of records of every
 * family, painted both ways, must agree (tests/helpers/painter-compare.ts):
 * mean difference per channel under MEAN_BOUND, no square's box off by more
 * than SQUARE_BOUND on average, and quiet square interiors (nothing drawn,
 * no line within reach) identical. The same comparison fails when a piece is
 * drawn one square off or in another colour, or a number is left out.
 */
import assert from "node:assert/strict";
import { ADAPTERS } from "../../site/families/index.ts";
import type { AtlasEntry } from "../../site/lib/entry.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramLayout, diagramSvg } from "../../site/lib/diagram-svg.ts";
import { drawnPart, paintPixels, PERMALINK_WIDTH, permalinkPixels } from "../../site/lib/render.ts";
import { ogDiagramPlacement, ogLeftHalf } from "../../site/lib/og-card.ts";
import { painterCanDraw, placementOf } from "../../site/lib/painter.ts";
import { animationFrames, animationReplay, animationWidth } from "../../site/lib/animation.ts";
import { compareDiagram } from "../helpers/painter-compare.ts";
import { renderCache } from "../../site/lib/render-cache.ts";

renderCache.off = true; // paint afresh (this file's thread only)

/** Mean absolute difference per channel over a whole image (levels of 255). */
const MEAN_BOUND = 1.5;
/** Mean absolute difference per channel over one square's box (true paintings of the sample: at most 2.7; a two-digit number left out: 5.5). */
const SQUARE_BOUND = 4;

const entries: AtlasEntry[] = ADAPTERS.flatMap((a) => a.entries());
const families = [...new Set(entries.map((e) => e.family))];

/** A few records of each family, spread over its list: solution and problem diagrams. */
function sample(perFamily: number): DiagramSpec[] {
  const out: DiagramSpec[] = [];
  for (const f of families) {
    const mine = entries.filter((e) => e.family === f && (e.solutionDiagram || e.problemDiagram));
    const step = Math.max(1, Math.floor(mine.length / perFamily));
    for (let i = 0; i < mine.length && i / step < perFamily; i += step) {
      for (const spec of [mine[i].solutionDiagram, mine[i].problemDiagram]) if (spec && painterCanDraw(spec)) out.push(spec);
    }
  }
  return out;
}

function permalinkComparison(spec: DiagramSpec, painted: DiagramSpec = spec) {
  const ref = paintPixels(drawnPart(diagramSvg(spec, { size: PERMALINK_WIDTH, desc: "" })), PERMALINK_WIDTH);
  const mine = permalinkPixels(painted)!;
  assert.equal(mine.width, ref.width);
  assert.equal(mine.height, ref.height);
  const L = diagramLayout(spec.board, { size: PERMALINK_WIDTH });
  return compareDiagram(spec, PERMALINK_WIDTH, placementOf(L, ref.width, ref.height), ref.width, ref, mine);
}

Deno.test("painter: permalinks of every family look like resvg's painting of the same SVG", () => {
  const specs = sample(4);
  const seen = new Set(specs.map((s) => JSON.stringify(s.board)));
  assert.ok(families.length >= 6, `families: ${families.join(", ")}`);
  assert.ok(specs.length >= 2 * families.length, `${specs.length} diagrams`);
  assert.ok(
    specs.some((s) => (s.path?.length ?? 0) > 30) && specs.some((s) => s.marks?.length) && seen.size >= 4,
    "paths, marks and several boards",
  );
  let quiet = 0;
  for (const spec of specs) {
    const c = permalinkComparison(spec);
    const what = `${spec.board.join("x")} ${JSON.stringify(spec).slice(0, 120)}`;
    assert.ok(c.mean < MEAN_BOUND, `${what}: mean ${c.mean.toFixed(3)}`);
    assert.ok(c.worstSquare < SQUARE_BOUND, `${what}: square ${c.worstSquareIndex} off by ${c.worstSquare.toFixed(2)}`);
    assert.equal(c.quietDiffering, 0, `${what}: ${c.quietDiffering} pixels of quiet squares differ`);
    quiet += c.quietCompared;
  }
  assert.ok(quiet > 100_000, `${quiet} quiet pixels compared`);
});

Deno.test("painter: the comparison fails for a piece one square off, a piece's colour changed, a number left out", () => {
  const spec = entries.map((e) => e.solutionDiagram).find((s) =>
    s && s.board.join("x") === "8x8" && s.pieces.some((p) => p.glyph !== "man" && p.colour === "white") && (s.numbers?.length ?? 0) > 3 &&
    painterCanDraw(s)
  )!;
  assert.ok(spec, "an 8x8 diagram with a white piece and numbers");
  const at = spec.pieces.findIndex((p) => p.glyph !== "man" && p.colour === "white");
  const sq = spec.pieces[at].square;
  const moved = { ...spec, pieces: spec.pieces.map((p, i) => i === at ? { ...p, square: sq % 8 === 7 ? sq - 1 : sq + 1 } : p) };
  const recoloured = { ...spec, pieces: spec.pieces.map((p, i) => i === at ? { ...p, colour: "black" as const } : p) };
  const fewer = { ...spec, numbers: spec.numbers!.slice(1) };
  assert.ok(permalinkComparison(spec).worstSquare < SQUARE_BOUND, "the true painting passes");
  for (const [name, wrong] of [["moved", moved], ["recoloured", recoloured], ["a number fewer", fewer]] as const) {
    const c = permalinkComparison(spec, wrong);
    assert.ok(c.worstSquare >= SQUARE_BOUND, `${name}: square ${c.worstSquareIndex} off by only ${c.worstSquare.toFixed(2)}`);
  }
});

Deno.test("painter: the share card's diagram half looks like resvg's", () => {
  const specs = sample(2);
  for (const spec of specs) {
    const ref = ogLeftHalf(spec, false);
    const mine = ogLeftHalf(spec);
    assert.deepEqual([mine.width, mine.height], [ref.width, ref.height]);
    const { size, at } = ogDiagramPlacement(spec);
    const c = compareDiagram(spec, size, at, ref.width, ref, mine);
    const what = `${spec.board.join("x")} ${JSON.stringify(spec).slice(0, 120)}`;
    assert.ok(c.mean < MEAN_BOUND, `${what}: mean ${c.mean.toFixed(3)}`);
    assert.ok(c.worstSquare < SQUARE_BOUND, `${what}: square ${c.worstSquareIndex} off by ${c.worstSquare.toFixed(2)}`);
    assert.equal(c.quietDiffering, 0, `${what}: ${c.quietDiffering} pixels of quiet squares differ`);
  }
});

Deno.test("painter: animation frames look like resvg's frames", () => {
  const replays = entries.map(animationReplay).filter((r) => r !== null);
  const picks = [replays[0], replays[Math.floor(replays.length / 2)], replays.at(-1)!, replays.find((r) => r.steps.length > 40)!]
    .filter((r) => r && painterCanDraw(r.initial));
  assert.ok(picks.length >= 3);
  for (const replay of picks) {
    const size = animationWidth(replay.initial.board);
    const mine = animationFrames(replay);
    const ref = animationFrames(replay, undefined, false);
    assert.equal(mine.frames.length, ref.frames.length);
    assert.deepEqual(mine.regions, ref.regions, "the same rectangles repainted");
    const L = diagramLayout(replay.initial.board, { size });
    const at = placementOf(L, ref.width, ref.height);
    for (let i = 0; i < ref.frames.length; i += 3) {
      const c = compareDiagram(replay.initial, size, at, ref.width, { pixels: ref.frames[i] }, { pixels: mine.frames[i] });
      assert.ok(
        c.mean < MEAN_BOUND && c.worstSquare < SQUARE_BOUND,
        `frame ${i}: mean ${c.mean.toFixed(3)}, square ${c.worstSquare.toFixed(2)}`,
      );
    }
  }
});

Deno.test("painter: 3-D boards, their path's dashed jumps between layers included, look like resvg's", () => {
  const layered = entries.flatMap((e) => [e.solutionDiagram, e.problemDiagram]).filter((s): s is DiagramSpec => {
    if (!s || s.board.length < 3 || !s.path) return false;
    const L = diagramLayout(s.board, { size: PERMALINK_WIDTH });
    return s.path.some((sq, i) => i > 0 && L.layerOf(sq) !== L.layerOf(s.path![i - 1]));
  });
  assert.ok(layered.length >= 2, `${layered.length} diagrams with jumps between layers`);
  const made: DiagramSpec = { board: [3, 3, 2], pieces: [], path: [0, 9, 18, 4], numbers: [{ square: 0, label: "0" }] };
  for (const spec of [...layered.slice(0, 3), made]) {
    const c = permalinkComparison(spec);
    const what = `${spec.board.join("x")} ${JSON.stringify(spec).slice(0, 100)}`;
    assert.ok(
      c.mean < MEAN_BOUND && c.worstSquare < SQUARE_BOUND,
      `${what}: mean ${c.mean.toFixed(3)}, square ${c.worstSquare.toFixed(2)}`,
    );
  }
  // Tamper check: the painting without the path (its dashed jumps and solid segment) is caught.
  const L = diagramLayout(made.board, { size: PERMALINK_WIDTH });
  const ref = paintPixels(drawnPart(diagramSvg(made, { size: PERMALINK_WIDTH, desc: "" })), PERMALINK_WIDTH);
  const noPath = permalinkPixels({ ...made, path: [0] })!;
  const off = compareDiagram(made, PERMALINK_WIDTH, placementOf(L, ref.width, ref.height), ref.width, ref, noPath);
  assert.ok(
    off.worstSquare >= SQUARE_BOUND || off.mean >= MEAN_BOUND / 4,
    `without the path: square ${off.worstSquare.toFixed(2)}, mean ${off.mean.toFixed(3)}`,
  );
});
