// What every CLI command is: a name, its one-line usage, a help text, and a run function; and the exit statuses.

import { DocumentError } from '../../document/file-io';
import { wallClock, type Clock } from '../../shared/clock';
import { errorLine } from '../../shared/error-line';
import { UsageError } from '../args';

export const EXIT_OK = 0;
/** The input is invalid: a bad file, a drawing the engine refuses or cannot settle, a failed write. */
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** `simulate`: the mechanism locked (its motors cannot turn further); what ran up to the lock is reported and saved. */
export const EXIT_LOCKED = 3;
/** The run reached its overall `--timeout`: one line says how far it got; nothing is written. */
export const EXIT_TIMEOUT = 4;

export interface CliIo {
  /** One line to standard output. */
  out(line: string): void;
  /** One line to standard error. */
  err(line: string): void;
  /** Raw text to standard output (the SVG). */
  write(text: string): void;
  /**
   * What `--timeout` and the engine's budgets are measured on (default: the wall clock; the tests give a
   * deterministic one, src/shared/clock.ts).
   */
  clock?: Clock;
}

/** The clock a command measures its limits on. */
export function ioClock(io: CliIo): Clock {
  return io.clock ?? wallClock;
}

export interface CliCommand {
  name: string;
  /** e.g. "check <file> [--json]" */
  usage: string;
  /** One line for the command list. */
  summary: string;
  /** The rest of `--help`: options and what the command prints. */
  help: string;
  /**
   * Runs the command. Throws UsageError for bad arguments (exit 2); DocumentError, EngineError or any other
   * Error for bad input (exit 1, the message printed as one line). Resolves to the exit status, 0 by default.
   */
  run(argv: string[], io: CliIo): Promise<number | void>;
}

/**
 * Runs `work` on the drawing read from `file`: a problem it finds with the drawing (the engine's, an analysis's:
 * "no running motor …") comes out as one line naming the file, as the loader's do. A usage error, or a file's own
 * error (it names its file), passes as it is.
 */
export async function aboutFile<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UsageError || error instanceof DocumentError) throw error;
    throw new Error(errorLine(`${file}: ${errorLine(error)}`));
  }
}
