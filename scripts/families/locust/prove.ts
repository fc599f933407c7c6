/**
 * Locust proofs by the booklet's edge method (solvers/locust/edge-space.ts),
 * sharded and resumable shard by shard, with certificates verify re-checks.
 *
 *   prove-locust --kind locust --men 46 --mode exists [--shards N] [--shard i] [--budget SECONDS]
 *   prove-locust --kind locust --men 46 --mode exists --merge [--shards N]
 *   prove-locust --kind rook-locust --men 39 --mode closed-unique --estimate [--samples 2000]
 *
 * Without --shard every missing shard runs in turn (already written shards are
 * kept: rerun to continue), then they are merged. --estimate times a random
 * sample of placements and projects the whole space. Output:
 * data/proofs/<kind>-<mode>-<n>x<n>-<men>/shard-<i>-of-<N>.json and certificate.json.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "../../lib/options.ts";
import process from "node:process";
import { createHash } from "node:crypto";
import { buildEdgeSpace, EdgeRunner, emptyCounts, type EdgeKind, type EdgeMode, runEdgeRange } from "../../../solvers/locust/edge-space.ts";
import { shardRange } from "../../../solvers/proof/space.ts";
import { EDGE_METHOD, edgeStatement, LOCUST_CERTIFICATE_FORMAT, LOCUST_SHARD_FORMAT, type LocustCertificate, LocustShard } from "../../../solvers/locust/certificate.ts";
import { CliError, errorMessage, writeFileAtomic, headerUsage } from "../../lib/cli.ts";
import { ROOT } from "../../lib/paths.ts";
import { codeVersion } from "../../lib/version.ts";

export function proofDir(kind: EdgeKind, mode: EdgeMode, n: number, men: number, root = join(ROOT, "data", "proofs")): string {
  return join(root, `${kind}-${mode}-${n}x${n}-${men}`);
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function shardName(i: number, count: number): string {
  return `shard-${i}-of-${count}.json`;
}

export function runShard(kind: EdgeKind, mode: EdgeMode, n: number, men: number, index: number, count: number, dir: string, version: string): LocustShard {
  const space = buildEdgeSpace(kind, n, men);
  const [a, b] = shardRange(space.total, index, count);
  const c0 = process.cpuUsage();
  const c = runEdgeRange(space, mode, a, b);
  const cpu = process.cpuUsage(c0);
  const shard: LocustShard = {
    format: LOCUST_SHARD_FORMAT,
    kind,
    mode,
    n,
    men,
    statement: edgeStatement(kind, mode, n, men),
    codeVersion: version,
    shard: { index, count },
    range: [a, b],
    total: space.total,
    counts: {
      placements: c.placements,
      droppedByLemmaC: c.droppedByLemmaC,
      skippedBySymmetry: c.skippedBySymmetry,
      tested: c.tested,
      starts: c.starts,
      nodes: c.nodes,
      hits: c.hits,
    },
    firstHit: c.firstHit,
    ...(mode === "closed-unique"
      ? { byProducts: { withSequence: c.withSequence ?? 0, unique: c.unique ?? 0, firstSequence: c.firstSequence ?? null, firstUnique: c.firstUnique ?? null } }
      : {}),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    finishedAt: new Date().toISOString(),
  };
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, shardName(index, count)), JSON.stringify(shard, null, 1) + "\n");
  return shard;
}

export function merge(kind: EdgeKind, mode: EdgeMode, n: number, men: number, count: number, dir: string): LocustCertificate {
  const space = buildEdgeSpace(kind, n, men);
  const shards: LocustCertificate["shards"] = [];
  const sum = { placements: 0, droppedByLemmaC: 0, skippedBySymmetry: 0, tested: 0, starts: 0, nodes: 0, hits: 0 };
  const versions = new Set<string>();
  let cpu = 0;
  for (let i = 0; i < count; i++) {
    const file = shardName(i, count);
    const path = join(dir, file);
    if (!existsSync(path)) throw new CliError(`shard ${i}/${count} missing: run it first`, 1);
    const bytes = readFileSync(path);
    const s = LocustShard.parse(JSON.parse(new TextDecoder().decode(bytes)));
    if (s.kind !== kind || s.mode !== mode || s.n !== n || s.men !== men || s.total !== space.total) throw new CliError(`shard ${file} is about another space`, 1);
    if (s.counts.hits > 0) throw new CliError(`shard ${file} has ${s.counts.hits} hit(s), first ${JSON.stringify(s.firstHit)}: the statement is false`, 1);
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += s.counts[k];
    shards.push({ file, sha256: sha256(bytes), range: s.range });
    versions.add(s.codeVersion);
    cpu += s.cpuSeconds;
  }
  const cert: LocustCertificate = {
    format: LOCUST_CERTIFICATE_FORMAT,
    kind,
    mode,
    n,
    men,
    statement: edgeStatement(kind, mode, n, men),
    method: EDGE_METHOD,
    proven: true,
    total: space.total,
    counts: { ...sum, hits: 0 },
    shards,
    codeVersions: [...versions],
    cpuSeconds: cpu,
    mergedAt: new Date().toISOString(),
  };
  writeFileAtomic(join(dir, "certificate.json"), JSON.stringify(cert, null, 1) + "\n");
  return cert;
}

/** Seconds per placement on a random sample, and the projection for the whole space. */
export function estimate(kind: EdgeKind, mode: EdgeMode, n: number, men: number, samples: number, seed = 1): { total: number; sampled: number; seconds: number; projectedSeconds: number } {
  const space = buildEdgeSpace(kind, n, men);
  let x = seed >>> 0 || 1;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  // one runner for the whole sample, as a shard uses one for its range (a fresh counter per
  // placement would time the allocation of its memo, not the search)
  const runner = new EdgeRunner(space, mode);
  const counts = emptyCounts();
  const c0 = process.cpuUsage();
  for (let i = 0; i < samples; i++) {
    const at = Math.floor(rnd() * space.total);
    runner.run(at, at + 1, counts);
  }
  const cpu = process.cpuUsage(c0);
  const seconds = (cpu.user + cpu.system) / 1e6;
  return { total: space.total, sampled: samples, seconds, projectedSeconds: seconds / samples * space.total };
}

