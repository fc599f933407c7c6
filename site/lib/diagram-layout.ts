/**
 * Where a diagram puts every square. Every square is S = 40 user units; ranks
 * run from the highest at the top to 1 at the bottom (as on a printed chess
 * diagram), files a.. from the left, a1 dark. Coordinates sit in a margin left
 * of and below each board. Boards of three or more dimensions are drawn as
 * 2-D layers (x across, y up) side by side, at most LAYERS_PER_ROW in a row,
 * each labelled with its further coordinates ("z=2"), as
 * solvers/diagram-text.ts prints them; their files and ranks are numbered
 * because their squares are named by coordinates ("522"). Pure (no Node or
 * DOM APIs), like diagram-svg.ts, which draws on it.
 */
import { fileName } from "../../solvers/board/squares.ts";
import type { DiagramSvgOptions } from "./diagram-svg.ts";

/** User units per square. */
export const S = 40;
const MARGIN = 20;
const LAYER_LABEL = 22;
const LAYER_GAP = 16;
export const LAYERS_PER_ROW = 4;
const LAYER_AXES = ["z", "w"];

export interface DiagramLayout {
  /** Width and height of the viewBox (user units). */
  viewWidth: number;
  viewHeight: number;
  /** Pixel size of the rendered SVG. */
  width: number;
  height: number;
  nx: number;
  ny: number;
  layers: number;
  /** Top-left corner of a square in user units. */
  corner(sq: number): [number, number];
  /** Centre of a square in user units. */
  centre(sq: number): [number, number];
  /** Index of the layer a square lies in (0 on 2-D boards). */
  layerOf(sq: number): number;
  /** Top-left of a layer's board. */
  layerOrigin(layer: number): [number, number];
}

function checkBoard(board: readonly number[]): void {
  if (board.length === 0 || board.some((d) => !Number.isInteger(d) || d < 1)) {
    throw new RangeError(`diagram board [${board.join(",")}]: sides must be positive integers`);
  }
}

/** Where every square goes; shared with the replay island and the tests. */
export function diagramLayout(board: readonly number[], opts: Pick<DiagramSvgOptions, "size" | "coordinates"> = {}): DiagramLayout {
  checkBoard(board);
  const nx = board[0];
  const ny = board.length >= 2 ? board[1] : 1;
  const layers = board.slice(2).reduce((a, b) => a * b, 1);
  const coords = opts.coordinates ?? true;
  const left = coords ? MARGIN : 4;
  const bottom = coords ? MARGIN : 4;
  const top = (layers > 1 ? LAYER_LABEL : 0) + 4;
  const cols = Math.min(layers, LAYERS_PER_ROW);
  const rows = Math.ceil(layers / cols);
  const cellW = left + nx * S + 4;
  const cellH = top + ny * S + bottom;
  const viewWidth = cols * cellW + (cols - 1) * LAYER_GAP;
  const viewHeight = rows * cellH + (rows - 1) * LAYER_GAP;
  const width = Math.round(opts.size ?? 360);
  const height = Math.round((width * viewHeight) / viewWidth);
  const layerSize = nx * ny;
  const layerOrigin = (layer: number): [number, number] => {
    const c = layer % cols;
    const r = Math.floor(layer / cols);
    return [c * (cellW + LAYER_GAP) + left, r * (cellH + LAYER_GAP) + top];
  };
  const corner = (sq: number): [number, number] => {
    const layer = Math.floor(sq / layerSize);
    const inLayer = sq - layer * layerSize;
    const x = inLayer % nx;
    const y = Math.floor(inLayer / nx);
    const [ox, oy] = layerOrigin(layer);
    return [ox + x * S, oy + (ny - 1 - y) * S];
  };
  return {
    viewWidth,
    viewHeight,
    width,
    height,
    nx,
    ny,
    layers,
    corner,
    centre: (sq) => {
      const [x, y] = corner(sq);
      return [x + S / 2, y + S / 2];
    },
    layerOf: (sq) => Math.floor(sq / layerSize),
    layerOrigin,
  };
}

/** Square name as the solvers write it (algebraic on 2-D, coordinates on other boards). */
export function squareLabel(board: readonly number[], sq: number): string {
  const coords: number[] = [];
  let rest = sq;
  for (const d of board) {
    coords.push(rest % d);
    rest = Math.floor(rest / d);
  }
  if (board.length === 2) return fileName(coords[0]) + String(coords[1] + 1);
  const digits = board.every((d) => d <= 9);
  return coords.map((c) => c + 1).join(digits ? "" : ".");
}

export function layerLabel(board: readonly number[], layer: number): string {
  const parts: string[] = [];
  let rest = layer;
  for (let axis = 2; axis < board.length; axis++) {
    parts.push(`${LAYER_AXES[axis - 2] ?? `axis${axis + 1}`}=${(rest % board[axis]) + 1}`);
    rest = Math.floor(rest / board[axis]);
  }
  return parts.join(" ");
}
