/**
 * The five pieces of the domination tables: queen, rook, bishop (riders of
 * pieces/rider.ts), king, and the knight as the leaper [1,2] of pieces/leaper.ts.
 */
import type { Piece } from "../types.ts";
import { leaper, PieceError } from "../pieces/leaper.ts";
import { king, rider } from "../pieces/rider.ts";

export type DominationPieceName = "queen" | "rook" | "bishop" | "king" | "knight";

export const DOMINATION_PIECES: readonly DominationPieceName[] = ["queen", "rook", "bishop", "king", "knight"];

/** Letter drawn on the diagram squares holding a piece. */
export const PIECE_LETTER: Record<DominationPieceName, string> = { queen: "Q", rook: "R", bishop: "B", king: "K", knight: "N" };

const ALIASES: Record<string, DominationPieceName> = {
  queen: "queen",
  q: "queen",
  dama: "queen",
  "dáma": "queen",
  kraljica: "queen",
  rook: "rook",
  r: "rook",
  vez: "rook",
  "věž": "rook",
  trdnjava: "rook",
  bishop: "bishop",
  b: "bishop",
  strelec: "bishop",
  "střelec": "bishop",
  lovec: "bishop",
  king: "king",
  k: "king",
  kral: "king",
  "král": "king",
  kralj: "king",
  knight: "knight",
  n: "knight",
  jezdec: "knight",
  skakac: "knight",
  "skakač": "knight",
};

export function parseDominationPiece(text: string): DominationPieceName {
  const t = text.trim().toLowerCase();
  const p = ALIASES[t];
  if (!p) throw new PieceError(`unknown piece "${text}": expected one of ${DOMINATION_PIECES.join(", ")}`);
  return p;
}

export function dominationPiece(name: DominationPieceName): Piece {
  switch (name) {
    case "queen":
    case "rook":
    case "bishop":
      return rider(name);
    case "king":
      return king();
    case "knight":
      return leaper(1, 2);
  }
  throw new PieceError(`unknown piece "${name}"`);
}
