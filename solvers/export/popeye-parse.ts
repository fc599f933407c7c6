/**
 * Reading Popeye input back into a workbench position: the inverse of the
 * exporter in solvers/export/popeye.ts, and tolerant of how problemists write
 * the same problem by hand.
 *
 * What is read (the same facts of Popeye's input language as the exporter,
 * from py-engl.txt and input/plaintext/pieces.c of thomas-maeder/popeye):
 * - "Pieces White <groups> Black <groups>" (also "Neutral"): a group is a
 *   walk code glued to its squares, the code one character long when the
 *   token's length is odd and two when it is even; several groups per colour;
 * - the white piece: one leaper (POPEYE_LEAPER_CODES), hopper or locust;
 *   white dummies ("du") are a hopper's hurdles; every black piece is a man to
 *   capture (the exporter writes black wazirs; a black pawn or knight typed by
 *   hand is read as a man too);
 * - "Condition Hole <squares>": the squares of 8x8 outside a smaller board
 *   placed at a1 (exactly what holesFor writes; any other holes are refused);
 *   WhiteMustCapture is accepted and changes nothing (every solution of a
 *   capture-all problem captures on every move);
 * - "Stipulation ser-=n" (all men captured in n moves: n must be the number
 *   of men) and "ser-z<square><n>" (a hopper reaches the square);
 * - keywords in any case and abbreviated to their first three letters or
 *   more (Popeye accepts abbreviations); Remark, Option, Author, Title,
 *   Origin, BeginProblem, EndProblem and Twin lines are skipped.
 * Anything else is a WorkbenchError naming the token.
 */
import { holesFor, POPEYE_HOPPER_CODES, POPEYE_LEAPER_CODES, POPEYE_LOCUST_CODES } from "./popeye.ts";
import { WorkbenchError, type WorkbenchPosition } from "../workbench/position.ts";

function fail(en: string, cs: string): never {
  throw new WorkbenchError({ en, cs });
}

const KEYWORDS = [
  "pieces",
  "condition",
  "stipulation",
  "option",
  "remark",
  "author",
  "title",
  "origin",
  "beginproblem",
  "endproblem",
  "twin",
  "next",
  "protocol",
] as const;
type Keyword = typeof KEYWORDS[number];

/** The keyword a word abbreviates (three letters or more), or null. */
function keyword(word: string): Keyword | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  return KEYWORDS.find((k) => k.startsWith(w)) ?? null;
}

function colourWord(word: string): "white" | "black" | "neutral" | null {
  const w = word.toLowerCase();
  if (w.length < 1) return null;
  for (const c of ["white", "black", "neutral"] as const) if (c.startsWith(w) && w.length >= 2) return c;
  return null;
}

const LEAPS = new Map(Object.entries(POPEYE_LEAPER_CODES).map(([leap, code]) => [code, leap]));
const HOPPERS = new Map(Object.entries(POPEYE_HOPPER_CODES).map(([kind, code]) => [code, kind]));
const LOCUSTS = new Map(Object.entries(POPEYE_LOCUST_CODES).map(([kind, code]) => [code, kind]));

/** A piece group: walk code and squares (the parity rule of Popeye's parser). */
function group(token: string): { code: string; squares: string[] } {
  const t = token.toLowerCase();
  const codeLength = t.length % 2 === 1 ? 1 : 2;
  const code = t.slice(0, codeLength);
  const rest = t.slice(codeLength);
  if (rest === "") fail(`piece group "${token}" has no squares`, `skupina kamenů „${token}“ nemá pole`);
  const squares: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const sq = rest.slice(i, i + 2);
    if (!/^[a-h][1-8]$/.test(sq)) {
      fail(`"${sq}" in "${token}" is not a square of Popeye's 8x8 board`, `„${sq}“ v „${token}“ není pole šachovnice 8×8`);
    }
    squares.push(sq);
  }
  return { code, squares };
}

/** The board a Hole list leaves at a1, or a refusal. */
function boardOfHoles(holes: string[]): [number, number] {
  const set = new Set(holes);
  for (let w = 1; w <= 8; w++) {
    for (let h = 1; h <= 8; h++) {
      const expect = holesFor([w, h]);
      if (expect.length === set.size && expect.every((s) => set.has(s))) return [w, h];
    }
  }
  return fail(
    "the holes do not leave a rectangle standing at a1: the atlas reads Hole only as the edge of a smaller board",
    "díry nenechávají obdélník od a1: atlas čte Hole jen jako okraj menší desky",
  );
}

