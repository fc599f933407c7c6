/**
 * The SerienZiel decision tree of solvers/hopper/lazy.ts, compiled to
 * WebAssembly (AssemblyScript), for one start in the configuration of
 * `atlas records hopper --prove-piece`: onlyK (exactly kTop hurdles) with the
 * last-hurdle bound and its watched tail. lazy.ts's header argues every step;
 * this is the same walk in the same order (so the same leaves, position
 * counts, maxima and witnesses: tests/hopper_kernel_test.ts), on native
 * integers without bounds checks.
 *
 * Memory: solvers/hopper/kernel.ts writes the header (32-bit words at
 * HEADER, the H_* constants), the tables at the fixed offsets below (rays,
 * landing squares, Pascal's triangle) and the allowed squares, calls run(),
 * and reads the counts (f64 at OUT) and the three witnesses (at WIT) back.
 * Boards of at most 64 squares, at most 8 directions.
 */

const HEADER: usize = 65536;
const H_N = 0; // squares
const H_ND = 1; // directions
const H_KTOP = 2; // onlyK: the hurdles counted
const H_START = 3; // the hopper's square
const H_BESTL = 4; // in/out: best longest for kTop (-1: none)
const H_BESTD = 5; // in/out: best dual-free
const H_BESTR = 6; // in/out: best reached
const OUT: usize = HEADER + 512; // f64: positions, leaves, cuts
const WIT: usize = HEADER + 1024; // 3 records of 32 bytes: u64 hurdle mask, i32 found, longest, longestTarget, dualFree, dualFreeTarget, reached
const ST: usize = HEADER + 2048; // i32 n*nd+1
const SQ: usize = HEADER + 6144; // i32 ray squares
const LANDSTART: usize = HEADER + 38912; // i32 n+1
const LANDING: usize = HEADER + 39424; // i32
const LANDOPP: usize = HEADER + 43520; // i32
const BINOM: usize = HEADER + 47616; // f64 65 x 65
const ALLOWED: usize = HEADER + 81920; // u8 n
const STATUS: usize = HEADER + 82048; // u8 n
const DIST: usize = HEADER + 82176; // i32 n
const COUNT: usize = HEADER + 82432; // i32 n (capped at 2)
const QUEUE: usize = HEADER + 82688; // i32 n
const TRAILSQ: usize = HEADER + 82944; // i32
const TRAILOLD: usize = HEADER + 87040; // i32 (-1: discovered)
const PLACED: usize = HEADER + 91136; // i32
const LASTSEEN: usize = HEADER + 91392; // i32 n

const UNDECIDED: u8 = 0, EMPTY: u8 = 1, HURDLE: u8 = 2;

let n: i32 = 0, nd: i32 = 0, kTop: i32 = 0, start: i32 = 0;
let bestL: i32 = -1, bestD: i32 = -1, bestR: i32 = -1;
let trailTop: i32 = 0, tail: i32 = 0, hurdles: i32 = 0, undecidedAllowed: i32 = 0;
let leaves: f64 = 0, cuts: f64 = 0, positions: f64 = 0;
let lastCalls: i32 = 0, tailNeed: i32 = 0, x1: i32 = 0, x1Call: i32 = -1, x1Tail: i32 = 0;

@inline function st(i: i32): i32 { return load<i32>(ST + (<usize>i << 2)); }
@inline function sqAt(i: i32): i32 { return load<i32>(SQ + (<usize>i << 2)); }
@inline function status(q: i32): u8 { return load<u8>(STATUS + <usize>q); }
@inline function setStatus(q: i32, s: u8): void { store<u8>(STATUS + <usize>q, s); }
@inline function dist(q: i32): i32 { return load<i32>(DIST + (<usize>q << 2)); }
@inline function setDist(q: i32, d: i32): void { store<i32>(DIST + (<usize>q << 2), d); }
@inline function count(q: i32): i32 { return load<i32>(COUNT + (<usize>q << 2)); }
@inline function setCount(q: i32, c: i32): void { store<i32>(COUNT + (<usize>q << 2), c); }
@inline function queue(i: i32): i32 { return load<i32>(QUEUE + (<usize>i << 2)); }
@inline function setQueue(i: i32, q: i32): void { store<i32>(QUEUE + (<usize>i << 2), q); }
@inline function landStart(q: i32): i32 { return load<i32>(LANDSTART + (<usize>q << 2)); }
@inline function landing(j: i32): i32 { return load<i32>(LANDING + (<usize>j << 2)); }
@inline function landOpp(j: i32): i32 { return load<i32>(LANDOPP + (<usize>j << 2)); }
@inline function lastSeen(q: i32): i32 { return load<i32>(LASTSEEN + (<usize>q << 2)); }
@inline function binom(u: i32, j: i32): f64 { return load<f64>(BINOM + ((<usize>(u * 65 + j)) << 3)); }
@inline function pushTrail(w: i32, old: i32): void {
  store<i32>(TRAILSQ + (<usize>trailTop << 2), w);
  store<i32>(TRAILOLD + (<usize>trailTop << 2), old);
  trailTop++;
}

