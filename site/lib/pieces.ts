/**
 * Piece pages: what each family declares (FamilyAdapter.pieces), helpers that
 * describe leapers and riders for any family that uses them, and the maps of
 * a piece on the empty 8x8 board computed with the solvers' move graphs.
 */
import type { Piece, Square } from "../../solvers/types.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { bfsDistances, boardGraph, degree } from "../../solvers/graph/graph.ts";
import { leaper, normaliseLeap } from "../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES } from "../../solvers/pieces/names.ts";
import { king, rider, type RiderKind } from "../../solvers/pieces/rider.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import type { AtlasEntry, Bilingual, FamilyAdapter, PieceInfo } from "./entry.ts";

export function leaperKey(leap: readonly number[]): string {
  const [x, y] = normaliseLeap(leap[0], leap[1]);
  return `leaper-${x}-${y}`;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const NUMBER_WORDS_EN = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

function squaresEn(n: number): string {
  return `${NUMBER_WORDS_EN[n] ?? n} square${n === 1 ? "" : "s"}`;
}
function squaresCs(n: number): string {
  return n === 1 ? "jedno pole" : n >= 2 && n <= 4 ? `${n} pole` : `${n} polí`;
}

/** How an [x,y] leaper moves, in words. */
function leaperAbout(x: number, y: number): Bilingual {
  const tail = {
    en: " It jumps: whatever stands between does not matter.",
    cs: " Skáče: nezáleží na tom, co stojí mezi.",
  };
  if (x === 0) {
    return {
      en: `Leaps ${squaresEn(y)} straight along a file or a rank, in any of the four directions.${tail.en}`,
      cs: `Skáče o ${squaresCs(y)} rovně po sloupci nebo řadě, do kteréhokoli ze čtyř směrů.${tail.cs}`,
    };
  }
  if (x === y) {
    return {
      en: `Leaps ${squaresEn(x)} diagonally, in any of the four directions.${tail.en}`,
      cs: `Skáče o ${squaresCs(x)} šikmo, do kteréhokoli ze čtyř směrů.${tail.cs}`,
    };
  }
  return {
    en: `Leaps ${squaresEn(x)} along one axis and ${
      squaresEn(y)
    } along the other, in any direction: up to eight moves from a square.${tail.en}`,
    cs: `Skáče o ${squaresCs(x)} podél jedné osy a o ${squaresCs(y)} podél druhé, libovolným směrem: z pole až osm tahů.${tail.cs}`,
  };
}

/** Piece page of an [x,y] leaper (named as in solvers/pieces/names.ts). */
export function leaperPieceInfo(leap: readonly number[], accessFrom?: string): PieceInfo {
  const [x, y] = normaliseLeap(leap[0], leap[1]);
  const named = LEAPER_NAMES.find((n) => n.leap[0] === x && n.leap[1] === y);
  const bracket = `[${x},${y}]`;
  return {
    key: leaperKey([x, y]),
    name: {
      en: named ? `${named.name} ${bracket}` : `Leaper ${bracket}`,
      cs: named ? `${cap(named.nameCs ?? named.name)} ${bracket}` : `Skokan ${bracket}`,
    },
    notation: named && !named.symbol.startsWith("(") ? `${bracket} ${named.symbol}` : bracket,
    about: leaperAbout(x, y),
    glyph: `leaper:${x},${y}`,
    piece: leaper(x, y),
    accessFrom,
    order: x * 10 + y,
  };
}

const RIDER_TEXT: Record<RiderKind | "king", { name: Bilingual; about: Bilingual; symbol: string }> = {
  queen: {
    name: { en: "Queen", cs: "Dáma" },
    symbol: "Q",
    about: {
      en: "Moves any number of squares along a file, a rank or a diagonal.",
      cs: "Táhne o libovolný počet polí po sloupci, řadě nebo diagonále.",
    },
  },
  rook: {
    name: { en: "Rook", cs: "Věž" },
    symbol: "R",
    about: { en: "Moves any number of squares along a file or a rank.", cs: "Táhne o libovolný počet polí po sloupci nebo řadě." },
  },
  bishop: {
    name: { en: "Bishop", cs: "Střelec" },
    symbol: "B",
    about: { en: "Moves any number of squares along a diagonal.", cs: "Táhne o libovolný počet polí po diagonále." },
  },
  king: {
    name: { en: "King", cs: "Král" },
    symbol: "K",
    about: { en: "Steps to any neighbouring square.", cs: "Táhne na kterékoli sousední pole." },
  },
};

/** Piece page of an orthodox rider or the king (moves on the empty board). */
export function riderPieceInfo(kind: RiderKind | "king"): PieceInfo {
  const text = RIDER_TEXT[kind];
  return {
    key: kind,
    name: text.name,
    notation: text.symbol,
    about: text.about,
    glyph: kind,
    piece: kind === "king" ? king() : rider(kind),
    order: 100 + ["king", "queen", "rook", "bishop"].indexOf(kind),
  };
}

/** Every piece declared by the families, one per key (the first declaration wins), in order. */
export function allPieces(adapters: readonly FamilyAdapter[]): PieceInfo[] {
  const byKey = new Map<string, PieceInfo>();
  for (const a of adapters) for (const p of a.pieces?.() ?? []) if (!byKey.has(p.key)) byKey.set(p.key, p);
  return [...byKey.values()].sort((a, b) => (a.order ?? 1000) - (b.order ?? 1000) || a.name.en.localeCompare(b.name.en));
}

/** The records of a piece, in the order of the families. */
export function recordsOfPiece(entries: readonly AtlasEntry[], key: string): AtlasEntry[] {
  return entries.filter((e) => e.piece === key);
}

export interface BoardMap {
  board: number[];
  /** One label per square (index = square), "" for none. */
  labels: string[];
  /** Shade per square: 0 none, 1 reached / marked, 2 the origin. */
  shade: number[];
}

/** Fewest moves from `from` to every square of 8x8 (the origin 0; unreachable: the `unreachable` mark). */
export function accessMap(piece: Piece, from: string, unreachable: string): BoardMap & { reached: number; total: number } {
  const board = makeBoard([8, 8]);
  const g = boardGraph(board, piece);
  const origin = parseSquare(board, from);
  const dist = bfsDistances(g, origin);
  const labels: string[] = [];
  const shade: number[] = [];
  let reached = 0;
  for (let sq = 0; sq < board.size; sq++) {
    const d = dist[sq];
    labels.push(d < 0 ? unreachable : String(d));
    shade.push(sq === origin ? 2 : d > 0 ? 1 : 0);
    if (d > 0) reached++;
  }
  return { board: [8, 8], labels, shade, reached, total: board.size - 1 };
}

/** Number of moves from each square of the empty 8x8 board. */
export function degreeMap(piece: Piece): BoardMap & { min: number; max: number } {
  const board = makeBoard([8, 8]);
  const g = boardGraph(board, piece);
  const labels: string[] = [];
  const shade: number[] = [];
  let min = Infinity;
  let max = -Infinity;
  for (let sq = 0; sq < board.size; sq++) {
    const d = degree(g, sq);
    labels.push(String(d));
    shade.push(0);
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  for (let sq = 0; sq < board.size; sq++) shade[sq] = Number(labels[sq]) === max && max > 0 ? 1 : 0;
  return { board: [8, 8], labels, shade, min, max };
}

/**
 * The move diagram of a piece: on a square board just large enough for its
 * longest move in every direction, the piece in the centre and its moves marked.
 */
export function moveDiagram(info: PieceInfo): { spec: DiagramSpec; centre: string } | null {
  if (!info.piece) return null;
  let reach = 3;
  const leap = /^leaper-(\d+)-(\d+)$/.exec(info.key);
  if (leap) reach = Math.max(2, Number(leap[2]));
  const n = Math.min(2 * reach + 1, 15);
  const board = makeBoard([n, n]);
  const centre: Square = (n >> 1) + (n >> 1) * n;
  const moves = info.piece.destinations(board, centre);
  return {
    spec: {
      board: [n, n],
      pieces: [{ square: centre, glyph: info.glyph, colour: "white" }],
      marks: moves.map((square) => ({ square, kind: "attacked" as const })),
    },
    centre: squareName(board, centre),
  };
}
