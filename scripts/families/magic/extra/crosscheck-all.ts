/**
 * Independent re-run of a sample of the full 8x8 semimagic enumeration
 * (run magic-knight-8x8-all-d10): pick prefixes of committed shards (chosen,
 * or drawn with a seed), complete each with the search below, and compare
 * with what the shard file records.
 *
 *   atlas crosscheck-all magic [--n 8] [--depth 10] [--dir DIR] [--count C]
 *     [--seed S] [--prefixes j1,j2,...] [--max-nodes M] [--out FILE] [--quiet]
 *
 * What is shared with the engine: the board geometry and the split (the
 * frozen prefix list, solvers/magic/enumerate.ts listPrefixes, which names
 * what each shard covered). What is not: the completion. The search here is
 * written from scratch and uses none of solvers/magic's pruning rules; its
 * own two rules are argued below. The end-square reduction (which tours the
 * engine counts at all) is recomputed here too.
 *
 * A shard file records totals (prefixes covered, nodes, tours found, and the
 * tours themselves), not an outcome per prefix. So per sampled prefix the
 * comparison is: the tours this search finds below the prefix must be exactly
 * the shard's listed tours whose numbers 1..depth stand on the prefix's
 * squares (for the committed 8x8 shards: none on both sides). Node counts are
 * not compared (the two searches prune differently). With --max-nodes a
 * prefix whose search reaches the cap is reported unfinished and makes no
 * claim either way; the light prefixes this keeps are a biased sample, which
 * the output says.
 *
 * Exit codes: 0 agreement, 1 disagreement, 2 bad input.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { cpuTimer } from "../../../lib/cpu.ts";
import { intOption, parseArgs } from "../../../lib/options.ts";
import { writeFileAtomic } from "../../../lib/cli.ts";
import { squareSymmetries } from "../../../../solvers/magic/crosscheck.ts";
import { magicSplit } from "../prove.ts";
import { enumerationKey, seededRandom } from "../../../../solvers/magic/enumerate.ts";
import { stridedRange } from "../../../../solvers/proof/sharded.ts";

/**
 * End squares the enumeration counts for a tour starting on `start`: the
 * pair (start, end), ordered by start*N+end, is the smallest of its images
 * under the 8 board symmetries, with and without swapping the two (reversed
 * numbering). Recomputed here from the definition rather than imported.
 */
export function countedEnds(n: number, start: number): Uint8Array {
  const N = n * n;
  const maps = squareSymmetries(n);
  const out = new Uint8Array(N);
  for (let e = 0; e < N; e++) {
    if (e === start) continue;
    const key = start * N + e;
    out[e] = maps.every((m) => m[start] * N + m[e] >= key && m[e] * N + m[start] >= key) ? 1 : 0;
  }
  return out;
}

/**
 * Every semimagic knight's path of the n x n board (numbers 1..n*n along
 * knight moves, open or closed, every row and column summing to n(n*n+1)/2)
 * whose numbers 1..d stand on `prefix` (d = prefix.length) and whose last
 * square is a counted end of the first. Tours are returned as numbered boards
 * (index y*n+x). A prefix that is not a knight path on distinct squares is an
 * error, not an empty result.
 *
 * Rules (each removes only states with no completion):
 * (V) Value bounds. A knight move changes square colour, so the odd numbers
 *     stand on the colour of 1's square and the even ones on the other. After
 *     1..k are placed, a line with c1 empty cells of the odd colour and c0 of
 *     the even one receives c1 distinct odd and c0 distinct even numbers from
 *     k+1..N; its final sum lies between the sums of the smallest and of the
 *     largest such choices. A target outside that range cannot be met.
 * (A) Availability. Let avail(v), for a free square v, count its knight
 *     neighbours that are free or the current head (the square of k). In any
 *     completion v has a predecessor and, unless v holds N, a successor, each
 *     free now or the head. So avail(v) = 0 kills the state, and a square with
 *     avail(v) = 1 must hold N: two such squares kill it.
 *     Moving the head from h to a free neighbour s changes avail only for the
 *     free neighbours of h (-1): a neighbour of s loses s as a free square and
 *     gains it as the head.
 */
