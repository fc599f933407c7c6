/**
 * A workbench position (the site's /en/workbench/): one piece of any of the
 * three capture families on a two-dimensional board, its men or hurdles and a
 * stipulation, as the page, the permalink and the contribution file hold it.
 *
 * - leaper [x,y]: men to capture; "dual-free" (sd=n with a free last square),
 *   "fixed-end" (the last capture on `end`, Saukkola's kind) or "closed"
 *   (after the last capture the leaper leaps back to its start);
 * - hopper (grasshopper, rookhopper, bishophopper, nightriderhopper): hurdles
 *   that never move and "ser-z" (SerienZiel: reach `target` in the fewest
 *   moves);
 * - locust (locust, rook-locust, bishop-locust, nightrider-locust): men and
 *   "capture" (every move captures, all men taken) or "capture-closed" (the
 *   last landing square is the start).
 *
 * The atlas's own notation of a position is a line of key=value fields
 * (formatPosition / parsePosition), e.g.
 *   piece=2,3 board=8x8 start=b1 men=e3,h1,f4 stip=dual-free
 * and the same fields joined by "&" are the permalink's query string, so one
 * reader serves a pasted line and an address.
 *
 * Limits are the solvers' own (scripts/families/leaper/lib/capture-position.ts: MAX_MEN,
 * MAX_SIDE_WITH_MEN, MAX_SQUARES_WITH_MEN; scripts/families/hopper/solve.ts:
 * 4096 squares), restated here because solvers/ may not import scripts/.
 * Every refusal is a WorkbenchError in both languages of the site.
 */
import type { Board, Square } from "../types.ts";
import { BoardError, makeBoard } from "../board/board.ts";
import { parseSquare, squareName } from "../board/squares.ts";
import { HOPPER_KINDS, type HopperKind } from "../pieces/hopper.ts";
import { LOCUST_KINDS, type LocustKind } from "../pieces/locust.ts";

export type WorkbenchFamily = "leaper" | "hopper" | "locust";
export type Stipulation = "dual-free" | "fixed-end" | "closed" | "ser-z" | "capture" | "capture-closed";

/** The stipulations each family has, the first being its default. */
export const STIPULATIONS: Record<WorkbenchFamily, readonly Stipulation[]> = {
  leaper: ["dual-free", "fixed-end", "closed"],
  hopper: ["ser-z"],
  locust: ["capture", "capture-closed"],
};

/** The solvers' limits for capture problems (see the module comment). */
export const LIMITS = {
  /** Largest side of a capture problem's board. */
  side: 64,
  /** Most squares of a capture problem's board. */
  squares: 64 * 64,
  /** Most men of an exhaustive count. */
  men: 200,
} as const;

export interface WorkbenchPosition {
  /** "x,y" for an [x,y] leaper, else a hopper or locust kind. */
  piece: string;
  board: [number, number];
  /** The piece's square (null while the reader has not placed it). */
  start: string | null;
  /** Men to capture (leapers, locusts). */
  men: string[];
  /** Hurdles that never move (hoppers). */
  hurdles: string[];
  stipulation: Stipulation;
  /** Fixed last square (fixed-end): one of the men. */
  end?: string;
  /** Square to reach (ser-z). */
  target?: string;
}

export type Bilingual = { en: string; cs: string };

export class WorkbenchError extends Error {
  override name = "WorkbenchError";
  constructor(readonly text: Bilingual) {
    super(text.en);
  }
}

function fail(en: string, cs: string): never {
  throw new WorkbenchError({ en, cs });
}

/** The family of a piece field; throws on an unknown piece. */
export function familyOf(piece: string): WorkbenchFamily {
  if (/^\d+,\d+$/.test(piece)) return "leaper";
  if ((HOPPER_KINDS as readonly string[]).includes(piece)) return "hopper";
  if ((LOCUST_KINDS as readonly string[]).includes(piece)) return "locust";
  return fail(
    `unknown piece "${piece}": give a leap such as 2,3, a hopper (${HOPPER_KINDS.join(", ")}) or a locust (${LOCUST_KINDS.join(", ")})`,
    `neznámý kámen „${piece}“: zadejte skok jako 2,3, cvrčka (${HOPPER_KINDS.join(", ")}) nebo locusta (${LOCUST_KINDS.join(", ")})`,
  );
}

