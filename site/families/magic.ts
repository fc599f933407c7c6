/**
 * Site adapter of the magic-tour family (data/magic/records.json): one entry
 * per tour (numbered board and route), one per enumeration, one per claim;
 * a table comparing the 2023 article, the 2003 enumeration and our counts.
 * Czech terms: magická / semimagická jezdcova procházka, uzavřená, středově
 * souměrná.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { DiagramSpec } from "../../solvers/diagram/spec.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { squareName } from "../../solvers/board/squares.ts";
import { pathOfNumbers } from "../../solvers/magic/check.ts";
import { type MagicClaim, type MagicEnumeration, MagicRecordFile, type MagicTourRecord } from "../../solvers/magic/schema.ts";
import type { AtlasEntry, Bilingual, EntryCitation, FamilyAdapter, FamilyTableSpec } from "../lib/entry.ts";
import { dataDir, getAtlas, loadVerifyReport, readFamilyFile, VERIFY_FILE } from "../data.ts";
import { formatNumber } from "../lib/format.ts";
import { type CellStatus, formatDate, formatMoment } from "../i18n.ts";

const FILE = join("magic", "records.json");

function statusOf(check: CheckResult | null, hasReport: boolean): CellStatus {
  if (!hasReport) return "unverified";
  if (!check) return "missing";
  return check.status;
}

function tourDiagram(t: MagicTourRecord): DiagramSpec {
  const path = pathOfNumbers(t.numbers);
  return {
    board: [...t.board],
    pieces: [{ square: path[0], glyph: "knight", colour: "white" }],
    numbers: t.numbers.map((v, sq) => ({ square: sq, label: String(v) })),
    path,
    ...(t.closed ? { closed: true } : {}),
    marks: [{ square: path[0], kind: "start" }],
  };
}

/** `no`: the tour's number among the 8x8 semimagic tours (their titles would otherwise repeat). */
function tourTitle(t: MagicTourRecord, no: number | null): Bilingual {
  const b = t.board.join("x");
  const props = { en: [] as string[], cs: [] as string[] };
  props.en.push(t.closed ? "closed" : "open");
  props.cs.push(t.closed ? "uzavřená" : "otevřená");
  if (t.centralSymmetric) {
    props.en.push("centrally symmetric");
    props.cs.push("středově souměrná");
  }
  return t.kind === "magic"
    ? {
      en: `Diagonally magic knight's tour on ${b} (${props.en.join(", ")})`,
      cs: `Diagonálně magická jezdcova procházka na ${b} (${props.cs.join(", ")})`,
    }
    : {
      en: `Semimagic knight's tour${no !== null ? ` no. ${no}` : ""} on ${b} (${props.en.join(", ")}), diagonals ${
        t.diagonalSums.join("/")
      }`,
      cs: `Semimagická jezdcova procházka${no !== null ? ` č. ${no}` : ""} na ${b} (${props.cs.join(", ")}), úhlopříčky ${
        t.diagonalSums.join("/")
      }`,
    };
}

function citationOf(c: MagicClaim["source"]): EntryCitation {
  return {
    author: c.author,
    publication: c.publication,
    year: c.year,
    sourceRef: c.file ? `${c.file}${c.lines ? `, lines ${c.lines[0]}-${c.lines[1]}` : ""}` : c.url,
  };
}

