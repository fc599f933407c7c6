/**
 * Leaper graphs for tours, built straight into typed arrays. The general
 * moveGraph (graph/graph.ts) asks the piece for every square's destinations and
 * allocates a list per square: fine for 8x8, too slow for a 1000x1000 board
 * (a million squares). Here the move vectors are turned once into index offsets
 * and each square only checks its coordinates against the board's edges.
 * Vertex = square index (board/board.ts), in any number of dimensions.
 */
import type { Board, Graph } from "../types.ts";
import { leapVectors } from "../pieces/leaper.ts";

/** The graph of the leaper [x,y] on every square of the board. */
export function leaperGraph(board: Board, leap: readonly [number, number]): Graph {
  const d = board.dims.length;
  const vecs = leapVectors(leap, d);
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

/** Is `to - from` a move of the leaper on this board (both squares on it)? */
export function isLeap(board: Board, leap: readonly [number, number], from: number, to: number): boolean {
  if (from < 0 || to < 0 || from >= board.size || to >= board.size) return false;
  let a = from;
  let b = to;
  const diffs: number[] = [];
  for (const side of board.dims) {
    diffs.push(Math.abs((b % side) - (a % side)));
    a = Math.floor(a / side);
    b = Math.floor(b / side);
  }
  const nonzero = diffs.filter((x) => x !== 0).sort((p, q) => p - q);
  const [x, y] = leap;
  if (x === 0) return nonzero.length === 1 && nonzero[0] === y;
  return nonzero.length === 2 && nonzero[0] === x && nonzero[1] === y;
}
