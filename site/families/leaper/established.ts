/**
 * What our code established about a leaper record, as the lines its page
 * lists: checks, regeneration, maximality, timings, in both languages.
 */
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { AtlasRecord, Witness } from "../../../solvers/leaper/schema.ts";
import type { Bilingual } from "../../lib/entry.ts";
import { formatNumber } from "../../lib/format.ts";
import { fmtMs, fmtS, methodName, yesNo } from "./words.ts";
import { uncheckedLine } from "../../lib/status-words.ts";
import { proofRunLine } from "../../lib/proof-run.ts";

/** Czech wording of the maximality arguments the verify report writes. */
const ARGUMENTS_CS: Record<string, string> = {
  "an exact count by breadth-first search": "přesný počet prohledáváním do šířky",
};

/** The lines of "what our code established". */
export function establishedOf(
  r: AtlasRecord,
  check: CheckResult | null,
  witness: Witness | null,
  hasReport: boolean,
  certificate: string | null,
  cell?: AtlasRecord,
): Bilingual[] {
  const out: Bilingual[] = [];
  const both = (f: (lang: "en" | "cs") => string): Bilingual => ({ en: f("en"), cs: f("cs") });
  // Our longer solution, once verify accepted it: the claim is refuted, and maximality is about our value.
  const improved = r.established.improved && check?.status === "disputed" && check.ok ? r.established.improved : null;
  if (!check) {
    out.push(uncheckedLine(hasReport));
  } else {
    if (improved && witness) {
      // The diagrams show our solution; the checks below are of the claim's own.
      out.push({
        en: `The published solution (${witness.moves.length} moves), checked:`,
        cs: `Publikované řešení (${witness.moves.length} tahů), kontrola:`,
      });
    }
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
  if (improved) {
    const g = improved.witness.generatedBy;
    const how = g ? methodName(g.method) : null;
    out.push(
      both((l) =>
        l === "en"
          ? `Claim refuted: our code found a solution of ${improved.value} moves, longer than the claimed ${r.claim.value}, and checked it as it checks a published one (legal, ${improved.value} moves${
            isDualFreeKind(r.kind) ? ", unique" : ""
          }); the diagrams show it${how ? ` (found by ${how.en}${g ? `, ${g.date}` : ""})` : ""}.`
          : `Tvrzení vyvráceno: náš kód našel řešení o ${improved.value} tazích, delší než tvrzených ${r.claim.value}, a ověřil je stejně jako publikované (platné, ${improved.value} tahů${
            isDualFreeKind(r.kind) ? ", jednoznačné" : ""
          }); ukazují je diagramy${how ? ` (nalezeno: ${how.cs}${g ? `, ${g.date}` : ""})` : ""}.`
      ),
    );
  }
  const max = r.established.maximality;
  const maxStatus = check?.maximality ??
    (max.status === "by-construction" ? "by-construction" : max.status === "proven-here" ? "proven-here" : "cited");
  const run = check?.proofRun;
  const runLine = run ? runLineOf(run, improved?.value ?? r.claim.value, r.kind) : null;
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
      en: `Maximality: proven here — an exhaustive run of ours found nothing longer than ${improved?.value ?? r.claim.value} (${
        certificate ? "certificate below" : "its certificate is not part of this build"
      }).`,
      cs: `Maximalita: dokázána zde — naše úplné prohledání nenašlo nic delšího než ${improved?.value ?? r.claim.value} (${
        certificate ? "certifikát níže" : "jeho certifikát není součástí tohoto sestavení"
      }).`,
    });
  } else if (maxStatus === "by-construction") {
    const arg = max.status === "by-construction" ? max.argument : check?.maximalityArgument ?? "";
    out.push({ en: `Maximality: by construction — ${arg}.`, cs: `Maximalita: z konstrukce — ${ARGUMENTS_CS[arg] ?? arg}.` });
  } else if (
    !r.tableCell && check?.status === "disputed" && cell?.established.improved && cell.established.improved.value > r.claim.value
  ) {
    // A further record's claim falls with its cell's: the cell's longer solution (ours) beats it.
    const v = cell.established.improved.value;
    const proven = cell.established.maximality.status === "proven-here";
    out.push({
      en: `Maximality: refuted — the table cell's solution of ${v} moves, found${
        proven ? " and proven maximal" : ""
      } by our code, is longer than this record's ${r.claim.value}.`,
      cs: `Maximalita: vyvrácena — řešení políčka tabulky o ${v} tazích, které náš kód našel${
        proven ? " a dokázal jako maximální" : ""
      }, je delší než ${r.claim.value} tohoto záznamu.`,
    });
  } else if (improved) {
    out.push({
      en: `Maximality: ${improved.value} is the longest known; whether anything longer exists is not settled yet.`,
      cs: `Maximalita: ${improved.value} je nejdelší známé řešení; zda existuje delší, zatím rozhodnuto není.`,
    });
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
  if (runLine && check?.ok && maxStatus !== "proven-here") out.push(runLine);
  return out;
}

const isDualFreeKind = (kind: AtlasRecord["kind"]) => kind === "dual-free" || kind === "dual-free-fixed-end";

/** An exhaustive run that is not merged yet, as verify found its finished shards. */
function runLineOf(run: NonNullable<CheckResult["proofRun"]>, value: number, kind: AtlasRecord["kind"]): Bilingual {
  return proofRunLine(
    run,
    { en: "shards", cs: "částí" },
    isDualFreeKind(kind)
      ? { en: `none found a dual-free sequence longer than ${value}`, cs: `žádná nenašla jednoznačnou sérii delší než ${value}` }
      : { en: `none found a tour longer than ${value} moves`, cs: `žádná nenašla cestu delší než ${value} tahů` },
    {
      en: "Maximality counts as proven here only when every shard is finished and merged into a certificate.",
      cs: "Maximalita se počítá za dokázanou zde, až když jsou hotové všechny části a sloučené do certifikátu.",
    },
  );
}