function tourEntry(t: MagicTourRecord, results: Map<string, CheckResult>, hasReport: boolean, no: number | null): AtlasEntry {
  const check = results.get(t.id) ?? null;
  const n = t.board[0];
  const S = (n * (n * n + 1)) / 2;
  const board = makeBoard(t.board);
  const path = pathOfNumbers(t.numbers);
  return {
    id: t.id,
    family: "magic",
    title: tourTitle(t, no),
    problem: {
      en: `Knight's tour numbered 1..${n * n}, rows and columns ${S}`,
      cs: `Jezdcova procházka očíslovaná 1..${n * n}, řádky a sloupce ${S}`,
    },
    stipulation: t.kind === "magic"
      ? {
        en: `Every row, column and both main diagonals sum to ${S}.`,
        cs: `Každý řádek, sloupec i obě hlavní úhlopříčky mají součet ${S}.`,
      }
      : {
        en: `Every row and column sums to ${S} (diagonals ${t.diagonalSums.join(" and ")}).`,
        cs: `Každý řádek a sloupec má součet ${S} (úhlopříčky ${t.diagonalSums.join(" a ")}).`,
      },
    claim: null,
    ours: null,
    status: statusOf(check, hasReport),
    check,
    established: [
      {
        en: `Found by ${
          t.origin === "construction" ? "our construction search" : "our exhaustive enumeration"
        } (${t.method}); rechecked on every verify: knight moves, numbers 1..${n * n}, sums, ${
          t.closed ? "closed" : "open"
        }, class of ${t.classSize} under rotations, reflections and reversal.`,
        cs: `Nalezeno ${
          t.origin === "construction" ? "naším konstrukčním hledáním" : "naším úplným výčtem"
        } (${t.method}); při každém ověření znovu zkontrolováno: tahy jezdce, čísla 1..${n * n}, součty, ${
          t.closed ? "uzavřenost" : "otevřenost"
        }, třída ${t.classSize} tvarů při otočení, zrcadlení a obrácení číslování.`,
      },
      ...(t.origin === "construction" && n > 8
        ? [{
          // Literature on larger boards, after G. P. Jelliss's survey pages (mayhematics.com/t/md.htm and /t/me.htm).
          en: `The construction (solvers/magic/biaxial.ts): two knight paths of ${
            (n * n) / 8
          } squares and their mirror images in the two midlines, one read backwards, make every row, column and diagonal sum come out by symmetry; the search only chains the eight pieces. Earlier diagonally magic knight's tours on larger boards: 12×12 by Awani Kumar (2003) and 16×16 by S. K. Singh (2006), as reported by G. P. Jelliss (mayhematics.com).`,
          cs: `Konstrukce (solvers/magic/biaxial.ts): dvě jezdcovy cesty po ${
            (n * n) / 8
          } polích a jejich zrcadlové obrazy podle obou středních os, některé čtené pozpátku, dávají správný součet v každém řádku, sloupci i úhlopříčce už ze souměrnosti; hledání jen spojuje osm kusů za sebe. Dřívější diagonálně magické jezdcovy procházky na větších šachovnicích: 12×12 od Awaniho Kumara (2003) a 16×16 od S. K. Singha (2006), jak uvádí G. P. Jelliss (mayhematics.com).`,
        }]
        : []),
    ],
    witnessCitation: null,
    certificate: null,
    problemDiagram: null,
    solutionDiagram: tourDiagram(t),
    replay: null,
    solutionText: path.map((s) => squareName(board, s)).join(" "),
    popeye: { unavailable: { en: "Popeye does not search numbered magic tours.", cs: "Popeye nehledá číslované magické procházky." } },
    neighbours: [],
    piece: null,
    board: [...t.board],
    keywords: ["magic knight's tour", "magická jezdcova procházka", "semimagic", "semimagická", t.closed ? "closed" : "open"],
  };
}

/** The share of the run's prefixes done, e.g. "0.42%" (the certified space is the split's prefixes). */
/** How far the run is, as each language writes a percentage ("0.17%", Czech "0,17 %" with a no-break space). */
function percent(en: MagicEnumeration, lang: "en" | "cs"): string {
  const p = en.prefixes ? (100 * en.prefixesCovered) / en.prefixes : 0;
  const figure = formatNumber(Number(p === 0 || p >= 10 ? p.toFixed(0) : p.toPrecision(2)), lang);
  return lang === "cs" ? `${figure}\u00a0%` : `${figure}%`;
}

/** A run with no shard finished in this many hours before the build is paused, not running (a shard takes one to two minutes). */
export const PAUSED_AFTER_HOURS = 1;

/**
 * Where an unfinished run stands: when it last progressed (the latest
 * finishedAt of its committed shard files, data/magic/proofs/<key>/; the data
 * file's date when none is there) and whether it is still going at build
 * time (a shard finished within PAUSED_AFTER_HOURS) or paused.
 */
