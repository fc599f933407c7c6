/**
 * Site adapter of the tour family (data/tours/records.json): smallest boards
 * with a closed tour of a leaper (booklet after Knuth), knight's tour counts
 * (thesis, Table 2), geometrically longest closed king tours (booklet, King
 * tours), leaper tours on k×k×k cubes and the longest dual-free leaper
 * sequences on the 3×3×3 and 4×4×4 cubes. Czech terms follow the booklet:
 * "uzavřená / otevřená cesta", "nejdelší uzavřená cesta krále" (lines
 * 3597-3660), jezdec, žirafa, zebra, antilopa.
 *
 * Diagrams number the squares 1, 2, … in tour order, the knight's-tour
 * convention (the leaper family numbers from 0 as the booklet's capture
 * solutions do); the page says so. Large witnesses (26x26, 8x8x8) would print
 * numbers too small to read at the page's diagram width, so their diagrams
 * show the path only (numbersLegible) and the order is in the notation. Dual-free
 * sequences are capture series: drawn as the leaper family draws them (men on
 * the board, the start numbered 0 and each man with the move that takes it).
 */
import { join } from "node:path";
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { Piece, Square } from "../../solvers/types.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { leaper, normaliseLeap } from "../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES } from "../../solvers/pieces/names.ts";
import { king } from "../../solvers/pieces/rider.ts";
import { formatCaptures, formatTour, problemHeading } from "../../solvers/notation.ts";
import { leaperGlyph } from "../../solvers/leaper/diagram-spec.ts";
import { tourVerdict } from "../../solvers/tour/theorem.ts";
import { kingLowerBound, kingTourLength } from "../../solvers/tour/king.ts";
import { type TourRecord, TourRecordFile } from "../../solvers/tour/schema.ts";
import type { AtlasEntry, Bilingual, EntryCitation, FamilyAdapter, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { leaperKey, leaperPieceInfo, riderPieceInfo } from "../lib/pieces.ts";
import { diagramLayout } from "../lib/diagram-svg.ts";
import { DataError, familyResults, readFamilyFile } from "../data.ts";
import type { CellStatus } from "../i18n.ts";
import { formatNumber } from "../lib/format.ts";

const FILE = join("tours", "records.json");

/** Default width of a page diagram (site/components/Diagram.astro). */
const PAGE_DIAGRAM_PX = 360;
/** Smallest readable number height in px at that width. */
const MIN_NUMBER_PX = 8.5;
/** Replays beyond this many squares are left out (hundreds of steps, unreadable numbers). */
const REPLAY_MAX_SQUARES = 400;

function load(): { records: TourRecord[]; report: Map<string, CheckResult> } {
  return { records: readFamilyFile(FILE, TourRecordFile)?.records ?? [], report: familyResults("tour") };
}

// ------------------------------------------------------------ names

interface PieceWords {
  name: Bilingual;
  /** Genitive-free Czech noun phrase for "cesta …": "cesta jezdce". */
  of: Bilingual;
  glyph: string;
  key: string;
}

const CS_GENITIVE: Record<string, string> = {
  "0,1": "vezíra",
  "0,2": "dababy",
  "1,1": "fersu",
  "1,3": "velblouda",
  "2,2": "alfilu",
  "1,2": "jezdce",
  "1,4": "žirafy",
  "1,6": "flaminga",
  "2,3": "zebry",
  "2,5": "korsara",
  "3,4": "antilopy",
};

function pieceWords(p: TourRecord["piece"]): PieceWords {
  if (p.type === "king") return { name: { en: "King", cs: "Král" }, of: { en: "king", cs: "krále" }, glyph: "king", key: "king" };
  const [x, y] = normaliseLeap(p.leap[0], p.leap[1]);
  const named = LEAPER_NAMES.find((n) => n.leap[0] === x && n.leap[1] === y);
  const bracket = `[${x},${y}]`;
  const en = named ? `${named.name} ${bracket}` : `${bracket} leaper`;
  const csName = named?.nameCs ?? named?.name.toLowerCase();
  const cs = csName ? `${csName.charAt(0).toUpperCase()}${csName.slice(1)} ${bracket}` : `Skokan ${bracket}`;
  const gen = CS_GENITIVE[`${x},${y}`];
  return {
    name: { en, cs },
    of: { en: named ? named.name.toLowerCase() : `${bracket} leaper`, cs: gen ? `${gen} ${bracket}` : `skokana ${bracket}` },
    glyph: x === 1 && y === 2 ? "knight" : `leaper:${x},${y}`,
    key: leaperKey([x, y]),
  };
}

function movingPiece(p: TourRecord["piece"]): Piece {
  return p.type === "king" ? king() : leaper(p.leap[0], p.leap[1]);
}

const boardText = (b: readonly number[]) => b.join("x");
/** A king tour's length to three decimals, cut off (not rounded) as the booklet prints it (4.828, 10.242, 20.970). */
const kingLength = (n: number, ort: number) => (Math.floor(kingTourLength(n, ort) * 1000) / 1000).toFixed(3);
const boardMath = (b: readonly number[]) => b.join("×");
const openClosed = (closed: boolean): Bilingual => closed ? { en: "closed", cs: "uzavřená" } : { en: "open", cs: "otevřená" };

function citation(c: NonNullable<TourRecord["claim"]>): EntryCitation {
  return {
    author: c.author,
    publication: c.publication,
    year: c.year,
    sourceRef: c.source ? `${c.source.file}${c.source.line ? `, line ${c.source.line}` : ""}` : undefined,
  };
}

/** A decimal string as the entry's number (the counts here stay exact as doubles; checked, not assumed). */
function asNumber(value: string, id: string): number {
  const n = Number(value);
  if (BigInt(n) !== BigInt(value)) throw new DataError(`${id}: the value ${value} is not exact as a number`);
  return n;
}

// ------------------------------------------------------------ diagrams

/**
 * Would tour numbers be readable on the page? The renderer writes labels of
 * 1-2 digits at 20 units, 3 digits at 15, longer at 12 (diagram-svg.ts), on
 * squares of 40 units scaled to the page width.
 */
export function numbersLegible(board: readonly number[], px = PAGE_DIAGRAM_PX): boolean {
  const L = diagramLayout(board, { size: px });
  const squares = board.reduce((a, b) => a * b, 1);
  const digits = String(squares).length;
  const font = digits <= 2 ? 20 : digits === 3 ? 15 : 12;
  return (font * L.width) / L.viewWidth >= MIN_NUMBER_PX;
}

export interface TourSpecs {
  problem: DiagramSpec;
  solution: DiagramSpec;
  replay: ReplaySpec | null;
  text: string;
}

/**
 * A dual-free record as a capture series, the leaper family's way
 * (solvers/leaper/diagram-spec.ts): the white leaper on the start and a black
 * man on every other square of the witness; the solution numbers the start 0
 * and each man with the move that captures it; every replay step captures.
 */
function dualFreeSpecs(r: TourRecord): TourSpecs | null {
  const w = r.witness;
  if (!w || r.piece.type !== "leaper") return null;
  const board = makeBoard(r.board);
  const order: Square[] = w.squares.map((s) => parseSquare(board, s));
  const [start, ...men] = order;
  const leap = normaliseLeap(r.piece.leap[0], r.piece.leap[1]);
  const piece = leaper(leap[0], leap[1]);
  const dims = [...r.board];
  const problem: DiagramSpec = {
    board: dims,
    pieces: [
      { square: start, glyph: leaperGlyph(leap), colour: "white" },
      ...men.map((square) => ({ square, glyph: "man", colour: "black" as const })),
    ],
  };
  const solution: DiagramSpec = { board: dims, pieces: [], path: order, marks: [{ square: start, kind: "start" }] };
  if (numbersLegible(r.board)) solution.numbers = order.map((square, i) => ({ square, label: String(i) }));
  const text = formatCaptures(board, piece, start, men);
  const labels = text === "" ? [] : text.split(" ");
  const steps: ReplayStep[] = men.map((to, i) => ({ from: order[i], to, captured: to, label: labels[i] }));
  const replay: ReplaySpec = { initial: problem, steps, tryIt: { type: "leaper-capture", leap, board: dims, start, men } };
  return { problem, solution, replay, text };
}

/** Diagrams, replay and notation of a record with a witness. */
export function tourSpecs(r: TourRecord): TourSpecs | null {
  if (r.kind === "dual-free") return dualFreeSpecs(r);
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const order: Square[] = w.squares.map((s) => parseSquare(board, s));
  const start = order[0];
  const pw = pieceWords(r.piece);
  const piece = movingPiece(r.piece);
  const problem: DiagramSpec = {
    board: [...r.board],
    pieces: [{ square: start, glyph: pw.glyph, colour: "white" }],
    marks: [{ square: start, kind: "start" }],
  };
  const solution: DiagramSpec = { board: [...r.board], pieces: [], path: order, marks: [{ square: start, kind: "start" }] };
  if (w.closed) solution.closed = true;
  const legible = numbersLegible(r.board);
  // Knight's-tour convention: the start square is 1, the last square n (not the booklet's 0 of capture solutions).
  if (legible) solution.numbers = order.map((square, i) => ({ square, label: String(i + 1) }));
  const text = formatTour(board, piece, order.slice(1), { closed: w.closed, start });
  const labels = text === "" ? [] : text.split(" ");
  const path = w.closed ? [...order, start] : order;
  const steps: ReplayStep[] = [];
  for (let i = 1; i < path.length; i++) steps.push({ from: path[i - 1], to: path[i], label: labels[i - 1] });
  let replay: ReplaySpec | null = null;
  if (legible || (r.board.length === 2 && board.size <= REPLAY_MAX_SQUARES)) {
    replay = { initial: problem, steps };
    // The replay's try-it knows leapers only (TryItRules): the king's tours are replayed without it.
    if (r.piece.type === "leaper") {
      const [x, y] = normaliseLeap(r.piece.leap[0], r.piece.leap[1]);
      replay.tryIt = { type: "tour", leap: [x, y], board: [...r.board], start, ...(w.closed ? { closed: true } : {}) };
    }
  }
  return { problem, solution, replay, text };
}

// ------------------------------------------------------------ words

function titleOf(r: TourRecord): Bilingual {
  const pw = pieceWords(r.piece);
  const b = boardText(r.board);
  switch (r.kind) {
    case "smallest-closed-board":
      return {
        en: `${pw.name.en}: smallest square board with a closed tour`,
        cs: `${pw.name.cs}: nejmenší čtvercová šachovnice s uzavřenou cestou`,
      };
    case "tour-count":
      return r.closed
        ? { en: `Number of closed knight's tours on ${b}`, cs: `Počet uzavřených cest jezdce na ${b}` }
        : { en: `Number of open knight's tours on ${b}`, cs: `Počet otevřených cest jezdce na ${b}` };
    case "longest-king-tour":
      return { en: `Longest closed king tour on ${b}`, cs: `Nejdelší uzavřená cesta krále na ${b}` };
    case "cube-tour":
      return {
        en: `${pw.name.en}, ${openClosed(r.closed).en} tour of the ${b} cube`,
        cs: `${pw.name.cs}, ${openClosed(r.closed).cs} cesta krychlí ${b}`,
      };
    case "dual-free":
      return {
        en: `${pw.name.en}: longest dual-free sequence on the ${b} cube`,
        cs: `${pw.name.cs}: nejdelší jednoznačná cesta na krychli ${b}`,
      };
  }
}

/** The booklet's heading of a dual-free record ("sd=20 Wazir 111 (1+20)"), or null without a witness. */
function dualFreeHeading(r: TourRecord): Bilingual | null {
  if (!r.witness || r.piece.type !== "leaper") return null;
  const board = makeBoard(r.board);
  const piece = leaper(r.piece.leap[0], r.piece.leap[1]);
  const start = parseSquare(board, r.witness.squares[0]);
  const men = r.witness.squares.length - 1;
  return { en: problemHeading(board, piece, start, men), cs: problemHeading(board, piece, start, men, { lang: "cs" }) };
}

function problemOf(r: TourRecord): Bilingual {
  const pw = pieceWords(r.piece);
  const b = boardText(r.board);
  const v = r.claim?.value ?? r.established.value;
  switch (r.kind) {
    case "smallest-closed-board":
      return { en: `Closed ${pw.of.en} tour: smallest n×n, n = ${v}`, cs: `Uzavřená cesta ${pw.of.cs}: nejmenší n×n, n = ${v}` };
    case "tour-count":
      return r.closed
        ? { en: `Closed knight's tours on ${b}: ${v} (undirected)`, cs: `Uzavřené cesty jezdce na ${b}: ${v} (bez orientace)` }
        : { en: `Open knight's tours on ${b}: ${v} (directed)`, cs: `Otevřené cesty jezdce na ${b}: ${v} (orientované)` };
    case "longest-king-tour": {
      const n = r.board[0];
      // The diagram shows our witness: describe it (8x8: our 8 steps, not the booklet's 10).
      const v = r.established.value ?? r.claim?.value ?? null;
      const len = v !== null ? ` = ${kingLength(n, Number(v))}` : "";
      return {
        en: `Closed king tour ${b}: ${v} orthogonal steps, length${len}`,
        cs: `Uzavřená cesta krále ${b}: ${v} kroků rovně, délka${len.replace(".", ",")}`,
      };
    }
    case "cube-tour": {
      const oc = openClosed(r.closed);
      return r.exists
        ? { en: `${pw.name.en}, ${oc.en} tour of ${b}: exists`, cs: `${pw.name.cs}, ${oc.cs} cesta ${b}: existuje` }
        : { en: `${pw.name.en}, ${oc.en} tour of ${b}: none`, cs: `${pw.name.cs}, ${oc.cs} cesta ${b}: neexistuje` };
    }
    case "dual-free": {
      const h = dualFreeHeading(r);
      const more = r.dualFree?.maximality === "proven-here" ? { en: "", cs: "" } : { en: " (best found)", cs: " (nejlepší nalezená)" };
      return h
        ? { en: `${h.en} on ${b}${more.en}`, cs: `${h.cs} na ${b}${more.cs}` }
        : { en: `sd=${v} on ${b}${more.en}`, cs: `sd=${v} na ${b}${more.cs}` };
    }
  }
}

const NUMBERING: Bilingual = {
  en: "The diagram numbers the squares 1, 2, … in the order of the tour (the usual knight's-tour convention).",
  cs: "Diagram čísluje pole 1, 2, … v pořadí cesty (obvyklá konvence jezdcových cest).",
};

function stipulationOf(r: TourRecord): Bilingual {
  const pw = pieceWords(r.piece);
  const b = boardMath(r.board);
  switch (r.kind) {
    case "smallest-closed-board":
      return {
        en:
          `The ${pw.of.en} visits every square of an n×n board exactly once and its last leap returns to the first square. What is the smallest n for which such a closed tour exists? ${NUMBERING.en}`,
        cs:
          `${pw.name.cs} projde každé pole šachovnice n×n právě jednou a posledním skokem se vrátí na první pole. Pro jaké nejmenší n taková uzavřená cesta existuje? ${NUMBERING.cs}`,
      };
    case "tour-count":
      return r.closed
        ? {
          en: `How many closed knight's tours does the ${b} board have? A closed tour is counted once, whatever its start and direction.`,
          cs: `Kolik uzavřených cest jezdce má šachovnice ${b}? Uzavřená cesta se počítá jednou, bez ohledu na výchozí pole a směr.`,
        }
        : {
          en:
            `How many open knight's tours does the ${b} board have? A tour visits every square exactly once; each path counts once per direction (from either end), reflections and rotations count separately.`,
          cs:
            `Kolik otevřených cest jezdce má šachovnice ${b}? Cesta projde každé pole právě jednou; každá se počítá jednou pro každý směr (z obou konců), zrcadlení a otočení zvlášť.`,
        };
    case "longest-king-tour":
      return {
        en:
          `The king visits every square of ${b} once and returns to the start. An orthogonal step is 1 long, a diagonal one √2, and a tour always has n² steps, so the longest tour is the one with the fewest orthogonal steps: length = ort + (n² − ort)·√2. The value is that number of orthogonal steps. ${NUMBERING.en}`,
        cs:
          `Král projde každé pole šachovnice ${b} jednou a vrátí se na výchozí pole. Krok rovně má délku 1, šikmý √2 a cesta má vždy n² kroků, takže nejdelší je cesta s nejmenším počtem kroků rovně: délka = ort + (n² − ort)·√2. Hodnota je tento počet kroků rovně. ${NUMBERING.cs}`,
      };
    case "cube-tour":
      return {
        en: `Does the ${pw.of.en} have a${r.closed ? " closed" : "n open"} tour of the ${b} board: every square visited exactly once${
          r.closed ? ", the last leap back to the first square" : ""
        }? A leap [x,y] in three dimensions moves x along one axis and y along another. Squares are named by coordinates (522 = x 5, y 2, z 2). ${NUMBERING.en}`,
        cs: `Má ${pw.name.cs.toLowerCase()} ${
          r.closed ? "uzavřenou" : "otevřenou"
        } cestu šachovnicí ${b}, která projde každé pole právě jednou${
          r.closed ? " a posledním skokem se vrátí na první pole" : ""
        }? Skok [x,y] ve třech rozměrech posune o x podél jedné osy a o y podél jiné. Pole se jmenují souřadnicemi (522 = x 5, y 2, z 2). ${NUMBERING.cs}`,
      };
    case "dual-free": {
      const v = r.established.value;
      return {
        en:
          `The white ${pw.of.en} stands on the ${b} cube with ${v} black men and captures one man with every move until none is left (series stalemate, sd=${v}). The position is dual-free: the capture order shown is the only one that takes every man, wherever the last capture falls. What is the largest number of men such a position can have, over every start square? A leap [x,y] in three dimensions moves x along one axis and y along another; squares are named by coordinates (522 = x 5, y 2, z 2). The diagram numbers the start 0 and each man with the move that captures it, as the booklet does.`,
        cs:
          `Bílý kámen (${pw.name.cs.toLowerCase()}) stojí na krychli ${b} s ${v} černými kameny a každým tahem jeden sebere, dokud žádný nezbude (sériový pat, sd=${v}). Pozice je jednoznačná (bez duálů): uvedené pořadí braní je jediné, kterým lze sebrat všechny kameny, ať poslední braní padne kamkoli. Kolik nejvýše kamenů taková pozice může mít, přes všechna výchozí pole? Skok [x,y] ve třech rozměrech posune o x podél jedné osy a o y podél jiné; pole se jmenují souřadnicemi (522 = x 5, y 2, z 2). Diagram čísluje výchozí pole 0 a každý kámen číslem tahu, který ho bere, jako v brožuře.`,
      };
    }
  }
}

/** Why no tour exists, in Czech, from the theorem that decides it (theorem.ts); null when no theorem does. */
function noTourCs(r: TourRecord): string | null {
  if (r.piece.type !== "leaper") return null;
  const v = tourVerdict(makeBoard(r.board), normaliseLeap(r.piece.leap[0], r.piece.leap[1]), r.closed);
  if (v.exists !== false) return null;
  const b = boardMath(r.board);
  switch (v.theorem) {
    case "colour":
      return "každý skok mění barvu pole a šachovnice má různý počet polí obou barev (uzavřená cesta jich potřebuje stejně, otevřená nejvýše o jedno více)";
    case "isolated-square":
      return `na ${b} nemá prostřední pole žádný skok`;
    case "knuth-1994":
      return "Knuthova věta o skokanových grafech (1994)";
    case "schwenk-1991":
      return "Schwenkova věta (1991)";
    case "conrad-1994":
      return "věta Conrada a spol. (1994)";
    case "disconnected":
      return "graf skokana je nesouvislý (x + y je sudé, nebo x a y mají společného dělitele většího než 1)";
    default:
      return null;
  }
}

function establishedOf(r: TourRecord): Bilingual[] {
  const e = r.established;
  const out: Bilingual[] = [];
  const w = r.witness;
  const found = w
    ? {
      en:
        `Our search found the tour shown (${w.generatedBy.method}, ${w.generatedBy.seconds} s); the verifier checks every leap on each build.`,
      cs:
        `Náš program našel zobrazenou cestu (${w.generatedBy.method}, ${w.generatedBy.seconds} s); ověřovač při každém sestavení kontroluje každý skok.`,
    }
    : null;
  switch (r.kind) {
    case "smallest-closed-board": {
      if (found) out.push(found);
      if (e.argument) {
        out.push({
          en: `Every smaller side excluded by theorem: ${e.argument}.`,
          cs:
            "Každá menší strana je vyloučena větou: na malých šachovnicích nemá prostřední pole žádný skok, na ostatních rozhoduje Knuthova věta (1994) nebo počet polí obou barev.",
        });
      }
      break;
    }
    case "tour-count":
      if (e.value !== null) {
        out.push({
          en: `Counted here: ${e.value} (${e.method}${e.seconds !== null ? `, ${e.seconds} s` : ""}).`,
          cs: `Spočítáno zde: ${e.value} (úplný výčet přesným algoritmem, jeden start z každé třídy symetrie${
            e.seconds !== null ? `, ${e.seconds} s` : ""
          }).`,
        });
      } else {
        out.push({
          en: "Cited only: an exhaustive count of this board is beyond our enumeration.",
          cs: "Pouze převzato: úplný výčet této šachovnice je mimo dosah našeho programu.",
        });
      }
      break;
    case "longest-king-tour": {
      const n = r.board[0];
      if (e.value !== null) {
        out.push({
          en: `Our search found a closed tour with ${e.value} orthogonal steps, length ${kingLength(n, Number(e.value))}.`,
          cs: `Náš program našel uzavřenou cestu s ${e.value} kroky rovně, délka ${kingLength(n, Number(e.value)).replace(".", ",")}.`,
        });
      }
      if (e.settledHere && e.argument) {
        const refuted = (r.kingSearch ?? []).filter((b) => !b.found);
        out.push({
          en: `Longest proven here: ${e.argument}.`,
          cs: r.kingSearch
            ? `Maximalita zde dokázána: každý menší sudý počet kroků rovně byl úplně prohledán (přesné prořezávání, king.ts${
              refuted.length ? `; ${refuted.map((b) => `${b.orthogonal}: ${formatNumber(b.nodes, "cs")} uzlů`).join(", ")}` : ""
            }).`
            : `Maximalita zde dokázána: pro liché n potřebuje každá uzavřená cesta krále aspoň 2n = ${
              2 * n
            } kroků rovně (úseky šikmých kroků na jedné barvě, king.ts) a nalezená cesta jich má právě tolik.`,
        });
      }
      if (r.claim && e.value !== null && Number(e.value) < Number(r.claim.value)) {
        // Only on even boards past 6×6 does a smaller value contradict the booklet's conjecture n + 2 (lines 3646–3650).
        const conj = n % 2 === 0 && n > 6;
        out.push({
          en: `This beats the booklet's ${r.claim.value} orthogonal steps (${r.claim.status}).${
            conj
              ? ` The booklet thought a tour of ${e.value} + ${
                n * n - Number(e.value)
              }·√2 "probably does not exist" and conjectured n + 2 orthogonal steps for every even n > 6; ${n}×${n} refutes that conjecture.`
              : ""
          }`,
          cs: `To je méně než ${r.claim.value} kroků rovně v brožuře (${
            r.claim.status === "absolute" ? "absolutní" : "pravděpodobný"
          } rekord).${
            conj
              ? ` Brožura soudila, že cesta typu ${e.value} + ${
                n * n - Number(e.value)
              }·√2 „pravděpodobně neexistuje“, a vyslovila hypotézu n + 2 kroků rovně pro každé sudé n > 6; šachovnice ${n}×${n} tuto hypotézu vyvrací.`
              : ""
          }`,
        });
      }
      if (!e.settledHere) {
        out.push({
          en: `Not settled here: no search of ours shows that fewer orthogonal steps are impossible. Proven lower bound: at least ${
            kingLowerBound(n)
          } orthogonal steps${n % 2 === 1 ? " (odd n: 2n, from the diagonal runs on one colour)" : " (an even number, at least 2)"}.`,
          cs: `Zde nerozhodnuto: žádné naše prohledávání nevylučuje menší počet kroků rovně. Dokázaná dolní mez: nejméně ${
            kingLowerBound(n)
          } kroků rovně${n % 2 === 1 ? " (liché n: 2n, z úseků šikmých kroků na jedné barvě)" : " (sudý počet, nejméně 2)"}.`,
        });
      }
      break;
    }
    case "cube-tour":
      if (r.exists && found) out.push(found);
      else if (!r.exists && e.argument) {
        const cs = noTourCs(r);
        out.push({ en: `No tour: ${e.argument}.`, cs: cs ? `Cesta neexistuje: ${cs}.` : "Cesta neexistuje (úplné prohledání)." });
      }
      break;
    case "dual-free":
      out.push(...dualFreeEstablished(r));
      break;
  }
  if (w && !numbersLegible(r.board)) {
    out.push({
      en:
        `The board has ${w.squares.length} squares: the diagram draws the path only (numbers would be too small to read); the order is in the notation.`,
      cs: `Šachovnice má ${w.squares.length} polí: diagram kreslí jen cestu (čísla by byla nečitelná); pořadí je v zápisu.`,
    });
  }
  return out;
}

/** What the dual-free search covered (schema.ts DualFreeSearch), in both languages. */
function dualFreeEstablished(r: TourRecord): Bilingual[] {
  const out: Bilingual[] = [];
  const w = r.witness;
  const d = r.dualFree;
  const v = r.established.value;
  if (w) {
    out.push({
      en:
        `Our search found the sequence shown by ${w.generatedBy.method} in ${w.generatedBy.seconds} s; on each build the verifier checks every capture and decides with the exact engine that the position has no other solution.`,
      cs: `Náš program našel zobrazenou cestu (${
        w.generatedBy.method.startsWith("local") ? "lokální prohledávání" : "úplný výčet volných polí"
      }, ${
        String(w.generatedBy.seconds).replace(".", ",")
      } s); ověřovač při každém sestavení kontroluje každé braní a přesným algoritmem rozhoduje, že pozice nemá jiné řešení.`,
    });
  }
  if (!d) return out;
  out.push({
    en: `No sequence can have more than ${d.bound} men: no start square reaches more squares than that on the empty cube.`,
    cs: `Žádná cesta nemůže mít víc než ${d.bound} kamenů: žádné výchozí pole nedosáhne na prázdné krychli víc polí.`,
  });
  if (d.maximality === "proven-here") {
    const positions = d.refuted.reduce((a, c) => a + c.positions, 0);
    const calls = d.refuted.reduce((a, c) => a + c.engineCalls, 0);
    const nodes = d.refuted.reduce((a, c) => a + c.engineNodes, 0);
    if (d.refuted.length === 0) {
      out.push({
        en: `Maximality proven here: ${v} men is the bound itself.`,
        cs: `Maximalita dokázána zde: ${v} kamenů je přímo horní mez.`,
      });
    } else {
      const lo = Number(v) + 1;
      out.push({
        en:
          `Maximality proven here: every length ${lo} to ${d.bound} was enumerated exhaustively (free squares, one start per symmetry class): ${
            formatNumber(positions, "en")
          } placements, ${formatNumber(calls, "en")} of them decided by the exact engine (${
            formatNumber(nodes, "en")
          } search nodes); none is dual-free.`,
        cs:
          `Maximalita dokázána zde: každá délka od ${lo} do ${d.bound} byla úplně vyčíslena (volná pole, jedno výchozí pole z každé třídy symetrie): ${
            formatNumber(positions, "cs")
          } rozestavení, z toho ${formatNumber(calls, "cs")} rozhodl přesný algoritmus (${
            formatNumber(nodes, "cs")
          } uzlů); žádné není jednoznačné.`,
      });
    }
  } else {
    out.push({
      en: `Best found, not proven maximal: local search with ${
        formatNumber(d.local.steps, "en")
      } steps (seed ${d.local.seed}, ${d.local.seconds} s). An exhaustive enumeration of the longer lengths would cover about ${
        d.positionsAbove.toExponential(1)
      } placements, beyond this run's budget.`,
      cs: `Nejlepší nalezená, maximalita nedokázána: lokální prohledávání s ${
        formatNumber(d.local.steps, "cs")
      } kroky (semínko ${d.local.seed}, ${String(d.local.seconds).replace(".", ",")} s). Úplný výčet delších cest by musel projít asi ${
        d.positionsAbove.toExponential(1).replace(".", ",")
      } rozestavení, což je nad rozpočet tohoto běhu.`,
    });
  }
  return out;
}

function status(r: TourRecord, c: CheckResult | undefined): CellStatus {
  if (c) return c.status;
  return r.witness || r.established.settledHere ? "unverified" : "pending";
}

/** Our value: the settled value, or for cubes the squares a tour covers (0 = no tour). */
function oursOf(r: TourRecord): number | null {
  if (r.kind === "cube-tour") return r.exists === undefined ? null : r.exists ? r.board.reduce((a, b) => a * b, 1) : 0;
  return r.established.value !== null ? asNumber(r.established.value, r.id) : null;
}

function entries(): AtlasEntry[] {
  const { records, report } = load();
  return records.map((r): AtlasEntry => {
    const s = tourSpecs(r);
    const pw = pieceWords(r.piece);
    const check = report.get(r.id) ?? null;
    return {
      id: r.id,
      family: "tour",
      title: titleOf(r),
      problem: problemOf(r),
      stipulation: stipulationOf(r),
      claim: r.claim ? { ...citation(r.claim), value: asNumber(r.claim.value, r.id), status: r.claim.status } : null,
      ours: oursOf(r),
      status: status(r, check ?? undefined),
      check,
      established: establishedOf(r),
      witnessCitation: null,
      certificate: null,
      problemDiagram: s?.problem ?? null,
      solutionDiagram: s?.solution ?? null,
      replay: s?.replay ?? null,
      solutionText: s?.text ?? null,
      popeye: { unavailable: { en: "Popeye input is not generated for tours.", cs: "Vstup pro Popeye se pro cesty negeneruje." } },
      neighbours: records
        .filter((o) => o.id !== r.id && o.kind === r.kind && JSON.stringify(o.piece) === JSON.stringify(r.piece))
        .map((o) => o.id)
        .slice(0, 12),
      piece: pw.key,
      board: [...r.board],
      keywords: [
        "tour",
        "cesta",
        r.kind,
        ...(r.kind === "dual-free" ? ["dual-free", "jednoznačná", "sd", "cube", "krychle"] : [r.closed ? "closed" : "open"]),
        pw.name.en,
        pw.name.cs,
        ...(r.claim ? [r.claim.counts] : []),
      ],
      notes: [
        ...(r.claim?.note ? [{ text: r.claim.note, lang: "en" as const }] : []),
        ...(r.notes ?? []).map((text) => ({ text, lang: "en" as const })),
      ],
    };
  });
}

// ------------------------------------------------------------ tables

function tables(): FamilyTableSpec[] {
  const { records } = load();
  const out: FamilyTableSpec[] = [];
  const smallest = records.filter((r) => r.kind === "smallest-closed-board");
  if (smallest.length) {
    out.push({
      key: "smallest-closed-boards",
      caption: {
        en: "Smallest n×n board with a closed leaper tour (booklet, after Knuth's 'Leaper graphs')",
        cs: "Nejmenší šachovnice n×n s uzavřenou cestou skokana (brožura, podle Knuthových „Leaper graphs“)",
      },
      rowHeader: { en: "Leaper", cs: "Skokan" },
      columns: [{ key: "n", label: { en: "side n", cs: "strana n" } }],
      rows: smallest.map((r) => ({ key: r.id, label: pieceWords(r.piece).name, cells: [r.id] })),
    });
  }
  const counts = records.filter((r) => r.kind === "tour-count");
  if (counts.length) {
    const boards = [...new Set(counts.map((r) => boardText(r.board)))];
    const find = (b: string, closed: boolean) => counts.find((r) => boardText(r.board) === b && r.closed === closed)?.id ?? null;
    out.push({
      key: "tour-counts",
      caption: {
        en: "Knight's tours counted (thesis, Table 2): the published number; ours where we counted it (status ↻)",
        cs: "Počty cest jezdce (diplomová práce, tab. 2): publikovaný počet; náš, kde jsme jej spočítali (stav ↻)",
      },
      rowHeader: { en: "Board", cs: "Šachovnice" },
      columns: [
        { key: "open", label: { en: "open, directed", cs: "otevřené, orientované" } },
        { key: "closed", label: { en: "closed, undirected", cs: "uzavřené, bez orientace" } },
      ],
      rows: boards.map((b) => ({ key: b, label: { en: b, cs: b }, cells: [find(b, false), find(b, true)] })),
    });
  }
  const kings = records.filter((r) => r.kind === "longest-king-tour").sort((a, b) => a.board[0] - b.board[0]);
  if (kings.length) {
    out.push({
      key: "longest-king-tours",
      caption: {
        en: "Geometrically longest closed king tours: fewest orthogonal steps (length in the row)",
        cs: "Geometricky nejdelší uzavřené cesty krále: nejmenší počet kroků rovně (délka v řádku)",
      },
      rowHeader: { en: "Board (length)", cs: "Šachovnice (délka)" },
      columns: [{ key: "ort", label: { en: "orthogonal steps", cs: "kroky rovně" } }],
      rows: kings.map((r) => {
        const v = r.established.value ?? r.claim?.value ?? null;
        const len = v !== null ? ` (${kingLength(r.board[0], Number(v))})` : "";
        return {
          key: r.id,
          label: { en: `${boardText(r.board)}${len}`, cs: `${boardText(r.board)}${len.replace(".", ",")}` },
          cells: [r.id],
        };
      }),
    });
  }
  const cubes = records.filter((r) => r.kind === "cube-tour");
  if (cubes.length) {
    const rowKeys = [...new Set(cubes.map((r) => `${JSON.stringify(r.piece)}|${boardText(r.board)}`))];
    out.push({
      key: "cube-tours",
      caption: {
        en: "Leaper tours of k×k×k cubes: squares toured (k³), 0 = no tour (the record says which theorem)",
        cs: "Cesty skokanů krychlemi k×k×k: počet prošlých polí (k³), 0 = cesta neexistuje (záznam uvádí, která věta)",
      },
      rowHeader: { en: "Leaper, cube", cs: "Skokan, krychle" },
      columns: [
        { key: "open", label: { en: "open", cs: "otevřená" } },
        { key: "closed", label: { en: "closed", cs: "uzavřená" } },
      ],
      rows: rowKeys.map((k) => {
        const [piece, b] = k.split("|");
        const rs = cubes.filter((r) => JSON.stringify(r.piece) === piece && boardText(r.board) === b);
        const name = pieceWords(rs[0].piece).name;
        return {
          key: k.replace(/[^a-z0-9x]+/gi, "-"),
          label: { en: `${name.en}, ${b}`, cs: `${name.cs}, ${b}` },
          cells: [rs.find((r) => !r.closed)?.id ?? null, rs.find((r) => r.closed)?.id ?? null],
        };
      }),
    });
  }
  const dual = records.filter((r) => r.kind === "dual-free" && r.piece.type === "leaper");
  if (dual.length) {
    const sides = [...new Set(dual.map((r) => boardText(r.board)))].sort((a, b) => parseInt(a) - parseInt(b));
    const leapOf = (r: TourRecord) => (r.piece.type === "leaper" ? normaliseLeap(r.piece.leap[0], r.piece.leap[1]) : [0, 0]);
    const leaps = [...new Set(dual.map((r) => leapOf(r).join(",")))]
      .map((k) => k.split(",").map(Number))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    out.push({
      key: "dual-free-cubes",
      caption: {
        en:
          "Dual-free on cubes: the most men a leaper can capture in a unique order (sd=n) on 3×3×3 and 4×4×4 (∎ proven maximal here, ↻ best found)",
        cs:
          "Jednoznačné cesty na krychlích: nejvíc kamenů, které skokan sebere v jediném možném pořadí (sd=n), na 3×3×3 a 4×4×4 (∎ maximalita dokázána zde, ↻ nejlepší nalezená)",
      },
      rowHeader: { en: "Leaper", cs: "Skokan" },
      columns: sides.map((b) => ({ key: b, label: { en: b, cs: b } })),
      rows: leaps.map((leap) => {
        const rs = dual.filter((r) => leapOf(r).join(",") === leap.join(","));
        return {
          key: `leaper-${leap[0]}-${leap[1]}`,
          label: pieceWords(rs[0].piece).name,
          cells: sides.map((b) => rs.find((r) => boardText(r.board) === b)?.id ?? null),
        };
      }),
    });
  }
  return out;
}

function pieces(): PieceInfo[] {
  const { records } = load();
  const out: PieceInfo[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    const key = pieceWords(r.piece).key;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r.piece.type === "king" ? riderPieceInfo("king") : leaperPieceInfo(r.piece.leap));
  }
  return out;
}

