/**
 * The free-squares proof run of a dual-free cell, compiled to WebAssembly
 * (AssemblyScript): the twin of PrefixRun.step() (solvers/leaper/proof/
 * prefix-run.ts) with the one-level tests of PositionTester.testPath
 * (position-test.ts, unique mode), the symmetry skip of ProofRun.evaluate
 * (run.ts) and the whole of engine.ts decideUnique as the run calls it: the
 * engine on the position as it stands (firstNodes nodes, with the swap and
 * segment-move tests on its first path), the same from the other end
 * (otherEndNodes), the forced-edge reduction (forced.ts ForcedReducer), the
 * engine on the reduced graph (the fallback budget, the same tests again) and
 * forced.ts searchReduced past it. Every rule is argued beside its
 * TypeScript twin; here only the substrate differs: the position, the
 * visited squares and the graphs are 64-bit masks, the tree, the tests and
 * the search run in this module's memory, and no position crosses into
 * JavaScript unless this kernel cannot settle it.
 *
 * Those it does not settle are handed back ("escalated", step() returns
 * ESCALATE with `next` on the position, uncounted): a position with a unique
 * path (a hit: TypeScript decides it again and records it, with its path),
 * one of fewer than 3 squares, and the case the TypeScript treats as an
 * internal error (a short start-end chain after the reduction, never seen;
 * or searchReduced deeper than its levels, which the argument there excludes).
 * The caller (solvers/leaper/proof/kernel-run.ts) evaluates the position
 * with the TypeScript run and calls leafDone(). So the counts of positions,
 * tests, skips, searches, nodes and hits are those of PrefixRun;
 * tests/leaper/freesquares_kernel_test.ts checks it on random cells and windows.
 *
 * Scope: boards of at most 64 squares, dual-free (unique) mode, a bipartite
 * component (every two-dimensional leaper's is), and the prefix rules
 * without rule 3 (PrefixRun switches it off below 8 squares of degree 2, as
 * for the knight on 8x8); the wrapper falls back to TypeScript otherwise.
 *
 * Memory (bytes from BASE, laid out by the caller): nbrStart (65 i32), nbr
 * (64*8 i32, the board graph's adjacency in its order), colour (64 i32: 0 the
 * start's class, 1 the other, -1 outside the component), cand (64 i32, the
 * candidates increasing), stab (7*64 i32, the stabilizer's non-identity
 * maps), binom (65*65 f64, C(n,k)), counts (16 f64, out). The state arrays
 * follow them.
 */

const BASE: usize = 65536;
const O_NBRSTART: usize = BASE; // 65 i32
const O_NBR: usize = O_NBRSTART + 66 * 4; // 512 i32 (nbrStart padded to 66 words: the f64 tables stay 8-aligned)
const O_COLOUR: usize = O_NBR + 512 * 4; // 64 i32
const O_CAND: usize = O_COLOUR + 64 * 4; // 64 i32
const O_STAB: usize = O_CAND + 64 * 4; // 7*64 i32
const O_BINOM: usize = O_STAB + 7 * 64 * 4; // 65*65 f64
const O_COUNTS: usize = O_BINOM + 65 * 65 * 8; // 16 f64
// State.
const O_NBRMASK: usize = O_COUNTS + 16 * 8; // 64 u64
const O_DEG: usize = O_NBRMASK + 64 * 8; // 64 i32 (tester's degrees)
const O_STATUS: usize = O_DEG + 64 * 4; // 64 i32
const O_CHOICE: usize = O_STATUS + 64 * 4; // 65 i32
const O_BASE: usize = O_CHOICE + 65 * 4; // 65 f64
const O_LEFT: usize = O_BASE + 65 * 8; // 65 i32
const O_PATH: usize = O_LEFT + 65 * 4; // 64 i32
const O_FIRST: usize = O_PATH + 64 * 4; // 64 i32 (first path, in the caller's order)
const O_SPOS: usize = O_FIRST + 64 * 4; // 64 i32 (swap test: position on the path)
const O_SLOT: usize = O_SPOS + 64 * 4; // 64*64 u8 (w's place in v's board list, 255 when not a neighbour)
const O_GADJ: usize = O_SLOT + 64 * 64; // 64 u64 (the engine's graph: neighbour masks, induced or reduced)
// The forced-edge reduction (forced.ts ForcedReducer): edges as neighbour masks, per-vertex state as i32.
const O_RALIVE: usize = O_GADJ + 64 * 8; // 64 u64 (remaining edges)
const O_RFORCED: usize = O_RALIVE + 64 * 8; // 64 u64 (forced edges)
const O_RDEG: usize = O_RFORCED + 64 * 8; // 64 i32
const O_RFDEG: usize = O_RDEG + 64 * 4; // 64 i32
const O_RUF: usize = O_RFDEG + 64 * 4; // 64 i32 (union-find parent)
const O_RSIZE: usize = O_RUF + 64 * 4; // 64 i32
const O_RENDA: usize = O_RSIZE + 64 * 4; // 64 i32
const O_RENDB: usize = O_RENDA + 64 * 4; // 64 i32
const O_RQUEUE: usize = O_RENDB + 64 * 4; // 64 i32 (ring)
const O_RQUEUED: usize = O_RQUEUE + 64 * 4; // 64 i32
// searchReduced: one graph (64 u64) and one list of branch options (8 i32) per level of its recursion.
const SR_LEVELS = 66;
const O_SRGRAPH: usize = O_RQUEUED + 64 * 4; // SR_LEVELS * 64 u64
const O_SROPT: usize = O_SRGRAPH + SR_LEVELS * 64 * 8; // SR_LEVELS * 8 i32
// hasSegmentMove: the first path's suffixes (65 u64, by position) and each square's predN (64 u64).
const O_SUF: usize = O_SROPT + SR_LEVELS * 8 * 4;
const O_PREDN: usize = O_SUF + 65 * 8;
// The no-end rule: manNbr1 and manNbr2 as they were before the decision at each depth (66 u64 each).
const O_MAN1: usize = O_PREDN + 64 * 8;
const O_MAN2: usize = O_MAN1 + 66 * 8;
/** Bytes the caller must provide from 0. */
export const MEMORY_END: usize = O_MAN2 + 66 * 8;

