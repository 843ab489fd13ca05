import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { drawControls } from './control-painter';
import { painterEditor, recordingContext } from './recording-context';

describe('drawControls', () => {
  it("shows a selected Bézier's control polygon and a selected spline's knots, nothing for other curves", () => {
    const drawing = emptyDrawing();
    drawing.curves.push(
      {
        kind: 'bezier',
        id: 'b',
        points: [
          [0, 0],
          [10, 20],
          [30, 20],
          [40, 0],
        ],
      },
      {
        kind: 'spline',
        id: 's',
        points: [
          [0, 50],
          [20, 60],
          [40, 50],
        ],
        closed: false,
      },
      { kind: 'circle', id: 'c', center: [0, 0], radius: 5 },
    );
    const { editor, view } = painterEditor(drawing, { center: [20, 20], zoom: 2 }, [400, 300]);
    const draw = () => {
      const { ctx, ops } = recordingContext();
      drawControls(ctx, editor);
      return ops;
    };
    expect(draw()).toEqual([]);
    editor.selection.add('c');
    expect(draw()).toEqual([]);

    editor.selection.add('b');
    const bezier = draw();
    // The dashed polygon (p0–p1, p3–p2), then each inner control point's ring (a fill and a stroke).
    expect(bezier[0].op).toBe('stroke');
    expect(bezier[0].points).toEqual([
      view.toScreen([0, 0]),
      view.toScreen([10, 20]),
      view.toScreen([40, 0]),
      view.toScreen([30, 20]),
    ]);
    expect(bezier.slice(1).map((o) => [o.op, o.points[0]])).toEqual([
      ['fill', view.toScreen([10, 20])],
      ['stroke', view.toScreen([10, 20])],
      ['fill', view.toScreen([30, 20])],
      ['stroke', view.toScreen([30, 20])],
    ]);

    editor.selection.clear();
    editor.selection.add('s');
    const knots = draw().filter((o) => o.op === 'fill');
    expect(knots.map((o) => o.points[0])).toEqual([
      view.toScreen([0, 50]),
      view.toScreen([20, 60]),
      view.toScreen([40, 50]),
    ]);
  });
});
