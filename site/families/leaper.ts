/**
 * The leaper family on the site: records of data/leaper/records.json (through
 * site/data.ts, which validates them) joined with the verify report, phrased
 * in the booklet's terms ("sd=52 Zebra b1 (1+52)") in both languages.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { AtlasRecord, Witness } from "../../solvers/leaper/schema.ts";
import type { Board, Piece } from "../../solvers/types.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare } from "../../solvers/board/squares.ts";
import { leaper } from "../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES, tableLeapers } from "../../solvers/pieces/names.ts";
import { formatCaptures, formatTour, problemHeading } from "../../solvers/notation.ts";
import { leaperDiagrams } from "../../solvers/leaper/diagram-spec.ts";
import { popeyeForLeaperRecord } from "../../solvers/export/popeye.ts";
import type { AtlasEntry, Bilingual, EntryCitation, FamilyAdapter, FamilyTableSpec, PieceInfo } from "../lib/entry.ts";
import { leaperKey, leaperPieceInfo } from "../lib/pieces.ts";
import { type AtlasData, dataDir, getAtlas, TABLE_COLUMNS } from "../data.ts";
import { boardLabel, type CellStatus } from "../i18n.ts";
import { formatNumber, formatSignificant } from "../lib/format.ts";

const SLUG: Bilingual = { en: "leapers", cs: "skokani" };

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function sortedLeap(r: AtlasRecord): [number, number] {
  const [a, b] = r.piece.leap;
  return a <= b ? [a, b] : [b, a];
}

/** "Zebra [2,3]" / "Zebra [2,3]"; unnamed leapers by their leap alone. */
function leaperName(leap: readonly [number, number]): Bilingual {
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const bracket = `[${leap[0]},${leap[1]}]`;
  if (!named) return { en: `Leaper ${bracket}`, cs: `Skokan ${bracket}` };
  return { en: `${named.name} ${bracket}`, cs: `${cap(named.nameCs ?? named.name)} ${bracket}` };
}

/** The piece's plain name for running text: "zebra" / "zebra", or "leaper [2,6]". */
function plainName(leap: readonly [number, number]): Bilingual {
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const bracket = `[${leap[0]},${leap[1]}]`;
  if (!named) return { en: `leaper ${bracket}`, cs: `skokan ${bracket}` };
  return { en: named.name.toLowerCase(), cs: (named.nameCs ?? named.name).toLowerCase() };
}

function sourceRef(c: { source?: { file: string; line?: number; lines?: [number, number] } }): string | undefined {
  const s = c.source;
  if (!s) return undefined;
  if (s.lines) return `${s.file}, lines ${s.lines[0]}–${s.lines[1]}`;
  return s.line ? `${s.file}, line ${s.line}` : s.file;
}

function citation(
  c: { author: string | null; publication: string | null; year: number | null; source?: AtlasRecord["claim"]["source"] },
): EntryCitation {
  return { author: c.author, publication: c.publication, year: c.year, sourceRef: sourceRef(c) };
}

const isDualFree = (r: AtlasRecord) => r.kind === "dual-free" || r.kind === "dual-free-fixed-end";

