/**
 * Site adapter of the hopper-tour family (data/hopper-tour/records.json):
 * hopper tours over a movable hurdle (booklet part II, chapter 5, lines
 * 4499-5048). Czech terms are the booklet's: "cesta cvrčka s pomocí jezdce"
 * (line 4499), otevřená / uzavřená / cyklická cesta (lines 4518-4520),
 * pohyblivá překážka (line 4587), tátoš = nightrider.
 */
import { join } from "node:path";
import type { DiagramSpec, ReplaySpec, ReplayStep } from "../../solvers/diagram/spec.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import { makeBoard } from "../../solvers/board/board.ts";
import { parseSquare, squareName } from "../../solvers/board/squares.ts";
import { HOPPER_NAMES } from "../../solvers/pieces/hopper.ts";
import { type HopperTourRecord, HopperTourRecordFile } from "../../solvers/hopper-tour/schema.ts";
import { READINGS } from "../../solvers/hopper-tour/readings.ts";
import type { AtlasEntry, Bilingual, FamilyAdapter, FamilyTableSpec } from "../lib/entry.ts";
import { familyResults, readFamilyFile } from "../data.ts";
import type { CellStatus } from "../i18n.ts";

const FILE = join("hopper-tour", "records.json");

const HOPPER: Record<HopperTourRecord["hopper"], Bilingual> = {
  grasshopper: { en: "Grasshopper", cs: "Cvrček" },
  rookhopper: { en: "Rookhopper", cs: "Věžový cvrček" },
  bishophopper: { en: "Bishophopper", cs: "Střelcový cvrček" },
  nightriderhopper: { en: "Nightriderhopper", cs: "Tátošový cvrček" },
};
/** Hurdle names; csGen / csAcc are the Czech genitive ("s pomocí jezdce") and accusative ("přes jezdce", "přes věž"). */
type HurdleWords = Bilingual & { csGen: string; csAcc: string; glyph: string; symbol: string };
const PIECE: Record<string, HurdleWords> = {
  rook: { en: "rook", cs: "věž", csGen: "věže", csAcc: "věž", glyph: "rook", symbol: "R" },
  queen: { en: "queen", cs: "dáma", csGen: "dámy", csAcc: "dámu", glyph: "queen", symbol: "Q" },
  knight: { en: "knight", cs: "jezdec", csGen: "jezdce", csAcc: "jezdce", glyph: "knight", symbol: "S" },
  nightrider: { en: "nightrider", cs: "tátoš", csGen: "tátoše", csAcc: "tátoše", glyph: "nightrider", symbol: "N" },
  bishop: { en: "bishop", cs: "střelec", csGen: "střelce", csAcc: "střelce", glyph: "bishop", symbol: "B" },
  king: { en: "king", cs: "král", csGen: "krále", csAcc: "krále", glyph: "king", symbol: "K" },
};
const KIND: Record<HopperTourRecord["kind"], Bilingual> = {
  open: { en: "open tour", cs: "otevřená cesta" },
  closed: { en: "closed tour", cs: "uzavřená cesta" },
  cyclic: { en: "cyclic tour", cs: "cyklická cesta" },
};

function hurdleInfo(key: string): HurdleWords {
  const known = PIECE[key];
  if (known) return known;
  const m = /^leaper-(\d+)-(\d+)$/.exec(key);
  const leap = m ? `${m[1]},${m[2]}` : key;
  return {
    en: `[${leap}] leaper`,
    cs: `skokan [${leap}]`,
    csGen: `skokana [${leap}]`,
    csAcc: `skokana [${leap}]`,
    glyph: `leaper:${leap}`,
    symbol: `[${leap}]`,
  };
}

function load(): { records: HopperTourRecord[]; report: Map<string, CheckResult> } {
  return { records: readFamilyFile(FILE, HopperTourRecordFile)?.records ?? [], report: familyResults("hopper-tour") };
}

