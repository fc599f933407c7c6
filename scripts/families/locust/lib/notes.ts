/**
 * The notes of the locust records, in English and Czech, for the public
 * record pages: what our searches covered for a cell that still has no
 * witness. The search commands of records.ts write one English line per
 * search into the hits file (`searched`, with the exact figures); missNote
 * reads the figures back from it and words them in both languages without
 * naming our files (the pages cite publications, not paths). A line in a
 * form it does not know is an error, not an English-only note. (Restrictions
 * are written "men on b1, a2, empty c1, a3": the lists end at a keyword.)
 */
import type { LocustNote } from "../../../../solvers/locust/schema.ts";
import type { EdgeRunSummary } from "./build.ts";
import type { Hit } from "./published.ts";

const SQ = "[a-h][1-8]";

/** A decimal number in the Czech way (decimal comma). */
const csNum = (x: string) => x.replace(".", ",");

/** A list of squares "b1, a2, c3" in words: "b1, a2 and c3" / "b1, a2 a c3". */
function list(squares: string, and: string): string {
  const parts = squares.split(", ");
  return parts.length < 2 ? squares : `${parts.slice(0, -1).join(", ")} ${and} ${parts[parts.length - 1]}`;
}
const enList = (s: string) => list(s, "and");
const csList = (s: string) => list(s, "a");

/** The booklet's diagram facts a search was restricted to, in both languages. */
function restriction(text: string | undefined): LocustNote | null {
  if (!text) return null;
  const m = new RegExp(
    `^(?:men on ((?:${SQ}, )*${SQ}))?(?:, )?(?:empty ((?:${SQ}, )*${SQ}))?(?:, )?(?:starting on (${SQ}))?(?:, )?` +
      `(?:the last capture taking (${SQ}))?(?:, )?(?:a sequence opening (${SQ})-(${SQ}))?(?:, )?(?:ending on (${SQ}))?$`,
  ).exec(text);
  if (!m) throw new Error(`locust notes: unknown restriction "${text}"`);
  const [, men, empty, start, last, f1, f2, end] = m;
  const en: string[] = [], cs: string[] = [];
  if (men) en.push(`men on ${enList(men)}`), cs.push(`kameny na ${csList(men)}`);
  if (empty) en.push(`${enList(empty)} empty`), cs.push(`${empty.includes(",") ? "prázdná pole" : "prázdné pole"} ${csList(empty)}`);
  if (start) en.push(`the start on ${start}`), cs.push(`výchozí pole ${start}`);
  if (last) en.push(`the last capture taking the man on ${last}`), cs.push(`poslední tah bere kámen na ${last}`);
  if (f1) en.push(`the first move capturing ${f1} and landing on ${f2}`), cs.push(`první tah bere ${f1} a dopadá na ${f2}`);
  if (end) en.push(`the last move landing on ${end}`), cs.push(`poslední tah dopadá na ${end}`);
  return { en: en.join(", "), cs: cs.join(", ") };
}

const LAZY = new RegExp(
  `^lazy sequence search from (${SQ}) \\(.*?\\), (\\d+) run\\(s\\) of at most (\\d+) nodes: (\\d+) nodes, (\\d+) positions of (\\d+) men yielded, ` +
    `(\\d+) of them with two or more complete sequences(?:, deepest branch (\\d+) captures)? \\(([\\d-]+), ([\\d.]+) s CPU\\)$`,
);
const REVERSE = new RegExp(
  `^reverse generation from the last capture \\(.*?\\), ending on (${SQ})(?:, restricted as in the booklet's diagram to (.*?))?, ` +
    `depth first in seeded random order, seeds (\\d+)-(\\d+) of at most (\\d+) counter calls each: (\\d+) run\\(s\\), (\\d+) counter calls, ` +
    `(\\d+) dual-free states generated \\((\\d+) cut by the bound\\), the deepest with (\\d+) of (\\d+) men; not exhaustive \\(([\\d-]+), ([\\d.]+) s CPU\\)$`,
);
const SCAN = new RegExp(
  `^scan of the placements of (\\d+) men the edge lemmas allow \\(.*?(, no full 2x2 square)?\\), locust on (${SQ})` +
    `(?:, restricted as in the booklet's diagram to (.*?))?, each placement decided by the exact counter: (all|the first) (\\d+) placements in the scan's order` +
    `(?: \\(stopped by --max, --budget or Ctrl-C; (\\d+) in the space(?: before the full-2x2 test, (\\d+) after it)?\\))?, ` +
    `(\\d+) with (?:the restricted|a) sequence, (\\d+) of them with exactly one, none a witness \\(([\\d-]+), ([\\d.]+) s CPU\\)$`,
);