// Counts (indices into O_COUNTS): 0 positions, 1 skipped, 2 searched, 3 nodes, 4 tree nodes, 5-7 where the
// searches ended (diagnostics, not run counts), 9..15 rejected by test code.
const C_POSITIONS = 0;
const C_SKIPPED = 1;
const C_SEARCHED = 2;
const C_NODES = 3;
const C_TREE = 4;
const C_REDUCED = 5; // positions that reached the forced-edge reduction
const C_SR_CALLS = 6; // positions that reached searchReduced
const C_SR_NODES = 7; // their searchReduced nodes
const C_REJECTED = 8;

// Verdicts (position-test.ts).
const PASS = 0;
const TEST_K = 1;
const TEST_N = 2;
const TEST_D = 3;
const TEST_S = 4;
const TEST_3 = 5;
const TEST_C = 6;
const TEST_P = 7;

// step() results.
const STOPPED_MAX = 0; // max positions done, or hi reached
const BLOCK_DONE = 1; // the block is finished: the caller roots the next one
const ESCALATE = 2; // the position at next is the caller's

const UNDECIDED = 0;
const MAN = 1;
const EMPTY = 2;
const OUTSIDE = 3;

@inline function geti(o: usize, i: i32): i32 {
  return load<i32>(o + (<usize> i << 2));
}
@inline function seti(o: usize, i: i32, v: i32): void {
  store<i32>(o + (<usize> i << 2), v);
}
@inline function getf(o: usize, i: i32): f64 {
  return load<f64>(o + (<usize> i << 3));
}
@inline function setf(o: usize, i: i32, v: f64): void {
  store<f64>(o + (<usize> i << 3), v);
}
@inline function mask(o: usize, i: i32): u64 {
  return load<u64>(o + (<usize> i << 3));
}
@inline function bit(s: i32): u64 {
  return (<u64> 1) << <u64> s;
}
@inline function binom(n: i32, k: i32): f64 {
  if (k < 0 || n < 0 || k > n) return 0;
  return getf(O_BINOM, n * 65 + k);
}
@inline function count(i: i32, by: f64): void {
  setf(O_COUNTS, i, getf(O_COUNTS, i) + by);
}

// Board.
let squares: i32 = 0;
let firstNodes: i32 = 300;

// Block.
let start: i32 = -1;
let m: i32 = 0;
let k: i32 = 0;
let stabCount: i32 = 0;
/** The start's component (start + candidates). */
let members: u64 = 0;

// Tester (PositionTester).
let inPos: u64 = 0;
let n: i32 = 0;
let ones: i32 = 0;
let onesSum: i32 = 0;
let zeros: i32 = 0;
let same: i32 = 0;
let lastEnd: i32 = -1;

// Prefix run (PrefixRun).
let depth: i32 = 0;
let rules = false;
let sure: i32 = 0;
let u1a: i32 = 0;
let u1b: i32 = 0;
let startZero: i32 = 0;
let empA: i32 = 0;
let empB: i32 = 0;
let undA: i32 = 0;
let undB: i32 = 0;
let needA: i32 = 0;
let needB: i32 = 0;
/** Squares decided empty. */
let empty: u64 = 0;
/**
 * PrefixRun's no-end rule (prefix-run.ts header), on masks: the squares with at least one, and at least two,
 * neighbours that are decided men or the start. Every completion fails N when every square of the position
 * but the start is in manNbr2 (PrefixRun counts the others instead: the kernel test compares the two).
 */
let manNbr1: u64 = 0;
let manNbr2: u64 = 0;
let next: f64 = 0;
let needSeek = true;

/** Build the neighbour masks from the adjacency (call after writing nbrStart and nbr). */
export function setBoard(size: i32, first: i32, other: i32, fallback: i32, forced: i32): void {
  squares = size;
  firstNodes = first;
  otherEndNodes = other;
  fallbackNodes = fallback;
  forcedEdges = forced != 0;
  for (let v = 0; v < size; v++) {
    let x: u64 = 0;
    for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) x |= bit(geti(O_NBR, e));
    store<u64>(O_NBRMASK + (<usize> v << 3), x);
    memory.fill(O_SLOT + (<usize> v << 6), 255, 64);
    for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
      store<u8>(O_SLOT + (<usize> v << 6) + <usize> geti(O_NBR, e), <u8> (e - geti(O_NBRSTART, v)));
    }
  }
  start = -1;
}

/** A new block: start, m candidates (at cand), k empty squares, stab maps (at stab). */
export function setBlock(s: i32, mm: i32, kk: i32, stabs: i32): void {
  start = s;
  m = mm;
  k = kk;
  stabCount = stabs;
  members = bit(s);
  for (let j = 0; j < m; j++) members |= bit(geti(O_CAND, j));
  needSeek = true;
}

@inline function colourOf(v: i32): i32 {
  return geti(O_COLOUR, v) == 0 ? 0 : 1;
}
@inline function degOf(v: i32): i32 {
  return geti(O_DEG, v);
}

/** PositionTester.fill: every square of the component in the position. */
function fill(): void {
  inPos = members;
  n = m + 1;
  ones = 0;
  onesSum = 0;
  zeros = 0;
  same = 0;
  for (let v = 0; v < squares; v++) seti(O_DEG, v, geti(O_NBRSTART, v + 1) - geti(O_NBRSTART, v));
  let x = members;
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    const d = degOf(v);
    if (d == 0) zeros++;
    else if (d == 1 && v != start) {
      ones++;
      onesSum += v;
    }
    if (geti(O_COLOUR, v) == 0) same++;
  }
}

