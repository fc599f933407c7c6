/**
 * Domination numbers, minimum sets and their count, for one piece, board and
 * kind: the driver around the exact search of search.ts.
 *
 * COMPONENTS. A set dominates (independently, totally) the board iff its part
 * in each component of the attack graph does so for that component, and the
 * parts do not interact. So gamma is the sum over components, a minimum set is
 * a choice of a minimum set per component, and the count is the product. This
 * matters for the bishop (two colours) and small knight boards. Connected
 * domination needs one component.
 *
 * GAMMA, per component. A greedy set gives an upper bound k. Then, while
 * k > 0: search for a set of at most k-1 pieces; if one is found (size s <= k-1),
 * set k = s and repeat; if the search is exhaustive and finds none, gamma = k.
 * That last run is the proof that gamma-1 pieces never suffice (it visits every
 * set of at most gamma-1 pieces up to the pruning argued in search.ts), the
 * runs before it only produce witnesses. Across components: a set of at most
 * gamma-1 pieces would leave some component C with at most gamma_C-1 of them,
 * which the run of C excludes.
 *
 * COUNT AND CLASSES. The count run enumerates every minimum set once (search.ts).
 * Classes up to the board's symmetries: on a connected graph, the sets that are
 * lexicographically least among their images (sorted square lists) are counted,
 * one per orbit; Burnside's count (sum of stabilizer sizes / group order) is
 * computed beside it and must agree. On several components the minimum sets are
 * products, so only Burnside is used: a symmetry g permutes the components, and
 * a product set is fixed by g iff for every cycle C0 -> C1 -> .. -> C(l-1) -> C0
 * of g on components its part in C0 is fixed by g^l (the parts in C1.. are then
 * the images of it, which are minimum sets of their components because g is an
 * automorphism). So Fix(g) = product over cycles of #{D in list(C0): g^l D = D}.
 */
import type { Board, Square } from "../types.ts";
import { symmetries } from "../board/symmetry.ts";
import { coordsOf } from "../board/board.ts";
import { squareName } from "../board/squares.ts";
import { buildDominationGraph, type DominationGraph } from "./graph.ts";
import { greedyDominatingSet } from "./greedy.ts";
import { searchDomination, type SearchOptions } from "./search.ts";
import type { DominationKind } from "./types.ts";
import { dominationPiece, type DominationPieceName } from "./pieces.ts";

export interface SolveOptions {
  board: Board;
  piece: DominationPieceName;
  kind: DominationKind;
  /** Also enumerate the minimum sets: count and classes. */
  count?: boolean;
  /** Node budget of each single search run (default: unlimited). */
  maxNodes?: number;
  /** Node budget of each count run (default: maxNodes). */
  countMaxNodes?: number;
  /** Use root symmetry breaking in the decision runs (default true). */
  rootSymmetry?: boolean;
  /** Packing bound on/off (default: automatic, see search.ts). */
  packing?: boolean;
  /** Most minimum sets kept per component for the classes of a disconnected graph (default 2,000,000). */
  collectCap?: number;
  /** A prebuilt graph of this piece and board. */
  graph?: DominationGraph;
}

export interface DecisionRun {
  /** Most pieces allowed. */
  limit: number;
  found: boolean;
  /** Size of the set found. */
  size: number | null;
  nodes: number;
  seconds: number;
  aborted: boolean;
}

export interface ComponentResult {
  /** Squares of the component. */
  squares: number;
  gamma: number | null;
  /** The decision runs in order; the last one of a solved component is the exhaustive gamma-1 run. */
  runs: DecisionRun[];
  count: number | null;
  countNodes: number;
  countSeconds: number;
}

export type DominationStatus = "solved" | "none" | "undecided";

export interface DominationResult {
  piece: DominationPieceName;
  board: number[];
  kind: DominationKind;
  /** solved: gamma known; none: no set of this kind exists; undecided: a node budget ran out. */
  status: DominationStatus;
  /** Why no set exists, or why the search stopped. */
  reason: string | null;
  gamma: number | null;
  /** A minimum set, ascending. */
  witness: Square[] | null;
  /** Best bounds known when undecided (equal to gamma when solved). */
  lower: number | null;
  upper: number | null;
  /** Nodes and seconds of the exhaustive "gamma-1 pieces never suffice" runs (summed over components). */
  impossibilityNodes: number;
  impossibilitySeconds: number;
  /** All decision runs' nodes. */
  decisionNodes: number;
  /** Minimum sets: count and classes up to the board's symmetries (null: not asked, or budget). */
  count: number | null;
  classes: number | null;
  countNodes: number;
  countSeconds: number;
  /** Why count or classes are null although asked for. */
  countNote: string | null;
  /** Order of the board's symmetry group used for classes. */
  symmetryCount: number;
  components: ComponentResult[];
  seconds: number;
}

