/**
 * The animated solution (site/lib/animation.ts), read back with an independent
 * GIF reader (tests/helpers/gif.ts): it decodes, loops, has a frame for the
 * start and every move (or the documented reduction of a long solution), each
 * frame shows what the diagram renderer paints for that position (and not the
 * next one), and the last frame pauses. No build: replays made here.
 */
import assert from "node:assert/strict";
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";
import * as gifencModule from "gifenc";
import {
  animationDelays,
  animationFrames,
  animationGif,
  animationPositions,
  animationSize,
  animationSpecs,
  animationWidth,
  applyPalette,
  cutDrawing,
  DELAY_END,
  encodeAnimation,
  MAX_FRAME_STEPS,
  overWhite,
} from "../../site/lib/animation.ts";
import { diagramLayout, diagramSvg } from "../../site/lib/diagram-svg.ts";
import { placementOf } from "../../site/lib/painter.ts";
import { compareDiagram } from "../helpers/painter-compare.ts";
import { paintPixels } from "../../site/lib/render.ts";
import { decodeGif, type Gif } from "../helpers/gif.ts";
import { renderCache } from "../../site/lib/render-cache.ts";

renderCache.off = true; // paint afresh (this file's thread only)

/**
 * A wazir on a w x h board walking the ranks boustrophedon from a1, capturing
 * a man on each square it enters (the first `moves` squares after a1).
 */
function wazirWalk(w: number, h: number, moves: number): ReplaySpec {
  const route: number[] = [];
  for (let y = 0; y < h; y++) for (let i = 0; i < w; i++) route.push(y * w + (y % 2 === 0 ? i : w - 1 - i));
  const path = route.slice(0, moves + 1);
  const steps: ReplayStep[] = path.slice(1).map((to, i) => ({ from: path[i], to, captured: to, label: `${i + 1}.W:${to}` }));
  return {
    initial: {
      board: [w, h],
      pieces: [
        { square: path[0], glyph: "leaper:0,1", colour: "white" },
        ...path.slice(1).map((square) => ({ square, glyph: "man", colour: "black" as const })),
      ],
      numbers: [{ square: path[0], label: "0" }],
    },
    steps,
  };
}

/**
 * A locust on one rank jumping over men (each captured on the square it jumps,
 * not where it lands), with a neutral hurdle moved between two jumps, as in a
 * hopper tour (a "hurdle" step: nothing visited or numbered).
 */
function locustRun(): ReplaySpec {
  const w = 7;
  const steps: ReplayStep[] = [
    { from: 0, to: 2, captured: 1, label: "1.L*b1-c1" },
    { from: 2, to: 4, captured: 3, label: "2.L*d1-e1" },
    { from: 20, to: 13, piece: "hurdle", label: "(hurdle g3-g2)" },
    { from: 4, to: 6, captured: 5, label: "3.L*f1-g1" },
  ];
  return {
    initial: {
      board: [w, 3],
      pieces: [
        { square: 0, glyph: "locust", colour: "white" },
        ...[1, 3, 5].map((square) => ({ square, glyph: "man", colour: "black" as const })),
        { square: 20, glyph: "dummy", colour: "neutral" },
      ],
      numbers: [],
    },
    steps,
  };
}

/** Each frame's position painted whole, independently of animationFrames()'s partial repainting. */
function wholePaintings(replay: ReplaySpec): Uint8Array[] {
  const size = animationWidth(replay.initial.board);
  return animationSpecs(replay).map((spec) => overWhite(paintPixels(diagramSvg(spec, { size, desc: "" }), size).pixels));
}

/**
 * How far a decoded frame is from a painted RGBA frame: the largest mean
 * difference per channel over one square's box (tests/helpers/painter-compare.ts).
 * The GIF's frames are painted by site/lib/painter.ts and reduced to 31
 * colours; a square showing another position (a piece arrived or gone, a
 * number written) is far off.
 */
function squareOff(g: Gif, k: number, replay: ReplaySpec, rgba: Uint8Array): number {
  const size = animationWidth(replay.initial.board);
  const L = diagramLayout(replay.initial.board, { size });
  const at = placementOf(L, g.width, g.height);
  return compareDiagram(replay.initial, size, at, g.width, { pixels: g.frames[k].canvas, channels: 3 }, { pixels: rgba }).worstSquare;
}

