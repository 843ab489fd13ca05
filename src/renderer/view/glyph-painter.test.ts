import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { drawGap, drawPull, drawResisting } from './glyph-painter';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';

describe('drawGap', () => {
  function editorWith(residual: number) {
    const drawing = emptyDrawing();
    drawing.curves.push({ id: 'p', kind: 'point', at: [1, 2] });
    drawing.constraints.push({ id: 'k', kind: 'pin', point: { curve: 'p', anchor: 'start' }, at: [11, 2] });
    const status = {
      dof: 0,
      maxResidual: residual,
      frameMs: 0,
      constraints: [{ id: 'k', residual, tension: 0, redundant: false, conflicting: false }],
    };
    const { editor, view } = painterEditor(drawing, { center: [0, 0], zoom: 3 }, [400, 300], status);
    return { editor, view, pin: drawing.constraints[0] };
  }

  it('joins a violated pin to its target and marks the target', () => {
    const { editor, view, pin } = editorWith(10);
    expect(editor.mirror.constraintState('k')).toBe('violated');
    const { ctx, ops } = recordingContext();
    drawGap(ctx, editor, pin);
    expect(ops.map((o) => o.op)).toEqual(['stroke', 'stroke']);
    expect(ops[0].points).toEqual([view.toScreen([1, 2]), view.toScreen([11, 2])]);
    const [tx, ty] = view.toScreen([11, 2]);
    expect(ops[1].points).toEqual([
      [tx - 4, ty - 4],
      [tx + 4, ty + 4],
      [tx - 4, ty + 4],
      [tx + 4, ty - 4],
    ]);
  });

  it('draws nothing for a pin that holds', () => {
    const { editor, pin } = editorWith(1e-12);
    expect(editor.mirror.constraintState('k')).toBe('ok');
    const { ctx, ops } = recordingContext();
    drawGap(ctx, editor, pin);
    expect(ops).toEqual([]);
  });
});

describe('drawPull', () => {
  it('draws the pull of a drag from where the pulled point is to the cursor', () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ id: 's', kind: 'segment', a: [0, 0], b: [10, 0] });
    const { editor, view } = painterEditor(drawing, { center: [0, 0], zoom: 2 }, [200, 100]);
    const { ctx, ops } = recordingContext();
    drawPull(ctx, editor, { curve: 's', u: 0.25, cursor: [2.5, 8] });
    expect(ops[0].op).toBe('stroke');
    expect(ops[0].points).toEqual([view.toScreen([2.5, 0]), view.toScreen([2.5, 8])]);
    expect(ops[1].points).toEqual([view.toScreen([2.5, 0])]); // the ring on the pulled point
  });
});

describe('drawResisting', () => {
  it('rings and labels with its tension each constraint holding a drag back, not the slack ones', () => {
    const drawing = emptyDrawing();
    drawing.curves.push({ id: 'b', kind: 'bar', center: [5, 0], angle: 0, length: 10 });
    drawing.constraints.push(
      { id: 'pin', kind: 'pin', point: { curve: 'b', anchor: 'start' }, at: [0, 0] },
      { id: 'slack', kind: 'pin', point: { curve: 'b', anchor: 'end' }, at: [10, 0] },
    );
    const constraints = [
      { id: 'pin', residual: 0, tension: 12.5, redundant: false, conflicting: false },
      { id: 'slack', residual: 0, tension: 0.05, redundant: false, conflicting: false },
    ];
    const status = { dof: 0, maxResidual: 0, frameMs: 0, constraints };
    const { editor, view } = painterEditor(drawing, { center: [0, 0], zoom: 2 }, [200, 100], status);
    const { ctx, texts } = recordingContext();
    drawResisting(ctx, editor);
    const [x, y] = view.toScreen([0, 0]);
    expect(texts).toEqual([{ text: 'T 12.50', at: [x + 11, y - 8], style: THEME.resisting }]);
  });
});
