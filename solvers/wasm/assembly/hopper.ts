/**
 * The SerienZiel decision tree, compiled to WebAssembly (AssemblyScript).
 *
 * This is the twin of exhaustiveLazy (solvers/hopper/lazy.ts, whose header
 * argues the tree, the coverage counts C(u, k - t), the branch and bound, the
 * last-hurdle bound with its carried X and the watched tail). The TypeScript
 * side stays the reference: solvers/hopper/kernel.ts builds every table from
 * the hopper's rays, evaluates the seeds, and for each start writes the
 * start's squares into this module's memory; the kernel walks the tree with
 * the same branches in the same order, so leaves, cuts, position counts,
 * maxima and witnesses equal exhaustiveLazy's (tests/hopper/hopper_kernel_test.ts).
 *
 * What differs is the substrate. The status of a square (undecided, empty,
 * hurdle) is two 64-bit masks; the scan of a ray for its first man is one
 * count-trailing- (or leading-) zeros over the ray's mask and the men mask,
 * since on a board's index order every ray runs up or down with a constant
 * step. Undecided squares count as men while hurdles remain, and as empty
 * squares once the last hurdle is placed (lazy.ts: no branch there). A scan
 * interrupted by a branch restarts from the ray's first square: every square
 * before the one branched on was empty and stays empty below the branch, so
 * it finds the same square. Boards of at most 64 squares; no allocation.
 *
 * Memory: the caller writes a header of 32-bit words at HEADER (sizes, the
 * switches, the byte offsets of every array in the order of the H_* words
 * below), calls init() once, then start(s) per start after writing the
 * start's status words (0 undecided, 1 empty, 2 hurdle); counts per k and
 * witnesses are read back from memory, leaves and cuts by their getters.
 */

const HEADER: usize = 65536;
// Header words.
const H_N = 0; // squares
const H_ND = 1; // directions
const H_K = 2; // largest number of hurdles the tree places (K, or onlyK)
const H_FLAGS = 3; // bit 0 bound, bit 1 lastHurdle
const H_MAXLAND = 4;
// Byte offsets of the arrays.
const H_RAYMASK = 10; // u64 [N * ND]: squares of the ray from p in direction d
const H_RAYUP = 11; // i32 [N * ND]: 1 when the ray's squares increase
const H_NEXT = 12; // i32 [N * ND]: the first square of the ray (p + d), -1 off the board
const H_LANDSTART = 13; // i32 [N + 1]
const H_LANDING = 14; // i32 [landings]: squares h + d with h - d on the board
const H_LANDBEHIND = 15; // i32 [landings]: the square h - d behind h
const H_BINOM = 16; // f64 [(N + 1) * (N + 1)]
const H_STATUS = 17; // i32 [N]: in, per start
const H_DIST = 18; // i32 [N]
const H_COUNT = 19; // i32 [N]
const H_QUEUE = 20; // i32 [N]
const H_TRAILSQ = 21; // i32 [N * ND + N]
const H_TRAILOLD = 22; // i32 [N * ND + N]
const H_LANDMASK = 23; // u64 [N]: the landing squares of q (its landing list) as a mask
const H_PLACED = 24; // i32 [K + 1]
const H_CAND = 25; // i32 [6 * N + 6] and u64 [N + 1] after it: the candidates for the last hurdle (chain)
const H_POSITIONS = 26; // f64 [K + 1]: out, per start
const H_BEST = 27; // i32 [3 * (K + 1)]: best longest, dual-free, reached per k (in: seeds, -1 none)
const H_WITNESS = 28; // i32 [3 * (K + 1) * 10]: per (k, column) a witness found here (see putWitness)
const H_SHIFT = 29; // i32 [2 * 3 * ND]: per direction and step 1, 2, 4 its left and right shift (one of them 0)
const H_SHIFTMASK = 30; // u64 [3 * ND]: per direction and step 1, 2, 4 the squares p with p + step * d on the board
const H_LEVEL = 31; // u64 [N + 1]: the squares discovered at each distance
const H_BEHINDMASK = 32; // u64 [N]: the squares behind q (its landBehind list) as a mask
const H_KSSTEPS = 5; // doubling steps of the occluded fill (2^steps - 1 >= the longest ray less 2)
// Per start (in).
const H_START = 40;
const H_LIVE = 41;
const H_KTOP = 42;

const UNDECIDED = 0;
const EMPTY = 1;
const HURDLE = 2;

