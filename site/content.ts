/**
 * The longer prose of the atlas (methods, sources, embed help), in both
 * languages and in our own words. The methods text describes what the code in
 * solvers/ does; where it names a rule, the argument is in the code beside it.
 */
import type { Lang } from "./i18n.ts";

export interface ProseSection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: { term: string; text: string }[];
  after?: string[];
}

export interface ProsePage {
  title: string;
  intro: string;
  sections: ProseSection[];
}

export const METHODS: Record<Lang, ProsePage> = {
  en: {
    title: "Methods",
    intro:
      "How the atlas checks, finds and proves its records. Everything below runs on every build or is re-checked on every build; the code is in solvers/ (pure TypeScript, the same in the build and in your browser).",
    sections: [
      {
        id: "graphs",
        heading: "Problems as graphs",
        paragraphs: [
          "A position is a set of squares: the piece's start and the squares of the men. Join two of these squares when the piece can move from one to the other. A capture series that takes every man is then a path through this graph that starts on the start square and visits every vertex once — a Hamiltonian path.",
          "A dual-free problem (sd=n) asks for exactly one such path: the capture order is unique, wherever it ends. The open tour is the longest simple path of the piece on the empty board; the closed tour the longest cycle; access is the number of squares reachable at all, found by breadth-first search.",
        ],
      },
      {
        id: "engine",
        heading: "The counting engine",
        paragraphs: [
          "One depth-first search counts Hamiltonian paths exactly, from a given start, with a free or a fixed end, or counts cycles. For the dual-free question it stops at two: one solution is a record, two are a dual. It never guesses: a search stopped by a node limit says so, and nothing is concluded from it.",
          "While it searches it keeps every vertex's number of free edges up to date. Moving from A to B takes away A's other edges; a vertex left with one edge can only be the end of the path, and two such vertices end the branch; a vertex left with no edge ends it at once. A path that reaches a dead end before visiting everything is dropped as soon as that is certain. When it decides whether the path to a known end is unique, it also counts forced edges at every step: a vertex with two free edges must use both, so a branch ends when more forced edges meet at one vertex than the path can still take there (one at its head and at its end, two elsewhere). On the free-squares run over the knight's 8×8 positions of 54 men or more this took a third of the engine's nodes away.",
          "To show that a path is not unique, two paths are enough, and the second is often in plain sight: if reversing one stretch of the first path, or exchanging or reversing two neighbouring stretches, still steps from square to square by the piece's moves with the same two ends, that is a second path, and the search stops at once. When the search from one end has not decided after a few hundred nodes, the same search is tried from the other end before anything heavier: on those knight positions the first steps from the end often lead into a dead region that the other direction avoids. Together these made that run about a sixth faster.",
        ],
      },
      {
        id: "one-level",
        heading: "One-level tests",
        paragraphs: [
          "Before any search, a few cheap tests on the whole graph rule out most positions. The names are the 2009 booklet's; each test is exact — it never rejects a position that has the kind of path asked for.",
        ],
        items: [
          { term: "K", text: "Two vertices other than the start with only one neighbour: each would have to be the end. No path." },
          {
            term: "N",
            text:
              "No vertex besides the start has only one neighbour: then any path can be turned into a second one ending elsewhere, so the solution is never unique. Used only for the dual-free question.",
          },
          { term: "D", text: "A vertex with no neighbour at all can never be visited." },
          {
            term: "S",
            text:
              "Colours: when the graph is two-coloured (every move changes colour, as for leapers with x+y odd), a path alternates colours, so the two colour classes must have the right sizes.",
          },
          {
            term: "3",
            text:
              "Forced edges: a vertex with two neighbours must use both. If more such forced edges meet at one vertex than a path can carry there, there is no path.",
          },
          { term: "C", text: "Connectivity (ours): a vertex the start cannot reach is never visited." },
        ],
      },
      {
        id: "witnesses",
        heading: "Finding solutions",
        paragraphs: [
          "Where a source gives a claim but no legible solution, our own search finds one of the claimed length. For dual-free series there are the booklet's two methods:",
        ],
        items: [
          {
            term: "Free squares (method 2)",
            text:
              "Fix the start, make every square of its component a man except a small set of empty squares, and decide each such position with the tests and the engine. Cheap when the record fills almost the whole component.",
          },
          {
            term: "Direct generation (method 1)",
            text:
              "Grow the capture series move by move. A branch is dropped when the position already has a second solution ending on the same square: adding men only adds moves, so every longer series would keep that dual. Moves are tried in Warnsdorff's order (fewest onward moves first), optionally only the first two or three, as the booklet did.",
          },
          {
            term: "Tours",
            text:
              "A tour stays in one connected part of the board graph. For each part we first ask the engine for a path (or cycle) through all of it; otherwise a Warnsdorff search gives a lower bound and longer lengths are settled exactly, by removal sets or by an exhaustive search.",
          },
          {
            term: "Symmetry",
            text:
              "Starts are taken one per symmetry class of the board, and positions that are mirror images under a symmetry fixing the start are decided once.",
          },
          {
            term: "Re-routing (hopper tours over a movable hurdle)",
            text:
              "Where the hunt stops short of a published value, a found tour is lengthened piece by piece: both ends of the tour are kept, one stretch of it is searched again to the end for a longer route over the squares the rest leaves free, and the next stretch is chosen at random. Routes of equal length are taken too, so the tour drifts, and now and then one square of the old stretch is forbidden to push it out of a rut. It only finds tours (each one is replayed move by move), never proves that none is longer; it found the grasshopper's closed tour over a king on 7×7 of 47 moves, one more than the booklet's best.",
          },
          {
            term: "Tours through every square (hopper tours over a movable hurdle)",
            text:
              "When the only tour longer than ours would visit every square, we search for exactly that, one start pair at a time. The state after a jump is the hopper's square and the hurdle's; a branch is dropped when a square left could no longer be entered or left, or, for closed tours, when some square left is not on any way from the present state back to the start or the steps left force two squares to follow the same one or close a cycle. On the board the states fall into a few classes (the hurdle stands next to the hopper after every jump), so these checks run on bit masks in WebAssembly; the TypeScript search they copy gives the same counts on every test. A run that ends with no tour from any start pair proves our value maximal; its largest start pair is cut into subtrees, some of which every build searches again. It showed that the grasshopper's closed tour over a king on 7×7 cannot visit all 49 squares, so our 47 moves are the most (95 start pairs, 1.1·10⁹ nodes, 42 CPU-minutes; the booklet's 46 is starred as unfinished).",
          },
        ],
      },
      {
        id: "proofs",
        heading: "Proofs of maximality",
        paragraphs: [
          "To prove that nothing longer than a record exists, we enumerate every position that could beat it — every start, every set of empty squares in the start's component, every length above the claim — and decide each with the one-level tests and the engine. A single position with a longer solution would disprove the claim.",
          "The enumeration is numbered and cut into shards that can run anywhere, be stopped and resumed; a merge step checks that the shards tile the whole range exactly and that none found a counterexample, and writes a certificate with the SHA-256 of every shard. Verify re-checks the certificate and its shards on every build. A record is marked proven here only with such a certificate; the certificate is linked from the record's page.",
          "Such a run can also end the other way. The run toward the booklet's knight 8×8 sd=53 (every set of 54 men or more, about 2.8·10^11 positions) met, in 17 of its first 106 shards, 305 positions of a knight and 54 men with exactly one capture order: the 53, which the booklet calls highly probable, is not the maximum. The record keeps the booklet's claim and shows the first of those positions as ours, checked like any published solution; a plain depth-first count, written apart from the engine, finds exactly one solution in the position shown. The proof then asked the next question, whether anything beats 54, over the positions of 55 men or more (about 4.5·10^10): nothing does, so 54 is the maximum, proven here in about two CPU hours. While a run is not merged, verify reads its finished shards and the record page says how far it is; a shard that finds a longer solution fails the record at once.",
        ],
      },
      {
        id: "verify",
        heading: "Verification on every build",
        paragraphs: [
          "The build reads the report of the verify run: for every record the witness is replayed move by move (each move a legal move of the piece, no square twice), its length compared with the claim, the number of solutions counted (dual-free: unique; closed: unique up to direction), access recomputed, certificates re-checked. A record whose published solution our code finds wrong is shown as disputed, with both sides.",
          "The code itself is tested against independent brute force on many thousands of random small positions: the engine's counts with every pruning rule against plain enumeration, each one-level test against the definition, each search against exhaustive search.",
        ],
      },
    ],
  },
  cs: {
    title: "Metody",
    intro:
      "Jak atlas rekordy kontroluje, hledá a dokazuje. Vše, co je popsáno níže, běží nebo se znovu kontroluje při každém sestavení; kód je ve složce solvers/ (čistý TypeScript, stejný při sestavení i ve vašem prohlížeči).",
    sections: [
      {
        id: "graphs",
        heading: "Úlohy jako grafy",
        paragraphs: [
          "Postavení je množina polí: výchozí pole kamene a pole, na kterých stojí kameny k sebrání. Dvě z těchto polí spojíme hranou, když kámen může táhnout z jednoho na druhé. Série braní, která sebere všechny kameny, je pak cesta tímto grafem z výchozího pole, která každým vrcholem projde jednou — hamiltonovská cesta.",
          "Jednoznačná úloha (sd=n) žádá právě jednu takovou cestu: pořadí braní je jediné, ať skončí kdekoli. Otevřená cesta je nejdelší cesta kamene po prázdné šachovnici bez opakování polí, uzavřená cesta nejdelší cyklus; dostupnost je počet polí, kam se kámen vůbec dostane, zjištěný prohledáváním do šířky.",
        ],
      },
      {
        id: "engine",
        heading: "Počítací jádro",
        paragraphs: [
          "Jedno prohledávání do hloubky přesně počítá hamiltonovské cesty z daného pole, s volným nebo pevným koncem, nebo počítá cykly. U otázky jednoznačnosti se zastaví u dvou: jedno řešení je rekord, dvě jsou dual. Nikdy nehádá: hledání zastavené limitem uzlů to řekne a nic se z něj nevyvozuje.",
          "Během hledání udržuje u každého vrcholu počet volných hran. Tah z A na B odebere ostatní hrany vrcholu A; vrchol s jedinou hranou může být jen koncem cesty a dva takové větev ukončí; vrchol bez hrany ji ukončí hned. Cesta, která uvázne dřív, než vše navštíví, se zahodí, jakmile je to jisté. Když rozhoduje o jednoznačnosti cesty do známého konce, počítá navíc v každém kroku vynucené hrany: vrchol se dvěma volnými hranami musí použít obě, takže větev končí, jakmile se v jednom vrcholu sejde víc vynucených hran, než tam cesta ještě unese (v jejím čele a na jejím konci jednu, jinde dvě). Ve výpočtu metodou volných polí přes pozice jezdce 8×8 s 54 a více kameny to ubralo třetinu uzlů motoru.",
          "K důkazu, že cesta není jediná, stačí dvě cesty a druhá je často na očích: když obrácení jednoho úseku první cesty nebo výměna či obrácení dvou sousedních úseků stále vede tahy figury z pole na pole se stejnými dvěma konci, je to druhá cesta a hledání hned končí. Když hledání od jednoho konce nerozhodne po několika stech uzlů, zkusí se totéž hledání od druhého konce, dřív než cokoli náročnějšího: v těchto pozicích jezdce vedou první kroky od konce často do slepé oblasti, které se opačný směr vyhne. Dohromady to ten výpočet zrychlilo asi o šestinu.",
        ],
      },
      {
        id: "one-level",
        heading: "Jednoúrovňové testy",
        paragraphs: [
          "Před jakýmkoli hledáním vyřadí většinu postavení několik levných testů na celém grafu. Názvy jsou z brožury z roku 2009; každý test je přesný — nikdy nevyřadí postavení, které hledanou cestu má.",
        ],
        items: [
          { term: "K", text: "Dva vrcholy kromě výchozího mají jediného souseda: každý by musel být koncem. Cesta neexistuje." },
          {
            term: "N",
            text:
              "Žádný vrchol kromě výchozího nemá jediného souseda: pak lze každou cestu přestavět na druhou, která končí jinde, takže řešení nikdy není jednoznačné. Jen pro otázku jednoznačnosti.",
          },
          { term: "D", text: "Vrchol bez sousedů nelze nikdy navštívit." },
          {
            term: "S",
            text:
              "Barvy: když se graf dá obarvit dvěma barvami (každý tah mění barvu, jako u skokanů s lichým x+y), cesta barvy střídá, takže obě barevné třídy musí mít správnou velikost.",
          },
          {
            term: "3",
            text:
              "Vynucené hrany: vrchol se dvěma sousedy musí použít obě hrany. Když se v jednom vrcholu sejde více vynucených hran, než tam cesta unese, cesta neexistuje.",
          },
          { term: "C", text: "Souvislost (náš test): vrchol, kam se z výchozího pole nelze dostat, nebude nikdy navštíven." },
        ],
      },
      {
        id: "witnesses",
        heading: "Hledání řešení",
        paragraphs: [
          "Kde pramen uvádí tvrzení, ale čitelné řešení ne, najde naše vlastní hledání řešení tvrzené délky. Pro jednoznačné série máme dvě metody brožury:",
        ],
        items: [
          {
            term: "Volná pole (metoda 2)",
            text:
              "Zafixujeme výchozí pole, na každé pole jeho komponenty postavíme kámen kromě malé množiny prázdných polí a každé takové postavení rozhodneme testy a jádrem. Levné, když rekord vyplní skoro celou komponentu.",
          },
          {
            term: "Přímé generování (metoda 1)",
            text:
              "Sérii braní prodlužujeme tah po tahu. Větev zahodíme, když postavení už má druhé řešení končící na stejném poli: přidané kameny jen přidávají tahy, takže každá delší série by ten dual zachovala. Tahy zkoušíme v pořadí podle Warnsdorffa (nejdřív ty s nejméně pokračováními), případně jen první dva nebo tři, jako to dělala brožura.",
          },
          {
            term: "Cesty",
            text:
              "Cesta zůstává v jedné souvislé části grafu šachovnice. Pro každou část se nejdřív zeptáme jádra na cestu (nebo cyklus) celou částí; jinak dá dolní mez hledání podle Warnsdorffa a delší délky se rozhodnou přesně, množinami vynechaných polí nebo úplným prohledáním.",
          },
          {
            term: "Symetrie",
            text:
              "Výchozí pole bereme po jednom z každé třídy symetrie šachovnice a postavení, která jsou zrcadlovými obrazy při symetrii zachovávající výchozí pole, rozhodujeme jen jednou.",
          },
          {
            term: "Přestavba úseků (cesty cvrčka s pohyblivou překážkou)",
            text:
              "Kde hledání nedosáhne publikované hodnoty, nalezenou cestu prodlužujeme po kouscích: oba konce cesty ponecháme, jeden její úsek prohledáme znovu až do konce a hledáme delší spojení přes pole, která zbytek cesty nechává volná, a další úsek zvolíme náhodně. Bereme i stejně dlouhá spojení, takže se cesta posouvá, a občas zakážeme jedno pole starého úseku, aby se vymanila z vyjetých kolejí. Metoda cesty jen nachází (každou přehrajeme tah po tahu), nikdy nedokazuje, že delší není; našla uzavřenou cestu cvrčka s pomocí krále na 7×7 o 47 tazích, o jeden víc než nejlepší cesta brožury.",
          },
          {
            term: "Cesty přes všechna pole (cesty cvrčka s pohyblivou překážkou)",
            text:
              "Když by jediná cesta delší než naše musela projít všemi poli, hledáme právě takovou, pro každou výchozí dvojici zvlášť. Stav po skoku tvoří pole skokana a pole překážky; větev opouštíme, když do některého zbývajícího pole už nelze vstoupit nebo z něj odejít, nebo u uzavřených cest, když některé zbývající pole neleží na žádné cestě ze současného stavu zpět na start nebo zbývající kroky nutí dvě pole následovat po témž poli či uzavírají kruh. Na šachovnici se stavy rozpadají do několika tříd (po každém skoku stojí překážka vedle skokana), takže tyto kontroly běží na bitových maskách ve WebAssembly; hledání v TypeScriptu, které kopírují, dává ve všech testech stejné počty uzlů. Běh, který skončí bez cesty z kterékoli výchozí dvojice, dokazuje maximalitu naší hodnoty; jeho největší výchozí dvojice je rozdělena na podstromy a část z nich každé sestavení prohledá znovu. Ukázal, že uzavřená cesta cvrčka s pomocí krále na 7×7 nemůže projít všech 49 polí, takže našich 47 tahů je nejvíc (95 výchozích dvojic, 1,1·10⁹ uzlů, 42 minut procesorového času; hodnota 46 v brožuře má hvězdičku jako neúplná).",
          },
        ],
      },
      {
        id: "proofs",
        heading: "Důkazy maximality",
        paragraphs: [
          "Abychom dokázali, že nic delšího než rekord neexistuje, projdeme každé postavení, které by ho mohlo překonat — každé výchozí pole, každou množinu prázdných polí v jeho komponentě, každou délku nad tvrzením — a každé rozhodneme jednoúrovňovými testy a jádrem. Jediné postavení s delším řešením by tvrzení vyvrátilo.",
          "Výčet je očíslovaný a rozdělený na části, které mohou běžet kdekoli, lze je zastavit a obnovit; sloučení zkontroluje, že části přesně pokrývají celý rozsah a žádná nenašla protipříklad, a zapíše certifikát s otiskem SHA-256 každé části. Ověření certifikát i jeho části kontroluje při každém sestavení. Záznam je označen jako dokázaný zde jen s takovým certifikátem; odkaz na něj je na stránce záznamu.",
          "Takový výpočet může skončit i opačně. Výpočet k tvrzení brožury o jezdci 8×8 sd=53 (každá množina 54 a více kamenů, asi 2,8·10^11 postavení) narazil v 17 ze svých prvních 106 částí na 305 postavení jezdce a 54 kamenů s jediným pořadím braní: 53, které brožura uvádí jako vysoce pravděpodobné, není maximum. Záznam ponechává tvrzení brožury a jako naše ukazuje první z těch postavení, zkontrolované jako každé publikované řešení; prosté počítání do hloubky, napsané nezávisle na jádru, najde v ukázaném postavení právě jedno řešení. Důkaz se pak ptal dál, zda něco překoná 54, přes postavení s 55 a více kameny (asi 4,5·10^10): nic, takže 54 je maximum, dokázané zde asi za dvě hodiny procesorového času. Dokud výpočet není sloučen, ověření čte jeho hotové části a stránka záznamu uvádí, jak daleko je; část, která najde delší řešení, záznam okamžitě shodí.",
        ],
      },
      {
        id: "verify",
        heading: "Ověření při každém sestavení",
        paragraphs: [
          "Sestavení čte zprávu o ověření: u každého záznamu se řešení přehraje tah po tahu (každý tah je platný tah kamene, žádné pole dvakrát), jeho délka se porovná s tvrzením, spočítá se počet řešení (jednoznačné: jediné; uzavřené: jediné až na směr), přepočítá se dostupnost a zkontrolují certifikáty. Záznam, jehož publikované řešení náš kód považuje za chybné, je označen jako sporný a uvádí obě strany.",
          "Samotný kód je testován proti nezávislému hrubému výpočtu na mnoha tisících náhodných malých postavení: počty jádra se všemi pravidly ořezávání proti prostému výčtu, každý jednoúrovňový test proti definici, každé hledání proti úplnému prohledání.",
        ],
      },
    ],
  },
};

