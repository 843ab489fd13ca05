// What the window says about the file is true (issue 26, "Never lose work, part two"): an edit made while a save is
// writing stays unsaved, and a save during a drag writes what the window will show whichever way the drag ends.
// Through the session's real host and main's end of it, over a disk whose saves can be held open.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { saveDrawingFile } from '../document/file-io';
import { parseDrawingText } from '../document/validate';
import { chain } from '../engine/test-support/drawings';
import { asLoaded, hostScene, type HostScene } from './test-support/host-scene';

const scenes: HostScene[] = [];
afterEach(async () => {
  for (const scene of scenes.splice(0)) await scene.close();
});
async function scene(): Promise<HostScene> {
  const made = await hostScene(chain(3));
  scenes.push(made);
  return made;
}

/** The bar b2's length, in the window's drawing and in the file. */
const lengthOf = (drawing: { curves: unknown[] }) => (drawing.curves[2] as { length: number }).length;

describe('an edit made while a save is writing', () => {
  it('stays unsaved: the file lacks it, the title says so, its recovery copy stays, closing asks', async () => {
    const s = await scene();
    s.store.holds.push(true);
    const saving = s.client.save();
    await s.store.whenHeld();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 2 });
    s.store.release();
    expect(await saving).toBe(true);

    expect(lengthOf(s.host.session.drawing)).toBe(2);
    expect(lengthOf(s.saved())).toBe(1);
    expect(s.client.state).toMatchObject({ title: 'drawing.curvewright • — Curvewright', dirty: true });
    await s.host.autosave.tick();
    const copy = s.recoveryCopy();
    expect(copy).not.toBeNull();
    expect(lengthOf(parseDrawingText(readFileSync(copy!, 'utf8')))).toBe(2);
    s.ui.saveChoices.push('cancel');
    expect(await s.client.confirmDiscard()).toBe(false);
    expect(s.ui.asked).toEqual(['drawing.curvewright']);
  });

  it('undone back to what the save wrote, the drawing is saved again', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 3 });
    s.store.holds.push(true);
    const saving = s.client.save();
    await s.store.whenHeld();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 2 });
    s.store.release();
    await saving;
    expect(s.client.state.dirty).toBe(true);
    await s.call('history:undo');
    expect(s.client.state.dirty).toBe(false);
    expect(asLoaded(s.host.session.drawing).curves).toEqual(s.saved().curves);
    expect(lengthOf(s.saved())).toBe(3);
  });

  it('a save that ends after another drawing was opened leaves that drawing as it was', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 2 });
    const other = s.file.replace('drawing.curvewright', 'other.curvewright');
    await saveDrawingFile(other, chain(2));
    s.store.holds.push(true);
    const saving = s.client.save();
    await s.store.whenHeld();
    s.ui.saveChoices.push('discard');
    expect(await s.client.open(other)).toBe(true);
    s.store.release();
    expect(await saving).toBe(true);
    expect(lengthOf(s.saved())).toBe(2);
    expect(s.host.session.path).toBe(other);
    expect(s.client.state).toMatchObject({
      title: 'other.curvewright — Curvewright',
      dirty: false,
      path: other,
    });
  });

  it('two saves asked at once write one after the other, each marking what it wrote', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 2 });
    s.store.holds.push(true, false);
    const first = s.client.save();
    await s.store.whenHeld();
    await s.call('edit:apply', { type: 'set', id: 'b2', field: 'length', value: 3 });
    const second = s.client.save();
    await s.call('session:snapshot');
    // The second waits for the first: it has not taken its text yet.
    expect(s.store.saves).toHaveLength(1);
    s.store.release();
    expect([await first, await second]).toEqual([true, true]);
    expect(lengthOf(s.saved())).toBe(3);
    expect(s.client.state.dirty).toBe(false);
  });
});

describe('Save during a drag', () => {
  const before = chain(3).curves;
  async function dragged(): Promise<HostScene> {
    const s = await scene();
    await s.call('drag:start', { curve: 'b2', u: 1, cursor: [3, 0] });
    await s.call('drag:move', { cursor: [2, 2] });
    expect(s.client.state.dirty).toBe(true); // the window shows a pose no file holds
    expect(await s.client.save()).toBe(true);
    return s;
  }

  it('writes the drawing as it was when the drag began, and says so', async () => {
    const s = await dragged();
    expect(s.saved().curves).toEqual(before);
    expect(s.client.state.dirty).toBe(true);
    expect(s.pushed.at(-1)!.notice).toBe(
      'Saved the drawing as it was before this drag: the drag is not in the file until you save again.',
    );
  });

  it('then Escape: the window shows what the file holds, and says it is saved', async () => {
    const s = await dragged();
    const cancelled = await s.call('drag:cancel');
    expect(cancelled.drawing!.curves).toEqual(before);
    expect(s.saved().curves).toEqual(before);
    expect(s.client.state).toMatchObject({ title: 'drawing.curvewright — Curvewright', dirty: false });
    await s.host.autosave.tick();
    expect(s.recoveryCopy()).toBeNull();
  });

  it('then letting go: the drag is an unsaved change the file lacks', async () => {
    const s = await dragged();
    await s.call('drag:end');
    expect(s.host.session.drawing.curves).not.toEqual(before);
    expect(s.saved().curves).toEqual(before);
    expect(s.client.state.dirty).toBe(true);
    s.ui.saveChoices.push('save');
    expect(await s.client.confirmDiscard()).toBe(true);
    expect(s.saved().curves).toEqual(asLoaded(s.host.session.drawing).curves);
    expect(s.client.state.dirty).toBe(false);
  });
});
