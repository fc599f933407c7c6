/**
 * DiagramSpec -> standalone SVG. Pure string building (no Node or DOM APIs):
 * the pages inline it, the permalink endpoints serve it (and hand it to resvg
 * for PNGs), and the replay island calls it in the browser for every step.
 *
 * Layout (where every square goes, S = 40 user units a square, boards of three
 * or more dimensions as 2-D layers): site/lib/diagram-layout.ts.
 *
 * Glyph convention (our own drawings; the site explains it from
 * site/lib/glyphs.ts, GLYPH_CONVENTION):
 * - king, queen, rook, bishop, knight, pawn: upright orthodox shapes; white =
 *   light fill with dark outline, black = dark fill with light details,
 *   neutral = grey fill.
 * - "nightrider": the upright knight with a small disc lettered N in its top
 *   right corner (the problemists' letter for the nightrider; the inverted
 *   and the turned knight are taken by the nightriderhopper and the
 *   nightrider-locust).
 * - "leaper:x,y": a disc with the leaper's notation symbol (Z, CA, WA, S …) or
 *   its leap "1,5" when it has no symbol (solvers/pieces/names.ts).
 * - hoppers: the line piece upside down (grasshopper = inverted queen,
 *   rookhopper = inverted rook, bishophopper = inverted bishop,
 *   nightriderhopper = inverted knight), as problemists print them.
 * - locusts: the line piece turned a quarter turn clockwise (locust = queen,
 *   rook-locust = rook, bishop-locust = bishop, nightrider-locust = knight).
 * - "man": a disc in its colour (black men are black discs); "dummy": a pawn
 *   crossed out, normally neutral grey.
 * - numbers: centred on an empty square, in a corner badge when a piece stands
 *   there; marks: target = ring, attacked = dot, start = frame, unreachable =
 *   hatched square.
 * Text is drawn with a halo (paint-order stroke) so it reads on both square
 * colours at 200 px and in print.
 */
import type { DiagramPiece, DiagramSpec } from "../../solvers/diagram/spec.ts";
import type { Lang } from "../i18n.ts";
import { COLOUR_NAMES, glyphName, leaperMark, leapOfGlyph } from "./glyphs.ts";
import { fileName } from "../../solvers/board/squares.ts";
import { diagramLayout, layerLabel, S, squareLabel } from "./diagram-layout.ts";

export { type DiagramLayout, diagramLayout, LAYERS_PER_ROW, S, squareLabel } from "./diagram-layout.ts";

const LIGHT = "#f1e6cf";
const DARK = "#b98f62";
const INK = "#1a1a1a";
const PATH_COLOUR = "#1d5fa8";
const MARK_COLOUR = "#c0392b";
const FONT = "'Noto Sans','DejaVu Sans',Arial,Helvetica,sans-serif";

export interface DiagramSvgOptions {
  /** Rendered width in px (height follows the board's proportions). Default 360. */
  size?: number;
  /** Write spec.numbers (default true). */
  numbers?: boolean;
  /** Draw spec.path (default true). */
  path?: boolean;
  /** File letters and rank numbers (default true). */
  coordinates?: boolean;
  /** Draw spec.marks (default true). */
  marks?: boolean;
  /** Language of the generated <desc> (default "en"). */
  lang?: Lang;
  /** <title> text (default: none); always escaped. */
  title?: string;
  /** <desc> text (default: describeDiagram(spec, lang)); always escaped. */
  desc?: string;
  /** Extra attributes of the root element (e.g. class, aria-label); values are escaped. */
  attrs?: Record<string, string>;
  /** Start with an XML declaration (for .svg files). Default false. */
  xmlDeclaration?: boolean;
}

// Control characters, the two non-characters and lone surrogates: XML 1.0 has no way to carry them.
const NOT_XML =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escape text for XML content and attribute values; drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  return String(text)
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/0+$/, ""));

// ------------------------------------------------------------------ glyphs
// Each glyph is drawn in a 100x100 box: `body` filled in the piece's colour
// with an outline, `detail` stroked in the contrasting colour.

interface Shape {
  body: string;
  detail?: string;
}

