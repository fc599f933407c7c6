/**
 * A leaper record as an atlas entry: its words, diagrams, solution text,
 * certificate link, neighbours in the table and search keywords.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CheckResult } from "../../../solvers/records/common.ts";
import type { AtlasRecord, Witness } from "../../../solvers/leaper/schema.ts";
import type { Board, Piece } from "../../../solvers/types.ts";
import { makeBoard } from "../../../solvers/board/board.ts";
import { parseSquare } from "../../../solvers/board/squares.ts";
import { leaper } from "../../../solvers/pieces/leaper.ts";
import { LEAPER_NAMES } from "../../../solvers/pieces/names.ts";
import { formatCaptures, formatTour } from "../../../solvers/notation.ts";
import { leaperDiagrams } from "../../../solvers/leaper/diagram-spec.ts";
import { popeyeForLeaperRecord } from "../../../solvers/export/popeye.ts";
import type { AtlasEntry, EntryCitation } from "../../lib/entry.ts";
import { leaperKey } from "../../lib/pieces.ts";
import { type AtlasData, dataDir, TABLE_COLUMNS } from "../../data.ts";
import type { CellStatus } from "../../i18n.ts";
import { citation, isDualFree, problemOf, sortedLeap, stipulationOf, titleOf } from "./words.ts";
import { establishedOf } from "./established.ts";

function solutionTextOf(r: AtlasRecord, board: Board, piece: Piece, w: Witness | null): string | null {
  if (!w) return null;
  const moves = w.moves.map((m) => parseSquare(board, m));
  const start = parseSquare(board, w.start);
  if (isDualFree(r)) return formatCaptures(board, piece, start, moves);
  if (r.kind === "open") return formatTour(board, piece, moves);
  if (r.kind === "closed") return formatTour(board, piece, moves, { closed: true, start });
  return null;
}

function witnessCitationOf(r: AtlasRecord, byId: Map<string, AtlasRecord>): EntryCitation | null {
  const w = r.witness;
  if (!w || w.origin !== "published") return null;
  if (w.citation) return citation(w.citation);
  const ref = w.ref ? byId.get(w.ref) : undefined;
  if (ref?.witness?.citation) return citation(ref.witness.citation);
  return citation(r.claim);
}

function certificatePath(r: AtlasRecord, check: CheckResult | null, byId: Map<string, AtlasRecord>): string | null {
  let m = r.established.maximality;
  // A further record of a proven cell shares the cell's certificate.
  if (m.status !== "proven-here" && check?.maximality === "proven-here") m = byId.get(r.cell)?.established.maximality ?? m;
  if (m.status !== "proven-here") return null;
  // Stored as data/leaper/proofs/<cell>/certificate.json; published at the same path below the site root
  // (site/pages/data/[...path].ts), so it is linked only when the file is in the data folder.
  const rel = m.certificate.replace(/^\/+/, "");
  if (!rel.startsWith("data/") || !existsSync(join(dataDir(), ...rel.slice("data/".length).split("/")))) return null;
  return "/" + rel;
}

function neighboursOf(r: AtlasRecord, all: readonly AtlasRecord[]): string[] {
  const leap = sortedLeap(r).join(",");
  const sameLeap = all.filter((o) => o.id !== r.id && sortedLeap(o).join(",") === leap);
  const colIndex = (o: AtlasRecord) =>
    TABLE_COLUMNS.findIndex((c) => c.kinds.includes(o.kind) && c.board[0] === o.board[0] && c.board[1] === o.board[1]);
  const cells = sameLeap.filter((o) => o.tableCell).sort((a, b) => colIndex(a) - colIndex(b));
  // Further records of this record's cell (or, for a further record, its cell and siblings).
  const related = sameLeap.filter((o) => !o.tableCell && (o.cell === r.cell || o.cell === r.id));
  const others = sameLeap.filter((o) => !o.tableCell && !related.includes(o));
  return [...related, ...cells, ...others].map((o) => o.id);
}

function keywordsOf(r: AtlasRecord): string[] {
  const leap = sortedLeap(r);
  const named = LEAPER_NAMES.find((n) => n.leap[0] === leap[0] && n.leap[1] === leap[1]);
  const kw = [
    `[${leap[0]},${leap[1]}]`,
    `${leap[0]},${leap[1]}`,
    r.board.join("x"),
    r.kind,
    `sd=${r.claim.value}`,
    String(r.claim.value),
  ];
  if (named) kw.push(named.symbol, ...named.aliases);
  if (r.claim.author) kw.push(r.claim.author);
  if (r.claim.year) kw.push(String(r.claim.year));
  if (r.witness?.start) kw.push(r.witness.start);
  if (r.witness?.citation?.author) kw.push(r.witness.citation.author);
  if (r.kind === "open" || r.kind === "closed") kw.push("tour", "cesta");
  return [...new Set(kw)];
}

/** Our longer solution, when verify accepted it as refuting the claim (status disputed); else null. */
export function refutingSolution(r: AtlasRecord, check: CheckResult | null): NonNullable<AtlasRecord["established"]["improved"]> | null {
  return r.established.improved && check?.status === "disputed" && check.ok ? r.established.improved : null;
}

