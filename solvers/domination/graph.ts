/**
 * The domination graph of a piece on a board as bitsets: for every square v,
 * closed[v] = {v} ∪ (squares v attacks) and open[v] = squares v attacks, each
 * a row of `words` 32-bit words (bit s of the row = square s). Computed once
 * per (piece, board); the search only reads them.
 *
 * The search relies on the attack relation being symmetric (v attacks u iff u
 * attacks v): then the squares that can dominate u are exactly closed[u], and
 * a member can never attack an already dominated-by-independence-rule square
 * without being attacked back. This holds for every rider and leaper on the
 * empty board (the move vectors are closed under negation); the builder checks
 * it and refuses a piece for which it fails.
 */
import type { Board, Piece, Square } from "../types.ts";
import { MAX_SQUARES_DOMINATION } from "./bitset.ts";

export class DominationError extends Error {
  override name = "DominationError";
}

export interface DominationGraph {
  readonly board: Board;
  readonly piece: Piece;
  readonly size: number;
  /** 32-bit words per square set. */
  readonly words: number;
  /** size × words: closed neighbourhoods. */
  readonly closed: Uint32Array;
  /** size × words: open neighbourhoods (attacks only). */
  readonly open: Uint32Array;
  /** Closed neighbourhood lists (CSR, ascending): the squares from which a piece dominates u. */
  readonly closedStart: Int32Array;
  readonly closedAdj: Int32Array;
  /** Open neighbourhood lists (CSR, ascending): the squares from which a piece attacks u. */
  readonly openStart: Int32Array;
  readonly openAdj: Int32Array;
  /** Connected components of the attack graph: component[v] = index into `components`. */
  readonly component: Int32Array;
  /** Squares of each component, ascending; components ordered by their smallest square. */
  readonly components: readonly (readonly Square[])[];
}

export function buildDominationGraph(board: Board, piece: Piece): DominationGraph {
  const size = board.size;
  if (size > MAX_SQUARES_DOMINATION) {
    throw new DominationError(
      `board ${board.dims.join("x")} has ${size} squares; the domination search handles at most ${MAX_SQUARES_DOMINATION}`,
    );
  }
  const words = (size + 31) >>> 5;
  const closed = new Uint32Array(size * words);
  const open = new Uint32Array(size * words);
  const lists: number[][] = [];
  for (let v = 0; v < size; v++) {
    const seen = new Set<number>();
    for (const t of piece.destinations(board, v)) {
      if (t === v) continue;
      seen.add(t);
    }
    const list = [...seen].sort((a, b) => a - b);
    lists.push(list);
    const base = v * words;
    for (const t of list) open[base + (t >>> 5)] |= 1 << (t & 31);
    for (let w = 0; w < words; w++) closed[base + w] = open[base + w];
    closed[base + (v >>> 5)] |= 1 << (v & 31);
  }
  for (let v = 0; v < size; v++) {
    for (const t of lists[v]) {
      if (((open[t * words + (v >>> 5)] >>> (v & 31)) & 1) === 0) {
        throw new DominationError(
          `the attacks of ${piece.id} are not symmetric on ${board.dims.join("x")} (square ${v} attacks ${t}, not back)`,
        );
      }
    }
  }
  const openStart = new Int32Array(size + 1);
  const closedStart = new Int32Array(size + 1);
  for (let v = 0; v < size; v++) {
    openStart[v + 1] = openStart[v] + lists[v].length;
    closedStart[v + 1] = closedStart[v] + lists[v].length + 1;
  }
  const openAdj = new Int32Array(openStart[size]);
  const closedAdj = new Int32Array(closedStart[size]);
  for (let v = 0; v < size; v++) {
    openAdj.set(lists[v], openStart[v]);
    const withSelf = [...lists[v], v].sort((a, b) => a - b);
    closedAdj.set(withSelf, closedStart[v]);
  }
  const component = new Int32Array(size).fill(-1);
  const components: Square[][] = [];
  const queue = new Int32Array(size);
  for (let s = 0; s < size; s++) {
    if (component[s] >= 0) continue;
    const id = components.length;
    const members: Square[] = [];
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    component[s] = id;
    while (head < tail) {
      const v = queue[head++];
      members.push(v);
      for (let e = openStart[v]; e < openStart[v + 1]; e++) {
        const t = openAdj[e];
        if (component[t] < 0) {
          component[t] = id;
          queue[tail++] = t;
        }
      }
    }
    members.sort((a, b) => a - b);
    components.push(members);
  }
  return { board, piece, size, words, closed, open, closedStart, closedAdj, openStart, openAdj, component, components };
}

/** Does the piece on `from` attack `to` (empty board)? */
export function attacks(g: DominationGraph, from: Square, to: Square): boolean {
  return ((g.open[from * g.words + (to >>> 5)] >>> (to & 31)) & 1) === 1;
}

/** Number of squares a piece on v dominates (itself included). */
export function closedSize(g: DominationGraph, v: Square): number {
  return g.closedStart[v + 1] - g.closedStart[v];
}
