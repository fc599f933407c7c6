/**
 * Readings of the booklet's rules for hopper tours over a movable hurdle that
 * could differ from ours (Kotěšovec 2009, part II chapter 5, lines 4499-4505:
 * "White has a grasshopper and a knight, which make one move each in turn; the
 * aim is that the grasshopper visits every square and enters none twice (the
 * knight's moves may go to any square, also to those where it has already
 * been)"). Five of the booklet's cells, called absolute, disagree with our
 * exhaustive searches (grasshopper over [0,3] closed, over [1,6] open and
 * closed, bishophopper over a queen open and closed); each reading below is a
 * way the booklet's own program might have read the rules, searched exactly by
 * searchTours (search.ts, option `reading`) and checked against the plain
 * brute force of recheck-readings.ts.
 *
 * Our reading (every flag off, the default) is the one the text states: the
 * hopper moves first (the caption "Knight f6 - closed": the grasshopper on a1
 * jumps over f6 to g7 before the knight moves, lines 4534-4535), then hurdle
 * and hopper alternate; the hurdle makes a real move of its piece, stopped
 * only by the hopper, and may go anywhere, visited squares included; the
 * hopper lands only on unvisited squares and passes over any; the value counts
 * the hopper's moves, a closed tour's before the return (63 for the full board
 * over the knight, "63 grasshopper moves, 125 with the knight", line 4509).
 *
 * The search flags (each only changes which steps exist, argued beside it):
 *   hurdleFirst            the hurdle makes the first move. The rules text says
 *                          only "in turn"; a program may start with either piece.
 *                          The start pair then needs no jump: the hopper on s0,
 *                          the hurdle anywhere else, then the usual steps.
 *   hurdleMayStay          the hurdle may pass (stand still) instead of moving.
 *                          "Jeden tah" (one move each) excludes it; a program
 *                          that tries "no move" among the hurdle's options
 *                          would allow it. Every hopper here lands right behind
 *                          the hurdle, so after a pass the hopper can only jump
 *                          back over it to the square in front of it: new when
 *                          the hopper came from farther away (a1 over c3 to d4,
 *                          then back over c3 to b2).
 *   hurdleAvoidsVisited    the hurdle may not move to a square the hopper has
 *                          stood on: a program that marks visited squares as
 *                          blocked for both pieces. The text's parenthesis
 *                          allows it; a program may not.
 *   riderBlockedByVisited  a riding hurdle (rook, bishop, queen, nightrider)
 *                          may not pass over a visited square: visited squares
 *                          treated as occupied on the hurdle's way (leapers and
 *                          the king jump and are unaffected).
 *   hopperBlockedByVisited the hopper may not pass over a visited square on its
 *                          way to the hurdle (its landing square is unvisited in
 *                          every reading): visited squares treated as occupied
 *                          on the hopper's line.
 *   hurdleNoRevisit        the hurdle never returns to a square it has stood on
 *                          (its start included): the "never twice" rule applied
 *                          to the hurdle's own path too.
 * Every flag removes steps that depend on the visited squares, except
 * hurdleMayStay (adds steps, put into the step table by readingTable, so the
 * reach bound sees them) and hurdleFirst (changes the start pairs). The reach
 * bound over the static steps with unvisited landings still over-counts the
 * remaining steps, so the search stays exact. All readings are invariant under
 * the board's symmetries (they speak of squares and lines only), so the
 * canonical start pairs still cover every tour.
 *
 * The counting readings do not change which tours exist, only the number a
 * tour gets (readingValue): the value is a strictly increasing function of the
 * hopper moves for a fixed mode, so the longest tour under it is the longest
 * under ours, counted again.
 *   both        every move of both pieces: open n hopper moves and n - 1 hurdle
 *               moves between them (2n - 1; 2n when the hurdle moves first),
 *               closed the return too (n + 1 hopper and n + 1 hurdle moves,
 *               2n + 2; hopper first: n hurdle moves, 2n + 1);
 *   squares     the squares the hopper stands on, the start included (n + 1);
 *   withReturn  a closed tour counts its return move (n + 1; open unchanged).
 */
import type { TourTable } from "./table.ts";
import { coordsOf, squareAt } from "../board/board.ts";
import { searchTours } from "./search.ts";

export interface TourReading {
  hurdleFirst?: boolean;
  hurdleMayStay?: boolean;
  hurdleAvoidsVisited?: boolean;
  riderBlockedByVisited?: boolean;
  hopperBlockedByVisited?: boolean;
  hurdleNoRevisit?: boolean;
}