function undo(mark: i32): void {
  while (trailTop > mark) {
    trailTop--;
    const w = load<i32>(TRAILSQ + (<usize>trailTop << 2));
    const old = load<i32>(TRAILOLD + (<usize>trailTop << 2));
    if (old < 0) {
      setDist(w, -1);
      tail--;
    } else setCount(w, old);
  }
}

/** The witness of lazy.ts: the placed hurdles, then the lowest undecided allowed squares up to k. */
function witness(rec: usize, longest: i32, longestTarget: i32, dualFree: i32, dualFreeTarget: i32, reached: i32): void {
  let mask: u64 = 0;
  let c = 0;
  for (let q = 0; q < n; q++) if (status(q) == HURDLE) { mask |= (<u64>1) << <u64>q; c++; }
  for (let q = 0; q < n && c < kTop; q++) {
    if (status(q) == UNDECIDED && load<u8>(ALLOWED + <usize>q) != 0) { mask |= (<u64>1) << <u64>q; c++; }
  }
  store<u64>(rec, mask);
  store<i32>(rec + 8, 1);
  store<i32>(rec + 12, longest);
  store<i32>(rec + 16, longestTarget);
  store<i32>(rec + 20, dualFree);
  store<i32>(rec + 24, dualFreeTarget);
  store<i32>(rec + 28, reached);
}

function leaf(): void {
  leaves += 1;
  const longest = tail > 1 ? dist(queue(tail - 1)) : 0;
  const reached = tail - 1;
  const u = hurdles == kTop ? 0 : undecidedAllowed;
  if (hurdles + u < kTop) return;
  positions += binom(u, kTop - hurdles);
  if (!(longest > bestL || longest > bestD || reached > bestR)) return;
  let longestTarget = -1, dualFree = 0, dualFreeTarget = start;
  for (let i = 1; i < tail; i++) {
    const w = queue(i);
    const d = dist(w);
    if (d == longest && (longestTarget < 0 || w < longestTarget)) longestTarget = w;
    if (count(w) == 1 && (d > dualFree || (d == dualFree && w < dualFreeTarget))) { dualFree = d; dualFreeTarget = w; }
  }
  if (longestTarget < 0) longestTarget = start;
  if (longest > bestL) { bestL = longest; witness(WIT, longest, longestTarget, dualFree, dualFreeTarget, reached); }
  if (dualFree > bestD) { bestD = dualFree; witness(WIT + 32, longest, longestTarget, dualFree, dualFreeTarget, reached); }
  if (reached > bestR) { bestR = reached; witness(WIT + 64, longest, longestTarget, dualFree, dualFreeTarget, reached); }
}

function go(qi: i32, dk: i32, ri: i32): void {
  while (qi < tail) {
    const v = queue(qi);
    const dv = dist(v) + 1;
    const cv = count(v);
    for (; dk < nd; dk++) {
      const end = st(v * nd + dk + 1);
      if (ri < 0) ri = st(v * nd + dk);
      for (; ri < end; ri++) {
        const s = status(sqAt(ri));
        if (s == EMPTY) continue;
        if (s == UNDECIDED) {
          if (hurdles == kTop) continue;
          branch(sqAt(ri), qi, dk, ri);
          return;
        }
        break;
      }
      if (ri < end - 1) {
        const w = sqAt(ri + 1);
        const s = status(w);
        if (s == UNDECIDED && hurdles < kTop) {
          branch(w, qi, dk, ri);
          return;
        }
        if (s != HURDLE) {
          const dw = dist(w);
          if (dw < 0) {
            pushTrail(w, -1);
            if (tailNeed > 0 && dist(queue(tail - 1)) == dv) {
              tailNeed--;
              if (tailNeed == 0) {
                setDist(w, dv);
                setQueue(tail++, w);
                positions += 1;
                cuts += 1;
                return;
              }
            }
            setDist(w, dv);
            setCount(w, cv);
            setQueue(tail++, w);
          } else if (dw == dv) {
            pushTrail(w, count(w));
            const c = count(w) + cv;
            setCount(w, c > 2 ? 2 : c);
          }
        }
      }
      ri = -1;
    }
    qi++;
    dk = 0;
  }
  leaf();
}

