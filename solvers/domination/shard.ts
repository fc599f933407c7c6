/**
 * Sharding of the count of minimum dominating sets of one piece, board and
 * kind: a deterministic list of subproblems, runs of a subset of them, and the
 * merge of the results.
 *
 * SPLIT. The split repeats the branching rule of search.ts for the first
 * `depth` pieces, in its own fixed order (ascending square index, not by gain):
 * at a prefix (placed squares P, banned squares B, needed squares N), take the
 * lowest needed square u; its servers v_1 < v_2 < .. that are neither placed
 * nor banned are the branches, and branch i places v_i and bans v_1..v_{i-1}.
 * A set D of at most `limit` pieces that contains P, avoids B and serves every
 * square must contain a server of u (else u stays unserved), and it goes down
 * exactly one branch: the one of its first server v_i in that order. So the
 * subproblems partition the sets. A branch whose prefix already serves
 * everything is a set itself (a "leaf" subproblem, counted as one set); a
 * branch whose prefix has used up the limit while squares are still needed
 * holds no set and is left out of the list.
 *
 * SUBPROBLEM RUN. The sets of a subproblem (P, B) are P ∪ D' where D' is a set
 * of at most limit-|P| pieces that serves the squares P leaves needed and avoids
 * B ∪ P: that is searchDomination with target = those squares and banned = B ∪ P.
 * The search returns each such D' once (search.ts, EACH SET ONCE). At
 * limit = gamma every set found has exactly gamma pieces (fewer would contradict
 * gamma) and is minimal, so the search's "minimal along its path" leaves are
 * exactly these sets; each run reports the smallest and largest size found and
 * the merge checks both equal the limit.
 * Independent domination: the squares a placed piece attacks leave the needed
 * set, and search.ts allows only needed squares (so universe = target = the
 * needed set is right). Connected domination is not split: connectivity ties
 * the later pieces to the prefix, which the subproblem search does not see.
 *
 * CLASSES. Whether a set is the least of its orbit under the board's
 * symmetries, and the size of its stabilizer, depend on the set alone, not on
 * the subproblem that found it. So the per-subproblem sums of both add up over
 * any partition to the unsharded figures (classes = least sets; Burnside:
 * stabilizer sum = classes × group order). A subproblem run collects its sets
 * (up to a cap) and evaluates both on P ∪ D'; past the cap the classes of that
 * subproblem are marked inexact and the merge gives no classes.
 */
import type { Square } from "../types.ts";
import type { DominationGraph } from "./graph.ts";
import { searchDomination, type SearchOptions } from "./search.ts";
import type { DominationKind } from "./types.ts";

export type ShardableKind = Exclude<DominationKind, "connected">;

export function isShardableKind(kind: DominationKind): kind is ShardableKind {
  return kind !== "connected";
}

export interface Subproblem {
  /** Placed squares, in branching order. */
  placed: Square[];
  /** Squares banned by earlier branches (ascending). */
  banned: Square[];
  /** The prefix already serves every square: the subproblem is the single set `placed`. */
  leaf: boolean;
}

export interface SplitOptions {
  kind: ShardableKind;
  /** Most pieces (gamma for the count of minimum sets). */
  limit: number;
  /** Pieces placed by the split (levels of branching). */
  depth: number;
}

function serversOf(g: DominationGraph, kind: ShardableKind): { start: Int32Array; adj: Int32Array; mask: Uint32Array } {
  return kind === "total"
    ? { start: g.openStart, adj: g.openAdj, mask: g.open }
    : { start: g.closedStart, adj: g.closedAdj, mask: g.closed };
}

/** The squares still needing service after `placed` (all squares at the start). */
function neededAfter(g: DominationGraph, kind: ShardableKind, placed: readonly Square[]): Uint32Array {
  const W = g.words;
  const need = new Uint32Array(W);
  for (let s = 0; s < g.size; s++) need[s >>> 5] |= 1 << (s & 31);
  const { mask } = serversOf(g, kind);
  for (const v of placed) for (let w = 0; w < W; w++) need[w] &= ~mask[v * W + w];
  return need;
}

function squaresOf(set: Uint32Array, size: number): Square[] {
  const out: Square[] = [];
  for (let s = 0; s < size; s++) if ((set[s >>> 5] >>> (s & 31)) & 1) out.push(s);
  return out;
}

