/**
 * What the literature says about domination cells, as claims to compare with
 * (never fed to the search).
 *
 * - Brešar, "Kraljice napadajo", Presek 27 (1999/2000) no. 1, 16-21
 *   (shared/sources/004_ee78d25e230151c2.txt): five queens dominate 8x8 and
 *   four cannot (checked over all 635,376 = C(64,4) placements); five queens
 *   suffice on 9x9, 10x10 and 11x11 (an upper bound as stated); at least 8 rooks
 *   are needed on 8x8.
 * - The OEIS entries A075458 (gamma of the n×n queen graph), A002564 (number
 *   of minimum dominating sets of queens), A002568 (with non-attacking queens),
 *   A002566 (with every queen attacking another: total domination), as read
 *   from the OEIS pages; the terms there come from Ahrens (1910) and later
 *   computations (Kearse and Gibbons 2001, and others named in the entries);
 *   A261752 (total domination number of the knight graph) and A006076 (minimum
 *   knight dominating sets up to symmetry), likewise read from the OEIS pages.
 */
import type { DominationKind } from "./types.ts";
import type { DominationPieceName } from "./pieces.ts";

export interface GammaClaim {
  value: number;
  bound: "exact" | "upper";
  author: string | null;
  publication: string | null;
  year: number | null;
  source?: { file: string; line?: number; lines?: [number, number] };
  url?: string;
  note?: string;
}

export interface ClassesClaim {
  value: number;
  author: string | null;
  publication: string | null;
  year: number | null;
  url?: string;
  note?: string;
}

export interface CountClaim {
  value: number;
  author: string | null;
  publication: string | null;
  year: number | null;
  url?: string;
  note?: string;
}

const ARTICLE_FILE = "shared/sources/004_ee78d25e230151c2.txt";
const ARTICLE = { author: "Boštjan Brešar", publication: "Kraljice napadajo, Presek 27 (1999/2000), no. 1, pp. 16-21", year: 1999 };

const OEIS_GAMMA_QUEEN = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 12, 13, 13];
const OEIS_COUNT: Partial<Record<DominationKind, { id: string; title: string; values: number[] }>> = {
  dominating: {
    id: "A002564",
    title: "Number of minimum dominating sets in the n X n queen graph",
    values: [1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8, 288],
  },
  independent: {
    id: "A002568",
    title: "Ways to attack all squares of n X n with the smallest number of non-attacking queens",
    values: [1, 4, 1, 16, 16, 120, 8, 728, 92, 8, 2, 840, 24],
  },
  total: {
    id: "A002566",
    title: "Ways to attack all squares of n X n with the smallest number of queens, each attacking another (minimum total dominating sets)",
    values: [0, 6, 20, 12, 70, 960, 22, 352, 10, 216, 4814, 72],
  },
};

/** A261752, offset 4: knights attacking every square of n×n (total domination), n = 4... */
const OEIS_TOTAL_KNIGHT = [6, 7, 8, 10, 14, 18, 22, 25, 28, 32, 36, 43, 48, 54, 58];
/** A006076: minimum knight dominating sets of n×n up to symmetry, n = 1.. */
const OEIS_CLASSES_KNIGHT = [1, 1, 2, 3, 8, 23, 3, 1, 1, 2, 100, 1, 20, 1, 63, 1, 29, 2551];

function square(dims: readonly number[]): number | null {
  return dims.length === 2 && dims[0] === dims[1] ? dims[0] : null;
}

export function gammaClaim(piece: DominationPieceName, kind: DominationKind, dims: readonly number[]): GammaClaim | null {
  const n = square(dims);
  if (n === null) return null;
  if (piece === "knight" && kind === "total" && n >= 4 && n - 4 < OEIS_TOTAL_KNIGHT.length) {
    return {
      value: OEIS_TOTAL_KNIGHT[n - 4],
      bound: "exact",
      author: null,
      publication: "OEIS A261752: Minimum number of knights on an n X n chessboard such that every square is attacked",
      year: null,
      url: "https://oeis.org/A261752",
    };
  }
  if (kind !== "dominating") return null;
  if (piece === "queen" && n === 8) {
    return {
      value: 5,
      bound: "exact",
      ...ARTICLE,
      source: { file: ARTICLE_FILE, lines: [39, 43] },
      note: "five queens suffice (fig. 1); four cannot: the article's program checks all 635,376 = C(64,4) placements of four queens",
    };
  }
  if (piece === "queen" && n >= 9 && n <= 11) {
    return {
      value: 5,
      bound: "upper",
      ...ARTICLE,
      source: { file: ARTICLE_FILE, line: 197 },
      note: "the article says five queens suffice also on 9x9, 10x10 and 11x11",
    };
  }
  if (piece === "rook" && n === 8) {
    return {
      value: 8,
      bound: "exact",
      ...ARTICLE,
      source: { file: ARTICLE_FILE, line: 206 },
      note: "exercise 2: at least 8 rooks are needed on 8x8",
    };
  }
  if (piece === "queen" && n <= OEIS_GAMMA_QUEEN.length) {
    return {
      value: OEIS_GAMMA_QUEEN[n - 1],
      bound: "exact",
      author: null,
      publication: "OEIS A075458: Domination number for queens' graph Q(n)",
      year: null,
      url: "https://oeis.org/A075458",
    };
  }
  return null;
}

export function countClaim(piece: DominationPieceName, kind: DominationKind, dims: readonly number[]): CountClaim | null {
  const n = square(dims);
  if (n === null || piece !== "queen") return null;
  const seq = OEIS_COUNT[kind];
  if (!seq || n > seq.values.length) return null;
  return {
    value: seq.values[n - 1],
    author: null,
    publication: `OEIS ${seq.id}: ${seq.title}`,
    year: null,
    url: `https://oeis.org/${seq.id}`,
  };
}

export function classesClaim(piece: DominationPieceName, kind: DominationKind, dims: readonly number[]): ClassesClaim | null {
  const n = square(dims);
  if (n === null || piece !== "knight" || kind !== "dominating" || n > OEIS_CLASSES_KNIGHT.length) return null;
  return {
    value: OEIS_CLASSES_KNIGHT[n - 1],
    author: null,
    publication: "OEIS A006076: inequivalent minimum knight covers of the n X n board",
    year: null,
    url: "https://oeis.org/A006076",
  };
}
