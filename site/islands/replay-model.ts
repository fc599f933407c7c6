/**
 * What the replay island shows, as pure functions of a ReplaySpec (no DOM, no
 * Preact): the position after p moves and the URL fragment that names it.
 * The "try it" rules live in try-model.ts, which the island loads only when
 * the reader asks for them (the solvers' engines stay out of the page's first
 * script). Kept apart from Replay.tsx so Deno tests can check them without a
 * browser.
 */
import type { DiagramPiece, DiagramSpec, ReplaySpec, TryItRules } from "../../solvers/diagram/spec.ts";
import type { Square } from "../../solvers/types.ts";

// ------------------------------------------------------------ positions

/** The board's size in the island (diagramLayout's `size`: the width of an 8x8 board's drawing). */
export const REPLAY_SIZE = 400;

/** The position after p moves: p = 0 is the problem, p = steps.length the end of the solution. */
export function clampPosition(p: number, steps: number): number {
  if (!Number.isFinite(p)) return steps;
  return Math.max(0, Math.min(steps, Math.trunc(p)));
}

const FRAGMENT = /^#move-(\d{1,6})$/;

/** The position a URL fragment ("#move-17") names, clamped to the solution; null when it names none. */
export function positionFromFragment(hash: string, steps: number): number | null {
  const m = FRAGMENT.exec(hash);
  return m ? clampPosition(Number(m[1]), steps) : null;
}

export function fragmentOf(p: number): string {
  return `#move-${p}`;
}

/**
 * The squares the record's piece has stood on after p moves: its start, then
 * each destination. Moves of a hurdle (step.piece === "hurdle") visit nothing.
 */
export function visitedAfter(replay: ReplaySpec, p: number): Square[] {
  const own = replay.steps.slice(0, p).filter((s) => s.piece !== "hurdle");
  const first = replay.steps.find((s) => s.piece !== "hurdle");
  if (!first) return [];
  return [first.from, ...own.map((s) => s.to)];
}

/**
 * The diagram after p moves. Captured men leave the board (the step's
 * `captured` square: a leaper captures where it lands, a locust the man it
 * jumps); hurdles are jumped and stay. Squares carry move numbers as the
 * booklet prints a solution: 0 on the start and the number of the move that
 * reaches each square, or, for captures off the landing square (locusts), the
 * number of the move that captures each man. The path so far is drawn and the
 * piece's current square framed.
 */
export function positionSpec(replay: ReplaySpec, p: number): DiagramSpec {
  const at = new Map<Square, DiagramPiece>();
  for (const piece of replay.initial.pieces) at.set(piece.square, piece);
  const n = clampPosition(p, replay.steps.length);
  for (let i = 0; i < n; i++) {
    const step = replay.steps[i];
    const mover = at.get(step.from);
    if (step.captured !== undefined && step.captured !== step.from) at.delete(step.captured);
    at.delete(step.from);
    if (mover) at.set(step.to, { ...mover, square: step.to });
  }
  const visited = visitedAfter(replay, n);
  const current = visited.length > 0 ? visited[visited.length - 1] : undefined;
  const marks = (replay.initial.marks ?? []).filter((m) => m.kind !== "start");
  if (current !== undefined) marks.push({ square: current, kind: "start" });
  const capturesAside = replay.steps.some((st) => st.captured !== undefined && st.captured !== st.to);
  const numbers = capturesAside
    ? replay.steps.slice(0, n).map((st, i) => ({ square: st.captured ?? st.to, label: String(i + 1) }))
    : numbersOf(visited);
  return {
    board: replay.initial.board,
    pieces: [...at.values()],
    numbers,
    path: visited.length > 1 ? visited : undefined,
    closed: false,
    marks,
  };
}

/** Move numbers on visited squares; a square reached again (a closed tour's return) keeps its first number. */
export function numbersOf(visited: readonly Square[]): { square: Square; label: string }[] {
  const labels = new Map<Square, string>();
  visited.forEach((sq, i) => {
    if (!labels.has(sq)) labels.set(sq, String(i));
  });
  return [...labels].map(([square, label]) => ({ square, label }));
}

// ------------------------------------------------------------ try it

/** Every kind of TryItRules has its move generation in solvers/ (see try-model.ts). */
export function tryItSupported(rules: TryItRules): boolean {
  return rules.type === "leaper-capture" || rules.type === "tour" || rules.type === "hopper-reach" || rules.type === "locust-capture";
}
