// The settle metric's matrices (shape-drag.ts): M plus κ_turn on turns and κ_shape on changes of shape, per kind.
// Still a metric (SPD), turned with the drawing as M is, a move priced as M prices it, a turn and a change of shape
// (1 + κ) times dearer on their own entries (or, for the segment, along its turn and length modes).
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve } from '../../shared/drawing';
import {
  conjugate,
  dragOf,
  expectClose,
  expectSymmetricPositiveDefinite,
  rigidMap,
} from '../test-support/drag-matrix-checks';
import type { CurveModel } from './curve';
import { createCurveModel } from './registry';
import { SETTLE_SHAPE_WEIGHT, SETTLE_TURN_WEIGHT } from './shape-drag';

/** Each kind with its turn and shape entries (empty for the segment: its modes are not state entries). */
const CASES: [Curve, number[], number[]][] = [
  [{ id: 'c', kind: 'segment', a: [3, -4], b: [60, 20] }, [], []],
  [{ id: 'c', kind: 'circle', center: [5, 6], radius: 12 }, [], [2]],
  [{ id: 'c', kind: 'arc', center: [5, 6], radius: 12, start: 0.4, sweep: 2 }, [3], [2, 4]],
  [{ id: 'c', kind: 'ellipse', center: [5, 6], rx: 30, ry: 10, rotation: -0.3 }, [4], [2, 3]],
];

function settleOf(model: CurveModel, q: Float64Array): Float64Array {
  const S = dragOf(model, q);
  model.addSettleDrag!(S, q, 0, SETTLE_TURN_WEIGHT, SETTLE_SHAPE_WEIGHT);
  return S;
}

/** vᵀ A v for a k × k A. */
function quadratic(A: Float64Array, v: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < v.length; i++)
    for (let j = 0; j < v.length; j++) s += v[i] * A[i * v.length + j] * v[j];
  return s;
}

describe('the settle metric of the segment, circle, arc and ellipse', () => {
  for (const [curve, turns, shapes] of CASES) {
    it(`${curve.kind}: SPD, turned with the drawing, a move at M's price, a turn and a change of shape dearer`, () => {
      const model = createCurveModel(curve, emptyDrawing());
      const k = model.size;
      const q = new Float64Array(k);
      model.initialState(q, 0);
      const M = dragOf(model, q);
      const S = settleOf(model, q);
      expectSymmetricPositiveDefinite(S, k);
      const [T, moved] = rigidMap(curve.kind, q, 0.7, [123.4, -56.7]);
      expectClose(settleOf(model, moved), conjugate(S, T, k), 1e-11);
      // A move: every point of the curve (a segment's both ends, the others' centre) by the same vector.
      const move = Array.from({ length: k }, (_, i) => (curve.kind === 'segment' ? i % 2 : i === 1 ? 1 : 0));
      expect(quadratic(S, move)).toBeCloseTo(quadratic(M, move), 9);
      for (const i of turns) expect(S[i * k + i]).toBeCloseTo((1 + SETTLE_TURN_WEIGHT) * M[i * k + i], 6);
      for (const i of shapes) expect(S[i * k + i]).toBeCloseTo((1 + SETTLE_SHAPE_WEIGHT) * M[i * k + i], 3);
      if (curve.kind === 'segment') {
        // Its length changes along n = (−e, e), its direction along m = (−e⊥, e⊥).
        const [ax, ay, bx, by] = q;
        const length = Math.hypot(bx - ax, by - ay);
        const [ex, ey] = [(bx - ax) / length, (by - ay) / length];
        const n = [-ex, -ey, ex, ey];
        const m = [ey, -ex, -ey, ex];
        expect(quadratic(S, n) / quadratic(M, n)).toBeCloseTo(1 + SETTLE_SHAPE_WEIGHT, 6);
        expect(quadratic(S, m) / quadratic(M, m)).toBeCloseTo(1 + SETTLE_TURN_WEIGHT, 6);
      }
    });
  }
});
