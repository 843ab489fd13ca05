// `settle <file> [-o out.curvewright] [--budget ms] [--timeout s] [--json]`: runs the dynamics until every
// constraint holds (or the time budget ends) and prints the largest residual; -o saves the settled drawing. A
// drawing that does not converge exits 1 and names the constraints the rank diagnosis proves conflicting, or says
// it did not converge from this start and what it tried (the engine's assembly attempts). --timeout bounds the
// whole run (reading, building, settling): the settle gets at most what is left of it, and a run that reaches it
// exits 4.

import { loadDrawingFile, saveDrawingFile } from '../../document/file-io';
import { engineFor } from '../../document/validate';
import type { SettleReport } from '../../engine';
import { errorLine } from '../../shared/error-line';
import { flag, formatResidual, numberOption, oneFile, parseArgs, stringOption } from '../args';
import { TIMEOUT_OPTION, timeoutHelp, timeoutOption } from '../deadline';
import { EXIT_INVALID, EXIT_OK, EXIT_TIMEOUT, ioClock, type CliCommand } from './command';

export const DEFAULT_SETTLE_BUDGET_MS = 5000;

export const settleCommand: CliCommand = {
  name: 'settle',
  usage: 'settle <file> [-o out.curvewright] [--budget ms] [--timeout s] [--json]',
  summary: 'run the dynamics until the constraints hold; print the max residual',
  help: [
    'Builds the engine from the drawing and steps it until every constraint residual is below 1e-9 and nothing',
    'moves, or until the time budget is spent. Prints the largest residual and whether it converged; when it',
    'does not, names the constraints the diagnosis proves conflicting, or says that it did not converge from',
    "this start and what it tried, and exits 1. The budget is the settle's; --timeout bounds",
    'the whole run (reading and building included): a run that reaches it says how far it got, writes',
    'nothing and exits 4.',
    '',
    'Options:',
    '  -o, --out <file>   save the settled drawing (may be the input file)',
    `  --budget <ms>      wall-clock budget of the settle (default ${DEFAULT_SETTLE_BUDGET_MS})`,
    timeoutHelp(21),
    '  --json             print {"file", "converged", "maxResidual", "steps", "blocking", "tried", "out"} as JSON',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      out: { kind: 'string', aliases: ['-o'] },
      budget: { kind: 'number' },
      timeout: TIMEOUT_OPTION,
      json: { kind: 'flag' },
    });
    const clock = ioClock(io);
    const deadline = timeoutOption(args, clock);
    const file = oneFile(args);
    const budget = numberOption(args, 'budget', { min: 1, max: 3_600_000 }) ?? DEFAULT_SETTLE_BUDGET_MS;
    const out = stringOption(args, 'out');
    const drawing = await loadDrawingFile(file);
    const engine = engineFor(drawing, clock);
    if (deadline.passed()) {
      io.err(errorLine(deadline.message(file, 'read and built, not settled; nothing written')));
      return EXIT_TIMEOUT;
    }
    // The budget is the settle's own limit; when less than it is left of the timeout, the timeout is what stops it.
    const left = deadline.leftMs();
    const report = engine.settle(Math.min(budget, left));
    if (!report.converged && left < budget) {
      const done = `${report.steps} steps, max residual ${formatResidual(report.maxResidual)}, not converged`;
      io.err(errorLine(deadline.message(file, `${done}; nothing written`)));
      return EXIT_TIMEOUT;
    }
    // Only what the rank diagnosis proves conflicting blocks: a start that did not assemble blames no constraint.
    const conflicting = new Set(report.converged ? [] : engine.diagnostics().conflicting);
    const blocking = drawing.constraints.filter((k) => conflicting.has(k.id)).map((k) => k.id);
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
          tried: report.tried,
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
    io.err(errorLine(notConverged(file, report, blocking)));
    return EXIT_INVALID;
  },
};

/**
 * Why a settle did not converge, in one line: the constraints the rank diagnosis proves conflicting, or, with none
 * proven, that the drawing did not assemble from where it was and what was tried.
 */
export function notConverged(file: string, report: SettleReport, blocking: string[]): string {
  const residual = `max residual ${formatResidual(report.maxResidual)}`;
  if (blocking.length > 0)
    return `${file}: the constraints cannot all hold (${residual}), blocked by ${blocking.join(', ')}`;
  const tried = report.tried.join(', ');
  // The essentials first: an error line is cut at its length limit.
  return (
    `${file}: did not converge from this start, no constraint proven conflicting ` +
    `(${residual}${tried ? `; tried ${tried}` : ''})`
  );
}