/** Largest squareOff() of a frame that shows its position (true frames: at most 2.5 here; the next position: 50 or more). */
const SQUARE_BOUND = 4;

/** Pixels of a decoded frame that differ from a painted RGBA frame by more than `tolerance` in some channel. */
function farPixels(g: Gif, k: number, rgba: Uint8Array, tolerance = 40): number {
  const c = g.frames[k].canvas;
  let n = 0;
  for (let i = 0, j = 0; i < c.length; i += 3, j += 4) {
    if (
      Math.abs(c[i] - rgba[j]) > tolerance || Math.abs(c[i + 1] - rgba[j + 1]) > tolerance || Math.abs(c[i + 2] - rgba[j + 2]) > tolerance
    ) n++;
  }
  return n;
}

Deno.test("animation: the positions shown are every move up to the limit, a documented sample beyond it", () => {
  assert.deepEqual(animationPositions(0), [0]);
  assert.deepEqual(animationPositions(3), [0, 1, 2, 3]);
  assert.equal(animationPositions(MAX_FRAME_STEPS).length, MAX_FRAME_STEPS + 1);
  for (const n of [MAX_FRAME_STEPS + 1, 2 * MAX_FRAME_STEPS, 2 * MAX_FRAME_STEPS + 1, 324]) {
    const ps = animationPositions(n);
    const k = Math.ceil(n / MAX_FRAME_STEPS);
    assert.equal(ps[0], 0);
    assert.equal(ps.at(-1), n, `the last frame of ${n} moves is the whole solution`);
    assert.ok(ps.length <= MAX_FRAME_STEPS + 1, `${n} moves: ${ps.length} frames`);
    for (let i = 1; i < ps.length - 1; i++) assert.equal(ps[i] - ps[i - 1], k);
    assert.ok(ps.at(-1)! - ps.at(-2)! <= k && ps.at(-1)! > ps.at(-2)!);
  }
  const d = animationDelays(5);
  assert.equal(d.at(-1), DELAY_END);
  assert.ok(d.at(-1)! > d[1], "the last frame pauses longer than a move");
});

Deno.test("animation: a 5x5 capture decodes to the start and every move, each frame the position painted", async () => {
  const replay = wazirWalk(5, 5, 12);
  const gif = await animationGif(replay);
  const g = decodeGif(gif);
  const size = animationSize(replay.initial.board);
  assert.equal(g.width, size.width);
  assert.equal(g.height, size.height);
  assert.equal(g.loops, 0, "loops forever");
  assert.equal(g.frames.length, replay.steps.length + 1, "the start and one frame per move");
  assert.equal(g.frames.at(-1)!.delay, DELAY_END);
  const frames = wholePaintings(replay);
  for (let k = 0; k < frames.length; k++) {
    assert.ok(squareOff(g, k, replay, frames[k]) < SQUARE_BOUND, `frame ${k} shows its position`);
    // Tamper check: the frame is not the next position (a captured man, a new number are far off).
    if (k + 1 < frames.length) {
      assert.ok(farPixels(g, k, frames[k + 1]) > 50, `frame ${k} differs from position ${k + 1}`);
      assert.ok(squareOff(g, k, replay, frames[k + 1]) >= SQUARE_BOUND, `frame ${k} is not position ${k + 1}`);
    }
  }
  // After the first, frames cover only what changed (a move's squares), not the whole board.
  for (const f of g.frames.slice(1)) assert.ok(f.width * f.height < (g.width * g.height) / 2, `frame of ${f.width}x${f.height}`);
});

Deno.test("animation: a long solution is sampled as documented and ends on the whole solution", async () => {
  const moves = MAX_FRAME_STEPS + 5;
  const replay = wazirWalk(9, 8, moves);
  const g = decodeGif(await animationGif(replay));
  const positions = animationPositions(moves);
  assert.equal(g.frames.length, positions.length);
  assert.ok(g.frames.length < moves + 1);
  const frames = wholePaintings(replay);
  assert.equal(frames.length, positions.length);
  assert.ok(squareOff(g, g.frames.length - 1, replay, frames.at(-1)!) < SQUARE_BOUND, "the last frame is the full solution");
  assert.ok(squareOff(g, 1, replay, frames[1]) < SQUARE_BOUND, "the second frame shows the position after two moves");
  assert.ok(squareOff(g, 1, replay, frames[2]) >= SQUARE_BOUND, "the second frame is not the position after four moves");
});

