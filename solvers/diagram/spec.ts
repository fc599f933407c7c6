/**
 * What a diagram and a replay show, independent of how they are drawn. Every
 * family turns its records into these shapes (solvers/<family>/...); the site
 * draws them (SVG in pages, standalone SVG/PNG permalinks, share images) and
 * the replay island steps through them. Squares are board indices
 * (solvers/types.ts), so the same spec serves 2-D boards and d-dimensional
 * ones (drawn as a row of 2-D layers).
 */
import type { Square } from "../types.ts";

/**
 * Piece glyphs. Orthodox pieces by name; fairy pieces by the family's
 * convention (the diagram module documents how each is drawn):
 * "leaper:x,y" for an [x,y] leaper, "grasshopper", "rookhopper",
 * "bishophopper", "nightriderhopper", "locust", "rook-locust",
 * "bishop-locust", "nightrider-locust", "dummy" (a dummy pawn / hurdle),
 * "man" (a black man to be captured), "nightrider", and the orthodox
 * "king", "queen", "rook", "bishop", "knight", "pawn".
 */
export type Glyph = string;

export interface DiagramPiece {
  square: Square;
  glyph: Glyph;
  colour: "white" | "black" | "neutral";
}

export interface DiagramSpec {
  /** Board dimensions, e.g. [8, 8] or [3, 3, 3]. */
  board: number[];
  pieces: DiagramPiece[];
  /** Numbers written on squares (the booklet's numbered solution: 0 on the start square). */
  numbers?: { square: Square; label: string }[];
  /** A path drawn as line segments through these squares, in order. */
  path?: Square[];
  /** Draw the segment from the last square back to the first. */
  closed?: boolean;
  /** Highlighted squares: the goal of a series-mover, squares a set attacks, the start. */
  marks?: { square: Square; kind: "target" | "attacked" | "start" | "unreachable" }[];
}

/** One move of a solution as the replay shows it. */
export interface ReplayStep {
  from: Square;
  to: Square;
  /** The man captured by this move (leapers capture on `to`; locusts on the hurdle square). */
  captured?: Square;
  /** The hurdle jumped over (hoppers; it stays). */
  hurdle?: Square;
  /**
   * Which piece moves: absent for the piece whose path the record is about;
   * "hurdle" for a second piece moving between its moves (a hopper tour's
   * movable hurdle), whose squares are neither visited nor numbered.
   */
  piece?: "hurdle";
  /** The move in the booklet's notation, e.g. "1.Z:e3". */
  label: string;
}

/**
 * The rules for the replay's "try it" mode: the island imports the solvers'
 * move generation for these and checks the reader's moves against them.
 */
export type TryItRules =
  | {
    type: "leaper-capture";
    leap: [number, number];
    board: number[];
    start: Square;
    men: Square[];
    closed?: boolean;
    /** A fixed last square (dual-free-fixed-end): only sequences ending here are solutions. */
    end?: Square;
  }
  | { type: "hopper-reach"; hopper: string; board: number[]; start: Square; hurdles: Square[]; target: Square }
  | {
    type: "locust-capture";
    locust: string;
    board: number[];
    start: Square;
    men: Square[]; /** The locust must land on its start square last. */
    closed?: boolean;
  }
  | { type: "tour"; leap: [number, number]; board: number[]; start: Square; closed?: boolean };

export interface ReplaySpec {
  /** The problem position before the first move. */
  initial: DiagramSpec;
  steps: ReplayStep[];
  tryIt?: TryItRules;
}