/** The source texts in shared/sources (file names as cited on record pages), with what each gave the atlas. */
export interface SourceText {
  file: string;
  title: string;
  /** Language of the text itself. */
  language: Record<Lang, string>;
  what: Record<Lang, string>;
  contributed: Record<Lang, string>;
}

export const SOURCES: SourceText[] = [
  {
    file: "shared/sources/000_f7bf65ff92730977.txt",
    title:
      "Václav Kotěšovec: Využití teorie grafů v šachových úlohách / Application of Graph Theory in Chess Problems (Dual-free Leaper and Hopper tours), Prague 2009",
    language: { en: "Czech, with English captions", cs: "česky, s anglickými popisky" },
    what: {
      en:
        "A booklet on dual-free leaper and hopper tours: the correspondence between capture series and Hamiltonian paths, search methods and pruning rules, and record tables with their problems.",
      cs:
        "Brožura o jednoznačných cestách skokanů a skákajících kamenů: souvislost sérií braní s hamiltonovskými cestami, metody hledání a pravidla ořezávání a rekordní tabulky s úlohami.",
    },
    contributed: {
      en:
        "The leaper table (35 leapers, boards 4×4 to 8×8) and most published solutions, each cited with its line; the one-level tests and both search methods our code implements; records of hoppers, locusts and king tours for the families to come.",
      cs:
        "Tabulku skokanů (35 skokanů, šachovnice 4×4 až 8×8) a většinu publikovaných řešení, každé citované s řádkem; jednoúrovňové testy a obě metody hledání, které náš kód používá; rekordy skákajících kamenů, locustů a králových cest pro další rodiny.",
    },
  },
  {
    file: "shared/sources/001_ff08ca94de13cfce.txt",
    title: "An article on enumerating magic knight's tours of 8×8 (2023)",
    language: { en: "Russian", cs: "rusky" },
    what: {
      en:
        "Enumerates knight's tours whose rows and columns sum to 260, with pruning and parallel search: 158 tours, 18 symmetric, 65 closed, none with magic diagonals.",
      cs:
        "Výčet jezdcových procházek, jejichž řady a sloupce mají součet 260, s ořezáváním a paralelním hledáním: 158 procházek, 18 souměrných, 65 uzavřených, žádná s magickými diagonálami.",
    },
    contributed: {
      en:
        "Background on splitting an exhaustive enumeration into independent parts, as our proof runs do; its counts are candidates for a future tour family.",
      cs:
        "Východiska pro dělení úplného výčtu na nezávislé části, jak to dělají naše důkazové výpočty; jeho počty jsou kandidáty pro budoucí rodinu procházek.",
    },
  },
  {
    file: "shared/sources/002_e8a1774bd7a09214.txt",
    title: "A diploma thesis on Hamiltonian graphs and the knight's tour",
    language: { en: "Czech", cs: "česky" },
    what: {
      en:
        "Hamiltonian graphs and the knight's tour, with a desktop application comparing backtracking, Warnsdorff's rule and a Hopfield network, with measured timings and tour counts.",
      cs:
        "Hamiltonovské grafy a jezdcova procházka, s aplikací porovnávající prohledávání s návratem, Warnsdorffovo pravidlo a Hopfieldovu síť, s naměřenými časy a počty procházek.",
    },
    contributed: {
      en: "Background on Warnsdorff's rule, which orders the moves of our searches.",
      cs: "Východiska k Warnsdorffovu pravidlu, podle kterého naše hledání řadí tahy.",
    },
  },
  {
    file: "shared/sources/003_405e01478651e855.txt",
    title: "A proposal for chess on boards of more than two dimensions",
    language: { en: "Czech", cs: "česky" },
    what: {
      en: "Coordinates and notation for boards of any dimension, and each piece's moves as systems of equations.",
      cs: "Souřadnice a zápis pro šachovnice libovolné dimenze a tahy každého kamene jako soustavy rovnic.",
    },
    contributed: {
      en:
        "The numeric square names on boards of three or more dimensions and the moves of rook, bishop, queen and king in d dimensions (solvers/pieces/rider.ts).",
      cs:
        "Číselné názvy polí na šachovnicích tří a více dimenzí a tahy věže, střelce, dámy a krále v d dimenzích (solvers/pieces/rider.ts).",
    },
  },
  {
    file: "shared/sources/004_ee78d25e230151c2.txt",
    title: "Boštjan Brešar: Kraljice napadajo, Presek 27 (1999/2000)",
    language: { en: "Slovenian", cs: "slovinsky" },
    what: {
      en:
        "Queen domination of the chessboard: why five queens are needed on 8×8 (the exhaustive check that four cannot dominate it), with exercises on rooks and kings.",
      cs: "Dominance šachovnice dámami: proč je na 8×8 třeba pět dam (úplná kontrola, že čtyři nestačí), s úlohami o věžích a králích.",
    },
    contributed: {
      en: "The published values of the domination family and the convention that attacks are taken on the empty board.",
      cs: "Publikované hodnoty rodiny dominance a úmluvu, že se napadení počítá na prázdné šachovnici.",
    },
  },
];

