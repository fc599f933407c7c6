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
 *
 * The words are in domination/words.ts, the entries and their diagrams in
 * domination/entries.ts; this module loads the table and lays out the tables.
 */
import { join } from "node:path";
import { type DominationRecord, DominationTable } from "../../solvers/domination/schema.ts";
import { DOMINATION_PIECES, type DominationPieceName } from "../../solvers/domination/pieces.ts";
import { DOMINATION_KINDS, type DominationKind } from "../../solvers/domination/types.ts";
import type { AtlasEntry, Bilingual, FamilyAdapter, FamilyTableCellDisplay, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { leaperPieceInfo, riderPieceInfo } from "../lib/pieces.ts";
import { dataDir, loadVerifyReport, readFamilyFile, VERIFY_FILE } from "../data.ts";
import { formatNumber } from "../lib/format.ts";
import { both, cap, KIND_SYMBOL, PIECE_WORDS } from "./domination/words.ts";
import { idOf, rookEntry, toEntry } from "./domination/entries.ts";

export { witnessDiagram } from "./domination/entries.ts";

export const DOMINATION_FILE = join("domination", "table.json");

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

export function pieces(): PieceInfo[] {
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
