/**
 * Languages and every UI string of the atlas, in one place. The URL scheme
 * lives in site/lib/paths.ts; longer prose (methods, sources, embed help) in
 * site/content.ts.
 */

export const LANGS = ["en", "cs"] as const;
export type Lang = typeof LANGS[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function otherLang(lang: Lang): Lang {
  return lang === "en" ? "cs" : "en";
}

/** Status of a table cell: a verify-report status, or no report entry / no record. */
export type CellStatus =
  | "verified"
  | "regenerated"
  | "proven-here"
  | "cited"
  | "pending"
  | "disputed"
  | "failed"
  | "unverified"
  | "missing";

/** Legend order: strongest evidence first. */
export const CELL_STATUSES: readonly CellStatus[] = [
  "proven-here",
  "regenerated",
  "verified",
  "cited",
  "pending",
  "disputed",
  "failed",
  "unverified",
  "missing",
];

/** The mark shown in a cell; the meaning is also given in words (never colour alone). */
export const STATUS_MARK: Record<CellStatus, string> = {
  "proven-here": "∎",
  regenerated: "↻",
  verified: "✓",
  cited: "❝",
  pending: "○",
  disputed: "≠",
  failed: "✗",
  unverified: "?",
  missing: "–",
};

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
    disputed: { label: "disputed", text: "our code finds the published witness wrong; the record explains both sides." },
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
    disputed: { label: "sporné", text: "náš kód považuje publikované řešení za chybné; záznam uvádí obě strany." },
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

/** Board name as printed in the table, e.g. 8×8. */
export function boardLabel(board: readonly number[]): string {
  return board.join("×");
}

/** A date (ISO string or Date) as a day in the language's style, in UTC so a build gives the same text anywhere. */
export function formatDate(value: string | Date, lang: Lang): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang === "cs" ? "cs-CZ" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(d);
}