const SHAPES: Record<string, Shape> = {
  pawn: {
    body: "M50 18a12 12 0 1 1 0 24a12 12 0 1 1 0-24zM40 46h20l-3 6q9 10 9 26h-32q0-16 9-26zM26 78h48v9h-48z",
  },
  rook: {
    body: "M27 18h10v8h8v-8h10v8h8v-8h10v22h-46zM34 40h32l3 38h-38zM24 78h52v9h-52z",
    detail: "M34 46h32M32 72h36",
  },
  bishop: {
    body:
      "M50 9a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM50 19c-14 11-19 26-11 39h22c8-13 3-28-11-39zM38 58h24v7h-24zM41 65h18q6 7 7 13h-32q1-6 7-13zM24 78h52v9h-52z",
    detail: "M46 30l9 10M50 39v0",
  },
  knight: {
    body: "M28 87h46l-2-14c5-22 0-42-15-51l-4-9-5 8-6-2-2 7c-9 6-16 17-19 27-1 7 5 10 10 6l10-7c3-2 7-3 9-5-3 12-15 20-22 40z",
    detail: "M40 31a2 2 0 1 1 0 .1M59 31c7 12 9 26 7 42",
  },
  queen: {
    body:
      "M18 26a5 5 0 1 1 0 .1zM34 20a5 5 0 1 1 0 .1zM50 16a5 5 0 1 1 0 .1zM66 20a5 5 0 1 1 0 .1zM82 26a5 5 0 1 1 0 .1zM30 77l-12-46 14 20 2-26 9 24 7-28 7 28 9-24 2 26 14-20-12 46zM24 77h52v10h-52z",
    detail: "M31 70h38",
  },
  king: {
    body: "M47 11h6v8h7v6h-7v9h-6v-9h-7v-6h7zM30 78c-10-14-10-30 2-34 8-3 14 2 18 8 4-6 10-11 18-8 12 4 12 20 2 34zM24 78h52v9h-52z",
    detail: "M50 52v24M31 70h38",
  },
};

const TRANSFORMED: Record<string, { base: string; transform: string }> = {
  grasshopper: { base: "queen", transform: "rotate(180 50 50)" },
  rookhopper: { base: "rook", transform: "rotate(180 50 50)" },
  bishophopper: { base: "bishop", transform: "rotate(180 50 50)" },
  nightriderhopper: { base: "knight", transform: "rotate(180 50 50)" },
  locust: { base: "queen", transform: "rotate(90 50 50)" },
  "rook-locust": { base: "rook", transform: "rotate(90 50 50)" },
  "bishop-locust": { base: "bishop", transform: "rotate(90 50 50)" },
  "nightrider-locust": { base: "knight", transform: "rotate(90 50 50)" },
};

function palette(colour: DiagramPiece["colour"]): { fill: string; line: string; detail: string } {
  if (colour === "black") return { fill: INK, line: INK, detail: "#f4f4f4" };
  if (colour === "neutral") return { fill: "#8f8f8f", line: INK, detail: INK };
  return { fill: "#ffffff", line: INK, detail: INK };
}

function discWithText(text: string, colour: DiagramPiece["colour"]): string {
  const p = palette(colour);
  const fs = text.length <= 1 ? 52 : text.length === 2 ? 40 : text.length === 3 ? 31 : 25;
  return `<circle cx="50" cy="50" r="38" fill="${p.fill}" stroke="${p.line}" stroke-width="5"/>` +
    `<text x="50" y="${fmt(50 + fs * 0.36)}" text-anchor="middle" font-size="${fs}" font-weight="700" fill="${
      colour === "white" ? INK : "#ffffff"
    }">${escapeXml(text)}</text>`;
}

