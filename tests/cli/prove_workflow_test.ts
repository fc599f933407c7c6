/**
 * The CI proof workflow's planning (.github/workflows/prove.yml), run for
 * real: the plan step's shell script and the shard job's block arithmetic
 * are read out of the workflow file and executed with bash, so what is
 * tested is what GitHub runs. The blocks of every job must tile the
 * dispatched range exactly (no shard twice, none left out, shares within one
 * shard of each other), and bad inputs must stop the plan with an error.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import process from "node:process";
import { join } from "node:path";

const YML = readFileSync(new URL("../../.github/workflows/prove.yml", import.meta.url), "utf8");

/** The lines of the `run: |` block that follows `marker` (dedented). */
function runBlock(marker: string): string {
  const lines = YML.split("\n");
  const at = lines.findIndex((l) => l.includes(marker));
  assert.ok(at >= 0, `${marker} not found in prove.yml`);
  const start = lines.findIndex((l, i) => i > at && /^\s+run: \|\s*$/.test(l));
  assert.ok(start > at, `no run block after ${marker}`);
  const indent = lines[start + 1].match(/^\s*/)![0].length;
  const body: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i];
    if (l.trim() !== "" && l.match(/^\s*/)![0].length < indent) break;
    body.push(l.slice(indent));
  }
  return body.join("\n");
}

function plan(env: Record<string, string>): { status: number; out: Record<string, string>; err: string } {
  const dir = mkdtempSync(join(tmpdir(), "prove-plan-"));
  try {
    const output = join(dir, "out");
    const r = spawnSync("bash", ["-e", "-c", runBlock("- id: plan")], {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        FAMILY: "magic",
        CELL: "magic-knight-8x8-all-d10",
        JOBS: "",
        RANGE: "",
        ...env,
        GITHUB_OUTPUT: output,
      },
      encoding: "utf8",
    });
    let text = "";
    try {
      text = readFileSync(output, "utf8");
    } catch { /* no output written */ }
    const out = Object.fromEntries(
      text.trim().split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    return { status: r.status ?? -1, out, err: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shard job's block for matrix index i: its own arithmetic line from the workflow, run by bash. */
const BLOCK_LINE = runBlock("- name: Prove block").split("\n").find((l) => l.startsWith("from="))!;
function block(i: number, p: Record<string, string>): [number, number] {
  const r = spawnSync("bash", ["-c", `${BLOCK_LINE}\necho "$from $to"`], {
    env: { INDEX: String(i), FIRST: p.first, COUNT: p.count, JOBS: p.jobs },
    encoding: "utf8",
  });
  const [from, to] = r.stdout.trim().split(" ").map(Number);
  return [from, to];
}

function assertTiles(p: Record<string, string>, first: number, last: number) {
  const jobs = Number(p.jobs);
  assert.deepEqual(JSON.parse(p.indices), Array.from({ length: jobs }, (_, i) => i));
  let next = first, min = Infinity, max = 0;
  for (let i = 0; i < jobs; i++) {
    const [from, to] = block(i, p);
    assert.equal(from, next, `job ${i} starts where job ${i - 1} stopped`);
    assert.ok(to >= from, `job ${i} has at least one shard`);
    min = Math.min(min, to - from + 1);
    max = Math.max(max, to - from + 1);
    next = to + 1;
  }
  assert.equal(next, last + 1, "the blocks end at the range's last shard");
  assert.ok(max - min <= 1, `shares ${min}..${max} differ by more than one shard`);
}

Deno.test("prove.yml plan: blocks tile the dispatched range; defaults give one shard per job up to 256", () => {
  const a = plan({ SHARDS: "16384", RANGE: "2048-4095", JOBS: "256" });
  assert.equal(a.status, 0, a.err);
  assert.equal(a.out.dir, "data/magic/proofs/magic-knight-8x8-all-d10");
  assertTiles(a.out, 2048, 4095);
  const b = plan({ SHARDS: "8", FAMILY: "leaper", CELL: "leaper-2-3-dual-free-6x6" });
  assert.equal(b.status, 0, b.err);
  assert.equal(b.out.jobs, "8");
  assert.equal(b.out.dir, "data/leaper/proofs/leaper-2-3-dual-free-6x6");
  for (let i = 0; i < 8; i++) assert.deepEqual(block(i, b.out), [i, i]);
  const c = plan({ SHARDS: "1000", JOBS: "7" });
  assert.equal(c.status, 0, c.err);
  assertTiles(c.out, 0, 999);
  const d = plan({ SHARDS: "16384" });
  assert.equal(d.out.jobs, "256");
  assertTiles(d.out, 0, 16383);
});

Deno.test("prove.yml plan: bad shards, ranges, job counts and cells stop it with an error", () => {
  for (
    const [env, why] of [
      [{ SHARDS: "0" }, /shards must be a whole number from 1 to 65536/],
      [{ SHARDS: "70000" }, /shards must be a whole number from 1 to 65536/],
      [{ SHARDS: "16", RANGE: "9-3" }, /must lie within 0-15/],
      [{ SHARDS: "16", RANGE: "0-16" }, /must lie within 0-15/],
      [{ SHARDS: "16", RANGE: "0..3" }, /range must look like 0-2047/],
      [{ SHARDS: "16", JOBS: "17" }, /at most the 16 shards of the range/],
      [{ SHARDS: "1024", JOBS: "300" }, /jobs must be a whole number from 1 to 256/],
      [{ SHARDS: "8", CELL: "Bad Cell" }, /cell must look like/],
      [{ SHARDS: "8", FAMILY: "nonesuch" }, /no sharded prover for family 'nonesuch'/],
    ] as const
  ) {
    const r = plan(env);
    assert.notEqual(r.status, 0, JSON.stringify(env));
    assert.match(r.err, why, JSON.stringify(env));
  }
});