export function completePrefix(
  n: number,
  prefix: ArrayLike<number>,
  onTour?: (numbers: number[]) => void,
  maxNodes = Infinity,
): { tours: number; nodes: number; finished: boolean } {
  const N = n * n, d = prefix.length, T = (n * (N + 1)) / 2;
  if (d < 1 || d > N) throw new Error(`a prefix needs 1..${N} squares (got ${d})`);
  const row = (s: number) => Math.floor(s / n), col = (s: number) => s % n;
  const nbStart = new Int32Array(N + 1);
  const nbList: number[] = [];
  for (let s = 0; s < N; s++) {
    nbStart[s] = nbList.length;
    for (let t = 0; t < N; t++) {
      const dx = Math.abs(col(s) - col(t)), dy = Math.abs(row(s) - row(t));
      if (dx * dy === 2) nbList.push(t);
    }
  }
  nbStart[N] = nbList.length;
  const nb = Int32Array.from(nbList);
  const colour = new Int32Array(N);
  for (let s = 0; s < N; s++) colour[s] = (row(s) + col(s)) & 1;

  // lo[p][k*(n+1)+c], hi[...]: sums of the c smallest / largest numbers of
  // parity p in k+1..N (Infinity / -Infinity when fewer than c exist).
  const lo = [new Float64Array((N + 1) * (n + 1)), new Float64Array((N + 1) * (n + 1))];
  const hi = [new Float64Array((N + 1) * (n + 1)), new Float64Array((N + 1) * (n + 1))];
  for (let k = 0; k <= N; k++) {
    for (let p = 0; p < 2; p++) {
      const pool: number[] = [];
      for (let v = k + 1; v <= N; v++) if (v % 2 === p) pool.push(v);
      for (let c = 0; c <= n; c++) {
        let a = 0, b = 0;
        for (let i = 0; i < c && c <= pool.length; i++) {
          a += pool[i];
          b += pool[pool.length - 1 - i];
        }
        lo[p][k * (n + 1) + c] = c <= pool.length ? a : Infinity;
        hi[p][k * (n + 1) + c] = c <= pool.length ? b : -Infinity;
      }
    }
  }

  const num = new Int32Array(N), sq = new Int32Array(N + 1);
  const lineSum = new Int32Array(2 * n);
  const empty = [new Int32Array(2 * n).fill(n / 2), new Int32Array(2 * n).fill(n / 2)];
  if (n % 2 !== 0) {
    for (let L = 0; L < 2 * n; L++) {
      // Odd side: lines alternate colours starting from the line's first cell.
      const first = L < n ? L & 1 : (L - n) & 1;
      empty[first][L] = (n + 1) / 2;
      empty[first ^ 1][L] = (n - 1) / 2;
    }
  }
  const put = (s: number, v: number) => {
    num[s] = v;
    sq[v] = s;
    lineSum[row(s)] += v;
    lineSum[n + col(s)] += v;
    empty[colour[s]][row(s)]--;
    empty[colour[s]][n + col(s)]--;
  };
  const take = (s: number, v: number) => {
    num[s] = 0;
    lineSum[row(s)] -= v;
    lineSum[n + col(s)] -= v;
    empty[colour[s]][row(s)]++;
    empty[colour[s]][n + col(s)]++;
  };
  for (let j = 0; j < d; j++) {
    const s = prefix[j];
    if (!Number.isInteger(s) || s < 0 || s >= N || num[s] !== 0) throw new Error(`prefix square ${s} is off the board or repeated`);
    if (j > 0) {
      const dx = Math.abs(col(s) - col(sq[j])), dy = Math.abs(row(s) - row(sq[j]));
      if (dx * dy !== 2) throw new Error(`prefix step ${j} -> ${j + 1} is not a knight move`);
    }
    put(s, j + 1);
  }
  const oddColour = colour[sq[1]];
  const ends = countedEnds(n, sq[1]);
  const linesOk = (k: number): boolean => {
    const base = k * (n + 1);
    for (let L = 0; L < 2 * n; L++) {
      const need = T - lineSum[L];
      const c1 = empty[oddColour][L], c0 = empty[oddColour ^ 1][L];
      if (need < lo[1][base + c1] + lo[0][base + c0] || need > hi[1][base + c1] + hi[0][base + c0]) return false;
    }
    return true;
  };

  const avail = new Int32Array(N);
  let zeros = 0, ones = 0;
  for (let v = 0; v < N; v++) {
    if (num[v] !== 0) continue;
    for (let i = nbStart[v]; i < nbStart[v + 1]; i++) {
      const u = nb[i];
      if (num[u] === 0 || u === sq[d]) avail[v]++;
    }
    if (avail[v] === 0) zeros++;
    if (avail[v] === 1) ones++;
  }

  let tours = 0, nodes = 0;
  const extend = (k: number) => {
    if (k === N) {
      if (!ends[sq[N]]) return;
      for (let L = 0; L < 2 * n; L++) if (lineSum[L] !== T) throw new Error("internal: line sum at a leaf");
      tours++;
      onTour?.(Array.from(num));
      return;
    }
    const h = sq[k];
    for (let i = nbStart[h]; i < nbStart[h + 1] && nodes < maxNodes; i++) {
      const s = nb[i];
      if (num[s] !== 0) continue;
      nodes++;
      put(s, k + 1);
      if (avail[s] === 1) ones--;
      if (avail[s] === 0) zeros--;
      for (let j = nbStart[h]; j < nbStart[h + 1]; j++) {
        const u = nb[j];
        if (num[u] !== 0) continue;
        const a = --avail[u];
        if (a === 1) ones++;
        else if (a === 0) {
          ones--;
          zeros++;
        }
      }
      if (zeros === 0 && ones <= 1 && linesOk(k + 1)) extend(k + 1);
      for (let j = nbStart[h]; j < nbStart[h + 1]; j++) {
        const u = nb[j];
        if (num[u] !== 0) continue;
        const a = avail[u]++;
        if (a === 1) ones--;
        else if (a === 0) {
          ones++;
          zeros--;
        }
      }
      if (avail[s] === 1) ones++;
      if (avail[s] === 0) zeros++;
      take(s, k + 1);
    }
  };
  if (zeros === 0 && ones <= 1 && linesOk(d)) extend(d);
  // Stopping at the cap leaves the loops early; a prefix that used exactly
  // maxNodes nodes is reported unfinished too (a harmless understatement).
  return { tours, nodes, finished: nodes < maxNodes };
}