/** The markup of one glyph in its 100x100 box. */
export function glyphMarkup(glyph: string, colour: DiagramPiece["colour"]): string {
  const p = palette(colour);
  const leap = leapOfGlyph(glyph);
  if (leap) return discWithText(leaperMark(leap), colour);
  if (glyph === "man") {
    return `<circle cx="50" cy="50" r="27" fill="${p.fill}" stroke="${colour === "black" ? "#ffffff" : INK}" stroke-width="4"/>` +
      (colour === "black" ? `<circle cx="50" cy="50" r="30" fill="none" stroke="${INK}" stroke-width="2"/>` : "");
  }
  if (glyph === "dummy") {
    const shape = SHAPES.pawn;
    const fill = colour === "white" ? "#ffffff" : colour === "black" ? INK : "#9a9a9a";
    return `<path d="${shape.body}" fill="${fill}" stroke="${INK}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M22 20l56 64M78 20l-56 64" stroke="${colour === "black" ? "#ffffff" : INK}" stroke-width="5" stroke-linecap="round"/>`;
  }
  if (glyph === "nightrider") {
    // The knight, and the letter N in a small disc where the knight's shape leaves the box empty.
    const letter = colour === "black" ? "#ffffff" : INK;
    return glyphMarkup("knight", colour) +
      `<circle cx="80" cy="20" r="17" fill="${p.fill}" stroke="${p.line}" stroke-width="4"/>` +
      `<text x="80" y="29.5" text-anchor="middle" font-size="26" font-weight="700" fill="${letter}">N</text>`;
  }
  const t = TRANSFORMED[glyph];
  const shape = SHAPES[t?.base ?? glyph];
  if (!shape) return discWithText("?", colour);
  const body = `<path d="${shape.body}" fill="${p.fill}" stroke="${p.line}" stroke-width="4" stroke-linejoin="round"/>` +
    (shape.detail ? `<path d="${shape.detail}" fill="none" stroke="${p.detail}" stroke-width="3" stroke-linecap="round"/>` : "");
  return t ? `<g transform="${t.transform}">${body}</g>` : body;
}

// ------------------------------------------------------------------ text

/** A statement of the position in words: the board, every piece by colour, marks and the numbered sequence. */
export function describeDiagram(spec: DiagramSpec, lang: Lang = "en"): string {
  const cs = lang === "cs";
  const board = spec.board;
  const name = (sq: number) => squareLabel(board, sq);
  const parts: string[] = [`${cs ? "Deska" : "Board"} ${board.join("×")}.`];
  for (const colour of ["white", "black", "neutral"] as const) {
    const mine = spec.pieces.filter((p) => p.colour === colour);
    if (mine.length === 0) continue;
    const byGlyph = new Map<string, number[]>();
    for (const p of mine) byGlyph.set(p.glyph, [...(byGlyph.get(p.glyph) ?? []), p.square]);
    const groups = [...byGlyph].map(([g, sqs]) => {
      const n = glyphName(g, lang);
      const list = sqs.map(name).join(", ");
      return sqs.length > 1 ? `${n} (${sqs.length}): ${list}` : `${n} ${list}`;
    });
    const label = COLOUR_NAMES[colour][lang];
    parts.push(`${label[0].toUpperCase()}${label.slice(1)}: ${groups.join("; ")}.`);
  }
  const marks = spec.marks ?? [];
  const markWords: Record<string, [string, string]> = {
    target: ["Target", "Cíl"],
    attacked: ["Attacked", "Napadená pole"],
    start: ["Start", "Start"],
    unreachable: ["Unreachable", "Nedostupná pole"],
  };
  for (const kind of ["target", "start", "attacked", "unreachable"] as const) {
    const sqs = marks.filter((m) => m.kind === kind).map((m) => name(m.square));
    if (sqs.length) parts.push(`${markWords[kind][cs ? 1 : 0]}: ${sqs.join(", ")}.`);
  }
  if (spec.numbers && spec.numbers.length > 0) {
    const seq = spec.numbers.map((n) => `${n.label} ${name(n.square)}`).join(", ");
    parts.push(`${cs ? "Očíslovaná pole" : "Numbered squares"}: ${seq}.`);
  }
  if (spec.closed) parts.push(cs ? "Cesta je uzavřená." : "The path is closed.");
  return parts.join(" ");
}

// ------------------------------------------------------------------ drawing

function attrString(attrs: Record<string, string> | undefined): string {
  if (!attrs) return "";
  return Object.entries(attrs)
    .filter(([k]) => /^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(k))
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
}

function numberFont(label: string): number {
  return label.length <= 2 ? 20 : label.length === 3 ? 15 : 12;
}

// ------------------------------------------------------------------ elements
// One element of a diagram at the square whose top-left corner is (x, y):
// diagramSvg() draws with these, and site/lib/painter.ts paints each of them
// once per size as a sprite.

