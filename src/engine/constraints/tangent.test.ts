// The tangent constraint's three forms: Jacobians against finite differences over every curve kind each form
// takes, the rows' values at known states, and what the build refuses.
import { describe, expect, it } from 'vitest';
import {
  emptyDrawing,
  type Connector,
  type Constraint,
  type Curve,
  type Drawing,
  type EquationDefinition,
} from '../../shared/drawing';
import { buildModel } from '../build';
import { curveZoo } from '../test-support/drawings';
import { expectJacobianMatchesFiniteDifferences } from '../test-support/finite-differences';

/** A closed cam-like equation curve, every parameter free: its direction moves with each of them. */
const CAM: EquationDefinition = {
  id: 'cam',
  name: 'cam',
  x: 'cx + (r + k * cos(u)) * cos(u)',
  y: 'cy + (r + k * cos(u)) * sin(u)',
  u0: 0,
  u1: 2 * Math.PI,
  closed: true,
  params: [
    { name: 'cx', value: 2, free: true },
    { name: 'cy', value: -6, free: true },
    { name: 'r', value: 3, free: true },
    { name: 'k', value: 0.7, free: true },
  ],
};

/** One curve of every kind, two lines, and a circle drawn inside out (negative radius). */
function curves(): Drawing {
  const d = emptyDrawing();
  d.equations.push(CAM);
  d.curves.push(
    ...curveZoo(),
    { id: 'inside-out', kind: 'circle', center: [5, 2], radius: -1.5 },
    { id: 'equation', kind: 'equation', definition: 'cam', params: {} },
  );
  return d;
}

const at = (curve: string, u: number): Connector => ({ curve, u });

/** Puts `curve` in place of the drawing's curve of the same id. */
function replaceCurve(d: Drawing, curve: Curve): void {
  d.curves[d.curves.findIndex((c) => c.id === curve.id)] = curve;
}

function withConstraints(...k: Constraint[]): Drawing {
  const d = curves();
  d.constraints.push(...k);
  return d;
}

const contact = (id: string, line: string, curve: string, s: number): Constraint => ({
  id,
  kind: 'tangent',
  curves: [line, curve],
  s,
});

describe('tangent Jacobians match central finite differences at random states', () => {
  it('contact: a segment or bar touching every curve kind (and a line touching itself)', () => {
    const model = buildModel(
      withConstraints(
        contact('seg-circle', 'segment', 'circle', 0.3),
        contact('bar-arc', 'bar', 'arc', 0.4),
        contact('seg-ellipse', 'segment', 'ellipse', 0.7),
        contact('bar-bezier', 'bar', 'bezier', 0.5),
        contact('seg-spline', 'segment', 'spline', 0.6),
        contact('bar-loop', 'bar', 'loop', 0.2),
        contact('seg-equation', 'segment', 'equation', 0.15),
        contact('bar-segment', 'bar', 'segment', 0.5),
        contact('seg-bar', 'segment', 'bar', 0.5),
        contact('bar-inside-out', 'bar', 'inside-out', 0.8),
        contact('self', 'segment', 'segment', 0.5),
      ),
    );
    expect(model.system.rows).toBe(22);
    expect(model.beads).toHaveLength(11);
    expectJacobianMatchesFiniteDifferences(model, 20);
  });

  it('circles: outside and inside, circles and arcs, with a radius negative in memory', () => {
    const model = buildModel(
      withConstraints(
        { id: 'out', kind: 'tangent', curves: ['circle', 'arc'], internal: false },
        { id: 'in', kind: 'tangent', curves: ['arc', 'circle'], internal: true },
        { id: 'out-flipped', kind: 'tangent', curves: ['inside-out', 'circle'], internal: false },
        { id: 'in-flipped', kind: 'tangent', curves: ['arc', 'inside-out'], internal: true },
        { id: 'self', kind: 'tangent', curves: ['circle', 'circle'], internal: true },
      ),
    );
    expectJacobianMatchesFiniteDifferences(model, 20);
  });

  it('G1: at connectors on every kind of curve with a direction', () => {
    const model = buildModel(
      withConstraints(
        {
          id: 'seg-arc',
          kind: 'tangent',
          a: { curve: 'segment', anchor: 'end' },
          b: { curve: 'arc', anchor: 'start' },
        },
        { id: 'bar-bezier', kind: 'tangent', a: at('bar', 1), b: at('bezier', 0) },
        { id: 'ellipse-spline', kind: 'tangent', a: at('ellipse', 0.3), b: at('spline', 0.9) },
        { id: 'equation-loop', kind: 'tangent', a: at('equation', 0.6), b: at('loop', 0.1) },
        { id: 'circle-bar', kind: 'tangent', a: at('circle', 0.2), b: at('bar', 0.5) },
        { id: 'inside-out-seg', kind: 'tangent', a: at('inside-out', 0.7), b: at('segment', 0) },
        { id: 'self', kind: 'tangent', a: at('bezier', 0.2), b: at('bezier', 0.8) },
      ),
    );
    expect(model.system.rows).toBe(7);
    expectJacobianMatchesFiniteDifferences(model, 20);
  });
});

