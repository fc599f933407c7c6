/**
 * The enumeration of semimagic knight's tours on the shared mechanism for long
 * exhaustive runs (solvers/proof/sharded.ts, scripts/lib/sharded-run.ts):
 * shard files, checkpoints, --shard i/N, --shard-from-env VAR/N, --workers,
 * --budget, and a merge into certificate.json with the SHA-256 of every shard,
 * which `atlas verify` re-checks.
 *
 *   atlas prove magic magic-knight-8x8-all-d10 --shards 16384 --workers 1     every shard in order, then the merge
 *   atlas prove magic magic-knight-8x8-all-d10 --shard i/16384                one shard (or --shard-from-env VAR/16384)
 *   atlas prove magic magic-knight-8x8-all-d10 --merge --shards 16384         the merge alone
 *   atlas prove magic --mode central --depth 6 --shards 8                    the same, named by options
 *
 * The units of the space are the prefixes: every state the frozen walk of
 * solvers/magic/enumerate.ts (SPLIT_RULES) reaches after `depth` steps from a
 * canonical start, in its deterministic order. Shard i of N completes the
 * prefixes j ≡ i (mod N) (stridedRange: neighbouring prefixes cost alike, so
 * the shards come out of similar size), one by one, so a run can stop and
 * resume between any two prefixes. A shard certificate names its split by the
 * number of prefixes and their digest; the merge refuses a shard of another
 * split, key or format, a missing or doubled index, and any tour that is not a
 * semimagic knight's tour.
 *
 * Options: --mode all|central, --depth D, --n N (board side, default 8; small
 * boards for tests), --dir DIR (default data/magic/proofs/<key>), and the shared
 * ones below. Exit codes: 0 done, 1 merge refused, 2 bad input, 130 stopped
 * (checkpoint written; rerun the same command to continue).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  completeUnit,
  enumerationKey,
  type EnumerationMode,
  type EnumerationSpec,
  listPrefixes,
  makeCompleter,
  splitDigest,
} from "../../../solvers/magic/enumerate.ts";
import {
  MAGIC_CERTIFICATE_FORMAT,
  MAGIC_SHARD_FORMAT,
  MagicCertificate,
  MagicShardCertificate,
  type MagicSplit,
} from "../../../solvers/magic/schema.ts";
import { canonicalForm, checkMagicTour, numbersOfPath } from "../../../solvers/magic/check.ts";
import {
  additiveSlice,
  envelopeCheckpoints,
  type ShardedProver,
  shardFileName,
  stridedRange,
  stridedUnit,
} from "../../../solvers/proof/sharded.ts";
import { CliError, errorMessage, headerUsage } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";
import { parseProverArgs, recheckShardFiles, runShardCommand, SHARD_USAGE } from "../../lib/sharded-run.ts";
import { intOption } from "../../lib/options.ts";

export const MAGIC_RUNS = join(ROOT, "data", "magic", "proofs");
/** The splits the records file reads: shards per mode and prefix depth. */
export const DEFAULT_SHARDS: Record<EnumerationMode, number> = { all: 16384, central: 8 };
export const DEFAULT_DEPTH: Record<EnumerationMode, number> = { all: 10, central: 6 };
const CHECKPOINT_FORMAT = "chessboard-atlas-magic-checkpoint/1";
const STEP_MS = 200;
const SPLIT_RULE = "prefixes of the frozen walk (rules L, K, F, D, E) in walk order; shard i of N takes prefix j when j ≡ i mod N";

export function runDir(e: EnumerationSpec): string {
  return join(MAGIC_RUNS, enumerationKey(e));
}

/** What a worker needs to rebuild the prover (plain data). */
export interface MagicRun {
  n: number;
  mode: EnumerationMode;
  depth: number;
  dir?: string;
  codeVersion?: string;
  quiet?: boolean;
}

interface Counts {
  nodes: number;
  solutions: number;
  tours: number[][];
}
interface MagicState {
  next: number;
  counts: Counts;
}
export type MagicProver = ShardedProver<MagicState, MagicShardCertificate, MagicCertificate>;

const splits = new Map<string, { prefixes: Int8Array; split: MagicSplit }>();

/** The prefixes of a split and its name (computed once per process: about a second for 8x8 at depth 10). */
export function magicSplit(e: EnumerationSpec): { prefixes: Int8Array; split: MagicSplit } {
  const key = enumerationKey(e);
  let s = splits.get(key);
  if (!s) {
    const prefixes = listPrefixes(e);
    s = { prefixes, split: { prefixes: prefixes.length / e.depth, digest: splitDigest(prefixes), rule: SPLIT_RULE } };
    splits.set(key, s);
  }
  return s;
}