/** One search that found no witness, as a bilingual note. */
export function missNote(h: Hit): LocustNote {
  const text = h.searched ?? "";
  let m = LAZY.exec(text);
  if (m) {
    const [, from, runs, max, nodes, positions, men, duals, deepest, date, cpu] = m;
    return {
      en:
        `Searched without a hit: our lazy sequence search from ${from} (the squares are decided only when the sequence reaches them, within the number of ` +
        `empty squares that the corner and edge lemmas leave), ${runs} run(s) of at most ${max} nodes: ${nodes} nodes, ${positions} positions of ${men} men ` +
        `reached, ${duals} of them with two or more complete sequences${
          deepest ? `, the deepest branch ${deepest} captures` : ""
        } (${date}, ${cpu} s CPU).`,
      cs:
        `Hledáno bez nálezu: naše líné hledání posloupnosti z pole ${from} (o obsazení polí se rozhoduje, až když na ně posloupnost dojde, v rámci počtu ` +
        `prázdných polí, který připouštějí lemmata o rozích a okrajích), běhů: ${runs}, každý nejvýše ${max} uzlů: ${nodes} uzlů, ${positions} pozic ` +
        `s ${men} kameny, z toho ${duals} se dvěma či více úplnými posloupnostmi${
          deepest ? `, nejhlubší větev ${deepest} braní` : ""
        } (${date}, ${csNum(cpu)} s CPU).`,
    };
  }
  m = REVERSE.exec(text);
  if (m) {
    const [, end, restr, s0, s1, calls, runs, total, states, cut, deepest, men, date, cpu] = m;
    const r = restriction(restr);
    return {
      en:
        `Searched without a hit: our reverse generation from the last capture (captures added one at a time before the first, every intermediate position ` +
        `with exactly one sequence, cut by a bound on how many men can still be placed), ending on ${end}${
          r ? `, restricted to the booklet's diagram: ${r.en}` : ""
        }, ` +
        `depth first in random order, seeds ${s0}-${s1}, at most ${calls} counter calls each: ${runs} run(s), ${total} counter calls, ${states} dual-free ` +
        `positions generated (${cut} cut by the bound), the deepest with ${deepest} of ${men} men; not exhaustive (${date}, ${cpu} s CPU).`,
      cs:
        `Hledáno bez nálezu: naše zpětné generování od posledního braní (braní se přidávají po jednom před první, každá mezipozice má právě jednu ` +
        `posloupnost, větve se ořezávají odhadem, kolik kamenů lze ještě umístit), konec na ${end}${
          r ? `, omezeno podle diagramu v brožuře: ${r.cs}` : ""
        }, ` +
        `do hloubky v náhodném pořadí, semínka ${s0}–${s1}, každý běh nejvýše ${calls} volání počítání: běhů ${runs}, celkem ${total} volání, ${states} ` +
        `jednoznačných pozic (${cut} ořezáno odhadem), nejhlubší s ${deepest} ze ${men} kamenů; není úplné (${date}, ${csNum(cpu)} s CPU).`,
    };
  }
  m = SCAN.exec(text);
  if (m) {
    const [, men, rook, start, restr, all, done, space, afterC, withSeq, unique, date, cpu] = m;
    const r = restriction(restr);
    const lemmas = rook
      ? {
        en: "corners empty, no two neighbouring men on an edge, no full 2x2 square",
        cs: "rohy prázdné, na okraji žádné dva sousední kameny, žádný plný čtverec 2x2",
      }
      : { en: "corners empty, no two neighbouring men on an edge", cs: "rohy prázdné, na okraji žádné dva sousední kameny" };
    const size = space ? (afterC ?? space) : null;
    return {
      en:
        `Searched without a hit: our scan of the placements of ${men} men that the edge lemmas allow (${lemmas.en}), the locust on ${start}` +
        `${r ? `, restricted to the booklet's diagram: ${r.en}` : ""}, each placement decided by an exact count of its sequences: ` +
        `${
          all === "all" ? `all ${done} placements` : `the first ${done}${size ? ` of ${size}` : ""} placements in the scan's order`
        }, ${withSeq} with such a sequence, ` +
        `${unique} of them with exactly one, none a witness${all === "all" ? "" : "; not exhaustive"} (${date}, ${cpu} s CPU).`,
      cs:
        `Hledáno bez nálezu: naše procházení rozestavení ${men} kamenů, která připouštějí lemmata o okrajích (${lemmas.cs}), locust na ${start}` +
        `${r ? `, omezeno podle diagramu v brožuře: ${r.cs}` : ""}, u každého rozestavení přesně spočteny jeho posloupnosti: ` +
        `${
          all === "all" ? `všech ${done} rozestavení` : `prvních ${done}${size ? ` z ${size}` : ""} rozestavení v pořadí procházení`
        }, ${withSeq} s takovou posloupností, ` +
        `z nich ${unique} s právě jednou, žádné není hledanou pozicí${all === "all" ? "" : "; není úplné"} (${date}, ${csNum(cpu)} s CPU).`,
    };
  }
  throw new Error(
    `locust notes: no bilingual wording for the search line "${text.slice(0, 80)}…" (cell ${h.cell}); add its form to missNote`,
  );
}

/** How far the locust 45 edge-method run has gone, for a dual-free cell it has not filled. */
export function edgeRunNote(r: EdgeRunSummary, kind: "dual-free" | "dual-free-closed"): LocustNote {
  const done = r.shards === r.of;
  const cpu = r.cpuSeconds.toFixed(0);
  const found = kind === "dual-free"
    ? { en: `${r.unique} positions with exactly one sequence`, cs: `${r.unique} pozic s právě jednou posloupností` }
    : {
      en: `${r.unique} positions with exactly one sequence, none of them returning to its start`,
      cs: `${r.unique} pozic s právě jednou posloupností, žádná se nevrací na výchozí pole`,
    };
  const space = {
    en:
      `our exhaustive run of the edge method over every placement of 45 men that the corner and edge lemmas allow (${r.total} placements), ` +
      `each with every empty square as the start and every placement decided by an exact count of its sequences`,
    cs:
      `náš úplný výpočet okrajovou metodou přes všechna rozestavení 45 kamenů, která připouštějí lemmata o rozích a okrajích (${r.total} rozestavení), ` +
      `každé s každým prázdným polem jako výchozím a s přesně spočtenými posloupnostmi`,
  };
  return done
    ? {
      en:
        `Searched in full without a hit: ${space.en}: all ${r.of} shards, ${r.tested} placements tested up to symmetry, ${found.en} (${cpu} s CPU). ` +
        `So no such position of 45 men exists, against the booklet's claim.`,
      cs:
        `Prohledáno úplně bez nálezu: ${space.cs}: všech ${r.of} dílů, ${r.tested} rozestavení prověřeno až na symetrii, ${found.cs} (${cpu} s CPU). ` +
        `Taková pozice se 45 kameny tedy neexistuje, v rozporu s tvrzením brožury.`,
    }
    : {
      en:
        `Being searched: ${space.en}: ${r.shards} of ${r.of} shards done so far (${r.placements} placements covered, ${r.tested} tested up to symmetry, ` +
        `${cpu} s CPU), ${found.en}; not finished.`,
      cs:
        `Právě se prohledává: ${space.cs}: zatím hotovo ${r.shards} z ${r.of} dílů (${r.placements} rozestavení, z toho ${r.tested} prověřeno až na symetrii, ` +
        `${cpu} s CPU), ${found.cs}; není dokončeno.`,
    };
}
