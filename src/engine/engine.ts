// The Engine: one drawing's constrained first-order dynamics, the public face. A small facade: the drawing is
// split into parts nothing links (parts.ts), each stepped by its own integrator (integrator/, engine-part.ts), and
// each call goes to the parts it concerns; the queries on the present state are here, the analysis the
// diagnostics' (diagnostics.ts). See docs/engine.md for the equations, the semi-implicit step and its control.
import { withArticle } from '../shared/article';
import { wallClock, type Clock } from '../shared/clock';
import { RESIDUAL_TOLERANCE } from '../shared/limits';
import type { MovedStates } from '../shared/contract';
import { isDimension } from '../shared/dimensions';
import type { Connector, Constraint, Drawing, Vec2 } from '../shared/drawing';
import { referencedCurves } from '../shared/references';
import { buildModel, checkEngineDrawing, type EdgeFieldSource, type EngineModel } from './build';
import { dimensionTerm } from './constraints/sketch';
import { diagnose, finiteMeasure, type Diagnostics } from './diagnostics';
import { EnginePart } from './engine-part';
import { DataFit } from './forces/data-fit';
import { EdgeFit } from './forces/edge-fit';
import { UserSpring } from './forces/user-spring';
import type { AssemblyAttempt } from './integrator/far-assembly';
import { Kinematics, emptyMotion, type PointMotion } from './kinematics';
import { ConnectorPoint } from './model/connector';
import { ShapeKeeper } from './kept-shape';
import { mergeDiagnostics } from './merge-diagnostics';
import { splitDrawing } from './parts';
import { QUIET_MIN_PARTS, QuietParts, isQuiet } from './quiet-parts';

export type { Diagnostics } from './diagnostics';
export type { PointMotion } from './kinematics';

export interface FrameReport {
  steps: number;
  ms: number;
  maxResidual: number;
  grabbed: Vec2 | null;
  caughtUp: boolean;
  /**
   * The motors could not advance: every step was refused (a crank at its limit, a toggle), not merely out of time
   * (a drawing too big for the budget). Always false for a drag frame.
   */
  blocked: boolean;
  /**
   * A step was paused at the budget's end and waits for the next call (docs/engine.md, "Frames and settling"): the
   * drawing shows the step's start, and another frame carries it on even if the cursor has not moved.
   */
  paused: boolean;
  /**
   * The budget ended with the drawing still on its way to the cursor (a step refused and retried smaller, or
   * simply too many steps for one frame), not stalled or held: another frame goes on even if the cursor has not
   * moved, though this one may have moved nothing.
   */
  outOfTime: boolean;
}
/** How near an attractor is to what it pulls toward (Engine.pullReadouts), in mm. */
export interface PullReadout {
  /** Its index in drawing.attractors. */
  attractor: number;
  rms: number;
  max: number;
  /** A fit's point farthest from its curves; null for a target, a snake or a fit without points. */
  worst: Vec2 | null;
  /** A snake's mean edge strength under its samples, 0 (no edge) to 1 (the image's strongest); rms and max are 0. */
  edge?: number;
}

export interface SettleReport {
  steps: number;
  ms: number;
  maxResidual: number;
  converged: boolean;
  /**
   * What the settle tried to assemble a drawing not assembled at its start (far-assembly.ts), in order, each once:
   * empty when it started assembled.
   */
  tried: AssemblyAttempt[];
}

export interface EngineOptions {
  /**
   * The drawing has passed the file loader's checks (document/validate.ts: every record's schema and every
   * reference, the same shared rules), so the build does not walk them again (100,000 constraints: ~0.1 s).
   */
  checked?: boolean;
  /**
   * What the calls' budgets (dragFrame, settle, advanceMotors) are measured on, and their reports' `ms`. Default:
   * the wall clock. Tests give a deterministic one (src/shared/clock.ts), so a frame does the same work however
   * busy the machine is.
   */
  clock?: Clock;
  /**
   * Where snakes (`edges` attractors) get their reference image's edge field: the session's and the CLI's cache of
   * edge maps (src/document/edge-maps.ts). Without it a snake pulls nothing.
   */
  edgeField?: EdgeFieldSource;
}