/** A mark on the square at (x, y). */
export function markMarkup(kind: NonNullable<DiagramSpec["marks"]>[number]["kind"], x: number, y: number): string {
  const [cx, cy] = [x + S / 2, y + S / 2];
  if (kind === "target") return `<circle cx="${cx}" cy="${cy}" r="15" fill="none" stroke="${MARK_COLOUR}" stroke-width="3.5"/>`;
  if (kind === "attacked") return `<circle cx="${cx}" cy="${cy}" r="5" fill="${MARK_COLOUR}"/>`;
  if (kind === "start") {
    return `<rect x="${x + 2}" y="${y + 2}" width="${S - 4}" height="${S - 4}" fill="none" stroke="${PATH_COLOUR}" stroke-width="3.5"/>`;
  }
  return `<path d="M${x} ${y + S}l${S} -${S}M${x} ${y + S / 2}l${S / 2} -${S / 2}M${x + S / 2} ${y + S}l${S / 2} -${
    S / 2
  }" stroke="#6d6d6d" stroke-width="2"/>`;
}

/** A piece on the square at (x, y). */
export function pieceMarkup(p: Pick<DiagramPiece, "glyph" | "colour">, x: number, y: number): string {
  return `<g transform="translate(${x + 2} ${y + 2}) scale(${fmt((S - 4) / 100)})">${glyphMarkup(p.glyph, p.colour)}</g>`;
}

/** The attributes of the group every number is drawn in (its <text> elements set only what differs). */
export const NUMBERS_GROUP = `class="numbers" text-anchor="middle" font-size="${
  numberFont("00")
}" font-weight="700" fill="${INK}" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"`;

/** A number on the square at (x, y): big and centred on an empty square, in the corner beside a piece. */
export function numberMarkup(n: { square: number; label: string }, x: number, y: number, occupied: boolean): string {
  const label = escapeXml(n.label);
  if (occupied) return `<text x="${x + 3}" y="${y + 12}" text-anchor="start" font-size="11" data-square="${n.square}">${label}</text>`;
  // The group carries the anchor and the commonest size (two digits): a 16x16 tour has 256 numbers, every page three boards.
  const fs = numberFont(n.label);
  const size = fs === numberFont("00") ? "" : ` font-size="${fs}"`;
  return `<text x="${x + S / 2}" y="${fmt(y + S / 2 + fs * 0.36)}"${size} data-square="${n.square}">${label}</text>`;
}

/** The path's stroke (user units) and the start's dot: segments centre to centre with round caps, in one path. */
export const PATH_STYLE = { colour: PATH_COLOUR, width: 2.5, opacity: 0.7, dot: 4, dash: 5 } as const;
/** The diagram's font list (the root's font-family). */
export const DIAGRAM_FONT = FONT;

