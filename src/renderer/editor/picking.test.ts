import { describe, expect, it } from 'vitest';
import { plainDrawing } from '../../shared/trace-records';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { bar } from '../../engine/test-support/drawings';
import { Mirror } from './mirror';
import { pickCurve } from './picking';

/** A mirror holding `d`, as the first snapshot of a session on it leaves it. */
function mirrorOf(d: Drawing): Mirror {
  const mirror = new Mirror();
  mirror.apply({
    revision: 0,
    drawing: plainDrawing(d),
    status: { dof: 0, maxResidual: 0, frameMs: 0 },
    title: '',
    dirty: false,
    canUndo: false,
    canRedo: false,
  });
  return mirror;
}

describe('pickCurve', () => {
  it('finds the nearest curve point within the tolerance, null elsewhere', () => {
    const d = emptyDrawing();
    d.curves.push(bar('a', [0, 0], [10, 0]), { id: 'c', kind: 'circle', center: [20, 0], radius: 5 });
    const mirror = mirrorOf(d);
    const onBar = pickCurve(mirror, [4, 0.3], 1)!;
    expect(onBar.curve).toBe('a');
    expect(onBar.u).toBeCloseTo(0.4, 9);
    expect(onBar.distance).toBeCloseTo(0.3, 9);
    const onCircle = pickCurve(mirror, [20, -5.5], 1)!;
    expect(onCircle.curve).toBe('c');
    expect(onCircle.u).toBeCloseTo(0.75, 9);
    expect(pickCurve(mirror, [50, 50], 1)).toBeNull();
  });
});

describe('pickCurve on a long spline', () => {
  it('finds any point of a 2,000-knot zigzag, whose wiggles lie between the samples of a short curve', () => {
    const d = emptyDrawing();
    // Knots 1 mm apart along x, alternately 5 mm up and down: 1,999 pieces.
    const points: [number, number][] = Array.from({ length: 2000 }, (_, i) => [i, i % 2 === 0 ? 0 : 5]);
    d.curves.push({ id: 's', kind: 'spline', points, closed: false });
    const mirror = mirrorOf(d);
    for (const knot of [1, 733, 1001, 1777]) {
      const hit = pickCurve(mirror, [knot, 5.2], 0.5);
      expect(hit?.curve).toBe('s');
      // The knot is on the curve (it interpolates its knots) at u = knot / pieces.
      expect(hit!.u).toBeCloseTo(knot / 1999, 6);
      expect(hit!.distance).toBeCloseTo(0.2, 6);
    }
  });
});
