import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curvePath, curvePoint } from '../engine';
import { emptyDrawing, type Curve, type Drawing, type Vec2 } from '../shared/drawing';
import { DXF_EQUATION_TOLERANCE_MM } from '../shared/dxf-options';
import { segmentDistance2 } from '../shared/segment-distance';
import { dxfCurveEntity, type DxfCurveEntity } from './dxf-curves';
import { validFixtures } from './test-support/fixtures';
import { parseDrawingText } from './validate';

const allKinds = parseDrawingText(
  readFileSync(
    validFixtures().find((f) => f.endsWith('all-kinds.curvewright'))!,
    'utf8',
  ),
);

const flip = (p: Vec2): Vec2 => [p[0], -p[1]];

function entityOf(curve: Curve, drawing: Drawing = { ...emptyDrawing(), curves: [curve] }): DxfCurveEntity {
  return dxfCurveEntity(curve, drawing);
}

function byId(id: string): Curve {
  return allKinds.curves.find((c) => c.id === id)!;
}

function expectClose(actual: number[], expected: number[], tol = 1e-9) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i])).toBeLessThan(tol));
}

describe('each curve kind as its DXF entity (y up: the drawing y negated)', () => {
  it('a point is a POINT', () => {
    expect(entityOf({ kind: 'point', id: 'p', at: [10, 20] })).toEqual({ type: 'POINT', at: [10, -20] });
  });

  it('a segment and a bar are LINEs from u = 0 to u = 1', () => {
    expect(entityOf({ kind: 'segment', id: 's', a: [1, 2], b: [3, -4] })).toEqual({
      type: 'LINE',
      start: [1, -2],
      end: [3, 4],
    });
    const bar = entityOf({ kind: 'bar', id: 'b', center: [10, 10], angle: Math.PI / 2, length: 8 });
    expect(bar.type).toBe('LINE');
    if (bar.type !== 'LINE') return;
    expectClose([...bar.start, ...bar.end], [10, -6, 10, -14]);
  });

  it('a circle is a CIRCLE, a negative radius as its size', () => {
    expect(entityOf({ kind: 'circle', id: 'c', center: [5, 6], radius: 7 })).toEqual({
      type: 'CIRCLE',
      center: [5, -6],
      radius: 7,
    });
    expect(entityOf({ kind: 'circle', id: 'c', center: [5, 6], radius: -7 })).toMatchObject({ radius: 7 });
  });

  it('an arc is an ARC counter-clockwise in degrees, whichever way its sweep turns', () => {
    // A sweep of +90° from 0 turns clockwise on screen, from (r, 0) to (0, r) in the drawing (y down): in DXF
    // (y up) from (0, −r) counter-clockwise to (r, 0), i.e. from 270° to 0°.
    const cw = entityOf({ kind: 'arc', id: 'a', center: [0, 0], radius: 2, start: 0, sweep: Math.PI / 2 });
    expect(cw).toMatchObject({ type: 'ARC', center: [0, 0], radius: 2 });
    if (cw.type !== 'ARC') return;
    expectClose([cw.startAngle, cw.endAngle], [270, 0]);
    // The same arc drawn the other way: from (0, r) back to (r, 0).
    const ccw = entityOf({
      kind: 'arc',
      id: 'a',
      center: [0, 0],
      radius: 2,
      start: Math.PI / 2,
      sweep: -Math.PI / 2,
    });
    if (ccw.type !== 'ARC') throw new Error('not an arc');
    expectClose([ccw.startAngle, ccw.endAngle], [270, 0]);
    // Start beyond a turn, negative radius: the points are the arc's own.
    const arc: Curve = { kind: 'arc', id: 'a', center: [3, 4], radius: -5, start: 7, sweep: 1.25 };
    const e = entityOf(arc);
    if (e.type !== 'ARC') throw new Error('not an arc');
    expect(e.radius).toBe(5);
    const at = (deg: number): Vec2 => [
      e.center[0] + e.radius * Math.cos((deg * Math.PI) / 180),
      e.center[1] + e.radius * Math.sin((deg * Math.PI) / 180),
    ];
    expectClose(at(e.startAngle), flip(curvePoint(arc, emptyDrawing(), 1)));
    expectClose(at(e.endAngle), flip(curvePoint(arc, emptyDrawing(), 0)));
  });

  it('an arc of a full turn or more is a CIRCLE, and one of no sweep its one POINT', () => {
    expect(entityOf({ kind: 'arc', id: 'a', center: [1, 1], radius: 3, start: 1, sweep: -7 })).toEqual({
      type: 'CIRCLE',
      center: [1, -1],
      radius: 3,
    });
    expect(entityOf({ kind: 'arc', id: 'a', center: [1, 1], radius: 3, start: 0, sweep: 0 })).toEqual({
      type: 'POINT',
      at: [4, -1],
    });
  });

  it('an ellipse is an ELLIPSE with its longer axis as the major one, ratio ≤ 1', () => {
    const wide = entityOf({ kind: 'ellipse', id: 'e', center: [1, 2], rx: 10, ry: 4, rotation: 0.5 });
    if (wide.type !== 'ELLIPSE') throw new Error('not an ellipse');
    expect(wide.center).toEqual([1, -2]);
    expectClose(wide.majorAxis, [10 * Math.cos(0.5), -10 * Math.sin(0.5)]);
    expect(wide.ratio).toBeCloseTo(0.4, 15);
    const tall = entityOf({ kind: 'ellipse', id: 'e', center: [1, 2], rx: 4, ry: 10, rotation: 0.5 });
    if (tall.type !== 'ELLIPSE') throw new Error('not an ellipse');
    // R(0.5)·(0, 10) in the drawing, y negated.
    expectClose(tall.majorAxis, [-10 * Math.sin(0.5), -10 * Math.cos(0.5)]);
    expect(tall.ratio).toBeCloseTo(0.4, 15);
  });

  it('a Bézier is a degree-3 SPLINE of its control points, knots 0,0,0,0,1,1,1,1', () => {
    expect(entityOf(byId('z1'), allKinds)).toEqual({
      type: 'SPLINE',
      degree: 3,
      controlPoints: [
        [0, -120],
        [20, -90],
        [50, -150],
        [80, -120],
      ],
      knots: [0, 0, 0, 0, 1, 1, 1, 1],
    });
  });

  it("a spline is one SPLINE: its pieces' Bézier points, the joins' knots doubled at u = i/m", () => {
    for (const id of ['sp1', 'sp2']) {
      const curve = byId(id);
      const path = curvePath(curve, allKinds);
      const m = path.segments.length;
      expect(m).toBe(3); // sp1 open: n − 1 pieces of its 4 points; sp2 closed: n pieces of its 3
      const e = entityOf(curve, allKinds);
      if (e.type !== 'SPLINE') throw new Error('not a spline');
      expect(e.controlPoints).toHaveLength(2 * m + 2);
      expect(e.knots).toEqual([0, 0, 0, 0, 1 / 3, 1 / 3, 2 / 3, 2 / 3, 1, 1, 1, 1]);
      // Each join (left out of the control points) is the midpoint of its neighbours: C¹ with equal pieces.
      for (let i = 0; i < m - 1; i++) {
        const [a, b] = [e.controlPoints[2 * i + 2], e.controlPoints[2 * i + 3]];
        expectClose(flip([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]), curvePoint(curve, allKinds, (i + 1) / m));
      }
      expectClose(flip(e.controlPoints[0]), curvePoint(curve, allKinds, 0));
      expectClose(flip(e.controlPoints[2 * m + 1]), curvePoint(curve, allKinds, 1));
    }
  });

  it('an equation curve is an LWPOLYLINE of its points within the stated tolerance, closed as its definition', () => {
    const curve = byId('q1');
    const e = entityOf(curve, allKinds);
    if (e.type !== 'LWPOLYLINE') throw new Error('not a polyline');
    expect(e.closed).toBe(true);
    const points = e.points.map(flip);
    expect(points.length).toBeGreaterThan(100);
    // Every curve point lies within the tolerance of the polygon (closed: its last edge back to the first point).
    const ring = [...points, points[0]];
    for (let k = 0; k <= 2000; k++) {
      const p = curvePoint(curve, allKinds, k / 2000);
      let best = Infinity;
      for (let i = 0; i + 1 < ring.length; i++)
        best = Math.min(best, Math.sqrt(segmentDistance2(...p, ...ring[i], ...ring[i + 1])));
      expect(best).toBeLessThan(DXF_EQUATION_TOLERANCE_MM);
    }
  });

  it('refuses a curve whose geometry is not finite, naming it', () => {
    const bad: Curve = { kind: 'circle', id: 'c1', name: 'Cam', center: [Number.NaN, 0], radius: 3 };
    expect(() => entityOf(bad)).toThrow(
      'cannot write Cam to DXF: its geometry is not a finite number (NaN or infinite)',
    );
  });

  it('refuses an equation curve the engine cannot evaluate, naming it and saying why', () => {
    const drawing: Drawing = {
      ...emptyDrawing(),
      equations: [
        {
          id: 'nowhere',
          name: 'Nowhere',
          x: 'sqrt(-u)',
          y: 'u',
          u0: 0,
          u1: 1,
          closed: false,
          params: [],
        },
      ],
    };
    const curve: Curve = { kind: 'equation', id: 'q1', name: 'Ghost', definition: 'nowhere', params: {} };
    drawing.curves.push(curve);
    expect(() => entityOf(curve, drawing)).toThrow(
      /^cannot write Ghost to DXF: params: x is not finite at u = [\d.]+ for these parameters$/,
    );
  });
});