function main(args: string[]): number {
  const { values } = parseArgs({
    args: args,
    options: {
      kind: { type: "string" },
      men: { type: "string" },
      mode: { type: "string", default: "exists" },
      n: { type: "string", default: "8" },
      shards: { type: "string", default: "8" },
      shard: { type: "string" },
      merge: { type: "boolean", default: false },
      estimate: { type: "boolean", default: false },
      samples: { type: "string", default: "2000" },
      budget: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(headerUsage(import.meta.url));
    return 0;
  }
  const kind = values.kind as EdgeKind;
  if (kind !== "locust" && kind !== "rook-locust") throw new CliError("--kind must be locust or rook-locust");
  const mode = values.mode as EdgeMode;
  if (mode !== "exists" && mode !== "closed-unique") throw new CliError("--mode must be exists or closed-unique");
  const men = Number(values.men);
  const n = Number(values.n);
  const count = Number(values.shards);
  if (!Number.isInteger(men) || men < 1) throw new CliError("--men must be a positive integer");
  if (!Number.isInteger(count) || count < 1) throw new CliError("--shards must be a positive integer");
  const dir = proofDir(kind, mode, n, men);
  if (values.estimate) {
    const e = estimate(kind, mode, n, men, Number(values.samples));
    console.log(JSON.stringify(e));
    return 0;
  }
  if (!values.merge) {
    const budget = values.budget ? Number(values.budget) : Infinity;
    const t0 = performance.now();
    const version = codeVersion();
    const which = values.shard !== undefined ? [Number(values.shard)] : Array.from({ length: count }, (_, i) => i);
    for (const i of which) {
      if (!Number.isInteger(i) || i < 0 || i >= count) throw new CliError(`--shard must be in 0..${count - 1}`);
      if (values.shard === undefined && existsSync(join(dir, shardName(i, count)))) continue;
      if ((performance.now() - t0) / 1000 > budget) {
        console.error(`budget spent; rerun to continue`);
        return 130;
      }
      const s = runShard(kind, mode, n, men, i, count, dir, version);
      console.error(`shard ${i}/${count}: ${s.counts.tested} placements tested, ${s.counts.hits} hits, ${s.cpuSeconds.toFixed(1)} s`);
      if (s.counts.hits > 0) console.log(`hit: ${JSON.stringify(s.firstHit)}`);
    }
    if (values.shard !== undefined) return 0;
  }
  const cert = merge(kind, mode, n, men, count, dir);
  console.log(`proven: ${cert.statement} (${cert.counts.tested} placements, ${cert.cpuSeconds.toFixed(1)} s)`);
  return 0;
}

export function run(args: string[]): void {
  try {
    process.exitCode = main(args);
  } catch (e) {
    console.error(`prove-locust: ${errorMessage(e)}`);
    process.exitCode = e instanceof CliError ? e.exitCode : 1;
  }
}
