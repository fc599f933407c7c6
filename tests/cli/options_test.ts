/**
 * The option layer (scripts/lib/options.ts): each value type's parse, its
 * refusals in the one wording `--NAME must be WHAT, got "TEXT"`, and real
 * subcommands refusing bad values with that wording (one line on stderr,
 * exit 2, before any work).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { badValue, choiceOption, durationOption, intOption, numberOption, squareListOption } from "../../scripts/lib/options.ts";
import { CliError } from "../../scripts/lib/errors.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

/** The refusal is a CliError (exit 2) whose message is exactly the one wording. */
function refuses(f: () => unknown, message: string): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof CliError, `not a CliError: ${e}`);
    assert.equal(e.exitCode, 2);
    assert.equal(e.message, message);
    return true;
  });
}

Deno.test("the one wording", () => {
  assert.equal(badValue("runs", "a whole number", "x").message, '--runs must be a whole number, got "x"');
});

Deno.test("integer: whole numbers within the bounds", () => {
  assert.equal(intOption("runs", "12", { min: 1, max: 50 }), 12);
  assert.equal(intOption("nodes", " 1_000_000 "), 1_000_000);
  assert.equal(intOption("seed", "-3", {}), -3);
  assert.equal(intOption("runs", undefined, { min: 1 }), undefined, "an absent option passes through");
  refuses(() => intOption("runs", "1.5"), '--runs must be a whole number at least 0, got "1.5"');
  refuses(() => intOption("runs", "1e3"), '--runs must be a whole number at least 0, got "1e3"');
  refuses(() => intOption("runs", "12abc"), '--runs must be a whole number at least 0, got "12abc"');
  refuses(() => intOption("runs", "-1"), '--runs must be a whole number at least 0, got "-1"');
  refuses(() => intOption("runs", "0", { min: 1 }), '--runs must be a whole number at least 1, got "0"');
  refuses(() => intOption("runs", "51", { min: 1, max: 50 }), '--runs must be a whole number between 1 and 50, got "51"');
  refuses(() => intOption("seed", "9007199254740993", {}), '--seed must be a whole number, got "9007199254740993"');
});

Deno.test("number: finite decimals within the bounds", () => {
  assert.equal(numberOption("budget", "0.5"), 0.5);
  assert.equal(numberOption("nodes", "1e6", { above: 0 }), 1e6);
  assert.equal(numberOption("x", "-2_000.25"), -2000.25);
  assert.equal(numberOption("x", ".5"), 0.5);
  refuses(() => numberOption("budget", "0", { above: 0 }), '--budget must be a number above 0, got "0"');
  refuses(() => numberOption("budget", "abc"), '--budget must be a number, got "abc"');
  refuses(() => numberOption("budget", "Infinity"), '--budget must be a number, got "Infinity"');
  refuses(() => numberOption("budget", "0x10"), '--budget must be a number, got "0x10"');
  refuses(() => numberOption("load", "2", { min: 0, max: 1 }), '--load must be a number between 0 and 1, got "2"');
});

Deno.test("duration: 10m, 90s, 2h, 1h30m, plain seconds", () => {
  assert.equal(durationOption("budget", "10m"), 600_000);
  assert.equal(durationOption("budget", "90s"), 90_000);
  assert.equal(durationOption("budget", "1h30m"), 5_400_000);
  assert.equal(durationOption("budget", "0.5h"), 1_800_000);
  assert.equal(durationOption("budget", "300"), 300_000);
  assert.equal(durationOption("budget", undefined), undefined);
  for (const bad of ["10x", "m", "", "1h 30m", "-5m"]) {
    refuses(() => durationOption("budget", bad), `--budget must be a duration such as 10m, 90s or 1h30m, got "${bad}"`);
  }
});

Deno.test("choice: one of the words", () => {
  const modes = ["exists", "closed-unique"] as const;
  const m: "exists" | "closed-unique" = choiceOption("mode", "closed-unique", modes);
  assert.equal(m, "closed-unique");
  assert.equal(choiceOption("mode", undefined, modes), undefined);
  refuses(() => choiceOption("mode", "Exists", modes), '--mode must be one of exists, closed-unique, got "Exists"');
});

Deno.test("square list: names in any board notation; empty entries and non-names refused", () => {
  assert.deepEqual(squareListOption("men", "e3, h1;f4 g5"), ["e3", "h1", "f4", "g5"]);
  assert.deepEqual(squareListOption("men", "1.2.3,231,aa10"), ["1.2.3", "231", "aa10"]);
  assert.equal(squareListOption("men", undefined), undefined);
  refuses(() => squareListOption("men", "e3,,h1"), '--men has an empty entry (item 2 of "e3,,h1")');
  refuses(() => squareListOption("men", "e3,e0"), '--men must be a list of square names such as e3,h1, got "e0"');
  refuses(() => squareListOption("men", "e3,3e"), '--men must be a list of square names such as e3,h1, got "3e"');
});

const ATLAS = join(ROOT, "scripts", "atlas.ts");

/** Runs atlas; it must refuse at once (a run that starts working is killed after 60 s and fails). */
async function atlas(...args: string[]): Promise<{ code: number; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ATLAS, ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  })
    .spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const out = await child.output();
  clearTimeout(timer);
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("subcommands refuse bad values in the one wording: one line, exit 2", async () => {
  const cases: [string[], string][] = [
    [["bench", "leaper", "--runs", "0"], '--runs must be a whole number at least 1, got "0"'],
    [["build", "--workers", "65"], '--workers must be a whole number between 0 and 64, got "65"'],
    [["prove", "leaper", "--all-cheap", "--budget", "10x"], '--budget must be a duration such as 10m, 90s or 1h30m, got "10x"'],
    [
      ["prove", "locust", "--kind", "locust", "--mode", "sideways", "--men", "5"],
      '--mode must be one of exists, closed-unique, got "sideways"',
    ],
    [["prove", "locust", "locust-exists-8x8-46", "--shards", "1.5"], '--shards must be a whole number at least 1, got "1.5"'],
    [["solve", "--piece", "zebra", "--start", "b1", "--men", "e3,zz"], '--men must be a list of square names such as e3,h1, got "zz"'],
    [
      ["solve", "--piece", "zebra", "--start", "b1", "--men", "e3", "--limit", "1.5"],
      '--limit must be a whole number at least 1, got "1.5"',
    ],
    [["bench", "hopper-tour", "--budget", "lots"], '--budget must be a number at least 1, got "lots"'],
    [["regenerate", "leaper", "--method", "3"], '--method must be one of 1, 2, local, auto, got "3"'],
  ];
  for (const [args, message] of cases) {
    const r = await atlas(...args);
    const lines = r.stderr.split("\n").filter((l) => l.trim() !== "");
    assert.equal(r.code, 2, `atlas ${args.join(" ")}: exit ${r.code}: ${r.stderr}`);
    assert.equal(lines.length, 1, `atlas ${args.join(" ")}: one line expected:\n${r.stderr}`);
    assert.ok(lines[0].endsWith(message), `atlas ${args.join(" ")}: "${lines[0]}" does not end with '${message}'`);
  }
});
