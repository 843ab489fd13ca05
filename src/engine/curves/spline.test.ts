import { describe, expect, it } from 'vitest';
import type { SplineCurve, Vec2 } from '../../shared/drawing';
import { bandIndex, bandSize } from '../system/band';
import { SplineModel } from './spline';

function spline(count: number, closed: boolean): { model: SplineModel; q: Float64Array } {
  const points: Vec2[] = [];
  for (let i = 0; i < count; i++) points.push([i + 0.3 * Math.sin(5 * i), 2 * Math.cos(0.9 * i)]);
  const curve: SplineCurve = { id: 's', kind: 'spline', points, closed };
  const model = new SplineModel(curve);
  const q = new Float64Array(3 + model.size);
  model.initialState(q, 3);
  return { model, q };
}

describe('SplineModel.dragMatrixBand', () => {
  it('holds the dense drag matrix in its band, every other entry zero, open and closed', () => {
    for (const closed of [false, true])
      for (const count of [2, 3, 4, 5, 9, 24]) {
        const { model, q } = spline(count, closed);
        const k = model.size;
        const dense = new Float64Array(k * k);
        model.dragMatrix(dense, q, 3);
        const { order, bandwidth: p } = model.dragBand;
        expect(p).toBeLessThan(k);
        // The band's width does not grow with the point count: 4 knots per piece.
        if (count >= 9) expect(p).toBeLessThanOrEqual(closed ? 13 : 7);
        const band = new Float64Array(bandSize(k, p));
        model.dragMatrixBand(band, q, 3);
        for (let i = 0; i < k; i++)
          for (let j = 0; j <= i; j++) {
            const expected = dense[order[i] * k + order[j]];
            if (i - j > p) expect(expected).toBe(0);
            else
              expect(Math.abs(band[bandIndex(0, p, i, j)] - expected)).toBeLessThanOrEqual(
                1e-13 * Math.abs(expected),
              );
          }
      }
  });
});
