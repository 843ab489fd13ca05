// Headless runs: the motors turned for a number of frames through the same Player the app uses, with every
// frame's residual checked. The `simulate` CLI command and the example tests run mechanisms this way. The engine
// gets a generous time budget per frame so that a run never depends on the machine's speed (a budget that runs
// out would end a frame early and make the result load-dependent).

import type { Drawing } from '../shared/drawing';
import { Player, type MotorEngine, type MotorFrameReport } from './player';
import type { TraceRecorder } from './trace-recorder';

export interface RunOptions {
  frames: number;
  /** Frames per simulated second. */
  fps: number;
  /** Engine budget per frame, ms. Default 10 000 (effectively unbounded). */
  frameBudgetMs?: number;
  recorder?: TraceRecorder;
  /** Called after every frame (1-based) with the engine's report. */
  onFrame?: (frame: number, report: MotorFrameReport) => void;
}

export interface RunSummary {
  frames: number;
  /** Simulated seconds. */
  seconds: number;
  /** Largest max-|C| reported after any frame. */
  maxResidual: number;
  /** The frame (1-based) where it happened; 0 when no frame ran. */
  worstFrame: number;
  /** Frames that ended before the engine caught up (budget exhausted or motion blocked). */
  lagging: number;
}

export function runMotors(engine: MotorEngine, drawing: Drawing, options: RunOptions): RunSummary {
  if (!Number.isInteger(options.frames) || options.frames < 0) {
    throw new Error(`frames must be a whole number ≥ 0, got ${options.frames}`);
  }
  const player = new Player({ fps: options.fps, frameBudgetMs: options.frameBudgetMs ?? 10_000 });
  player.play(drawing);
  let maxResidual = 0;
  let worstFrame = 0;
  let lagging = 0;
  for (let i = 0; i < options.frames; i++) {
    const result = player.advance(engine, options.recorder)!;
    const residual = result.motors.maxResidual;
    // NaN never compares greater: count it as the worst possible frame.
    if (!(residual <= maxResidual)) {
      maxResidual = Number.isNaN(residual) ? Infinity : residual;
      worstFrame = result.frame;
    }
    if (!result.motors.caughtUp) lagging++;
    options.onFrame?.(result.frame, result.motors);
  }
  return { frames: options.frames, seconds: player.time, maxResidual, worstFrame, lagging };
}
