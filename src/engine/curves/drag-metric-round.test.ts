// The drag metric of the segment, arc, circle and ellipse (issue 27): pulled at any point, a free one moves no point
// of itself against the pull, as the Bézier and spline already did (drag-metric.test.ts). Measured on today's L²
// metric: a segment dragged 8.60 mm by one end threw its far end back by 4.30 mm, an arc's end −4.18, an ellipse at
// u = 0.37 −0.95. And the matrices stay metrics, equal to their closed forms and turned with the drawing.
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve, type Vec2 } from '../../shared/drawing';
import { testClock } from '../../shared/test-support/clock';
import { Engine } from '../engine';
import {
  conjugate,
  dragOf,
  expectClose,
  expectSymmetricPositiveDefinite,
  rigidMap,
} from '../test-support/drag-matrix-checks';
import { measureOppositeMotion } from '../test-support/opposite-motion';
import { dragMatrixByQuadrature, ROUND_DRAG_SPREAD, SEGMENT_DRAG_SPREAD2 } from './curve';
import { createCurveModel } from './registry';

const GRABS = [0, 0.25, 0.37, 0.5, 0.7, 1];
/** Directions of the pulls; each case pulls by its own length (below). */
const DIRECTIONS: Vec2[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
  [-Math.SQRT1_2, Math.SQRT1_2],
  [Math.SQRT1_2, Math.SQRT1_2],
];

/**
 * Each case with the lengths it is pulled by: the 8.60 mm for all, 60 mm too where that cannot turn the
 * curve's bulge through its chord. A short arc pulled that far through its chord (r 10, 90°, by 20 mm toward its
 * centre) has no arc to go to on the way (it would pass through a straight line, r = ∞): a frame's Gauss–Newton
 * steps on its frozen metric then jump to a far arc (docs/engine.md, "Drag matrices").
 */
const CASES: [string, Curve, number[]][] = [
  ['segment', { id: 'c', kind: 'segment', a: [0, 0], b: [100, 40] }, [8.6, 60]],
  [
    'arc of r 10, 90°',
    { id: 'c', kind: 'arc', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 },
    [8.6],
  ],
  ['arc of r 60, 20°', { id: 'c', kind: 'arc', center: [0, 0], radius: 60, start: 1, sweep: 0.35 }, [3, 8.6]],
  [
    'arc of r 40, −300°',
    { id: 'c', kind: 'arc', center: [0, 0], radius: 40, start: 2, sweep: -5.2 },
    [8.6, 60],
  ],
  ['circle', { id: 'c', kind: 'circle', center: [0, 0], radius: 40 }, [8.6, 60]],
  ['ellipse 40 × 20', { id: 'c', kind: 'ellipse', center: [0, 0], rx: 40, ry: 20, rotation: 0.3 }, [8.6, 60]],
  ['ellipse 80 × 10', { id: 'c', kind: 'ellipse', center: [5, 5], rx: 80, ry: 10, rotation: -1 }, [8.6, 60]],
];

describe('pulling a free segment, arc, circle or ellipse at one point', () => {
  for (const [name, curve, lengths] of CASES) {
    it(`${name}: no point moves against the pull`, () => {
      for (const u of GRABS) {
        for (const pull of lengths.flatMap((l) => DIRECTIONS.map(([x, y]): Vec2 => [l * x, l * y]))) {
          const m = measureOppositeMotion(structuredClone(curve), u, pull);
          const where = `u ${u}, pull ${pull.join(', ')}`;
          expect(m.miss, where).toBeLessThan(1e-6);
          expect(m.followed, where).toBeCloseTo(1, 6);
          // Rounding only: every point moved with the pull or stayed.
          expect(m.against, where).toBeLessThanOrEqual(1e-9);
        }
      }
    });
  }

  it('a segment dragged 8.60 mm by one end: the far end stays where it is (it went back 4.30 mm)', () => {
    for (const pull of [
      [8.6, 0],
      [0, 8.6],
      [-6, 6],
    ] as Vec2[]) {
      const engine = Engine.build(
        { ...emptyDrawing(), curves: [{ id: 's', kind: 'segment', a: [0, 0], b: [60, 0] }] },
        { clock: testClock() },
      );
      engine.grab('s', 1);
      for (let f = 0; f < 100 && !engine.dragFrame([60 + pull[0], pull[1]], 1000).caughtUp; f++);
      engine.release();
      const end = engine.pointAt('s', 1);
      expect(Math.hypot(end[0] - 60 - pull[0], end[1] - pull[1])).toBeLessThan(1e-6);
      const far = engine.pointAt('s', 0);
      expect(Math.hypot(far[0], far[1])).toBeLessThan(1e-9);
    }
  });
});

describe('the drag matrix of the segment, arc, circle and ellipse', () => {
  for (const [name, curve] of CASES) {
    it(`${name}: SPD, and moving or turning the curve turns M with it`, () => {
      const model = createCurveModel(curve, emptyDrawing());
      const q = new Float64Array(model.size);
      model.initialState(q, 0);
      const M = dragOf(model, q);
      expectSymmetricPositiveDefinite(M, model.size);
      const [T, moved] = rigidMap(curve.kind, q, 0.7, [123.4, -56.7]);
      expectClose(dragOf(model, moved), conjugate(M, T, model.size), 1e-11);
    });
  }

  it("a segment's closed form (L + ℓ₀)/2·I + μI is the quadrature with λ² = 1/6 and J_u exact", () => {
    const model = createCurveModel(CASES[0][1], emptyDrawing());
    const q = Float64Array.from([3, -2, 100, 40]);
    const quadrature = new Float64Array(16);
    dragMatrixByQuadrature(model, quadrature, q, 0, 1, Math.sqrt(SEGMENT_DRAG_SPREAD2), 'exact');
    expectClose(dragOf(model, q), quadrature);
    // The ends decouple: pulled by one, the other feels nothing.
    expect(dragOf(model, q)[2]).toBe(0);
  });

  it("a circle's closed form m·diag(1, 1, 1 + 4π²λ²) + μI is the quadrature with J_u exact", () => {
    const model = createCurveModel({ id: 'c', kind: 'circle', center: [4, 5], radius: 17 }, emptyDrawing());
    const q = Float64Array.from([4, 5, 17]);
    const quadrature = new Float64Array(9);
    dragMatrixByQuadrature(model, quadrature, q, 0, 4, ROUND_DRAG_SPREAD, 'exact');
    expectClose(dragOf(model, q), quadrature, 1e-9);
  });
});
