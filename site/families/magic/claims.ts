/**
 * The published counts of semimagic knight's tours as atlas entries, and the
 * status every magic entry shows.
 */
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { MagicClaim } from "../../../solvers/magic/schema.ts";
import type { AtlasEntry, EntryCitation } from "../../lib/entry.ts";
import type { CellStatus } from "../../i18n.ts";

export function statusOf(check: CheckResult | null, hasReport: boolean): CellStatus {
  if (!hasReport) return "unverified";
  if (!check) return "missing";
  return check.status;
}

function citationOf(c: MagicClaim["source"]): EntryCitation {
  return {
    author: c.author,
    publication: c.publication,
    year: c.year,
    sourceRef: c.file ? `${c.file}${c.lines ? `, lines ${c.lines[0]}-${c.lines[1]}` : ""}` : c.url,
  };
}

export function claimEntry(c: MagicClaim, results: Map<string, CheckResult>, hasReport: boolean): AtlasEntry {
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