export const SOURCES_PAGE: Record<
  Lang,
  {
    title: string;
    intro: string;
    textsHeading: string;
    citedHeading: string;
    citedIntro: string;
    file: string;
    language: string;
    what: string;
    contributed: string;
    records: (n: number) => string;
  }
> = {
  en: {
    title: "Sources",
    intro:
      "Every claim in the atlas comes from one of these texts, cited on the record's page by file name and line. The texts are kept beside the project as plain text (several are OCR of printed pages); the structured facts read from them are in shared/reference.",
    textsHeading: "Source texts",
    citedHeading: "Publications cited in the records",
    citedIntro: "The original publications of the records, as the sources cite them, with the number of records each stands behind.",
    file: "File",
    language: "Language",
    what: "What it is",
    contributed: "What it gave the atlas",
    records: (n) => `${n} record${n === 1 ? "" : "s"}`,
  },
  cs: {
    title: "Prameny",
    intro:
      "Každé tvrzení v atlasu pochází z jednoho z těchto textů, citovaného na stránce záznamu názvem souboru a řádkem. Texty jsou uloženy vedle projektu jako prostý text (některé jsou OCR tištěných stran); strukturovaná fakta z nich přečtená jsou ve složce shared/reference.",
    textsHeading: "Zdrojové texty",
    citedHeading: "Publikace citované v záznamech",
    citedIntro: "Původní publikace rekordů, jak je prameny citují, s počtem záznamů, za kterými každá stojí.",
    file: "Soubor",
    language: "Jazyk",
    what: "Co to je",
    contributed: "Co dal atlasu",
    records: (n) => `záznamů: ${n}`,
  },
};

