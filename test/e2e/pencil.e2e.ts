// The Pencil (issue 30) with the real mouse in Chromium: a freehand stroke — a level leg, an upright one, then a
// round turn — becomes two segments (H, V) and an arc, attached in order (the arc tangent to the upright leg it
// turns smoothly from), as one edit; the outline then moves as one
// under the mouse, and one Undo takes the stroke back.

import { afterAll, describe, expect, it } from 'vitest';
import type { Curve, Vec2 } from '../../src/shared/drawing';
import { paper } from './drawings';
import { dist } from './geometry';
import { openEditor, shutdown } from './harness';
import { drag, idle, press, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** The stroke: right along y = 0, down along x = 40, then a half turn of radius 10 about (50, 30). */
function stroke(): Vec2[] {
  const out: Vec2[] = [];
  for (let x = 0; x <= 40; x += 1) out.push([x, 0.02 * x]);
  for (let y = 1; y <= 30; y += 1) out.push([40 + 0.01 * y, y]);
  for (let k = 1; k <= 30; k++) {
    const t = Math.PI - (Math.PI * k) / 30;
    out.push([50 + 10 * Math.cos(t), 30 + 10 * Math.sin(t)]);
  }
  return out;
}

describe('the Pencil', () => {
  it('a freehand stroke becomes segments and an arc, attached, as one undoable edit; it drags as one', async () => {
    const editor = await openEditor({ drawing: paper([30, 20], 6) });
    const { page, session } = editor;
    try {
      await press(page, 'tool:pencil');
      const points = stroke();
      const [x, y] = await toPage(page, points[0]);
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (const p of points.slice(1)) {
        const [px, py] = await toPage(page, p);
        await page.mouse.move(px, py);
      }
      await page.mouse.up();
      await idle(page);
      const curves = session.drawing.curves;
      expect(curves.map((c) => c.kind)).toEqual(['segment', 'segment', 'arc']);
      const kinds = session.drawing.constraints.map((k) => k.kind).sort();
      expect(kinds).toEqual(['attach', 'attach', 'horizontal', 'tangent', 'vertical']);
      const arc = curves[2] as Extract<Curve, { kind: 'arc' }>;
      expect(Math.abs(arc.radius - 10)).toBeLessThan(0.5);
      expect(dist(arc.center, [50, 30])).toBeLessThan(0.5);

      // Pulled by the first segment's start, the outline follows: the arc's centre moves with it.
      await press(page, 'tool:select');
      const before = arc.center;
      const first = curves[0] as Extract<Curve, { kind: 'segment' }>;
      await drag(page, first.a, [
        [first.a[0] - 5, first.a[1] - 5],
        [first.a[0] - 10, first.a[1] - 10],
      ]);
      const moved = session.drawing.curves[2] as Extract<Curve, { kind: 'arc' }>;
      expect(dist(moved.center, before)).toBeGreaterThan(1);
      expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);

      await page.keyboard.press('Control+Z');
      await idle(page);
      await page.keyboard.press('Control+Z');
      await idle(page);
      expect(session.drawing.curves).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