/** The residual below which a drawing counts as assembled (src/shared/limits.ts, shared with the UI). */
export { RESIDUAL_TOLERANCE };

/** The latest reports returned, their hidden classes kept alive (kept-shape.ts). */
const frameReports = new ShapeKeeper<FrameReport>();
const settleReports = new ShapeKeeper<SettleReport>();

/** The engine's clock as its parts read it: one object, whose source useClock replaces. */
class EngineClock implements Clock {
  constructor(public source: Clock) {}
  now(): number {
    return this.source.now();
  }
}

export class Engine {
  /**
   * The parts stepped apart, in order of their first curve: every part but the quiet ones (quiet-parts.ts), and
   * those of them made parts of their own since (when first stepped).
   */
  private readonly parts: EnginePart[] = [];
  /** Each part's first curve (the order of `parts`). */
  private readonly firstCurves: number[] = [];
  /** The small parts nothing moves unless a call steps them, as one model; null if there are none. */
  private quiet: QuietParts | null;
  /** How many parts the drawing falls into (quiet ones included). */
  readonly partCount: number;
  /**
   * Per curve of the drawing: its part (in `parts`), or null while its part is quiet; and its index among that
   * part's curves (or among the quiet parts' whole model's).
   */
  private readonly partOf: (EnginePart | null)[];
  private readonly localOf: Int32Array;
  private readonly curveIndex = new Map<string, number>();
  /**
   * Each constraint's index in the drawing: the order diagnostics merged from several parts are listed in. Empty
   * for a drawing of one part, whose diagnostics are its part's as they are (100,000 entries saved on a big open).
   */
  private readonly constraintOrder = new Map<string, number>();
  /** The parts a grab pulls: the grabbed curve's first, then those of curves dragged along. */
  private pulled: EnginePart[] = [];
  private readonly pos = new Float64Array(2);
  /** The whole drawing's bounds as the parts last saw theirs: every part's step limits scale with it. */
  private readonly scene = new Float64Array(4);
  /** kinematics' one point, as kinematicsAlong takes it (no allocation per call). */
  private readonly oneU = new Float64Array(1);
  private readonly oneOut: PointMotion[] = [];

  /** What every budget of this engine's calls is measured on (EngineOptions.clock, useClock). */
  private readonly budgetClock: EngineClock;

  private constructor(drawing: Drawing, options: EngineOptions) {
    if (options.checked !== true) checkEngineDrawing(drawing);
    this.budgetClock = new EngineClock(options.clock ?? wallClock);
    drawing.curves.forEach((c, i) => this.curveIndex.set(c.id, i));
    const split = splitDrawing(drawing, this.curveIndex);
    this.partCount = split.count;
    this.partOf = new Array<EnginePart | null>(drawing.curves.length).fill(null);
    this.localOf = new Int32Array(drawing.curves.length);
    // The quiet parts, held as one model when they are many (a few cost little apart, and their first drag nothing).
    const quiet: number[] = [];
    for (let k = 0; k < split.count; k++) if (isQuiet(split, k, drawing)) quiet.push(k);
    const pooled = quiet.length >= QUIET_MIN_PARTS ? new Set(quiet) : null;
    for (let k = 0; k < split.count; k++)
      if (!pooled?.has(k))
        this.adopt(
          new EnginePart(
            buildModel(drawing, split.part(k), this.curveIndex, { edgeField: options.edgeField }),
            this.budgetClock,
          ),
        );
    this.quiet = pooled ? new QuietParts(drawing, split, quiet, this.curveIndex, this.budgetClock) : null;
    if (this.quiet) {
      const global = this.quiet.whole.model.curveGlobal;
      for (let local = 0; local < global.length; local++) this.localOf[global[local]] = local;
    }
    this.updateScene();
    if (split.count > 1) (drawing.constraints ?? []).forEach((k, i) => this.constraintOrder.set(k.id, i));
  }

