// The session's process ends under the user (it ran out of memory): main stays, says so once, starts a new one,
// and the page hands it the drawing as shown, so nothing the user saw is lost; the title says it is unsaved, and
// the user goes on drawing and pulling with the real mouse.
import { afterAll, describe, expect, it } from 'vitest';
import type { SegmentCurve, Vec2 } from '../../src/shared/drawing';
import { openEditor, shutdown } from './harness';
import { click, idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

describe('a session that stops', () => {
  it('is started again with the drawing as the page shows it, and the user goes on', async () => {
    const editor = await openEditor();
    const { page } = editor;
    try {
      await page.keyboard.press('l');
      await click(page, [0, 0]);
      await click(page, [40, 0]);
      await page.keyboard.press('Escape');
      await page.keyboard.press('c');
      await click(page, [60, 20]);
      await click(page, [70, 20]);
      await page.keyboard.press('v');
      await idle(page);
      const before = structuredClone(editor.session.drawing);
      expect(before.curves.map((c) => c.kind)).toEqual(['segment', 'circle']);
      const oldSession = editor.session;

      editor.crashSession();
      await editor.sessionReady();
      await idle(page);
      expect(editor.session).not.toBe(oldSession);
      expect(editor.told).toEqual([
        "The drawing's engine stopped (it ran out of memory) and was started again with your drawing as it was on screen; undo starts afresh.",
      ]);
      // The same drawing, record for record, now in the new session, unsaved.
      expect(editor.session.drawing.curves).toEqual(before.curves);
      expect(editor.session.drawing.constraints).toEqual(before.constraints);
      expect(editor.session.dirty).toBe(true);
      await expect.poll(() => editor.windowTitle()).toContain('•');

      // The page goes on with the new session: a pull on the segment's end moves it there.
      const [x, y] = await toPage(page, [40, 0]);
      await page.mouse.move(x, y);
      await page.mouse.down();
      const [tx, ty] = await toPage(page, [40, 25]);
      await page.mouse.move(tx, ty, { steps: 4 });
      await page.mouse.up();
      await idle(page);
      const segment = editor.session.drawing.curves[0] as SegmentCurve;
      const end: Vec2 = segment.b;
      expect(Math.hypot(end[0] - 40, end[1] - 25)).toBeLessThan(1e-6);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
