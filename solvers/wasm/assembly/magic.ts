/**
 * The magic-tour completion kernel, compiled to WebAssembly (AssemblyScript).
 *
 * This is the twin of MagicSearch.complete() in path mode
 * (solvers/magic/engine.ts, whose header argues every rule: L, K, R, F, M, 3,
 * D, E). The TypeScript engine stays the reference: it builds every table,
 * replays the prefix, and hands its tables and its state to this kernel
 * (solvers/magic/kernel.ts lays them out in this module's memory), which
 * enumerates every completion with the same rules in the same order and
 * leaves the state as it found it. Node and solution counts are identical by
 * construction; tests/magic/magic_kernel_test.ts checks that on random boards,
 * lines and rule sets, and on prefixes of the 8x8 enumeration.
 *
 * What differs is only the substrate: 64-bit bitboards for the visited
 * squares and the leaper's neighbourhoods (so the rule-D and rule-M scans run
 * over open neighbours only, by count-trailing-zeros), native integers, and
 * no bounds checks. Boards of at most 64 squares.
 *
 * Memory: the caller writes a header of 32-bit words at HEADER (sizes, rule
 * switches and the byte offsets of every table and state array, in the order
 * of the H_* constants below), calls init(), and reads the counts back from
 * the header after complete().
 */

/** Called for every complete tour (the squares of numbers 1..N are at the path offset); a non-zero answer stops. */
@external("env", "onSolution")
declare function onSolution(): i32;

const HEADER: usize = 65536;
// Header words (index: meaning).
const H_N = 0; // squares
const H_L = 1; // lines
const H_STEPS = 2; // steps of a complete tour (N)
const H_M1 = 3; // longest line + 1
const H_R1 = 4; // largest target + 1
const H_MAXSQLINES = 5;
const H_RULES = 6; // bit 0 F (end), bit 1 M (forced), bit 2 3 (three), bit 3 E in use (allowed ends)
const H_T = 7; // steps done
const H_ENDSQ = 8;
const H_ALLOWEDLEFT = 9;
const H_NODELIMIT_LO = 10;
const H_NODELIMIT_HI = 11;
const H_NODES_LO = 12; // out
const H_NODES_HI = 13; // out
const H_SOLUTIONS_LO = 14; // out
const H_SOLUTIONS_HI = 15; // out
const H_STOPPED = 16; // out
// Offsets (bytes) of the arrays, all 32-bit words except the masks (64-bit).
const H_NBRSTART = 20;
const H_NBR = 21;
const H_NBRMASK = 22;
const H_SQLINESTART = 23;
const H_SQLINES = 24;
const H_TABOFF = 25;
const H_DLTAB = 26;
const H_LINEDIST = 27;
const H_LINEHAS = 28;
const H_HICAP = 29;
const H_REACHSTART = 30;
const H_REACHLINE = 31;
const H_REACHDIST = 32;
const H_DEG = 33;
const H_PATH = 34;
const H_REM = 35;
const H_CO = 36;
const H_CE = 37;
const H_ODDSQ = 38;
const H_ENDSTACK = 39;
const H_ALLOWED = 40;
const H_LINEDL = 41;
const H_DLSAVE = 42;
const H_DLCOUNT = 43;
const H_VISITED = 44;
const H_DEGSTACK = 45;

let N: i32 = 0;
let L: i32 = 0;
let steps: i32 = 0;
let M1: i32 = 0;
let MM: i32 = 0;
let R1: i32 = 0;
let maxRem: i32 = 0;
let maxSqLines: i32 = 0;
let useEnd = false;
let useForced = false;
let useThree = false;
let useAllowed = false;

