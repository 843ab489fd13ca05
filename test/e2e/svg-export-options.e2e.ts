// SVG export from the app (issue 28), with the real keyboard and mouse in Chromium: File ▸ Export SVG… (Ctrl+E)
// opens a dialog whose stroke width (0.25 mm by default) does not depend on the zoom the drawing is seen at, and
// which can draw the dimensions and the constraint glyphs too; what was chosen is there again at the next export;
// a stroke width out of range is said in the dialog and nothing is written.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportSvg } from '../../src/document/svg-export';
import { pinnedSegment } from './drawings';
import { e2eDirs, openEditor, shutdown } from './harness';
import { idle, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

const dialog = (page: Page) => page.locator('.export-dialog');
const field = (page: Page, name: string) => page.locator(`.export-dialog [data-field="${name}"]`);

/** The stroke width the SVG's curves are drawn with, mm. */
const curveStroke = (svg: string) => Number(/<g class="curves"[^>]* stroke-width="([^"]+)"/.exec(svg)![1]);

describe('SVG export from the app', () => {
  it('a stroke width of its own whatever the zoom, dimensions and glyphs on request, remembered', async () => {
    const editor = await openEditor({ drawing: pinnedSegment({ length: true }) });
    const { page, session, fileUi } = editor;
    const out = (name: string) => {
      const path = join(e2eDirs().tmp, name);
      rmSync(path, { force: true });
      return path;
    };
    /** Ctrl+E, then Export… in the dialog as it stands, to `path`. */
    const exportTo = async (path: string, set?: () => Promise<void>) => {
      await press(page, 'file:export-svg');
      await expect.poll(() => dialog(page).isVisible()).toBe(true);
      await set?.();
      fileUi.savePaths.push(path);
      await page.locator('.export-dialog [data-action="export"]').click();
      // The focus leaves the dialog with it, so the next key is a shortcut again (it stayed on the hidden Export
      // button until the browser's next rendering, and a Ctrl+E pressed before that was taken as typing).
      expect(
        await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.className ?? 'none'),
      ).toBe('none');
      await expect.poll(() => existsSync(path)).toBe(true);
      return readFileSync(path, 'utf8');
    };
    try {
      // The defaults, at the zoom the drawing opened with and at 1.25³ of it: the same file, 0.25 mm strokes.
      expect(session.drawing.view.zoom).toBe(6);
      const first = await exportTo(out('first.svg'));
      expect(await dialog(page).isVisible()).toBe(false);
      for (let i = 0; i < 3; i++) await press(page, 'view:zoom-in');
      await idle(page);
      expect(session.drawing.view.zoom).toBeCloseTo(6 * 1.25 ** 3, 9);
      const zoomed = await exportTo(out('zoomed.svg'));
      expect(zoomed).toBe(first);
      expect(curveStroke(first)).toBe(0.25);
      expect(first).not.toContain('class="dimensions"');
      expect(first).not.toContain('class="construction"');

      // 0.5 mm, with the dimensions and the glyphs: typed and ticked in the dialog.
      const full = await exportTo(out('full.svg'), async () => {
        expect(await field(page, 'stroke-width').inputValue()).toBe('0.25');
        await field(page, 'stroke-width').fill('0.5');
        await field(page, 'dimensions').check();
        await field(page, 'construction').check();
      });
      expect(full).toBe(
        exportSvg(session.drawing, { strokeWidth: 0.5, includeDimensions: true, includeConstruction: true }),
      );
      expect(curveStroke(full)).toBe(0.5);
      expect(full).toContain('<g class="dimensions">');
      expect(full).toContain('<g class="construction">');

      // Remembered: the next export opens with them.
      await press(page, 'file:export-svg');
      expect(await field(page, 'stroke-width').inputValue()).toBe('0.5');
      expect(await field(page, 'dimensions').isChecked()).toBe(true);
      expect(await field(page, 'construction').isChecked()).toBe(true);

      // A width out of range: said in the dialog, nothing written, the dialog still open; Escape closes it.
      await field(page, 'stroke-width').fill('25');
      await page.keyboard.press('Enter');
      expect(await page.locator('.export-dialog [data-field="problem"]').textContent()).toBe(
        "Stroke width: expected a number from 0.01 to 10 mm, got '25'",
      );
      expect(await dialog(page).isVisible()).toBe(true);
      expect(fileUi.savePaths).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await dialog(page).isVisible()).toBe(false);
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
