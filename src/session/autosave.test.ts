import { describe, expect, it } from 'vitest';
import { emptyDrawing } from '../shared/drawing';
import { Autosave, type RecoveryStore } from './autosave';

function setup() {
  const stored = new Map<string, string>();
  let failing = false;
  const store: RecoveryStore = {
    async write(key, drawing) {
      if (failing) throw new Error('/data/recovery: no space left on device');
      stored.set(key, drawing.meta.title);
    },
    async clear(key) {
      stored.delete(key);
    },
  };
  const source = { drawing: emptyDrawing(), dirty: false };
  const autosave = new Autosave(() => source, store, 'k1', 1000);
  return { stored, source, autosave, fail: () => (failing = true) };
}

describe('autosave', () => {
  it('writes a recovery copy only while there are unsaved changes', async () => {
    const { stored, source, autosave } = setup();
    expect(await autosave.tick()).toBe('cleared');
    expect(stored.size).toBe(0);
    source.dirty = true;
    source.drawing.meta.title = 'work in progress';
    expect(await autosave.tick()).toBe('written');
    expect(stored.get('k1')).toBe('work in progress');
    source.dirty = false;
    expect(await autosave.tick()).toBe('cleared');
    expect(stored.size).toBe(0);
  });

  it('keeps the failure to show it, and never throws', async () => {
    const { source, autosave, fail } = setup();
    source.dirty = true;
    fail();
    expect(await autosave.tick()).toBe('failed');
    expect(autosave.lastError).toBe('/data/recovery: no space left on device');
  });

  it('removes the copy on a clean close', async () => {
    const { stored, source, autosave } = setup();
    source.dirty = true;
    await autosave.tick();
    await autosave.discard();
    expect(stored.size).toBe(0);
  });
});