let pNbrStart: usize = 0;
let pNbr: usize = 0;
let pNbrMask: usize = 0;
let pSqLineStart: usize = 0;
let pSqLines: usize = 0;
let pTabOff: usize = 0;
let pDlTab: usize = 0;
let pLineDist: usize = 0;
let pLineHas: usize = 0;
let pHiCap: usize = 0;
let pReachStart: usize = 0;
let pReachLine: usize = 0;
let pReachDist: usize = 0;
let pDeg: usize = 0;
let pPath: usize = 0;
let pRem: usize = 0;
let pCo: usize = 0;
let pCe: usize = 0;
let pOddSq: usize = 0;
let pEndStack: usize = 0;
let pAllowed: usize = 0;
let pLineDl: usize = 0;
let pDlSave: usize = 0;
let pDlCount: usize = 0;
let pVisited: usize = 0;

/** Visited squares (bit s set: s carries a number). */
let visited: u64 = 0;
/**
 * Every square's count of open neighbours (the engine's deg), bit-sliced: bit
 * s of b0..b3 holds bit 0..3 of square s's count (a leaper has at most 8
 * neighbours). Placing a number subtracts 1 at every neighbour in one
 * borrow-propagating pass; the squares of count 0, 1 or 2 are masks.
 */
let b0: u64 = 0;
let b1: u64 = 0;
let b2: u64 = 0;
let b3: u64 = 0;
/** The counters before each step (4 words a step), restored by unplace. */
let pDegStack: usize = 0;
/** Squares allowed as the last one (rule E), as a mask. */
let allowedMask: u64 = 0;
let t: i32 = 0;
let endSq: i32 = -1;
let allowedLeft: i32 = 0;
let nodes: i64 = 0;
let solutions: i64 = 0;
let nodeLimit: i64 = 0;
let stop = false;

@inline function hdr(i: i32): i32 {
  return load<i32>(HEADER + (<usize> i << 2));
}
@inline function setHdr(i: i32, v: i32): void {
  store<i32>(HEADER + (<usize> i << 2), v);
}
@inline function off(i: i32): usize {
  return <usize> hdr(i);
}
@inline function get(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize> i << 2));
}
@inline function put(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize> i << 2), v);
}
@inline function bit(s: i32): u64 {
  return (<u64> 1) << <u64> s;
}

/** Read the header: sizes, rules, offsets, and the state the caller replayed (visited from its 0/1 words). */
export function init(): void {
  N = hdr(H_N);
  L = hdr(H_L);
  steps = hdr(H_STEPS);
  M1 = hdr(H_M1);
  MM = M1 * M1;
  R1 = hdr(H_R1);
  maxRem = R1 - 1;
  maxSqLines = hdr(H_MAXSQLINES);
  const rules = hdr(H_RULES);
  useEnd = (rules & 1) != 0;
  useForced = (rules & 2) != 0;
  useThree = (rules & 4) != 0;
  useAllowed = (rules & 8) != 0;
  pNbrStart = off(H_NBRSTART);
  pNbr = off(H_NBR);
  pNbrMask = off(H_NBRMASK);
  pSqLineStart = off(H_SQLINESTART);
  pSqLines = off(H_SQLINES);
  pTabOff = off(H_TABOFF);
  pDlTab = off(H_DLTAB);
  pLineDist = off(H_LINEDIST);
  pLineHas = off(H_LINEHAS);
  pHiCap = off(H_HICAP);
  pReachStart = off(H_REACHSTART);
  pReachLine = off(H_REACHLINE);
  pReachDist = off(H_REACHDIST);
  pDeg = off(H_DEG);
  pPath = off(H_PATH);
  pRem = off(H_REM);
  pCo = off(H_CO);
  pCe = off(H_CE);
  pOddSq = off(H_ODDSQ);
  pEndStack = off(H_ENDSTACK);
  pAllowed = off(H_ALLOWED);
  pLineDl = off(H_LINEDL);
  pDlSave = off(H_DLSAVE);
  pDlCount = off(H_DLCOUNT);
  pVisited = off(H_VISITED);
  pDegStack = off(H_DEGSTACK);
  t = hdr(H_T);
  endSq = hdr(H_ENDSQ);
  allowedLeft = hdr(H_ALLOWEDLEFT);
  visited = 0;
  allowedMask = 0;
  b0 = 0;
  b1 = 0;
  b2 = 0;
  b3 = 0;
  for (let s = 0; s < N; s++) {
    if (get(pVisited, s) != 0) visited |= bit(s);
    if (get(pAllowed, s) != 0) allowedMask |= bit(s);
    const d = get(pDeg, s);
    if (d & 1) b0 |= bit(s);
    if (d & 2) b1 |= bit(s);
    if (d & 4) b2 |= bit(s);
    if (d & 8) b3 |= bit(s);
  }
}

