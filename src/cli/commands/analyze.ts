// `analyze <file> --point <curveId>:<u> [--samples N] [--seconds T] [--csv out.csv] [--json]`: the exact position,
// velocity and acceleration of one material point over one cycle of the first running motor (or T seconds), N
// samples at t = k·T/N (src/mechanisms/analysis.ts). --json prints {"samples": [{t, angle, x, y, vx, vy, ax, ay}, …]}
// in mm, s and rad; --csv writes the same columns. An undefined sample has null values and a "note" saying why.

import { loadDrawingFile, writeFileAtomic } from '../../document/file-io';
import { engineFor } from '../../document/validate';
import { DEFAULT_SAMPLES, analyzePoint, drivingMotor, type AnalysisSample } from '../../mechanisms';
import {
  UsageError,
  flag,
  formatNumber,
  numberOption,
  oneFile,
  parseArgs,
  requireCurve,
  stringOption,
} from '../args';
import { samplesCsv } from '../../shared/analysis-samples';
import { aboutFile, ioClock, type CliCommand } from './command';

/** `<curveId>:<u>`, split at the last colon (an id may hold one); u in [0, 1]. */
export function parsePointArg(text: string): { curve: string; u: number } {
  const colon = text.lastIndexOf(':');
  const curve = colon > 0 ? text.slice(0, colon) : '';
  const uText = colon > 0 ? text.slice(colon + 1) : '';
  const u = Number(uText);
  if (curve === '' || uText.trim() === '')
    throw new UsageError(`--point: expected <curveId>:<u> (e.g. --point coupler:0.5), got '${text}'`);
  if (!(Number.isFinite(u) && u >= 0 && u <= 1))
    throw new UsageError(`--point: u must be a number in [0, 1], got '${uText}'`);
  return { curve, u };
}

/** The largest |v| or |a| among the defined samples, with its sample. */
function largest(samples: AnalysisSample[], x: 'vx' | 'ax', y: 'vy' | 'ay'): [number, AnalysisSample] | null {
  let best: [number, AnalysisSample] | null = null;
  for (const s of samples) {
    if (s[x] === null || s[y] === null) continue;
    const m = Math.hypot(s[x], s[y]);
    if (!best || m > best[0]) best = [m, s];
  }
  return best;
}

export const analyzeCommand: CliCommand = {
  name: 'analyze',
  usage: 'analyze <file> --point <curveId>:<u> [--samples N] [--seconds T] [--csv out.csv] [--json]',
  summary: 'position, velocity and acceleration of a point over one motor cycle',
  help: [
    'Turns the first running motor through one full cycle (or for T seconds) in N equal steps and, at each',
    'settled pose, computes the exact velocity and acceleration of the material point at parameter u (0…1) of',
    'the curve from the constraints (not by differencing positions). Units: mm, s, rad; y points down and',
    'angles turn clockwise on screen. A sample the mechanism cannot reach (a toggle) or where the motion is',
    'singular has null values and a note saying why.',
    '',
    'Options:',
    '  --point <id>:<u>   the curve and where on it, 0 (start) … 1 (end)',
    `  --samples <N>      samples, at t = k·T/N for k = 0 … N−1 (default ${DEFAULT_SAMPLES})`,
    '  --seconds <T>      sample T seconds instead of one motor cycle',
    '  --csv <file>       write the samples as CSV: t,angle,x,y,vx,vy,ax,ay,note',
    '  --json             print {"samples": [{"t", "angle", "x", "y", "vx", "vy", "ax", "ay"}, …]}',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      point: { kind: 'string' },
      samples: { kind: 'number' },
      seconds: { kind: 'number' },
      csv: { kind: 'string' },
      json: { kind: 'flag' },
    });
    const file = oneFile(args);
    const pointText = stringOption(args, 'point');
    if (pointText === undefined) throw new UsageError('--point is required');
    const { curve, u } = parsePointArg(pointText);
    const samples = numberOption(args, 'samples', { min: 1, max: 100_000, integer: true }) ?? DEFAULT_SAMPLES;
    const seconds = numberOption(args, 'seconds', { min: 1e-6, max: 1e6 });
    const csv = stringOption(args, 'csv');

    const drawing = await loadDrawingFile(file);
    requireCurve(drawing, curve, file, '--point');
    const { motor, result } = await aboutFile(file, () => {
      const motor = drivingMotor(drawing);
      const engine = engineFor(drawing, ioClock(io));
      return { motor, result: analyzePoint(engine, drawing, curve, u, { samples, seconds }) };
    });
    const written = csv === undefined ? null : await writeFileAtomic(csv, samplesCsv(result));
    if (flag(args, 'json')) io.out(JSON.stringify({ samples: result }));
    else {
      const span = seconds === undefined ? 'one cycle' : `${formatNumber(seconds)} s`;
      io.out(`point ${curve}:${u}, ${samples} samples over ${span} of motor ${motor.id} (${motor.rpm} rpm)`);
      const degrees = (s: AnalysisSample) => `${formatNumber((s.angle * 180) / Math.PI)}°`;
      const speed = largest(result, 'vx', 'vy');
      if (speed) io.out(`max speed: ${formatNumber(speed[0])} mm/s at ${degrees(speed[1])}`);
      const accel = largest(result, 'ax', 'ay');
      if (accel) io.out(`max acceleration: ${formatNumber(accel[0])} mm/s² at ${degrees(accel[1])}`);
      const notes = result.filter((s) => s.note !== undefined);
      if (notes.length > 0) io.out(`undefined: ${notes.length} samples (${notes[0].note})`);
      if (written !== null) io.out(`wrote ${written}`);
    }
    return 0;
  },
};
