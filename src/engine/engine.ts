// The Engine: one drawing's constrained first-order dynamics, the public face. A small facade: the queries on the
// present state are here; the stepping is the integrator's (integrator/), the analysis the diagnostics'
// (diagnostics.ts). See docs/engine.md for the equations, the semi-implicit step and its control.
import { RESIDUAL_TOLERANCE } from '../shared/limits';
import { dimensionValueSchema, isDimension, setDimensionValue } from '../shared/dimensions';
import type { Connector, Constraint, Drawing, Vec2 } from '../shared/drawing';
import { referencedCurves } from '../shared/references';
import { accepts } from '../shared/schema';
import { buildModel, type EngineModel } from './build';
import { dimensionTerm } from './constraints/sketch';
import { diagnose, finiteMeasure, type Diagnostics } from './diagnostics';
import { Integrator } from './integrator/integrator';
import { Kinematics, emptyMotion, type PointMotion } from './kinematics';
import { reseatTrappedBeads } from './integrator/trapped-beads';
import { ConnectorPoint } from './model/connector';

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
}
export interface SettleReport {
  steps: number;
  ms: number;
  maxResidual: number;
  converged: boolean;
}

/** The residual below which a drawing counts as assembled (src/shared/limits.ts, shared with the UI). */
export { RESIDUAL_TOLERANCE };

export class Engine {
  private readonly model: EngineModel;
  private readonly integrator: Integrator;
  /** The curves' part of the state as of the last movedCurves call (the build's state before the first). */
  private readonly reported: Float64Array;
  private readonly pos = new Float64Array(2);
  /** The kinematics' scratch, made at its first use. */
  private kinematicsCore: Kinematics | null = null;

  private constructor(model: EngineModel) {
    this.model = model;
    this.integrator = new Integrator(model);
    this.reported = model.q.slice();
  }

  /** Builds the engine for a drawing; throws EngineError naming the path of a bad reference or value. */
  static build(drawing: Drawing): Engine {
    return new Engine(buildModel(drawing));
  }

  /** Simulated seconds of motor time. */
  get time(): number {
    return this.integrator.simulatedTime;
  }

  /**
   * Copies the state into the drawing: curve parameters, bead s, motor angles, reference dimensions' values
   * (mutates it).
   */
  writeBack(drawing: Drawing): void {
    const m = this.model;
    drawing.curves.forEach((curve, i) => {
      if (i < m.curves.length) m.curves[i].writeState(curve, m.q, m.curveOff[i]);
    });
    for (const bead of m.beads) {
      const k = drawing.constraints[bead.constraint];
      if (k && (k.kind === 'on-curve' || k.kind === 'tangent')) k.s = m.q[bead.sOff];
    }
    for (const { term, constraint } of m.motors) {
      const k = drawing.constraints[constraint];
      if (k && k.kind === 'motor') k.angle = term.angle;
    }
    // Reference dimensions show what they measure, and Save stores it; a value the record cannot hold (a length
    // of 0 where lengths are positive) leaves the last one.
    for (const { term, constraint } of m.references) {
      const k = drawing.constraints[constraint];
      if (!k || !isDimension(k)) continue;
      const value = term.measure(m.q);
      if (accepts(dimensionValueSchema(k.kind), value)) setDimensionValue(k, value);
    }
  }

  /**
   * What a dimensional constraint (distance, point-line distance, angle, radius, length; driving or reference)
   * measures at the present state: mm, or radians for an angle (the one nearest the record's value, so a measured
   * angle keeps the record's turns); point-line distances unsigned. Null for a constraint that is not a dimension.
   * Throws for a curve this drawing does not have.
   */
  measure(k: Constraint): number | null {
    if (!isDimension(k)) return null;
    for (const id of referencedCurves(k)) this.curveAt(id);
    return dimensionTerm(k, this.model.sketch, 'constraint').measure(this.model.q);
  }

  /** The curve's slice of q (order: CURVE_STATE_LAYOUT, or the equation's free parameters). */
  curveState(id: string): number[] {
    const i = this.curveAt(id);
    const off = this.model.curveOff[i];
    return Array.from(this.model.q.subarray(off, off + this.model.curves[i].size));
  }

  /**
   * The indices (ascending, into the drawing's curves) of the curves whose state changed since the last call — since
   * the build for the first — in `out`, emptied first and returned. A comparison of the state with a copy, no
   * allocation but `out`'s growth: what a view that redraws only the curves that moved asks once per frame.
   */
  movedCurves(out: number[] = []): number[] {
    const { q, curves, curveOff } = this.model;
    const { reported } = this;
    out.length = 0;
    for (let c = 0; c < curves.length; c++) {
      const end = curveOff[c] + curves[c].size;
      let moved = false;
      for (let i = curveOff[c]; i < end; i++) {
        if (q[i] !== reported[i]) {
          reported[i] = q[i];
          moved = true;
        }
      }
      if (moved) out.push(c);
    }
    return out;
  }

  pointAt(curve: string, u: number): Vec2 {
    const i = this.curveAt(curve);
    this.model.curves[i].position(this.pos, this.model.q, this.model.curveOff[i], u);
    return [this.pos[0], this.pos[1]];
  }

  connectorPosition(c: Connector): Vec2 {
    const p = this.model.resolve(c, 'connector');
    p.position(this.pos, this.model.q);
    return [this.pos[0], this.pos[1]];
  }