/** The deterministic list of subproblems (see SPLIT). Needs a connected attack graph. */
export function splitSubproblems(g: DominationGraph, opts: SplitOptions): Subproblem[] {
  if (g.components.length !== 1) throw new Error(`the attack graph has ${g.components.length} components; sharding needs one`);
  if (!Number.isInteger(opts.depth) || opts.depth < 0) throw new Error(`split depth ${opts.depth} is not a non-negative integer`);
  if (!Number.isInteger(opts.limit) || opts.limit < 0) throw new Error(`limit ${opts.limit} is not a non-negative integer`);
  const { start, adj } = serversOf(g, opts.kind);
  const out: Subproblem[] = [];
  const rec = (placed: Square[], banned: Square[], level: number): void => {
    const need = neededAfter(g, opts.kind, placed);
    const needed = squaresOf(need, g.size);
    if (needed.length === 0) {
      out.push({ placed, banned: [...banned].sort((a, b) => a - b), leaf: true });
      return;
    }
    if (placed.length >= opts.limit) return; // squares still needed, no piece left: no set here
    if (level === opts.depth) {
      out.push({ placed, banned: [...banned].sort((a, b) => a - b), leaf: false });
      return;
    }
    const u = needed[0];
    // Independent domination: a piece may only go on a square no placed piece attacks, i.e. a needed one.
    const usable = (v: Square) => !placed.includes(v) && !banned.includes(v) && (opts.kind !== "independent" || needed.includes(v));
    const branches: Square[] = [];
    for (let e = start[u]; e < start[u + 1]; e++) if (usable(adj[e])) branches.push(adj[e]);
    branches.sort((a, b) => a - b);
    for (let i = 0; i < branches.length; i++) {
      rec([...placed, branches[i]], [...banned, ...branches.slice(0, i)], level + 1);
    }
  };
  rec([], [], 0);
  return out;
}

/** FNV-1a (32-bit) over the subproblem list: shards of one run must agree on it. */
export function splitDigest(subs: readonly Subproblem[]): string {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    for (let k = 0; k < 4; k++) {
      h ^= (x >>> (8 * k)) & 0xff;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  };
  for (const s of subs) {
    mix(s.leaf ? 1 : 2);
    mix(s.placed.length);
    for (const v of s.placed) mix(v);
    mix(s.banned.length);
    for (const v of s.banned) mix(v);
  }
  mix(subs.length);
  return h.toString(16).padStart(8, "0");
}

export interface SubproblemResult {
  /** Sets found. */
  count: number;
  /** Sets that are the least (sorted, lexicographic) of their orbit; null when not computed exactly. */
  canonical: number | null;
  /** Sum over sets of the stabilizer size; null when not computed exactly. */
  stabilizerSum: number | null;
  /** Sizes of the smallest and largest set (0 when none). */
  minSize: number;
  maxSize: number;
  nodes: number;
  aborted: boolean;
}

export interface RunSubproblemOptions {
  kind: ShardableKind;
  limit: number;
  /** Board symmetries (identity included) for the classes; none: classes not computed. */
  symmetries?: readonly Int32Array[];
  /** Most sets collected per subproblem for the classes (default 1,000,000). */
  collectCap?: number;
  maxNodes?: number;
  rookLines?: SearchOptions["rookLines"];
  packing?: boolean;
}

/** Least-of-orbit flag and stabilizer size of the sorted set `set` (see CLASSES). */
function orbitFacts(set: Int32Array, syms: readonly Int32Array[], img: Int32Array): { least: boolean; stab: number } {
  const k = set.length;
  let least = true;
  let stab = 0;
  for (const map of syms) {
    for (let i = 0; i < k; i++) img[i] = map[set[i]];
    img.subarray(0, k).sort();
    let cmp = 0;
    for (let i = 0; i < k; i++) {
      if (img[i] !== set[i]) {
        cmp = img[i] < set[i] ? -1 : 1;
        break;
      }
    }
    if (cmp === 0) stab++;
    else if (cmp < 0) least = false;
  }
  return { least, stab };
}