/** Why a tour list is not a list of semimagic knight's tours of n×n, or null. */
function toursError(n: number, tours: number[][]): string | null {
  for (const t of tours) {
    const f = checkMagicTour(n, n, t);
    if (!f.semimagic) return `a listed tour is not a semimagic knight's tour (${f.errors[0] ?? "?"})`;
  }
  return null;
}

export function magicProver(o: MagicRun): { prover: MagicProver; place: { dir: string; codeVersion: string; quiet: boolean } } {
  const e: EnumerationSpec = { n: o.n, mode: o.mode, depth: o.depth };
  const key = enumerationKey(e);
  const { prefixes, split } = magicSplit(e);
  const P = split.prefixes;
  const size = o.n * o.n;
  const about = { key, n: o.n, mode: o.mode, depth: o.depth, split };
  const prover: MagicProver = {
    label: key,
    total: P,
    contiguous: true,
    rangeOf: (index, count) => stridedRange(P, index, count),
    open: (range, resume, shard) => {
      // One search per slice: its tables are built once, and nothing is allocated per node. The prefixes are
      // replayed by the engine and completed by its compiled twin (same nodes and tours, tests/magic/magic_kernel_test.ts).
      const search = makeCompleter(e);
      const slice = additiveSlice<Counts>(
        range,
        (lo, hi) => {
          const c: Counts = { nodes: 0, solutions: 0, tours: [] };
          for (let p = lo; p < hi; p++) {
            const r = completeUnit(e, prefixes, stridedUnit(P, shard, p), search, (sq) => void c.tours.push(numbersOfPath(size, sq)));
            c.nodes += r.nodes;
            c.solutions += r.solutions;
          }
          return c;
        },
        () => ({ nodes: 0, solutions: 0, tours: [] }),
        (a, b) => ({ nodes: a.nodes + b.nodes, solutions: a.solutions + b.solutions, tours: [...a.tours, ...b.tours] }),
        resume && { next: resume.next, counts: resume.counts },
      );
      // A prefix takes about a second on average (much more in the tail): a step stops after the first prefix that
      // ends past STEP_MS, so progress, checkpoints and a stop request come between prefixes, not after hundreds.
      return {
        get next() {
          return slice.next;
        },
        get done() {
          return slice.done;
        },
        step(max: number): number {
          const t0 = performance.now();
          let did = 0;
          while (did < max && !slice.done && performance.now() - t0 < STEP_MS) did += slice.step(1);
          return did;
        },
        state: () => slice.state(),
      };
    },
    finish: (shard, range, state, meta) => ({
      format: MAGIC_SHARD_FORMAT,
      ...about,
      shard: { index: shard.index, count: shard.count },
      range,
      covered: range[1] - range[0],
      nodes: state.counts.nodes,
      solutions: state.counts.solutions,
      tours: state.counts.tours,
      cpuSeconds: meta.cpuSeconds,
      codeVersion: meta.codeVersion,
      startedAt: meta.startedAt,
      finishedAt: meta.finishedAt,
    }),
    readShard: (file, json) => {
      const format: unknown = (json as { format?: unknown })?.format;
      if (typeof format === "string" && format !== MAGIC_SHARD_FORMAT && format.startsWith("chessboard-atlas-magic-shard/")) {
        return `${file} was written by another version of the prover (format ${format}; this code reads ${MAGIC_SHARD_FORMAT}): rerun that shard with this code`;
      }
      const p = MagicShardCertificate.safeParse(json);
      if (!p.success) return `${file} is not a magic shard certificate`;
      const c = p.data;
      if (c.key !== key || c.n !== o.n || c.mode !== o.mode || c.depth !== o.depth) return `${file} belongs to ${c.key}, not ${key}`;
      if (c.split.prefixes !== P || c.split.digest !== split.digest) {
        return `${file} belongs to another split (${c.split.prefixes} prefixes, digest ${c.split.digest}; this one: ${P}, ${split.digest})`;
      }
      if (c.shard.index >= c.shard.count) return `${file}: shard ${c.shard.index} of ${c.shard.count} does not exist`;
      const [lo, hi] = stridedRange(P, c.shard.index, c.shard.count);
      if (c.range[0] !== lo || c.range[1] !== hi || c.covered !== hi - lo) {
        return `${file} does not cover exactly its prefixes (range [${c.range}), ${c.covered} covered; shard ${c.shard.index} of ${c.shard.count} is [${lo},${hi}))`;
      }
      if (c.tours.length !== c.solutions) return `${file} reports ${c.solutions} tours but lists ${c.tours.length}`;
      const bad = toursError(o.n, c.tours);
      if (bad) return `${file}: ${bad}`;
      return { shard: { index: c.shard.index, count: c.shard.count }, range: [lo, hi], certificate: c };
    },
    combine: (shards, mergedAt) => {
      const classes = new Map<string, number[]>();
      for (const s of shards) {
        for (const t of s.certificate.tours) {
          const c = canonicalForm(o.n, t).canonical;
          classes.set(c.join(), c);
        }
      }
      const sorted = [...classes.values()].sort((a, b) => {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
        return 0;
      });
      const sum = (f: (c: MagicShardCertificate) => number) => shards.reduce((a, s) => a + f(s.certificate), 0);
      return {
        errors: [],
        certificate: {
          format: MAGIC_CERTIFICATE_FORMAT,
          ...about,
          shardCount: shards.length,
          covered: sum((c) => c.covered),
          nodes: sum((c) => c.nodes),
          solutions: sum((c) => c.solutions),
          classes: sorted,
          cpuSeconds: Math.round(sum((c) => c.cpuSeconds) * 1000) / 1000,
          codeVersions: [...new Set(shards.map((s) => s.certificate.codeVersion))],
          shards: shards.map((s) => ({ file: s.file, sha256: s.sha256, index: s.shard.index })),
          mergedAt,
        },
      };
    },
    ...envelopeCheckpoints<MagicState>(CHECKPOINT_FORMAT, `${key}-${split.digest}`, (st) => {
      const c = st.counts;
      if (!c || typeof c.nodes !== "number" || typeof c.solutions !== "number" || !Array.isArray(c.tours)) return "no counts";
      if (c.tours.length !== c.solutions) return "tour count and list disagree";
      return toursError(o.n, c.tours);
    }),
    failure: () => null,
    describe: (c) => `${c.covered} prefixes, ${c.nodes} nodes, ${c.solutions} tours, ${c.cpuSeconds.toFixed(1)} s`,
  };
  return {
    prover,
    place: { dir: o.dir ?? runDir(e), codeVersion: o.codeVersion ?? codeVersion(), quiet: o.quiet ?? false },
  };
}

