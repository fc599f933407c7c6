/**
 * The combinatorial method for SerienZiel, faster: a decision tree over the
 * squares the BFS actually looks at (our method; search.ts has the plain one
 * it is tested against).
 *
 * Idea. Run the BFS from the hopper's square with every square *undecided*.
 * A hopper's move from v along a line looks at the squares of that line in
 * order up to the first man and at the square behind him, nothing else
 * (pieces/hopper.ts). Whenever the BFS is about to look at an undecided
 * square, branch: the square is empty, or (if hurdles remain) it holds a
 * hurdle; then go on with the same scan. When the queue runs dry we are at a
 * leaf: the touched hurdles T (t of them) and the squares declared empty are
 * fixed, and u allowed squares were never looked at.
 *
 * Why this is exact. (1) Every hurdle set H follows exactly one root-to-leaf
 * path (each branch asks "is this square in H?"), ending at the leaf whose
 * touched set is T = the hurdles of H the BFS of H looks at. (2) At that
 * leaf the BFS of H has run to the end, and it never looked at the other
 * hurdles of H (they lie on never-examined squares), so H has exactly the
 * distances and shortest-path counts of the leaf. (3) Conversely every
 * choice of k - t of the u unexamined squares completes the leaf to a k-set
 * that follows the same path. So a leaf stands for C(u, k - t) positions with
 * k hurdles, all with the leaf's values: the maximum over all k-sets is the
 * maximum over the leaves with t <= k <= t + u, and the number of positions,
 * summed over the leaves, must equal C(squares, k): the certificate records
 * that sum as a coverage check. One tree with K hurdles at most answers
 * k = 1..K at once.
 *
 * Why it is faster. Sets that differ only on squares the BFS never looks at
 * are one leaf (with few hurdles and a blocked hopper most squares are never
 * looked at), and the BFS work above a branch point is shared by all leaves
 * below it: each branch undoes its own changes from a trail (no copies, no
 * allocation per node).
 *
 * Symmetry: the starts of search.ts's enumeration space (canonical squares;
 * the bishophopper's colour convention) — the same reduction, argued there.
 *
 * Branch and bound (opts.bound). A node of the tree stands, for each k, for
 * the C(u, k - t) k-sets that agree with its decisions (the coverage argument
 * above, applied to the node instead of a leaf). For each such k-set H the
 * BFS of H repeats the node's partial BFS exactly and then goes on; we bound
 * what the rest can add:
 *  - a square is discovered later only by a hop landing on it, i.e. w = h + d
 *    for a hurdle h of H and a direction d whose line reaches h from behind
 *    (h - d on the board; `landing` lists each h's squares h + d, and cntH/cntU
 *    count each w's placed and undecided landers). So a square discovered
 *    later is undiscovered now, not a hurdle, and either has a placed hurdle
 *    among its landers (set X) or an undecided lander that becomes one of the
 *    k - t added hurdles (set Y; and an added hurdle has at most `maxLand`
 *    landing squares). New squares <= |X| + min(|Y|, maxLand (k - t)) =: N_k.
 *  - squares discovered so far keep their distances (BFS order); every
 *    distance above the largest one now, D, needs a newly discovered square of
 *    its own (a BFS level is never empty below the last one). So
 *    longest <= D + N_k, dual-free <= longest, reached <= reached now + N_k.
 * When for some k all three bounds are <= the best values already found for
 * k (values of real positions, so never above the true maxima), no k-set of
 * this node can beat them: its C(u, k - t) positions are counted here and k
 * is dropped from the subtree (`live` mask); the branching depth follows the
 * largest live k, and a node with no live k left is cut. Maxima and position
 * counts stay exact (tests/hopper/hopper_lazy_bound_test.ts compares them with the plain
 * method and the unbounded tree). The child that has just placed the kTop-th
 * hurdle is checked once more (settledAtTop): it stands for one position, so
 * Y plays no part and the bound is D + |X| (the last-hurdle argument below,
 * with X counted as here); if that does not settle it, its tail is watched as
 * below. Rookhopper K = 9, start a1, one k: 86.5e6 -> 33.6e6 leaves, CPU
 * 1.34x less (bench/hopper.json serienziel-rookhopper-one-k-bound). Best
 * values may be seeded with known positions (opts.seeds): they are
 * re-evaluated here, so a seed is a real position and the reported maximum
 * keeps a witness.
 * Last hurdle (opts.lastHurdle, our grasshopper variant). The same bound,
 * evaluated only in the child that has just placed its kTop-th hurdle: that
 * child stands for one position (k = t = kTop; any other set in its subtree
 * would need more hurdles), so Y plays no part and the bound is D + |X|
 * (longest, dual-free) and reached + |X| (reach). X is counted there
 * directly from the placed hurdles' landing squares (at most 8 per hurdle),
 * so no other node pays for bookkeeping; a landing square w = h + d counts
 * only through a hurdle h whose square behind, h - d, is no hurdle (the
 * hopper stands there or passes it empty on its way to h). X is counted once
 * at the node with kTop - 1 hurdles and carried to each last hurdle q
 * (countX1): discoveries in between are X squares, q leaves X, and q's own
 * landing squares join it (b2, K = 5: 1.43 -> 1.13 s CPU). The argument is the one above,
 * unchanged: after this node no square is ever marked a hurdle, a later
 * discovery is a hop landing behind a placed hurdle, and each distance above
 * D needs a discovery of its own. When the bound does not settle the child
 * at once (longest and dual-free only; the reach bound must hold already),
 * the tail is watched: every later discovery is one of X (a hop lands behind
 * a placed hurdle, and no hurdle is added), so it lowers |X| by one and
 * raises D by at most one; a discovery at the current largest distance
 * lowers D + |X| by one, and once D + |X| is down to the best values the rest
 * of the tail cannot beat them: its one position is counted and the tail
 * stops. opts.onlyK (count only positions with exactly k hurdles, when the
 * smaller k are proven already) stops the tree at k hurdles. Measured on the
 * grasshopper, K = 5, start b2, seeded with the proven maxima: the check at
 * the node alone 32% fewer leaves, 6.5% less CPU; with the watched tail 60%
 * fewer leaves, 35% less CPU (2.24 -> 1.45 s): the tails after the last
 * hurdle are 92% of the squares the scans read (bench/hopper.json). A
 * closure that also drops X squares no remaining square can hop to cut 85% of
 * the tails but cost more than they did (2.49 s): not used.
 * Where it bites: with 4 directions (rookhopper) few squares wait beside the
 * placed hurdles and the bound settles most nodes near the bottom (K = 6:
 * about 20x fewer leaves); the grasshopper's 8 directions leave |X| ~ 10 and
 * |Y| >> 8 at a typical node one hurdle above the leaves, so it saves ~10%
 * there, and the nightriderhopper's tree is already small (bench/hopper.json).
 *
 * Probes (opts.probe: projections, never proofs). Knuth's estimator of a
 * tree's size (Math. Comp. 29, 1975), with unequal choices: walk one
 * root-to-leaf path, at each branch taking the hurdle child with
 * probability p and the empty one with 1 - p, and weigh the leaf reached by
 * the product of 1 / (the probability of each choice on its path). Every
 * leaf is reached with probability exactly 1 / its weight, so the weight of
 * the leaf reached, averaged over walks, is an unbiased estimate of the
 * number of leaves, whatever p is (0 < p < 1); the weight at each branch
 * node on the path likewise estimates the branch nodes. p only sets the
 * variance: a tree with r hurdles still to place among about u undecided
 * squares has about C(u - 1, r - 1) leaves below a hurdle and C(u - 1, r)
 * below an empty square, so p = r / u comes near drawing leaves uniformly
 * (with 1/2 the walks place their hurdles at once and almost never reach
 * the many leaves whose hurdles come late: 1,562 for 13,078 leaves on a
 * grasshopper tree). The walk is the tree's own (same bound, same seeds,
 * same cuts), so the estimate is of the tree the proof would walk; a walk's
 * other counts (positions, maxima) are of its one path and mean nothing.
 * Heavy tails make the mean of few walks err low: the caller reports the
 * spread.
 *
 * Compiled twin: solvers/hopper/kernel.ts walks this tree in WebAssembly with
 * the same result in every field (tests/hopper/hopper_kernel_test.ts); this file
 * stays the reference, and the proofs run on the twin by default.
 */