/** The whole diagram as one SVG document (or inline element). */
export function diagramSvg(spec: DiagramSpec, opts: DiagramSvgOptions = {}): string {
  const board = spec.board;
  const L = diagramLayout(board, opts);
  const total = board.reduce((a, b) => a * b, 1);
  const onBoard = (sq: number) => Number.isInteger(sq) && sq >= 0 && sq < total;
  const out: string[] = [];
  if (opts.xmlDeclaration) out.push(`<?xml version="1.0" encoding="UTF-8"?>\n`);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${L.width}" height="${L.height}" viewBox="0 0 ${L.viewWidth} ${L.viewHeight}"` +
      ` font-family="${escapeXml(FONT)}"${attrString(opts.attrs)}>`,
  );
  if (opts.title !== undefined) out.push(`<title>${escapeXml(opts.title)}</title>`);
  out.push(`<desc>${escapeXml(opts.desc ?? describeDiagram(spec, opts.lang ?? "en"))}</desc>`);

  // Squares: one light rectangle per layer, the dark squares as one path.
  const { nx, ny } = L;
  let dark = "";
  const frames: string[] = [];
  for (let layer = 0; layer < L.layers; layer++) {
    const [ox, oy] = L.layerOrigin(layer);
    out.push(`<rect x="${ox}" y="${oy}" width="${nx * S}" height="${ny * S}" fill="${LIGHT}"/>`);
    // The parity of the further coordinates decides the colour as on the 2-D board (a1 dark).
    let rest = layer;
    let parity = 0;
    for (let axis = 2; axis < board.length; axis++) {
      parity += rest % board[axis];
      rest = Math.floor(rest / board[axis]);
    }
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        if ((x + y + parity) % 2 === 0) dark += `M${ox + x * S} ${oy + (ny - 1 - y) * S}h${S}v${S}h-${S}z`;
      }
    }
    frames.push(`<rect x="${ox}" y="${oy}" width="${nx * S}" height="${ny * S}" fill="none" stroke="${INK}" stroke-width="1.5"/>`);
  }
  if (dark) out.push(`<path d="${dark}" fill="${DARK}"/>`);
  out.push(...frames);

  // Coordinates and layer labels.
  if (opts.coordinates ?? true) {
    const text: string[] = [];
    for (let layer = 0; layer < L.layers; layer++) {
      const [ox, oy] = L.layerOrigin(layer);
      for (let x = 0; x < nx; x++) {
        const label = board.length === 2 ? fileName(x) : String(x + 1);
        text.push(`<text x="${ox + x * S + S / 2}" y="${oy + ny * S + 15}" text-anchor="middle">${label}</text>`);
      }
      if (board.length >= 2) {
        for (let y = 0; y < ny; y++) {
          text.push(`<text x="${ox - 6}" y="${oy + (ny - 1 - y) * S + S / 2 + 4.5}" text-anchor="end">${y + 1}</text>`);
        }
      }
    }
    out.push(`<g font-size="13" fill="${INK}">${text.join("")}</g>`);
  }
  if (L.layers > 1) {
    const labels: string[] = [];
    for (let layer = 0; layer < L.layers; layer++) {
      const [ox, oy] = L.layerOrigin(layer);
      labels.push(`<text x="${ox}" y="${oy - 8}">${escapeXml(layerLabel(board, layer))}</text>`);
    }
    out.push(`<g font-size="14" font-weight="700" fill="${INK}">${labels.join("")}</g>`);
  }

  // Marks under the pieces.
  if ((opts.marks ?? true) && spec.marks) {
    const m: string[] = [];
    for (const mark of spec.marks) {
      if (!onBoard(mark.square)) continue;
      const [x, y] = L.corner(mark.square);
      m.push(markMarkup(mark.kind, x, y));
    }
    if (m.length) out.push(`<g class="marks">${m.join("")}</g>`);
  }

  // The path: segments within a layer solid, jumps between layers dashed.
  if ((opts.path ?? true) && spec.path && spec.path.length > 1) {
    const sqs = spec.path.filter(onBoard);
    const pairs: [number, number][] = [];
    for (let i = 1; i < sqs.length; i++) pairs.push([sqs[i - 1], sqs[i]]);
    if (spec.closed && sqs.length > 2) pairs.push([sqs[sqs.length - 1], sqs[0]]);
    let solid = "";
    let dashed = "";
    for (const [a, b] of pairs) {
      const [ax, ay] = L.centre(a);
      const [bx, by] = L.centre(b);
      const seg = `M${ax} ${ay}L${bx} ${by}`;
      if (L.layerOf(a) === L.layerOf(b)) solid += seg;
      else dashed += seg;
    }
    const attrs =
      `fill="none" stroke="${PATH_COLOUR}" stroke-width="${PATH_STYLE.width}" stroke-linecap="round" stroke-opacity="${PATH_STYLE.opacity}"`;
    out.push(`<g class="path">`);
    if (solid) out.push(`<path d="${solid}" ${attrs}/>`);
    if (dashed) out.push(`<path d="${dashed}" ${attrs} stroke-dasharray="${PATH_STYLE.dash} ${PATH_STYLE.dash}"/>`);
    const [sx, sy] = L.centre(sqs[0]);
    out.push(`<circle cx="${sx}" cy="${sy}" r="${PATH_STYLE.dot}" fill="${PATH_COLOUR}"/></g>`);
  }

  // Pieces.
  const occupied = new Set<number>();
  const pieces: string[] = [];
  for (const p of spec.pieces) {
    if (!onBoard(p.square)) continue;
    occupied.add(p.square);
    const [x, y] = L.corner(p.square);
    pieces.push(pieceMarkup(p, x, y));
  }
  if (pieces.length) out.push(`<g class="pieces">${pieces.join("")}</g>`);

  // Numbers: big on empty squares, a corner badge where a piece stands.
  if ((opts.numbers ?? true) && spec.numbers) {
    const nums: string[] = [];
    for (const n of spec.numbers) {
      if (!onBoard(n.square)) continue;
      const [x, y] = L.corner(n.square);
      nums.push(numberMarkup(n, x, y, occupied.has(n.square)));
    }
    out.push(`<g ${NUMBERS_GROUP}>${nums.join("")}</g>`);
  }
  out.push(`</svg>`);
  return out.join("");
}
