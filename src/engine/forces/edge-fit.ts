// A snake as a force (issue 30): curves pulled to an image's edges. Each fitted curve carries n fixed samples u_s
// (closed: s/n; open: (s + ½)/n, clear of the ends, where blurred corners round off), and the energy is
//
//   E(q) = k · Σ_c Σ_s w · (1 − e(p_c(u_s; q))),   w = 1/n,
//
// e the edge field (edge-field.ts: the blurred image's gradient magnitude in [0, 1], a cubic B-spline; 0 off the
// image), k the strength: a curve over no edge has energy k, one lying along the strongest edge over its whole
// length 0 (the issue's −k Σ w e plus a constant, which moves nothing, so that the energy is ≥ 0 as every other
// force's is and the step controller's tolerances, relative to 1 + E, hold). The force is −∂E/∂q = k w Jᵀ∇e at each
// sample, J = ∂p/∂q the curve's Jacobian there; a sample off the image pulls on nothing.
//
// The stiffness (force.ts) is Gauss–Newton-like and positive semi-definite: k w Jᵀ [−∇²e]₊ J at each sample on the
// image, [−∇²e]₊ the positive part of the field's Hessian (negated) there — its positive eigenvalues with their
// directions, as s·aᵀa with a = vᵀJ. That is the energy's Hessian without the curve's own second derivatives and
// without its concave part: across a ridge, the ridge's curvature (a Newton step onto it); along an edge, or on a
// ridge's flank where −e is concave, nothing (there the step's length is the controller's h, which refuses any step
// that raises the energy). A bound of the field's curvature over the whole image (k w max|∇²e| JᵀJ), a true
// majorant, was tried first: 4–18× the steps (a disc 44 against 9, a rectangle 102 against 5, an ellipse 187 against
// 10), each step short of the ridge by the bound's slack. Nothing is allocated after construction.

import type { FittedCurve } from './data-fit';
import { sampleEdge, type EdgeField } from './edge-field';
import type { ForceTerm, StiffnessSink } from './force';

/** What the snake reads out at a state: how strong the edges under its samples are, how many are off the image. */
export interface EdgeReadout {
  /** The mean edge value over the samples on the image (0 with none), in [0, 1]. */
  meanEdge: number;
  /** How many samples lie off the image. */
  offImage: number;
}

export class EdgeFit implements ForceTerm {
  /** Per fitted curve: its samples' parameters (the same for every curve). */
  private readonly u: Float64Array;
  /** Samples per curve, and each one's weight w = 1/n. */
  private readonly n: number;
  private readonly weight: number;
  private readonly p = new Float64Array(2);
  /** The field at a sample: value, gradient (mm⁻¹), Hessian xx, xy, yy (mm⁻²). */
  private readonly e = new Float64Array(6);
  /** ∂p/∂q at a sample (2 × the widest curve's size), and one direction's row vᵀ ∂p/∂q. */
  private readonly jac: Float64Array;
  private readonly row: Float64Array;
  readonly readout: EdgeReadout = { meanEdge: 0, offImage: 0 };

  constructor(
    private readonly curves: readonly FittedCurve[],
    private readonly field: EdgeField,
    samplesPerCurve: number,
    private readonly strength: number,
  ) {
    if (!(Number.isInteger(samplesPerCurve) && samplesPerCurve >= 1))
      throw new RangeError(`a snake needs a whole number of samples per curve ≥ 1, got ${samplesPerCurve}`);
    if (!(strength >= 0 && Number.isFinite(strength)))
      throw new RangeError(`a snake's strength must be a finite number ≥ 0, got ${strength}`);
    const n = (this.n = samplesPerCurve);
    this.u = new Float64Array(curves.length * n);
    curves.forEach((c, i) => {
      for (let s = 0; s < n; s++) this.u[i * n + s] = c.model.closed ? s / n : (s + 0.5) / n;
    });
    this.weight = 1 / n;
    let widest = 1;
    for (const c of curves) widest = Math.max(widest, c.model.size);
    this.jac = new Float64Array(2 * widest);
    this.row = new Float64Array(widest);
  }

