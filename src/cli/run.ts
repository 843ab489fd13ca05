// The CLI's dispatcher: `curvewright <command> [arguments]`, `curvewright --help`, `curvewright <command> --help`,
// `curvewright help <command>`. Exit status 0 on success, 1 when the input is invalid (a bad file, a drawing the
// engine refuses, a failed write), 2 on bad usage, 3 when `simulate` finds the mechanism locked, 4 when a run
// reaches its --timeout. Every error is one line on stderr, never a stack trace.

import { UsageError } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type CliCommand, type CliIo } from './commands/command';
import { COMMANDS } from './commands';
import { errorLine } from '../shared/error-line';

export { EXIT_INVALID, EXIT_LOCKED, EXIT_OK, EXIT_TIMEOUT, EXIT_USAGE } from './commands/command';

const PROGRAM = 'curvewright';

export function mainHelp(commands: CliCommand[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `Usage: ${PROGRAM} <command> [arguments]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run '${PROGRAM} <command> --help' for a command's options.`,
    'Exit status: 0 success, 1 invalid input (one line on stderr), 2 bad usage, 3 the mechanism locked',
    '(simulate), 4 the run reached its --timeout.',
  ].join('\n');
}

export function commandHelp(command: CliCommand): string {
  return [
    `Usage: ${PROGRAM} ${command.usage}`,
    '',
    `${command.summary[0].toUpperCase()}${command.summary.slice(1)}.`,
    '',
    command.help,
  ].join('\n');
}

const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

/** Runs one command line; resolves to the exit status. Never throws. */
export async function runCli(argv: string[], io: CliIo, commands: CliCommand[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(`${PROGRAM}: which command? (${commands.map((c) => c.name).join(', ')}; try --help)`);
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h') {
    io.out(mainHelp(commands));
    return EXIT_OK;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${PROGRAM} ${typeof __CURVEWRIGHT_VERSION__ === 'string' ? __CURVEWRIGHT_VERSION__ : 'dev'}`);
    return EXIT_OK;
  }
  if (name === 'help') {
    const topic = rest[0] === undefined ? undefined : commands.find((c) => c.name === rest[0]);
    if (rest[0] !== undefined && !topic) {
      io.err(`${PROGRAM}: no command '${rest[0]}' (try --help)`);
      return EXIT_USAGE;
    }
    io.out(topic ? commandHelp(topic) : mainHelp(commands));
    return EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(
      `${PROGRAM}: no command '${errorLine(name, 40)}' (${commands.map((c) => c.name).join(', ')}; try --help)`,
    );
    return EXIT_USAGE;
  }
  if (wantsHelp(rest)) {
    io.out(commandHelp(command));
    return EXIT_OK;
  }
  try {
    return (await command.run(rest, io)) ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${PROGRAM} ${command.name}: ${errorLine(error.message)} (usage: ${PROGRAM} ${command.usage})`);
      return EXIT_USAGE;
    }
    // A DocumentError's message already starts with the file; an EngineError's with the path in the drawing.
    const message = error instanceof Error ? error.message : String(error);
    io.err(errorLine(message) || `${PROGRAM} ${command.name}: failed`);
    return EXIT_INVALID;
  }
}

declare const __CURVEWRIGHT_VERSION__: string | undefined;
