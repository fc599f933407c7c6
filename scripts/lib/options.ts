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
 * The typed readers below (intOption, numberOption, durationOption,
 * choiceOption, listOption, squareListOption) read values with the same rule:
 * a malformed value is an error in one wording, never silently dropped or
 * defaulted. Every subcommand reads its values through them.
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

// ---------------------------------------------------------------- typed values

/**
 * Every value option is read by one of the types below, and every malformed
 * value is refused in one wording: `--NAME must be WHAT, got "TEXT"`, a
 * CliError (one line on stderr, exit 2) before any work starts. Each reader
 * takes the option's text as parseArgs left it: undefined when the option is
 * absent, which it passes through (so `?? default` supplies the default).
 */
export interface Bounds {
  min?: number;
  /** Exclusive lower bound (a positive number: `{ above: 0 }`). */
  above?: number;
  max?: number;
}

/** The one wording of a refused value. */
export function badValue(option: string, what: string, text: string): CliError {
  return new CliError(`--${option} must be ${what}, got "${text}"`);
}

function bounded(what: string, { min, above, max }: Bounds): string {
  const low = min !== undefined ? `at least ${min}` : above !== undefined ? `above ${above}` : undefined;
  if (low !== undefined && max !== undefined) {
    return min !== undefined ? `${what} between ${min} and ${max}` : `${what} ${low} and at most ${max}`;
  }
  if (low !== undefined) return `${what} ${low}`;
  if (max !== undefined) return `${what} at most ${max}`;
  return what;
}

function inBounds(n: number, { min, above, max }: Bounds): boolean {
  return (min === undefined || n >= min) && (above === undefined || n > above) && (max === undefined || n <= max);
}

/** A whole number ("12", "1_000_000") within the bounds (none given: at least 0; `{}`: any); 1.5, 1e3, "12abc" are refused. */
export function intOption(option: string, text: string, bounds?: Bounds): number;
export function intOption(option: string, text: string | undefined, bounds?: Bounds): number | undefined;
export function intOption(option: string, text: string | undefined, bounds: Bounds = { min: 0 }): number | undefined {
  if (text === undefined) return undefined;
  const b = bounds;
  const t = text.trim().replace(/_/g, "");
  const n = Number(t);
  if (!/^[+-]?\d+$/.test(t) || !Number.isSafeInteger(n) || !inBounds(n, b)) throw badValue(option, bounded("a whole number", b), text);
  return n;
}

/** A finite decimal number ("0.5", "1e6", "2_000") within the bounds. */
export function numberOption(option: string, text: string, bounds?: Bounds): number;
export function numberOption(option: string, text: string | undefined, bounds?: Bounds): number | undefined;
export function numberOption(option: string, text: string | undefined, bounds: Bounds = {}): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().replace(/_/g, "");
  const n = Number(t);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) || !Number.isFinite(n) || !inBounds(n, bounds)) {
    throw badValue(option, bounded("a number", bounds), text);
  }
  return n;
}

/** A duration in milliseconds: "10m", "90s", "2h", "1h30m", "0.5h", or plain seconds ("300"). */
export function durationOption(option: string, text: string): number;
export function durationOption(option: string, text: string | undefined): number | undefined;
export function durationOption(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1000;
  let ms = 0;
  let used = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g)) {
    ms += Number(m[1]) * (m[2] === "h" ? 3600e3 : m[2] === "m" ? 60e3 : 1e3);
    used += m[0].length;
  }
  if (used !== t.length || used === 0) throw badValue(option, "a duration such as 10m, 90s or 1h30m", text);
  return ms;
}

/** One of the given words. */
export function choiceOption<const C extends string>(option: string, text: string, choices: readonly C[]): C;
export function choiceOption<const C extends string>(option: string, text: string | undefined, choices: readonly C[]): C | undefined;
export function choiceOption<const C extends string>(option: string, text: string | undefined, choices: readonly C[]): C | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!(choices as readonly string[]).includes(t)) throw badValue(option, `one of ${choices.join(", ")}`, text);
  return t as C;
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

/**
 * A list of square names as listOption reads it, each a name in one of the
 * board notations ("e3", "2.3.1", "231" on small cubes); which board it is on
 * is the reader's to check (solvers/board/squares.ts, parseSquare).
 */
export function squareListOption(option: string, text: string): string[];
export function squareListOption(option: string, text: string | undefined): string[] | undefined;
export function squareListOption(option: string, text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const items = listOption(option, text);
  const bad = items.find((s) => !/^([a-z]+[1-9]\d*|[1-9]\d*(\.[1-9]\d*)*)$/i.test(s));
  if (bad !== undefined) throw badValue(option, "a list of square names such as e3,h1", bad);
  return items;
}
