/**
 * The `atlas` command line: every subcommand answers --help (exit 0, its
 * options on stdout) and refuses an unknown option with one line and exit 2
 * before doing any work; the shared option parser (scripts/lib/options.ts)
 * refuses missing, empty, repeated and malformed values; and a few
 * representative subcommands refuse malformed values the same way.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { invocations } from "../../scripts/atlas.ts";
import { intOption, listOption, parseArgs } from "../../scripts/lib/options.ts";
import { CliError } from "../../scripts/lib/errors.ts";
import { ROOT } from "../../scripts/lib/paths.ts";

const ATLAS = join(ROOT, "scripts", "atlas.ts");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs atlas; a subcommand that starts working instead of refusing is stopped after 60 s and fails the test. */
async function atlas(...args: string[]): Promise<Run> {
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
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Exit 2 and exactly one line on stderr, starting "error" or the command's name. */
function assertUsageError(r: Run, what: string, pattern?: RegExp): void {
  assert.equal(r.code, 2, `${what}: exit code ${r.code}, stderr: ${r.stderr}`);
  const lines = r.stderr.split("\n").filter((l) => l.trim() !== "");
  assert.equal(lines.length, 1, `${what}: expected one line on stderr, got:\n${r.stderr}`);
  if (pattern) assert.match(lines[0], pattern, what);
}

const ALL = invocations();

Deno.test("atlas --help lists every subcommand", async () => {
  const r = await atlas("--help");
  assert.equal(r.code, 0);
  for (const [name] of ALL) assert.match(r.stdout, new RegExp(`^  ${name} `, "m"), `${name} missing from atlas --help`);
  assert.ok(ALL.length >= 20, `only ${ALL.length} subcommands registered`);
});

Deno.test("every subcommand answers --help with its options (exit 0)", async () => {
  for (const line of ALL) {
    const r = await atlas(...line, "--help");
    assert.equal(r.code, 0, `atlas ${line.join(" ")} --help: exit ${r.code}: ${r.stderr}`);
    assert.match(r.stdout, /--[a-z]/, `atlas ${line.join(" ")} --help names no option:\n${r.stdout}`);
  }
});

Deno.test("every subcommand refuses an unknown option: one line, exit 2, no work done", async () => {
  for (const line of ALL) assertUsageError(await atlas(...line, "--no-such-option"), `atlas ${line.join(" ")}`, /no-such-option/);
});

Deno.test("atlas refuses an unknown subcommand, family or benchmark, and a verb without its family", async () => {
  assertUsageError(await atlas("frobnicate"), "unknown subcommand", /unknown subcommand "frobnicate"/);
  assertUsageError(await atlas("prove", "knightmare"), "unknown family", /unknown family "knightmare".*known: leaper/);
  assertUsageError(await atlas("bench", "nothing"), "unknown benchmark", /unknown benchmark/);
  const r = await atlas("records");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /usage: atlas records <family>/);
});

Deno.test("representative subcommands refuse missing and malformed values", async () => {
  const cases: [string[], RegExp][] = [
    [["solve", "--piece", "zebra", "--start", "b1", "--men", "b3,,c5"], /--men has an empty entry/],
    [["solve", "--piece", "zebra", "--start", "b1", "--men", "e3,h1,"], /--men has an empty entry/],
    [["solve", "--piece", "zebra", "--start", "b1", "--men"], /--men needs a value/],
    [["solve", "--piece", "zebra", "--men", "--start", "b1"], /--men needs a value/],
    [["solve", "--piece=", "--start", "b1", "--men", "e3"], /--piece needs a value/],
    [["solve", "--json=yes", "--piece", "zebra", "--start", "b1", "--men", "e3"], /--json takes no value/],
    [["solve", "--piece", "locust", "--start", "d4", "--men", "c3,,e5"], /--men has an empty entry/],
    [
      ["solve", "--piece", "grasshopper", "--hurdles", "d4,,e5", "--start", "a1", "--stipulation", "ser-z e4"],
      /--hurdles has an empty entry/,
    ],
    [["verify", "--family"], /--family needs a value/],
    [["verify", "--family", "dragons"], /unknown family "dragons"/],
    [["bench", "leaper", "--runs", "many"], /--runs/],
    [["bench", "locust", "--samples", "1.5"], /--samples must be a whole number/],
    [["build", "--workers", "x"], /--workers/],
    [["serve", "--port", "99999"], /port/],
    [["regenerate", "--workers", "-1"], /--workers/],
  ];
  for (const [args, pattern] of cases) assertUsageError(await atlas(...args), `atlas ${args.join(" ")}`, pattern);
});

Deno.test("option parser: forms it accepts", () => {
  const options = {
    men: { type: "string" },
    closed: { type: "boolean" },
    data: { type: "string", multiple: true },
    limit: { type: "string", default: "5" },
    help: { type: "boolean", short: "h" },
  } as const;
  const { values, positionals } = parseArgs({
    args: ["--men", "e3,h1", "--closed", "--data=a.json", "--data", "b.json", "-h", "--", "--men"],
    options,
    allowPositionals: true,
  });
  assert.deepEqual(values, { men: "e3,h1", closed: true, data: ["a.json", "b.json"], limit: "5", help: true });
  assert.deepEqual(positionals, ["--men"]);
  assert.deepEqual(listOption("men", " e3, h1;f4 g5 "), ["e3", "h1", "f4", "g5"]);
  assert.equal(intOption("runs", "12", { min: 1, max: 50 }), 12);
  assert.equal(intOption("nodes", "1_000_000"), 1_000_000);
});

Deno.test("option parser: what it refuses, each as a CliError with exit code 2", () => {
  const options = { men: { type: "string" }, closed: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;
  const refuse = (args: string[], pattern: RegExp, allowPositionals = false) =>
    assert.throws(
      () => parseArgs({ args, options, allowPositionals }),
      (e: unknown) => e instanceof CliError && e.exitCode === 2 && pattern.test(e.message),
    );
  refuse(["--mne", "e3"], /unknown option --mne/);
  refuse(["-x"], /unknown option -x/);
  refuse(["--men"], /--men needs a value/);
  refuse(["--men", "--closed"], /--men needs a value/);
  refuse(["--men", "-h"], /--men needs a value/);
  refuse(["--men="], /--men needs a value/);
  refuse(["--men", "  "], /--men needs a value/);
  refuse(["--men", "e3", "--men", "h1"], /--men is given twice/);
  refuse(["--closed=no"], /--closed takes no value/);
  refuse(["e3"], /unexpected argument "e3"/);
  refuse(["--", "e3"], /unexpected argument "e3"/);
  const bad = (f: () => unknown, pattern: RegExp) => assert.throws(f, (e: unknown) => e instanceof CliError && pattern.test(e.message));
  bad(() => listOption("men", "b3,,c5"), /empty entry \(item 2/);
  bad(() => listOption("men", "b3,"), /empty entry/);
  bad(() => listOption("men", ",b3"), /empty entry \(item 1/);
  bad(() => intOption("runs", "1.5"), /whole number/);
  bad(() => intOption("runs", "12abc"), /whole number/);
  bad(() => intOption("runs", "1e3"), /whole number/);
  bad(() => intOption("runs", "0", { min: 1 }), /at least 1/);
  bad(() => intOption("runs", "51", { min: 1, max: 50 }), /between 1 and 50/);
});
