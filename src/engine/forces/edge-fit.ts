// A snake as a force (issue 30): curves pulled to an image's edges. Each fitted curve carries n fixed samples u_s
// (closed: s/n; open: (s + ½)/n, clear of the ends, where blurred corners round off), and the energy is
//
//   E(q) = k · Σ_c Σ_s w · (1 − e(p_c(u_s; q))),   w = 1/n,
//
// e the edge field (edge-field.ts: the blurred image's gradient magnitude in [0, 1], bilinear; 0 off the image), k
// the strength: a curve over no edge has energy k, one lying along the strongest edge over its whole length 0 (the
// issue's −k Σ w e plus a constant, which moves nothing, so that the energy is ≥ 0 as every other force's is and
// the step controller's tolerances, relative to 1 + E, hold). The force is −∂E/∂q = k w ∇eᵀ J at each sample, J =
// ∂p/∂q the curve's Jacobian there; a sample off the image pulls on nothing.
//
// The stiffness majorant (force.ts) is Gauss–Newton-like: k w κ JᵀJ at each sample on the image, κ the field's
// curvature bound (its largest |Hessian|, in pixels⁻², times the pixels per mm squared), which bounds −∂²e/∂p²
// and so the energy's curvature along the samples' motion. It keeps the linearly implicit step from overshooting a
// ridge; the step controller refuses any step that raises the energy. Nothing is allocated after construction.

import type { FittedCurve } from './data-fit';
import { pixelsPerMm, sampleEdge, type EdgeField } from './edge-field';
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
  /** k w κ (mm⁻²): each sample's stiffness factor. */
  private readonly stiff: number;
  private readonly p = new Float64Array(2);
  /** The field at a sample: value, ∂/∂x, ∂/∂y (mm⁻¹). */
  private readonly e = new Float64Array(3);
  /** ∂p/∂q at a sample (2 × the widest curve's size). */
  private readonly jac: Float64Array;
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
    const ppm = pixelsPerMm(field.toPixel);
    this.stiff = strength * this.weight * field.curvature * ppm * ppm;
    let widest = 1;
    for (const c of curves) widest = Math.max(widest, c.model.size);
    this.jac = new Float64Array(2 * widest);
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
    const s = scale * this.stiff;
    if (!(s > 0)) return;
    const n = this.n;
    for (let c = 0; c < this.curves.length; c++) {
      const { model, qOff, block } = this.curves[c];
      for (let i = 0; i < n; i++) {
        if (!this.sample(c, i, q)) continue;
        model.jacobian(this.jac, q, qOff, this.u[c * n + i]);
        sink.addGram(block, this.jac, 0, 2, s);
      }
    }
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