/** Diagrams and replay: the hurdle's moves are steps of their own, between the hopper's jumps. */
export function hopperTourSpecs(
  r: HopperTourRecord,
): { problem: DiagramSpec; solution: DiagramSpec; replay: ReplaySpec; text: string } | null {
  const w = r.witness;
  if (!w) return null;
  const board = makeBoard(r.board);
  const start = parseSquare(board, w.hopperStart);
  const h0 = parseSquare(board, w.hurdleStart);
  const hops = w.hopper.map((s) => parseSquare(board, s));
  const hurdles = w.hurdle.map((s) => parseSquare(board, s));
  const info = hurdleInfo(r.hurdle);
  const hs = HOPPER_NAMES[r.hopper].symbol;
  const problem: DiagramSpec = {
    board: r.board,
    pieces: [{ square: start, glyph: r.hopper, colour: "white" }, { square: h0, glyph: info.glyph, colour: "white" }],
    marks: [{ square: start, kind: "start" }],
  };
  const closed = r.kind !== "open";
  const visited = [start, ...(closed ? hops.slice(0, -1) : hops)];
  // The booklet numbers the hopper's squares 0.. in the order visited (line 4784).
  const solution: DiagramSpec = {
    board: r.board,
    pieces: [{ square: start, glyph: r.hopper, colour: "white" }, { square: h0, glyph: info.glyph, colour: "white" }],
    numbers: visited.map((s, i) => ({ square: s, label: String(i) })),
    path: visited,
    closed,
  };
  const steps: ReplayStep[] = [];
  let p = start, h = h0;
  for (let i = 0; i < hops.length; i++) {
    if (i > 0) {
      const to = hurdles[i - 1];
      steps.push({ from: h, to, piece: "hurdle", label: `${i}...${info.symbol}${squareName(board, h)}-${squareName(board, to)}` });
      h = to;
    }
    steps.push({ from: p, to: hops[i], hurdle: h, label: `${i + 1}.${hs}${squareName(board, p)}-${squareName(board, hops[i])}` });
    p = hops[i];
  }
  if (r.kind === "cyclic" && hurdles.length === hops.length) {
    const to = hurdles[hurdles.length - 1];
    steps.push({ from: h, to, piece: "hurdle", label: `${hops.length}...${info.symbol}${squareName(board, h)}-${squareName(board, to)}` });
  }
  return { problem, solution, replay: { initial: problem, steps }, text: steps.map((s) => s.label).join(" ") };
}

/**
 * A disputed record's readings of the rules (solvers/hopper-tour/readings.ts) in both languages: the reading we
 * use, the booklet's value and what each reading gives here and on the same table's undisputed cells, then the
 * verdict. Empty for a record without readings.
 */
export function readingLines(r: HopperTourRecord): Bilingual[] {
  const rd = r.readings;
  if (!rd) return [];
  const word = (key: string) => READINGS.find((x) => x.key === key) ?? { en: key, cs: key };
  const used = word(rd.used);
  const of = rd.results[0]?.controls.of ?? 0;
  const list = (lang: "en" | "cs") =>
    rd.results.map((x) => {
      const w = word(x.key)[lang];
      const open = x.complete ? "" : lang === "en" ? ", search cut at its budget" : ", prohledávání ukončeno na limitu";
      return lang === "en"
        ? `${w}: ${x.value} (${x.controls.kept} of ${of} undisputed cells kept${open})`
        : `${w}: ${x.value} (zachová ${x.controls.kept} z ${of} nesporných polí${open})`;
    }).join("; ");
  const left = rd.leftOut.length === 0 ? { en: "", cs: "" } : {
    en: ` Left out of the undisputed cells, their exhaustive runs being too long to repeat on every build: ${rd.leftOut.join(", ")}.`,
    cs: ` Z nesporných polí vynechána, protože jejich úplné prohledání je příliš dlouhé na opakování při každém sestavení: ${
      rd.leftOut.join(", ")
    }.`,
  };
  return [
    {
      en:
        `Readings of the rules: we use "${used.en}"; the booklet prints ${rd.booklet}. Each reading searched exactly on this cell and on the ${of} undisputed cells of the same table: ${
          list("en")
        }.${left.en}`,
      cs:
        `Výklady pravidel: používáme „${used.cs}“; brožura uvádí ${rd.booklet}. Každý výklad úplně prohledán na tomto poli a na ${of} nesporných polích téže tabulky: ${
          list("cs")
        }.${left.cs}`,
    },
    { en: `Verdict: ${rd.verdict.en}`, cs: `Závěr: ${rd.verdict.cs}` },
  ];
}

