/**
 * The enumeration space of a maximality proof by the booklet's free-squares
 * method (shared/sources/000, lines 869-905): fix the start, make every other
 * square a man except a chosen set of empty squares, and decide the position.
 *
 * What each kind has to rule out, for a claim of L moves:
 *
 * - dual-free: a dual-free sequence longer than L, i.e. a position of start +
 *   j men, j >= L + 1, whose induced graph has exactly one Hamiltonian path
 *   from the start. Uniqueness is not monotone in the men (adding or removing a
 *   man can create or destroy a second solution), so every j >= L + 1 is needed.
 * - open: a simple path of more than L moves on the empty board. A path of
 *   L + 1 + t moves starts with a path of exactly L + 1 moves (drop its last t
 *   squares), whose squares form a set of L + 2 squares containing its start
 *   with a Hamiltonian path from the start in the induced graph. So it is
 *   enough to show that no start + (L + 1) men has a Hamiltonian path.
 * - closed: a cycle with more than L moves before the return (L + 1 squares is
 *   the claim: a leap out and back is 1). Cycles do not shorten to cycles, so
 *   every cycle size j + 1 >= L + 2 is needed: start + j men, j >= L + 1, with a
 *   Hamiltonian cycle through the start.
 *
 * Reductions, each exact:
 *
 * - Starts: one square per symmetry orbit (canonicalSquares). A board symmetry
 *   maps leaper moves to leaper moves, so it maps positions, paths and cycles
 *   from a square to those from its image, one to one.
 * - Component: a man outside the start's connected component of the leaper
 *   graph on the empty board can never be reached from the start (the induced
 *   graph of a position is a subgraph of that graph), so such a position has no
 *   Hamiltonian path or cycle through the start at all (test C would reject
 *   it). Only men sets inside the component remain: with m = component size
 *   - 1 candidate squares, start + j men is the choice of k' = m - j empty
 *   squares among the m candidates. In the booklet's terms, k = S - 1 - j empty
 *   squares on the whole board of S squares, of which S - 1 - m are forced to
 *   be outside the component, so k' = k - (S - 1 - m).
 *
 * Global order: start (canonical squares in increasing order), then k' = 0, 1,
 * 2, … (the booklet's order "from the right": fewest empty squares first), then
 * the colex rank of the set of empty squares among the candidates (candidates
 * sorted by square index). Block (start, k') holds C(m, k') positions; the
 * total T is their sum.
 */
import type { Board, Graph, Square } from "../../types.ts";
import { makeBoard } from "../../board/board.ts";
import { canonicalSquares } from "../../board/symmetry.ts";
import { squareName } from "../../board/squares.ts";
import { boardGraph } from "../../graph/graph.ts";
import { leaper } from "../../pieces/leaper.ts";
import { binomial, binomialBig, MAX_BINOMIAL_N } from "../../proof/combinations.ts";

export type ProofKind = "dual-free" | "open" | "closed";
export const PROOF_KINDS: readonly ProofKind[] = ["dual-free", "open", "closed"];

export interface StartSpace {
  start: Square;
  /** Candidate squares for men: the start's component without the start, increasing. */
  candidates: Int32Array;
  /** Empty squares within the component: k' from kMin to kMax (kMax < kMin: nothing to enumerate). */
  kMin: number;
  kMax: number;
  /** Positions from this start (exact). */
  positions: bigint;
}

export interface ProofBlock {
  /** Index into space.starts. */
  startIndex: number;
  start: Square;
  /** Empty squares among the candidates. */
  k: number;
  /** Men: candidates.length - k. */
  men: number;
  /** C(m, k) positions. */
  count: number;
  /** Global index of the block's first position. */
  offset: number;
}

export interface ProofSpace {
  kind: ProofKind;
  leap: [number, number];
  board: Board;
  claimed: number;
  /** The leaper's graph on the empty board (vertex = square). */
  graph: Graph;
  starts: StartSpace[];
  /** Non-empty blocks in global order (only when the total is indexable). */
  blocks: ProofBlock[];
  /** Total positions, exact. */
  totalBig: bigint;
  /** Total positions as a number: exact when indexable. */
  total: number;
  /** totalBig < 2^53: global indices are exact doubles. */
  indexable: boolean;
}

export class ProofSpaceError extends Error {
  override name = "ProofSpaceError";
}

