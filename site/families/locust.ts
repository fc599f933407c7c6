/**
 * Site adapter of the locust family (data/locust/records.json): capture
 * sequences of the locust, rook-, bishop- and nightrider-locust (booklet part
 * II, chapter 4, table lines 4320-4333). Czech: the booklet keeps the English
 * "locust" (the Czech "saranče" is little used, line 4307); "sebrat" = capture,
 * "návrat" = switchback (line 4400).
 */
import { join } from "node:path";
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { lineTable, type LocustKind, NAMES_FOR_CLI } from "../../solvers/pieces/locust.ts";
import { replaySequence } from "../../solvers/locust/capture.ts";
import { type LocustRecord, LocustRecordFile } from "../../solvers/locust/schema.ts";
import { popeyeForLocustRecord } from "../../solvers/export/popeye.ts";
import type { AtlasEntry, Bilingual, FamilyAdapter, FamilyTableSpec } from "../lib/entry.ts";
import { buildContributions, familyResults, readFamilyFile } from "../data.ts";
import {
  contributionStandings,
  locustRecordOf,
  locustValue,
  mergeContributions,
  type TableStanding,
} from "../../solvers/contributions/records.ts";
import { formatNumber } from "../lib/format.ts";
import type { CellStatus } from "../i18n.ts";

const FILE = join("locust", "records.json");

const NAME: Record<LocustKind, Bilingual> = {
  "locust": { en: "Locust", cs: "Locust" },
  "rook-locust": { en: "Rook-Locust", cs: "Rook-Locust (věžový locust)" },
  "bishop-locust": { en: "Bishop-Locust", cs: "Bishop-Locust (střelcový locust)" },
  "nightrider-locust": { en: "Nightrider-Locust", cs: "Nightrider-Locust (tátošový locust)" },
};
const KIND: Record<LocustRecord["kind"], Bilingual> = {
  "longest": { en: "longest capture sequence", cs: "nejdelší cesta (nejednoznačná)" },
  "dual-free": { en: "dual-free capture sequence", cs: "jednoznačná otevřená cesta" },
  "dual-free-closed": { en: "dual-free sequence returning to the start", cs: "jednoznačná uzavřená cesta (návrat)" },
};
const COLUMN: Record<LocustRecord["kind"], Bilingual> = {
  "longest": { en: "longest path", cs: "nejednoznačné cesty" },
  "dual-free": { en: "dual-free open", cs: "jednoznačné otevřené" },
  "dual-free-closed": { en: "dual-free closed", cs: "jednoznačné uzavřené" },
};

let merged: { stored: LocustRecord[]; records: LocustRecord[]; standings: Map<string, TableStanding[]> } | undefined;

/** The locust records, with the accepted locust contributions (site/data.ts) merged in as records of the family. */
function load(): { records: LocustRecord[]; report: Map<string, CheckResult>; standings: Map<string, TableStanding[]> } {
  const stored = readFamilyFile(FILE, LocustRecordFile)?.records ?? [];
  if (merged?.stored !== stored) {
    const taken = new Set(stored.map((r) => r.id));
    const mine = buildContributions().flatMap(({ contribution: c, file }) =>
      c.family === "locust" && !taken.has(c.id) ? [locustRecordOf(c, stored, file)] : []
    );
    merged = { stored, records: mergeContributions(stored, mine, locustValue), standings: contributionStandings(mine, locustValue) };
  }
  return { records: merged.records, report: familyResults("locust"), standings: merged.standings };
}

function specs(r: LocustRecord): { problem: DiagramSpec; solution: DiagramSpec; replay: ReplaySpec; text: string } | null {
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const start = parseSquare(board, w.start);
  const men = w.men.map((m) => parseSquare(board, m));
  const landed = w.sequence.map((m) => parseSquare(board, m));
  const replay = replaySequence({ table: lineTable(board, r.piece.locust), start, men }, landed);
  if ("error" in replay) return null;
  const glyph = r.piece.locust;
  const pieces = [
    { square: start, glyph, colour: "white" as const },
    ...men.map((m) => ({ square: m, glyph: "man", colour: "black" as const })),
  ];
  const problem: DiagramSpec = { board: r.board, pieces, marks: [{ square: start, kind: "start" }] };
  // The booklet numbers the men in the order they are captured (line 4367).
  const solution: DiagramSpec = {
    board: r.board,
    pieces: [{ square: start, glyph, colour: "white" }],
    numbers: replay.captured.map((c, i) => ({ square: c, label: String(i + 1) })),
    path: [start, ...landed],
    closed: r.kind === "dual-free-closed",
  };
  const sym = NAMES_FOR_CLI[r.piece.locust];
  const steps: ReplayStep[] = landed.map((to, i) => ({
    from: i === 0 ? start : landed[i - 1],
    to,
    captured: replay.captured[i],
    label: `${i + 1}.${sym}:${squareName(board, replay.captured[i])}-${w.sequence[i]}`,
  }));
  return {
    problem,
    solution,
    replay: {
      initial: problem,
      steps,
      tryIt: {
        type: "locust-capture",
        locust: r.piece.locust,
        board: r.board,
        start,
        men,
        ...(r.kind === "dual-free-closed" ? { closed: true } : {}),
      },
    },
    text: steps.map((s) => s.label).join(" ") + "=",
  };
}