function now(): number {
  return globalThis.performance?.now?.() ?? Date.now();
}

function rookLinesOf(board: Board): SearchOptions["rookLines"] {
  const rowOf = new Int32Array(board.size);
  const colOf = new Int32Array(board.size);
  for (let s = 0; s < board.size; s++) {
    const c = coordsOf(board, s);
    colOf[s] = c[0];
    rowOf[s] = c[1];
  }
  return { rowOf, colOf, rows: board.dims[1], cols: board.dims[0] };
}

export function solveDomination(opts: SolveOptions): DominationResult {
  const t0 = now();
  const { board, kind } = opts;
  const g = opts.graph ?? buildDominationGraph(board, dominationPiece(opts.piece));
  const syms = symmetries(board).map((s) => s.map);
  const rookLines = opts.piece === "rook" && board.dims.length === 2 ? rookLinesOf(board) : undefined;
  const base: DominationResult = {
    piece: opts.piece,
    board: [...board.dims],
    kind,
    status: "solved",
    reason: null,
    gamma: null,
    witness: null,
    lower: null,
    upper: null,
    impossibilityNodes: 0,
    impossibilitySeconds: 0,
    decisionNodes: 0,
    count: null,
    classes: null,
    countNodes: 0,
    countSeconds: 0,
    countNote: null,
    symmetryCount: syms.length,
    components: [],
    seconds: 0,
  };
  const finish = (r: DominationResult): DominationResult => {
    r.seconds = (now() - t0) / 1000;
    return r;
  };

  if (kind === "connected" && g.components.length > 1) {
    return finish({
      ...base,
      status: "none",
      reason: `the attack graph has ${g.components.length} components, so no set of pieces is connected and dominating`,
    });
  }
  if (kind === "total") {
    for (let v = 0; v < g.size; v++) {
      if (g.openStart[v + 1] === g.openStart[v]) {
        return finish({ ...base, status: "none", reason: `no square attacks ${squareName(board, v)}, so no set attacks every square` });
      }
    }
  }

  const comps: ComponentResult[] = [];
  const witness: Square[] = [];
  let lower = 0;
  let upper = 0;
  let undecided: string | null = null;
  for (const squares of g.components) {
    const greedy = greedyDominatingSet(g, kind, squares, squares);
    if (greedy === null) {
      throw new Error(
        `greedy found no ${kind} set on a component of ${g.components.length}; the feasibility checks above should have caught this`,
      );
    }
    let best = greedy;
    const runs: DecisionRun[] = [];
    let solved = false;
    while (!solved) {
      const limit = best.length - 1;
      const t = now();
      const res = searchDomination(g, {
        kind,
        target: squares,
        universe: squares,
        limit,
        mode: "decide",
        maxNodes: opts.maxNodes,
        rootSymmetries: opts.rootSymmetry === false ? undefined : syms,
        packing: opts.packing,
        rookLines,
      });
      runs.push({
        limit,
        found: res.found,
        size: res.found ? res.witness!.length : null,
        nodes: res.nodes,
        seconds: (now() - t) / 1000,
        aborted: res.aborted,
      });
      base.decisionNodes += res.nodes;
      if (res.aborted) break;
      if (res.found) best = res.witness!;
      else solved = true;
    }
    const last = runs[runs.length - 1];
    if (!solved) {
      undecided ??= `the search for ${last.limit} pieces stopped after ${last.nodes} nodes (node budget)`;
      // Without a finished run only the trivial bound is known: |C| squares, at most maxServe each.
      let maxServe = 1;
      for (const v of squares) {
        maxServe = Math.max(maxServe, kind === "total" ? g.openStart[v + 1] - g.openStart[v] : g.closedStart[v + 1] - g.closedStart[v]);
      }
      lower += Math.ceil(squares.length / maxServe);
      upper += best.length;
      comps.push({ squares: squares.length, gamma: null, runs, count: null, countNodes: 0, countSeconds: 0 });
      witness.push(...best);
      continue;
    }
    base.impossibilityNodes += last.nodes;
    base.impossibilitySeconds += last.seconds;
    lower += best.length;
    upper += best.length;
    witness.push(...best);
    comps.push({ squares: squares.length, gamma: best.length, runs, count: null, countNodes: 0, countSeconds: 0 });
  }
  witness.sort((a, b) => a - b);
  base.components = comps;
  if (undecided !== null) {
    return finish({ ...base, status: "undecided", reason: undecided, lower, upper, witness });
  }
  const result: DominationResult = { ...base, gamma: upper, lower, upper, witness };
  if (!opts.count) return finish(result);

  // Count and classes.
  const single = g.components.length === 1;
  const lists: (Int32Array | null)[] = [];
  let count = 1;
  let stabilizerSum = 0;
  let canonical = 0;
  for (let c = 0; c < g.components.length; c++) {
    const squares = g.components[c];
    const comp = comps[c];
    const t = now();
    const res = searchDomination(g, {
      kind,
      target: squares,
      universe: squares,
      limit: comp.gamma!,
      mode: "count",
      maxNodes: opts.countMaxNodes ?? opts.maxNodes,
      classSymmetries: single ? syms : undefined,
      collectCap: single ? 0 : (opts.collectCap ?? 2_000_000),
      packing: opts.packing,
      rookLines,
    });
    comp.countNodes = res.nodes;
    comp.countSeconds = (now() - t) / 1000;
    result.countNodes += res.nodes;
    result.countSeconds += comp.countSeconds;
    if (res.aborted) {
      result.countNote = `the count stopped after ${res.nodes} nodes (node budget)`;
      return finish(result);
    }
    if (res.count === 0 || res.minSize !== comp.gamma || res.maxSize !== comp.gamma) {
      throw new Error(
        `inconsistent count run on ${opts.piece} ${
          board.dims.join("x")
        } ${kind}: sets of sizes ${res.minSize}..${res.maxSize} found, gamma ${comp.gamma}`,
      );
    }
    comp.count = res.count;
    count *= res.count;
    stabilizerSum = res.stabilizerSum;
    canonical = res.canonical;
    lists.push(res.collected);
  }
  if (!Number.isSafeInteger(count)) {
    result.countNote = "the count exceeds 2^53";
    return finish(result);
  }
  result.count = count;
  if (single) {
    if (stabilizerSum !== canonical * syms.length) {
      throw new Error(`class count mismatch: ${canonical} least sets but Burnside gives ${stabilizerSum}/${syms.length}`);
    }
    result.classes = canonical;
  } else if (lists.some((l) => l === null)) {
    result.countNote = "classes not computed: a component has more minimum sets than the collection cap";
  } else {
    result.classes = burnsideClasses(g, syms, comps.map((c) => c.gamma!), lists as Int32Array[]);
  }
  return finish(result);
}

