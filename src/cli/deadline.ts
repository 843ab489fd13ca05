// The overall time limit of the commands that run the dynamics (`simulate`, `settle`): one `--timeout <s>` option,
// its default and its help line, and the deadline it sets. The limit is kept between pieces of work — before each
// frame, and by giving the last frame or the settle only the time that is left — so a run that reaches it ends
// cleanly, saying how far it got, instead of being killed.

import type { Clock } from '../shared/clock';
import { numberOption, type OptionSpec, type ParsedArgs } from './args';

/**
 * Two minutes. Every bundled example simulates a minute of motion in under 4 s (the cam, the slowest, 3.3 s with
 * the CLI's start-up); a run still going after two minutes is stuck (a mechanism fighting itself, a drawing far too
 * big), and a script waiting on it should hear so rather than hang.
 */
export const DEFAULT_TIMEOUT_S = 120;
/** A week: long enough for any run someone means to make, short enough to catch a typo of many zeros. */
const MAX_TIMEOUT_S = 604_800;

/** The option's spec, for a command's parseArgs table. */
export const TIMEOUT_OPTION: OptionSpec = { kind: 'number' };

/** The option's lines in a command's --help, its description starting at `column` like the command's others. */
export function timeoutHelp(column: number): string {
  return [
    `${'  --timeout <s>'.padEnd(column)}overall wall-clock limit, seconds (default ${DEFAULT_TIMEOUT_S}: far more than any`,
    `${''.padEnd(column)}example needs, so a stuck run ends with a message instead of hanging a script)`,
  ].join('\n');
}

export class Deadline {
  /** The limit, seconds. */
  readonly seconds: number;
  /** When it ends, as a time of `clock`. */
  readonly at: number;

  constructor(
    seconds: number,
    /** What it is measured on: the engines of the command's run use the same clock. */
    readonly clock: Clock,
  ) {
    this.seconds = seconds;
    this.at = clock.now() + seconds * 1000;
  }

  /** Milliseconds left (≤ 0 once passed). */
  leftMs(): number {
    return this.at - this.clock.now();
  }

  passed(): boolean {
    return this.leftMs() <= 0;
  }

  /** The one line a command that ran into the limit prints: `done` says how far it got. */
  message(file: string, done: string): string {
    return `${file}: timed out after ${this.seconds} s (--timeout): ${done}`;
  }
}

/**
 * The deadline `--timeout` sets (the default when not given), counted from now on `clock`; a UsageError for a bad
 * value.
 */
export function timeoutOption(args: ParsedArgs, clock: Clock): Deadline {
  const seconds = numberOption(args, 'timeout', { min: 0.001, max: MAX_TIMEOUT_S }) ?? DEFAULT_TIMEOUT_S;
  return new Deadline(seconds, clock);
}
