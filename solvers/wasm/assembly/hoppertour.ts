/**
 * The full-tour search for hopper tours over a movable hurdle, compiled to
 * WebAssembly (AssemblyScript).
 *
 * This is the twin of fullTourSearch (solvers/hopper-tour/full.ts, whose
 * header argues the rules P, S, Z, R and B). The TypeScript side stays the
 * reference: solvers/hopper-tour/full-kernel.ts builds the tables of one
 * start pair and reads the counts back; the kernel walks the same states in
 * the same order with the same rules, so node counts and the tour found are
 * equal (tests/hopper-tour/hopper_tour_full_test.ts).
 *
 * What differs is the substrate of R and B, the cost of a node. A state
 * (square q, hurdle square h) is written as q and its class, the offset h - q
 * on the index order (a hopper's hurdle stands next to its landing after
 * every jump, so a few classes cover every state: eight for the grasshopper).
 * The steps between states then group into rules (class c, class c', shift
 * d, mask m): from every state (p, c) with p in m there is a step to
 * (p + d, c'). A breadth-first search over states is then one 64-bit mask of
 * squares per class, and a level applies each rule to the frontier with one
 * and, one shift and one and-not: the searches of R and B cost a few hundred
 * word operations instead of a walk over every state and step.
 *
 * Memory: the caller writes a header of 32-bit words at HEADER (sizes, the
 * start pair, the node limit and the byte offsets of the arrays, in the order
 * of the H_* words below) and the arrays, calls run(), and reads the counts
 * and the path back.
 */

const HEADER: usize = 65536;
const H_N = 0; // squares
const H_C = 1; // state classes
const H_R = 2; // rules
const H_CLOSING = 3; // 1: closed or cyclic tours (rules S's last square, Z and B)
const H_LIMIT_LO = 4;
const H_LIMIT_HI = 5;
const H_S0 = 6;
const H_S1 = 7; // (the prefix in pathSq, pathH opens with s0, s1 and h0)
const H_H0 = 8;
const H_NODES_LO = 9; // out
const H_NODES_HI = 10; // out
const H_FOUND = 11; // out: the depth of the tour found (its squares in pathSq, hurdles in pathH), 0 if none
const H_STOPPED = 12; // out: 1 when the node limit stopped the run
const H_ND = 14; // distinct steps (shifts) among the rules
const H_MAXDEG = 15; // most steps from one state
const H_PREFIX = 16; // the depth of the node to search below (its squares and hurdles in pathSq, pathH): 1 for the start pair
// Byte offsets of the arrays (i32 unless marked u64).
const H_STEPSTART = 20; // [n*n + 1] steps of state p*n + h
const H_STEPLAND = 21; // [steps]
const H_STEPHURDLE = 22; // [steps]
const H_CLASSOF = 23; // [n*n] class of state p*n + h (-1: not reachable from the start pair)
const H_ENDOK = 24; // [n*n] 1 when the tour can end in the state (tourEnd)
const H_SUCCSTART = 25; // [n + 1] square graph, successors
const H_SUCC = 26;
const H_PREDSTART = 27; // [n + 1] square graph, predecessors
const H_PRED = 28;
const H_TOSTART = 29; // [n] 1 when the square jumps to s0 in the square graph
const H_RULESTART = 30; // [2 * (classes + 1)] the rules by class stepped from, then by class stepped into
const H_RULECLASS = 31; // [2 * rules] the other class of each rule: stepped into (first half), from (second)
const H_RULESHIFT = 32; // [4 * rules] left and right shift of each rule on the index order (one of them 0; backward rules reversed)
const H_RULEMASK = 33; // u64 [2 * rules] the squares stepped from
const H_CLOSER = 34; // u64 [classes] squares whose state of the class jumps to s0
const H_PATHSQ = 35; // [n + 1] out
const H_PATHH = 36; // [n + 1] out
const H_PREDLEFT = 37; // [n] scratch
const H_SUCCLEFT = 38; // [n] scratch
const H_MASKS = 39; // u64 [4 * classes] scratch: forward, frontier, backward, back frontier
const H_KIDS = 40; // [(n + 1) * maxDeg] scratch: the children of each depth
const H_RULEDELTA = 41; // [rules] the step of each forward rule, as an index into the distinct steps
const H_DELTASHIFT = 42; // [2 * nd] left and right shift of each distinct step
const H_DELTAVALUE = 43; // [nd] each distinct step on the index order
const H_DEGREE = 44; // u64 [2 * nd] scratch of rule D: squares entered, squares left, by each step
const H_FORCEDTO = 45; // [n] scratch of rule D: each square's forced successor