function branch(q: i32, qi: i32, dk: i32, ri: i32): void {
  const mark = trailTop;
  undecidedAllowed--;
  setStatus(q, EMPTY);
  go(qi, dk, ri);
  undo(mark);
  if (hurdles < kTop) {
    setStatus(q, HURDLE);
    store<i32>(PLACED + (<usize>hurdles << 2), q);
    hurdles++;
    if (hurdles == kTop - 1) countX1();
    if (!(hurdles == kTop && settledAtLast(q))) go(qi, dk, ri);
    tailNeed = 0;
    undo(mark);
    hurdles--;
  }
  setStatus(q, UNDECIDED);
  undecidedAllowed++;
}

function countX1(): void {
  const call = lastCalls++;
  let x = 0;
  for (let i = 0; i < hurdles; i++) {
    const h = load<i32>(PLACED + (<usize>i << 2));
    for (let j = landStart(h), e = landStart(h + 1); j < e; j++) {
      const w = landing(j);
      if (lastSeen(w) == call || dist(w) >= 0 || status(w) == HURDLE) continue;
      if (status(sqAt(st(h * nd + landOpp(j)))) == HURDLE) continue;
      store<i32>(LASTSEEN + (<usize>w << 2), call);
      x++;
    }
  }
  x1 = x;
  x1Call = call;
  x1Tail = tail;
}

function settledAtLast(q: i32): bool {
  let x = x1 - (tail - x1Tail);
  if (lastSeen(q) == x1Call) x--;
  for (let j = landStart(q), e = landStart(q + 1); j < e; j++) {
    const w = landing(j);
    if (lastSeen(w) == x1Call || dist(w) >= 0 || status(w) == HURDLE) continue;
    if (status(sqAt(st(q * nd + landOpp(j)))) == HURDLE) continue;
    x++;
  }
  const ubL = dist(queue(tail - 1)) + x;
  if (tail - 1 + x > bestR) return false;
  const need = ubL - min(bestL, bestD);
  if (need > 0) {
    tailNeed = need;
    return false;
  }
  positions += 1;
  cuts += 1;
  return true;
}

/** One start: the header and tables are written; counts and witnesses come back at OUT and WIT. */
export function run(): void {
  n = load<i32>(HEADER + (H_N << 2));
  nd = load<i32>(HEADER + (H_ND << 2));
  kTop = load<i32>(HEADER + (H_KTOP << 2));
  start = load<i32>(HEADER + (H_START << 2));
  bestL = load<i32>(HEADER + (H_BESTL << 2));
  bestD = load<i32>(HEADER + (H_BESTD << 2));
  bestR = load<i32>(HEADER + (H_BESTR << 2));
  undecidedAllowed = 0;
  for (let q = 0; q < n; q++) {
    const a = q != start && load<u8>(ALLOWED + <usize>q) != 0;
    setStatus(q, a ? UNDECIDED : EMPTY);
    if (a) undecidedAllowed++;
    setDist(q, -1);
    setCount(q, 0);
    store<i32>(LASTSEEN + (<usize>q << 2), -1);
  }
  for (let r = 0; r < 3; r++) store<i32>(WIT + <usize>(r * 32) + 8, 0);
  setDist(start, 0);
  setCount(start, 1);
  setQueue(0, start);
  tail = 1;
  trailTop = 0;
  hurdles = 0;
  leaves = 0;
  cuts = 0;
  positions = 0;
  lastCalls = 0;
  tailNeed = 0;
  x1 = 0;
  x1Call = -1;
  x1Tail = 0;
  if (kTop == 1) countX1();
  go(0, 0, -1);
  store<f64>(OUT, positions);
  store<f64>(OUT + 8, leaves);
  store<f64>(OUT + 16, cuts);
  store<i32>(HEADER + (H_BESTL << 2), bestL);
  store<i32>(HEADER + (H_BESTD << 2), bestD);
  store<i32>(HEADER + (H_BESTR << 2), bestR);
}