/** A moment as "YYYY-MM-DD HH:MM UTC" (language-neutral, for build info). */
export function formatMoment(value: string | Date): string {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

/** Strings of the record, piece, family, search and help pages. */
export interface Ui {
  breadcrumb: string;
  home: {
    familiesHeading: string;
    headline: string;
    openFamily: (title: string) => string;
    recordCount: (n: number) => string;
    howHeading: string;
    how: string[];
    explore: string;
  };
  family: {
    furtherHeading: string;
    furtherIntro: string;
    value: string;
    record: string;
    status: string;
    tablesHeading: string;
  };
  record: {
    problem: string;
    diagrams: string;
    problemDiagram: string;
    solutionDiagram: string;
    diagramAlt: (problem: string) => string;
    solutionAlt: (problem: string) => string;
    /** Large boards: the route is drawn as a line without numbers. */
    routeDiagram: string;
    routeAlt: (problem: string) => string;
    /** Neither numbers nor a route (e.g. a dominating set): the pieces only. */
    plainDiagram: string;
    plainAlt: (problem: string) => string;
    solution: string;
    noWitness: string;
    replay: string;
    values: string;
    published: string;
    ours: string;
    notKnown: string;
    claimStatus: Record<"absolute" | "probable" | "example" | "exact" | "upper", string>;
    differs: string;
    provenance: string;
    claim: string;
    witness: string;
    author: string;
    publication: string;
    year: string;
    sourceRef: string;
    witnessOurs: string;
    witnessSame: string;
    established: string;
    certificate: string;
    notes: string;
    notesInEnglish: string;
    neighbours: string;
    noNeighbours: string;
    /** How the record stands in its table because of contributions (solvers/contributions/records.ts TableStanding): a label before links. */
    standing: Record<"tied-by" | "ties" | "replaces" | "replaced-by", string>;
    piece: string;
    family: string;
    embed: string;
    permalinks: string;
    popeye: string;
    popeyeHint: string;
    status: string;
    board: string;
  };
  piece: {
    movesHeading: string;
    movesCaption: (name: string, square: string) => string;
    mapsHeading: string;
    accessHeading: string;
    accessText: (from: string, reached: number, total: number) => string;
    accessCaption: (name: string, from: string) => string;
    degreeHeading: string;
    degreeText: (min: number, max: number) => string;
    degreeCaption: (name: string) => string;
    noMaps: string;
    recordsHeading: string;
    noRecords: string;
    unreachable: string;
    indexTitle: string;
    indexIntro: string;
    notation: string;
    records: string;
  };
  search: {
    title: string;
    label: string;
    placeholder: string;
    button: string;
    intro: string;
    noScript: string;
    loading: string;
    results: (n: number, shown: number) => string;
    none: string;
    failed: string;
    kinds: Record<"record" | "piece" | "source" | "page", string>;
  };
  downloads: {
    title: string;
    intro: string;
    recordsJson: string;
    schemaJson: string;
    contributionSchemaJson: string;
    verifyJson: string;
    csv: (family: string) => string;
    csvColumns: string;
    certificates: string;
    stable: string;
    noReport: string;
  };
  grid: { file: string; rank: string };
}

const uiEn: Ui = {
  breadcrumb: "Breadcrumb",
  home: {
    familiesHeading: "Record families",
    headline: "Headline record",
    openFamily: (title) => `Open the ${title.toLowerCase()}`,
    recordCount: (n) => `${n} record${n === 1 ? "" : "s"}`,
    howHeading: "How verification works",
    how: [
      "Every claim comes from a cited source, with the line it was read from. Our programs then check it again on every build: the witness (a published or generated solution) is replayed move by move, its length compared with the claim, and for dual-free problems every other solution is searched for — a record counts only if there is none.",
      "Where our own search reached the value without the published solution, the record is marked regenerated. Where an exhaustive run of ours showed that nothing longer exists, it is marked proven here and links to the run's certificate; otherwise maximality is cited from the source.",
      "The verification summary below comes from the report the build was made from; the methods page explains the searches and pruning rules.",
    ],
    explore: "Explore",
  },
  family: {
    furtherHeading: "Further published records",
    furtherIntro: "Published records outside the table cells: earlier or alternative solutions, and records linked to a cell.",
    value: "Value",
    record: "Record",
    status: "Status",
    tablesHeading: "Tables",
  },
  record: {
    problem: "Problem",
    diagrams: "Diagrams",
    problemDiagram: "Problem position",
    solutionDiagram: "Numbered solution",
    diagramAlt: (p) => `Problem position: ${p}`,
    solutionAlt: (p) => `Numbered solution of ${p}: the start square is 0, each square carries the number of the move that reaches it`,
    routeDiagram: "Solution (the route as a line; numbers left out on a board this large)",
    routeAlt: (p) => `Solution of ${p}: the route drawn as a line from square to square, without numbers`,
    plainDiagram: "Solution",
    plainAlt: (p) => `Solution of ${p}`,
    solution: "Solution",
    noWitness: "No witness yet: the position is not known to us.",
    replay: "Replay",
    values: "Published value and ours",
    published: "Published",
    ours: "Our code",
    notKnown: "not known",
    claimStatus: {
      absolute: "maximal according to the source",
      probable: "probably maximal (the source did not test every possibility)",
      example: "an example, not claimed maximal",
      exact: "exact value",
      upper: "upper bound",
    },
    differs: "Our value differs from the published one: both are shown.",
    provenance: "Provenance",
    claim: "Claim",
    witness: "Solution shown",
    author: "Author",
    publication: "Publication",
    year: "Year",
    sourceRef: "Where we read it",
    witnessOurs: "found by our own search (see below)",
    witnessSame: "Published with the claim, in the same source.",
    established: "What our code established",
    certificate: "Certificate of the exhaustive run",
    notes: "Notes",
    notesInEnglish: "",
    neighbours: "Neighbouring records",
    noNeighbours: "No neighbouring records.",
    standing: {
      "tied-by": "The same value is reached by",
      "ties": "Ties the value of the table's record",
      "replaces": "Beats the value of, and replaces in the table",
      "replaced-by": "Replaced in the table by a record with a higher value",
    },
    piece: "Piece",
    family: "Family",
    embed: "Permalinks and snippets",
    permalinks: "Diagram permalinks",
    popeye: "Popeye input",
    popeyeHint: "Paste into Popeye to check the solution count with the tool problemists trust.",
    status: "Status",
    board: "Board",
  },
  piece: {
    movesHeading: "How it moves",
    movesCaption: (n, sq) => `The ${n} on ${sq} and every square it can reach in one move`,
    mapsHeading: "On the 8×8 board",
    accessHeading: "Access map",
    accessText: (from, r, total) =>
      `From ${from} it reaches ${r} of the other ${total} squares. Each square shows the fewest moves needed; a dot marks a square it never reaches.`,
    accessCaption: (n, from) => `Access map of the ${n} from ${from} on 8×8: fewest moves to each square`,
    degreeHeading: "Degree map",
    degreeText: (min, max) => `How many moves it has from each square of the empty board (from ${min} to ${max}).`,
    degreeCaption: (n) => `Degree map of the ${n} on 8×8: number of moves from each square`,
    noMaps: "Its moves depend on other men on the board, so it has no access or degree map of the empty board.",
    recordsHeading: "Records",
    noRecords: "No records of this piece yet.",
    unreachable: "·",
    indexTitle: "Pieces",
    indexIntro: "Every piece the atlas has records for: how it moves, where it can go on 8×8, and its records.",
    notation: "Notation",
    records: "Records",
  },
  search: {
    title: "Search",
    label: "Search the atlas",
    placeholder: "record, piece, author…",
    button: "Search",
    intro: "Search records, pieces and sources by name, leap, board, author or value (e.g. “zebra 8x8”, “[2,5]”, “Jelliss”).",
    noScript: "Search runs in your browser and needs JavaScript. Without it, every record is one click away from the tables:",
    loading: "Loading the index…",
    results: (n, shown) => (n === shown ? `${n} result${n === 1 ? "" : "s"}` : `${n} results, the first ${shown} shown`),
    none: "Nothing found.",
    failed: "The search index could not be loaded.",
    kinds: { record: "record", piece: "piece", source: "source", page: "page" },
  },
  downloads: {
    title: "Downloads",
    intro: "All data of the atlas, as the build used it. These addresses are stable: link to them, cite them, script against them.",
    recordsJson: "Every record of every family, as stored in the data files (one JSON document).",
    schemaJson: "JSON Schema of records.json, generated from the atlas's own schema (solvers/records/all.ts).",
    contributionSchemaJson:
      "JSON Schema of a contribution file: one claim (position, solution, author, publication, year) that atlas verify checks like any record; CONTRIBUTING.md in the repository explains how to add one.",
    verifyJson: "The verify report this build was made from: what our code checked for each record.",
    csv: (f) => `The ${f} records as a table, one row per record.`,
    csvColumns: "CSV columns",
    certificates:
      "Certificates of the exhaustive runs are published beside each record that is proven here, under /data/<family>/proofs/<cell>/.",
    stable: "The file names above never change; new fields may be added, none removed.",
    noReport: "This build had no verify report, so there is no verify.json.",
  },
  grid: { file: "file", rank: "rank" },
};

const uiCs: Ui = {
  breadcrumb: "Drobečková navigace",
  home: {
    familiesHeading: "Rodiny rekordů",
    headline: "Hlavní rekord",
    openFamily: (title) => `Otevřít: ${title}`,
    recordCount: (n) => `záznamů: ${n}`,
    howHeading: "Jak ověřujeme",
    how: [
      "Každé tvrzení pochází z citovaného pramene, s řádkem, ze kterého bylo přečteno. Naše programy je pak při každém sestavení prověří znovu: řešení (publikované nebo nalezené) přehrají tah po tahu, porovnají jeho délku s tvrzením a u jednoznačných úloh hledají každé další řešení — rekord platí, jen když žádné není.",
      "Kde naše vlastní hledání dosáhlo hodnoty bez publikovaného řešení, je záznam označen jako znovu nalezený. Kde naše úplné prohledání ukázalo, že nic delšího neexistuje, je označen jako dokázaný zde a odkazuje na certifikát výpočtu; jinak je maximalita převzata z pramene.",
      "Souhrn ověření níže pochází ze zprávy, ze které bylo sestavení vytvořeno; stránka o metodách vysvětluje hledání a pravidla ořezávání.",
    ],
    explore: "Procházet",
  },
  family: {
    furtherHeading: "Další publikované rekordy",
    furtherIntro: "Publikované rekordy mimo pole tabulky: dřívější nebo jiná řešení a rekordy k poli připojené.",
    value: "Hodnota",
    record: "Záznam",
    status: "Stav",
    tablesHeading: "Tabulky",
  },
  record: {
    problem: "Úloha",
    diagrams: "Diagramy",
    problemDiagram: "Výchozí postavení",
    solutionDiagram: "Očíslované řešení",
    diagramAlt: (p) => `Výchozí postavení: ${p}`,
    solutionAlt: (p) => `Očíslované řešení úlohy ${p}: výchozí pole má 0, každé pole číslo tahu, kterým na ně kámen vstoupí`,
    routeDiagram: "Řešení (cesta jako čára; na tak velké šachovnici bez čísel)",
    routeAlt: (p) => `Řešení úlohy ${p}: cesta nakreslená jako čára z pole na pole, bez čísel`,
    plainDiagram: "Řešení",
    plainAlt: (p) => `Řešení úlohy ${p}`,
    solution: "Řešení",
    noWitness: "Zatím bez řešení: postavení neznáme.",
    replay: "Přehrávání",
    values: "Publikovaná hodnota a naše",
    published: "Publikováno",
    ours: "Náš kód",
    notKnown: "neznámo",
    claimStatus: {
      absolute: "podle pramene maximální",
      probable: "pravděpodobně maximální (pramen neprobral všechny možnosti)",
      example: "příklad, maximalita se netvrdí",
      exact: "přesná hodnota",
      upper: "horní mez",
    },
    differs: "Naše hodnota se od publikované liší: uvádíme obě.",
    provenance: "Původ",
    claim: "Tvrzení",
    witness: "Uvedené řešení",
    author: "Autor",
    publication: "Publikace",
    year: "Rok",
    sourceRef: "Kde jsme to četli",
    witnessOurs: "nalezeno naším vlastním hledáním (viz níže)",
    witnessSame: "Publikováno spolu s tvrzením, ve stejném prameni.",
    established: "Co zjistil náš kód",
    certificate: "Certifikát úplného prohledání",
    notes: "Poznámky",
    notesInEnglish: "Poznámky k přepisu jsou vedeny anglicky.",
    neighbours: "Sousední záznamy",
    noNeighbours: "Žádné sousední záznamy.",
    standing: {
      "tied-by": "Stejné hodnoty dosahuje i",
      "ties": "Dosahuje stejné hodnoty jako záznam v tabulce",
      "replaces": "Překonává hodnotu záznamu, který v tabulce nahradil",
      "replaced-by": "V tabulce nahrazen záznamem s vyšší hodnotou",
    },
    piece: "Kámen",
    family: "Rodina",
    embed: "Trvalé odkazy a úryvky",
    permalinks: "Trvalé odkazy na diagramy",
    popeye: "Vstup pro Popeye",
    popeyeHint: "Vložte do Popeye a ověřte počet řešení nástrojem, kterému skladatelé věří.",
    status: "Stav",
    board: "Šachovnice",
  },
  piece: {
    movesHeading: "Jak táhne",
    movesCaption: (n, sq) => `${n} na ${sq} a všechna pole, na která dosáhne jedním tahem`,
    mapsHeading: "Na šachovnici 8×8",
    accessHeading: "Mapa dostupnosti",
    accessText: (from, r, total) =>
      `Z ${from} dosáhne ${r} z ostatních ${total} polí. Každé pole ukazuje nejmenší počet tahů; tečka značí pole, kam se nedostane nikdy.`,
    accessCaption: (n, from) => `Mapa dostupnosti (${n}) z ${from} na 8×8: nejmenší počet tahů na každé pole`,
    degreeHeading: "Mapa stupňů",
    degreeText: (min, max) => `Kolik tahů má z každého pole prázdné šachovnice (od ${min} do ${max}).`,
    degreeCaption: (n) => `Mapa stupňů (${n}) na 8×8: počet tahů z každého pole`,
    noMaps: "Jeho tahy závisejí na dalších kamenech na šachovnici, proto nemá mapu dostupnosti ani stupňů na prázdné šachovnici.",
    recordsHeading: "Rekordy",
    noRecords: "Zatím žádné rekordy tohoto kamene.",
    unreachable: "·",
    indexTitle: "Kameny",
    indexIntro: "Všechny kameny, pro které atlas uvádí rekordy: jak táhnou, kam se na 8×8 dostanou a jejich rekordy.",
    notation: "Zápis",
    records: "Rekordy",
  },
  search: {
    title: "Hledat",
    label: "Hledat v atlasu",
    placeholder: "rekord, kámen, autor…",
    button: "Hledat",
    intro:
      "Hledejte rekordy, kameny a prameny podle jména, skoku, šachovnice, autora nebo hodnoty (např. „zebra 8x8“, „[2,5]“, „Jelliss“).",
    noScript: "Hledání běží ve vašem prohlížeči a potřebuje JavaScript. Bez něj je každý rekord na jedno klepnutí z tabulek:",
    loading: "Načítám rejstřík…",
    results: (n, shown) => (n === shown ? `výsledků: ${n}` : `výsledků: ${n}, zobrazeno prvních ${shown}`),
    none: "Nic nenalezeno.",
    failed: "Rejstřík pro hledání se nepodařilo načíst.",
    kinds: { record: "záznam", piece: "kámen", source: "pramen", page: "stránka" },
  },
  downloads: {
    title: "Ke stažení",
    intro:
      "Všechna data atlasu tak, jak je sestavení použilo. Adresy jsou trvalé: odkazujte na ně, citujte je, pracujte s nimi ve skriptech.",
    recordsJson: "Všechny záznamy všech rodin tak, jak jsou uloženy v datových souborech (jeden dokument JSON).",
    schemaJson: "JSON Schema souboru records.json, vytvořené z vlastního schématu atlasu (solvers/records/all.ts).",
    contributionSchemaJson:
      "JSON Schema souboru s příspěvkem: jedno tvrzení (pozice, řešení, autor, publikace, rok), které atlas verify ověří jako každý jiný záznam; jak příspěvek přidat, popisuje CONTRIBUTING.md v repozitáři.",
    verifyJson: "Zpráva o ověření, ze které bylo sestavení vytvořeno: co náš kód u každého záznamu zkontroloval.",
    csv: (f) => `Záznamy rodiny ${f} jako tabulka, jeden řádek na záznam.`,
    csvColumns: "Sloupce CSV",
    certificates: "Certifikáty úplných prohledání jsou zveřejněny u každého záznamu dokázaného zde, pod /data/<rodina>/proofs/<pole>/.",
    stable: "Názvy souborů výše se nikdy nemění; nová pole mohou přibýt, žádné neubude.",
    noReport: "Toto sestavení nemělo zprávu o ověření, proto soubor verify.json chybí.",
  },
  grid: { file: "sloupec", rank: "řada" },
};

export const UI: Record<Lang, Ui> = { en: uiEn, cs: uiCs };

export function ui(lang: Lang): Ui {
  return UI[lang];
}

/*
 * Strings of the reference pass (issue 12: table scrolling, citations, number
 * formats, replay controls, downloads, home diagrams), kept apart from the
 * blocks above.
 */
export interface ReferenceStrings {
  scrollHint: string;
  /** "line" in a transcription reference ("file, line 12"). */
  line: string;
  lines: string;
  transcription: string;
  /** The document a record was read in (the booklet that reports a problem first published elsewhere). */
  citedIn: string;
  /** Marks a note kept in the language it was written in. */
  noteInEnglish: string;
  page: string;
  diagram: string;
  featuredHeading: string;
  featuredIntro: string;
  openRecord: string;
  /** Names a scrolling table box apart from the section heading that says the same. */
  tableBox: (caption: string) => string;
}

export const REFERENCE: Record<Lang, ReferenceStrings> = {
  en: {
    scrollHint: "The table is wider than the screen: scroll it sideways (swipe, or focus it and use the arrow keys).",
    line: "line",
    lines: "lines",
    transcription: "Our transcription",
    citedIn: "Reported in",
    noteInEnglish: "(in English)",
    page: "p.",
    diagram: "diagram",
    tableBox: (c) => `Table: ${c}`,
    featuredHeading: "Featured record",
    featuredIntro: "Step through a record move by move: the arrow keys, the buttons or the move list.",
    openRecord: "The record, its sources and what our code established",
  },
  cs: {
    scrollHint: "Tabulka je širší než obrazovka: posuňte ji do strany (tažením, nebo ji vyberte a použijte šipky).",
    line: "řádek",
    lines: "řádky",
    transcription: "Náš přepis",
    citedIn: "Uvedeno v",
    noteInEnglish: "(anglicky)",
    page: "s.",
    diagram: "diagram",
    tableBox: (c) => `Tabulka: ${c}`,
    featuredHeading: "Vybraný rekord",
    featuredIntro: "Projděte rekord tah po tahu: šipkami, tlačítky nebo seznamem tahů.",
    openRecord: "Rekord, jeho prameny a co zjistil náš kód",
  },
};