  /** Steps `part` apart from now on, in its place in `parts` (by its first curve). */
  private adopt(part: EnginePart): EnginePart {
    const curves = part.model.curveGlobal;
    part.integrator.limits.scene = this.scene;
    let at = this.firstCurves.length;
    while (at > 0 && this.firstCurves[at - 1] > curves[0]) at--;
    this.parts.splice(at, 0, part);
    this.firstCurves.splice(at, 0, curves[0]);
    for (let local = 0; local < curves.length; local++) {
      this.partOf[curves[local]] = part;
      this.localOf[curves[local]] = local;
    }
    return part;
  }

  /** Curve i's part, a quiet one made a part of its own first (a call is about to step it). */
  private partFor(i: number): EnginePart {
    const own = this.partOf[i];
    if (own) return own;
    const quiet = this.quiet!;
    return this.adopt(quiet.make([quiet.partOf(this.localOf[i])]));
  }

  /**
   * Lets go of everything the engine holds (its parts, their systems and buffers), for a caller about to build
   * another engine of a big drawing and not to hold two at once (the session's edits): afterwards the engine has
   * no curve, and is not to be used again.
   */
  dispose(): void {
    this.release();
    this.parts.length = 0;
    this.firstCurves.length = 0;
    this.quiet = null;
    this.partOf.fill(null);
    this.curveIndex.clear();
    this.constraintOrder.clear();
  }

  /** Builds the engine for a drawing; throws EngineError naming the path of a bad reference or value. */
  static build(drawing: Drawing, options: EngineOptions = {}): Engine {
    return new Engine(drawing, options);
  }

  /** What the calls' budgets are measured on. */
  get clock(): Clock {
    return this.budgetClock.source;
  }

  /** Measures the budgets on `clock` from now on (an engine built by the file loader, handed to a session). */
  useClock(clock: Clock): void {
    this.budgetClock.source = clock;
  }

  /** Simulated seconds of motor time (of the part whose motors have run longest). */
  get time(): number {
    let t = 0;
    for (const part of this.parts) t = Math.max(t, part.integrator.simulatedTime);
    return t;
  }

  /**
   * Copies the whole state into the drawing: every curve's parameters, beads' s, motors' angles, reference
   * dimensions' values (mutates it). For a drawing the engine's moves were not written into as they happened (a
   * headless run's, before it saves); the session writes back as it goes (writeMoved).
   */
  writeBack(drawing: Drawing): void {
    // The quiet parts first: those made parts of their own since then write over their share.
    this.quiet?.whole.writeAll(drawing);
    for (const part of this.parts) part.writeAll(drawing);
  }

  /**
   * The one write-back of a session: what changed since the last call (since the build for the first) into
   * `drawing` — the curves whose state moved, appended to `out` (their indices, part by part, and their states),
   * and the beads, motors and reference dimensions of every part stepped since. Only the parts stepped since are
   * looked at.
   */
  writeMoved(drawing: Drawing, out: MovedStates = { curves: [], offsets: [0], values: [] }): MovedStates {
    // The quiet parts' whole is written once, after the build (nothing steps it), before any part made of it.
    this.quiet?.whole.writeMoved(drawing, out);
    for (const part of this.parts) part.writeMoved(drawing, out);
    return out;
  }

  /** Every motor's angle now (rad), by constraint id, in the parts' order: what a play frame's snapshot carries. */
  motorAngles(): { id: string; angle: number }[] {
    const out: { id: string; angle: number }[] = [];
    for (const { model } of this.parts)
      for (const { term } of model.motors) out.push({ id: term.id, angle: term.angleNow(model.q) });
    return out;
  }

  /**
   * What a dimensional constraint (distance, point-line distance, angle, radius, length; driving or reference)
   * measures at the present state: mm, or radians for an angle (the one nearest the record's value, so a measured
   * angle keeps the record's turns); point-line distances unsigned. Null for a constraint that is not a dimension.
   * Throws for a curve this drawing does not have.
   */
  measure(k: Constraint): number | null {
    if (!isDimension(k)) return null;
    const curves = referencedCurves(k).map((id) => this.curveAt(id));
    // A constraint links its curves, so they share a part, unless it is not the drawing's own: it is measured
    // only where all its curves are.
    const owner = this.owner(curves[0]);
    if (curves.some((c) => this.owner(c) !== owner))
      throw new Error(`${k.id}: its curves are in parts the engine solves apart`);
    const model = this.modelOf(curves[0]);
    return dimensionTerm(k, model.sketch, 'constraint').measure(model.q);
  }