export type ReadingCount = "hopper" | "both" | "squares" | "withReturn";

/** The readings searched for the disputes, each with its key and one line in English and Czech. */
export const READINGS: { key: string; reading: TourReading; count: ReadingCount; en: string; cs: string }[] = [
  {
    key: "ours",
    reading: {},
    count: "hopper",
    en: "our reading (the hopper first, the hurdle must move and may go anywhere, hopper moves counted)",
    cs: "náš výklad (cvrček první, překážka musí táhnout a smí kamkoli, počítají se tahy cvrčka)",
  },
  { key: "hurdle-first", reading: { hurdleFirst: true }, count: "hopper", en: "the hurdle moves first", cs: "překážka táhne první" },
  {
    key: "hurdle-may-stay",
    reading: { hurdleMayStay: true },
    count: "hopper",
    en: "the hurdle may stand still",
    cs: "překážka smí zůstat stát",
  },
  {
    key: "hurdle-avoids-visited",
    reading: { hurdleAvoidsVisited: true },
    count: "hopper",
    en: "the hurdle may not move to a visited square",
    cs: "překážka nesmí táhnout na navštívené pole",
  },
  {
    key: "rider-blocked",
    reading: { riderBlockedByVisited: true },
    count: "hopper",
    en: "visited squares block a riding hurdle's way",
    cs: "navštívená pole blokují cestu jezdivé překážky",
  },
  {
    key: "hopper-blocked",
    reading: { hopperBlockedByVisited: true },
    count: "hopper",
    en: "visited squares block the hopper's line",
    cs: "navštívená pole blokují linii cvrčka",
  },
  {
    key: "hurdle-no-revisit",
    reading: { hurdleNoRevisit: true },
    count: "hopper",
    en: "the hurdle never returns to a square it has stood on",
    cs: "překážka se nikdy nevrátí na pole, kde už stála",
  },
  {
    key: "all-blocked",
    reading: { hurdleAvoidsVisited: true, riderBlockedByVisited: true, hopperBlockedByVisited: true },
    count: "hopper",
    en: "visited squares are occupied for both pieces (no landing, no passing)",
    cs: "navštívená pole jsou pro oba kameny obsazená (nelze na ně vstoupit ani je přeskočit)",
  },
  { key: "both-moves", reading: {}, count: "both", en: "both pieces' moves counted", cs: "počítají se tahy obou kamenů" },
  {
    key: "squares",
    reading: {},
    count: "squares",
    en: "the squares visited counted, the start included",
    cs: "počítají se navštívená pole včetně výchozího",
  },
  {
    key: "with-return",
    reading: {},
    count: "withReturn",
    en: "a closed tour's return move counted",
    cs: "u uzavřené cesty se počítá i návrat",
  },
];

export function isDefaultReading(r: TourReading | undefined): boolean {
  return !r ||
    !(r.hurdleFirst || r.hurdleMayStay || r.hurdleAvoidsVisited || r.riderBlockedByVisited || r.hopperBlockedByVisited ||
      r.hurdleNoRevisit);
}

/** The value a tour of `hopperMoves` hopper moves (closed: before the return) gets under a counting reading. */
export function readingValue(hopperMoves: number, mode: "open" | "closed" | "cyclic", count: ReadingCount, hurdleFirst = false): number {
  // No tour (0) stays no tour under every count.
  if (count === "hopper" || hopperMoves === 0) return hopperMoves;
  if (count === "squares") return hopperMoves + 1;
  if (count === "withReturn") return mode === "open" ? hopperMoves : hopperMoves + 1;
  // both: hopper moves plus the hurdle moves made between them (and before the first one when the hurdle starts).
  const hops = mode === "open" ? hopperMoves : hopperMoves + 1;
  return hops + (hops - 1) + (hurdleFirst ? 1 : 0);
}

/** hurdleMayStay: the table with a "stay" step (the hurdle keeps its square, the hopper jumps over it) added at every state. */
export function readingTable(t: TourTable, r: TourReading | undefined): TourTable {
  if (!r?.hurdleMayStay) return t;
  const n = t.size;
  const stepStart = new Int32Array(n * n + 1);
  const sh: number[] = [], sl: number[] = [];
  for (let ph = 0; ph < n * n; ph++) {
    stepStart[ph] = sh.length;
    const p = Math.floor(ph / n), h = ph % n;
    for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) {
      sh.push(t.stepHurdle[i]);
      sl.push(t.stepLand[i]);
    }
    if (h !== p && t.landing[p * n + h] >= 0) {
      sh.push(h);
      sl.push(t.landing[p * n + h]);
    }
  }
  stepStart[n * n] = sh.length;
  return { ...t, stepStart, stepHurdle: Int32Array.from(sh), stepLand: Int32Array.from(sl) };
}

