/**
 * The domination family on the site (issue 6): data/domination/table.json
 * (validated by solvers/domination/schema.ts) joined with the verify report.
 * One entry per table cell — piece, board, kind — with the witness drawn as
 * white pieces and the squares they attack marked; no replay (a set of pieces
 * has no move order). One more entry answers the article's rook question
 * (which placements of n rooks fail to dominate n×n).
 *
 * Czech terms: dominance (domination), dáma (queen), věž (rook), střelec
 * (bishop), král (king), jezdec (knight); nezávislá / totální / souvislá
 * dominance for the independent, total and connected kinds.
 */
import { publicVersion } from "../lib/citation.ts";
import { join } from "node:path";
import type { Board, Square } from "../../solvers/types.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { type DominationRecord, DominationTable, type RookPlacementsNote } from "../../solvers/domination/schema.ts";
import { DOMINATION_PIECES, dominationPiece, type DominationPieceName } from "../../solvers/domination/pieces.ts";
import { DOMINATION_KINDS, type DominationKind } from "../../solvers/domination/types.ts";
import type {
  AtlasEntry,
  Bilingual,
  EntryCitation,
  FamilyAdapter,
  FamilyTableCellDisplay,
  FamilyTableSpec,
  PieceInfo,
} from "../lib/entry.ts";
import { leaperKey, leaperPieceInfo, riderPieceInfo } from "../lib/pieces.ts";
import { dataDir, loadVerifyReport, readFamilyFile, VERIFY_FILE } from "../data.ts";
import { boardLabel, type CellStatus, type Lang } from "../i18n.ts";
import { formatNumber } from "../lib/format.ts";

export const DOMINATION_FILE = join("domination", "table.json");

interface PieceWords {
  /** Singular, plural (English); Czech nominative singular, genitive plural ("5 dam"), instrumental plural ("dámami"). */
  en: string;
  enPlural: string;
  cs: string;
  csGenPlural: string;
  csInstrPlural: string;
}

const PIECE_WORDS: Record<DominationPieceName, PieceWords> = {
  queen: { en: "queen", enPlural: "queens", cs: "dáma", csGenPlural: "dam", csInstrPlural: "dámami" },
  rook: { en: "rook", enPlural: "rooks", cs: "věž", csGenPlural: "věží", csInstrPlural: "věžemi" },
  bishop: { en: "bishop", enPlural: "bishops", cs: "střelec", csGenPlural: "střelců", csInstrPlural: "střelci" },
  king: { en: "king", enPlural: "kings", cs: "král", csGenPlural: "králů", csInstrPlural: "králi" },
  knight: { en: "knight", enPlural: "knights", cs: "jezdec", csGenPlural: "jezdců", csInstrPlural: "jezdci" },
};

const KIND_WORDS: Record<DominationKind, Bilingual> = {
  dominating: { en: "domination", cs: "dominance" },
  independent: { en: "independent domination", cs: "nezávislá dominance" },
  total: { en: "total domination", cs: "totální dominance" },
  connected: { en: "connected domination", cs: "souvislá dominance" },
};

/** Symbol of the number asked for, per kind. */
const KIND_SYMBOL: Record<DominationKind, string> = { dominating: "γ", independent: "i", total: "γt", connected: "γc" };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const both = (f: (lang: Lang) => string): Bilingual => ({ en: f("en"), cs: f("cs") });

function titleOf(r: DominationRecord): Bilingual {
  const w = PIECE_WORDS[r.piece];
  const b = boardLabel(r.board);
  const k = KIND_WORDS[r.kind];
  return {
    en: `${cap(w.en)} ${k.en} of ${b}`,
    cs: `${cap(k.cs)} šachovnice ${b} ${w.csInstrPlural}`,
  };
}

