/**
 * atlas: the project's one command. Each subcommand is a module loaded only
 * when it runs (scripts/commands/ for the general ones, scripts/families/<family>/
 * for a family's records builder, prover, benchmark and its own extras), so
 * `atlas solve` loads the solver and nothing else. The families and what they
 * offer are registered once, in scripts/families/index.ts.
 *
 *   atlas                             verify, build and serve (the README's `npx deno task atlas`)
 *   atlas <subcommand> [options]      atlas <subcommand> --help lists its options
 *   atlas prove <family> [options]    likewise records, bench
 *   atlas regenerate leaper [options] a family's own subcommand (regenerate, witnesses,
 *                                     cube-records, crosscheck, crosscheck-all); without
 *                                     the family, the older name of the same command
 */
import { type Command, wantsHelp } from "./lib/command.ts";
import { FAMILIES, type FamilyVerb } from "./families/index.ts";
import { CliError, errorMessage, EXIT_USAGE, oneLine } from "./lib/errors.ts";

// Deno's own streams: node:process alone costs more start-up time than `atlas solve` may take.
const out = (s: string) => void Deno.stdout.writeSync(new TextEncoder().encode(s));
const err = (s: string) => void Deno.stderr.writeSync(new TextEncoder().encode(s));

async function runCommand(command: Command, args: string[]): Promise<number> {
  if (command.help && wantsHelp(args)) {
    const { headerUsage } = await import("./lib/cli.ts");
    out(headerUsage(command.help) + "\n");
    return 0;
  }
  const code = await (await command.load()).run(args);
  return typeof code === "number" ? code : 0;
}

/** `atlas <verb> <family> ...`: the family's module for that verb runs with the arguments after the family. */
function familyVerb(verb: FamilyVerb, summary: string, more: Record<string, Command> = {}): Command {
  /** Benchmarks are optional ("atlas bench" lists them); records and proofs need a family. */
  const listing = verb === "bench";
  const targets: Record<string, Command> = {};
  for (const f of FAMILIES) if (f[verb]) targets[f.family] = f[verb]!;
  Object.assign(targets, more);
  return {
    summary: `${summary} (${Object.keys(targets).join(", ")})`,
    targets: Object.keys(targets),
    load: () =>
      Promise.resolve({
        run: async (args: string[]) => {
          const [target, ...rest] = args;
          if (target === undefined || target === "--help" || target === "-h") {
            const lines = Object.entries(targets).map(([name, c]) => `  ${name.padEnd(14)}${c.summary}`);
            const text = `usage: atlas ${verb} ${listing ? "[name]" : "<family>"} [options]\n\n${lines.join("\n")}\n\n` +
              `atlas ${verb} <${listing ? "name" : "family"}> --help lists that one's options.\n`;
            if (target === undefined && !listing) {
              err(text);
              return EXIT_USAGE;
            }
            out(text);
            return 0;
          }
          const command = targets[target];
          if (!command) {
            throw new CliError(
              `atlas ${verb}: unknown ${listing ? "benchmark" : "family"} "${target}" (known: ${Object.keys(targets).join(", ")})`,
            );
          }
          return await runCommand(command, rest);
        },
      }),
  };
}

/**
 * `atlas <name> <family> ...` for a family's own subcommand (the leaper's
 * regenerate, the magic crosscheck, ...). `atlas <name> [options]` without the
 * family, the older form from when these were top-level commands, still runs
 * it when only one family has that subcommand.
 */
function extraVerb(name: string): Command {
  const targets: Record<string, Command> = {};
  for (const f of FAMILIES) if (f.extra?.[name]) targets[f.family] = f.extra[name];
  const families = Object.keys(targets);
  const only = families.length === 1 ? targets[families[0]] : undefined;
  return {
    summary: `${only?.summary ?? name} (${families.join(", ")})`,
    targets: families,
    load: () =>
      Promise.resolve({
        run: async (args: string[]) => {
          const [target, ...rest] = args;
          if (target !== undefined && Object.hasOwn(targets, target)) return await runCommand(targets[target], rest);
          if (only) return await runCommand(only, args);
          throw new CliError(`atlas ${name}: name the family (${families.join(", ")})`);
        },
      }),
  };
}

const EXTRAS = [...new Set(FAMILIES.flatMap((f) => Object.keys(f.extra ?? {})))];

const COMMANDS: Record<string, Command> = {
  solve: {
    summary: "solve one position (leaper, hopper, locust, domination, tour; Popeye export)",
    load: () => import("./commands/solve.ts"),
  },
  verify: {
    summary: "check every record of every family and write data/reports/verify.json",
    load: () => import("./commands/verify.ts"),
    help: new URL("./commands/verify.ts", import.meta.url),
  },
  build: { summary: "build the site into dist/", load: () => import("./commands/build.ts") },
  serve: { summary: "serve dist/ on localhost", load: () => import("./commands/serve.ts") },
  records: familyVerb("records", "rebuild a family's data with our searches"),
  prove: familyVerb("prove", "exhaustive, sharded, resumable proofs"),
  bench: familyVerb("bench", "benchmarks, written to bench/*.json", {
    site: { summary: "site build time, page weight and load -> bench/site.json", load: () => import("./lib/bench-site.ts") },
    animations: {
      summary: "size and CPU cost of every animated solution -> bench/animations.json",
      load: () => import("./lib/bench-animations.ts"),
    },
    cli: {
      summary: "start-up of atlas solve on a small problem -> bench/cli.json",
      load: () => import("./lib/bench-cli.ts"),
      help: new URL("./lib/bench-cli.ts", import.meta.url),
    },
  }),
  ...Object.fromEntries(EXTRAS.map((name) => [name, extraVerb(name)])),
  wasm: {
    summary: "compile the WebAssembly search kernels (solvers/wasm/assembly) into their committed modules",
    load: () => import("./commands/wasm.ts"),
    help: new URL("./commands/wasm.ts", import.meta.url),
  },
  "ensure-browser": {
    summary: "find (or install with apt-get) the Chromium the browser tests drive",
    load: () => import("./commands/ensure-browser.ts"),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  return [
    "usage: atlas [<subcommand> [options]]",
    "",
    "Chessboard Record Atlas: regenerate and verify chessboard records, build the site.",
    "Without a subcommand: verify, then build, then serve.",
    "",
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`),
    "",
    "atlas <subcommand> --help lists that subcommand's options.",
    "",
  ].join("\n");
}

/** Each step in its own process, as separate commands would run; stops at the first that fails. */
async function pipeline(steps: string[]): Promise<number> {
  for (const step of steps) {
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", import.meta.filename!, step],
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    }).output();
    if (code !== 0) return code;
  }
  return 0;
}

/** Every runnable subcommand line ("solve", "prove leaper", ...), for the tests that go through them all. */
export function invocations(): string[][] {
  return Object.entries(COMMANDS).flatMap(([name, c]) => c.targets ? c.targets.map((t) => [name, t]) : [[name]]);
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) return await pipeline(["verify", "build", "serve"]);
  if (name === "--help" || name === "-h" || name === "help") {
    if (name === "help" && rest.length > 0) return main([rest[0], "--help"]);
    out(usage());
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new CliError(`unknown subcommand "${name}" (atlas --help lists them)`);
  return await runCommand(command, rest);
}

if (import.meta.main) {
  try {
    const code = await main(Deno.args);
    if (code !== 0) Deno.exit(code);
  } catch (e) {
    err(`error: ${oneLine(errorMessage(e))}\n`);
    Deno.exit(e instanceof CliError ? e.exitCode : 1);
  }
}
