import { describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { buildModel } from '../build';

/** A spline and a circle (drag matrices that depend on the state) beside a bar (constant drag). */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    {
      id: 'spline',
      kind: 'spline',
      points: [
        [0, 0],
        [2, 1],
        [4, 0],
        [6, 2],
      ],
      closed: false,
    },
    { id: 'circle', kind: 'circle', center: [3, 5], radius: 1.5 },
    { id: 'bar', kind: 'bar', center: [8, 0], angle: 0.3, length: 2 },
  );
  return d;
}

describe('ConstraintSystem.refreshDrag', () => {
  it('recomputes the drag of every curve whose state moved, and keeps the others', () => {
    const moving = buildModel(drawing());
    const sys = moving.system;
    const q = moving.q.slice();
    sys.refreshDrag(q);
    sys.invertDrag();
    const before = sys.W.slice();
    // Stretch the spline (its arc length, so its drag, changes); the circle and the bar stay.
    const spline = sys.blockOff[0];
    q[spline + 6] += 3;
    q[spline + 7] -= 1;
    sys.refreshDrag(q);
    sys.invertDrag();
    // Against a system that never saw the first state.
    const fresh = buildModel(drawing()).system;
    fresh.refreshDrag(q);
    fresh.invertDrag();
    expect(Array.from(sys.W)).toEqual(Array.from(fresh.W));
    const k = sys.blockSize[0];
    const splineW = (W: Float64Array) => Array.from(W.subarray(sys.mOff[0], sys.mOff[0] + k * k));
    expect(splineW(sys.W)).not.toEqual(splineW(before));
    const circleW = (W: Float64Array) => Array.from(W.subarray(sys.mOff[1], sys.mOff[1] + 9));
    expect(circleW(sys.W)).toEqual(circleW(before));
    // The circle's radius changes its drag too.
    q[sys.blockOff[1] + 2] = 4;
    sys.refreshDrag(q);
    sys.invertDrag();
    fresh.refreshDrag(q);
    fresh.invertDrag();
    expect(circleW(sys.W)).not.toEqual(circleW(before));
    expect(Array.from(sys.W)).toEqual(Array.from(fresh.W));
  });
});
