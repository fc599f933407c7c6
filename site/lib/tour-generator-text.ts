/**
 * Words of the tour generator page and island, in both languages. The page
 * (site/components/pages/TourGeneratorPage.astro) hands the island the strings
 * of its language as a prop, so the island's JavaScript carries neither
 * language's text.
 */
import type { Lang } from "../i18n.ts";

export interface TourGeneratorText {
  title: string;
  intro: string[];
  width: string;
  height: string;
  piece: string;
  otherLeaper: string;
  leapX: string;
  leapY: string;
  kind: string;
  open: string;
  closed: string;
  method: string;
  methods: Record<string, string>;
  run: string;
  stop: string;
  running: string;
  stopped: string;
  timedOut: string;
  badSize: string;
  badLeap: string;
  found: string;
  notFound: string;
  failed: string;
  verdictHeading: string;
  verdictExists: string;
  verdictNone: string;
  verdictOpen: string;
  theorems: Record<string, string>;
  drawing: string;
  numbersNote: string;
  downloadJson: string;
  downloadText: string;
  textHeader: string;
  noScript: string;
  leapers: { leap: [number, number]; name: string }[];
  howHeading: string;
  how: string[];
}

const LEAPS: [number, number][] = [[1, 2], [0, 1], [1, 4], [2, 3], [3, 4], [1, 6], [2, 5], [4, 5], [5, 6], [6, 7]];
const NAMES_EN = ["Knight", "Wazir", "Giraffe", "Zebra", "Antelope", "Flamingo", "Korsar", "", "", ""];
const NAMES_CS = ["Jezdec", "Vezír", "Žirafa", "Zebra", "Antilopa", "Flamingo", "Korsar", "", "", ""];

const named = (names: string[], fallback: string) =>
  LEAPS.map((leap, i) => ({ leap, name: names[i] ? `${names[i]} [${leap[0]},${leap[1]}]` : `${fallback} [${leap[0]},${leap[1]}]` }));