/** The problem in the booklet's terms. */
function problemOf(r: AtlasRecord, board: Board, piece: Piece): Bilingual {
  const leap = sortedLeap(r);
  const name = leaperName(leap);
  const b = boardLabel(r.board);
  const w = r.witness;
  const v = r.claim.value;
  if (isDualFree(r)) {
    if (!w) {
      return {
        en: `sd=${v} ${name.en} on ${b} (1+${v}), position not known`,
        cs: `sd=${v} ${name.cs} na ${b} (1+${v}), postavení neznámé`,
      };
    }
    const start = parseSquare(board, w.start);
    const end = w.end ? parseSquare(board, w.end) : undefined;
    const en = problemHeading(board, piece, start, w.moves.length, { lang: "en", end });
    const cs = problemHeading(board, { ...piece, nameCs: cap(piece.nameCs) }, start, w.moves.length, { lang: "cs", end });
    return { en: b === "8×8" ? en : `${en}, ${b}`, cs: b === "8×8" ? cs : `${cs}, ${b}` };
  }
  const from = w?.start ?? r.from;
  if (r.kind === "open") {
    return {
      en: `Open tour of the ${plainName(leap).en} on ${b}: ${v} moves${from ? ` from ${from}` : ""}`,
      cs: `Otevřená cesta (${plainName(leap).cs}) na ${b}: ${v} tahů${from ? ` z ${from}` : ""}`,
    };
  }
  if (r.kind === "closed") {
    return {
      en: `Closed tour of the ${plainName(leap).en} on ${b}: ${v} moves before the return${from ? `, through ${from}` : ""}`,
      cs: `Uzavřená cesta (${plainName(leap).cs}) na ${b}: ${v} tahů před návratem${from ? `, přes ${from}` : ""}`,
    };
  }
  const at = r.from ?? "a1";
  return {
    en: `Access of the ${plainName(leap).en} from ${at} on ${b}: ${v} squares`,
    cs: `Dostupnost (${plainName(leap).cs}) z ${at} na ${b}: ${v} polí`,
  };
}

function stipulationOf(r: AtlasRecord): Bilingual {
  const leap = sortedLeap(r);
  const n = plainName(leap);
  const v = r.claim.value;
  const b = boardLabel(r.board);
  const start = r.witness?.start;
  switch (r.kind) {
    case "dual-free":
    case "dual-free-fixed-end": {
      const end = r.witness?.end;
      const uniqueEn = end
        ? `The order of captures is unique once the last capture is fixed on ${end}; without that condition it is not.`
        : "The problem is dual-free: the order of captures is the only one that takes every man, wherever the last capture falls.";
      const uniqueCs = end
        ? `Pořadí braní je jednoznačné, když je poslední braní pevně na ${end}; bez této podmínky není.`
        : "Úloha je jednoznačná (bez duálů): uvedené pořadí braní je jediné, kterým lze sebrat všechny kameny, ať poslední braní padne kamkoli.";
      return {
        en: `Series stalemate in ${v} (sd=${v}) on ${b}: the white ${n.en}${
          start ? ` on ${start}` : ""
        } plays ${v} moves in a row while Black, who has only the ${v} men, never moves. Every move captures a man; after the last capture Black has nothing left and is stalemated. ${uniqueEn}`,
        cs: `Sériový pat v ${v} tazích (sd=${v}) na ${b}: bílý kámen (${n.cs})${
          start ? ` na ${start}` : ""
        } táhne ${v}krát za sebou, černý, který má jen ${v} kamenů, netáhne. Každý tah bere jeden kámen; po posledním braní černému nic nezbude a je v patu. ${uniqueCs}`,
      };
    }
    case "open":
      return {
        en:
          `The longest path of the ${n.en} over the empty ${b} board that never visits a square twice, starting anywhere. The value counts moves.`,
        cs:
          `Nejdelší cesta (${n.cs}) po prázdné šachovnici ${b}, která žádné pole nenavštíví dvakrát, z libovolného výchozího pole. Hodnota udává počet tahů.`,
      };
    case "closed":
      return {
        en:
          `The longest tour of the ${n.en} on the empty ${b} board that returns to its first square without visiting any square twice. The value counts the moves before the return; a leap out and straight back counts as 1.`,
        cs:
          `Nejdelší cesta (${n.cs}) po prázdné šachovnici ${b}, která se vrátí na své první pole a žádné pole nenavštíví dvakrát. Hodnota udává tahy před návratem; skok tam a hned zpět se počítá jako 1.`,
      };
    case "access": {
      const at = r.from ?? "a1";
      return {
        en:
          `How many squares the ${n.en} can reach from ${at} on the empty ${b} board in any number of moves; ${at} itself is not counted.`,
        cs: `Kolik polí kámen (${n.cs}) dosáhne z ${at} na prázdné šachovnici ${b} libovolným počtem tahů; samotné pole ${at} se nepočítá.`,
      };
    }
  }
}

