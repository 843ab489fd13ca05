import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { CURVE_STROKE } from '../../shared/style';
import { drawCurves, POINT_RADIUS } from './curve-painter';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';

function painted(n: number, fixed: string[] = []) {
  const drawing = emptyDrawing();
  for (let i = 0; i < n; i++) drawing.curves.push({ id: `s${i}`, kind: 'segment', a: [i, 0], b: [i, 10] });
  drawing.curves.push({ id: 'p', kind: 'point', at: [5, 5] });
  const curves = drawing.curves.map(({ id }) => ({ id, fixed: fixed.includes(id) }));
  const status = { dof: 0, maxResidual: 0, frameMs: 0, curves };
  const { editor, view } = painterEditor(drawing, { center: [2, 3], zoom: 4 }, [800, 600], status);
  const { ctx, ops } = recordingContext();
  drawCurves(ctx, editor);
  return { ops, view };
}

describe('drawCurves', () => {
  it('strokes every curve in one path, in screen pixels at the style width, and fills the dots once', () => {
    const { ops, view } = painted(50);
    expect(ops.map((o) => o.op)).toEqual(['stroke', 'fill']);
    const [stroke, fill] = ops;
    expect(stroke.identity).toBe(true); // the width is in pixels, not scaled by the zoom
    expect(stroke.lineWidth).toBe(CURVE_STROKE.width);
    expect(stroke.points).toHaveLength(100); // moveTo + lineTo per segment
    for (let i = 0; i < 50; i++) {
      const [a, b] = [view.toScreen([i, 0]), view.toScreen([i, 10])];
      expect(stroke.points[2 * i][0]).toBeCloseTo(a[0], 12);
      expect(stroke.points[2 * i][1]).toBeCloseTo(a[1], 12);
      expect(stroke.points[2 * i + 1][0]).toBeCloseTo(b[0], 12);
      expect(stroke.points[2 * i + 1][1]).toBeCloseTo(b[1], 12);
    }
    const dot = view.toScreen([5, 5]);
    expect(fill.points).toEqual([[dot[0] + POINT_RADIUS, dot[1]], dot]);
  });

  it('draws the fully constrained curves as a second path in their own colour', () => {
    const { ops, view } = painted(3, ['s1', 'p']);
    expect(ops.map((o) => [o.op, o.style])).toEqual([
      ['stroke', CURVE_STROKE.color],
      ['stroke', THEME.fixedCurve],
      ['fill', THEME.fixedCurve],
    ]);
    expect(ops[0].points).toEqual([
      view.toScreen([0, 0]),
      view.toScreen([0, 10]),
      view.toScreen([2, 0]),
      view.toScreen([2, 10]),
    ]);
    expect(ops[1].points).toEqual([view.toScreen([1, 0]), view.toScreen([1, 10])]);
    const dot = view.toScreen([5, 5]);
    expect(ops[2].points).toEqual([[dot[0] + POINT_RADIUS, dot[1]], dot]);
  });
});
