/**
 * The enumeration of semimagic knight's tours split into prefixes: every state
 * reached after `depth` steps from a canonical start (reduce.ts), in the
 * engine's deterministic order, gets an index 0, 1, 2, ... (listPrefixes); the
 * sharded run (scripts/families/magic/prove.ts) gives shard i of N the
 * prefixes whose index is i modulo N (interleaved, so neighbouring prefixes —
 * which tend to cost alike — are spread over the shards) and completes them
 * one by one (completeUnit), so the shards together cover every prefix
 * exactly once, and a resumed shard continues at the first prefix it had not
 * finished.
 */
import { type MagicRules, MagicSearch, type MagicSearchSpec, semimagicLines } from "./engine.ts";
import { allowedEnds, canonicalStarts } from "./reduce.ts";
import { MagicKernel } from "./kernel.ts";

export type EnumerationMode = "all" | "central";

export interface EnumerationSpec {
  /** Board side (n×n). */
  n: number;
  mode: EnumerationMode;
  /** Prefix depth in steps. */
  depth: number;
}

/** Identifier of a split: what a certificate must match to be merged with others. */
export function enumerationKey(e: EnumerationSpec): string {
  return `magic-knight-${e.n}x${e.n}-${e.mode}-d${e.depth}`;
}

/**
 * Rule C is off in the 8x8 enumeration: measured on random prefixes it removed
 * about 1% of the nodes and tripled the time per node (the dead-end rule D
 * already catches most cuts). It stays available and tested.
 */
export function defaultConnectivity(_n: number): MagicSearchSpec["connectivity"] {
  return false;
}

/**
 * Rule R is off in the enumeration: on the fixed 100-state sample (atlas bench
 * magic) it removed 12% of the nodes but cost 30% more per node (K and F
 * alone: 15.8 s CPU; K, R and F: 17.8 s). It stays available and tested.
 * Rule M is on: on the same sample it removed 30% of the nodes (1.485e8 ->
 * 1.033e8) for 17% more per node, 14.96 -> 12.22 s CPU (medians of 3).
 * Rule 3 is on: with M, sample nodes 1.033e8 -> 9.03e7 and the same CPU
 * (12.42 -> 12.50 s), but the projection, weighted by how many states each
 * sampled one stands for, 20.8 -> 17.4 CPU-days (its cuts fall in the heavy
 * subtrees). With M, R again costs more than it saves (12.22 -> 13.55 s);
 * read from the deadlines (2026-11-27) it breaks even at best (median of 3,
 * one invocation: 11.31 s without, 11.60 s with; projection 15.3 vs 16.0
 * CPU-days). The two-ended completion (bidir.ts) projects slower still
 * (bench/magic.json, attempts).
 */
export const ENUMERATION_RULES: MagicRules = { gap: true, reach: false, end: true, forced: true, three: true };

/** The enumeration's search; `rules` chooses the optional rules (benchmarks compare versions). */
export function makeSearch(e: EnumerationSpec, rules: MagicRules = ENUMERATION_RULES): MagicSearch {
  return new MagicSearch({
    rules,
    width: e.n,
    height: e.n,
    lines: semimagicLines(e.n),
    mode: e.mode === "central" ? "central" : "path",
    connectivity: defaultConnectivity(e.n),
  });
}

/**
 * The rules of the walk that defines the split (the prefixes and their
 * order), frozen: certificates name the split by its digest, so the prefixes
 * must not change when the completing engine gets new rules. A prefix that a
 * later engine rejects on replay is completed with no tour, which an exact
 * rule guarantees.
 */
export const SPLIT_RULES: MagicRules = { gap: true, reach: false, end: true, forced: false, three: false };

/** All prefixes (as square lists, `depth` bytes each, in walk order): the units of the sharded run. */
export function listPrefixes(e: EnumerationSpec, search: MagicSearch = makeSearch(e, SPLIT_RULES)): Int8Array {
  const out: number[] = [];
  for (const s of canonicalStarts(e.n, e.n)) {
    const allowed = e.mode === "central" ? null : allowedEnds(e.n, e.n, s);
    if (search.start(s, allowed)) {
      search.walkPrefixes(e.depth, () => {
        for (let i = 0; i < e.depth; i++) out.push(search.path[i]);
      });
    }
    search.clear();
  }
  return Int8Array.from(out);
}

/**
 * A digest of a prefix list (two 32-bit FNV-1a lanes over the bytes and the
 * length): what a shard certificate names its split by, so a certificate of
 * another split (another depth, another walk) is refused.
 */
