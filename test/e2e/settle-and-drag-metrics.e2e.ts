// Issue 27 end to end: the built renderer in real Chromium, the real mouse, a real Session. Dragged by one end, a
// free segment's far end does not move back (the L² drag threw it back by half the pull); Concentric applied to an
// arc and a circle pinned 40 mm away moves the arc over, its radius and sweep as they were (the drag metric's settle
// made the arc r = −15.465, sweep 329°).

import { afterAll, describe, expect, it } from 'vitest';
import type { ArcCurve, Drawing, SegmentCurve } from '../../src/shared/drawing';
import { emptyDrawing } from '../../src/shared/drawing';
import { openEditor, shutdown } from './harness';
import { click, drag, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

function drawingOf(parts: Partial<Drawing>): Drawing {
  return { ...emptyDrawing(), ...parts };
}

describe('the drag and settle metrics with the real mouse', () => {
  it('a free segment dragged near one end 8.6 mm along itself: its far end does not move back', async () => {
    const editor = await openEditor({
      drawing: drawingOf({ curves: [{ kind: 'segment', id: 'c1', a: [0, 0], b: [60, 0] }] }),
    });
    const { page, session } = editor;
    try {
      await press(page, 'tool:select');
      // Grabbed on the curve near its end (u ≈ 0.98), not at the end's handle: the drag moves the whole segment.
      await drag(
        page,
        [59, 0],
        [
          [62, 0],
          [65, 0],
          [67.6, 0],
        ],
      );
      const segment = session.drawing.curves.find((c) => c.id === 'c1') as SegmentCurve;
      // The grabbed point followed the cursor.
      expect(segment.b[0]).toBeGreaterThan(66);
      // The far end came along by its share, 1 − u of the pull (about 0.14 mm): with the pull, never back (it went
      // back by about half the pull, −4.3 mm, before).
      expect(segment.a[0]).toBeGreaterThan(0);
      expect(segment.a[0]).toBeLessThan(0.5);
      expect(Math.abs(segment.a[1])).toBeLessThan(1e-6);
    } finally {
      await editor.close();
    }
  });

  it('Concentric on an arc and a circle pinned 40 mm away: the arc moves over, its radius and sweep unchanged', async () => {
    const editor = await openEditor({
      drawing: drawingOf({
        curves: [
          { kind: 'arc', id: 'c1', center: [0, 0], radius: 10, start: 0, sweep: Math.PI / 2 },
          { kind: 'circle', id: 'c2', center: [40, 0], radius: 5 },
        ],
        constraints: [{ kind: 'pin', id: 'k1', point: { curve: 'c2', anchor: 'center' }, at: [40, 0] }],
      }),
    });
    const { page, session } = editor;
    try {
      await press(page, 'tool:concentric');
      await click(page, [10 * Math.SQRT1_2, 10 * Math.SQRT1_2]); // the arc's middle
      await click(page, [45, 0]); // the circle's right
      expect(session.drawing.constraints.map((k) => k.kind)).toEqual(['pin', 'concentric']);
      const arc = session.drawing.curves.find((c) => c.id === 'c1') as ArcCurve;
      expect(Math.hypot(arc.center[0] - 40, arc.center[1])).toBeLessThan(1e-9);
      expect(Math.abs(arc.radius - 10)).toBeLessThan(1e-4);
      expect(Math.abs(arc.sweep - Math.PI / 2)).toBeLessThan(1e-5);
      expect(session.drawing.curves[1]).toMatchObject({ center: [40, 0], radius: 5 });
    } finally {
      await editor.close();
    }
  });
});