  /** The curve's slice of q (order: CURVE_STATE_LAYOUT, or the equation's free parameters). */
  curveState(id: string): number[] {
    const { model, local } = this.locate(id);
    const off = model.curveOff[local];
    return Array.from(model.q.subarray(off, off + model.curves[local].size));
  }

  pointAt(curve: string, u: number): Vec2 {
    const { model, local } = this.locate(curve);
    model.curves[local].position(this.pos, model.q, model.curveOff[local], u);
    return [this.pos[0], this.pos[1]];
  }

  connectorPosition(c: Connector): Vec2 {
    const { model } = this.locate(c.curve);
    const p = model.resolve(c, 'connector');
    p.position(this.pos, model.q);
    return [this.pos[0], this.pos[1]];
  }

  /**
   * Attaches the mouse spring to the material point (curve, u); its target starts where the point is. `together`:
   * the curves dragged with it (a multi-selection, the grabbed one may be among them), each held at a few of its
   * points to where they were plus the cursor's travel, so a free selection moves as one rigid piece. A curve of
   * another part is pulled in its own part, aimed at the same offset from the cursor.
   */
  grab(curve: string, u: number, together: readonly string[] = []): void {
    this.curveAt(curve);
    if (!Number.isFinite(u) || u < 0 || u > 1) throw new Error(`grab: u must be in [0, 1], got ${u}`);
    for (const id of together) this.curveAt(id);
    // Quiet parts pulled together are made one part: a selection of 100,000 free curves is not 100,000 parts.
    if (together.length > 0 && this.quiet) {
      const ks = new Set<number>();
      for (const id of [curve, ...together]) {
        const c = this.curveAt(id);
        if (!this.partOf[c]) ks.add(this.quiet.partOf(this.localOf[c]));
      }
      if (ks.size > 1) this.adopt(this.quiet.make([...ks]));
    }
    const { part, model, local } = this.locate(curve, true);
    // (set, not built from [[part, []]]: a Map built from an iterable walks it by the iterator protocol, a tenth of
    // a small drag's grab)
    const holds = new Map<EnginePart, ConnectorPoint[]>().set(part, []);
    for (const id of together) {
      const other = this.locate(id, true);
      const list = holds.get(other.part) ?? [];
      list.push(...this.holdPoints(other.model, other.local));
      holds.set(other.part, list);
    }
    this.release();
    const point = new ConnectorPoint(model.curves[local], local, model.curveOff[local], u, false);
    point.position(this.pos, model.q);
    const gx = this.pos[0];
    const gy = this.pos[1];
    part.offset.fill(0);
    part.integrator.grab(point, holds.get(part));
    this.pulled = [part];
    for (const [other, points] of holds) {
      if (other === part) continue;
      // The first hold point leads this part's pull; the others follow it as companions.
      points[0].position(this.pos, other.model.q);
      other.offset[0] = this.pos[0] - gx;
      other.offset[1] = this.pos[1] - gy;
      other.integrator.grab(points[0], points.slice(1));
      this.pulled.push(other);
    }
  }

  /**
   * Material points that pin a curve's shape and place when each is held: one more than half its parameters (a
   * point's 2 → one), spread at the middles of equal spans of u so a closed curve's two ends are not both taken.
   */
  private holdPoints(model: EngineModel, i: number): ConnectorPoint[] {
    const curve = model.curves[i];
    const n = curve.size <= 2 ? 1 : Math.ceil(curve.size / 2) + 1;
    return Array.from(
      { length: n },
      (_, j) => new ConnectorPoint(curve, i, model.curveOff[i], (j + 0.5) / n, false),
    );
  }

  /** How far the pull is from where it aims (the grabbed point and any dragged along), mm; 0 when nothing is grabbed. */
  pullMiss(): number {
    let miss = 0;
    for (const part of this.pulled)
      if (part.integrator.mouse) miss = Math.max(miss, part.integrator.mouseMiss());
    return miss;
  }