let N: i32 = 0;
let ND: i32 = 0;
let KMAX: i32 = 0;
let bounding = false;
let lastHurdle = false;
let maxLand: i32 = 0;
let pRayMask: usize = 0;
let pRayUp: usize = 0;
let pNext: usize = 0;
let pLandStart: usize = 0;
let pLanding: usize = 0;
let pLandBehind: usize = 0;
let pBinom: usize = 0;
let pStatus: usize = 0;
let pDist: usize = 0;
let pCount: usize = 0;
let pQueue: usize = 0;
let pTrailSq: usize = 0;
let pTrailOld: usize = 0;
let pPlaced: usize = 0;
let pCand: usize = 0;
let pCandDisc: usize = 0;
let pPositions: usize = 0;
let pBest: usize = 0;
let pWitness: usize = 0;
let pShift: usize = 0;
let pShiftMask: usize = 0;
let pLevel: usize = 0;
let pLandMask: usize = 0;
let pBehindMask: usize = 0;
let ksSteps: i32 = 0;
/** Squares discovered (dist >= 0). */
let discMask: u64 = 0;

/** Hurdles placed, and the undecided squares (each is an allowed square). */
let hurdleMask: u64 = 0;
let undecMask: u64 = 0;
let start: i32 = 0;
let tail: i32 = 0;
let trailTop: i32 = 0;
let hurdles: i32 = 0;
let undecidedAllowed: i32 = 0;
let live: i32 = 0;
let kTop: i32 = 0;
let tailNeed: i32 = 0;
let x1: i32 = 0;
/** X at the node with kTop - 1 hurdles (countX1). */
let x1Mask: u64 = 0;
let x1Tail: i32 = 0;
let leaves: i64 = 0;
let cuts: i64 = 0;

