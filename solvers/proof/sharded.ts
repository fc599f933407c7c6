/**
 * The pure half of one mechanism for long exhaustive runs, shared by every
 * family's prover: a space of `total` units (positions, placements,
 * subproblems) is split into N shards, each shard is run (resumably, in
 * slices) into a shard certificate, and the shards are merged into one
 * certificate listing the SHA-256 of each shard file. What a family supplies
 * is small (ShardedProver): how to split its space, how to run a slice, and
 * how to combine the shard results. The files, checkpoints, workers and the
 * scheduler's array index live in scripts/lib/run/ (gathered by scripts/lib/sharded-run.ts).
 *
 * The merge accepts a set of shard files only when they are one complete
 * split of this space: every index 0..N-1 exactly once, no file of another
 * split, cell, claim or prover version, each shard's range the one the split
 * gives it, and (for contiguous splits) the ranges tiling [0, total).
 */

export interface ShardRef {
  index: number;
  count: number;
}

/** A resumable run over the units [lo, hi) of a space. */
export interface Slice<S> {
  /** The next unit to run (hi when done). */
  readonly next: number;
  readonly done: boolean;
  /** Run at most `max` units; returns how many ran. */
  step(max: number): number;
  /** Everything a later run needs to continue from `next` (plain JSON). */
  state(): S;
}

/** Timing and provenance of a finished shard. */
export interface ShardMeta {
  codeVersion: string;
  cpuSeconds: number;
  startedAt: string;
  finishedAt: string;
}

/** A shard file as read for a merge: its name, the SHA-256 of its bytes, its parsed certificate. */
export interface ShardInput<C> {
  file: string;
  sha256: string;
  shard: ShardRef;
  range: [number, number];
  certificate: C;
}

/** What a checkpoint on disk gives back: the state to resume, with the run's accumulated cost. */
export interface Resumed<S> {
  state: S;
  cpuSeconds: number;
  startedAt: string;
  codeVersion: string;
}

export interface CheckpointContext<S> {
  shard: ShardRef;
  range: [number, number];
  total: number;
  state: S;
  cpuSeconds: number;
  startedAt: string;
  codeVersion: string;
}

/**
 * A family's exhaustive run, as the shared machinery sees it. S: the state of
 * a slice (resumable, JSON); C: a shard certificate; M: the merged
 * certificate.
 */
export interface ShardedProver<S, C, M> {
  /** What is being proven, for messages ("leaper-2-3-dual-free-6x6"). */
  readonly label: string;
  /** Units in the whole space. */
  readonly total: number;
  /** Whether rangeOf splits [0, total) into consecutive ranges in index order (then the merge also checks the tiling). */
  readonly contiguous: boolean;
  /** How to split: the units of shard `index` of `count`. */
  rangeOf(index: number, count: number): [number, number];
  /** How to run a slice: a run over `range` (of shard `shard`), continuing from `resume` when given. */
  open(range: [number, number], resume: S | undefined, shard: ShardRef): Slice<S>;
  /** The certificate of a finished shard. */
  finish(shard: ShardRef, range: [number, number], state: S, meta: ShardMeta): C;
  /**
   * Read a shard file: its certificate and which shard of which split it says
   * it is, or one line saying why it is not a shard certificate of this space
   * (not valid, another prover version, another cell or claim, inconsistent).
   */
  readShard(file: string, json: unknown): { shard: ShardRef; range: [number, number]; certificate: C } | string;
  /** How to combine: the merged certificate of a complete, checked split (shards in index order), or why not (e.g. a counterexample). */
  combine(shards: ShardInput<C>[], mergedAt: string): { certificate: M | null; errors: string[] };
  /** A checkpoint's JSON. */
  saveCheckpoint(c: CheckpointContext<S>): unknown;
  /** Read a checkpoint of `shard`: the state to resume from, or one line saying why it cannot be resumed (corrupt, foreign). */
  loadCheckpoint(json: unknown, shard: ShardRef, range: [number, number]): Resumed<S> | string;
  /** Why a finished shard is a failure (e.g. it found a counterexample), or null. */
  failure(certificate: C): string | null;
  /** One line about a finished shard, for the log. */
  describe(certificate: C): string;
  /**
   * Where the work of a range lies, for the progress line's rate and ETA
   * (optional). Units of one space can differ in cost by orders of magnitude:
   * the edge method drops 98% of its placements in microseconds and searches
   * the rest for a second or more, and only the first 107 of its 256 shards
   * hold any of those. An ETA from units per second is then wrong by that
   * factor in either direction. workIn(range) returns the work done once the
   * first d units of the range are done (d from 0 to the range's size), in
   * workUnits; it is only called in the driver's thread, once per shard.
   */
  readonly workUnit?: string;
  workIn?(range: [number, number]): (done: number) => number;
}