  /**
   * Attaches the mouse spring to a shape handle of the curve: the point that is its state entries (2·handle,
   * 2·handle + 1) — a Bézier's control point 0…3, a spline's knot. Only for the kinds whose state is all points.
   */
  grabHandle(curve: string, handle: number): void {
    const { model: m, local } = this.locate(curve);
    const model = m.curves[local];
    if (model.kind !== 'bezier' && model.kind !== 'spline')
      throw new Error(`grab: ${withArticle(model.kind)} has no handles to grab`);
    if (!Number.isInteger(handle) || handle < 0 || 2 * handle + 1 >= model.size)
      throw new Error(`grab: ${curve} has no handle ${handle}`);
    const { part } = this.locate(curve, true);
    this.release();
    part.offset.fill(0);
    part.integrator.grab(new ConnectorPoint(model, local, part.model.curveOff[local], 0, false, 2 * handle));
    this.pulled = [part];
  }

  release(): void {
    for (const part of this.pulled) part.integrator.release();
    this.pulled = [];
  }

  /**
   * Moves the mouse spring's target to the cursor (clamped to ±MAX_COORDINATE; a non-finite cursor is ignored) and
   * steps the parts it pulls until the grabbed point has caught up or the budget ends. No other part is stepped.
   */
  dragFrame(cursor: Vec2, budgetMs: number): FrameReport {
    const start = this.clock.now();
    this.updateScene();
    let steps = 0;
    let done = true;
    let outOfTime = false;
    for (const part of this.pulled) {
      part.integrator.aim(cursor[0] + part.offset[0], cursor[1] + part.offset[1]);
      const r = part.run(start, budgetMs);
      steps += r.steps;
      done &&= r.done;
      outOfTime ||= r.outOfTime;
    }
    return this.frameReport(start, steps, done, false, outOfTime);
  }

  /**
   * One live frame of the attractors (fits, snakes, targets that are on): each part they pull steps toward the
   * pulls' minimum as far as the constraints allow, within the budget. `caughtUp`: every such part at rest (the
   * fit converged: no step moved it more than the motion tolerance), so the caller stops asking. No other part
   * is stepped, and a part being dragged is left to the drag (the pull resumes at its release).
   */
  relax(budgetMs: number): FrameReport {
    const start = this.clock.now();
    this.updateScene();
    let steps = 0;
    let done = true;
    let outOfTime = false;
    for (const part of this.parts) {
      if (part.model.fits.length === 0 || this.pulled.includes(part)) continue;
      const r = part.relax(start, budgetMs);
      steps += r.steps;
      done &&= r.done;
      outOfTime ||= r.outOfTime;
    }
    return this.frameReport(start, steps, done, false, outOfTime);
  }

  /**
   * Fits the curves `ids` (all of one part) to the points `xy` (x, y interleaved, mm) once, under every constraint,
   * until the fit comes to rest or the budget ends; the fit is not kept. The Pencil's refit: the curves it seeded
   * from a stroke are fitted to the stroke after their ends were snapped (src/session/session.ts). Curves of
   * several parts (not joined) are left as they are: null. Throws for an unknown curve.
   */
  fitOnce(ids: readonly string[], xy: Float64Array, budgetMs: number): FrameReport | null {
    const start = this.clock.now();
    this.updateScene();
    const located = ids.map((id) => this.locate(id, true));
    const { part } = located[0];
    if (located.some((l) => l.part !== part)) return null;
    const curves = located.map(({ model, local }) => ({
      model: model.curves[local],
      block: local,
      qOff: model.curveOff[local],
    }));
    const n = xy.length >> 1;
    const term = new DataFit(curves, xy, null, n > 0 ? 1 / n : 1, 'squared');
    const r = part.pullOnce({ term, attractor: -1 }, start, budgetMs);
    return this.frameReport(start, r.steps, r.done, false, r.outOfTime);
  }

  /** Whether any attractor is on (Engine.relax has something to do). */
  get pulling(): boolean {
    return this.parts.some((part) => part.model.fits.length > 0);
  }

