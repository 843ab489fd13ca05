// One drawing's simulation, as the session runs it: the player (Play / Pause / Step / speed / Reset), the trace
// recorder on the drawing's own traces, and the readouts the panel shows. The session keeps the drawing and the
// engine (rebuilt on structural edits) and hands them in; after every frame the engine's state is written back
// into the drawing, so the drawing is always the truth that gets saved, undone and mirrored.

import type { Connector, Drawing, Vec2 } from '../shared/drawing';
import { Player, type FrameResult, type MotorEngine, type PlayState } from './player';
import {
  PointReadout,
  bindingConstraints,
  motorReadout,
  type DiagnosticsLike,
  type MotorReadout,
} from './readouts';
import { TraceRecorder } from './trace-recorder';

/** What the controller needs of the engine (the Engine class satisfies it). */
export interface SimulationEngine extends MotorEngine {
  writeBack(drawing: Drawing): void;
  diagnostics(): DiagnosticsLike;
}

export interface SimulationOptions {
  fps?: number;
  speed?: number;
  frameBudgetMs?: number;
  /** Most points a trail keeps (see TraceRecorder). */
  traceCapacity?: number;
}

/** Everything the simulation panel shows; plain data, sent over IPC as is. */
export interface SimulationStatus {
  state: PlayState;
  frame: number;
  /** Simulated seconds since Play. */
  time: number;
  speed: number;
  fps: number;
  /** Motor seconds the engine still owes (its budget ran out); 0 when it keeps up. */
  behind: number;
  motors: MotorReadout[];
  /** The selected point's readout, if a point is selected. */
  point: { connector: Connector; position: Vec2; velocity: Vec2; speed: number } | null;
  dof: number;
  /** Constraints to draw in red: the mechanism is locked against them. */
  binding: string[];
  traces: { id: string; points: number }[];
}

export class SimulationController {
  readonly player: Player;
  readonly recorder: TraceRecorder;
  private drawing: Drawing;
  private selected: Connector | null = null;
  private readout = new PointReadout();
  private startAngles = new Map<string, number>();
  private lastFrame: FrameResult | null = null;
  private cachedEngine: SimulationEngine | null = null;
  private cachedDiagnostics: DiagnosticsLike | null = null;

  constructor(drawing: Drawing, options: SimulationOptions = {}) {
    this.player = new Player(options);
    this.drawing = drawing;
    this.recorder = new TraceRecorder(drawing.traces, { capacity: options.traceCapacity });
    this.rememberMotorAngles();
  }

  /** The session replaced its drawing (opened a file, undo, Reset): follow the new one. */
  setDrawing(drawing: Drawing): void {
    this.drawing = drawing;
    this.recorder.attach(drawing.traces);
    this.readout.reset();
    this.cachedEngine = null;
    this.lastFrame = null;
    if (this.player.state === 'stopped') this.rememberMotorAngles();
  }

  play(): void {
    if (this.player.state === 'stopped') this.rememberMotorAngles();
    this.player.play(this.drawing);
  }

  pause(): void {
    this.player.pause();
  }

  setSpeed(factor: number): void {
    this.player.setSpeed(factor);
  }

  /**
   * One animation frame while playing (null otherwise): motors advance, the pull (cursor of a grab made with
   * engine.grab) acts against them, traces grow, the state is written back into the drawing.
   */
  frame(engine: SimulationEngine, pull?: Vec2 | null): FrameResult | null {
    const result = this.player.advance(engine, this.recorder, pull);
    if (result) this.afterFrame(engine, result);
    return result;
  }

  /** Exactly one frame, leaving the simulation paused. */
  step(engine: SimulationEngine): FrameResult {
    if (this.player.state === 'stopped') this.rememberMotorAngles();
    const result = this.player.step(engine, this.drawing, this.recorder);
    this.afterFrame(engine, result);
    return result;
  }

  /** Stop; returns the drawing as it was at Play for the session to load (then call setDrawing), or null. */
  reset(): Drawing | null {
    const pose = this.player.reset();
    this.lastFrame = null;
    this.readout.reset();
    return pose;
  }

  /** Select the point whose position and speed the panel shows (null: none). */
  select(point: Connector | null): void {
    this.selected = point;
    this.readout.reset();
  }

  /** Empty one trail or all; throws naming an unknown trace. */
  clearTraces(id?: string): void {
    this.recorder.clear(id);
  }

  /**
   * The panel's readouts. The engine's diagnostics (a factorisation) are recomputed only when the engine is new
   * or the last frame did not keep up — during smooth play the degrees of freedom cannot change.
   */
  status(engine: SimulationEngine): SimulationStatus {
    const frame = this.lastFrame;
    const troubled = frame !== null && (!frame.motors.caughtUp || !(frame.motors.maxResidual < 1e-9));
    if (engine !== this.cachedEngine || !this.cachedDiagnostics || troubled) {
      this.cachedDiagnostics = engine.diagnostics();
      this.cachedEngine = engine;
    }
    const diagnostics = this.cachedDiagnostics;
    const running = this.drawing.constraints.filter((c) => c.kind === 'motor' && c.running).map((c) => c.id);
    // Motors held by the mechanism (blocked), not a frame that ran out of time: only those can be binding.
    const stalled = frame !== null && frame.motors.blocked ? running : [];
    let point: SimulationStatus['point'] = null;
    if (this.selected) {
      const r = this.readout.update(engine.connectorPosition(this.selected), this.player.time);
      point = { connector: this.selected, ...r };
    }
    return {
      state: this.player.state,
      frame: this.player.frame,
      time: this.player.time,
      speed: this.player.speed,
      fps: this.player.fps,
      behind: frame?.behind ?? 0,
      motors: this.drawing.constraints.flatMap((c) =>
        c.kind === 'motor' ? [motorReadout(c, this.startAngles.get(c.id) ?? c.angle)] : [],
      ),
      point,
      dof: diagnostics.dof,
      binding: bindingConstraints(diagnostics, { stalledMotors: stalled }),
      traces: this.drawing.traces.map((t) => ({ id: t.id, points: t.points.length })),
    };
  }

  private afterFrame(engine: SimulationEngine, result: FrameResult): void {
    engine.writeBack(this.drawing);
    this.lastFrame = result;
  }

  /** Motor angles at Play: the readout counts turns from there. */
  private rememberMotorAngles(): void {
    this.startAngles = new Map(
      this.drawing.constraints.flatMap((c) => (c.kind === 'motor' ? [[c.id, c.angle] as const] : [])),
    );
  }
}
