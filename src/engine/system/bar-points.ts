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

/** Whether a connector names a material point of a bar (not another curve, not a centre). */
function isBarPoint(p: ConnectorPoint): boolean {
  return !p.center && p.model instanceof BarModel;
}

/** A bar point's offset from the bar's centre along it: r = (u − ½)·L, as BarModel.position computes it. */
function barR(p: ConnectorPoint): number {
  return (p.u - 0.5) * (p.model as BarModel).length;
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
    const m = terms.length;
    this.handles = new Uint8Array(m);
    // Filled in typed arrays sized for every term, then cut to the kernel's count; each bar numbered by its block
    // in first-seen order. (JS arrays, a Map of bars and an object per point were 100,000s of small objects for
    // the GC on a big drawing's build.)
    let blockCount = 0;
    for (const t of terms) for (const b of t.blocks) blockCount = Math.max(blockCount, b + 1);
    const barAt = new Int32Array(blockCount).fill(-1);
    const barQ = new Int32Array(blockCount);
    let bars = 0;
    const barOf = (p: ConnectorPoint): number => {
      if (barAt[p.block] < 0) {
        barAt[p.block] = bars;
        barQ[bars++] = p.qOff;
      }
      return barAt[p.block];
    };
    const row = new Int32Array(m);
    const aBar = new Int32Array(m);
    const bBar = new Int32Array(m);
    const aR = new Float64Array(m);
    const bR = new Float64Array(m);
    const px = new Float64Array(m);
    const py = new Float64Array(m);
    const aJ = new Int32Array(m);
    const bJ = new Int32Array(m);
    let count = 0;
    terms.forEach((t, i) => {
      let a: ConnectorPoint;
      let b: ConnectorPoint | null = null;
      if (t instanceof AttachTerm) {
        if (!isBarPoint(t.a) || !isBarPoint(t.b)) return;
        a = t.a;
        b = t.b;
      } else if (t instanceof PinTerm) {
        if (!isBarPoint(t.point)) return;
        a = t.point;
      } else return;
      this.handles[i] = 1;
      const k = count++;
      row[k] = rowStart[i];
      aBar[k] = barOf(a);
      aR[k] = barR(a);
      aJ[k] = jOff[jBase[i] + t.blocks.indexOf(a.block)];
      if (b) {
        bBar[k] = barOf(b);
        bR[k] = barR(b);
        bJ[k] = jOff[jBase[i] + t.blocks.indexOf(b.block)];
      } else {
        const pin = t as PinTerm;
        bBar[k] = -1;
        px[k] = pin.x;
        py[k] = pin.y;
      }
    });
    this.count = count;
    this.barQ = barQ.slice(0, bars);
    this.lastAngle = new Float64Array(bars).fill(NaN);
    this.cos = new Float64Array(bars);
    this.sin = new Float64Array(bars);
    this.row = row.slice(0, count);
    this.aBar = aBar.slice(0, count);
    this.bBar = bBar.slice(0, count);
    this.aR = aR.slice(0, count);
    this.bR = bR.slice(0, count);
    this.px = px.slice(0, count);
    this.py = py.slice(0, count);
    this.aJ = aJ.slice(0, count);
    this.bJ = bJ.slice(0, count);
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