function problemOf(r: DominationRecord): Bilingual {
  const w = PIECE_WORDS[r.piece];
  const b = boardLabel(r.board);
  const sym = KIND_SYMBOL[r.kind];
  switch (r.kind) {
    case "dominating":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b}`,
        cs: `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b}`,
      };
    case "independent":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b}, no two attacking each other`,
        cs:
          `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b}, přičemž žádné dvě figury se nenapadají`,
      };
    case "total":
      return {
        en: `${sym}: the fewest ${w.enPlural} that attack every square of ${b}, the occupied ones included`,
        cs: `${sym}: nejmenší počet ${w.csGenPlural}, které napadají každé pole šachovnice ${b}, i pole obsazená`,
      };
    case "connected":
      return {
        en: `${sym}: the fewest ${w.enPlural} that occupy or attack every square of ${b} while attacking one another in a connected chain`,
        cs:
          `${sym}: nejmenší počet ${w.csGenPlural}, které obsadí nebo napadají každé pole šachovnice ${b} a jejichž graf vzájemného napadení je souvislý`,
      };
  }
}

function stipulationOf(r: DominationRecord): Bilingual {
  const common = {
    en: "Attacks are taken on the empty board: other pieces do not block (as in Brešar's article).",
    cs: "Napadení se počítá na prázdné šachovnici: ostatní figury neblokují (jako v Brešarově článku).",
  };
  const kind: Record<DominationKind, Bilingual> = {
    dominating: {
      en: "A set of pieces dominates the board when every square is occupied by one of them or attacked by one.",
      cs: "Množina figur dominuje šachovnici, když je každé pole některou z nich obsazeno nebo napadeno.",
    },
    independent: {
      en: "Independent domination: the pieces dominate the board and no piece attacks another.",
      cs: "Nezávislá dominance: figury dominují šachovnici a žádná nenapadá jinou.",
    },
    total: {
      en:
        "Total domination: every square, the occupied ones included, is attacked by some piece; so every piece is attacked by another (the article's 'mutually attacking' queens).",
      cs:
        "Totální dominance: každé pole, i obsazené, je napadeno některou figurou; každou figuru tedy napadá jiná (vzájemně se napadající dámy z článku).",
    },
    connected: {
      en: "Connected domination: the pieces dominate the board and the graph of their attacks on one another is connected.",
      cs: "Souvislá dominance: figury dominují šachovnici a graf jejich vzájemného napadení je souvislý.",
    },
  };
  return { en: `${kind[r.kind].en} ${common.en}`, cs: `${kind[r.kind].cs} ${common.cs}` };
}

function sourceRef(c: { source?: { file: string; line?: number; lines?: [number, number] }; url?: string }): string | undefined {
  const s = c.source;
  if (!s) return c.url;
  if (s.lines) return `${s.file}, lines ${s.lines[0]}–${s.lines[1]}`;
  return s.line ? `${s.file}, line ${s.line}` : s.file;
}

function citation(c: DominationRecord["claim"] & object): EntryCitation {
  return { author: c.author, publication: c.publication, year: c.year, sourceRef: sourceRef(c) };
}

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