function kindTitle(r: AtlasRecord): Bilingual {
  const v = r.claim.value;
  const b = boardLabel(r.board);
  switch (r.kind) {
    case "dual-free":
      return { en: `dual-free sd=${v} on ${b}`, cs: `jednoznačná cesta sd=${v} na ${b}` };
    case "dual-free-fixed-end":
      return { en: `sd=${v} with a fixed final square on ${b}`, cs: `sd=${v} s pevným koncovým polem na ${b}` };
    case "open":
      return { en: `open tour of ${v} on ${b}`, cs: `otevřená cesta ${v} na ${b}` };
    case "closed":
      return { en: `closed tour of ${v} on ${b}`, cs: `uzavřená cesta ${v} na ${b}` };
    case "access":
      return { en: `access ${v} from ${r.from ?? "a1"} on ${b}`, cs: `dostupnost ${v} z ${r.from ?? "a1"} na ${b}` };
  }
}

function titleOf(r: AtlasRecord): Bilingual {
  const name = leaperName(sortedLeap(r));
  const kind = kindTitle(r);
  let en = `${name.en}: ${kind.en}`;
  let cs = `${name.cs}: ${kind.cs}`;
  if (!r.tableCell) {
    // Further records share a cell: tell them apart by start and author.
    const start = r.witness?.start;
    const who = [r.claim.author?.split(/\s+/).pop(), r.claim.year].filter(Boolean).join(" ");
    if (start) {
      en += `, from ${start}`;
      cs += `, z ${start}`;
    }
    if (who) {
      en += ` (${who})`;
      cs += ` (${who})`;
    }
  }
  return { en, cs };
}

const METHOD_NAMES: Record<string, Bilingual> = {
  "free-squares": { en: "the free-squares search (the booklet's method 2)", cs: "hledání volných polí (metoda 2 brožury)" },
  direct: { en: "direct generation (the booklet's method 1)", cs: "přímé generování (metoda 1 brožury)" },
  "direct-capped": { en: "direct generation with limited branching", cs: "přímé generování s omezeným větvením" },
  trivial: { en: "taking every square of the component", cs: "všechna pole komponenty" },
  bfs: { en: "breadth-first search", cs: "prohledávání do šířky" },
};

function methodName(method: string): Bilingual {
  if (METHOD_NAMES[method]) return METHOD_NAMES[method];
  const [kind, how] = method.split(":");
  if (how) {
    const tour = kind === "closed-tour"
      ? { en: "closed-tour search", cs: "hledání uzavřené cesty" }
      : { en: "open-tour search", cs: "hledání otevřené cesty" };
    const by: Record<string, Bilingual> = {
      hamiltonian: { en: "a Hamiltonian path of the whole component", cs: "hamiltonovská cesta celou komponentou" },
      "exhaustive-dfs": { en: "exhaustive depth-first search", cs: "úplné prohledání do hloubky" },
      trivial: { en: "the component is too small to need a search", cs: "komponenta je tak malá, že hledání není třeba" },
      "removal-sets": { en: "removal sets", cs: "množiny vynechaných polí" },
    };
    const b = by[how] ?? { en: how, cs: how };
    return { en: `${tour.en}, ${b.en}`, cs: `${tour.cs}, ${b.cs}` };
  }
  return { en: method, cs: method };
}

const fmtMs = (ms: number, lang: "en" | "cs") => `${formatSignificant(ms, lang)} ms`;
const fmtS = (s: number, lang: "en" | "cs") => `${formatSignificant(s, lang)} s`;
const yesNo = (b: boolean): Bilingual => (b ? { en: "yes", cs: "ano" } : { en: "no", cs: "ne" });

/** Czech wording of the maximality arguments the verify report writes. */
const ARGUMENTS_CS: Record<string, string> = {
  "an exact count by breadth-first search": "přesný počet prohledáváním do šířky",
};

