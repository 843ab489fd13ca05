// Export from the app (issues 28, 29), with the real keyboard and mouse in Chromium: File ▸ Export… (Ctrl+E) opens
// a dialog whose stroke width (0.25 mm by default) does not depend on the zoom the drawing is seen at, and which
// can draw the dimensions and the constraint glyphs too; what was chosen is there again at the next export; a
// stroke width out of range is said in the dialog and nothing is written. The same dialog writes a PDF on a chosen
// paper and a PNG at a chosen resolution, read back by poppler and Pillow.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportSvg } from '../../src/document/svg-export';
import { pinnedSegment } from './drawings';
import { execFileSync } from 'node:child_process';
import { pngSize } from '../../src/document/png-export';
import { svgPage } from '../../src/document/svg-export';
import {
  longestDarkRunMm,
  pdfPageSize,
  rasterisePdf,
  readImage,
} from '../../src/document/test-support/page-readers';
import { readWithEzdxf } from '../../src/document/test-support/dxf-reading';
import { e2eDirs, openEditor, shutdown, type Editor } from './harness';
import { idle, press } from './mouse';

afterAll(async () => {
  await shutdown();
});

const dialog = (page: Page) => page.locator('.export-dialog');
const field = (page: Page, name: string) => page.locator(`.export-dialog [data-field="${name}"]`);

/** The stroke width the SVG's curves are drawn with, mm. */
const curveStroke = (svg: string) => Number(/<g class="curves"[^>]* stroke-width="([^"]+)"/.exec(svg)![1]);

/** A fresh path in the e2e folder. */
const out = (name: string) => {
  const path = join(e2eDirs().tmp, name);
  rmSync(path, { force: true });
  return path;
};

/** Ctrl+E, then (after `set`) Export… in the dialog, main's save dialog answering `path`; waits for the file. */
async function exported(
  { page, fileUi }: Pick<Editor, 'page' | 'fileUi'>,
  path: string,
  set?: () => Promise<void>,
): Promise<void> {
  await press(page, 'file:export');
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
}

describe('export from the app', () => {
  it('a stroke width of its own whatever the zoom, dimensions and glyphs on request, remembered', async () => {
    const editor = await openEditor({ drawing: pinnedSegment({ length: true }) });
    const { page, session, fileUi } = editor;
    /** Ctrl+E, then Export… in the dialog as it stands, to `path`: the SVG's text. */
    const exportTo = async (path: string, set?: () => Promise<void>) => {
      await exported(editor, path, set);
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
      await press(page, 'file:export');
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

  it('writes a PDF on a chosen paper, a PNG at a chosen resolution and a DXF, each true to size', async () => {
    const editor = await openEditor({ drawing: pinnedSegment({ length: true }) });
    const { page, session, fileUi } = editor;
    try {
      // PDF on A4: only the PDF's own field is offered beside the common ones.
      const pdf = out('sheet.pdf');
      await exported(editor, pdf, async () => {
        await field(page, 'format').selectOption('pdf');
        expect(await field(page, 'page').isVisible()).toBe(true);
        expect(await field(page, 'dpi').isVisible()).toBe(false);
        await field(page, 'page').selectOption('A4');
        await field(page, 'dimensions').check();
      });
      // A4 in points, as pdfinfo names it.
      expect(pdfPageSize(pdf)).toEqual({ width: 595.276, height: 841.89 });
      // The 30 mm segment, at 10 pixels a millimetre, with its 0.25 mm stroke's round caps; its length as text.
      expect(longestDarkRunMm(rasterisePdf(pdf, 254, e2eDirs().tmp), 10)).toBeCloseTo(30.25, 0);
      expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).trim()).toBe('30');

      // PNG at 150 dpi on transparent: its size is the drawing's page at that resolution.
      const png = out('shot.png');
      await exported(editor, png, async () => {
        await field(page, 'format').selectOption('png');
        expect(await field(page, 'page').isVisible()).toBe(false);
        await field(page, 'dpi').fill('150');
        await field(page, 'background').selectOption('transparent');
        await field(page, 'dimensions').uncheck();
      });
      const image = readImage(png);
      const drawn = svgPage(session.drawing);
      expect({ width: image.width, height: image.height }).toEqual(pngSize(drawn.width, drawn.height, 150));
      expect(image.alpha[0]).toBe(0);
      expect(longestDarkRunMm(image, 150 / 25.4)).toBeCloseTo(30.25, 0);

      // DXF: no stroke width (its lines are the geometry); ezdxf audits it and reads the segment back, y up.
      const dxf = out('cut.dxf');
      await exported(editor, dxf, async () => {
        await field(page, 'format').selectOption('dxf');
        expect(await field(page, 'stroke-width').isVisible()).toBe(false);
        expect(await field(page, 'dpi').isVisible()).toBe(false);
      });
      const reading = readWithEzdxf(readFileSync(dxf, 'utf8'));
      expect(reading.audit).toEqual({ errors: [], fixes: [] });
      expect(reading.header.insunits).toBe(4);
      expect(reading.entities.map((e) => [e.type, e.layer, e.start, e.end])).toEqual([
        ['LINE', 'geometry', [0, 0], [30, 0]],
      ]);

      // Remembered: the last format (DXF), and PNG's 150 dpi for when PNG is chosen again. A resolution out of range
      // is said in the dialog and nothing is written.
      await press(page, 'file:export');
      expect(await field(page, 'format').inputValue()).toBe('dxf');
      await field(page, 'format').selectOption('png');
      expect(await field(page, 'dpi').inputValue()).toBe('150');
      await field(page, 'dpi').fill('5000');
      await page.keyboard.press('Enter');
      expect(await page.locator('.export-dialog [data-field="problem"]').textContent()).toBe(
        "Resolution: expected a number from 10 to 2400 dpi, got '5000'",
      );
      expect(fileUi.savePaths).toEqual([]);
      await page.keyboard.press('Escape');
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