import { binomial } from "../lib/binomial.ts";
import type { Board, Square } from "../types.ts";
import { hopper, type HopperKind } from "../pieces/hopper.ts";
import { colourOf } from "../board/board.ts";
import { stabilizer } from "../board/symmetry.ts";
import { enumerationSpace, type HopperPosition } from "./search.ts";
import { makeScratch, occupancy, reachSummary } from "./serienziel.ts";

const UNDECIDED = 0, EMPTY = 1, HURDLE = 2;

export interface LazyMaxima {
  /** Positions with exactly k hurdles (sum over leaves of C(u, k - t)); must equal C(hurdle squares, k). */
  positions: number;
  longest: HopperPosition | null;
  dualFree: HopperPosition | null;
  reach: HopperPosition | null;
}

export interface LazyResult {
  kind: HopperKind;
  board: number[];
  maxHurdles: number;
  /** perK[k] for k = 0..maxHurdles, summed over the starts. */
  perK: LazyMaxima[];
  starts: { start: Square; positions: number[]; leaves: number }[];
  leaves: number;
  /** (node, k) pairs settled by the bound (header), 0 without it. */
  cuts: number;
  /** With opts.probe: the branch nodes' weights summed over the walks (header, "Probes"). */
  branchNodes?: number;
  seconds: number;
}

/** The better of two witnesses for one column (ties keep the first): merges runs made in pieces (opts.only). */
export function betterPosition(
  a: HopperPosition | null,
  b: HopperPosition | null,
  col: "longest" | "dualFree" | "reached",
): HopperPosition | null {
  return b && (!a || b[col] > a[col]) ? b : a;
}

/** Rows 0..n of Pascal's triangle, for the inner loops' lookups. */
function binomialTable(n: number): Float64Array[] {
  return Array.from({ length: n + 1 }, (_, i) => Float64Array.from({ length: n + 1 }, (_, j) => binomial(i, j)));
}

