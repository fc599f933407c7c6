/**
 * Plain-text board diagrams of a solution: the start square shows 0, the men
 * their capture (or visit) number 1..n, empty squares ".". Ranks run from the
 * highest at the top to 1 at the bottom, as on a printed chess diagram, with
 * the file names underneath; every column is as wide as the widest label.
 * Boards of more than two dimensions print one labelled 2-D layer (x across,
 * y up) after another; their files and ranks are numbered, as in their square
 * names ("522" = x 5, y 2, z 2).
 */
import type { Board, Square } from "./types.ts";
import { coordsOf } from "./board/board.ts";
import { fileName } from "./board/squares.ts";

export interface DiagramOptions {
  /** Further occupied squares without a number (e.g. the men of an unsolved position), shown as "*". */
  others?: readonly Square[];
}

const LAYER_AXES = ["z", "w"];

function axisLabel(axis: number): string {
  return LAYER_AXES[axis - 2] ?? `axis${axis + 1}`;
}

/** `order[0]` is the start, `order[i]` the i-th man. A square listed twice keeps its first number. */
export function diagramText(board: Board, order: readonly Square[], opts: DiagramOptions = {}): string {
  const label = new Map<Square, string>();
  for (const sq of opts.others ?? []) label.set(sq, "*");
  // In reverse, so that a square listed twice ends with its first number.
  for (let i = order.length - 1; i >= 0; i--) label.set(order[i], String(i));

  const dims = board.dims;
  const nx = dims[0];
  const ny = dims.length >= 2 ? dims[1] : 1;
  const algebraic = dims.length === 2;
  const files = Array.from({ length: nx }, (_, x) => (algebraic ? fileName(x) : String(x + 1)));
  let width = 1;
  for (const l of label.values()) width = Math.max(width, l.length);
  for (const f of files) width = Math.max(width, f.length);
  const rankWidth = dims.length >= 2 ? String(ny).length : 0;
  const pad = (s: string, w: number) => s.padStart(w);

  const layerSize = nx * ny;
  const layers = board.size / layerSize;
  const blocks: string[] = [];
  for (let layer = 0; layer < layers; layer++) {
    const lines: string[] = [];
    if (dims.length > 2) {
      const c = coordsOf(board, layer * layerSize);
      lines.push(c.slice(2).map((v, i) => `${axisLabel(i + 2)}=${v + 1}`).join(" "));
    }
    for (let y = ny - 1; y >= 0; y--) {
      const cells: string[] = [];
      for (let x = 0; x < nx; x++) cells.push(pad(label.get(layer * layerSize + y * nx + x) ?? ".", width));
      lines.push((rankWidth ? pad(String(y + 1), rankWidth) + " " : "") + cells.join(" "));
    }
    lines.push((rankWidth ? " ".repeat(rankWidth + 1) : "") + files.map((f) => pad(f, width)).join(" "));
    blocks.push(lines.join("\n"));
  }
  return blocks.join("\n\n") + "\n";
}