/** PositionTester.remove. */
function remove(v: i32): void {
  inPos &= ~bit(v);
  n--;
  const dv = degOf(v);
  if (dv == 0) zeros--;
  else if (dv == 1) {
    ones--;
    onesSum -= v;
  }
  if (geti(O_COLOUR, v) == 0) same--;
  for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
    const w = geti(O_NBR, e);
    const d = degOf(w);
    seti(O_DEG, w, d - 1);
    if ((inPos & bit(w)) == 0) continue;
    if (d == 1) {
      zeros++;
      if (w != start) {
        ones--;
        onesSum -= w;
      }
    } else if (d == 2 && w != start) {
      ones++;
      onesSum += w;
    }
  }
}

/** PositionTester.add. */
function add(v: i32): void {
  for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
    const w = geti(O_NBR, e);
    const d = degOf(w);
    seti(O_DEG, w, d + 1);
    if ((inPos & bit(w)) == 0) continue;
    if (d == 0) {
      zeros--;
      if (w != start) {
        ones++;
        onesSum += w;
      }
    } else if (d == 1 && w != start) {
      ones--;
      onesSum -= w;
    }
  }
  inPos |= bit(v);
  n++;
  const dv = degOf(v);
  if (dv == 0) zeros++;
  else if (dv == 1) {
    ones++;
    onesSum += v;
  }
  if (geti(O_COLOUR, v) == 0) same++;
}

/** Squares reached from the start inside the position. */
function reachedCount(): i32 {
  let seen = bit(start);
  let frontier = seen;
  while (frontier != 0) {
    let grow: u64 = 0;
    let x = frontier;
    while (x != 0) {
      const v = <i32> ctz(x);
      x &= x - 1;
      grow |= mask(O_NBRMASK, v);
    }
    grow &= inPos & ~seen;
    seen |= grow;
    frontier = grow;
  }
  return <i32> popcnt(seen);
}

/** PositionTester.testPath(true) on a bipartite component. */
function testPath(): i32 {
  lastEnd = -1;
  if (ones > 1) return TEST_K;
  const end = ones == 1 ? onesSum : -1;
  lastEnd = end;
  if (end == -1) return TEST_N;
  if (zeros > 0) return TEST_D;
  const reached = reachedCount();
  if (reached == n) {
    if (same != (n + 1) >> 1) return TEST_S;
    if (colourOf(end) != ((n - 1) & 1)) return TEST_S;
  }
  // Test 3: the degree-2 squares other than start and end each force both their edges.
  let twos: u64 = 0;
  let x = inPos & ~bit(start) & ~bit(end);
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    if (degOf(v) == 2) twos |= bit(v);
  }
  // Only a neighbour of a degree-2 square has a forced edge to count.
  let near: u64 = 0;
  x = twos;
  while (x != 0) {
    near |= mask(O_NBRMASK, <i32> ctz(x));
    x &= x - 1;
  }
  x = inPos & near;
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    const f = <i32> popcnt(mask(O_NBRMASK, v) & twos);
    const limit = v == start || v == end ? 1 : 2;
    if (f > limit) return TEST_3;
  }
  if (reached != n) return TEST_C;
  return PASS;
}

/** ProofRun.hasEarlierImage: some stabilizer image of the empty set comes first in colex order. */
function hasEarlierImage(): bool {
  for (let t = 0; t < stabCount; t++) {
    const o = O_STAB + (<usize> t << 8);
    let img: u64 = 0;
    let x = empty;
    while (x != 0) {
      const v = <i32> ctz(x);
      x &= x - 1;
      img |= bit(geti(o, v));
    }
    const diff = img ^ empty;
    // Colex: the larger set holds the largest element of the symmetric difference.
    if (diff != 0 && (empty & bit(63 - <i32> clz(diff))) != 0) return true;
  }
  return false;
}

// The engine (engine.ts countHamiltonianPaths with prune, trusted, a fixed end, limit 2 and a node budget)
// on the graph at eGraph: the induced graph of the position in decideUnique's first phase (the board's masks
// read inside the position), the reduced one at O_GADJ after the forced-edge reduction. Both are neighbour masks over the position's squares; a square's
// neighbours are taken in the board's adjacency order, which is the order of the TypeScript run's graphs
// (InducedGraphBuffer filters the board's lists, ForcedReducer and searchReduced filter those), so the
// candidate order, and with it every node count, is the TypeScript engine's.
let eNodes: i32 = 0;
let eMax: i32 = 0;
let eSolutions: i32 = 0;
let eStopped = false;
let eEnd: i32 = -1;
let eN: i32 = 0;
let eReversed = false;
let swapFound = false;
/** decideUnique's second phase, from the other end (run.ts OTHER_END_NODES unless the run sets it; 0: none). */
let otherEndNodes: i32 = 300;
/** decideUnique's fallback budget (engine.ts FALLBACK_NODES unless the run sets it; <= 0: none). */
let fallbackNodes: i32 = 2000;
/** The engine's forced-edge count (engine.ts PathQuery.forcedEdges; run.ts FORCED_EDGES unless the run sets it). */
let forcedEdges = true;

/** The engine's graph: O_NBRMASK (the board; read inside the position, it is the induced graph) or O_GADJ. */
let eGraph: usize = 0;
/** v's neighbours in the engine's graph (inside the position). */
@inline function gadj(v: i32): u64 {
  return mask(eGraph, v) & inPos;
}

/** engine.ts hasSwap on the first path (caller's order, at O_FIRST) in the engine's graph. */
function hasSwap(): bool {
  const len = eN;
  for (let i = 0; i < len; i++) seti(O_SPOS, geti(O_FIRST, i), i);
  for (let i = 0; i + 3 < len; i++) {
    const mk = gadj(geti(O_FIRST, i));
    const a = geti(O_FIRST, i + 1);
    let x = gadj(a);
    while (x != 0) {
      const w = <i32> ctz(x);
      x &= x - 1;
      const kk = geti(O_SPOS, w);
      if (kk >= i + 3 && (mk & bit(geti(O_FIRST, kk - 1))) != 0) return true;
    }
  }
  return false;
}