/** What a shard file records that the comparison reads. */
export interface ShardRecord {
  shard: { index: number; count: number };
  solutions: number;
  tours: number[][];
}

export interface PrefixCheck {
  prefix: number;
  shard: number;
  squares: number[];
  /** False when the node cap stopped the search: then nothing is compared. */
  finished: boolean;
  toursHere: number;
  toursInShard: number;
  nodes: number;
  cpuSeconds: number;
  agree: boolean;
  why?: string;
}

/** The shard's listed tours whose numbers 1..d stand on `squares`, as joined strings. */
function shardToursBelow(shard: ShardRecord, squares: ArrayLike<number>): string[] {
  return shard.tours.filter((t) => Array.from(squares).every((s, j) => t[s] === j + 1)).map((t) => t.join(","));
}

/** Complete prefix `j` independently and compare with the shard that covered it. */
export function checkPrefix(
  n: number,
  prefixes: Int8Array,
  depth: number,
  j: number,
  shard: ShardRecord,
  maxNodes = Infinity,
): PrefixCheck {
  const squares = Array.from(prefixes.subarray(j * depth, (j + 1) * depth));
  if (j % shard.shard.count !== shard.shard.index) {
    throw new Error(`prefix ${j} is not in shard ${shard.shard.index} of ${shard.shard.count}`);
  }
  const found: string[] = [];
  const timer = cpuTimer();
  const r = completePrefix(n, squares, (b) => void found.push(b.join(",")), maxNodes);
  const cpuMicros = timer.micros();
  const theirs = shardToursBelow(shard, squares);
  let why: string | undefined;
  if (!r.finished) why = `stopped at the node cap (${maxNodes}): not compared`;
  else if (shard.tours.length !== shard.solutions) why = `shard lists ${shard.tours.length} tours but reports ${shard.solutions}`;
  else if (found.length !== theirs.length) why = `${found.length} tours here, ${theirs.length} listed in the shard below this prefix`;
  else if (!found.every((t) => theirs.includes(t))) why = "the tours found here differ from the shard's";
  return {
    prefix: j,
    shard: shard.shard.index,
    squares,
    finished: r.finished,
    toursHere: found.length,
    toursInShard: theirs.length,
    nodes: r.nodes,
    cpuSeconds: Math.round(cpuMicros / 1e4) / 100,
    agree: r.finished && why === undefined,
    ...(why ? { why } : {}),
  };
}

/** Prefix indices of shard `index` (of `count`) over `total` prefixes, in its order. */
export function shardPrefixes(total: number, index: number, count: number): number[] {
  const [lo, hi] = stridedRange(total, index, count);
  return Array.from({ length: hi - lo }, (_, p) => index + count * p);
}

const USAGE =
  `atlas crosscheck-all magic [--n 8] [--depth 10] [--dir DIR] [--count C] [--seed S] [--prefixes j1,j2,...] [--max-nodes M] [--out FILE] [--quiet]
Re-runs prefixes of committed shards of the full semimagic enumeration with an independent search and compares.
  --count C       prefixes to draw (default 3), spread over the committed shards
  --seed S        seed of the draw (default 1)
  --prefixes LIST the prefix indices to re-run instead of a draw (their shards must be committed)
  --max-nodes M   per-prefix node cap (default none); capped prefixes are reported unfinished
  --out FILE      write the JSON summary there (atomically) instead of stdout`;

function fail(message: string): number {
  console.error(`crosscheck-all: ${message}`);
  return 2;
}