/** Shard i of N covers [floor(i*T/N), floor((i+1)*T/N)): the ranges tile [0, T) for any N. */
export function shardRange(total: number, index: number, count: number): [number, number] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`shard count ${count} must be a positive integer`);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`shard index ${index} must be in 0..${count - 1}`);
  // BigInt: i*T may pass 2^53 even when T does not.
  const at = (j: number) => Number((BigInt(j) * BigInt(total)) / BigInt(count));
  return [at(index), at(index + 1)];
}

/** The usual split: N consecutive ranges of (almost) equal size. */
export function contiguousRange(total: number, index: number, count: number): [number, number] {
  return shardRange(total, index, count);
}

/**
 * The strided split (shard i takes units j ≡ i mod N, which spreads
 * neighbouring units of similar cost over the shards) as consecutive ranges
 * of positions: units ordered by (j mod N, j div N), so shard i holds the
 * positions [start_i, start_i + n_i) with n_k = ceil((T - k) / N). `unitAt`
 * maps a position of shard i back to its unit j = i + N (p - start_i).
 */
export function stridedRange(total: number, index: number, count: number): [number, number] {
  const len = (k: number) => (k < total ? Math.ceil((total - k) / count) : 0);
  let start = 0;
  for (let k = 0; k < index; k++) start += len(k);
  return [start, start + len(index)];
}

export function stridedUnit(total: number, shard: ShardRef, position: number): number {
  const [lo] = stridedRange(total, shard.index, shard.count);
  return shard.index + shard.count * (position - lo);
}

export function shardFileName(index: number, count: number): string {
  return `shard-${index}-of-${count}.json`;
}

/** Shards first..last (both included) of one split into `count`: the work of one job in a matrix or array. */
export interface ShardBlock {
  first: number;
  last: number;
  count: number;
}

/** "a-b/N" (or "a/N", one shard) → the block, or why not. */
export function parseShardBlock(text: string): ShardBlock | string {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?\/\s*(\d+)\s*$/.exec(text);
  if (!m) return `bad block "${text}": expected a-b/N (shards a to b of N), e.g. 0-63/16384`;
  const first = Number(m[1]), last = m[2] === undefined ? first : Number(m[2]), count = Number(m[3]);
  if (count < 1) return `bad block "${text}": N must be at least 1`;
  if (last < first) return `bad block "${text}": a must not be above b`;
  if (last >= count) return `bad block "${text}": b must be below N (shards are numbered 0..N-1)`;
  return { first, last, count };
}

/** "i/N" → the shard, or why not. */
export function parseShardRef(text: string): ShardRef | string {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return `bad shard "${text}": expected i/N, e.g. 3/16`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) return `bad shard "${text}": N must be at least 1`;
  if (index >= count) return `bad shard "${text}": i must be below N (shards are numbered 0..N-1)`;
  return { index, count };
}

/**
 * The split-level checks of a merge (each shard's own content is the
 * prover's readShard): one split, file names that match their content, each
 * index once, none missing, each range the split's, and a contiguous split's
 * ranges tiling [0, total). The errors, empty when the set is complete.
 */