  /**
   * How near each attractor that is on is to what it pulls toward, at the present state, in the drawing's order:
   * a fit's RMS and largest distance of its points from its curves and the farthest point; a target's distance.
   */
  pullReadouts(): PullReadout[] {
    const out: PullReadout[] = [];
    for (const part of this.parts)
      for (const { term, attractor } of part.model.fits) {
        if (term instanceof DataFit) {
          const { rms, max, worst } = term.measure(part.model.q);
          out.push({ attractor, rms, max, worst: term.point(worst) });
        } else if (term instanceof EdgeFit) {
          const { meanEdge } = term.measure(part.model.q);
          out.push({ attractor, rms: 0, max: 0, worst: null, edge: meanEdge });
        } else if (term instanceof UserSpring) {
          const miss = term.length(part.model.q);
          out.push({ attractor, rms: miss, max: miss, worst: null });
        }
      }
    return out.sort((a, b) => a.attractor - b.attractor);
  }

  /** Steps every part until max |C| < 1e-9 and motion stopped (or the budget ends). */
  settle(budgetMs = 1000): SettleReport {
    const start = this.clock.now();
    // A quiet part whose rows are not exact is stepped: a part of its own from now on, settled in its place.
    if (this.quiet) for (const k of this.quiet.unsettled()) this.adopt(this.quiet.make([k]));
    this.updateScene();
    let steps = 0;
    // The quiet parts left are at rest (their rows exact): converged as a part at rest is, their constraints met.
    let converged = this.quiet ? this.quiet.maxResidual() < RESIDUAL_TOLERANCE : true;
    // (made only if some part tried something: most settles start assembled)
    let tried: Set<AssemblyAttempt> | null = null;
    for (const part of this.parts) {
      const r = part.settle(start, budgetMs);
      steps += r.steps;
      converged &&= r.done;
      for (const attempt of r.tried) (tried ??= new Set()).add(attempt);
    }
    return settleReports.keep({
      steps,
      ms: this.clock.now() - start,
      maxResidual: this.maxResidual(),
      converged,
      tried: tried ? [...tried] : [],
    });
  }

  /**
   * Advances running motors by rpm·dt (in substeps of at most ~31.5° of motor angle), solving after each: only the
   * part running motors drive is stepped, and the parts springs act on (until they rest).
   */
  advanceMotors(dtSeconds: number, budgetMs: number): FrameReport {
    const start = this.clock.now();
    this.updateScene();
    let steps = 0;
    let caughtUp = true;
    let blocked = false;
    for (const part of this.parts) {
      if (!part.driven) continue;
      part.touched = true;
      part.integrator.refresh();
      const r = part.integrator.advanceMotors(dtSeconds, start, budgetMs);
      steps += r.steps;
      caughtUp &&= r.caughtUp;
      blocked ||= r.blocked;
    }
    // A part a spring acts on moves while time runs, as the driven part's springs do (a stretched spring beside a
    // mechanism relaxes during Play); a spring-free part at rest is not stepped (Parts, docs/engine.md).
    for (const part of this.parts) {
      if (part.driven || part.model.springs.length === 0) continue;
      const r = part.run(start, budgetMs);
      steps += r.steps;
      caughtUp &&= r.done;
    }
    return this.frameReport(start, steps, caughtUp, blocked, false);
  }

  /**
   * Position, velocity and acceleration of the material point (curve, u) at the present pose with the running
   * motors driving (kinematics.ts: exact, the minimum-drag motion where freedom remains), into `out` if given.
   * At a singular pose `defined` is false and `unmet` names the constraints the motion cannot satisfy. Throws for
   * an unknown curve or u outside [0, 1].
   */
  kinematics(curve: string, u: number, out: PointMotion = emptyMotion()): PointMotion {
    this.oneU[0] = u;
    this.oneOut[0] = out;
    this.kinematicsAlong(curve, this.oneU, this.oneOut);
    return out;
  }