let n: i32 = 0;
let C: i32 = 0;
let R: i32 = 0;
let closing = false;
let s0: i32 = 0;
let board: u64 = 0;
let visited: u64 = 0;
let nodes: i64 = 0;
let limit: i64 = 0;
let found: i32 = 0;
let stopped = false;
let noPred: i32 = 0;
let noSucc: i32 = 0;
let noLast: i32 = 0;

let pStepStart: usize = 0;
let pStepLand: usize = 0;
let pStepHurdle: usize = 0;
let pClassOf: usize = 0;
let pEndOk: usize = 0;
let pSuccStart: usize = 0;
let pSucc: usize = 0;
let pPredStart: usize = 0;
let pPred: usize = 0;
let pToStart: usize = 0;
let pRuleStart: usize = 0;
let pRuleClass: usize = 0;
let pRuleShift: usize = 0;
let pRuleMask: usize = 0;
let pCloser: usize = 0;
let pPathSq: usize = 0;
let pPathH: usize = 0;
let pPredLeft: usize = 0;
let pSuccLeft: usize = 0;
let pFwd: usize = 0;
let pFront: usize = 0;
let pBack: usize = 0;
let pBFront: usize = 0;
let pKids: usize = 0;
let pRuleDelta: usize = 0;
let pDeltaShift: usize = 0;
let pDeltaValue: usize = 0;
let pPredBy: usize = 0;
let pSuccBy: usize = 0;
let ND: i32 = 0;
let pForcedTo: usize = 0;
let maxDeg: i32 = 0;

@inline function hdr(i: i32): i32 {
  return load<i32>(HEADER + (<usize> i << 2));
}
@inline function setHdr(i: i32, v: i32): void {
  store<i32>(HEADER + (<usize> i << 2), v);
}
@inline function get(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize> i << 2));
}
@inline function put(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize> i << 2), v);
}
@inline function get64(p: usize, i: i32): u64 {
  return load<u64>(p + (<usize> i << 3));
}
@inline function put64(p: usize, i: i32, v: u64): void {
  store<u64>(p + (<usize> i << 3), v);
}
@inline function bit(s: i32): u64 {
  return (<u64> 1) << <u64> s;
}
@inline function isVisited(s: i32): bool {
  return ((visited >> <u64> s) & 1) != 0;
}
/**
 * Shift a mask along the index order by rule r's step: a left and a right shift, one of them 0, so that no
 * branch depends on the step's sign (the rules of a class alternate signs; a branch on it mispredicts).
 */
@inline function shift(m: u64, r: i32): u64 {
  const q = pRuleShift + (<usize> r << 3);
  return (m << <u64> load<i32>(q)) >> <u64> load<i32>(q, 4);
}

/** A square whose count of squares left on one side drops to 0 joins noPred or noSucc (noLast too if it cannot be last). */
@inline function cannotBeLast(s: i32): bool {
  return closing && get(pToStart, s) == 0;
}

function visit(x: i32): void {
  visited |= bit(x);
  if (get(pPredLeft, x) == 0) noPred--;
  if (get(pSuccLeft, x) == 0) {
    noSucc--;
    if (cannotBeLast(x)) noLast--;
  }
  for (let i = get(pSuccStart, x), e = get(pSuccStart, x + 1); i < e; i++) {
    const q = get(pSucc, i);
    const c = get(pPredLeft, q) - 1;
    put(pPredLeft, q, c);
    if (c == 0 && !isVisited(q)) noPred++;
  }
  for (let i = get(pPredStart, x), e = get(pPredStart, x + 1); i < e; i++) {
    const r = get(pPred, i);
    const c = get(pSuccLeft, r) - 1;
    put(pSuccLeft, r, c);
    if (c == 0 && !isVisited(r)) {
      noSucc++;
      if (cannotBeLast(r)) noLast++;
    }
  }
}