export function runState(en: MagicEnumeration, file: MagicRecordFile, builtAt: Date = getAtlas().builtAt): {
  paused: boolean;
  /** ISO moment of the last finished shard, or the data file's date. */
  last: string;
  /** Whether `last` is a shard's finishing moment (else only a day). */
  exact: boolean;
} {
  let last: string | null = null;
  const dir = join(dataDir(), "magic", "proofs", en.key);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!/^shard-\d+-of-\d+\.json$/.test(name)) continue;
      try {
        const at = (JSON.parse(readFileSync(join(dir, name), "utf8")) as { finishedAt?: unknown }).finishedAt;
        if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && (last === null || Date.parse(at) > Date.parse(last))) last = at;
      } catch {
        // A shard file verify would reject says nothing about when the run last progressed.
      }
    }
  }
  const exact = last !== null;
  const when = last ?? file.generated.date;
  const age = builtAt.getTime() - Date.parse(when);
  return { paused: !(age >= 0 && age < PAUSED_AFTER_HOURS * 3600_000), last: when, exact };
}

/** "paused since 28 November 2026 00:03 UTC" and its Czech: the run's state as words. */
function stateWords(en: MagicEnumeration, file: MagicRecordFile): { short: Bilingual; since: Bilingual } {
  const st = runState(en, file);
  const moment = (lang: "en" | "cs") =>
    st.exact ? `${formatDate(st.last, lang)}, ${formatMoment(st.last).slice(11)}` : formatDate(st.last, lang);
  return st.paused
    ? {
      short: { en: "paused", cs: "pozastaveno" },
      since: {
        en: `Paused: the run is not going; it last progressed on ${moment("en")}${
          st.exact ? " (the last finished shard)" : ""
        }, and the same command continues it.`,
        cs: `Pozastaveno: výpočet neběží; naposledy pokročil ${moment("cs")}${
          st.exact ? " (poslední dokončená část)" : ""
        } a tentýž příkaz v něm pokračuje.`,
      },
    }
    : {
      short: { en: "under way", cs: "probíhá" },
      since: {
        en: `Under way: its last shard finished on ${moment("en")}.`,
        cs: `Probíhá: poslední část skončila ${moment("cs")}.`,
      },
    };
}

/** The day the run last progressed, in the language's style. */
function lastDay(en: MagicEnumeration, file: MagicRecordFile, lang: "en" | "cs"): string {
  return formatDate(runState(en, file).last, lang);
}

function basisText(en: MagicEnumeration): Bilingual {
  return en.remainingBasis === "finished-shards"
    ? {
      en: "from the search nodes per prefix of the finished shards and the measured time per node",
      cs: "z počtu uzlů na začátek u hotových částí a naměřeného času na uzel",
    }
    : { en: "from a sampled estimate of the search tree", cs: "z výběrového odhadu stromu hledání" };
}