/** Reads Popeye input (one problem) as a workbench position. */
export function parsePopeye(text: string): WorkbenchPosition {
  // Remarks, titles and the like run to the end of their line; the rest is a stream of words.
  const words: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const ws = line.trim().split(/\s+/).filter((w) => w !== "");
    if (ws.length === 0) continue;
    const k = keyword(ws[0]);
    if (k === "remark" || k === "author" || k === "title" || k === "origin" || k === "protocol") continue;
    words.push(...ws);
  }
  let piece: string | null = null;
  let start: string | null = null;
  const men: string[] = [];
  const hurdles: string[] = [];
  let holes: string[] = [];
  let stip: string | null = null;
  let section: Keyword | null = null;
  let colour: "white" | "black" | "neutral" | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const k = keyword(word);
    // Keywords have no digits, so a piece group ("gia1") never reads as one.
    if (k !== null) {
      if (k === "twin" || k === "next") {
        fail("one problem at a time: twins and further problems are not read", "jedna úloha najednou: dvojčata a další úlohy se nečtou");
      }
      section = k;
      colour = null;
      continue;
    }
    if (section === "pieces") {
      const c = colourWord(word);
      if (c !== null) {
        colour = c;
        continue;
      }
      if (colour === null) fail(`"${word}" stands before White or Black`, `„${word}“ stojí před White nebo Black`);
      const g = group(word);
      if (colour === "black") {
        men.push(...g.squares);
        continue;
      }
      if (colour === "neutral") {
        fail(`neutral pieces ("${word}") have no place in a capture problem`, `neutrální kameny („${word}“) do úlohy s braním nepatří`);
      }
      if (g.code === "du") {
        hurdles.push(...g.squares);
        continue;
      }
      const kind = LEAPS.get(g.code) ?? HOPPERS.get(g.code) ?? LOCUSTS.get(g.code);
      if (kind === undefined) {
        fail(
          `white walk "${g.code}" in "${word}" is none of the atlas's pieces`,
          `bílý kámen „${g.code}“ v „${word}“ není žádný z kamenů atlasu`,
        );
      }
      if (piece !== null || g.squares.length > 1) {
        fail("the atlas's problems have one white piece besides the dummies", "úlohy atlasu mají kromě figurek jediný bílý kámen");
      }
      piece = kind;
      start = g.squares[0];
      continue;
    }
    if (section === "condition") {
      const w = word.toLowerCase();
      if (w === "hole") continue;
      if (w === "whitemustcapture") continue;
      if (/^([a-h][1-8])+$/.test(w)) {
        for (let j = 0; j < w.length; j += 2) holes.push(w.slice(j, j + 2));
        continue;
      }
      fail(
        `condition "${word}" is not one the atlas reads (Hole and WhiteMustCapture are)`,
        `podmínku „${word}“ atlas nečte (čte Hole a WhiteMustCapture)`,
      );
    }
    if (section === "stipulation") {
      if (stip !== null) fail(`a second stipulation "${word}"`, `druhé zadání „${word}“`);
      stip = word.toLowerCase();
      continue;
    }
    if (section === "option" || section === "beginproblem" || section === "endproblem") continue;
    fail(`"${word}" is not Popeye input the atlas reads`, `„${word}“ není vstup Popeye, který atlas čte`);
  }
  if (piece === null || start === null) {
    fail("no white piece: write e.g. Pieces White zb1 Black wee3h1", "chybí bílý kámen: pište např. Pieces White zb1 Black wee3h1");
  }
  if (stip === null) fail("no stipulation: write e.g. Stipulation ser-=3", "chybí zadání: pište např. Stipulation ser-=3");
  holes = [...new Set(holes)];
  const isHopper = piece in POPEYE_HOPPER_CODES;
  const isLeaper = /^\d+,\d+$/.test(piece);
  if (!isLeaper && holes.length > 0) {
    fail(
      "holes do not stop a hopper's or a locust's lines as a board's edge does: only 8x8 is read for them",
      "díry nezastaví linie cvrčka ani locusta jako okraj desky: pro ně se čte jen 8×8",
    );
  }
  const board: [number, number] = holes.length > 0 ? boardOfHoles(holes) : [8, 8];
  if (isHopper) {
    if (men.length > 0) {
      fail(
        "a hopper's problem has no black men (hurdles are white dummies, du)",
        "úloha cvrčka nemá černé kameny (překážky jsou bílé figurky du)",
      );
    }
    const m = /^ser-?z([a-h][1-8])(\d+)$/.exec(stip);
    if (!m) {
      fail(
        `stipulation "${stip}": a hopper's is ser-z<square><moves>, e.g. ser-ze47`,
        `zadání „${stip}“: u cvrčka je ser-z<pole><tahy>, např. ser-ze47`,
      );
    }
    return { piece, board, start, men: [], hurdles, stipulation: "ser-z", target: m[1] };
  }
  if (hurdles.length > 0) fail("dummies (du) are hurdles of hoppers only", "figurky (du) jsou překážky jen pro cvrčky");
  const m = /^ser-=(\d+)$/.exec(stip);
  if (!m) {
    fail(
      `stipulation "${stip}": a capture series is ser-=n (n = the number of men)`,
      `zadání „${stip}“: sériové braní je ser-=n (n = počet kamenů)`,
    );
  }
  if (Number(m[1]) !== men.length) {
    fail(
      `ser-=${m[1]} with ${men.length} black men: the series captures every man, one a move`,
      `ser-=${m[1]} s ${men.length} černými kameny: série bere každý kámen, jeden za tah`,
    );
  }
  return { piece, board, start, men, hurdles: [], stipulation: isLeaper ? "dual-free" : "capture" };
}