function unvisit(x: i32): void {
  for (let i = get(pPredStart, x), e = get(pPredStart, x + 1); i < e; i++) {
    const r = get(pPred, i);
    const c = get(pSuccLeft, r);
    put(pSuccLeft, r, c + 1);
    if (c == 0 && !isVisited(r)) {
      noSucc--;
      if (cannotBeLast(r)) noLast--;
    }
  }
  for (let i = get(pSuccStart, x), e = get(pSuccStart, x + 1); i < e; i++) {
    const q = get(pSucc, i);
    const c = get(pPredLeft, q);
    put(pPredLeft, q, c + 1);
    if (c == 0 && !isVisited(q)) noPred--;
  }
  visited &= ~bit(x);
  if (get(pPredLeft, x) == 0) noPred++;
  if (get(pSuccLeft, x) == 0) {
    noSucc++;
    if (cannotBeLast(x)) noLast++;
  }
}

/**
 * Rules R and B from state (p, class c0): do the states on ways to the end cover `need` squares of U?
 * Each search keeps a frontier per class and sweeps the classes in order, a class's new states joining
 * the frontier at once, so a later class in the same sweep already steps on from them (fewer sweeps than
 * levels); every state is stepped from once, and the fixed point is the set of states reached.
 */
function reachesAll(p: i32, c0: i32, need: i32): bool {
  const open = board & ~visited;
  for (let c = 0; c < C; c++) {
    put64(pFwd, c, 0);
    put64(pFront, c, 0);
  }
  put64(pFwd, c0, bit(p));
  put64(pFront, c0, bit(p));
  let covered: u64 = 0;
  let grew: u64 = 1;
  while (grew != 0) {
    grew = 0;
    for (let c = 0; c < C; c++) {
      const f = get64(pFront, c);
      if (f == 0) continue;
      put64(pFront, c, 0);
      // Branch-free: a rule that adds nothing ors in zeros.
      for (let r = get(pRuleStart, c), e = get(pRuleStart, c + 1); r < e; r++) {
        const to = get(pRuleClass, r);
        const old = get64(pFwd, to);
        const y = shift(f & get64(pRuleMask, r), r) & open & ~old;
        put64(pFwd, to, old | y);
        put64(pFront, to, get64(pFront, to) | y);
        grew |= y;
      }
    }
    covered |= grew;
    if (!closing && <i32> popcnt(covered) >= need) return true;
  }
  if (<i32> popcnt(covered) < need || !closing) return false;
  // B: backwards from the reached states that jump to s0, through reached states of U, to the fixed point
  // (its states are the ones the next state must be among).
  covered = 0;
  for (let c = 0; c < C; c++) {
    const x = get64(pFwd, c) & open & get64(pCloser, c);
    put64(pBack, c, x);
    put64(pBFront, c, x);
    covered |= x;
  }
  grew = 1;
  while (grew != 0) {
    grew = 0;
    for (let c = 0; c < C; c++) {
      const g = get64(pBFront, c);
      if (g == 0) continue;
      put64(pBFront, c, 0);
      for (let r = get(pRuleStart, C + 1 + c), e = get(pRuleStart, C + 2 + c); r < e; r++) {
        const from = get(pRuleClass, r);
        const old = get64(pBack, from);
        const y = shift(g, r) & get64(pRuleMask, r) & get64(pFwd, from) & open & ~old;
        put64(pBack, from, old | y);
        put64(pBFront, from, get64(pBFront, from) | y);
        grew |= y;
      }
    }
    covered |= grew;
  }
  return <i32> popcnt(covered) >= need;
}

/** Shift a mask by distinct step d (back: by its opposite). */
@inline function stepBy(m: u64, d: i32, back: bool): u64 {
  const q = pDeltaShift + (<usize> d << 3);
  const l = <u64> load<i32>(q), r = <u64> load<i32>(q, 4);
  return back ? (m << r) >> l : (m << l) >> r;
}

/**
 * Rule D (full.ts degreeRule) after B, on B's masks: per distinct step, the squares entered and the squares
 * left by a step between B's states (or from the current state); a square counts its predecessor squares by
 * the steps that enter it (one step, one square). Returns -1 when D kills the state, else the square the next
 * move must land on, or n for any.
 */