/**
 * engine.ts hasSegmentMove (the 3-opt moves argued there) on the first path P (O_FIRST, positions at O_SPOS
 * as hasSwap left them) in the engine's graph, with masks: suf[t] holds p(t) … p(n-1), predN[v] the squares
 * whose successor on P is a neighbour of v (so p(k) in predN[v] says p(k+1)–v, with k <= n - 2). For each cut
 * after p(i) = a (b = p(i+1)), each candidate join names j, and the third cut k is any p(k) in one mask:
 * - x = p(j+1) in N(a), i + 2 <= j + 1 <= n - 2, c = p(j): A C B D has p(k) in N(b) & predN[c] & suf[j+1];
 *   A C B' D has p(k) in N(c) & predN[b] & suf[j+1];
 * - x = p(j+1) in N(b), same range, c = p(j): A C' B D has p(k) in N(a) & predN[c] & suf[j+1];
 * - x = p(j) in N(a), i + 2 <= j <= n - 3: A B' C' D has p(k) in N(b) & predN[p(j+1)] & suf[j+1].
 */
function hasSegmentMove(): bool {
  const len = eN;
  if (len < 4) return false;
  store<u64>(O_SUF + (<usize> len << 3), 0);
  for (let t = len - 1; t >= 0; t--) {
    store<u64>(O_SUF + (<usize> t << 3), load<u64>(O_SUF + (<usize> (t + 1) << 3)) | bit(geti(O_FIRST, t)));
  }
  for (let t = 0; t < len; t++) {
    const v = geti(O_FIRST, t);
    let x = gadj(v);
    let pred: u64 = 0;
    while (x != 0) {
      const z = <i32> ctz(x);
      x &= x - 1;
      const pz = geti(O_SPOS, z);
      if (pz >= 1) pred |= bit(geti(O_FIRST, pz - 1));
    }
    store<u64>(O_PREDN + (<usize> v << 3), pred);
  }
  for (let i = 0; i + 3 < len; i++) {
    const a = geti(O_FIRST, i);
    const b = geti(O_FIRST, i + 1);
    const na = gadj(a);
    const nb = gadj(b);
    const pb = mask(O_PREDN, b);
    let xs = na;
    while (xs != 0) {
      const x = <i32> ctz(xs);
      xs &= xs - 1;
      const px = geti(O_SPOS, x);
      if (px >= i + 2 && px <= len - 2) {
        // x = p(j+1), j = px - 1
        const c = geti(O_FIRST, px - 1);
        const after = mask(O_SUF, px);
        if ((nb & mask(O_PREDN, c) & after) != 0) return true; // A C B D
        if ((gadj(c) & pb & after) != 0) return true; // A C B' D
      }
      if (px >= i + 2 && px <= len - 3) {
        // x = p(j), j = px: A B' C' D
        if ((nb & mask(O_PREDN, geti(O_FIRST, px + 1)) & mask(O_SUF, px + 1)) != 0) return true;
      }
    }
    xs = nb;
    while (xs != 0) {
      const x = <i32> ctz(xs);
      xs &= xs - 1;
      const px = geti(O_SPOS, x);
      if (px >= i + 2 && px <= len - 2) {
        // x = p(j+1), j = px - 1: A C' B D
        if ((na & mask(O_PREDN, geti(O_FIRST, px - 1)) & mask(O_SUF, px)) != 0) return true;
      }
    }
  }
  return false;
}

/** decideUnique's keepFirst and the engine's limit of 2: the swap and segment tests on the first path only. */
function report(): void {
  eSolutions++;
  if (eSolutions == 1) {
    for (let i = 0; i < eN; i++) seti(O_FIRST, i, eReversed ? geti(O_PATH, eN - 1 - i) : geti(O_PATH, i));
    if (hasSwap() || hasSegmentMove()) {
      swapFound = true;
      eStopped = true;
    }
  }
  if (eSolutions >= 2) eStopped = true;
}

/**
 * The engine's forced-edge count (engine.ts header, its forcedOverflow), checked incrementally. `forcing`
 * holds the squares whose two edges are forced at this node (unvisited, not the end, two neighbours in unv
 * plus the head), `fresh` those that became such at this node. As in the reference (which reads the same sets
 * off its degree array), the parent node has passed the same test, and between parent and child a square's count of forced edges
 * grows only where a fresh square is its neighbour (a square stops forcing when it is entered or its degree
 * falls below 2, which only lowers counts), while the room shrinks only at the new head (two edges -> one).
 * So the head and the neighbours of fresh squares are all that can overflow; the root passes every forcing
 * square as fresh, which is the full scan. Same cuts at the same nodes as the reference (the kernel test
 * compares node counts; the engine's test compares the reference with its whole-graph "scan" mode).
 */
function forcedOverflow(head: i32, unv: u64, forcing: u64, fresh: u64): bool {
  if (popcnt(gadj(head) & forcing) >= 2) return true;
  let xs = fresh;
  while (xs != 0) {
    const x = <i32> ctz(xs);
    xs &= xs - 1;
    let ys = gadj(x) & unv;
    while (ys != 0) {
      const y = <i32> ctz(ys);
      ys &= ys - 1;
      const f = popcnt(gadj(y) & forcing);
      if (f >= 3 || (f == 2 && y == eEnd)) return true;
    }
  }
  return false;
}

