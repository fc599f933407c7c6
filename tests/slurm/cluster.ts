/**
 * The batch-scheduler path of the README, run for real: a one-node SLURM
 * cluster on localhost runs `prove` for a small leaper cell as a job array of
 * cluster/prove.sbatch, the shards are merged, and the certificate must be the
 * one a run on this machine alone produces.
 *
 *   npx deno task test:slurm
 *
 * Not part of `deno task test` (the file name does not end in _test.ts, so
 * `deno test tests/` passes it by): it installs Debian packages and starts
 * daemons. It needs root on Debian (it installs slurm-wlm and munge with
 * apt-get when they are missing, and slurmd runs as root); otherwise it fails
 * with one message saying what is missing.
 *
 * Everything the cluster writes (munge key, slurm.conf, state, spool, logs,
 * the shard files) lives in one temporary folder; munged, slurmctld and slurmd
 * run as children of this test on free local ports and are stopped, and the
 * folder removed, when it ends — also when it fails.
 */
import assert from "node:assert/strict";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { familyPaths, ROOT } from "../../scripts/lib/paths.ts";

/** Seconds: leaper [2,3] on 6x6, 2,305,008 positions, under a second of CPU in all. */
const CELL = "leaper-2-3-dual-free-6x6";
const SHARDS = 4;
/** The CPU etiquette of this machine: the node offers at most two CPUs, one per array task. */
const MAX_CPUS = 2;
const DENO = join(ROOT, "node_modules", "deno", "deno");

function log(line: string): void {
  console.error(`[slurm] ${line}`);
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const r = await new Deno.Command(cmd, { args, env, stdout: "piped", stderr: "piped" }).output();
  const dec = new TextDecoder();
  return { code: r.code, out: dec.decode(r.stdout), err: dec.decode(r.stderr) };
}

async function onPath(cmd: string): Promise<boolean> {
  return (await run("sh", ["-c", `command -v ${cmd}`])).code === 0;
}

const NEEDED = ["munged", "slurmctld", "slurmd", "sbatch", "sinfo", "scancel"];

/** What stops this machine from running the test, in words (empty: nothing). */
async function missing(): Promise<string[]> {
  const out: string[] = [];
  if (Deno.build.os !== "linux") return [`Linux (this is ${Deno.build.os})`];
  const uid = Deno.uid();
  if (uid !== 0) out.push(`root (running as uid ${uid}; slurmd and apt-get need root)`);
  const installed = (await Promise.all(NEEDED.map(onPath))).every(Boolean);
  if (!installed) {
    const debian = existsSync("/etc/debian_version") && await onPath("apt-get");
    if (!debian) out.push("Debian's apt-get to install slurm-wlm and munge (or those packages installed beforehand)");
  }
  return out;
}