/** Squares whose count of open neighbours is 0, 1 or 2 (visited squares included: callers mask them off). */
@inline function deg0(): u64 {
  return ~(b0 | b1 | b2 | b3);
}
@inline function deg1(): u64 {
  return b0 & ~(b1 | b2 | b3);
}
@inline function deg2(): u64 {
  return b1 & ~(b0 | b2 | b3);
}
@inline function nbrMask(s: i32): u64 {
  return load<u64>(pNbrMask + (<usize> s << 3));
}

/** Rule D/E: u has one possible tour neighbour left, so it must carry the last number. */
@inline function forceEnd(u: i32): bool {
  if (endSq < 0) {
    if ((allowedMask & bit(u)) == 0) return false;
    endSq = u;
    return true;
  }
  return endSq == u;
}

/**
 * Rule 3 (the engine's threeHolds): no open square takes three forced edges
 * (two into the fixed last square). The squares forcing edges into w are its
 * open neighbours with two open neighbours that may not be last: one popcount.
 */
function threeHolds(u: i32): bool {
  const free = endSq < 0;
  if (u == endSq || (free && (allowedMask & bit(u)) != 0)) return true;
  const exempt: u64 = free ? allowedMask : bit(endSq);
  const open = ~visited;
  const forcing = deg2() & open & ~exempt;
  let ws = nbrMask(u) & open;
  while (ws != 0) {
    const w = <i32> ctz(ws);
    ws &= ws - 1;
    const c = <i32> popcnt(nbrMask(w) & forcing);
    if (c >= 3 || (c >= 2 && w == endSq)) return false;
  }
  return true;
}

/** Rule F (the engine's endBoundsHold), on every line (onlyLinesOf < 0) or on the lines of one square. */
function endBoundsHold(onlyLinesOf: i32): bool {
  const e = endSq;
  const eOdd = get(pOddSq, e);
  if (eOdd != (N & 1)) return false;
  const all = onlyLinesOf < 0;
  const j0 = all ? 0 : get(pSqLineStart, onlyLinesOf);
  const j1 = all ? L : get(pSqLineStart, onlyLinesOf + 1);
  const N1 = N + 1;
  for (let j = j0; j < j1; j++) {
    const l = all ? j : get(pSqLines, j);
    const h = get(pTabOff, l) != 0 ? 1 : 0;
    const rem = get(pRem, l), co = get(pCo, l), ce = get(pCe, l);
    if (get(pLineHas, e * L + l) != 0) {
      const r = rem - N;
      if (r < 0) return false;
      const cap = N - 1 - h;
      if (r > get(pHiCap, (h * N1 + cap) * MM + (co - eOdd) * M1 + ce - 1 + eOdd)) return false;
    } else {
      let cap = N - get(pLineDist, e * L + l);
      if (cap < 0) cap = 0;
      if (rem > get(pHiCap, (h * N1 + cap) * MM + co * M1 + ce)) return false;
    }
  }
  return true;
}