function enumerationEntry(en: MagicEnumeration, results: Map<string, CheckResult>, hasReport: boolean, file: MagicRecordFile): AtlasEntry {
  const check = results.get(en.id) ?? null;
  const days = en.remainingCpuSeconds !== null ? (en.remainingCpuSeconds / 86400).toFixed(0) : null;
  const central = en.mode === "central";
  return {
    id: en.id,
    family: "magic",
    title: central
      ? {
        en: "Centrally symmetric semimagic knight's tours on 8x8: our enumeration",
        cs: "Středově souměrné semimagické jezdcovy procházky 8x8: náš výčet",
      }
      : { en: "All semimagic knight's tours on 8x8: our enumeration", cs: "Všechny semimagické jezdcovy procházky 8x8: náš výčet" },
    problem: {
      en: en.statement,
      cs: central ? "každá semimagická jezdcova procházka 8x8 se středově souměrnou cestou" : "každá semimagická jezdcova procházka 8x8",
    },
    stipulation: {
      // The data file cites our transcription by line; the page does not.
      en: file.counting.replace(/:\s*source lines? [\d\s,-]+\)/g, ")"),
      cs:
        "Procházka je očíslovaná šachovnice. Stejné jsou procházky, které na sebe převede otočení nebo zrcadlení šachovnice, s obráceným číslováním (k -> 65-k) nebo bez něj: třídy počítáme vůči těmto 16 transformacím.",
    },
    claim: null,
    // A partial run's count so far is not a value: the established line gives it.
    ours: en.complete ? en.classes : null,
    status: statusOf(check, hasReport),
    check,
    established: [
      // The run's figures in the page's language, four-digit ones too (the page's groupNumbers leaves those alone, as years).
      {
        en: `${en.complete ? "Complete" : "Partial"}: ${formatNumber(en.shardsDone, "en")} of ${
          formatNumber(en.shardCount, "en")
        } shards, ${formatNumber(en.prefixesCovered, "en")} of ${en.prefixes == null ? "?" : formatNumber(en.prefixes, "en")} prefixes, ${
          formatNumber(en.nodes, "en")
        } nodes, ${
          formatNumber(en.cpuSeconds, "en")
        } s of run time (clock time while the search ran, at low priority on a shared machine). Found so far: ${en.classes} classes (${en.tours} numbered tours), ${en.closedClasses} closed, ${en.centralSymmetricClasses} centrally symmetric, ${en.diagonallyMagicClasses} diagonally magic${
          en.bestDiagonals ? `, best diagonals ${en.bestDiagonals.join("/")}` : ""
        }.${!en.complete ? ` Done: ${percent(en, "en")} of the prefixes.` : ""}${
          !en.complete && days ? ` Projected CPU time of the rest: about ${days} days (${basisText(en).en}).` : ""
        }`,
        cs: `${en.complete ? "Úplný" : "Neúplný"}: ${formatNumber(en.shardsDone, "cs")} z ${formatNumber(en.shardCount, "cs")} částí, ${
          formatNumber(en.prefixesCovered, "cs")
        } z ${en.prefixes == null ? "?" : formatNumber(en.prefixes, "cs")} začátků, ${formatNumber(en.nodes, "cs")} uzlů, ${
          formatNumber(en.cpuSeconds, "cs")
        } s běhu (čas hodin během hledání, s nízkou prioritou na sdíleném stroji). Zatím nalezeno: ${en.classes} tříd (${en.tours} očíslovaných procházek), ${en.closedClasses} uzavřených, ${en.centralSymmetricClasses} středově souměrných, ${en.diagonallyMagicClasses} diagonálně magických${
          en.bestDiagonals ? `, nejlepší úhlopříčky ${en.bestDiagonals.join("/")}` : ""
        }.${!en.complete ? ` Hotovo: ${percent(en, "cs")} začátků.` : ""}${
          !en.complete && days ? ` Odhad zbývajícího času CPU: asi ${days} dní (${basisText(en).cs}).` : ""
        }`,
      },
      // Whether the unfinished run is going and when it last progressed: a line of its own (a date beside the figures above).
      ...(en.complete ? [] : [stateWords(en, file).since]),
      ...crosscheckSentence(en, check),
      ...sampleCrosscheckSentence(en),
      ...symmetricDisagreement(en, file),
    ],
    witnessCitation: null,
    // The merged certificate (certificate.json, with the SHA-256 of every shard file beside it).
    certificate: en.certificate ? `/${en.certificate}` : null,
    problemDiagram: null,
    solutionDiagram: null,
    replay: null,
    solutionText: null,
    popeye: null,
    neighbours: en.tourIds.slice(0, 20),
    piece: null,
    board: [8, 8],
    keywords: ["magic knight's tour", "magická jezdcova procházka", "enumeration", "výčet"],
  };
}

/**
 * The independent enumerator's result (data/magic/crosscheck-central.json),
 * stated only when verify compared it with this enumeration and found no
 * difference (a difference fails the record instead).
 */
