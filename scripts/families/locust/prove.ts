/**
 * Locust proofs by the booklet's edge method (solvers/locust/edge-space.ts),
 * on the shared mechanism for long runs (scripts/lib/sharded-run.ts): sharded,
 * checkpointed and resumable, merged into a certificate verify re-checks.
 *
 *   atlas prove locust --kind locust --men 46 --mode exists [--shards N] [--workers W]   every shard, then merge
 *   atlas prove locust locust-exists-8x8-46 --shard i/N          one shard (or --shard-from-env VAR/N)
 *   atlas prove locust --kind locust --men 46 --mode exists --merge [--shards N]
 *   atlas prove locust --kind rook-locust --men 39 --mode closed-unique --estimate [--samples 2000]
 *   atlas prove locust --kind rook-locust --men 39 --mode closed-unique --estimate --per-shard 3 [--shards 256] [--seed 1]
 *   atlas prove locust --kind locust --men 45 --mode closed-unique --shards 256   the locust 45 witness run
 *
 * Below a maximum the same space is a generator (edge-space.ts): the locust 45
 * run in closed-unique mode finds every dual-free 45 (by-product `unique`) and
 * every closed dual-free 45 (hits; a hit makes the merge refuse, the statement
 * being false), and the records builder takes the first of each from the shards.
 *
 * The space is named by a positional id <kind>-<mode>-<n>x<n>-<men> or by
 * --kind, --mode (default exists), --n (default 8) and --men; --shards
 * defaults to 8. --estimate times a random sample of placements and projects
 * the whole space; with --per-shard K it draws K of the tested placements of
 * every shard instead (stratifiedEstimate). Output: data/locust/proofs/<kind>-<mode>-<n>x<n>-<men>/ (or
 * --proofs-dir DIR/<id>/): shard-<i>-of-<N>.json, checkpoints/, certificate.json.
 *
 * Shared options:
 */
import { xorshift32 } from "../../../solvers/random.ts";
import { join } from "node:path";
import {
  buildEdgeSpace,
  type EdgeKind,
  type EdgeMode,
  EdgeRunner,
  type EdgeShardCounts,
  emptyCounts,
  testedPlacements,
} from "../../../solvers/locust/edge-space.ts";
import { additiveSlice, envelopeCheckpoints, type ShardedProver, shardRange } from "../../../solvers/proof/sharded.ts";
import {
  EDGE_METHOD,
  edgeStatement,
  LOCUST_CERTIFICATE_FORMAT,
  LOCUST_SHARD_FORMAT,
  LocustCertificate,
  LocustShard,
} from "../../../solvers/locust/certificate.ts";
import { CliError, errorMessage, headerUsage } from "../../lib/cli.ts";
import { familyPaths } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { parseProverArgs, type RunPlace, runShardCommand, SHARD_USAGE } from "../../lib/sharded-run.ts";
import { choiceOption, intOption } from "../../lib/options.ts";
import { cpuTimer } from "../../lib/cpu.ts";

const KINDS = ["locust", "rook-locust"] as const;
const MODES = ["exists", "closed-unique"] as const;
const CHECKPOINT_FORMAT = "chessboard-atlas-locust-proof-checkpoint/1";

