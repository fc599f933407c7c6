/**
 * The domination family's atlas entries: one per table cell (the witness drawn
 * as white pieces with the squares they attack marked, its neighbours in the
 * table) and one for the article's rook question.
 */
import type { Board, Square } from "../../../solvers/types.ts";
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { DiagramSpec } from "../../../solvers/diagram/spec.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import type { DominationRecord, RookPlacementsNote } from "../../../solvers/domination/schema.ts";
import { DOMINATION_PIECES, dominationPiece, type DominationPieceName } from "../../../solvers/domination/pieces.ts";
import { DOMINATION_KINDS, type DominationKind } from "../../../solvers/domination/types.ts";
import type { AtlasEntry, Bilingual } from "../../lib/entry.ts";
import { leaperKey } from "../../lib/pieces.ts";
import type { CellStatus } from "../../i18n.ts";
import { formatNumber } from "../../lib/format.ts";
import {
  both,
  citation,
  establishedOf,
  KIND_SYMBOL,
  KIND_WORDS,
  PIECE_WORDS,
  problemOf,
  sourceRef,
  stipulationOf,
  titleOf,
} from "./words.ts";

/** The witness as white pieces, with every square some piece attacks marked (occupied ones too: total domination shows there). */
export function witnessDiagram(piece: DominationPieceName, dims: number[], names: readonly string[]): DiagramSpec {
  const board: Board = makeBoard(dims);
  const squares = names.map((n) => parseSquare(board, n));
  const p = dominationPiece(piece);
  const attacked = new Uint8Array(board.size);
  for (const s of squares) for (const t of p.destinations(board, s)) if (t !== s) attacked[t] = 1;
  const marks: NonNullable<DiagramSpec["marks"]> = [];
  for (let t = 0; t < board.size; t++) if (attacked[t]) marks.push({ square: t, kind: "attacked" });
  return { board: [...dims], pieces: squares.map((square) => ({ square, glyph: piece, colour: "white" as const })), marks };
}

export const idOf = (piece: DominationPieceName, kind: DominationKind, dims: readonly number[]) =>
  `${
    { dominating: "domination", independent: "independent-domination", total: "total-domination", connected: "connected-domination" }[kind]
  }-${piece}-${dims.join("x")}`;

function pieceKey(piece: DominationPieceName): string {
  return piece === "knight" ? leaperKey([1, 2]) : piece;
}

function neighboursOf(r: DominationRecord, ids: Set<string>): string[] {
  const out: string[] = [];
  for (const kind of DOMINATION_KINDS) if (kind !== r.kind) out.push(idOf(r.piece, kind, r.board));
  const n = r.board[0];
  const cube = r.board.length > 2;
  for (const m of [n - 1, n + 1]) if (m >= 1) out.push(idOf(r.piece, r.kind, r.board.map(() => m)));
  if (!cube) { for (const p of DOMINATION_PIECES) if (p !== r.piece) out.push(idOf(p, r.kind, r.board)); }
  return out.filter((id) => ids.has(id));
}

export function toEntry(r: DominationRecord, results: Map<string, CheckResult>, ids: Set<string>, hasReport: boolean): AtlasEntry {
  const check = results.get(r.id) ?? null;
  const status: CellStatus = check ? check.status : "unverified";
  const w = PIECE_WORDS[r.piece];
  const diagram = r.witness ? witnessDiagram(r.piece, r.board, r.witness) : null;
  return {
    id: r.id,
    family: "domination",
    title: titleOf(r),
    problem: problemOf(r),
    stipulation: stipulationOf(r),
    claim: r.claim ? { ...citation(r.claim), value: r.claim.value, status: r.claim.bound } : null,
    ours: r.established.gamma,
    status,
    check,
    established: establishedOf(r, check, hasReport),
    witnessCitation: null,
    // The certificate travels inside the record (established.certificate of data/domination/table.json), not as a file of its own.
    certificate: null,
    problemDiagram: null,
    solutionDiagram: diagram,
    replay: null,
    solutionText: r.witness ? r.witness.join(", ") : null,
    popeye: null,
    neighbours: neighboursOf(r, ids),
    piece: pieceKey(r.piece),
    board: [...r.board],
    keywords: [
      ...new Set([
        "domination",
        "dominance",
        KIND_WORDS[r.kind].en,
        KIND_WORDS[r.kind].cs,
        w.en,
        w.enPlural,
        w.cs,
        w.csGenPlural,
        r.board.join("x"),
        KIND_SYMBOL[r.kind],
        ...(r.established.gamma !== null ? [String(r.established.gamma)] : []),
      ]),
    ],
    notes: (r.notes ?? []).map((text) => ({ text, lang: "en" as const })),
  };
}

