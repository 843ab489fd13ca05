import { describe, expect, it } from 'vitest';
import { curvePath, curvePoint } from '../../engine/pure';
import { emptyDrawing, type Curve } from '../../shared/drawing';
import { gridStep } from '../editor/grid-step';
import { arcToCanvas, pathToCanvas, type PathSink } from './path-to-canvas';

/** A sink that flattens what it is given into points, sampling arcs and cubics as a canvas would draw them. */
function flattening(): PathSink & { points: [number, number][] } {
  const points: [number, number][] = [];
  let at: [number, number] = [0, 0];
  const sink = {
    points,
    moveTo(x: number, y: number) {
      at = [x, y];
      points.push(at);
    },
    lineTo(x: number, y: number) {
      at = [x, y];
      points.push(at);
    },
    bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
      const [x0, y0] = at;
      for (let i = 1; i <= 32; i++) {
        const t = i / 32;
        const s = 1 - t;
        points.push([
          s * s * s * x0 + 3 * s * s * t * c1x + 3 * s * t * t * c2x + t * t * t * x,
          s * s * s * y0 + 3 * s * s * t * c1y + 3 * s * t * t * c2y + t * t * t * y,
        ]);
      }
      at = [x, y];
    },
    ellipse(
      cx: number,
      cy: number,
      rx: number,
      ry: number,
      rot: number,
      a0: number,
      a1: number,
      ccw?: boolean,
    ) {
      expect(rx).toBeGreaterThanOrEqual(0); // a canvas throws on a negative radius
      expect(ry).toBeGreaterThanOrEqual(0);
      expect(ccw ?? false).toBe(a1 < a0);
      for (let i = 0; i <= 64; i++) {
        const a = a0 + ((a1 - a0) * i) / 64;
        const x = rx * Math.cos(a);
        const y = ry * Math.sin(a);
        points.push([cx + Math.cos(rot) * x - Math.sin(rot) * y, cy + Math.sin(rot) * x + Math.cos(rot) * y]);
      }
      at = points[points.length - 1];
    },
    closePath() {},
  };
  return sink;
}

/** Every sampled point lies on the curve: its distance to the nearest of many curve points is tiny. */
function expectOnCurve(curve: Curve, points: [number, number][], tolerance: number): void {
  const d = emptyDrawing();
  const ref = Array.from({ length: 4001 }, (_, i) => curvePoint(curve, d, i / 4000));
  for (const p of points) {
    const nearest = Math.min(...ref.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])));
    expect(nearest).toBeLessThan(tolerance);
  }
}

describe('tracing exact paths', () => {
  it('draws circles, arcs, ellipses and Béziers through the curve’s own points', () => {
    const curves: Curve[] = [
      { kind: 'circle', id: 'a', center: [3, 4], radius: 10 },
      { kind: 'arc', id: 'b', center: [0, 0], radius: 8, start: 0.3, sweep: -2 },
      { kind: 'ellipse', id: 'c', center: [1, 2], rx: 9, ry: 4, rotation: 0.7 },
      {
        kind: 'bezier',
        id: 'd',
        points: [
          [0, 0],
          [5, 10],
          [15, -10],
          [20, 0],
        ],
      },
      {
        kind: 'spline',
        id: 'e',
        points: [
          [0, 0],
          [10, 5],
          [20, -3],
          [30, 4],
        ],
        closed: false,
      },
    ];
    for (const curve of curves) {
      const sink = flattening();
      pathToCanvas(sink, curvePath(curve, emptyDrawing()));
      expectOnCurve(curve, sink.points, 0.05);
    }
  });

  it('a circle whose radius went negative is drawn with |r| through the same points', () => {
    const curve: Curve = { kind: 'circle', id: 'a', center: [0, 0], radius: -5 };
    const sink = flattening();
    pathToCanvas(sink, curvePath(curve, emptyDrawing()));
    expectOnCurve(curve, sink.points, 0.05);
  });

  it('negative radii of an elliptical arc: the same points, |r| radii', () => {
    for (const [rx, ry] of [
      [-6, 3],
      [6, -3],
      [-6, -3],
    ]) {
      const direct = flattening();
      direct.moveTo(0, 0);
      arcToCanvas(direct, 1, 2, rx, ry, 0.4, 0.2, 1.5);
      // The arc's points straight from the formula, with the signed radii.
      for (const p of direct.points.slice(1)) {
        const residual = Math.min(
          ...Array.from({ length: 2001 }, (_, i) => {
            const t = 0.2 + (1.5 * i) / 2000;
            const x = rx * Math.cos(t);
            const y = ry * Math.sin(t);
            return Math.hypot(
              1 + Math.cos(0.4) * x - Math.sin(0.4) * y - p[0],
              2 + Math.sin(0.4) * x + Math.cos(0.4) * y - p[1],
            );
          }),
        );
        expect(residual).toBeLessThan(0.01);
      }
    }
  });
});

describe('grid step', () => {
  it('keeps minor lines at least 12 px apart with 1-2-5 steps', () => {
    expect(gridStep(4)).toEqual({ step: 5, major: 2 });
    expect(gridStep(12)).toEqual({ step: 1, major: 5 });
    expect(gridStep(1)).toEqual({ step: 20, major: 5 });
    for (const zoom of [0.013, 0.5, 3.3, 77, 900])
      expect(gridStep(zoom).step * zoom).toBeGreaterThanOrEqual(12);
  });
});