function establishedOf(r: DominationRecord, check: CheckResult | null, hasReport: boolean): Bilingual[] {
  const out: Bilingual[] = [];
  const e = r.established;
  const c = e.certificate;
  const version = publicVersion(c.codeVersion);
  const w = PIECE_WORDS[r.piece];
  if (e.status === "solved") {
    const g = e.gamma!;
    out.push(
      both((l) =>
        l === "en"
          ? `${KIND_SYMBOL[r.kind]} = ${g}: an exhaustive search shows that ${g - 1} ${g - 1 === 1 ? w.en : w.enPlural} never suffice (${
            formatNumber(c.impossibility!.nodes, l)
          } search nodes).`
          : `${KIND_SYMBOL[r.kind]} = ${g}: úplné prohledání ukazuje, že menší počet (${g - 1}) nikdy nestačí (${
            formatNumber(c.impossibility!.nodes, l)
          } uzlů hledání).`
      ),
    );
    if (e.count !== null) {
      const sym = c.count!.symmetries;
      out.push(
        both((l) =>
          l === "en"
            ? `${formatNumber(e.count!, l)} minimum ${e.count === 1 ? "set" : "sets"}${
              e.classes !== null ? `; ${formatNumber(e.classes, l)} up to the ${sym} symmetries of the board` : ""
            }.`
            : `Minimálních množin: ${formatNumber(e.count!, l)}${
              e.classes !== null ? `; až na ${sym} symetrií šachovnice: ${formatNumber(e.classes, l)}` : ""
            }.`
        ),
      );
    } else {
      out.push({
        en: "The minimum sets were not counted (too many to enumerate, or the count ran out of its node budget).",
        cs: "Minimální množiny nebyly spočítány (je jich příliš mnoho, nebo počítání vyčerpalo limit uzlů).",
      });
    }
  } else if (e.status === "none") {
    out.push(
      r.kind === "total"
        ? {
          en: `No set of ${w.enPlural} attacks every square: ${c.reason}.`,
          cs: `Žádná množina ${w.csGenPlural} nenapadá všechna pole: některé pole nenapadá žádná figura odnikud.`,
        }
        : {
          en: `No connected set of ${w.enPlural} dominates: ${c.reason}.`,
          cs: `Žádná souvislá množina ${w.csGenPlural} nedominuje: graf napadení není souvislý.`,
        },
    );
  } else {
    out.push(
      both((l) =>
        l === "en"
          ? `Undecided: ${e.lower} ≤ ${KIND_SYMBOL[r.kind]} ≤ ${e.upper}; the search stopped at its node budget.`
          : `Nerozhodnuto: ${e.lower} ≤ ${KIND_SYMBOL[r.kind]} ≤ ${e.upper}; hledání se zastavilo na limitu uzlů.`
      ),
    );
  }
  const agree = (v: boolean | null, what: Bilingual, claim: { value: number; publication: string | null } | null) => {
    if (v === null || claim === null) return;
    out.push(
      both((l) =>
        l === "en"
          ? `${cap(what.en)} ${v ? "agrees" : "DISAGREES"} with ${claim.publication} (${formatNumber(claim.value, l)}).`
          : `${cap(what.cs)} ${v ? "souhlasí" : "NESOUHLASÍ"} s ${claim.publication} (${formatNumber(claim.value, l)}).`
      ),
    );
  };
  agree(e.agreesWithClaim, { en: "our value", cs: "naše hodnota" }, r.claim);
  agree(e.countAgreesWithClaim, { en: "our count", cs: "náš počet" }, r.countClaim);
  agree(e.classesAgreeWithClaim, { en: "our number of classes", cs: "náš počet tříd" }, r.classesClaim);
  if (!check) {
    out.push(
      hasReport
        ? {
          en: "The verify report of this build has no result for this record.",
          cs: "Zpráva o ověření tohoto sestavení pro tento záznam nemá výsledek.",
        }
        : {
          en: "This build had no verify report: nothing was checked.",
          cs: "Toto sestavení nemělo zprávu o ověření: nic nebylo zkontrolováno.",
        },
    );
  } else {
    const rerun = (check.maximalityArgument ?? "").includes("solved again");
    out.push(
      both((l) =>
        l === "en"
          ? `Verify recomputed the witness's coverage from the piece's moves${rerun ? " and solved the cell again from scratch" : ""} (${
            formatNumber(Math.round(check.milliseconds), l)
          } ms).`
          : `Ověření přepočítalo pokrytí svědka z tahů figury${rerun ? " a celou úlohu vyřešilo znovu" : ""} (${
            formatNumber(Math.round(check.milliseconds), l)
          } ms).`
      ),
    );
    for (const err of check.errors) out.push({ en: `Problem found: ${err}`, cs: `Nalezený problém: ${err}` });
  }
  out.push(
    both((l) =>
      l === "en"
        ? `Computed${version ? ` by code version ${version}` : ""} in ${c.seconds} s.`
        : `Spočteno${version ? ` kódem verze ${version}` : ""} za ${String(c.seconds).replace(".", ",")} s.`
    ),
  );
  return out;
}

