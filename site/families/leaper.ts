/**
 * The leaper family on the site: records of data/leaper/records.json (through
 * site/data.ts, which validates them) joined with the verify report, phrased
 * in the booklet's terms ("sd=52 Zebra b1 (1+52)") in both languages.
 *
 * The words are in leaper/words.ts, what our code established in
 * leaper/established.ts, a record's entry in leaper/entries.ts; this module
 * makes the entries, the table and the pieces.
 */
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { tableLeapers } from "../../solvers/pieces/names.ts";
import type { AtlasEntry, Bilingual, FamilyAdapter, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { leaperKey, leaperPieceInfo } from "../lib/pieces.ts";
import { getAtlas, TABLE_COLUMNS } from "../data.ts";
import { leaperName } from "./leaper/words.ts";
import { toEntry } from "./leaper/entries.ts";

const SLUG: Bilingual = { en: "leapers", cs: "skokani" };

let cached: AtlasEntry[] | undefined;

function entries(): AtlasEntry[] {
  if (cached) return cached;
  const atlas = getAtlas();
  const results = new Map(atlas.report?.results.map((c) => [c.id, c]) ?? []);
  const byId = new Map(atlas.records.records.map((r) => [r.id, r]));
  return (cached = atlas.records.records.map((r) => toEntry(r, atlas, results, byId)));
}

function tables(): FamilyTableSpec[] {
  const atlas = getAtlas();
  const columnLabel = (key: string): Bilingual => {
    const [kind, , board] = /^(dual-free|open|closed|access)-(.*?)(\d+x\d+)$/.exec(key)?.slice(1) ?? [key, "", ""];
    const b = board.replace("x", "×");
    const names: Record<string, Bilingual> = {
      "dual-free": { en: `Dual-free ${b}`, cs: `Jednoznačná ${b}` },
      open: { en: `Open tour ${b}`, cs: `Otevřená cesta ${b}` },
      closed: { en: `Closed tour ${b}`, cs: `Uzavřená cesta ${b}` },
      access: { en: `Access ${b}`, cs: `Dostupnost ${b}` },
    };
    return names[kind] ?? { en: key, cs: key };
  };
  return [{
    key: "leaper-table",
    caption: {
      en: "Leaper records: longest dual-free tours on boards 4×4 to 8×8; longest open and closed tour and access on 8×8",
      cs: "Rekordy skokanů: nejdelší jednoznačné cesty na šachovnicích 4×4 až 8×8; nejdelší otevřená a uzavřená cesta a dostupnost na 8×8",
    },
    rowHeader: { en: "Leaper", cs: "Skokan" },
    columns: TABLE_COLUMNS.map((c) => ({ key: c.key, label: columnLabel(c.key) })),
    rows: atlas.leaperTable.map((row) => ({
      key: leaperKey(row.leap),
      label: leaperName(row.leap),
      cells: row.cells.map((c) => c.record?.id ?? null),
    })),
  }];
}

function pieces(): PieceInfo[] {
  const atlas = getAtlas();
  const accessFrom = new Map<string, string>();
  const board8 = makeBoard([8, 8]);
  const isSquare = (name: string) => {
    try {
      parseSquare(board8, name);
      return true;
    } catch {
      return false;
    }
  };
  // The piece page's access map counts from the table's square; a malformed one (verify reports it) falls back to a1.
  for (const r of atlas.records.records) {
    if (r.kind === "access" && r.from && r.tableCell && isSquare(r.from)) accessFrom.set(leaperKey(r.piece.leap), r.from);
  }
  return tableLeapers().map((leap) => leaperPieceInfo(leap, accessFrom.get(leaperKey(leap)) ?? "a1"));
}

export const leaperAdapter: FamilyAdapter = {
  family: "leaper",
  slug: SLUG,
  title: { en: "Leaper table", cs: "Tabulka skokanů" },
  intro: {
    en:
      "The 35 leapers [0,1] to [7,7], laid out like the record table of Václav Kotěšovec's 2009 booklet: the longest dual-free capture series on boards 4×4 to 8×8, and the longest open and closed tours and the access on 8×8. Each cell gives the published value and how far our own code has confirmed it.",
    cs:
      "35 skokanů od [0,1] do [7,7], uspořádaných jako rekordní tabulka brožury Václava Kotěšovce z roku 2009: nejdelší jednoznačné série braní na šachovnicích 4×4 až 8×8 a nejdelší otevřená a uzavřená cesta a dostupnost na 8×8. Každé pole uvádí publikovanou hodnotu a to, nakolik ji potvrdil náš vlastní kód.",
  },
  entries,
  tables,
  headline(): string | null {
    const all = entries();
    // Our knight 8x8 sd=54, once verify has accepted it as beating the booklet's 53; else the booklet's zebra sd=52.
    const knight = all.find((e) => e.id === "leaper-1-2-dual-free-8x8" && e.claim !== null && e.ours !== null && e.ours > e.claim.value);
    return (knight ?? all.find((e) => e.id === "zebra-8x8-sd52-b1") ?? all.find((e) => e.id === "leaper-2-3-dual-free-8x8") ?? all[0])
      ?.id ??
      null;
  },
  pieces,
};
