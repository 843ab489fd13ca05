// The sketcher's constraint tools and drawing aids end to end: the built renderer in real Chromium, the real mouse
// and keyboard, the window API bridged to a real Session in this process. The keys are the action table's.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { spec, type ActionName } from '../../src/shared/actions';
import type { Constraint, Curve } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';
import { click, idle, moveTo } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** Presses an action's first key, as playwright names it ('Shift+L'). */
async function press(page: Page, action: ActionName): Promise<void> {
  await page.keyboard.press(spec(action).shortcuts![0]);
  await idle(page);
}

const row = (page: Page, id: string) => page.locator(`ul.constraints li[data-id="${id}"]`);

describe('constraint tools end to end', () => {
  it('parallel from the selection, H while drawing (marked before the click), a measured distance undone', async () => {
    const editor = await openEditor();
    const { page, session } = editor;
    const constraints = () => session.drawing.constraints;
    try {
      // Two slanted segments (14° and 17°: no auto-constraint).
      await press(page, 'tool:segment');
      await click(page, [0, 0]);
      await click(page, [40, 10]);
      await press(page, 'tool:segment');
      await click(page, [0, 30]);
      await click(page, [40, 42]);
      expect(constraints()).toEqual([]);

      // Select both, press the parallel key: a parallel constraint, listed.
      await press(page, 'tool:select');
      await click(page, [12, 3]);
      await click(page, [12, 33.6], 'Shift');
      await press(page, 'tool:parallel');
      expect(constraints()).toEqual([{ kind: 'parallel', id: 'k1', lines: ['c1', 'c2'] }]);
      await expect.poll(() => row(page, 'k1').locator('.kind').textContent()).toBe('parallel');
      expect(await row(page, 'k1').locator('.targets').textContent()).toBe('— segment 1, segment 2');

      // A nearly horizontal segment: the H marker shows before the click, and it gets H.
      await press(page, 'tool:segment');
      await click(page, [0, 60]);
      await moveTo(page, [40, 61.5]);
      await expect.poll(() => page.evaluate(() => window.__curvewrightDebug!.aid())).toBe('H');
      await click(page, [40, 61.5]);
      const segment = session.drawing.curves.find((c) => c.id === 'c3') as Extract<
        Curve,
        { kind: 'segment' }
      >;
      expect(segment.b[1]).toBe(segment.a[1]);
      expect(constraints()[1]).toEqual({
        kind: 'horizontal',
        id: 'k2',
        a: { curve: 'c3', anchor: 'start' },
        b: { curve: 'c3', anchor: 'end' },
      });
      await expect.poll(() => row(page, 'k2').locator('.kind').textContent()).toBe('horizontal');
      expect(await page.evaluate(() => window.__curvewrightDebug!.aid())).toBeNull();

      // The Distance tool between two ends: the distance as it is; listed with its value; undo removes it.
      const before = structuredClone(session.drawing.curves);
      await press(page, 'tool:distance');
      expect(await page.locator('[data-status="hint"]').textContent()).toBe(
        'Distance: pick a point (an end, a centre, a point of a curve)',
      );
      await click(page, [0, 0]);
      await click(page, [40, 42]);
      const distance = constraints()[2] as Extract<Constraint, { kind: 'distance' }>;
      expect(distance).toMatchObject({
        kind: 'distance',
        id: 'k3',
        a: { curve: 'c1', anchor: 'start' },
        b: { curve: 'c2', anchor: 'end' },
      });
      const [a, b] = [before[0], before[1]] as Extract<Curve, { kind: 'segment' }>[];
      expect(distance.length).toBeCloseTo(Math.hypot(b.b[0] - a.a[0], b.b[1] - a.a[1]), 9);
      expect(session.drawing.curves).toEqual(before); // measured: nothing moved
      // Selected, it shows in the properties panel: its length, and its reference flag (absent: off).
      await expect
        .poll(() => page.locator('.properties input[data-field="length"]').inputValue())
        .toMatch(/^[\d.]+$/);
      expect(await page.locator('.properties input[data-field="reference"]').isChecked()).toBe(false);
      await expect
        .poll(() => row(page, 'k3').locator('.targets').textContent())
        .toMatch(/^— segment 1, segment 2 · [\d.]+ mm$/);
      await page.keyboard.press('Control+Z');
      await idle(page);
      expect(constraints().map((k) => k.id)).toEqual(['k1', 'k2']);
      await expect.poll(() => row(page, 'k3').count()).toBe(0);
    } finally {
      await editor.close();
    }
  });
});
