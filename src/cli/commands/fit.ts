// `fit <file> --data <points.csv|point set id> --curve <id>[,<id>…] [--loss squared|huber] [--strength k]
// [--image <image id> [--range mm]] [--frames N] [--timeout s] [-o out] [--json]`: fits curves of a drawing to data
// (or to a reference image's edges) with every constraint kept exact, as the app's fit does live: the drawing is
// settled, one attractor added (fit-setup.ts), then the engine relaxes frame by frame — the app's frame budget each,
// on the io clock — until the fit comes to rest (a snake's edge map made as the session makes it, EdgeMaps).
// Prints the RMS and largest distance of the data from the curves (a snake: its mean edge strength), the steps and
// frames it took, and whether every constraint holds. -o saves the fitted drawing with the point set
// and the attractor kept on, so the app opens it showing the fit (converged: it takes no further step). A fit that
// does not come to rest within --frames, or ends with a constraint broken, prints what it reached, exits 1 and
// writes nothing.

import { EdgeMaps } from '../../document/edge-maps';
import { loadDrawingFile, saveDrawingFile } from '../../document/file-io';
import { Engine, RESIDUAL_TOLERANCE, type PullReadout } from '../../engine';
import { BUDGET_MS } from '../../session/session';
import { FIT_LOSSES } from '../../shared/drawing';
import { errorLine } from '../../shared/error-line';
import {
  UsageError,
  choiceOption,
  flag,
  formatNumber,
  formatResidual,
  numberOption,
  oneFile,
  parseArgs,
  stringOption,
} from '../args';
import { TIMEOUT_OPTION, timeoutHelp, timeoutOption } from '../deadline';
import { withFit, type FitSource } from '../fit-setup';
import { EXIT_INVALID, EXIT_OK, EXIT_TIMEOUT, aboutFile, ioClock, type CliCommand } from './command';
import { DEFAULT_SETTLE_BUDGET_MS, notConverged } from './settle';

/** Frames a fit may take: 2,000 of the app's 6 ms is 12 s of fitting, far beyond any fit the tests or bench make. */
export const DEFAULT_FIT_FRAMES = 2000;
export const DEFAULT_FIT_STRENGTH = 1;
/** An edge pull's capture range (mm) when --range is not given. */
export const DEFAULT_EDGE_RANGE_MM = 2;

export interface FitReport {
  file: string;
  /** The point set fitted to (its id in the drawing, also when read from a CSV file), or null for an image. */
  data: string | null;
  image: string | null;
  curves: string[];
  loss: string | null;
  converged: boolean;
  rms: number;
  max: number;
  /** The data point farthest from the curves. */
  worst: [number, number] | null;
  /** A snake's mean edge strength under its samples, 0 (no edge) to 1 (the image's strongest); null for data. */
  edge: number | null;
  /** The fit's engine steps and live frames (the settle before it not counted). */
  steps: number;
  frames: number;
  constraintsHold: boolean;
  maxResidual: number;
  out: string | null;
}

function curveList(text: string | undefined): string[] {
  if (text === undefined) throw new UsageError('--curve is required: the curves to fit, e.g. --curve c1,c2');
  const ids = text.split(',').map((id) => id.trim());
  if (ids.some((id) => id === ''))
    throw new UsageError(`--curve: expected ids separated by commas, got '${text}'`);
  return ids;
}

function sourceOf(data: string | undefined, image: string | undefined, range: number | undefined): FitSource {
  if ((data === undefined) === (image === undefined))
    throw new UsageError('give either --data (points to fit to) or --image (edges to follow)');
  if (data !== undefined) {
    if (range !== undefined) throw new UsageError('--range is for --image');
    return { data };
  }
  return { image: image!, range: range ?? DEFAULT_EDGE_RANGE_MM };
}

function positive(args: Parameters<typeof numberOption>[0], name: string): number | undefined {
  const n = numberOption(args, name, { min: 0, max: 1e6 });
  if (n === 0) throw new UsageError(`--${name}: expected a number above 0, got 0`);
  return n;
}

