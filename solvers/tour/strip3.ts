/**
 * Closed knight's tours of long 3×n strips (n even). Block joins by one edge
 * swap are impossible across a 3-high border (checked exhaustively on every
 * closed tour of 3×10 and 3×12 in every mirror image), so the cycle is built
 * from a left end block, k equal middle blocks and a right end block:
 *
 *   each middle block is covered by two disjoint paths, P from a left entry
 *   p_in to a right exit p_out and Q from a right entry q_in to a left exit
 *   q_out, with p_out one knight move from the next block's p_in and the next
 *   block's q_out one move from q_in; the left end block has a Hamiltonian
 *   path u → v with v next to the first p_in and u next to the first q_out;
 *   the right end block a path r → s with r next to the last p_out and s next
 *   to the last q_in. The cycle runs u→v, P, P, .., r→s, Q, Q, .., back to u.
 *
 * The pieces are found by the exact engine (a few dozen squares each) once per
 * process; a two-path cover is a Hamiltonian path p_in → q_out through an extra
 * vertex joined only to p_out and q_in, taken in that direction. Linear in n.
 */
import type { Graph } from "../types.ts";
import { makeBoard } from "../board/board.ts";
import { enumerateHamiltonianPaths, findHamiltonianPath } from "../hamiltonian/engine.ts";
import { fromLists } from "../graph/graph.ts";
import { leaperGraph } from "./graph.ts";

const H = 3;
const knightAdj = (ax: number, ay: number, bx: number, by: number) => {
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  return (dx === 1 && dy === 2) || (dx === 2 && dy === 1);
};

interface Middle {
  w: number;
  /** Local squares (x + w·y). */
  P: number[];
  Q: number[];
}

interface Plan {
  middle: Middle;
  /** Left end paths by width, right end paths by width (local squares, in cycle order). */
  left: Map<number, number[]>;
  right: Map<number, number[]>;
}

function withExtra(g: Graph, a: number, b: number): Graph {
  const lists: number[][] = [];
  for (let v = 0; v < g.order; v++) lists.push(Array.from(g.adj.subarray(g.start[v], g.start[v + 1])));
  const x = g.order;
  lists[a].push(x);
  lists[b].push(x);
  lists.push([a, b]);
  return fromLists(lists);
}

function findMiddle(w: number): Middle | null {
  const g = leaperGraph(makeBoard([w, H]), [1, 2]);
  const sq = (x: number, y: number) => x + w * y;
  const leftCols: [number, number][] = [];
  const rightCols: [number, number][] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < 2; x++) leftCols.push([x, y]);
    for (let x = w - 2; x < w; x++) rightCols.push([x, y]);
  }
  for (const [pix, piy] of leftCols) {
    for (const [pox, poy] of rightCols) {
      if (!knightAdj(pox, poy, pix + w, piy)) continue;
      for (const [qox, qoy] of leftCols) {
        for (const [qix, qiy] of rightCols) {
          if (!knightAdj(qox + w, qoy, qix, qiy)) continue;
          const pin = sq(pix, piy), pout = sq(pox, poy), qin = sq(qix, qiy), qout = sq(qox, qoy);
          if (new Set([pin, pout, qin, qout]).size < 4) continue;
          const gx = withExtra(g, pout, qin);
          const { paths } = enumerateHamiltonianPaths(gx, { start: pin, end: qout, limit: 64, maxNodes: 200_000 });
          for (const p of paths) {
            const i = p.indexOf(g.order);
            if (p[i - 1] === pout && p[i + 1] === qin) return { w, P: p.slice(0, i), Q: p.slice(i + 1) };
          }
        }
      }
    }
  }
  return null;
}

/** Hamiltonian path of the 3×a block from a square next to `uNear` to a square next to `vNear` (global-relative coordinates given by the caller). */
function endPath(a: number, startOk: (x: number, y: number) => boolean, endOk: (x: number, y: number) => boolean): number[] | null {
  const g = leaperGraph(makeBoard([a, H]), [1, 2]);
  for (let s = 0; s < a * H; s++) {
    if (!startOk(s % a, Math.floor(s / a))) continue;
    for (let e = 0; e < a * H; e++) {
      if (e === s || !endOk(e % a, Math.floor(e / a))) continue;
      const r = findHamiltonianPath(g, { start: s, end: e, maxNodes: 200_000 });
      if (r.path) return r.path;
    }
  }
  return null;
}

let plan: Plan | null | undefined;

function makePlan(): Plan | null {
  for (const w of [4, 6, 8, 10]) {
    const m = findMiddle(w);
    if (!m) continue;
    const xy = (s: number) => [s % w, Math.floor(s / w)] as const;
    const [pix, piy] = xy(m.P[0]);
    const [qox, qoy] = xy(m.Q[m.Q.length - 1]);
    const [pox, poy] = xy(m.P[m.P.length - 1]);
    const [qix, qiy] = xy(m.Q[0]);
    const left = new Map<number, number[]>();
    const right = new Map<number, number[]>();
    for (let a = 3; a <= 14; a++) {
      // Left block occupies x = 0..a-1; the first middle starts at x = a. The cycle enters it at u from q_out and leaves at v to p_in.
      const p = endPath(a, (x, y) => knightAdj(x, y, qox + a, qoy), (x, y) => knightAdj(x, y, pix + a, piy));
      if (p) left.set(a, p);
      // Right block at x = 0..a-1 locally; the last middle sits at x = -w..-1.
      const r = endPath(a, (x, y) => knightAdj(x, y, pox - w, poy), (x, y) => knightAdj(x, y, qix - w, qiy));
      if (r) right.set(a, r);
    }
    // Every even residue of a + b modulo w must be reachable.
    const residues = new Set<number>();
    for (const a of left.keys()) for (const b of right.keys()) if ((a + b) % 2 === 0) residues.add((a + b) % w);
    let all = true;
    for (let r = 0; r < w; r += 2) if (!residues.has(r)) all = false;
    if (all) return { middle: m, left, right };
  }
  return null;
}

/** A closed tour of the L×3 board (square = x + L·y) for even L ≥ 40, or null if the plan has no pieces for L. */
export function strip3Cycle(L: number): Int32Array | null {
  if (plan === undefined) plan = makePlan();
  if (!plan) return null;
  const { middle: m, left, right } = plan;
  const w = m.w;
  for (const [a, lp] of left) {
    for (const [b, rp] of right) {
      const rest = L - a - b;
      if (rest < w || rest % w) continue;
      const k = rest / w;
      const order: number[] = [];
      const at = (x0: number, bw: number, s: number) => x0 + (s % bw) + L * Math.floor(s / bw);
      for (const s of lp) order.push(at(0, a, s));
      for (let i = 0; i < k; i++) for (const s of m.P) order.push(at(a + i * w, w, s));
      for (const s of rp) order.push(at(a + k * w, b, s));
      for (let i = k - 1; i >= 0; i--) for (const s of m.Q) order.push(at(a + i * w, w, s));
      return Int32Array.from(order);
    }
  }
  return null;
}
