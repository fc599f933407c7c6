/**
 * The words of the tour family's pages (site/families/tour.ts): piece names in
 * both languages (Czech cases as the booklet writes them), titles, problem
 * and stipulation texts, and what our code established, per record kind.
 */
import type { Piece } from "../../../solvers/types.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { leaper, normaliseLeap } from "../../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES } from "../../../solvers/pieces/names.ts";
import { king } from "../../../solvers/pieces/rider.ts";
import { problemHeading } from "../../../solvers/notation.ts";
import { tourVerdict } from "../../../solvers/tour/theorem.ts";
import { kingLowerBound, kingTourLength } from "../../../solvers/tour/king.ts";
import { type TourRecord } from "../../../solvers/tour/schema.ts";
import type { Bilingual, EntryCitation } from "../../lib/entry.ts";
import { leaperKey } from "../../lib/pieces.ts";
import { DataError } from "../../data.ts";
import { formatNumber } from "../../lib/format.ts";
import { numbersLegible } from "./diagrams.ts";

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

export function pieceWords(p: TourRecord["piece"]): PieceWords {
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

export function movingPiece(p: TourRecord["piece"]): Piece {
  return p.type === "king" ? king() : leaper(p.leap[0], p.leap[1]);
}

export const boardText = (b: readonly number[]) => b.join("x");
/** A king tour's length to three decimals, cut off (not rounded) as the booklet prints it (4.828, 10.242, 20.970). */
export const kingLength = (n: number, ort: number) => (Math.floor(kingTourLength(n, ort) * 1000) / 1000).toFixed(3);
const boardMath = (b: readonly number[]) => b.join("×");
const openClosed = (closed: boolean): Bilingual => closed ? { en: "closed", cs: "uzavřená" } : { en: "open", cs: "otevřená" };

export function citation(c: NonNullable<TourRecord["claim"]>): EntryCitation {
  return {
    author: c.author,
    publication: c.publication,
    year: c.year,
    sourceRef: c.source ? `${c.source.file}${c.source.line ? `, line ${c.source.line}` : ""}` : undefined,
  };
}

/** A decimal string as the entry's number (the counts here stay exact as doubles; checked, not assumed). */
export function asNumber(value: string, id: string): number {
  const n = Number(value);
  if (BigInt(n) !== BigInt(value)) throw new DataError(`${id}: the value ${value} is not exact as a number`);
  return n;
}

export function titleOf(r: TourRecord): Bilingual {
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

export function problemOf(r: TourRecord): Bilingual {
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

export function stipulationOf(r: TourRecord): Bilingual {
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

export function establishedOf(r: TourRecord): Bilingual[] {
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
