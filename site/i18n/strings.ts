/** Strings of the site's frame: navigation, home, the leaper tables, status words, footer. */
import type { Lang } from "./lang.ts";
import type { CellStatus } from "./status.ts";

interface Strings {
  langName: string;
  siteName: string;
  skipToContent: string;
  nav: {
    label: string;
    /** The button that opens the navigation on a narrow screen (site/layouts/Base.astro). */
    menu: string;
    home: string;
    pieces: string;
    methods: string;
    sources: string;
    downloads: string;
    embed: string;
    search: string;
    /** The workbench (site/components/pages/WorkbenchPage.astro). */
    workbench: string;
  };
  switchLabel: string;
  home: {
    title: string;
    intro: string[];
    builtOn: string;
    summaryHeading: string;
    summaryCaption: string;
    reportFrom: (generatedAt: string, codeVersion: string | null) => string;
    noReport: string;
    tableLink: string;
  };
  summary: {
    records: string;
    verified: string;
    regenerated: string;
    provenHere: string;
    citedOnly: string;
    pending: string;
    disputed: string;
    failed: string;
  };
  leapers: {
    title: string;
    intro: string;
    caption: string;
    leaper: string;
    dualFree: string;
    board8: string;
    open: string;
    closed: string;
    access: string;
    kinds: { term: string; text: string }[];
    legendHeading: string;
    probableMark: string;
    probableText: string;
    probableShort: string;
    oursLabel: string;
    oursText: string;
    /** A table cell's tie mark: n further records reach the cell's value (the visible mark, then the words for it). */
    tieMark: (n: number) => string;
    tieWords: (n: number) => string;
    tieLegend: string;
    tieText: string;
    fromLabel: string;
    noReportWarning: string;
  };
  status: Record<CellStatus, { label: string; text: string }>;
  footer: {
    built: (date: string) => string;
    records: (n: number) => string;
    report: (generatedAt: string, codeVersion: string | null) => string;
    noReport: string;
  };
  notFound: { title: string; text: string; back: string };
  chooser: { title: string; prompt: string };
}

const en: Strings = {
  langName: "English",
  siteName: "Chessboard Record Atlas",
  skipToContent: "Skip to content",
  nav: {
    label: "Main",
    menu: "Menu",
    home: "Home",
    pieces: "Pieces",
    methods: "Methods",
    sources: "Sources",
    downloads: "Downloads",
    embed: "Embed",
    search: "Search",
    workbench: "Workbench",
  },
  switchLabel: "Language",
  home: {
    title: "Chessboard Record Atlas",
    intro: [
      "The atlas gathers record tours of fairy chess pieces — the longest dual-free, open and closed tours and the numbers of reachable squares that the literature reports — and re-checks every one of them with our own programs.",
      "Beside each published value it shows what our code established: a witness it checked move by move, an independent search that reached the value again, or a proof that the value cannot be beaten (no longer tour, no larger capture, no smaller dominating set, as the record asks). Where our result differs from the published one, both are shown.",
    ],
    builtOn: "This site was built on",
    summaryHeading: "Verification summary",
    summaryCaption: "Records by the outcome of the last verification run",
    reportFrom: (g, c) => `From the verify report of ${g}${c ? ` (code version ${c})` : ""}.`,
    noReport: "No verify report was found for this build: nothing on this site has been verified in this build.",
    tableLink: "Open the leaper table",
  },
  summary: {
    records: "Records",
    verified: "Verified",
    regenerated: "Regenerated",
    provenHere: "Proven here",
    citedOnly: "Cited only",
    pending: "Pending",
    disputed: "Disputed",
    failed: "Failed",
  },
  leapers: {
    title: "Leaper table",
    intro:
      "The 35 leapers [0,1] to [7,7], laid out like the record table of Václav Kotěšovec's 2009 booklet. Each cell gives the published value and how far our own code has confirmed it.",
    caption: "Leaper records: longest dual-free tours on boards 4×4 to 8×8; longest open and closed tour and access on 8×8",
    leaper: "Leaper",
    dualFree: "Dual-free tour",
    board8: "8×8",
    open: "Open tour",
    closed: "Closed tour",
    access: "Access",
    kinds: [
      {
        term: "Dual-free tour",
        text: "one leaper captures n men, and its capture order is the only way to take them all from its start square.",
      },
      { term: "Open tour", text: "the longest path of the leaper on the empty board, no square visited twice, from any start." },
      {
        term: "Closed tour",
        text:
          "the longest such path that ends where it began, counted in moves before the return (a leap out and straight back counts as 1).",
      },
      {
        term: "Access",
        text: "how many squares the leaper can reach from a1 (from c1 or b1 where the cell says so), the start not counted.",
      },
    ],
    legendHeading: "Legend",
    probableMark: "*",
    probableText: "maximality is probable, not proven: the source says not all possibilities were tested.",
    probableShort: "probable",
    oursLabel: "ours",
    oursText: "our own search reached a different value; the published value is shown first.",
    tieMark: (n) => `= ${n}`,
    tieWords: (n) => `tied by ${n} further record${n === 1 ? "" : "s"}`,
    tieLegend: "= n (tie)",
    tieText:
      "n further records, entered as contributions, reach the same value as the record shown; the record's page links them. A contribution that beats a value not proven maximal takes the cell, and the record it replaced keeps its page.",
    fromLabel: "from",
    noReportWarning: "No verify report was found for this build, so no cell is marked as verified.",
  },
  status: {
    "proven-here": {
      label: "proven here",
      text: "our exhaustive search, or a proof given on the record, showed that the value cannot be beaten.",
    },
    regenerated: { label: "regenerated", text: "our own search, started without the published witness, reached the value." },
    verified: { label: "verified", text: "our code checked the published witness move by move." },
    cited: { label: "cited only", text: "taken from the literature; not checked by our code yet." },
    pending: { label: "pending", text: "waiting for a witness or for our check." },
    disputed: {
      label: "disputed",
      text: "our code disagrees with the published record, its solution or its value; the record explains both sides.",
    },
    failed: { label: "verification failed", text: "our check of the witness found a problem." },
    unverified: { label: "not verified in this build", text: "the verify report of this build has no entry for this record." },
    missing: { label: "no record", text: "there is no record for this cell in the data yet." },
  },
  footer: {
    built: (d) => `Built ${d}`,
    records: (n) => `${n} records`,
    report: (g, c) => `verify report ${g}${c ? `, code ${c}` : ""}`,
    noReport: "no verify report",
  },
  notFound: { title: "Page not found", text: "There is no page at this address.", back: "Go to the English home page" },
  chooser: { title: "Chessboard Record Atlas", prompt: "Choose a language" },
};