export function splitDigest(prefixes: Int8Array): string {
  let a = 0x811c9dc5 | 0, b = 0x01000193 ^ prefixes.length;
  for (let i = 0; i < prefixes.length; i++) {
    a = Math.imul(a ^ (prefixes[i] & 0xff), 0x01000193);
    b = Math.imul(b ^ ((prefixes[i] + i) & 0xff), 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/**
 * What completes a replayed prefix: the engine itself (complete()), or its
 * compiled twin (solvers/magic/kernel.ts), which gives the same nodes and the
 * same tours faster (path mode only).
 */
export interface Completer {
  search: MagicSearch;
  complete(onSolution?: (squares: Int32Array) => boolean | void): { nodes: number; solutions: number };
}

/** A search as a completer of its own states (the engine completes them itself). */
export function asCompleter(search: MagicSearch | Completer): Completer {
  return search instanceof MagicSearch ? { search, complete: (f) => search.complete(f) } : search;
}

/**
 * The enumeration's completer: the compiled kernel in path mode ("all"), the
 * engine in central mode (which the kernel does not implement).
 */
export function makeCompleter(e: EnumerationSpec, rules: MagicRules = ENUMERATION_RULES, engine: "wasm" | "ts" = "wasm"): Completer {
  const search = makeSearch(e, rules);
  if (engine === "ts" || e.mode === "central") return asCompleter(search);
  const kernel = new MagicKernel(search);
  return { search, complete: (f) => kernel.complete(f) };
}

/**
 * Complete prefix number i of a list with `search` (whose rules may be
 * stronger than the split's), or with a completer: the tours below it and
 * the nodes spent. A prefix the search rejects on replay has no tour (its
 * rules are exact).
 */
export function completeUnit(
  e: EnumerationSpec,
  prefixes: Int8Array,
  i: number,
  search: MagicSearch | Completer,
  onTour?: (squares: Int32Array) => void,
): { nodes: number; solutions: number } {
  const c = asCompleter(search);
  const d = e.depth;
  const s0 = prefixes[i * d];
  let ok = c.search.start(s0, e.mode === "central" ? null : allowedEnds(e.n, e.n, s0));
  for (let j = 1; j < d && ok; j++) ok = c.search.place(prefixes[i * d + j]);
  const r = ok ? c.complete(onTour ? (sq) => void onTour(sq) : undefined) : { nodes: 0, solutions: 0 };
  c.search.clear();
  return r;
}

/** A seeded generator in [0, 1) (mulberry32), so estimates are reproducible. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ProbeEstimate {
  probes: number;
  /** Mean of the per-probe estimates of the search tree's size (tried placements, as the engine counts nodes). */
  nodes: number;
  /** Standard error of that mean. */
  standardError: number;
  /** Estimated number of states entered at each depth (index = steps done), i.e. the tree's width. */
  width: number[];
  /** Mean branching (passing children per state) at each depth along the probes. */
  branching: number[];
}

/**
 * Knuth's estimator of the size of a backtrack tree (the source estimated its
 * tree's width per depth the same way, lines 43-103): walk down from the root
 * choosing a passing child uniformly; the product of the numbers of passing
 * children met so far estimates the number of states at that depth. Summing
 * (product × placements tried there) estimates the engine's node count. Each
 * probe is an unbiased estimate; their mean over many probes is the projection.
 */
export function probeEstimate(e: EnumerationSpec, probes: number, seed = 1, search: MagicSearch = makeSearch(e)): ProbeEstimate {
  const rand = seededRandom(seed);
  const starts = canonicalStarts(e.n, e.n);
  const steps = search.steps;
  const widthSum = new Float64Array(steps + 1);
  const branchSum = new Float64Array(steps + 1), branchCnt = new Float64Array(steps + 1);
  const kids = new Int32Array(16);
  let sum = 0, sumSq = 0;
  for (let p = 0; p < probes; p++) {
    const s = starts[Math.floor(rand() * starts.length)];
    let weight = starts.length;
    let est = starts.length; // the start placements
    const ok = search.start(s, e.mode === "central" ? null : allowedEnds(e.n, e.n, s));
    if (ok) {
      widthSum[1] += weight;
      while (search.t < steps) {
        const cur = search.path[search.t - 1];
        // The children complete() tries: only the forced square under rule M (none when two are forced).
        const forced = search.forcedMove();
        let tried = 0, m = 0;
        for (let j = search.nbrStart[cur]; j < search.nbrStart[cur + 1] && forced !== -2; j++) {
          const v = search.nbr[j];
          if (search.visited[v] || (forced >= 0 && v !== forced)) continue;
          tried++;
          if (search.place(v)) kids[m++] = v;
          search.unplace();
        }
        est += weight * tried;
        branchSum[search.t] += m;
        branchCnt[search.t]++;
        if (m === 0) break;
        weight *= m;
        const v = kids[Math.floor(rand() * m)];
        search.place(v);
        widthSum[search.t] += weight;
      }
    }
    search.clear();
    sum += est;
    sumSq += est * est;
  }
  const mean = sum / probes;
  const variance = probes > 1 ? Math.max(0, (sumSq - probes * mean * mean) / (probes - 1)) : 0;
  return {
    probes,
    nodes: mean,
    standardError: Math.sqrt(variance / probes),
    width: Array.from(widthSum, (w) => w / probes),
    branching: Array.from(branchSum, (b, i) => (branchCnt[i] ? b / branchCnt[i] : 0)),
  };
}
