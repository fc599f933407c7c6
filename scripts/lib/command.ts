/**
 * What a subcommand of `atlas` is: a one-line summary for `atlas --help` and a
 * loader. Modules are imported only when their subcommand runs, so `atlas
 * solve` does not pay for the site build, the provers or the benchmarks.
 */
export interface CommandModule {
  /** Runs the subcommand with the arguments after its name; a number is the exit code. */
  run(args: string[]): Promise<number | void> | number | void;
}

export interface Command {
  summary: string;
  load: () => Promise<CommandModule>;
  /**
   * For modules that keep their usage in their opening doc comment rather than
   * answer --help themselves: the module, whose comment `atlas` prints for
   * --help (without loading it).
   */
  help?: URL;
  /** For `atlas <verb> <target>` subcommands (records, prove, bench): the targets. */
  targets?: string[];
}

/** True when --help or -h comes before any "--" (after it, arguments are positional). */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
}
