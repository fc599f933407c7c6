/**
 * Site adapter of the magic-tour family (data/magic/records.json): one entry
 * per tour (numbered board and route), one per enumeration, one per claim;
 * a table comparing the 2023 article, the 2003 enumeration and our counts.
 * Czech terms: magická / semimagická jezdcova procházka, uzavřená, středově
 * souměrná.
 *
 * The entries are made in magic/tours.ts, magic/enumerations.ts (with a run's
 * state from magic/run-state.ts) and magic/claims.ts; this module loads the
 * data file and lays out the table.
 */
import { join } from "node:path";
import { MagicRecordFile } from "../../solvers/magic/schema.ts";
import type { AtlasEntry, FamilyAdapter, FamilyTableSpec } from "../lib/entry.ts";
import { dataDir, loadVerifyReport, readFamilyFile, VERIFY_FILE } from "../data.ts";
import { formatNumber } from "../lib/format.ts";
import { claimEntry } from "./magic/claims.ts";
import { tourEntry } from "./magic/tours.ts";
import { lastDay, percent, stateWords } from "./magic/run-state.ts";
import { enumerationEntry } from "./magic/enumerations.ts";

export { PAUSED_AFTER_HOURS, runState } from "./magic/run-state.ts";

const FILE = join("magic", "records.json");

let cached: { file: MagicRecordFile | null; entries: AtlasEntry[] } | undefined;

function load(): { file: MagicRecordFile | null; entries: AtlasEntry[] } {
  if (cached) return cached;
  const dir = dataDir();
  const file = readFamilyFile(FILE, MagicRecordFile);
  if (!file) return (cached = { file: null, entries: [] });
  const report = loadVerifyReport(join(dir, VERIFY_FILE));
  const results = new Map((report?.results ?? []).filter((c) => c.family === "magic").map((c) => [c.id, c]));
  const has = report !== null;
  const entries = [
    ...file.enumerations.map((e) => enumerationEntry(e, results, has, file)),
    ...file.claims.map((c) => claimEntry(c, results, has)),
    ...file.records.map((t) =>
      tourEntry(t, results, has, t.kind === "semimagic" ? file.records.filter((r) => r.kind === "semimagic").indexOf(t) + 1 : null)
    ),
  ];
  return (cached = { file, entries });
}

function tables(): FamilyTableSpec[] {
  const file = load().file;
  if (!file) return [];
  const all = file.enumerations.find((e) => e.mode === "all");
  const central = file.enumerations.find((e) => e.mode === "central");
  const rows: FamilyTableSpec["rows"] = [
    ...file.claims.map((c) => ({ key: c.id, label: { en: `Claim ${c.source.year}`, cs: `Tvrzení ${c.source.year}` }, cells: [c.id] })),
    ...(all
      ? [{
        key: all.id,
        label: { en: "Ours, all tours", cs: "Naše, všechny procházky" },
        cells: [all.id],
        // An unfinished run has no count yet: say how far it got instead of showing its partial tally as a value.
        // Whether it is going or paused, and since when, comes from the run's shard files (runState).
        display: all.complete ? undefined : [{
          text: stateWords(all, file).short,
          detail: {
            en: `${percent(all, "en")} done (${formatNumber(all.shardsDone, "en")} of ${formatNumber(all.shardCount, "en")} shards, ${
              formatNumber(all.prefixesCovered, "en")
            } of ${all.prefixes == null ? "?" : formatNumber(all.prefixes, "en")} prefixes), ${all.classes} found so far; last progress ${
              lastDay(all, file, "en")
            }`,
            cs: `hotovo ${percent(all, "cs")} (${formatNumber(all.shardsDone, "cs")} z ${formatNumber(all.shardCount, "cs")} částí, ${
              formatNumber(all.prefixesCovered, "cs")
            } z ${all.prefixes == null ? "?" : formatNumber(all.prefixes, "cs")} začátků), zatím nalezeno ${all.classes}; poslední pokrok ${
              lastDay(all, file, "cs")
            }`,
          },
        }],
      }]
      : []),
    ...(central
      ? [{ key: central.id, label: { en: "Ours, centrally symmetric", cs: "Naše, středově souměrné" }, cells: [central.id] }]
      : []),
  ];
  const larger = file.records.filter((t) => t.kind === "magic");
  const tablesOut: FamilyTableSpec[] = [{
    key: "counts",
    caption: {
      en: "Semimagic knight's tours on 8x8: counts of 2023, 2003 and ours",
      cs: "Semimagické jezdcovy procházky 8x8: počty z let 2023, 2003 a naše",
    },
    rowHeader: { en: "Count", cs: "Počet" },
    columns: [{ key: "value", label: { en: "Classes", cs: "Tříd" } }],
    rows,
  }];
  if (larger.length) {
    tablesOut.push({
      key: "diagonally-magic",
      caption: {
        en: "Diagonally magic knight's tours on larger boards",
        cs: "Diagonálně magické jezdcovy procházky na větších šachovnicích",
      },
      rowHeader: { en: "Board", cs: "Šachovnice" },
      columns: [{ key: "tour", label: { en: "Tour", cs: "Procházka" } }],
      rows: larger.map((t) => ({
        key: t.id,
        label: { en: t.board.join("x"), cs: t.board.join("x") },
        cells: [t.id],
        display: [{
          text: { en: "found", cs: "nalezena" },
          detail: { en: `sums ${(t.board[0] * (t.board[0] ** 2 + 1)) / 2}`, cs: `součty ${(t.board[0] * (t.board[0] ** 2 + 1)) / 2}` },
        }],
      })),
    });
  }
  return tablesOut;
}

export const magicAdapter: FamilyAdapter = {
  family: "magic",
  slug: { en: "magic-tours", cs: "magicke-prochazky" },
  title: { en: "Magic knight's tours", cs: "Magické jezdcovy procházky" },
  intro: {
    en:
      "A knight's tour numbered 1..64 in which every row and column sums to 260 (semimagic; Jelliss calls it magic). A 2023 article reports 158 essentially different tours, the 2003 enumeration by Stertenbrink, Meyrignac and Mackay 140 classes; neither found both diagonals at 260. The atlas runs its own sharded exhaustive enumeration, states exactly what counts as the same tour, and shows how far it has got. On larger boards, where both diagonals can be magic too, it shows a diagonally magic 16x16 tour found by its own construction.",
    cs:
      "Jezdcova procházka očíslovaná 1..64, v níž má každý řádek a sloupec součet 260 (semimagická; Jelliss ji nazývá magickou). Článek z roku 2023 uvádí 158 podstatně různých procházek, výčet Stertenbrinka, Meyrignaca a Mackaye z roku 2003 140 tříd; žádný nenašel obě úhlopříčky se součtem 260. Atlas provádí vlastní úplný výčet rozdělený na části, přesně říká, co považuje za stejnou procházku, a ukazuje, jak daleko došel. Na větších šachovnicích, kde mohou být magické i obě úhlopříčky, ukazuje diagonálně magickou procházku 16x16 nalezenou vlastní konstrukcí.",
  },
  entries: () => load().entries,
  tables,
  headline: () => (load().file ? "magic-8x8-enumeration-all" : null),
};