export const TOUR_GENERATOR_TEXT: Record<Lang, TourGeneratorText> = {
  en: {
    title: "Tour generator",
    intro: [
      "Find a knight's tour, or a tour of another leaper, on any board up to 1000×1000 squares: the atlas's own tour finder runs in your browser (in a background worker), so nothing is sent anywhere.",
      "Before searching it states what theory says: Schwenk's theorem decides closed knight's tours, the theorem of Conrad, Hindrichs, Morsy and Wegener open ones; for other leapers the colour count, an isolated square or Knuth's theorem on leaper graphs can rule a tour out, and otherwise the search decides.",
    ],
    width: "Width (files)",
    height: "Height (ranks)",
    piece: "Piece",
    otherLeaper: "Other leaper [x,y]",
    leapX: "x",
    leapY: "y",
    kind: "Tour",
    open: "open",
    closed: "closed (returns to its first square)",
    method: "Method",
    methods: {
      auto: "automatic",
      divide: "divide and conquer (knight)",
      warnsdorff: "Warnsdorff's rule",
      rotation: "rotation–extension",
      backtrack: "backtracking",
      neural: "neural network (closed)",
    },
    run: "Find a tour",
    stop: "Stop",
    running: "Searching…",
    stopped: "Stopped.",
    timedOut: "Stopped after {s} s without a result.",
    badSize: "Width and height must be whole numbers from 1 to 1000, at most 1,000,000 squares.",
    badLeap: "x and y must be whole numbers from 0 to 20, not both 0.",
    found: "Tour of {n} squares found by {method} in {ms} ms.",
    notFound: "No tour.",
    failed: "The finder stopped: {error}",
    verdictHeading: "What theory says",
    verdictExists: "a tour exists",
    verdictNone: "no tour exists",
    verdictOpen: "no theorem decides this board: the search does",
    theorems: {
      "schwenk-1991": "Schwenk's theorem (1991)",
      "conrad-1994": "Conrad, Hindrichs, Morsy and Wegener (1994)",
      "knuth-1994": "Knuth, Leaper graphs (1994)",
      colour: "colour count",
      "isolated-square": "isolated square",
      disconnected: "the leaper's graph falls apart",
      none: "no theorem",
    },
    drawing: "The tour drawn on the {w}×{h} board",
    numbersNote: "Squares are numbered 1, 2, … in tour order when they are large enough to read; the start is ringed.",
    downloadJson: "Download JSON",
    downloadText: "Download text",
    textHeader: "tour order from 1; the top line is the highest rank",
    noScript: "The tour generator needs JavaScript. The tours in the atlas's tables can be read without it.",
    leapers: named(NAMES_EN, "Leaper"),
    howHeading: "How it works",
    how: [
      "Knight: divide and conquer. The board is cut into blocks of side 5 to 10, each with a tour found once by search; neighbouring blocks are joined by exchanging two tour edges for two knight moves between them, so the whole construction takes time proportional to the number of squares.",
      "Other leapers: Warnsdorff's rule (go to the square with the fewest onward moves; ties broken by distance from the centre, after Roth), then rotation–extension, then exhaustive backtracking within a budget.",
      "Every tour is checked leap by leap before it is shown. A run that takes more than a minute is stopped.",
    ],
  },
  cs: {
    title: "Generátor cest",
    intro: [
      "Najděte cestu jezdce nebo jiného skokana na libovolné šachovnici až 1000×1000 polí: hledá ji program atlasu přímo ve vašem prohlížeči (na pozadí), nic se nikam neodesílá.",
      "Před hledáním uvede, co říká teorie: o uzavřených cestách jezdce rozhoduje Schwenkova věta, o otevřených věta Conrada, Hindrichse, Morsyho a Wegenera; u jiných skokanů může cestu vyloučit počet polí obou barev, izolované pole nebo Knuthova věta o skokanových grafech, jinak rozhodne hledání.",
    ],
    width: "Šířka (sloupce)",
    height: "Výška (řady)",
    piece: "Kámen",
    otherLeaper: "Jiný skokan [x,y]",
    leapX: "x",
    leapY: "y",
    kind: "Cesta",
    open: "otevřená",
    closed: "uzavřená (vrátí se na první pole)",
    method: "Metoda",
    methods: {
      auto: "automaticky",
      divide: "rozděl a panuj (jezdec)",
      warnsdorff: "Warnsdorffovo pravidlo",
      rotation: "rotace a prodlužování",
      backtrack: "prohledávání s návratem",
      neural: "neuronová síť (uzavřené)",
    },
    run: "Najít cestu",
    stop: "Zastavit",
    running: "Hledám…",
    stopped: "Zastaveno.",
    timedOut: "Zastaveno po {s} s bez výsledku.",
    badSize: "Šířka a výška musí být celá čísla od 1 do 1000, nejvýše 1 000 000 polí.",
    badLeap: "x a y musí být celá čísla od 0 do 20, ne obě 0.",
    found: "Cesta přes {n} polí nalezena metodou {method} za {ms} ms.",
    notFound: "Cesta nenalezena.",
    failed: "Hledání skončilo chybou: {error}",
    verdictHeading: "Co říká teorie",
    verdictExists: "cesta existuje",
    verdictNone: "cesta neexistuje",
    verdictOpen: "žádná věta o této šachovnici nerozhoduje: rozhodne hledání",
    theorems: {
      "schwenk-1991": "Schwenkova věta (1991)",
      "conrad-1994": "věta Conrada, Hindrichse, Morsyho a Wegenera (1994)",
      "knuth-1994": "Knuth, skokanové grafy (1994)",
      colour: "počet polí obou barev",
      "isolated-square": "izolované pole",
      disconnected: "graf skokana je nesouvislý",
      none: "žádná věta",
    },
    drawing: "Cesta na šachovnici {w}×{h}",
    numbersNote: "Pole jsou očíslována 1, 2, … v pořadí cesty, pokud jsou dost velká ke čtení; výchozí pole je zakroužkováno.",
    downloadJson: "Stáhnout JSON",
    downloadText: "Stáhnout text",
    textHeader: "pořadí cesty od 1; nahoře nejvyšší řada",
    noScript: "Generátor cest potřebuje JavaScript. Cesty v tabulkách atlasu lze číst i bez něj.",
    leapers: named(NAMES_CS, "Skokan"),
    howHeading: "Jak to funguje",
    how: [
      "Jezdec: rozděl a panuj. Šachovnice se rozdělí na bloky o straně 5 až 10, každý s cestou nalezenou jednou hledáním; sousední bloky se spojí výměnou dvou hran cesty za dva skoky jezdce mezi nimi, takže celá konstrukce trvá úměrně počtu polí.",
      "Jiní skokani: Warnsdorffovo pravidlo (jdi na pole s nejmenším počtem dalších tahů; shody rozhoduje vzdálenost od středu podle Rotha), pak rotace a prodlužování, pak úplné prohledávání s omezeným rozpočtem.",
      "Každá cesta se před zobrazením zkontroluje skok po skoku. Hledání delší než minuta se zastaví.",
    ],
  },
};