/** The lines of "what our code established". */
function establishedOf(
  r: AtlasRecord,
  check: CheckResult | null,
  witness: Witness | null,
  hasReport: boolean,
  certificate: string | null,
): Bilingual[] {
  const out: Bilingual[] = [];
  const both = (f: (lang: "en" | "cs") => string): Bilingual => ({ en: f("en"), cs: f("cs") });
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
    if (check.legal !== null) {
      out.push({
        en: `Solution legal: ${yesNo(check.legal).en} (every move a leap of the piece on the board, no square twice).`,
        cs: `Řešení platné: ${yesNo(check.legal).cs} (každý tah je skok kamene na šachovnici, žádné pole dvakrát).`,
      });
    }
    if (check.lengthMatches !== null) {
      out.push({
        en: `Length as claimed: ${yesNo(check.lengthMatches).en} (${witness?.moves.length ?? "?"} moves).`,
        cs: `Délka podle tvrzení: ${yesNo(check.lengthMatches).cs} (${witness?.moves.length ?? "?"} tahů).`,
      });
    }
    if (check.unique !== null) {
      const closed = r.kind === "closed";
      out.push({
        en: `Unique${closed ? " up to direction" : ""}: ${yesNo(check.unique).en}${
          check.solutions !== null ? ` (solutions: ${check.solutions}${check.solutions >= 2 ? " or more" : ""})` : ""
        }.`,
        cs: `Jednoznačné${closed ? " až na směr" : ""}: ${yesNo(check.unique).cs}${
          check.solutions !== null ? ` (řešení: ${check.solutions}${check.solutions >= 2 ? " nebo více" : ""})` : ""
        }.`,
      });
    }
    if (check.access !== null) {
      out.push({
        en: `Access recomputed by breadth-first search: ${check.access} squares.`,
        cs: `Dostupnost přepočítaná prohledáváním do šířky: ${check.access} polí.`,
      });
    }
    out.push(both((l) => {
      const nodes = check.nodes > 0
        ? (l === "en" ? `${formatNumber(check.nodes, l)} search nodes in ` : `${formatNumber(check.nodes, l)} uzlů hledání za `)
        : "";
      return l === "en" ? `Check: ${nodes}${fmtMs(check.milliseconds, l)}.` : `Kontrola: ${nodes}${fmtMs(check.milliseconds, l)}.`;
    }));
    for (const e of check.errors) out.push({ en: `Problem found: ${e}`, cs: `Nalezený problém: ${e}` });
  }
  // How the value was reached by our own search.
  const regen = r.established.regenerated;
  const gen = witness?.origin === "generated" ? witness.generatedBy : undefined;
  if (regen) {
    const m = methodName(regen.method);
    out.push(
      both((l) =>
        l === "en"
          ? `Regenerated: yes — our search, without the published solution, reached ${regen.value} by ${m.en} in ${
            fmtS(regen.seconds, l)
          } (${regen.date}).`
          : `Znovu nalezeno: ano — naše hledání bez publikovaného řešení dosáhlo ${regen.value} (${m.cs}) za ${
            fmtS(regen.seconds, l)
          } (${regen.date}).`
      ),
    );
  } else if (gen) {
    const m = methodName(gen.method);
    const nodes = (l: "en" | "cs") => (gen.nodes !== undefined ? `, ${formatNumber(gen.nodes, l)} ${l === "en" ? "nodes" : "uzlů"}` : "");
    out.push(
      both((l) =>
        l === "en"
          ? `Regenerated: yes — no solution was published with the claim; the one shown was found by our own search: ${m.en}, ${
            fmtS(gen.seconds, l)
          }${nodes(l)} (${gen.date}).`
          : `Znovu nalezeno: ano — s tvrzením nebylo publikováno řešení; uvedené našlo naše vlastní hledání: ${m.cs}, ${
            fmtS(gen.seconds, l)
          }${nodes(l)} (${gen.date}).`
      ),
    );
  } else {
    out.push({
      en:
        "Regenerated: no — the value rests on the published solution (checked above); our own search has not reached it independently yet.",
      cs:
        "Znovu nalezeno: ne — hodnota stojí na publikovaném řešení (zkontrolovaném výše); naše vlastní hledání ji zatím nezávisle nedosáhlo.",
    });
  }
  const max = r.established.maximality;
  const maxStatus = check?.maximality ??
    (max.status === "by-construction" ? "by-construction" : max.status === "proven-here" ? "proven-here" : "cited");
  if (maxStatus === "proven-here" && !r.tableCell) {
    out.push({
      en:
        `Maximality: maximal, proven here — ${r.claim.value} is the maximum of its table cell, which an exhaustive run of ours proved over every start (${
          certificate ? "the cell's certificate below" : "its certificate is not part of this build"
        }).`,
      cs:
        `Maximalita: maximální, dokázáno zde — ${r.claim.value} je maximum jeho políčka tabulky, které naše úplné prohledání dokázalo pro všechna výchozí pole (${
          certificate ? "certifikát políčka níže" : "jeho certifikát není součástí tohoto sestavení"
        }).`,
    });
  } else if (maxStatus === "proven-here") {
    out.push({
      en: `Maximality: proven here — an exhaustive run of ours found nothing longer (${
        certificate ? "certificate below" : "its certificate is not part of this build"
      }).`,
      cs: `Maximalita: dokázána zde — naše úplné prohledání nenašlo nic delšího (${
        certificate ? "certifikát níže" : "jeho certifikát není součástí tohoto sestavení"
      }).`,
    });
  } else if (maxStatus === "by-construction") {
    const arg = max.status === "by-construction" ? max.argument : check?.maximalityArgument ?? "";
    out.push({ en: `Maximality: by construction — ${arg}.`, cs: `Maximalita: z konstrukce — ${ARGUMENTS_CS[arg] ?? arg}.` });
  } else if (maxStatus === "not-applicable" || r.claim.status === "example") {
    out.push({ en: "Maximality: not claimed (a published example).", cs: "Maximalita: netvrdí se (publikovaný příklad)." });
  } else {
    out.push({
      en: `Maximality: cited from the source (${
        r.claim.status === "probable" ? "which calls it probable" : "which calls it absolute"
      }); not proven by our code.`,
      cs: `Maximalita: převzata z pramene (${
        r.claim.status === "probable" ? "který ji uvádí jako pravděpodobnou" : "který ji uvádí jako absolutní"
      }); naším kódem nedokázána.`,
    });
  }
  return out;
}

