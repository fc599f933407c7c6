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
import type { CheckResult } from "../../solvers/records/common.ts";
import { normaliseLeap } from "../../solvers/pieces/leaper.ts";
import { type TourRecord, TourRecordFile } from "../../solvers/tour/schema.ts";
import type { AtlasEntry, FamilyAdapter, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { leaperPieceInfo, riderPieceInfo } from "../lib/pieces.ts";
import { familyResults, readFamilyFile } from "../data.ts";
import type { CellStatus } from "../i18n.ts";
import { asNumber, boardText, citation, establishedOf, kingLength, pieceWords, problemOf, stipulationOf, titleOf } from "./tour/words.ts";
import { tourSpecs } from "./tour/diagrams.ts";

const FILE = join("tours", "records.json");

function load(): { records: TourRecord[]; report: Map<string, CheckResult> } {
  return { records: readFamilyFile(FILE, TourRecordFile)?.records ?? [], report: familyResults("tour") };
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
