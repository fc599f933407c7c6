/**
 * Text diagram of a set of pieces: the piece letter on occupied squares, '+'
 * on squares the set serves (attacked; for dominating kinds occupied squares
 * count as served too), '.' on the others. Rank 1 at the bottom, file a on the
 * left, as on a printed board. Boards of three or more dimensions are drawn one
 * 2-D layer after another, each headed by its higher coordinates (1-based).
 */
import type { Board, Square } from "../types.ts";
import { squareAt } from "../board/board.ts";
import { fileName } from "../board/squares.ts";
import type { DominationGraph } from "./graph.ts";
import { attacks } from "./graph.ts";

export function dominationDiagram(g: DominationGraph, members: readonly Square[], letter: string): string {
  const board: Board = g.board;
  const isMember = new Uint8Array(board.size);
  for (const s of members) isMember[s] = 1;
  const attacked = new Uint8Array(board.size);
  for (const s of members) for (let t = 0; t < board.size; t++) if (attacks(g, s, t)) attacked[t] = 1;
  const dims = board.dims;
  const w = dims[0];
  const h = dims.length >= 2 ? dims[1] : 1;
  const higher = dims.slice(2);
  const layers = higher.reduce((a, d) => a * d, 1);
  const cell = (s: Square) => (isMember[s] ? letter : attacked[s] ? "+" : ".");
  const label = Math.max(String(h).length, 1);
  const out: string[] = [];
  for (let layer = 0; layer < layers; layer++) {
    const hc: number[] = [];
    let rest = layer;
    for (const d of higher) {
      hc.push(rest % d);
      rest = Math.floor(rest / d);
    }
    if (higher.length > 0) {
      if (layer > 0) out.push("");
      out.push(`layer ${hc.map((c, i) => `${"zuvw"[i] ?? `x${i + 3}`}=${c + 1}`).join(", ")}`);
    }
    for (let y = h - 1; y >= 0; y--) {
      const row: string[] = [];
      for (let x = 0; x < w; x++) {
        const coords = dims.length === 1 ? [x] : [x, y, ...hc];
        row.push(cell(squareAt(board, coords)));
      }
      out.push(`${String(y + 1).padStart(label)} ${row.join(" ")}`);
    }
    const files: string[] = [];
    for (let x = 0; x < w; x++) files.push(dims.length === 2 ? fileName(x) : String((x + 1) % 10));
    out.push(`${" ".repeat(label)} ${files.join(" ")}`);
  }
  return out.join("\n");
}
