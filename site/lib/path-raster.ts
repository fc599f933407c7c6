/**
 * The painter's own rasterizer of a diagram's path (painter.ts): segments
 * stroked as round-capped capsules at PATH_STYLE.opacity, the dashed jumps
 * between layers as one capsule per dash, and the start's dot.
 */
import { PATH_STYLE } from "./diagram-svg.ts";
import type { Pixels, Rect } from "./painter.ts";

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** Coverage of the pixel (px, py) by the capsule around segment a-b of radius r (pixel units). */
function capsuleCoverage(px: number, py: number, ax: number, ay: number, bx: number, by: number, r: number): number {
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px, ey = ay + t * dy - py;
  // The pixel as a box one wide across the line: how much of [d - 0.5, d + 0.5] lies within [-r, r]
  // (r + 0.5 - d at an edge, 1 inside a wide line, 2r across a line thinner than a pixel).
  const d = Math.sqrt(ex * ex + ey * ey);
  const c = Math.min(d + 0.5, r) - Math.max(d - 0.5, -r);
  return c <= 0 ? 0 : c >= 1 ? 1 : c;
}

export let coverage = new Float32Array(0);

/**
 * Segments (pixel coordinates) stroked as one path over dst inside the clip:
 * round-capped, at PATH_STYLE.opacity, where they overlap painted once.
 */
export function strokeSegments(dst: Pixels, segs: number[][], k: number, clip: Rect): void {
  const r = (PATH_STYLE.width / 2) * k;
  const n = clip.w * clip.h;
  if (coverage.length < n) coverage = new Float32Array(n);
  coverage.fill(0, 0, n);
  let any = false;
  for (const [ax, ay, bx, by] of segs) {
    const x0 = Math.max(clip.x, Math.floor(Math.min(ax, bx) - r - 1)), x1 = Math.min(clip.x + clip.w, Math.ceil(Math.max(ax, bx) + r + 1));
    const y0 = Math.max(clip.y, Math.floor(Math.min(ay, by) - r - 1)), y1 = Math.min(clip.y + clip.h, Math.ceil(Math.max(ay, by) + r + 1));
    // On each row, only pixels whose centre is within r + 0.5 of the segment's line can be covered:
    // the line crosses the row's centre at xc, and that band is (r + 0.5) * len / |dy| wide each side.
    const dx = bx - ax, dy = by - ay;
    const band = Math.abs(dy) > 1e-9 ? ((r + 0.5) * Math.sqrt(dx * dx + dy * dy)) / Math.abs(dy) + 1 : Infinity;
    for (let y = y0; y < y1; y++) {
      let from = x0, to = x1;
      if (band !== Infinity) {
        const xc = ax + ((y + 0.5 - ay) * dx) / dy;
        from = Math.max(x0, Math.floor(xc - band));
        to = Math.min(x1, Math.ceil(xc + band));
      }
      for (let x = from, i = (y - clip.y) * clip.w + (from - clip.x); x < to; x++, i++) {
        const c = capsuleCoverage(x + 0.5, y + 0.5, ax, ay, bx, by, r);
        if (c > coverage[i]) {
          coverage[i] = c;
          any = true;
        }
      }
    }
  }
  const [cr, cg, cb] = hex(PATH_STYLE.colour);
  const d = dst.pixels;
  if (any) {
    for (let y = 0; y < clip.h; y++) {
      for (let x = 0, i = y * clip.w, o = ((clip.y + y) * dst.width + clip.x) * 4; x < clip.w; x++, i++, o += 4) {
        const c = coverage[i];
        if (c === 0) continue;
        const a = c * PATH_STYLE.opacity, inv = 1 - a;
        d[o] = Math.round(cr * a + d[o] * inv);
        d[o + 1] = Math.round(cg * a + d[o + 1] * inv);
        d[o + 2] = Math.round(cb * a + d[o + 2] * inv);
        d[o + 3] = Math.round(255 * a + d[o + 3] * inv);
      }
    }
  }
}

/**
 * The dashes of segment a-b (units) as segments of their own: the pattern
 * PATH_STYLE.dash on, as much off, started afresh at a (each "M a L b" of
 * diagramSvg's dashed path is a subpath of its own, and SVG restarts the
 * pattern on each), every dash round-capped.
 */
export function dashes(ax: number, ay: number, bx: number, by: number): number[][] {
  const len = Math.hypot(bx - ax, by - ay);
  if (len === 0) return [];
  const ux = (bx - ax) / len, uy = (by - ay) / len, on = PATH_STYLE.dash;
  const out: number[][] = [];
  for (let t = 0; t < len; t += 2 * on) {
    const e = Math.min(len, t + on);
    out.push([ax + ux * t, ay + uy * t, ax + ux * e, ay + uy * e]);
  }
  return out;
}

/** The start's dot (pixel centre) over dst inside the clip. */
export function paintDot(dst: Pixels, dot: [number, number], k: number, clip: Rect): void {
  const [cr, cg, cb] = hex(PATH_STYLE.colour);
  const d = dst.pixels;
  const R = PATH_STYLE.dot * k;
  const [cx, cy] = dot;
  const x0 = Math.max(clip.x, Math.floor(cx - R - 1)), x1 = Math.min(clip.x + clip.w, Math.ceil(cx + R + 1));
  const y0 = Math.max(clip.y, Math.floor(cy - R - 1)), y1 = Math.min(clip.y + clip.h, Math.ceil(cy + R + 1));
  for (let y = y0; y < y1; y++) {
    for (let x = x0, o = (y * dst.width + x0) * 4; x < x1; x++, o += 4) {
      const a = capsuleCoverage(x + 0.5, y + 0.5, cx, cy, cx, cy, R);
      if (a === 0) continue;
      const inv = 1 - a;
      d[o] = Math.round(cr * a + d[o] * inv);
      d[o + 1] = Math.round(cg * a + d[o + 1] * inv);
      d[o + 2] = Math.round(cb * a + d[o + 2] * inv);
      d[o + 3] = Math.round(255 * a + d[o + 3] * inv);
    }
  }
}