export function runSubproblem(g: DominationGraph, sub: Subproblem, opts: RunSubproblemOptions): SubproblemResult {
  const syms = opts.symmetries ?? [];
  const img = new Int32Array(Math.max(1, opts.limit));
  if (sub.leaf) {
    const set = Int32Array.from(sub.placed).sort();
    const f = syms.length > 0 ? orbitFacts(set, syms, img) : null;
    return {
      count: 1,
      canonical: f ? (f.least ? 1 : 0) : null,
      stabilizerSum: f ? f.stab : null,
      minSize: set.length,
      maxSize: set.length,
      nodes: 0,
      aborted: false,
    };
  }
  const need = neededAfter(g, opts.kind, sub.placed);
  const target = squaresOf(need, g.size);
  const all: Square[] = [];
  for (let s = 0; s < g.size; s++) all.push(s);
  const cap = syms.length > 0 ? (opts.collectCap ?? 1_000_000) : 0;
  const res = searchDomination(g, {
    kind: opts.kind,
    target,
    universe: opts.kind === "independent" ? target : all,
    limit: opts.limit - sub.placed.length,
    mode: "count",
    maxNodes: opts.maxNodes,
    banned: [...sub.banned, ...sub.placed],
    collectCap: cap,
    rookLines: opts.rookLines,
    packing: opts.packing,
  });
  const p = sub.placed.length;
  let canonical: number | null = null;
  let stabilizerSum: number | null = null;
  if (syms.length > 0 && res.collected !== null && !res.aborted) {
    canonical = 0;
    stabilizerSum = 0;
    const k = res.collectedSize;
    const set = new Int32Array(k + p);
    const sets = k === 0 ? res.count : res.collected.length / k;
    for (let i = 0; i < sets; i++) {
      for (let j = 0; j < k; j++) set[j] = res.collected[i * k + j];
      for (let j = 0; j < p; j++) set[k + j] = sub.placed[j];
      set.sort();
      const f = orbitFacts(set, syms, img);
      if (f.least) canonical++;
      stabilizerSum += f.stab;
    }
  }
  return {
    count: res.count,
    canonical,
    stabilizerSum,
    minSize: res.count > 0 ? res.minSize + p : 0,
    maxSize: res.count > 0 ? res.maxSize + p : 0,
    nodes: res.nodes,
    aborted: res.aborted,
  };
}

/** Subproblem indices of shard i of N: j ≡ i (mod N). */
export function shardSubproblems(total: number, index: number, of: number): number[] {
  if (!Number.isInteger(of) || of < 1) throw new Error(`shard count ${of} must be a positive integer`);
  if (!Number.isInteger(index) || index < 0 || index >= of) throw new Error(`shard index ${index} must be in 0..${of - 1}`);
  const out: number[] = [];
  for (let j = index; j < total; j += of) out.push(j);
  return out;
}

export interface ShardTotals {
  /** Subproblem indices run. */
  subproblems: number[];
  count: number;
  canonical: number | null;
  stabilizerSum: number | null;
  minSize: number;
  maxSize: number;
  nodes: number;
  /** Index of a subproblem that stopped on the node budget (the totals are then incomplete), else null. */
  abortedAt: number | null;
}

/** Run the subproblems of shard i of N and add up their results. */
export function runShard(
  g: DominationGraph,
  subs: readonly Subproblem[],
  index: number,
  of: number,
  opts: RunSubproblemOptions,
): ShardTotals {
  const t: ShardTotals = {
    subproblems: shardSubproblems(subs.length, index, of),
    count: 0,
    canonical: 0,
    stabilizerSum: 0,
    minSize: 0,
    maxSize: 0,
    nodes: 0,
    abortedAt: null,
  };
  for (const j of t.subproblems) {
    const r = runSubproblem(g, subs[j], opts);
    if (r.aborted) {
      t.nodes += r.nodes;
      t.abortedAt = j;
      return t;
    }
    addResult(t, r);
  }
  return t;
}

/** Add one subproblem's result to running totals (classes stay null once any subproblem's are inexact). */
export function addResult(
  t: Pick<ShardTotals, "count" | "canonical" | "stabilizerSum" | "minSize" | "maxSize" | "nodes">,
  r: SubproblemResult,
): void {
  t.nodes += r.nodes;
  t.count += r.count;
  t.canonical = t.canonical === null || r.canonical === null ? null : t.canonical + r.canonical;
  t.stabilizerSum = t.stabilizerSum === null || r.stabilizerSum === null ? null : t.stabilizerSum + r.stabilizerSum;
  if (r.count > 0) {
    t.minSize = t.minSize === 0 ? r.minSize : Math.min(t.minSize, r.minSize);
    t.maxSize = Math.max(t.maxSize, r.maxSize);
  }
}