function solutionTextOf(r: AtlasRecord, board: Board, piece: Piece, w: Witness | null): string | null {
  if (!w) return null;
  const moves = w.moves.map((m) => parseSquare(board, m));
  const start = parseSquare(board, w.start);
  if (isDualFree(r)) return formatCaptures(board, piece, start, moves);
  if (r.kind === "open") return formatTour(board, piece, moves);
  if (r.kind === "closed") return formatTour(board, piece, moves, { closed: true, start });
  return null;
}

function witnessCitationOf(r: AtlasRecord, byId: Map<string, AtlasRecord>): EntryCitation | null {
  const w = r.witness;
  if (!w || w.origin !== "published") return null;
  if (w.citation) return citation(w.citation);
  const ref = w.ref ? byId.get(w.ref) : undefined;
  if (ref?.witness?.citation) return citation(ref.witness.citation);
  return citation(r.claim);
}

function certificatePath(r: AtlasRecord, check: CheckResult | null, byId: Map<string, AtlasRecord>): string | null {
  let m = r.established.maximality;
  // A further record of a proven cell shares the cell's certificate.
  if (m.status !== "proven-here" && check?.maximality === "proven-here") m = byId.get(r.cell)?.established.maximality ?? m;
  if (m.status !== "proven-here") return null;
  // Stored as data/leaper/proofs/<cell>/certificate.json; published at the same path below the site root
  // (site/pages/data/[...path].ts), so it is linked only when the file is in the data folder.
  const rel = m.certificate.replace(/^\/+/, "");
  if (!rel.startsWith("data/") || !existsSync(join(dataDir(), ...rel.slice("data/".length).split("/")))) return null;
  return "/" + rel;
}