Deno.test("animation: a locust's captures beside its landing squares and a moved hurdle are repainted", async () => {
  const replay = locustRun();
  const g = decodeGif(await animationGif(replay));
  assert.equal(g.frames.length, replay.steps.length + 1);
  const whole = wholePaintings(replay);
  const { frames } = animationFrames(replay);
  const size = animationWidth(replay.initial.board);
  const at = placementOf(diagramLayout(replay.initial.board, { size }), g.width, g.height);
  for (let k = 0; k < whole.length; k++) {
    assert.ok(squareOff(g, k, replay, whole[k]) < SQUARE_BOUND, `frame ${k} shows its position`);
    // The partial repainting by the painter draws what resvg's whole painting draws (tests/site/painter_test.ts's comparison).
    const c = compareDiagram(replay.initial, size, at, g.width, { pixels: whole[k] }, { pixels: frames[k] });
    assert.ok(c.mean < 1.5 && c.worstSquare < SQUARE_BOUND, `frame ${k}: partial and whole painting differ (${c.mean}, ${c.worstSquare})`);
    if (k + 1 < whole.length) assert.ok(farPixels(g, k, whole[k + 1]) > 50, `frame ${k} differs from position ${k + 1}`);
  }
});

Deno.test("animation: the encoder searching only the repainted regions writes the same GIF as searching whole frames", () => {
  for (const replay of [wazirWalk(5, 5, 12), wazirWalk(9, 8, MAX_FRAME_STEPS + 5), locustRun()]) {
    const { frames, width, height, regions } = animationFrames(replay);
    assert.equal(regions.length, frames.length);
    assert.ok(regions.slice(1).some((r) => r !== null && r.w * r.h < (width * height) / 4), "regions are small rectangles");
    const delays = animationDelays(frames.length);
    assert.deepEqual(encodeAnimation(frames, width, height, delays, regions), encodeAnimation(frames, width, height, delays));
  }
});

Deno.test("animation: the encoder keeps identical frames as tiny frames and rejects an empty animation", () => {
  const w = 4, h = 3;
  const a = new Uint8Array(w * h * 4).fill(255);
  const b = a.slice();
  b.set([0, 0, 0, 255], 4 * 5);
  const g = decodeGif(encodeAnimation([a, a, b], w, h, [100, 100, 100]));
  assert.equal(g.frames.length, 3);
  assert.deepEqual([g.frames[1].width, g.frames[1].height], [1, 1]);
  assert.deepEqual([g.frames[2].left, g.frames[2].top, g.frames[2].width, g.frames[2].height], [1, 1, 1, 1]);
  assert.deepEqual([...g.frames[2].canvas.subarray(15, 18)], [0, 0, 0]);
  assert.deepEqual([...g.frames[1].canvas.subarray(15, 18)], [255, 255, 255]);
  assert.throws(() => encodeAnimation([], w, h, []));
});

Deno.test("animation: the GIF reader refuses a damaged file", async () => {
  const gif = await animationGif(wazirWalk(4, 4, 3));
  assert.throws(() => decodeGif(gif.subarray(0, gif.length - 40)));
  const bad = gif.slice();
  bad[0] = 0x47 + 1;
  assert.throws(() => decodeGif(bad), /not a GIF/);
});