function crosscheckSentence(en: MagicEnumeration, check: CheckResult | null): Bilingual[] {
  const path = join(dataDir(), "magic", "crosscheck-central.json");
  if (en.mode !== "central" || !en.complete || !check?.ok || !existsSync(path)) return [];
  const cc = JSON.parse(readFileSync(path, "utf8")) as { classes: number; nodes: number; seconds: number };
  return [{
    en:
      `Cross-checked: a second enumerator written separately, sharing no code with the main search (atlas crosscheck, scripts/families/magic/crosscheck.ts), finds the same ${cc.classes} classes (${cc.nodes} nodes, ${cc.seconds} s). It first found the class the records had lost: two classes share their first eight numbers, and the records builder once kept only one of them.`,
    cs:
      `Ověřeno nezávisle: druhý výčet napsaný zvlášť, bez společného kódu s hlavním hledáním (atlas crosscheck, scripts/families/magic/crosscheck.ts), najde stejných ${cc.classes} tříd (${cc.nodes} uzlů, ${
        String(cc.seconds).replace(".", ",")
      } s). Právě on odhalil třídu, která v záznamech chyběla: dvě třídy mají stejných prvních osm čísel a sestavení záznamů kdysi ponechalo jen jednu z nich.`,
  }];
}

/**
 * The sampled re-run of the full enumeration's prefixes
 * (data/magic/crosscheck-all.json), stated only when every sampled prefix
 * agreed (a disagreement makes atlas crosscheck-all exit 1 instead).
 */
function sampleCrosscheckSentence(en: MagicEnumeration): Bilingual[] {
  const path = join(dataDir(), "magic", "crosscheck-all.json");
  if (en.mode !== "all" || !existsSync(path)) return [];
  const cc = JSON.parse(readFileSync(path, "utf8")) as {
    agree: boolean;
    prefixes: { shard: number; toursHere: number }[];
    finished: number;
    maxNodes: number | null;
    cpuSeconds: number;
  };
  if (!cc.agree) return [];
  const shards = new Set(cc.prefixes.map((p) => p.shard)).size;
  const none = cc.prefixes.every((p) => p.toursHere === 0);
  const capped = cc.prefixes.length - cc.finished;
  const cap = capped && cc.maxNodes
    ? {
      en: ` The other ${capped} reached the per-prefix cap of ${
        formatNumber(cc.maxNodes, "en")
      } nodes and were not compared, so the sample leans to the lighter prefixes.`,
      cs: ` Ostatní (${capped}) narazily na strop ${
        formatNumber(cc.maxNodes, "cs")
      } uzlů na začátek a porovnány nebyly, takže vzorek upřednostňuje lehčí začátky.`,
    }
    : { en: "", cs: "" };
  return [{
    en:
      `Cross-checked by sample: ${cc.finished} of ${cc.prefixes.length} prefixes drawn at random (from ${shards} of the committed shards) were completed again by a separately written search that shares only the board and the list of prefixes with the main one (atlas crosscheck-all); ${
        none
          ? "like the shard files, it finds no tour below any of them"
          : "it finds the same tours below each of them as the shard files list"
      } (${cc.cpuSeconds} s CPU in all).${cap.en}`,
    cs:
      `Ověřeno vzorkem: ${cc.finished} z ${cc.prefixes.length} náhodně vybraných začátků (z ${shards} uložených částí) dokončilo znovu zvlášť napsané hledání, které s hlavním sdílí jen šachovnici a seznam začátků (atlas crosscheck-all); ${
        none
          ? "stejně jako soubory částí nenajde pod žádným z nich procházku"
          : "pod každým z nich najde tytéž procházky, jaké uvádějí soubory částí"
      } (${String(cc.cpuSeconds).replace(".", ",")} s CPU celkem).${cap.cs}`,
  }];
}

/**
 * A finished enumeration of the centrally symmetric tours settles the
 * "symmetric" count of each source: say where a source differs. (A symmetric
 * tour is closed by the source's own argument, lines 37-39, so the central
 * enumeration covers every symmetric tour.)
 */
/**
 * The 2003 enumeration's closed tours were regrouped by shape in 2005 (Semi-Magic
 * Square Knight Tours, borderschess.org, 2005): its first section holds the 17
 * tours symmetric under the half turn. Not a count of the 2003 report itself, so
 * it is not a claim row; it is what our finished central count is compared with.
 */
const GROUPING_2005 = { symmetric: 17, closed: 63 };

