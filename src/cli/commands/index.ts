// The CLI's commands, in the order `--help` lists them. A new command is one file in this folder and one entry
// here.

import { UsageError } from '../args';
import { analyzeCommand } from './analyze';
import { checkCommand } from './check';
import type { CliCommand } from './command';
import { dragCommand } from './drag';
import { exportSvgCommand } from './export-svg';
import { jsonSchemaCommand } from './json-schema';
import { settleCommand } from './settle';
import { SIMULATE_USAGE, parseSimulateArgs, simulate } from './simulate';

const simulateCommand: CliCommand = {
  name: 'simulate',
  usage: SIMULATE_USAGE,
  summary: "run the drawing's motors for a time and record the traces",
  help: [
    'Runs the motors frame by frame at a fixed dt = 1/fps (the same result on every machine), records the',
    'traces, and prints the largest residual, the frame count and each trace’s point count.',
    '',
    'Options:',
    '  --seconds <T>          simulated time (required)',
    '  --fps <n>              frames per second (default 60)',
    '  --trace-out <file>     write every trace as {"id": [[x, y], …]}',
    '  -o, --out <file>       save the drawing in its final pose with its traces',
    '  --json                 print the report as JSON',
  ].join('\n'),
  async run(argv, io) {
    // Argument problems are usage errors (exit 2); everything after is about the input (exit 1).
    try {
      parseSimulateArgs(argv);
    } catch (error) {
      // Its messages carry their own "(usage: …)"; the dispatcher adds the usage once.
      throw new UsageError((error as Error).message.replace(/\s*\(usage: [^()]*\)$/, ''));
    }
    await simulate(argv, (line) => io.out(line));
    return 0;
  },
};

export const COMMANDS: CliCommand[] = [
  checkCommand,
  exportSvgCommand,
  settleCommand,
  dragCommand,
  simulateCommand,
  analyzeCommand,
  jsonSchemaCommand,
];
