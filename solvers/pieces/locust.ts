/**
 * Locusts: hoppers that capture. Booklet part II, chapter 4 (shared/sources/
 * 000_f7bf65ff92730977.txt lines 4307-4313): the locust jumps like the
 * grasshopper, but only over men of the other colour; the man jumped over is
 * removed, and the move is impossible when the square behind it is not free.
 * Along its line the locust may pass any number of empty squares first (the
 * rook-locust record No. 58 opens 1.RL:b3-b4 from b1 over an empty b2,
 * line 4399).
 *
 * The four locusts move along the lines of the matching rider:
 *   locust            queen lines,
 *   rook-locust       rook lines,
 *   bishop-locust     bishop lines,
 *   nightrider-locust knight-step lines (the nightrider's).
 * In d dimensions the rook, bishop and queen lines are those of rider.ts (the
 * multi-dimensional proposal, shared/sources/003) and the knight steps those of
 * leapVectors([1,2], d), so nothing here assumes a 2-D board.
 *
 * Hot loops use a LineTable: for every square and every direction the squares
 * of the ray from it to the edge, flattened into one Int32Array, and an
 * occupancy byte array (0 empty, MAN enemy man, BLOCK anything that is not
 * capturable). capturesInto() writes moves into caller-owned buffers, so a
 * search allocates nothing per node.
 */
import type { Board, Piece, Square, Vector } from "../types.ts";
import { coordsOf } from "../board/board.ts";
import { leapVectors, PieceError } from "./leaper.ts";
import { rider } from "./rider.ts";

export type LocustKind = "locust" | "rook-locust" | "bishop-locust" | "nightrider-locust";
export const LOCUST_KINDS: readonly LocustKind[] = ["locust", "rook-locust", "bishop-locust", "nightrider-locust"];

/** Occupancy codes of the byte arrays the locust functions read. */
export const EMPTY = 0;
/** An enemy man: the locust may capture it. */
export const MAN = 1;
/** Any other occupant (own piece, neutral blocker): the locust may not jump it. */
export const BLOCK = 2;

const NAMES: Record<LocustKind, { name: string; nameCs: string; symbol: string }> = {
  // Notation as printed in the booklet's solutions: LO, RL, BL, NL (lines 4369, 4399, 4471).
  "locust": { name: "Locust", nameCs: "locust (saranče)", symbol: "LO" },
  "rook-locust": { name: "Rook-Locust", nameCs: "rook-locust", symbol: "RL" },
  "bishop-locust": { name: "Bishop-Locust", nameCs: "bishop-locust", symbol: "BL" },
  "nightrider-locust": { name: "Nightrider-Locust", nameCs: "nightrider-locust", symbol: "NL" },
};

export function isLocustKind(s: string): s is LocustKind {
  return (LOCUST_KINDS as readonly string[]).includes(s);
}

export function parseLocustKind(s: string): LocustKind {
  const t = s.trim().toLowerCase().replace(/[ _]/g, "-");
  const alias: Record<string, LocustKind> = {
    "lo": "locust",
    "queen-locust": "locust",
    "rl": "rook-locust",
    "rooklocust": "rook-locust",
    "bl": "bishop-locust",
    "bishoplocust": "bishop-locust",
    "nl": "nightrider-locust",
    "nightriderlocust": "nightrider-locust",
  };
  const k = alias[t] ?? t;
  if (!isLocustKind(k)) throw new PieceError(`unknown locust "${s}": expected locust, rook-locust, bishop-locust or nightrider-locust`);
  return k;
}

/** Direction vectors of the locust's lines in `dims` dimensions (closed under negation). */
export function locustLines(kind: LocustKind, dims: number): Vector[] {
  switch (kind) {
    case "locust":
      return rider("queen").directions(dims);
    case "rook-locust":
      return rider("rook").directions(dims);
    case "bishop-locust":
      return rider("bishop").directions(dims);
    case "nightrider-locust":
      if (dims < 2) return [];
      return leapVectors([1, 2], dims);
  }
}

/**
 * Rays of a locust on a board: for square s and direction i the squares
 * s+v, s+2v, .. up to the edge are ray[off[s*dirs+i] .. off[s*dirs+i+1]).
 */
export interface LineTable {
  readonly board: Board;
  readonly kind: LocustKind;
  readonly dirs: number;
  readonly off: Int32Array;
  readonly ray: Int32Array;
}

const tableCache = new WeakMap<Board, Map<LocustKind, LineTable>>();