const cs: Strings = {
  langName: "Čeština",
  siteName: "Atlas šachovnicových rekordů",
  skipToContent: "Přeskočit na obsah",
  nav: {
    label: "Hlavní",
    menu: "Nabídka",
    home: "Úvod",
    pieces: "Kameny",
    methods: "Metody",
    sources: "Prameny",
    downloads: "Ke stažení",
    embed: "Vložení",
    search: "Hledat",
    workbench: "Dílna",
  },
  switchLabel: "Jazyk",
  home: {
    title: "Atlas šachovnicových rekordů",
    intro: [
      "Atlas shromažďuje rekordní cesty pohádkových šachových kamenů — nejdelší jednoznačné, otevřené a uzavřené cesty a počty dosažitelných polí, jak je uvádí literatura — a každou z nich znovu prověřuje vlastními programy.",
      "U každé publikované hodnoty ukazuje, co zjistil náš kód: řešení zkontrolované tah po tahu, nezávislé hledání, které hodnotu dosáhlo znovu, nebo důkaz, že hodnotu nelze překonat (delší cesta, delší braní ani menší ovládající sestava neexistuje, podle toho, na co se záznam ptá). Kde se náš výsledek od publikovaného liší, uvádíme oba.",
    ],
    builtOn: "Stránky byly sestaveny",
    summaryHeading: "Souhrn ověření",
    summaryCaption: "Záznamy podle výsledku posledního ověření",
    reportFrom: (g, c) => `Podle zprávy o ověření z ${g}${c ? ` (verze kódu ${c})` : ""}.`,
    noReport: "Pro toto sestavení nebyla nalezena zpráva o ověření: nic na těchto stránkách nebylo v tomto sestavení ověřeno.",
    tableLink: "Otevřít tabulku skokanů",
  },
  summary: {
    records: "Záznamy",
    verified: "Ověřeno",
    regenerated: "Znovu nalezeno",
    provenHere: "Dokázáno zde",
    citedOnly: "Pouze citováno",
    pending: "Čeká",
    disputed: "Sporné",
    failed: "Selhalo",
  },
  leapers: {
    title: "Tabulka skokanů",
    intro:
      "35 skokanů od [0,1] do [7,7], uspořádaných jako rekordní tabulka brožury Václava Kotěšovce z roku 2009. Každé pole uvádí publikovanou hodnotu a to, nakolik ji potvrdil náš vlastní kód.",
    caption:
      "Rekordy skokanů: nejdelší jednoznačné cesty na šachovnicích 4×4 až 8×8; nejdelší otevřená a uzavřená cesta a dostupnost na 8×8",
    leaper: "Skokan",
    dualFree: "Jednoznačná cesta",
    board8: "8×8",
    open: "Otevřená cesta",
    closed: "Uzavřená cesta",
    access: "Dostupnost",
    kinds: [
      {
        term: "Jednoznačná cesta",
        text: "jeden skokan sebere n kamenů a jeho pořadí braní je jediný způsob, jak je z výchozího pole sebrat všechny.",
      },
      { term: "Otevřená cesta", text: "nejdelší cesta skokana po prázdné šachovnici bez opakování polí, z libovolného výchozího pole." },
      {
        term: "Uzavřená cesta",
        text:
          "nejdelší taková cesta, která končí tam, kde začala, počítáno v tazích před návratem (skok tam a hned zpět se počítá jako 1).",
      },
      { term: "Dostupnost", text: "kolik polí skokan dosáhne z a1 (z c1 nebo b1, kde to pole uvádí), výchozí pole se nepočítá." },
    ],
    legendHeading: "Legenda",
    probableMark: "*",
    probableText: "maximalita je pravděpodobná, ne dokázaná: pramen uvádí, že nebyly probrány všechny možnosti.",
    probableShort: "pravděpodobné",
    oursLabel: "naše",
    oursText: "naše vlastní hledání dospělo k jiné hodnotě; publikovaná hodnota je uvedena první.",
    tieMark: (n) => `= ${n}`,
    tieWords: (n) =>
      `stejné hodnoty dosahuje ${n === 1 ? "1 další záznam" : n >= 2 && n <= 4 ? `${n} další záznamy` : `${n} dalších záznamů`}`,
    tieLegend: "= n (shoda)",
    tieText:
      "n dalších záznamů, přidaných jako příspěvky, dosahuje stejné hodnoty jako uvedený záznam; odkazy na ně jsou na stránce záznamu. Příspěvek, který překoná hodnotu, jejíž maximalita není dokázána, zaujme místo v tabulce a nahrazený záznam si ponechá svou stránku.",
    fromLabel: "z",
    noReportWarning: "Pro toto sestavení nebyla nalezena zpráva o ověření, proto žádné pole není označeno jako ověřené.",
  },
  status: {
    "proven-here": { label: "dokázáno zde", text: "naše úplné prohledání nebo důkaz uvedený u záznamu ukázal, že hodnotu nelze překonat." },
    regenerated: { label: "znovu nalezeno", text: "naše vlastní hledání bez publikovaného řešení hodnotu dosáhlo." },
    verified: { label: "ověřeno", text: "náš kód zkontroloval publikované řešení tah po tahu." },
    cited: { label: "pouze citováno", text: "převzato z literatury; náš kód to zatím nezkontroloval." },
    pending: { label: "čeká", text: "čeká na řešení nebo na naši kontrolu." },
    disputed: { label: "sporné", text: "náš kód nesouhlasí s publikovaným záznamem, jeho řešením nebo hodnotou; záznam uvádí obě strany." },
    failed: { label: "ověření selhalo", text: "naše kontrola řešení našla problém." },
    unverified: { label: "v tomto sestavení neověřeno", text: "zpráva o ověření tohoto sestavení pro tento záznam nic neobsahuje." },
    missing: { label: "bez záznamu", text: "pro toto pole zatím v datech není žádný záznam." },
  },
  footer: {
    built: (d) => `Sestaveno ${d}`,
    records: (n) => `záznamů: ${n}`,
    report: (g, c) => `zpráva o ověření ${g}${c ? `, kód ${c}` : ""}`,
    noReport: "bez zprávy o ověření",
  },
  notFound: { title: "Stránka nenalezena", text: "Na této adrese žádná stránka není.", back: "Přejít na českou úvodní stránku" },
  chooser: { title: "Atlas šachovnicových rekordů", prompt: "Vyberte jazyk" },
};

export const STRINGS: Record<Lang, Strings> = { en, cs };

export function t(lang: Lang): Strings {
  return STRINGS[lang];
}