/** What a shard certificate states (the CLI adds the machine facts). */
export interface ShardCertificate {
  format: "domination-shard/1";
  piece: string;
  board: number[];
  kind: ShardableKind;
  /** The limit the sets were counted at (gamma), and where it came from. */
  gamma: number;
  gammaSource: "proved" | "given";
  split: { depth: number; subproblems: number; digest: string; rule: string };
  shard: { index: number; of: number };
  /** Subproblem indices run (j ≡ index mod of). */
  subproblems: number[];
  count: number;
  /** Null when some subproblem had more sets than the collection cap. */
  canonical: number | null;
  stabilizerSum: number | null;
  symmetryCount: number;
  minSize: number;
  maxSize: number;
  nodes: number;
  cpuSeconds: number;
  codeVersion: string;
  date: string;
}

export interface MergeResult {
  count: number;
  classes: number | null;
  nodes: number;
  cpuSeconds: number;
  shards: number;
  gamma: number;
}

export class MergeError extends Error {
  override name = "MergeError";
}

/**
 * Merge shard certificates of one run: same problem, split and shard count;
 * every shard index 0..N-1 present exactly once and covering exactly its
 * subproblems (so every subproblem is counted once); sets all of size gamma.
 */
export function mergeShards(certs: readonly ShardCertificate[]): MergeResult {
  if (certs.length === 0) throw new MergeError("no shard certificates");
  const c0 = certs[0];
  const key = (c: ShardCertificate) =>
    JSON.stringify([
      c.format,
      c.piece,
      c.board,
      c.kind,
      c.gamma,
      c.split.depth,
      c.split.subproblems,
      c.split.digest,
      c.shard.of,
      c.symmetryCount,
    ]);
  const k0 = key(c0);
  const of = c0.shard.of;
  const seen = new Map<number, ShardCertificate>();
  for (const c of certs) {
    if (key(c) !== k0) {
      throw new MergeError(`shard ${c.shard.index}/${c.shard.of} belongs to another run (problem, gamma, split or shard count differ)`);
    }
    if (seen.has(c.shard.index)) throw new MergeError(`shard ${c.shard.index}/${of} is present twice`);
    seen.set(c.shard.index, c);
    const want = shardSubproblems(c.split.subproblems, c.shard.index, of);
    if (want.length !== c.subproblems.length || want.some((j, i) => c.subproblems[i] !== j)) {
      throw new MergeError(`shard ${c.shard.index}/${of} does not cover exactly its subproblems (j ≡ ${c.shard.index} mod ${of})`);
    }
    if (c.count > 0 && (c.minSize !== c.gamma || c.maxSize !== c.gamma)) {
      throw new MergeError(
        `shard ${c.shard.index}/${of} found sets of sizes ${c.minSize}..${c.maxSize}, not all of size gamma = ${c.gamma}`,
      );
    }
  }
  const missing: number[] = [];
  for (let i = 0; i < of; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) {
    throw new MergeError(
      `missing shard${missing.length > 1 ? "s" : ""} ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ", .." : ""} of ${of}`,
    );
  }
  let count = 0;
  let canonical: number | null = 0;
  let stab: number | null = 0;
  let nodes = 0;
  let cpu = 0;
  for (const c of certs) {
    count += c.count;
    nodes += c.nodes;
    cpu += c.cpuSeconds;
    canonical = canonical === null || c.canonical === null ? null : canonical + c.canonical;
    stab = stab === null || c.stabilizerSum === null ? null : stab + c.stabilizerSum;
  }
  if (!Number.isSafeInteger(count)) throw new MergeError("the count exceeds 2^53");
  if (canonical !== null && stab !== null && stab !== canonical * c0.symmetryCount) {
    throw new MergeError(`class count mismatch: ${canonical} least sets but Burnside gives ${stab}/${c0.symmetryCount}`);
  }
  if (count === 0) throw new MergeError(`no set of size ${c0.gamma} at all: gamma ${c0.gamma} is wrong for this problem`);
  return { count, classes: canonical, nodes, cpuSeconds: cpu, shards: of, gamma: c0.gamma };
}
