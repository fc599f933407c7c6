/**
 * "Download as a contribution file": a solved workbench position as one
 * contribution (data/contributions/<id>.json, schema in
 * solvers/contributions/schema.ts; field names {id, family, piece, board,
 * kind, start, men, hurdles, moves, value, author, source, year}). The kind is
 * the one the solve supports: a dual-free kind only with exactly one
 * solution, otherwise the kind every solution satisfies (a locust's longest
 * sequence, a leaper's closed tour; a hopper's SerienZiel: dual-free when the
 * target's shortest path is the only one and no square with a unique one is
 * farther, longest when no square is farther), and nothing when there is no
 * solution or the target is not the farthest square. Pure: the island saves it.
 */
import type { Bilingual, WorkbenchPosition } from "./position.ts";
import { familyOf } from "./position.ts";
import { makeBoard } from "../board/board.ts";
import { parseSquare } from "../board/squares.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { exactPathCounts, occupancy } from "../hopper/serienziel.ts";

/** A SerienZiel position's record kind: what its target is the farthest square of, or a reason it is neither. */
function serienZielKind(p: WorkbenchPosition): string | Bilingual {
  const notFarthest = {
    en: "the target is not the farthest square (a SerienZiel record is the position's longest shortest path)",
    cs: "cíl není nejvzdálenější pole (rekord SerienZiel je nejdelší nejkratší cesta pozice)",
  };
  if (!p.start || !p.target) return notFarthest;
  const board = makeBoard(p.board);
  const start = parseSquare(board, p.start), target = parseSquare(board, p.target);
  const occ = occupancy(board, p.hurdles.map((h) => parseSquare(board, h)));
  const { dist, count } = exactPathCounts(hopper(p.piece as HopperKind).rays(board), start, occ);
  let longest = 0, unique = 0;
  for (let q = 0; q < board.size; q++) {
    if (dist[q] < 0) continue;
    longest = Math.max(longest, dist[q]);
    if (count[q] === 1n) unique = Math.max(unique, dist[q]);
  }
  if (count[target] === 1n && dist[target] === unique) return "serienziel-dual-free";
  return dist[target] === longest ? "serienziel-longest" : notFarthest;
}

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
  const id = `${family}-${p.piece.replace(",", "-")}-${p.board[0]}x${p.board[1]}-${kind}-${value}-${p.start}`.slice(0, 80);
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
      ...(family === "hopper" ? { hurdles: p.hurdles } : { men: p.men, hurdles: [] }),
      moves,
      value,
      author,
      source,
      year: credit.year,
    },
  };
}