/**
 * One node of the engine's step. The engine keeps deg[w], the neighbours of w not yet left by the path
 * (decremented at every neighbour of a head when the path leaves it, restored on backtrack), so at a node
 * whose path is p0 … pd (the head pd) deg[w] = |N(w) minus {p0 … p(d-1)}|. Here it is read off the masks
 * instead of kept: for an unvisited neighbour w of the head, |N(w) ∩ unvisited| is its degree once the path
 * leaves the head (what the degree rule reads), and one less than the degree the Warnsdorff order reads
 * (the head itself is in N(w)), the same for every candidate, so the order is the same.
 *
 * The candidates' order (degree, then place in the head's adjacency list) is the order of the keys
 * degree * 8 + place (degree <= 7, place <= 7, so a key is below 64): the keys are collected as bits of one
 * mask and taken lowest first. The degree rule reads the head's other unvisited neighbours of degree 0 and
 * 1 (the end among them, as in the engine) as two masks: candidate b is dead when some square other than b
 * has degree 0, or when the squares other than b of degree 1 are neither none nor exactly the end (the one
 * square left with a single edge must be the path's last; two such squares, or one that is not the fixed
 * end, leave no path). That is the engine's count-based rule (zeros - [b has 0] > 0; ones - [b has 1] > 1;
 * the remaining one, if any, must be the end) in set form.
 */
function estep(d: i32, head: i32, unv: u64, forcing: u64, fresh: u64): void {
  eNodes++;
  if (eNodes > eMax) {
    eStopped = true;
    return;
  }
  if (d == eN - 1) {
    if (head == eEnd) report();
    return;
  }
  if (forcedEdges && forcedOverflow(head, unv, forcing, fresh)) return;
  const g = eGraph;
  let live = mask(g, head) & unv;
  const endBit = bit(eEnd);
  // The end is not a candidate before the last step (premature end).
  const barred: u64 = d + 1 < eN - 1 ? endBit : 0;
  const row = O_SLOT + (<usize> head << 6);
  let keys: u64 = 0;
  let zeros: u64 = 0;
  let ones: u64 = 0;
  let twos: u64 = 0;
  // The head's unvisited neighbours: the only squares whose degree changes when the head moves on.
  const around = live;
  while (live != 0) {
    const w = <i32> ctz(live);
    const b = live & (~live + 1);
    live &= live - 1;
    const dw = popcnt(mask(g, w) & unv);
    zeros |= dw == 0 ? b : 0;
    ones |= dw == 1 ? b : 0;
    twos |= dw == 2 ? b : 0;
    keys |= (b & barred) != 0 ? 0 : bit((<i32> dw << 3) | <i32> load<u8>(row + <usize> w));
  }
  const list = geti(O_NBRSTART, head);
  while (keys != 0 && !eStopped) {
    const key = <i32> ctz(keys);
    keys &= keys - 1;
    const w = geti(O_NBR, list + (key & 7));
    const bw = bit(w);
    if ((zeros & ~bw) != 0) continue;
    const others = ones & ~bw;
    if (others != 0 && others != endBit) continue;
    seti(O_PATH, d + 1, w);
    // Past the move the head's other neighbours have degree dw: those of degree 2 (not the end) now force.
    const fr = twos & ~bw & ~endBit;
    estep(d + 1, w, unv & ~bw, (forcing & ~around) | fr, fr);
  }
}

/**
 * countHamiltonianPaths from the start to the end (lastEnd) on the graph at `graph`, limit 2, at most
 * `budget` nodes: with both ends fixed it runs from the end of smaller degree in that graph (paths reverse
 * one to one), as the engine does, and reports paths in the caller's order.
 */
function engine(graph: usize, budget: i32, otherEnd: bool): void {
  eGraph = graph;
  let s = start;
  let e = lastEnd;
  eReversed = false;
  if ((popcnt(gadj(e)) < popcnt(gadj(s))) != otherEnd) {
    s = lastEnd;
    e = start;
    eReversed = true;
  }
  eEnd = e;
  eN = n;
  eMax = budget;
  eNodes = 0;
  eSolutions = 0;
  eStopped = false;
  swapFound = false;
  seti(O_PATH, 0, s);
  const unv = inPos & ~bit(s);
  let forcing: u64 = 0;
  if (forcedEdges) {
    let xs = unv & ~bit(e);
    while (xs != 0) {
      const x = <i32> ctz(xs);
      xs &= xs - 1;
      if (popcnt(gadj(x) & inPos) == 2) forcing |= bit(x);
    }
  }
  estep(0, s, unv, forcing, forcing);
}

// The forced-edge reduction (forced.ts ForcedReducer.reduce), question: a Hamiltonian path from the start to
// lastEnd through every square of the position. Its rules are argued in forced.ts; this is the same fixpoint
// in the same order (the same queue: every square pushed once at the start, the start first and then the
// rest in increasing order, which is the induced graph's vertex order; a square is pushed when an edge at it
// is deleted or forced; first in, first out), with an edge v-w held as bit w of v's mask and bit v of w's.
// A slot loop of the TypeScript (v's list, in order, skipping slots not alive or forced at the moment they
// are read) is the board's adjacency list of v tested against the masks as they stand when each is read.
let rN: i32 = 0;
let rHead: i32 = 0;
let rTail: i32 = 0;
let rCount: i32 = 0;

@inline function ralive(v: i32): u64 {
  return mask(O_RALIVE, v);
}
@inline function rforced(v: i32): u64 {
  return mask(O_RFORCED, v);
}
@inline function setmask(o: usize, v: i32, x: u64): void {
  store<u64>(o + (<usize> v << 3), x);
}
/** Path edges a square carries: 1 at the two ends, 2 elsewhere. */
@inline function capacity(v: i32): i32 {
  return v == start || v == lastEnd ? 1 : 2;
}

function rfind(v: i32): i32 {
  let x = v;
  while (geti(O_RUF, x) != x) {
    const p = geti(O_RUF, geti(O_RUF, x));
    seti(O_RUF, x, p);
    x = p;
  }
  return x;
}

/** ForcedReducer.push: at most once in the queue. */
function rpush(v: i32): void {
  if (geti(O_RQUEUED, v) != 0) return;
  seti(O_RQUEUED, v, 1);
  seti(O_RQUEUE, rTail, v);
  rTail = (rTail + 1) & 63;
  rCount++;
}

