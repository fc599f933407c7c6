/**
 * Site adapter of the hopper family (data/hopper/records.json): SerienZiel
 * records by number of hurdles, grasshopper accessibility (Marlow) and
 * grasshopper tours (Dawson). Czech terms are the booklet's: cvrček
 * (grasshopper), věžový / střelcový / tátošový cvrček, překážka (hurdle),
 * zdánlivý pěšec (dummy pawn), SerienZiel kept as the problemists' German
 * name (shared/sources/000, lines 3696, 3947, 4025). Accepted SerienZiel
 * contributions (site/data.ts, solvers/contributions/records.ts) are records
 * of the family here: a further record of their table cell, marked in the cell
 * when they tie its value, or the cell itself when they beat it.
 */
import { join } from "node:path";
import type { Square } from "../../solvers/types.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { hopper, HOPPER_KINDS, HOPPER_NAMES, hopperMoves } from "../../solvers/pieces/hopper.ts";
import { occupancy } from "../../solvers/hopper/serienziel.ts";
import { type HopperRecord, HopperRecordFile } from "../../solvers/hopper/schema.ts";
import { popeyeForHopperRecord } from "../../solvers/export/popeye.ts";
import type { AtlasEntry, Bilingual, EntryCitation, FamilyAdapter, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { buildContributions, dataDir, loadVerifyReport, readFamilyFile, VERIFY_FILE } from "../data.ts";
import { contributionPlan, hopperRecordOf, hopperValue, type TableStanding } from "../../solvers/contributions/records.ts";
import type { CellStatus } from "../i18n.ts";
import { proofRunLine } from "../lib/proof-run.ts";
import { both, contributionTitle, creditNote, csCount, hurdleWord, LINES, NAME, stipulationOf, titleOf } from "./hopper/words.ts";

const HOPPER_FILE = join("hopper", "records.json");

function citation(c: Pick<NonNullable<HopperRecord["claim"]>, "author" | "publication" | "year" | "source">): EntryCitation {
  return {
    author: c.author,
    publication: c.publication,
    year: c.year,
    sourceRef: c.source ? `${c.source.file}${c.source.line ? `, line ${c.source.line}` : ""}` : undefined,
  };
}

interface Built {
  problem: DiagramSpec;
  solution: DiagramSpec;
  replay: ReplaySpec;
  text: string;
}

function diagrams(r: HopperRecord): Built | null {
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const start = parseSquare(board, w.start);
  const hurdles = w.hurdles.map((h) => parseSquare(board, h));
  const moves = (w.moves ?? []).map((m) => parseSquare(board, m));
  const occ = occupancy(board, hurdles);
  const rays = hopper(r.piece).rays(board);
  const dest = new Int32Array(rays.directions), hur = new Int32Array(rays.directions);
  const pieces = [
    { square: start, glyph: r.piece, colour: "white" as const },
    ...hurdles.map((h) => ({ square: h, glyph: "dummy", colour: "neutral" as const })),
  ];
  const target = w.target ? parseSquare(board, w.target) : undefined;
  const problem: DiagramSpec = {
    board: [...r.board],
    pieces,
    ...(target !== undefined ? { marks: [{ square: target, kind: "target" as const }] } : {}),
  };
  const steps: ReplayStep[] = [];
  let at: Square = start;
  for (const [i, to] of moves.entries()) {
    const m = hopperMoves(rays, at, occ, dest, hur);
    let hurdle: Square | undefined;
    for (let j = 0; j < m; j++) if (dest[j] === to) hurdle = hur[j];
    steps.push({
      from: at,
      to,
      ...(hurdle !== undefined ? { hurdle } : {}),
      label: `${i + 1}.${HOPPER_NAMES[r.piece].symbol}${squareName(board, to)}`,
    });
    at = to;
  }
  const solution: DiagramSpec = {
    ...problem,
    numbers: [{ square: start, label: "0" }, ...moves.map((m, i) => ({ square: m, label: String(i + 1) }))],
    path: [start, ...moves],
    ...(r.kind === "tour-closed" ? { closed: true } : {}),
  };
  const replay: ReplaySpec = {
    initial: problem,
    steps,
    ...(target !== undefined
      ? { tryIt: { type: "hopper-reach" as const, hopper: r.piece, board: [...r.board], start, hurdles, target } }
      : {}),
  };
  return { problem, solution, replay, text: steps.map((s) => s.label).join(" ") };
}

function statusOf(check: CheckResult | null, hasReport: boolean): CellStatus {
  if (!hasReport) return "unverified";
  if (!check) return "missing";
  return check.status;
}

function establishedOf(r: HopperRecord, contributed: boolean, cell?: HopperRecord, check?: CheckResult | null): Bilingual[] {
  const out: Bilingual[] = [];
  const e = r.established;
  if (contributed && e.value !== null) {
    out.push({
      en:
        `The contributed position gives ${e.value}, recomputed by verify (breadth-first search with exact path counts): the route is a shortest one${
          r.kind === "serienziel-dual-free" ? ", the only one," : ""
        } and no square${r.kind === "serienziel-dual-free" ? " with a single shortest route" : ""} is farther.`,
      cs: `Pozice z příspěvku dává ${e.value}; ověřeno prohledáním do šířky s přesnými počty cest: cesta je nejkratší${
        r.kind === "serienziel-dual-free" ? " a jediná" : ""
      } a žádné pole${r.kind === "serienziel-dual-free" ? " s jedinou nejkratší cestou" : ""} není vzdálenější.`,
    });
    // At its row's proven maximum, a contribution is maximal too, on the row's certificate.
    const proof = cell?.established.proof;
    if (proof && proof.maximum === e.value) {
      out.push({
        en: `Maximal: ${e.value} is the maximum of its row, proven here by exhaustive search (certificate ${proof.certificate}).`,
        cs: `Maximální: ${e.value} je maximum jeho řádku, dokázané zde úplným prohledáním (certifikát ${proof.certificate}).`,
      });
    }
  } else if (e.value !== null && (r.kind === "tour-open" || r.kind === "tour-closed")) {
    // a tour is replayed move by move, not found by a breadth-first search
    const v = e.value;
    out.push(
      r.kind === "tour-open"
        ? {
          en: `Our witness is an open tour of ${v} moves through every free square${
            r.claim ? ` (claim ${r.claim.value})` : ""
          }, replayed move by move on every verify.`,
          cs: `Naše pozice dává otevřenou cestu o ${v} tazích přes všechna volná pole${
            r.claim ? ` (tvrzení ${r.claim.value})` : ""
          }; při každém ověření přehrána tah po tahu.`,
        }
        : {
          en: `Our witness is a closed tour of ${v} moves through every free square${
            r.claim ? ` (claim ${r.claim.value})` : ""
          }, replayed move by move on every verify.`,
          cs: `Naše pozice dává uzavřenou cestu o ${v} tazích přes všechna volná pole${
            r.claim ? ` (tvrzení ${r.claim.value})` : ""
          }; při každém ověření přehrána tah po tahu.`,
        },
    );
  } else if (e.value !== null) {
    out.push({
      en: `Our witness gives ${e.value}${
        r.claim ? ` (claim ${r.claim.value})` : ""
      }, recomputed by breadth-first search with exact path counts on every verify.`,
      cs: `Naše pozice dává ${e.value}${
        r.claim ? ` (tvrzení ${r.claim.value})` : ""
      }; při každém ověření přepočteno prohledáním do šířky s přesnými počty cest.`,
    });
  } else out.push({ en: "No witness position yet.", cs: "Zatím bez pozice." });
  if (e.proof) {
    out.push({
      en: `Maximum ${e.proof.maximum} proven here by exhaustive search (certificate ${e.proof.certificate}).`,
      cs: `Maximum ${e.proof.maximum} dokázáno zde úplným prohledáním (certifikát ${e.proof.certificate}).`,
    });
  }
  const run = check?.ok ? check.proofRun : undefined;
  if (run && !e.proof) {
    // The row's exhaustive run, start by start: its best so far in this column is verify's recomputation.
    const col = r.kind === "serienziel-dual-free"
      ? { en: "the longest unique shortest path", cs: "nejdelší jediná nejkratší cesta" }
      : { en: "the longest shortest path", cs: "nejdelší nejkratší cesta" };
    const best = run.best;
    const vs = (l: "en" | "cs") =>
      best === null || best === undefined || e.value === null || best === e.value
        ? ""
        : best > e.value
        ? (l === "en" ? `, above our witness's ${e.value}` : `, víc než ${e.value} naší pozice`)
        : (l === "en"
          ? `, below our witness's ${e.value} (it has not met that position yet)`
          : `, méně než ${e.value} naší pozice (na ni zatím nenarazil)`);
    out.push(proofRunLine(
      run,
      { en: "starts", cs: "výchozích polí" },
      best === null || best === undefined
        ? { en: "no position found yet", cs: "zatím bez pozice" }
        : { en: `${col.en} found so far is ${best}${vs("en")}`, cs: `${col.cs} nalezená dosud: ${best}${vs("cs")}` },
      {
        en: "The maximum counts as proven here only when every start is done and the row's certificate is written.",
        cs: "Maximum se počítá za dokázané zde, až když jsou hotová všechna výchozí pole a certifikát řádku je zapsán.",
      },
    ));
  }
  if (e.budget) out.push({ en: `Search spent: ${e.budget}.`, cs: `Vynaložené hledání: ${e.budget}.` });
  if (r.dispute) out.push({ en: `Disputed: ${r.dispute.explanation}.`, cs: `Sporné: ${r.dispute.explanation}.` });
  return out;
}

/** Popeye input (SerienZiel records on 8x8) or the reason there is none. */
function popeyeEntry(r: HopperRecord): AtlasEntry["popeye"] {
  const p = popeyeForHopperRecord(r);
  return p.ok ? { input: p.input } : { unavailable: p.reason };
}

/** The certificate a record's page links: its own proof's, or for a contribution at its row's proven maximum, the row's. */
function certificateOf(r: HopperRecord, cell: HopperRecord | undefined): string | null {
  const proof = r.established.proof ?? (cell?.established.proof?.maximum === r.established.value ? cell?.established.proof : null);
  return proof ? `/${proof.certificate}` : null;
}

/** What the adapter knows of the contributions: each one's file and cell, and the table's standings. */
interface Contributions {
  files: Map<string, string>;
  cells: Map<string, string>;
  /** Each contribution's cell record (for its row's proof). */
  cellRecords: Map<string, HopperRecord>;
  standings: Map<string, TableStanding[]>;
}

function toEntry(
  r: HopperRecord,
  results: Map<string, CheckResult>,
  hasReport: boolean,
  ids: Set<string>,
  contributions: Contributions,
): AtlasEntry {
  const check = results.get(r.id) ?? null;
  const file = contributions.files.get(r.id);
  const d = diagrams(r);
  const n = NAME[r.piece];
  const sibling = r.kind === "serienziel-longest"
    ? r.id.replace(/-longest$/, "-dual-free")
    : r.kind === "serienziel-dual-free"
    ? r.id.replace(/-dual-free$/, "-longest")
    : null;
  // A contribution's neighbours are its cell and the cell's other contributions; a cell's, its contributions first.
  const cell = contributions.cells.get(r.id);
  const sameCell = [...contributions.cells].filter(([id, c]) => id !== r.id && (c === r.id || (cell && c === cell))).map(([id]) => id);
  const neighbours = [
    ...(cell ? [cell] : []),
    ...sameCell,
    ...(file ? [] : [
      sibling,
      r.id.replace(/-h(\d+)-/, (_, k) => `-h${Number(k) - 1}-`),
      r.id.replace(/-h(\d+)-/, (_, k) => `-h${Number(k) + 1}-`),
    ]),
  ]
    .filter((x): x is string => !!x && x !== r.id && ids.has(x));
  const notes = file
    ? (r.notes ?? []).filter((n) => !n.startsWith("Entered through")).map((text) => ({ text, lang: "en" as const }))
    : r.kind === "tour-open" || r.kind === "tour-closed"
    ? (r.notes ?? []).map((text) => ({ text, lang: "en" as const }))
    : [];
  return {
    id: r.id,
    family: "hopper",
    title: file ? contributionTitle(r) : titleOf(r),
    problem: r.witness
      ? both((l) =>
        `${r.witness!.target ? `ser-z ${r.witness!.target} ${r.established.value ?? ""} ` : ""}${n[l]} ${r.witness!.start}, ${
          l === "en" ? "dummy pawns" : "zdánliví pěšci"
        } ${r.witness!.hurdles.join(" ")} (1+${r.hurdles})`
      )
      : titleOf(r),
    stipulation: stipulationOf(r),
    claim: r.claim ? { ...citation(r.claim), value: r.claim.value, status: r.claim.status } : null,
    ours: r.established.value,
    status: statusOf(check, hasReport),
    check,
    established: establishedOf(r, file !== undefined, contributions.cellRecords.get(r.id), check),
    // the tours' notes say what our runs covered beyond the witness (the Dawson enumerations, the number of
    // tours); the other kinds' notes repeat the builder's log or point into our copy of the booklet; a
    // contribution's are its contributor's remark
    notes,
    ...(file
      ? { statusNotes: [{ en: `Entered through the contribution file ${file}.`, cs: `Přidáno souborem s příspěvkem ${file}.` }] }
      : r.witness?.reference
      ? { statusNotes: [creditNote(r)] }
      : {}),
    ...(contributions.standings.has(r.id) ? { tableStanding: contributions.standings.get(r.id) } : {}),
    // a position credited to the publication that prints it carries its own citation (the diagram's number)
    witnessCitation: r.witness?.citation
      ? citation(r.witness.citation)
      : (r.witness?.origin === "reconstructed" || (file && r.witness?.origin === "published")) && r.claim
      ? citation(r.claim)
      : null,
    certificate: certificateOf(r, contributions.cellRecords.get(r.id)),
    problemDiagram: d?.problem ?? null,
    solutionDiagram: d?.solution ?? null,
    replay: d?.replay ?? null,
    solutionText: d?.text ?? null,
    popeye: popeyeEntry(r),
    neighbours,
    piece: r.piece,
    board: [...r.board],
    keywords: ["hopper", "cvrček", r.piece, n.cs, "dummy pawn", "zdánlivý pěšec", r.kind, `${r.hurdles} hurdles`],
  };
}

interface Loaded {
  file: HopperRecordFile | null;
  entries: AtlasEntry[];
  /** The record a table cell shows, by the cell's own record id: a contribution that beat it, else the cell's. */
  shown: Map<string, string>;
}

let cached: Loaded | undefined;

function load(): Loaded {
  if (cached) return cached;
  const dir = dataDir();
  const file = readFamilyFile(HOPPER_FILE, HopperRecordFile);
  if (!file) return (cached = { file: null, entries: [], shown: new Map() });
  const report = loadVerifyReport(join(dir, VERIFY_FILE));
  const results = new Map((report?.results ?? []).filter((c) => c.family === "hopper").map((c) => [c.id, c]));
  const taken = new Set(file.records.map((r) => r.id));
  const mine = buildContributions().flatMap(({ contribution: c, file: path }) =>
    c.family === "hopper" && !taken.has(c.id) ? [{ path, ...hopperRecordOf(c, file.records, path) }] : []
  );
  const { winners, standings } = contributionPlan(mine, hopperValue);
  const contributions: Contributions = {
    files: new Map(mine.map((m) => [m.record.id, m.path])),
    cells: new Map(mine.flatMap((m) => m.cell ? [[m.record.id, m.cell.id]] : [])),
    cellRecords: new Map(mine.flatMap((m) => m.cell ? [[m.record.id, m.cell]] : [])),
    standings,
  };
  const records = [...file.records, ...mine.map((m) => m.record)];
  const ids = new Set(records.map((r) => r.id));
  return (cached = {
    file,
    entries: records.map((r) => toEntry(r, results, report !== null, ids, contributions)),
    shown: new Map([...winners].map(([cell, w]) => [cell, w.record.id])),
  });
}

function tables(): FamilyTableSpec[] {
  const { file, shown } = load();
  if (!file) return [];
  const ids = new Set(file.records.map((r) => r.id));
  const byHurdles: FamilyTableSpec = {
    key: "serienziel",
    caption: {
      en: "Records by number of hurdles on 8x8 (SerienZiel): longest / dual-free",
      cs: "Rekordy podle počtu překážek na šachovnici 8x8 (SerienZiel): nejednoznačné / jednoznačné",
    },
    rowHeader: { en: "Hurdles", cs: "Překážek" },
    columns: HOPPER_KINDS.flatMap((p) => [
      { key: `${p}-longest`, label: both((l) => `${NAME[p][l]} (${l === "en" ? "longest" : "nejedn."})`) },
      { key: `${p}-dual-free`, label: both((l) => `${NAME[p][l]} (${l === "en" ? "dual-free" : "jednozn."})`) },
    ]),
    rows: Array.from({ length: 22 }, (_, i) => i + 1).map((k) => ({
      key: `h${k}`,
      label: { en: String(k), cs: String(k) },
      cells: HOPPER_KINDS.flatMap((p) =>
        ["longest", "dual-free"].map((c) => {
          const id = `${p}-8x8-serienziel-h${k}-${c}`;
          return ids.has(id) ? shown.get(id) ?? id : null;
        })
      ),
    })),
  };
  const access: FamilyTableSpec = {
    key: "accessibility",
    caption: {
      en: "Grasshopper accessibility over k hurdles (Marlow type)",
      cs: "Dostupnost polí pro cvrčka přes k překážek (typ Marlow)",
    },
    rowHeader: { en: "Hurdles", cs: "Překážek" },
    columns: [{ key: "reached", label: { en: "Squares reached", cs: "Dostupných polí" } }],
    rows: file.records.filter((r) => r.kind === "access" || r.kind === "access-minimum").map((r) => ({
      key: r.id,
      label: r.kind === "access-minimum"
        ? { en: "minimum for all", cs: "minimum pro všechna" }
        : { en: String(r.hurdles), cs: String(r.hurdles) },
      cells: [r.id],
    })),
  };
  const tours: FamilyTableSpec = {
    key: "tours",
    caption: { en: "Grasshopper tours of all free squares (Dawson type)", cs: "Cesty cvrčka přes všechna volná pole (typ Dawson)" },
    rowHeader: { en: "Tour", cs: "Cesta" },
    columns: [{ key: "moves", label: { en: "Moves", cs: "Tahů" } }],
    rows: file.records.filter((r) => r.kind === "tour-open" || r.kind === "tour-closed").map((r) => ({
      key: r.id,
      label: r.kind === "tour-open"
        ? { en: `open, ${hurdleWord(r.hurdles, "en")}`, cs: `otevřená, ${csCount(r.hurdles, "překážka", "překážky", "překážek")}` }
        : { en: `closed, ${hurdleWord(r.hurdles, "en")}`, cs: `uzavřená, ${csCount(r.hurdles, "překážka", "překážky", "překážek")}` },
      cells: [r.id],
    })),
  };
  return [byHurdles, access, tours];
}

function pieces(): PieceInfo[] {
  return HOPPER_KINDS.map((p, i) => ({
    key: p,
    name: NAME[p],
    notation: HOPPER_NAMES[p].symbol,
    about: {
      en: `Moves along ${
        LINES[p].en
      }: it jumps over exactly one man (the hurdle) and lands on the square directly behind it, which must be empty.`,
      cs: `Táhne po ${LINES[p].cs}: přeskočí právě jeden kámen (překážku) a dopadne na pole hned za ním, které musí být volné.`,
    },
    glyph: p,
    piece: null,
    order: 100 + i,
  }));
}

export const hopperAdapter: FamilyAdapter = {
  family: "hopper",
  slug: { en: "hoppers", cs: "cvrcci" },
  title: { en: "Hoppers", cs: "Přeskakující kameny" },
  intro: {
    en:
      "Hoppers move along lines and must jump over exactly one man, landing right behind it. With dummy pawns as hurdles the booklet asks how long a hopper's shortest path to some square can be (SerienZiel), how many squares a grasshopper can reach over k hurdles (Marlow) and how few hurdles let it tour every free square (Dawson). Every position here is recomputed on each build; small hurdle counts are proven by exhaustive search.",
    cs:
      "Přeskakující kameny táhnou po liniích a musí přeskočit právě jeden kámen a dopadnout hned za něj. Se zdánlivými pěšci jako překážkami se brožura ptá, jak dlouhá může být nejkratší cesta na některé pole (SerienZiel), kolik polí cvrček dosáhne přes k překážek (Marlow) a kolik nejméně překážek mu dovolí projít všechna volná pole (Dawson). Každá pozice se při sestavení přepočítává; malé počty překážek jsou dokázány úplným prohledáním.",
  },
  entries: () => load().entries,
  tables,
  headline:
    () => (load().file?.records.some((r) => r.id === "grasshopper-8x8-serienziel-h8-dual-free")
      ? "grasshopper-8x8-serienziel-h8-dual-free"
      : null),
  pieces,
};
