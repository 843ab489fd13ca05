// A reference image to trace over (issue 29), with the real mouse and keyboard in Chromium: File ▸ Place Image…
// puts a PNG of a known grid under the curves; Calibrate Image — two clicks on two of its lines and their distance
// typed — scales it to true size; a segment drawn between the two lines is then that long; the image is saved in the
// drawing, comes back when it is opened again, and is in a PNG exported with the reference images.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gridPng } from '../../src/document/test-support/png';
import type { Curve, ReferenceImage, Vec2 } from '../../src/shared/drawing';
import { DEFAULT_MM_PER_PIXEL } from '../../src/shared/place-image';
import { e2eDirs, openEditor, shutdown } from './harness';
import { click, idle, press, statusHint } from './mouse';
import { readImage } from '../../src/document/test-support/page-readers';

afterAll(async () => {
  await shutdown();
});

/** 400 × 300 pixels, a dark line every 50 (columns and rows 0, 50, …, 350). */
const PNG = gridPng(400, 300, 50);

/** The paper point of the middle of pixel (x, y) of the image as placed. */
function onImage(image: ReferenceImage, x: number, y: number): Vec2 {
  const mm = image.width / image.pixels[0];
  return [
    image.center[0] + (x + 0.5 - image.pixels[0] / 2) * mm,
    image.center[1] + (y + 0.5 - image.pixels[1] / 2) * mm,
  ];
}

describe('reference image', () => {
  it('is placed, calibrated by two clicks and a distance, traced over, saved and opened again', async () => {
    const dir = join(e2eDirs().tmp, 'reference-image');
    mkdirSync(dir, { recursive: true });
    const png = join(dir, 'grid.png');
    writeFileSync(png, PNG);
    const editor = await openEditor();
    const { page, session, fileUi } = editor;
    try {
      fileUi.imagePaths.push(png);
      await editor.menu('file:place-image');
      await expect.poll(() => session.drawing.images?.length ?? 0).toBe(1);
      const placed = session.drawing.images![0];
      expect(placed.width).toBeCloseTo(400 * DEFAULT_MM_PER_PIXEL, 9);
      await expect.poll(() => statusHint(page)).toBe('Placed grid.png: 400 × 300 pixels, 105.833 mm wide');

      // Calibrate: the grid's columns 100 and 300 (200 pixels apart) are to be 100 mm apart.
      const a = onImage(placed, 100, 150);
      const b = onImage(placed, 300, 150);
      await editor.menu('tool:calibrate-image');
      await idle(page);
      await click(page, a, 'Alt');
      await click(page, b, 'Alt');
      const input = page.locator('input[data-field="dimension-value"]');
      await input.waitFor({ state: 'visible', timeout: 5000 });
      await input.fill('100');
      await input.press('Enter');
      await idle(page);
      await expect.poll(() => session.drawing.images![0].width).toBeGreaterThan(150);
      const calibrated = session.drawing.images![0];
      // 200 pixels are 100 mm: the 400-pixel image is 200 mm wide (to the clicks' pixel on screen).
      expect(calibrated.width).toBeCloseTo(200, 0);
      const scale = calibrated.width / placed.width;
      // Scaled about the first point: it stays where it was.
      expect(onImage(calibrated, 100, 150)[0]).toBeCloseTo(a[0], 1);

      // Trace: a segment from column 100 to column 300 of the calibrated image, clicked with the real mouse.
      await page.keyboard.press('Escape');
      await page.keyboard.press('l');
      const from = onImage(calibrated, 100, 100);
      const to = onImage(calibrated, 300, 100);
      await click(page, from, 'Alt');
      await click(page, to, 'Alt');
      await page.keyboard.press('Escape');
      await idle(page);
      const segment = session.drawing.curves.find((c) => c.kind === 'segment') as Extract<
        Curve,
        { kind: 'segment' }
      >;
      expect(segment).toBeDefined();
      expect(Math.hypot(segment.b[0] - segment.a[0], segment.b[1] - segment.a[1])).toBeCloseTo(100, 0);
      expect(scale).toBeGreaterThan(1);

      // Saved in the drawing, and back when it is opened again.
      const file = join(dir, 'traced.curvewright');
      rmSync(file, { force: true });
      fileUi.savePaths.push(file);
      await editor.menu('file:save-as');
      await expect.poll(() => existsSync(file)).toBe(true);
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { images: ReferenceImage[] };
      expect(saved.images.map((i) => [i.name, i.width])).toEqual([['grid.png', calibrated.width]]);
      expect(Buffer.from(saved.images[0].data, 'base64')).toEqual(PNG);
      fileUi.saveChoices.push('discard');
      await editor.menu('file:new');
      await expect.poll(() => session.drawing.images?.length ?? 0).toBe(0);
      fileUi.openPaths.push(file);
      await editor.menu('file:open');
      await expect.poll(() => session.drawing.images?.length ?? 0).toBe(1);
      expect(session.drawing.images![0]).toEqual(calibrated);

      // Exported as PNG with the reference images: the grid's lines are in it, half dark (its opacity, 0.5).
      const out = join(dir, 'traced.png');
      rmSync(out, { force: true });
      fileUi.savePaths.push(out);
      await press(page, 'file:export');
      await page.locator('.export-dialog [data-field="format"]').selectOption('png');
      await page.locator('.export-dialog [data-field="dpi"]').fill('50.8');
      await page.locator('.export-dialog [data-field="images"]').check();
      await page.locator('.export-dialog [data-action="export"]').click();
      await expect.poll(() => existsSync(out)).toBe(true);
      const exported = readImage(out);
      // 2 pixels a mm: the 200 × 150 mm image and the 5 mm margins.
      expect(exported.width).toBeCloseTo(420, -1);
      expect(exported.height).toBeCloseTo(320, -1);
      const halfDark = exported.grey.filter((v) => v > 90 && v < 170).length;
      // Its lines: 8 columns 150 mm long and 6 rows 200 mm long, 2 pixels a mm, a pixel or two wide.
      expect(halfDark).toBeGreaterThan(3000);
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