/**
 * Re-check a merged certificate against the shard files beside it: each
 * listed file present with the listed SHA-256, the shards one complete split
 * (the prover's own readShard and the shared split check), and the merge of
 * them equal to the certificate's counts and classes. The errors, empty when
 * it holds.
 */
export function recheckCertificate(dir: string, json: unknown): string[] {
  const p = MagicCertificate.safeParse(json);
  if (!p.success) return ["certificate.json is not a magic enumeration certificate"];
  const cert = p.data;
  let prover: MagicProver;
  try {
    prover = magicProver({ n: cert.n, mode: cert.mode, depth: cert.depth, dir }).prover;
  } catch (e) {
    return [`cannot rebuild the split: ${errorMessage(e)}`];
  }
  if (cert.key !== prover.label) return [`the certificate is about ${cert.key}, its parameters name ${prover.label}`];
  // A listed name that is not its index's counts as missing, as a file that is not there.
  const named = (s: { file: string; index: number }) => s.file === shardFileName(s.index, cert.shardCount);
  const missing = cert.shards.filter((s) => !named(s)).map((s) => `shard file ${s.file} is missing`);
  const { inputs, errors } = recheckShardFiles(prover, dir, cert.shards.filter(named));
  if (missing.length || errors.length) return [...missing, ...errors];
  const m = prover.combine(inputs, cert.mergedAt).certificate!;
  for (const k of ["shardCount", "covered", "nodes", "solutions"] as const) {
    if (m[k] !== cert[k]) errors.push(`${k}: the shards give ${m[k]}, the certificate says ${cert[k]}`);
  }
  if (cert.covered !== cert.split.prefixes) errors.push(`the shards cover ${cert.covered} of ${cert.split.prefixes} prefixes`);
  if (JSON.stringify(m.classes) !== JSON.stringify(cert.classes)) {
    errors.push(`the shards give ${m.classes.length} classes, the certificate lists ${cert.classes.length} (or others)`);
  }
  return errors;
}

/** A run named as cluster/prove.sbatch names it: magic-knight-<n>x<n>-<mode>-d<depth>. */
function parseRun(v: Record<string, unknown>, positionals: string[]): MagicRun {
  if (positionals.length > 1) throw new CliError(`give at most one run key, got ${positionals.length}`);
  if (positionals.length === 1) {
    const m = /^magic-knight-(\d+)x(\d+)-(all|central)-d(\d+)$/.exec(positionals[0]);
    if (!m || m[1] !== m[2]) throw new CliError(`bad run key "${positionals[0]}": expected magic-knight-<n>x<n>-<all|central>-d<depth>`);
    if (v.mode !== undefined || v.depth !== undefined || v.n !== undefined) {
      throw new CliError("give the run key or --mode/--depth/--n, not both");
    }
    return { n: Number(m[1]), mode: m[3] as EnumerationMode, depth: Number(m[4]) };
  }
  const mode = (v.mode as string | undefined) ?? "all";
  if (mode !== "all" && mode !== "central") throw new CliError(`--mode must be all or central, got "${mode}"`);
  return {
    n: intOption("n", v.n as string | undefined, { min: 4 }) ?? 8,
    mode,
    depth: intOption("depth", v.depth as string | undefined, { min: 1 }) ?? DEFAULT_DEPTH[mode],
  };
}

