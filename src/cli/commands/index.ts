// The CLI's commands, in the order `--help` lists them. A new command is one file in this folder and one entry
// here.

import { analyzeCommand } from './analyze';
import { checkCommand } from './check';
import type { CliCommand } from './command';
import { dragCommand } from './drag';
import { exportCommand } from './export';
import { exportSvgCommand } from './export-svg';
import { fitCommand } from './fit';
import { importCommand } from './import';
import { jsonSchemaCommand } from './json-schema';
import { settleCommand } from './settle';
import { simulateCommand } from './simulate';

export const COMMANDS: CliCommand[] = [
  checkCommand,
  exportCommand,
  exportSvgCommand,
  importCommand,
  settleCommand,
  dragCommand,
  fitCommand,
  simulateCommand,
  analyzeCommand,
  jsonSchemaCommand,
];