function symmetricDisagreement(en: MagicRecordFile["enumerations"][number], file: MagicRecordFile): Bilingual[] {
  if (en.mode !== "central" || !en.complete) return [];
  const agrees = en.classes === GROUPING_2005.symmetric;
  return file.claims.flatMap((c) => {
    const claimed = c.values.symmetricClasses;
    if (claimed === undefined || claimed === en.classes) return [];
    const who = `${c.source.author ?? "?"} (${c.source.year ?? "?"})`;
    return [{
      en:
        `Disagreement: ${who} reports ${claimed} symmetric tours; our finished enumeration finds ${en.classes} classes under the same 16 transformations. ${
          agrees
            ? `The 2003 enumeration (Stertenbrink, Meyrignac, Mackay) agrees with ours: a 2005 regrouping of its ${GROUPING_2005.closed} closed tours by shape (Semi-Magic Square Knight Tours, borderschess.org, 2005, section 1) lists ${GROUPING_2005.symmetric} that the 180-degree rotation maps onto themselves. The class lists of the ${claimed} are not published, so we cannot say which tour the source counts in addition.`
            : "We have not found the cause (a different notion of 'symmetric' or of 'the same' in the source, or an error on either side); both figures are shown."
        }`,
      cs:
        `Nesoulad: ${who} uvádí ${claimed} souměrných procházek; náš dokončený výčet nachází ${en.classes} tříd vůči týmž 16 transformacím. ${
          agrees
            ? `Výčet z roku 2003 (Stertenbrink, Meyrignac, Mackay) se s naším shoduje: přeskupení jeho ${GROUPING_2005.closed} uzavřených procházek podle tvaru z roku 2005 (Semi-Magic Square Knight Tours, borderschess.org, 2005, oddíl 1) uvádí ${GROUPING_2005.symmetric} procházek, které otočení o 180 stupňů převádí samy na sebe. Seznam ${claimed} tříd zdroj nezveřejnil, takže nevíme, kterou procházku počítá navíc.`
            : "Příčinu jsme nenašli (jiný pojem souměrnosti nebo shodnosti ve zdroji, nebo chyba na jedné ze stran); uvádíme obě čísla."
        }`,
    }];
  });
}

function claimEntry(c: MagicClaim, results: Map<string, CheckResult>, hasReport: boolean): AtlasEntry {
  const check = results.get(c.id) ?? null;
  const v = c.values;
  const parts = (l: "en" | "cs") =>
    [
      v.classes !== undefined ? `${v.classes} ${l === "en" ? "classes" : "tříd"}` : null,
      v.tours !== undefined ? `${v.tours} ${l === "en" ? "tours" : "procházek"}` : null,
      v.closedClasses !== undefined ? `${v.closedClasses} ${l === "en" ? "closed" : "uzavřených"}` : null,
      v.symmetricClasses !== undefined ? `${v.symmetricClasses} ${l === "en" ? "symmetric" : "souměrných"}` : null,
      v.diagonallyMagic !== undefined ? `${v.diagonallyMagic} ${l === "en" ? "diagonally magic" : "diagonálně magických"}` : null,
      v.bestDiagonals ? `${l === "en" ? "best diagonals" : "nejlepší úhlopříčky"} ${v.bestDiagonals.join("/")}` : null,
    ].filter(Boolean).join(", ");
  return {
    id: c.id,
    family: "magic",
    title: {
      en: `Semimagic knight's tours on 8x8: the ${c.source.year} count`,
      cs: `Semimagické jezdcovy procházky 8x8: počet z roku ${c.source.year}`,
    },
    problem: { en: parts("en"), cs: parts("cs") },
    stipulation: { en: `What was counted: ${c.counted}.`, cs: `Co se počítalo (podle zdroje, anglicky): ${c.counted}.` },
    claim: { ...citationOf(c.source), value: v.classes ?? 0, status: "exact" },
    ours: null,
    status: statusOf(check, hasReport),
    check,
    established: c.note ? [{ en: c.note, cs: c.note }] : [],
    witnessCitation: null,
    certificate: null,
    problemDiagram: null,
    solutionDiagram: null,
    replay: null,
    solutionText: null,
    popeye: null,
    neighbours: ["magic-8x8-enumeration-all"],
    piece: null,
    board: [8, 8],
    keywords: ["magic knight's tour", "magická jezdcova procházka", String(c.source.year)],
  };
}

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
