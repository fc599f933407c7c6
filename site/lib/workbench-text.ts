/**
 * The workbench's words in both languages (site/components/pages/WorkbenchPage.astro
 * and site/islands/Workbench.tsx). Numbers are filled in by the island.
 */
import type { Lang } from "../i18n.ts";
import type { Stipulation } from "../../solvers/workbench/position.ts";
import type { CellVerdict } from "./workbench-compare.ts";

export interface WorkbenchText {
  title: string;
  intro: string[];
  noScript: string;
  positionHeading: string;
  piece: string;
  otherLeaper: string;
  leapX: string;
  leapY: string;
  leapers: string;
  hoppers: string;
  locusts: string;
  width: string;
  height: string;
  stipulation: string;
  stipulations: Record<Stipulation, string>;
  place: string;
  places: { start: string; man: string; hurdle: string; target: string; end: string };
  boardLabel: string;
  keys: string;
  announce: {
    start: (sq: string) => string;
    man: (sq: string, on: boolean) => string;
    hurdle: (sq: string, on: boolean) => string;
    target: (sq: string) => string;
    end: (sq: string) => string;
    at: (sq: string, what: string) => string;
  };
  occupant: { empty: string; start: string; man: string; hurdle: string };
  clear: string;
  badSize: (side: number, squares: number) => string;
  badLeap: (side: number) => string;
  counts: (men: number, hurdles: number, hopper: boolean) => string;
  pasteHeading: string;
  pasteLabel: string;
  pasteHelp: string;
  read: string;
  readDone: string;
  solveHeading: string;
  solve: string;
  cancel: string;
  searching: (nodes: string) => string;
  cancelled: string;
  resultHeading: string;
  solutions: (n: string, complete: boolean, nodes: string) => string;
  dualFree: string;
  notDualFree: string;
  undecided: string;
  noSolution: string;
  unreachable: string;
  rejectedBy: (test: string) => string;
  distance: (d: number) => string;
  time: (ms: number, nodes: string) => string;
  solution: string;
  replayTitle: string;
  compareHeading: string;
  noCell: string;
  cellKinds: Record<string, string>;
  cellLine: (v: CellVerdict) => string;
  claimLine: (v: CellVerdict) => string;
  maxLine: (v: CellVerdict) => string;
  notQualified: (v: CellVerdict) => string;
  openCell: string;
  shareHeading: string;
  permalink: string;
  copy: string;
  copied: string;
  downloadSvg: string;
  downloadPng: string;
  popeye: string;
  embed: string;
  embedAlt: string;
  contribution: string;
  contributionHelp: string;
  author: string;
  source: string;
  url: string;
  year: string;
  downloadContribution: string;
  needSolution: string;
  diagramTitle: string;
  /** The link on each record page (site/components/pages/RecordPage.astro). */
  openInWorkbench: string;
}

