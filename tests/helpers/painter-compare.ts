/**
 * How far one painting of a diagram is from another (site/lib/painter.ts
 * against resvg): the mean absolute difference per channel over the image,
 * the worst mean over any one square's pixel box (a piece drawn on the wrong
 * square, a number missing, a colour changed show there however large the
 * board), and the pixels of quiet square interiors (nothing drawn on the
 * square, no path line within reach) that differ at all.
 */
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { diagramLayout, PATH_STYLE, S } from "../../site/lib/diagram-svg.ts";
import type { Placement } from "../../site/lib/painter.ts";

export interface Image {
  pixels: ArrayLike<number>;
  /** Channels per pixel: 4 (RGBA) or 3 (a decoded GIF's RGB canvas). */
  channels?: number;
}

export interface Comparison {
  /** Mean absolute difference per channel (RGB, and alpha where both have it) over the image. */
  mean: number;
  /** The largest mean absolute difference per channel over one square's box, and which square. */
  worstSquare: number;
  worstSquareIndex: number;
  /** Pixels inside quiet squares (inset 3 px) that differ in any channel; how many were compared. */
  quietDiffering: number;
  quietCompared: number;
}

/** Distance from point p to segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

/** Compare two paintings (same width) of `spec` drawn at `size` and placed by `at` (pixel = t + unit * k). */
export function compareDiagram(spec: DiagramSpec, size: number, at: Placement, width: number, a: Image, b: Image): Comparison {
  const L = diagramLayout(spec.board, { size });
  const ca = a.channels ?? 4, cb = b.channels ?? 4;
  const channels = ca === 4 && cb === 4 ? 4 : 3;
  const n = Math.min(a.pixels.length / ca, b.pixels.length / cb);
  const diff = (p: number) => {
    let d = 0;
    for (let c = 0; c < channels; c++) d += Math.abs(a.pixels[p * ca + c] - b.pixels[p * cb + c]);
    return d;
  };
  let total = 0;
  for (let p = 0; p < n; p++) total += diff(p);
  const height = Math.floor(n / width);
  const squares = spec.board.reduce((x, y) => x * y, 1);
  const drawn = new Set<number>([
    ...spec.pieces.map((p) => p.square),
    ...(spec.numbers ?? []).map((x) => x.square),
    ...(spec.marks ?? []).map((m) => m.square),
  ]);
  const path = spec.path ?? [];
  const pairs: [number, number][] = [];
  for (let i = 1; i < path.length; i++) pairs.push([path[i - 1], path[i]]);
  if (spec.closed && path.length > 2) pairs.push([path[path.length - 1], path[0]]);
  let worstSquare = 0, worstSquareIndex = -1, quietDiffering = 0, quietCompared = 0;
  for (let sq = 0; sq < squares; sq++) {
    const [ux, uy] = L.corner(sq);
    const x0 = Math.max(0, Math.floor(at.tx + ux * at.k)), y0 = Math.max(0, Math.floor(at.ty + uy * at.k));
    const x1 = Math.min(width, Math.ceil(at.tx + (ux + S) * at.k)), y1 = Math.min(height, Math.ceil(at.ty + (uy + S) * at.k));
    let sum = 0, count = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++, count++) sum += diff(y * width + x);
    const mean = count ? sum / (count * channels) : 0;
    if (mean > worstSquare) [worstSquare, worstSquareIndex] = [mean, sq];
    // Quiet: nothing on the square and every path line (and the start's dot) out of reach of its inset box.
    if (drawn.has(sq)) continue;
    const [cx, cy] = L.centre(sq);
    const reach = S / 2 + PATH_STYLE.dot + 3 / at.k;
    const near = pairs.some(([p, q]) => {
      const [ax, ay] = L.centre(p), [bx, by] = L.centre(q);
      return segmentDistance(cx, cy, ax, ay, bx, by) < reach * Math.SQRT2;
    }) || (path.length > 0 && Math.hypot(L.centre(path[0])[0] - cx, L.centre(path[0])[1] - cy) < reach * Math.SQRT2);
    if (near) continue;
    for (let y = y0 + 3; y < y1 - 3; y++) {
      for (let x = x0 + 3; x < x1 - 3; x++) {
        quietCompared++;
        if (diff(y * width + x) !== 0) quietDiffering++;
      }
    }
  }
  return { mean: total / (n * channels), worstSquare, worstSquareIndex, quietDiffering, quietCompared };
}