/** Squares reachable from s on the empty board, s excluded, increasing. */
export function componentCandidates(g: Graph, s: Square): Int32Array {
  const seen = new Uint8Array(g.order);
  const queue = new Int32Array(g.order);
  let head = 0;
  let tail = 0;
  seen[s] = 1;
  queue[tail++] = s;
  while (head < tail) {
    const v = queue[head++];
    for (let e = g.start[v]; e < g.start[v + 1]; e++) {
      const w = g.adj[e];
      if (!seen[w]) {
        seen[w] = 1;
        queue[tail++] = w;
      }
    }
  }
  const out: number[] = [];
  for (let v = 0; v < g.order; v++) if (seen[v] && v !== s) out.push(v);
  return Int32Array.from(out);
}

/** Range of k' (empty squares among m candidates) the kind needs for a claim of L. */
export function emptyRange(kind: ProofKind, m: number, claimed: number): [number, number] {
  // Men j >= L + 1 (dual-free, closed) or j = L + 1 (open); k' = m - j.
  const kMax = m - claimed - 1;
  const kMin = kind === "open" ? kMax : 0;
  return [kMin, kMax];
}

export function buildSpace(kind: ProofKind, leap: readonly [number, number], dims: readonly number[], claimed: number): ProofSpace {
  if (!PROOF_KINDS.includes(kind)) throw new ProofSpaceError(`kind ${kind} has no maximality proof (only ${PROOF_KINDS.join(", ")})`);
  if (!Number.isInteger(claimed) || claimed < 0) throw new ProofSpaceError(`claimed value ${claimed} is not a non-negative integer`);
  const board = makeBoard(dims);
  const piece = leaper(leap[0], leap[1]);
  const graph = boardGraph(board, piece);
  const starts: StartSpace[] = [];
  let totalBig = 0n;
  for (const s of canonicalSquares(board)) {
    const candidates = componentCandidates(graph, s);
    const m = candidates.length;
    const [kMin, kMax] = emptyRange(kind, m, claimed);
    let positions = 0n;
    for (let k = Math.max(0, kMin); k <= kMax; k++) positions += binomialBig(m, k);
    if (positions > 0n && m > MAX_BINOMIAL_N) {
      throw new ProofSpaceError(`component of ${m + 1} squares is above the ${MAX_BINOMIAL_N + 1} the ranking supports`);
    }
    starts.push({ start: s, candidates, kMin: Math.max(0, kMin), kMax, positions });
    totalBig += positions;
  }
  const indexable = totalBig < 2n ** 53n;
  const blocks: ProofBlock[] = [];
  if (indexable) {
    let offset = 0;
    starts.forEach((st, startIndex) => {
      const m = st.candidates.length;
      for (let k = st.kMin; k <= st.kMax; k++) {
        const count = binomial(m, k);
        if (count === 0) continue;
        blocks.push({ startIndex, start: st.start, k, men: m - k, count, offset });
        offset += count;
      }
    });
    if (offset !== Number(totalBig)) throw new ProofSpaceError("internal: block sizes do not add up to the total");
  }
  return { kind, leap: [leap[0], leap[1]], board, claimed, graph, starts, blocks, totalBig, total: Number(totalBig), indexable };
}

/** The block holding global index i (0 <= i < total). */
export function blockAt(space: ProofSpace, i: number): number {
  const b = space.blocks;
  let lo = 0;
  let hi = b.length - 1;
  if (!(i >= 0 && i < space.total)) throw new ProofSpaceError(`index ${i} outside 0..${space.total - 1}`);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (b[mid].offset <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** What the proof shows, in words. */
export function statement(kind: ProofKind, claimed: number): string {
  if (kind === "dual-free") return `no dual-free sequence longer than ${claimed}`;
  if (kind === "open") return `no open path longer than ${claimed} moves`;
  return `no closed tour longer than ${claimed} moves`;
}

/** The space per start, in words and numbers, for certificates (and for re-deriving T from a record). */
export function describeSpace(space: ProofSpace): { start: string; component: number; men: [number, number] | null; positions: string }[] {
  return space.starts.map((st) => {
    const m = st.candidates.length;
    const some = st.kMax >= st.kMin;
    return {
      start: squareName(space.board, st.start),
      component: m + 1,
      men: some ? [m - st.kMax, m - st.kMin] as [number, number] : null,
      positions: st.positions.toString(),
    };
  });
}