export function rookEntry(note: RookPlacementsNote, results: Map<string, CheckResult>, hasReport: boolean): AtlasEntry {
  const check = results.get(note.id) ?? null;
  const n = note.example.n;
  const row = note.rows.find((x) => x.n === n);
  const diagram = witnessDiagram("rook", [n, n], note.example.rooks);
  const board = makeBoard([n, n]);
  const open: Square[] = note.example.undominated.map((s) => parseSquare(board, s));
  diagram.marks = [...(diagram.marks ?? []), ...open.map((square) => ({ square, kind: "unreachable" as const }))];
  const established: Bilingual[] = [
    {
      en:
        "Proof: a rook dominates exactly its own row and column. If row y and column x are both empty, the square where they cross is neither occupied nor attacked; conversely, an undominated square has no rook in its row or in its column.",
      cs:
        "Důkaz: věž dominuje právě svou řadu a svůj sloupec. Jsou-li řada y i sloupec x prázdné, pole v jejich průsečíku není obsazené ani napadené; naopak nedominované pole nemá věž ve své řadě ani ve svém sloupci.",
    },
    {
      en:
        "Count: n rooks fill every row in n^n ways (one per row) and every column in n^n ways, both at once in n! ways (a permutation); so 2·n^n − n! placements dominate and C(n², n) − 2·n^n + n! fail.",
      cs:
        "Počet: n věží obsadí všechny řady n^n způsoby (po jedné v každé řadě), všechny sloupce také n^n způsoby, obojí zároveň n! způsoby (permutace); dominuje tedy 2·n^n − n! rozmístění a C(n², n) − 2·n^n + n! selže.",
    },
  ];
  for (const x of note.rows) {
    const brute = x.bruteForce
      ? { en: `; brute force over all placements agrees`, cs: `; hrubá síla přes všechna rozmístění souhlasí` }
      : { en: "", cs: "" };
    established.push(
      both((l) =>
        l === "en"
          ? `${x.n}×${x.n}: ${formatNumber(x.failing, l)} of ${formatNumber(x.placements, l)} placements fail, ${
            formatNumber(x.dominating, l)
          } dominate${brute.en}.`
          : `${x.n}×${x.n}: selže ${formatNumber(x.failing, l)} z ${formatNumber(x.placements, l)} rozmístění, dominuje ${
            formatNumber(x.dominating, l)
          }${brute.cs}.`
      ),
    );
  }
  if (!check) {
    established.push(
      hasReport
        ? {
          en: "The verify report of this build has no result for this note.",
          cs: "Zpráva o ověření tohoto sestavení pro tuto poznámku nemá výsledek.",
        }
        : {
          en: "This build had no verify report: nothing was checked.",
          cs: "Toto sestavení nemělo zprávu o ověření: nic nebylo zkontrolováno.",
        },
    );
  } else {
    for (const err of check.errors) established.push({ en: `Problem found: ${err}`, cs: `Nalezený problém: ${err}` });
  }
  return {
    id: note.id,
    family: "domination",
    title: { en: "Rooks that fail to dominate", cs: "Věže, které nedominují" },
    problem: {
      en:
        "Which placements of n rooks on the n×n board leave a square neither occupied nor attacked, and how many are there? (Brešar, exercise 2)",
      cs: "Která rozmístění n věží na šachovnici n×n nechají některé pole neobsazené a nenapadené, a kolik jich je? (Brešar, úloha 2)",
    },
    stipulation: {
      en:
        "Answer: exactly the placements with an empty row and an empty column. The diagram shows one on 8×8: file h and rank 8 are empty, so h8 is not dominated.",
      cs:
        "Odpověď: právě rozmístění s prázdnou řadou a prázdným sloupcem. Diagram ukazuje jedno na 8×8: sloupec h a řada 8 jsou prázdné, takže pole h8 není dominováno.",
    },
    claim: null,
    ours: row ? Number(row.failing) : null,
    status: check ? check.status : "unverified",
    check,
    established,
    witnessCitation: {
      author: note.source.author,
      publication: note.source.publication,
      year: note.source.year,
      sourceRef: sourceRef(note.source),
    },
    certificate: null,
    problemDiagram: null,
    solutionDiagram: diagram,
    replay: null,
    solutionText: note.example.rooks.join(", "),
    popeye: null,
    neighbours: [`domination-rook-${n}x${n}`],
    piece: "rook",
    board: [n, n],
    keywords: ["rook", "věž", "domination", "dominance", "placements", "rozmístění", "Brešar", "Presek"],
  };
}