/** The engine's lineReject: would the next number on v fail L or K (read without placing)? */
@inline function lineReject(v: i32): bool {
  const t1 = t + 1, odd = get(pOddSq, v);
  let atT = get(pDlCount, t1);
  for (let j = get(pSqLineStart, v), e = get(pSqLineStart, v + 1); j < e; j++) {
    const l = get(pSqLines, j);
    if (get(pLineDl, l) == t1 - 1) atT--;
    const r = get(pRem, l) - t1;
    if (r < 0) return true;
    const a = get(pCo, l) - odd, b = get(pCe, l) - 1 + odd;
    if (get(pDlTab, (get(pTabOff, l) + a * M1 + b) * R1 + r) < t1) return true;
  }
  return atT != 0;
}

/** The engine's placePath (t >= 1 before the call): place number t+1 on s; false when a rule fails. */
function place(s: i32): bool {
  const tt = ++t;
  put(pEndStack, tt, endSq);
  put(pPath, tt - 1, s);
  visited |= bit(s);
  {
    const q = pDegStack + (<usize> tt << 5);
    store<u64>(q, b0);
    store<u64>(q, b1, 8);
    store<u64>(q, b2, 16);
    store<u64>(q, b3, 24);
    // Every neighbour of s loses an open neighbour: subtract 1 where the mask is set.
    let borrow = nbrMask(s), x = b0;
    b0 = x ^ borrow;
    borrow &= ~x;
    x = b1;
    b1 = x ^ borrow;
    borrow &= ~x;
    x = b2;
    b2 = x ^ borrow;
    borrow &= ~x;
    b3 ^= borrow;
  }
  const j0 = get(pSqLineStart, s), j1 = get(pSqLineStart, s + 1);
  const odd = get(pOddSq, s);
  const sb = tt * maxSqLines - j0;
  let bad = false;
  for (let j = j0; j < j1; j++) {
    const l = get(pSqLines, j);
    const r = get(pRem, l) - tt;
    put(pRem, l, r);
    let co = get(pCo, l), ce = get(pCe, l);
    if (odd) put(pCo, l, --co);
    else put(pCe, l, --ce);
    const old = get(pLineDl, l);
    put(pDlSave, sb + j, old);
    put(pDlCount, old + 1, get(pDlCount, old + 1) - 1);
    const d = r < 0 || r > maxRem ? -1 : get(pDlTab, (get(pTabOff, l) + co * M1 + ce) * R1 + r);
    put(pLineDl, l, d);
    put(pDlCount, d + 1, get(pDlCount, d + 1) + 1);
    if (d < tt) bad = true;
  }
  if (get(pAllowed, s) != 0) allowedLeft--;
  if (bad) return false;
  if (get(pDlCount, tt) != 0 || get(pDlCount, 0) != 0) return false;
  // Rule R (empty lists when it is off).
  for (let j = get(pReachStart, s), e = get(pReachStart, s + 1); j < e; j++) {
    let x = tt + get(pReachDist, j) - 1;
    if (x > steps) x = steps;
    if (get(pLineDl, get(pReachLine, j)) < x) return false;
  }
  if (tt == steps) return get(pAllowed, s) == 1;
  if (endSq == s) return false;
  if (useEnd && endSq >= 0 && !endBoundsHold(tt >= 2 && get(pEndStack, tt - 1) >= 0 ? s : -1)) return false;
  if (useAllowed && allowedLeft == 0) return false;
  // Rule D over the open neighbours of the previous square (t >= 2 here: the caller placed the start).
  // Rule D over the open neighbours of the previous square (t >= 2 here: the
  // caller placed the start): none may be left with no open neighbour; one left
  // with one must be last (two cannot both be); then rule 3 for those left with
  // two, after the last square may have been fixed (the engine's two passes).
  const open = ~visited;
  const around = nbrMask(get(pPath, tt - 2)) & open;
  if ((around & deg0()) != 0) return false;
  const ones = around & deg1();
  if (ones != 0) {
    if ((ones & (ones - 1)) != 0) return false;
    if (!forceEnd(<i32> ctz(ones))) return false;
  }
  if (useThree) {
    let twos = around & deg2();
    while (twos != 0) {
      const u = <i32> ctz(twos);
      twos &= twos - 1;
      if (!threeHolds(u)) return false;
    }
  }
  if (tt < steps - 1 && (nbrMask(s) & open & deg0()) != 0) return false;
  return true;
}