/** [x,y] of a leaper piece field, x <= y. */
export function leapOf(piece: string): [number, number] {
  const [a, b] = piece.split(",").map(Number);
  return [Math.min(a, b), Math.max(a, b)];
}

/** The position's men or hurdles: the squares the stipulation is about besides the start. */
export function othersOf(p: WorkbenchPosition): string[] {
  return familyOf(p.piece) === "hopper" ? p.hurdles : p.men;
}

/** A checked position: squares as board indices. */
export interface CheckedPosition {
  family: WorkbenchFamily;
  board: Board;
  start: Square;
  men: Square[];
  hurdles: Square[];
  end?: Square;
  target?: Square;
  position: WorkbenchPosition;
}

function square(board: Board, name: string, what: Bilingual): Square {
  try {
    return parseSquare(board, name);
  } catch (e) {
    if (e instanceof BoardError) fail(`${what.en}: ${e.message}`, `${what.cs}: pole „${name}“ na desce ${board.dims.join("×")} není`);
    throw e;
  }
}

/** Checks a position against the solvers' rules and limits; every problem is a WorkbenchError. */
export function checkWorkbench(p: WorkbenchPosition): CheckedPosition {
  const family = familyOf(p.piece);
  if (family === "leaper") {
    const [x, y] = leapOf(p.piece);
    if (y === 0) fail("the [0,0] leaper does not move", "skokan [0,0] se nehýbe");
    if (y > LIMITS.side) {
      fail(`a leap of ${y} squares leaves every board the solvers take`, `skok o ${y} polí opustí každou desku, kterou řešiče berou`);
    }
    void x;
  }
  if (!STIPULATIONS[family].includes(p.stipulation)) {
    fail(
      `the stipulation ${p.stipulation} is not one of the ${family}'s (${STIPULATIONS[family].join(", ")})`,
      `zadání ${p.stipulation} k tomuto kameni nepatří (${STIPULATIONS[family].join(", ")})`,
    );
  }
  const [w, h] = p.board;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1) {
    fail(`board ${w}x${h}: sides are whole numbers from 1`, `deska ${w}×${h}: strany jsou celá čísla od 1`);
  }
  if (w > LIMITS.side || h > LIMITS.side || w * h > LIMITS.squares) {
    fail(
      `board ${w}x${h} is beyond the solvers' limit for capture problems: at most ${LIMITS.side} squares a side and ${LIMITS.squares} squares in all`,
      `deska ${w}×${h} je nad mez řešičů pro úlohy s braním: nejvýš ${LIMITS.side} polí na stranu a ${LIMITS.squares} polí celkem`,
    );
  }
  const board = makeBoard([w, h]);
  if (p.start === null) fail("place the piece first (its start square)", "nejprve postavte kámen (jeho výchozí pole)");
  const start = square(board, p.start, { en: "start", cs: "výchozí pole" });
  const seen = new Map<Square, string>([[start, p.start]]);
  const list = (names: readonly string[], what: Bilingual): Square[] =>
    names.map((n) => {
      const sq = square(board, n, what);
      const before = seen.get(sq);
      if (before !== undefined) {
        fail(`${what.en} ${n} stands where ${before} already stands`, `${what.cs} ${n} stojí tam, kde už stojí ${before}`);
      }
      seen.set(sq, n);
      return sq;
    });
  const men = family === "hopper" ? [] : list(p.men, { en: "man", cs: "kámen" });
  const hurdles = family === "hopper" ? list(p.hurdles, { en: "hurdle", cs: "překážka" }) : [];
  if (family !== "hopper" && men.length > LIMITS.men) {
    fail(
      `${men.length} men: an exhaustive count over more than ${LIMITS.men} men would not finish`,
      `${men.length} kamenů: úplné počítání nad ${LIMITS.men} kamenů by neskončilo`,
    );
  }
  if (family !== "hopper" && men.length === 0) fail("place at least one man to capture", "postavte aspoň jeden kámen k braní");
  const out: CheckedPosition = { family, board, start, men, hurdles, position: p };
  if (p.stipulation === "fixed-end") {
    if (p.end === undefined) fail("choose the fixed last square (one of the men)", "zvolte pevné poslední pole (jeden z kamenů)");
    const end = square(board, p.end, { en: "last square", cs: "poslední pole" });
    if (!men.includes(end)) fail(`the last square ${p.end} is not one of the men`, `poslední pole ${p.end} není žádný z kamenů`);
    out.end = end;
  }
  if (p.stipulation === "ser-z") {
    if (p.target === undefined) fail("choose the square to reach (ser-z)", "zvolte cílové pole (ser-z)");
    const target = square(board, p.target, { en: "target", cs: "cíl" });
    if (target === start) fail("the target is the hopper's own square", "cíl je pole samotného cvrčka");
    if (hurdles.includes(target)) fail(`the target ${p.target} holds a hurdle`, `na cíli ${p.target} stojí překážka`);
    out.target = target;
  }
  return out;
}

