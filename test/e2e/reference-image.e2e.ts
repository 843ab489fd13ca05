// A reference image to trace over (issue 29), with the real mouse and keyboard in Chromium: File ▸ Place Image…
// puts a PNG of a known grid under the curves; Calibrate Image — two clicks on two of its lines and their distance
// typed — scales it to true size; a segment drawn between the two lines is then that long; the image is saved in the
// drawing and comes back when it is opened again.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gridPng } from '../../src/document/test-support/png';
import type { Curve, ReferenceImage, Vec2 } from '../../src/shared/drawing';
import { DEFAULT_MM_PER_PIXEL } from '../../src/shared/place-image';
import { e2eDirs, openEditor, shutdown } from './harness';
import { click, idle, statusHint } from './mouse';

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
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
