import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { drawPull, drawResisting } from './overlay-painter';
import { painterEditor, recordingContext } from './recording-context';
import { THEME } from './theme';

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
  it('rings each constraint holding a drag back, not the slack ones; with Solver Details, labels its force', () => {
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
    const { editor, view, viewOps } = painterEditor(drawing, { center: [0, 0], zoom: 2 }, [200, 100], status);
    const [x, y] = view.toScreen([0, 0]);
    const plain = recordingContext();
    drawResisting(plain.ctx, editor);
    expect(plain.ops.filter((o) => o.op === 'stroke').map((o) => o.style)).toEqual([THEME.resisting]);
    expect(plain.texts).toEqual([]);
    viewOps.solverDetails = true;
    const detailed = recordingContext();
    drawResisting(detailed.ctx, editor);
    expect(detailed.texts).toEqual([{ text: 'force 12.50', at: [x + 11, y - 8], style: THEME.resisting }]);
  });
});
