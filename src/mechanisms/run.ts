// Headless runs: the motors turned for a number of frames through the same simulation controller the session plays
// with (the drawing's traces growing as they do in the app), with every frame's residual checked. The `simulate`
// CLI command and the example tests run mechanisms this way. The engine gets a generous time budget per frame so
// that a run never depends on the machine's speed (a budget that runs out would end a frame early and make the
// result load-dependent).

import type { Drawing } from '../shared/drawing';
import { SimulationController, type SimulationEngine } from './controller';
import type { MotorFrameReport } from './player';

export interface RunOptions {
  frames: number;
  /** Frames per simulated second. */
  fps: number;
  /** Engine budget per frame, ms. Default 10 000 (effectively unbounded). */
  frameBudgetMs?: number;
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

/** Plays `drawing` on `engine` from its present pose; its traces grow, the engine's state is not written back. */
export function runMotors(engine: SimulationEngine, drawing: Drawing, options: RunOptions): RunSummary {
  if (!Number.isInteger(options.frames) || options.frames < 0) {
    throw new Error(`frames must be a whole number ≥ 0, got ${options.frames}`);
  }
  const simulation = new SimulationController({
    fps: options.fps,
    frameBudgetMs: options.frameBudgetMs ?? 10_000,
    requireRunningMotor: false,
  });
  simulation.play(drawing);
  let maxResidual = 0;
  let worstFrame = 0;
  let lagging = 0;
  for (let i = 0; i < options.frames; i++) {
    const result = simulation.advance(engine, drawing)!;
    const residual = result.motors.maxResidual;
    // NaN never compares greater: count it as the worst possible frame.
    if (!(residual <= maxResidual)) {
      maxResidual = Number.isNaN(residual) ? Infinity : residual;
      worstFrame = result.frame;
    }
    if (!result.motors.caughtUp) lagging++;
    options.onFrame?.(result.frame, result.motors);
  }
  return { frames: options.frames, seconds: simulation.time, maxResidual, worstFrame, lagging };
}