  /** The field at curve c's sample s into e (and p); false off the image. */
  private sample(c: number, s: number, q: Float64Array): boolean {
    const { model, qOff } = this.curves[c];
    model.position(this.p, q, qOff, this.u[c * this.n + s]);
    return sampleEdge(this.field, this.p[0], this.p[1], this.e);
  }

  addForce(Q: Float64Array, q: Float64Array): void {
    const { e, jac } = this;
    const n = this.n;
    const s0 = this.strength * this.weight;
    for (let c = 0; c < this.curves.length; c++) {
      const { model, qOff } = this.curves[c];
      const k = model.size;
      for (let s = 0; s < n; s++) {
        if (!this.sample(c, s, q)) continue;
        model.jacobian(jac, q, qOff, this.u[c * n + s]);
        const fx = s0 * e[1];
        const fy = s0 * e[2];
        for (let j = 0; j < k; j++) Q[qOff + j] += jac[j] * fx + jac[k + j] * fy;
      }
    }
  }

  addStiffness(sink: StiffnessSink, q: Float64Array, scale: number): void {
    const s0 = scale * this.strength * this.weight;
    if (!(s0 > 0)) return;
    const n = this.n;
    const { e } = this;
    for (let c = 0; c < this.curves.length; c++) {
      const { model, qOff } = this.curves[c];
      for (let s = 0; s < n; s++) {
        if (!this.sample(c, s, q)) continue;
        model.jacobian(this.jac, q, qOff, this.u[c * n + s]);
        // −∇²e = [a b; b d]: eigenvalues mid ± rad, the larger's unit eigenvector v ∥ (b, λ − a) or ∥ (λ − d, b),
        // whichever is the longer (one is not 0 unless the matrix is λ·I, where any v is one), the smaller's v⊥.
        const a = -e[3];
        const b = -e[4];
        const d = -e[5];
        const mid = 0.5 * (a + d);
        const rad = Math.hypot(0.5 * (a - d), b);
        const big = mid + rad;
        if (!(big > 0)) continue; // (no positive part, or not a number)
        let vx = b;
        let vy = big - a;
        if (Math.hypot(big - d, b) > Math.hypot(vx, vy)) {
          vx = big - d;
          vy = b;
        }
        const length = Math.hypot(vx, vy);
        if (length > 0) {
          vx /= length;
          vy /= length;
        } else {
          vx = 1;
          vy = 0;
        }
        this.addDirection(sink, c, vx, vy, s0 * big);
        if (mid - rad > 0) this.addDirection(sink, c, -vy, vx, s0 * (mid - rad));
      }
    }
  }

  /** Curve c's block += s·(vᵀJ)ᵀ(vᵀJ), v = (vx, vy) a unit direction, jac holding J = ∂p/∂q. */
  private addDirection(sink: StiffnessSink, c: number, vx: number, vy: number, s: number): void {
    const { model, block } = this.curves[c];
    const k = model.size;
    const { jac, row } = this;
    for (let j = 0; j < k; j++) row[j] = vx * jac[j] + vy * jac[k + j];
    sink.addGram(block, row, 0, 1, s);
  }

  markBlocks(mask: Uint8Array): void {
    for (const c of this.curves) mask[c.block] = 1;
  }

  energy(q: Float64Array): number {
    let sum = 0;
    const n = this.n;
    for (let c = 0; c < this.curves.length; c++)
      for (let s = 0; s < n; s++)
        if (this.sample(c, s, q)) sum += 1 - this.e[0];
        else sum += 1;
    return this.strength * this.weight * sum;
  }

  /** The mean edge value under the samples on the image, and how many are off it, at q. */
  measure(q: Float64Array): EdgeReadout {
    let sum = 0;
    let off = 0;
    const n = this.n;
    for (let c = 0; c < this.curves.length; c++)
      for (let s = 0; s < n; s++) {
        if (this.sample(c, s, q)) sum += this.e[0];
        else off++;
      }
    const on = this.u.length - off;
    this.readout.meanEdge = on > 0 ? sum / on : 0;
    this.readout.offImage = off;
    return this.readout;
  }
}