const EN: WorkbenchText = {
  title: "Workbench",
  intro: [
    "Set up a position of your own — a leaper, a hopper or a locust, its men or hurdles and the stipulation — and the atlas's own solvers count its solutions in your browser, tell whether it is dual-free, replay the solution and compare it with the record tables.",
    "Nothing leaves your machine: the search runs in a background thread of this page, and the position lives in the page's address, so the address is its permalink.",
  ],
  noScript: "The workbench needs JavaScript: its solvers run in your browser.",
  positionHeading: "Position",
  piece: "Piece",
  otherLeaper: "Other leaper",
  leapX: "Leap x",
  leapY: "Leap y",
  leapers: "Leapers",
  hoppers: "Hoppers",
  locusts: "Locusts",
  width: "Files",
  height: "Ranks",
  stipulation: "Stipulation",
  stipulations: {
    "dual-free": "Capture all men (dual-free, free last square)",
    "fixed-end": "Capture all men, last capture on a fixed square",
    "closed": "Capture all men, then leap back to the start (closed)",
    "ser-z": "SerienZiel: reach the target in the fewest moves",
    "capture": "Capture all men (every move a capture)",
    "capture-closed": "Capture all men and land on the start (closed)",
  },
  place: "A click, a tap or the space key places",
  places: {
    start: "the piece",
    man: "a man (again: removes it)",
    hurdle: "a hurdle (again: removes it)",
    target: "the target",
    end: "the last square",
  },
  boardLabel: "Board",
  keys:
    "On the board: arrow keys move the focus square; space or Enter places what is chosen above; M toggles a man (or a hurdle), P places the piece, T the target or last square, Delete empties the square.",
  announce: {
    start: (sq) => `Piece on ${sq}`,
    man: (sq, on) => (on ? `Man on ${sq}` : `Man removed from ${sq}`),
    hurdle: (sq, on) => (on ? `Hurdle on ${sq}` : `Hurdle removed from ${sq}`),
    target: (sq) => `Target ${sq}`,
    end: (sq) => `Last square ${sq}`,
    at: (sq, what) => `${sq}: ${what}`,
  },
  occupant: { empty: "empty", start: "the piece", man: "a man", hurdle: "a hurdle" },
  clear: "Clear the board",
  badSize: (side, squares) =>
    `The solvers take capture problems on boards of 1 to ${side} squares a side and at most ${squares} squares in all: this size is beyond their limits.`,
  badLeap: (side) => `A leap is two whole numbers from 0 to ${side}, not both 0.`,
  counts: (men, hurdles, hopper) => (hopper ? `${hurdles} hurdle${hurdles === 1 ? "" : "s"}` : `${men} m${men === 1 ? "an" : "en"}`),
  pasteHeading: "Paste a position",
  pasteLabel: "The atlas's notation or Popeye input",
  pasteHelp:
    "For example piece=2,3 board=8x8 start=b1 men=e3,h1,f4 stip=dual-free, or a Popeye problem (Pieces White zb1 Black wee3h1f4 … Stipulation ser-=3).",
  read: "Read",
  readDone: "Position read.",
  solveHeading: "Solve",
  solve: "Solve",
  cancel: "Cancel",
  searching: (nodes) => `Searching… ${nodes} nodes so far.`,
  cancelled: "Cancelled.",
  resultHeading: "Result",
  solutions: (k, complete, nodes) =>
    complete
      ? `${k} solution${k === "1" ? "" : "s"}.`
      : `At least ${k} solution${k === "1" ? "" : "s"}: the search stopped at its cap (${nodes} nodes) before counting them all.`,
  dualFree: "Dual-free: the solution is unique.",
  notDualFree: "Not dual-free: more than one solution.",
  undecided: "Undecided: the search stopped before it could tell whether the solution is unique.",
  noSolution: "No solution: the men cannot all be captured.",
  unreachable: "No solution: the hopper cannot reach the target.",
  rejectedBy: (t) => `Settled without search by the booklet's one-level test ${t}.`,
  distance: (d) => `The target is reached in ${d} move${d === 1 ? "" : "s"}.`,
  time: (ms, nodes) => `${ms} ms, ${nodes} search nodes.`,
  solution: "Solution",
  replayTitle: "Your position",
  compareHeading: "Against the records",
  noCell: "No record table of the atlas has a cell for this piece, board and stipulation.",
  cellKinds: {
    "dual-free": "dual-free",
    "dual-free-fixed-end": "dual-free, fixed last square",
    "closed": "closed tour",
    "serienziel-longest": "SerienZiel, longest",
    "serienziel-dual-free": "SerienZiel, dual-free",
    "longest": "longest sequence",
    "dual-free-closed": "dual-free, closed",
  },
  cellLine: (v) =>
    `Record cell ${v.cell.id} (${EN.cellKinds[v.cell.kind] ?? v.cell.kind}${
      v.cell.hurdles !== undefined ? `, ${v.cell.hurdles} hurdles` : ""
    }): your position gives ${v.value}.`,
  claimLine: (v) =>
    v.vsClaim === null
      ? "No published value."
      : v.vsClaim === "beats"
      ? `It beats the published value ${v.cell.claim}.`
      : v.vsClaim === "ties"
      ? `It ties the published value ${v.cell.claim}.`
      : `It stays under the published value ${v.cell.claim}.`,
  maxLine: (v) => {
    if (v.cell.max === null) return "Our exhaustive search has not proven this cell's maximum.";
    if (v.vsMax === "beats") {
      return v.qualifies
        ? `It is above our proven maximum ${v.cell.max}, which no sound position can be: please report it.`
        : `It is above our proven maximum ${v.cell.max}: no such position is sound, and this one fails ${failWords(v, "en")}.`;
    }
    return v.vsMax === "ties" ? `It ties our proven maximum ${v.cell.max}.` : `It stays under our proven maximum ${v.cell.max}.`;
  },
  notQualified: (v) =>
    `It does not enter this cell: ${
      v.failing === "unique" ? "it is not dual-free" : v.failing === "solution" ? "it has no solution" : "the search did not decide"
    }.`,
  openCell: "Open the record",
  shareHeading: "Share",
  permalink: "Permalink",
  copy: "Copy",
  copied: "Copied.",
  downloadSvg: "Diagram as SVG",
  downloadPng: "Diagram as PNG",
  popeye: "Popeye input",
  embed: "Embed snippet (HTML)",
  embedAlt: "Diagram of a position set up in the Chessboard Record Atlas's workbench",
  contribution: "Contribution file",
  contributionHelp: "A JSON file with the position, its solution and your credit, to add a record to the atlas.",
  author: "Author",
  source: "Publication",
  url: "URL (optional)",
  year: "Year",
  downloadContribution: "Download as a contribution file",
  needSolution: "Solve the position first: the file carries its solution.",
  diagramTitle: "Workbench position",
  openInWorkbench: "Open this position in the workbench",
};

