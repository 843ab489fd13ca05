// `simulate <file> --seconds T [--fps 60] [--trace-out traces.json] [-o out.curvewright] [--timeout s] [--json]`:
// runs the drawing's motors headless with the app's engine and simulation controller, frame by frame (fixed
// dt = 1/fps, so the result is the same on every machine), records the traces, and prints the largest residual,
// the frame count and each trace's point count. --trace-out writes every trace as its list of [x, y] points; -o
// saves the drawing in its final pose with its traces. A mechanism that locks stops there (exit 3, the lock named,
// what ran up to it written); a run that reaches --timeout stops with one line saying how far it got (exit 4,
// nothing written).

import { loadDrawingFile, saveDrawingFile, writeFileAtomic } from '../../document/file-io';
import { engineFor } from '../../document/validate';
import { trailPoints } from '../../shared/trail';
import { runMotors, type RunEnd, type RunLock } from '../../mechanisms';
import { errorLine } from '../../shared/error-line';
import { UsageError, flag, numberOption, oneFile, parseArgs, stringOption } from '../args';
import { wallClock, type Clock } from '../../shared/clock';
import { Deadline, TIMEOUT_OPTION, timeoutHelp, timeoutOption } from '../deadline';
import { EXIT_LOCKED, EXIT_OK, EXIT_TIMEOUT, ioClock, type CliCommand } from './command';

export const SIMULATE_USAGE =
  'simulate <file> --seconds T [--fps 60] [--trace-out traces.json] [-o out.curvewright] [--timeout s] [--json]';

/** Most frames one run may ask for (--seconds × --fps). */
export const MAX_SIMULATE_FRAMES = 10_000_000;

export interface SimulateArgs {
  file: string;
  seconds: number;
  fps: number;
  traceOut: string | null;
  out: string | null;
  json: boolean;
  deadline: Deadline;
}

/** Parses the command's arguments (after the command name); throws a one-line UsageError naming the bad argument. */
export function parseSimulateArgs(argv: string[], clock: Clock = wallClock): SimulateArgs {
  const args = parseArgs(argv, {
    seconds: { kind: 'number' },
    fps: { kind: 'number' },
    'trace-out': { kind: 'string' },
    out: { kind: 'string', aliases: ['-o'] },
    timeout: TIMEOUT_OPTION,
    json: { kind: 'flag' },
  });
  const file = oneFile(args);
  const seconds = numberOption(args, 'seconds', { min: 0, max: 1e6 });
  if (seconds === undefined) throw new UsageError('--seconds is required');
  const fps = numberOption(args, 'fps', { min: 1, max: 10_000 }) ?? 60;
  const frames = Math.round(seconds * fps);
  if (frames > MAX_SIMULATE_FRAMES)
    throw new UsageError(`--seconds × --fps is ${frames} frames; at most ${MAX_SIMULATE_FRAMES}`);
  return {
    file,
    seconds,
    fps,
    traceOut: stringOption(args, 'trace-out') ?? null,
    out: stringOption(args, 'out') ?? null,
    json: flag(args, 'json'),
    deadline: timeoutOption(args, clock),
  };
}

export interface SimulateReport {
  file: string;
  /** Frames played: fewer than `requested` when the run locked or timed out. */
  frames: number;
  requested: number;
  seconds: number;
  fps: number;
  maxResidual: number;
  worstFrame: number;
  lagging: number;
  end: RunEnd;
  lock: RunLock | null;
  traces: { id: string; points: number }[];
}

/** The stderr line of a run that locked: where, why, and the constraints that hold it. */
export function lockedLine(file: string, lock: RunLock): string {
  const why = lock.reason || 'the motors cannot turn further';
  const binding = lock.binding.length > 0 ? lock.binding.join(', ') : 'nothing the diagnosis names';
  return `${file}: locked at frame ${lock.frame} (${lock.time.toFixed(3)} s): ${why} (binding: ${binding})`;
}