@inline function hdr(i: i32): i32 {
  return load<i32>(HEADER + (<usize> i << 2));
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
@inline function statusOf(q: i32): i32 {
  return (hurdleMask & bit(q)) != 0 ? HURDLE : (undecMask & bit(q)) != 0 ? UNDECIDED : EMPTY;
}
@inline function binom(u: i32, j: i32): f64 {
  return load<f64>(pBinom + (<usize> (u * (N + 1) + j) << 3));
}
@inline function addPositions(k: i32, m: f64): void {
  const p = pPositions + (<usize> k << 3);
  store<f64>(p, load<f64>(p) + m);
}
@inline function bestOf(col: i32, k: i32): i32 {
  return get(pBest, col * (KMAX + 1) + k);
}
@inline function lastDist(): i32 {
  return get(pDist, get(pQueue, tail - 1));
}

/** Read the header: sizes, switches, offsets. The best values (seeds) are the caller's. */
export function init(): void {
  N = hdr(H_N);
  ND = hdr(H_ND);
  KMAX = hdr(H_K);
  const flags = hdr(H_FLAGS);
  bounding = (flags & 1) != 0;
  lastHurdle = (flags & 2) != 0;
  maxLand = hdr(H_MAXLAND);
  pRayMask = <usize> hdr(H_RAYMASK);
  pRayUp = <usize> hdr(H_RAYUP);
  pNext = <usize> hdr(H_NEXT);
  pLandStart = <usize> hdr(H_LANDSTART);
  pLanding = <usize> hdr(H_LANDING);
  pLandBehind = <usize> hdr(H_LANDBEHIND);
  pBinom = <usize> hdr(H_BINOM);
  pStatus = <usize> hdr(H_STATUS);
  pDist = <usize> hdr(H_DIST);
  pCount = <usize> hdr(H_COUNT);
  pQueue = <usize> hdr(H_QUEUE);
  pTrailSq = <usize> hdr(H_TRAILSQ);
  pTrailOld = <usize> hdr(H_TRAILOLD);
  pPlaced = <usize> hdr(H_PLACED);
  pCand = <usize> hdr(H_CAND);
  pCandDisc = pCand + (<usize> (6 * N + 6) << 2);
  pPositions = <usize> hdr(H_POSITIONS);
  pBest = <usize> hdr(H_BEST);
  pWitness = <usize> hdr(H_WITNESS);
  pShift = <usize> hdr(H_SHIFT);
  pShiftMask = <usize> hdr(H_SHIFTMASK);
  pLevel = <usize> hdr(H_LEVEL);
  pLandMask = <usize> hdr(H_LANDMASK);
  pBehindMask = <usize> hdr(H_BEHINDMASK);
  ksSteps = hdr(H_KSSTEPS);
  leaves = 0;
  cuts = 0;
}

export function leafCount(): f64 {
  return <f64> leaves;
}
export function cutCount(): f64 {
  return <f64> cuts;
}

// ---------------------------------------------------------------- branch and bound bookkeeping (opts.bound)

/**
 * lazy.ts's cntH and cntU, bit-sliced (as the magic kernel's degrees): four masks from HURDLE_LANDERS hold
 * bits 0..3 of the number of each square's landers that are placed hurdles (bit w of mask i: bit i of w's
 * count), four from UNDECIDED_LANDERS those still undecided (a square has at most 8 landers, one per
 * direction). The landers of w are the q = w - d with q - d on the board, so a status change of q adds or
 * subtracts 1 at q's landing squares (landMask) in one carry- or borrow-propagating pass. Kept only under
 * the bound (branch()); run() counts them from the start's statuses. They live in the header's last 64 bytes,
 * which the caller leaves unused.
 */
const HURDLE_LANDERS: usize = HEADER + 192;
const UNDECIDED_LANDERS: usize = HEADER + 224;
@inline function landMask(q: i32): u64 {
  return load<u64>(pLandMask + (<usize> q << 3));
}
@inline function addLanders(at: usize, m: u64): void {
  let carry = m;
  for (let i: usize = 0; i < 32; i += 8) {
    const x = load<u64>(at + i);
    store<u64>(at + i, x ^ carry);
    carry &= x;
  }
}
@inline function subLanders(at: usize, m: u64): void {
  let borrow = m;
  for (let i: usize = 0; i < 32; i += 8) {
    const x = load<u64>(at + i);
    store<u64>(at + i, x ^ borrow);
    borrow &= ~x;
  }
}
/** The squares with a lander counted at `at`. */
@inline function withLanders(at: usize): u64 {
  return load<u64>(at) | load<u64>(at + 8) | load<u64>(at + 16) | load<u64>(at + 24);
}

/**
 * lazy.ts's setX and setY: the undiscovered non-hurdles with a placed hurdle among their landers (X), or only
 * undecided ones (Y), read off the counts.
 */
@inline function setXY(): u64 {
  const h = withLanders(HURDLE_LANDERS);
  const free = ~discMask & ~hurdleMask;
  return (popcnt(h & free) << 32) | popcnt(withLanders(UNDECIDED_LANDERS) & ~h & free);
}

/** setXY's X alone, for settledAtTop (one position: Y plays no part there). */
@inline function setX(): i32 {
  return <i32> popcnt(withLanders(HURDLE_LANDERS) & ~discMask & ~hurdleMask);
}

@inline function setStatus(q: i32, s: i32): void {
  setMasks(q, s);
}
@inline function setMasks(q: i32, s: i32): void {
  const m = bit(q);
  hurdleMask = s == HURDLE ? hurdleMask | m : hurdleMask & ~m;
  undecMask = s == UNDECIDED ? undecMask | m : undecMask & ~m;
}

/**
 * lazy.ts's settledAtTop: the child with the kTop-th hurdle stands for one position, so the bound is D + |X|
 * (X as setX counts it); when that does not settle it, the tail is watched (tailNeed, read by lastTail).
 */
function settledAtTop(): bool {
  const k = hurdles;
  if ((live & (1 << k)) == 0) return true;
  const x = setX();
  if (tail - 1 + x > bestOf(2, k)) return false;
  const need = lastDist() + x - min(bestOf(0, k), bestOf(1, k));
  if (need > 0) {
    tailNeed = need;
    return false;
  }
  addPositions(k, 1);
  cuts++;
  return true;
}

/** The bound of lazy.ts's header at this node: counts and drops the k it settles; false when none is left. */
function cut(): bool {
  const xy = setXY();
  const setX = <i32> (xy >> 32), setY = <i32> xy;
  const D = lastDist();
  const hi = min(kTop, hurdles + undecidedAllowed);
  let top = -1;
  for (let k = hurdles; k <= hi; k++) {
    if ((live & (1 << k)) == 0) continue;
    const add = setX + min(setY, maxLand * (k - hurdles));
    const ubL = D + add;
    if (ubL <= bestOf(0, k) && ubL <= bestOf(1, k) && tail - 1 + add <= bestOf(2, k)) {
      addPositions(k, binom(undecidedAllowed, k - hurdles));
      live &= ~(1 << k);
      cuts++;
    } else top = k;
  }
  if (top < 0) return false;
  kTop = top;
  return true;
}

// ---------------------------------------------------------------- the tree

function undo(mark: i32): void {
  while (trailTop > mark) {
    trailTop--;
    const w = get(pTrailSq, trailTop);
    const old = get(pTrailOld, trailTop);
    if (old < 0) {
      const lp = pLevel + (<usize> get(pDist, w) << 3);
      store<u64>(lp, load<u64>(lp) & ~bit(w));
      discMask &= ~bit(w);
      put(pDist, w, -1);
      tail--;
    } else put(pCount, w, old);
  }
}

/**
 * A witness for (k, column): 10 words, the hurdle mask (low, high), start,
 * longest, longestTarget, dualFree, dualFreeTarget, reached, 1 (found here).
 * The extra k - t hurdles go on the lowest undecided squares (lazy.ts).
 */
function putWitness(k: i32, col: i32, longest: i32, longestTarget: i32, dualFree: i32, dualFreeTarget: i32, reached: i32): void {
  let hs = hurdleMask;
  let extra = undecMask;
  for (let c = hurdles; c < k; c++) {
    hs |= extra & (~extra + 1);
    extra &= extra - 1;
  }
  const p = pWitness + (<usize> ((k * 3 + col) * 10) << 2);
  store<u32>(p, <u32> hs);
  store<u32>(p + 4, <u32> (hs >> 32));
  store<i32>(p + 8, start);
  store<i32>(p + 12, longest);
  store<i32>(p + 16, longestTarget);
  store<i32>(p + 20, dualFree);
  store<i32>(p + 24, dualFreeTarget);
  store<i32>(p + 28, reached);
  store<i32>(p + 32, 1);
}

function leaf(): void {
  leaves++;
  // BFS order is by distance: the last square queued is at the longest distance.
  const longest = tail > 1 ? lastDist() : 0;
  const reached = tail - 1;
  const u = hurdles == kTop ? 0 : undecidedAllowed;
  const top = min(kTop, hurdles + u);
  let better = false;
  for (let k = hurdles; k <= top; k++) {
    if ((live & (1 << k)) == 0) continue;
    addPositions(k, binom(u, k - hurdles));
    if (longest > bestOf(0, k) || longest > bestOf(1, k) || reached > bestOf(2, k)) better = true;
  }
  if (!better) return;
  let longestTarget = -1, dualFree = 0, dualFreeTarget = start;
  for (let i = 1; i < tail; i++) {
    const w = get(pQueue, i);
    const d = get(pDist, w);
    if (d == longest && (longestTarget < 0 || w < longestTarget)) longestTarget = w;
    if (get(pCount, w) == 1 && (d > dualFree || (d == dualFree && w < dualFreeTarget))) {
      dualFree = d;
      dualFreeTarget = w;
    }
  }
  if (longestTarget < 0) longestTarget = start;
  for (let k = hurdles; k <= top; k++) {
    if ((live & (1 << k)) == 0) continue;
    if (longest > bestOf(0, k)) {
      put(pBest, k, longest);
      putWitness(k, 0, longest, longestTarget, dualFree, dualFreeTarget, reached);
    }
    if (dualFree > bestOf(1, k)) {
      put(pBest, (KMAX + 1) + k, dualFree);
      putWitness(k, 1, longest, longestTarget, dualFree, dualFreeTarget, reached);
    }
    if (reached > bestOf(2, k)) {
      put(pBest, 2 * (KMAX + 1) + k, reached);
      putWitness(k, 2, longest, longestTarget, dualFree, dualFreeTarget, reached);
    }
  }
}

/** A square found (dist -1) or reached again at distance dv (a count added), on the trail. */
@inline function discover(w: i32, dv: i32, cv: i32): void {
  const dw = get(pDist, w);
  if (dw < 0) {
    put(pTrailSq, trailTop, w);
    put(pTrailOld, trailTop, -1);
    trailTop++;
    discMask |= bit(w);
    const lp = pLevel + (<usize> dv << 3);
    store<u64>(lp, load<u64>(lp) | bit(w));
    put(pDist, w, dv);
    put(pCount, w, cv);
    put(pQueue, tail++, w);
  } else if (dw == dv) {
    const c = get(pCount, w);
    put(pTrailSq, trailTop, w);
    put(pTrailOld, trailTop, c);
    trailTop++;
    put(pCount, w, c + cv > 2 ? 2 : c + cv);
  }
}

/** Continue the BFS at queue index qi, direction dk (each ray scanned from its first square). */
function go(qi: i32, dk: i32): void {
  while (qi < tail) {
    const v = get(pQueue, qi);
    const dv = get(pDist, v) + 1;
    const cv = get(pCount, v);
    for (; dk < ND; dk++) {
      const r = v * ND + dk;
      // Men on the ray: hurdles, and undecided squares while hurdles remain (lazy.ts: no branch at kTop).
      const men = hurdleMask | (hurdles < kTop ? undecMask : 0);
      const m = load<u64>(pRayMask + (<usize> r << 3)) & men;
      if (m == 0) continue;
      const b = get(pRayUp, r) != 0 ? <i32> ctz(m) : 63 - <i32> clz(m);
      if ((hurdleMask & bit(b)) == 0) {
        branch(b, qi, dk);
        return;
      }
      const w = get(pNext, b * ND + dk);
      if (w < 0) continue;
      if ((hurdleMask & bit(w)) != 0) continue;
      if ((undecMask & bit(w)) != 0 && hurdles < kTop) {
        branch(w, qi, dk);
        return;
      }
      if (get(pDist, w) < 0) {
        // Last-hurdle tail (lazy.ts): a discovery that opens no new distance lowers D + |X| by one.
        if (tailNeed > 0 && lastDist() == dv && --tailNeed == 0) {
          discover(w, dv, cv);
          addPositions(hurdles, 1);
          cuts++;
          return;
        }
      }
      discover(w, dv, cv);
    }
    qi++;
    dk = 0;
  }
  leaf();
}

function branch(q: i32, qi: i32, dk: i32): void {
  const liveBefore = live, topBefore = kTop;
  if (bounding && !cut()) {
    live = liveBefore;
    kTop = topBefore;
    return;
  }
  const mark = trailTop;
  const lm = bounding ? landMask(q) : 0;
  undecidedAllowed--;
  setStatus(q, EMPTY);
  if (bounding) subLanders(UNDECIDED_LANDERS, lm);
  go(qi, dk);
  undo(mark);
  if (hurdles < kTop) {
    setStatus(q, HURDLE);
    if (bounding) addLanders(HURDLE_LANDERS, lm);
    put(pPlaced, hurdles++, q);
    if (lastHurdle && hurdles == kTop - 1) chain(qi, dk);
    else if (hurdles == kTop) {
      if (!bounding || !settledAtTop()) lastTail(qi, dk);
    } else go(qi, dk);
    tailNeed = 0;
    undo(mark);
    hurdles--;
    if (bounding) subLanders(HURDLE_LANDERS, lm);
  }
  setStatus(q, UNDECIDED);
  if (bounding) addLanders(UNDECIDED_LANDERS, lm);
  undecidedAllowed++;
  live = liveBefore;
  kTop = topBefore;
}

// ---------------------------------------------------------------- the tail after the last hurdle

@inline function shl(x: u64, m: u64, l: u64, r: u64): u64 {
  return ((x & m) << l) >> r;
}

/** The landing squares of every hop from the squares of f over the hurdles hm, one occluded fill per direction. */
function landings(f: u64, hm: u64): u64 {
  let out: u64 = 0;
  const empty = ~hm;
  for (let d = 0; d < ND; d++) {
    const i = d * 3;
    const m1 = load<u64>(pShiftMask + (<usize> i << 3));
    const l1 = <u64> get(pShift, 2 * i), r1 = <u64> get(pShift, 2 * i + 1);
    let gen = f | (empty & shl(f, m1, l1, r1));
    if (ksSteps > 1) {
      const m2 = load<u64>(pShiftMask + (<usize> (i + 1) << 3));
      const l2 = <u64> get(pShift, 2 * i + 2), r2 = <u64> get(pShift, 2 * i + 3);
      let pro = empty & shl(empty, m1, l1, r1);
      gen |= pro & shl(gen, m2, l2, r2);
      if (ksSteps > 2) {
        const m4 = load<u64>(pShiftMask + (<usize> (i + 2) << 3));
        const l4 = <u64> get(pShift, 2 * i + 4), r4 = <u64> get(pShift, 2 * i + 5);
        pro &= shl(pro, m2, l2, r2);
        gen |= pro & shl(gen, m4, l4, r4);
      }
    }
    out |= shl(shl(gen, m1, l1, r1) & hm, m1, l1, r1);
  }
  return out & ~hm;
}

/**
 * The tail after the kTop-th hurdle: no square changes its status any more,
 * so the values of its one position are those of the BFS of the hurdles, and
 * the squares found from here on are the same in any order. A level-by-level
 * BFS over masks (from the level of the square being scanned, whose earlier
 * levels are complete) gives the reached squares and the longest distance,
 * which decide everything go() would do: whether the watched tail stops
 * (every discovery that opens no new level lowers tailNeed, and they number
 * the discoveries less the levels opened), and at the leaf whether any best
 * value can improve. Only then, when the witness needs its targets and
 * counts, does go() walk the tail square by square.
 */
function lastTail(qi: i32, dk: i32): void {
  const hm = hurdleMask;
  const dv = get(pDist, get(pQueue, qi));
  let seen = discMask & ~load<u64>(pLevel + (<usize> (dv + 1) << 3));
  let f = load<u64>(pLevel + (<usize> dv << 3));
  let longest = dv;
  const d0 = lastDist();
  const k = hurdles;
  const counted = (live & (1 << k)) != 0;
  // A longest or reach above these makes the leaf improve a best value: its witness needs go().
  const beatL = counted ? min(bestOf(0, k), bestOf(1, k)) : 0x7fffffff;
  const beatR = counted ? bestOf(2, k) : 0x7fffffff;
  for (;;) {
    const nw = landings(f, hm) & ~seen;
    if (nw == 0) break;
    seen |= nw;
    f = nw;
    longest++;
    const found = <i32> popcnt(seen);
    // The watched tail stops once the discoveries that open no new level reach tailNeed (they only grow).
    if (tailNeed > 0 && found - tail - (longest - d0) >= tailNeed) {
      addPositions(k, 1);
      cuts++;
      return;
    }
    if (longest > beatL || found - 1 > beatR) break;
  }
  // The leaf's values: when one beats a best value, go() walks the tail for the witness's targets and counts.
  if (longest > beatL || <i32> popcnt(seen) - 1 > beatR) {
    go(qi, dk);
    return;
  }
  if (counted) addPositions(k, 1);
  leaves++;
}

// ---------------------------------------------------------------- the last hurdle (opts.lastHurdle)

/** The landing squares w = h + d of h whose square behind, h - d, is no hurdle (lazy.ts's X counts only these). */
@inline function landOK(h: i32): u64 {
  // Mostly no hurdle stands behind h at all: then every landing square counts.
  if ((hurdleMask & load<u64>(pBehindMask + (<usize> h << 3))) == 0) return landMask(h);
  let m: u64 = 0;
  for (let j = get(pLandStart, h), e = get(pLandStart, h + 1); j < e; j++) {
    if ((hurdleMask & bit(get(pLandBehind, j))) == 0) m |= bit(get(pLanding, j));
  }
  return m;
}

/** X at the node with kTop - 1 hurdles (lazy.ts's countX1): the undiscovered non-hurdles among the placed hurdles' landings. */
function countX1(): void {
  let xm: u64 = 0;
  for (let i = 0; i < hurdles; i++) xm |= landOK(get(pPlaced, i));
  x1Mask = xm & ~discMask & ~hurdleMask;
  x1 = <i32> popcnt(x1Mask);
  x1Tail = tail;
}

/**
 * The subtree of a node with kTop - 1 hurdles (lastHurdle only). In lazy.ts
 * it is a chain of branches: the scan meets undecided squares q1, q2, ...;
 * each branch's empty child goes on scanning (and meets the next), its hurdle
 * child is one position with kTop hurdles, settled by settledAtLast or walked
 * as a tail. Recursion visits the all-empty leaf first and then the hurdle
 * children from the last q back to the first. Here the scan runs once to the
 * end recording each q with what settledAtLast reads (the queue length, the
 * largest distance, the discovered squares; the trail mark for the tail),
 * then the hurdle children are taken in the same order, back from the last:
 * the bound is evaluated from the record, and only a tail undoes the scan
 * back to its q. Same order, same best values at each step, same counts.
 */
function chain(qi: i32, dk: i32): void {
  countX1();
  const entry = trailTop;
  let m = 0;
  while (qi < tail) {
    const v = get(pQueue, qi);
    const dv = get(pDist, v) + 1;
    const cv = get(pCount, v);
    for (; dk < ND; dk++) {
      const r = v * ND + dk;
      for (;;) {
        const mm = load<u64>(pRayMask + (<usize> r << 3)) & (hurdleMask | undecMask);
        if (mm == 0) break;
        let b = get(pRayUp, r) != 0 ? <i32> ctz(mm) : 63 - <i32> clz(mm);
        if ((hurdleMask & bit(b)) != 0) {
          const w = get(pNext, b * ND + dk);
          if (w < 0 || (hurdleMask & bit(w)) != 0) break;
          if ((undecMask & bit(w)) == 0) {
            discover(w, dv, cv);
            break;
          }
          b = w;
        }
        // b: an undecided square the scan looks at; its empty child scans the same ray again.
        const c = pCand + (<usize> (6 * m) << 2);
        store<i32>(c, b);
        store<i32>(c + 4, qi);
        store<i32>(c + 8, dk);
        store<i32>(c + 12, trailTop);
        store<i32>(c + 16, tail);
        store<i32>(c + 20, lastDist());
        store<u64>(pCandDisc + (<usize> m << 3), discMask);
        m++;
        undecMask &= ~bit(b);
        undecidedAllowed--;
      }
    }
    qi++;
    dk = 0;
  }
  leaf();
  const k = hurdles + 1;
  for (let i = m - 1; i >= 0; i--) {
    const c = pCand + (<usize> (6 * i) << 2);
    const q = load<i32>(c);
    // lazy.ts's settledAtLast, from the record.
    const t = load<i32>(c + 16);
    const disc = load<u64>(pCandDisc + (<usize> i << 3));
    let x = x1 - (t - x1Tail) - <i32> ((x1Mask >> <u64> q) & 1);
    x += <i32> popcnt(landOK(q) & ~x1Mask & ~disc & ~hurdleMask);
    let settled = (live & (1 << k)) == 0;
    if (!settled && t - 1 + x <= bestOf(2, k)) {
      const need = load<i32>(c + 20) + x - min(bestOf(0, k), bestOf(1, k));
      if (need > 0) tailNeed = need;
      else {
        addPositions(k, 1);
        cuts++;
        settled = true;
      }
    }
    if (!settled) {
      undo(load<i32>(c + 12));
      hurdleMask |= bit(q);
      put(pPlaced, hurdles++, q);
      lastTail(load<i32>(c + 4), load<i32>(c + 8));
      tailNeed = 0;
      hurdles--;
      hurdleMask &= ~bit(q);
    }
    undecMask |= bit(q);
    undecidedAllowed++;
  }
  undo(entry);
}

// ---------------------------------------------------------------- one start

/** Walk the tree of one start: its status words are written, live and kTop set in the header; positions are reset here. */
export function run(): void {
  start = hdr(H_START);
  live = hdr(H_LIVE);
  kTop = hdr(H_KTOP);
  hurdleMask = 0;
  undecMask = 0;
  undecidedAllowed = 0;
  hurdles = 0;
  // Hurdles written in the status words are a preset (lazy.ts opts.preset): placed at the root, in square order.
  for (let q = 0; q < N; q++) {
    const s = get(pStatus, q);
    if (s == UNDECIDED) {
      undecMask |= bit(q);
      undecidedAllowed++;
    } else if (s == HURDLE) {
      hurdleMask |= bit(q);
      put(pPlaced, hurdles++, q);
    }
    put(pDist, q, -1);
  }
  memory.fill(HURDLE_LANDERS, 0, 64);
  if (bounding) {
    for (let q = 0; q < N; q++) {
      if ((undecMask & bit(q)) != 0) addLanders(UNDECIDED_LANDERS, landMask(q));
      if ((hurdleMask & bit(q)) != 0) addLanders(HURDLE_LANDERS, landMask(q));
    }
  }
  for (let k = 0; k <= KMAX; k++) store<f64>(pPositions + (<usize> k << 3), 0);
  for (let d = 0; d <= N; d++) store<u64>(pLevel + (<usize> d << 3), 0);
  put(pDist, start, 0);
  discMask = bit(start);
  store<u64>(pLevel, bit(start));
  put(pCount, start, 1);
  put(pQueue, 0, start);
  tail = 1;
  trailTop = 0;
  tailNeed = 0;

  if (lastHurdle && hurdles == kTop - 1) chain(0, 0);
  else go(0, 0);
}