function neighboursOf(r: AtlasRecord, all: readonly AtlasRecord[]): string[] {
  const leap = sortedLeap(r).join(",");
  const sameLeap = all.filter((o) => o.id !== r.id && sortedLeap(o).join(",") === leap);
  const colIndex = (o: AtlasRecord) =>
    TABLE_COLUMNS.findIndex((c) => c.kinds.includes(o.kind) && c.board[0] === o.board[0] && c.board[1] === o.board[1]);
  const cells = sameLeap.filter((o) => o.tableCell).sort((a, b) => colIndex(a) - colIndex(b));
  // Further records of this record's cell (or, for a further record, its cell and siblings).
  const related = sameLeap.filter((o) => !o.tableCell && (o.cell === r.cell || o.cell === r.id));
  const others = sameLeap.filter((o) => !o.tableCell && !related.includes(o));
  return [...related, ...cells, ...others].map((o) => o.id);
}

function keywordsOf(r: AtlasRecord): string[] {
  const leap = sortedLeap(r);
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const kw = [
    `[${leap[0]},${leap[1]}]`,
    `${leap[0]},${leap[1]}`,
    r.board.join("x"),
    r.kind,
    `sd=${r.claim.value}`,
    String(r.claim.value),
  ];
  if (named) kw.push(named.symbol, ...named.aliases);
  if (r.claim.author) kw.push(r.claim.author);
  if (r.claim.year) kw.push(String(r.claim.year));
  if (r.witness?.start) kw.push(r.witness.start);
  if (r.witness?.citation?.author) kw.push(r.witness.citation.author);
  if (r.kind === "open" || r.kind === "closed") kw.push("tour", "cesta");
  return [...new Set(kw)];
}

function toEntry(r: AtlasRecord, atlas: AtlasData, results: Map<string, CheckResult>, byId: Map<string, AtlasRecord>): AtlasEntry {
  const board = makeBoard(r.board);
  const leap = sortedLeap(r);
  const piece = leaper(leap[0], leap[1]);
  const check = results.get(r.id) ?? null;
  const status: CellStatus = check ? check.status : "unverified";
  const w = r.witness;
  const regen = r.established.regenerated?.value;
  const ours = regen ?? (check?.ok && check.lengthMatches ? w?.moves.length ?? null : check?.access ?? null);
  const specs = leaperDiagrams(r);
  const certificate = certificatePath(r, check, byId);
  const notes: { text: string; lang: "en" | "cs" }[] = (r.notes ?? []).map((text) => ({ text, lang: "en" }));
  if (r.dispute) notes.unshift({ text: `Disputed (${r.dispute.check}): ${r.dispute.explanation}`, lang: "en" });
  const p = popeyeForLeaperRecord(r);
  const popeye: AtlasEntry["popeye"] = p.ok ? { input: p.input } : { unavailable: p.reason };
  return {
    id: r.id,
    family: "leaper",
    title: titleOf(r),
    problem: problemOf(r, board, piece),
    stipulation: stipulationOf(r),
    claim: { ...citation(r.claim), value: r.claim.value, status: r.claim.status },
    ours,
    status,
    check,
    established: establishedOf(r, check, w, atlas.report !== null, certificate),
    witnessCitation: witnessCitationOf(r, byId),
    certificate,
    problemDiagram: specs?.problem ?? null,
    solutionDiagram: specs?.solution ?? null,
    replay: specs?.replay ?? null,
    solutionText: specs?.notation ?? solutionTextOf(r, board, piece, w),
    popeye,
    neighbours: neighboursOf(r, atlas.records.records),
    piece: leaperKey(leap),
    board: r.board,
    keywords: keywordsOf(r),
    notes,
    ...(atlas.standings.has(r.id) ? { tableStanding: atlas.standings.get(r.id) } : {}),
  };
}

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
    return (all.find((e) => e.id === "zebra-8x8-sd52-b1") ?? all.find((e) => e.id === "leaper-2-3-dual-free-8x8") ?? all[0])?.id ?? null;
  },
  pieces,
};
