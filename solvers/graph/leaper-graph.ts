/**
 * Leaper graphs, built straight into typed arrays: the one builder every
 * search uses. The general moveGraph (graph.ts) asks the piece for every
 * square's destinations and allocates a list per square: fine for 8x8, too
 * slow for a 1000x1000 board (a million squares). Here the move vectors are
 * turned once into index offsets and each square only checks its coordinates
 * against the board's edges. Vertex = square index (board/board.ts), in any
 * number of dimensions; each square's neighbours in the order of the vectors
 * (by default the piece's own, pieces/leaper.ts, the order boardGraph gives).
 */
import type { Board, Graph } from "../types.ts";
import { leapVectors } from "../pieces/leaper.ts";

/**
 * The graph of the leaper [x,y] on every square of the board. `vectors`
 * orders each square's neighbours where a search's node counts depend on the
 * order it tries the moves in (the magic engine's); they must be the leaper's.
 */
export function leaperGraph(
  board: Board,
  leap: readonly [number, number],
  vectors: readonly (readonly number[])[] = leapVectors(leap, board.dims.length),
): Graph {
  const d = board.dims.length;
  const vecs = vectors;
  const k = vecs.length;
  const flat = new Int32Array(k * d);
  const offset = new Int32Array(k);
  vecs.forEach((v, i) => {
    let o = 0;
    for (let a = 0; a < d; a++) {
      flat[i * d + a] = v[a];
      o += v[a] * board.strides[a];
    }
    offset[i] = o;
  });
  const n = board.size;
  const dims = Int32Array.from(board.dims);
  const c = new Int32Array(d);
  // Two passes over the squares (count, then fill) with an odometer for the coordinates.
  const start = new Int32Array(n + 1);
  const fits = (i: number): boolean => {
    for (let a = 0; a < d; a++) {
      const p = c[a] + flat[i * d + a];
      if (p < 0 || p >= dims[a]) return false;
    }
    return true;
  };
  const advance = (): void => {
    for (let a = 0; a < d; a++) {
      if (++c[a] < dims[a]) return;
      c[a] = 0;
    }
  };
  for (let v = 0; v < n; v++) {
    let cnt = 0;
    for (let i = 0; i < k; i++) if (fits(i)) cnt++;
    start[v + 1] = start[v] + cnt;
    advance();
  }
  const adj = new Int32Array(start[n]);
  c.fill(0);
  for (let v = 0; v < n; v++) {
    let e = start[v];
    for (let i = 0; i < k; i++) if (fits(i)) adj[e++] = v + offset[i];
    advance();
  }
  return { order: n, start, adj };
}