async function main(args: string[]): Promise<number> {
  const parsed = parseProverArgs(args, {
    mode: { type: "string" },
    depth: { type: "string" },
    n: { type: "string" },
    dir: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  const v = parsed.values;
  if (v.help) {
    console.log(headerUsage(import.meta.url) + "\n" + SHARD_USAGE);
    return 0;
  }
  const r = parseRun(v, parsed.positionals);
  if (r.mode === "central" && r.n % 2 !== 0) throw new CliError(`central mode needs an even board side, got ${r.n}`);
  const o: MagicRun = { ...r, dir: v.dir, quiet: v.quiet };
  const { prover, place } = magicProver(o);
  // The split the records file reads, unless another is asked for.
  const single = v.shard !== undefined || v["shard-from-env"] !== undefined || v.block !== undefined;
  const shards = v.shards ?? (single ? undefined : String(DEFAULT_SHARDS[r.mode]));
  return await runShardCommand(
    prover,
    place,
    { module: import.meta.url, name: "magicProver", args: [{ ...o, codeVersion: place.codeVersion }] },
    { ...v, shards },
    {
      proven: (c, seconds) =>
        `complete: ${c.key}: ${c.covered} prefixes, ${c.nodes} nodes, ${c.solutions} tours in ${c.classes.length} classes (${
          c.cpuSeconds.toFixed(1)
        } s CPU, ${seconds.toFixed(1)} s); run atlas records magic to publish`,
    },
  );
}

/** `atlas prove magic ...`: errors are printed (one line) and mapped to exit codes by atlas. */
export async function run(args: string[]): Promise<number> {
  return await main(args);
}

/** How far a run has got: finished shards, and the prefixes done in unfinished ones (their checkpoints). */
export interface MagicProgress {
  key: string;
  shardCount: number;
  prefixes: number;
  shardsDone: number;
  /** Prefixes completed: in finished shards, plus those before each checkpoint's next. */
  covered: number;
  nodes: number;
  cpuSeconds: number;
  /** Finished shards only: their prefixes, nodes and seconds (what the projection of the rest is taken from). */
  doneCovered: number;
  doneNodes: number;
  doneCpuSeconds: number;
  /** The tours of finished shards only (what a clean clone's committed files show). */
  doneTours: number[][];
  tours: number[][];
  /** certificate.json when the merge has been written and re-checks (relative to the project root). */
  certificate: string | null;
  certificateErrors: string[];
}

export function magicProgress(e: EnumerationSpec, count: number, dir = runDir(e)): MagicProgress {
  const { prover } = magicProver({ ...e, dir });
  const out: MagicProgress = {
    key: prover.label,
    shardCount: count,
    prefixes: prover.total,
    shardsDone: 0,
    covered: 0,
    nodes: 0,
    cpuSeconds: 0,
    doneCovered: 0,
    doneNodes: 0,
    doneCpuSeconds: 0,
    doneTours: [],
    tours: [],
    certificate: null,
    certificateErrors: [],
  };
  const read = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
  for (let i = 0; i < count; i++) {
    const f = join(dir, shardFileName(i, count)), cp = join(dir, "checkpoints", shardFileName(i, count));
    if (existsSync(f)) {
      const r = prover.readShard(shardFileName(i, count), read(f));
      if (typeof r === "string") throw new CliError(r);
      const c = r.certificate;
      out.shardsDone++;
      out.covered += c.covered;
      out.nodes += c.nodes;
      out.cpuSeconds += c.cpuSeconds;
      out.doneCovered += c.covered;
      out.doneNodes += c.nodes;
      out.doneCpuSeconds += c.cpuSeconds;
      out.doneTours.push(...c.tours);
      out.tours.push(...c.tours);
    } else if (existsSync(cp)) {
      const range = prover.rangeOf(i, count);
      const r = prover.loadCheckpoint(read(cp), { index: i, count }, range);
      if (typeof r === "string") throw new CliError(`checkpoint ${shardFileName(i, count)} ${r}`);
      out.covered += r.state.next - range[0];
      out.nodes += r.state.counts.nodes;
      out.cpuSeconds += r.cpuSeconds;
      out.tours.push(...r.state.counts.tours);
    }
  }
  const certPath = join(dir, "certificate.json");
  if (existsSync(certPath)) {
    out.certificateErrors = recheckCertificate(dir, read(certPath));
    if (out.certificateErrors.length === 0) out.certificate = certPath;
  }
  return out;
}