function degreeRule(p: i32, c0: i32): i32 {
  const open = board & ~visited;
  for (let d = 0; d < ND; d++) put64(pPredBy, d, 0);
  let last: u64 = 0;
  for (let c = 0; c < C; c++) {
    const b = get64(pBack, c);
    last |= b & get64(pCloser, c);
    const src = c == c0 ? b | bit(p) : b;
    if (src == 0) continue;
    for (let r = get(pRuleStart, c), e = get(pRuleStart, c + 1); r < e; r++) {
      const y = shift(src & get64(pRuleMask, r), r) & get64(pBack, get(pRuleClass, r));
      const d = get(pRuleDelta, r);
      put64(pPredBy, d, get64(pPredBy, d) | y);
    }
  }
  // The squares left by a step are the squares it enters, shifted back: one shift a step, not one a rule.
  for (let d = 0; d < ND; d++) put64(pSuccBy, d, stepBy(get64(pPredBy, d), d, true));
  // Squares of U entered by one step only (one predecessor square), left by one only (one successor square).
  let in1: u64 = 0, in2: u64 = 0, out1: u64 = 0, out2: u64 = 0;
  for (let d = 0; d < ND; d++) {
    const x = get64(pPredBy, d), y = get64(pSuccBy, d);
    in2 |= in1 & x;
    in1 |= x;
    out2 |= out1 & y;
    out1 |= y;
  }
  if ((open & ~in1) != 0 || (open & ~last & ~out1) != 0) return -1;
  const onlyIn = in1 & ~in2 & open, onlyOut = out1 & ~out2 & open & ~last;
  // The forced steps, as each square's forced successor (valid where `stepped` has the square's bit).
  let forced: u64 = 0, into: u64 = 0, stepped: u64 = 0, next = n;
  for (let d = 0; d < ND; d++) {
    const from = stepBy(get64(pPredBy, d) & onlyIn, d, true);
    if ((forced & from) != 0) return -1; // one square would have two successors
    forced |= from;
    const delta = get(pDeltaValue, d);
    if ((from & bit(p)) != 0) next = p + delta;
    const to = stepBy(get64(pSuccBy, d) & onlyOut, d, false);
    if ((into & to) != 0) return -1; // one square would have two predecessors
    into |= to;
    // Both kinds agree where both apply (full.ts): a square's forced successor is written once or twice alike.
    let rs = from | stepBy(to, d, true);
    stepped |= rs;
    while (rs != 0) {
      const r = <i32> ctz(rs);
      rs &= rs - 1;
      put(pForcedTo, r, r + delta);
    }
  }
  // Forced steps are steps of the tour, a path: a cycle of them kills the state (p starts none: nothing enters it).
  let todo = stepped & open;
  while (todo != 0) {
    const r = <i32> ctz(todo);
    todo &= todo - 1;
    let x = get(pForcedTo, r), steps = 0;
    while (x != r && steps < n && (stepped & bit(x)) != 0) {
      x = get(pForcedTo, x);
      steps++;
    }
    if (x == r) return -1;
  }
  return next;
}

function dfs(p: i32, h: i32, depth: i32, left: i32): void {
  if (++nodes > limit) {
    stopped = true;
    return;
  }
  const ph = p * n + h;
  if (left == 0) {
    if (get(pEndOk, ph) != 0) found = depth;
    return;
  }
  if (noPred > 1 || noSucc > 1 || noLast > 0) return;
  if (closing && get(pPredLeft, s0) == 0) return;
  if (!reachesAll(p, get(pClassOf, ph), left)) return;
  const next = closing ? degreeRule(p, get(pClassOf, ph)) : n;
  if (next < 0) return;
  const only = noPred == 1;
  // The children first (the searches below them overwrite the masks): B, the next state is one of its states.
  const base = depth * maxDeg;
  let k = 0;
  for (let i = get(pStepStart, ph), e = get(pStepStart, ph + 1); i < e; i++) {
    const q = get(pStepLand, i);
    if (isVisited(q) || (only && get(pPredLeft, q) != 0)) continue;
    if (closing && (get64(pBack, get(pClassOf, q * n + get(pStepHurdle, i))) & bit(q)) == 0) continue;
    if (next < n && q != next) continue;
    put(pKids, base + k++, i);
  }
  for (let j = 0; j < k; j++) {
    const i = get(pKids, base + j), q = get(pStepLand, i);
    const hq = get(pStepHurdle, i);
    visit(q);
    put(pPathSq, depth + 1, q);
    put(pPathH, depth, hq);
    dfs(q, hq, depth + 1, left - 1);
    unvisit(q);
    if (found != 0 || stopped) return;
  }
}

