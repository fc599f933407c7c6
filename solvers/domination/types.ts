/**
 * Domination problems (issue 6): definitions shared by the search, the
 * certificates, the CLI and the records.
 *
 * The domination graph of a piece on a board has every square as a vertex and
 * u ~ v when the piece standing on u attacks v on the EMPTY board. Blocking by
 * other men is ignored, as in Brešar's article (Presek 27, 1999/2000: a square
 * is attacked when its row, column or a diagonal holds a queen). A piece
 * dominates the square it stands on and the squares it attacks (its closed
 * neighbourhood); for total domination only the squares it attacks (its open
 * neighbourhood) count.
 */

export type DominationKind = "dominating" | "independent" | "total" | "connected";

export const DOMINATION_KINDS: readonly DominationKind[] = ["dominating", "independent", "total", "connected"];

/** One sentence per kind, as written into certificates and records. */
export const KIND_DEFINITIONS: Record<DominationKind, string> = {
  dominating:
    "gamma: the least number of pieces such that every square is occupied or attacked (attacks on the empty board, blocking ignored)",
  independent: "i: the least number of pieces that dominate the board while no piece attacks another (an independent dominating set)",
  total:
    "gamma_t: the least number of pieces such that every square, the occupied ones included, is attacked by some piece (each piece attacked by another)",
  connected: "gamma_c: the least number of pieces that dominate the board while the attack graph among the pieces is connected",
};

/** Record id prefix per kind: domination-queen-8x8, independent-domination-queen-8x8, .. */
export const KIND_ID_PREFIX: Record<DominationKind, string> = {
  dominating: "domination",
  independent: "independent-domination",
  total: "total-domination",
  connected: "connected-domination",
};

export function isDominationKind(s: string): s is DominationKind {
  return (DOMINATION_KINDS as readonly string[]).includes(s);
}