/**
 * Runs the command; report lines go to `print`, the lock or timeout line to `printError`. Resolves to the report
 * (its `end` says how the run ended). Throws a one-line Error on a bad file or a failed write.
 */
export async function simulate(
  args: SimulateArgs,
  print: (line: string) => void,
  printError: (line: string) => void = () => {},
): Promise<SimulateReport> {
  const drawing = await loadDrawingFile(args.file);
  const engine = engineFor(drawing, args.deadline.clock);
  const requested = Math.round(args.seconds * args.fps);
  const summary = runMotors(engine, drawing, {
    frames: requested,
    fps: args.fps,
    deadline: args.deadline.at,
    stopWhenLocked: true,
  });
  engine.writeBack(drawing);
  const report: SimulateReport = {
    file: args.file,
    frames: summary.frames,
    requested,
    seconds: summary.seconds,
    fps: args.fps,
    maxResidual: summary.maxResidual,
    worstFrame: summary.worstFrame,
    lagging: summary.lagging,
    end: summary.end,
    lock: summary.lock,
    traces: drawing.traces.map((t) => ({ id: t.id, points: t.points.length })),
  };
  // A run cut off by the clock is load-dependent and unfinished: nothing of it is written. A locked one ended
  // where the mechanism did, the same on every machine: its pose and traces are the answer.
  if (summary.end !== 'timeout') {
    if (args.traceOut !== null) {
      // { "<trace id>": [[x, y], …], … }
      const traces = Object.fromEntries(drawing.traces.map((t) => [t.id, trailPoints(t.points)]));
      await writeFileAtomic(args.traceOut, JSON.stringify(traces) + '\n');
    }
    if (args.out !== null) await saveDrawingFile(args.out, drawing);
  }
  if (args.json) print(JSON.stringify(report));
  else {
    const of = summary.frames === requested ? '' : ` of ${requested}`;
    print(`frames: ${summary.frames}${of} (${summary.seconds.toFixed(6)} s at ${args.fps} fps)`);
    print(`max residual: ${summary.maxResidual.toExponential(3)} (frame ${summary.worstFrame})`);
    if (summary.lagging > 0) print(`frames that could not catch up: ${summary.lagging}`);
    for (const t of report.traces) print(`trace ${t.id}: ${t.points} points`);
  }
  if (summary.end === 'locked') printError(errorLine(lockedLine(args.file, summary.lock!)));
  if (summary.end === 'timeout')
    printError(
      errorLine(
        args.deadline.message(
          args.file,
          `${summary.frames} of ${requested} frames simulated; nothing written`,
        ),
      ),
    );
  return report;
}

export const simulateCommand: CliCommand = {
  name: 'simulate',
  usage: SIMULATE_USAGE,
  summary: "run the drawing's motors for a time and record the traces",
  help: [
    'Runs the motors frame by frame at a fixed dt = 1/fps (the same result on every machine), records the',
    'traces, and prints the largest residual, the frame count and each trace’s point count.',
    'A mechanism that locks (its motors refused two frames in a row: a crank at its limit, a toggle) stops',
    'there: one line on stderr names the frame, why and the binding constraints; what ran is written; exit 3.',
    'A run that reaches --timeout stops with one line saying how many frames it simulated; nothing is',
    'written; exit 4.',
    '',
    'Options:',
    '  --seconds <T>          simulated time (required)',
    '  --fps <n>              frames per second (default 60)',
    '  --trace-out <file>     write every trace as {"id": [[x, y], …]}',
    '  -o, --out <file>       save the drawing in its final pose with its traces',
    timeoutHelp(25),
    '  --json                 print the report as JSON (with "end": complete, locked or timeout, and "lock")',
  ].join('\n'),
  async run(argv, io) {
    const args = parseSimulateArgs(argv, ioClock(io));
    const report = await simulate(args, io.out, io.err);
    if (report.end === 'locked') return EXIT_LOCKED;
    if (report.end === 'timeout') return EXIT_TIMEOUT;
    return EXIT_OK;
  },
};