/** Search the start pair of the header to the end (or the node limit, or the first tour). */
export function run(): void {
  n = hdr(H_N);
  C = hdr(H_C);
  R = hdr(H_R);
  closing = hdr(H_CLOSING) != 0;
  s0 = hdr(H_S0);
  limit = (<i64> hdr(H_LIMIT_HI) << 32) | (<i64> hdr(H_LIMIT_LO) & 0xffffffff);
  pStepStart = <usize> hdr(H_STEPSTART);
  pStepLand = <usize> hdr(H_STEPLAND);
  pStepHurdle = <usize> hdr(H_STEPHURDLE);
  pClassOf = <usize> hdr(H_CLASSOF);
  pEndOk = <usize> hdr(H_ENDOK);
  pSuccStart = <usize> hdr(H_SUCCSTART);
  pSucc = <usize> hdr(H_SUCC);
  pPredStart = <usize> hdr(H_PREDSTART);
  pPred = <usize> hdr(H_PRED);
  pToStart = <usize> hdr(H_TOSTART);
  pRuleStart = <usize> hdr(H_RULESTART);
  pRuleClass = <usize> hdr(H_RULECLASS);
  pRuleShift = <usize> hdr(H_RULESHIFT);
  pRuleMask = <usize> hdr(H_RULEMASK);
  pCloser = <usize> hdr(H_CLOSER);
  pPathSq = <usize> hdr(H_PATHSQ);
  pPathH = <usize> hdr(H_PATHH);
  pPredLeft = <usize> hdr(H_PREDLEFT);
  pSuccLeft = <usize> hdr(H_SUCCLEFT);
  const masks = <usize> hdr(H_MASKS), step = <usize> C << 3;
  pFwd = masks;
  pFront = masks + step;
  pBack = masks + 2 * step;
  pBFront = masks + 3 * step;
  pKids = <usize> hdr(H_KIDS);
  ND = hdr(H_ND);
  pRuleDelta = <usize> hdr(H_RULEDELTA);
  pDeltaShift = <usize> hdr(H_DELTASHIFT);
  pDeltaValue = <usize> hdr(H_DELTAVALUE);
  pPredBy = <usize> hdr(H_DEGREE);
  pSuccBy = pPredBy + (<usize> ND << 3);
  pForcedTo = <usize> hdr(H_FORCEDTO);
  maxDeg = hdr(H_MAXDEG);
  board = n == 64 ? ~(<u64> 0) : (bit(n) - 1);
  visited = 0;
  nodes = 0;
  found = 0;
  stopped = false;
  noPred = 0;
  noSucc = 0;
  noLast = 0;
  for (let q = 0; q < n; q++) {
    put(pPredLeft, q, get(pPredStart, q + 1) - get(pPredStart, q));
    put(pSuccLeft, q, get(pSuccStart, q + 1) - get(pSuccStart, q));
    if (get(pPredLeft, q) == 0) noPred++;
    if (get(pSuccLeft, q) == 0) {
      noSucc++;
      if (cannotBeLast(q)) noLast++;
    }
  }
  // The way to the node searched (the caller wrote it and checked it): its squares visited in order.
  const d = hdr(H_PREFIX);
  for (let k = 0; k <= d; k++) visit(get(pPathSq, k));
  dfs(get(pPathSq, d), get(pPathH, d - 1), d, n - 1 - d);
  setHdr(H_NODES_LO, <i32> nodes);
  setHdr(H_NODES_HI, <i32> (nodes >> 32));
  setHdr(H_FOUND, found);
  setHdr(H_STOPPED, stopped ? 1 : 0);
}