export function toEntry(r: AtlasRecord, atlas: AtlasData, results: Map<string, CheckResult>, byId: Map<string, AtlasRecord>): AtlasEntry {
  const board = makeBoard(r.board);
  const leap = sortedLeap(r);
  const piece = leaper(leap[0], leap[1]);
  const check = results.get(r.id) ?? null;
  const status: CellStatus = check ? check.status : "unverified";
  const w = r.witness;
  const regen = r.established.regenerated?.value;
  // A longer solution of ours that verify accepted refutes the claim: the page shows it (the claim's own
  // solution is still checked, in the established lines).
  const improved = refutingSolution(r, check);
  const shown: AtlasRecord = improved ? { ...r, claim: { ...r.claim, value: improved.value }, witness: improved.witness } : r;
  const ours = improved?.value ?? regen ?? (check?.ok && check.lengthMatches ? w?.moves.length ?? null : check?.access ?? null);
  const specs = leaperDiagrams(shown);
  const certificate = certificatePath(r, check, byId);
  const notes: { text: string; lang: "en" | "cs" }[] = (r.notes ?? []).map((text) => ({ text, lang: "en" }));
  if (r.dispute) notes.unshift({ text: `Disputed (${r.dispute.check}): ${r.dispute.explanation}`, lang: "en" });
  for (const text of improved?.witness.notes ?? []) notes.push({ text, lang: "en" });
  const p = popeyeForLeaperRecord(shown);
  const popeye: AtlasEntry["popeye"] = p.ok ? { input: p.input } : { unavailable: p.reason };
  return {
    id: r.id,
    family: "leaper",
    title: titleOf(shown),
    problem: problemOf(shown, board, piece),
    stipulation: stipulationOf(shown),
    claim: { ...citation(r.claim), value: r.claim.value, status: r.claim.status },
    ours,
    status,
    check,
    established: establishedOf(r, check, w, atlas.report !== null, certificate, byId.get(r.cell)),
    witnessCitation: improved ? null : witnessCitationOf(r, byId),
    certificate,
    problemDiagram: specs?.problem ?? null,
    solutionDiagram: specs?.solution ?? null,
    replay: specs?.replay ?? null,
    solutionText: specs?.notation ?? solutionTextOf(shown, board, piece, shown.witness),
    popeye,
    neighbours: neighboursOf(r, atlas.records.records),
    piece: leaperKey(leap),
    board: r.board,
    keywords: keywordsOf(r),
    notes,
    ...(atlas.standings.has(r.id) ? { tableStanding: atlas.standings.get(r.id) } : {}),
  };
}
