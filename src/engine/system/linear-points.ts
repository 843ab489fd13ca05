// Attachments and pins between points that are fixed linear combinations of the state: a point curve, a fixed-u
// point of a cubic Bézier or a spline (both linear in their control points), the centre of a circle, arc or
// ellipse. Such a point is p = Σ w_k (q[i_k], q[i_k + 1]) with weights that depend only on u, so the kernel
// gathers them once at set-up: a residual is a few multiply-adds from flat arrays, and the Jacobian rows are
// constants, scattered into J. The general path recomputed a spline's Catmull–Rom basis in every evaluation
// (about half of a spline chain's residual and Jacobian time). The sums run in the order the curve models sum
// them, so the values are the same bit for bit (linear-points.test.ts checks it).
import { AttachTerm } from '../constraints/attach';
import type { ConstraintTerm } from '../constraints/constraint';
import { PinTerm } from '../constraints/pin';
import type { ConnectorPoint } from '../model/connector';

/** What linearPoint stands for a point that is a state pair (a point curve's, a centre): weight 1 on it. */
const STATE_PAIR = { index: [], weight: [] };

/** A connector's point as weights on state entries (absolute x indices; y is at +1), or null if not linear. */
function linearPoint(p: ConnectorPoint): { index: number[]; weight: number[] } | null {
  const terms = p.model.linearTerms?.(p.u);
  if (!terms) return null;
  // A zero weight adds an exact zero to the sum: leave it out.
  const index: number[] = [];
  const weight: number[] = [];
  terms.index.forEach((i, k) => {
    if (terms.weight[k] === 0) return;
    index.push(p.qOff + i);
    weight.push(terms.weight[k]);
  });
  return { index, weight };
}

export class LinearPointKernel {
  /** Per term of the system: 1 if this kernel evaluates it (the system then skips it). */
  readonly handles: Uint8Array;
  readonly count: number;
  /**
   * Per kernel constraint k: its first row; its first point's terms at from[k] … mid[k] and its second point's
   * at mid[k] … to[k] (none for a pin, whose target is (px, py)) in termQ (x index in q) / termW (weight).
   */
  private readonly row: Int32Array;
  private readonly from: Int32Array;
  private readonly mid: Int32Array;
  private readonly to: Int32Array;
  private readonly isPin: Uint8Array;
  private readonly px: Float64Array;
  private readonly py: Float64Array;
  private readonly termQ: Int32Array;
  private readonly termW: Float64Array;
  /** The Jacobian's non-zero entries on the kernel's rows (constant): J[jAt[s]] += jValue[s]. */
  private readonly jAt: Int32Array;
  private readonly jValue: Float64Array;

  constructor(
    terms: readonly ConstraintTerm[],
    rowStart: Int32Array,
    jOff: Int32Array,
    jBase: Int32Array,
    taken: Uint8Array,
  ) {
    this.handles = new Uint8Array(terms.length);
    const rows: number[] = [];
    const from: number[] = [];
    const mid: number[] = [];
    const to: number[] = [];
    const isPin: number[] = [];
    const px: number[] = [];
    const py: number[] = [];
    const termQ: number[] = [];
    const termW: number[] = [];
    const jAt: number[] = [];
    const jValue: number[] = [];
    terms.forEach((t, i) => {
      if (taken[i]) return;
      const points: { p: ConnectorPoint; sign: number }[] = [];
      if (t instanceof AttachTerm) points.push({ p: t.a, sign: 1 }, { p: t.b, sign: -1 });
      else if (t instanceof PinTerm) points.push({ p: t.point, sign: 1 });
      else return;
      const linear = points.map(({ p }) => (p.stateIndex >= 0 ? STATE_PAIR : linearPoint(p)));
      if (linear.some((l) => l === null)) return;
      this.handles[i] = 1;
      rows.push(rowStart[i]);
      isPin.push(t instanceof PinTerm ? 1 : 0);
      px.push(t instanceof PinTerm ? t.x : 0);
      py.push(t instanceof PinTerm ? t.y : 0);
      points.forEach(({ p, sign }, which) => {
        const l = linear[which]!;
        (which === 0 ? from : mid).push(termQ.length);
        const k = p.model.size;
        const jo = jOff[jBase[i] + t.blocks.indexOf(p.block)];
        if (p.stateIndex >= 0) {
          // A point curve's point, a centre: the state pair itself, weight 1 (no map to sum weights in).
          const j = p.stateIndex;
          termQ.push(p.qOff + j);
          termW.push(1);
          jAt.push(jo + j, jo + k + j + 1);
          jValue.push(sign, sign);
          return;
        }
        l.index.forEach((at, k) => {
          termQ.push(at);
          termW.push(l.weight[k]);
        });
        // ∂p/∂q as the curve model builds it: each entry the sum of its weights in order, then ± into the
        // block (rows x, y; the y weight sits one column right of the x weight).
        const column = new Map<number, number>();
        l.index.forEach((at, m) => column.set(at - p.qOff, (column.get(at - p.qOff) ?? 0) + l.weight[m]));
        for (const [j, w] of column) {
          if (w === 0) continue;
          jAt.push(jo + j, jo + k + j + 1);
          jValue.push(sign * w, sign * w);
        }
      });
      if (points.length === 1) mid.push(termQ.length);
      to.push(termQ.length);
    });
    this.count = rows.length;
    this.row = Int32Array.from(rows);
    this.from = Int32Array.from(from);
    this.mid = Int32Array.from(mid);
    this.to = Int32Array.from(to);
    this.isPin = Uint8Array.from(isPin);
    this.px = Float64Array.from(px);
    this.py = Float64Array.from(py);
    this.termQ = Int32Array.from(termQ);
    this.termW = Float64Array.from(termW);
    this.jAt = Int32Array.from(jAt);
    this.jValue = Float64Array.from(jValue);
  }

  /** c = C(q) on the kernel's rows: p_a − p_b for an attachment, p − x₀ for a pin. */
  residual(c: Float64Array, q: Float64Array): void {
    const { row, from, mid, to, isPin, px, py, termQ, termW } = this;
    for (let k = 0; k < row.length; k++) {
      let xa = 0;
      let ya = 0;
      for (let t = from[k]; t < mid[k]; t++) {
        xa += termW[t] * q[termQ[t]];
        ya += termW[t] * q[termQ[t] + 1];
      }
      let xb = px[k];
      let yb = py[k];
      if (!isPin[k]) {
        xb = 0;
        yb = 0;
        for (let t = mid[k]; t < to[k]; t++) {
          xb += termW[t] * q[termQ[t]];
          yb += termW[t] * q[termQ[t] + 1];
        }
      }
      const r = row[k];
      c[r] = xa - xb;
      c[r + 1] = ya - yb;
    }
  }

  /** Accumulates the kernel's rows of J (zeroed by the caller): constants, independent of q. */
  jacobian(J: Float64Array): void {
    const { jAt, jValue } = this;
    for (let s = 0; s < jAt.length; s++) J[jAt[s]] += jValue[s];
  }
}
