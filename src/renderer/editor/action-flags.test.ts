// The action table's rules applied to a real editor on a real session: what the native menu, the toolbar and the
// context menu are told.
import { describe, expect, it } from 'vitest';
import type { ActionFlags } from '../../shared/actions';
import { emptyDrawing, type Drawing } from '../../shared/drawing';
import { NOTHING_ON } from '../../shared/test-support/action-state';
import { setupEditor } from '../test-support/editor-harness';
import { actionStateOf } from './action-flags';

/** A circle and a point, the point's distance to the circle's centre dimensioned. */
function drawing(): Drawing {
  const d = emptyDrawing();
  d.curves.push(
    { id: 'a', kind: 'circle', center: [0, 0], radius: 5 },
    { id: 'p', kind: 'point', at: [20, 0] },
  );
  d.constraints.push({
    id: 'd',
    kind: 'distance',
    a: { curve: 'a', anchor: 'center' },
    b: { curve: 'p', anchor: 'start' },
    length: 20,
  });
  return d;
}

describe("the editor's state as the action rules read it", () => {
  it('is a fresh drawing’s at first: the grid shown, nothing to undo, select, paste or reset', async () => {
    const { editor } = await setupEditor(drawing());
    expect(actionStateOf(editor)).toEqual({ ...NOTHING_ON, showGrid: true });
  });

  it('follows the selection: a curve, a dimension, a point without a value, two curves', async () => {
    const { editor } = await setupEditor(drawing());
    editor.setSelection(['a']);
    expect(actionStateOf(editor)).toMatchObject({ selected: true, curveSelected: true, valueSelected: true });
    editor.setSelection(['d']);
    expect(actionStateOf(editor)).toMatchObject({
      selected: true,
      curveSelected: false,
      valueSelected: true,
    });
    editor.setSelection(['p']);
    expect(actionStateOf(editor)).toMatchObject({ curveSelected: true, valueSelected: false });
    editor.setSelection(['d', 'a']);
    expect(actionStateOf(editor)).toMatchObject({ curveSelected: true, valueSelected: false });
  });

  it('tells its watchers when the flags change, and only then: Undo after an edit, Paste after a copy', async () => {
    const { editor, user } = await setupEditor(drawing());
    const seen: ActionFlags[] = [];
    editor.actionFlags.watch((flags) => seen.push(flags));
    expect(seen).toHaveLength(1);
    expect(seen[0].enabled['edit:undo']).toBe(false);
    user.move([40, 40]); // the cursor moved: nothing the rules read
    expect(seen).toHaveLength(1);

    editor.setSelection(['a']);
    user.shortcut('CmdOrCtrl+C');
    expect(seen.at(-1)!.enabled['edit:paste']).toBe(true);
    user.shortcut('Shift+G');
    expect(seen.at(-1)!.checked['view:grid-snap']).toBe(true);

    user.shortcut('Delete');
    await editor.client.idle();
    expect(seen.at(-1)!.enabled).toMatchObject({
      'edit:undo': true,
      'edit:redo': false,
      'edit:delete': false,
    });
    user.shortcut('CmdOrCtrl+Z');
    await editor.client.idle();
    expect(seen.at(-1)!.enabled).toMatchObject({ 'edit:undo': false, 'edit:redo': true });
  });
});