export function checkSplit<C>(
  prover: Pick<ShardedProver<unknown, C, unknown>, "total" | "contiguous" | "rangeOf">,
  shards: ShardInput<C>[],
): string[] {
  const errors: string[] = [];
  if (shards.length === 0) return ["no shard certificates"];
  const counts = new Set(shards.map((s) => s.shard.count));
  if (counts.size > 1) {
    return [
      `shard certificates of different splits (${
        [...counts].sort((a, b) => a - b).join(", ")
      } shards): keep one split or choose one with --shards`,
    ];
  }
  const n = shards[0].shard.count;
  errors.push(...shardSetErrors(prover, shards, n));
  const byIndex = indexFiles(shards);
  // A run of three or more missing shards is one line ("shards 25-255 of 256 are missing"), so a
  // merge attempted early says how far the run is instead of listing every shard still to do.
  for (let i = 0; i < n; i++) {
    if (byIndex.has(i)) continue;
    let j = i;
    while (j + 1 < n && !byIndex.has(j + 1)) j++;
    if (j - i >= 2) {
      errors.push(`shards ${i}-${j} of ${n} are missing (${j - i + 1} shards)`);
      i = j;
    } else errors.push(`shard ${i} of ${n} is missing`);
  }
  if (prover.contiguous) errors.push(...tilingErrors(shards, prover.total));
  return errors;
}

/** The files of each shard index. */
function indexFiles(shards: readonly { file: string; shard: ShardRef }[]): Map<number, string[]> {
  const byIndex = new Map<number, string[]>();
  for (const s of shards) byIndex.set(s.shard.index, [...(byIndex.get(s.shard.index) ?? []), s.file]);
  return byIndex;
}

/**
 * The checks of a set of shards of one split into n that hold whether or not
 * the set is complete: each file's name matches its content, each range is
 * the split's, and no index occurs twice.
 */
function shardSetErrors<C>(prover: Pick<ShardedProver<unknown, C, unknown>, "rangeOf">, shards: ShardInput<C>[], n: number): string[] {
  const errors: string[] = [];
  for (const s of shards) {
    if (s.file !== shardFileName(s.shard.index, s.shard.count)) {
      errors.push(`${s.file} holds shard ${s.shard.index} of ${s.shard.count}: name and content disagree`);
    }
    const [lo, hi] = prover.rangeOf(s.shard.index, n);
    if (s.range[0] !== lo || s.range[1] !== hi) {
      errors.push(`${s.file}: range [${s.range}) is not shard ${s.shard.index}'s [${lo},${hi}) of ${n}`);
    }
  }
  for (const [i, got] of [...indexFiles(shards)].sort((a, b) => a[0] - b[0])) {
    if (got.length > 1) errors.push(`shard ${i} of ${n} occurs ${got.length} times (${got.join(", ")})`);
  }
  return errors;
}

/** Where an unfinished run stands: shards done of its split, and the units they cover. */
export interface SplitProgress {
  /** Shards in the split. */
  count: number;
  /** Distinct shards done. */
  done: number;
  /** Units covered by the shards done (by the split's ranges). */
  covered: number;
  total: number;
  /** What is wrong with the shards done (as checkSplit says it); a shard not yet run is no error here. */
  errors: string[];
}

/**
 * How far a run is that has not been merged: the split with the most shard
 * files is the run's (a merge would have to be told which split to take when
 * there are several, so shards of the others are left out of the count, not
 * called wrong), and its shards pass the checks of checkSplit that hold for
 * any subset of a split. The covered units come from the split's ranges of
 * the distinct indices done, so a duplicate or a forged range cannot inflate
 * them. Null when there are no shards.
 */
export function splitProgress<C>(
  prover: Pick<ShardedProver<unknown, C, unknown>, "total" | "rangeOf">,
  shards: ShardInput<C>[],
): SplitProgress | null {
  if (shards.length === 0) return null;
  const perCount = new Map<number, number>();
  for (const s of shards) perCount.set(s.shard.count, (perCount.get(s.shard.count) ?? 0) + 1);
  const [count] = [...perCount].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  const mine = shards.filter((s) => s.shard.count === count);
  const indices = [...indexFiles(mine).keys()].filter((i) => Number.isInteger(i) && i >= 0 && i < count);
  let covered = 0;
  for (const i of indices) {
    const [lo, hi] = prover.rangeOf(i, count);
    covered += hi - lo;
  }
  return { count, done: indices.length, covered, total: prover.total, errors: shardSetErrors(prover, mine, count) };
}