async function install(): Promise<void> {
  if ((await Promise.all(NEEDED.map(onPath))).every(Boolean)) {
    log("slurm-wlm and munge are installed");
    return;
  }
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  log("apt-get update");
  let r = await run("apt-get", ["update", "-q"], env);
  if (r.code !== 0) throw new Error(`apt-get update failed: ${r.err.trim().split("\n").pop()}`);
  log("apt-get install slurm-wlm munge");
  r = await run("apt-get", ["install", "-y", "-q", "slurm-wlm", "munge"], env);
  if (r.code !== 0) throw new Error(`apt-get install slurm-wlm munge failed: ${r.err.trim().split("\n").pop()}`);
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** CPUs and memory as slurmd sees them (`slurmd -C`), the CPUs capped at MAX_CPUS. */
async function machine(): Promise<{ cpus: number; memory: number }> {
  const r = await run("slurmd", ["-C"]);
  const cpus = Number(/CPUs=(\d+)/.exec(r.out)?.[1] ?? "1");
  const memory = Number(/RealMemory=(\d+)/.exec(r.out)?.[1] ?? "1024");
  return { cpus: Math.max(1, Math.min(MAX_CPUS, cpus)), memory };
}

/**
 * A single-node cluster in `dir`. The plugins are the ones that need nothing
 * from the host: process tracking by /proc (proctrack/linuxproc; no cgroups in
 * a container), no task binding (task/none), no accounting database, and the
 * consumable-resources selector counting CPUs only, so that the array runs one
 * task per CPU.
 */
class Cluster {
  readonly conf: string;
  private readonly children: { name: string; child: Deno.ChildProcess }[] = [];
  readonly env: Record<string, string>;

  constructor(readonly dir: string, private readonly cpus: number, private readonly memory: number) {
    this.conf = join(dir, "slurm.conf");
    this.env = { SLURM_CONF: this.conf };
  }

  private spawn(name: string, cmd: string, args: string[]): void {
    const child = new Deno.Command(cmd, { args, env: this.env, stdin: "null", stdout: "null", stderr: "null" }).spawn();
    this.children.push({ name, child });
  }

  async start(): Promise<void> {
    const d = this.dir;
    for (const sub of ["munge", "state", "spool", "log"]) mkdirSync(join(d, sub), { recursive: true, mode: 0o700 });
    // munged insists on a private key owned by its user.
    const key = join(d, "munge", "munge.key");
    writeFileSync(key, crypto.getRandomValues(new Uint8Array(1024)));
    chmodSync(key, 0o400);
    const socket = join(d, "munge", "munge.socket");
    this.spawn("munged", "munged", [
      "--foreground",
      "--force",
      `--socket=${socket}`,
      `--key-file=${key}`,
      `--pid-file=${join(d, "munge", "munged.pid")}`,
      `--log-file=${join(d, "log", "munged.log")}`,
      `--seed-file=${join(d, "munge", "munged.seed")}`,
    ]);
    await this.waitFor("munged", () => Promise.resolve(existsSync(socket)), 20);

    const [ctldPort, slurmdPort] = [freePort(), freePort()];
    writeFileSync(
      this.conf,
      [
        "ClusterName=atlastest",
        "SlurmctldHost=localhost(127.0.0.1)",
        `SlurmctldPort=${ctldPort}`,
        `SlurmdPort=${slurmdPort}`,
        "SlurmUser=root",
        "SlurmdUser=root",
        "AuthType=auth/munge",
        `AuthInfo=socket=${socket}`,
        "CredType=cred/munge",
        `StateSaveLocation=${join(d, "state")}`,
        `SlurmdSpoolDir=${join(d, "spool")}`,
        `SlurmctldPidFile=${join(d, "slurmctld.pid")}`,
        `SlurmdPidFile=${join(d, "slurmd.pid")}`,
        `SlurmctldLogFile=${join(d, "log", "slurmctld.log")}`,
        `SlurmdLogFile=${join(d, "log", "slurmd.log")}`,
        "MailProg=/bin/true",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "SchedulerType=sched/backfill",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_CPU",
        "MpiDefault=none",
        "ReturnToService=2",
        `NodeName=localhost NodeAddr=127.0.0.1 CPUs=${this.cpus} RealMemory=${this.memory} State=UNKNOWN`,
        "PartitionName=atlas Nodes=localhost Default=YES MaxTime=INFINITE State=UP",
        "",
      ].join("\n"),
    );
    // -i: ignore state left by an earlier cluster (there is none in a fresh folder).
    this.spawn("slurmctld", "slurmctld", ["-D", "-i"]);
    await this.waitFor("slurmctld", async () => (await run("scontrol", ["ping"], this.env)).out.includes("UP"), 30);
    this.spawn("slurmd", "slurmd", ["-D", "-N", "localhost"]);
    await this.waitFor("slurmd (node idle)", async () => {
      const r = await run("sinfo", ["-h", "-N", "-o", "%T"], this.env);
      return r.code === 0 && r.out.trim() === "idle";
    }, 60);
    log(`cluster up: node localhost, ${this.cpus} CPU(s), ${this.memory} MB; ports ${ctldPort}/${slurmdPort}`);
  }

  private async waitFor(what: string, ready: () => Promise<boolean>, seconds: number): Promise<void> {
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      for (const { name, child } of this.children) {
        const st = await Promise.race([child.status, new Promise<null>((r) => setTimeout(() => r(null), 0))]);
        if (st) throw new Error(`${name} exited with code ${st.code} while waiting for ${what}; logs: ${this.logTail()}`);
      }
      if (await ready()) return;
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`${what} not ready after ${seconds} s; logs: ${this.logTail()}`);
  }

  logTail(): string {
    const dir = join(this.dir, "log");
    if (!existsSync(dir)) return "(none)";
    return readdirSync(dir).map((f) => {
      const lines = readFileSync(join(dir, f), "utf8").trim().split("\n");
      return `\n--- ${f}\n${lines.slice(-15).join("\n")}`;
    }).join("");
  }

  /** Stop the daemons in reverse order of start: SIGTERM, then SIGKILL after 10 s. */
  async stop(): Promise<void> {
    for (const { name, child } of [...this.children].reverse()) {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
      const done = await Promise.race([child.status.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 10_000))]);
      if (!done) {
        log(`${name} did not stop within 10 s: killed`);
        try {
          child.kill("SIGKILL");
        } catch {
          // gone meanwhile
        }
        await child.status;
      }
    }
    this.children.length = 0;
  }
}