/** ForcedReducer.del on the edge from v (whose list holds it) to w: no path uses it. */
function rdel(v: i32, w: i32): void {
  setmask(O_RALIVE, v, ralive(v) & ~bit(w));
  setmask(O_RALIVE, w, ralive(w) & ~bit(v));
  seti(O_RDEG, v, geti(O_RDEG, v) - 1);
  seti(O_RDEG, w, geti(O_RDEG, w) - 1);
  rpush(v);
  rpush(w);
}

/** ForcedReducer.force on the edge from v (whose list holds it) to w: every path uses it; false: no path. */
function rforce(v: i32, w: i32): bool {
  if ((rforced(v) & bit(w)) != 0) return true;
  const fv = geti(O_RFDEG, v);
  const fw = geti(O_RFDEG, w);
  if (fv >= capacity(v) || fw >= capacity(w)) return false;
  const a = rfind(v);
  const b = rfind(w);
  if (a == b) return false; // closes a cycle of forced edges
  setmask(O_RFORCED, v, rforced(v) | bit(w));
  setmask(O_RFORCED, w, rforced(w) | bit(v));
  seti(O_RFDEG, v, fv + 1);
  seti(O_RFDEG, w, fw + 1);
  // v and w were ends of their segments; the joined segment's ends are their other ends.
  const oa = geti(O_RENDA, a) == v ? geti(O_RENDB, a) : geti(O_RENDA, a);
  const ob = geti(O_RENDA, b) == w ? geti(O_RENDB, b) : geti(O_RENDA, b);
  let big = a;
  let small = b;
  if (geti(O_RSIZE, a) < geti(O_RSIZE, b)) {
    big = b;
    small = a;
  }
  seti(O_RUF, small, big);
  seti(O_RSIZE, big, geti(O_RSIZE, big) + geti(O_RSIZE, small));
  seti(O_RENDA, big, oa);
  seti(O_RENDB, big, ob);
  const whole = geti(O_RSIZE, big) == rN;
  // A start-end segment short of every square: no path.
  if (!whole && ((oa == start && ob == lastEnd) || (oa == lastEnd && ob == start))) return false;
  // An unforced edge between the segment's two ends would close a cycle: no path uses it.
  if (!whole && (ralive(oa) & bit(ob)) != 0 && (rforced(oa) & bit(ob)) == 0) rdel(oa, ob);
  rpush(v);
  rpush(w);
  return true;
}

/**
 * ForcedReducer.reduce on the graph at g (neighbour masks, read inside the position): false when it shows
 * that no path exists (FORCED_REJECT), true with the reduced graph at O_RALIVE (FORCED_PASS).
 */
function reduce(g: usize): bool {
  rN = n;
  let x = inPos;
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    const a = mask(g, v) & inPos;
    setmask(O_RALIVE, v, a);
    setmask(O_RFORCED, v, 0);
    seti(O_RDEG, v, <i32> popcnt(a));
    seti(O_RFDEG, v, 0);
    seti(O_RUF, v, v);
    seti(O_RSIZE, v, 1);
    seti(O_RENDA, v, v);
    seti(O_RENDB, v, v);
    seti(O_RQUEUED, v, 0);
  }
  rHead = 0;
  rTail = 0;
  rCount = 0;
  rpush(start);
  x = inPos & ~bit(start);
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    rpush(v);
  }
  while (rCount > 0) {
    const v = geti(O_RQUEUE, rHead);
    rHead = (rHead + 1) & 63;
    rCount--;
    seti(O_RQUEUED, v, 0);
    const c = capacity(v);
    // Too few edges, or more forced edges than path edges: no path.
    if (geti(O_RDEG, v) < c || geti(O_RFDEG, v) > c) return false;
    const hs = geti(O_NBRSTART, v);
    const he = geti(O_NBRSTART, v + 1);
    // Degree = capacity: every remaining edge is a path edge.
    if (geti(O_RDEG, v) == c && geti(O_RFDEG, v) < geti(O_RDEG, v)) {
      for (let e = hs; e < he; e++) {
        const w = geti(O_NBR, e);
        if ((ralive(v) & bit(w)) != 0 && (rforced(v) & bit(w)) == 0 && !rforce(v, w)) return false;
      }
    }
    // Capacity reached by forced edges: the others go.
    if (geti(O_RFDEG, v) == c && geti(O_RDEG, v) > geti(O_RFDEG, v)) {
      for (let e = hs; e < he; e++) {
        const w = geti(O_NBR, e);
        if ((ralive(v) & bit(w)) != 0 && (rforced(v) & bit(w)) == 0) rdel(v, w);
      }
    }
  }
  // Connectivity over the remaining edges.
  let seen = bit(start);
  let frontier = seen;
  while (frontier != 0) {
    let grow: u64 = 0;
    let y = frontier;
    while (y != 0) {
      const v = <i32> ctz(y);
      y &= y - 1;
      grow |= ralive(v);
    }
    grow &= ~seen;
    seen |= grow;
    frontier = grow;
  }
  return <i32> popcnt(seen) == rN;
}

// forced.ts searchReduced (limit 2, no node budget, as decideUnique calls it in a proof run), argued there:
// reduce at every node, follow the chain of squares whose degree equals their capacity from the start, and
// branch at its head on the edge that leaves it, fewest onward edges first. A level's graph is at
// O_SRGRAPH + level * 512; the reduced graph replaces it (its children are built from the reduced one).
let srNodes: f64 = 0;
let srSolutions: i32 = 0;
let srStopped = false;
/** The TypeScript would throw (a short start-end chain passed the reduction) or the levels ran out: the caller's. */
let srBroken = false;

function copyGraph(from: usize, to: usize): void {
  let x = inPos;
  while (x != 0) {
    const v = <i32> ctz(x);
    x &= x - 1;
    setmask(to, v, mask(from, v));
  }
}

