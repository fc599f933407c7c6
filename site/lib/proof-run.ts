/**
 * The line a record page shows while an exhaustive run toward its maximum is
 * under way (CheckResult.proofRun, written by verify from the run's committed
 * parts): how many parts are done, the share of the positions they cover and
 * their CPU time, then what the family says the parts found, in both languages.
 */
import type { CheckResult } from "../../solvers/records/common.ts";
import type { Bilingual } from "./entry.ts";
import { formatNumber, formatSignificant } from "./format.ts";

/** A share of the positions as each language writes it ("41%", Czech "41 %" with a no-break space). */
function percent(covered: number, total: number, lang: "en" | "cs"): string {
  const share = total > 0 ? (100 * covered) / total : 0;
  const figure = formatNumber(Number(share >= 10 || share === 0 ? share.toFixed(0) : share.toPrecision(2)), lang);
  return lang === "cs" ? `${figure}\u00a0%` : `${figure}%`;
}

/**
 * "Proof run under way: 19 of 128 shards finished, covering … positions (15%), 1,440 s of CPU; <found>. <until>."
 * `parts` names the run's parts (shards, starts), `found` what they found so far, `until` when the claim counts as proven.
 */
export function proofRunLine(
  run: NonNullable<CheckResult["proofRun"]>,
  parts: Bilingual,
  found: Bilingual,
  until: Bilingual,
): Bilingual {
  const line = (l: "en" | "cs") => {
    const [done, of, covered, total] = [run.done, run.of, run.covered, run.total].map((x) => formatNumber(x, l));
    const cpu = `${formatSignificant(run.cpuSeconds, l)} s`;
    return l === "en"
      ? `Proof run under way: ${done} of ${of} ${parts.en} finished, covering ${covered} of ${total} positions (${
        percent(run.covered, run.total, l)
      }), ${cpu} of CPU; ${found.en}. ${until.en}`
      : `Důkazový výpočet probíhá: hotovo ${done} z ${of} ${parts.cs}, které pokrývají ${covered} z ${total} pozic (${
        percent(run.covered, run.total, l)
      }), ${cpu} času procesoru; ${found.cs}. ${until.cs}`;
  };
  return { en: line("en"), cs: line("cs") };
}