export const tourAdapter: FamilyAdapter = {
  family: "tour",
  slug: { en: "tours", cs: "cesty" },
  title: { en: "Tours", cs: "Cesty" },
  intro: {
    en:
      "A tour visits every square of the board exactly once; a closed tour then returns to its start. Here: the smallest boards on which the great leapers have closed tours, how many knight's tours small boards have, the geometrically longest closed king tours, tours of three-dimensional cubes, and the longest dual-free capture sequences of leapers on the 3×3×3 and 4×4×4 cubes. The tour generator finds knight's and leaper tours of any board up to 200x200 in your browser.",
    cs:
      "Cesta projde každé pole šachovnice právě jednou; uzavřená cesta se pak vrátí na výchozí pole. Zde: nejmenší šachovnice, na nichž mají velcí skokani uzavřené cesty, kolik cest jezdce mají malé šachovnice, geometricky nejdelší uzavřené cesty krále, cesty trojrozměrnými krychlemi a nejdelší jednoznačné cesty (braní bez duálů) skokanů na krychlích 3×3×3 a 4×4×4. Generátor cest najde cestu jezdce nebo skokana na libovolné šachovnici až 200x200 přímo ve vašem prohlížeči.",
  },
  entries,
  tables,
  headline: () => "tour-smallest-closed-zebra",
  pieces,
};