/**
 * The search that found a witness, in words for the page: the method strings
 * of the data name our source files for the record's readers of the JSON, the
 * page says what the search did, in the page's language, without paths.
 */
export function methodWords(method: string): Bilingual {
  const en = method.replace(/\b(?:solvers|scripts)\/[\w/.-]+\.ts(?::\s*|,\s*)?/g, "").replace(/\(\s*\)/g, "").replace(/\s{2,}/g, " ")
    .trim();
  const from = method.match(/ from ([a-h][1-8])\b/)?.[1];
  const on = method.match(/ locust on ([a-h][1-8])\b/)?.[1];
  const men = method.match(/ of (\d+) men\b/)?.[1] ?? method.match(/ (\d+) space\b/)?.[1];
  const cs = method.startsWith("exhaustive generation")
    ? "úplné generování přidáváním sebraných kamenů"
    : method.startsWith("lazy sequence search")
    ? `líné hledání posloupnosti${from ? ` z pole ${from}` : ""} (o obsazení polí se rozhoduje, až když na ně posloupnost dojde)`
    : method.startsWith("edge-method")
    ? `úplný výpočet okrajovou metodou přes všechna rozestavení${
      men ? ` ${men} kamenů` : ""
    }, která připouštějí lemmata o rozích a okrajích${method.includes("rook-locust") ? " a o čtvercích 2x2" : ""}; pozice nalezena cestou`
    : method.startsWith("scan of the placements")
    ? `procházení rozestavení${men ? ` ${men} kamenů` : ""}, která připouštějí lemmata o okrajích${
      on ? `, locust na ${on}` : ""
    }, omezené podle diagramu v brožuře`
    : method.startsWith("reverse generation")
    ? "zpětné generování od posledního braní"
    : "náš vyhledávací program";
  return { en, cs };
}

/** "file, line n" for a source text, or the address alone. */
function sourceRef(s: { file: string; line?: number }): string {
  return s.line ? `${s.file}, line ${s.line}` : s.file;
}

/** The table's records by piece and kind; a further record (a contribution) also by its start, author and year. */
function titleOf(r: LocustRecord, name: Bilingual): Bilingual {
  const b = r.board.join("x");
  const title = { en: `${name.en}, ${KIND[r.kind].en} on ${b}`, cs: `${name.cs}, ${KIND[r.kind].cs} na šachovnici ${b}` };
  if (r.tableCell) return title;
  const who = [r.claim?.author?.split(/\s+/).pop(), r.claim?.year].filter(Boolean).join(" ");
  const start = r.witness?.start;
  return {
    en: `${title.en}${start ? `, from ${start}` : ""}${who ? ` (${who})` : ""}`,
    cs: `${title.cs}${start ? `, z ${start}` : ""}${who ? ` (${who})` : ""}`,
  };
}

/**
 * The booklet's own position for a record whose solution shown is our search's: what it prints of it,
 * and that its diagram is not legible in our copy. Null when the witness is that position or there is none.
 */
function ownPosition(r: LocustRecord): Bilingual | null {
  const p = r.published;
  // a pending record says so in its established lines
  if (!p || !r.witness || (r.witness.origin === "published" && r.witness.reference === p.reference)) return null;
  const where = `${p.citation.publication ?? ""}${p.citation.year ? `, ${p.citation.year}` : ""}`;
  const moves = (l: "en" | "cs") =>
    l === "en"
      ? `from ${p.start}, first capture ${p.firstMove.capture} landing on ${p.firstMove.land}, last ${p.lastMove.capture} landing on ${p.lastMove.land}`
      : `z pole ${p.start}, první braní ${p.firstMove.capture} s dopadem na ${p.firstMove.land}, poslední ${p.lastMove.capture} s dopadem na ${p.lastMove.land}`;
  const shown = {
    en: "so the solution shown is one our own search found",
    cs: "proto je zobrazeno řešení, které našel náš vlastní program",
  };
  return {
    en: `The booklet prints a position of its own for this record (${where}): ${
      moves("en")
    }; its diagram is not legible in our copy, ${shown.en}.`,
    cs: `Brožura k tomuto rekordu uvádí vlastní pozici (${where}): ${moves("cs")}; její diagram není v naší kopii čitelný, ${shown.cs}.`,
  };
}

