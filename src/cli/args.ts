// Command-line arguments: a small declarative parser shared by the commands. Every problem is a UsageError (exit
// status 2) whose one-line message names the offending argument.

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type OptionKind = 'flag' | 'string' | 'number';

export interface OptionSpec {
  kind: OptionKind;
  /** Other spellings, e.g. ['-o'] for --out. */
  aliases?: string[];
}

export interface ParsedArgs {
  positionals: string[];
  /** By the option's main name (without dashes): true for flags, the raw text for values. */
  options: Map<string, string | true>;
}

/** Splits argv by `spec`. Values may start with '-' (a negative coordinate), and `--name=value` works too. */
export function parseArgs(argv: string[], spec: Record<string, OptionSpec>): ParsedArgs {
  const byName = new Map<string, string>();
  for (const [name, s] of Object.entries(spec)) {
    byName.set(`--${name}`, name);
    for (const alias of s.aliases ?? []) byName.set(alias, name);
  }
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const name = byName.get(flag);
    if (name === undefined) throw new UsageError(`unknown option '${flag}'`);
    if (options.has(name)) throw new UsageError(`${flag} is given twice`);
    if (spec[name].kind === 'flag') {
      if (eq > 0) throw new UsageError(`${flag} takes no value`);
      options.set(name, true);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    options.set(name, value);
  }
  return { positionals, options };
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.options.get(name) === true;
}

/** A finite number in [min, max] (integer if asked), or a UsageError naming the option. */
export function numberOption(
  args: ParsedArgs,
  name: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  const text = stringOption(args, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(n) && n >= range.min && n <= range.max;
  if (!ok || (range.integer && !Number.isInteger(n))) {
    const what = range.integer ? 'an integer' : 'a number';
    throw new UsageError(`--${name}: expected ${what} in [${range.min}, ${range.max}], got '${text}'`);
  }
  return n;
}

/** One of `ids` (a shared list's), or a UsageError naming the option and every accepted value. */
export function choiceOption<T extends string>(
  args: ParsedArgs,
  name: string,
  ids: readonly T[],
): T | undefined {
  const text = stringOption(args, name);
  if (text === undefined) return undefined;
  if (!(ids as readonly string[]).includes(text))
    throw new UsageError(`--${name}: expected one of ${ids.join(', ')}, got '${text}'`);
  return text as T;
}

/** Exactly one positional argument: the drawing file. */
export function oneFile(args: ParsedArgs): string {
  if (args.positionals.length === 0) throw new UsageError('which drawing? give a .curvewright file');
  if (args.positionals.length > 1)
    throw new UsageError(`one drawing at a time, got ${args.positionals.map((p) => `'${p}'`).join(' and ')}`);
  return args.positionals[0];
}

/** A UsageError unless `drawing` has curve `id`: names the option, the file and (the first ten of) its curves. */
export function requireCurve(
  drawing: { curves: { id: string }[] },
  id: string,
  file: string,
  option: string,
): void {
  if (drawing.curves.some((c) => c.id === id)) return;
  const known = drawing.curves.map((c) => c.id);
  const list = known.length > 10 ? `${known.slice(0, 10).join(', ')}, …` : known.join(', ') || 'none';
  throw new UsageError(`${option}: no curve '${id}' in ${file} (curves: ${list})`);
}

/** Numbers for the CLI's output: at most 6 decimals, no "-0". */
export function formatNumber(n: number): string {
  const r = Number(n.toFixed(6));
  return r === 0 ? '0' : String(r);
}

export function formatResidual(n: number): string {
  return n === 0 ? '0' : n.toExponential(3);
}
