/**
 * Titles (alt text) of a record's diagrams: the problem in the booklet's
 * terms and which form is shown, e.g. "sd=52 Zebra b1 (1+52): numbered
 * solution". Used by the record page, the permalinks and the snippets.
 */
import type { Lang } from "../i18n.ts";
import type { AtlasEntry } from "./entry.ts";

export type DiagramForm = "solution" | "problem";
export const DIAGRAM_FORMS: readonly DiagramForm[] = ["solution", "problem"];

const FORM_WORDS: Record<DiagramForm, Record<Lang, string>> = {
  solution: { en: "numbered solution (0 = start)", cs: "číslované řešení (0 = výchozí pole)" },
  problem: { en: "problem position", cs: "výchozí pozice" },
};

export function diagramOf(entry: AtlasEntry, form: DiagramForm) {
  return form === "solution" ? entry.solutionDiagram : entry.problemDiagram;
}

export function diagramTitle(entry: AtlasEntry, form: DiagramForm, lang: Lang): string {
  return `${entry.problem[lang]}: ${FORM_WORDS[form][lang]}`;
}
