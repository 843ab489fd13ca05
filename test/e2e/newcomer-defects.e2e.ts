// The defects a new user hits in the first hour (issue 28), each with the real mouse and keyboard in Chromium: a
// message that outlives its drawing, a constraint key pressed right after drawing, the inline editor's Reference
// box on a curve, ids where names belong, an angle with two signs, focus left in a Properties field, a narrow
// window, inexact nudges.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pinnedSegment } from './drawings';
import { ROOT, openEditor, shutdown } from './harness';
import { click, editDimension, idle, press, statusHint } from './mouse';

afterAll(async () => {
  await shutdown();
});

const SELECT_HINT =
  'Select: click to select, Shift-click to add, drag on a curve to pull it, drag on paper to box';

describe("a new user's first hour without a stumble", () => {
  it('a refusal belongs to its action and drawing: a click on paper, File ▸ New, an example and Play each clear it', async () => {
    const editor = await openEditor({
      drawing: pinnedSegment({ length: true }),
      examples: [
        { title: 'Crank-rocker four-bar', path: join(ROOT, 'resources/examples/crank-rocker.curvewright') },
      ],
    });
    const { page } = editor;
    /** The status bar shows a message (not the tool's hint) that says `value`. */
    const says = async (value: string) => {
      expect(await page.locator('[data-status="hint"].message').count()).toBe(1);
      expect(await statusHint(page)).toContain(value);
    };
    const refused = () => says('35');
    try {
      await editDimension(page, 'k3', '35');
      await refused();
      // A click on paper.
      await click(page, [15, 30]);
      expect(await statusHint(page)).toBe(SELECT_HINT);
      // File ▸ New.
      await editDimension(page, 'k3', '35');
      await refused();
      await editor.menu('file:new');
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      // An example opened from the start panel (the empty drawing's), over a message of the empty drawing.
      await press(page, 'edit:value');
      expect(await statusHint(page)).toBe('Edit Value: select one dimension or one curve');
      await page.locator('.start-panel button[data-example="0"]').click();
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      // Play, over a refusal in the example.
      await editDimension(page, 'distance1', '500');
      await says('500');
      await page.locator('button[data-action="play"]').click();
      await expect.poll(() => statusHint(page)).toBe(SELECT_HINT);
      await page.locator('button[data-action="play"]').click();
      await idle(page);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
