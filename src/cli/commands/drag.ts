// `drag <file> --curve <id> --u <u> --to <x>,<y> [--frames N] [-o out] [--json]`: pulls the material point
// (curve, u) toward (x, y) as a user's drag would: the cursor moves in a straight line from the point to the
// target over N frames, each frame running the engine's drag steps until the point has caught up as far as the
// constraints allow, then the mouse is released. Prints where the point ended, the target, their distance and the
// largest constraint residual. A frame is not cut short by a time budget as the app's are (a batch run must give
// the same answer on a busy machine as on an idle one): only the overall --timeout limits it.

import { MAX_COORDINATE } from '../../shared/limits';
import { loadDrawingFile, saveDrawingFile } from '../../document/file-io';
import { engineFor } from '../../document/validate';
import { DEFAULT_SETTLE_BUDGET_MS } from './settle';
import type { Vec2 } from '../../shared/drawing';
import { errorLine } from '../../shared/error-line';
import {
  UsageError,
  flag,
  formatNumber,
  formatResidual,
  numberOption,
  oneFile,
  parseArgs,
  requireCurve,
  stringOption,
} from '../args';
import { EXIT_TIMEOUT, ioClock, type CliCommand } from './command';
import { TIMEOUT_OPTION, timeoutHelp, timeoutOption } from '../deadline';

export const DEFAULT_DRAG_FRAMES = 30;

function parsePoint(text: string): Vec2 {
  const parts = text.split(',');
  const nums = parts.map((p) => Number(p));
  if (
    parts.length !== 2 ||
    parts.some((p) => p.trim() === '') ||
    !nums.every((n) => Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE)
  )
    throw new UsageError(`--to: expected x,y in mm (e.g. --to 10,-5.5), got '${text}'`);
  return [nums[0], nums[1]];
}

export interface DragReport {
  file: string;
  curve: string;
  u: number;
  start: Vec2;
  point: Vec2;
  target: Vec2;
  distance: number;
  maxResidual: number;
  frames: number;
  out: string | null;
}

export const dragCommand: CliCommand = {
  name: 'drag',
  usage:
    'drag <file> --curve <id> --u <u> --to <x>,<y> [--frames N] [--timeout s] [-o out.curvewright] [--json]',
  summary: 'pull a point of a curve toward a target, as a mouse drag would; print where it ended',
  help: [
    'Settles the drawing (as the app does when it opens one), then grabs the material point at parameter u',
    '(0…1) of the curve and moves the cursor from there to (x, y) in',
    'N equal steps, one engine drag frame each, then releases. The rest of the drawing yields to keep every',
    'constraint. Prints the point where the grabbed point ended, the target, the distance between them and',
    'the largest constraint residual.',
    '',
    'Options:',
    '  --curve <id>       the curve to grab',
    '  --u <u>            where on it, 0 (start) … 1 (end)',
    '  --to <x>,<y>       the target in drawing mm (y down)',
    `  --frames <N>       frames of the drag (default ${DEFAULT_DRAG_FRAMES})`,
    timeoutHelp(21),
    '  -o, --out <file>   save the drawing as it ends',
    '  --json             print the report as one JSON object',
  ].join('\n'),
  async run(argv, io) {
    const args = parseArgs(argv, {
      curve: { kind: 'string' },
      u: { kind: 'number' },
      to: { kind: 'string' },
      frames: { kind: 'number' },
      out: { kind: 'string', aliases: ['-o'] },
      timeout: TIMEOUT_OPTION,
      json: { kind: 'flag' },
    });
    const deadline = timeoutOption(args, ioClock(io));
    const file = oneFile(args);
    const curve = stringOption(args, 'curve');
    if (curve === undefined) throw new UsageError('--curve is required');
    const u = numberOption(args, 'u', { min: 0, max: 1 });
    if (u === undefined) throw new UsageError('--u is required');
    const toText = stringOption(args, 'to');
    if (toText === undefined) throw new UsageError('--to is required');
    const target = parsePoint(toText);
    const frames =
      numberOption(args, 'frames', { min: 1, max: 100_000, integer: true }) ?? DEFAULT_DRAG_FRAMES;
    const out = stringOption(args, 'out');

    const drawing = await loadDrawingFile(file);
    requireCurve(drawing, curve, file, '--curve');
    const engine = engineFor(drawing, deadline.clock);
    // Settled first, as the app settles a drawing it opens: a drag steps only the part it pulls (the engine solves
    // unlinked parts apart), so another part built apart would otherwise stay apart.
    engine.settle(Math.min(DEFAULT_SETTLE_BUDGET_MS, deadline.leftMs()));
    const start = engine.pointAt(curve, u);
    engine.grab(curve, u);
    let maxResidual = 0;
    for (let i = 1; i <= frames; i++) {
      const t = i / frames;
      const cursor: Vec2 = [start[0] + (target[0] - start[0]) * t, start[1] + (target[1] - start[1]) * t];
      const report = engine.dragFrame(cursor, Math.max(0, deadline.leftMs()));
      maxResidual = report.maxResidual;
      if (!report.caughtUp && deadline.passed()) {
        io.err(errorLine(deadline.message(file, `${i - 1} of ${frames} frames dragged; nothing written`)));
        return EXIT_TIMEOUT;
      }
    }
    engine.release();
    maxResidual = engine.diagnostics().maxResidual;
    const point = engine.pointAt(curve, u);
    let written: string | null = null;
    if (out !== undefined) {
      engine.writeBack(drawing);
      written = await saveDrawingFile(out, drawing);
    }
    const report: DragReport = {
      file,
      curve,
      u,
      start,
      point,
      target,
      distance: Math.hypot(point[0] - target[0], point[1] - target[1]),
      maxResidual,
      frames,
      out: written,
    };
    if (flag(args, 'json')) io.out(JSON.stringify(report));
    else {
      const xy = (p: Vec2) => `${formatNumber(p[0])}, ${formatNumber(p[1])}`;
      io.out(`point: ${xy(point)}`);
      io.out(`target: ${xy(target)}`);
      io.out(`distance: ${formatNumber(report.distance)}`);
      io.out(`max residual: ${formatResidual(maxResidual)}`);
      if (written !== null) io.out(`saved ${written}`);
    }
    return 0;
  },
};