/**
 * Our tour is longer than a value the booklet does not call absolute (an absolute one is a dispute instead):
 * a longer tour than any published, found here. Null otherwise.
 */
export function beyondClaimLine(r: HopperTourRecord): Bilingual | null {
  const ours = r.established.regenerated?.value ?? null;
  if (ours === null || !r.claim || r.claim.status === "absolute" || ours <= r.claim.value) return null;
  return {
    en:
      `Our tour of ${ours} moves is longer than the booklet's ${r.claim.value}, a value it does not call absolute: a longer tour than any published, found here.`,
    cs:
      `Naše cesta o ${ours} tazích je delší než ${r.claim.value} v brožuře, kterou brožura neoznačuje za absolutní rekord: delší cesta, než jaká byla publikována, nalezená zde.`,
  };
}

function status(r: HopperTourRecord, c: CheckResult | undefined): CellStatus {
  return c ? c.status : r.witness ? "unverified" : "pending";
}

function entries(): AtlasEntry[] {
  const { records, report } = load();
  return records.map((r) => {
    const s = hopperTourSpecs(r);
    const hop = HOPPER[r.hopper];
    const hur = hurdleInfo(r.hurdle);
    const b = r.board.join("x");
    const check = report.get(r.id) ?? null;
    const ours = r.established.regenerated?.value ?? null;
    const established: Bilingual[] = [];
    if (r.established.regenerated) {
      established.push({
        en: `Our search found a tour of ${ours} moves (${r.established.regenerated.method}, ${r.established.regenerated.nodes} nodes).`,
        cs: `Náš program našel cestu o ${ours} tazích (${r.established.regenerated.nodes} uzlů).`,
      });
    }
    const beyond = beyondClaimLine(r);
    if (beyond) established.push(beyond);
    const m = r.established.maximality;
    if (m.status === "exhaustive") {
      established.push({
        en: `Maximality proven here: ${m.argument}.`,
        cs: `Maximalita zde dokázána úplným prohledáním (${m.nodes} uzlů).`,
      });
    } else if (m.status === "all-squares") {
      established.push({ en: "Maximal: the tour visits every square.", cs: "Maximální: cesta prochází všemi poli." });
    } else if (m.status === "parity") {
      established.push({ en: `Maximal by parity: ${m.argument}.`, cs: "Maximální podle parity: skokan mění barvu pole každým tahem." });
    } else if (m.status === "open") {
      established.push({
        en: `Open question: ${m.argument}`,
        cs:
          "Otevřená otázka: hodnota s hvězdičkou v brožuře (všechny možnosti nebylo možné prozkoumat); ani naše hledání neprošlo všechny cesty, maximum tedy zůstává otevřené.",
      });
    } else {established.push({
        en: "Maximality: cited from the booklet (our search has not completed).",
        cs: "Maximalita: převzata z brožury (náš program prohledávání nedokončil).",
      });}
    if (!r.witness) {
      established.push({
        en: "Witness pending: our search has not found a tour yet.",
        cs: "Cesta zatím chybí: náš program ji zatím nenašel.",
      });
    }
    const h = r.established.hunt;
    if (h?.reason) {
      // The Czech sentence follows the method's words (records.ts writes them): restarts or one exhaustive pass, and the hurdle square of the booklet's caption.
      const on = /hurdle on ([a-z]\d+)/.exec(h.method)?.[1];
      const start = on ? `, jen výchozí pozice s překážkou na ${on} podle popisku diagramu v brožuře` : "";
      const exhaustive = h.method.includes("exhaustive depth-first search");
      const covered = h.reason.includes("covered every start pair");
      established.push({
        en: `Witness hunt (${h.method}): target ${h.target}, best ${h.best}; ${h.reason}.`,
        cs: exhaustive
          ? `Hledání cesty (úplné prohledávání do hloubky${start}): cíl ${h.target}, nejlepší ${h.best}; ${h.nodes} uzlů, ${h.seconds} s. ${
            covered
              ? `Všechny tyto výchozí pozice prohledány: cesta délky ${h.target} z nich nevede, jiné výchozí pozice prohledány nebyly.`
              : `Prohledávání skončilo na limitu uzlů, hodnotu ${h.target} tedy nepotvrzuje ani nevylučuje.`
          }`
          : h.method.startsWith("window re-routing")
          ? `Hledání cesty (přestavba úseků z ${h.restarts} výchozích pozic): cíl ${h.target}, nejlepší ${h.best}; ${h.nodes} uzlů, ${h.seconds} s. Přestavba cesty jen prodlužuje, hodnotu ${h.target} tedy nepotvrzuje ani nevylučuje.`
          : `Hledání cesty (náhodné prohledávání do hloubky s restarty${start}): cíl ${h.target}, nejlepší ${h.best}; ${h.restarts} restartů, ${h.nodes} uzlů, ${h.seconds} s. Prohledávání není úplné, hodnotu ${h.target} tedy nepotvrzuje ani nevylučuje.`,
      });
    }
    if (r.dispute) {
      established.push({
        en: `Disputed: ${r.dispute.explanation}.`,
        cs: `Sporné (${
          r.dispute.check === "maximum"
            ? "naše úplné prohledání i nezávislá kontrola hrubou silou dávají méně"
            : "naše cesta je delší než absolutní rekord brožury"
        }): ${r.dispute.explanation}.`,
      });
    }
    established.push(...readingLines(r));
    const value = r.claim?.value ?? ours ?? 0;
    const probl = `${hop.en} + ${hur.en}, ${KIND[r.kind].en} ${b}: ${value}`;
    return {
      id: r.id,
      family: "hopper-tour",
      title: {
        en: `${hop.en} over a ${hur.en}, ${KIND[r.kind].en} on ${b}`,
        cs: `${hop.cs} s pomocí ${hur.csGen}, ${KIND[r.kind].cs} na šachovnici ${b}`,
      },
      problem: { en: probl, cs: `${hop.cs} + ${hur.cs}, ${KIND[r.kind].cs} ${b}: ${value}` },
      stipulation: {
        en:
          `The ${hop.en.toLowerCase()} and the ${hur.en} move in turn, the hopper first; the hopper jumps over the ${hur.en} and never lands twice on the same square${
            r.kind === "open" ? "" : "; at the end it returns to its start"
          }${
            r.kind === "cyclic" ? ", and the hurdle returns to its start too, so the tour can be repeated" : ""
          }. The value counts the hopper's moves${r.kind === "open" ? "" : " before the return"}.`,
        cs: `${hop.cs} a ${hur.cs} táhnou střídavě, cvrček první; cvrček skáče přes ${hur.csAcc} a na žádné pole nevstoupí dvakrát${
          r.kind === "open" ? "" : "; nakonec se vrátí na výchozí pole"
        }${r.kind === "cyclic" ? " a překážka také, takže cestu lze opakovat" : ""}. Počítají se tahy cvrčka${
          r.kind === "open" ? "" : " před návratem"
        }.`,
      },
      claim: r.claim
        ? {
          author: r.claim.author,
          publication: r.claim.publication,
          year: r.claim.year,
          sourceRef: r.claim.source ? `${r.claim.source.file}, line ${r.claim.source.line}` : undefined,
          value: r.claim.value,
          status: r.claim.status,
        }
        : null,
      ours,
      status: status(r, check ?? undefined),
      check,
      established,
      witnessCitation: r.published
        ? {
          ...r.published.citation,
          sourceRef: r.published.citation.source
            ? `${r.published.citation.source.file}, line ${r.published.citation.source.line}`
            : undefined,
        }
        : null,
      certificate: null,
      problemDiagram: s?.problem ?? null,
      solutionDiagram: s?.solution ?? null,
      replay: s?.replay ?? null,
      solutionText: s?.text ?? null,
      popeye: {
        unavailable: {
          en:
            "Popeye has no stipulation for a tour in which the hopper never lands twice on the same square: there is no input for this record.",
          cs: "Popeye nemá zadání pro cestu, při níž cvrček nevstoupí dvakrát na stejné pole: pro tento rekord vstup neexistuje.",
        },
      },
      neighbours: records.filter((o) => o.id !== r.id && o.hopper === r.hopper && o.hurdle === r.hurdle).map((o) => o.id),
      piece: r.hopper,
      board: r.board,
      keywords: ["tour", "movable hurdle", r.hopper, r.hurdle, r.kind],
      notes: r.notes?.map((text) => ({ text, lang: "en" as const })),
    };
  });
}