export const fitCommand: CliCommand = {
  name: 'fit',
  usage:
    'fit <file> --data <points.csv|point set id> --curve <id>[,<id>…] [--loss squared|huber] [--strength k] ' +
    '[--image <image id> [--range mm]] [--frames N] [--timeout s] [-o out.curvewright] [--json]',
  summary: 'fit curves to data points (or an image’s edges) with every constraint kept; print RMS and max',
  help: [
    'Settles the drawing, adds a fit of the curves to the data (each point a soft spring to its nearest point of',
    'the curves) and runs it as the app does, one 6 ms frame after another, until it comes to rest; every',
    'constraint holds exactly all along. Prints the RMS and largest distance (mm) of the data from the curves',
    '(for --image, the mean edge strength under the curves, 0 to 1),',
    "the fit's engine steps and frames, and whether every constraint holds (max residual ≤ 1e-9).",
    'A fit that does not come to rest within --frames, or ends with a constraint broken, exits 1 and writes',
    'nothing. docs/file-format.md, "Command line", has the details.',
    '',
    'Options:',
    '  --data <d>         a file of points (a name ending in .csv or .tsv, read as `import` reads one) or the',
    '                     id of a point set of the drawing',
    '  --curve <ids>      the curves to fit, ids separated by commas (an outline of several at once)',
    `  --loss <loss>      ${FIT_LOSSES.join(' or ')} (robust to a few outliers); default squared`,
    `  --strength <k>     the pull's stiffness, the whole data as one spring (default ${DEFAULT_FIT_STRENGTH})`,
    '  --image <id>       instead of --data: pull the curves to the edges of this reference image',
    `  --range <mm>       the edges' capture range (default ${DEFAULT_EDGE_RANGE_MM})`,
    `  --frames <N>       the most frames the fit may take (default ${DEFAULT_FIT_FRAMES})`,
    timeoutHelp(21),
    '  -o, --out <file>   save the fitted drawing, with the data and the fit kept (on)',
    '  --json             print {"file", "data", "image", "curves", "loss", "converged", "rms", "max", "worst", "edge",',
    '                     "steps", "frames", "constraintsHold", "maxResidual", "out"} as JSON',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      data: { kind: 'string' },
      curve: { kind: 'string' },
      loss: { kind: 'string' },
      strength: { kind: 'string' },
      image: { kind: 'string' },
      range: { kind: 'string' },
      frames: { kind: 'number' },
      timeout: TIMEOUT_OPTION,
      out: { kind: 'string', aliases: ['-o'] },
      json: { kind: 'flag' },
    });
    const clock = ioClock(io);
    const deadline = timeoutOption(args, clock);
    const file = oneFile(args);
    const curves = curveList(stringOption(args, 'curve'));
    const source = sourceOf(stringOption(args, 'data'), stringOption(args, 'image'), positive(args, 'range'));
    const loss = choiceOption(args, 'loss', FIT_LOSSES);
    if (loss !== undefined && !('data' in source)) throw new UsageError('--loss is for --data');
    const strength = positive(args, 'strength') ?? DEFAULT_FIT_STRENGTH;
    const maxFrames =
      numberOption(args, 'frames', { min: 1, max: 1_000_000, integer: true }) ?? DEFAULT_FIT_FRAMES;
    const out = stringOption(args, 'out');

    const read = await loadDrawingFile(file);
    const setup = await aboutFile(file, () =>
      withFit(read, { source, curves, loss: loss ?? 'squared', strength }),
    );
    const { drawing } = setup;
    const engine = await aboutFile(file, () =>
      Engine.build(drawing, { clock, edgeField: new EdgeMaps().field }),
    );
    const settled = engine.settle(Math.min(DEFAULT_SETTLE_BUDGET_MS, deadline.leftMs()));
    if (!settled.converged) {
      const conflicting = new Set(engine.diagnostics().conflicting);
      const blocking = drawing.constraints.filter((k) => conflicting.has(k.id)).map((k) => k.id);
      io.err(errorLine(`${notConverged(file, settled, blocking)}; not fitted`));
      return EXIT_INVALID;
    }
    const readout = (): PullReadout | undefined =>
      engine.pullReadouts().find((r) => r.attractor === setup.attractor);
    if (readout() === undefined) throw new Error(`${file}: --image: the image's edges could not be read`);

    let steps = 0;
    let frames = 0;
    let converged = false;
    while (!converged && frames < maxFrames) {
      if (deadline.passed()) {
        const done = `${frames} frames, ${steps} steps of the fit, not at rest; nothing written`;
        io.err(errorLine(deadline.message(file, done)));
        return EXIT_TIMEOUT;
      }
      const frame = engine.relax(Math.min(BUDGET_MS.dragFrame, deadline.leftMs()));
      frames++;
      steps += frame.steps;
      converged = frame.caughtUp;
    }
    const { rms, max, worst, edge } = readout()!;
    const maxResidual = engine.diagnostics().maxResidual;
    const constraintsHold = maxResidual <= RESIDUAL_TOLERANCE;
    let written: string | null = null;
    if (converged && constraintsHold && out !== undefined) {
      engine.writeBack(drawing);
      written = await saveDrawingFile(out, drawing);
    }
    const report: FitReport = {
      file,
      data: setup.data,
      image: 'image' in source ? source.image : null,
      curves,
      loss: 'data' in source ? (loss ?? 'squared') : null,
      converged,
      rms,
      max,
      worst,
      edge: edge ?? null,
      steps,
      frames,
      constraintsHold,
      maxResidual,
      out: written,
    };
    if (flag(args, 'json')) io.out(JSON.stringify(report));
    else {
      if (edge !== undefined) io.out(`edge strength: ${formatNumber(edge)}`);
      else {
        io.out(`rms: ${formatNumber(rms)} mm`);
        io.out(`max: ${formatNumber(max)} mm`);
      }
      io.out(`${converged ? 'converged' : 'not converged'}: ${steps} steps in ${frames} frames`);
      io.out(
        `constraints hold: ${constraintsHold ? 'yes' : 'no'} (max residual ${formatResidual(maxResidual)})`,
      );
      if (written !== null) io.out(`saved ${written}`);
    }
    if (!converged) {
      const reached =
        edge !== undefined
          ? `edge strength ${formatNumber(edge)}`
          : `rms ${formatNumber(rms)} mm, max ${formatNumber(max)} mm`;
      io.err(
        errorLine(`${file}: the fit did not come to rest in ${frames} frames (${reached}); nothing written`),
      );
      return EXIT_INVALID;
    }
    if (!constraintsHold) {
      const residual = formatResidual(maxResidual);
      io.err(
        errorLine(
          `${file}: the fit ended with a constraint broken (max residual ${residual}); nothing written`,
        ),
      );
      return EXIT_INVALID;
    }
    return EXIT_OK;
  },
};