const idOf = (piece: DominationPieceName, kind: DominationKind, dims: readonly number[]) =>
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

function toEntry(r: DominationRecord, results: Map<string, CheckResult>, ids: Set<string>, hasReport: boolean): AtlasEntry {
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

function rookEntry(note: RookPlacementsNote, results: Map<string, CheckResult>, hasReport: boolean): AtlasEntry {
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

let cached: { table: DominationTable | null; entries: AtlasEntry[] } | undefined;

function load(): { table: DominationTable | null; entries: AtlasEntry[] } {
  if (cached) return cached;
  const dir = dataDir();
  const table = readFamilyFile(DOMINATION_FILE, DominationTable);
  if (!table) return (cached = { table: null, entries: [] });
  const report = loadVerifyReport(join(dir, VERIFY_FILE));
  const results = new Map((report?.results ?? []).filter((c) => c.family === "domination").map((c) => [c.id, c]));
  const ids = new Set(table.records.map((r) => r.id));
  const entries = table.records.map((r) => toEntry(r, results, ids, report !== null));
  if (table.rookPlacements) entries.push(rookEntry(table.rookPlacements, results, report !== null));
  return (cached = { table, entries });
}

/**
 * The cell's second line: the number of minimum sets / classes up to symmetry
 * when counted, the bounds when undecided, "no set" when none exists (the
 * caption explains the format).
 */
function cellDetail(r: DominationRecord): Bilingual | undefined {
  const e = r.established;
  if (e.status === "none") return { en: "no set", cs: "neexistuje" };
  if (e.status !== "solved") {
    return e.lower !== null && e.upper !== null ? both((l) => `${formatNumber(e.lower!, l)}–${formatNumber(e.upper!, l)}`) : undefined;
  }
  if (e.count === null) return undefined;
  return both((l) => (e.classes !== null ? `${formatNumber(e.count!, l)} / ${formatNumber(e.classes, l)}` : formatNumber(e.count!, l)));
}

function tables(): FamilyTableSpec[] {
  const { table } = load();
  if (!table) return [];
  const byId = new Map(table.records.map((r) => [r.id, r]));
  const display = (id: string | null): FamilyTableCellDisplay | null => {
    const r = id ? byId.get(id) : undefined;
    if (!r) return null;
    const detail = cellDetail(r);
    // No value to show where no set exists: a dash, the detail line says why.
    const text = r.established.status === "none" ? { en: "—", cs: "—" } : undefined;
    return detail || text ? { ...(text ? { text } : {}), ...(detail ? { detail } : {}) } : null;
  };
  /** A row of cells with their display line. */
  const row = (key: string, label: Bilingual, ids: (string | null)[]) => ({ key, label, cells: ids, display: ids.map(display) });
  const out: FamilyTableSpec[] = [];
  const columns: FamilyTableSpec["columns"] = [];
  for (const p of DOMINATION_PIECES) {
    for (const k of DOMINATION_KINDS) {
      columns.push({
        key: `${p}-${k}`,
        label: { en: `${cap(PIECE_WORDS[p].en)}: ${KIND_SYMBOL[k]}`, cs: `${cap(PIECE_WORDS[p].cs)}: ${KIND_SYMBOL[k]}` },
      });
    }
  }
  const sides = [...new Set(table.records.filter((r) => r.board.length === 2 && r.board[0] === r.board[1]).map((r) => r.board[0]))].sort((
    a,
    b,
  ) => a - b);
  out.push({
    key: "by-n",
    caption: {
      en:
        "Domination numbers of the n×n board: γ (occupy or attack every square), i (independent: no piece attacks another), γt (total: every square attacked, occupied ones included), γc (connected). Under each number: minimum sets / classes up to symmetry (when counted); “no set” where none exists, a range where the search is undecided.",
      cs:
        "Dominanční čísla šachovnice n×n: γ (obsadit nebo napadnout každé pole), i (nezávislá: žádná figura nenapadá jinou), γt (totální: napadeno každé pole, i obsazené), γc (souvislá). Pod každým číslem: počet minimálních množin / tříd až na symetrii (pokud byly spočteny); „neexistuje“, kde taková množina není, rozmezí, kde hledání nerozhodlo.",
    },
    rowHeader: { en: "n", cs: "n" },
    columns,
    rows: sides.map((n) =>
      row(
        `n${n}`,
        { en: `${n}×${n}`, cs: `${n}×${n}` },
        columns.map((c) => {
          const [p, k] = c.key.split("-") as [DominationPieceName, DominationKind];
          const id = idOf(p, k, [n, n]);
          return byId.has(id) ? id : null;
        }),
      )
    ),
  });
  const cubes = [...new Set(table.records.filter((r) => r.board.length > 2).map((r) => r.board.join("x")))];
  if (cubes.length > 0) {
    const cubePieces = DOMINATION_PIECES.filter((p) => table.records.some((r) => r.board.length > 2 && r.piece === p));
    const cubeColumns = columns.filter((c) => cubePieces.includes(c.key.split("-")[0] as DominationPieceName));
    out.push({
      key: "cubes",
      caption: {
        en:
          "Domination of cubes (boards of three dimensions, moves after the multi-dimensional chess proposal); under each number: minimum sets / classes up to symmetry.",
        cs:
          "Dominance krychlí (trojrozměrné šachovnice, tahy podle návrhu vícerozměrného šachu); pod každým číslem: počet minimálních množin / tříd až na symetrii.",
      },
      rowHeader: { en: "Board", cs: "Šachovnice" },
      columns: cubeColumns,
      rows: cubes.map((b) =>
        row(
          b,
          { en: b.replaceAll("x", "×"), cs: b.replaceAll("x", "×") },
          cubeColumns.map((c) => {
            const [p, k] = c.key.split("-") as [DominationPieceName, DominationKind];
            const id = idOf(p, k, b.split("x").map(Number));
            return byId.has(id) ? id : null;
          }),
        )
      ),
    });
  }
  return out;
}

function pieces(): PieceInfo[] {
  return [riderPieceInfo("queen"), riderPieceInfo("rook"), riderPieceInfo("bishop"), riderPieceInfo("king"), leaperPieceInfo([1, 2])];
}

export const dominationAdapter: FamilyAdapter = {
  family: "domination",
  slug: { en: "domination", cs: "dominance" },
  title: { en: "Domination", cs: "Dominance" },
  intro: {
    en:
      "How few pieces of one kind can occupy or attack every square of a board? Five queens on 8×8, as Brešar's 1999 article in Presek shows by checking all 635,376 placements of four. The tables give, for queens, rooks, bishops, kings and knights on n×n boards and for queens and rooks on small cubes, the domination number proved minimal by an exhaustive search, a minimum set, and the number of minimum sets, also for independent, total and connected domination.",
    cs:
      "Kolik nejméně figur jednoho druhu obsadí nebo napadne každé pole šachovnice? Na 8×8 pět dam, jak ukazuje Brešarův článek v Preseku z roku 1999 prověřením všech 635 376 rozmístění čtyř. Tabulky uvádějí pro dámy, věže, střelce, krále a jezdce na šachovnicích n×n a pro dámy a věže na malých krychlích dominanční číslo dokázané úplným prohledáním, jednu minimální množinu a počet minimálních množin, také pro nezávislou, totální a souvislou dominanci.",
  },
  entries: () => load().entries,
  tables,
  headline: () => (load().table?.records.some((r) => r.id === "domination-queen-8x8") ? "domination-queen-8x8" : null),
  pieces,
};
