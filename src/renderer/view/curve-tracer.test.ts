import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../shared/drawing';
import type { Path } from '../../shared/primitives';
import { CurveTracer, pathBox, pathEnd, SUBPIXEL } from './curve-tracer';
import type { PathSink } from './path-to-canvas';

/** A sink that records each command: M or L and its point (other commands as their name). */
function commands() {
  const out: [string, number, number][] = [];
  const sink: PathSink = {
    moveTo: (x, y) => void out.push(['M', x, y]),
    lineTo: (x, y) => void out.push(['L', x, y]),
    bezierCurveTo: (_a, _b, _c, _d, x, y) => void out.push(['C', x, y]),
    ellipse: (x, y) => void out.push(['E', x, y]),
    closePath: () => void out.push(['Z', 0, 0]),
  };
  return { sink, out };
}

const segment = (a: Vec2, b: Vec2): Path => ({
  start: a,
  segments: [{ type: 'line', to: b }],
  closed: false,
});

describe('CurveTracer', () => {
  // A 200 × 100 px view at 10 px per mm centred on the origin: x in [-10, 10] mm, y in [-5, 5] mm.
  const view = { center: [0, 0] as Vec2, zoom: 10, width: 200, height: 100 };

  it('leaves out the curves wholly outside the view, margin included, and traces the others exactly', () => {
    const { sink, out } = commands();
    const tracer = new CurveTracer(sink, view, 2); // 2 px = 0.2 mm of margin
    const inside = segment([-1, -1], [1, 1]);
    const across = segment([5, 0], [50, 0]);
    const right = segment([10.3, 0], [20, 0]);
    const inMargin = segment([10.1, 0], [20, 0]);
    const below = segment([0, 6], [3, 9]);
    expect([inside, across, right, inMargin, below].map((p) => tracer.trace(p))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(out).toEqual([
      ['M', -1, -1],
      ['L', 1, 1],
      ['M', 5, 0],
      ['L', 50, 0],
      ['M', 10.1, 0],
      ['L', 20, 0],
    ]);
  });

  it('joins a chain of sub-pixel curves into lines whose points are its joints, none of them lost by more than SUBPIXEL', () => {
    // 1 px per mm: 400 links of 0.1 mm, a tenth of a pixel each, zigzagging up and down by 0.05 mm.
    const joints: Vec2[] = Array.from({ length: 401 }, (_, i) => [i * 0.1, i % 2 === 0 ? 0 : 0.05]);
    const { sink, out } = commands();
    const tracer = new CurveTracer(sink, { center: [20, 0], zoom: 1, width: 100, height: 100 }, 2);
    for (let i = 0; i < 400; i++) tracer.trace(segment(joints[i], joints[i + 1]));
    // One subpath: a move to the first joint, then lines through some of the joints.
    expect(out[0]).toEqual(['M', 0, 0]);
    expect(out.slice(1).every(([c]) => c === 'L')).toBe(true);
    expect(out.length).toBeLessThan(401 / 2);
    const drawn = out.map(([, x, y]) => [x, y] as Vec2);
    for (const [x, y] of drawn) expect(joints.some(([jx, jy]) => jx === x && jy === y)).toBe(true);
    // Each drawn line longer than SUBPIXEL, and every joint within SUBPIXEL of a drawn point.
    for (let i = 2; i < drawn.length; i++)
      expect(
        Math.max(Math.abs(drawn[i][0] - drawn[i - 1][0]), Math.abs(drawn[i][1] - drawn[i - 1][1])),
      ).toBeGreaterThan(SUBPIXEL);
    for (const [jx, jy] of joints) {
      const gap = Math.min(...drawn.map(([x, y]) => Math.max(Math.abs(x - jx), Math.abs(y - jy))));
      expect(gap).toBeLessThanOrEqual(SUBPIXEL);
    }
  });

  it('traces a lone sub-pixel curve as its own line, and a pixel-sized one exactly', () => {
    const { sink, out } = commands();
    const tracer = new CurveTracer(sink, view, 2);
    tracer.trace(segment([0, 0], [0.01, 0])); // 0.1 px
    tracer.trace(segment([3, 3], [3.01, 3])); // far from the last: a new subpath
    const arc: Path = {
      start: [1, 0],
      segments: [{ type: 'arc', center: [0, 0], rx: 1, ry: 1, rotation: 0, start: 0, sweep: Math.PI }],
      closed: false,
    };
    tracer.trace(arc);
    expect(out).toEqual([
      ['M', 0, 0],
      ['L', 0.01, 0],
      ['M', 3, 3],
      ['L', 3.01, 3],
      ['M', 1, 0],
      ['E', 0, 0],
    ]);
  });
});

describe('pathBox and pathEnd', () => {
  it('hold an arc by its whole ellipse and a cubic by its control points, and end where the path ends', () => {
    const box = new Float64Array(4);
    const arc: Path = {
      start: [2, 1],
      segments: [
        { type: 'arc', center: [1, 1], rx: 1, ry: -0.5, rotation: Math.PI / 2, start: 0, sweep: Math.PI / 2 },
      ],
      closed: false,
    };
    expect([...pathBox(arc, box)]).toEqual([0, 0, 2, 2]);
    const end = pathEnd(arc);
    // rotation π/2 maps the ellipse's (rx cos t, ry sin t) at t = π/2, (0, −0.5), to (0.5, 0): the end is (1.5, 1).
    expect(end[0]).toBeCloseTo(1.5, 12);
    expect(end[1]).toBeCloseTo(1, 12);
    const cubic: Path = {
      start: [0, 0],
      segments: [{ type: 'cubic', c1: [1, 5], c2: [-2, 1], to: [3, 0] }],
      closed: false,
    };
    expect([...pathBox(cubic, box)]).toEqual([-2, 0, 3, 5]);
    expect(pathEnd(cubic)).toEqual([3, 0]);
    expect(pathEnd({ ...cubic, closed: true })).toEqual([0, 0]);
  });
});
