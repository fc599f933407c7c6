/**
 * The independent re-check behind each hopper-tour dispute: a plain move
 * generator written from the rules alone (x, y coordinates on a rectangular
 * board, direction lists spelled out here; no step table, no check.ts, no
 * piece modules) and a brute-force depth-first search over every start pair,
 * without symmetry or bounds. A dispute is settled by it twice over: the
 * booklet's value is compared with what the brute force finds, and our
 * witness is replayed by the same plain generator.
 */
export type PlainHopper = "grasshopper" | "rookhopper" | "bishophopper" | "nightriderhopper";

const ORTHO: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAG: [number, number][] = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const KNIGHT: [number, number][] = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];

function lines(kind: PlainHopper | "rook" | "bishop" | "queen" | "nightrider"): [number, number][] {
  if (kind === "rookhopper" || kind === "rook") return ORTHO;
  if (kind === "bishophopper" || kind === "bishop") return DIAG;
  if (kind === "nightriderhopper" || kind === "nightrider") return KNIGHT;
  return [...ORTHO, ...DIAG];
}

/** Every (dx, dy) of a leaper [a, b]: both orders, all signs, no repeats. */
function leaps(a: number, b: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [p, q] of [[a, b], [b, a]]) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const v: [number, number] = [p * sx, q * sy];
        if (!out.some((w) => w[0] === v[0] && w[1] === v[1])) out.push(v);
      }
    }
  }
  return out;
}

/** The hurdle by its record key: rook, queen, bishop, nightrider, king, knight, leaper-a-b. */
export function plainHurdle(key: string): { riderLines: [number, number][] | null; steps: [number, number][] } {
  if (key === "rook" || key === "bishop" || key === "queen" || key === "nightrider") return { riderLines: lines(key), steps: [] };
  if (key === "king") return { riderLines: null, steps: [...ORTHO, ...DIAG] };
  if (key === "knight") return { riderLines: null, steps: leaps(1, 2) };
  const m = /^leaper-(\d+)-(\d+)$/.exec(key);
  if (!m) throw new Error(`unknown hurdle ${key}`);
  return { riderLines: null, steps: leaps(Number(m[1]), Number(m[2])) };
}

export interface PlainRules {
  w: number;
  h: number;
  hopper: PlainHopper;
  hurdle: string;
}

type Sq = [number, number];
const on = (r: PlainRules, x: number, y: number) => x >= 0 && y >= 0 && x < r.w && y < r.h;

/** Where the hopper on p lands over the hurdle on q (the only other piece), or null. */
export function plainJump(r: PlainRules, p: Sq, q: Sq): Sq | null {
  for (const [dx, dy] of lines(r.hopper)) {
    // q must be p + k(dx, dy) for some k >= 1: walk the line.
    for (let k = 1;; k++) {
      const x = p[0] + k * dx, y = p[1] + k * dy;
      if (!on(r, x, y)) break;
      if (x === q[0] && y === q[1]) return on(r, x + dx, y + dy) ? [x + dx, y + dy] : null;
    }
  }
  return null;
}

/** Squares the hurdle on q can move to while the hopper stands on p. */
export function plainHurdleMoves(r: PlainRules, q: Sq, p: Sq): Sq[] {
  const spec = plainHurdle(r.hurdle);
  const out: Sq[] = [];
  if (spec.riderLines) {
    for (const [dx, dy] of spec.riderLines) {
      for (let k = 1;; k++) {
        const x = q[0] + k * dx, y = q[1] + k * dy;
        if (!on(r, x, y) || (x === p[0] && y === p[1])) break;
        out.push([x, y]);
      }
    }
  } else {
    for (const [dx, dy] of spec.steps) {
      const x = q[0] + dx, y = q[1] + dy;
      if (on(r, x, y) && !(x === p[0] && y === p[1])) out.push([x, y]);
    }
  }
  return out;
}

export type PlainMode = "open" | "closed" | "cyclic";

export interface BruteResult {
  /** The longest tour's value (closed and cyclic: hopper moves before the return). */
  longest: number;
  /** Start pairs (hopper square, hurdle square) tried: every ordered pair of distinct squares. */
  startPairs: number;
  /** Search nodes (hopper positions reached). */
  nodes: number;
  /** Tours attaining the longest value, counted over every start pair and every move sequence. */
  attaining: number;
  /** The most hopper moves any sequence makes without landing twice (the open tour length). */
  deepest: number;
  /** One tour of the longest value (hopper start, hurdle start, then hurdle and hopper squares), or null. */
  example: { hopperStart: Sq; hurdleStart: Sq; hopper: Sq[]; hurdle: Sq[] } | null;
  /** False when the node budget ran out (nothing then follows). */
  complete: boolean;
}

/**
 * Every move sequence from every start pair, by brute force. A closed tour of
 * value v is a sequence of v hopper moves to new squares after which a hurdle
 * move lets the hopper jump back to its start; cyclic adds that the hurdle can
 * then move back to its start square.
 */