function tables(): FamilyTableSpec[] {
  const { records } = load();
  const find = (hopper: string, hurdle: string, board: string, kind: string) =>
    records.find((r) => r.hopper === hopper && r.hurdle === hurdle && r.board.join("x") === board && r.kind === kind)?.id ?? null;
  const kinds = ["open", "closed"] as const;
  const pieces = ["rook", "queen", "knight", "nightrider", "bishop", "king"];
  const out: FamilyTableSpec[] = [{
    key: "grasshopper-over-pieces",
    caption: { en: "Grasshopper tours over a movable piece (Kotěšovec 2009)", cs: "Cesty cvrčka s pomocí různých kamenů (Kotěšovec 2009)" },
    rowHeader: { en: "Hurdle", cs: "Překážka" },
    columns: [4, 5, 6, 7, 8].flatMap((n) =>
      kinds.map((k) => ({ key: `${n}x${n}-${k}`, label: { en: `${n}x${n} ${k}`, cs: `${n}x${n} ${KIND[k].cs.split(" ")[0]}` } }))
    ),
    rows: pieces.map((p) => ({
      key: p,
      label: { en: PIECE[p].en, cs: PIECE[p].cs },
      cells: [4, 5, 6, 7, 8].flatMap((n) => kinds.map((k) => find("grasshopper", p, `${n}x${n}`, k))),
    })),
  }];
  const leapers = [...new Set(records.filter((r) => r.hopper === "grasshopper" && r.hurdle.startsWith("leaper-")).map((r) => r.hurdle))];
  out.push({
    key: "grasshopper-over-leapers",
    caption: {
      en: "Grasshopper tours over a movable leaper on 8x8 (Kotěšovec 2009)",
      cs: "Cesty cvrčka s pomocí skokanů na 8x8 (Kotěšovec 2009)",
    },
    rowHeader: { en: "Leaper", cs: "Skokan" },
    columns: kinds.map((k) => ({ key: k, label: KIND[k] })),
    rows: leapers.map((l) => ({
      key: l,
      label: { en: hurdleInfo(l).en, cs: hurdleInfo(l).cs },
      cells: kinds.map((k) => find("grasshopper", l, "8x8", k)),
    })),
  });
  for (const hk of ["rookhopper", "bishophopper", "nightriderhopper"] as const) {
    const ps = pieces.filter((p) => records.some((r) => r.hopper === hk && r.hurdle === p));
    out.push({
      key: `${hk}-over-pieces`,
      caption: { en: `${HOPPER[hk].en} tours over a movable piece on 8x8`, cs: `Cesty: ${HOPPER[hk].cs} s pomocí různých kamenů (8x8)` },
      rowHeader: { en: "Hurdle", cs: "Překážka" },
      columns: kinds.map((k) => ({ key: k, label: KIND[k] })),
      rows: ps.map((p) => ({ key: p, label: { en: PIECE[p].en, cs: PIECE[p].cs }, cells: kinds.map((k) => find(hk, p, "8x8", k)) })),
    });
  }
  return out;
}

export const hopperTourAdapter: FamilyAdapter = {
  family: "hopper-tour",
  slug: { en: "hopper-tours", cs: "cesty-cvrcka" },
  title: { en: "Hopper tours over a movable hurdle", cs: "Cesty cvrčka s pohyblivou překážkou" },
  intro: {
    en:
      "A hopper and a second white piece, its hurdle, move in turn: the hurdle goes anywhere it may, the hopper jumps over it and must never land twice on the same square. How long can such a tour be, open or returning to the start?",
    cs:
      "Cvrček a druhý bílý kámen, jeho překážka, táhnou střídavě: překážka může táhnout kamkoli, cvrček přes ni skáče a na žádné pole nesmí vstoupit dvakrát. Jak dlouhá může taková cesta být, otevřená nebo uzavřená?",
  },
  entries,
  tables,
  headline: () => "grasshopper-knight-8x8-closed",
};