describe('tangent rows', () => {
  /** C of the only constraint of drawing `d`, at its built state. */
  function rowsOf(d: Drawing): number[] {
    const model = buildModel(d);
    const c = new Float64Array(model.system.rows);
    model.system.residual(c, model.q);
    return Array.from(c);
  }

  it('contact: the signed distance of the contact point from the line and the sine of the angle', () => {
    // The line y = 1 (running +x), the circle of radius 2 about (4, 1) at s = 0.25: the point (4, 3), 2 below
    // the line on screen (y down), its direction (−4π, 0) antiparallel to the line's.
    const d = withConstraints(contact('k', 'segment', 'circle', 0.25));
    replaceCurve(d, { id: 'segment', kind: 'segment', a: [0, 1], b: [3, 1] });
    const [distance, sine] = rowsOf(d);
    expect(distance).toBeCloseTo(-2, 12);
    expect(sine).toBeCloseTo(0, 12);
    // At s = 0 the circle's point (6, 1) is on the line and runs straight down (+y) across it: (0, 1) × (1, 0).
    d.constraints[0] = contact('k', 'segment', 'circle', 0);
    const [onLine, across] = rowsOf(d);
    expect(onLine).toBeCloseTo(0, 12);
    expect(across).toBeCloseTo(-1, 12);
  });

  it('circles: centre distance minus the sum of radii outside, the difference inside, by the radii as built', () => {
    // circle: r = 2 about (4, 1); inside-out: r = −1.5 about (5, 2): centres √2 apart.
    const d = Math.SQRT2;
    expect(
      rowsOf(
        withConstraints({ id: 'o', kind: 'tangent', curves: ['circle', 'inside-out'], internal: false }),
      )[0],
    ).toBeCloseTo(d - 3.5, 12);
    expect(
      rowsOf(
        withConstraints({ id: 'i', kind: 'tangent', curves: ['circle', 'inside-out'], internal: true }),
      )[0],
    ).toBeCloseTo(d - 0.5, 12);
    expect(
      rowsOf(
        withConstraints({ id: 'i', kind: 'tangent', curves: ['inside-out', 'circle'], internal: true }),
      )[0],
    ).toBeCloseTo(d - 0.5, 12);
  });

  it('is finite with coinciding centres, a zero-length line and a zero radius', () => {
    const d = withConstraints(
      { id: 'concentric', kind: 'tangent', curves: ['circle', 'inside-out'], internal: true },
      contact('flat', 'segment', 'circle', 0.1),
      { id: 'g1', kind: 'tangent', a: at('segment', 0.5), b: at('circle', 0.5) },
    );
    replaceCurve(d, { id: 'segment', kind: 'segment', a: [1, 1], b: [1, 1] });
    replaceCurve(d, { id: 'circle', kind: 'circle', center: [5, 2], radius: 0 });
    const model = buildModel(d);
    const c = new Float64Array(model.system.rows);
    model.system.residual(c, model.q);
    model.system.jacobian(model.q);
    expect(c.every(Number.isFinite)).toBe(true);
    expect(model.system.J.every(Number.isFinite)).toBe(true);
    // The concentric pair still has a row the radii move: |0| − (1.5 − 0) with ∂/∂r ≠ 0.
    expect(c[0]).toBeCloseTo(-1.5, 12);
  });
});

describe('tangent build', () => {
  it('refuses G1 at a connector without a direction, naming it', () => {
    const centre = withConstraints({
      id: 'g',
      kind: 'tangent',
      a: { curve: 'circle', anchor: 'center' },
      b: at('segment', 0),
    });
    expect(() => buildModel(centre)).toThrow('constraints[0].a: the centre of a circle has no direction');
    const point = withConstraints({ id: 'g', kind: 'tangent', a: at('segment', 0), b: at('p', 0) });
    point.curves.push({ id: 'p', kind: 'point', at: [0, 0] });
    expect(() => buildModel(point)).toThrow('constraints[0].b: a point has no direction');
  });
});
