// `settle <file> [-o out.curvewright] [--budget ms] [--json]`: runs the dynamics until every constraint holds
// (or the time budget ends) and prints the largest residual; -o saves the settled drawing. A drawing that does not
// converge exits 1 and names the constraints that block it.

import { loadDrawingFile, saveDrawingFile } from '../../document/file-io';
import { Engine } from '../../engine';
import { blockingRecords } from '../../session/blockers';
import { errorLine } from '../../shared/error-line';
import { flag, formatResidual, numberOption, oneFile, parseArgs, stringOption } from '../args';
import { EXIT_INVALID, EXIT_OK, type CliCommand } from './command';

export const DEFAULT_SETTLE_BUDGET_MS = 5000;

export const settleCommand: CliCommand = {
  name: 'settle',
  usage: 'settle <file> [-o out.curvewright] [--budget ms] [--json]',
  summary: 'run the dynamics until the constraints hold; print the max residual',
  help: [
    'Builds the engine from the drawing and steps it until every constraint residual is below 1e-9 and nothing',
    'moves, or until the time budget is spent. Prints the largest residual and whether it converged; when it',
    'does not, names the constraints that block it and exits 1.',
    '',
    'Options:',
    '  -o, --out <file>   save the settled drawing (may be the input file)',
    `  --budget <ms>      wall-clock budget (default ${DEFAULT_SETTLE_BUDGET_MS})`,
    '  --json             print {"file", "converged", "maxResidual", "steps", "blocking", "out"} as JSON',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      budget: { kind: 'number' },
      json: { kind: 'flag' },
    });
    const file = oneFile(args);
    const budget = numberOption(args, 'budget', { min: 1, max: 3_600_000 }) ?? DEFAULT_SETTLE_BUDGET_MS;
    const out = stringOption(args, 'out');
    const drawing = await loadDrawingFile(file);
    const engine = Engine.build(drawing);
    const report = engine.settle(budget);
    const blocking = report.converged ? [] : blockingRecords(engine.diagnostics(), drawing).map((k) => k.id);
    let written: string | null = null;
    if (out !== undefined) {
      engine.writeBack(drawing);
      written = await saveDrawingFile(out, drawing);
    }
    if (flag(args, 'json')) {
      io.out(
        JSON.stringify({
          file,
          converged: report.converged,
          maxResidual: report.maxResidual,
          steps: report.steps,
          blocking,
          out: written,
        }),
      );
    } else {
      io.out(`max residual: ${formatResidual(report.maxResidual)}`);
      io.out(
        report.converged ? `converged in ${report.steps} steps` : `not converged after ${report.steps} steps`,
      );
      if (written !== null) io.out(`saved ${written}`);
    }
    if (report.converged) return EXIT_OK;
    io.err(
      errorLine(
        `${file}: the constraints cannot all hold (max residual ${formatResidual(report.maxResidual)}), ` +
          `blocked by ${blocking.join(', ') || 'nothing the diagnosis names'}`,
      ),
    );
    return EXIT_INVALID;
  },
};