export const EMBED: Record<Lang, ProsePage> = {
  en: {
    title: "Embedding and citing",
    intro:
      "Every record has permanent addresses: its page in each language, its diagrams as SVG (for journals and print) and PNG (for forums), and a share image. Each record page offers ready snippets for BBCode, Markdown and HTML, and Popeye input where Popeye can state the problem.",
    sections: [
      {
        id: "scheme",
        heading: "The address scheme",
        paragraphs: ["Record ids are language-neutral and never change; <id> below is the id shown at the end of a record page's address."],
        items: [
          { term: "/en/<family>/<id>/ and /cs/<rodina>/<id>/", text: "the record page (leapers: /en/leapers/<id>/, /cs/skokani/<id>/)" },
          {
            term: "/diagrams/<id>/solution.svg, /diagrams/<id>/problem.svg",
            text: "the numbered solution and the problem position as standalone SVG",
          },
          { term: "/diagrams/<id>/solution.png, /diagrams/<id>/problem.png", text: "the same as PNG, for forums that do not take SVG" },
          { term: "/og/<lang>/<id>.png", text: "the share image (600×315) used by social sites" },
          { term: "/en/pieces/<key>/ and /cs/kameny/<key>/", text: "a piece, e.g. leaper-2-3 for the zebra" },
          { term: "/downloads/records.json, /downloads/schema.json, /downloads/<family>.csv, /downloads/verify.json", text: "the data" },
        ],
      },
      {
        id: "snippets",
        heading: "Snippets",
        paragraphs: [
          "On a record page, the section “Permalinks and snippets” gives the diagram links and text to paste: BBCode for forums, Markdown for wikis and READMEs, HTML for web pages. Each snippet shows the diagram image and links back to the record page, so readers can find the solution, the replay and its provenance.",
        ],
      },
      {
        id: "promise",
        heading: "Addresses never change",
        paragraphs: [
          "Once published, an address stays. If a record has to move (a family renamed, an id corrected), the old address keeps working and leads to the new one. New kinds of pages get new addresses; existing ones are not reused for something else.",
        ],
      },
    ],
  },
  cs: {
    title: "Vkládání a citace",
    intro:
      "Každý záznam má trvalé adresy: svou stránku v každém jazyce, diagramy jako SVG (pro časopisy a tisk) a PNG (pro fóra) a obrázek pro sdílení. Každá stránka záznamu nabízí hotové úryvky pro BBCode, Markdown a HTML a vstup pro Popeye, kde Popeye úlohu vyjádřit umí.",
    sections: [
      {
        id: "scheme",
        heading: "Schéma adres",
        paragraphs: [
          "Identifikátory záznamů nezávisí na jazyce a nikdy se nemění; <id> níže je identifikátor na konci adresy stránky záznamu.",
        ],
        items: [
          { term: "/en/<family>/<id>/ a /cs/<rodina>/<id>/", text: "stránka záznamu (skokani: /en/leapers/<id>/, /cs/skokani/<id>/)" },
          {
            term: "/diagrams/<id>/solution.svg, /diagrams/<id>/problem.svg",
            text: "očíslované řešení a výchozí postavení jako samostatné SVG",
          },
          { term: "/diagrams/<id>/solution.png, /diagrams/<id>/problem.png", text: "totéž jako PNG, pro fóra, která SVG neberou" },
          { term: "/og/<lang>/<id>.png", text: "obrázek pro sdílení (600×315) pro sociální sítě" },
          { term: "/en/pieces/<key>/ a /cs/kameny/<key>/", text: "kámen, např. leaper-2-3 pro zebru" },
          { term: "/downloads/records.json, /downloads/schema.json, /downloads/<family>.csv, /downloads/verify.json", text: "data" },
        ],
      },
      {
        id: "snippets",
        heading: "Úryvky",
        paragraphs: [
          "Na stránce záznamu dává oddíl „Trvalé odkazy a úryvky“ odkazy na diagramy a text ke vložení: BBCode pro fóra, Markdown pro wiki a soubory README, HTML pro webové stránky. Každý úryvek ukazuje obrázek diagramu a odkazuje zpět na stránku záznamu, kde čtenář najde řešení, přehrávání a původ.",
        ],
      },
      {
        id: "promise",
        heading: "Adresy se nemění",
        paragraphs: [
          "Jednou zveřejněná adresa zůstává. Kdyby se záznam musel přesunout (přejmenovaná rodina, opravený identifikátor), stará adresa dál funguje a vede na novou. Nové druhy stránek dostávají nové adresy; existující se nikdy nepoužijí pro něco jiného.",
        ],
      },
    ],
  },
};