  /**
   * kinematics for several points `us[k]` of one curve, into `outs[k]`, from one solve of the motion (a bar's two
   * ends: mechanisms/bar-motion.ts).
   */
  kinematicsAlong(curve: string, us: ArrayLike<number>, outs: readonly PointMotion[]): void {
    const i = this.curveAt(curve);
    for (let k = 0; k < us.length; k++) {
      const u = us[k];
      if (!Number.isFinite(u) || u < 0 || u > 1) throw new Error(`kinematics: u must be in [0, 1], got ${u}`);
    }
    if (!this.partOf[i]) {
      // A quiet part: no motor drives it, so its points are where they are and at rest — the kinematics' own answer
      // without a motor, from the quiet model (the instant centres ask it of every bar: no part is made for it).
      const { whole } = this.quiet!;
      (whole.kinematicsCore ??= new Kinematics(whole.model)).computeAll(outs, this.localOf[i], us);
      return;
    }
    const { part, local } = this.locate(curve, true);
    part.integrator.refresh();
    const core = (part.kinematicsCore ??= new Kinematics(part.model));
    core.computeAll(outs, local, us);
    // The next step starts from the same J W Jᵀ (the analysis's next advance): it may keep this factorisation.
    if (core.factored) part.integrator.adoptFactorisation(core.spd);
  }

  diagnostics(): Diagnostics {
    const reports = this.parts.map((part) => diagnose(part.model, part.integrator));
    if (this.quiet?.anyQuiet) reports.unshift(this.quiet.diagnostics());
    return mergeDiagnostics(reports, this.curveIndex, this.constraintOrder);
  }

  /** max |C| at the present state, as a finite number (no step taken). */
  get residual(): number {
    return this.maxResidual();
  }

  private frameReport(
    start: number,
    steps: number,
    caughtUp: boolean,
    blocked: boolean,
    outOfTime: boolean,
  ): FrameReport {
    return frameReports.keep({
      outOfTime,
      paused: this.pulled.some((part) => part.integrator.stepPending),
      steps,
      ms: this.clock.now() - start,
      maxResidual: this.maxResidual(),
      grabbed: this.pulled.length > 0 ? this.pulled[0].grabbedPosition() : null,
      caughtUp,
      blocked,
    });
  }

  /** The union of the parts' bounds, before a call steps any of them. */
  private updateScene(): void {
    const { scene } = this;
    scene[0] = scene[1] = Infinity;
    scene[2] = scene[3] = -Infinity;
    const add = (b: Float64Array) => {
      if (b[0] < scene[0]) scene[0] = b[0];
      if (b[1] < scene[1]) scene[1] = b[1];
      if (b[2] > scene[2]) scene[2] = b[2];
      if (b[3] > scene[3]) scene[3] = b[3];
    };
    if (this.quiet) add(this.quiet.bounds());
    for (const part of this.parts) add(part.integrator.limits.bounds);
  }

  /** max |C| over every part (each part's is cached until it moves). */
  private maxResidual(): number {
    let worst = this.quiet ? finiteMeasure(this.quiet.maxResidual()) : 0;
    for (const part of this.parts) worst = Math.max(worst, part.maxResidual());
    return worst;
  }

  private curveAt(id: string): number {
    const i = this.curveIndex.get(id);
    if (i === undefined) throw new Error(`unknown curve '${id}'`);
    return i;
  }

  /** Curve i's part, or while it is quiet the index of its quiet part. */
  private owner(i: number): EnginePart | number {
    return this.partOf[i] ?? this.quiet!.partOf(this.localOf[i]);
  }

  /** The model holding curve i now: its part's, or the quiet parts' whole while its part is quiet. */
  private modelOf(i: number): EngineModel {
    return (this.partOf[i] ?? this.quiet!.whole).model;
  }

  /** The curve's model and its index in it (for a query on the present state). */
  private locate(id: string): { model: EngineModel; local: number };
  /** The curve's part (a quiet one made a part of its own: a call will step it), its model and the curve's index. */
  private locate(id: string, stepped: true): { part: EnginePart; model: EngineModel; local: number };
  private locate(id: string, stepped = false): { part?: EnginePart; model: EngineModel; local: number } {
    const i = this.curveAt(id);
    if (!stepped) return { model: this.modelOf(i), local: this.localOf[i] };
    const part = this.partFor(i);
    return { part, model: part.model, local: this.localOf[i] };
  }
}
