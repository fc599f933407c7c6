/**
 * "Download as a contribution file": a solved workbench position as one
 * contribution (data/contributions/<id>.json, schema in
 * solvers/contributions/schema.ts; field names {id, family, piece, board,
 * kind, start, men, hurdles, moves, value, author, source, year}). The kind is
 * the one the solve supports: a dual-free kind only with exactly one
 * solution, otherwise the kind every solution satisfies (a locust's longest
 * sequence, a leaper's closed tour), and nothing when there is no solution.
 * A hopper's SerienZiel is a record only when its target is the farthest
 * square of the position (serienziel-longest), or the farthest with a single
 * shortest route and its own route single (serienziel-dual-free, preferred):
 * the kinds of solvers/hopper/schema.ts, recomputed here from the position.
 * Pure: the island saves it.
 */
import type { Bilingual, WorkbenchPosition } from "./position.ts";
import { checkWorkbench, familyOf } from "./position.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { exactPathCounts, occupancy } from "../hopper/serienziel.ts";
import { squareName } from "../board/squares.ts";

export interface Credit {
  author: string;
  /** The publication's title (a book, an issue, a web page). */
  title: string;
  url?: string;
  page?: string;
  year: number;
}

export interface SolvedPosition {
  position: WorkbenchPosition;
  /** Square names of the first solution's moves (a closed leaper series ends with the return to the start). */
  moves: string[];
  solutions: string;
  complete: boolean;
  unique: boolean | null;
}

export type ContributionResult = { ok: true; file: Record<string, unknown> } | { ok: false; reason: Bilingual };

function refuse(en: string, cs: string): ContributionResult {
  return { ok: false, reason: { en, cs } };
}

/** The record kind the solve supports, or a reason there is none. */
function kindOf(s: SolvedPosition): string | Bilingual {
  const st = s.position.stipulation;
  const unique = s.unique === true;
  const dualFree = { en: "a dual-free claim needs exactly one solution", cs: "tvrzení o jednoznačnosti potřebuje právě jedno řešení" };
  switch (st) {
    case "dual-free":
      return unique ? "dual-free" : dualFree;
    case "fixed-end":
      return unique ? "dual-free-fixed-end" : dualFree;
    case "closed":
      return "closed";
    case "capture":
      return unique ? "dual-free" : "longest";
    case "capture-closed":
      return unique ? "dual-free-closed" : "longest";
    case "ser-z":
      return serienZielKind(s.position);
  }
}

/** The SerienZiel record kind the position's target stands for (see the module comment), or why none. */
function serienZielKind(p: WorkbenchPosition): string | Bilingual {
  const c = checkWorkbench(p);
  const board = c.board;
  if (p.piece === "bishophopper") {
    const colour = (q: number) => (q % board.dims[0] + Math.floor(q / board.dims[0])) & 1;
    if (c.hurdles.some((h) => colour(h) !== colour(c.start))) {
      return {
        en: "a bishophopper's hurdles stand on its own colour in the tables (the booklet's convention)",
        cs: "překážky střelcového cvrčka stojí v tabulkách na poli jeho barvy (úmluva brožury)",
      };
    }
  }
  const { dist, count } = exactPathCounts(hopper(p.piece as HopperKind).rays(board), c.start, occupancy(board, c.hurdles));
  let longest = 0, far = c.start, dualFree = 0;
  for (let q = 0; q < board.size; q++) {
    if (dist[q] > longest) [longest, far] = [dist[q], q];
    if (dist[q] >= 0 && count[q] === 1n) dualFree = Math.max(dualFree, dist[q]);
  }
  const t = c.target!;
  if (count[t] === 1n && dist[t] === dualFree) return "serienziel-dual-free";
  if (dist[t] === longest) return "serienziel-longest";
  const sq = squareName(board, far);
  return {
    en: `a SerienZiel record's target is the farthest square: ${sq} is ${longest} moves away, the target ${p.target} ${
      dist[t]
    } (a single route to it: ${dualFree} at most)`,
    cs: `cílem rekordu SerienZiel je nejvzdálenější pole: ${sq} je ${longest} tahů daleko, cíl ${p.target} ${
      dist[t]
    } (s jedinou cestou nejvýš ${dualFree})`,
  };
}

export function contributionFile(s: SolvedPosition, credit: Credit, schemaUrl?: string): ContributionResult {
  const p = s.position;
  const family = familyOf(p.piece);
  if (s.solutions === "0" || s.moves.length === 0) {
    return refuse("The position has no solution to contribute.", "Pozice nemá řešení, které by šlo přispět.");
  }
  const kind = kindOf(s);
  if (typeof kind !== "string") return refuse(`No contribution file: ${kind.en}.`, `Soubor s příspěvkem nevznikne: ${kind.cs}.`);
  const author = credit.author.trim(), title = credit.title.trim();
  if (author === "" || title === "") return refuse("Give the author and the publication.", "Uveďte autora a publikaci.");
  if (!Number.isInteger(credit.year) || credit.year < 1500 || credit.year > 2100) {
    return refuse("Give the year of publication (1500–2100).", "Uveďte rok publikace (1500–2100).");
  }
  const url = credit.url?.trim();
  if (url && !/^https?:\/\/\S+$/.test(url)) return refuse("The URL starts with http:// or https://.", "URL začíná http:// nebo https://.");
  const moves = p.stipulation === "closed" ? s.moves.slice(0, -1) : s.moves;
  const value = moves.length;
  const hurdles = family === "hopper" ? `-h${p.hurdles.length}` : "";
  const id = `${family}-${p.piece.replace(",", "-")}-${p.board[0]}x${p.board[1]}${hurdles}-${kind}-${value}-${p.start}`.slice(0, 80);
  const source: Record<string, string> = { title };
  if (url) source.url = url;
  if (credit.page?.trim()) source.page = credit.page.trim();
  return {
    ok: true,
    file: {
      ...(schemaUrl ? { $schema: schemaUrl } : {}),
      id,
      family,
      piece: family === "leaper" ? `[${p.piece}]` : p.piece,
      board: p.board,
      kind,
      start: p.start,
      // A hopper has hurdles and no men; the other families men and no hurdles.
      ...(family === "hopper" ? { hurdles: p.hurdles } : { men: p.men, hurdles: [] }),
      moves,
      value,
      author,
      source,
      year: credit.year,
    },
  };
}