  /**
   * Attaches the mouse spring to the material point (curve, u); its target starts where the point is. `together`:
   * the curves dragged with it (a multi-selection, the grabbed one may be among them), each held at a few of its
   * points to where they were plus the cursor's travel, so a free selection moves as one rigid piece.
   */
  grab(curve: string, u: number, together: readonly string[] = []): void {
    const i = this.curveAt(curve);
    if (!Number.isFinite(u) || u < 0 || u > 1) throw new Error(`grab: u must be in [0, 1], got ${u}`);
    const companions = together.flatMap((id) => this.holdPoints(this.curveAt(id)));
    this.integrator.grab(
      new ConnectorPoint(this.model.curves[i], i, this.model.curveOff[i], u, false),
      companions,
    );
  }

  /**
   * Material points that pin a curve's shape and place when each is held: one more than half its parameters (a
   * point's 2 → one), spread at the middles of equal spans of u so a closed curve's two ends are not both taken.
   */
  private holdPoints(i: number): ConnectorPoint[] {
    const curve = this.model.curves[i];
    const n = curve.size <= 2 ? 1 : Math.ceil(curve.size / 2) + 1;
    return Array.from(
      { length: n },
      (_, j) => new ConnectorPoint(curve, i, this.model.curveOff[i], (j + 0.5) / n, false),
    );
  }

  /** How far the pull is from where it aims (the grabbed point and any dragged along), mm; 0 when nothing is grabbed. */
  pullMiss(): number {
    return this.integrator.mouse ? this.integrator.mouseMiss() : 0;
  }

  /**
   * Attaches the mouse spring to a shape handle of the curve: the point that is its state entries (2·handle,
   * 2·handle + 1) — a Bézier's control point 0…3, a spline's knot. Only for the kinds whose state is all points.
   */
  grabHandle(curve: string, handle: number): void {
    const i = this.curveAt(curve);
    const model = this.model.curves[i];
    if (model.kind !== 'bezier' && model.kind !== 'spline')
      throw new Error(`grab: a ${model.kind} has no handles to grab`);
    if (!Number.isInteger(handle) || handle < 0 || 2 * handle + 1 >= model.size)
      throw new Error(`grab: ${curve} has no handle ${handle}`);
    this.integrator.grab(new ConnectorPoint(model, i, this.model.curveOff[i], 0, false, 2 * handle));
  }

  release(): void {
    this.integrator.release();
  }

  /**
   * Moves the mouse spring's target to the cursor (clamped to ±MAX_COORDINATE; a non-finite cursor is ignored) and
   * steps until the grabbed point has caught up or the budget ends.
   */
  dragFrame(cursor: Vec2, budgetMs: number): FrameReport {
    const start = performance.now();
    this.integrator.aim(cursor);
    this.integrator.refresh();
    const { steps, done } = this.integrator.run(start, budgetMs);
    return this.frameReport(start, steps, done, false);
  }

  /** Steps until max |C| < 1e-9 and motion stopped (or the budget ends). */
  settle(budgetMs = 1000): SettleReport {
    const start = performance.now();
    this.integrator.refresh();
    let { steps, done } = this.integrator.run(start, budgetMs);
    if (!(done && this.maxResidual() < RESIDUAL_TOLERANCE)) {
      steps += reseatTrappedBeads(this.model, this.integrator, start, budgetMs, RESIDUAL_TOLERANCE);
      // From the best state kept: at rest already (no step) if it is assembled, else what is left of the budget.
      const rest = this.integrator.run(
        performance.now(),
        Math.max(0, budgetMs - (performance.now() - start)),
      );
      steps += rest.steps;
      done = rest.done;
    }
    const maxResidual = this.maxResidual();
    return {
      steps,
      ms: performance.now() - start,
      maxResidual,
      converged: done && maxResidual < RESIDUAL_TOLERANCE,
    };
  }

  /** Advances running motors by rpm·dt (in substeps of at most ~31.5° of motor angle), solving after each. */
  advanceMotors(dtSeconds: number, budgetMs: number): FrameReport {
    const start = performance.now();
    this.integrator.refresh();
    const { steps, caughtUp, blocked } = this.integrator.advanceMotors(dtSeconds, start, budgetMs);
    return this.frameReport(start, steps, caughtUp, blocked);
  }

  /**
   * Position, velocity and acceleration of the material point (curve, u) at the present pose with the running
   * motors driving (kinematics.ts: exact, the minimum-drag motion where freedom remains), into `out` if given.
   * At a singular pose `defined` is false and `unmet` names the constraints the motion cannot satisfy. Throws for
   * an unknown curve or u outside [0, 1].
   */
  kinematics(curve: string, u: number, out: PointMotion = emptyMotion()): PointMotion {
    const i = this.curveAt(curve);
    if (!Number.isFinite(u) || u < 0 || u > 1) throw new Error(`kinematics: u must be in [0, 1], got ${u}`);
    this.integrator.refresh();
    const core = (this.kinematicsCore ??= new Kinematics(this.model));
    core.compute(out, i, u);
    // The next step starts from the same J W Jᵀ (the analysis's next advance): it may keep this factorisation.
    if (core.factored) this.integrator.adoptFactorisation(core.spd);
    return out;
  }

  diagnostics(): Diagnostics {
    return diagnose(this.model, this.integrator);
  }

  /** max |C| at the present state, as a finite number (no step taken). */
  get residual(): number {
    return this.maxResidual();
  }

  private frameReport(start: number, steps: number, caughtUp: boolean, blocked: boolean): FrameReport {
    return {
      steps,
      ms: performance.now() - start,
      maxResidual: this.maxResidual(),
      grabbed: this.integrator.grabbedPosition(),
      caughtUp,
      blocked,
    };
  }

  /** max |C| at the present state, as a finite number. */
  private maxResidual(): number {
    return finiteMeasure(this.integrator.residual.now());
  }

  private curveAt(id: string): number {
    const i = this.model.curveIndex.get(id);
    if (i === undefined) throw new Error(`unknown curve '${id}'`);
    return i;
  }
}
