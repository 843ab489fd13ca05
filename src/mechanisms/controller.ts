// One drawing's simulation, as the session, the CLI (runMotors) and the tests run it: the player (Play / Pause /
// Step / speed / Reset), the trace recorder on the drawing's own traces, and what the mechanism is locked against.
// It owns neither the engine nor the drawing: the session rebuilds its engine on structural edits and replaces its
// drawing on Reset, undo and open, so both are handed in with every call. Traces grow in the drawing itself; the
// engine's state stays in the engine until the caller writes it back (the session after every frame, with the
// curves that moved; a headless run once at the end).

import type { PlayStatus } from '../shared/contract';
import type { Drawing, Vec2 } from '../shared/drawing';
import { Player, type FrameResult, type MotorEngine, type PlayerOptions } from './player';
import { blockedReason, type LockedEngine } from './lock-reason';
import { bindingConstraints, type DiagnosticsLike } from './readouts';
import { restorePose } from './pose';
import { TraceRecorder } from './trace-recorder';

/** What the controller needs of the engine (the Engine class satisfies it). */
export interface SimulationEngine extends MotorEngine, LockedEngine {
  diagnostics(): DiagnosticsLike;
}

export interface SimulationOptions extends PlayerOptions {
  /** Most points a trail keeps (see TraceRecorder). */
  traceCapacity?: number;
  /**
   * Play and Step from stopped need a running motor (default true: in the app, playing without one would only run
   * the clock). Headless runs (runMotors) turn it off: they time springs and assembly too.
   */
  requireRunningMotor?: boolean;
}

/**
 * While the motors stay blocked, the engine's diagnostics (a factorisation) are asked again every this many
 * blocked frames (twice a second at 60 fps), once they have named what holds the mechanism.
 */
export const DIAGNOSE_EVERY_BLOCKED_FRAMES = 30;

/** Play or Step with no running motor would only run the clock. */
export const NOTHING_TO_PLAY =
  'Nothing to play: no motor is running. Add one with the Motor tool, or turn one on in Properties.';

export class SimulationController {
  private readonly player: Player;
  private readonly recorder: TraceRecorder;
  /** What the mechanism is locked against (PlayStatus.binding), and for how many frames it has been blocked. */
  private binding: string[] = [];
  /** Why the motors are blocked, in one sentence (PlayStatus.lock); empty while they keep up. */
  private lock = '';
  private blockedFrames = 0;
  /** PlayStatus.notice. */
  private notice = '';
  /** Edits made since Play, while there is a pose to Reset to. */
  private editsSincePlay = 0;

  private readonly requireRunningMotor: boolean;

  constructor(options: SimulationOptions = {}) {
    this.player = new Player(options);
    this.requireRunningMotor = options.requireRunningMotor ?? true;
    this.recorder = new TraceRecorder([], { capacity: options.traceCapacity });
  }

  get state(): PlayStatus['state'] {
    return this.player.state;
  }
  /** True when Reset has a pose to go back to (something has played since the drawing was loaded or reset). */
  get canReset(): boolean {
    return this.player.canReset;
  }
  /** Frames advanced since Play. */
  get frame(): number {
    return this.player.frame;
  }
  /** Simulated seconds since Play. */
  get time(): number {
    return this.player.time;
  }

  setSpeed(factor: number): void {
    this.player.setSpeed(factor);
  }

  /** The engine's time budget for each following frame, ms (a headless run gives its last frame what is left). */
  setFrameBudget(ms: number): void {
    this.player.frameBudgetMs = ms;
  }

  /**
   * Start (keeping a copy of `drawing` as the pose Reset returns to) or resume after Pause. From stopped with no
   * running motor it does not start (only the clock would run) and says so; false then.
   */
  play(drawing: Drawing): boolean {
    if (!this.canStart(drawing)) return false;
    this.player.play(drawing);
    this.unblock();
    return true;
  }

  /** An edit was made: while there is a pose to Reset to, Reset will keep it (and say so). */
  noteEdit(): void {
    if (this.player.canReset) this.editsSincePlay++;
  }

  pause(): void {
    this.player.pause();
  }

