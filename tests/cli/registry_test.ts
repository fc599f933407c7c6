/**
 * The family registry (scripts/families/index.ts) is the only list of
 * families: a family registered in only some of the places fails here. The
 * deno.json aliases and the CI proof workflow are what the registry
 * generates (scripts/lib/sync-registry.ts); the record schema union, the
 * site's adapters and the verify modules name the same families and files;
 * every family folder has the one shape (verify, records, prove, bench, solve
 * at the top, helpers in lib/, its own subcommands in extra/); and the older
 * command names still run.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { FAMILIES, loadVerifiers } from "../../scripts/families/index.ts";
import { familyPaths } from "../../scripts/lib/paths.ts";
import { outOfDate } from "../../scripts/lib/sync-registry.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { AnyRecordFile } from "../../solvers/records/all.ts";
import { ADAPTERS } from "../../site/families/index.ts";
import { MAGIC_RUNS } from "../../scripts/families/magic/prove.ts";
import { invocations } from "../../scripts/atlas.ts";

const NAMES = FAMILIES.map((f) => f.family);

Deno.test("deno.json's tasks and the proof workflow are what the registry generates", () => {
  const stale = outOfDate().map((s) => relative(ROOT, s.path));
  assert.deepEqual(stale, [], `differ from scripts/families/index.ts (run deno run -A scripts/lib/sync-registry.ts): ${stale.join(", ")}`);
});

Deno.test("the record schema union, the site's adapters and the verify modules name the registry's families", async () => {
  assert.equal(new Set(NAMES).size, NAMES.length, "a family registered twice");
  assert.equal(AnyRecordFile.options.length, NAMES.length, "solvers/records/all.ts has another number of families than the registry");
  for (const f of FAMILIES) {
    const parsed = AnyRecordFile.safeParse(JSON.parse(readFileSync(familyPaths(f.family).records, "utf8")));
    assert.ok(parsed.success, `${f.paths.records} does not match solvers/records/all.ts`);
    assert.equal(parsed.data.family, f.family, `${f.paths.records} is the file of family ${parsed.data.family}`);
  }
  assert.deepEqual(
    ADAPTERS.map((a) => a.family),
    NAMES,
    "site/families/index.ts lists other families, or in another order, than the registry",
  );
  const verifiers = await loadVerifiers();
  assert.deepEqual(verifiers.map((v) => v.family), NAMES);
  for (const [i, v] of verifiers.entries()) {
    assert.deepEqual(v.files, [familyPaths(NAMES[i]).records], `${v.family}: verify reads another file`);
  }
  assert.equal(MAGIC_RUNS, familyPaths("magic").proofs, "the magic prover writes elsewhere than the registry says");
});

Deno.test("every family folder has the one shape, and every folder is registered", () => {
  const dir = join(ROOT, "scripts", "families");
  const folders = readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()).sort();
  assert.deepEqual(folders, [...NAMES].sort(), "scripts/families/ has folders the registry does not list, or the other way round");
  const roles = ["verify.ts", "records.ts", "prove.ts", "bench.ts", "solve.ts"];
  for (const f of FAMILIES) {
    const top = readdirSync(join(dir, f.family));
    for (const name of top) {
      const isDir = statSync(join(dir, f.family, name)).isDirectory();
      assert.ok(
        isDir ? ["lib", "extra"].includes(name) : roles.includes(name),
        `scripts/families/${f.family}/${name}: only ${roles.join(", ")}, lib/ and extra/ at the top`,
      );
    }
    assert.ok(top.includes("verify.ts"), `${f.family} has no verify.ts`);
    assert.equal(!!f.records, top.includes("records.ts"), `${f.family}: records.ts and the registry's records disagree`);
    assert.equal(!!f.prove, top.includes("prove.ts"), `${f.family}: prove.ts and the registry's prove disagree`);
    assert.equal(!!f.bench, top.includes("bench.ts"), `${f.family}: bench.ts and the registry's bench disagree`);
    assert.equal(!!f.solve, top.includes("solve.ts"), `${f.family}: solve.ts and the registry's solve disagree`);
    const extras = existsSync(join(dir, f.family, "extra"))
      ? readdirSync(join(dir, f.family, "extra")).filter((n) => !n.endsWith("-worker.ts"))
      : [];
    assert.deepEqual(
      extras.map((n) => n.replace(/\.ts$/, "")).sort(),
      Object.keys(f.extra ?? {}).sort(),
      `${f.family}: extra/ and the registry's extra disagree`,
    );
    if (f.ci) assert.ok(f.prove && f.paths.proofs, `${f.family}: a CI prover needs prove and paths.proofs`);
  }
});

Deno.test("a family's own subcommands run as `atlas <name> <family>` and under their older names", async () => {
  const lines = invocations();
  for (const f of FAMILIES) {
    for (const name of Object.keys(f.extra ?? {})) {
      assert.ok(lines.some(([a, b]) => a === name && b === f.family), `atlas ${name} ${f.family} is not a subcommand`);
      for (const args of [[name, f.family, "--help"], [name, "--help"]]) {
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", join(ROOT, "scripts", "atlas.ts"), ...args],
          cwd: ROOT,
          stdout: "piped",
          stderr: "piped",
        })
          .output();
        assert.equal(out.code, 0, `atlas ${args.join(" ")}: exit ${out.code}: ${new TextDecoder().decode(out.stderr)}`);
        assert.match(new TextDecoder().decode(out.stdout), /--[a-z]/, `atlas ${args.join(" ")} printed no options`);
      }
    }
  }
});