/**
 * Every position of one hopper and 0..K hurdles on the hurdle squares of
 * search.ts's enumeration space, by the decision tree above.
 */
export interface LazyOptions {
  onStart?: (done: number, total: number) => void;
  /** Branch and bound (header): cut subtrees that cannot beat the best values found. */
  bound?: boolean;
  /** Known positions (any k <= K) whose values start the best values per k (they may then be the witnesses returned). */
  seeds?: { start: Square; hurdles: Square[] }[];
  /** Walk only these starts (indices into the enumeration space): a run in pieces, merged by the caller. */
  only?: readonly number[];
  /**
   * Count only the positions with exactly this many hurdles (K itself when
   * the smaller counts are proven elsewhere). The tree then never places more
   * than onlyK hurdles, and with `lastHurdle` a settled node is cut whole. Exact
   * for this k by the header's coverage argument applied to one k; perK of
   * the other k stays empty.
   */
  onlyK?: number;
  /**
   * The bound at the last hurdle only (header, "Last hurdle"), its X counted
   * directly from the placed hurdles: no bookkeeping on the other nodes.
   * Seeds as for `bound`.
   */
  lastHurdle?: boolean;
  /**
   * Squares whose status is fixed before the tree is walked: a start split into pieces (the prover's --split,
   * splitPresets). The walks of presets that split the positions (each position agrees with exactly one of
   * them) together count each position once, and the maximum over them is the start's: the tree below a
   * preset is the header's, with the preset squares decided at the root (its hurdles count among the placed
   * ones, for k and for the bounds' landers). Every square must be a hurdle square of each start walked; a
   * preset with more hurdles than the largest k counted walks nothing.
   */
  preset?: { empty: readonly Square[]; hurdles: readonly Square[] };
  /** Tests: recount X at every last hurdle and throw when the carried count is below it (it must bound it). */
  checkCarriedX?: boolean;
  /**
   * Knuth's estimator (header, "Probes"): `walks` random root-to-leaf walks per start instead of the tree,
   * `random` (uniform in [0, 1)) choosing the children; each walk's weights go to onWalk, and `leaves` and
   * `branchNodes` of the result are their sums.
   */
  probe?: { random: () => number; walks: number; onWalk: (startIndex: number, leaves: number, branchNodes: number) => void };
}

/** The option checks of exhaustiveLazy (and of its compiled twin, solvers/hopper/kernel.ts). */
export function checkLazyOptions(K: number, opts: LazyOptions): void {
  if (K > 30) throw new Error(`at most 30 hurdles (the live mask is 32 bits), got ${K}`);
  const onlyK = opts.onlyK;
  if (onlyK !== undefined && !(Number.isInteger(onlyK) && onlyK >= 0 && onlyK <= K)) {
    throw new Error(`onlyK must be a whole number 0..${K}, got ${onlyK}`);
  }
  if (opts.lastHurdle && opts.bound) throw new Error("bound and lastHurdle are two versions of one bound: choose one");
}

/**
 * A start's pieces (the prover's --split): F lists the squares along the rays from the start, ring by ring
 * (every ray's first square, then every second, ...), those that are hurdle squares, at most `count`; piece
 * j < |F| presets F[0..j-1] empty and F[j] a hurdle, and piece |F| presets all of F empty. Each position
 * falls in exactly one piece (its first hurdle in F, or none), so the all-empty piece holds only the
 * positions with no hurdle on F and no piece holds much of the start. No piece costs a leaf: the BFS looks at the m-th square of a ray
 * whenever the squares before its (m-1)-th are empty (the scan passes them, then passes the (m-1)-th or
 * hops over it onto the m-th), and in piece j every square of F up to F[j] has only empty squares before
 * it on its ray (the earlier rings come first in F), so every root-to-leaf path of the whole tree decides
 * them too: the pieces' trees have, together, the whole tree's leaves (the bounds may cut at other nodes,
 * since each piece starts from the seeds alone).
 */
export function splitPresets(
  kind: HopperKind,
  board: Board,
  sp: { start: Square; hurdleSquares: readonly Square[] },
  count: number,
): SplitPiece[] {
  const rays = hopper(kind).rays(board);
  const nd = rays.directions, st = rays.start, sq = rays.sq;
  const allowed = new Set(sp.hurdleSquares);
  const f: Square[] = [];
  for (let ring = 0, more = true; more && f.length < count; ring++) {
    more = false;
    for (let dk = 0; dk < nd && f.length < count; dk++) {
      const i = st[sp.start * nd + dk] + ring;
      if (i >= st[sp.start * nd + dk + 1]) continue;
      more = true;
      if (allowed.has(sq[i])) f.push(sq[i]);
    }
  }
  return [...f.map((q, j) => ({ empty: f.slice(0, j), hurdles: [q] })), { empty: f, hurdles: [] }];
}

/** A piece of a start (the prover's --split); `mirrorOf`: the index of the piece it is the mirror image of. */
export interface SplitPiece {
  empty: Square[];
  hurdles: Square[];
  mirrorOf?: number;
}

