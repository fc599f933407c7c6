/**
 * The plain brute force for the readings of readings.ts: the move generator of
 * recheck.ts (x, y coordinates, direction lists spelled out, no step table),
 * every start pair, every move sequence, no symmetry, no bound. Each reading
 * is written here again from its words, not from the search's filters: the
 * squares a piece passes are walked on its line square by square.
 */
import { plainHurdleMoves, plainJump, type PlainMode, type PlainRules } from "./recheck.ts";
import type { TourReading } from "./readings.ts";

type Sq = [number, number];

/** Squares strictly between a and b when b lies on a line from a in unit steps (dx, dy); a nightrider's unit is a knight step. */
function walk(a: Sq, b: Sq, dx: number, dy: number): Sq[] {
  const out: Sq[] = [];
  let x = a[0] + dx, y = a[1] + dy;
  while (x !== b[0] || y !== b[1]) {
    out.push([x, y]);
    x += dx;
    y += dy;
    if (out.length > 64) throw new Error("walk: not on a line");
  }
  return out;
}

/** The unit step of a rider's move from a to b: the difference divided by the gcd of its components. */
function unit(a: Sq, b: Sq): [number, number] {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  let g = Math.abs(dx), k = Math.abs(dy);
  while (k) [g, k] = [k, g % k];
  return [dx / g, dy / g];
}

export interface ReadingBrute {
  longest: number;
  nodes: number;
  complete: boolean;
}

/** The longest open or closed tour (hopper moves; closed before the return) under a reading, by brute force. */
export function bruteReading(r: PlainRules, mode: Exclude<PlainMode, "cyclic">, reading: TourReading, maxNodes = 5e6): ReadingBrute {
  const rider = r.hurdle === "rook" || r.hurdle === "bishop" || r.hurdle === "queen" || r.hurdle === "nightrider";
  const seen = new Uint8Array(r.w * r.h);
  const hurdleBeen = new Uint8Array(r.w * r.h);
  const id = (s: Sq) => s[1] * r.w + s[0];
  let longest = 0, nodes = 0, complete = true;
  let s0: Sq = [0, 0];
  // May the hurdle on q go to q2 (q2 === q: it stays), the hopper standing on p?
  const hurdleOk = (p: Sq, q: Sq, q2: Sq): boolean => {
    const stays = q2[0] === q[0] && q2[1] === q[1];
    if (stays) return !!reading.hurdleMayStay;
    if (reading.hurdleAvoidsVisited && seen[id(q2)]) return false;
    if (reading.hurdleNoRevisit && hurdleBeen[id(q2)]) return false;
    if (reading.riderBlockedByVisited && rider) {
      const [dx, dy] = unit(q, q2);
      if (walk(q, q2, dx, dy).some((s) => seen[id(s)])) return false;
    }
    void p;
    return true;
  };
  // The hopper's jump from p over q2, or null: the landing, with the squares passed checked when the reading asks.
  const jump = (p: Sq, q2: Sq): Sq | null => {
    const land = plainJump(r, p, q2);
    if (!land) return null;
    if (reading.hopperBlockedByVisited) {
      const dx = land[0] - q2[0], dy = land[1] - q2[1];
      if (walk(p, q2, dx, dy).some((s) => seen[id(s)])) return null;
    }
    return land;
  };
  const go = (p: Sq, q: Sq, depth: number) => {
    if (++nodes > maxNodes) {
      complete = false;
      return;
    }
    if (mode === "open" && depth > longest) longest = depth;
    const options = plainHurdleMoves(r, q, p);
    options.push(q);
    for (const q2 of options) {
      if (!hurdleOk(p, q, q2)) continue;
      const land = jump(p, q2);
      if (!land) continue;
      if (land[0] === s0[0] && land[1] === s0[1]) {
        if (mode === "closed" && depth > 0 && depth > longest) longest = depth;
        continue;
      }
      if (seen[id(land)]) continue;
      seen[id(land)] = 1;
      const before = hurdleBeen[id(q2)];
      hurdleBeen[id(q2)] = 1;
      go(land, q2, depth + 1);
      hurdleBeen[id(q2)] = before;
      seen[id(land)] = 0;
      if (!complete) return;
    }
  };
  for (let a = 0; a < r.w * r.h && complete; a++) {
    for (let b = 0; b < r.w * r.h && complete; b++) {
      if (a === b) continue;
      s0 = [a % r.w, Math.floor(a / r.w)];
      const h0: Sq = [b % r.w, Math.floor(b / r.w)];
      seen[a] = 1;
      hurdleBeen[b] = 1;
      if (reading.hurdleFirst) {
        go(s0, h0, 0);
      } else {
        // The hopper's first jump is made over the hurdle where it starts.
        const first = jump(s0, h0);
        if (first) {
          seen[id(first)] = 1;
          go(first, h0, 1);
          seen[id(first)] = 0;
        }
      }
      seen[a] = 0;
      hurdleBeen[b] = 0;
    }
  }
  return { longest, nodes, complete };
}