/** A second family through the same script: 81 placements, true (no complete capture sequence). */
const LOCUST = "locust-exists-6x6-24";

/** Submit cluster/prove.sbatch as an array and wait for it (sbatch --wait), at most 10 minutes. */
async function submitArray(
  cluster: Cluster,
  dir: string,
  family: string,
  cell: string,
  shards: number,
  extra: string[],
): Promise<{ code: number; jobId: string; stderr: string }> {
  const sbatch = new Deno.Command("sbatch", {
    args: [
      "--parsable",
      "--wait",
      `--array=0-${shards - 1}`,
      `--chdir=${ROOT}`,
      "--mem=1G",
      "--time=00:10:00",
      `--output=${join(dir, "cluster", "log", "prove-%A_%a.out")}`,
      join(ROOT, "cluster", "prove.sbatch"),
      family,
      cell,
      String(shards),
      ...extra,
    ],
    env: { ...cluster.env, ATLAS_BUDGET: "9m" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  log(`sbatch --array=0-${shards - 1} cluster/prove.sbatch ${family} ${cell} ${shards}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((r) => (timer = setTimeout(() => r(null), 10 * 60_000)));
  const result = await Promise.race([sbatch.output(), timeout]);
  clearTimeout(timer);
  if (!result) {
    sbatch.kill();
    throw new Error(`the job array for ${cell} did not finish within 10 minutes; logs: ${cluster.logTail()}`);
  }
  const dec = new TextDecoder();
  return { code: result.code, jobId: dec.decode(result.stdout).trim().split(";")[0], stderr: dec.decode(result.stderr) };
}

const TIMING = new Set(["cpuSeconds", "startedAt", "finishedAt", "mergedAt", "sha256"]);
/** A certificate without what differs between two runs of the same work: timings, and the shard hashes that cover them. */
function withoutTiming(json: unknown): unknown {
  return JSON.parse(JSON.stringify(json, (k, v) => (TIMING.has(k) ? undefined : v)));
}

// Certificates of two families are read here; each field used is checked by an assertion, so a loose type is enough.
// deno-lint-ignore no-explicit-any
function readJson(path: string): any {
  return JSON.parse(readFileSync(path, "utf8"));
}

async function prove(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return await run(DENO, ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "prove", "leaper", ...args]);
}

Deno.test({
  name: `SLURM: ${CELL} (and ${LOCUST}) as job arrays merge to the one-machine certificates`,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const lack = await missing();
    if (lack.length) throw new Error(`the SLURM test cannot run here: it needs ${lack.join("; ")}`);
    await install();
    const dir = mkdtempSync(join(tmpdir(), "atlas-slurm-"));
    chmodSync(dir, 0o755);
    const { cpus, memory } = await machine();
    const cluster = new Cluster(join(dir, "cluster"), cpus, memory);
    const jobIds: string[] = [];
    try {
      await cluster.start();
      // The job writes into a copy of the records and its own proofs folder, never data/.
      const viaSlurm = join(dir, "slurm");
      const alone = join(dir, "alone");
      for (const d of [viaSlurm, alone]) {
        mkdirSync(d, { recursive: true });
        copyFileSync(familyPaths("leaper").records, join(d, "records.json"));
      }
      const files = (d: string) => ["--proofs-dir", join(d, "proofs"), "--records", join(d, "records.json")];

      const submit = async (family: string, cell: string, shards: number, extra: string[]) => {
        const r = await submitArray(cluster, dir, family, cell, shards, extra);
        jobIds.push(r.jobId);
        assert.equal(r.code, 0, `sbatch --wait for ${cell}: exit ${r.code}: ${r.stderr} ${cluster.logTail()}`);
        log(`job ${r.jobId} (${family} ${cell}, ${shards} tasks) done`);
        for (let i = 0; i < shards; i++) {
          const out = join(dir, "cluster", "log", `prove-${r.jobId}_${i}.out`);
          assert.ok(existsSync(out), `no output of task ${i} of job ${r.jobId}`);
          const text = readFileSync(out, "utf8");
          assert.match(text, new RegExp(`done: ${cell} shard ${i}/${shards}`), `task ${i}'s output:\n${text}`);
        }
      };
      await submit("leaper", CELL, SHARDS, ["--quiet", ...files(viaSlurm)]);

      const merged = await prove([CELL, "--merge", "--shards", String(SHARDS), ...files(viaSlurm)]);
      assert.equal(merged.code, 0, `merge: ${merged.err}`);
      const one = await prove([CELL, "--shards", String(SHARDS), "--quiet", ...files(alone)]);
      assert.equal(one.code, 0, `one-machine run: ${one.err}`);

      const certA = readJson(join(viaSlurm, "proofs", CELL, "certificate.json"));
      const certB = readJson(join(alone, "proofs", CELL, "certificate.json"));
      assert.equal(certA.proven, true);
      assert.equal(certA.shardCount, SHARDS);
      assert.equal(certA.positions + certA.skippedBySymmetry, certA.total);
      assert.deepEqual(withoutTiming(certA), withoutTiming(certB), "the cluster's certificate differs from the one-machine run's");
      for (let i = 0; i < SHARDS; i++) {
        const f = `shard-${i}-of-${SHARDS}.json`;
        assert.deepEqual(
          withoutTiming(readJson(join(viaSlurm, "proofs", CELL, f))),
          withoutTiming(readJson(join(alone, "proofs", CELL, f))),
          `${f} differs between the cluster and the one-machine run`,
        );
      }
      const record = readJson(join(viaSlurm, "records.json")).records.find((r: { id: string }) => r.id === CELL);
      assert.equal(record.established.maximality.status, "proven-here", "the merge marks the record proven here");
      log(`certificates agree: ${certA.total} positions, ${certA.searched} searched, ${certA.nodes} nodes`);

      // The same script runs another family's prover: the locust edge method, through the shared mechanism.
      await submit("locust", LOCUST, 3, ["--quiet", "--proofs-dir", join(viaSlurm, "proofs")]);
      const atlas = (args: string[]) => run(DENO, ["run", "-A", join(ROOT, "scripts", "atlas.ts"), "prove", "locust", LOCUST, ...args]);
      const lm = await atlas(["--merge", "--shards", "3", "--proofs-dir", join(viaSlurm, "proofs")]);
      assert.equal(lm.code, 0, `locust merge: ${lm.err}`);
      const lone = await atlas(["--shards", "3", "--quiet", "--proofs-dir", join(alone, "proofs")]);
      assert.equal(lone.code, 0, `locust one-machine run: ${lone.err}`);
      const locA = readJson(join(viaSlurm, "proofs", LOCUST, "certificate.json"));
      assert.equal(locA.proven, true);
      assert.deepEqual(
        withoutTiming(locA),
        withoutTiming(readJson(join(alone, "proofs", LOCUST, "certificate.json"))),
        "locust certificates differ",
      );
      log(`locust certificates agree: ${locA.total} placements, ${locA.counts.tested} tested`);
    } finally {
      for (const id of jobIds) await run("scancel", [id], cluster.env);
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
