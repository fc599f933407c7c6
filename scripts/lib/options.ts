/**
 * The one option parser of every `atlas` subcommand. It takes the same
 * configuration as node:util's parseArgs (which the scripts used before), but
 * is strict in the way the project asks and costs nothing to load:
 *
 *   - an unknown option, a missing value (`--men` at the end, `--men --closed`,
 *     `--men=`), a value given to a flag (`--json=yes`), a string option given
 *     twice, or a stray argument is a CliError: one line, exit 2;
 *   - `--name value`, `--name=value`, `-x value`, and `--` ends the options.
 *
 * The helpers below read values (whole numbers, lists) with the same rule: a
 * malformed value is an error, never silently dropped or defaulted.
 */
import { CliError } from "./errors.ts";

export interface OptionConfig {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  default?: string | boolean | string[] | boolean[];
}

type ValueOf<C extends OptionConfig> = C["type"] extends "boolean" ? (C["multiple"] extends true ? boolean[] : boolean)
  : (C["multiple"] extends true ? string[] : string);

export type OptionValues<O extends Record<string, OptionConfig>> = {
  -readonly [K in keyof O]: O[K] extends { default: unknown } ? ValueOf<O[K]> : ValueOf<O[K]> | undefined;
};

export interface ParseConfig<O extends Record<string, OptionConfig>> {
  args: readonly string[];
  options: O;
  /** Accepted for compatibility with node:util: this parser is always strict. */
  strict?: true;
  /** Arguments that are not options (default: none allowed). */
  allowPositionals?: boolean;
}

export function parseArgs<const O extends Record<string, OptionConfig>>(
  config: ParseConfig<O>,
): { values: OptionValues<O>; positionals: string[] } {
  const { args, options, allowPositionals = false } = config;
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) byShort.set(o.short, name);
  const looksLikeOption = (a: string) => a.startsWith("--") || (a.length === 2 && a[0] === "-" && byShort.has(a[1]));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      if (!allowPositionals && i + 1 < args.length) throw new CliError(`unexpected argument "${args[i + 1]}"`);
      positionals.push(...args.slice(i + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      if (eq >= 0) inline = arg.slice(eq + 1);
      if (!Object.hasOwn(options, name)) throw new CliError(`unknown option --${name}`);
    } else if (arg.length === 2 && arg[0] === "-" && arg[1] !== "-") {
      name = byShort.get(arg[1]);
      if (name === undefined) throw new CliError(`unknown option ${arg}`);
    } else {
      if (!allowPositionals) throw new CliError(`unexpected argument "${arg}"`);
      positionals.push(arg);
      continue;
    }
    const o = options[name];
    const shown = `--${name}`;
    let value: string | boolean;
    if (o.type === "boolean") {
      if (inline !== undefined) throw new CliError(`${shown} takes no value (got "${inline}")`);
      value = true;
    } else {
      if (inline === undefined) {
        const next = args[i + 1];
        if (next === undefined || looksLikeOption(next)) throw new CliError(`${shown} needs a value`);
        inline = next;
        i++;
      }
      if (inline.trim() === "") throw new CliError(`${shown} needs a value (got an empty one)`);
      value = inline;
    }
    if (o.multiple) ((values[name] ??= []) as unknown[]).push(value);
    else if (name in values && o.type === "string") throw new CliError(`${shown} is given twice`);
    else values[name] = value;
  }
  for (const [name, o] of Object.entries(options)) if (!(name in values) && o.default !== undefined) values[name] = o.default;
  return { values: values as OptionValues<O>, positionals };
}

/** A whole number within [min, max]; anything else (1.5, 1e3, "12abc", empty) is an error naming the option. */
export function intOption(option: string, text: string, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}): number {
  const t = text.trim().replace(/_/g, "");
  if (!/^[+-]?\d+$/.test(t)) throw new CliError(`--${option} must be a whole number, got "${text}"`);
  const n = Number(t);
  if (n < min || n > max) throw new CliError(`--${option} must be ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`}, got ${n}`);
  return n;
}

/**
 * A list separated by commas (or semicolons, or spaces: "e3,h1", "e3, h1", "e3 h1");
 * an empty entry (`b3,,c5`, a trailing comma) is an error, not dropped.
 */
export function listOption(option: string, text: string): string[] {
  const items = text.trim().split(/\s*[,;]\s*|\s+/);
  const empty = items.findIndex((s) => s === "");
  if (empty >= 0) throw new CliError(`--${option} has an empty entry (item ${empty + 1} of "${text}")`);
  return items;
}
