// Dropping a file on the window opens it (issue 5), through the same file flow as File ▸ Open: the drawing on disk
// replaces the one shown, the title names it; a broken file is refused with its one-line error (in the same dialog
// as File ▸ Open's) and the drawing shown stays as it was.

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDrawingFile } from '../../src/document/file-io';
import { dropFile as drop } from './drop';
import { ROOT, e2eDirs, openEditor, shutdown } from './harness';

afterAll(async () => {
  await shutdown();
});

describe('dropping a file on the window', () => {
  it('opens a drawing, and refuses a broken one with its error, keeping the drawing shown', async () => {
    // The harness stands in for Electron's webUtils.getPathForFile (renderer-page.ts): a dropped file is
    // <tmp>/dropped/<name>. From there the drop takes the app's own route: the preload API's dropToken hands the
    // path to main for a token, and openDropped redeems it.
    const dir = join(e2eDirs().tmp, 'dropped');
    mkdirSync(dir, { recursive: true });
    copyFileSync(
      join(ROOT, 'resources/examples/crank-rocker.curvewright'),
      join(dir, 'crank-rocker.curvewright'),
    );
    writeFileSync(join(dir, 'broken.curvewright'), '{"format": "curvewright", "version": 1, "curves": [');
    const expected = await loadDrawingFile(join(dir, 'crank-rocker.curvewright'));

    const editor = await openEditor();
    const { page, session } = editor;
    try {
      expect(session.drawing.curves).toHaveLength(0);
      await drop(page, 'crank-rocker.curvewright');
      await expect.poll(() => session.drawing.curves.length).toBe(expected.curves.length);
      expect(session.drawing.curves.map((c) => c.id)).toEqual(expected.curves.map((c) => c.id));
      expect(session.drawing.constraints).toHaveLength(expected.constraints.length);
      await expect.poll(() => page.title()).toContain('crank-rocker');

      await drop(page, 'broken.curvewright');
      // The error goes where File ▸ Open's errors go: a dialog naming the file (recorded by the scripted UI).
      await expect.poll(() => editor.fileUi.errors.length).toBe(1);
      expect(editor.fileUi.errors[0]).toContain('broken.curvewright');
      expect(editor.fileUi.errors[0]).not.toContain('\n');
      expect(session.drawing.curves.map((c) => c.id)).toEqual(expected.curves.map((c) => c.id));
      expect(await page.title()).toContain('crank-rocker');

      // The page itself cannot name a path: the only file function takes a token main issued for a drop.
      await expect(editor.call('openDropped', { token: join(dir, 'broken.curvewright') })).rejects.toThrow(
        'file:open-dropped: payload.token: expected a token main issued for a dropped file',
      );
      expect(editor.fileUi.errors).toHaveLength(1);
      expect(session.drawing.curves.map((c) => c.id)).toEqual(expected.curves.map((c) => c.id));
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
