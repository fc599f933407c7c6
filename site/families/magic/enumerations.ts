/**
 * An enumeration of semimagic tours as an atlas entry: its basis, its state,
 * the independent cross-checks that agree with it, and where the sources'
 * symmetric counts differ from it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CheckResult } from "../../../solvers/records/common.ts";
import { type MagicEnumeration, MagicRecordFile } from "../../../solvers/magic/schema.ts";
import type { AtlasEntry, Bilingual } from "../../lib/entry.ts";
import { dataDir } from "../../data.ts";
import { formatNumber } from "../../lib/format.ts";
import { statusOf } from "./claims.ts";
import { percent, stateWords } from "./run-state.ts";

function basisText(en: MagicEnumeration): Bilingual {
  return en.remainingBasis === "finished-shards"
    ? {
      en: "from the search nodes per prefix of the finished shards and the measured time per node",
      cs: "z počtu uzlů na začátek u hotových částí a naměřeného času na uzel",
    }
    : { en: "from a sampled estimate of the search tree", cs: "z výběrového odhadu stromu hledání" };
}

export function enumerationEntry(
  en: MagicEnumeration,
  results: Map<string, CheckResult>,
  hasReport: boolean,
  file: MagicRecordFile,
): AtlasEntry {
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
