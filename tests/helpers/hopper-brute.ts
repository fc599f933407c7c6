/**
 * An independent SerienZiel reference for the tests: the four hoppers' hops
 * worked out on coordinates (walk a line to its first man, land just behind
 * it), then a plain breadth-first search counting shortest routes. Shares no
 * code with solvers/hopper/ (no rays, no occupancy arrays).
 */
const LINES: Record<string, [number, number][]> = {
  grasshopper: [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]],
  rookhopper: [[1, 0], [-1, 0], [0, 1], [0, -1]],
  bishophopper: [[1, 1], [1, -1], [-1, 1], [-1, -1]],
  nightriderhopper: [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]],
};

const name = (x: number, y: number) => `${String.fromCharCode(97 + x)}${y + 1}`;
const coords = (s: string): [number, number] => [s.charCodeAt(0) - 97, Number(s.slice(1)) - 1];

/** The squares a hopper on `from` reaches in one hop over the hurdles (square names, 2-D boards up to 26 files). */
export function bruteHops(piece: string, board: readonly number[], hurdles: ReadonlySet<string>, from: string): string[] {
  const [w, h] = board;
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h;
  const out: string[] = [];
  const [fx, fy] = coords(from);
  for (const [dx, dy] of LINES[piece]) {
    let x = fx + dx, y = fy + dy;
    while (on(x, y) && !hurdles.has(name(x, y))) [x, y] = [x + dx, y + dy];
    if (!on(x, y)) continue;
    const [lx, ly] = [x + dx, y + dy];
    if (on(lx, ly) && !hurdles.has(name(lx, ly))) out.push(name(lx, ly));
  }
  return out;
}

/** Shortest distance and number of shortest routes from the start to every square reached (the start: 0 moves, 1 route). */
export function bruteSerienZiel(
  piece: string,
  board: readonly number[],
  start: string,
  hurdles: readonly string[],
): Map<string, { dist: number; count: bigint }> {
  const hs = new Set(hurdles);
  const seen = new Map([[start, { dist: 0, count: 1n }]]);
  let layer = [start];
  while (layer.length > 0) {
    const next: string[] = [];
    for (const s of layer) {
      const here = seen.get(s)!;
      for (const t of bruteHops(piece, board, hs, s)) {
        const there = seen.get(t);
        if (!there) {
          seen.set(t, { dist: here.dist + 1, count: here.count });
          next.push(t);
        } else if (there.dist === here.dist + 1) there.count += here.count;
      }
    }
    layer = next;
  }
  return seen;
}

/** The kind a SerienZiel target stands for: dual-free (one route, and no farther square has one), longest (no square farther), or null. */
export function bruteSerienZielKind(
  reach: Map<string, { dist: number; count: bigint }>,
  target: string,
): "serienziel-dual-free" | "serienziel-longest" | null {
  const t = reach.get(target);
  if (!t) return null;
  const all = [...reach.values()];
  const longest = Math.max(...all.map((v) => v.dist));
  const dualFree = Math.max(...all.filter((v) => v.count === 1n).map((v) => v.dist));
  if (t.count === 1n && t.dist === dualFree) return "serienziel-dual-free";
  return t.dist === longest ? "serienziel-longest" : null;
}