/**
 * Whether shard ranges tile [0, total): every gap and every overlap, one line
 * each (empty when they tile). The one tiling check of every merged
 * certificate, whether its shards are read (checkSplit) or only listed.
 */
export function tilingErrors(shards: readonly { file: string; range: readonly [number, number] }[], total: number): string[] {
  const errors: string[] = [];
  const sorted = [...shards].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let at = 0;
  for (const s of sorted) {
    const [lo, hi] = s.range;
    if (hi < lo) errors.push(`${s.file}: range [${lo}, ${hi}) is reversed`);
    if (lo > at) errors.push(`positions [${at}, ${lo}) are covered by no shard`);
    if (lo < at) errors.push(`${s.file}: range [${lo}, ${hi}) overlaps the previous shard (which ends at ${at})`);
    at = Math.max(at, hi);
  }
  if (at < total) errors.push(`positions [${at}, ${total}) are covered by no shard`);
  if (at > total) errors.push(`shards reach ${at}, past the end of the space (${total})`);
  return errors;
}

/**
 * A slice for spaces whose units are run by a function over a range and whose
 * results combine by `add` (counts that add up, the first hit kept: the
 * locust's edge placements, say): stepping runs the next units and adds
 * their results, so the run can stop and resume at any unit.
 */
export function additiveSlice<K>(
  range: [number, number],
  runRange: (lo: number, hi: number) => K,
  zero: () => K,
  add: (a: K, b: K) => K,
  resume?: { next: number; counts: K },
): Slice<{ next: number; counts: K }> {
  let next = resume?.next ?? range[0];
  if (next < range[0] || next > range[1]) throw new Error(`resume index ${next} outside [${range[0]}, ${range[1]}]`);
  let counts = resume?.counts ?? zero();
  return {
    get next() {
      return next;
    },
    get done() {
      return next >= range[1];
    },
    step(max: number): number {
      const hi = Math.min(range[1], next + Math.max(0, Math.floor(max)));
      if (hi <= next) return 0;
      counts = add(counts, runRange(next, hi));
      const did = hi - next;
      next = hi;
      return did;
    },
    state: () => ({ next, counts: JSON.parse(JSON.stringify(counts)) as K }),
  };
}

/**
 * Checkpoints for provers whose slice state is plain JSON with a `next`
 * position: an envelope naming the format, the run and the shard, so that a
 * checkpoint of another run, shard or format is refused by name, and
 * `check` says whether the state's counts account for the positions before
 * `next` (a corrupt checkpoint must not be resumed).
 */
export function envelopeCheckpoints<S extends { next: number }>(
  format: string,
  id: string,
  check: (state: S, range: [number, number]) => string | null,
): Pick<ShardedProver<S, unknown, unknown>, "saveCheckpoint" | "loadCheckpoint"> {
  return {
    saveCheckpoint: (c) => ({ format, id, ...c, savedAt: new Date().toISOString() }),
    loadCheckpoint: (json, shard, range) => {
      const c = json as Partial<CheckpointContext<S>> & { format?: unknown; id?: unknown } | null;
      if (c?.format !== format) return `is not one of this prover's checkpoints (format ${JSON.stringify(c?.format ?? null)})`;
      if (
        c.id !== id || c.shard?.index !== shard.index || c.shard?.count !== shard.count || c.range?.[0] !== range[0] ||
        c.range?.[1] !== range[1]
      ) {
        return `is not one of shard ${shard.index} of ${shard.count} of ${id} (it is for ${c.id}, shard ${c.shard?.index} of ${c.shard?.count})`;
      }
      const st = c.state;
      if (!st || typeof st.next !== "number" || st.next < range[0] || st.next > range[1]) return "is corrupt (no resumable state)";
      const bad = check(st, range);
      if (bad) return `is corrupt (${bad})`;
      if (typeof c.cpuSeconds !== "number" || typeof c.startedAt !== "string" || typeof c.codeVersion !== "string") {
        return "is corrupt (no run facts)";
      }
      return { state: st, cpuSeconds: c.cpuSeconds, startedAt: c.startedAt, codeVersion: c.codeVersion };
    },
  };
}
