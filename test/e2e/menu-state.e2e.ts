// The native menu shows the editor's state (issue 25): its toggles' check marks and its greyed-out items come from
// the action table's rules (src/shared/actions.ts), applied in the page to the editor and sent to main on
// `menu:state`, which shows them on the items of the menu it built (electron/main/menu-state.ts). The toolbar's
// toggles and Undo/Redo show the same flags.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ActionName } from '../../src/shared/actions';
import { emptyDrawing, type Drawing } from '../../src/shared/drawing';
import type {} from '../../src/renderer/debug-hook';
import { openEditor, shutdown, type Editor } from './harness';
import { click, idle } from './mouse';

afterAll(async () => {
  await shutdown();
});

/** One circle, nothing done to it yet: nothing to undo. */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push({ id: 'a', kind: 'circle', center: [0, 0], radius: 10 });
  d.view = { center: [0, 0], zoom: 5 };
  return d;
}

const enabled = (editor: Editor, action: ActionName) => editor.menuItem(action).then((item) => item.enabled);
const checked = (editor: Editor, action: ActionName) => editor.menuItem(action).then((item) => item.checked);
const button = (page: Page, name: string) => page.locator(`#toolbar button[data-action="${name}"]`);

describe('the native menu', () => {
  it('checks View ▸ Show Grid and Snap to Grid as they are, the toolbar pressing the same buttons', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page } = editor;
    try {
      await idle(page);
      await expect.poll(() => checked(editor, 'view:grid')).toBe(true);
      expect(await checked(editor, 'view:grid-snap')).toBe(false);
      expect(await checked(editor, 'view:instant-centres')).toBe(false);
      expect(await button(page, 'grid').getAttribute('aria-pressed')).toBe('true');

      await editor.menu('view:grid');
      await expect.poll(() => checked(editor, 'view:grid')).toBe(false);
      expect(await button(page, 'grid').getAttribute('aria-pressed')).toBe('false');

      // The toolbar's Snap button: the menu's item is checked with it.
      await button(page, 'grid-snap').click();
      await expect.poll(() => checked(editor, 'view:grid-snap')).toBe(true);
      expect(await button(page, 'grid-snap').getAttribute('aria-pressed')).toBe('true');
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });

  it('enables Undo once there is an edit, Redo once undone, and the selection’s edits while something is selected', async () => {
    const editor = await openEditor({ drawing: drawing() });
    const { page, session } = editor;
    try {
      await idle(page);
      // A fresh drawing: nothing to undo, redo, cut, copy, paste or delete.
      await expect.poll(() => enabled(editor, 'edit:undo')).toBe(false);
      for (const action of ['edit:redo', 'edit:cut', 'edit:copy', 'edit:paste', 'edit:delete'] as const)
        expect(await enabled(editor, action), action).toBe(false);
      expect(await button(page, 'undo').isDisabled()).toBe(true);

      // The circle selected: the clipboard, Delete and Edit Value (its radius) apply; copied, Paste does too.
      await click(page, [10, 0]);
      await expect.poll(() => enabled(editor, 'edit:copy')).toBe(true);
      for (const action of ['edit:cut', 'edit:delete', 'edit:select-none', 'edit:value'] as const)
        expect(await enabled(editor, action), action).toBe(true);
      expect(await enabled(editor, 'edit:paste')).toBe(false);
      await editor.menu('edit:copy');
      await expect.poll(() => enabled(editor, 'edit:paste')).toBe(true);

      // An edit (Edit ▸ Delete): Undo applies, the selection's edits no longer do.
      await editor.menu('edit:delete');
      await idle(page);
      expect(session.drawing.curves).toEqual([]);
      await expect.poll(() => enabled(editor, 'edit:undo')).toBe(true);
      expect(await enabled(editor, 'edit:redo')).toBe(false);
      expect(await enabled(editor, 'edit:delete')).toBe(false);
      expect(await button(page, 'undo').isDisabled()).toBe(false);

      // Undone: the circle is back, Redo applies and Undo no longer does.
      await editor.menu('edit:undo');
      await idle(page);
      expect(session.drawing.curves.map((c) => c.id)).toEqual(['a']);
      await expect.poll(() => enabled(editor, 'edit:redo')).toBe(true);
      expect(await enabled(editor, 'edit:undo')).toBe(false);
      expect(editor.errors).toEqual([]);
    } finally {
      await editor.close();
    }
  });
});
