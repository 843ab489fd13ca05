// The benchmark problems as Drawing data (src/shared/drawing.ts), built in closed form so every constraint holds
// exactly at the start: whatever the engine then does is the measured work.
import {
  emptyDrawing,
  type BarCurve,
  type Drawing,
  type SplineCurve,
  type Vec2,
} from '../../src/shared/drawing';

export const CHAIN_LINK = 10;
/** Alternating link angles: a zigzag, so no pose is singular (a straight chain pulled sideways is). */
const ZIGZAG = 0.25;

function bar(id: string, from: Vec2, to: Vec2): BarCurve {
  return {
    id,
    kind: 'bar',
    center: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2],
    angle: Math.atan2(to[1] - from[1], to[0] - from[0]),
    length: Math.hypot(to[0] - from[0], to[1] - from[1]),
  };
}

/** The joints of a zigzag chain of n links from the origin. */
export function chainJoints(n: number): Vec2[] {
  const joints: Vec2[] = [[0, 0]];
  for (let i = 0; i < n; i++) {
    const a = (i % 2 === 0 ? 1 : -1) * ZIGZAG;
    const [x, y] = joints[i];
    joints.push([x + CHAIN_LINK * Math.cos(a), y + CHAIN_LINK * Math.sin(a)]);
  }
  return joints;
}

/** n bars end to end, the first pinned at its start: 2n constraint rows, 3n state. */
export function chainDrawing(n: number): Drawing {
  const d = emptyDrawing();
  const joints = chainJoints(n);
  for (let i = 0; i < n; i++) d.curves.push(bar(`b${i}`, joints[i], joints[i + 1]));
  d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 'b0', anchor: 'start' }, at: [0, 0] });
  for (let i = 1; i < n; i++) {
    d.constraints.push({
      id: `j${i}`,
      kind: 'attach',
      a: { curve: `b${i - 1}`, anchor: 'end' },
      b: { curve: `b${i}`, anchor: 'start' },
    });
  }
  return d;
}

/** A Grashof crank-rocker: crank a shortest, a + ground ≤ coupler + rocker, so the crank turns fully. */
export const FOUR_BAR = { crank: 10, coupler: 35, rocker: 30, ground: 40, startAngle: 1 } as const;
const FOUR_BAR_PITCH = 100;

/** The four joints A (ground), B, C, D (ground) of mechanism m with its crank at `angle`, on the upper branch. */
export function fourBarJoints(m: number, angle: number): [Vec2, Vec2, Vec2, Vec2] {
  const ox = (m % 100) * FOUR_BAR_PITCH;
  const oy = Math.floor(m / 100) * FOUR_BAR_PITCH;
  const { crank, coupler, rocker, ground } = FOUR_BAR;
  const a: Vec2 = [ox, oy];
  const dPt: Vec2 = [ox + ground, oy];
  const b: Vec2 = [ox + crank * Math.cos(angle), oy + crank * Math.sin(angle)];
  // C: intersection of circle(B, coupler) and circle(D, rocker).
  const dx = dPt[0] - b[0];
  const dy = dPt[1] - b[1];
  const dist = Math.hypot(dx, dy);
  const along = (coupler * coupler - rocker * rocker + dist * dist) / (2 * dist);
  const h = Math.sqrt(coupler * coupler - along * along);
  const c: Vec2 = [b[0] + (along * dx - h * dy) / dist, b[1] + (along * dy + h * dx) / dist];
  return [a, b, c, dPt];
}

/** n independent crank-rocker four-bars, each crank driven by a motor: 9 rows, 9 state, 0 DOF each. */
export function fourBarsDrawing(n: number, rpm: number): Drawing {
  const d = emptyDrawing();
  for (let m = 0; m < n; m++) {
    const [a, b, c, dPt] = fourBarJoints(m, FOUR_BAR.startAngle);
    d.curves.push(bar(`k${m}`, a, b), bar(`c${m}`, b, c), bar(`r${m}`, c, dPt));
    d.constraints.push(
      { id: `pa${m}`, kind: 'pin', point: { curve: `k${m}`, anchor: 'start' }, at: a },
      {
        id: `jb${m}`,
        kind: 'attach',
        a: { curve: `k${m}`, anchor: 'end' },
        b: { curve: `c${m}`, anchor: 'start' },
      },
      {
        id: `jc${m}`,
        kind: 'attach',
        a: { curve: `c${m}`, anchor: 'end' },
        b: { curve: `r${m}`, anchor: 'start' },
      },
      { id: `pd${m}`, kind: 'pin', point: { curve: `r${m}`, anchor: 'end' }, at: dPt },
      { id: `m${m}`, kind: 'motor', bar: `k${m}`, rpm, angle: FOUR_BAR.startAngle, running: true },
    );
  }
  return d;
}

