// Headless runs: the motors turned for a number of frames through the same simulation controller the session plays
// with (the drawing's traces growing as they do in the app), with every frame's residual checked. The `simulate`
// CLI command and the example tests run mechanisms this way. The engine gets a generous time budget per frame so
// that a run never depends on the machine's speed (a budget that runs out would end a frame early and make the
// result load-dependent). Two things end a run before its last frame, each said in the summary: the mechanism
// locks (its motors refused frame after frame: nothing would ever move again), or the caller's deadline passes.

import type { Drawing } from '../shared/drawing';
import { SimulationController, type SimulationEngine } from './controller';
import type { MotorFrameReport } from './player';

/**
 * Frames in a row whose motors the engine refused (MotorFrameReport.blocked) before a run counts as locked: the
 * first may have turned up to the lock; a second shows that from there the motors cannot move at all. In a
 * headless run nothing else changes (no cursor, no edit), so every later frame would be refused the same way.
 */
export const LOCKED_AFTER_BLOCKED_FRAMES = 2;

export interface RunOptions {
  frames: number;
  /** Frames per simulated second. */
  fps: number;
  /** Engine budget per frame, ms. Default 10 000 (effectively unbounded). */
  frameBudgetMs?: number;
  /**
   * When the run must end, as a time of the engine's clock: no frame starts after it, and the frame that runs into it
   * gets only the time left. Default: none.
   */
  deadline?: number;
  /** Stop once the mechanism locks (LOCKED_AFTER_BLOCKED_FRAMES) instead of playing on against it. Default false. */
  stopWhenLocked?: boolean;
  /** Called after every frame (1-based) with the engine's report. */
  onFrame?: (frame: number, report: MotorFrameReport) => void;
}

/** Where a run locked, and against what. */
export interface RunLock {
  /** The frame (1-based) that showed the lock. */
  frame: number;
  /** Simulated seconds at that frame. */
  time: number;
  /** Why, in one sentence (blockedReason): never empty. */
  reason: string;
  /** The constraints that hold the mechanism (PlayStatus.binding), by id. */
  binding: string[];
}

/** Why a run ended: all its frames played, the mechanism locked (stopWhenLocked), or the deadline passed. */
export type RunEnd = 'complete' | 'locked' | 'timeout';

export interface RunSummary {
  /** Frames played (fewer than asked for when the run locked or timed out). */
  frames: number;
  /** Simulated seconds. */
  seconds: number;
  /** Largest max-|C| reported after any frame. */
  maxResidual: number;
  /** The frame (1-based) where it happened; 0 when no frame ran. */
  worstFrame: number;
  /** Frames that ended before the engine caught up (budget exhausted or motion blocked). */
  lagging: number;
  end: RunEnd;
  /** Set when the run ended locked. */
  lock: RunLock | null;
}

/** Plays `drawing` on `engine` from its present pose; its traces grow, the engine's state is not written back. */
export function runMotors(engine: SimulationEngine, drawing: Drawing, options: RunOptions): RunSummary {
  if (!Number.isInteger(options.frames) || options.frames < 0) {
    throw new Error(`frames must be a whole number ≥ 0, got ${options.frames}`);
  }
  const frameBudgetMs = options.frameBudgetMs ?? 10_000;
  const deadline = options.deadline ?? Infinity;
  const simulation = new SimulationController({
    fps: options.fps,
    frameBudgetMs,
    requireRunningMotor: false,
  });
  simulation.play(drawing);
  let maxResidual = 0;
  let worstFrame = 0;
  let lagging = 0;
  let blockedInARow = 0;
  let frames = 0;
  let end: RunEnd = 'complete';
  let lock: RunLock | null = null;
  while (frames < options.frames) {
    const left = deadline - engine.clock.now();
    if (left <= 0) {
      end = 'timeout';
      break;
    }
    simulation.setFrameBudget(Math.min(frameBudgetMs, left));
    const result = simulation.advance(engine, drawing)!;
    frames = result.frame;
    const residual = result.motors.maxResidual;
    // NaN never compares greater: count it as the worst possible frame.
    if (!(residual <= maxResidual)) {
      maxResidual = Number.isNaN(residual) ? Infinity : residual;
      worstFrame = result.frame;
    }
    if (!result.motors.caughtUp) lagging++;
    options.onFrame?.(result.frame, result.motors);
    blockedInARow = result.motors.blocked ? blockedInARow + 1 : 0;
    if (options.stopWhenLocked && blockedInARow >= LOCKED_AFTER_BLOCKED_FRAMES) {
      const { binding, lock: reason } = simulation.status();
      lock = { frame: result.frame, time: result.time, reason, binding };
      end = 'locked';
      break;
    }
    // A frame cut short by the deadline (its budget was what was left) did not finish: the run ends with it.
    if (!result.motors.caughtUp && !result.motors.blocked && engine.clock.now() >= deadline) {
      end = 'timeout';
      break;
    }
  }
  return { frames, seconds: simulation.time, maxResidual, worstFrame, lagging, end, lock };
}