export function bruteLongest(r: PlainRules, mode: PlainMode, maxNodes = 5e7): BruteResult {
  const seen = new Uint8Array(r.w * r.h);
  const id = (s: Sq) => s[1] * r.w + s[0];
  let longest = 0, attaining = 0, deepest = 0, nodes = 0, startPairs = 0;
  let complete = true;
  let example: BruteResult["example"] = null;
  const hop: Sq[] = [], hur: Sq[] = [];
  let s0: Sq = [0, 0], h0: Sq = [0, 0];
  const found = (v: number, extraHurdle: Sq[], back: boolean) => {
    if (v > longest) {
      longest = v;
      attaining = 0;
    }
    if (v === longest) {
      attaining++;
      if (attaining === 1) {
        example = {
          hopperStart: s0,
          hurdleStart: h0,
          hopper: [...hop, ...(back || mode !== "open" ? [s0] : [])],
          hurdle: [...hur, ...extraHurdle],
        };
      }
    }
  };
  const go = (p: Sq, q: Sq, depth: number) => {
    if (++nodes > maxNodes) {
      complete = false;
      return;
    }
    if (depth > deepest) deepest = depth;
    if (mode === "open" && depth > 0) found(depth, [], false);
    for (const q2 of plainHurdleMoves(r, q, p)) {
      const land = plainJump(r, p, q2);
      if (!land) continue;
      if (land[0] === s0[0] && land[1] === s0[1]) {
        if (mode === "closed" && depth > 0) found(depth, [q2], false);
        if (mode === "cyclic" && depth > 0 && plainHurdleMoves(r, q2, s0).some((t) => t[0] === h0[0] && t[1] === h0[1])) {
          found(depth, [q2, h0], true);
        }
        continue;
      }
      if (seen[id(land)]) continue;
      seen[id(land)] = 1;
      hop.push(land);
      hur.push(q2);
      go(land, q2, depth + 1);
      hop.pop();
      hur.pop();
      seen[id(land)] = 0;
      if (!complete) return;
    }
  };
  for (let a = 0; a < r.w * r.h && complete; a++) {
    for (let b = 0; b < r.w * r.h && complete; b++) {
      if (a === b) continue;
      startPairs++;
      s0 = [a % r.w, Math.floor(a / r.w)];
      h0 = [b % r.w, Math.floor(b / r.w)];
      const first = plainJump(r, s0, h0);
      if (!first) continue;
      seen[a] = 1;
      seen[id(first)] = 1;
      hop.push(first);
      // The first hopper move is made from the start position: the hurdle has not moved yet.
      go(first, h0, 1);
      hop.pop();
      seen[a] = 0;
      seen[id(first)] = 0;
    }
  }
  return { longest, startPairs, nodes, attaining, deepest, example, complete };
}

export type PlainReplay = { ok: true; value: number } | { ok: false; move: number; piece: "hopper" | "hurdle"; square: Sq; rule: string };

/**
 * Replays a tour move by move with the plain generator; a failure names the
 * move (1-based hopper move; a hurdle move k is the one before hopper move
 * k + 1), the square and the rule broken.
 */
export function plainReplay(
  r: PlainRules,
  mode: PlainMode,
  t: { hopperStart: Sq; hurdleStart: Sq; hopper: Sq[]; hurdle: Sq[] },
): PlainReplay {
  const eq = (a: Sq, b: Sq) => a[0] === b[0] && a[1] === b[1];
  const visited: Sq[] = [t.hopperStart];
  let p = t.hopperStart, q = t.hurdleStart;
  const closes = mode !== "open";
  const want = t.hopper.length - 1 + (mode === "cyclic" ? 1 : 0);
  if (t.hurdle.length !== want) {
    return {
      ok: false,
      move: 0,
      piece: "hurdle",
      square: q,
      rule: `${t.hopper.length} hopper moves need ${want} hurdle moves, the tour has ${t.hurdle.length}`,
    };
  }
  for (let i = 0; i < t.hopper.length; i++) {
    if (i > 0) {
      const to = t.hurdle[i - 1];
      if (!plainHurdleMoves(r, q, p).some((s) => eq(s, to))) {
        return {
          ok: false,
          move: i,
          piece: "hurdle",
          square: to,
          rule: `the ${r.hurdle} cannot move there from its square with the hopper where it stands`,
        };
      }
      q = to;
    }
    const land = plainJump(r, p, q);
    const to = t.hopper[i];
    if (!land || !eq(land, to)) {
      return { ok: false, move: i + 1, piece: "hopper", square: to, rule: `the ${r.hopper} cannot land there over the hurdle` };
    }
    const last = closes && i === t.hopper.length - 1;
    if (last && !eq(to, t.hopperStart)) {
      return { ok: false, move: i + 1, piece: "hopper", square: to, rule: "a closed tour must end on its start square" };
    }
    if (!last && visited.some((s) => eq(s, to))) {
      return { ok: false, move: i + 1, piece: "hopper", square: to, rule: "the hopper lands on a square it has already stood on" };
    }
    visited.push(to);
    p = to;
  }
  if (mode === "cyclic") {
    const back = t.hurdle[t.hurdle.length - 1];
    if (!eq(back, t.hurdleStart) || !plainHurdleMoves(r, q, p).some((s) => eq(s, back))) {
      return { ok: false, move: t.hopper.length, piece: "hurdle", square: back, rule: "the hurdle cannot return to its start square" };
    }
  }
  return { ok: true, value: closes ? t.hopper.length - 1 : t.hopper.length };
}