function srec(level: i32): void {
  srNodes += 1;
  const g = O_SRGRAPH + (<usize> level << 9);
  if (!reduce(g)) return;
  copyGraph(O_RALIVE, g);
  // The chain of forced edges from the start.
  let prev = -1;
  let v = start;
  let len = 1;
  while (v != lastEnd && <i32> popcnt(mask(g, v)) == (v == start ? 1 : 2)) {
    let nx = -1;
    const gv = mask(g, v);
    for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
      const w = geti(O_NBR, e);
      if ((gv & bit(w)) != 0 && w != prev) {
        nx = w;
        break;
      }
    }
    prev = v;
    v = nx;
    len++;
  }
  if (v == lastEnd) {
    if (len != n) {
      srBroken = true;
      srStopped = true;
      return;
    }
    srSolutions++;
    if (srSolutions >= 2) srStopped = true;
    return;
  }
  if (level + 1 >= SR_LEVELS) {
    srBroken = true;
    srStopped = true;
    return;
  }
  // The options at the head v: its edges other than the one it was entered by, stable by degree.
  const ob = O_SROPT + (<usize> level << 5);
  const gv = mask(g, v);
  let kc = 0;
  for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
    const w = geti(O_NBR, e);
    if ((gv & bit(w)) == 0 || w == prev) continue;
    const dw = <i32> popcnt(mask(g, w));
    let i = kc++;
    while (i > 0 && <i32> popcnt(mask(g, geti(ob, i - 1))) > dw) {
      seti(ob, i, geti(ob, i - 1));
      i--;
    }
    seti(ob, i, w);
  }
  const child = g + 512;
  const prevBit: u64 = prev >= 0 ? bit(prev) : 0;
  for (let c = 0; c < kc; c++) {
    if (srStopped) return;
    const w = geti(ob, c);
    // The child: at v only the edges to prev and w remain.
    copyGraph(g, child);
    const keep = prevBit | bit(w);
    setmask(child, v, gv & keep);
    let drop = gv & ~keep;
    while (drop != 0) {
      const y = <i32> ctz(drop);
      drop &= drop - 1;
      setmask(child, y, mask(child, y) & ~bit(v));
    }
    srec(level + 1);
  }
}

/** Count a searched position with its engine nodes. */
function searchedWith(nodes: f64): bool {
  count(C_POSITIONS, 1);
  count(C_SEARCHED, 1);
  count(C_NODES, nodes);
  return true;
}

/**
 * ProofRun.evaluate at a leaf, with engine.ts decideUnique as the proof run calls it (probes 0, the
 * reduction on, trusted, firstNodes, otherEndNodes and the fallback budget): its first phase on the position
 * as it stands, the second from the other end, then the forced-edge reduction, the engine on the reduced graph within the fallback budget, and
 * searchReduced past it, each step taken in the TypeScript's order with the same node counts. Returns false
 * when the position is the caller's (a unique path, i.e. a hit, which the caller decides again and
 * records; or a case the kernel does not take: nothing counted), true when it is counted here.
 */
function evaluate(): bool {
  if (n < 3) return false;
  const verdict = testPath();
  if (verdict != PASS) {
    count(C_REJECTED + verdict, 1);
    count(C_POSITIONS, 1);
    return true;
  }
  if (stabCount > 0 && k > 0 && hasEarlierImage()) {
    count(C_SKIPPED, 1);
    return true;
  }
  let spent: f64 = 0;
  if (firstNodes > 0) {
    // Most searches end within a few hundred nodes: the engine before the reduction.
    engine(O_NBRMASK, firstNodes, false);
    if (swapFound) return searchedWith(<f64> eNodes);
    const complete = !eStopped;
    if (complete || eSolutions >= 2) {
      if (complete && eSolutions == 1) return false; // unique: a hit, the caller's
      return searchedWith(<f64> eNodes);
    }
    spent = <f64> eNodes;
    if (otherEndNodes > 0) {
      // The same short search from the other end.
      engine(O_NBRMASK, otherEndNodes, true);
      spent += <f64> eNodes;
      if (swapFound) return searchedWith(spent);
      const complete2 = !eStopped;
      if (complete2 || eSolutions >= 2) {
        if (complete2 && eSolutions == 1) return false; // unique: a hit, the caller's
        return searchedWith(spent);
      }
    }
  }
  count(C_REDUCED, 1);
  if (!reduce(O_NBRMASK)) return searchedWith(spent); // no path
  copyGraph(O_RALIVE, O_GADJ);
  engine(O_GADJ, fallbackNodes > 0 ? fallbackNodes : i32.MAX_VALUE, false);
  if (swapFound) return searchedWith(spent + <f64> eNodes);
  if (eStopped && eSolutions < 2) {
    // Past the fallback budget: searchReduced on the reduced graph, from the start.
    copyGraph(O_GADJ, O_SRGRAPH);
    srNodes = 0;
    srSolutions = 0;
    srStopped = false;
    srBroken = false;
    srec(0);
    if (srBroken) return false;
    count(C_SR_CALLS, 1);
    count(C_SR_NODES, srNodes);
    if (srSolutions == 1) return false; // unique: a hit, the caller's
    return searchedWith(spent + <f64> eNodes + srNodes);
  }
  if (!eStopped && eSolutions == 1) return false; // unique: a hit, the caller's
  return searchedWith(spent + <f64> eNodes);
}

/** PrefixRun.root at the global index `at` (inside the current block, whose first index is `offset`). */
export function root(at: f64, offset: f64): void {
  fill();
  for (let v = 0; v < squares; v++) seti(O_STATUS, v, OUTSIDE);
  seti(O_STATUS, start, MAN);
  for (let j = 0; j < m; j++) seti(O_STATUS, geti(O_CAND, j), UNDECIDED);
  const nn = m + 1 - k;
  rules = nn >= 3;
  sure = 0;
  startZero = degOf(start) == 0 ? 1 : 0;
  u1a = 0;
  u1b = 0;
  let sm = geti(O_COLOUR, start) == 0 ? 1 : 0;
  undA = 0;
  undB = 0;
  for (let j = 0; j < m; j++) {
    const v = geti(O_CAND, j);
    const c = colourOf(v);
    if (c == 0) {
      if (degOf(v) <= 1) u1a++;
      undA++;
      sm++;
    } else {
      if (degOf(v) <= 1) u1b++;
      undB++;
    }
  }
  empA = 0;
  empB = 0;
  empty = 0;
  manNbr1 = mask(O_NBRMASK, start);
  manNbr2 = 0;
  const want = (nn + 1) >> 1;
  needA = sm - want;
  needB = k - needA;
  depth = 0;
  setf(O_BASE, 0, offset);
  seti(O_LEFT, 0, k);
  next = at;
  needSeek = false;
}

