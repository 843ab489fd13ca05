// Motors: a time-driven angle α(t), unwrapped (any number of turns). Residuals are in radians.
//   bar:   C = θ_bar − α − 2πn, n fixed at build so the initial |C| ≤ π (the bar's state angle is unwrapped too);
//   point: C = the signed angle from (cos α, sin α) to d = p_point − p_pivot, atan2(u×d, u·d), smooth near C = 0,
//          ∂C/∂d = (−d_y, d_x)/|d|².
// ∂C/∂t = −ω while the motor runs and time is advancing (rpm → ω = 2π·rpm/60 rad/s).
// A motor that is not running has no rows (build.ts): it holds nothing, so its crank is posed by hand, and its angle
// is what the crank's pose measures (angleNow), so that started again it turns on from the pose it was given.
import { ConnectorPoint } from '../model/connector';
import { blockIndex, type ConstraintTerm } from './constraint';

abstract class MotorTerm implements ConstraintTerm {
  readonly rows = 1;
  readonly blocks: number[] = [];
  /** The driven angle α (radians, unwrapped). */
  angle: number;
  /** 1 while the engine advances motor time, 0 in drag frames and settling (motors hold). */
  timeRate = 0;
  readonly omega: number;

  constructor(
    readonly id: string,
    angle: number,
    rpm: number,
    readonly running: boolean,
  ) {
    this.angle = angle;
    this.omega = (2 * Math.PI * rpm) / 60;
  }
  abstract residual(c: Float64Array, cOff: number, q: Float64Array): void;
  abstract jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void;
  timeDerivative(out: Float64Array, cOff: number): void {
    out[cOff] = this.running && this.timeRate !== 0 ? -this.omega * this.timeRate : 0;
  }
  /** Advances α by ω·dt if running. */
  advance(dt: number): void {
    if (this.running) this.angle += this.omega * dt;
  }
  /**
   * The angle the motor has now: α while it runs (it holds the crank there), else what the crank's pose measures —
   * α follows it, unwrapped from one call to the next (each write-back asks), so a crank posed round several turns
   * counts them as a running motor does.
   */
  angleNow(q: Float64Array): number {
    if (!this.running) this.angle += this.offAngle(q);
    return this.angle;
  }
  /** How far the crank's pose is from α (radians, in (−π, π] for a point; a bar's unwrapped angle less α). */
  protected abstract offAngle(q: Float64Array): number;
}

/** A motor on a curve's turn (a bar's angle, an ellipse's rotation, a cam's rot: shared/motor-turn.ts). */
export class BarMotorTerm extends MotorTerm {
  private readonly turnOffset: number;
  private readonly angleOff: number;
  /**
   * `column`: the turn's entry in the curve's state (block `block`, whose state starts at `curveOff` in q);
   * `barAngle`: the turn now.
   */
  constructor(
    id: string,
    angle: number,
    rpm: number,
    running: boolean,
    block: number,
    curveOff: number,
    private readonly column: number,
    barAngle: number,
  ) {
    super(id, angle, rpm, running);
    this.blocks.push(block);
    this.angleOff = curveOff + column;
    this.turnOffset = 2 * Math.PI * Math.round((barAngle - angle) / (2 * Math.PI));
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = q[this.angleOff] - this.angle - this.turnOffset;
  }
  protected offAngle(q: Float64Array): number {
    return q[this.angleOff] - this.angle - this.turnOffset;
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number): void {
    J[jOff[jBase] + this.column] += 1;
  }
}

export class PointMotorTerm extends MotorTerm {
  private readonly ip: number;
  private readonly ic: number;
  private readonly pp = new Float64Array(2);
  private readonly pc = new Float64Array(2);
  private readonly g = new Float64Array(2);
  private readonly ng = new Float64Array(2);

  constructor(
    id: string,
    angle: number,
    rpm: number,
    running: boolean,
    private readonly point: ConnectorPoint,
    private readonly pivot: ConnectorPoint,
  ) {
    super(id, angle, rpm, running);
    this.ip = blockIndex(this.blocks, point.block);
    this.ic = blockIndex(this.blocks, pivot.block);
  }
  residual(c: Float64Array, cOff: number, q: Float64Array): void {
    c[cOff] = this.offAngle(q);
  }
  protected offAngle(q: Float64Array): number {
    this.point.position(this.pp, q);
    this.pivot.position(this.pc, q);
    const dx = this.pp[0] - this.pc[0];
    const dy = this.pp[1] - this.pc[1];
    const ux = Math.cos(this.angle);
    const uy = Math.sin(this.angle);
    return Math.atan2(ux * dy - uy * dx, ux * dx + uy * dy);
  }
  jacobian(J: Float64Array, jOff: Int32Array, jBase: number, q: Float64Array): void {
    this.point.position(this.pp, q);
    this.pivot.position(this.pc, q);
    const dx = this.pp[0] - this.pc[0];
    const dy = this.pp[1] - this.pc[1];
    const d2 = dx * dx + dy * dy;
    const s = d2 > 1e-300 ? 1 / d2 : 0;
    this.g[0] = -dy * s;
    this.g[1] = dx * s;
    this.ng[0] = -this.g[0];
    this.ng[1] = -this.g[1];
    this.point.addJacobian(J, jOff[jBase + this.ip], 1, this.g, q);
    this.pivot.addJacobian(J, jOff[jBase + this.ic], 1, this.ng, q);
  }
}

export type AnyMotorTerm = BarMotorTerm | PointMotorTerm;