/**
 * splitPresets for a start that a reflection of the board fixes (on 8x8 the squares of the long diagonal,
 * a1, b2, c3, d4, and the reflection in it), with that reflection used: the same squares F along the rays,
 * grouped into units, each square with its mirror image (one unit of two), or alone where the reflection fixes
 * it. Piece j presets the units before j empty and unit j not all empty: a single square a hurdle, or of a
 * pair (a, b), a before b in F, (a hurdle, b empty), (a empty, b hurdle) or both hurdles; the last piece presets
 * all of F empty. Each position falls in exactly one piece (its first unit in F with a hurdle, and that unit's
 * statuses). The reflection maps the positions of (a hurdle, b empty) one to one onto those of (a empty, b
 * hurdle): it fixes the start, maps the hurdle squares onto themselves (checked) and the empty units before j
 * onto themselves, swaps a and b, and keeps the number of hurdles; and it maps the hopper's moves onto its moves
 * (board/symmetry.ts), so a position and its image have the same distances and shortest-path counts, read
 * off mirrored squares: the same longest path, unique longest path and reach. So the second piece of each
 * pair has the first's position counts and maxima (a witness of the first, reflected, is one of the second):
 * it carries `mirrorOf`, and the prover walks only the other. No piece costs a leaf, as in splitPresets: the
 * two squares of a pair lie on two rays at the same ring (the reflection maps rays from the start onto rays,
 * ring onto ring), and every square before either on its ray is in an earlier ring, so in an earlier unit.
 * Returns splitPresets' pieces when no reflection fixes the start and its hurdle squares.
 */
export function mirrorPresets(
  kind: HopperKind,
  board: Board,
  sp: { start: Square; hurdleSquares: readonly Square[] },
  count: number,
): SplitPiece[] {
  const allowed = new Set(sp.hurdleSquares);
  const mirror = stabilizer(board, sp.start).find((g) => {
    let moved = false;
    for (let q = 0; q < board.size; q++) {
      if (g.map[g.map[q]] !== q) return false;
      if (g.map[q] !== q) moved = true;
      if (allowed.has(q) !== allowed.has(g.map[q])) return false;
    }
    return moved;
  });
  if (!mirror) return splitPresets(kind, board, sp, count);
  const f = splitPresets(kind, board, sp, count).at(-1)!.empty;
  const units: Square[][] = [];
  const seen = new Set<Square>();
  for (const q of f) {
    if (seen.has(q)) continue;
    const r = mirror.map[q];
    if (r !== q && !allowed.has(r)) throw new Error(`mirror of hurdle square ${q} is no hurdle square`);
    const unit = r === q ? [q] : [q, r];
    for (const x of unit) seen.add(x);
    units.push(unit);
  }
  const out: SplitPiece[] = [];
  const before: Square[] = [];
  for (const unit of units) {
    if (unit.length === 1) out.push({ empty: [...before], hurdles: [unit[0]] });
    else {
      const [a, b] = unit;
      out.push({ empty: [...before, b], hurdles: [a] });
      out.push({ empty: [...before, a], hurdles: [b], mirrorOf: out.length - 1 });
      out.push({ empty: [...before], hurdles: [a, b] });
    }
    before.push(...unit);
  }
  out.push({ empty: before, hurdles: [] });
  return out;
}

/** The preset of opts.preset for one start, checked (its squares hurdle squares of the start, each once), hurdles increasing. */
export function presetFor(
  sp: { start: Square; hurdleSquares: readonly Square[] },
  preset: LazyOptions["preset"],
): { empty: Square[]; hurdles: Square[] } {
  if (!preset) return { empty: [], hurdles: [] };
  const all = [...preset.empty, ...preset.hurdles];
  const allowed = new Set(sp.hurdleSquares);
  for (const q of all) {
    if (!allowed.has(q)) throw new Error(`preset square ${q} is not a hurdle square of start ${sp.start}`);
  }
  if (new Set(all).size !== all.length) throw new Error(`a preset square is given twice: ${all.join(",")}`);
  return { empty: [...preset.empty], hurdles: [...preset.hurdles].sort((a, b) => a - b) };
}

/**
 * Landers (header): the landers of w are w - d with w - 2d on the board;
 * landing[landStart[q] ..] lists the w with q among their landers, and
 * landOpp[j] the direction from q back to the square behind it; maxLand is
 * the most landing squares of one square.
 */
