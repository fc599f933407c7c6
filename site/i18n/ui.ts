import type { Lang } from "./lang.ts";

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
