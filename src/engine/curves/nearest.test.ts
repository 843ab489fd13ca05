import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Curve } from '../../shared/drawing';
import { nearestParameter, refineMinimum, sampledMinima } from './nearest';
import { createCurveModel } from './registry';

describe('nearest point by sampling', () => {
  it('refines a bracket to the minimum of a smooth function', () => {
    const u = refineMinimum((v) => (v - 0.3141592653589793) ** 2, 0.3, 1 / 64, 40);
    expect(u).toBeCloseTo(0.3141592653589793, 12);
  });

  it('lists the sampled local minima nearest first, skipping what is not finite', () => {
    // Minima at 0.25 (depth 1) and 0.75 (depth 0); NaN near the end.
    const dist2 = (u: number) => (u > 0.95 ? NaN : 1 + Math.cos(4 * Math.PI * u) - (u > 0.5 ? 1 : 0));
    expect(sampledMinima(dist2, 40)).toEqual([0.75, 0.25]);
    expect(sampledMinima(() => NaN, 40)).toEqual([]);
    expect(nearestParameter(() => NaN, 40, 10)).toBe(0);
  });

  it('finds a point of a looping Bézier on its own branch, where the other branch passes close by', () => {
    // The curve crosses itself near (5, 5.6): around the crossing the nearest sample can lie on the other branch.
    const curve: Curve = {
      id: 'z',
      kind: 'bezier',
      points: [
        [0, 0],
        [14, 12],
        [-4, 12],
        [10, 0],
      ],
    };
    const model = createCurveModel(curve, emptyDrawing());
    const q = new Float64Array(model.size + 1);
    model.initialState(q, 1);
    const p = new Float64Array(2);
    const back = new Float64Array(2);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (u) => {
        model.position(p, q, 1, u);
        const found = model.closestU(q, 1, p[0], p[1]);
        model.position(back, q, 1, found);
        expect(Math.hypot(back[0] - p[0], back[1] - p[1])).toBeLessThan(1e-6);
      }),
      // u = 0.80452: the nearest of 64 samples lies on the other branch, 0.035 away (one u in 300 is like it).
      { numRuns: 500, examples: [[0.80452]] },
    );
  });
});
