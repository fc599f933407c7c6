/**
 * Bad input to `deno task prove`, through the command line as a user meets it:
 * each case must end with one line on stderr and a non-zero exit, and every
 * file already written (shard certificates, checkpoints, the merged
 * certificate) must be byte for byte what it was.
 */
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { familyPaths, ROOT } from "../../scripts/lib/paths.ts";

const DENO = join(ROOT, "node_modules", "deno", "deno");
/** Two cheap cells (hundreds of positions each, milliseconds of search). */
const CELL = "leaper-1-2-dual-free-5x5";
const OTHER = "leaper-0-1-dual-free-5x5";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function prove(dir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const r = await new Deno.Command(DENO, {
    args: ["task", "-q", "prove", ...args, "--quiet", "--proofs-dir", join(dir, "proofs"), "--records", join(dir, "records.json")],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: r.code, stdout: dec.decode(r.stdout), stderr: dec.decode(r.stderr) };
}

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), "prove-input-"));
  copyFileSync(familyPaths("leaper").records, join(dir, "records.json"));
  return dir;
}

/** Every file under `dir` with its bytes, to show nothing was changed or removed. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, readFileSync(p, "latin1"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

function assertOneLine(r: Run, code: number | "nonzero", pattern: RegExp, what: string): void {
  if (code === "nonzero") assert.notEqual(r.code, 0, `${what}: exit 0, stderr: ${r.stderr}`);
  else assert.equal(r.code, code, `${what}: exit ${r.code}, stderr: ${r.stderr}`);
  const lines = r.stderr.trim().split("\n");
  assert.equal(lines.length, 1, `${what}: one line on stderr, got:\n${r.stderr}`);
  assert.match(lines[0], /^error: /, what);
  assert.match(lines[0], pattern, what);
}

function assertUnchanged(before: Map<string, string>, dir: string, what: string): void {
  const after = snapshot(dir);
  for (const [p, bytes] of before) {
    assert.ok(after.has(p), `${what}: ${p} was removed`);
    assert.equal(after.get(p), bytes, `${what}: ${p} was changed`);
  }
}

Deno.test("prove: an unknown cell and out-of-range shard indices are one line and exit 2, before anything is written", async () => {
  const dir = workspace();
  try {
    assertOneLine(await prove(dir, ["leaper-9-9-dual-free-5x5"]), 2, /unknown cell leaper-9-9-dual-free-5x5/, "unknown cell");
    assertOneLine(await prove(dir, [CELL, "--shard", "4/4"]), 2, /i must be below N/, "--shard 4/4");
    assertOneLine(await prove(dir, [CELL, "--shard", "2/x"]), 2, /expected i\/N/, "--shard 2/x");
    assertOneLine(
      await prove(dir, [CELL, "--shard-from-env", "TASK/4"], { TASK: "7" }),
      2,
      /i must be below N/,
      "index 7 of 4 from the environment",
    );
    assertOneLine(await prove(dir, [CELL, "--shard-from-env", "TASK/4"], { TASK: "" }), 2, /TASK is not set/, "empty index variable");
    assert.ok(!existsSync(join(dir, "proofs")), "nothing written for bad requests");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("prove: a shard file from another cell or another prover version is refused, at run and at merge, and kept", async () => {
  const dir = workspace();
  try {
    // Real shards of two cells, split in two.
    for (const cell of [CELL, OTHER]) {
      for (const i of [0, 1]) assert.equal((await prove(dir, [cell, "--shard", `${i}/2`])).code, 0);
    }
    const own = join(dir, "proofs", CELL);
    const foreign = readFileSync(join(dir, "proofs", OTHER, "shard-1-of-2.json"), "utf8");
    writeFileSync(join(own, "shard-1-of-2.json"), foreign);
    let before = snapshot(join(dir, "proofs"));
    assertOneLine(
      await prove(dir, [CELL, "--shard", "1/2"]),
      2,
      new RegExp(`is about ${OTHER}.*left as it is`),
      "rerun over a foreign shard",
    );
    assertOneLine(
      await prove(dir, [CELL, "--merge", "--shards", "2"]),
      1,
      new RegExp(`not proven: .*is about ${OTHER}`),
      "merge with a foreign shard",
    );
    assert.ok(!existsSync(join(own, "certificate.json")), "a refused merge writes no certificate");
    assertUnchanged(before, join(dir, "proofs"), "foreign shard");

    // The same shard as written by a later prover whose certificates mean something else.
    const later = JSON.parse(foreign);
    later.format = "chessboard-atlas-proof-shard/2";
    writeFileSync(join(own, "shard-1-of-2.json"), JSON.stringify(later));
    before = snapshot(join(dir, "proofs"));
    assertOneLine(
      await prove(dir, [CELL, "--shard", "1/2"]),
      2,
      /another version of the prover \(format chessboard-atlas-proof-shard\/2/,
      "rerun over a shard of another version",
    );
    assertOneLine(
      await prove(dir, [CELL, "--merge", "--shards", "2"]),
      1,
      /another version of the prover/,
      "merge with a shard of another version",
    );
    assertUnchanged(before, join(dir, "proofs"), "shard of another version");

    // Put right, the merge goes through; then a corrupt shard must not cost the certificate already merged.
    rmSync(join(own, "shard-1-of-2.json"));
    assert.equal((await prove(dir, [CELL, "--shard", "1/2"])).code, 0);
    assert.equal((await prove(dir, [CELL, "--merge", "--shards", "2"])).code, 0);
    writeFileSync(join(own, "shard-0-of-2.json"), readFileSync(join(own, "shard-0-of-2.json"), "utf8").slice(0, 100));
    before = snapshot(join(dir, "proofs"));
    assertOneLine(
      await prove(dir, [CELL, "--merge", "--shards", "2"]),
      1,
      /shard-0-of-2.json is not valid JSON/,
      "merge with a truncated shard",
    );
    assertOneLine(await prove(dir, [CELL, "--shard", "0/2"]), 2, /shard-0-of-2.json is not valid JSON/, "rerun over a truncated shard");
    assertUnchanged(before, join(dir, "proofs"), "truncated shard");
    assert.ok(existsSync(join(own, "certificate.json")), "the merged certificate survives a refused merge");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("prove: a corrupt or foreign checkpoint stops the run with one line and is kept; a sound one resumes", async () => {
  const dir = workspace();
  try {
    const own = join(dir, "proofs", CELL);
    // An interrupted shard leaves a real checkpoint (exit 130).
    const stopped = await prove(dir, [CELL, "--shard", "0/1", "--stop-after", "50"]);
    assert.equal(stopped.code, 130, stopped.stderr);
    const cpPath = join(own, "checkpoints", "shard-0-of-1.json");
    const good = readFileSync(cpPath, "utf8");
    const cp = JSON.parse(good);
    assert.equal(cp.state.next, 50);

    const cases: [string, string, RegExp][] = [
      ["truncated", good.slice(0, good.length >> 1), /checkpoint .*shard-0-of-1.json is corrupt .*left as it is/],
      [
        "counts that do not add up",
        JSON.stringify({ ...cp, state: { ...cp.state, next: 60 } }),
        /is corrupt \(positions .* != 60 positions done\)/,
      ],
      ["a field of the wrong type", JSON.stringify({ ...cp, range: "0-50" }), /is corrupt \(range/],
      ["another cell's", JSON.stringify({ ...cp, cell: OTHER }), new RegExp(`is not one of shard 0 of 1 of ${CELL} \\(it is for ${OTHER}`)],
      ["not a checkpoint", JSON.stringify({ hello: 1 }), /is not one of this prover's checkpoints/],
    ];
    for (const [what, text, pattern] of cases) {
      writeFileSync(cpPath, text);
      const before = snapshot(join(dir, "proofs"));
      assertOneLine(await prove(dir, [CELL, "--shard", "0/1"]), 2, pattern, `${what} checkpoint`);
      assertUnchanged(before, join(dir, "proofs"), `${what} checkpoint`);
      assert.ok(!existsSync(join(own, "shard-0-of-1.json")), `${what} checkpoint: no certificate written`);
    }
    // In a worker the message and the exit code are the same.
    writeFileSync(cpPath, "{");
    assertOneLine(
      await prove(dir, [CELL, "--workers", "1", "--shards", "1"]),
      2,
      /shard 0 of 1 failed: checkpoint .* is corrupt/,
      "corrupt checkpoint in a worker",
    );

    // The sound checkpoint resumes to the same certificate as an uninterrupted run.
    writeFileSync(cpPath, good);
    const resumed = await prove(dir, [CELL, "--shard", "0/1"]);
    assert.equal(resumed.code, 0, resumed.stderr);
    const fresh = workspace();
    try {
      assert.equal((await prove(fresh, [CELL, "--shard", "0/1"])).code, 0);
      const strip = (p: string) =>
        JSON.stringify(JSON.parse(readFileSync(p, "utf8")), (k, v) => (/At$|cpuSeconds/.test(k) ? undefined : v));
      assert.equal(strip(join(own, "shard-0-of-1.json")), strip(join(fresh, "proofs", CELL, "shard-0-of-1.json")));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Deno.test("prove: a cell id that is a published record, not a table cell, is one line and exit 2", async () => {
  const dir = workspace();
  try {
    mkdirSync(join(dir, "proofs"));
    assertOneLine(
      await prove(dir, ["wazir-8x8-sd59-a1"]),
      2,
      /is not a table cell \(it belongs to leaper-0-1-dual-free-8x8\)/,
      "published record",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