function pruned(): bool {
  if (!rules) return false;
  let ends = sure;
  let more = needA - empA;
  if (more < 0 || undA < more) return true;
  ends += max(0, u1a - more);
  more = needB - empB;
  if (more < 0 || undB < more) return true;
  ends += max(0, u1b - more);
  return ends >= 2 || startZero > 0;
}

@inline function u1add(v: i32, delta: i32): void {
  if (colourOf(v) == 0) u1a += delta;
  else u1b += delta;
}

function decideMan(v: i32): void {
  seti(O_STATUS, v, MAN);
  if (colourOf(v) == 0) undA--;
  else undB--;
  if (degOf(v) <= 1) {
    u1add(v, -1);
    sure++;
  }
}

function undoMan(v: i32): void {
  seti(O_STATUS, v, UNDECIDED);
  if (colourOf(v) == 0) undA++;
  else undB++;
  if (degOf(v) <= 1) {
    u1add(v, 1);
    sure--;
  }
}

function neighbours(v: i32, delta: i32): void {
  for (let e = geti(O_NBRSTART, v); e < geti(O_NBRSTART, v + 1); e++) {
    const w = geti(O_NBR, e);
    const st = geti(O_STATUS, w);
    const d = degOf(w);
    if (st == MAN) {
      if (w == start) {
        if (d == 0) startZero += delta;
      } else if (d == 1) sure += delta;
    } else if (st == UNDECIDED && d == 1) u1add(w, delta);
  }
}

function decideEmpty(v: i32): void {
  const c = colourOf(v);
  seti(O_STATUS, v, EMPTY);
  empty |= bit(v);
  if (c == 0) {
    undA--;
    empA++;
  } else {
    undB--;
    empB++;
  }
  if (degOf(v) <= 1) u1add(v, -1);
  remove(v);
  neighbours(v, 1);
}

function undoEmpty(v: i32): void {
  const c = colourOf(v);
  neighbours(v, -1);
  add(v);
  seti(O_STATUS, v, UNDECIDED);
  empty &= ~bit(v);
  if (c == 0) {
    undA++;
    empA--;
  } else {
    undB++;
    empB--;
  }
  if (degOf(v) <= 1) u1add(v, 1);
}

function ascend(): void {
  while (depth > 0) {
    const d = depth;
    if (next < getf(O_BASE, d) + binom(m - d, geti(O_LEFT, d))) return;
    depth = d - 1;
    const v = geti(O_CAND, m - d);
    if (geti(O_CHOICE, d - 1) == MAN) {
      undoMan(v);
      manNbr1 = mask(O_MAN1, d - 1);
      manNbr2 = mask(O_MAN2, d - 1);
    } else undoEmpty(v);
  }
  if (next >= getf(O_BASE, 0) + binom(m, geti(O_LEFT, 0))) needSeek = true;
}

/** Positions covered by the last step(). */
let doneLast: f64 = 0;

/** PrefixRun.step: up to max positions below hi. Returns STOPPED_MAX, BLOCK_DONE or ESCALATE. */
export function step(max: f64, hi: f64): i32 {
  let done: f64 = 0;
  let result = STOPPED_MAX;
  while (done < max && next < hi) {
    if (needSeek) {
      result = BLOCK_DONE;
      break;
    }
    const d = depth;
    const i = m - d;
    const r = geti(O_LEFT, d);
    const b = getf(O_BASE, d);
    const end = b + binom(i, r);
    count(C_TREE, 1);
    if (pruned() || (r > 0 && rules && (inPos & ~bit(start) & ~manNbr2) == 0)) {
      const upto = min(min(end, hi), next + (max - done));
      const cnt = upto - next;
      count(C_REJECTED + TEST_P, cnt);
      count(C_POSITIONS, cnt);
      next = upto;
      done += cnt;
      if (upto < end) break;
      ascend();
    } else if (r == 0) {
      if (!evaluate()) {
        result = ESCALATE;
        break;
      }
      next += 1;
      done += 1;
      ascend();
    } else {
      const v = geti(O_CAND, i - 1);
      const menSide = binom(i - 1, r);
      if (next < b + menSide) {
        decideMan(v);
        store<u64>(O_MAN1 + (<usize> d << 3), manNbr1);
        store<u64>(O_MAN2 + (<usize> d << 3), manNbr2);
        const nv = mask(O_NBRMASK, v);
        manNbr2 |= manNbr1 & nv;
        manNbr1 |= nv;
        seti(O_CHOICE, d, MAN);
        setf(O_BASE, d + 1, b);
        seti(O_LEFT, d + 1, r);
      } else {
        decideEmpty(v);
        seti(O_CHOICE, d, EMPTY);
        setf(O_BASE, d + 1, b + menSide);
        seti(O_LEFT, d + 1, r - 1);
      }
      depth = d + 1;
    }
  }
  if (result == STOPPED_MAX && needSeek && next < hi) result = BLOCK_DONE;
  doneLast = done;
  return result;
}

/** The caller has decided the escalated position at next: move past it. */
export function leafDone(): void {
  next += 1;
  ascend();
}

export function getNext(): f64 {
  return next;
}
export function getDone(): f64 {
  return doneLast;
}
export function seeking(): bool {
  return needSeek;
}