export function landingTable(
  kind: HopperKind,
  board: Board,
): { landStart: Int32Array; landing: Int32Array; landOpp: Int32Array; maxLand: number } {
  const rays = hopper(kind).rays(board);
  const nd = rays.directions, st = rays.start, sq = rays.sq;
  const n = board.size;
  const behind = new Uint8Array(n * nd);
  for (let p = 0; p < n; p++) {
    for (let dk = 0; dk < nd; dk++) if (st[p * nd + dk] < st[p * nd + dk + 1]) behind[sq[st[p * nd + dk]] * nd + dk] = 1;
  }
  const landStart = new Int32Array(n + 1);
  const landSq: number[] = [], landBack: number[] = [];
  // opposite[dk]: the direction back along dk's line (landOpp[j]: the one from the hurdle to the square behind it).
  const vecs = hopper(kind).directions(board.dims.length);
  const opposite = vecs.map((v) => vecs.findIndex((u) => u.every((c, i) => c === -v[i])));
  if (opposite.some((o) => o < 0)) throw new Error(`${kind}: a direction without its opposite`);
  let maxLand = 0;
  for (let q = 0; q < n; q++) {
    landStart[q] = landSq.length;
    for (let dk = 0; dk < nd; dk++) {
      // The ray from q in direction d starts at q + d; behind[q, d]: q - d is on the board (q is the first square of its ray).
      const a = st[q * nd + dk];
      if (a < st[q * nd + dk + 1] && behind[q * nd + dk]) (landSq.push(sq[a]), landBack.push(opposite[dk]));
    }
    maxLand = Math.max(maxLand, landSq.length - landStart[q]);
  }
  landStart[n] = landSq.length;
  return { landStart, landing: Int32Array.from(landSq), landOpp: Int32Array.from(landBack), maxLand };
}

/**
 * Seeds: real positions (checked here, valued by an independent BFS), so the
 * best values never exceed the maxima; each better one becomes perK's witness.
 */
export function seedMaxima(
  kind: HopperKind,
  board: Board,
  K: number,
  seeds: readonly { start: Square; hurdles: Square[] }[],
  perK: LazyMaxima[],
  bestL: Int32Array,
  bestD: Int32Array,
  bestR: Int32Array,
): void {
  if (seeds.length === 0) return;
  const rays = hopper(kind).rays(board);
  const n = board.size;
  const sc = makeScratch(rays);
  for (const p of seeds) {
    const k = p.hurdles.length;
    if (k > K) continue;
    const hs = [...p.hurdles].sort((a, b) => a - b);
    const ok = hs.every((h, i) => h >= 0 && h < n && h !== p.start && (i === 0 || hs[i - 1] !== h)) &&
      (kind !== "bishophopper" || hs.every((h) => colourOf(board, h) === colourOf(board, p.start)));
    if (!ok) throw new Error(`seed position ${p.start}: ${p.hurdles.join(",")} is not a position of the enumeration space`);
    const r = reachSummary(rays, p.start, occupancy(board, hs), sc, 2);
    const pos: HopperPosition = { start: p.start, hurdles: hs, ...r };
    if (r.longest > bestL[k]) (bestL[k] = r.longest, perK[k].longest = pos);
    if (r.dualFree > bestD[k]) (bestD[k] = r.dualFree, perK[k].dualFree = pos);
    if (r.reached > bestR[k]) (bestR[k] = r.reached, perK[k].reach = pos);
  }
}