export function lineTable(board: Board, kind: LocustKind): LineTable {
  let byKind = tableCache.get(board);
  if (!byKind) tableCache.set(board, byKind = new Map());
  const hit = byKind.get(kind);
  if (hit) return hit;
  const d = board.dims.length;
  const vs = locustLines(kind, d);
  const dirs = vs.length;
  const off = new Int32Array(board.size * dirs + 1);
  const squares: number[] = [];
  for (let s = 0; s < board.size; s++) {
    const c = coordsOf(board, s);
    for (let i = 0; i < dirs; i++) {
      off[s * dirs + i] = squares.length;
      const pos = c.slice();
      for (;;) {
        let sq = 0;
        let inside = true;
        for (let k = 0; k < d; k++) {
          pos[k] += vs[i][k];
          if (pos[k] < 0 || pos[k] >= board.dims[k]) {
            inside = false;
            break;
          }
          sq += pos[k] * board.strides[k];
        }
        if (!inside) break;
        squares.push(sq);
      }
    }
  }
  off[board.size * dirs] = squares.length;
  const t: LineTable = { board, kind, dirs, off, ray: Int32Array.from(squares) };
  byKind.set(kind, t);
  return t;
}

/** Longest ray length: the size buffers for capturesInto need per call is `dirs`. */
export function maxCaptures(t: LineTable): number {
  return t.dirs;
}

/**
 * The captures of a locust on `from`: for each line, the first occupied square
 * must hold a MAN and the next square on that line must exist and be EMPTY.
 * Writes captured squares to man[base..] and landing squares to land[base..];
 * returns how many (at most t.dirs). The locust's own square is never on its
 * rays, so occ[from] does not matter.
 */
export function capturesInto(t: LineTable, from: Square, occ: Uint8Array, man: Int32Array, land: Int32Array, base = 0): number {
  const off = t.off;
  const ray = t.ray;
  let n = 0;
  const o = from * t.dirs;
  for (let i = 0; i < t.dirs; i++) {
    const end = off[o + i + 1];
    for (let p = off[o + i]; p < end; p++) {
      const sq = ray[p];
      const v = occ[sq];
      if (v === EMPTY) continue;
      if (v === MAN && p + 1 < end && occ[ray[p + 1]] === EMPTY) {
        man[base + n] = sq;
        land[base + n] = ray[p + 1];
        n++;
      }
      break;
    }
  }
  return n;
}

/** Can a man on `sq` ever be captured: is there a line with squares on both sides of it? */
export function everCapturable(t: LineTable, sq: Square): boolean {
  // The locust arrives along one side of the line (at least one square there) and
  // lands on the first square of the other side, so both rays must be nonempty.
  const o = sq * t.dirs;
  const opp = oppositeDirs(t);
  for (let i = 0; i < t.dirs; i++) {
    const j = opp[i];
    if (t.off[o + i + 1] > t.off[o + i] && t.off[o + j + 1] > t.off[o + j]) return true;
  }
  return false;
}

const oppositeCache = new WeakMap<LineTable, Int32Array>();

/** opp[i] = index of the direction -v_i. */
export function oppositeDirs(t: LineTable): Int32Array {
  let opp = oppositeCache.get(t);
  if (opp) return opp;
  const vs = locustLines(t.kind, t.board.dims.length);
  opp = new Int32Array(vs.length).fill(-1);
  for (let i = 0; i < vs.length; i++) {
    for (let j = 0; j < vs.length; j++) {
      if (vs[i].every((x, k) => x === -vs[j][k])) opp[i] = j;
    }
  }
  oppositeCache.set(t, opp);
  return opp;
}

export interface Locust extends Piece {
  readonly kind: "locust";
  readonly locust: LocustKind;
  lines(dims: number): Vector[];
}

/**
 * A locust as a Piece. destinations() returns landing squares; in `occupied`
 * the value 1 (MAN) marks enemy men and any other nonzero value a man it may
 * not capture. Without `occupied` the board is empty and there is no move.
 */
export function locust(kind: LocustKind): Locust {
  const names = NAMES[kind];
  if (!names) throw new PieceError(`unknown locust "${kind}"`);
  return {
    kind: "locust",
    locust: kind,
    id: kind,
    name: names.name,
    nameCs: names.nameCs,
    symbol: names.symbol,
    lines: (dims: number) => locustLines(kind, dims),
    destinations(board: Board, from: Square, occupied?: Uint8Array): Square[] {
      if (!occupied) return [];
      const t = lineTable(board, kind);
      const man = new Int32Array(t.dirs);
      const land = new Int32Array(t.dirs);
      const n = capturesInto(t, from, occupied, man, land);
      return Array.from(land.subarray(0, n));
    },
  };
}

/** The booklet's notation symbol of each locust (LO, RL, BL, NL). */
export const NAMES_FOR_CLI: Record<LocustKind, string> = {
  "locust": NAMES["locust"].symbol,
  "rook-locust": NAMES["rook-locust"].symbol,
  "bishop-locust": NAMES["bishop-locust"].symbol,
  "nightrider-locust": NAMES["nightrider-locust"].symbol,
};
