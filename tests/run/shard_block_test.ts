/**
 * `--block a-b/N` (scripts/lib/sharded-run.ts): one job of a matrix runs a
 * block of consecutive shards of a split larger than the matrix, with no
 * merge. Blocks that cover the split give shard files identical to a
 * straight run's and merge to its certificate; a repeated block skips what is
 * done; bad blocks and mixed options are refused with one line each.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseShardBlock } from "../../solvers/proof/sharded.ts";
import { runShardCommand } from "../../scripts/lib/sharded-run.ts";
import { CliError } from "../../scripts/lib/cli.ts";
import { toyProver } from "../helpers/toy-prover.ts";

const T = 3000;
const ref = (dir: string) => ({ module: new URL("../helpers/toy-prover.ts", import.meta.url).href, name: "toyProver", args: [T, dir] });
const hooks = { proven: (c: { sum: number }) => `proven: ${c.sum}` };

Deno.test("parseShardBlock: a-b/N and a/N accepted; reversed, out-of-range and malformed blocks named", () => {
  assert.deepEqual(parseShardBlock("0-63/16384"), { first: 0, last: 63, count: 16384 });
  assert.deepEqual(parseShardBlock(" 5 / 8 "), { first: 5, last: 5, count: 8 });
  for (
    const [text, why] of [
      ["7-3/8", /a must not be above b/],
      ["0-8/8", /below N/],
      ["1-2/0", /at least 1/],
      ["1..2/8", /expected a-b\/N/],
      ["-1-2/8", /expected a-b\/N/],
      ["", /expected a-b\/N/],
    ] as const
  ) {
    const r = parseShardBlock(text);
    assert.equal(typeof r, "string", text);
    assert.match(r as string, why, text);
  }
});

Deno.test("blocks covering a split give the straight run's shard files and certificate; a repeated block skips its done shards", async () => {
  const root = mkdtempSync(join(tmpdir(), "shard-block-"));
  const quiet = console.log;
  console.log = () => {};
  try {
    const straight = toyProver(T, join(root, "straight"));
    assert.equal(
      await runShardCommand(straight.prover, { ...straight.place, quiet: true }, ref(straight.place.dir), { shards: "7" }, hooks),
      0,
    );
    const blocks = toyProver(T, join(root, "blocks"));
    const place = { ...blocks.place, quiet: true };
    for (const b of ["0-2/7", "3/7", "4-6/7"]) {
      assert.equal(await runShardCommand(blocks.prover, place, ref(blocks.place.dir), { block: b }, hooks), 0, b);
    }
    const shardFiles = (dir: string) => readdirSync(dir).filter((f) => f.startsWith("shard-")).sort();
    assert.deepEqual(shardFiles(blocks.place.dir), shardFiles(straight.place.dir));
    for (const f of shardFiles(straight.place.dir)) {
      assert.equal(readFileSync(join(blocks.place.dir, f), "utf8"), readFileSync(join(straight.place.dir, f), "utf8"), f);
    }
    // A block never merges: no certificate until --merge.
    assert.equal(readdirSync(blocks.place.dir).includes("certificate.json"), false);
    // Repeating a block leaves its finished shards as they are (byte for byte, same modification).
    const before = readFileSync(join(blocks.place.dir, "shard-1-of-7.json"), "utf8");
    assert.equal(await runShardCommand(blocks.prover, place, ref(blocks.place.dir), { block: "0-2/7", workers: "2" }, hooks), 0);
    assert.equal(readFileSync(join(blocks.place.dir, "shard-1-of-7.json"), "utf8"), before);
    assert.equal(await runShardCommand(blocks.prover, place, ref(blocks.place.dir), { merge: true, shards: "7" }, hooks), 0);
    const cert = (dir: string) => JSON.parse(readFileSync(join(dir, "certificate.json"), "utf8"));
    assert.deepEqual(cert(blocks.place.dir), cert(straight.place.dir));
  } finally {
    console.log = quiet;
    rmSync(root, { recursive: true, force: true });
  }
});

Deno.test("--block refuses a bad block and mixing with --shard, --merge or another split's --shards", async () => {
  const root = mkdtempSync(join(tmpdir(), "shard-block-"));
  try {
    const { prover, place } = toyProver(T, join(root, "x"));
    const run = (v: Record<string, string | boolean>) => runShardCommand(prover, { ...place, quiet: true }, ref(place.dir), v, hooks);
    await assert.rejects(run({ block: "3-1/4" }), (e) => e instanceof CliError && /a must not be above b/.test(e.message));
    await assert.rejects(run({ block: "0-1/4", shard: "0/4" }), (e) => e instanceof CliError && /without --shard/.test(e.message));
    await assert.rejects(run({ block: "0-1/4", merge: true }), (e) => e instanceof CliError && /without --shard/.test(e.message));
    await assert.rejects(
      run({ block: "0-1/4", shards: "5" }),
      (e) => e instanceof CliError && /split into 4, --shards says 5/.test(e.message),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
