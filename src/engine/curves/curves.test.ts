import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve } from '../../shared/drawing';
import type { CurveModel } from './curve';
import { createCurveModel } from './registry';
import { SplineModel } from './spline';

const drawing = emptyDrawing();

/** One example curve of every kind the engine builds itself (equation curves belong to the expression engine). */
const EXAMPLES: Curve[] = [
  { id: 'p', kind: 'point', at: [1, 2] },
  { id: 's', kind: 'segment', a: [0, 0], b: [3, 1] },
  { id: 'b', kind: 'bar', center: [1, 1], angle: 0.3, length: 2 },
  { id: 'c', kind: 'circle', center: [0, 0], radius: 2 },
  { id: 'a', kind: 'arc', center: [1, 0], radius: 3, start: 0.2, sweep: 2 },
  { id: 'e', kind: 'ellipse', center: [0, 1], rx: 3, ry: 1, rotation: 0.4 },
  {
    id: 'z',
    kind: 'bezier',
    points: [
      [0, 0],
      [1, 2],
      [3, 2],
      [4, 0],
    ],
  },
  {
    id: 'o',
    kind: 'spline',
    points: [
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 2],
    ],
    closed: false,
  },
  {
    id: 'l',
    kind: 'spline',
    points: [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 3],
    ],
    closed: true,
  },
  {
    id: 't',
    kind: 'spline',
    points: [
      [0, 0],
      [2, 1],
    ],
    closed: false,
  },
];

function randomState(model: CurveModel, seed: number[]): Float64Array {
  const q = new Float64Array(model.size + 1);
  model.initialState(q, 1);
  for (let j = 0; j < model.size; j++) q[1 + j] += seed[j % seed.length];
  return q;
}

const seeds = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 10, maxLength: 10 });
const us = fc.double({ min: 0.001, max: 0.999, noNaN: true });

function relErr(a: number, b: number, scale: number): number {
  return Math.abs(a - b) / Math.max(1, scale);
}

/** u moved off the joints of a spline's pieces (Catmull–Rom is C¹: ∂²p/∂u² jumps there); others unchanged. */
function offJoints(model: CurveModel, u: number): number {
  if (!(model instanceof SplineModel)) return u;
  const m = model.closed ? model.count : model.count - 1;
  const x = u * m;
  const i = Math.min(Math.floor(x), m - 1);
  return (i + 0.01 + 0.98 * (x - i)) / m;
}

