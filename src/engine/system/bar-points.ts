// Attachments and pins between material points of bars — what mechanisms are made of — evaluated from flat
// arrays in one loop each, instead of one object call per constraint through its connectors and curve models.
// Those calls walk a few small objects per constraint scattered over the heap; at a thousand four-bars the
// residual took ~38 ns per row even with everything in cache, and more in a real step, where the factorisation
// has pushed the objects out of it. Here a residual is two loops over typed arrays. The arithmetic is the same,
// operation for operation, as AttachTerm / PinTerm through BarModel, so the values are bit for bit the same
// (bar-points.test.ts checks it). Every other constraint keeps the general path.
import { AttachTerm } from '../constraints/attach';
import type { ConstraintTerm } from '../constraints/constraint';
import { PinTerm } from '../constraints/pin';
import { BarModel } from '../curves/bar';
import type { ConnectorPoint } from '../model/connector';

/** The material point of a bar a connector names, or null (another curve, or a centre). */
function barPoint(p: ConnectorPoint): { qOff: number; r: number } | null {
  if (p.center || !(p.model instanceof BarModel)) return null;
  return { qOff: p.qOff, r: (p.u - 0.5) * p.model.length };
}

export class BarPointKernel {
  /** Per term of the system: 1 if this kernel evaluates it (the system then skips it). */
  readonly handles: Uint8Array;
  readonly count: number;
  /** Per bar the kernel reads: the offset of its state (cx, cy, θ) in q, and cos / sin of the last θ seen. */
  private readonly barQ: Int32Array;
  private readonly lastAngle: Float64Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  /**
   * Per kernel constraint k: its first row, its first point (bar a, r_a = (u − ½)·L), its second point for an
   * attachment (bar b, r_b; bBar = −1 for a pin, whose target is (px, py)), and the offsets of the Jacobian
   * blocks of bar a and bar b in J.
   */
  private readonly row: Int32Array;
  private readonly aBar: Int32Array;
  private readonly bBar: Int32Array;
  private readonly aR: Float64Array;
  private readonly bR: Float64Array;
  private readonly px: Float64Array;
  private readonly py: Float64Array;
  private readonly aJ: Int32Array;
  private readonly bJ: Int32Array;

  constructor(terms: readonly ConstraintTerm[], rowStart: Int32Array, jOff: Int32Array, jBase: Int32Array) {
    this.handles = new Uint8Array(terms.length);
    const bars = new Map<number, number>();
    const barOf = (qOff: number): number => {
      let b = bars.get(qOff);
      if (b === undefined) bars.set(qOff, (b = bars.size));
      return b;
    };
    const rows: number[] = [];
    const aBar: number[] = [];
    const bBar: number[] = [];
    const aR: number[] = [];
    const bR: number[] = [];
    const px: number[] = [];
    const py: number[] = [];
    const aJ: number[] = [];
    const bJ: number[] = [];
    terms.forEach((t, i) => {
      let a: { qOff: number; r: number } | null = null;
      let b: { qOff: number; r: number } | null = null;
      let ia = 0;
      let ib = 0;
      if (t instanceof AttachTerm) {
        a = barPoint(t.a);
        b = barPoint(t.b);
        if (!a || !b) return;
        ia = t.blocks.indexOf(t.a.block);
        ib = t.blocks.indexOf(t.b.block);
      } else if (t instanceof PinTerm) {
        a = barPoint(t.point);
        if (!a) return;
      } else return;
      this.handles[i] = 1;
      rows.push(rowStart[i]);
      aBar.push(barOf(a.qOff));
      aR.push(a.r);
      aJ.push(jOff[jBase[i] + ia]);
      if (b) {
        bBar.push(barOf(b.qOff));
        bR.push(b.r);
        bJ.push(jOff[jBase[i] + ib]);
        px.push(0);
        py.push(0);
      } else {
        const pin = t as PinTerm;
        bBar.push(-1);
        bR.push(0);
        bJ.push(0);
        px.push(pin.x);
        py.push(pin.y);
      }
    });
    this.count = rows.length;
    this.barQ = Int32Array.from(bars.keys());
    this.lastAngle = new Float64Array(bars.size).fill(NaN);
    this.cos = new Float64Array(bars.size);
    this.sin = new Float64Array(bars.size);
    this.row = Int32Array.from(rows);
    this.aBar = Int32Array.from(aBar);
    this.bBar = Int32Array.from(bBar);
    this.aR = Float64Array.from(aR);
    this.bR = Float64Array.from(bR);
    this.px = Float64Array.from(px);
    this.py = Float64Array.from(py);
    this.aJ = Int32Array.from(aJ);
    this.bJ = Int32Array.from(bJ);
  }

  /** cos / sin of every bar's angle at q (recomputed only for the angles that changed). */
  private trig(q: Float64Array): void {
    const { barQ, lastAngle, cos, sin } = this;
    for (let b = 0; b < barQ.length; b++) {
      const angle = q[barQ[b] + 2];
      if (angle !== lastAngle[b]) {
        lastAngle[b] = angle;
        cos[b] = Math.cos(angle);
        sin[b] = Math.sin(angle);
      }
    }
  }

  /** c = C(q) on the kernel's rows: p_a − p_b for an attachment, p − x₀ for a pin. */
  residual(c: Float64Array, q: Float64Array): void {
    if (this.count === 0) return;
    this.trig(q);
    const { barQ, cos, sin, row, aBar, bBar, aR, bR, px, py } = this;
    for (let k = 0; k < row.length; k++) {
      const a = aBar[k];
      const qa = barQ[a];
      const ra = aR[k];
      const xa = q[qa] + ra * cos[a];
      const ya = q[qa + 1] + ra * sin[a];
      const b = bBar[k];
      const r = row[k];
      if (b < 0) {
        c[r] = xa - px[k];
        c[r + 1] = ya - py[k];
      } else {
        const qb = barQ[b];
        const rb = bR[k];
        c[r] = xa - (q[qb] + rb * cos[b]);
        c[r + 1] = ya - (q[qb + 1] + rb * sin[b]);
      }
    }
  }

  /**
   * Accumulates the kernel's rows of J (zeroed by the caller): ±∂p/∂(cx, cy, θ) = ±[1 0 −r sin θ; 0 1 r cos θ]
   * into each bar's 2×3 block (an attachment's two points on one bar share the block, so they add).
   */
  jacobian(J: Float64Array, q: Float64Array): void {
    if (this.count === 0) return;
    this.trig(q);
    const { cos, sin, row, aBar, bBar, aR, bR, aJ, bJ } = this;
    for (let k = 0; k < row.length; k++) {
      const a = aBar[k];
      const ra = aR[k];
      let o = aJ[k];
      J[o] += 1;
      J[o + 2] += -ra * sin[a];
      J[o + 4] += 1;
      J[o + 5] += ra * cos[a];
      const b = bBar[k];
      if (b < 0) continue;
      const rb = bR[k];
      o = bJ[k];
      J[o] -= 1;
      J[o + 2] -= -rb * sin[b];
      J[o + 4] -= 1;
      J[o + 5] -= rb * cos[b];
    }
  }
}