function failWords(v: CellVerdict, lang: Lang): string {
  const en = {
    solution: "the legality check: no sequence captures every man",
    unique: "the uniqueness check: it has more than one solution",
    undecided: "to be decided: the search stopped first",
  };
  const cs = {
    solution: "kontrolou legality: žádná posloupnost nesebere všechny kameny",
    unique: "kontrolou jednoznačnosti: má více než jedno řešení",
    undecided: "nerozhodnutím: hledání skončilo dřív",
  };
  const k = v.failing ?? "undecided";
  return lang === "en" ? en[k] : cs[k];
}

const CS: WorkbenchText = {
  title: "Dílna",
  intro: [
    "Postavte si vlastní pozici — skokana, cvrčka nebo locusta, jeho kameny či překážky a zadání — a vlastní řešiče atlasu ve vašem prohlížeči spočítají její řešení, řeknou, zda je jednoznačná, přehrají řešení a porovnají je s tabulkami rekordů.",
    "Nic neopouští váš počítač: hledání běží ve vlákně na pozadí této stránky a pozice je zapsaná v adrese stránky, takže adresa je jejím trvalým odkazem.",
  ],
  noScript: "Dílna potřebuje JavaScript: její řešiče běží ve vašem prohlížeči.",
  positionHeading: "Pozice",
  piece: "Kámen",
  otherLeaper: "Jiný skokan",
  leapX: "Skok x",
  leapY: "Skok y",
  leapers: "Skokani",
  hoppers: "Cvrčci",
  locusts: "Locusti",
  width: "Sloupců",
  height: "Řad",
  stipulation: "Zadání",
  stipulations: {
    "dual-free": "Sebrat všechny kameny (jednoznačně, volné poslední pole)",
    "fixed-end": "Sebrat všechny kameny, poslední braní na pevném poli",
    "closed": "Sebrat všechny kameny a skočit zpět na výchozí pole (uzavřeně)",
    "ser-z": "SerienZiel: dosáhnout cíle nejmenším počtem tahů",
    "capture": "Sebrat všechny kameny (každý tah bere)",
    "capture-closed": "Sebrat všechny kameny a skončit na výchozím poli (uzavřeně)",
  },
  place: "Kliknutí, ťuknutí nebo mezerník umístí",
  places: { start: "kámen", man: "černý kámen (znovu: odebere)", hurdle: "překážku (znovu: odebere)", target: "cíl", end: "poslední pole" },
  boardLabel: "Šachovnice",
  keys:
    "Na šachovnici: šipky posouvají zaměřené pole; mezerník nebo Enter umístí, co je zvoleno výše; M přepne kámen (či překážku), P postaví figuru, T cíl nebo poslední pole, Delete pole vyprázdní.",
  announce: {
    start: (sq) => `Figura na ${sq}`,
    man: (sq, on) => (on ? `Kámen na ${sq}` : `Kámen z ${sq} odebrán`),
    hurdle: (sq, on) => (on ? `Překážka na ${sq}` : `Překážka z ${sq} odebrána`),
    target: (sq) => `Cíl ${sq}`,
    end: (sq) => `Poslední pole ${sq}`,
    at: (sq, what) => `${sq}: ${what}`,
  },
  occupant: { empty: "prázdné", start: "figura", man: "kámen", hurdle: "překážka" },
  clear: "Vyprázdnit šachovnici",
  badSize: (side, squares) =>
    `Řešiče berou úlohy s braním na deskách o 1 až ${side} polích na stranu a nejvýš ${squares} polích celkem: tato velikost je nad jejich mez.`,
  badLeap: (side) => `Skok jsou dvě celá čísla od 0 do ${side}, ne obě 0.`,
  counts: (men, hurdles, hopper) => (hopper ? `překážek: ${hurdles}` : `kamenů: ${men}`),
  pasteHeading: "Vložit pozici",
  pasteLabel: "Zápis atlasu nebo vstup Popeye",
  pasteHelp:
    "Například piece=2,3 board=8x8 start=b1 men=e3,h1,f4 stip=dual-free nebo úloha pro Popeye (Pieces White zb1 Black wee3h1f4 … Stipulation ser-=3).",
  read: "Načíst",
  readDone: "Pozice načtena.",
  solveHeading: "Řešení",
  solve: "Řešit",
  cancel: "Zrušit",
  searching: (nodes) => `Hledám… zatím ${nodes} uzlů.`,
  cancelled: "Zrušeno.",
  resultHeading: "Výsledek",
  solutions: (k, complete, nodes) =>
    complete ? `Počet řešení: ${k}.` : `Nejméně ${k} řešení: hledání se zastavilo na své mezi (${nodes} uzlů), než je spočítalo všechna.`,
  dualFree: "Jednoznačná (dual-free): řešení je jediné.",
  notDualFree: "Není jednoznačná: řešení je víc.",
  undecided: "Nerozhodnuto: hledání skončilo dřív, než poznalo, zda je řešení jediné.",
  noSolution: "Bez řešení: všechny kameny sebrat nelze.",
  unreachable: "Bez řešení: cvrček cíle nedosáhne.",
  rejectedBy: (t) => `Rozhodnuto bez hledání jednoúrovňovým testem ${t} z brožury.`,
  distance: (d) => `Cíle dosáhne za ${d} ${d === 1 ? "tah" : d >= 2 && d <= 4 ? "tahy" : "tahů"}.`,
  time: (ms, nodes) => `${ms} ms, ${nodes} uzlů hledání.`,
  solution: "Řešení",
  replayTitle: "Vaše pozice",
  compareHeading: "Proti rekordům",
  noCell: "Žádná tabulka atlasu nemá buňku pro tento kámen, šachovnici a zadání.",
  cellKinds: {
    "dual-free": "jednoznačně",
    "dual-free-fixed-end": "jednoznačně, pevné poslední pole",
    "closed": "uzavřená cesta",
    "serienziel-longest": "SerienZiel, nejdelší",
    "serienziel-dual-free": "SerienZiel, jednoznačně",
    "longest": "nejdelší posloupnost",
    "dual-free-closed": "jednoznačně, uzavřeně",
  },
  cellLine: (v) =>
    `Buňka rekordu ${v.cell.id} (${CS.cellKinds[v.cell.kind] ?? v.cell.kind}${
      v.cell.hurdles !== undefined ? `, překážek: ${v.cell.hurdles}` : ""
    }): vaše pozice dává ${v.value}.`,
  claimLine: (v) =>
    v.vsClaim === null
      ? "Publikovaná hodnota není."
      : v.vsClaim === "beats"
      ? `Překonává publikovanou hodnotu ${v.cell.claim}.`
      : v.vsClaim === "ties"
      ? `Vyrovnává publikovanou hodnotu ${v.cell.claim}.`
      : `Zůstává pod publikovanou hodnotou ${v.cell.claim}.`,
  maxLine: (v) => {
    if (v.cell.max === null) return "Maximum této buňky naše úplné hledání zatím nedokázalo.";
    if (v.vsMax === "beats") {
      return v.qualifies
        ? `Je nad naším dokázaným maximem ${v.cell.max}, což žádná korektní pozice nedokáže: nahlaste ji prosím.`
        : `Je nad naším dokázaným maximem ${v.cell.max}: žádná taková pozice není korektní a tato neprošla ${failWords(v, "cs")}.`;
    }
    return v.vsMax === "ties" ? `Vyrovnává naše dokázané maximum ${v.cell.max}.` : `Zůstává pod naším dokázaným maximem ${v.cell.max}.`;
  },
  notQualified: (v) =>
    `Do této buňky nepatří: ${
      v.failing === "unique" ? "není jednoznačná" : v.failing === "solution" ? "nemá řešení" : "hledání nerozhodlo"
    }.`,
  openCell: "Otevřít rekord",
  shareHeading: "Sdílet",
  permalink: "Trvalý odkaz",
  copy: "Kopírovat",
  copied: "Zkopírováno.",
  downloadSvg: "Diagram jako SVG",
  downloadPng: "Diagram jako PNG",
  popeye: "Vstup pro Popeye",
  embed: "Kód pro vložení (HTML)",
  embedAlt: "Diagram pozice sestavené v dílně Atlasu šachovnicových rekordů",
  contribution: "Soubor s příspěvkem",
  contributionHelp: "Soubor JSON s pozicí, jejím řešením a vaším jménem, kterým do atlasu přidáte rekord.",
  author: "Autor",
  source: "Publikace",
  url: "URL (nepovinné)",
  year: "Rok",
  downloadContribution: "Stáhnout jako soubor s příspěvkem",
  needSolution: "Nejprve pozici vyřešte: soubor nese její řešení.",
  diagramTitle: "Pozice z dílny",
  openInWorkbench: "Otevřít tuto pozici v dílně",
};

export const WORKBENCH_TEXT: Record<Lang, WorkbenchText> = { en: EN, cs: CS };
