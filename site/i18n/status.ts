/** What a table cell's status is, in which order the legend lists them, and the mark each shows. */

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