/**
 * Per step i of table t (from state p*n+h): the squares the hurdle passes strictly between h and stepHurdle[i]
 * (riders only) and the squares the hopper passes strictly between p and stepHurdle[i], as CSR lists.
 */
export interface StepPasses {
  hurdleStart: Int32Array;
  hurdleSq: Int32Array;
  hopperStart: Int32Array;
  hopperSq: Int32Array;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The squares strictly between a and b on the line from a in steps of (b - a) / k, for the largest k dividing every coordinate difference. */
function between(t: TourTable, a: number, b: number, unit?: number[]): number[] {
  const ca = coordsOf(t.board, a), cb = coordsOf(t.board, b);
  const diff = cb.map((v, i) => v - ca[i]);
  let step = unit;
  if (!step) {
    const g = diff.reduce((x, y) => gcd(x, y), 0);
    step = diff.map((v) => v / g);
  }
  const out: number[] = [];
  const c = [...ca];
  for (;;) {
    for (let i = 0; i < c.length; i++) c[i] += step[i];
    if (c.every((v, i) => v === cb[i])) return out;
    out.push(squareAt(t.board, c));
    if (out.length > t.size) throw new Error("between: squares not on one line");
  }
}

export function stepPasses(t: TourTable): StepPasses {
  const n = t.size;
  const m = t.stepStart[n * n];
  const rider = t.hurdle.type === "rider";
  const hurdleStart = new Int32Array(m + 1), hopperStart = new Int32Array(m + 1);
  const hs: number[] = [], ps: number[] = [];
  for (let ph = 0; ph < n * n; ph++) {
    const p = Math.floor(ph / n), h = ph % n;
    for (let i = t.stepStart[ph]; i < t.stepStart[ph + 1]; i++) {
      hurdleStart[i] = hs.length;
      hopperStart[i] = ps.length;
      const h2 = t.stepHurdle[i], q = t.stepLand[i];
      // A nightrider's way is along knight steps: the gcd of (2k, k) is k, so the unit is the knight step.
      if (rider && h2 !== h) hs.push(...between(t, h, h2));
      // The hopper's line: the unit is the step from the hurdle to the landing square (the hopper lands right behind it).
      const cq = coordsOf(t.board, q), ch = coordsOf(t.board, h2);
      ps.push(...between(t, p, h2, cq.map((v, k) => v - ch[k])));
    }
  }
  hurdleStart[m] = hs.length;
  hopperStart[m] = ps.length;
  return { hurdleStart, hurdleSq: Int32Array.from(hs), hopperStart, hopperSq: Int32Array.from(ps) };
}

/** The node budget of one reading's search on one cell (the records builder and verify use the same). */
export const READING_NODES = 5e6;

/**
 * Control cells (undisputed cells of the disputed cell's table) whose exhaustive certificate needs more nodes
 * than this are left out of the controls: the wazir's rows take about 4·10^5 nodes under ours and far more under
 * some readings, which verify would rerun on every build.
 */
export const CONTROL_NODES = 1e5;

/** The table a record belongs to, for its controls: the hopper and whether the hurdles are the leapers or the pieces. */
export function readingTableKey(r: { hopper: string; hurdle: string }): string {
  return `${r.hopper}/${r.hurdle.startsWith("leaper-") ? "leapers" : "pieces"}`;
}

/** The control cells of a disputed record among all records: same table, claim absolute, open or closed, not disputed, certificate within CONTROL_NODES. */
export function readingControls<
  R extends {
    id: string;
    hopper: string;
    hurdle: string;
    kind: string;
    claim: { status: string; value: number } | null;
    dispute?: unknown;
    established: { maximality: { status: string; nodes?: number } };
  },
>(r: R, all: R[]): { controls: R[]; leftOut: string[] } {
  const same = all.filter((o) =>
    o.id !== r.id && readingTableKey(o) === readingTableKey(r) && o.kind !== "cyclic" && o.claim?.status === "absolute" && !o.dispute
  );
  const heavy = (o: R) => o.established.maximality.status !== "exhaustive" || (o.established.maximality.nodes ?? Infinity) > CONTROL_NODES;
  return { controls: same.filter((o) => !heavy(o)), leftOut: same.filter(heavy).map((o) => o.id) };
}

export interface ReadingRun {
  value: number;
  complete: boolean;
  nodes: number;
}

/**
 * The longest tour of `mode` on table t under the reading `key` (READINGS): an exhaustive search
 * (plain child order, canonical start pairs, deterministic) for the search readings, ours counted
 * again for the counting readings (nodes 0: no search of their own).
 */
export function runReading(t: TourTable, mode: "open" | "closed", key: string, maxNodes = READING_NODES): ReadingRun {
  const entry = READINGS.find((r) => r.key === key);
  if (!entry) throw new Error(`unknown reading ${key}`);
  if (entry.count !== "hopper") {
    const ours = runReading(t, mode, "ours", maxNodes);
    return { value: readingValue(ours.value, mode, entry.count), complete: ours.complete, nodes: 0 };
  }
  const res = searchTours(t, { mode, reading: entry.reading, warnsdorff: false, maxNodes });
  return { value: res.value, complete: res.complete, nodes: res.nodes };
}

export interface ReadingCell {
  id: string;
  t: TourTable;
  mode: "open" | "closed";
  /** The booklet's value. */
  claim: number;
}

export interface ReadingResult {
  key: string;
  value: number;
  complete: boolean;
  nodes: number;
  /** The undisputed cells of the same table: how many the reading reproduces and the ids it does not ("id (unsettled)" when its run hit the budget). */
  controls: { of: number; kept: number; broken: string[] };
}

/** Every reading on one cell and on the control cells (runs cached by cell id and reading across calls). */
export function readingResults(
  cell: ReadingCell,
  controls: ReadingCell[],
  cache = new Map<string, ReadingRun>(),
  maxNodes = READING_NODES,
): ReadingResult[] {
  const run = (c: ReadingCell, key: string): ReadingRun => {
    const k = `${c.id}/${key}`;
    let hit = cache.get(k);
    if (!hit) cache.set(k, hit = runReading(c.t, c.mode, key, maxNodes));
    return hit;
  };
  return READINGS.map((r) => {
    const own = run(cell, r.key);
    const broken: string[] = [];
    for (const c of controls) {
      const v = run(c, r.key);
      if (!v.complete) broken.push(`${c.id} (unsettled)`);
      else if (v.value !== c.claim) broken.push(c.id);
    }
    return {
      key: r.key,
      value: own.value,
      complete: own.complete,
      nodes: own.nodes,
      controls: { of: controls.length, kept: controls.length - broken.length, broken },
    };
  });
}

/** The computed part of a dispute's verdict: which readings give the booklet's value and what they do to the table's other cells. */
export function readingSummary(booklet: number, results: ReadingResult[]): { en: string; cs: string } {
  const name = (key: string) => READINGS.find((r) => r.key === key)!;
  const hits = results.filter((r) => r.complete && r.value === booklet);
  const clean = hits.filter((r) => r.controls.broken.length === 0);
  const of = results[0]?.controls.of ?? 0;
  if (clean.length > 0) {
    return {
      en: `The reading${clean.length > 1 ? "s" : ""} ${clean.map((r) => `"${name(r.key).en}"`).join(", ")} give${
        clean.length > 1 ? "" : "s"
      } the booklet's ${booklet} and keep${clean.length > 1 ? "" : "s"} all ${of} undisputed cells of the table.`,
      cs: `Výklad ${
        clean.map((r) => `„${name(r.key).cs}“`).join(", ")
      } dává hodnotu brožury ${booklet} a zachovává všech ${of} nesporných polí tabulky.`,
    };
  }
  if (hits.length > 0) {
    const h = hits.map((r) => `"${name(r.key).en}" (breaks ${r.controls.broken.length} of ${of})`).join(", ");
    const hc = hits.map((r) => `„${name(r.key).cs}“ (nesouhlasí v ${r.controls.broken.length} z ${of})`).join(", ");
    return {
      en: `Only ${h} give${
        hits.length > 1 ? "" : "s"
      } the booklet's ${booklet}, and only by changing undisputed cells of the same table, so no reading explains it.`,
      cs:
        `Hodnotu brožury ${booklet} dává jen ${hc}, a to jen za cenu změny nesporných polí téže tabulky, takže ji žádný výklad nevysvětluje.`,
    };
  }
  const values = [...new Set(results.map((r) => r.value))].sort((a, b) => a - b);
  return {
    en: `No reading gives the booklet's ${booklet}: they give ${values.join(", ")}.`,
    cs: `Žádný výklad nedává hodnotu brožury ${booklet}: výklady dávají ${values.join(", ")}.`,
  };
}