/** A knight's open tour of 8x8 (Warnsdorff from a1), numbered, with its path: long segments crossing many squares. */
function knightTourSpec(): DiagramSpec {
  const at = (x: number, y: number) => y * 8 + x;
  const seen = new Set<number>([0]);
  const tour = [0];
  const jumps = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
  const next = (sq: number) =>
    jumps.map(([dx, dy]) => [(sq % 8) + dx, Math.floor(sq / 8) + dy]).filter(([x, y]) =>
      x >= 0 && x < 8 && y >= 0 && y < 8 && !seen.has(at(x, y))
    )
      .map(([x, y]) => at(x, y));
  while (tour.length < 64) {
    const options = next(tour.at(-1)!);
    if (options.length === 0) break;
    const sq = options.reduce((a, b) => (next(b).length < next(a).length ? b : a));
    seen.add(sq);
    tour.push(sq);
  }
  return {
    board: [8, 8],
    pieces: [{ square: tour.at(-1)!, glyph: "knight", colour: "white" }],
    numbers: tour.slice(0, -1).map((square, i) => ({ square, label: String(i) })),
    path: tour,
  };
}

Deno.test("animation: a cut frame's drawing without what misses its rectangle paints the same pixels", () => {
  const spec = knightTourSpec();
  assert.ok(spec.path!.length > 40, "a long tour");
  const size = 256;
  const svg = diagramSvg(spec, { size, desc: "" });
  const k = size / 344; // diagramLayout: 20 + 8 * 40 + 4 units wide
  const cutTo = (drawing: string, bx: number, by: number, bw: number, bh: number) =>
    paintPixels(
      drawing.replace(
        / width="[^"]*" height="[^"]*" viewBox="[^"]*"/,
        ` width="${bw}" height="${bh}" viewBox="${bx / k} ${by / k} ${bw / k} ${bh / k}"`,
      ),
      bw,
    ).pixels;
  let dropped = 0;
  // Rectangles the size of a move's squares, all over the board.
  const rectangles: number[][] = [];
  for (let bx = 0; bx + 40 <= 256; bx += 54) for (let by = 0; by + 46 <= 253; by += 41) rectangles.push([bx, by, 40, 46]);
  for (const [bx, by, bw, bh] of rectangles) {
    const [ux0, uy0, ux1, uy1] = [bx / k, by / k, (bx + bw) / k, (by + bh) / k];
    const cut = cutDrawing(svg, ux0, uy0, ux1, uy1);
    assert.ok(cut.length < svg.length, "something is left out");
    dropped += svg.length - cut.length;
    assert.deepEqual(cutTo(cut, bx, by, bw, bh), cutTo(svg, bx, by, bw, bh), `rectangle ${bx},${by} ${bw}x${bh}`);
    // Tamper check: the cut to another rectangle (it drops what this one shows) paints other pixels.
    const wrong = cutDrawing(svg, ux1 + 500, uy1 + 500, ux1 + 600, uy1 + 600);
    assert.notDeepEqual(cutTo(wrong, bx, by, bw, bh), cutTo(svg, bx, by, bw, bh), `the cut to another rectangle differs in ${bx},${by}`);
  }
  assert.ok(dropped > rectangles.length * 1000, `${dropped} characters dropped`);
});

Deno.test("animation: applyPalette gives gifenc's indices (random colours, and a frame's)", () => {
  // deno-lint-ignore no-explicit-any
  const gifenc: any = "applyPalette" in gifencModule ? gifencModule : (gifencModule as any).default;
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
  const palette = Array.from({ length: 31 }, () => [next(), next(), next()]);
  palette.push(palette[3].slice()); // equal colours: the last of equals wins in both
  const random = new Uint8Array(4 * 5000).map((_, i) => (i % 4 === 3 ? 255 : next()));
  // Runs of one colour, and colours of one RGB565 bin that differ (the bin's first pixel decides).
  for (let i = 0; i < 400; i += 4) random.set([random[0] + (i % 8 === 0 ? 1 : 0), random[1], random[2], 255], 4 * 1000 + i);
  assert.deepEqual(applyPalette(random, palette), gifenc.applyPalette(random, palette));
  const { frames } = animationFrames(wazirWalk(5, 5, 6));
  const framePalette: number[][] = gifenc.quantize(frames.at(-1)!, 31);
  for (const f of frames) assert.deepEqual(applyPalette(f, framePalette), gifenc.applyPalette(f, framePalette));
  // Tamper check: another palette order gives other indices.
  assert.notDeepEqual(applyPalette(frames[0], framePalette.slice().reverse()), gifenc.applyPalette(frames[0], framePalette));
});
