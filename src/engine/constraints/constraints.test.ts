import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Constraint, type Drawing } from '../../shared/drawing';
import { buildModel } from '../build';
import { curveZoo } from '../test-support/drawings';
import { expectJacobianMatchesFiniteDifferences } from '../test-support/finite-differences';

/** Every constraint kind, over a mix of curve kinds and connector forms (u, anchors, off-curve centres). */
function zoo(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    ...curveZoo(),
    { id: 'point', kind: 'point', at: [2, 2] },
    { id: 'segment2', kind: 'segment', a: [6, -4], b: [9, -2] },
    { id: 'bar2', kind: 'bar', center: [-6, 1], angle: 1.2, length: 4 },
    { id: 'circle2', kind: 'circle', center: [12, 6], radius: 1.5 },
  );
  const k: Constraint[] = [
    { id: 'attach', kind: 'attach', a: { curve: 'bar', anchor: 'end' }, b: { curve: 'circle', u: 0.6 } },
    {
      id: 'attach-centre',
      kind: 'attach',
      a: { curve: 'ellipse', anchor: 'center' },
      b: { curve: 'segment', u: 0.3 },
    },
    {
      id: 'on-circle',
      kind: 'on-curve',
      point: { curve: 'point', anchor: 'start' },
      curve: 'circle',
      s: 0.3,
    },
    { id: 'on-spline', kind: 'on-curve', point: { curve: 'bezier', u: 0.2 }, curve: 'spline', s: 0.6 },
    { id: 'on-loop', kind: 'on-curve', point: { curve: 'arc', anchor: 'end' }, curve: 'loop', s: 0.9 },
    { id: 'on-self', kind: 'on-curve', point: { curve: 'bezier', u: 0.9 }, curve: 'bezier', s: 0.1 },
    { id: 'pin', kind: 'pin', point: { curve: 'arc', anchor: 'center' }, at: [-2, 3] },
    {
      id: 'distance',
      kind: 'distance',
      a: { curve: 'spline', anchor: 'start' },
      b: { curve: 'loop', u: 0.4 },
      length: 3,
    },
    {
      id: 'distance-same',
      kind: 'distance',
      a: { curve: 'bezier', u: 0 },
      b: { curve: 'bezier', u: 1 },
      length: 4,
    },
    { id: 'motor-bar', kind: 'motor', bar: 'bar', rpm: 30, angle: 0.4, running: true },
    { id: 'motor-ellipse', kind: 'motor', bar: 'ellipse', rpm: 30, angle: 0.1, running: true },
    {
      id: 'motor-point',
      kind: 'motor',
      point: { curve: 'segment', anchor: 'end' },
      pivot: { curve: 'circle', anchor: 'center' },
      rpm: -10,
      angle: 7,
      running: true,
    },
    // The sketch kinds, over segments and bars, connectors of every form; angles and sides away from their cuts.
    {
      id: 'horizontal',
      kind: 'horizontal',
      a: { curve: 'bezier', u: 0.3 },
      b: { curve: 'bar', anchor: 'end' },
    },
    {
      id: 'vertical',
      kind: 'vertical',
      a: { curve: 'circle', anchor: 'center' },
      b: { curve: 'segment2', u: 0.7 },
    },
    { id: 'parallel', kind: 'parallel', lines: ['segment', 'bar'] },
    { id: 'perpendicular', kind: 'perpendicular', lines: ['segment2', 'bar2'] },
    { id: 'angle-one', kind: 'angle', lines: ['segment2'], angle: 0.1 },
    { id: 'angle-two', kind: 'angle', lines: ['bar', 'segment2'], angle: -1 },
    { id: 'equal-lines', kind: 'equal', curves: ['segment', 'segment2'] },
    { id: 'equal-bar-segment', kind: 'equal', curves: ['bar2', 'segment'] },
    { id: 'equal-bars', kind: 'equal', curves: ['bar', 'bar2'] },
    { id: 'equal-radii', kind: 'equal', curves: ['circle', 'arc'] },
    {
      id: 'symmetric',
      kind: 'symmetric',
      a: { curve: 'spline', u: 0.5 },
      b: { curve: 'circle2', anchor: 'center' },
      line: 'segment2',
    },
    {
      id: 'symmetric-bar',
      kind: 'symmetric',
      a: { curve: 'point', anchor: 'start' },
      b: { curve: 'arc', u: 0.2 },
      line: 'bar',
    },
    { id: 'midpoint', kind: 'midpoint', point: { curve: 'ellipse', u: 0.1 }, line: 'segment' },
    { id: 'midpoint-bar', kind: 'midpoint', point: { curve: 'point', anchor: 'start' }, line: 'bar2' },
    { id: 'concentric', kind: 'concentric', curves: ['circle2', 'ellipse'] },
    // The tangent's three forms beside the rest: a contact sliding on a spline, two circles, G1 at two connectors.
    { id: 'tangent-contact', kind: 'tangent', curves: ['segment2', 'spline'], s: 0.4 },
    { id: 'tangent-circles', kind: 'tangent', curves: ['circle', 'circle2'], internal: false },
    {
      id: 'tangent-g1',
      kind: 'tangent',
      a: { curve: 'bezier', anchor: 'end' },
      b: { curve: 'loop', u: 0.3 },
    },
    {
      id: 'point-line',
      kind: 'point-line-distance',
      point: { curve: 'loop', u: 0.2 },
      line: 'bar2',
      distance: 3,
    },
    { id: 'radius', kind: 'radius', curve: 'arc', radius: 2.5 },
    { id: 'length', kind: 'length', curve: 'segment2', length: 3 },
    { id: 'length-bar', kind: 'length', curve: 'bar', length: 5 },
  ];
  d.constraints.push(...k);
  return d;
}

