// A mechanism that locks, end to end (issue 6): a non-Grashof crank played into its limit holds there, and the
// editor shows what it is locked against — the constraints list marks the loop's constraints "binding" and their
// glyphs turn red — until Reset.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { doubleRocker, doubleRockerLimit } from '../../src/mechanisms/test-support/double-rocker';
import { GLYPH_STYLE } from '../../src/shared/style';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown } from './harness';

afterAll(async () => {
  await shutdown();
});

/** Pixels of the conflict red on the glyph layer (the third canvas). */
async function redGlyphPixels(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const hex = GLYPH_STYLE.conflictColor;
  const red = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return page.evaluate((rgb) => {
    const canvas = document.querySelectorAll('#canvas canvas')[2] as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (
        data[i + 3] > 200 &&
        Math.abs(data[i] - rgb[0]) < 24 &&
        Math.abs(data[i + 1] - rgb[1]) < 24 &&
        Math.abs(data[i + 2] - rgb[2]) < 24
      )
        count++;
    return count;
  }, red);
}

/** The ids of the rows listed as binding (a row shows a display name; its data-id is the record's). */
const bindingRows = (page: Page) =>
  page
    .locator('ul.constraints li[data-state="binding"]')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id ?? ''));

describe('a mechanism that locks', () => {
  it('holds at its limit while playing and shows the binding constraints in red', async () => {
    const drawing = doubleRocker();
    const ids = drawing.constraints.map((k) => k.id).sort();
    const limit = doubleRockerLimit(); // ~93.6°: coupler and rocker in line
    const editor = await openEditor({ drawing });
    const { page, session } = editor;
    try {
      await page.keyboard.press('f');
      expect(await redGlyphPixels(page)).toBe(0);
      expect(await bindingRows(page)).toEqual([]);

      await page.locator('button[data-action="play"]').click();
      // 16 frames reach the limit; wait well past it.
      await expect
        .poll(() => session.snapshot(false).play?.frame ?? 0, { timeout: 15_000 })
        .toBeGreaterThan(40);
      await expect.poll(async () => (await bindingRows(page)).sort(), { timeout: 5_000 }).toEqual(ids);
      const crank = session.drawing.curves.find((c) => c.id === 'crank') as { angle: number };
      expect(Math.abs(crank.angle - limit)).toBeLessThan(1e-6);
      expect(session.snapshot(false).status.maxResidual).toBeLessThan(1e-9);
      expect(await redGlyphPixels(page)).toBeGreaterThan(20);
      // The status bar says why, in one sentence.
      const degrees = Math.round((limit * 180) / Math.PI);
      await expect
        .poll(() => page.locator('[data-status="lock"]').textContent())
        .toBe(`the crank cannot turn past ${degrees}°: coupler and rocker are in line`);

      // Reset: back to the pose at Play, nothing binds, nothing red, nothing said.
      await page.locator('button[data-action="reset"]').click();
      await expect.poll(() => bindingRows(page)).toEqual([]);
      expect(await page.locator('[data-status="lock"]').isHidden()).toBe(true);
      expect(await redGlyphPixels(page)).toBe(0);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