describe.each(
  EXAMPLES.map(
    (c) =>
      [c.kind + (c.kind === 'spline' ? (c.closed ? ' closed' : ` open ${c.points.length}`) : ''), c] as const,
  ),
)('curve %s', (_name, curve) => {
  const model = createCurveModel(curve, drawing);
  const k = model.size;

  it('∂p/∂q matches central finite differences at random states (rel. error < 1e-6)', () => {
    fc.assert(
      fc.property(seeds, us, (seed, u) => {
        const q = randomState(model, seed);
        const J = new Float64Array(2 * k);
        model.jacobian(J, q, 1, u);
        const pp = new Float64Array(2);
        const pm = new Float64Array(2);
        for (let j = 0; j < k; j++) {
          const h = 1e-6;
          const save = q[1 + j];
          q[1 + j] = save + h;
          model.position(pp, q, 1, u);
          q[1 + j] = save - h;
          model.position(pm, q, 1, u);
          q[1 + j] = save;
          for (let r = 0; r < 2; r++) {
            const fd = (pp[r] - pm[r]) / (2 * h);
            expect(relErr(J[r * k + j], fd, Math.abs(fd))).toBeLessThan(1e-6);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('∂p/∂u matches central finite differences', () => {
    fc.assert(
      fc.property(seeds, us, (seed, u) => {
        const q = randomState(model, seed);
        const t = new Float64Array(2);
        model.tangent(t, q, 1, u);
        const pp = new Float64Array(2);
        const pm = new Float64Array(2);
        const h = 1e-7;
        model.position(pp, q, 1, u + h);
        model.position(pm, q, 1, u - h);
        for (let r = 0; r < 2; r++) {
          const fd = (pp[r] - pm[r]) / (2 * h);
          expect(relErr(t[r], fd, Math.abs(fd))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('∂²p/∂u∂q (tangentJacobian) matches central finite differences of ∂p/∂u in q', () => {
    fc.assert(
      fc.property(seeds, us, (seed, u) => {
        const q = randomState(model, seed);
        const T = new Float64Array(2 * k).fill(NaN);
        model.tangentJacobian(T, q, 1, u);
        const tp = new Float64Array(2);
        const tm = new Float64Array(2);
        for (let j = 0; j < k; j++) {
          const h = 1e-6;
          const save = q[1 + j];
          q[1 + j] = save + h;
          model.tangent(tp, q, 1, u);
          q[1 + j] = save - h;
          model.tangent(tm, q, 1, u);
          q[1 + j] = save;
          for (let r = 0; r < 2; r++) {
            const fd = (tp[r] - tm[r]) / (2 * h);
            expect(relErr(T[r * k + j], fd, Math.abs(fd))).toBeLessThan(1e-6);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('∂²p/∂u² (secondDerivative) matches central finite differences of ∂p/∂u in u', () => {
    fc.assert(
      fc.property(seeds, us, (seed, u0) => {
        const u = offJoints(model, u0);
        const q = randomState(model, seed);
        const a = new Float64Array(2).fill(NaN);
        model.secondDerivative(a, q, 1, u);
        const tp = new Float64Array(2);
        const tm = new Float64Array(2);
        const h = 1e-6;
        model.tangent(tp, q, 1, u + h);
        model.tangent(tm, q, 1, u - h);
        for (let r = 0; r < 2; r++) {
          const fd = (tp[r] - tm[r]) / (2 * h);
          expect(relErr(a[r], fd, Math.abs(fd))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('drag matrix is symmetric positive definite (also when the curve degenerates)', () => {
    const states = [randomState(model, [0]), new Float64Array(k + 1)]; // the second: every parameter zero
    for (const q of states) {
      const M = new Float64Array(k * k);
      model.dragMatrix(M, q, 1);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) expect(M[i * k + j]).toBe(M[j * k + i]);
      // Cholesky succeeds with positive pivots.
      const L = new Float64Array(k * k);
      for (let i = 0; i < k; i++)
        for (let j = 0; j <= i; j++) {
          let s = M[i * k + j];
          for (let m = 0; m < j; m++) s -= L[i * k + m] * L[j * k + m];
          if (i === j) {
            expect(s).toBeGreaterThan(0);
            L[i * k + i] = Math.sqrt(s);
          } else L[i * k + j] = s / L[j * k + j];
        }
    }
  });

  it('its path starts at p(0), ends at p(1) and passes through p(u)', () => {
    const q = randomState(model, [0]);
    const path = model.path(q, 1, 0.01);
    const p0 = new Float64Array(2);
    const p1 = new Float64Array(2);
    model.position(p0, q, 1, 0);
    model.position(p1, q, 1, 1);
    expect(path.start[0]).toBeCloseTo(p0[0], 12);
    expect(path.start[1]).toBeCloseTo(p0[1], 12);
    const last = path.segments.at(-1);
    if (last) {
      const end = sampleSegmentEnd(last);
      expect(end[0]).toBeCloseTo(p1[0], 10);
      expect(end[1]).toBeCloseTo(p1[1], 10);
    }
    expect(path.closed).toBe(model.closed);
  });

  it('bounds contain the curve and closestU finds a point it was asked about', () => {
    const q = randomState(model, [0]);
    const box = new Float64Array(4);
    model.bounds(box, q, 1);
    const p = new Float64Array(2);
    for (let i = 0; i <= 50; i++) {
      model.position(p, q, 1, i / 50);
      expect(p[0]).toBeGreaterThanOrEqual(box[0] - 1e-9);
      expect(p[1]).toBeGreaterThanOrEqual(box[1] - 1e-9);
      expect(p[0]).toBeLessThanOrEqual(box[2] + 1e-9);
      expect(p[1]).toBeLessThanOrEqual(box[3] + 1e-9);
    }
    if (model.kind === 'point') return;
    model.position(p, q, 1, 0.37);
    const u = model.closestU(q, 1, p[0], p[1]);
    const back = new Float64Array(2);
    model.position(back, q, 1, u);
    expect(Math.hypot(back[0] - p[0], back[1] - p[1])).toBeLessThan(1e-6);
  });

  it('writes its state back into the drawing data and reads it again unchanged', () => {
    const q = randomState(model, [0.5, -0.25, 0.125]);
    const copy = structuredClone(curve);
    model.writeState(copy, q, 1);
    const again = createCurveModel(copy, drawing);
    const q2 = new Float64Array(k);
    again.initialState(q2, 0);
    expect(Array.from(q2)).toEqual(Array.from(q.subarray(1)));
  });
});

/** The end point of a path segment (arc: from its centre, radii, rotation and end angle). */
function sampleSegmentEnd(s: import('../../shared/primitives').PathSegment): [number, number] {
  switch (s.type) {
    case 'line':
    case 'cubic':
      return s.to;
    case 'polyline':
      return s.points.at(-1)!;
    case 'arc': {
      const t = s.start + s.sweep;
      const x = s.rx * Math.cos(t);
      const y = s.ry * Math.sin(t);
      return [
        s.center[0] + x * Math.cos(s.rotation) - y * Math.sin(s.rotation),
        s.center[1] + x * Math.sin(s.rotation) + y * Math.cos(s.rotation),
      ];
    }
  }
}

describe('exact conversions', () => {
  it('a spline piece equals its Bézier conversion at every u', () => {
    const curve = EXAMPLES.find((c) => c.id === 'o')!;
    const model = createCurveModel(curve, drawing);
    const q = new Float64Array(model.size);
    model.initialState(q, 0);
    const path = model.path(q, 0, 0.01);
    expect(path.segments).toHaveLength(3);
    const p = new Float64Array(2);
    let start = path.start;
    path.segments.forEach((seg, i) => {
      if (seg.type !== 'cubic') throw new Error('expected cubic');
      for (const t of [0.1, 0.5, 0.9]) {
        const v = 1 - t;
        const bx =
          v ** 3 * start[0] + 3 * v * v * t * seg.c1[0] + 3 * v * t * t * seg.c2[0] + t ** 3 * seg.to[0];
        const by =
          v ** 3 * start[1] + 3 * v * v * t * seg.c1[1] + 3 * v * t * t * seg.c2[1] + t ** 3 * seg.to[1];
        model.position(p, q, 0, (i + t) / 3);
        expect(p[0]).toBeCloseTo(bx, 12);
        expect(p[1]).toBeCloseTo(by, 12);
      }
      start = seg.to;
    });
  });

  it('a spline passes through its points and a closed one wraps', () => {
    const curve = EXAMPLES.find((c) => c.id === 'l')!;
    if (curve.kind !== 'spline') throw new Error('spline');
    const model = createCurveModel(curve, drawing);
    const q = new Float64Array(model.size);
    model.initialState(q, 0);
    const p = new Float64Array(2);
    curve.points.forEach((pt, i) => {
      model.position(p, q, 0, i / 4);
      expect(p[0]).toBeCloseTo(pt[0], 12);
      expect(p[1]).toBeCloseTo(pt[1], 12);
    });
    model.position(p, q, 0, 1);
    expect(p[0]).toBeCloseTo(0, 12);
    expect(p[1]).toBeCloseTo(0, 12);
  });

  it("a bar's drag matrix is the exact integral (L + ℓ₀)·diag(1, 1, L²/12) + μI", () => {
    const model = createCurveModel({ id: 'b', kind: 'bar', center: [0, 0], angle: 1, length: 6 }, drawing);
    const M = new Float64Array(9);
    model.dragMatrix(M, new Float64Array(3), 0);
    expect(M[0]).toBeCloseTo(7, 5);
    expect(M[8]).toBeCloseTo(7 * 3, 5);
    expect(M[1]).toBe(0);
  });
});