export const SPLINE_POINTS = 4;
export const SPLINE_SPAN = 30;

/** n open splines of 4 points each, end to end, the first pinned at its start: 2n rows, 8n state. */
export function splinesDrawing(n: number): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < n; i++) {
    const points: Vec2[] = [];
    for (let k = 0; k < SPLINE_POINTS; k++) {
      const x = i * SPLINE_SPAN + (k * SPLINE_SPAN) / (SPLINE_POINTS - 1);
      points.push([x, 5 * Math.sin(x / 7)]);
    }
    const spline: SplineCurve = { id: `s${i}`, kind: 'spline', points, closed: false };
    d.curves.push(spline);
    if (i > 0) {
      d.constraints.push({
        id: `j${i}`,
        kind: 'attach',
        a: { curve: `s${i - 1}`, anchor: 'end' },
        b: { curve: `s${i}`, anchor: 'start' },
      });
    }
  }
  d.constraints.unshift({ id: 'pin', kind: 'pin', point: { curve: 's0', anchor: 'start' }, at: [0, 0] });
  return d;
}

/** One open spline of n points 1 mm apart along a gentle wave, pinned at its start: 2 rows, 2n state. */
export function longSplineDrawing(n: number): Drawing {
  const d = emptyDrawing();
  const points: Vec2[] = [];
  for (let k = 0; k < n; k++) points.push([k, 5 * Math.sin(k / 7)]);
  d.curves.push({ id: 'long', kind: 'spline', points, closed: false });
  d.constraints.push({ id: 'pin', kind: 'pin', point: { curve: 'long', anchor: 'start' }, at: [0, 0] });
  return d;
}

/** The grid of n points 3 mm apart, 300 to a row, that freePointsDrawing and pinnedPointsDrawing lay out. */
function gridPoint(i: number): Vec2 {
  return [3 * (i % 300), 3 * Math.floor(i / 300)];
}

/** n unconnected points on a grid 3 mm apart: n parts of one curve each, nothing to solve. */
export function freePointsDrawing(n: number): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < n; i++) d.curves.push({ id: `p${i}`, kind: 'point', at: gridPoint(i) });
  return d;
}

/** The same points each pinned where it is: n parts of one curve and one constraint. */
export function pinnedPointsDrawing(n: number): Drawing {
  const d = freePointsDrawing(n);
  d.curves.forEach((c, i) =>
    d.constraints.push({
      id: `k${i}`,
      kind: 'pin',
      point: { curve: c.id, anchor: 'start' },
      at: gridPoint(i),
    }),
  );
  return d;
}

/**
 * n small parts side by side (bench/state-hash.ts): by turns a free Bézier `free<i>`, a triangle of bars `tri<i>a…c`
 * pinned at a corner (every fourth pinned 2 mm away from where it is, so a settle moves it) and a point pinned three
 * times at one place `dot<i>`.
 */
export function quietPartsDrawing(n: number): Drawing {
  const d = emptyDrawing();
  for (let i = 0; i < n; i++) {
    const x = 40 * (i % 10);
    const y = 40 * Math.floor(i / 10);
    if (i % 3 === 0) {
      d.curves.push({
        id: `free${i}`,
        kind: 'bezier',
        points: [
          [x, y],
          [x + 5, y + 9],
          [x + 12, y - 4],
          [x + 20, y + 2],
        ],
      });
      continue;
    }
    if (i % 3 === 2) {
      d.curves.push({ id: `dot${i}`, kind: 'point', at: [x, y] });
      for (let k = 0; k < 3; k++)
        d.constraints.push({
          id: `dot${i}p${k}`,
          kind: 'pin',
          point: { curve: `dot${i}`, anchor: 'start' },
          at: [x, y],
        });
      continue;
    }
    const A: Vec2 = [x, y];
    const B: Vec2 = [x + 20, y];
    const C: Vec2 = [x + 8, y + 15];
    d.curves.push(bar(`tri${i}a`, A, B), bar(`tri${i}b`, B, C), bar(`tri${i}c`, C, A));
    const end = (c: string) => ({ curve: c, anchor: 'end' as const });
    const start = (c: string) => ({ curve: c, anchor: 'start' as const });
    d.constraints.push(
      { id: `tri${i}jB`, kind: 'attach', a: end(`tri${i}a`), b: start(`tri${i}b`) },
      { id: `tri${i}jC`, kind: 'attach', a: end(`tri${i}b`), b: start(`tri${i}c`) },
      { id: `tri${i}jA`, kind: 'attach', a: end(`tri${i}c`), b: start(`tri${i}a`) },
      { id: `tri${i}pin`, kind: 'pin', point: start(`tri${i}a`), at: i % 4 === 1 ? [x - 2, y] : A },
    );
  }
  return d;
}