/** How many entries of the ascending list are below x. */
function countBelow(sorted: number[], x: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function proofId(kind: EdgeKind, mode: EdgeMode, n: number, men: number): string {
  return `${kind}-${mode}-${n}x${n}-${men}`;
}

export function proofDir(kind: EdgeKind, mode: EdgeMode, n: number, men: number, root = familyPaths("locust").proofs): string {
  return join(root, proofId(kind, mode, n, men));
}

/** The one SHA-256 (scripts/lib/run/sha256.ts), under the name this module has always exported. */
export { sha256Hex as sha256 } from "../../lib/sharded-run.ts";

type Counts = EdgeShardCounts;
interface SliceState {
  next: number;
  counts: Counts;
}

const zero = (): Counts => ({
  placements: 0,
  droppedByLemmaC: 0,
  skippedBySymmetry: 0,
  tested: 0,
  starts: 0,
  nodes: 0,
  hits: 0,
  firstHit: null,
});
function add(a: Counts, b: Counts): Counts {
  return {
    placements: a.placements + b.placements,
    droppedByLemmaC: a.droppedByLemmaC + b.droppedByLemmaC,
    skippedBySymmetry: a.skippedBySymmetry + b.skippedBySymmetry,
    tested: a.tested + b.tested,
    starts: a.starts + b.starts,
    nodes: a.nodes + b.nodes,
    hits: a.hits + b.hits,
    firstHit: a.firstHit ?? b.firstHit,
    // closed-unique runs: the by-products (positions with a sequence, with exactly one), the first of each kept
    ...(a.withSequence !== undefined || b.withSequence !== undefined
      ? {
        withSequence: (a.withSequence ?? 0) + (b.withSequence ?? 0),
        unique: (a.unique ?? 0) + (b.unique ?? 0),
        ...(a.firstSequence ?? b.firstSequence ? { firstSequence: a.firstSequence ?? b.firstSequence } : {}),
        ...(a.firstUnique ?? b.firstUnique ? { firstUnique: a.firstUnique ?? b.firstUnique } : {}),
      }
      : {}),
  };
}

/** Placements of a range all accounted for: dropped by lemma C, skipped by symmetry, or tested. */
function countsError(c: Omit<Counts, "firstHit">, size: number): string | null {
  if (c.placements !== size) return `placements ${c.placements} != ${size} in its range`;
  if (c.droppedByLemmaC + c.skippedBySymmetry + c.tested !== c.placements) return "dropped + skipped + tested != placements";
  return null;
}

export interface LocustProofOptions {
  kind: EdgeKind;
  mode: EdgeMode;
  n: number;
  men: number;
  /** Folder holding one folder per proof (default data/locust/proofs). */
  proofsDir?: string;
  codeVersion?: string;
  quiet?: boolean;
}

/**
 * The edge-method space as a ShardedProver: placements in the space's index
 * order, consecutive ranges; a slice runs placements and adds their counts
 * (the first hit kept); the shard and certificate formats are the ones the
 * committed proofs already use.
 */
export function locustProver(
  o: LocustProofOptions,
): { prover: ShardedProver<SliceState, LocustShard, LocustCertificate>; place: RunPlace } {
  const { kind, mode, n, men } = o;
  const space = buildEdgeSpace(kind, n, men);
  const id = proofId(kind, mode, n, men);
  const statement = edgeStatement(kind, mode, n, men);
  const prover: ShardedProver<SliceState, LocustShard, LocustCertificate> = {
    label: id,
    total: space.total,
    contiguous: true,
    rangeOf: (index, count) => shardRange(space.total, index, count),
    // One runner (and its memo) per slice: a fresh counter per call would spend the time allocating its memo.
    open: (range, resume) => {
      const runner = new EdgeRunner(space, mode);
      return additiveSlice(
        range,
        (lo, hi) => {
          const c = emptyCounts();
          runner.run(lo, hi, c);
          return c;
        },
        zero,
        add,
        resume,
      );
    },
    finish: (shard, range, state, meta) => {
      const { firstHit, withSequence, unique, firstSequence, firstUnique, ...counts } = state.counts;
      return LocustShard.parse({
        format: LOCUST_SHARD_FORMAT,
        kind,
        mode,
        n,
        men,
        statement,
        codeVersion: meta.codeVersion,
        shard,
        range,
        total: space.total,
        counts,
        firstHit,
        ...(mode === "closed-unique"
          ? {
            byProducts: {
              withSequence: withSequence ?? 0,
              unique: unique ?? 0,
              firstSequence: firstSequence ?? null,
              firstUnique: firstUnique ?? null,
            },
          }
          : {}),
        cpuSeconds: meta.cpuSeconds,
        finishedAt: meta.finishedAt,
      });
    },
    readShard: (file, json) => {
      const format = (json as { format?: unknown })?.format;
      if (typeof format === "string" && format !== LOCUST_SHARD_FORMAT && format.startsWith("chessboard-atlas-locust-proof-shard/")) {
        return `${file} was written by another version of the prover (format ${format}; this code reads ${LOCUST_SHARD_FORMAT}): rerun that shard with this code`;
      }
      const parsed = LocustShard.safeParse(json);
      if (!parsed.success) return `${file} is not a locust shard certificate (${errorMessage(parsed.error)})`;
      const c = parsed.data;
      if (c.kind !== kind || c.mode !== mode || c.n !== n || c.men !== men || c.statement !== statement) {
        return `${file} is about ${proofId(c.kind, c.mode, c.n, c.men)}, not ${id}`;
      }
      if (c.total !== space.total) return `${file}: total ${c.total}, but the space of ${id} has ${space.total} placements`;
      const bad = countsError(c.counts, c.range[1] - c.range[0]);
      if (bad) return `${file}: ${bad}`;
      return { shard: c.shard, range: c.range, certificate: c };
    },
    combine: (shards, mergedAt) => {
      const hits = shards.filter((s) => s.certificate.counts.hits > 0);
      if (hits.length) {
        return {
          certificate: null,
          errors: hits.map((s) =>
            `${s.file} has ${s.certificate.counts.hits} hit(s), first ${JSON.stringify(s.certificate.firstHit)}: the statement is false`
          ),
        };
      }
      const sum = shards.reduce((a, s) => add(a, { ...s.certificate.counts, firstHit: null }), zero());
      const { firstHit: _none, ...counts } = sum;
      return {
        errors: [],
        certificate: LocustCertificate.parse({
          format: LOCUST_CERTIFICATE_FORMAT,
          kind,
          mode,
          n,
          men,
          statement,
          method: EDGE_METHOD,
          proven: true,
          total: space.total,
          counts: { ...counts, hits: 0 },
          shards: shards.map((s) => ({ file: s.file, sha256: s.sha256, range: s.range })),
          codeVersions: [...new Set(shards.map((s) => s.certificate.codeVersion))],
          cpuSeconds: shards.reduce((a, s) => a + s.certificate.cpuSeconds, 0),
          mergedAt,
        }),
      };
    },
    ...envelopeCheckpoints<SliceState>(
      CHECKPOINT_FORMAT,
      id,
      (st, range) => st.counts ? countsError(st.counts, st.next - range[0]) : "no counts",
    ),
    failure: (c) => (c.counts.hits > 0 ? `${c.counts.hits} hit(s): the statement is false` : null),
    describe: (c) => `${c.counts.tested} placements tested, ${c.counts.hits} hit(s), ${c.cpuSeconds.toFixed(1)} s`,
    // Almost all the time goes to the tested placements (Lemma C drops ~98.6%
    // of the others in microseconds), and only the first 107 of 256 rook-locust
    // 39 shards hold any: the ETA counts those, found as the runner finds them.
    workUnit: "tested placements",
    workIn: ([lo, hi]) => {
      const tested = testedPlacements(space, lo, hi);
      return (done) => countBelow(tested, lo + done);
    },
  };
  const place = {
    dir: join(o.proofsDir ?? familyPaths("locust").proofs, id),
    codeVersion: o.codeVersion ?? codeVersion(),
    quiet: o.quiet ?? false,
  };
  return { prover, place };
}

/** Seconds per placement on a random sample, and the projection for the whole space. */
export function estimate(
  kind: EdgeKind,
  mode: EdgeMode,
  n: number,
  men: number,
  samples: number,
  seed = 1,
): { total: number; sampled: number; seconds: number; projectedSeconds: number } {
  const space = buildEdgeSpace(kind, n, men);
  const rnd = xorshift32(seed);
  // one runner for the whole sample, as a shard uses one for its range (a fresh counter per
  // placement would time the allocation of its memo, not the search)
  const runner = new EdgeRunner(space, mode);
  const counts = emptyCounts();
  const timer = cpuTimer();
  for (let i = 0; i < samples; i++) {
    const at = Math.floor(rnd() * space.total);
    runner.run(at, at + 1, counts);
  }
  const seconds = timer.seconds();
  return { total: space.total, sampled: samples, seconds, projectedSeconds: seconds / samples * space.total };
}

/**
 * A stratified projection: `perShard` tested placements drawn (fixed seed) from
 * each shard's tested ones, each timed alone, weighted by the shard's number of
 * tested placements. Unlike estimate(), whose uniform indices hold only ~34
 * tested placements per 20,000 (98.6% fall to Lemma C, most others to
 * symmetry), every shard is represented. The cost per placement is heavy-tailed
 * inside a shard too, so a small sample still runs low: compare with finished
 * shards (bench/locust.json).
 */
export function stratifiedEstimate(
  kind: EdgeKind,
  mode: EdgeMode,
  n: number,
  men: number,
  shards: number,
  perShard: number,
  seed = 1,
): { shards: number; sampled: number; seconds: number; nodes: number; projectedSeconds: number; projectedNodes: number; tested: number } {
  const space = buildEdgeSpace(kind, n, men);
  const rnd = xorshift32(seed);
  const runner = new EdgeRunner(space, mode);
  let seconds = 0, nodes = 0, projectedSeconds = 0, projectedNodes = 0, sampled = 0, tested = 0;
  for (let i = 0; i < shards; i++) {
    const [lo, hi] = shardRange(space.total, i, shards);
    const list = testedPlacements(space, lo, hi);
    tested += list.length;
    if (list.length === 0) continue;
    let cpu = 0, nd = 0;
    for (let j = 0; j < perShard; j++) {
      const at = list[Math.floor(rnd() * list.length)];
      const c = emptyCounts();
      const timer = cpuTimer();
      runner.run(at, at + 1, c);
      cpu += timer.seconds();
      nd += c.nodes;
    }
    sampled += perShard;
    seconds += cpu;
    nodes += nd;
    projectedSeconds += cpu / perShard * list.length;
    projectedNodes += nd / perShard * list.length;
  }
  return { shards, sampled, seconds, nodes, projectedSeconds, projectedNodes, tested };
}

function parseSpace(v: Record<string, unknown>, positionals: string[]): LocustProofOptions {
  if (positionals.length > 1) throw new CliError(`give at most one proof id, got ${positionals.length}`);
  if (positionals.length === 1) {
    const m = /^(locust|rook-locust)-(exists|closed-unique)-(\d+)x(\d+)-(\d+)$/.exec(positionals[0]);
    if (!m || m[3] !== m[4]) {
      throw new CliError(`bad proof id "${positionals[0]}": expected <kind>-<mode>-<n>x<n>-<men>, e.g. locust-exists-8x8-46`);
    }
    if (v.kind !== undefined || v.men !== undefined || v.mode !== undefined || v.n !== undefined) {
      throw new CliError("give the proof id or --kind/--mode/--n/--men, not both");
    }
    return { kind: m[1] as EdgeKind, mode: m[2] as EdgeMode, n: Number(m[3]), men: Number(m[5]) };
  }
  if (v.kind === undefined) throw new CliError("--kind must be locust or rook-locust (or give a proof id)");
  const kind = choiceOption("kind", v.kind as string, KINDS);
  const mode = choiceOption("mode", v.mode as string | undefined, MODES) ?? "exists";
  const men = intOption("men", v.men as string | undefined, { min: 1 });
  if (men === undefined) throw new CliError("--men is missing");
  return { kind, mode, n: intOption("n", v.n as string | undefined, { min: 3 }) ?? 8, men };
}

async function main(args: string[]): Promise<number> {
  const parsed = parseProverArgs(args, {
    kind: { type: "string" },
    men: { type: "string" },
    mode: { type: "string" },
    n: { type: "string" },
    estimate: { type: "boolean" },
    samples: { type: "string" },
    "per-shard": { type: "string" },
    seed: { type: "string" },
    "proofs-dir": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const v = parsed.values;
  if (v.help) {
    console.log(headerUsage(import.meta.url) + "\n" + SHARD_USAGE);
    return 0;
  }
  const space = parseSpace(v, parsed.positionals);
  if (v.estimate && v["per-shard"] !== undefined) {
    const shards = intOption("shards", v.shards, { min: 1 }) ?? 256;
    const e = stratifiedEstimate(
      space.kind,
      space.mode,
      space.n,
      space.men,
      shards,
      intOption("per-shard", v["per-shard"], { min: 1 }) ?? 3,
      intOption("seed", v.seed, { min: 1 }) ?? 1,
    );
    console.log(JSON.stringify(e));
    return 0;
  }
  if (v.estimate) {
    const e = estimate(space.kind, space.mode, space.n, space.men, intOption("samples", v.samples, { min: 1 }) ?? 2000);
    console.log(JSON.stringify(e));
    return 0;
  }
  // The split these proofs have always used, unless another is asked for.
  const shardArgs = {
    ...v,
    shards: v.shards ?? (v.shard === undefined && v["shard-from-env"] === undefined && v.block === undefined ? "8" : undefined),
  };
  // Before the shared mechanism, --shard took an index and --shards the count.
  if (v.shard !== undefined && /^\s*\d+\s*$/.test(v.shard)) shardArgs.shard = `${v.shard.trim()}/${v.shards ?? "8"}`;
  const o: LocustProofOptions = { ...space, proofsDir: v["proofs-dir"], quiet: v.quiet };
  const { prover, place } = locustProver(o);
  return await runShardCommand(
    prover,
    place,
    { module: import.meta.url, name: "locustProver", args: [{ ...o, codeVersion: place.codeVersion }] },
    shardArgs,
    {
      proven: (c, seconds) =>
        `proven: ${c.statement} (${c.counts.tested} placements tested, ${c.cpuSeconds.toFixed(1)} s CPU, ${seconds.toFixed(1)} s)`,
    },
  );
}

/** `atlas prove locust ...`: errors are printed (one line) and mapped to exit codes by atlas. */
export async function run(args: string[]): Promise<number> {
  return await main(args);
}