function status(r: LocustRecord, c: CheckResult | undefined): CellStatus {
  return c ? c.status : r.witness ? "unverified" : "pending";
}

function entries(): AtlasEntry[] {
  const { records, report, standings } = load();
  return records.map((r) => {
    const s = specs(r);
    const name = NAME[r.piece.locust];
    const value = r.claim?.value ?? r.established.regenerated?.value ?? 0;
    const check = report.get(r.id) ?? null;
    const established: Bilingual[] = [];
    if (r.established.regenerated) {
      const how = methodWords(r.established.regenerated.method);
      established.push({
        en: `Our search found ${r.established.regenerated.value} (${how.en}).`,
        cs: `Náš program našel ${r.established.regenerated.value} (${how.cs}).`,
      });
    }
    const m = r.established.maximality;
    if (m.status === "proven-here") {
      // The argument is data written in English; the Czech line says the same in short.
      // Two kinds of certificate: "exists" (no position with one man more has any complete sequence) and
      // "closed-unique" (no position with one man more has exactly one closed sequence; positions with
      // complete sequences of that many men do exist, so the Czech line must not say the exists one).
      const closedUnique = m.certificate.includes("-closed-unique-");
      const men = (r.established.regenerated?.value ?? r.claim?.value ?? 0) + 1;
      const bound = r.piece.locust === "rook-locust"
        ? `; víc než ${men} kamenů nesebere žádná posloupnost rook-locusta (horní odhad (n-2)(3n+2)/4), takže uzavřený jednoznačný rekord nepřesáhne ${
          men - 1
        }`
        : "";
      established.push({
        en: `Maximality proven here: ${m.argument}.`,
        cs: closedUnique
          ? `Maximalita zde dokázána úplným prohledáním (certifikát): žádná pozice s ${men} kameny nemá právě jednu úplnou posloupnost braní, která se vrací na výchozí pole${bound}.`
          : "Maximalita zde dokázána úplným prohledáním (certifikát): žádná pozice s o jeden kámen více nemá úplnou posloupnost braní, tím ani žádná s ještě více kameny; jednoznačné i uzavřené posloupnosti jsou také úplné.",
      });
    } else if (m.status === "proven-by-generation") {
      established.push({
        en: `Maximality proven here: ${m.argument}.`,
        cs:
          "Maximalita zde dokázána úplným generováním: každá pozice s k+1 kameny, kterou lze celou sebrat (případně jednoznačně), vznikne z pozice s k kameny přidáním prvního braní; generování všech takových pozic po úrovních od samotného locustu ukazuje, že delší posloupnost neexistuje.",
      });
    } else if (m.status === "by-construction") {
      established.push({ en: `Maximal by the upper bound ${m.bound}: ${m.argument}.`, cs: `Maximální podle horního odhadu ${m.bound}.` });
    } else {
      established.push({ en: "Maximality: cited from the booklet.", cs: "Maximalita: převzata z brožury." });
      if (m.status === "cited" && m.run) {
        const done = formatNumber(m.run.shardsDone, "en"), of = formatNumber(m.run.shardCount, "en");
        const doneCs = formatNumber(m.run.shardsDone, "cs"), ofCs = formatNumber(m.run.shardCount, "cs");
        established.push({
          en:
            `Our own exhaustive check is under way: ${done} of ${of} parts of the search space done, none holding a position with one man more whose only capture sequence returns to its start. Until it finishes, this maximum is the booklet's, not ours.`,
          cs:
            `Naše vlastní úplné ověření probíhá: hotovo ${doneCs} z ${ofCs} částí prohledávaného prostoru, v žádné není pozice s o jeden kámen více, jejíž jediná posloupnost braní se vrací na výchozí pole. Dokud neskončí, je toto maximum převzaté z brožury, ne naše.`,
        });
      }
    }
    if (!r.witness) {
      established.push({
        en: "Witness pending: the published position is not legible and our search has not found one yet.",
        cs: "Pozice zatím chybí: diagram v brožuře není čitelný a náš program ji zatím nenašel.",
      });
    }
    const sd = `sd=${value} ${name.en}${r.witness ? ` ${r.witness.start}` : ""} C+ (1+${value})`;
    return {
      id: r.id,
      family: "locust",
      title: titleOf(r, name),
      problem: { en: sd, cs: sd },
      stipulation: {
        en: `The locust captures with every move (jumping a black man and landing just behind it) until no man is left${
          r.kind === "longest" ? "" : "; the solution is unique"
        }${r.kind === "dual-free-closed" ? ", and it ends on the start square" : ""}.`,
        cs: `Locust bere každým tahem (přeskočí černý kámen a dopadne hned za něj), dokud nesebere všechny kameny${
          r.kind === "longest" ? "" : "; řešení je jednoznačné"
        }${r.kind === "dual-free-closed" ? " a končí na výchozím poli" : ""}.`,
      },
      claim: r.claim
        ? {
          author: r.claim.author,
          publication: r.claim.publication,
          year: r.claim.year,
          sourceRef: r.claim.source ? sourceRef(r.claim.source) : undefined,
          value: r.claim.value,
          status: r.claim.status,
        }
        : null,
      // Without a search of ours, a witness verify accepted (a contribution's) is what our code established.
      ours: r.established.regenerated?.value ?? (check?.ok && r.witness ? r.witness.sequence.length : null),
      status: status(r, check ?? undefined),
      check,
      established,
      // The solution shown is cited only when it is the published one (credited or contributed); a witness of
      // our search is said to be ours, even where the booklet prints a position of its own (statusNotes say so).
      witnessCitation: r.witness?.origin === "published" && r.witness.citation
        ? { ...r.witness.citation, sourceRef: r.witness.citation.source ? sourceRef(r.witness.citation.source) : undefined }
        : null,
      certificate: m.status === "proven-here" ? `/${m.certificate}` : null,
      problemDiagram: s?.problem ?? null,
      solutionDiagram: s?.solution ?? null,
      replay: s?.replay ?? null,
      solutionText: s?.text ?? null,
      popeye: (() => {
        const p = popeyeForLocustRecord(r);
        return p.ok ? { input: p.input } : { unavailable: p.reason };
      })(),
      neighbours: records.filter((o) => o.id !== r.id && (o.piece.locust === r.piece.locust || o.kind === r.kind)).map((o) => o.id),
      piece: r.piece.locust,
      board: r.board,
      keywords: ["locust", r.piece.locust, r.kind, "capture", "sd"],
      // bilingual notes (what our searches covered, how a published position was read back), shown under the status
      ...(r.notes?.length || ownPosition(r) ? { statusNotes: [...(ownPosition(r) ? [ownPosition(r)!] : []), ...(r.notes ?? [])] } : {}),
      ...(standings.has(r.id) ? { tableStanding: standings.get(r.id) } : {}),
    };
  });
}

