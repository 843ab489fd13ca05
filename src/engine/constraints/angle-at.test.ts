// An angle of a curve's tangent at a point (issue 16: equation curves take part — "angle of their tangent at a
// point"): its Jacobian against central differences on a Bézier and an equation curve, the degree of freedom it
// removes, held while dragging, what Engine.measure reads, and the build refusing a point with no direction.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing, type EquationDefinition } from '../../shared/drawing';
import { buildModel } from '../build';
import { Engine } from '../engine';
import { jacobianError } from '../test-support/finite-differences';
import { testClock } from '../../shared/test-support/clock';

/** y = cy + a·sin(u) over u ∈ [0, π], x = cx + u: at u = 0 its tangent is (1, a), at angle atan(a) from +x. */
const WAVE: EquationDefinition = {
  id: 'wave',
  name: 'wave',
  x: 'cx + u',
  y: 'cy + a * sin(u)',
  u0: 0,
  u1: Math.PI,
  closed: false,
  params: [
    { name: 'cx', value: 0, free: true },
    { name: 'cy', value: 0, free: true },
    { name: 'a', value: 1, free: true },
  ],
};

function wave(angle: number): Drawing {
  const d = emptyDrawing();
  d.equations.push(WAVE);
  d.curves.push({ id: 'w', kind: 'equation', definition: 'wave', params: { cx: 0, cy: 0, a: 1 } });
  d.constraints.push({ id: 'tilt', kind: 'angle', lines: [], at: { curve: 'w', anchor: 'start' }, angle });
  return d;
}

/** A free Bézier, a segment, and the angle from the segment to the Bézier's tangent at u = 0.3. */
function bezierAndLine(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    {
      id: 'b',
      kind: 'bezier',
      points: [
        [0, 0],
        [10, -8],
        [20, 6],
        [30, 0],
      ],
    },
    { id: 's', kind: 'segment', a: [0, 20], b: [25, 24] },
  );
  d.constraints.push({ id: 'between', kind: 'angle', lines: ['s'], at: { curve: 'b', u: 0.3 }, angle: 0.4 });
  return d;
}

describe('the angle of a curve’s tangent at a point', () => {
  it('has an exact Jacobian on an equation curve and on a Bézier against a line', () => {
    for (const d of [wave(0.3), bezierAndLine()]) {
      const model = buildModel(d);
      const q = model.q.slice();
      for (let i = 0; i < q.length; i++) q[i] += 0.05 * Math.sin(3 * i + 1);
      expect(jacobianError(model, q)).toBeLessThan(1e-6);
    }
  });

  it('removes one degree of freedom: the wave’s amplitude follows the angle (a = tan θ), its place stays free', () => {
    const free = emptyDrawing();
    free.equations.push(WAVE);
    free.curves.push({ id: 'w', kind: 'equation', definition: 'wave', params: { cx: 0, cy: 0, a: 1 } });
    expect(Engine.build(free, { clock: testClock() }).diagnostics().dof).toBe(3);
    const engine = Engine.build(wave(0.3), { clock: testClock() });
    expect(engine.diagnostics().dof).toBe(2);
    expect(engine.settle(2000).converged).toBe(true);
    const [, , a] = engine.curveState('w');
    expect(a).toBeCloseTo(Math.tan(0.3), 9);
    // Dragged by its middle, it moves and keeps its angle at the start.
    engine.grab('w', 0.5);
    for (let f = 0; f < 30; f++) engine.dragFrame([5, 8], 20);
    engine.release();
    expect(engine.pointAt('w', 0.5)[1]).toBeGreaterThan(2);
    expect(engine.residual).toBeLessThan(1e-9);
    expect(engine.curveState('w')[2]).toBeCloseTo(Math.tan(0.3), 9);
  });

  it('Engine.measure reads the angle the tangent makes now', () => {
    const d = bezierAndLine();
    const engine = Engine.build(d, { clock: testClock() });
    // From the segment's direction (25, 4) to the Bézier's tangent at u = 0.3, computed here from its points.
    const [p0, p1, p2, p3] = [
      [0, 0],
      [10, -8],
      [20, 6],
      [30, 0],
    ];
    const u = 0.3;
    const t = [0, 1].map(
      (i) =>
        3 * (1 - u) ** 2 * (p1[i] - p0[i]) + 6 * (1 - u) * u * (p2[i] - p1[i]) + 3 * u ** 2 * (p3[i] - p2[i]),
    );
    const expected = Math.atan2(25 * t[1] - 4 * t[0], 25 * t[0] + 4 * t[1]);
    expect(engine.measure(d.constraints[0])).toBeCloseTo(expected, 12);
  });

  it('a point curve or a centre has no direction: the build names the field', () => {
    const d = emptyDrawing();
    d.curves.push(
      { id: 'p', kind: 'point', at: [0, 0] },
      { id: 'c', kind: 'circle', center: [0, 0], radius: 2 },
    );
    d.constraints.push({ id: 'k', kind: 'angle', lines: [], at: { curve: 'p', anchor: 'start' }, angle: 0 });
    expect(() => Engine.build(d, { clock: testClock() })).toThrow(
      /constraints\[0\]\.at: a point has no direction/,
    );
    d.constraints[0] = { id: 'k', kind: 'angle', lines: [], at: { curve: 'c', anchor: 'center' }, angle: 0 };
    expect(() => Engine.build(d, { clock: testClock() })).toThrow(
      /constraints\[0\]\.at: the centre of a circle has no direction/,
    );
  });
});
