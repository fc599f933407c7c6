/**
 * The full 8x8 run is still under way, and the magic page publishes how far it
 * has got. verify must hold those figures to the committed shard files, and
 * the stored cross-check of sampled prefixes to the shards and to a re-run of
 * its cheapest prefixes: each tampering below must be reported.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import {
  crosscheckAllErrors,
  MAGIC_CROSSCHECK_ALL_FILE,
  MAGIC_RERUNS,
  magicFamily,
  rerunComparisons,
  runProgressErrors,
} from "../../scripts/families/magic/verify.ts";
import { runDir } from "../../scripts/families/magic/prove.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { MagicRecordFile } from "../../solvers/magic/schema.ts";

const file = MagicRecordFile.parse(JSON.parse(readFileSync(familyPaths("magic").records, "utf8")));
const all = file.enumerations.find((e) => e.mode === "all" && !e.complete);

Deno.test("magic run under way: the published progress is what the committed shards say; tampering is reported", async () => {
  assert.ok(all, "the records hold a full run under way");
  assert.ok(all.shardsDone > 0, "at least one shard is committed");
  assert.deepEqual(runProgressErrors(all), []);
  const verified = (await magicFamily.verify({ files: [familyPaths("magic").records] })).find((r) => r.id === all.id);
  assert.ok(verified?.ok, JSON.stringify(verified?.errors));

  for (
    const [k, v] of [["shardsDone", all.shardsDone + 1], ["prefixesCovered", all.prefixesCovered + 1], ["nodes", all.nodes - 1], [
      "classes",
      1,
    ]] as const
  ) {
    const errs = runProgressErrors({ ...all, [k]: v });
    assert.ok(errs.some((e) => e.startsWith(`${k} claimed`)), `${k}: ${JSON.stringify(errs)}`);
  }
  // A shard file withdrawn after the records were written.
  const dir = mkdtempSync(join(tmpdir(), "magic-run-"));
  try {
    const run = join(dir, "run");
    cpSync(runDir({ n: 8, mode: "all", depth: 10 }), run, { recursive: true });
    unlinkSync(join(run, "shard-0-of-16384.json"));
    assert.ok(runProgressErrors(all, run).some((e) => /shardsDone claimed/.test(e)));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("magic run under way: the stored cross-check re-checks, and forged entries are caught", () => {
  assert.ok(all);
  assert.deepEqual(crosscheckAllErrors(all), []);
  const original = JSON.parse(readFileSync(MAGIC_CROSSCHECK_ALL_FILE, "utf8"));
  const cheapest = original.prefixes.filter((p: { finished: boolean }) => p.finished)
    .sort((a: { nodes: number }, b: { nodes: number }) => a.nodes - b.nodes)[0];
  const dir = mkdtempSync(join(tmpdir(), "magic-xc-"));
  const forged = (edit: (cc: typeof original) => void): string[] => {
    const cc = structuredClone(original);
    edit(cc);
    const path = join(dir, "cc.json");
    writeFileSync(path, JSON.stringify(cc));
    return crosscheckAllErrors(all, { path, recheckNodes: cheapest.nodes });
  };
  const at = (cc: typeof original) => cc.prefixes.find((p: { prefix: number }) => p.prefix === cheapest.prefix);
  try {
    // A tour claimed found by the independent search that it does not find (and the shard does not list).
    let errs = forged((cc) => {
      at(cc).toursHere = 1;
      at(cc).toursInShard = 1;
    });
    assert.ok(errs.some((e) => /the shard file has 0/.test(e)), JSON.stringify(errs));
    assert.ok(errs.some((e) => /the re-run finds 0 tours, 1 recorded/.test(e)), JSON.stringify(errs));
    errs = forged((cc) => void (at(cc).squares = [...at(cc).squares].reverse()));
    assert.ok(errs.some((e) => /not the split's/.test(e)), JSON.stringify(errs));
    errs = forged((cc) => void (at(cc).agree = false));
    assert.ok(errs.some((e) => /verdict does not follow/.test(e)), JSON.stringify(errs));
    errs = forged((cc) => void (cc.finished += 1));
    assert.ok(errs.some((e) => /finished prefixes/.test(e)), JSON.stringify(errs));
    errs = forged((cc) => void (cc.split.digest = "0000000000000000"));
    assert.deepEqual(errs, ["the cross-check was made on another split"]);
    errs = forged((cc) => void (at(cc).shard = (at(cc).shard + 1) % 16384));
    assert.ok(errs.some((e) => /does not cover it/.test(e)), JSON.stringify(errs));
  } finally {
    rmSync(dir, { recursive: true });
  }
});

Deno.test("magic run: a re-run of committed shards by a newer engine must give the same results; a difference is reported", () => {
  assert.ok(all);
  const committed = rerunComparisons(all);
  const kernel = committed.find((c) => c.engine === "kernel");
  assert.ok(kernel && kernel.shards.length > 0, "the kernel re-run has shards");
  assert.deepEqual(kernel.errors, []);
  const dir = mkdtempSync(join(tmpdir(), "magic-rerun-"));
  try {
    const root = join(dir, "reruns"), run = join(dir, "run");
    cpSync(MAGIC_RERUNS, root, { recursive: true });
    cpSync(runDir({ n: 8, mode: "all", depth: 10 }), run, { recursive: true });
    const index = kernel.shards[0].index, name = `shard-${index}-of-16384.json`;
    assert.deepEqual(rerunComparisons(all, root, run).flatMap((c) => c.errors), []);
    // The committed shard claims one solution more than the re-run found.
    const orig = JSON.parse(readFileSync(join(run, name), "utf8"));
    writeFileSync(join(run, name), JSON.stringify({ ...orig, solutions: orig.solutions + 1 }));
    assert.ok(rerunComparisons(all, root, run).some((c) => c.errors.some((e) => e.includes(`shard ${index} differs`))));
    // A re-run shard whose original is not committed.
    unlinkSync(join(run, name));
    assert.ok(rerunComparisons(all, root, run).some((c) => c.errors.some((e) => e.includes(`shard ${index}: no committed shard`))));
    // A re-run shard that covers less than it says no longer re-checks.
    const mine = JSON.parse(readFileSync(join(root, `${all.key}-kernel`, name), "utf8"));
    writeFileSync(join(root, `${all.key}-kernel`, name), JSON.stringify({ ...mine, covered: mine.covered - 1 }));
    assert.ok(rerunComparisons(all, root, run).some((c) => c.errors.some((e) => e.includes("re-run"))));
  } finally {
    rmSync(dir, { recursive: true });
  }
});
