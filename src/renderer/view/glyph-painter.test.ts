import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../../shared/drawing';
import { SUBPIXEL } from './curve-tracer';
import { drawGap, drawGlyphs } from './glyph-painter';
import { painterEditor, recordingContext } from './recording-context';

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

describe('drawGlyphs: attachment dots', () => {
  /** Point curves at `xs` (mm, on y = 0), each attached to the next; the view 200 × 100 px at `zoom` px per mm. */
  function dots(xs: number[], zoom: number) {
    const drawing = emptyDrawing();
    xs.forEach((x, i) => drawing.curves.push({ id: `p${i}`, kind: 'point', at: [x, 0] }));
    for (let i = 1; i < xs.length; i++)
      drawing.constraints.push({
        id: `j${i}`,
        kind: 'attach',
        a: { curve: `p${i}`, anchor: 'start' },
        b: { curve: `p${i - 1}`, anchor: 'start' },
      });
    const { editor, view } = painterEditor(drawing, { center: [0, 0], zoom }, [200, 100]);
    const { ctx, ops } = recordingContext();
    drawGlyphs(ctx, editor);
    // Each dot is a moveTo and an arc about its centre: the centres are every second point.
    const fill = ops.find((o) => o.op === 'fill');
    return { centres: (fill?.points ?? []).filter((_, i) => i % 2 === 1), view };
  }

  it('fills every dot on screen and none off it', () => {
    // 10 px per mm: x in [-10, 10] mm is on screen; the dots' radius reaches 0.35 mm beyond.
    const { centres, view } = dots([-30, -10.2, -5, 0, 5, 10.3, 10.5, 40], 10);
    expect(centres).toEqual([-10.2, -5, 0, 5, 10.3].map((x) => view.toScreen([x, 0])));
  });

  it('leaves out a dot within SUBPIXEL of the last one filled', () => {
    // 1 px per mm, dots 0.1 px apart: one filled, the next ones within SUBPIXEL of it left out, and so on.
    const xs = Array.from({ length: 40 }, (_, i) => i * 0.1);
    const { centres, view } = dots(xs, 1);
    expect(centres.length).toBeLessThan(xs.length / 2);
    for (let i = 1; i < centres.length; i++)
      expect(centres[i][0] - centres[i - 1][0]).toBeGreaterThan(SUBPIXEL);
    for (const x of xs.slice(1)) {
      const [sx] = view.toScreen([x, 0]);
      expect(Math.min(...centres.map(([cx]) => Math.abs(cx - sx)))).toBeLessThanOrEqual(SUBPIXEL);
    }
  });
});
