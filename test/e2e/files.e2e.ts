// Files end to end (issue 5): draw with the real mouse, File ▸ Save to a real file on disk (the scripted dialog
// picks the path), the file parses and holds the drawing, File ▸ Open asks about unsaved changes and brings the
// saved drawing back on screen; the window title names the file and carries the unsaved marker while there are
// unsaved changes.

import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CURRENT_VERSION } from '../../src/document/format-schema';
import { loadDrawingFile } from '../../src/document/file-io';
import type { Drawing, Vec2 } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { e2eDirs, openEditor, shutdown } from './harness';
import { click, idle, toPage } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** Draws with a tool: its key, then a click at each point. */
async function draw(page: Page, key: string, points: Vec2[]): Promise<void> {
  await page.keyboard.press(key);
  for (const p of points) await click(page, p);
  await page.keyboard.press('Escape');
  await idle(page);
}

/** Pixels of the curve ink (#1f2933) on the curves layer within 4 px of a drawing point (on the canvas). */
async function inkAt(page: Page, p: Vec2): Promise<number> {
  const [x, y] = await toPage(page, p);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(
    ([x, y]) => {
      const canvas = document.querySelectorAll('#canvas canvas')[1] as HTMLCanvasElement;
      const rect = canvas.getBoundingClientRect();
      const s = canvas.width / rect.width;
      if (x < rect.left + 4 || y < rect.top + 4 || x > rect.right - 4 || y > rect.bottom - 4)
        throw new Error(`(${x}, ${y}) is off the canvas`);
      const data = canvas
        .getContext('2d')!
        .getImageData((x - rect.left - 4) * s, (y - rect.top - 4) * s, 8 * s, 8 * s).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3] > 100 && data[i] < 90 && data[i + 1] < 90 && data[i + 2] < 110) count++;
      return count;
    },
    [x, y] as const,
  );
}

/** What a save must keep: everything but the modification time (a reopened drawing shows its saved view too). */
const content = (d: Drawing) => ({ ...d, meta: { ...d.meta, modified: '' } });

describe('files', () => {
  it('saves a drawing to disk, reopens it, and marks unsaved changes in the title', async () => {
    const dir = join(e2eDirs().tmp, 'files-e2e');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'sketch.curvewright');

    const editor = await openEditor();
    const { page, session, fileUi } = editor;
    try {
      expect(await editor.windowTitle()).toBe('Untitled — Curvewright');
      await draw(page, 'c', [
        [0, 0],
        [20, 0],
      ]);
      await draw(page, 'b', [
        [-30, 30],
        [30, 30],
      ]);
      expect(session.drawing.curves.map((c) => c.kind)).toEqual(['circle', 'bar']);
      expect(await editor.windowTitle()).toBe('Untitled • — Curvewright');
      expect(await page.title()).toBe('Untitled • — Curvewright');

      // File ▸ Save of a drawing never saved asks where (the extension is added), writes it, clears the marker.
      fileUi.savePaths.push(join(dir, 'sketch'));
      await editor.menu('file:save');
      await expect.poll(() => existsSync(file)).toBe(true);
      await expect.poll(() => editor.windowTitle()).toBe('sketch.curvewright — Curvewright');
      // The page's own title follows too (main tells the renderer of the save: session:changed, without a drawing).
      await expect.poll(() => page.title()).toBe('sketch.curvewright — Curvewright');
      expect(session.dirty).toBe(false);
      expect(readdirSync(dir)).toEqual(['sketch.curvewright']); // no temporary file left beside it
      const saved = structuredClone(session.drawing);
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect([json.format, json.version]).toEqual(['curvewright', CURRENT_VERSION]);
      expect(json.curves).toEqual(saved.curves);
      expect(content(await loadDrawingFile(file))).toEqual(content(saved));

      // A change: the marker is back, on the page's title too.
      await draw(page, 'l', [
        [-25, 10],
        [25, 10],
      ]);
      expect(await editor.windowTitle()).toBe('sketch.curvewright • — Curvewright');
      expect(await page.title()).toBe('sketch.curvewright • — Curvewright');
      expect(await inkAt(page, [0, 10])).toBeGreaterThan(3);

      // File ▸ Open with unsaved changes asks first: Cancel keeps everything as it is.
      fileUi.saveChoices.push('cancel');
      await editor.menu('file:open');
      await expect.poll(() => fileUi.saveChoices.length).toBe(0); // asked, and answered Cancel
      await idle(page);
      expect(session.drawing.curves).toHaveLength(3);
      expect(session.dirty).toBe(true);

      // Don't Save, then the saved file: the drawing on disk comes back, on screen too, and it is clean.
      fileUi.saveChoices.push('discard');
      fileUi.openPaths.push(file);
      await editor.menu('file:open');
      await expect.poll(() => session.drawing.curves.length).toBe(2);
      expect(content(session.drawing)).toEqual(content(saved));
      await expect.poll(() => page.title()).toBe('sketch.curvewright — Curvewright');
      expect(await editor.windowTitle()).toBe('sketch.curvewright — Curvewright');
      await idle(page);
      expect(await inkAt(page, [20, 0])).toBeGreaterThan(3); // the circle's rim
      expect(await inkAt(page, [0, 30])).toBeGreaterThan(3); // the bar
      expect(await inkAt(page, [0, 10])).toBe(0); // the segment drawn after the save is gone

      // Change and File ▸ Save again: no question (the file has a path), the file on disk follows.
      await draw(page, 'l', [
        [-25, -10],
        [25, -10],
      ]);
      expect(await editor.windowTitle()).toContain('•');
      await editor.menu('file:save');
      await expect.poll(async () => (await loadDrawingFile(file)).curves.length).toBe(3);
      await expect.poll(() => editor.windowTitle()).toBe('sketch.curvewright — Curvewright');
      await expect.poll(() => page.title()).toBe('sketch.curvewright — Curvewright');
      expect(content(await loadDrawingFile(file))).toEqual(content(session.drawing));
      expect(fileUi.savePaths).toEqual([]);
      expect(fileUi.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
