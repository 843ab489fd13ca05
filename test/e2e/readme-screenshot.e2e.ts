// The README's picture (docs/screenshot.png), made with the real renderer in Chromium at 1280×800: the shipped
// crank-rocker, dimensioned with the real Length tool (its crank and rocker), played for a second so its coupler
// point draws its curve, then fitted. Saved over docs/screenshot.png when asked (UPDATE_SCREENSHOT=1) or missing;
// otherwise beside the other e2e output, so an ordinary run leaves the checkout clean.

import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../../src/document/file-io';
import type { Curve, Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { ROOT, openEditor, shutdown } from './harness';
import { barEnds } from './geometry';
import { click, idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

describe('README screenshot', () => {
  it('a dimensioned crank-rocker with its coupler curve, at 1280×800', async () => {
    const drawing = await loadDrawingFile(join(ROOT, 'resources/examples/crank-rocker.curvewright'));
    const editor = await openEditor({ drawing, width: 1280, height: 800 });
    const { page, session } = editor;
    try {
      await idle(page);
      const bar = (id: string) =>
        session.drawing.curves.find((c) => c.id === id) as Extract<Curve, { kind: 'bar' }>;
      const middle = (id: string): Vec2 => {
        const [a, b] = barEnds(bar(id));
        return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      };
      const dimensions = () => session.drawing.constraints.filter((k) => k.kind === 'length').length;
      for (const id of ['crank', 'rocker']) {
        await page.keyboard.press('Shift+D');
        await click(page, middle(id));
        await page.keyboard.press('Escape');
      }
      expect(dimensions()).toBe(2);

      await page.keyboard.press('k');
      await expect
        .poll(() => session.playStatus().time, { timeout: 30_000, interval: 100 })
        .toBeGreaterThan(1.2);
      await page.keyboard.press('k');
      await idle(page);
      await page.keyboard.press('v');
      await page.keyboard.press('f');
      await idle(page);
      // A click on empty paper (the canvas's top right corner, empty after Fit) leaves nothing selected.
      const canvas = (await page.locator('#canvas').boundingBox())!;
      await page.mouse.click(canvas.x + canvas.width - 12, canvas.y + 12);
      await idle(page);

      // The picture shows the four-bar's analysis: its class in the status bar, its dead centres on the canvas.
      expect(await page.locator('[data-status="four-bar"]').textContent()).toMatch(
        /^Four-bar: crank-rocker;/,
      );
      const marks = await page.evaluate(() => window.__curvewrightDebug!.analysisMarks());
      expect(marks.filter((m) => m.kind === 'dead-centre').length).toBeGreaterThan(0);

      const readme = join(ROOT, 'docs/screenshot.png');
      const path =
        process.env.UPDATE_SCREENSHOT || !existsSync(readme) ? readme : join(ROOT, '.tmp/e2e/screenshot.png');
      mkdirSync(dirname(path), { recursive: true });
      const png = await page.screenshot({ path });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(1280);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