  /**
   * One animation frame while playing (null otherwise): the motors advance, the pull (the cursor of a grab made
   * with engine.grab) acts against them, the drawing's traces grow, a blocked frame is diagnosed.
   */
  advance(engine: SimulationEngine, drawing: Drawing, pull?: Vec2 | null): FrameResult | null {
    this.recorder.attach(drawing.traces);
    const frame = this.player.advance(engine, this.recorder, pull);
    if (frame) this.noteFrame(engine, drawing, frame);
    return frame;
  }

  /**
   * Exactly one frame whatever the state (from stopped it starts, keeping the Reset pose); leaves it paused. Null,
   * with the notice, from stopped with no running motor.
   */
  step(engine: SimulationEngine, drawing: Drawing): FrameResult | null {
    if (!this.canStart(drawing)) return null;
    this.recorder.attach(drawing.traces);
    const frame = this.player.step(engine, drawing, this.recorder);
    this.noteFrame(engine, drawing, frame);
    return frame;
  }

  /**
   * Stop and hand back `drawing` (the drawing now) put back in the pose at Play — curves, motor angles, beads and
   * traces as they were then (pose.ts) — with every edit made since kept, for the caller to load and rebuild its
   * engine from; null when there is nothing to go back to. Without `drawing`, stop and forget the pose (a new
   * drawing replaced the old one).
   */
  reset(drawing?: Drawing): Drawing | null {
    this.unblock();
    const pose = this.player.reset();
    const edits = this.editsSincePlay;
    this.editsSincePlay = 0;
    this.notice = '';
    if (!pose || !drawing) return null;
    const out = structuredClone(drawing);
    restorePose(out, pose);
    if (edits > 0)
      this.notice =
        edits === 1
          ? 'Back to the pose at Play; the edit made while playing was kept.'
          : `Back to the pose at Play; the ${edits} edits made while playing were kept.`;
    return out;
  }

  /** Whether Play and Step would run now: from stopped they need a running motor (unless told otherwise). */
  startable(drawing: Drawing): boolean {
    return (
      this.player.state !== 'stopped' ||
      !this.requireRunningMotor ||
      drawing.constraints.some((k) => k.kind === 'motor' && k.running)
    );
  }

  /** From stopped, Play and Step need a running motor; otherwise they say so (PlayStatus.notice). */
  private canStart(drawing: Drawing): boolean {
    if (this.player.state !== 'stopped') return true;
    if (this.startable(drawing)) {
      this.notice = '';
      if (!this.player.canReset) this.editsSincePlay = 0;
      return true;
    }
    this.notice = NOTHING_TO_PLAY;
    return false;
  }

  /** The play state as the renderer shows it (a snapshot's `play`). */
  status(): PlayStatus {
    const p = this.player;
    return {
      state: p.state,
      time: p.time,
      frame: p.frame,
      speed: p.speed,
      canReset: p.canReset,
      binding: p.state === 'stopped' ? [] : [...this.binding],
      lock: p.state === 'stopped' ? '' : this.lock,
      notice: this.notice,
    };
  }

  private unblock(): void {
    this.blockedFrames = 0;
    this.binding = [];
    this.lock = '';
  }

  /**
   * A frame whose motors were blocked: the engine refused every step (a crank at its limit, a toggle), unlike a
   * drawing merely too big for the frame budget, which runs out of time. The engine's diagnostics then say what
   * holds it: on each blocked frame until they name something, then every DIAGNOSE_EVERY_BLOCKED_FRAMES-th blocked
   * frame while the block lasts; cleared once the motors keep up again.
   */
  private noteFrame(engine: SimulationEngine, drawing: Drawing, frame: FrameResult): void {
    if (frame.motors.caughtUp) return this.unblock();
    // Out of time (not blocked): keep what the last blocked frame found; a slow frame does not free a lock.
    if (!frame.motors.blocked) return;
    if (this.binding.length > 0 && ++this.blockedFrames % DIAGNOSE_EVERY_BLOCKED_FRAMES !== 0) return;
    this.blockedFrames = 0;
    const diagnostics = engine.diagnostics();
    const running = drawing.constraints.flatMap((c) => (c.kind === 'motor' && c.running ? [c.id] : []));
    const held = diagnostics.binding ?? [];
    this.binding = held.length > 0 ? bindingConstraints(diagnostics, { stalledMotors: running }) : [];
    this.lock = blockedReason(engine, drawing, this.binding);
  }
}