/** The engine's unplacePath. */
function unplace(): void {
  const tt = t;
  const s = get(pPath, tt - 1);
  visited &= ~bit(s);
  {
    const q = pDegStack + (<usize> tt << 5);
    b0 = load<u64>(q);
    b1 = load<u64>(q, 8);
    b2 = load<u64>(q, 16);
    b3 = load<u64>(q, 24);
  }
  const j0 = get(pSqLineStart, s), j1 = get(pSqLineStart, s + 1);
  const odd = get(pOddSq, s);
  const sb = tt * maxSqLines - j0;
  for (let j = j0; j < j1; j++) {
    const l = get(pSqLines, j);
    put(pRem, l, get(pRem, l) + tt);
    if (odd) put(pCo, l, get(pCo, l) + 1);
    else put(pCe, l, get(pCe, l) + 1);
    const cur = get(pLineDl, l);
    put(pDlCount, cur + 1, get(pDlCount, cur + 1) - 1);
    const d = get(pDlSave, sb + j);
    put(pLineDl, l, d);
    put(pDlCount, d + 1, get(pDlCount, d + 1) + 1);
  }
  if (get(pAllowed, s) != 0) allowedLeft++;
  endSq = get(pEndStack, tt);
  t = tt - 1;
}

/** Rule M (the engine's forcedMove): the forced next square, -1 if none, -2 if two. */
@inline function forcedMove(): i32 {
  if (!useForced || t >= steps - 1) return -1;
  const exempt: u64 = endSq >= 0 ? bit(endSq) : allowedMask;
  const us = nbrMask(get(pPath, t - 1)) & ~visited & ~exempt & deg1();
  if (us == 0) return -1;
  if ((us & (us - 1)) != 0) return -2;
  return <i32> ctz(us);
}

function dfs(): void {
  if (t == steps) {
    solutions++;
    if (onSolution() != 0) stop = true;
    return;
  }
  if (nodes >= nodeLimit) {
    stop = true;
    return;
  }
  const s = get(pPath, t - 1);
  const lastStep = t == steps - 1;
  const forced = forcedMove();
  if (forced == -2) return;
  // Neighbour order of the leaper graph (CSR), as the engine: the same nodes and the same order of tours.
  for (let j = get(pNbrStart, s), e = get(pNbrStart, s + 1); j < e; j++) {
    const v = get(pNbr, j);
    if ((visited & bit(v)) != 0 || (forced >= 0 && v != forced)) continue;
    if (v == endSq && !lastStep) continue;
    nodes++;
    if (lineReject(v)) continue;
    if (place(v)) dfs();
    unplace();
    if (stop) return;
  }
}

/** Enumerate every completion of the state given in the header (which must have passed its rules; t >= 1). */
export function complete(): void {
  init();
  nodes = 0;
  solutions = 0;
  stop = false;
  nodeLimit = (<i64> hdr(H_NODELIMIT_HI) << 32) | (<i64> hdr(H_NODELIMIT_LO) & 0xffffffff);
  dfs();
  setHdr(H_NODES_LO, <i32> nodes);
  setHdr(H_NODES_HI, <i32> (nodes >> 32));
  setHdr(H_SOLUTIONS_LO, <i32> solutions);
  setHdr(H_SOLUTIONS_HI, <i32> (solutions >> 32));
  setHdr(H_STOPPED, stop ? 1 : 0);
  setHdr(H_T, t);
  setHdr(H_ENDSQ, endSq);
  setHdr(H_ALLOWEDLEFT, allowedLeft);
}
