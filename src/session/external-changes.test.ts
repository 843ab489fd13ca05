// A file changed on disk by another program is noticed (issue 26, finding 7): a Save asks before writing over it
// (Overwrite / Save As / Cancel), and the window regaining focus offers to reload it while the drawing has no
// unsaved changes. Through the session's real host and main's end of it, over the real disk.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeDrawing } from '../document/serialize';
import { parseDrawingText } from '../document/validate';
import { chain } from '../engine/test-support/drawings';
import { hostScene, type HostScene } from './test-support/host-scene';

const scenes: HostScene[] = [];
afterEach(async () => {
  for (const scene of scenes.splice(0)) await scene.close();
});
async function scene(): Promise<HostScene> {
  const made = await hostScene(chain(3));
  scenes.push(made);
  return made;
}

/** Another program writes a drawing of `n` bars over the file. */
function writtenElsewhere(file: string, n: number): void {
  writeFileSync(file, serializeDrawing(chain(n)));
}
const bars = (file: string) => parseDrawingText(readFileSync(file, 'utf8')).curves.length;
const point = { kind: 'point', id: 'mine', at: [5, 5] };

describe('a file another program changed', () => {
  it('a Save asks first: Cancel writes nothing, Overwrite writes the drawing', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'add', curves: [point] });
    writtenElsewhere(s.file, 5);
    s.ui.overwriteChoices.push('cancel', 'overwrite');
    expect(await s.client.save()).toBe(false);
    expect(s.ui.external).toEqual(['overwrite drawing.curvewright']);
    expect(bars(s.file)).toBe(5);
    expect(s.client.state.dirty).toBe(true);
    expect(await s.client.save()).toBe(true);
    expect(s.saved().curves.map((c) => c.id)).toEqual(['b0', 'b1', 'b2', 'mine']);
    expect(s.client.state.dirty).toBe(false);
    // Written by us: the next save asks nothing.
    await s.call('edit:apply', { type: 'add', curves: [{ ...point, id: 'more' }] });
    expect(await s.client.save()).toBe(true);
    expect(s.ui.external).toHaveLength(2);
  });

  it('a Save offers Save As, which leaves the changed file as it is', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'add', curves: [point] });
    writtenElsewhere(s.file, 5);
    const elsewhere = join(s.file, '..', 'mine.curvewright');
    s.ui.overwriteChoices.push('save-as');
    s.ui.savePaths.push(elsewhere);
    expect(await s.client.save()).toBe(true);
    expect(bars(s.file)).toBe(5);
    expect(bars(elsewhere)).toBe(4);
    expect(s.client.state.path).toBe(elsewhere);
  });

  it("a Save waiting behind our own save does not take that save's text for another program's", async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'add', curves: [point] });
    s.store.holds.push(true);
    const first = s.client.save();
    await s.store.whenHeld();
    const second = s.client.save();
    s.store.release();
    expect([await first, await second]).toEqual([true, true]);
    expect(s.ui.external).toEqual([]);
  });

  it('a file touched but not changed (same bytes, a new time) is not taken for changed', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'add', curves: [point] });
    const later = new Date(Date.now() + 60_000);
    utimesSync(s.file, later, later);
    expect(await s.client.save()).toBe(true);
    expect(s.ui.external).toEqual([]);
  });

  it('regaining focus offers to reload it while nothing is unsaved; Reload takes the file, Keep is not asked again', async () => {
    const s = await scene();
    writtenElsewhere(s.file, 5);
    s.ui.reloadChoices.push('keep');
    expect(await s.client.checkExternal()).toBe(false);
    expect(s.ui.external).toEqual(['reload drawing.curvewright']);
    expect(s.host.session.drawing.curves).toHaveLength(3);
    // Kept: not asked again for that version, and a later Save writes over it without asking.
    expect(await s.client.checkExternal()).toBe(false);
    expect(s.ui.external).toHaveLength(1);
    writtenElsewhere(s.file, 6);
    s.ui.reloadChoices.push('reload');
    expect(await s.client.checkExternal()).toBe(true);
    expect(s.host.session.drawing.curves).toHaveLength(6);
    expect(s.client.state.dirty).toBe(false);
  });

  it('with unsaved changes, regaining focus asks nothing: the next Save does', async () => {
    const s = await scene();
    await s.call('edit:apply', { type: 'add', curves: [point] });
    writtenElsewhere(s.file, 5);
    expect(await s.client.checkExternal()).toBe(false);
    expect(s.ui.external).toEqual([]);
    expect(s.host.session.drawing.curves).toHaveLength(4);
  });
});