describe('constraint Jacobians', () => {
  it('every row of every constraint matches central finite differences at random states (rel. error < 1e-6)', () => {
    expectJacobianMatchesFiniteDifferences(buildModel(zoo()), 25);
  });

  it('names each row after its constraint and touches only its own blocks', () => {
    const model = buildModel(zoo());
    const ids = Array.from(model.system.rowTerm, (t) => model.terms[t].id);
    expect(ids.filter((id) => id === 'attach')).toHaveLength(2);
    expect(ids.filter((id) => id === 'distance')).toHaveLength(1);
    expect(ids.filter((id) => id === 'motor-point')).toHaveLength(1);
    const onSelf = model.terms.find((t) => t.id === 'on-self')!;
    expect(onSelf.blocks).toHaveLength(2); // the Bézier once, its bead once
    for (const id of ['symmetric', 'symmetric-bar', 'midpoint', 'midpoint-bar', 'concentric'])
      expect(ids.filter((x) => x === id)).toHaveLength(2);
    for (const id of ['horizontal', 'parallel', 'angle-two', 'equal-lines', 'point-line', 'radius', 'length'])
      expect(ids.filter((x) => x === id)).toHaveLength(1);
    // Tangent: a contact is two rows over the line, the curve and its own sliding parameter; the others one.
    expect(ids.filter((x) => x === 'tangent-contact')).toHaveLength(2);
    expect(model.terms.find((t) => t.id === 'tangent-contact')!.blocks).toHaveLength(3);
    expect(ids.filter((x) => x === 'tangent-circles')).toHaveLength(1);
    expect(ids.filter((x) => x === 'tangent-g1')).toHaveLength(1);
    // Bars 3 and 4 long: their equality and the bar's length 5 are constant rows on the bars, touching nothing else.
    expect(ids.filter((x) => x === 'equal-bars')).toHaveLength(1);
    expect(model.terms.find((t) => t.id === 'length-bar')!.blocks).toEqual([model.curveIndex.get('bar')]);
    // A bar's length is no state: the equality of a bar and a segment touches the segment only.
    expect(model.terms.find((t) => t.id === 'equal-bar-segment')!.blocks).toEqual([
      model.curveIndex.get('segment'),
    ]);
  });

  it('motors: ∂C/∂t = −ω while time advances, 0 while held', () => {
    const model = buildModel(zoo());
    const out = new Float64Array(model.system.rows);
    const motor = model.motors.find((m) => m.term.id === 'motor-bar')!.term;
    const row = model.system.rowStart[model.terms.indexOf(motor)];
    model.system.timeDerivative(out);
    expect(out[row]).toBe(0);
    motor.timeRate = 1;
    model.system.timeDerivative(out);
    expect(out[row]).toBeCloseTo((-2 * Math.PI * 30) / 60, 12);
  });

  it('the point motor measures the unwrapped angle: 7 rad drives the point to angle 7 − 2π about its pivot', () => {
    const d = zoo();
    const model = buildModel(d);
    const c = new Float64Array(model.system.rows);
    model.system.residual(c, model.q);
    const t = model.terms.findIndex((x) => x.id === 'motor-point');
    const end: [number, number] = [-1, -2];
    const actual = Math.atan2(end[1] - 1, end[0] - 4);
    let expected = actual - 7;
    expected -= 2 * Math.PI * Math.round(expected / (2 * Math.PI));
    expect(c[model.system.rowStart[t]]).toBeCloseTo(expected, 12);
  });
});

describe('constraint forces', () => {
  it('do no work: (Jᵀλ) · q̇ = 0 for the constrained velocity under random forces', () => {
    const model = buildModel(zoo());
    const sys = model.system;
    const Q = new Float64Array(sys.n);
    const qdot = new Float64Array(sys.n);
    const lambda = new Float64Array(sys.rows);
    const b = new Float64Array(sys.rows);
    const force = new Float64Array(sys.n);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 64, maxLength: 64 }),
        (f) => {
          for (let i = 0; i < sys.n; i++) Q[i] = f[i % f.length];
          sys.refreshDrag(model.q);
          // A force on every block: every block marked (velocity reads Q only where marked).
          sys.markForced([{ markBlocks: (mask) => mask.fill(1) }]);
          sys.computeDrag();
          sys.invertDrag();
          sys.jacobian(model.q);
          sys.factor();
          sys.velocity(qdot, lambda, Q, b);
          sys.multiplyJt(force, lambda, false);
          let work = 0;
          let scale = 0;
          for (let i = 0; i < sys.n; i++) {
            work += force[i] * qdot[i];
            scale += Math.abs(force[i] * qdot[i]) + Math.abs(Q[i] * qdot[i]);
          }
          expect(Math.abs(work)).toBeLessThan(1e-9 * Math.max(1, scale));
          // and the velocity keeps every independent constraint: J q̇ = 0.
          const jq = new Float64Array(sys.rows);
          sys.multiplyJ(jq, qdot);
          for (let r = 0; r < sys.rows; r++) if (!sys.dropped[r]) expect(Math.abs(jq[r])).toBeLessThan(1e-8);
        },
      ),
      { numRuns: 20 },
    );
  });
});
