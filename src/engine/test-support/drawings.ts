// Drawings the engine's tests (and anyone's) build mechanisms from.
import { emptyDrawing, type BarCurve, type Curve, type Drawing } from '../../shared/drawing';

export function bar(id: string, a: [number, number], b: [number, number]): BarCurve {
  return {
    id,
    kind: 'bar',
    center: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
    angle: Math.atan2(b[1] - a[1], b[0] - a[0]),
    length: Math.hypot(b[0] - a[0], b[1] - a[1]),
  };
}

/** n unit bars along x from the origin, joined end to start, the first pinned at its start. */
export function chain(n: number, length = 1): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < n; i++) d.curves.push(bar(`b${i}`, [i * length, 0], [(i + 1) * length, 0]));
  d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 'b0', anchor: 'start' }, at: [0, 0] });
  for (let i = 0; i + 1 < n; i++)
    d.constraints.push({
      id: `j${i}`,
      kind: 'attach',
      a: { curve: `b${i}`, anchor: 'end' },
      b: { curve: `b${i + 1}`, anchor: 'start' },
    });
  return d;
}

/**
 * A Grashof crank-rocker: ground 4 from (0,0) to (4,0), crank 1 about the origin (motor), coupler 4, rocker 3 about
 * (4,0). Assembled with the coupler–rocker joint above the ground line (y < 0, the "upper" branch on screen).
 */
export function fourBar(crankAngle = 0, rpm = 60, at: [number, number] = [0, 0], prefix = ''): Drawing {
  const d = emptyDrawing();
  const [ox, oy] = at;
  const A: [number, number] = [ox + Math.cos(crankAngle), oy + Math.sin(crankAngle)];
  const D: [number, number] = [ox + 4, oy];
  // B: |B − A| = 4, |B − D| = 3, on the y < 0 side of AD.
  const dx = D[0] - A[0];
  const dy = D[1] - A[1];
  const L = Math.hypot(dx, dy);
  const a = (16 - 9 + L * L) / (2 * L);
  const h = Math.sqrt(Math.max(0, 16 - a * a));
  const B: [number, number] = [A[0] + (a * dx) / L + (h * dy) / L, A[1] + (a * dy) / L - (h * dx) / L];
  const p = prefix;
  d.curves.push(bar(`${p}crank`, [ox, oy], A), bar(`${p}coupler`, A, B), bar(`${p}rocker`, B, D));
  d.constraints.push(
    { id: `${p}ground1`, kind: 'pin', point: { curve: `${p}crank`, anchor: 'start' }, at: [ox, oy] },
    { id: `${p}ground2`, kind: 'pin', point: { curve: `${p}rocker`, anchor: 'end' }, at: D },
    {
      id: `${p}jA`,
      kind: 'attach',
      a: { curve: `${p}crank`, anchor: 'end' },
      b: { curve: `${p}coupler`, anchor: 'start' },
    },
    {
      id: `${p}jB`,
      kind: 'attach',
      a: { curve: `${p}coupler`, anchor: 'end' },
      b: { curve: `${p}rocker`, anchor: 'start' },
    },
    { id: `${p}motor`, kind: 'motor', bar: `${p}crank`, rpm, angle: crankAngle, running: true },
  );
  return d;
}

/**
 * One curve of each built-in kind but the point (bar, circle, arc, ellipse, Bézier, open and closed spline, segment),
 * small and near the origin, at states with no symmetry a test could lean on: the curves the constraint tests
 * check their Jacobians over.
 */
export function curveZoo(): Curve[] {
  return [
    { id: 'bar', kind: 'bar', center: [0, 0], angle: 0.4, length: 3 },
    { id: 'circle', kind: 'circle', center: [4, 1], radius: 2 },
    { id: 'arc', kind: 'arc', center: [-2, 3], radius: 2, start: 0.3, sweep: 2.5 },
    { id: 'ellipse', kind: 'ellipse', center: [1, -3], rx: 2, ry: 1, rotation: 0.2 },
    {
      id: 'bezier',
      kind: 'bezier',
      points: [
        [0, 5],
        [1, 6],
        [3, 6],
        [4, 5],
      ],
    },
    {
      id: 'spline',
      kind: 'spline',
      points: [
        [5, 5],
        [6, 7],
        [8, 6],
      ],
      closed: false,
    },
    {
      id: 'loop',
      kind: 'spline',
      points: [
        [9, 0],
        [11, 0],
        [10, 2],
      ],
      closed: true,
    },
    { id: 'segment', kind: 'segment', a: [-3, -3], b: [-1, -2] },
  ];
}
