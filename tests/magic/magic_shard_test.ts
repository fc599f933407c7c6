/**
 * The magic enumeration on the shared sharded-run mechanism
 * (scripts/families/magic/prove.ts), on a small board (6x6, central, prefix
 * depth 3; about a second): shards together complete every prefix once and
 * find what one shard finds, node for node; a stopped and resumed shard ends
 * like an uninterrupted one; the merge refuses a missing, duplicated or
 * foreign shard and a shard whose content was altered; the merged
 * certificate re-checks, and a tampered shard file or certificate is caught.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mergeShardFiles, runShard } from "../../scripts/lib/sharded-run.ts";
import { magicProver, type MagicRun, recheckCertificate } from "../../scripts/families/magic/prove.ts";
import { listPrefixes, makeSearch } from "../../solvers/magic/enumerate.ts";
import type { MagicShardCertificate } from "../../solvers/magic/schema.ts";

const SMALL: MagicRun = { n: 6, mode: "central", depth: 3, codeVersion: "test", quiet: true };

async function runAll(dir: string, count: number, o: { stopAfter?: number } = {}) {
  const { prover, place } = magicProver({ ...SMALL, dir });
  for (let i = 0; i < count; i++) {
    let r;
    do r = await runShard(prover, place, { index: i, count }, { ...o, checkpointSeconds: 0 }); while (r.status === "stopped");
  }
  return { prover, place };
}

const shardOf = (dir: string, i: number, n: number): MagicShardCertificate =>
  JSON.parse(readFileSync(join(dir, `shard-${i}-of-${n}.json`), "utf8"));

Deno.test("magic shards: every prefix once, the same nodes as one shard, a merge that re-checks", async () => {
  const root = mkdtempSync(join(tmpdir(), "magic-shards-"));
  try {
    const one = await runAll(join(root, "one"), 1);
    const whole = shardOf(one.place.dir, 0, 1);
    assert.ok(whole.covered > 20, "the split has prefixes");
    assert.equal(whole.covered, listPrefixes(SMALL).length / SMALL.depth);
    assert.ok(whole.nodes > 0);
    const three = await runAll(join(root, "three"), 3);
    const parts = [0, 1, 2].map((i) => shardOf(three.place.dir, i, 3));
    assert.equal(parts.reduce((a, c) => a + c.covered, 0), whole.covered);
    assert.equal(parts.reduce((a, c) => a + c.nodes, 0), whole.nodes);
    assert.equal(parts.reduce((a, c) => a + c.solutions, 0), whole.solutions);
    // Stopped every 2 prefixes and resumed from the checkpoint: the same shards.
    const stepped = await runAll(join(root, "stepped"), 3, { stopAfter: 2 });
    for (let i = 0; i < 3; i++) {
      const a = shardOf(stepped.place.dir, i, 3), b = parts[i];
      assert.deepEqual([a.range, a.covered, a.nodes, a.solutions, a.tours], [b.range, b.covered, b.nodes, b.solutions, b.tours]);
    }
    const m = await mergeShardFiles(three.prover, three.place, { shards: 3 });
    assert.equal(m.ok, true, m.errors.join("; "));
    assert.equal(m.certificate!.covered, whole.covered);
    assert.equal(m.certificate!.nodes, whole.nodes);
    assert.deepEqual(recheckCertificate(three.place.dir, m.certificate), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("magic merge refuses missing, duplicated, foreign and altered shards; verify's re-check catches tampering", async () => {
  const root = mkdtempSync(join(tmpdir(), "magic-merge-"));
  try {
    const good = await runAll(join(root, "good"), 3);
    const dir = good.place.dir;
    const merged = await mergeShardFiles(good.prover, good.place, { shards: 3 });
    assert.equal(merged.ok, true, merged.errors.join("; "));
    const certificate = JSON.parse(readFileSync(join(dir, "certificate.json"), "utf8"));
    const copy = (name: string) => {
      const d = join(root, name);
      cpSync(dir, d, { recursive: true });
      return { d, ...magicProver({ ...SMALL, dir: d }) };
    };
    const write = (d: string, f: string, json: unknown) => writeFileSync(join(d, f), JSON.stringify(json, null, 1) + "\n");

    const missing = copy("missing");
    rmSync(join(missing.d, "shard-1-of-3.json"));
    const r1 = await mergeShardFiles(missing.prover, missing.place, { shards: 3 });
    assert.equal(r1.ok, false);
    assert.match(r1.errors.join(";"), /shard 1 of 3 is missing/);
    assert.match(recheckCertificate(missing.d, certificate).join(";"), /shard-1-of-3.json is missing/);

    const doubled = copy("doubled");
    write(doubled.d, "shard-1-of-3.json", shardOf(dir, 0, 3));
    const r2 = await mergeShardFiles(doubled.prover, doubled.place, { shards: 3 });
    assert.equal(r2.ok, false);
    assert.match(r2.errors.join(";"), /shard 0 of 3 occurs 2 times|name and content disagree/);

    // A shard of another split (prefix depth 2) and one of the old format.
    const foreign = copy("foreign");
    const otherDepth = magicProver({ ...SMALL, depth: 2, dir: join(root, "depth2") });
    for (let i = 0; i < 3; i++) await runShard(otherDepth.prover, otherDepth.place, { index: i, count: 3 });
    write(foreign.d, "shard-2-of-3.json", shardOf(otherDepth.place.dir, 2, 3));
    const r3 = await mergeShardFiles(foreign.prover, foreign.place, { shards: 3 });
    assert.equal(r3.ok, false);
    assert.match(r3.errors.join(";"), /belongs to magic-knight-6x6-central-d2, not magic-knight-6x6-central-d3/);
    const old = copy("old-format");
    write(old.d, "shard-0-of-3.json", { ...shardOf(dir, 0, 3), format: "chessboard-atlas-magic-shard/1" });
    assert.match((await mergeShardFiles(old.prover, old.place, { shards: 3 })).errors.join(";"), /another version of the prover/);

    // Altered content: a shard claiming fewer prefixes, or listing a tour that is not semimagic.
    const short = copy("short");
    write(short.d, "shard-0-of-3.json", { ...shardOf(dir, 0, 3), covered: shardOf(dir, 0, 3).covered - 1 });
    assert.match((await mergeShardFiles(short.prover, short.place, { shards: 3 })).errors.join(";"), /does not cover exactly/);
    const fake = copy("fake-tour");
    const c0 = shardOf(dir, 0, 3);
    write(fake.d, "shard-0-of-3.json", {
      ...c0,
      solutions: c0.solutions + 1,
      tours: [...c0.tours, Array.from({ length: 36 }, (_, i) => i + 1)],
    });
    assert.match((await mergeShardFiles(fake.prover, fake.place, { shards: 3 })).errors.join(";"), /not a semimagic knight's tour/);
    assert.match(recheckCertificate(fake.d, certificate).join(";"), /does not match its SHA-256/);

    // A shard file changed after the merge (even in a field the merge ignores) fails its SHA-256; so does a certificate whose counts were edited.
    const tampered = copy("tampered");
    write(tampered.d, "shard-2-of-3.json", { ...shardOf(dir, 2, 3), cpuSeconds: 1234 });
    assert.match(recheckCertificate(tampered.d, certificate).join(";"), /shard-2-of-3.json does not match its SHA-256/);
    assert.match(recheckCertificate(dir, { ...certificate, nodes: certificate.nodes + 1 }).join(";"), /nodes: the shards give/);
    assert.deepEqual(recheckCertificate(dir, certificate), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("the split is frozen: a completing engine with other rules replays every prefix of the split's walk", () => {
  // completeUnit tolerates prefixes a stronger engine rejects; with the split's own rules every prefix replays.
  const prefixes = listPrefixes(SMALL);
  const search = makeSearch(SMALL);
  const d = SMALL.depth;
  for (let i = 0; i < prefixes.length / d; i++) {
    let ok = search.start(prefixes[i * d], null);
    for (let j = 1; j < d && ok; j++) ok = search.place(prefixes[i * d + j]);
    assert.ok(ok, `prefix ${i} replays`);
    search.clear();
  }
});

Deno.test("atlas prove magic: --shard-from-env runs a shard, --merge writes the certificate, a bad run key is one line and exit 2", async () => {
  const root = mkdtempSync(join(tmpdir(), "magic-cli-"));
  const atlas = new URL("../../scripts/atlas.ts", import.meta.url).pathname;
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", atlas, "prove", "magic", ...args],
      env,
      stdout: "piped",
      stderr: "piped",
    })
      .output();
    return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
  };
  try {
    const small = ["--n", "6", "--mode", "central", "--depth", "3", "--dir", root, "--quiet"];
    for (const i of ["0", "1"]) {
      const r = await run([...small, "--shard-from-env", "MAGIC_TEST_INDEX/2"], { MAGIC_TEST_INDEX: i });
      assert.equal(r.code, 0, r.err);
    }
    const m = await run([...small, "--merge", "--shards", "2"]);
    assert.equal(m.code, 0, m.err);
    assert.match(m.out, /complete: magic-knight-6x6-central-d3/);
    assert.deepEqual(recheckCertificate(root, JSON.parse(readFileSync(join(root, "certificate.json"), "utf8"))), []);
    const bad = await run(["magic-knight-8x8-sideways-d10", "--shard", "0/2"]);
    assert.equal(bad.code, 2);
    assert.equal(bad.err.trim().split("\n").length, 1, bad.err);
    assert.match(bad.err, /bad run key/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