function main(args: string[]): number {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        n: { type: "string", default: "8" },
        depth: { type: "string", default: "10" },
        dir: { type: "string" },
        count: { type: "string", default: "3" },
        seed: { type: "string", default: "1" },
        prefixes: { type: "string" },
        "max-nodes": { type: "string" },
        out: { type: "string" },
        quiet: { type: "boolean", default: false },
      },
    }));
  } catch (e) {
    return fail((e as Error).message);
  }
  let n: number, depth: number, count: number, seed: number, maxNodes: number;
  try {
    n = intOption("n", values.n, { min: 4, max: 8 });
    depth = intOption("depth", values.depth, { min: 1, max: n * n });
    count = intOption("count", values.count, { min: 1 });
    seed = intOption("seed", values.seed, {});
    maxNodes = intOption("max-nodes", values["max-nodes"], { min: 1 }) ?? Infinity;
  } catch (e) {
    return fail((e as Error).message);
  }
  if (values.out === "") return fail("--out needs a file name");
  const e = { n, mode: "all" as const, depth };
  const key = enumerationKey(e);
  const dir = values.dir ?? join("data", "magic", "proofs", key);
  if (!existsSync(dir)) return fail(`no run directory ${dir}`);
  const { prefixes, split } = magicSplit(e);
  const P = split.prefixes;

  // Committed shards, read as their files say.
  const shards = new Map<number, ShardRecord>();
  let shardCount = 0;
  for (const name of readdirSync(dir)) {
    const m = /^shard-(\d+)-of-(\d+)\.json$/.exec(name);
    if (!m) continue;
    const s = JSON.parse(readFileSync(join(dir, name), "utf8"));
    if (s.split?.prefixes !== P || s.split?.digest !== split.digest) return fail(`${name} belongs to another split`);
    shards.set(Number(m[1]), s);
    shardCount = Number(m[2]);
  }
  if (shards.size === 0) return fail(`no shard files in ${dir}`);

  let chosen: number[];
  if (values.prefixes !== undefined) {
    chosen = values.prefixes.split(",").map(Number);
    for (const j of chosen) {
      if (!Number.isInteger(j) || j < 0 || j >= P) return fail(`--prefixes: ${j} is not a prefix index 0..${P - 1}`);
      if (!shards.has(j % shardCount)) return fail(`--prefixes: the shard of prefix ${j} (${j % shardCount}) is not committed`);
    }
  } else {
    const rand = seededRandom(seed);
    const ids = [...shards.keys()].sort((a, b) => a - b);
    const pool = ids.flatMap((i) => shardPrefixes(P, i, shardCount));
    if (count > pool.length) return fail(`--count ${count} exceeds the ${pool.length} prefixes of the committed shards`);
    const picked = new Set<number>();
    while (picked.size < count) picked.add(pool[Math.floor(rand() * pool.length)]);
    chosen = [...picked].sort((a, b) => a - b);
  }

  const results: PrefixCheck[] = [];
  for (const j of chosen) {
    const r = checkPrefix(n, prefixes, depth, j, shards.get(j % shardCount)!, maxNodes);
    results.push(r);
    if (!values.quiet) {
      console.error(
        `prefix ${j} (shard ${r.shard}): ${results.length}/${chosen.length}, ${r.toursHere} tours, ${r.nodes} nodes, ${r.cpuSeconds} s CPU, ${
          r.agree ? "agrees" : r.finished ? "DISAGREES: " + r.why : "unfinished"
        }`,
      );
    }
  }
  const summary = {
    format: "chessboard-atlas-magic-crosscheck-all/1",
    key,
    split: { prefixes: P, digest: split.digest },
    compared:
      "per sampled prefix: tours found by the independent search vs the shard's listed tours below that prefix (shards record totals and tours, not per-prefix outcomes); node counts are not comparable",
    sample: values.prefixes !== undefined ? { chosen: true } : { seed, count, from: shards.size + " committed shards" },
    maxNodes: maxNodes === Infinity ? null : maxNodes,
    finished: results.filter((r) => r.finished).length,
    unfinished: results.filter((r) => !r.finished).map((r) => r.prefix),
    prefixes: results,
    cpuSeconds: Math.round(results.reduce((a, r) => a + r.cpuSeconds, 0) * 100) / 100,
    // Over the finished prefixes: false when one of them differs (or none finished).
    agree: results.every((r) => r.agree || !r.finished) && results.some((r) => r.finished),
    date: new Date().toISOString(),
  };
  const text = JSON.stringify(summary, null, 1) + "\n";
  if (values.out) writeFileAtomic(values.out, text);
  else process.stdout.write(text);
  return summary.agree ? 0 : 1;
}

export function run(args: string[]): void {
  try {
    process.exitCode = main(args);
  } catch (e) {
    console.error(`crosscheck-all: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