/** Classes of product sets over components by Burnside's lemma (see the header). */
function burnsideClasses(g: DominationGraph, syms: readonly Int32Array[], gammas: readonly number[], lists: readonly Int32Array[]): number {
  const nc = g.components.length;
  const mark = new Int32Array(g.size);
  let stampGen = 0;
  let total = 0;
  for (const map of syms) {
    const compPerm = new Int32Array(nc);
    for (let c = 0; c < nc; c++) compPerm[c] = g.component[map[g.components[c][0]]];
    const visited = new Uint8Array(nc);
    let fix = 1;
    for (let c0 = 0; c0 < nc && fix > 0; c0++) {
      if (visited[c0]) continue;
      let len = 0;
      let c = c0;
      do {
        visited[c] = 1;
        c = compPerm[c];
        len++;
      } while (c !== c0);
      const k = gammas[c0];
      const list = lists[c0];
      const sets = list.length / k;
      let fixed = 0;
      for (let i = 0; i < sets; i++) {
        stampGen++;
        for (let j = 0; j < k; j++) mark[list[i * k + j]] = stampGen;
        let same = true;
        for (let j = 0; j < k && same; j++) {
          let s = list[i * k + j];
          for (let step = 0; step < len; step++) s = map[s];
          if (mark[s] !== stampGen) same = false;
        }
        if (same) fixed++;
      }
      fix *= fixed;
    }
    total += fix;
  }
  if (total % syms.length !== 0) throw new Error(`Burnside sum ${total} is not divisible by the group order ${syms.length}`);
  return total / syms.length;
}