function tables(): FamilyTableSpec[] {
  const { records } = load();
  const kinds: LocustRecord["kind"][] = ["longest", "dual-free", "dual-free-closed"];
  const pieces: LocustKind[] = ["locust", "rook-locust", "bishop-locust", "nightrider-locust"];
  return [{
    key: "locust-8x8",
    caption: {
      en: "Locust capture sequences on 8x8 (booklet p. 64: all records absolute)",
      cs: "Cesty locustů s braním na šachovnici 8x8 (všechny rekordy absolutní)",
    },
    rowHeader: { en: "Piece", cs: "Kámen" },
    columns: kinds.map((k) => ({ key: k, label: COLUMN[k] })),
    rows: pieces.map((p) => ({
      key: p,
      label: NAME[p],
      cells: kinds.map((k) => records.find((r) => r.piece.locust === p && r.kind === k && r.tableCell)?.id ?? null),
    })),
  }];
}

export const locustAdapter: FamilyAdapter = {
  family: "locust",
  slug: { en: "locusts", cs: "locusti" },
  title: { en: "Locust capture sequences", cs: "Locust — sekvence s odstraňováním překážek" },
  intro: {
    en:
      "A locust moves like a hopper but only over black men, which it captures; the square behind the man must be free. How many men can one locust capture, with every move a capture — and with a unique solution, or one that returns to the start?",
    cs:
      "Locust skáče jako cvrček, ale jen přes černé kameny, které sebere; pole za kamenem musí být volné. Kolik kamenů může jeden locust postupně sebrat, když bere každým tahem — a to jednoznačně, případně s návratem na výchozí pole?",
  },
  entries,
  tables,
  headline: () => "nightrider-locust-8x8-dual-free",
};