// ---------------------------------------------------------------------------
// The notation: key=value fields.

const KEYS = ["piece", "board", "start", "men", "hurdles", "stip", "end", "target"] as const;

/** The fields of a position in their fixed order (empty lists and absent squares left out). */
export function positionFields(p: WorkbenchPosition): [string, string][] {
  const out: [string, string][] = [["piece", p.piece], ["board", `${p.board[0]}x${p.board[1]}`]];
  if (p.start !== null) out.push(["start", p.start]);
  const family = familyOf(p.piece);
  if (family !== "hopper" && p.men.length > 0) out.push(["men", p.men.join(",")]);
  if (family === "hopper" && p.hurdles.length > 0) out.push(["hurdles", p.hurdles.join(",")]);
  out.push(["stip", p.stipulation]);
  if (p.stipulation === "fixed-end" && p.end !== undefined) out.push(["end", p.end]);
  if (p.stipulation === "ser-z" && p.target !== undefined) out.push(["target", p.target]);
  return out;
}

/** One line of the atlas's notation: "piece=2,3 board=8x8 start=b1 men=e3,h1 stip=dual-free". */
export function formatPosition(p: WorkbenchPosition): string {
  return positionFields(p).map(([k, v]) => `${k}=${v}`).join(" ");
}

/** The permalink's query string (without "?"): the same fields joined by "&" (commas kept readable). */
export function positionQuery(p: WorkbenchPosition): string {
  return positionFields(p).map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ",")}`).join("&");
}

const PIECE_ALIASES: Record<string, string> = {
  g: "grasshopper",
  rh: "rookhopper",
  bh: "bishophopper",
  nh: "nightriderhopper",
  "nightrider-hopper": "nightriderhopper",
  lo: "locust",
  rl: "rook-locust",
  bl: "bishop-locust",
  nl: "nightrider-locust",
};

/** A piece field as written by a reader: "2,3", "[2,3]", "(3,2)", "grasshopper", "RL", … */
export function normalisePiece(text: string): string {
  const t = text.trim().toLowerCase();
  const m = /^[[(]?\s*(\d+)\s*,\s*(\d+)\s*[\])]?$/.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return `${Math.min(a, b)},${Math.max(a, b)}`;
  }
  const name = PIECE_ALIASES[t] ?? t;
  familyOf(name);
  return name;
}

function squares(value: string): string[] {
  return value.split(/[,;\s]+/).map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
}

/**
 * Reads the notation or a query string ("?piece=…&board=…", "#…" too). Only
 * the reading is checked here (known keys, a piece, a board, a stipulation);
 * checkWorkbench checks the squares against the board.
 */
export function parsePosition(text: string): WorkbenchPosition {
  const t = text.trim().replace(/^[?#]/, "");
  if (t === "") {
    fail(
      "nothing to read: paste a line such as piece=2,3 board=8x8 start=b1 men=e3,h1",
      "není co číst: vložte řádek jako piece=2,3 board=8x8 start=b1 men=e3,h1",
    );
  }
  const fields = new Map<string, string>();
  for (const part of t.split(/[&\s]+/)) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq <= 0) fail(`"${part}" is not a key=value field`, `„${part}“ není pole tvaru klíč=hodnota`);
    const key = part.slice(0, eq).toLowerCase();
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).replace(/\+/g, " "));
    } catch {
      fail(`the value of ${key} is not readable`, `hodnotu ${key} nelze přečíst`);
    }
    if (!(KEYS as readonly string[]).includes(key)) {
      fail(`unknown field "${key}" (known: ${KEYS.join(", ")})`, `neznámé pole „${key}“ (známá: ${KEYS.join(", ")})`);
    }
    if (fields.has(key)) fail(`the field ${key} is given twice`, `pole ${key} je zadáno dvakrát`);
    fields.set(key, value);
  }
  const pieceText = fields.get("piece");
  if (pieceText === undefined) fail("the field piece is missing", "chybí pole piece");
  const piece = normalisePiece(pieceText);
  const family = familyOf(piece);
  const boardText = (fields.get("board") ?? "8x8").trim().toLowerCase();
  const bm = /^(\d+)x(\d+)$/.exec(boardText);
  if (!bm) {
    fail(
      `board "${boardText}": expected two sides joined by x, e.g. 8x8`,
      `deska „${boardText}“: čekají se dvě strany spojené x, např. 8x8`,
    );
  }
  const stip = (fields.get("stip") ?? STIPULATIONS[family][0]) as Stipulation;
  if (!STIPULATIONS[family].includes(stip)) {
    fail(
      `stip=${stip} is not one of the ${family}'s (${STIPULATIONS[family].join(", ")})`,
      `stip=${stip} k tomuto kameni nepatří (${STIPULATIONS[family].join(", ")})`,
    );
  }
  const p: WorkbenchPosition = {
    piece,
    board: [Number(bm[1]), Number(bm[2])],
    start: fields.has("start") ? fields.get("start")!.trim().toLowerCase() : null,
    men: family === "hopper" ? [] : squares(fields.get("men") ?? ""),
    hurdles: family === "hopper" ? squares(fields.get("hurdles") ?? "") : [],
    stipulation: stip,
  };
  if (family === "hopper" && fields.has("men")) {
    fail("a hopper has hurdles, not men: write hurdles=…", "cvrček má překážky, ne kameny: pište hurdles=…");
  }
  if (family !== "hopper" && fields.has("hurdles")) fail("only hoppers have hurdles: write men=…", "překážky mají jen cvrčci: pište men=…");
  if (fields.has("end")) {
    if (stip !== "fixed-end") fail("end= belongs to stip=fixed-end", "end= patří k stip=fixed-end");
    p.end = fields.get("end")!.trim().toLowerCase();
  }
  if (fields.has("target")) {
    if (stip !== "ser-z") fail("target= belongs to stip=ser-z", "target= patří k stip=ser-z");
    p.target = fields.get("target")!.trim().toLowerCase();
  }
  return p;
}

/** The default position of a piece: an empty board of the given size with the family's first stipulation. */
export function emptyPosition(piece: string, board: [number, number] = [8, 8]): WorkbenchPosition {
  return { piece, board, start: null, men: [], hurdles: [], stipulation: STIPULATIONS[familyOf(piece)][0] };
}

/** Square names of the checked position in board order (for diagrams and the tests). */
export function names(board: Board, squares: readonly Square[]): string[] {
  return squares.map((s) => squareName(board, s));
}

export type { HopperKind, LocustKind };
