// `simulate <file> --seconds T [--fps 60] [--trace-out traces.json] [-o out.curvewright] [--json]`: runs the
// drawing's motors headless with the app's engine and simulation controller, frame by frame (fixed dt = 1/fps, so
// the result is the same on every machine), records the traces, and prints the largest residual, the frame count
// and each trace's point count. --trace-out writes every trace as its list of [x, y] points; -o saves the drawing
// in its final pose with its traces.

import { trailPoints } from '../../shared/trail';
import { writeFileAtomic, loadDrawingFile, saveDrawingFile } from '../../document/file-io';
import { Engine } from '../../engine';
import { runMotors } from '../../mechanisms';

export const SIMULATE_USAGE =
  'simulate <file> --seconds T [--fps 60] [--trace-out traces.json] [-o out.curvewright] [--json]';

export interface SimulateArgs {
  file: string;
  seconds: number;
  fps: number;
  traceOut: string | null;
  out: string | null;
  json: boolean;
}

/** Parses the command's arguments (after the command name); throws a one-line Error naming the bad argument. */
export function parseSimulateArgs(argv: string[]): SimulateArgs {
  let file: string | null = null;
  let seconds: number | null = null;
  let fps = 60;
  let traceOut: string | null = null;
  let out: string | null = null;
  let json = false;
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || (v.startsWith('-') && v.length > 1 && Number.isNaN(Number(v)))) {
      throw new Error(`${flag} needs a value (usage: ${SIMULATE_USAGE})`);
    }
    return v;
  };
  const number = (text: string, flag: string, min: number, max: number): number => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new Error(`${flag}: '${text}' is not a number in [${min}, ${max}]`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--seconds':
        seconds = number(value(i, arg), arg, 0, 1e6);
        i++;
        break;
      case '--fps':
        fps = number(value(i, arg), arg, 1, 10_000);
        i++;
        break;
      case '--trace-out':
        traceOut = value(i, arg);
        i++;
        break;
      case '-o':
      case '--out':
        out = value(i, arg);
        i++;
        break;
      case '--json':
        json = true;
        break;
      default:
        if (arg.startsWith('-')) throw new Error(`unknown option '${arg}' (usage: ${SIMULATE_USAGE})`);
        if (file !== null)
          throw new Error(`one drawing at a time: '${file}' and '${arg}' (usage: ${SIMULATE_USAGE})`);
        file = arg;
    }
  }
  if (file === null) throw new Error(`which drawing? (usage: ${SIMULATE_USAGE})`);
  if (seconds === null) throw new Error(`--seconds is required (usage: ${SIMULATE_USAGE})`);
  const frames = Math.round(seconds * fps);
  if (frames > 10_000_000) throw new Error(`--seconds × --fps is ${frames} frames; at most 10000000`);
  return { file, seconds, fps, traceOut, out, json };
}

export interface SimulateReport {
  file: string;
  frames: number;
  seconds: number;
  fps: number;
  maxResidual: number;
  worstFrame: number;
  lagging: number;
  traces: { id: string; points: number }[];
}

/** Runs the command; output lines go to `print`. Throws a one-line Error on any problem (nothing half-written). */
export async function simulate(argv: string[], print: (line: string) => void): Promise<SimulateReport> {
  const args = parseSimulateArgs(argv);
  const drawing = await loadDrawingFile(args.file);
  const engine = Engine.build(drawing);
  const frames = Math.round(args.seconds * args.fps);
  const summary = runMotors(engine, drawing, { frames, fps: args.fps });
  engine.writeBack(drawing);
  const report: SimulateReport = {
    file: args.file,
    frames,
    seconds: summary.seconds,
    fps: args.fps,
    maxResidual: summary.maxResidual,
    worstFrame: summary.worstFrame,
    lagging: summary.lagging,
    traces: drawing.traces.map((t) => ({ id: t.id, points: t.points.length })),
  };
  if (args.traceOut !== null) {
    // { "<trace id>": [[x, y], …], … }
    const traces = Object.fromEntries(drawing.traces.map((t) => [t.id, trailPoints(t.points)]));
    await writeFileAtomic(args.traceOut, JSON.stringify(traces) + '\n');
  }
  if (args.out !== null) await saveDrawingFile(args.out, drawing);
  if (args.json) print(JSON.stringify(report));
  else {
    print(`frames: ${frames} (${summary.seconds.toFixed(6)} s at ${args.fps} fps)`);
    print(`max residual: ${summary.maxResidual.toExponential(3)} (frame ${summary.worstFrame})`);
    if (summary.lagging > 0) print(`frames that could not catch up: ${summary.lagging}`);
    for (const t of report.traces) print(`trace ${t.id}: ${t.points} points`);
  }
  return report;
}
