/**
 * Symmetry reduction of the enumeration (what makes tours "the same").
 *
 * The 16 transformations — the symmetries of the board (8 on a square, 4 on
 * an oblong board) each with or without reversing the numbering (k -> N+1-k)
 * — map magic tours to magic tours when the line targets are invariant
 * (uniform row and column sums on a square board: a rotation swaps rows and
 * columns, a reflection permutes them, reversal turns a sum R of w numbers
 * into w(N+1) - R, which is R again exactly when R is the magic sum).
 *
 * The first and last squares (s, e) of a tour become (g s, g e) under a
 * symmetry g and (g e, g s) when the numbering is reversed as well. Order the
 * pairs by s*N + e. A tour is searched only when its pair is the smallest of
 * its images ("allowed end"); every class contains such a tour (the one whose
 * pair is smallest in the class), so searching these and then merging the
 * finds by canonical form (check.ts) loses no class. A class can be found
 * more than once (when a symmetry fixes the pair), never missed.
 */
import { makeBoard } from "../board/board.ts";
import { symmetries } from "../board/symmetry.ts";

/** Square permutations of the board symmetries (identity first). */
export function boardMaps(width: number, height: number): Int32Array[] {
  return symmetries(makeBoard([width, height])).map((s) => s.map);
}

/** Starts to search: squares that are the smallest of their orbit under the board symmetries. */
export function canonicalStarts(width: number, height: number): number[] {
  const maps = boardMaps(width, height);
  const out: number[] = [];
  for (let s = 0; s < width * height; s++) if (maps.every((m) => m[s] >= s)) out.push(s);
  return out;
}

/** allowed[e] = 1 when (start, e) is the smallest of its images (see above). */
export function allowedEnds(width: number, height: number, start: number): Uint8Array {
  const N = width * height;
  const maps = boardMaps(width, height);
  const out = new Uint8Array(N);
  for (let e = 0; e < N; e++) {
    if (e === start) continue;
    const key = start * N + e;
    let ok = true;
    for (const m of maps) {
      if (m[start] * N + m[e] < key || m[e] * N + m[start] < key) {
        ok = false;
        break;
      }
    }
    if (ok) out[e] = 1;
  }
  return out;
}
