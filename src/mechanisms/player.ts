// The simulation clock: Play, Pause, Step one frame, a speed factor, and Reset to the pose at Play. Time runs on
// frames, never on the wall clock: every frame advances the motors by exactly speed / fps simulated seconds, so a
// replay of the same frames is the same motion whatever the machine's load. The player owns no engine and no
// drawing: the simulation controller (controller.ts) calls `advance` once per animation frame (or `step`), and the
// session rebuilds its engine from the drawing `reset` hands back.

import type { Clock } from '../shared/clock';
import type { Connector, Drawing, Vec2 } from '../shared/drawing';
import type { TraceRecorder } from './trace-recorder';

/** What the player needs of the engine (the Engine class satisfies it). */
export interface MotorEngine {
  advanceMotors(dtSeconds: number, budgetMs: number): MotorFrameReport;
  connectorPosition(c: Connector): Vec2;
  /** Only needed when a frame carries a pull (the user grabbing something while it plays). */
  dragFrame?(cursor: Vec2, budgetMs: number): MotorFrameReport;
  readonly time: number;
  /** What the budgets are measured on (a headless run's deadline too). */
  readonly clock: Clock;
}

export interface MotorFrameReport {
  steps: number;
  ms: number;
  maxResidual: number;
  caughtUp: boolean;
  /** Every step refused: the mechanism is locked, not slow (see the engine's FrameReport). */
  blocked: boolean;
}

export type PlayState = 'stopped' | 'playing' | 'paused';

export interface PlayerOptions {
  /** Frames per simulated second at speed 1. Default 60. */
  fps?: number;
  /** Simulated seconds per real second (each frame advances speed / fps). Default 1. */
  speed?: number;
  /** Engine time budget per frame, ms. Default 12. */
  frameBudgetMs?: number;
}

export interface FrameResult {
  /** Frames advanced since Play (this one included). */
  frame: number;
  /** Simulated seconds since Play. */
  time: number;
  dt: number;
  motors: MotorFrameReport;
  /** The pull's frame, when the user was grabbing something. */
  pull: MotorFrameReport | null;
  /**
   * Motor time (s) the engine still owes after this frame: its time budget ran out (or the mechanism is locked)
   * before the motors reached the frame's time. It is asked for again with the next frame, so a brief slowdown is
   * made up instead of drifting; at most MAX_OWED_FRAMES frames' worth is carried.
   */
  behind: number;
}

export const MAX_SPEED = 16;
/** Most motor time (in frames) the player carries over when the engine falls behind. */
export const MAX_OWED_FRAMES = 4;

export class Player {
  readonly fps: number;
  /** Engine time budget per frame, ms (the session may lower it while the user drags, say). */
  frameBudgetMs: number;
  private speedFactor: number;
  private playState: PlayState = 'stopped';
  private frames = 0;
  private elapsed = 0;
  private poseAtPlay: Drawing | null = null;
  private owed = 0;

  constructor(options: PlayerOptions = {}) {
    this.fps = options.fps ?? 60;
    if (!Number.isFinite(this.fps) || this.fps <= 0 || this.fps > 10_000) {
      throw new Error(`fps must be in (0, 10000], got ${this.fps}`);
    }
    this.frameBudgetMs = options.frameBudgetMs ?? 12;
    this.speedFactor = 1;
    this.setSpeed(options.speed ?? 1);
  }

  get state(): PlayState {
    return this.playState;
  }
  get speed(): number {
    return this.speedFactor;
  }
  /** Frames advanced since Play. */
  get frame(): number {
    return this.frames;
  }
  /** Simulated seconds since Play. */
  get time(): number {
    return this.elapsed;
  }
  /** Simulated seconds one frame advances. */
  get dt(): number {
    return this.speedFactor / this.fps;
  }
  /** True when Reset has a pose to go back to. */
  get canReset(): boolean {
    return this.poseAtPlay !== null;
  }

  setSpeed(factor: number): void {
    if (!Number.isFinite(factor) || factor <= 0 || factor > MAX_SPEED) {
      throw new Error(`speed must be in (0, ${MAX_SPEED}], got ${factor}`);
    }
    this.speedFactor = factor;
  }

  /** Start (keeping a copy of `drawing` as the pose Reset returns to) or resume after Pause. */
  play(drawing: Drawing): void {
    if (this.playState === 'playing') return;
    if (this.poseAtPlay === null) {
      this.poseAtPlay = structuredClone(drawing);
      this.frames = 0;
      this.elapsed = 0;
      this.owed = 0;
    }
    this.playState = 'playing';
  }

  pause(): void {
    if (this.playState === 'playing') this.playState = 'paused';
  }

  /**
   * One animation frame: advances the motors when playing (then the pull, if the user is grabbing, acting
   * against the motors), records the traces, and returns what happened; null when not playing.
   */
  advance(engine: MotorEngine, recorder?: TraceRecorder, pull?: Vec2 | null): FrameResult | null {
    if (this.playState !== 'playing') return null;
    return this.runFrame(engine, recorder, pull ?? null);
  }

  /**
   * Step exactly one frame, whatever the state: from stopped it starts (keeping the Reset pose, so `drawing` is
   * required then), and it always leaves the player paused.
   */
  step(engine: MotorEngine, drawing: Drawing, recorder?: TraceRecorder): FrameResult {
    if (this.poseAtPlay === null) this.play(drawing);
    this.playState = 'paused';
    return this.runFrame(engine, recorder, null);
  }

  /**
   * Stop and hand back the pose at Play (with its traces as they were then) for the session to load and rebuild
   * its engine from; null when there is nothing to go back to.
   */
  reset(): Drawing | null {
    const pose = this.poseAtPlay;
    this.poseAtPlay = null;
    this.playState = 'stopped';
    this.frames = 0;
    this.elapsed = 0;
    this.owed = 0;
    return pose;
  }

  /** Forget the Reset pose without touching anything else (after a structural edit made it meaningless). */
  forgetResetPose(): void {
    this.poseAtPlay = null;
    if (this.playState !== 'playing') this.playState = 'stopped';
  }

  private runFrame(engine: MotorEngine, recorder: TraceRecorder | undefined, pull: Vec2 | null): FrameResult {
    const dt = this.dt;
    const ask = dt + this.owed;
    const before = engine.time;
    const motors = engine.advanceMotors(ask, this.frameBudgetMs);
    // What the engine could not do in its budget is asked for again next frame — up to MAX_OWED_FRAMES frames'
    // worth: a mechanism locked for a while must not race to catch up once it is freed.
    this.owed = Math.min(MAX_OWED_FRAMES * dt, Math.max(0, ask - (engine.time - before)));
    if (this.owed <= 1e-12 * ask) this.owed = 0;
    let pulled: MotorFrameReport | null = null;
    if (pull) {
      if (!engine.dragFrame) throw new Error('this engine cannot take a pull while playing');
      pulled = engine.dragFrame(pull, this.frameBudgetMs);
    }
    recorder?.record((c) => engine.connectorPosition(c));
    this.frames++;
    this.elapsed += dt;
    return { frame: this.frames, time: this.elapsed, dt, motors, pull: pulled, behind: this.owed };
  }
}
