/**
 * The atlas's view of one record, whatever its family: everything a record
 * page, a table cell, a diagram permalink, a share image, the search index and
 * the downloads need. Each family has an adapter in site/families/<family>.ts
 * that reads its data file (validated by its schema) and the verify report and
 * returns AtlasEntry[]; site/families/index.ts lists the adapters. Pages are
 * generic over entries; only the family's table page knows its layout.
 */
import type { DiagramSpec, ReplaySpec } from "../../solvers/diagram/spec.ts";
import type { CheckResult } from "../../solvers/records/common.ts";
import type { Piece } from "../../solvers/types.ts";
import type { CellStatus, Lang } from "../i18n.ts";
import type { TableStanding } from "../../solvers/contributions/records.ts";

export type Bilingual = Record<Lang, string>;

export interface EntryCitation {
  author: string | null;
  publication: string | null;
  year: number | null;
  /** e.g. "shared/sources/000_f7bf65ff92730977.txt, line 1234" */
  sourceRef?: string;
}

export interface AtlasEntry {
  /** Record id: stable, used in URLs (never changes once published). */
  id: string;
  /** leaper | hopper | locust | domination | tour | ... */
  family: string;
  /** Page title, e.g. "Zebra, dual-free sequence on 8x8". */
  title: Bilingual;
  /** The problem in the booklet's terms, e.g. "sd=52 Zebra b1 (1+52)", and what it asks (stipulation explained). */
  problem: Bilingual;
  stipulation: Bilingual;
  /** The claimed value and who claims it; null when the record is ours alone. */
  claim: (EntryCitation & { value: number; status: "absolute" | "probable" | "example" | "exact" | "upper" }) | null;
  /** Our value (regenerated or computed) when known. */
  ours: number | null;
  /** Table status of the cell. */
  status: CellStatus;
  check: CheckResult | null;
  /** Lines for "what our code established" (each already phrased in both languages). */
  established: Bilingual[];
  /** Witness citation when the witness is published. */
  witnessCitation: EntryCitation | null;
  /** Link (site path relative to the root, e.g. "/data/leaper/proofs/...") to the certificate, when maximality is proven here. */
  certificate: string | null;
  /** The problem position and the numbered solution; null when no witness. */
  problemDiagram: DiagramSpec | null;
  solutionDiagram: DiagramSpec | null;
  replay: ReplaySpec | null;
  /** The solution in notation (one line per move or one paragraph). */
  solutionText: string | null;
  /** Popeye input, or why there is none ("Popeye has no code for the [0,3] leaper"). */
  popeye: { input: string } | { unavailable: Bilingual } | null;
  /** Related record ids (same piece on other boards, same board other kinds). */
  neighbours: string[];
  /** Piece page key (e.g. "leaper-1-2", "grasshopper", "queen"), when the piece has a page. */
  piece: string | null;
  board: number[];
  /** Words for the search index besides the title. */
  keywords: string[];
  /** Remarks on the record (transcription notes, disputes), each in the language it is written in. */
  notes?: { text: string; lang: Lang }[];
  /** Remarks written in both languages (e.g. what our searches covered for a pending record), shown under the status in the page's language. */
  statusNotes?: Bilingual[];
  /**
   * How the record stands in its table because of contributions: tied by further records (the table cell
   * marks it), tying the table's record, replacing it or replaced by one (solvers/contributions/records.ts).
   */
  tableStanding?: TableStanding[];
}

/**
 * What a family table cell shows besides the record's value: `text` replaces
 * the value shown (e.g. "—" where no set exists), `detail` is a short second
 * line under it (e.g. the domination table's "92 / 12" = minimum sets /
 * classes); the table's caption says what they mean.
 */
export interface FamilyTableCellDisplay {
  text?: Bilingual;
  detail?: Bilingual;
}

/** One table of a family page, laid out like the source's: rows × columns of record ids. */
export interface FamilyTableSpec {
  /** Anchor id on the family page, e.g. "serienziel-longest". */
  key: string;
  caption: Bilingual;
  /** Header of the row-label column, e.g. "Hurdles". */
  rowHeader: Bilingual;
  columns: { key: string; label: Bilingual }[];
  /**
   * Cells are record ids (null: empty). `display`, when given, runs parallel
   * to `cells`: what cell i shows besides (or instead of) its record's value.
   */
  rows: { key: string; label: Bilingual; cells: (string | null)[]; display?: (FamilyTableCellDisplay | null)[] }[];
}

/** What a family gives the site. */
export interface FamilyAdapter {
  family: string;
  /** URL segment of the family page in each language, e.g. { en: "hoppers", cs: "skakaci" }. */
  slug: Bilingual;
  title: Bilingual;
  /** A paragraph introducing the family (plain text). */
  intro: Bilingual;
  /** Loads the family's data (throws DataError on bad data; returns [] when the data file does not exist yet). */
  entries(): AtlasEntry[];
  tables(): FamilyTableSpec[];
  /** The record shown on the home page for this family. */
  headline(): string | null;
  /** The pieces this family's records use, each with a page (site/lib/pieces.ts has helpers for leapers and riders). */
  pieces?(): PieceInfo[];
}

/** What a piece page shows (/en/pieces/<key>/). */
export interface PieceInfo {
  /** Page key, e.g. "leaper-2-3", "queen", "grasshopper" (stable: it is in the URL). */
  key: string;
  name: Bilingual;
  /** How problemists write it: "[2,3]", "Z". */
  notation: string;
  /** How it moves, in words. */
  about: Bilingual;
  /** Diagram glyph (solvers/diagram/spec.ts). */
  glyph: string;
  /**
   * Moves on the empty board, for the move diagram and the access and degree
   * maps on 8x8; null for pieces whose moves need other men (hoppers, locusts).
   */
  piece: Piece | null;
  /** Square the access map counts from (default a1). */
  accessFrom?: string;
  /** Sort key among the pieces (default: the name). */
  order?: number;
}