export function exhaustiveLazy(kind: HopperKind, board: Board, K: number, opts: LazyOptions = {}): LazyResult {
  checkLazyOptions(K, opts);
  const onlyK = opts.onlyK;
  const lastHurdle = opts.lastHurdle ?? false;
  const t0 = performance.now();
  const rays = hopper(kind).rays(board);
  const nd = rays.directions, st = rays.start, sq = rays.sq;
  const n = board.size;
  const space = enumerationSpace(kind, board);
  const C = binomialTable(n);
  const status = new Uint8Array(n);
  const allowed = new Uint8Array(n);
  const dist = new Int32Array(n);
  const count = new Float64Array(n);
  const queue = new Int32Array(n);
  // Trail of BFS changes: square and its count before (-1: the square was discovered).
  const trailSq = new Int32Array(n * nd + n);
  const trailOld = new Float64Array(n * nd + n);
  let trailTop = 0, tail = 0, hurdles = 0, undecidedAllowed = 0, leaves = 0, cutNodes = 0;
  const probe = opts.probe ?? null;
  // The probe's weight: 2^(branches with two children above this node); 1 for a full walk.
  let weight = 1, branchNodes = 0;
  let start = 0;
  const bounding = opts.bound ?? false;
  const { landStart, landing, landOpp, maxLand } = landingTable(kind, board);
  const cntH = new Int32Array(n), cntU = new Int32Array(n);
  let setX = 0, setY = 0;
  // live: bit k set = positions with k hurdles are still counted at the leaves of this subtree; kTop: the largest live k.
  let live = 0, kTop = K;
  const cat = (w: number) => (dist[w] >= 0 || status[w] === HURDLE ? 0 : cntH[w] > 0 ? 1 : cntU[w] > 0 ? 2 : 0);
  const adjust = (before: number, after: number) => {
    if (before === 1) setX--;
    else if (before === 2) setY--;
    if (after === 1) setX++;
    else if (after === 2) setY++;
  };
  const setStatus = (q: number, s: number) => {
    const old = status[q];
    if (!bounding) {
      status[q] = s;
      return;
    }
    let b = cat(q);
    status[q] = s;
    adjust(b, cat(q));
    const dU = (s === UNDECIDED ? 1 : 0) - (old === UNDECIDED ? 1 : 0);
    const dH = (s === HURDLE ? 1 : 0) - (old === HURDLE ? 1 : 0);
    for (let i = landStart[q], e = landStart[q + 1]; i < e; i++) {
      const w = landing[i];
      b = cat(w);
      cntU[w] += dU;
      cntH[w] += dH;
      adjust(b, cat(w));
    }
  };
  const perK: LazyMaxima[] = Array.from({ length: K + 1 }, () => ({ positions: 0, longest: null, dualFree: null, reach: null }));
  const bestL = new Int32Array(K + 1).fill(-1), bestD = new Int32Array(K + 1).fill(-1), bestR = new Int32Array(K + 1).fill(-1);
  let startPositions: number[] = [];

  const undo = (mark: number) => {
    while (trailTop > mark) {
      trailTop--;
      const w = trailSq[trailTop];
      const old = trailOld[trailTop];
      if (old < 0) {
        dist[w] = -1;
        tail--;
        if (bounding) adjust(0, cat(w));
      } else count[w] = old;
    }
  };

  const witness = (
    k: number,
    r: { longest: number; longestTarget: number; dualFree: number; dualFreeTarget: number; reached: number },
  ): HopperPosition => {
    const hs: Square[] = [];
    for (let q = 0; q < n; q++) if (status[q] === HURDLE) hs.push(q);
    // The extra k - t hurdles go on squares the BFS never looked at (any of them: see the header).
    for (let q = 0; q < n && hs.length < k; q++) if (status[q] === UNDECIDED && allowed[q]) hs.push(q);
    return { start, hurdles: hs.sort((a, b) => a - b), ...r };
  };

  const leaf = () => {
    leaves += weight;
    // BFS order is by distance: the last square queued is at the longest distance.
    const longest = tail > 1 ? dist[queue[tail - 1]] : 0;
    const reached = tail - 1;
    // With kTop hurdles placed u is not counted (see go): the leaf stands for the one kTop-set.
    const u = hurdles === kTop ? 0 : undecidedAllowed;
    const top = Math.min(kTop, hurdles + u);
    let better = false;
    for (let k = hurdles; k <= top; k++) {
      if ((live & (1 << k)) === 0) continue;
      const m = C[u][k - hurdles];
      perK[k].positions += m;
      startPositions[k] += m;
      // dualFree <= longest, so a leaf no longer than the best dual-free value cannot improve it.
      if (longest > bestL[k] || longest > bestD[k] || reached > bestR[k]) better = true;
    }
    if (!better) return;
    let longestTarget = -1, dualFree = 0, dualFreeTarget = start;
    for (let i = 1; i < tail; i++) {
      const w = queue[i];
      const d = dist[w];
      if (d === longest && (longestTarget < 0 || w < longestTarget)) longestTarget = w;
      if (count[w] === 1 && (d > dualFree || (d === dualFree && w < dualFreeTarget))) (dualFree = d, dualFreeTarget = w);
    }
    if (longestTarget < 0) longestTarget = start;
    for (let k = hurdles; k <= top; k++) {
      if ((live & (1 << k)) === 0) continue;
      if (longest > bestL[k] || dualFree > bestD[k] || reached > bestR[k]) {
        const r = { longest, longestTarget, dualFree, dualFreeTarget, reached };
        if (longest > bestL[k]) (bestL[k] = longest, perK[k].longest = witness(k, r));
        if (dualFree > bestD[k]) (bestD[k] = dualFree, perK[k].dualFree = witness(k, r));
        if (reached > bestR[k]) (bestR[k] = reached, perK[k].reach = witness(k, r));
      }
    }
  };

  // Continue the BFS at queue index qi, direction dk, ray index ri (-1: the direction's first square).
  const go = (qi: number, dk: number, ri: number): void => {
    while (qi < tail) {
      const v = queue[qi];
      const dv = dist[v] + 1;
      const cv = count[v];
      for (; dk < nd; dk++) {
        const end = st[v * nd + dk + 1];
        if (ri < 0) ri = st[v * nd + dk];
        for (; ri < end; ri++) {
          const s = status[sq[ri]];
          if (s === EMPTY) continue;
          // With kTop hurdles placed an undecided square can only be empty: no branch (and u no longer matters, k = t = kTop).
          if (s === UNDECIDED) {
            if (hurdles === kTop) continue;
            return branch(sq[ri], qi, dk, ri);
          }
          break;
        }
        if (ri < end - 1) {
          const w = sq[ri + 1];
          const s = status[w];
          if (s === UNDECIDED && hurdles < kTop) return branch(w, qi, dk, ri);
          if (s !== HURDLE) {
            const dw = dist[w];
            if (dw < 0) {
              if (bounding) adjust(cat(w), 0);
              trailSq[trailTop] = w;
              trailOld[trailTop++] = -1;
              // Last-hurdle tail (header): a discovery that opens no new distance lowers D + |X| by one.
              if (tailNeed > 0 && dist[queue[tail - 1]] === dv && --tailNeed === 0) {
                dist[w] = dv;
                queue[tail++] = w;
                perK[hurdles].positions++;
                startPositions[hurdles]++;
                cutNodes++;
                return;
              }
              dist[w] = dv;
              count[w] = cv;
              queue[tail++] = w;
            } else if (dw === dv) {
              trailSq[trailTop] = w;
              trailOld[trailTop++] = count[w];
              const c = count[w] + cv;
              count[w] = c > 2 ? 2 : c;
            }
          }
        }
        ri = -1;
      }
      qi++;
      dk = 0;
    }
    leaf();
  };

  // Only allowed squares are ever undecided (the others start empty).
  const branch = (q: Square, qi: number, dk: number, ri: number): void => {
    const liveBefore = live, topBefore = kTop;
    if (bounding && !cut()) {
      live = liveBefore;
      kTop = topBefore;
      return;
    }
    const mark = trailTop;
    branchNodes += weight;
    // Both children exist while hurdles remain (the hurdle child's test below sees the same state: the empty
    // child's subtree restores hurdles, live and kTop). A probe takes one of them (header, "Probes").
    const both = hurdles < kTop;
    const saved = weight;
    let pick = 3;
    if (probe !== null) {
      // At least 1/64 either way: every leaf keeps a chance, and no weight explodes.
      const p = Math.min(63 / 64, Math.max(1 / 64, both ? (kTop - hurdles) / undecidedAllowed : 0));
      pick = !both || probe.random() >= p ? 1 : 2;
      if (both) weight *= pick === 2 ? 1 / p : 1 / (1 - p);
    }
    undecidedAllowed--;
    if (pick & 1) {
      setStatus(q, EMPTY);
      go(qi, dk, ri);
      undo(mark);
    }
    if (both && (pick & 2)) {
      setStatus(q, HURDLE);
      placed[hurdles++] = q;
      if (lastHurdle && hurdles === kTop - 1) countX1();
      if (!(lastHurdle && hurdles === kTop && settledAtLast(q)) && !(bounding && hurdles === kTop && settledAtTop())) go(qi, dk, ri);
      tailNeed = 0;
      undo(mark);
      hurdles--;
    }
    weight = saved;
    setStatus(q, UNDECIDED);
    undecidedAllowed++;
    live = liveBefore;
    kTop = topBefore;
  };

  // The hurdles placed on the path to this node, in order; lastSeen[w] = the settledAtLast call that counted w.
  const placed = new Int32Array(K + 1);
  const lastSeen = new Float64Array(n).fill(-1);
  let lastCalls = 0;
  // In the tail after the last hurdle: how far D + |X| must still fall before the tail can stop (0: not watching).
  let tailNeed = 0;
  /**
   * Last hurdle (header): the node just placed its kTop-th hurdle, so it
   * stands for one kTop-set (k = t; every other hurdle set of its subtree
   * would have more) and the bound needs no Y: the squares still to be
   * discovered are X, the undiscovered non-hurdle squares among the landing
   * squares of the placed hurdles, counted here directly. True when
   * longest <= D + |X|, dual-free <= longest and reached <= reached now + |X|
   * cannot beat the best values for kTop: its one position is counted.
   */
  // X one hurdle before the last (countX1): its size, the settledAtLast call that marked it, and tail then.
  let x1 = 0, x1Call = -1, x1Tail = 0;
  const checkSeen = opts.checkCarriedX ? new Uint8Array(n) : null;
  /**
   * X at the node with kTop - 1 hurdles, marked in lastSeen. Until the last
   * hurdle comes, every discovery is one of these squares (the hop's h - d is
   * no hurdle: the scan branched on every undecided square before h), so X
   * there has x1 - (tail - x1Tail) squares, and the last hurdle q adds at most
   * its own landing squares outside X and removes q if it was in X.
   */
  const countX1 = (): void => {
    const call = lastCalls++;
    let x = 0;
    for (let i = 0; i < hurdles; i++) {
      const h = placed[i];
      for (let j = landStart[h], e = landStart[h + 1]; j < e; j++) {
        const w = landing[j];
        if (lastSeen[w] === call || dist[w] >= 0 || status[w] === HURDLE) continue;
        // A hop over h to w starts behind h with nothing but empty squares between: h - d cannot be a hurdle.
        if (status[sq[st[h * nd + landOpp[j]]]] === HURDLE) continue;
        lastSeen[w] = call;
        x++;
      }
    }
    x1 = x;
    x1Call = call;
    x1Tail = tail;
  };
  const settledAtLast = (q: Square): boolean => {
    const k = hurdles;
    if ((live & (1 << k)) === 0) return true;
    let x = x1 - (tail - x1Tail);
    if (lastSeen[q] === x1Call) x--;
    for (let j = landStart[q], e = landStart[q + 1]; j < e; j++) {
      const w = landing[j];
      if (lastSeen[w] === x1Call || dist[w] >= 0 || status[w] === HURDLE) continue;
      if (status[sq[st[q * nd + landOpp[j]]]] === HURDLE) continue;
      x++;
    }
    if (checkSeen) {
      checkSeen.fill(0);
      let full = 0;
      for (let i = 0; i < hurdles; i++) {
        const h = placed[i];
        for (let j = landStart[h], e = landStart[h + 1]; j < e; j++) {
          const w = landing[j];
          if (checkSeen[w] || dist[w] >= 0 || status[w] === HURDLE || status[sq[st[h * nd + landOpp[j]]]] === HURDLE) continue;
          checkSeen[w] = 1;
          full++;
        }
      }
      if (x < full) throw new Error(`carried X ${x} below its recount ${full}`);
    }
    return settledBy(k, x);
  };
  /**
   * The one kTop-set of a node with kTop hurdles, whose squares still to be found are at most x: counted here
   * when D + x and reached + x cannot beat the best values for k; else, when only D + x can, its tail is
   * watched (tailNeed: how far D + x must still fall).
   */
  const settledBy = (k: number, x: number): boolean => {
    if (tail - 1 + x > bestR[k]) return false;
    const need = dist[queue[tail - 1]] + x - Math.min(bestL[k], bestD[k]);
    if (need > 0) {
      tailNeed = need;
      return false;
    }
    perK[k].positions++;
    startPositions[k]++;
    cutNodes++;
    return true;
  };

  /**
   * The branch and bound at the child that has just placed its kTop-th hurdle (header, "Branch and bound"):
   * like settledAtLast, that child stands for one kTop-set, so Y plays no part and the bound is D + |X|, with
   * X the bound's own (setX); when it does not settle the child at once, its tail is watched the same way.
   */
  const settledAtTop = (): boolean => (live & (1 << hurdles)) === 0 || settledBy(hurdles, setX);

  /** The bound of the header at this node: counts and drops the k it settles; false when none is left. */
  const cut = (): boolean => {
    const D = dist[queue[tail - 1]];
    const hi = Math.min(kTop, hurdles + undecidedAllowed);
    let top = -1;
    for (let k = hurdles; k <= hi; k++) {
      if ((live & (1 << k)) === 0) continue;
      const add = setX + Math.min(setY, maxLand * (k - hurdles));
      const ubL = D + add;
      if (ubL <= bestL[k] && ubL <= bestD[k] && tail - 1 + add <= bestR[k]) {
        const m = C[undecidedAllowed][k - hurdles];
        perK[k].positions += m;
        startPositions[k] += m;
        live &= ~(1 << k);
        cutNodes++;
      } else top = k;
    }
    if (top < 0) return false;
    kTop = top;
    return true;
  };

  seedMaxima(kind, board, K, opts.seeds ?? [], perK, bestL, bestD, bestR);

  // The root of the tree for the start (and again before each probe walk: the root's BFS is not on the trail).
  let hurdleSquares: readonly Square[] = [];
  let preset = presetFor({ start: 0, hurdleSquares: [] }, undefined);
  const restart = () => {
    allowed.fill(0);
    for (const h of hurdleSquares) allowed[h] = 1;
    status.fill(EMPTY);
    undecidedAllowed = 0;
    for (const h of hurdleSquares) (status[h] = UNDECIDED, undecidedAllowed++);
    status[start] = EMPTY;
    hurdles = 0;
    for (const q of preset.empty) (status[q] = EMPTY, undecidedAllowed--);
    for (const q of preset.hurdles) (status[q] = HURDLE, undecidedAllowed--, placed[hurdles++] = q);
    dist.fill(-1);
    dist[start] = 0;
    count[start] = 1;
    queue[0] = start;
    tail = 1;
    trailTop = 0;
    live = onlyK === undefined ? (2 ** (K + 1) - 1) | 0 : 1 << onlyK;
    kTop = onlyK ?? K;
    if (lastHurdle && hurdles === kTop - 1) countX1();
    if (bounding) {
      cntH.fill(0);
      cntU.fill(0);
      for (let q = 0; q < n; q++) {
        if (status[q] === HURDLE) { for (let i = landStart[q], e = landStart[q + 1]; i < e; i++) cntH[landing[i]]++; }
        if (status[q] !== UNDECIDED) continue;
        for (let i = landStart[q], e = landStart[q + 1]; i < e; i++) cntU[landing[i]]++;
      }
      setX = 0;
      setY = 0;
      for (let w = 0; w < n; w++) adjust(0, cat(w));
    }
  };

  const starts: LazyResult["starts"] = [];
  for (const [si, sp] of space.entries()) {
    if (opts.only && !opts.only.includes(si)) continue;
    start = sp.start;
    hurdleSquares = sp.hurdleSquares;
    preset = presetFor(sp, opts.preset);
    startPositions = new Array(K + 1).fill(0);
    restart();
    const before = leaves;
    // With more preset hurdles than the largest k counted, this piece holds no position that is counted.
    const walks = hurdles > kTop ? 0 : probe === null ? 1 : probe.walks;
    for (let w = 0; w < walks; w++) {
      const l0 = leaves, b0 = branchNodes;
      if (w > 0) restart();
      go(0, 0, -1);
      probe?.onWalk(si, leaves - l0, branchNodes - b0);
    }
    starts.push({ start, positions: startPositions, leaves: leaves - before });
    opts.onStart?.(si + 1, space.length);
  }
  const result: LazyResult = { kind, board: [...board.dims], maxHurdles: K, perK, starts, leaves, cuts: cutNodes, seconds: 0 };
  if (probe !== null) result.branchNodes = branchNodes;
  result.seconds = (performance.now() - t0) / 1000;
  return result;
}
